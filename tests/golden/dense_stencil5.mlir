module {
  func.func public @main(%arg0: tensor<480xf32> {cuda2hlo.param = "u"}, %arg1: tensor<480xf32> {cuda2hlo.param = "out"}) -> (tensor<480xf32> {cuda2hlo.param = "out"}) {
    %0 = stablehlo.reshape %arg1 : (tensor<480xf32>) -> tensor<20x24xf32>
    %1 = stablehlo.constant dense<2.5e-01> : tensor<15x22xf32>
    %2 = stablehlo.reshape %arg0 : (tensor<480xf32>) -> tensor<20x24xf32>
    %3 = stablehlo.slice %2 [1:16, 0:22] : (tensor<20x24xf32>) -> tensor<15x22xf32>
    %4 = stablehlo.reshape %arg0 : (tensor<480xf32>) -> tensor<20x24xf32>
    %5 = stablehlo.slice %4 [1:16, 2:24] : (tensor<20x24xf32>) -> tensor<15x22xf32>
    %6 = stablehlo.add %3, %5 : tensor<15x22xf32>
    %7 = stablehlo.reshape %arg0 : (tensor<480xf32>) -> tensor<20x24xf32>
    %8 = stablehlo.slice %7 [0:15, 1:23] : (tensor<20x24xf32>) -> tensor<15x22xf32>
    %9 = stablehlo.add %6, %8 : tensor<15x22xf32>
    %10 = stablehlo.reshape %arg0 : (tensor<480xf32>) -> tensor<20x24xf32>
    %11 = stablehlo.slice %10 [2:17, 1:23] : (tensor<20x24xf32>) -> tensor<15x22xf32>
    %12 = stablehlo.add %9, %11 : tensor<15x22xf32>
    %13 = stablehlo.multiply %1, %12 : tensor<15x22xf32>
    %14 = stablehlo.constant dense<1> : tensor<i32>
    %15 = stablehlo.constant dense<1> : tensor<i32>
    %16 = stablehlo.dynamic_update_slice %0, %13, %14, %15 : (tensor<20x24xf32>, tensor<15x22xf32>, tensor<i32>, tensor<i32>) -> tensor<20x24xf32>
    %17 = stablehlo.reshape %16 : (tensor<20x24xf32>) -> tensor<480xf32>
    func.return %17 : tensor<480xf32>
  }
}
