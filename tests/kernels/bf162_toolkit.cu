/* cuda2hlo-test
launch: bf162_toolkit<<<2, 64>>>(y2, f, o, g, n)
buffer: y2 f16 128x2 uniform -4 4
buffer: f f32 256 uniform -70000 70000
buffer: o u16 128*20 zeros
buffer: g f32 128*5 zeros
scalar: n = 124
check: o
check: g rtol=0 atol=0
note: the CUDA toolkit's own __nv_bfloat162 (cuda_bf16.h, which the bundled header set
note: lacks), whose functions are inline PTX: the frontend lowers them by name, lane by
note: lane; __hmax/__hmin/__habs on NaN and signed zeros. The bf16 results are stored as
note: their bits and checked bit for bit (half2_toolkit.cu: the same for __half2).
*/
#include <cuda_bf16.h>

__device__ void putb(unsigned short *o, int k, __nv_bfloat162 v) {
  reinterpret_cast<__nv_bfloat16 *>(o)[2 * k] = __low2bfloat16(v);
  reinterpret_cast<__nv_bfloat16 *>(o)[2 * k + 1] = __high2bfloat16(v);
}

// k: 0 x itself, 1 a NaN (infinity minus infinity), 2 +0, 3 -0
__device__ __nv_bfloat16 bspecial(__nv_bfloat16 x, int k) {
  __nv_bfloat16 z = __float2bfloat16(0.0f), inf = __float2bfloat16(3e38f);
  if (k == 1) return __hsub(inf * inf, inf * inf);
  if (k == 2) return z;
  if (k == 3) return __hneg(z);
  return x;
}

__global__ void bf162_toolkit(const __half2 *y2, const float *f, unsigned short *o, float *g, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half2 y = y2[i];
  unsigned short *p = o + 20 * i;
  float *q = g + 5 * i;
  float2 ff = make_float2(f[2 * i + 1] * 1e-3f, f[2 * i] * 3e-5f);
  __nv_bfloat162 bx = __floats2bfloat162_rn(f[2 * i], f[2 * i + 1] * 1e-2f);
  __nv_bfloat162 by = __halves2bfloat162(__float2bfloat16(__low2float(y)), __float2bfloat16(f[2 * i] * 1e-3f));
  putb(p, 0, __hadd2(bx, by));
  putb(p, 1, __hsub2(bx, by));
  putb(p, 2, __hmul2(bx, by));
  putb(p, 3, bx + by * bx);
  putb(p, 4, __float2bfloat162_rn(f[2 * i + 1] * 3.0f));
  putb(p, 5, __float22bfloat162_rn(ff));
  putb(p, 6, __bfloat162bfloat162(__high2bfloat16(by)));
  float2 bb = __bfloat1622float2(bx);
  q[0] = bb.x;
  q[1] = bb.y + __low2float(by) * __high2float(by);
  __nv_bfloat16 bu = bspecial(__low2bfloat16(bx), (i / 16) % 4), bv = bspecial(__high2bfloat16(by), i % 4);
  q[4] = __low2float(__hmul2(bx, bx)) - __high2float(bx);
  __nv_bfloat16 *pb = reinterpret_cast<__nv_bfloat16 *>(p);
  pb[14] = __hmax(bu, bv);
  pb[15] = __hmin(bu, bv);
  pb[16] = bv == bv ? __habs(bv) : __low2bfloat16(bx);
  q[2] = __bfloat162float(__habs(bv));
  q[3] = __bfloat162float(__hmax(bv, __habs(bu)));
}
