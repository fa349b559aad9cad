module {
  func.func public @main(%arg0: tensor<8000xui8> {cuda2hlo.param = "data"}, %arg1: tensor<256xui32> {cuda2hlo.param = "hist"}) -> (tensor<256xui32> {cuda2hlo.param = "hist"}) {
    %0 = stablehlo.constant dense<0> : tensor<4096xui32>
    %1 = stablehlo.constant dense<0> : tensor<16x2x128xui32>
    %2 = stablehlo.reshape %1 : (tensor<16x2x128xui32>) -> tensor<4096xui32>
    %3 = stablehlo.constant dense<1> : tensor<62x128xui32>
    %4 = stablehlo.reshape %3 : (tensor<62x128xui32>) -> tensor<7936xui32>
    %5 = stablehlo.slice %arg0 [0:7936] : (tensor<8000xui8>) -> tensor<7936xui8>
    %6 = stablehlo.reshape %5 : (tensor<7936xui8>) -> tensor<62x128xui8>
    %7 = stablehlo.convert %6 : (tensor<62x128xui8>) -> tensor<62x128xi64>
    %8 = stablehlo.iota dim = 0 : tensor<16x128xi64>
    %9 = stablehlo.constant dense<256> : tensor<16x128xi64>
    %10 = stablehlo.multiply %8, %9 : tensor<16x128xi64>
    %11 = stablehlo.iota dim = 0 : tensor<16x128xi64>
    %12 = stablehlo.constant dense<256> : tensor<16x128xi64>
    %13 = stablehlo.multiply %11, %12 : tensor<16x128xi64>
    %14 = stablehlo.iota dim = 0 : tensor<16x128xi64>
    %15 = stablehlo.constant dense<256> : tensor<16x128xi64>
    %16 = stablehlo.multiply %14, %15 : tensor<16x128xi64>
    %17 = stablehlo.iota dim = 0 : tensor<14x128xi64>
    %18 = stablehlo.constant dense<256> : tensor<14x128xi64>
    %19 = stablehlo.multiply %17, %18 : tensor<14x128xi64>
    %20 = stablehlo.concatenate %16, %19, dim = 0 : (tensor<16x128xi64>, tensor<14x128xi64>) -> tensor<30x128xi64>
    %21 = stablehlo.concatenate %13, %20, dim = 0 : (tensor<16x128xi64>, tensor<30x128xi64>) -> tensor<46x128xi64>
    %22 = stablehlo.concatenate %10, %21, dim = 0 : (tensor<16x128xi64>, tensor<46x128xi64>) -> tensor<62x128xi64>
    %23 = stablehlo.add %7, %22 : tensor<62x128xi64>
    %24 = stablehlo.convert %23 : (tensor<62x128xi64>) -> tensor<62x128xi32>
    %25 = stablehlo.reshape %24 : (tensor<62x128xi32>) -> tensor<7936xi32>
    %26 = stablehlo.constant dense<1> : tensor<1x64xui32>
    %27 = stablehlo.reshape %26 : (tensor<1x64xui32>) -> tensor<64xui32>
    %28 = stablehlo.slice %arg0 [7936:8000] : (tensor<8000xui8>) -> tensor<64xui8>
    %29 = stablehlo.broadcast_in_dim %28, dims = [1] : (tensor<64xui8>) -> tensor<1x64xui8>
    %30 = stablehlo.convert %29 : (tensor<1x64xui8>) -> tensor<1x64xi64>
    %31 = stablehlo.constant dense<3584> : tensor<1x64xi64>
    %32 = stablehlo.add %30, %31 : tensor<1x64xi64>
    %33 = stablehlo.convert %32 : (tensor<1x64xi64>) -> tensor<1x64xi32>
    %34 = stablehlo.reshape %33 : (tensor<1x64xi32>) -> tensor<64xi32>
    %35 = stablehlo.concatenate %4, %27, dim = 0 : (tensor<7936xui32>, tensor<64xui32>) -> tensor<8000xui32>
    %36 = stablehlo.concatenate %25, %34, dim = 0 : (tensor<7936xi32>, tensor<64xi32>) -> tensor<8000xi32>
    %37 = stablehlo.constant dense<[0]> : tensor<1xui32>
    %38 = stablehlo.concatenate %2, %37, dim = 0 : (tensor<4096xui32>, tensor<1xui32>) -> tensor<4097xui32>
    %39 = stablehlo.reshape %36 : (tensor<8000xi32>) -> tensor<8000x1xi32>
    %40 = "stablehlo.scatter"(%38, %39, %35) ({
    ^bb0(%41: tensor<ui32>, %42: tensor<ui32>):
      %43 = stablehlo.add %41, %42 : tensor<ui32>
      stablehlo.return %43 : tensor<ui32>
    }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<4097xui32>, tensor<8000x1xi32>, tensor<8000xui32>) -> tensor<4097xui32>
    %44 = stablehlo.slice %40 [0:4096] : (tensor<4097xui32>) -> tensor<4096xui32>
    %45 = stablehlo.reshape %44 : (tensor<4096xui32>) -> tensor<16x2x128xui32>
    %46 = stablehlo.transpose %45, dims = [1, 0, 2] : (tensor<16x2x128xui32>) -> tensor<2x16x128xui32>
    %47 = stablehlo.reshape %44 : (tensor<4096xui32>) -> tensor<16x2x128xui32>
    %48 = stablehlo.transpose %47, dims = [1, 0, 2] : (tensor<16x2x128xui32>) -> tensor<2x16x128xui32>
    %49 = stablehlo.constant dense<0> : tensor<2x16x128xui32>
    %50 = stablehlo.compare NE, %48, %49, UNSIGNED : (tensor<2x16x128xui32>, tensor<2x16x128xui32>) -> tensor<2x16x128xi1>
    %51 = stablehlo.constant dense<0> : tensor<2x16x128xui32>
    %52 = stablehlo.select %50, %46, %51 : tensor<2x16x128xi1>, tensor<2x16x128xui32>
    %53 = stablehlo.constant dense<0> : tensor<ui32>
    %54 = "stablehlo.reduce"(%52, %53) ({
    ^bb0(%55: tensor<ui32>, %56: tensor<ui32>):
      %57 = stablehlo.add %55, %56 : tensor<ui32>
      stablehlo.return %57 : tensor<ui32>
    }) {dimensions = array<i64: 1>} : (tensor<2x16x128xui32>, tensor<ui32>) -> tensor<2x128xui32>
    %58 = stablehlo.reshape %54 : (tensor<2x128xui32>) -> tensor<256xui32>
    %59 = stablehlo.slice %arg1 [0:256] : (tensor<256xui32>) -> tensor<256xui32>
    %60 = stablehlo.add %59, %58 : tensor<256xui32>
    %61 = stablehlo.constant dense<0> : tensor<i32>
    %62 = stablehlo.dynamic_update_slice %arg1, %60, %61 : (tensor<256xui32>, tensor<256xui32>, tensor<i32>) -> tensor<256xui32>
    func.return %62 : tensor<256xui32>
  }
}
