/* cuda2hlo-test
launch: window_affine<<<4, 256>>>(r{lo=100, hi=900}, m{scale=2.0, shift=-1.0, clamp=1}, x, y, n)
buffer: x f32 1000 uniform -1 1
buffer: y f32 1000 const -9
scalar: n = 1000
check: y
note: only [lo, hi) is written; clamp != 0 limits the result to [-1, 1]
*/
// Two struct parameters of different layouts (ints; floats and an int) before the pointers.
struct Range {
  int lo, hi;
};
struct Affine {
  float scale, shift;
  int clamp;
};

__global__ void window_affine(Range r, Affine m, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < r.lo || i >= r.hi || i >= n) return;
  float v = m.scale * x[i] + m.shift;
  if (m.clamp) v = fminf(1.0f, fmaxf(-1.0f, v));
  y[i] = v;
}
