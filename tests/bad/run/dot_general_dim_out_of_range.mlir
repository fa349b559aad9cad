// RUN: cuda2hlo-run %s --out %out --backend interp
// ERROR: :7:8: error: 'stablehlo\.dot_general' 'lhs_contracting_dimensions' entry 4 is out of range \[0, 2\)
// dot_general C5: 0 <= lhs_contracting_dimensions < rank(lhs).
func.func @main() -> tensor<2x2xf32> {
  %a = stablehlo.constant dense<1.0> : tensor<2x3xf32>
  %b = stablehlo.constant dense<1.0> : tensor<3x2xf32>
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [4] x [0] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
