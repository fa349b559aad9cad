// RUN: cuda2hlo %s --grid 1 --block 64 --size a=20000 --size out=64 --set len=300
// ERROR: unset_long_loop_return\.cu:16:12: warning: 'd' is read here but is not set on every path
// ERROR: unset_long_loop_return\.cu:15:11: note: 'gap.ret' declared here without an initial value; 'd' holds a copy of it
// A device function returns from inside a loop with a known trip count of 300 but has no
// return after it: the path through every iteration returns no value (refused at the read).
__device__ int gap(const int *u, int len) {
  for (int k = 0; k < len; k++) {
    if (u[k] != 0)
      return k;
  }
}

__global__ void k(const int *a, int *out, int len) {
  int r = threadIdx.x;
  int d = gap(a + r * len, len);
  out[r] = d * 2;
}
// The reads are checked at run time (docs/idioms.md, "Values that may be unset"):
// EXIT: 0
