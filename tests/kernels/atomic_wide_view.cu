/* cuda2hlo-test
launch: wide_atomics<<<6, 64>>>(score, best, acc, sbest, tick, marks, same, h, n)
launch: wide_reads<<<1, 32>>>(best, acc, h, out)
buffer: score i32 384 randint -100000 100000
buffer: best i32 7 const 5
buffer: acc i32 6 zeros
buffer: sbest i32 2 zeros
buffer: tick i32 2 zeros
buffer: marks i32 384 zeros
buffer: same i32 384 zeros
buffer: h u16 8 zeros
buffer: out u32 32*4 zeros
scalar: n = 380
check: best rtol=0 atol=0
check: acc rtol=0 atol=0
check: sbest rtol=0 atol=0
check: tick rtol=0 atol=0
check: marks rtol=0 atol=0
check: same rtol=0 atol=0
check: h rtol=0 atol=0
check: out rtol=0 atol=0
note: 64-bit atomics through a pointer that views two 32-bit elements of an int buffer as
note: one word (the low word first, as on the GPU): a max of (score << 32 | thread) keys,
note: a min at a constant offset, an add whose low word carries into the high one, a
note: signed max, an add whose old value is used (each thread's slot taken once), and a
note: 32-bit or over pairs of 16-bit elements; then the words read back through such views.
note: best has 7 elements: the last is no word's and keeps its value.
*/
// A genetic-search style "best (score, id) over all blocks" kept as a 64-bit key in an
// int array the host reads as two ints.
__global__ void wide_atomics(const int *score, int *best, int *acc, int *sbest, int *tick,
                             int *marks, int *same, unsigned short *h, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned long long key = ((unsigned long long)(unsigned)(score[i] + 100000) << 32) + i;
  atomicMax((unsigned long long *)best, key);
  atomicMin((unsigned long long *)&best[2], key);
  atomicAdd(&best[4], 1);
  atomicAdd((unsigned long long *)&acc[2 * (i % 3)], (unsigned long long)(unsigned)score[i] * 2654435769ull);
  atomicMax((long long *)sbest, (long long)score[i] * 100003LL - i);
  unsigned long long old = atomicAdd((unsigned long long *)tick, (1ull << 32) + 1ull);
  atomicAdd(&marks[(int)(old & 0xffffffffull)], 1);
  same[i] = (int)(old >> 32) == (int)(old & 0xffffffffull);
  atomicOr((unsigned *)&h[2 * (i % 4)], 1u << (i % 29));
}

__global__ void wide_reads(const int *best, const int *acc, const unsigned short *h, unsigned *out) {
  int t = threadIdx.x;
  const unsigned long long *b64 = (const unsigned long long *)best;
  const unsigned long long *a64 = (const unsigned long long *)acc;
  const unsigned *h32 = (const unsigned *)h;
  unsigned long long w = b64[t % 2] ^ a64[t % 3];
  out[4 * t] = (unsigned)w;
  out[4 * t + 1] = (unsigned)(w >> 32);
  out[4 * t + 2] = h32[t % 4] >> (t % 7);
  out[4 * t + 3] = (unsigned)(((const long long *)acc)[(t + 1) % 3] >> 29);
}
