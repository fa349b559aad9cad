module {
  func.func public @main(%arg0: tensor<1000xf32> {cuda2hlo.param = "u"}, %arg1: tensor<1000xf32> {cuda2hlo.param = "v"}) -> (tensor<1000xf32> {cuda2hlo.param = "v"}) {
    %0 = stablehlo.constant dense<2.5e-01> : tensor<998xf32>
    %1 = stablehlo.slice %arg0 [0:998] : (tensor<1000xf32>) -> tensor<998xf32>
    %2 = stablehlo.multiply %0, %1 : tensor<998xf32>
    %3 = stablehlo.constant dense<5.0e-01> : tensor<998xf32>
    %4 = stablehlo.slice %arg0 [1:999] : (tensor<1000xf32>) -> tensor<998xf32>
    %5 = stablehlo.multiply %3, %4 : tensor<998xf32>
    %6 = stablehlo.add %2, %5 : tensor<998xf32>
    %7 = stablehlo.constant dense<2.5e-01> : tensor<998xf32>
    %8 = stablehlo.slice %arg0 [2:1000] : (tensor<1000xf32>) -> tensor<998xf32>
    %9 = stablehlo.multiply %7, %8 : tensor<998xf32>
    %10 = stablehlo.add %6, %9 : tensor<998xf32>
    %11 = stablehlo.constant dense<1> : tensor<i32>
    %12 = stablehlo.dynamic_update_slice %arg1, %10, %11 : (tensor<1000xf32>, tensor<998xf32>, tensor<i32>) -> tensor<1000xf32>
    func.return %12 : tensor<1000xf32>
  }
}
