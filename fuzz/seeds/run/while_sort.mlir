func.func @main(%x: tensor<5xf32>) -> (tensor<5xf32>, tensor<i32>) {
  %0 = stablehlo.constant dense<0> : tensor<i32>
  %n = stablehlo.constant dense<3> : tensor<i32>
  %1:2 = stablehlo.while(%i = %0, %v = %x) : tensor<i32>, tensor<5xf32>
    cond {
      %c = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i32>
      %j = stablehlo.add %i, %one : tensor<i32>
      %w = stablehlo.reverse %v, dimensions = [0] : tensor<5xf32>
      stablehlo.return %j, %w : tensor<i32>, tensor<5xf32>
    }
  %s = "stablehlo.sort"(%1#1) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %p = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<5xf32>) -> tensor<5xf32>
  return %s, %1#0 : tensor<5xf32>, tensor<i32>
}
