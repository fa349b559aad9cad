/* cuda2hlo-test
launch: transpose_tiled<<<dim3(3, 2), dim3(32, 8)>>>(in, out, nx, ny)
buffer: in f32 6144 uniform -1 1
buffer: out f32 6144 zeros
scalar: nx = 96
scalar: ny = 64
check: out rtol=0 atol=0
*/
// Shared-memory tiled transpose, 32 x 32 tile padded to 33 columns against bank conflicts;
// each thread moves TILE / ROWS elements in a loop before and after the barrier.
#define TILE 32
#define ROWS 8

__global__ void transpose_tiled(const float *in, float *out, int nx, int ny) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * nx + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    out[(y + j) * ny + x] = tile[threadIdx.x][threadIdx.y + j];
}
