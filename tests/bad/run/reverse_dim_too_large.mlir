// RUN: cuda2hlo-run %s --out %out --backend cpu
// ERROR: reverse_dim_too_large\.mlir:6:8: error: 'stablehlo\.reverse' 'dimensions' entry 100 is out of range \[0, 2\)
// reverse C3. Was: a write past an 8-slot stack array, a crash on interp and cpu.
func.func @main() -> tensor<2x3xf32> {
  %x = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %0 = stablehlo.reverse %x, dimensions = array<i64: 100> : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
