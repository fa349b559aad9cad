// RUN: cuda2hlo %s --grid 1 --block 64 --size x=80 --size out=64
// ERROR: unset_flag_other_path\.cu:16:21: warning: 'p' is read here but is not set on every path
// ERROR: note: declared here without an initial value
// A flag read as "p was set" (src/frontend/assigned.c follows a flag's value), but the
// flag is also set on a path that does not set p (the second test): refused.
__global__ void k(const float *x, float *out) {
  int i = threadIdx.x;
  int hit = 0;
  float p;
  if (x[i] > 0.0f) {
    p = x[i];
    hit = 1;
  }
  if (x[i + 1] > 0.0f)
    hit = 1;
  if (hit) out[i] = p * 2.0f;
}
// The reads are checked at run time (docs/idioms.md, "Values that may be unset"):
// EXIT: 0
