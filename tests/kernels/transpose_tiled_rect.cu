/* cuda2hlo-test
launch: transpose_rect<<<dim3(4, 3), dim3(32, 8)>>>(in, out, nx, ny)
buffer: in f64 7000 uniform -1 1
buffer: out f64 7000 zeros
scalar: nx = 100
scalar: ny = 70
check: out rtol=0 atol=0
note: neither dimension is a multiple of the tile: every load and store is guarded
*/
// Tiled transpose of a 70 x 100 double matrix with partial edge tiles.
#define TILE 32
#define ROWS 8

__global__ void transpose_rect(const double *in, double *out, int nx, int ny) {
  __shared__ double tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
#pragma unroll
  for (int j = 0; j < TILE; j += ROWS)
    if (x < nx && y + j < ny) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * nx + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
#pragma unroll
  for (int j = 0; j < TILE; j += ROWS)
    if (x < ny && y + j < nx) out[(y + j) * ny + x] = tile[threadIdx.x][threadIdx.y + j];
}
