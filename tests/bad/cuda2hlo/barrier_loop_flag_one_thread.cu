// RUN: cuda2hlo %s --grid 2 --block 64 --size w=512 --size pick=4 -o %out/k.mlir
// ERROR: barrier_loop_flag_one_thread\.cu:21:7: error: __syncthreads\(\) inside a loop that is not uniform across the thread block
// A loop test on a __shared__ flag whose phase stores one constant is uniform when every
// thread runs the store (tests/kernels/ctrl_phase_uniform_store.cu). Here only thread 0
// clears the flag, in the test's phase: on the second row the other threads may test it
// before thread 0 clears it (reading the last row's true) or after: refused.
__global__ void k(const int *w, int *pick) {
  __shared__ bool found;
  __shared__ int pos;
  int t = threadIdx.x;
  for (int r = 0; r < 2; r++) {
    __syncthreads();
    if (t == 0) {
      found = false;
      pos = -1;
    }
    for (int chunk = 0; chunk < 4 && !found; ++chunk) {
      int cat = chunk * 64 + t;
      if (w[r * 256 + cat] > 7)
        atomicMax(&pos, cat);
      __syncthreads();
      if (pos >= 0)
        found = true;
      __syncthreads();
    }
    if (t == 0)
      pick[blockIdx.x * 2 + r] = pos;
  }
}
