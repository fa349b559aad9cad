/* cuda2hlo-test
launch: half2_toolkit<<<2, 64>>>(a, b, c, f, o, g, n)
buffer: a f16 128x2 uniform -4 4
buffer: b f16 128x2 uniform -4 4
buffer: c f16 128 uniform -300 300
buffer: f f32 256 uniform -70000 70000
buffer: o u16 128*28 zeros
buffer: g f32 128*4 zeros
scalar: n = 124
check: o
check: g rtol=0 atol=0
note: the CUDA toolkit's own __half2 (this file includes cuda_bf16.h, which the bundled
note: header set lacks), whose functions are inline PTX: the frontend lowers them by name,
note: lane by lane; __hmax/__hmin/__habs on NaN and signed zeros (bf162_toolkit.cu: bf16).
note: The 16-bit results are stored as their bits and checked bit for bit.
*/
#include <cuda_fp16.h>
#include <cuda_bf16.h>

__device__ void put2(unsigned short *o, int k, __half2 v) {
  reinterpret_cast<__half *>(o)[2 * k] = __low2half(v);
  reinterpret_cast<__half *>(o)[2 * k + 1] = __high2half(v);
}

// k: 0 x itself, 1 a NaN (infinity minus infinity), 2 +0, 3 -0
__device__ __half special(__half x, int k) {
  __half z = __float2half(0.0f), inf = __float2half(1e6f);
  if (k == 1) return __hsub(inf, inf);
  if (k == 2) return z;
  if (k == 3) return __hneg(z);
  return x;
}

__global__ void half2_toolkit(const __half2 *a, const __half2 *b, const __half *c, const float *f,
                              unsigned short *o, float *g, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half2 x = a[i], y = b[i];
  unsigned short *p = o + 28 * i;
  float *q = g + 4 * i;
  put2(p, 0, __hadd2(x, y));
  put2(p, 1, __hsub2(x, y));
  put2(p, 2, __hmul2(x, y));
  put2(p, 3, __hfma2(x, y, __half2half2(c[i])));   // one rounding per lane
  put2(p, 4, x + y * x);                           // operators: two roundings
  put2(p, 5, __halves2half2(c[i], __low2half(y)));
  put2(p, 6, __floats2half2_rn(f[2 * i] * 1e-3f, f[2 * i + 1]));   // past 65504: infinity
  put2(p, 7, __float2half2_rn(f[2 * i] * 1e-4f));
  float2 ff = make_float2(f[2 * i + 1] * 1e-3f, f[2 * i] * 3e-5f);
  put2(p, 8, __float22half2_rn(ff));
  put2(p, 9, __lowhigh2highlow(x));
  put2(p, 10, __low2half2(y));
  put2(p, 11, __high2half2(y));
  float2 back = __half22float2(x);
  q[0] = back.x;
  q[1] = back.y;
  q[2] = __low2float(y) + __high2float(x) * 2.0f;
  __half u = special(__low2half(x), i % 4), v = special(__high2half(y), (i / 4) % 4);
  __half *ph = reinterpret_cast<__half *>(p);
  ph[24] = __hmax(u, v);
  ph[25] = __hmin(u, v);
  ph[26] = v == v ? __habs(v) : c[i];              // -0 gives +0
  q[3] = __half2float(__habs(v));                  // NaN stays NaN
  ph[27] = i % 16 == 5 ? __hmax(u, u) : __hmin(v, __hneg(v));
}
