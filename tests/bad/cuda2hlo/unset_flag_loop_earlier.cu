// RUN: cuda2hlo %s --grid 1 --block 64 --size x=80 --size keys=80 --size out=64
// ERROR: unset_flag_loop_earlier\.cu:14:21: warning: 'at' is read here but is not set on every path
// ERROR: note: declared here without an initial value
// found is 0 when the loop starts, but an iteration sets it without leaving the loop, so
// a later iteration may see it set while at is not: refused (only a flag set just before
// a break keeps its value at the loop's head).
__global__ void k(const float *x, const int *keys, float *out) {
  int i = threadIdx.x;
  bool found = false;
  int at;
  float r = x[i];
  int m = keys[i] % 16;
  for (int j = 0; j < m; j++) {
    if (found) r += at * 2.0f;
    if (keys[i + j] == 7)
      found = true;
  }
  out[i] = r;
}
// The reads are checked at run time (docs/idioms.md, "Values that may be unset"):
// EXIT: 0
