/* cuda2hlo-test
launch: masked_stores<<<dim3(3, 2), dim3(16, 16)>>>(a, chk, low, nx, ny)
buffer: a f32 40*30 uniform -1 1
buffer: chk f32 40*30 const 7
buffer: low f32 40*30 const -3
scalar: nx = 40
scalar: ny = 30
check: chk
check: low
note: mixed raising (issue 18): stores whose threads are no union of boxes (a
note: checkerboard, a lower triangle with a stride) are selects over the hull box, the
note: old values kept where the guard does not hold; no gather, no scatter
*/
// Two stores whose ranges are not unions of boxes: every other element of a grid (the
// others keep their old value 7) and the lower triangle of every third row.
__global__ void masked_stores(const float *a, float *chk, float *low, int nx, int ny) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= nx || y >= ny)
    return;
  if ((x + y) % 2 == 0)
    chk[y * nx + x] = 2.0f * a[y * nx + x] + 1.0f;
  if (x <= y && y % 3 == 1)
    low[y * nx + x] = a[y * nx + x] - (float)x;
}
