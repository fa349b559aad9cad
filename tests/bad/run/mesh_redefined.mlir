// RUN: cuda2hlo-run %s --out %out --backend interp
// ERROR: :6:3: error: redefinition of mesh '@mesh'
// a mesh is a symbol: defined once
module {
  sdy.mesh @mesh = <["x"=2]>
  sdy.mesh @mesh = <["x"=4]>
  func.func @main() -> tensor<i32> {
    %0 = stablehlo.constant dense<1> : tensor<i32>
    return %0 : tensor<i32>
  }
}
