/* cuda2hlo-test
launch: warp_scan_in_place<<<6, 64>>>(x, y, counts, n)
buffer: x i32 384 randint -50 50
buffer: y i32 384 zeros
buffer: counts i32 6 zeros
scalar: n = 13
check: y
check: counts
*/
// An exclusive warp scan over shared memory in place: each lane reads its left
// neighbour's element, the shuffles (full mask: every lane of the warp takes part, so
// none passes them before all have read) combine, and each lane writes its element back.
// The read of s[lane - 1] and the write of s[lane] by the neighbour are ordered by the
// shuffles, not by a barrier. The second warp of each block counts its lanes with a
// ballot between a shared read and a shared write, in the same way.
__device__ void warp_exclusive_sum(const int *in, int *out, int n) {
  int lane = threadIdx.x & 31;
  int data = (lane > 0 && lane < n) ? in[lane - 1] : 0;
  for (int i = 1; i < 32; i *= 2) {
    int other = __shfl_up_sync(0xffffffff, data, i);
    if (lane > i)
      data += other;
  }
  if (lane < n)
    out[lane] = data;
}

__global__ void warp_scan_in_place(const int *x, int *y, int *counts, int n) {
  __shared__ int s[64];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  s[t] = x[i];
  __syncthreads();
  if (t < 32) {
    warp_exclusive_sum(s, s, n);
  } else {
    int lane = t - 32;
    int v = s[32 + (lane + 1) % 32];
    unsigned positive = __ballot_sync(0xffffffff, v > 0);
    s[t] = v + __popc(positive);
    if (lane == 0)
      counts[blockIdx.x] = __popc(positive);
  }
  __syncthreads();
  y[i] = s[t];
}
