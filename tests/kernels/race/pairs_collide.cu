/* cuda2hlo-test
launch: halve<<<4, 256>>>(x, out, n)
buffer: x f32 1000 uniform -1 1
buffer: out f32 500 zeros
scalar: n = 1000
expect: race
note: threads 2k and 2k + 1 both store to out[k]
*/
// RACE: a non-injective affine store, out[i / 2].
__global__ void halve(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i / 2] = x[i];
}
