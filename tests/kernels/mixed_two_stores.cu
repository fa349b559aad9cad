/* cuda2hlo-test
launch: weigh_count<<<8, 128>>>(out, cnt, a, w, n)
buffer: out f32 1000 const -3
buffer: cnt i32 1000 const -1
buffer: a f32 1000 uniform -2 2
buffer: w f32 16 uniform -1 1
scalar: n = 1000
check: out
check: cnt
note: mixed raising (issue 18): two stores and a periodic weight w[i % 16], all affine:
note: no gather, no scatter
*/
// Two stores of one thread (a value and a flag), a periodic read of a small table.
__global__ void weigh_count(float *out, int *cnt, const float *a, const float *w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v = a[i] * w[i % 16];
  out[i] = v;
  cnt[i] = v > 0.0f ? 1 : 0;
}
