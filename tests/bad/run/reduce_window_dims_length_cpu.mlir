// RUN: cuda2hlo-run %s --out %out --backend cpu
// ERROR: :7:13: error: 'stablehlo\.reduce_window' 'window_strides' has 1 entries, expected 2
// reduce_window C6: size(window_strides) = rank(inputs[0]).
func.func @main() -> tensor<2x3xi32> {
  %x = stablehlo.constant dense<[[3, 1, 2], [6, 5, 4]]> : tensor<2x3xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %result = "stablehlo.reduce_window"(%x, %z) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %s = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %s : tensor<i32>
  }) {
    window_dimensions = array<i64: 1, 1>,
    window_strides = array<i64: 1>
  } : (tensor<2x3xi32>, tensor<i32>) -> tensor<2x3xi32>
  return %result : tensor<2x3xi32>
}
