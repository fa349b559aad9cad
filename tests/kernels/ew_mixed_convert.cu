/* cuda2hlo-test
launch: mixed<<<2, 256>>>(ia, fb, dc, n)
buffer: ia i32 400 randint -50000 50000
buffer: fb f32 400 uniform -100 100
buffer: dc f64 400 zeros
scalar: n = 400
check: dc rtol=1e-12 atol=1e-12
*/
// Implicit and explicit conversions between int, float and double in one expression.
__global__ void mixed(const int *ia, const float *fb, double *dc, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float f = ia[i] * 0.5f;          // int -> float
    double d = (double)fb[i] * ia[i]; // float, int -> double
    dc[i] = d + f + (double)(float)i / 3.0;
  }
}
