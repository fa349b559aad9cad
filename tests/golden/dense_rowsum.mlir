module {
  func.func public @main(%arg0: tensor<10000xf32> {cuda2hlo.param = "m"}, %arg1: tensor<100xf32> {cuda2hlo.param = "s"}) -> (tensor<100xf32> {cuda2hlo.param = "s"}) {
    %0 = stablehlo.constant dense<2.0e+00> : tensor<100x100xf32>
    %1 = stablehlo.reshape %arg0 : (tensor<10000xf32>) -> tensor<100x100xf32>
    %2 = stablehlo.multiply %0, %1 : tensor<100x100xf32>
    %3 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %4 = "stablehlo.reduce"(%2, %3) ({
    ^bb0(%5: tensor<f32>, %6: tensor<f32>):
      %7 = stablehlo.add %5, %6 : tensor<f32>
      stablehlo.return %7 : tensor<f32>
    }) {dimensions = array<i64: 1>} : (tensor<100x100xf32>, tensor<f32>) -> tensor<100xf32>
    func.return %4 : tensor<100xf32>
  }
}
