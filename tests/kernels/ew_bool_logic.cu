/* cuda2hlo-test
launch: bool_logic<<<3, 128>>>(a, b, x, out, diff, n)
buffer: a bool 333 randint 0 2
buffer: b bool 333 randint 0 2
buffer: x f32 333 uniform 0 1
buffer: out bool 333 zeros
buffer: diff bool 333 zeros
scalar: n = 333
check: out
check: diff
*/
// bool loads and stores, logical operators and a float comparison producing bool.
__global__ void bool_logic(const bool *a, const bool *b, const float *x,
                           bool *out, bool *diff, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i] = (a[i] && !b[i]) || x[i] > 0.5f;
    diff[i] = a[i] != b[i];
  }
}
