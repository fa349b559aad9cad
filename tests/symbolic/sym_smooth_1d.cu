/* cuda2hlo-test
launch: smooth_n<<<4, 256>>>(u, v, n)
buffer: u f32 1000 uniform -1 1
buffer: v f32 1000 uniform -1 1
scalar: n = 1000
check: v
note: the interior 1 .. n-2 of the first n elements; the halo reads u[i-1] and u[i+1]
*/
// A 3-point smoothing of the first n elements (n a runtime scalar: --symbolic n).
__global__ void smooth_n(const float *u, float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1) v[i] = 0.25f * u[i - 1] + 0.5f * u[i] + 0.25f * u[i + 1];
}
