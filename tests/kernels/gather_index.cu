/* cuda2hlo-test
launch: gather<<<4, 256>>>(x, idx, out, n)
buffer: x f32 300 uniform -1 1
buffer: idx i32 1000 randint 0 300
buffer: out f32 1000 zeros
scalar: n = 1000
check: out rtol=0 atol=0
*/
// Indirect read through an index array: out[i] = x[idx[i]].
__global__ void gather(const float *x, const int *idx, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = x[idx[i]];
}
