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
    %9 = stablehlo.iota dim = 0 : tensor<1x1xi32>
    %10 = stablehlo.constant dense<[[11]]> : tensor<1x1xi32>
    %11 = stablehlo.add %9, %10 : tensor<1x1xi32>
    %12 = stablehlo.constant dense<11> : tensor<1x22xi32>
    %13 = stablehlo.concatenate %11, %12, dim = 1 : (tensor<1x1xi32>, tensor<1x22xi32>) -> tensor<1x23xi32>
    %14 = stablehlo.constant dense<0> : tensor<1x23xi32>
    %15 = stablehlo.compare EQ, %13, %14, SIGNED : (tensor<1x23xi32>, tensor<1x23xi32>) -> tensor<1x23xi1>
    %16 = stablehlo.constant dense<2.0e+00> : tensor<1x23xf32>
    %17 = stablehlo.constant dense<1.0e+00> : tensor<1x23xf32>
    %18 = stablehlo.select %15, %16, %17 : tensor<1x23xi1>, tensor<1x23xf32>
    %19 = stablehlo.iota dim = 0 : tensor<10x1xi32>
    %20 = stablehlo.constant dense<1> : tensor<10x1xi32>
    %21 = stablehlo.add %19, %20 : tensor<10x1xi32>
    %22 = stablehlo.constant dense<0> : tensor<10x1xi32>
    %23 = stablehlo.compare EQ, %21, %22, SIGNED : (tensor<10x1xi32>, tensor<10x1xi32>) -> tensor<10x1xi1>
    %24 = stablehlo.constant dense<2.0e+00> : tensor<10x1xf32>
    %25 = stablehlo.constant dense<1.0e+00> : tensor<10x1xf32>
    %26 = stablehlo.select %23, %24, %25 : tensor<10x1xi1>, tensor<10x1xf32>
    %27 = stablehlo.constant dense<0> : tensor<1x24xi32>
    %28 = stablehlo.constant dense<0> : tensor<1x24xi32>
    %29 = stablehlo.compare EQ, %27, %28, SIGNED : (tensor<1x24xi32>, tensor<1x24xi32>) -> tensor<1x24xi1>
    %30 = stablehlo.constant dense<2.0e+00> : tensor<1x24xf32>
    %31 = stablehlo.constant dense<1.0e+00> : tensor<1x24xf32>
    %32 = stablehlo.select %29, %30, %31 : tensor<1x24xi1>, tensor<1x24xf32>
    %33 = stablehlo.constant dense<1> : tensor<i32>
    %34 = stablehlo.constant dense<23> : tensor<i32>
    %35 = stablehlo.dynamic_update_slice %0, %8, %33, %34 : (tensor<20x24xf32>, tensor<11x1xf32>, tensor<i32>, tensor<i32>) -> tensor<20x24xf32>
    %36 = stablehlo.constant dense<11> : tensor<i32>
    %37 = stablehlo.constant dense<0> : tensor<i32>
    %38 = stablehlo.dynamic_update_slice %35, %18, %36, %37 : (tensor<20x24xf32>, tensor<1x23xf32>, tensor<i32>, tensor<i32>) -> tensor<20x24xf32>
    %39 = stablehlo.constant dense<1> : tensor<i32>
    %40 = stablehlo.constant dense<0> : tensor<i32>
    %41 = stablehlo.dynamic_update_slice %38, %26, %39, %40 : (tensor<20x24xf32>, tensor<10x1xf32>, tensor<i32>, tensor<i32>) -> tensor<20x24xf32>
    %42 = stablehlo.constant dense<0> : tensor<i32>
    %43 = stablehlo.constant dense<0> : tensor<i32>
    %44 = stablehlo.dynamic_update_slice %41, %32, %42, %43 : (tensor<20x24xf32>, tensor<1x24xf32>, tensor<i32>, tensor<i32>) -> tensor<20x24xf32>
    %45 = stablehlo.reshape %44 : (tensor<20x24xf32>) -> tensor<480xf32>
    func.return %45 : tensor<480xf32>
  }
}
