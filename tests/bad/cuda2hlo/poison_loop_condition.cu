// RUN: cuda2hlo %s --grid 1 --block 32 --size x=32 --size out=32
// ERROR: poison_loop_condition\.cu:16:23: warning: 'n' is read here but is not set on every path that reaches this read
// ERROR: poison_loop_condition\.cu:12:7: note: declared here without an initial value
// A value that may be unset decides a loop's trip count (refused before issue 20): the
// test is checked at each iteration (poison.c loop_body: a check at the body's start,
// one after the loop), so the read is a warning and the launch fails in the threads
// whose x[i] <= 0 (tests/cudart/bad_poison_loop.cu runs such a kernel).
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
// EXIT: 0
