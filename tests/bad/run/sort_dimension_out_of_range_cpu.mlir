// RUN: cuda2hlo-run %s --out %out --backend cpu
// ERROR: :6:13: error: 'stablehlo\.sort' dimension 5 is out of range \[-2, 2\)
// sort C4: -R <= dimension < R. Was: SIGFPE on interp, a 759 TB allocation on cpu.
func.func @main() -> tensor<2x3xi32> {
  %x = stablehlo.constant dense<[[3, 1, 2], [6, 5, 4]]> : tensor<2x3xi32>
  %result = "stablehlo.sort"(%x) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %p = stablehlo.compare LT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
  }) {dimension = 5 : i64, is_stable = true} : (tensor<2x3xi32>) -> tensor<2x3xi32>
  return %result : tensor<2x3xi32>
}
