// RUN: cuda2hlo %s --grid 1 --block 64 --size x=64 --size out=64
// ERROR: unset_device_result\.cu:12:12: warning: the result of 'positive_part' is read here but is not set on every path
// ERROR: unset_device_result\.cu:12:12: note: called here: a path through it ends without returning a value
// A device function that falls off its end on one path (no return value there).
__device__ float positive_part(float v) {
  if (v > 0.0f)
    return v;
}

__global__ void k(const float *x, float *out) {
  int i = threadIdx.x;
  out[i] = positive_part(x[i]);
}
// The reads are checked at run time (docs/idioms.md, "Values that may be unset"):
// EXIT: 0
