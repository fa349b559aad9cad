// RUN: cuda2hlo-run %s --out %out --backend interp
// ERROR: :6:8: error: 'stablehlo\.reverse' 'dimensions' names dimension 1 twice
// reverse C2: is_unique(dimensions).
func.func @main() -> tensor<2x3xf32> {
  %x = stablehlo.constant dense<1.0> : tensor<2x3xf32>
  %0 = stablehlo.reverse %x, dimensions = array<i64: 1, 1> : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
