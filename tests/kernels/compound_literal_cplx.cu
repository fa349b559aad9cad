/* cuda2hlo-test
launch: compound_literal_cplx<<<2, 64>>>(out, re, im, n)
buffer: out f32 384x2 zeros
buffer: re i32 128 randint -50 50
buffer: im i32 128 randint -50 50
scalar: n = 120
check: out rtol=0 atol=0
note: C99 compound literals of a float2 typedef, `(cf){ a.x + b.x, a.y + b.y }`, as the
note: return value of complex helpers, as an argument, assigned and stored to memory
note: (clang accepts them in C++ as an extension); small integer operands keep every
note: product and sum exact, so the result is bit for bit
*/
// Older CUDA C FFT codes build complex values with compound literals instead of make_float2.
typedef float2 cf;

__device__ cf c_add(cf a, cf b) { return (cf){ a.x + b.x, a.y + b.y }; }
__device__ cf c_sub(cf a, cf b) { return (cf){ a.x - b.x, a.y - b.y }; }
__device__ cf c_mul(cf a, cf b) { return (cf){ a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x }; }
__device__ cf c_scale(cf a, float s) { return (cf){ s * a.x, s * a.y }; }

__global__ void compound_literal_cplx(float2 *out, const int *re, const int *im, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  cf a = (cf){ (float)re[t], (float)im[t] };
  cf b = (float2){ (float)im[(t + 1) % n], -3.0f };
  cf acc = (cf){ 0.0f, 0.0f };
  acc = c_add(acc, c_mul(a, b));
  acc = c_sub(acc, c_scale((cf){ 1.0f, -2.0f }, (float)re[(t + 3) % n]));
  out[3 * t] = acc;
  out[3 * t + 1] = (cf){ a.y - b.x, (float)(t & 7) };
  cf w = c_mul(c_add(a, (cf){ 2.0f, 0.5f }), (t & 1) ? a : (cf){ -1.0f, 4.0f });
  out[3 * t + 2] = w;
}
