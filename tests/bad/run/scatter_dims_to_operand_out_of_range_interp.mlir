// RUN: cuda2hlo-run %s --out %out --backend interp
// ERROR: :8:13: error: 'stablehlo\.scatter' 'scatter_dims_to_operand_dims' entry 3 is out of range \[0, 2\)
// scatter C21. Was: exit 0, and the backends disagreed.
func.func @main() -> tensor<4x2xi32> {
  %x = stablehlo.constant dense<0> : tensor<4x2xi32>
  %i = stablehlo.constant dense<[[0], [2]]> : tensor<2x1xi32>
  %u = stablehlo.constant dense<1> : tensor<2x2xi32>
  %result = "stablehlo.scatter"(%x, %i, %u) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %s = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %s : tensor<i32>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<
      update_window_dims = [1],
      inserted_window_dims = [0],
      scatter_dims_to_operand_dims = [3],
      index_vector_dim = 1>,
    indices_are_sorted = false,
    unique_indices = false
  } : (tensor<4x2xi32>, tensor<2x1xi32>, tensor<2x2xi32>) -> tensor<4x2xi32>
  return %result : tensor<4x2xi32>
}
