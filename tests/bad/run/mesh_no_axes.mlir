// RUN: cuda2hlo-run %s --out %out --backend interp
// ERROR: :4:20: error: expected '<' \(the mesh's axes\)
module {
  sdy.mesh @mesh = 4
  func.func @main() -> tensor<i32> {
    %0 = stablehlo.constant dense<1> : tensor<i32>
    return %0 : tensor<i32>
  }
}
