module {
  func.func public @main(%arg0: tensor<100xf32> {cuda2hlo.param = "u"}, %arg1: tensor<100xf32> {cuda2hlo.param = "v"}) -> (tensor<100xf32> {cuda2hlo.param = "v"}) {
    %0 = stablehlo.slice %arg0 [1:100] : (tensor<100xf32>) -> tensor<99xf32>
    %1 = stablehlo.slice %arg0 [0:1] : (tensor<100xf32>) -> tensor<1xf32>
    %2 = stablehlo.reshape %1 : (tensor<1xf32>) -> tensor<f32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %4 = stablehlo.concatenate %0, %3, dim = 0 : (tensor<99xf32>, tensor<1xf32>) -> tensor<100xf32>
    %5 = stablehlo.constant dense<2.0e+00> : tensor<100xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<100xf32>
    %7 = stablehlo.subtract %4, %6 : tensor<100xf32>
    %8 = stablehlo.slice %arg0 [99:100] : (tensor<100xf32>) -> tensor<1xf32>
    %9 = stablehlo.reshape %8 : (tensor<1xf32>) -> tensor<f32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %11 = stablehlo.slice %arg0 [0:99] : (tensor<100xf32>) -> tensor<99xf32>
    %12 = stablehlo.concatenate %10, %11, dim = 0 : (tensor<1xf32>, tensor<99xf32>) -> tensor<100xf32>
    %13 = stablehlo.add %7, %12 : tensor<100xf32>
    func.return %13 : tensor<100xf32>
  }
}
