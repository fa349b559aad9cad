// RUN: cuda2hlo-run %s --out %out --backend interp
// ERROR: no input for parameter 'arg0'
// TIMEOUT: 20
// 40 functions, each calling the next twice: 2^40 calls if run. Planning the memory
// peak visits each function once (budget.c memoizes), so the missing input is reported
// at once. Was: the planner walked the call tree, a hang before anything ran.
func.func private @f0(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f1(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f1(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f1(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f2(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f2(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f2(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f3(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f3(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f3(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f4(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f4(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f4(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f5(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f5(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f5(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f6(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f6(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f6(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f7(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f7(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f7(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f8(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f8(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f8(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f9(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f9(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f9(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f10(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f10(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f10(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f11(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f11(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f11(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f12(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f12(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f12(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f13(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f13(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f13(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f14(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f14(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f14(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f15(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f15(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f15(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f16(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f16(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f16(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f17(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f17(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f17(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f18(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f18(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f18(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f19(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f19(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f19(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f20(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f20(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f20(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f21(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f21(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f21(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f22(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f22(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f22(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f23(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f23(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f23(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f24(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f24(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f24(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f25(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f25(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f25(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f26(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f26(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f26(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f27(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f27(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f27(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f28(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f28(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f28(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f29(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f29(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f29(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f30(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f30(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f30(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f31(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f31(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f31(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f32(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f32(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f32(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f33(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f33(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f33(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f34(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f34(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f34(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f35(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f35(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f35(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f36(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f36(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f36(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f37(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f37(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f37(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f38(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f38(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f38(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f39(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @f39(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @f39(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}
func.func @main(%p: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @f0(%p) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
