/* cuda2hlo-test
launch: weigh<<<3, 64>>>(p{w[0]=0.5, w[1]=-1.25, w[2]=2.0, w[3]=0.75, shift[0]=1, shift[1]=3, n=150}, x, y)
buffer: x f32 160 uniform -1 1
buffer: y f32 160 zeros
check: y rtol=1e-6 atol=1e-6
note: the struct's array fields are read at constant and at run-time indices, and through a const reference at a run-time index
*/
// A parameter struct passed by value whose fields include small arrays, as simulation
// codes pass their coefficients: w[i % 4] at a run-time index, shift[1] at a constant,
// and a const reference to w[(i + 1) % 4] (its value: the parameters do not change).
struct Params {
  float w[4];
  int shift[2];
  int n;
};

__global__ void weigh(Params p, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < p.n) {
    int j = i + p.shift[1] < p.n ? i + p.shift[1] : i;
    const float &g = p.w[(i + 1) % 4];
    y[i] = p.w[i % 4] * x[j] + (float)p.shift[0] * p.w[3] + g * x[i];
  }
}
