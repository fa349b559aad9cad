/* cuda2hlo-test
launch: warp_perms<<<3, 64>>>(x, out, n)
buffer: x f32 192 uniform -1 1
buffer: out f32 192*6 zeros
scalar: n = 180
check: out rtol=1e-5 atol=1e-6
note: every lane of whole warps runs each shuffle; lanes past n hold 0 and still take part
*/
// Warp permutations raised densely (issue 18): each shuffle is the value's expression at
// the source lane. A shfl_xor butterfly (every lane ends with the warp's sum, in the
// GPU's order of additions), shfl_up over segments of 16 (lanes below the offset keep
// their own value), shfl_xor with a two-bit mask over segments of 8, shfl from a constant
// lane, from a lane-affine source (lane + 3, taken mod 32) and from a source past the
// segment of 8 (lane + 13: mod 8).
__global__ void warp_perms(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  float v = i < n ? x[i] : 0.0f;
  float s = v;
  for (int m = 1; m < 32; m *= 2)
    s += __shfl_xor_sync(0xffffffffu, s, m);
  out[6 * i + 0] = s;
  out[6 * i + 1] = __shfl_up_sync(0xffffffffu, v, 3, 16);
  out[6 * i + 2] = __shfl_xor_sync(0xffffffffu, v, 6, 8) - v;
  out[6 * i + 3] = __shfl_sync(0xffffffffu, v, 5) * 2.0f + v;
  out[6 * i + 4] = __shfl_sync(0xffffffffu, v, lane + 3);
  out[6 * i + 5] = __shfl_sync(0xffffffffu, v, lane + 13, 8);
}
