// RUN: cuda2hlo %s --grid 1 --block 64 --size x=64 --size out=64 --set n=40
// ERROR: unset_guard_changed\.cu:12:23: warning: 'a' is read here but is not set on every path
// ERROR: note: declared here without an initial value
// The same test `c < n` guards the set and the read, but c changed in between.
__global__ void k(const float *x, float *out, int n) {
  int i = threadIdx.x;
  int c = i;
  float a;
  if (c < n)
    a = x[i];
  c = c - 8;
  if (c < n) out[i] = a;
}
// The reads are checked at run time (docs/idioms.md, "Values that may be unset"):
// EXIT: 0
