/* cuda2hlo-test
launch: row_scan<<<6, 16>>>(x, y, last, n)
buffer: x f32 90 uniform -1 1
buffer: y f32 96 zeros
buffer: last f32 6 zeros
scalar: n = 90
check: y rtol=1e-5 atol=1e-6
check: last rtol=1e-5 atol=1e-6
note: shuffles whose width is blockDim.x (blocks narrower than a warp), known from the launch
*/
// A row-wise inclusive scan with one block per row of 16 and shuffles as wide as the block
// (`__shfl_up_sync(mask, s, j, blockDim.x)`, `__shfl_sync(mask, s, blockDim.x - 1,
// blockDim.x)`), as codes that tune the block to the row do: the width is the launch's
// blockDim.x, a constant once the launch is known. Lanes past n read 0.
__global__ void row_scan(const float *x, float *y, float *last, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned mask = 0xffffffffu;
  float s = i < n ? x[i] : 0.0f;
  for (int j = 1; j < blockDim.x; j *= 2) {
    float v = __shfl_up_sync(mask, s, j, blockDim.x);
    if (threadIdx.x >= j) s += v;
  }
  y[i] = s;
  float t = __shfl_sync(mask, s, blockDim.x - 1, blockDim.x);
  if (threadIdx.x == 0) last[blockIdx.x] = t;
}
