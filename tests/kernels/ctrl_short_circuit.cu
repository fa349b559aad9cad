/* cuda2hlo-test
launch: peaks<<<4, 128>>>(x, is_peak, count, n)
buffer: x f32 500 uniform 0 1
buffer: is_peak i32 500 const 7
buffer: count i32 1 zeros
scalar: n = 500
check: is_peak
check: count
*/
// && and || that guard out-of-bounds reads: x[i - 1] is read only when i > 0.
__global__ void peaks(const float *x, int *is_peak, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  bool p = i < n && (i == 0 || x[i - 1] < x[i]) && (i == n - 1 || x[i + 1] < x[i]);
  if (i < n) is_peak[i] = p ? 1 : 0;
  if (p) atomicAdd(count, 1);
}
