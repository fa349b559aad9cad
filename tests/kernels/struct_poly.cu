/* cuda2hlo-test
launch: horner<<<4, 128>>>(p{c0=0.5, c1=-1.0, c2=0.25, c3=0.125}, x, y, n)
launch: horner<<<4, 128>>>(p{c0=0.5, c1=-1.0, c2=0.25, c3=0.125}, y, x, n)
buffer: x f32 500 uniform -1 1
buffer: y f32 500 zeros
scalar: n = 500
check: x rtol=1e-5 atol=1e-6
check: y rtol=1e-5 atol=1e-6
note: two launches with the same struct value; the second maps y back into x
*/
// A struct of float coefficients passed by value, evaluated by Horner's rule.
struct Cubic {
  float c0, c1, c2, c3;
};

__global__ void horner(Cubic p, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    y[i] = ((p.c3 * v + p.c2) * v + p.c1) * v + p.c0;
  }
}
