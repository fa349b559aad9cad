module {
  func.func public @main(%arg0: tensor<8000xf32> {cuda2hlo.param = "A"}, %arg1: tensor<80xf32> {cuda2hlo.param = "x"}, %arg2: tensor<100xf32> {cuda2hlo.param = "y"}) -> (tensor<100xf32> {cuda2hlo.param = "y"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<8000xf32>) -> tensor<100x80xf32>
    %1 = stablehlo.dot_general %0, %arg1, contracting_dims = [1] x [0] : (tensor<100x80xf32>, tensor<80xf32>) -> tensor<100xf32>
    func.return %1 : tensor<100xf32>
  }
}
