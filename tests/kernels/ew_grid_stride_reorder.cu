/* cuda2hlo-test
launch: stride_overwrite<<<2, 32>>>(x, z, n)
buffer: x f32 700 uniform -1 1
buffer: z f32 700 zeros
scalar: n = 700
check: z
note: trip k writes z[i + 64] = -1 and trip k + 1 overwrites it with x[i + 64]: the two
note: statements meet at different trips of one thread, so applying each over all trips
note: at once would leave -1 behind; the affine strategy refuses, SIMT keeps the order
*/
// Grid-stride loop whose second store is overwritten by the first store of the next trip.
__global__ void stride_overwrite(const float *x, float *z, int n) {
  int s = blockDim.x * gridDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += s) {
    z[i] = 2.0f * x[i];
    if (i + s < n)
      z[i + s] = -1.0f;
  }
}
