// RUN-FLAGS: --grid 3,3 --block 16,16 --size a=1600 --size b=1600 --set nx=40 --set ny=40 --emit stablehlo
// A 40 x 40 image on a 48 x 48 launch: the guard checks x but not y, so only the threads
// of the bottom edge blocks (y >= 40) leave the buffer; every other block is inside.
__global__ void copy2d(const float *a, float *b, int nx, int ny) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < nx) b[y * nx + x] = a[y * nx + x];
}
