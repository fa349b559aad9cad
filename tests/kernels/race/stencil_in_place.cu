/* cuda2hlo-test
launch: smooth_in_place<<<4, 256>>>(u, n)
buffer: u f32 1000 uniform -1 1
scalar: n = 1000
expect: race
note: the 3-point smoothing of stencil_smooth_1d written back into its own input
*/
// RACE: an in-place stencil reads u[i - 1] and u[i + 1] that neighbouring threads overwrite.
__global__ void smooth_in_place(float *u, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1) u[i] = 0.25f * u[i - 1] + 0.5f * u[i] + 0.25f * u[i + 1];
}
