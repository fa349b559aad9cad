// RUN: cuda2hlo-run %s --out %out --backend interp
// ERROR: tensor_size_overflow\.mlir:6:47: error: tensor type has more than 2\^63 bytes
// 2^32 * 2^32 elements of 4 bytes: the element count overflows int64. Was: run as an
// empty tensor, exit 0.
func.func @main() -> tensor<2xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<4294967296x4294967296xf32>
  %1 = stablehlo.slice %0 [0:2, 0:1] : (tensor<4294967296x4294967296xf32>) -> tensor<2x1xf32>
  %2 = stablehlo.reshape %1 : (tensor<2x1xf32>) -> tensor<2xf32>
  return %2 : tensor<2xf32>
}
