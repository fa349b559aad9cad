module {
  func.func public @main(%arg0: tensor<8000xui8> {cuda2hlo.param = "data"}, %arg1: tensor<256xui32> {cuda2hlo.param = "hist"}) -> (tensor<256xui32> {cuda2hlo.param = "hist"}) {
    %0 = stablehlo.constant dense<0> : tensor<4096xui32>
    %1 = stablehlo.constant dense<0> : tensor<2048xi32>
    %2 = stablehlo.constant dense<0> : tensor<2048xi32>
    %3 = stablehlo.constant dense<0> : tensor<2048xi32>
    %4 = stablehlo.iota dim = 0 : tensor<2048xi32>
    %5 = stablehlo.constant dense<128> : tensor<2048xi32>
    %6 = stablehlo.remainder %4, %5 : tensor<2048xi32>
    %7 = stablehlo.constant dense<128> : tensor<2048xi32>
    %8 = stablehlo.divide %4, %7 : tensor<2048xi32>
    %9 = stablehlo.constant dense<128> : tensor<2048xi32>
    %10 = stablehlo.remainder %6, %9 : tensor<2048xi32>
    %11 = stablehlo.constant dense<128> : tensor<2048xi32>
    %12 = stablehlo.divide %6, %11 : tensor<2048xi32>
    %13 = stablehlo.constant dense<1> : tensor<2048xi32>
    %14 = stablehlo.remainder %12, %13 : tensor<2048xi32>
    %15 = stablehlo.constant dense<128> : tensor<2048xi32>
    %16 = stablehlo.divide %6, %15 : tensor<2048xi32>
    %17 = stablehlo.constant dense<16> : tensor<2048xi32>
    %18 = stablehlo.remainder %8, %17 : tensor<2048xi32>
    %19 = stablehlo.constant dense<16> : tensor<2048xi32>
    %20 = stablehlo.divide %8, %19 : tensor<2048xi32>
    %21 = stablehlo.constant dense<1> : tensor<2048xi32>
    %22 = stablehlo.remainder %20, %21 : tensor<2048xi32>
    %23 = stablehlo.constant dense<16> : tensor<2048xi32>
    %24 = stablehlo.divide %8, %23 : tensor<2048xi32>
    %25 = stablehlo.constant dense<true> : tensor<2048xi1>
    %26 = stablehlo.constant dense<false> : tensor<2048xi1>
    %27 = stablehlo.convert %10 : (tensor<2048xi32>) -> tensor<2048xui32>
    %28 = stablehlo.convert %27 : (tensor<2048xui32>) -> tensor<2048xi32>
    %29 = stablehlo.constant dense<256> : tensor<2048xi32>
    %30 = stablehlo.compare LT, %28, %29, SIGNED : (tensor<2048xi32>, tensor<2048xi32>) -> tensor<2048xi1>
    %31 = stablehlo.and %25, %30 : tensor<2048xi1>
    %32:8 = "stablehlo.while"(%28, %2, %3, %arg0, %arg1, %0, %26, %31) ({
    ^bb0(%33: tensor<2048xi32>, %34: tensor<2048xi32>, %35: tensor<2048xi32>, %36: tensor<8000xui8>, %37: tensor<256xui32>, %38: tensor<4096xui32>, %39: tensor<2048xi1>, %40: tensor<2048xi1>):
      %41 = stablehlo.constant dense<false> : tensor<i1>
      %42 = "stablehlo.reduce"(%40, %41) ({
      ^bb0(%43: tensor<i1>, %44: tensor<i1>):
        %45 = stablehlo.or %43, %44 : tensor<i1>
        stablehlo.return %45 : tensor<i1>
      }) {dimensions = array<i64: 0>} : (tensor<2048xi1>, tensor<i1>) -> tensor<i1>
      stablehlo.return %42 : tensor<i1>
    }, {
    ^bb0(%46: tensor<2048xi32>, %47: tensor<2048xi32>, %48: tensor<2048xi32>, %49: tensor<8000xui8>, %50: tensor<256xui32>, %51: tensor<4096xui32>, %52: tensor<2048xi1>, %53: tensor<2048xi1>):
      %54 = stablehlo.constant dense<false> : tensor<2048xi1>
      %55 = stablehlo.constant dense<256> : tensor<2048xi32>
      %56 = stablehlo.multiply %8, %55 : tensor<2048xi32>
      %57 = stablehlo.add %56, %46 : tensor<2048xi32>
      %58 = stablehlo.constant dense<0> : tensor<2048xui32>
      %59 = stablehlo.constant dense<[0]> : tensor<1xui32>
      %60 = stablehlo.concatenate %51, %59, dim = 0 : (tensor<4096xui32>, tensor<1xui32>) -> tensor<4097xui32>
      %61 = stablehlo.constant dense<4096> : tensor<2048xi32>
      %62 = stablehlo.select %53, %57, %61 : tensor<2048xi1>, tensor<2048xi32>
      %63 = stablehlo.reshape %62 : (tensor<2048xi32>) -> tensor<2048x1xi32>
      %64 = "stablehlo.scatter"(%60, %63, %58) ({
      ^bb0(%65: tensor<ui32>, %66: tensor<ui32>):
        stablehlo.return %66 : tensor<ui32>
      }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<4097xui32>, tensor<2048x1xi32>, tensor<2048xui32>) -> tensor<4097xui32>
      %67 = stablehlo.slice %64 [0:4096] : (tensor<4097xui32>) -> tensor<4096xui32>
      %68 = stablehlo.or %53, %54 : tensor<2048xi1>
      %69 = stablehlo.constant dense<128> : tensor<2048xi32>
      %70 = stablehlo.convert %69 : (tensor<2048xi32>) -> tensor<2048xui32>
      %71 = stablehlo.convert %46 : (tensor<2048xi32>) -> tensor<2048xui32>
      %72 = stablehlo.add %71, %70 : tensor<2048xui32>
      %73 = stablehlo.convert %72 : (tensor<2048xui32>) -> tensor<2048xi32>
      %74 = stablehlo.select %68, %73, %46 : tensor<2048xi1>, tensor<2048xi32>
      %75 = stablehlo.constant dense<256> : tensor<2048xi32>
      %76 = stablehlo.compare LT, %74, %75, SIGNED : (tensor<2048xi32>, tensor<2048xi32>) -> tensor<2048xi1>
      %77 = stablehlo.and %68, %76 : tensor<2048xi1>
      stablehlo.return %74, %47, %48, %49, %50, %67, %52, %77 : tensor<2048xi32>, tensor<2048xi32>, tensor<2048xi32>, tensor<8000xui8>, tensor<256xui32>, tensor<4096xui32>, tensor<2048xi1>, tensor<2048xi1>
    }) : (tensor<2048xi32>, tensor<2048xi32>, tensor<2048xi32>, tensor<8000xui8>, tensor<256xui32>, tensor<4096xui32>, tensor<2048xi1>, tensor<2048xi1>) -> (tensor<2048xi32>, tensor<2048xi32>, tensor<2048xi32>, tensor<8000xui8>, tensor<256xui32>, tensor<4096xui32>, tensor<2048xi1>, tensor<2048xi1>)
    %78 = stablehlo.not %32#6 : tensor<2048xi1>
    %79 = stablehlo.and %25, %78 : tensor<2048xi1>
    %80 = stablehlo.convert %18 : (tensor<2048xi32>) -> tensor<2048xui32>
    %81 = stablehlo.constant dense<128> : tensor<2048xi32>
    %82 = stablehlo.convert %81 : (tensor<2048xi32>) -> tensor<2048xui32>
    %83 = stablehlo.multiply %80, %82 : tensor<2048xui32>
    %84 = stablehlo.convert %10 : (tensor<2048xi32>) -> tensor<2048xui32>
    %85 = stablehlo.add %83, %84 : tensor<2048xui32>
    %86 = stablehlo.convert %85 : (tensor<2048xui32>) -> tensor<2048xi32>
    %87 = stablehlo.select %79, %86, %32#1 : tensor<2048xi1>, tensor<2048xi32>
    %88 = stablehlo.constant dense<8000> : tensor<2048xi32>
    %89 = stablehlo.compare LT, %87, %88, SIGNED : (tensor<2048xi32>, tensor<2048xi32>) -> tensor<2048xi1>
    %90 = stablehlo.and %79, %89 : tensor<2048xi1>
    %91:8 = "stablehlo.while"(%32#0, %87, %32#2, %32#3, %32#4, %32#5, %32#6, %90) ({
    ^bb0(%92: tensor<2048xi32>, %93: tensor<2048xi32>, %94: tensor<2048xi32>, %95: tensor<8000xui8>, %96: tensor<256xui32>, %97: tensor<4096xui32>, %98: tensor<2048xi1>, %99: tensor<2048xi1>):
      %100 = stablehlo.constant dense<false> : tensor<i1>
      %101 = "stablehlo.reduce"(%99, %100) ({
      ^bb0(%102: tensor<i1>, %103: tensor<i1>):
        %104 = stablehlo.or %102, %103 : tensor<i1>
        stablehlo.return %104 : tensor<i1>
      }) {dimensions = array<i64: 0>} : (tensor<2048xi1>, tensor<i1>) -> tensor<i1>
      stablehlo.return %101 : tensor<i1>
    }, {
    ^bb0(%105: tensor<2048xi32>, %106: tensor<2048xi32>, %107: tensor<2048xi32>, %108: tensor<8000xui8>, %109: tensor<256xui32>, %110: tensor<4096xui32>, %111: tensor<2048xi1>, %112: tensor<2048xi1>):
      %113 = stablehlo.constant dense<false> : tensor<2048xi1>
      %114 = stablehlo.reshape %106 : (tensor<2048xi32>) -> tensor<2048x1xi32>
      %115 = "stablehlo.gather"(%108, %114) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>, indices_are_sorted = false} : (tensor<8000xui8>, tensor<2048x1xi32>) -> tensor<2048xui8>
      %116 = stablehlo.convert %115 : (tensor<2048xui8>) -> tensor<2048xi32>
      %117 = stablehlo.constant dense<256> : tensor<2048xi32>
      %118 = stablehlo.multiply %8, %117 : tensor<2048xi32>
      %119 = stablehlo.add %118, %116 : tensor<2048xi32>
      %120 = stablehlo.constant dense<1> : tensor<2048xui32>
      %121 = stablehlo.reshape %119 : (tensor<2048xi32>) -> tensor<2048x1xi32>
      %122 = "stablehlo.gather"(%110, %121) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>, indices_are_sorted = false} : (tensor<4096xui32>, tensor<2048x1xi32>) -> tensor<2048xui32>
      %123 = stablehlo.constant dense<[0]> : tensor<1xui32>
      %124 = stablehlo.concatenate %110, %123, dim = 0 : (tensor<4096xui32>, tensor<1xui32>) -> tensor<4097xui32>
      %125 = stablehlo.constant dense<4096> : tensor<2048xi32>
      %126 = stablehlo.select %112, %119, %125 : tensor<2048xi1>, tensor<2048xi32>
      %127 = stablehlo.reshape %126 : (tensor<2048xi32>) -> tensor<2048x1xi32>
      %128 = "stablehlo.scatter"(%124, %127, %120) ({
      ^bb0(%129: tensor<ui32>, %130: tensor<ui32>):
        %131 = stablehlo.add %129, %130 : tensor<ui32>
        stablehlo.return %131 : tensor<ui32>
      }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<4097xui32>, tensor<2048x1xi32>, tensor<2048xui32>) -> tensor<4097xui32>
      %132 = stablehlo.slice %128 [0:4096] : (tensor<4097xui32>) -> tensor<4096xui32>
      %133 = stablehlo.or %112, %113 : tensor<2048xi1>
      %134 = stablehlo.constant dense<128> : tensor<2048xi32>
      %135 = stablehlo.convert %134 : (tensor<2048xi32>) -> tensor<2048xui32>
      %136 = stablehlo.constant dense<16> : tensor<2048xi32>
      %137 = stablehlo.convert %136 : (tensor<2048xi32>) -> tensor<2048xui32>
      %138 = stablehlo.multiply %135, %137 : tensor<2048xui32>
      %139 = stablehlo.convert %106 : (tensor<2048xi32>) -> tensor<2048xui32>
      %140 = stablehlo.add %139, %138 : tensor<2048xui32>
      %141 = stablehlo.convert %140 : (tensor<2048xui32>) -> tensor<2048xi32>
      %142 = stablehlo.select %133, %141, %106 : tensor<2048xi1>, tensor<2048xi32>
      %143 = stablehlo.constant dense<8000> : tensor<2048xi32>
      %144 = stablehlo.compare LT, %142, %143, SIGNED : (tensor<2048xi32>, tensor<2048xi32>) -> tensor<2048xi1>
      %145 = stablehlo.and %133, %144 : tensor<2048xi1>
      stablehlo.return %105, %142, %107, %108, %109, %132, %111, %145 : tensor<2048xi32>, tensor<2048xi32>, tensor<2048xi32>, tensor<8000xui8>, tensor<256xui32>, tensor<4096xui32>, tensor<2048xi1>, tensor<2048xi1>
    }) : (tensor<2048xi32>, tensor<2048xi32>, tensor<2048xi32>, tensor<8000xui8>, tensor<256xui32>, tensor<4096xui32>, tensor<2048xi1>, tensor<2048xi1>) -> (tensor<2048xi32>, tensor<2048xi32>, tensor<2048xi32>, tensor<8000xui8>, tensor<256xui32>, tensor<4096xui32>, tensor<2048xi1>, tensor<2048xi1>)
    %146 = stablehlo.not %91#6 : tensor<2048xi1>
    %147 = stablehlo.and %79, %146 : tensor<2048xi1>
    %148 = stablehlo.convert %10 : (tensor<2048xi32>) -> tensor<2048xui32>
    %149 = stablehlo.convert %148 : (tensor<2048xui32>) -> tensor<2048xi32>
    %150 = stablehlo.select %147, %149, %91#2 : tensor<2048xi1>, tensor<2048xi32>
    %151 = stablehlo.constant dense<256> : tensor<2048xi32>
    %152 = stablehlo.compare LT, %150, %151, SIGNED : (tensor<2048xi32>, tensor<2048xi32>) -> tensor<2048xi1>
    %153 = stablehlo.and %147, %152 : tensor<2048xi1>
    %154:8 = "stablehlo.while"(%91#0, %91#1, %150, %91#3, %91#4, %91#5, %91#6, %153) ({
    ^bb0(%155: tensor<2048xi32>, %156: tensor<2048xi32>, %157: tensor<2048xi32>, %158: tensor<8000xui8>, %159: tensor<256xui32>, %160: tensor<4096xui32>, %161: tensor<2048xi1>, %162: tensor<2048xi1>):
      %163 = stablehlo.constant dense<false> : tensor<i1>
      %164 = "stablehlo.reduce"(%162, %163) ({
      ^bb0(%165: tensor<i1>, %166: tensor<i1>):
        %167 = stablehlo.or %165, %166 : tensor<i1>
        stablehlo.return %167 : tensor<i1>
      }) {dimensions = array<i64: 0>} : (tensor<2048xi1>, tensor<i1>) -> tensor<i1>
      stablehlo.return %164 : tensor<i1>
    }, {
    ^bb0(%168: tensor<2048xi32>, %169: tensor<2048xi32>, %170: tensor<2048xi32>, %171: tensor<8000xui8>, %172: tensor<256xui32>, %173: tensor<4096xui32>, %174: tensor<2048xi1>, %175: tensor<2048xi1>):
      %176 = stablehlo.constant dense<false> : tensor<2048xi1>
      %177 = stablehlo.constant dense<256> : tensor<2048xi32>
      %178 = stablehlo.multiply %8, %177 : tensor<2048xi32>
      %179 = stablehlo.add %178, %170 : tensor<2048xi32>
      %180 = stablehlo.reshape %179 : (tensor<2048xi32>) -> tensor<2048x1xi32>
      %181 = "stablehlo.gather"(%173, %180) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>, indices_are_sorted = false} : (tensor<4096xui32>, tensor<2048x1xi32>) -> tensor<2048xui32>
      %182 = stablehlo.constant dense<0> : tensor<2048xui32>
      %183 = stablehlo.compare NE, %181, %182, UNSIGNED : (tensor<2048xui32>, tensor<2048xui32>) -> tensor<2048xi1>
      %184 = stablehlo.and %175, %183 : tensor<2048xi1>
      %185 = stablehlo.constant dense<256> : tensor<2048xi32>
      %186 = stablehlo.multiply %8, %185 : tensor<2048xi32>
      %187 = stablehlo.add %186, %170 : tensor<2048xi32>
      %188 = stablehlo.reshape %187 : (tensor<2048xi32>) -> tensor<2048x1xi32>
      %189 = "stablehlo.gather"(%173, %188) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>, indices_are_sorted = false} : (tensor<4096xui32>, tensor<2048x1xi32>) -> tensor<2048xui32>
      %190 = stablehlo.reshape %170 : (tensor<2048xi32>) -> tensor<2048x1xi32>
      %191 = "stablehlo.gather"(%172, %190) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>, indices_are_sorted = false} : (tensor<256xui32>, tensor<2048x1xi32>) -> tensor<2048xui32>
      %192 = stablehlo.constant dense<[0]> : tensor<1xui32>
      %193 = stablehlo.concatenate %172, %192, dim = 0 : (tensor<256xui32>, tensor<1xui32>) -> tensor<257xui32>
      %194 = stablehlo.constant dense<256> : tensor<2048xi32>
      %195 = stablehlo.select %184, %170, %194 : tensor<2048xi1>, tensor<2048xi32>
      %196 = stablehlo.reshape %195 : (tensor<2048xi32>) -> tensor<2048x1xi32>
      %197 = "stablehlo.scatter"(%193, %196, %189) ({
      ^bb0(%198: tensor<ui32>, %199: tensor<ui32>):
        %200 = stablehlo.add %198, %199 : tensor<ui32>
        stablehlo.return %200 : tensor<ui32>
      }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<257xui32>, tensor<2048x1xi32>, tensor<2048xui32>) -> tensor<257xui32>
      %201 = stablehlo.slice %197 [0:256] : (tensor<257xui32>) -> tensor<256xui32>
      %202 = stablehlo.not %183 : tensor<2048xi1>
      %203 = stablehlo.and %175, %202 : tensor<2048xi1>
      %204 = stablehlo.or %184, %203 : tensor<2048xi1>
      %205 = stablehlo.or %204, %176 : tensor<2048xi1>
      %206 = stablehlo.constant dense<128> : tensor<2048xi32>
      %207 = stablehlo.convert %206 : (tensor<2048xi32>) -> tensor<2048xui32>
      %208 = stablehlo.convert %170 : (tensor<2048xi32>) -> tensor<2048xui32>
      %209 = stablehlo.add %208, %207 : tensor<2048xui32>
      %210 = stablehlo.convert %209 : (tensor<2048xui32>) -> tensor<2048xi32>
      %211 = stablehlo.select %205, %210, %170 : tensor<2048xi1>, tensor<2048xi32>
      %212 = stablehlo.constant dense<256> : tensor<2048xi32>
      %213 = stablehlo.compare LT, %211, %212, SIGNED : (tensor<2048xi32>, tensor<2048xi32>) -> tensor<2048xi1>
      %214 = stablehlo.and %205, %213 : tensor<2048xi1>
      stablehlo.return %168, %169, %211, %171, %201, %173, %174, %214 : tensor<2048xi32>, tensor<2048xi32>, tensor<2048xi32>, tensor<8000xui8>, tensor<256xui32>, tensor<4096xui32>, tensor<2048xi1>, tensor<2048xi1>
    }) : (tensor<2048xi32>, tensor<2048xi32>, tensor<2048xi32>, tensor<8000xui8>, tensor<256xui32>, tensor<4096xui32>, tensor<2048xi1>, tensor<2048xi1>) -> (tensor<2048xi32>, tensor<2048xi32>, tensor<2048xi32>, tensor<8000xui8>, tensor<256xui32>, tensor<4096xui32>, tensor<2048xi1>, tensor<2048xi1>)
    %215 = stablehlo.not %154#6 : tensor<2048xi1>
    %216 = stablehlo.and %147, %215 : tensor<2048xi1>
    func.return %154#4 : tensor<256xui32>
  }
}
