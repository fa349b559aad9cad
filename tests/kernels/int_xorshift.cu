/* cuda2hlo-test
launch: xorshift<<<4, 64>>>(seeds, out, sum, n, rounds)
buffer: seeds u32 256 randint 1 4294967296
buffer: out u32 256 zeros
buffer: sum u64 256 zeros
scalar: n = 256
scalar: rounds = 24
check: out
check: sum
*/
// A per-thread xorshift32 generator: shifts and xors in a loop, a 64-bit running sum.
__global__ void xorshift(const unsigned *seeds, unsigned *out, unsigned long long *sum, int n, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned s = seeds[i];
  unsigned long long acc = 0;
  for (int r = 0; r < rounds; r++) {
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    acc += s;
  }
  out[i] = s;
  sum[i] = acc;
}
