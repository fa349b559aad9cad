// RUN: cuda2hlo-run %s --out %out --backend interp --max-memory 1K
// ERROR: :8:8: error: the program needs 1032 bytes of memory here, more than the budget of 1024 bytes
// --max-memory 1K. By hand: 4 (%x) + 1024 (%b) at the broadcast; %x dies there, so
// 1024 + 8 (%s) at the slice, the peak.
func.func @main() -> tensor<2xf32> {
  %x = stablehlo.constant dense<1.0> : tensor<f32>
  %b = stablehlo.broadcast_in_dim %x, dims = [] : (tensor<f32>) -> tensor<256xf32>
  %s = stablehlo.slice %b [0:2] : (tensor<256xf32>) -> tensor<2xf32>
  return %s : tensor<2xf32>
}
