/* cuda2hlo-test
launch: fir<<<4, 128>>>(x, y, n)
buffer: x f32 500 uniform -1 1
buffer: y f32 500 zeros
scalar: n = 500
check: y
note: the first TAPS - 1 outputs see zeros before the start of x
*/
// A 9-tap FIR filter whose weights live in a __constant__ array with an initialiser.
#define TAPS 9

__constant__ float c_taps[TAPS] = {0.02f, 0.05f, 0.1f, 0.15f, 0.36f, 0.15f, 0.1f, 0.05f, 0.02f};

__global__ void fir(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float s = 0.0f;
#pragma unroll
  for (int k = 0; k < TAPS; k++) {
    int j = i - k;
    if (j >= 0) s += c_taps[k] * x[j];
  }
  y[i] = s;
}
