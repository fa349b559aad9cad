func.func @main(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.add %x, %y : tensor<2x3xf32>
  %1 = stablehlo.multiply %0, %x : tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}
