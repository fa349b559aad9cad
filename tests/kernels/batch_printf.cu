/* cuda2hlo-test
launch: batch_printf<<<1031, 128>>>(x, out, n)
buffer: x i32 131968 randint 0 1000
buffer: out i32 131968 zeros
scalar: n = 131900
check: out
check: stdout
note: 131968 lanes: two SIMT batches of 516 and 515 blocks (the last partial); printf
note: records are per thread of the launch, so the lines do not depend on the batches
*/
// Device printf in a launch larger than one SIMT batch: every 9973rd thread prints its
// index, its block and the warp's largest step count (a data-dependent loop, then a
// shuffle); the records are per thread of the whole launch, whatever its batch.
#include <cstdio>

__global__ void batch_printf(const int *x, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? x[i] : 0, k = 0;
  while (v > 1) {
    v = v / 3;
    k++;
  }
  int m = k;
  for (int off = 16; off > 0; off >>= 1) m = max(m, __shfl_xor_sync(0xffffffffu, m, off));
  if (i >= n) return;
  out[i] = k * 100 + m;
  if (i % 9973 == 0) printf("thread %d block %u: %d steps, warp max %d\n", i, blockIdx.x, k, m);
}
