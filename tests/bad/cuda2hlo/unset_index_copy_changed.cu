// RUN: cuda2hlo %s --grid 2 --block 8 --size x=2 --size y=16
// ERROR: unset_index_copy_changed\.cu:15:39: warning: 's' is read here but is not set on every path that reaches this read
// ERROR: note: declared here without an initial value
// A local copy of threadIdx.x that is assigned again is no longer the index: `tid == 0`
// after `tid = 3 - tid` holds in thread 3, which never set s. (A copy never assigned
// again is: tests/kernels/assigned_index_copy.cu.)
__global__ void flip(const float *x, float *y) {
  int tid = threadIdx.x;
  float s;
  if (tid == 0)
    s = x[blockIdx.x];
  if (tid < 4)
    tid = 3 - tid;
  if (tid == 0)
    y[blockIdx.x * 8 + threadIdx.x] = s;
}
// The read is checked at run time (docs/idioms.md, "Values that may be unset"):
// EXIT: 0
