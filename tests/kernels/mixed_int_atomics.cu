/* cuda2hlo-test
launch: tally<<<5, 64>>>(v, key, out, hist, stats, per_block, acc, n)
launch: bits<<<dim3(3, 2), dim3(8, 4)>>>(w, lo, hi, mask, odd, nx)
buffer: v i32 300 randint -1000 1000
buffer: key i32 300 randint 0 16
buffer: out i32 300 const 3
buffer: hist i32 16 zeros
buffer: stats i32 6 const -1
buffer: per_block i32 5 const 100
buffer: acc u32 300 const 5
buffer: w u32 384 randint 0 100000
buffer: lo u32 2 const 0xffffffff
buffer: hi u32 2 zeros
buffer: mask u32 1 const 0xffffffff
buffer: odd u32 2 const 7
scalar: n = 300
scalar: nx = 20
check: out
check: hist
check: stats
check: per_block
check: acc
check: lo
check: hi
check: mask
check: odd
*/
// Integer atomics raised one access at a time while the rest of each kernel stays dense
// (issue 18): one address for every thread is a reduce (add, min, max, or under a data
// guard, and, xor, sub), an address no two threads share a compound store, a data
// address a scatter with the combiner, and an affine address the threads of a block share
// (per_block[blockIdx.x], odd[blockIdx.y]) a reduce per block, a quasi-affine one (lo[y %
// 2]) a scatter with the combiner. Integers: any order gives the GPU's result. bits: a 2-D
// launch whose guard `x < nx` leaves the threads several boxes, unsigned min/max/and
// (identities all ones and zero).
__global__ void tally(const int *v, const int *key, int *out, int *hist, int *stats,
                      int *per_block, unsigned *acc, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int x = v[i];
  out[i] = 2 * x + 1;
  atomicAdd(&hist[key[i]], 1);
  atomicAdd(&stats[0], x);
  atomicMin(&stats[1], x);
  atomicMax(&stats[2], x);
  if (x > 0) atomicOr(&stats[3], x);
  atomicAnd(&stats[4], x | 0x100);
  atomicXor(&stats[5], x);
  atomicSub(&per_block[blockIdx.x], x % 7);
  atomicAdd(&acc[i], (unsigned)(x & 7));
}

__global__ void bits(const unsigned *w, unsigned *lo, unsigned *hi, unsigned *mask,
                     unsigned *odd, int nx) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= nx) return;
  unsigned a = w[y * 24 + x];
  atomicMin(&lo[y % 2], a);
  atomicMax(&hi[0], a);
  if (a % 3 != 0) atomicMax(&hi[1], a / 3);
  atomicAnd(mask, a | 0xfff00000u);
  if (a & 1u) atomicAdd(&odd[blockIdx.y], 1u);
}
