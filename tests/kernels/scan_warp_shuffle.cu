/* cuda2hlo-test
launch: warp_scan<<<32, 64>>>(x, out, n)
buffer: x i32 2000 randint -50 50
buffer: out i32 2000 zeros
scalar: n = 2000
check: out
note: inclusive scan of each 32-element warp segment
*/
// Warp inclusive scan with __shfl_up_sync; lanes below the offset keep their value.
__global__ void warp_scan(const int *x, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int v = i < n ? x[i] : 0;
  for (int off = 1; off < 32; off <<= 1) {
    int y = __shfl_up_sync(0xffffffffu, v, off);
    if (lane >= off) v += y;
  }
  if (i < n) out[i] = v;
}
