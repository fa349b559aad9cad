// RUN: cuda2hlo-run %s --out %out --backend cpu
// ERROR: :4:47: error: dimension is too large
func.func @main() -> tensor<2xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<99999999999999999999999xf32>
  %1 = stablehlo.slice %0 [0:2] : (tensor<99999999999999999999999xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
