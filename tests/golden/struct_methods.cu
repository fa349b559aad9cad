/* cuda2hlo-test
launch: methods<<<2, 64>>>(sc{a=1.5, b=2}, x, y, n)
buffer: x f32 128 uniform -1 1
buffer: y f32 128 zeros
scalar: n = 128
check: y
*/
// Member functions: a functor passed by value whose operator() reads its fields
// (implicitly and through this), a const method called from another, and a method that
// updates a local struct in place.
struct Scale {
  float a;
  int b;
  __device__ float operator()(float v) const { return a * v + this->b + twice(); }
  __device__ float twice() const { return 2 * a; }
};
struct Acc {
  float s;
  int n;
  __device__ void add(float v) { s += v; n++; }
  __device__ float mean() const { return s / n; }
};
__global__ void methods(Scale sc, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Acc acc = {0.0f, 0};
  acc.add(sc(x[i]));
  acc.add(x[(i + 1) % n]);
  y[i] = acc.mean();
}
