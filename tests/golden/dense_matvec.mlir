module {
  func.func public @main(%arg0: tensor<8000xf32> {cuda2hlo.param = "A"}, %arg1: tensor<80xf32> {cuda2hlo.param = "x"}, %arg2: tensor<100xf32> {cuda2hlo.param = "y"}) -> (tensor<100xf32> {cuda2hlo.param = "y"}) {
    %0 = stablehlo.constant dense<0.0e+00> : tensor<100xf32>
    %1 = stablehlo.reshape %arg0 : (tensor<8000xf32>) -> tensor<100x80xf32>
    %2 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<80xf32>) -> tensor<100x80xf32>
    %3 = stablehlo.multiply %1, %2 : tensor<100x80xf32>
    %4 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %5 = "stablehlo.reduce"(%3, %4) ({
    ^bb0(%6: tensor<f32>, %7: tensor<f32>):
      %8 = stablehlo.add %6, %7 : tensor<f32>
      stablehlo.return %8 : tensor<f32>
    }) {dimensions = array<i64: 1>} : (tensor<100x80xf32>, tensor<f32>) -> tensor<100xf32>
    %9 = stablehlo.add %0, %5 : tensor<100xf32>
    func.return %9 : tensor<100xf32>
  }
}
