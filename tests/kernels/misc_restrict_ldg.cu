/* cuda2hlo-test
launch: weighted_sum<<<4, 256>>>(a, b, w, out, n)
buffer: a f32 1000 uniform -1 1
buffer: b f32 1000 uniform -1 1
buffer: w f32 1000 uniform 0 1
buffer: out f32 1000 zeros
scalar: n = 1000
check: out
*/
// __restrict__ pointers, __ldg read-only loads and __launch_bounds__.
__global__ void __launch_bounds__(256) weighted_sum(const float *__restrict__ a, const float *__restrict__ b,
                                                    const float *__restrict__ w, float *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float t = __ldg(&w[i]);
    out[i] = t * __ldg(a + i) + (1.0f - t) * b[i];
  }
}
