// RUN: cuda2hlo-run %s --out %out --backend cpu
// ERROR: :8:13: error: 'stablehlo\.gather' 'offset_dims' entry 7 is out of range \[0, 3\)
// gather C5: 0 <= offset_dims < rank(result). Was: SIGSEGV or a hang on cpu, zeros on interp.
func.func @main() -> tensor<2x3x2xi32> {
  %x = stablehlo.iota dim = 0 : tensor<4x2xi32>
  %i = stablehlo.constant dense<[[0, 1, 2], [1, 2, 3]]> : tensor<2x3xi32>
  %i2 = stablehlo.reshape %i : (tensor<2x3xi32>) -> tensor<2x3x1xi32>
  %result = "stablehlo.gather"(%x, %i2) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [7],
      collapsed_slice_dims = [0],
      start_index_map = [0],
      index_vector_dim = 2>,
    slice_sizes = array<i64: 1, 2>,
    indices_are_sorted = false
  } : (tensor<4x2xi32>, tensor<2x3x1xi32>) -> tensor<2x3x2xi32>
  return %result : tensor<2x3x2xi32>
}
