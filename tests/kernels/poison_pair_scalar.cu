/* cuda2hlo-test
launch: pairs<<<4, 64>>>(out, x, n)
buffer: x f32 256 uniform -4 4
buffer: out f32 256 const -7
scalar: n = 250
check: out
note: a scalar set in even lanes only (through a device function whose result is unset
note: on one path) goes through shared memory; odd lanes store their even neighbour's
note: value and even lanes store nothing, so the unset values are never used: poison
note: bits on the scalar, the function's result and the shared array; exact
*/
__device__ float half_pos(float v) {
  if (v > 0.0f)
    return 0.5f * v;
  if (v <= 0.0f)
    return -v;
}

__global__ void pairs(float *out, const float *x, int n) {
  __shared__ float s[64];
  int t = threadIdx.x, i = blockIdx.x * 64 + t;
  float v;
  if (t % 2 == 0 && i < n)
    v = half_pos(x[i]) + 1.0f;
  s[t] = v;
  __syncthreads();
  if (t % 2 == 1 && i < n)
    out[i] = s[t - 1] * 3.0f;
}
