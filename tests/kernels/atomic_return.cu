/* cuda2hlo-test
launch: atomic_ret<<<4, 64>>>(key, val, bins, seen, cnt, marks, xsum, last, lk, won, wrap, dwrap, n)
launch: atomic_fin<<<1, 8>>>(xsum, last, tot)
buffer: key i32 256 randint 0 8
buffer: val f32 256 uniform 0 1
buffer: bins i32 8 zeros
buffer: seen i32 2048 zeros
buffer: cnt i32 1 zeros
buffer: marks i32 256 zeros
buffer: xsum i32 8 zeros
buffer: last i32 8 zeros
buffer: lk i32 8 zeros
buffer: won i32 8 zeros
buffer: wrap u32 8 zeros
buffer: dwrap u32 8 zeros
buffer: tot i32 8 zeros
scalar: n = 256
check: bins
check: seen
check: cnt
check: marks
check: tot
check: won
check: wrap
check: dwrap
note: the old values atomics return depend on the order the threads take, so every check
note: is order-independent: slots are each taken once, exch values add up, one CAS wins
*/
// Atomics whose value is used (slots from atomicAdd: per-key ranks and stream compaction;
// the chain of values atomicExch hands over; atomicCAS claims) and atomicInc/atomicDec
// with their wrap-around.
__global__ void atomic_ret(const int *key, const float *val, int *bins, int *seen, int *cnt,
                           int *marks, int *xsum, int *last, int *lk, int *won,
                           unsigned *wrap, unsigned *dwrap, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int k = key[i];
  int s = atomicAdd(&bins[k], 1);
  seen[k * n + s] = 1;
  if (val[i] > 0.5f) marks[atomicAdd(cnt, 1)] = 1;
  atomicAdd(&xsum[k], atomicExch(&last[k], i + 1));
  if (atomicCAS(&lk[k], 0, i + 1) == 0) atomicAdd(&won[k], 1);
  atomicInc(&wrap[k], 5u);
  atomicDec(&dwrap[k], 3u);
}

__global__ void atomic_fin(const int *xsum, const int *last, int *tot) {
  int k = threadIdx.x;
  tot[k] = xsum[k] + last[k];
}
