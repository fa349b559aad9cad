/* cuda2hlo-test
launch: flag_and_copy<<<4, 64>>>(x, y, flag, first, order, n)
buffer: x f32 250 uniform 0 1
buffer: y f32 250 const -1
buffer: flag i32 2 const 5
buffer: first i32 4 const -7
buffer: order i32 250 randint 0 250
scalar: n = 250
check: y
check: flag
check: first
*/
// Per-store fallback (issue 18, strategy affine-scatter-stores): flag[0] = 1 under a data
// guard is written by many threads (not injective; race-free, every thread stores the same
// value), first[blockIdx.x] = -1 likewise for each block where thread 0's element is
// small: each such store alone is a scatter, while y's store and every read stay dense (a
// whole-kernel SIMT fallback before). order[] is read but never an index: no gather.
__global__ void flag_and_copy(const float *x, float *y, int *flag, int *first, const int *order,
                              int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  y[i] = 2.0f * v + (float)(order[i] % 3);
  if (v > 0.9f) flag[0] = 1;
  if (v < 0.1f) flag[1] = 0;
  if (x[blockIdx.x * blockDim.x] < 0.5f) first[blockIdx.x] = -1;
}
