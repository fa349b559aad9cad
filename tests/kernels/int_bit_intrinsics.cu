/* cuda2hlo-test
launch: bits<<<2, 128>>>(x, y, pop, lz, fs, rev, pop64, lz64, n)
buffer: x u32 256 randint 0 4294967296
buffer: y u64 256 randint 0 9223372036854775807
buffer: pop i32 256 zeros
buffer: lz i32 256 zeros
buffer: fs i32 256 zeros
buffer: rev u32 256 zeros
buffer: pop64 i32 256 zeros
buffer: lz64 i32 256 zeros
scalar: n = 256
check: pop
check: lz
check: fs
check: rev
check: pop64
check: lz64
note: every eighth value is forced to 0 (__clz(0) = 32, __ffs(0) = 0); others are shifted
note: right by i % 32 so leading-zero counts vary
*/
// Integer bit intrinsics: __popc, __clz, __ffs, __brev and the 64-bit __popcll, __clzll.
__global__ void bits(const unsigned *x, const unsigned long long *y, int *pop, int *lz, int *fs,
                     unsigned *rev, int *pop64, int *lz64, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned v = (i % 8 == 0) ? 0u : x[i] >> (i % 32);
  unsigned long long w = (i % 8 == 0) ? 0ull : y[i] >> (i % 64);
  pop[i] = __popc(v);
  lz[i] = __clz(v);
  fs[i] = __ffs(v);
  rev[i] = __brev(v);
  pop64[i] = __popcll(w);
  lz64[i] = __clzll(w);
}
