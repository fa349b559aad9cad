/* cuda2hlo-test
launch: smooth<<<4, 256>>>(u, v, n)
buffer: u f32 1000 uniform -1 1
buffer: v f32 1000 uniform -1 1
scalar: n = 1000
check: v rtol=1e-6 atol=1e-6
note: the DESIGN.md example: three slices, arithmetic, one dynamic_update_slice
*/
__global__ void smooth(const float *u, float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1) v[i] = 0.25f*u[i-1] + 0.5f*u[i] + 0.25f*u[i+1];
}
