// RUN: cuda2hlo %s --grid 1 --block 64 --size x=256 --size out=256 -o %out/k.mlir
// ERROR: shared_pointer_use_first\.cu:14:24: error: __shared__ pointer 'p' is used before any address assigned to it \(its buffer is the one the first assignment translated points into; an assignment must come first in the code\)
// A __shared__ pointer's buffer is the one its first translated assignment points
// into; here the loop reads it (from its second trip on) above the assignment, so
// the read is translated before the buffer is known. Refused at the read (the same
// code with the assignment first is accepted).
__global__ void k(const float *x, float *out) {
  __shared__ const float *p;
  int t = threadIdx.x;
  for (int i = 0; i < 4; i++) {
    // p is set by the previous trip
    __syncthreads();
    if (i > 0)
      out[t * 4 + i] = p[t];
    __syncthreads();
    if (t == 0)
      p = x + i * 64;
  }
}
