module {
  func.func public @main(%arg0: tensor<500xf32> {cuda2hlo.param = "pred"}, %arg1: tensor<500xf32> {cuda2hlo.param = "target"}, %arg2: tensor<500xf32> {cuda2hlo.param = "loss"}, %arg3: tensor<500xf32> {cuda2hlo.param = "grad"}) -> (tensor<500xf32> {cuda2hlo.param = "loss"}, tensor<500xf32> {cuda2hlo.param = "grad"}) {
    %0 = stablehlo.subtract %arg0, %arg1 : tensor<500xf32>
    %1 = stablehlo.abs %0 : tensor<500xf32>
    %2 = stablehlo.constant dense<1.0e+00> : tensor<500xf32>
    %3 = stablehlo.compare LE, %1, %2, FLOAT : (tensor<500xf32>, tensor<500xf32>) -> tensor<500xi1>
    %4 = stablehlo.not %3 : tensor<500xi1>
    %5 = stablehlo.constant dense<1.0e+00> : tensor<500xf32>
    %6 = stablehlo.constant dense<5.0e-01> : tensor<500xf32>
    %7 = stablehlo.constant dense<1.0e+00> : tensor<500xf32>
    %8 = stablehlo.multiply %6, %7 : tensor<500xf32>
    %9 = stablehlo.subtract %1, %8 : tensor<500xf32>
    %10 = stablehlo.multiply %5, %9 : tensor<500xf32>
    %11 = stablehlo.constant dense<5.0e-01> : tensor<500xf32>
    %12 = stablehlo.multiply %11, %0 : tensor<500xf32>
    %13 = stablehlo.multiply %12, %0 : tensor<500xf32>
    %14 = stablehlo.constant dense<0.0e+00> : tensor<500xf32>
    %15 = stablehlo.select %3, %13, %14 : tensor<500xi1>, tensor<500xf32>
    %16 = stablehlo.select %4, %10, %15 : tensor<500xi1>, tensor<500xf32>
    %17 = stablehlo.subtract %arg0, %arg1 : tensor<500xf32>
    %18 = stablehlo.constant dense<1.0e+00> : tensor<500xf32>
    %19 = stablehlo.compare GT, %17, %18, FLOAT : (tensor<500xf32>, tensor<500xf32>) -> tensor<500xi1>
    %20 = stablehlo.not %19 : tensor<500xi1>
    %21 = stablehlo.constant dense<1.0e+00> : tensor<500xf32>
    %22 = stablehlo.negate %21 : tensor<500xf32>
    %23 = stablehlo.compare LT, %17, %22, FLOAT : (tensor<500xf32>, tensor<500xf32>) -> tensor<500xi1>
    %24 = stablehlo.not %23 : tensor<500xi1>
    %25 = stablehlo.and %20, %24 : tensor<500xi1>
    %26 = stablehlo.not %19 : tensor<500xi1>
    %27 = stablehlo.and %26, %23 : tensor<500xi1>
    %28 = stablehlo.constant dense<1.0e+00> : tensor<500xf32>
    %29 = stablehlo.negate %28 : tensor<500xf32>
    %30 = stablehlo.constant dense<1.0e+00> : tensor<500xf32>
    %31 = stablehlo.constant dense<0.0e+00> : tensor<500xf32>
    %32 = stablehlo.select %19, %30, %31 : tensor<500xi1>, tensor<500xf32>
    %33 = stablehlo.select %27, %29, %32 : tensor<500xi1>, tensor<500xf32>
    %34 = stablehlo.select %25, %17, %33 : tensor<500xi1>, tensor<500xf32>
    func.return %16, %34 : tensor<500xf32>, tensor<500xf32>
  }
}
