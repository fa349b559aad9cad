/* cuda2hlo-test
launch: scaled_loops<<<6, 128>>>(x, sums, pref, n)
buffer: x f32 700 uniform -1 1
buffer: sums f32 6 zeros
buffer: pref f32 768 zeros
scalar: n = 700
check: sums rtol=1e-5 atol=1e-5
check: pref rtol=1e-5 atol=1e-5
note: loops that halve (>>=, /=) or double (*=, <<=) their variable; with --oob-check
note: every shared access in them is proven in bounds (race_later.c scaled()), no check
*/
// A tree reduction (s >>= 1, unsigned), its divided form (h /= 2 under h > 0), and a
// Hillis-Steele scan whose step doubles (off *= 2, then off <<= 1 in a second pass).
__global__ void scaled_loops(const float *x, float *sums, float *pref, int n) {
  __shared__ float red[128];
  __shared__ float half[128];
  __shared__ float scan[128];
  unsigned t = threadIdx.x;
  int it = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  float v = i < n ? x[i] : 0.0f;
  red[t] = v;
  half[t] = 2.0f * v;
  scan[t] = v;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) red[t] += red[t + s];
    __syncthreads();
  }
  for (int h = 64; h > 0; h /= 2) {
    if ((int)t < h) half[t] = fmaxf(half[t], half[t + h]);
    __syncthreads();
  }
  for (int off = 1; off < 128; off *= 2) {
    float a = it >= off ? scan[it - off] : 0.0f;
    __syncthreads();
    scan[it] += a;
    __syncthreads();
  }
  for (int off = 1; off < 64; off <<= 1) {
    float a = it >= off + 64 ? scan[it - off] : 0.0f;
    __syncthreads();
    scan[it] += 0.5f * a;
    __syncthreads();
  }
  if (t == 0) sums[blockIdx.x] = red[0] + half[0];
  pref[blockIdx.x * blockDim.x + t] = scan[t];
}
