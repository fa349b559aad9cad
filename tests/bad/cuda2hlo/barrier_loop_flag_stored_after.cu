// RUN: cuda2hlo %s --grid 2 --block 64 --size w=512 --size pick=2 -o %out/k.mlir
// ERROR: barrier_loop_flag_stored_after\.cu:22:5: error: __syncthreads\(\) inside a loop that is not uniform across the thread block
// A loop test on a __shared__ flag whose phase stores one constant is uniform when no
// store follows the test in the phase (tests/kernels/ctrl_phase_uniform_store.cu). Here
// every thread clears the flag at the top of the body, after the test and before the
// body's first barrier: a thread may test the flag after another thread cleared it, or
// before (reading the last trip's true): refused.
__global__ void k(const int *w, int *pick) {
  __shared__ bool found;
  __shared__ int pos;
  int t = threadIdx.x;
  if (t == 0) {
    found = false;
    pos = -1;
  }
  __syncthreads();
  for (int chunk = 0; chunk < 4 && !found; ++chunk) {
    found = false;
    int cat = chunk * 64 + t;
    if (w[cat] > 7)
      atomicMax(&pos, cat);
    __syncthreads();
    if (pos >= 0)
      found = true;
    __syncthreads();
  }
  if (t == 0)
    pick[blockIdx.x] = pos;
}
