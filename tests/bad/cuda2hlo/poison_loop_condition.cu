// RUN: cuda2hlo %s --grid 1 --block 32 --size x=32 --size out=32 -o %out/k.mlir
// ERROR: poison_loop_condition\.cu:15:23: error: 'n' is read here but is not set on every path that reaches this read
// ERROR: poison_loop_condition\.cu:11:7: note: declared here without an initial value
// A value that may be unset decides a loop's trip count: a check would have to run at
// every test of the condition, which the poison bits (poison.c) do not place, so the
// read stays refused as before.
__global__ void k(const float *x, float *out) {
  int i = threadIdx.x;
  if (i >= 32)
    return;
  int n;
  if (x[i] > 0.0f)
    n = (int)x[i];
  float s = 0.0f;
  for (int j = 0; j < n; j++)
    s += 1.0f;
  out[i] = s;
}
