// RUN: cuda2hlo-run %s --out %out --backend interp
// ERROR: :10:8: error: 'stablehlo\.dynamic_gather': slice size 1 of dimension 1 does not fit the operand and the result type
// The slice sizes operand says 1 column, the result type 2 (gather C22, known only when
// it runs). Was: accepted.
func.func @main() -> tensor<3x2xi32> {
  %x = stablehlo.iota dim = 0 : tensor<4x2xi32>
  %i = stablehlo.constant dense<[[0], [1], [3]]> : tensor<3x1xi32>
  %sz = stablehlo.constant dense<[1, 1]> : tensor<2xi32>
  // the op:
  %g = "stablehlo.dynamic_gather"(%x, %i, %sz) {
    dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0],
                                          start_index_map = [0], index_vector_dim = 1>,
    indices_are_sorted = false
  } : (tensor<4x2xi32>, tensor<3x1xi32>, tensor<2xi32>) -> tensor<3x2xi32>
  return %g : tensor<3x2xi32>
}
