module {
  func.func public @main(%arg0: tensor<480xf32> {cuda2hlo.param = "a"}) -> (tensor<480xf32> {cuda2hlo.param = "a"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<480xf32>) -> tensor<20x24xf32>
    %1 = stablehlo.iota dim = 0 : tensor<11x1xi32>
    %2 = stablehlo.constant dense<1> : tensor<11x1xi32>
    %3 = stablehlo.add %1, %2 : tensor<11x1xi32>
    %4 = stablehlo.constant dense<0> : tensor<11x1xi32>
    %5 = stablehlo.compare EQ, %3, %4, SIGNED : (tensor<11x1xi32>, tensor<11x1xi32>) -> tensor<11x1xi1>
    %6 = stablehlo.constant dense<2.0e+00> : tensor<11x1xf32>
    %7 = stablehlo.constant dense<1.0e+00> : tensor<11x1xf32>
    %8 = stablehlo.select %5, %6, %7 : tensor<11x1xi1>, tensor<11x1xf32>
    %9 = stablehlo.constant dense<11> : tensor<1x23xi32>
    %10 = stablehlo.constant dense<0> : tensor<1x23xi32>
    %11 = stablehlo.compare EQ, %9, %10, SIGNED : (tensor<1x23xi32>, tensor<1x23xi32>) -> tensor<1x23xi1>
    %12 = stablehlo.constant dense<2.0e+00> : tensor<1x23xf32>
    %13 = stablehlo.constant dense<1.0e+00> : tensor<1x23xf32>
    %14 = stablehlo.select %11, %12, %13 : tensor<1x23xi1>, tensor<1x23xf32>
    %15 = stablehlo.iota dim = 0 : tensor<10x1xi32>
    %16 = stablehlo.constant dense<1> : tensor<10x1xi32>
    %17 = stablehlo.add %15, %16 : tensor<10x1xi32>
    %18 = stablehlo.constant dense<0> : tensor<10x1xi32>
    %19 = stablehlo.compare EQ, %17, %18, SIGNED : (tensor<10x1xi32>, tensor<10x1xi32>) -> tensor<10x1xi1>
    %20 = stablehlo.constant dense<2.0e+00> : tensor<10x1xf32>
    %21 = stablehlo.constant dense<1.0e+00> : tensor<10x1xf32>
    %22 = stablehlo.select %19, %20, %21 : tensor<10x1xi1>, tensor<10x1xf32>
    %23 = stablehlo.constant dense<0> : tensor<1x24xi32>
    %24 = stablehlo.constant dense<0> : tensor<1x24xi32>
    %25 = stablehlo.compare EQ, %23, %24, SIGNED : (tensor<1x24xi32>, tensor<1x24xi32>) -> tensor<1x24xi1>
    %26 = stablehlo.constant dense<2.0e+00> : tensor<1x24xf32>
    %27 = stablehlo.constant dense<1.0e+00> : tensor<1x24xf32>
    %28 = stablehlo.select %25, %26, %27 : tensor<1x24xi1>, tensor<1x24xf32>
    %29 = stablehlo.constant dense<1> : tensor<i32>
    %30 = stablehlo.constant dense<23> : tensor<i32>
    %31 = stablehlo.dynamic_update_slice %0, %8, %29, %30 : (tensor<20x24xf32>, tensor<11x1xf32>, tensor<i32>, tensor<i32>) -> tensor<20x24xf32>
    %32 = stablehlo.constant dense<11> : tensor<i32>
    %33 = stablehlo.constant dense<0> : tensor<i32>
    %34 = stablehlo.dynamic_update_slice %31, %14, %32, %33 : (tensor<20x24xf32>, tensor<1x23xf32>, tensor<i32>, tensor<i32>) -> tensor<20x24xf32>
    %35 = stablehlo.constant dense<1> : tensor<i32>
    %36 = stablehlo.constant dense<0> : tensor<i32>
    %37 = stablehlo.dynamic_update_slice %34, %22, %35, %36 : (tensor<20x24xf32>, tensor<10x1xf32>, tensor<i32>, tensor<i32>) -> tensor<20x24xf32>
    %38 = stablehlo.constant dense<0> : tensor<i32>
    %39 = stablehlo.constant dense<0> : tensor<i32>
    %40 = stablehlo.dynamic_update_slice %37, %28, %38, %39 : (tensor<20x24xf32>, tensor<1x24xf32>, tensor<i32>, tensor<i32>) -> tensor<20x24xf32>
    %41 = stablehlo.reshape %40 : (tensor<20x24xf32>) -> tensor<480xf32>
    func.return %41 : tensor<480xf32>
  }
}
