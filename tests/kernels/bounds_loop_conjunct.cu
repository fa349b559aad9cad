/* cuda2hlo-test
launch: chunk_scan<<<6, 128>>>(x, out)
buffer: x f32 6144 uniform 0 1
buffer: out f32 6144 zeros
check: out rtol=1e-5 atol=1e-5
note: a loop over chunks that stops when a block's scan passes a threshold (`chunk < 8 &&
note: !found`, a test that is not affine as a whole), a scan doubling its step inside;
note: with --oob-check every access is proven in bounds on a superset of the iterations
note: (race_later.c: the test's affine conjunct, the step within int), no run-time check
*/
__global__ void chunk_scan(const float *x, float *out) {
  __shared__ float smem[128];
  __shared__ int found;
  if (threadIdx.x == 0) found = 0;
  __syncthreads();
  for (int chunk = 0; chunk < 8 && !found; ++chunk) {
    int at = (blockIdx.x * 8 + chunk) * 128 + threadIdx.x;
    smem[threadIdx.x] = x[at];
    __syncthreads();
    for (int offset = 1; offset < blockDim.x; offset *= 2) {
      float v = 0.0f;
      if (threadIdx.x >= offset) v = smem[threadIdx.x - offset];
      __syncthreads();
      if (threadIdx.x >= offset) smem[threadIdx.x] += v;
      __syncthreads();
    }
    out[at] = smem[threadIdx.x];
    __syncthreads();
    if (threadIdx.x == 0 && smem[127] > 66.0f) found = 1;
    __syncthreads();
  }
}
