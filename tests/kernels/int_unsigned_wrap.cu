/* cuda2hlo-test
launch: wrap<<<2, 128>>>(a, b, diff, prod, neg, acc64, n)
buffer: a u32 200 randint 0 1000
buffer: b u32 200 randint 0 4294967296
buffer: diff u32 200 zeros
buffer: prod u32 200 zeros
buffer: neg u32 200 zeros
buffer: acc64 u64 200 zeros
scalar: n = 200
check: diff
check: prod
check: neg
check: acc64
*/
// Unsigned overflow wraps: a - b below zero, products past 2^32, negation, and a 64-bit
// accumulator pushed past 2^64.
__global__ void wrap(const unsigned *a, const unsigned *b, unsigned *diff, unsigned *prod,
                     unsigned *neg, unsigned long long *acc64, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i];
  diff[i] = x - y;
  prod[i] = y * 65537u + 0xfffffff0u;
  neg[i] = -x;
  unsigned long long s = 0xffffffffffffff00ULL;
  for (int k = 0; k < 4; k++) s += (unsigned long long)y * 3u;
  acc64[i] = s;
}
