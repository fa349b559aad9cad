/* cuda2hlo-test
launch: shuffles<<<2, 64>>>(x, out)
buffer: x f32 128 uniform 0 100
buffer: out f32 512 zeros
check: out rtol=0 atol=0
note: __shfl_sync broadcast with width 8, __shfl_up_sync warp scan, __shfl_xor_sync butterfly, width 16 down
*/
__global__ void shuffles(const float *x, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x[i];
  float bc = __shfl_sync(0xffffffffu, v, 3, 8);
  float scan = v;
  for (int d = 1; d < 32; d *= 2) {
    float o = __shfl_up_sync(0xffffffffu, scan, d);
    if ((threadIdx.x & 31) >= d) scan += o;
  }
  float bf = v;
  for (int m = 16; m > 0; m >>= 1) bf = fmaxf(bf, __shfl_xor_sync(0xffffffffu, bf, m));
  float dn = __shfl_down_sync(0xffffffffu, v, 5, 16);
  out[4 * i + 0] = bc;
  out[4 * i + 1] = scan;
  out[4 * i + 2] = bf;
  out[4 * i + 3] = dn;
}
