func.func @main(%x: tensor<4x2xi32>, %i: tensor<3x1xi32>) -> (tensor<3x2xi32>, tensor<4x2xi32>) {
  %g = "stablehlo.gather"(%x, %i) {
    dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0],
                                          start_index_map = [0], index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 2>, indices_are_sorted = false
  } : (tensor<4x2xi32>, tensor<3x1xi32>) -> tensor<3x2xi32>
  %s = "stablehlo.scatter"(%x, %i, %g) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %t = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %t : tensor<i32>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0],
                                                   scatter_dims_to_operand_dims = [0], index_vector_dim = 1>,
    indices_are_sorted = false, unique_indices = false
  } : (tensor<4x2xi32>, tensor<3x1xi32>, tensor<3x2xi32>) -> tensor<4x2xi32>
  return %g, %s : tensor<3x2xi32>, tensor<4x2xi32>
}
