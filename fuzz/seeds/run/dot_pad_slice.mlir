func.func @main(%a: tensor<2x3xf64>, %b: tensor<3x2xf64>) -> tensor<3x2xf64> {
  %d = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf64>, tensor<3x2xf64>) -> tensor<2x2xf64>
  %z = stablehlo.constant dense<0.5> : tensor<f64>
  %p = stablehlo.pad %d, %z, low = [1, 0], high = [1, 1], interior = [0, 0] : (tensor<2x2xf64>, tensor<f64>) -> tensor<4x3xf64>
  %s = stablehlo.slice %p [1:4, 0:2] : (tensor<4x3xf64>) -> tensor<3x2xf64>
  %t = stablehlo.transpose %s, dims = [0, 1] : (tensor<3x2xf64>) -> tensor<3x2xf64>
  return %t : tensor<3x2xf64>
}
