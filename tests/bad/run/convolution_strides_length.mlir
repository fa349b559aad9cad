// RUN: cuda2hlo-run %s --out %out --backend interp
// ERROR: :7:8: error: 'stablehlo\.convolution' 'window_strides' has 3 entries, expected 1
// convolution C2: one stride per spatial dimension.
func.func @main() -> tensor<1x4x1xf32> {
  %x = stablehlo.constant dense<1.0> : tensor<1x4x1xf32>
  %k = stablehlo.constant dense<1.0> : tensor<1x1x1xf32>
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1, 1, 1], pad = [[0, 0]], lhs_dilate = [1], rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<1x1x1xf32>) -> tensor<1x4x1xf32>
  return %0 : tensor<1x4x1xf32>
}
