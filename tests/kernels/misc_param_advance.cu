/* cuda2hlo-test
launch: advance<<<5, 64>>>(src, dst, rows, n, m)
buffer: src f32 300 uniform -1 1
buffer: dst f32 300 zeros
buffer: rows f32 40*8 uniform 0 1
scalar: n = 300
scalar: m = 8
check: dst
check: rows
note: every block moves its parameters to its own slice; rows is walked one element at a time
*/
// Pointer parameters advanced in the kernel body, as published code does: each block
// moves src and dst to the start of its slice (src += base), then indexes with the thread
// index; a row pointer parameter walks its row with ++ and is scaled in place.
__global__ void advance(const float *src, float *dst, float *rows, int n, int m) {
  int base = blockIdx.x * blockDim.x;
  src += base;
  dst = dst + base;
  if (base + (int)threadIdx.x < n) dst[threadIdx.x] = 2.0f * src[threadIdx.x] + src[0];
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < 40) {
    rows += r * m;
    float s = 0.0f;
    for (int j = 0; j < m; j++) s += rows[j];
    for (int j = 0; j < m; j++) {
      *rows = *rows / s;
      rows++;
    }
  }
}
