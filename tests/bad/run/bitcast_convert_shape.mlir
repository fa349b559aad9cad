// RUN: cuda2hlo-run %s --out %out --backend interp
// ERROR: :7:8: error: 'stablehlo\.bitcast_convert' result shape does not follow from the bit widths \(32 to 16 bits\)
// bitcast_convert C1: f32 to i16 gives tensor<3x2xi16> (a last dimension of 32/16);
// 2x3 has the same bit count but is not the spec's shape. Was: accepted.
func.func @main() -> tensor<2x3xi16> {
  %x = stablehlo.constant dense<1.5> : tensor<3xf32>
  %0 = stablehlo.bitcast_convert %x : (tensor<3xf32>) -> tensor<2x3xi16>
  return %0 : tensor<2x3xi16>
}
