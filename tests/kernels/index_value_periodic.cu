/* cuda2hlo-test
launch: periodic_values<<<dim3(3, 2), dim3(32, 4)>>>(x, y, cnt, n)
buffer: x f32 700 uniform -1 1
buffer: y f32 768 zeros
buffer: cnt i32 768 zeros
scalar: n = 700
check: y
check: cnt
*/
// Integer values computed from the thread's index and used as data, not as an address:
// max(i % 7, 3), a select on i % 5, min(i & 7, 4) and (i / 3) % 4 are piecewise on periodic
// sets of threads (not on boxes), so they are built as their operators over the index
// tensors; every read and store stays dense.
__global__ void periodic_values(const float *x, float *y, int *cnt, int n) {
  int i = (blockIdx.y * gridDim.x + blockIdx.x) * blockDim.x * blockDim.y +
          threadIdx.y * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int m = max(i % 7, 3);
  int s = i % 5 < 2 ? i / 3 : i % 9 - 4;
  int t = min(i & 7, 4) * ((i / 3) % 4);
  y[i] = x[i] * (float)m + (float)s * 0.5f - (float)t;
  cnt[i] = m * 100 + s * 10 + t;
}
