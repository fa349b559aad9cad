/* cuda2hlo-test
launch: atomics_strided<<<4, 32>>>(x, out, tot, mx, cols, n)
buffer: x i32 1000 randint -50 50
buffer: out i32 1000 randint 0 10
buffer: tot i32 1 zeros
buffer: mx i32 8 const -1
buffer: cols i32 64 zeros
scalar: n = 1000
check: out
check: tot
check: mx
check: cols
note: integer atomics inside a grid-stride loop (n not a multiple of the 128 threads: the
note: last trip is partial) and a block-stride loop: exact in any order
*/
// Atomics as statements in grid-stride and block-stride loops: per address, a compound
// store, one reduce, a scatter with the combiner, a reduce over the blocks.
__global__ void atomics_strided(const int *x, int *out, int *tot, int *mx, int *cols, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    atomicAdd(&out[i], x[i]);
    atomicAdd(tot, x[i]);
    atomicMax(&mx[x[i] & 7], i);
  }
  for (int c = threadIdx.x; c < 64; c += blockDim.x)
    atomicXor(&cols[c], (int)blockIdx.x * 64 + c);
}
