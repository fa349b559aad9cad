func.func @main(%x: tensor<4x6xi32>) -> tensor<2x5xi32> {
  %z = stablehlo.constant dense<0> : tensor<i32>
  %r = "stablehlo.reduce_window"(%x, %z) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %s = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %s : tensor<i32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 1>} : (tensor<4x6xi32>, tensor<i32>) -> tensor<2x5xi32>
  return %r : tensor<2x5xi32>
}
