// RUN: cuda2hlo-run %s --out %out --backend interp
// ERROR: :6:13: error: 'stablehlo\.sort' comparator region takes 3 arguments, expected 2
// sort C5: the comparator takes two 0-d tensors per input.
func.func @main() -> tensor<3xi32> {
  %x = stablehlo.constant dense<[3, 1, 2]> : tensor<3xi32>
  %result = "stablehlo.sort"(%x) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>):
      %p = stablehlo.compare LT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<3xi32>) -> tensor<3xi32>
  return %result : tensor<3xi32>
}
