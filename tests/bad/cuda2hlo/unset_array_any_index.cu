// RUN: cuda2hlo %s --grid 1 --block 64 --size x=64 --size out=64
// ERROR: unset_array_any_index\.cu:10:12: warning: local array 't' \(at an index not known here, so every element must be set\) is read here
// ERROR: note: declared here without an initial value
// Half of a local array is filled, then an element chosen by the thread is read.
__global__ void k(const float *x, float *out) {
  int i = threadIdx.x;
  float t[8];
  for (int j = 0; j < 8; j += 2)
    t[j] = x[i] + j;
  out[i] = t[i % 8];
}
// The reads are checked at run time (docs/idioms.md, "Values that may be unset"):
// EXIT: 0
