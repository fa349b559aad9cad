// RUN: cuda2hlo-run %s --out %out --backend interp
// ERROR: :8:8: error: 'stablehlo\.triangular_solve' a's size 3 is not b's number of rows \(2\)
// triangular_solve C3 (left_side): a is 3x3, b has 2 rows. Was: exit 0 with b unchanged,
// after reading b out of bounds.
func.func @main() -> tensor<2x5xf32> {
  %a = stablehlo.constant dense<1.0> : tensor<3x3xf32>
  %b = stablehlo.constant dense<1.0> : tensor<2x5xf32>
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<2x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}
