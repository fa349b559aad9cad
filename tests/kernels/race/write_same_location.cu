/* cuda2hlo-test
launch: last_writer<<<4, 256>>>(x, out, n)
buffer: x f32 1000 uniform -1 1
buffer: out f32 1 zeros
scalar: n = 1000
expect: race
note: every thread stores to out[0]: the write is not injective
*/
// RACE: 1000 threads write one location without an atomic; the survivor is unspecified.
__global__ void last_writer(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[0] = x[i];
}
