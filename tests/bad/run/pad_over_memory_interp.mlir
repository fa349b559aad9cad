// RUN: cuda2hlo-run %s --out %out --backend interp
// ERROR: :9:8: error: the program needs 400000000012 bytes of memory here, more than the budget of \d+ bytes \(--max-memory\)
// A 6-line module whose pad makes 10^11 f32 (400 GB): refused before anything is
// allocated under the default budget, the machine's physical memory. Was: the cpu
// backend ran into the OOM killer. Peak by hand: 8 + 4 + 4e11 bytes at the pad.
func.func @main() -> tensor<2xf32> {
  %x = stablehlo.constant dense<1.0> : tensor<2xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %p = stablehlo.pad %x, %z, low = [0], high = [99999999998], interior = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<100000000000xf32>
  %s = stablehlo.slice %p [0:2] : (tensor<100000000000xf32>) -> tensor<2xf32>
  return %s : tensor<2xf32>
}
