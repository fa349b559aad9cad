/* cuda2hlo-test
launch: shared_bytes_retype<<<3, 64, 544>>>(x, c, y, n)
buffer: x f64 192 uniform -4 4
buffer: c f64 4 uniform -1 1
buffer: y f64 192 zeros
scalar: n = 180
check: y
note: 544 bytes of dynamic shared memory declared as chars and used only as doubles:
note: 64 for the block's values, then 4 coefficients carved out after them (68 doubles)
*/
// A byte array of dynamic shared memory typed by its one user: a 3-point stencil with
// shared coefficients, the layout filter kernels use (`extern __shared__ char smem[]`,
// `T *s = reinterpret_cast<T *>(smem)`).
__global__ void shared_bytes_retype(const double *x, const double *c, double *y, int n) {
  extern __shared__ char smem[];
  double *s_x = reinterpret_cast<double *>(smem);
  double *s_c = (double *)(&s_x[blockDim.x]);
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  s_x[t] = i < n ? x[i] : 0.0;
  if (t < 4)
    s_c[t] = c[t];
  __syncthreads();
  int l = (t + blockDim.x - 1) % blockDim.x, r = (t + 1) % blockDim.x;
  if (i < n)
    y[i] = s_c[0] * s_x[l] + s_c[1] * s_x[t] + s_c[2] * s_x[r] + s_c[3];
}
