// RUN: cuda2hlo %s --grid 1 --block 64 --size x=64 --size out=64
// ERROR: unset_struct_field\.cu:13:27: warning: 'p\.y' is read here but is not set on every path
// ERROR: unset_struct_field\.cu:5:24: note: declared here without an initial value
// One field of a local struct is set, the other is read.
struct Pair { float x, y; };

__global__ void k(const float *x, float *out) {
  int i = threadIdx.x;
  Pair p;
  p.x = x[i];
  if (x[i] > 0.0f)
    p.y = 1.0f;
  out[i] = p.x * 2.0f + p.y;
}
// The reads are checked at run time (docs/idioms.md, "Values that may be unset"):
// EXIT: 0
