// RUN: cuda2hlo %s --grid 1 --block 64 --size x=80 --size keys=80 --size out=64
// ERROR: unset_flag_changed\.cu:21:23: warning: 'at' is read here but is not set on every path
// ERROR: note: declared here without an initial value
// A search loop sets found and at just before its break, but found changes after it
// was set (negated), so `if (found)` no longer says that at was set: refused.
__global__ void k(const float *x, const int *keys, float *out) {
  int i = threadIdx.x;
  bool found = false;
  int at;
  int m = keys[i] % 16;
  for (int j = 0; j < m; j++) {
    if (keys[i + j] == 7) {
      found = true;
      at = j;
      break;
    }
  }
  found = !found;
  if (x[i] > 0.0f)
    found = true;
  if (found) out[i] = at * 2.0f;
}
// The reads are checked at run time (docs/idioms.md, "Values that may be unset"):
// EXIT: 0
