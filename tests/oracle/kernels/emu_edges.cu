/* cuda2hlo-test
launch: edges<<<2, 48>>>(x, f, out, ctr)
buffer: x u32 96 randint 0 4294967296
buffer: f f32 96 uniform -3 3
buffer: out u32 768 zeros
buffer: ctr u32 2 zeros
check: out
check: ctr
note: intrinsics and conversions with edge cases, atomicInc/atomicDec wrap-around, shuffles
note: with width 8 (xor into a later segment keeps the own value), a 48-thread block (a
note: 16-lane last warp), __activemask after some lanes exited
*/
__global__ void edges(const unsigned *x, const float *f, unsigned *out, unsigned *ctr) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned v = x[i];
  float g = f[i] * (i % 3 == 0 ? 1e10f : 1.0f);       /* some values saturate */
  if (i % 5 == 0) g = (float)(i % 7) - 2.5f;            /* exact halves */
  unsigned *o = out + 8 * i;
  o[0] = __umulhi(v, 2654435761u);
  o[1] = (unsigned)__mulhi((int)v, -123456789);
  o[2] = (unsigned)__float2int_rn(g);
  o[3] = (unsigned)__float2int_rz(g);
  o[4] = __float_as_uint(__saturatef(f[i]));
  o[5] = __shfl_xor_sync(0xffffffffu, v, 5, 8);        /* lane^5 may leave the segment */
  o[6] = atomicInc(&ctr[0], 9u) * 1000u + atomicDec(&ctr[1], 4u);
  if ((threadIdx.x & 31) >= 20) return;
  o[7] = __activemask();
}
