/* cuda2hlo-test
launch: lap7<<<dim3(2, 2, 4), dim3(8, 8, 4)>>>(u, out, n, c0, c1)
buffer: u f32 4096 uniform -1 1
buffer: out f32 4096 zeros
scalar: n = 16
scalar: c0 = -6.0
scalar: c1 = 1.0
check: out
*/
// 3-D 7-point Laplacian on a 16^3 cube, interior only.
__global__ void lap7(const float *u, float *out, int n, float c0, float c1) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  int k = blockIdx.z * blockDim.z + threadIdx.z;
  if (i < 1 || j < 1 || k < 1 || i > n - 2 || j > n - 2 || k > n - 2) return;
  int s = n * n;
  int c = k * s + j * n + i;
  out[c] = c0 * u[c] + c1 * (u[c - 1] + u[c + 1] + u[c - n] + u[c + n] + u[c - s] + u[c + s]);
}
