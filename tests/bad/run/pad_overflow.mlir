// RUN: cuda2hlo-run %s --out %out --backend interp
// ERROR: :7:8: error: 'stablehlo\.pad' padding of dimension 0 overflows
// (2 - 1) * (2^63 - 1) interior padding + 2 overflows int64. Was: wrapped to a size of 1.
func.func @main() -> tensor<4xf32> {
  %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %2 = stablehlo.pad %x, %z, low = [-1], high = [-9223372036854775807], interior = [9223372036854775807] : (tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}
