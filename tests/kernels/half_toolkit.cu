/* cuda2hlo-test
launch: half_toolkit<<<4, 64>>>(a, b, out, acc, iout, f, n)
buffer: a f16 256 uniform -4 4
buffer: b f16 256 uniform -4 4
buffer: out f16 256*4 zeros
buffer: acc f32 256*3 zeros
buffer: iout i32 256*2 zeros
buffer: f f32 256 uniform -70000 70000
scalar: n = 256
check: out rtol=0 atol=0
check: acc rtol=0 atol=0
check: iout rtol=0 atol=0
note: the CUDA toolkit's own cuda_fp16.h and cuda_bf16.h (this file includes cuda_bf16.h,
note: which the bundled header set lacks), where __half and __nv_bfloat16 are records whose
note: constructors, conversion operators and operators are inline PTX: the frontend takes
note: them as f16/bf16 scalars by name. Every result is checked bit for bit.
*/
#include <cuda_fp16.h>
#include <cuda_bf16.h>

__global__ void half_toolkit(const __half *a, const __half *b, __half *out, float *acc,
                             int *iout, const float *f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half x = a[i], y = b[i];
  __half p = x * y + x;                        // operators: two roundings
  __half q = __hadd(__hmul(x, x), __hneg(y));  // the named functions
  p += q;                                      // compound assignment
  q = -q;
  out[i] = p;
  out[n + i] = __float2half(f[i]);             // past 65504: infinity
  out[2 * n + i] = x < y ? __hsub(y, x) : __hfma(x, y, q);
  out[3 * n + i] = __half(f[i] * 1e-4f) / y;   // constructor from a float
  __nv_bfloat16 g = __float2bfloat16(f[i]);    // 8 bits of precision
  __nv_bfloat16 h = g * __float2bfloat16(0.1f) - g;
  acc[i] = static_cast<float>(p) + (float)q + __half2float(y);
  acc[n + i] = __bfloat162float(h) + float(g);
  acc[2 * n + i] = (x >= y && !(x == y)) ? 1.0f : __half2float(x) * 0.5f;
  iout[i] = __half2int_rz(__hmul(x, y));
  iout[n + i] = (int)(x * __float2half(7.0f));
}
