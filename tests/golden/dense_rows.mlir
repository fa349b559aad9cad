module {
  func.func public @main(%arg0: tensor<1200xf32> {cuda2hlo.param = "B"}, %arg1: tensor<2000xf32> {cuda2hlo.param = "C"}) -> (tensor<2000xf32> {cuda2hlo.param = "C"}) {
    %0 = stablehlo.constant dense<0.0e+00> : tensor<50x40xf32>
    %1 = stablehlo.constant dense<2.0e+00> : tensor<50x40xf32>
    %2 = stablehlo.reshape %arg0 : (tensor<1200xf32>) -> tensor<30x40xf32>
    %3 = stablehlo.slice %2 [0:1, 0:40] : (tensor<30x40xf32>) -> tensor<1x40xf32>
    %4 = stablehlo.reshape %3 : (tensor<1x40xf32>) -> tensor<40xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [1] : (tensor<40xf32>) -> tensor<50x40xf32>
    %6 = stablehlo.multiply %1, %5 : tensor<50x40xf32>
    %7 = stablehlo.add %0, %6 : tensor<50x40xf32>
    %8 = stablehlo.constant dense<2.0e+00> : tensor<50x40xf32>
    %9 = stablehlo.slice %arg0 [40:80] : (tensor<1200xf32>) -> tensor<40xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [1] : (tensor<40xf32>) -> tensor<50x40xf32>
    %11 = stablehlo.multiply %8, %10 : tensor<50x40xf32>
    %12 = stablehlo.add %7, %11 : tensor<50x40xf32>
    %13 = stablehlo.constant dense<2.0e+00> : tensor<50x40xf32>
    %14 = stablehlo.reshape %arg0 : (tensor<1200xf32>) -> tensor<30x40xf32>
    %15 = stablehlo.slice %14 [2:3, 0:40] : (tensor<30x40xf32>) -> tensor<1x40xf32>
    %16 = stablehlo.reshape %15 : (tensor<1x40xf32>) -> tensor<40xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [1] : (tensor<40xf32>) -> tensor<50x40xf32>
    %18 = stablehlo.multiply %13, %17 : tensor<50x40xf32>
    %19 = stablehlo.add %12, %18 : tensor<50x40xf32>
    %20 = stablehlo.constant dense<2.0e+00> : tensor<50x40xf32>
    %21 = stablehlo.slice %arg0 [120:160] : (tensor<1200xf32>) -> tensor<40xf32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [1] : (tensor<40xf32>) -> tensor<50x40xf32>
    %23 = stablehlo.multiply %20, %22 : tensor<50x40xf32>
    %24 = stablehlo.add %19, %23 : tensor<50x40xf32>
    %25 = stablehlo.reshape %24 : (tensor<50x40xf32>) -> tensor<2000xf32>
    func.return %25 : tensor<2000xf32>
  }
}
