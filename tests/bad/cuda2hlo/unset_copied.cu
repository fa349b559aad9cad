// RUN: cuda2hlo %s --grid 1 --block 64 --size out=64
// ERROR: unset_copied\.cu:15:12: warning: 'b' is read here but is not set on every path that reaches this read
// ERROR: unset_copied\.cu:10:9: note: 'a' declared here without an initial value; 'b' holds a copy of it
// ERROR: note: in kernel 'k': CUDA leaves an unset local indeterminate
// A plain copy of a local set in thread 0 only is no read (assigned.c copy_var): b is
// set where a is, so the read under the same condition converts (line 14) and the read
// in every thread (line 15) is refused, naming the copy and the original.
__global__ void k(float *out) {
  int i = threadIdx.x;
  float a;
  if (i == 0) a = 5.0f;
  float b = a;
  if (i == 0) out[0] = b;
  out[i] += 1.0f;
  out[i] = b;
}
// The reads are checked at run time (docs/idioms.md, "Values that may be unset"):
// EXIT: 0
