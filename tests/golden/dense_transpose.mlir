module {
  func.func public @main(%arg0: tensor<384xf32> {cuda2hlo.param = "in"}, %arg1: tensor<384xf32> {cuda2hlo.param = "out"}) -> (tensor<384xf32> {cuda2hlo.param = "out"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<384xf32>) -> tensor<16x24xf32>
    %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<16x24xf32>) -> tensor<24x16xf32>
    %2 = stablehlo.reshape %1 : (tensor<24x16xf32>) -> tensor<384xf32>
    func.return %2 : tensor<384xf32>
  }
}
