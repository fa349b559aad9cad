/* cuda2hlo-test
launch: smooth<<<4, 128>>>(u, v, n)
buffer: u f32 500 uniform -1 1
buffer: v f32 500 zeros
scalar: n = 500
check: v rtol=1e-6 atol=1e-7
note: threads past the end return before __syncthreads; they must count as arrived
*/
__global__ void smooth(const float *u, float *v, int n) {
  __shared__ float s[130];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int t = threadIdx.x + 1;
  s[t] = u[i];
  if (threadIdx.x == 0) s[0] = i > 0 ? u[i - 1] : 0.0f;
  if (threadIdx.x == blockDim.x - 1 || i == n - 1) s[t + 1] = i + 1 < n ? u[i + 1] : 0.0f;
  __syncthreads();
  v[i] = 0.25f * s[t - 1] + 0.5f * s[t] + 0.25f * s[t + 1];
}
