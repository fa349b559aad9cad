// RUN: cuda2hlo %s --grid 1 --block 32 --size x=64 --size out=32
// ERROR: unset_after_jump_in_if\.cu:19:12: warning: 'w' is read here but is not set on every path
// ERROR: note: declared here without an initial value
// The first iteration may break inside the inner if before w is set; the paths that
// stayed meet again after the if with no test in common, so w's assignment was taken as
// set on every path, the break's included (main before: accepted, w read indeterminate).
__global__ void k(const float *x, float *out) {
  int i = threadIdx.x;
  float w;
  for (int k = 0; k < 4; k++) {
    if (x[i + k] > 0.0f) {
      if (x[i + k + 1] > 0.0f)
        break;
    }
    w = 1.0f + k;
    if (x[i + k + 2] > 0.0f)
      break;
  }
  out[i] = w * 2.0f;
}
// The reads are checked at run time (docs/idioms.md, "Values that may be unset"):
// EXIT: 0
