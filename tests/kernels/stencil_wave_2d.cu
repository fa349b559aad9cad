/* cuda2hlo-test
launch: wave_step<<<dim3(3, 3), dim3(16, 16)>>>(p0, p1, p2, nx, ny, c2)
launch: wave_step<<<dim3(3, 3), dim3(16, 16)>>>(p1, p2, p0, nx, ny, c2)
launch: wave_step<<<dim3(3, 3), dim3(16, 16)>>>(p2, p0, p1, nx, ny, c2)
buffer: p0 f32 1764 uniform -1 1
buffer: p1 f32 1764 uniform -1 1
buffer: p2 f32 1764 zeros
scalar: nx = 42
scalar: ny = 42
scalar: c2 = 0.1
check: p0
check: p1
check: p2
note: three time levels rotated across three launches; edges of p2 stay zero until written
*/
// Leapfrog wave equation: next = 2 cur - prev + c2 * lap(cur), interior points only.
__global__ void wave_step(const float *prev, const float *cur, float *next, int nx, int ny, float c2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i > 0 && j > 0 && i < nx - 1 && j < ny - 1) {
    int k = j * nx + i;
    float lap = cur[k - 1] + cur[k + 1] + cur[k - nx] + cur[k + nx] - 4.0f * cur[k];
    next[k] = 2.0f * cur[k] - prev[k] + c2 * lap;
  }
}
