module {
  func.func public @main(%arg0: tensor<500xf32> {cuda2hlo.param = "pred"}, %arg1: tensor<500xf32> {cuda2hlo.param = "target"}, %arg2: tensor<500xf32> {cuda2hlo.param = "loss"}, %arg3: tensor<500xf32> {cuda2hlo.param = "grad"}) -> (tensor<500xf32> {cuda2hlo.param = "loss"}, tensor<500xf32> {cuda2hlo.param = "grad"}) {
    %0 = stablehlo.constant dense<0> : tensor<512xi32>
    %1 = stablehlo.constant dense<0.0e+00> : tensor<512xf32>
    %2 = stablehlo.constant dense<0.0e+00> : tensor<512xf32>
    %3 = stablehlo.constant dense<0.0e+00> : tensor<512xf32>
    %4 = stablehlo.constant dense<0.0e+00> : tensor<512xf32>
    %5 = stablehlo.constant dense<0.0e+00> : tensor<512xf32>
    %6 = stablehlo.constant dense<0.0e+00> : tensor<512xf32>
    %7 = stablehlo.constant dense<0.0e+00> : tensor<512xf32>
    %8 = stablehlo.constant dense<0.0e+00> : tensor<512xf32>
    %9 = stablehlo.iota dim = 0 : tensor<512xi32>
    %10 = stablehlo.constant dense<128> : tensor<512xi32>
    %11 = stablehlo.remainder %9, %10 : tensor<512xi32>
    %12 = stablehlo.constant dense<128> : tensor<512xi32>
    %13 = stablehlo.divide %9, %12 : tensor<512xi32>
    %14 = stablehlo.constant dense<128> : tensor<512xi32>
    %15 = stablehlo.remainder %11, %14 : tensor<512xi32>
    %16 = stablehlo.constant dense<128> : tensor<512xi32>
    %17 = stablehlo.divide %11, %16 : tensor<512xi32>
    %18 = stablehlo.constant dense<1> : tensor<512xi32>
    %19 = stablehlo.remainder %17, %18 : tensor<512xi32>
    %20 = stablehlo.constant dense<128> : tensor<512xi32>
    %21 = stablehlo.divide %11, %20 : tensor<512xi32>
    %22 = stablehlo.constant dense<4> : tensor<512xi32>
    %23 = stablehlo.remainder %13, %22 : tensor<512xi32>
    %24 = stablehlo.constant dense<4> : tensor<512xi32>
    %25 = stablehlo.divide %13, %24 : tensor<512xi32>
    %26 = stablehlo.constant dense<1> : tensor<512xi32>
    %27 = stablehlo.remainder %25, %26 : tensor<512xi32>
    %28 = stablehlo.constant dense<4> : tensor<512xi32>
    %29 = stablehlo.divide %13, %28 : tensor<512xi32>
    %30 = stablehlo.constant dense<true> : tensor<512xi1>
    %31 = stablehlo.constant dense<false> : tensor<512xi1>
    %32 = stablehlo.convert %23 : (tensor<512xi32>) -> tensor<512xui32>
    %33 = stablehlo.constant dense<128> : tensor<512xi32>
    %34 = stablehlo.convert %33 : (tensor<512xi32>) -> tensor<512xui32>
    %35 = stablehlo.multiply %32, %34 : tensor<512xui32>
    %36 = stablehlo.convert %15 : (tensor<512xi32>) -> tensor<512xui32>
    %37 = stablehlo.add %35, %36 : tensor<512xui32>
    %38 = stablehlo.convert %37 : (tensor<512xui32>) -> tensor<512xi32>
    %39 = stablehlo.constant dense<500> : tensor<512xi32>
    %40 = stablehlo.compare LT, %38, %39, SIGNED : (tensor<512xi32>, tensor<512xi32>) -> tensor<512xi1>
    %41 = stablehlo.and %30, %40 : tensor<512xi1>
    %42 = stablehlo.reshape %38 : (tensor<512xi32>) -> tensor<512x1xi32>
    %43 = "stablehlo.gather"(%arg0, %42) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>, indices_are_sorted = false} : (tensor<500xf32>, tensor<512x1xi32>) -> tensor<512xf32>
    %44 = stablehlo.reshape %38 : (tensor<512xi32>) -> tensor<512x1xi32>
    %45 = "stablehlo.gather"(%arg1, %44) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>, indices_are_sorted = false} : (tensor<500xf32>, tensor<512x1xi32>) -> tensor<512xf32>
    %46 = stablehlo.subtract %43, %45 : tensor<512xf32>
    %47 = stablehlo.select %41, %46, %1 : tensor<512xi1>, tensor<512xf32>
    %48 = stablehlo.select %41, %47, %3 : tensor<512xi1>, tensor<512xf32>
    %49 = stablehlo.constant dense<1.0e+00> : tensor<512xf32>
    %50 = stablehlo.select %41, %49, %4 : tensor<512xi1>, tensor<512xf32>
    %51 = stablehlo.constant dense<false> : tensor<512xi1>
    %52 = stablehlo.abs %48 : tensor<512xf32>
    %53 = stablehlo.select %41, %52, %5 : tensor<512xi1>, tensor<512xf32>
    %54 = stablehlo.compare LE, %53, %50, FLOAT : (tensor<512xf32>, tensor<512xf32>) -> tensor<512xi1>
    %55 = stablehlo.and %41, %54 : tensor<512xi1>
    %56 = stablehlo.constant dense<5.0e-01> : tensor<512xf32>
    %57 = stablehlo.multiply %56, %48 : tensor<512xf32>
    %58 = stablehlo.multiply %57, %48 : tensor<512xf32>
    %59 = stablehlo.select %55, %58, %2 : tensor<512xi1>, tensor<512xf32>
    %60 = stablehlo.or %51, %55 : tensor<512xi1>
    %61 = stablehlo.constant dense<false> : tensor<512xi1>
    %62 = stablehlo.not %54 : tensor<512xi1>
    %63 = stablehlo.and %41, %62 : tensor<512xi1>
    %64 = stablehlo.or %61, %63 : tensor<512xi1>
    %65 = stablehlo.constant dense<5.0e-01> : tensor<512xf32>
    %66 = stablehlo.multiply %65, %50 : tensor<512xf32>
    %67 = stablehlo.subtract %53, %66 : tensor<512xf32>
    %68 = stablehlo.multiply %50, %67 : tensor<512xf32>
    %69 = stablehlo.select %64, %68, %59 : tensor<512xi1>, tensor<512xf32>
    %70 = stablehlo.or %64, %60 : tensor<512xi1>
    %71 = stablehlo.constant dense<[0.0e+00]> : tensor<1xf32>
    %72 = stablehlo.concatenate %arg2, %71, dim = 0 : (tensor<500xf32>, tensor<1xf32>) -> tensor<501xf32>
    %73 = stablehlo.constant dense<500> : tensor<512xi32>
    %74 = stablehlo.select %70, %38, %73 : tensor<512xi1>, tensor<512xi32>
    %75 = stablehlo.reshape %74 : (tensor<512xi32>) -> tensor<512x1xi32>
    %76 = "stablehlo.scatter"(%72, %75, %69) ({
    ^bb0(%77: tensor<f32>, %78: tensor<f32>):
      stablehlo.return %78 : tensor<f32>
    }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<501xf32>, tensor<512x1xi32>, tensor<512xf32>) -> tensor<501xf32>
    %79 = stablehlo.slice %76 [0:500] : (tensor<501xf32>) -> tensor<500xf32>
    %80 = stablehlo.select %70, %47, %7 : tensor<512xi1>, tensor<512xf32>
    %81 = stablehlo.constant dense<1.0e+00> : tensor<512xf32>
    %82 = stablehlo.select %70, %81, %8 : tensor<512xi1>, tensor<512xf32>
    %83 = stablehlo.constant dense<false> : tensor<512xi1>
    %84 = stablehlo.compare GT, %80, %82, FLOAT : (tensor<512xf32>, tensor<512xf32>) -> tensor<512xi1>
    %85 = stablehlo.and %70, %84 : tensor<512xi1>
    %86 = stablehlo.select %85, %82, %6 : tensor<512xi1>, tensor<512xf32>
    %87 = stablehlo.or %83, %85 : tensor<512xi1>
    %88 = stablehlo.constant dense<false> : tensor<512xi1>
    %89 = stablehlo.not %84 : tensor<512xi1>
    %90 = stablehlo.and %70, %89 : tensor<512xi1>
    %91 = stablehlo.or %88, %90 : tensor<512xi1>
    %92 = stablehlo.negate %82 : tensor<512xf32>
    %93 = stablehlo.compare LT, %80, %92, FLOAT : (tensor<512xf32>, tensor<512xf32>) -> tensor<512xi1>
    %94 = stablehlo.and %91, %93 : tensor<512xi1>
    %95 = stablehlo.negate %82 : tensor<512xf32>
    %96 = stablehlo.select %94, %95, %86 : tensor<512xi1>, tensor<512xf32>
    %97 = stablehlo.or %87, %94 : tensor<512xi1>
    %98 = stablehlo.constant dense<false> : tensor<512xi1>
    %99 = stablehlo.not %93 : tensor<512xi1>
    %100 = stablehlo.and %91, %99 : tensor<512xi1>
    %101 = stablehlo.or %98, %100 : tensor<512xi1>
    %102 = stablehlo.select %101, %80, %96 : tensor<512xi1>, tensor<512xf32>
    %103 = stablehlo.or %101, %97 : tensor<512xi1>
    %104 = stablehlo.constant dense<[0.0e+00]> : tensor<1xf32>
    %105 = stablehlo.concatenate %arg3, %104, dim = 0 : (tensor<500xf32>, tensor<1xf32>) -> tensor<501xf32>
    %106 = stablehlo.constant dense<500> : tensor<512xi32>
    %107 = stablehlo.select %103, %38, %106 : tensor<512xi1>, tensor<512xi32>
    %108 = stablehlo.reshape %107 : (tensor<512xi32>) -> tensor<512x1xi32>
    %109 = "stablehlo.scatter"(%105, %108, %102) ({
    ^bb0(%110: tensor<f32>, %111: tensor<f32>):
      stablehlo.return %111 : tensor<f32>
    }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<501xf32>, tensor<512x1xi32>, tensor<512xf32>) -> tensor<501xf32>
    %112 = stablehlo.slice %109 [0:500] : (tensor<501xf32>) -> tensor<500xf32>
    %113 = stablehlo.not %40 : tensor<512xi1>
    %114 = stablehlo.and %30, %113 : tensor<512xi1>
    %115 = stablehlo.or %103, %114 : tensor<512xi1>
    func.return %79, %112 : tensor<500xf32>, tensor<500xf32>
  }
}
