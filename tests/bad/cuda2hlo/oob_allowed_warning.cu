// RUN: cuda2hlo %s --grid 4 --block 256 --size x=1000 --size y=1000 --set n=1000 --allow-oob
// EXIT: 0
// ERROR: oob_allowed_warning\.cu:9:14: warning: 'y' is written out of bounds: block \(3,0,0\) thread \(231,0,0\) writes y\[1000\] of 1000 elements
// ERROR: oob_allowed_warning\.cu:9:25: warning: 'x' is read out of bounds: block \(3,0,0\) thread \(222,0,0\) reads x\[1000\] of 1000 elements
// --allow-oob: the out-of-bounds accesses are warnings and the module is written (to
// stdout here); docs/bounds.md says what it computes (tests/exec/allow_oob.py runs it).
__global__ void shift(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i + 1] = x[i + 10];
}
