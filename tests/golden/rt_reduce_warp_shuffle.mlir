module {
  func.func public @main(%arg0: tensor<4000xf32> {cuda2hlo.param = "x"}, %arg1: tensor<128xf32> {cuda2hlo.param = "out"}) -> (tensor<128xf32> {cuda2hlo.param = "out"}) {
    %0 = stablehlo.constant dense<0.0e+00> : tensor<4096xf32>
    %1 = stablehlo.constant dense<0> : tensor<4096xi32>
    %2 = stablehlo.constant dense<0.0e+00> : tensor<4096xf32>
    %3 = stablehlo.constant dense<0> : tensor<4096xi32>
    %4 = stablehlo.constant dense<0.0e+00> : tensor<4096xf32>
    %5 = stablehlo.iota dim = 0 : tensor<4096xi32>
    %6 = stablehlo.constant dense<128> : tensor<4096xi32>
    %7 = stablehlo.remainder %5, %6 : tensor<4096xi32>
    %8 = stablehlo.constant dense<128> : tensor<4096xi32>
    %9 = stablehlo.divide %5, %8 : tensor<4096xi32>
    %10 = stablehlo.constant dense<128> : tensor<4096xi32>
    %11 = stablehlo.remainder %7, %10 : tensor<4096xi32>
    %12 = stablehlo.constant dense<128> : tensor<4096xi32>
    %13 = stablehlo.divide %7, %12 : tensor<4096xi32>
    %14 = stablehlo.constant dense<1> : tensor<4096xi32>
    %15 = stablehlo.remainder %13, %14 : tensor<4096xi32>
    %16 = stablehlo.constant dense<128> : tensor<4096xi32>
    %17 = stablehlo.divide %7, %16 : tensor<4096xi32>
    %18 = stablehlo.constant dense<32> : tensor<4096xi32>
    %19 = stablehlo.remainder %9, %18 : tensor<4096xi32>
    %20 = stablehlo.constant dense<32> : tensor<4096xi32>
    %21 = stablehlo.divide %9, %20 : tensor<4096xi32>
    %22 = stablehlo.constant dense<1> : tensor<4096xi32>
    %23 = stablehlo.remainder %21, %22 : tensor<4096xi32>
    %24 = stablehlo.constant dense<32> : tensor<4096xi32>
    %25 = stablehlo.divide %9, %24 : tensor<4096xi32>
    %26 = stablehlo.constant dense<true> : tensor<4096xi1>
    %27 = stablehlo.constant dense<false> : tensor<4096xi1>
    %28 = stablehlo.convert %19 : (tensor<4096xi32>) -> tensor<4096xui32>
    %29 = stablehlo.constant dense<128> : tensor<4096xi32>
    %30 = stablehlo.convert %29 : (tensor<4096xi32>) -> tensor<4096xui32>
    %31 = stablehlo.multiply %28, %30 : tensor<4096xui32>
    %32 = stablehlo.convert %11 : (tensor<4096xi32>) -> tensor<4096xui32>
    %33 = stablehlo.add %31, %32 : tensor<4096xui32>
    %34 = stablehlo.convert %33 : (tensor<4096xui32>) -> tensor<4096xi32>
    %35 = stablehlo.constant dense<4000> : tensor<4096xi32>
    %36 = stablehlo.compare LT, %34, %35, SIGNED : (tensor<4096xi32>, tensor<4096xi32>) -> tensor<4096xi1>
    %37 = stablehlo.and %26, %36 : tensor<4096xi1>
    %38 = stablehlo.reshape %34 : (tensor<4096xi32>) -> tensor<4096x1xi32>
    %39 = "stablehlo.gather"(%arg0, %38) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>, indices_are_sorted = false} : (tensor<4000xf32>, tensor<4096x1xi32>) -> tensor<4096xf32>
    %40 = stablehlo.not %36 : tensor<4096xi1>
    %41 = stablehlo.and %26, %40 : tensor<4096xi1>
    %42 = stablehlo.constant dense<0.0e+00> : tensor<4096xf32>
    %43 = stablehlo.select %36, %39, %42 : tensor<4096xi1>, tensor<4096xf32>
    %44 = stablehlo.constant dense<32> : tensor<4096xi32>
    %45 = stablehlo.constant dense<2> : tensor<4096xi32>
    %46 = stablehlo.divide %44, %45 : tensor<4096xi32>
    %47 = stablehlo.constant dense<0> : tensor<4096xi32>
    %48 = stablehlo.compare GT, %46, %47, SIGNED : (tensor<4096xi32>, tensor<4096xi32>) -> tensor<4096xi1>
    %49 = stablehlo.and %26, %48 : tensor<4096xi1>
    %50:9 = "stablehlo.while"(%34, %43, %46, %4, %arg0, %arg1, %0, %27, %49) ({
    ^bb0(%51: tensor<4096xi32>, %52: tensor<4096xf32>, %53: tensor<4096xi32>, %54: tensor<4096xf32>, %55: tensor<4000xf32>, %56: tensor<128xf32>, %57: tensor<4096xf32>, %58: tensor<4096xi1>, %59: tensor<4096xi1>):
      %60 = stablehlo.constant dense<false> : tensor<i1>
      %61 = "stablehlo.reduce"(%59, %60) ({
      ^bb0(%62: tensor<i1>, %63: tensor<i1>):
        %64 = stablehlo.or %62, %63 : tensor<i1>
        stablehlo.return %64 : tensor<i1>
      }) {dimensions = array<i64: 0>} : (tensor<4096xi1>, tensor<i1>) -> tensor<i1>
      stablehlo.return %61 : tensor<i1>
    }, {
    ^bb0(%65: tensor<4096xi32>, %66: tensor<4096xf32>, %67: tensor<4096xi32>, %68: tensor<4096xf32>, %69: tensor<4000xf32>, %70: tensor<128xf32>, %71: tensor<4096xf32>, %72: tensor<4096xi1>, %73: tensor<4096xi1>):
      %74 = stablehlo.constant dense<false> : tensor<4096xi1>
      %75 = stablehlo.convert %67 : (tensor<4096xi32>) -> tensor<4096xui32>
      %76 = stablehlo.convert %75 : (tensor<4096xui32>) -> tensor<4096xi32>
      %77 = stablehlo.constant dense<32> : tensor<4096xi32>
      %78 = stablehlo.remainder %7, %77 : tensor<4096xi32>
      %79 = stablehlo.constant dense<32> : tensor<4096xi32>
      %80 = stablehlo.constant dense<32> : tensor<4096xi32>
      %81 = stablehlo.divide %78, %80 : tensor<4096xi32>
      %82 = stablehlo.multiply %81, %79 : tensor<4096xi32>
      %83 = stablehlo.add %78, %76 : tensor<4096xi32>
      %84 = stablehlo.constant dense<32> : tensor<4096xi32>
      %85 = stablehlo.add %82, %84 : tensor<4096xi32>
      %86 = stablehlo.compare LT, %83, %85, SIGNED : (tensor<4096xi32>, tensor<4096xi32>) -> tensor<4096xi1>
      %87 = stablehlo.compare GE, %83, %82, SIGNED : (tensor<4096xi32>, tensor<4096xi32>) -> tensor<4096xi1>
      %88 = stablehlo.and %87, %86 : tensor<4096xi1>
      %89 = stablehlo.subtract %5, %78 : tensor<4096xi32>
      %90 = stablehlo.add %89, %83 : tensor<4096xi32>
      %91 = stablehlo.constant dense<128> : tensor<4096xi32>
      %92 = stablehlo.constant dense<128> : tensor<4096xi32>
      %93 = stablehlo.multiply %9, %92 : tensor<4096xi32>
      %94 = stablehlo.subtract %90, %93 : tensor<4096xi32>
      %95 = stablehlo.compare LT, %94, %91, SIGNED : (tensor<4096xi32>, tensor<4096xi32>) -> tensor<4096xi1>
      %96 = stablehlo.and %88, %95 : tensor<4096xi1>
      %97 = stablehlo.select %96, %90, %5 : tensor<4096xi1>, tensor<4096xi32>
      %98 = stablehlo.reshape %97 : (tensor<4096xi32>) -> tensor<4096x1xi32>
      %99 = "stablehlo.gather"(%66, %98) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>, indices_are_sorted = false} : (tensor<4096xf32>, tensor<4096x1xi32>) -> tensor<4096xf32>
      %100 = stablehlo.add %66, %99 : tensor<4096xf32>
      %101 = stablehlo.select %73, %100, %66 : tensor<4096xi1>, tensor<4096xf32>
      %102 = stablehlo.or %73, %74 : tensor<4096xi1>
      %103 = stablehlo.constant dense<2> : tensor<4096xi32>
      %104 = stablehlo.divide %67, %103 : tensor<4096xi32>
      %105 = stablehlo.select %102, %104, %67 : tensor<4096xi1>, tensor<4096xi32>
      %106 = stablehlo.constant dense<0> : tensor<4096xi32>
      %107 = stablehlo.compare GT, %105, %106, SIGNED : (tensor<4096xi32>, tensor<4096xi32>) -> tensor<4096xi1>
      %108 = stablehlo.and %102, %107 : tensor<4096xi1>
      stablehlo.return %65, %101, %105, %68, %69, %70, %71, %72, %108 : tensor<4096xi32>, tensor<4096xf32>, tensor<4096xi32>, tensor<4096xf32>, tensor<4000xf32>, tensor<128xf32>, tensor<4096xf32>, tensor<4096xi1>, tensor<4096xi1>
    }) : (tensor<4096xi32>, tensor<4096xf32>, tensor<4096xi32>, tensor<4096xf32>, tensor<4000xf32>, tensor<128xf32>, tensor<4096xf32>, tensor<4096xi1>, tensor<4096xi1>) -> (tensor<4096xi32>, tensor<4096xf32>, tensor<4096xi32>, tensor<4096xf32>, tensor<4000xf32>, tensor<128xf32>, tensor<4096xf32>, tensor<4096xi1>, tensor<4096xi1>)
    %109 = stablehlo.not %50#7 : tensor<4096xi1>
    %110 = stablehlo.and %26, %109 : tensor<4096xi1>
    %111 = stablehlo.convert %11 : (tensor<4096xi32>) -> tensor<4096xui32>
    %112 = stablehlo.constant dense<31> : tensor<4096xui32>
    %113 = stablehlo.and %111, %112 : tensor<4096xui32>
    %114 = stablehlo.constant dense<0> : tensor<4096xui32>
    %115 = stablehlo.compare EQ, %113, %114, UNSIGNED : (tensor<4096xui32>, tensor<4096xui32>) -> tensor<4096xi1>
    %116 = stablehlo.and %110, %115 : tensor<4096xi1>
    %117 = stablehlo.constant dense<32> : tensor<4096xi32>
    %118 = stablehlo.divide %50#0, %117 : tensor<4096xi32>
    %119 = stablehlo.constant dense<[0.0e+00]> : tensor<1xf32>
    %120 = stablehlo.concatenate %50#5, %119, dim = 0 : (tensor<128xf32>, tensor<1xf32>) -> tensor<129xf32>
    %121 = stablehlo.constant dense<128> : tensor<4096xi32>
    %122 = stablehlo.select %116, %118, %121 : tensor<4096xi1>, tensor<4096xi32>
    %123 = stablehlo.reshape %122 : (tensor<4096xi32>) -> tensor<4096x1xi32>
    %124 = "stablehlo.scatter"(%120, %123, %50#1) ({
    ^bb0(%125: tensor<f32>, %126: tensor<f32>):
      stablehlo.return %126 : tensor<f32>
    }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<129xf32>, tensor<4096x1xi32>, tensor<4096xf32>) -> tensor<129xf32>
    %127 = stablehlo.slice %124 [0:128] : (tensor<129xf32>) -> tensor<128xf32>
    %128 = stablehlo.not %115 : tensor<4096xi1>
    %129 = stablehlo.and %110, %128 : tensor<4096xi1>
    %130 = stablehlo.or %116, %129 : tensor<4096xi1>
    func.return %127 : tensor<128xf32>
  }
}
