/* cuda2hlo-test
launch: void_param_cast<<<2, 64>>>(out, bits, in, n)
buffer: out f32 128 zeros
buffer: bits u32 128 zeros
buffer: in f32 128 uniform -100 100
scalar: n = 120
check: out rtol=0 atol=0
check: bits
note: `void *` and `const void *` parameters typed by their casts: in is floats (its
note: first cast), read also as unsigned (a view of the same size) and as float2 (a
note: struct of its elements); out and bits are typed by their only casts; a sum in one
note: fixed order of floats scaled by 2 and bit operations: exact
*/
// Kernels that take untyped buffers (`void *`, `const void *`: a library entry point
// whose element type is chosen at run time, a kernel launched through a table of
// function pointers) cast them to the element type where they are used (HeCBench
// hadamard, and the void * parameters of other programs).
__device__ float pair_y(const float2 *p, int j) { return p[j].y; }

__global__ void void_param_cast(void *out, void *bits, const void *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float *x = static_cast<const float *>(in);
  float v = x[i] * 2.0f + ((const float *)in)[i + 1];
  if (i < n / 2) v += pair_y(reinterpret_cast<const float2 *>(in), i);
  ((float *)out)[i] = v;
  reinterpret_cast<unsigned *>(bits)[i] = __float_as_uint(v) ^ ((const unsigned *)in)[i];
}
