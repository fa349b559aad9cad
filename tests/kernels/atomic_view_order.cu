/* cuda2hlo-test
launch: atomic_view_order<<<2, 64>>>(best, lo, cnt, wide, uwide, v, s, n)
buffer: best i32 4 randint -1000 1000
buffer: lo u32 4 randint 0 4294967296
buffer: cnt i32 4 randint 0 30
buffer: wide i64 2 randint -9000000000000000000 9000000000000000000
buffer: uwide u64 2 randint 0 18000000000000000000
buffer: v u32 128 randint 0 4294967296
buffer: s i64 128 randint -9000000000000000000 9000000000000000000
scalar: n = 120
check: best rtol=0 atol=0
check: lo rtol=0 atol=0
check: cnt rtol=0 atol=0
check: wide rtol=0 atol=0
check: uwide rtol=0 atol=0
note: atomics that compare, through a pointer that views integers as integers of the
note: other signedness (HeCBench atomicIntrinsics: atomicInc((unsigned int *)&ints[7],
note: 17)): an unsigned max over ints (-1 is the largest), a signed min over unsigned
note: words, atomicInc and atomicDec wrapping as unsigned over ints, 64-bit unsigned max
note: over long longs and signed min over unsigned long longs; every address contended,
note: each of one kind, so the order the lanes win does not matter; exact
*/
// The comparison is the pointer's type: the GPU does the atomic on the word's bits.
__global__ void atomic_view_order(int *best, unsigned *lo, int *cnt, long long *wide, unsigned long long *uwide,
                                  const unsigned *v, const long long *s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  atomicMax((unsigned *)&best[i % 4], v[i]);
  atomicMin((int *)&lo[(i / 2) % 4], (int)v[i]);
  atomicInc((unsigned *)&cnt[i % 2], 17u);
  atomicDec((unsigned *)&cnt[2 + i % 2], 37u);
  atomicMax((unsigned long long *)&wide[i % 2], (unsigned long long)s[i]);
  atomicMin((long long *)&uwide[i % 2], s[i]);
}
