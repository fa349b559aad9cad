/* cuda2hlo-test
launch: transpose<<<dim3(4, 3), dim3(32, 8)>>>(a, b, rows, cols)
buffer: a f32 6000 uniform -1 1
buffer: b f32 6000 zeros
scalar: rows = 75
scalar: cols = 80
check: b rtol=0 atol=0
note: 32x33 shared tile, 8 rows per thread, sizes not multiples of the tile
*/
#define TILE 32
__global__ void transpose(const float *a, float *b, int rows, int cols) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += blockDim.y)
    if (x < cols && y + j < rows) tile[threadIdx.y + j][threadIdx.x] = a[(y + j) * cols + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += blockDim.y)
    if (x < rows && y + j < cols) b[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}
