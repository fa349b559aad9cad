// RUN: cuda2hlo %s --grid 1 --block 64 --size x=512 --size out=64
// ERROR: unset_loop_first_read\.cu:10:9: warning: 's' is read here but is not set on every path
// ERROR: unset_loop_first_read\.cu:7:9: note: declared here without an initial value
// A running sum that was never initialised: the first iteration reads it.
__global__ void k(const float *x, float *out) {
  int i = threadIdx.x;
  float s;
  for (int j = 0; j < 8; j++) {
    float v = x[i * 8 + j];
    s = s + v;
  }
  out[i] = s;
}
// The reads are checked at run time (docs/idioms.md, "Values that may be unset"):
// EXIT: 0
