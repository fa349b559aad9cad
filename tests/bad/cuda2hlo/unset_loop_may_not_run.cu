// RUN: cuda2hlo %s --grid 1 --block 64 --size x=64 --size out=64
// ERROR: unset_loop_may_not_run\.cu:11:12: warning: 'last' is read here but is not set on every path
// ERROR: note: declared here without an initial value
// The loop sets `last`, but m is not bound by --set: it may run zero times.
__global__ void k(const float *x, float *out, int m) {
  int i = threadIdx.x;
  float last;
  if (m > 64) return;
  for (int j = 0; j < m; j++)
    last = x[j];
  out[i] = last;
}
// The reads are checked at run time (docs/idioms.md, "Values that may be unset"):
// EXIT: 0
