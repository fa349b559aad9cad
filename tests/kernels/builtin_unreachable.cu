/* cuda2hlo-test
launch: classify<<<4, 64>>>(y, x, n)
buffer: x i32 256 randint -1000 1000
buffer: y i32 256 zeros
scalar: n = 250
check: y
note: __builtin_unreachable() after a return (dead: not lowered), after a switch whose
note: cases all return (kept: a device assert no thread fails), and __builtin_assume on a
note: condition that holds for every thread (a device assert too); exact
*/
// Library code ends a value-returning device function with __builtin_unreachable() to
// silence the missing-return warning, and states facts with __builtin_assume.
__device__ int bucket(int v) {
  if (v >= 0) {
    return v / 100;
    __builtin_unreachable();
  }
  switch (v & 1) {
  case 0:
    return -2;
  case 1:
    return -1;
  }
  __builtin_unreachable();
}

__global__ void classify(int *y, const int *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __builtin_assume(x[i] > -2000);
  y[i] = bucket(x[i]) * 3 + (x[i] & 7);
}
