// RUN: cuda2hlo-run %s --out %out --backend cpu
// ERROR: :6:8: error: 'stablehlo\.reduce_precision' format e0m99: exponent bits must be 1\.\.64
// reduce_precision C2: exponent_bits >= 1. Was: exit 0 with inf.
func.func @main() -> tensor<4xf32> {
  %x = stablehlo.constant dense<1.5> : tensor<4xf32>
  %0 = stablehlo.reduce_precision %x, format = e0m99 : tensor<4xf32>
  return %0 : tensor<4xf32>
}
