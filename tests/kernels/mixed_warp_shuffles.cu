/* cuda2hlo-test
launch: warp_mix<<<3, 96>>>(x, sums, part, firsts, n)
buffer: x f32 288 uniform -1 1
buffer: sums f32 9 zeros
buffer: part f32 288 zeros
buffer: firsts f32 3 const 7
scalar: n = 280
check: sums rtol=1e-5 atol=1e-6
check: part rtol=1e-5 atol=1e-6
check: firsts
note: the shuffles are the expressions the GPU evaluates (same order of additions)
*/
// Warp shuffles raised densely (issue 18): every lane of whole warps runs each shuffle,
// so the value at another lane is the same expression at that lane's thread index. A
// shfl_down tree sum (lane 0 stores it), every lane's partial sum of the tree's first two
// steps (lanes past the segment keep their own value), and a shuffle under a guard that
// keeps whole warps (warp 0 of each block: lane 3's value moved down to lane 0).
__global__ void warp_mix(const float *x, float *sums, float *part, float *firsts, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  float v = i < n ? x[i] : 0.0f;
  float s = v;
  for (int off = 16; off > 0; off /= 2) {
    s += __shfl_down_sync(0xffffffffu, s, off);
    if (off == 8) part[i] = s;
  }
  if (lane == 0) sums[blockIdx.x * 3 + warp] = s;
  if (warp == 0) {
    float t = __shfl_down_sync(0xffffffffu, v, 3);
    if (lane == 0) firsts[blockIdx.x] = t;
  }
}
