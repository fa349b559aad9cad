module {
  func.func public @main(%arg0: tensor<384xf32> {cuda2hlo.param = "in"}, %arg1: tensor<384xf32> {cuda2hlo.param = "out"}) -> (tensor<384xf32> {cuda2hlo.param = "out"}) {
    %0 = stablehlo.reshape %arg1 : (tensor<384xf32>) -> tensor<24x16xf32>
    %1 = stablehlo.reshape %arg0 : (tensor<384xf32>) -> tensor<16x24xf32>
    %2 = stablehlo.transpose %1, dims = [1, 0] : (tensor<16x24xf32>) -> tensor<24x16xf32>
    %3 = stablehlo.reshape %2 : (tensor<24x16xf32>) -> tensor<384xf32>
    func.return %3 : tensor<384xf32>
  }
}
