// RUN: cuda2hlo-run %s --out %out --backend interp --max-iterations 1000
// ERROR: :6:8: error: 'stablehlo\.while' reached the limit of 1000 iterations \(--max-iterations\)
// A while whose condition is always true. Was: ran forever.
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
