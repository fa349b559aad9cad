// RUN: cuda2hlo-run %s --out %out --backend interp
// ERROR: :6:8: error: 'stablehlo\.cholesky' operand must be a batch of square matrices
// cholesky C1. Was: exit 0 with zeros.
func.func @main() -> tensor<2x3xf32> {
  %x = stablehlo.constant dense<1.5> : tensor<2x3xf32>
  %0 = stablehlo.cholesky %x, lower = true : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
