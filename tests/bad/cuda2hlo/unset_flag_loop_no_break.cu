// RUN: cuda2hlo %s --grid 1 --block 64 --size x=80 --size keys=80 --size out=64
// ERROR: unset_flag_loop_no_break\.cu:20:27: warning: 'at' is read here but is not set on every path
// ERROR: note: declared here without an initial value
// The flag and the value are set by different tests in a loop whose trip count is not
// known (the flag stays set in later iterations while at does not follow it): refused.
__global__ void k(const float *x, const int *keys, float *out) {
  int i = threadIdx.x;
  bool found = false;
  int at;
  int m = keys[i] % 16;
  for (int j = 0; j < m; j++) {
    if (keys[i + j] == 7)
      found = true;
    if (keys[i + j] == 8) {
      at = j;
      break;
    }
  }
  float r = x[i];
  if (found) out[i] = r + at * 2.0f;
}
// The reads are checked at run time (docs/idioms.md, "Values that may be unset"):
// EXIT: 0
