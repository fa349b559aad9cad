// RUN: cuda2hlo %s --grid 2 --block 64 --size same=2 --size out=128 -o %out/k.mlir
// ERROR: barrier_loop_load_same_phase\.cu:17:5: error: __syncthreads\(\) inside a loop that is not uniform across the thread block
// A loop test that loads a block-uniform element is uniform when no thread writes it in
// the test's phase (tests/kernels/ctrl_phase_uniform_load.cu). Here thread 0 bumps the
// counter after the loop's last barrier, in the same phase as the test: the other threads
// may read it before or after the increment, so the test may differ between them: refused.
__global__ void k(int *same, float *out) {
  __shared__ float s[64];
  int t = threadIdx.x, b = blockIdx.x;
  if (t == 0)
    same[b] = 0;
  __syncthreads();
  do {
    s[t] = (float)t;
    if (t == 0)
      same[b]++;
    __syncthreads();
    out[b * 64 + t] += s[63 - t];
  } while (same[b] < 3);
}
