// Bad inputs for runtime/parse.c, one per case. Each case says what the parser must
// answer: `expect-error: TEXT` (PARSE_ERROR whose message contains TEXT) or
// `expect-unsupported: TEXT` (PARSE_UNSUPPORTED). Run by parse_errors_test.c.

// expect-error: use of undefined value '%nope'
func.func @f() {
  %0 = stablehlo.negate %nope : tensor<f32>
  func.return
}

// -----
// expect-error: redefinition of value '%0'
func.func @f(%a: tensor<f32>) {
  %0 = stablehlo.negate %a : tensor<f32>
  %0 = stablehlo.negate %a : tensor<f32>
  func.return
}

// -----
// expect-unsupported: unranked tensors are not supported
func.func @f(%a: tensor<*xf32>) {
  func.return
}

// -----
// expect-error: dense constant of dynamic shape
func.func @f() -> tensor<?xf32> {
  %c = stablehlo.constant dense<1.0> : tensor<?xf32>
  func.return %c : tensor<?xf32>
}

// -----
// expect-unsupported: complex<f16> is not supported (only f32 and f64 parts)
func.func @f(%a: tensor<4xcomplex<f16>>) {
  func.return
}

// -----
// expect-unsupported: element type 'f8E4M3FNX' is not supported
func.func @f(%a: tensor<4xf8E4M3FNX>) {
  func.return
}

// -----
// expect-unsupported: operation 'stablehlo.all_reduce' is not supported
func.func @f(%a: tensor<4xf32>) {
  %0 = "stablehlo.all_reduce"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----
// expect-error: 'stablehlo.fft' needs fft_type
func.func @f(%a: tensor<4xcomplex<f32>>) {
  %0 = "stablehlo.fft"(%a) : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  func.return
}

// -----
// expect-error: complex literal needs (real, imaginary)
func.func @f() {
  %0 = stablehlo.constant dense<(1.0)> : tensor<complex<f32>>
  func.return
}

// -----
// expect-error: complex literal for a f32 element
func.func @f() {
  %0 = stablehlo.constant dense<(1.0, 2.0)> : tensor<f32>
  func.return
}

// -----
// expect-error: complex literal needs (real, imaginary), not '1.5'
func.func @f() {
  %0 = stablehlo.constant dense<1.5> : tensor<complex<f64>>
  func.return
}

// -----
// expect-error: convolution layout needs 'b', 'f' and spatial dimensions 0..n-1
func.func @f(%a: tensor<1x4x4x1xf32>, %k: tensor<3x3x1x1xf32>) {
  %0 = stablehlo.convolution(%a, %k) dim_numbers = [b, 0, 2, f]x[0, 1, i, o]->[b, 0, 1, f] : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  func.return
}

// -----
// expect-error: 'stablehlo.real' element type i32 is not allowed
func.func @f(%a: tensor<2xi32>) {
  %0 = stablehlo.real %a : (tensor<2xi32>) -> tensor<2xi32>
  func.return
}

// -----
// expect-error: dense constant has 3 elements, the type needs 4
func.func @f() {
  %0 = stablehlo.constant dense<[1, 2, 3]> : tensor<4xi32>
  func.return
}

// -----
// expect-error: integer literal for a f32 element
func.func @f() {
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xf32>
  func.return
}

// -----
// expect-error: literal 2 does not fit i1
func.func @f() {
  %0 = stablehlo.constant dense<2> : tensor<i1>
  func.return
}

// -----
// expect-error: 'stablehlo.add' operand types differ
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf64>) {
  %0 = "stablehlo.add"(%a, %b) : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  func.return
}

// -----
// expect-error: operand 1 type differs from the value's type
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf64>) {
  %0 = "stablehlo.add"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----
// expect-error: 'stablehlo.slice' slice [0:5:1] out of bounds
func.func @f(%a: tensor<4xf32>) {
  %0 = stablehlo.slice %a [0:5] : (tensor<4xf32>) -> tensor<5xf32>
  func.return
}

// -----
// expect-error: return has 0 operands, the function 1 results
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  func.return
}

// -----
// expect-error: expected ')'
func.func @f(%a: tensor<4xf32> {
  func.return
}

// -----
// expect-error: unknown comparison direction 'XX'
func.func @f(%a: tensor<4xf32>) {
  %0 = stablehlo.compare XX, %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  func.return
}

// -----
// expect-error: 2 result names for 1 results
func.func @f(%a: tensor<4xf32>) {
  %0, %1 = stablehlo.negate %a : tensor<4xf32>
  func.return
}

// -----
// expect-error: callee '@g' is not defined
func.func @f(%a: tensor<4xf32>) {
  %0 = func.call @g(%a) : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----
// expect-error: unknown field 'bogus_dims' in #stablehlo.dot
func.func @f(%a: tensor<4xf32>) {
  %0 = "stablehlo.dot_general"(%a, %a) {dot_dimension_numbers = #stablehlo.dot<bogus_dims = [0]>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
  func.return
}

// -----
// expect-error: hex constant has 2 bytes
func.func @f() {
  %0 = stablehlo.constant dense<"0x0000"> : tensor<2xf32>
  func.return
}

// -----
// expect-error: unterminated string
func.func @f(%a: tensor<4xf32> {cuda2hlo.param = "u) {
  func.return
}

// -----
// expect-error: expected
func.func @f() {
  %0:12