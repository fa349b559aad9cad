/* cuda2hlo-test
launch: periodic_diff<<<8, 128>>>(u, v, n)
buffer: u f32 1000 uniform -1 1
buffer: v f32 1000 zeros
scalar: n = 1000
check: v
*/
// Second difference on a ring: neighbours wrap with (i + 1) % n and (i + n - 1) % n.
__global__ void periodic_diff(const float *u, float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = u[(i + 1) % n] - 2.0f * u[i] + u[(i + n - 1) % n];
}
