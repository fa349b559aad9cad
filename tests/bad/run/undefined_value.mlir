// RUN: cuda2hlo-run %s --out %out
// ERROR: undefined_value\.mlir:6:22: error: use of undefined value '%a'
// A parse error: nothing is run, nothing is written.
func.func @main() -> tensor<2xf32> {
  %b = stablehlo.constant dense<1.0> : tensor<2xf32>
  %0 = stablehlo.add %a, %b : tensor<2xf32>
  return %0 : tensor<2xf32>
}
