// RUN: cuda2hlo %s --grid 1 --block 32 --size x=32 --size out=32 -o %out/k.mlir
// ERROR: poison_shuffled\.cu:11:43: error: 'v' is read here but is not set on every path that reaches this read
// ERROR: poison_shuffled\.cu:8:9: note: declared here without an initial value
// A value that may be unset moved to another lane by a warp shuffle: its poison bit
// would have to move with it, which poison.c does not do, so the read stays refused.
__global__ void k(const float *x, float *out) {
  int i = threadIdx.x;
  float v;
  if (x[i] > 0.0f)
    v = x[i];
  float w = __shfl_down_sync(0xffffffffu, v, 1);
  out[i] = i < 31 && x[i + 1] > 0.0f ? w : 0.0f;
}
