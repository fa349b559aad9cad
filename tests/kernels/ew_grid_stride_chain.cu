/* cuda2hlo-test
launch: chain<<<2, 32>>>(x, z, n)
buffer: x f32 1000 uniform -1 1
buffer: z f32 1000 zeros
scalar: n = 1000
check: z rtol=1e-5 atol=1e-5
note: each iteration reads what the same thread wrote one iteration before (z[i - stride]),
note: so the iterations are not independent: the loop must not become a parallel dimension
*/
// Grid-stride loop whose iterations depend on each other through memory.
__global__ void chain(const float *x, float *z, int n) {
  int stride = blockDim.x * gridDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    z[i] = i >= stride ? z[i - stride] + x[i] : x[i];
}
