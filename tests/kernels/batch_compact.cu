/* cuda2hlo-test
launch: batch_compact<<<2100, 64>>>(x, out, cnt, n)
launch: batch_compact_seen<<<2100, 64>>>(out, cnt, seen)
buffer: x f32 134000 uniform 0 1
buffer: out i32 134000 zeros
buffer: cnt i32 1 zeros
buffer: seen i32 134000 zeros
scalar: n = 134000
check: cnt
check: seen
note: 134400 lanes, one more than a SIMT batch holds; the slots atomicAdd hands out depend
note: on the order of the threads, so the check is the set of indices compacted (seen)
*/
// Stream compaction over a launch larger than one SIMT batch, warp-aggregated: a thread
// whose value takes more than two halvings to fall below 0.1 (a data-dependent loop) is
// selected; the warp's ballot counts them, its first selected lane takes that many slots
// from an atomic counter, a shuffle hands the base to the warp, and each selected thread
// stores its index at base + its rank. A second launch marks the indices in the slots.
__global__ void batch_compact(const float *x, int *out, int *cnt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x % 32, k = 0;
  float v = i < n ? x[i] : 0.0f;
  while (v > 0.1f) {
    v *= 0.5f;
    k++;
  }
  bool pick = k > 2;
  unsigned m = __ballot_sync(0xffffffffu, pick);
  int base = 0;
  if (m != 0) {
    int leader = __ffs(m) - 1;
    if (lane == leader) base = atomicAdd(cnt, __popc(m));
    base = __shfl_sync(m, base, leader);
  }
  if (pick) out[base + __popc(m & ((1u << lane) - 1u))] = i;
}

__global__ void batch_compact_seen(const int *out, const int *cnt, int *seen) {
  int s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s < *cnt) atomicAdd(&seen[out[s]], 1);
}
