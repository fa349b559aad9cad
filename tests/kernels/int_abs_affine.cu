/* cuda2hlo-test
launch: abs_affine<<<3, 64>>>(d, e, n)
buffer: d i32 150 zeros
buffer: e i64 150 zeros
scalar: n = 150
check: d
check: e
note: found by tests/random (seed 77): abs of an affine value came out negated
*/
// abs and llabs of affine functions of the thread index and a scalar: positive,
// negative and changing sign inside the launch.
__global__ void abs_affine(int *d, long long *e, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    d[i] = abs(i - 40) + 3 * abs(n + i) + abs(2 * i - n);
    e[i] = llabs((long long)(i - n)) + abs(-i - 1);
  }
}
