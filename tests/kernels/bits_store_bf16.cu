/* cuda2hlo-test
launch: pack_bf16<<<2, 32>>>(x, w, out, n)
buffer: x f32 64*8 uniform -100 100
buffer: w f32 64*8 uniform -2 2
buffer: out u32 64*6 zeros
scalar: n = 60
check: out
note: bfloat16 elements stored into local packs through a pointer of another type: a
note: uint4 of eight filled at the loop's index through a `T &` parameter, a uint2 of four
note: at constant indices, a compound assignment on one's bits; checked bit for bit
*/
// As bits_store_pack.cu, for the toolkit's __nv_bfloat16 (the bundled header set lacks
// cuda_bf16.h, so the toolkit's is parsed).
#include <cuda_bf16.h>

__device__ void narrow_into(__nv_bfloat16 &d, float s) { d = __float2bfloat16(s); }

__global__ void pack_bf16(const float *x, const float *w, unsigned *out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  uint4 xs, r;
  for (int i = 0; i < 8; i++)
    narrow_into(reinterpret_cast<__nv_bfloat16 *>(&xs)[i], x[8 * t + i]);
  for (int i = 0; i < 8; i++) {
    float p = __bfloat162float(reinterpret_cast<const __nv_bfloat16 *>(&xs)[7 - i]) * w[8 * t + i];
    narrow_into(reinterpret_cast<__nv_bfloat16 *>(&r)[i], p);
  }
  reinterpret_cast<uint4 *>(out)[t] = r;
  uint2 q = make_uint2(0xdeadbeefu, 0x01020304u);
  __nv_bfloat16 *qb = reinterpret_cast<__nv_bfloat16 *>(&q);
  qb[0] = __float2bfloat16(w[8 * t]);                        // q.x's high half kept
  qb[3] = __float2bfloat16(x[8 * t + 1] * 0.5f);
  reinterpret_cast<unsigned short *>(&q)[2] |= 0x0101u;
  out[256 + 2 * t] = q.x;
  out[256 + 2 * t + 1] = q.y;
}
