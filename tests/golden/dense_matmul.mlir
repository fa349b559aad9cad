module {
  func.func public @main(%arg0: tensor<4608xf32> {cuda2hlo.param = "A"}, %arg1: tensor<3840xf32> {cuda2hlo.param = "B"}, %arg2: tensor<1920xf32> {cuda2hlo.param = "C"}) -> (tensor<1920xf32> {cuda2hlo.param = "C"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<4608xf32>) -> tensor<48x96xf32>
    %1 = stablehlo.reshape %arg1 : (tensor<3840xf32>) -> tensor<96x40xf32>
    %2 = stablehlo.dot_general %0, %1, contracting_dims = [1] x [0] : (tensor<48x96xf32>, tensor<96x40xf32>) -> tensor<48x40xf32>
    %3 = stablehlo.reshape %2 : (tensor<48x40xf32>) -> tensor<1920xf32>
    func.return %3 : tensor<1920xf32>
  }
}
