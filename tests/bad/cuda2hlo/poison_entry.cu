// RUN: cuda2hlo %s --entry run --size x=64 --size out=64 -o %out/k.mlir
// ERROR: poison_entry\.cu:13:12: error: element 3 of local array 't' is read here but is not set on every path that reaches this read
// ERROR: poison_entry\.cu:15:40: note: in the launch of 'k' here
// With --entry a read that may be unset stays refused: the poison bits' checks are device
// assert records, which have no host buffer in an entry's module yet (as device printf,
// src/raise/host.c); the same kernel converts alone with a warning.
__global__ void k(const float *x, float *out) {
  int i = threadIdx.x;
  float t[4];
  for (int j = 0; j < 3; j++)
    t[j] = x[i] * j;
  out[i] = t[0] + t[1] + t[2] +
           t[3];
}
void run(const float *x, float *out) { k<<<1, 64>>>(x, out); }
