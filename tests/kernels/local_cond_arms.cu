/* cuda2hlo-test
launch: cond_arms<<<2, 64>>>(x, y, n)
buffer: x f32 100 uniform -1 1
buffer: y f32 1000 const 5
scalar: n = 100
check: y
note: in an unrolled loop, ?: arms that read local arrays at indices in bounds only where
note: the arm is taken (hi[k - 4] under k < 4 ? ... : ...), nested, beside a thread-dependent
note: ?: whose arms read constant elements (a select)
*/
// Per thread two local arrays; the loop over k picks an element of one or the other.
__global__ void cond_arms(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float lo[4], hi[4];
  for (int k = 0; k < 4; k++) {
    lo[k] = x[i] * (float)(k + 1);
    hi[k] = x[i] - (float)k;
  }
  for (int k = 0; k < 8; k++)
    y[8 * i + k] = k < 4 ? lo[k] : (k >= 6 ? hi[k - 4] * 2.0f : hi[7 - k] + lo[k - 4]);
  y[800 + 2 * i] = (i & 1) ? lo[3] : hi[0];
  y[801 + 2 * i] = i < 50 ? lo[0] : hi[3];
}
