/* cuda2hlo-test
launch: ring<<<2, 64>>>(u, v, n)
buffer: u f32 100 uniform -1 1
buffer: v f32 100 zeros
scalar: n = 100
check: v
note: raise strategy 2 golden: the periodic reads are concatenates of two slices
*/
__global__ void ring(const float *u, float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = u[(i + 1) % n] - 2.0f * u[i] + u[(i + n - 1) % n];
}
