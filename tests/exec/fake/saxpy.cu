/* cuda2hlo-test
launch: saxpy<<<4, 256>>>(n, a, x, y)
buffer: x f32 1000 uniform -1 1
buffer: y f32 1000 uniform -1 1
scalar: n = 1000
scalar: a = 2.5
check: y
note: the kernel the fake converter (tests/exec/fake/cuda2hlo) knows
*/
__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
