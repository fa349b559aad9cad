/* cuda2hlo-test
launch: flip_positive<<<4, 64>>>(x, y, n)
buffer: x f32 256 uniform -1 1
buffer: y f32 256 const 9
scalar: n = 256
check: x
check: y
note: the guard reads x, the first store in the branch changes x; the second store must
note: still see the guard as it was when the if ran (memory is read when a statement runs)
*/
// A data-dependent guard whose buffer is written inside the branch.
__global__ void flip_positive(float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (x[i] > 0.0f) {
    x[i] = -x[i];
    y[i] = 1.0f;
  }
}
