// RUN: cuda2hlo-run %s --out %out --backend cpu
// ERROR: :8:13: error: 'stablehlo\.gather' 'start_index_map' entry 5 is out of range \[0, 2\)
// gather C19: 0 <= start_index_map < rank(operand).
func.func @main() -> tensor<2x3x2xi32> {
  %x = stablehlo.iota dim = 0 : tensor<4x2xi32>
  %i = stablehlo.constant dense<[[0, 1, 2], [1, 2, 3]]> : tensor<2x3xi32>
  %i2 = stablehlo.reshape %i : (tensor<2x3xi32>) -> tensor<2x3x1xi32>
  %result = "stablehlo.gather"(%x, %i2) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [2],
      collapsed_slice_dims = [0],
      start_index_map = [5],
      index_vector_dim = 2>,
    slice_sizes = array<i64: 1, 2>,
    indices_are_sorted = false
  } : (tensor<4x2xi32>, tensor<2x3x1xi32>) -> tensor<2x3x2xi32>
  return %result : tensor<2x3x2xi32>
}
