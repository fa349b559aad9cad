/* cuda2hlo-test
launch: shfl_param_width<<<2, 64>>>(x, k, seg, full, down, idx)
buffer: x f32 128 uniform -1 1
buffer: k i32 128 randint 0 1000
buffer: seg f32 128 zeros
buffer: full f32 128 zeros
buffer: down f32 128*2 zeros
buffer: idx i32 128*2 zeros
check: seg rtol=1e-6 atol=1e-6
check: full rtol=1e-6 atol=1e-6
check: down rtol=0 atol=0
check: idx rtol=0 atol=0
note: the shuffle's width and mask reach it through by-value parameters of inlined
note: device functions (a default argument, a template argument passed on, a local)
*/
// Warp shuffles whose width (and mask) are parameters of a helper, as libraries wrap
// them: the width is a constant only once the helper is inlined at its call.
template <typename T>
__device__ __forceinline__ T xor_lane(T v, int lane_mask, int width = warpSize,
                                      unsigned int mask = 0xffffffffu) {
  return __shfl_xor_sync(mask, v, lane_mask, width);
}

// a butterfly sum within segments of W lanes
template <int W>
__device__ float segment_sum(float v) {
  for (int off = W / 2; off > 0; off /= 2)
    v += xor_lane(v, off, W);
  return v;
}

__device__ float down_by(float v, unsigned int m, int delta, int w) {
  return __shfl_down_sync(m, v, delta, w);
}

__device__ int from_lane(int v, int src, int w) {
  return __shfl_sync(0xffffffffu, v, src, w);
}

__global__ void shfl_param_width(const float *x, const int *k, float *seg, float *full,
                                 float *down, int *idx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x, n = gridDim.x * blockDim.x;
  float v = x[i];
  seg[i] = segment_sum<8>(v);
  full[i] = segment_sum<32>(v);
  int w = 16;                       // never changed: the width is 16
  down[i] = down_by(v, 0xffffffffu, 3, w);
  down[n + i] = xor_lane(v, 5);     // the default width, warpSize
  idx[i] = from_lane(k[i], 2, 4);   // lane 2 of each group of 4
  idx[n + i] = xor_lane(k[i], 1, 2, 0xffffffffu);
}
