// RUN: cuda2hlo %s --grid 1 --block 64 --size out=64 --set n=64
// ERROR: unset_scalar_if\.cu:11:12: warning: 'a' is read here but is not set on every path that reaches this read
// ERROR: unset_scalar_if\.cu:8:9: note: declared here without an initial value
// ERROR: note: in kernel 'k': CUDA leaves an unset local indeterminate
// A local set only under a condition that never holds is read: indeterminate in CUDA,
// so refused at the read (it used to read as 0).
__global__ void k(float *out, int n) {
  float a;
  int i = threadIdx.x;
  if (n < 0) a = 1.0f;
  out[i] = a + 2.0f;
}
// The reads are checked at run time (docs/idioms.md, "Values that may be unset"):
// EXIT: 0
