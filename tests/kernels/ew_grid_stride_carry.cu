/* cuda2hlo-test
launch: running_sum<<<2, 32>>>(x, y, n)
buffer: x f32 1000 uniform -1 1
buffer: y f32 1000 zeros
scalar: n = 1000
check: y rtol=1e-5 atol=1e-5
note: acc carries from one iteration of the grid-stride loop to the next, so the
note: iterations are not independent: the loop must not become a parallel dimension
*/
// Grid-stride loop with a per-thread running sum (a value carried across iterations).
__global__ void running_sum(const float *x, float *y, int n) {
  float acc = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    acc += x[i];
    y[i] = acc;
  }
}
