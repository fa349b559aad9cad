module {
  func.func public @main(%arg0: tensor<64xf32> {cuda2hlo.param = "x"}, %arg1: tensor<64xf32> {cuda2hlo.param = "out"}, %arg2: tensor<64xi32> {cuda2hlo.param = "tag"}) -> (tensor<64xf32> {cuda2hlo.param = "out"}, tensor<64xi32> {cuda2hlo.param = "tag"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<64xf32>) -> tensor<2x32xf32>
    %1 = stablehlo.constant dense<2.0e+00> : tensor<2x32xf32>
    %2 = stablehlo.multiply %0, %1 : tensor<2x32xf32>
    %3 = stablehlo.reshape %2 : (tensor<2x32xf32>) -> tensor<64xf32>
    %4 = stablehlo.iota dim = 1 : tensor<1x13xi32>
    %5 = stablehlo.constant dense<5> : tensor<1x13xi32>
    %6 = stablehlo.multiply %4, %5 : tensor<1x13xi32>
    %7 = stablehlo.iota dim = 1 : tensor<1x13xi32>
    %8 = stablehlo.constant dense<5> : tensor<1x13xi32>
    %9 = stablehlo.multiply %7, %8 : tensor<1x13xi32>
    %10 = stablehlo.constant dense<1> : tensor<1x13xi32>
    %11 = stablehlo.add %9, %10 : tensor<1x13xi32>
    %12 = stablehlo.iota dim = 1 : tensor<1x6xi32>
    %13 = stablehlo.constant dense<5> : tensor<1x6xi32>
    %14 = stablehlo.multiply %12, %13 : tensor<1x6xi32>
    %15 = stablehlo.constant dense<2> : tensor<1x6xi32>
    %16 = stablehlo.add %14, %15 : tensor<1x6xi32>
    %17 = stablehlo.concatenate %11, %16, dim = 1 : (tensor<1x13xi32>, tensor<1x6xi32>) -> tensor<1x19xi32>
    %18 = stablehlo.concatenate %6, %17, dim = 1 : (tensor<1x13xi32>, tensor<1x19xi32>) -> tensor<1x32xi32>
    %19 = stablehlo.iota dim = 1 : tensor<1x7xi32>
    %20 = stablehlo.constant dense<5> : tensor<1x7xi32>
    %21 = stablehlo.multiply %19, %20 : tensor<1x7xi32>
    %22 = stablehlo.constant dense<32> : tensor<1x7xi32>
    %23 = stablehlo.add %21, %22 : tensor<1x7xi32>
    %24 = stablehlo.iota dim = 1 : tensor<1x13xi32>
    %25 = stablehlo.constant dense<5> : tensor<1x13xi32>
    %26 = stablehlo.multiply %24, %25 : tensor<1x13xi32>
    %27 = stablehlo.constant dense<3> : tensor<1x13xi32>
    %28 = stablehlo.add %26, %27 : tensor<1x13xi32>
    %29 = stablehlo.iota dim = 1 : tensor<1x12xi32>
    %30 = stablehlo.constant dense<5> : tensor<1x12xi32>
    %31 = stablehlo.multiply %29, %30 : tensor<1x12xi32>
    %32 = stablehlo.constant dense<4> : tensor<1x12xi32>
    %33 = stablehlo.add %31, %32 : tensor<1x12xi32>
    %34 = stablehlo.concatenate %28, %33, dim = 1 : (tensor<1x13xi32>, tensor<1x12xi32>) -> tensor<1x25xi32>
    %35 = stablehlo.concatenate %23, %34, dim = 1 : (tensor<1x7xi32>, tensor<1x25xi32>) -> tensor<1x32xi32>
    %36 = stablehlo.concatenate %18, %35, dim = 0 : (tensor<1x32xi32>, tensor<1x32xi32>) -> tensor<2x32xi32>
    %37 = stablehlo.reshape %36 : (tensor<2x32xi32>) -> tensor<64xi32>
    %38 = stablehlo.constant dense<[0.0e+00]> : tensor<1xf32>
    %39 = stablehlo.concatenate %arg1, %38, dim = 0 : (tensor<64xf32>, tensor<1xf32>) -> tensor<65xf32>
    %40 = stablehlo.reshape %37 : (tensor<64xi32>) -> tensor<64x1xi32>
    %41 = "stablehlo.scatter"(%39, %40, %3) ({
    ^bb0(%42: tensor<f32>, %43: tensor<f32>):
      stablehlo.return %43 : tensor<f32>
    }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = true} : (tensor<65xf32>, tensor<64x1xi32>, tensor<64xf32>) -> tensor<65xf32>
    %44 = stablehlo.slice %41 [0:64] : (tensor<65xf32>) -> tensor<64xf32>
    %45 = stablehlo.iota dim = 0 : tensor<2x32xi32>
    %46 = stablehlo.constant dense<32> : tensor<2x32xi32>
    %47 = stablehlo.multiply %45, %46 : tensor<2x32xi32>
    %48 = stablehlo.iota dim = 1 : tensor<2x32xi32>
    %49 = stablehlo.add %47, %48 : tensor<2x32xi32>
    %50 = stablehlo.reshape %49 : (tensor<2x32xi32>) -> tensor<64xi32>
    func.return %44, %50 : tensor<64xf32>, tensor<64xi32>
  }
}
