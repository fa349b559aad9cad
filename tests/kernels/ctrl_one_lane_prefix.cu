/* cuda2hlo-test
launch: ctrl_one_lane_prefix<<<16, 128>>>(cdf, u, w, n)
buffer: cdf f32 2000 zeros
buffer: u f32 2048 zeros
buffer: w f32 2000 uniform 0 1
scalar: n = 2000
check: cdf rtol=1e-5 atol=1e-6
check: u rtol=1e-5 atol=1e-6
note: a serial loop run by one thread of the launch after the parallel part (HeCBench
note: particlefilter's CDF: `if (i == 0) for (x = 1; x < n; x++) CDF[x] = w[x] + CDF[x-1]`):
note: the loop runs on one lane (simt_narrow.c), its values put back into the launch after
*/
__global__ void ctrl_one_lane_prefix(float *cdf, float *u, const float *w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int last = -1;
  if (i < n) u[i] = 2.0f * w[i];
  if (i == 0) {
    cdf[0] = w[0];
    int x;
    for (x = 1; x < n; x++) cdf[x] = w[x] + cdf[x - 1];
    last = x;
  }
  if (i < 16 || i >= n) u[i] += (float)last;
}
