/* cuda2hlo-test
launch: scale_shift<<<4, 128>>>(x, y, n, s, t)
buffer: x f32 5000 uniform -2 2
buffer: y f32 5000 zeros
scalar: n = 5000
scalar: s = 1.5
scalar: t = -0.25
check: y
note: 512 threads cover 5000 elements, so each thread runs 9 or 10 iterations
*/
// Grid-stride loop: the trip count depends on the thread index.
__global__ void scale_shift(const float *x, float *y, int n, float s, float t) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = s * x[i] + t;
}
