// RUN: cuda2hlo-run %s --out %out --backend interp
// ERROR: reverse_dim_negative\.mlir:7:8: error: 'stablehlo\.reverse' 'dimensions' entry -3 is out of range \[0, 2\)
// StableHLO spec, reverse C3: 0 <= dimensions < rank(result). Was: exit 0 with zeros.
func.func @main() -> tensor<2x3xf32> {
  %x = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  // The op:
  %0 = stablehlo.reverse %x, dimensions = [-3] : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
