/* cuda2hlo-test
launch: transpose_inplace<<<dim3(2, 2), dim3(16, 16)>>>(a, n)
buffer: a f32 1024 uniform -1 1
scalar: n = 32
expect: race
note: thread (x, y) writes a[y][x] and reads a[x][y], which thread (y, x) writes
*/
// RACE: a naive in-place transpose of a square matrix.
__global__ void transpose_inplace(float *a, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < n && y < n) a[y * n + x] = a[x * n + y];
}
