/* cuda2hlo-test
launch: ptr_align_fold<<<2, 64, 2048>>>(b, out, res, c)
buffer: b f32 1024 uniform -10 10
buffer: out f32 512 zeros
buffer: res u32 128*3 zeros
scalar: c = 96
check: out rtol=0 atol=0
check: res
note: alignment tests whose answer the offsets fix: a float4 copy from &b[i * 4] into the
note: dynamic shared memory at &s[i * 4] (the byte offsets are multiples of 16, so the
note: tests hold for every i: constants, and the copy is dense), and residues that
note: only some bits of fix: (4 t + 1) floats % 16 is 4 (not folded), % 4 is 0 (folded),
note: & 0x30 of 4 (t + 2) floats; exact bit for bit
*/
// The loop of HeCBench fma-cuda's kernels, written here: a block copies c floats of b
// (from its block's stripe) into shared memory four at a time, then writes them back.
#include <stdint.h>

__global__ void ptr_align_fold(const float *b, float *out, unsigned *res, int c) {
  extern __shared__ char raw[];
  float *s = reinterpret_cast<float *>(raw);
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  const float *stripe = b + blockIdx.x * 256;
  for (int i = t; i < c / 4; i += blockDim.x) {
    const float *bp = &stripe[i * 4];
    float *sp = &s[i * 4];
    if (reinterpret_cast<uintptr_t>(bp) % 16 == 0 && reinterpret_cast<uintptr_t>(sp) % 16 == 0) {
      *reinterpret_cast<float4 *>(sp) = *reinterpret_cast<const float4 *>(bp);
    } else {
      for (int j = 0; j < 4; ++j) sp[j] = -bp[j];
    }
  }
  __syncthreads();
  for (int i = t; i < c; i += blockDim.x) out[blockIdx.x * 256 + i] = s[i];
  res[3 * g] = (unsigned)(reinterpret_cast<uintptr_t>(&b[4 * t + 1]) % 16);
  res[3 * g + 1] = (unsigned)(reinterpret_cast<uintptr_t>(&b[4 * t + 1]) % 4);
  res[3 * g + 2] = (unsigned)((uintptr_t)(b + 4 * (t + 2)) & 0x30);
}
