// RUN: cuda2hlo %s --grid 1 --block 64 --size x=64 --size out=64
// ERROR: unset_array_element\.cu:11:16: warning: element 3 of local array 't' is read here but is not set on every path
// ERROR: unset_array_element\.cu:7:9: note: declared here without an initial value
// A loop fills elements 0..2 of a local array; element 3 is read.
__global__ void k(const float *x, float *out) {
  int i = threadIdx.x;
  float t[4];
  for (int j = 0; j < 3; j++)
    t[j] = x[i] * j;
  float s = t[0] + t[1] + t[2];
  out[i] = s + t[3];
}
// The reads are checked at run time (docs/idioms.md, "Values that may be unset"):
// EXIT: 0
