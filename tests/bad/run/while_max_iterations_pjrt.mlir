// RUN: cuda2hlo-run %s --out %out --backend pjrt --max-iterations 1000
// ERROR: :7:8: error: --max-iterations 1000 cannot be kept on the pjrt backend
// XLA runs a while to its end: under an iteration limit the pjrt backend refuses a
// module with a while. Was: the limit was ignored and this ran forever.
func.func @main() -> tensor<i32> {
  %0 = stablehlo.constant dense<0> : tensor<i32>
  %1 = stablehlo.while(%i = %0) : tensor<i32>
    cond {
      %t = stablehlo.constant dense<true> : tensor<i1>
      stablehlo.return %t : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i32>
      %n = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %n : tensor<i32>
    }
  return %1 : tensor<i32>
}
