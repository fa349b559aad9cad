// RUN: cuda2hlo %s --grid 1 --block 64 --size a=20000 --size out=64 --set len=300
// ERROR: unset_after_long_loop\.cu:20:12: warning: 'w' is read here but is not set on every path
// ERROR: note: declared here without an initial value
// A loop with a known trip count of 300 sets w before one break and in its last iteration,
// but another break leaves it unset: a join makes w set everywhere only when it is set
// on every path of both sides (every break, the path through), so this stays refused.
__global__ void k(const int *a, int *out, int len) {
  int r = threadIdx.x;
  int w;
  for (int k = 0; k < len; k++) {
    if (a[r * len + k] == 2) {
      w = k;
      break;
    }
    if (a[r * len + k] == 3)
      break;
    if (k == len - 1)
      w = -1;
  }
  out[r] = w + 1;
}
// The reads are checked at run time (docs/idioms.md, "Values that may be unset"):
// EXIT: 0
