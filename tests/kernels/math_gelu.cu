/* cuda2hlo-test
launch: gelu<<<4, 256>>>(x, exact, approx, n)
buffer: x f32 1000 uniform -4 4
buffer: exact f32 1000 zeros
buffer: approx f32 1000 zeros
scalar: n = 1000
check: exact rtol=1e-5 atol=1e-6
check: approx rtol=1e-5 atol=1e-6
*/
// GELU two ways: 0.5 x (1 + erf(x / sqrt 2)) and the tanh approximation used by GPT-2.
#define SQRT_HALF 0.70710678118654752f
#define SQRT_2_OVER_PI 0.79788456080286536f

__global__ void gelu(const float *x, float *exact, float *approx, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    exact[i] = 0.5f * v * (1.0f + erff(v * SQRT_HALF));
    approx[i] = 0.5f * v * (1.0f + tanhf(SQRT_2_OVER_PI * (v + 0.044715f * v * v * v)));
  }
}
