/* cuda2hlo-test
launch: ptr_align<<<2, 32, 1024>>>(b, d, out, res, dres)
buffer: b f32 200 uniform -10 10
buffer: d f64 100 uniform -10 10
buffer: out f32 64*4 zeros
buffer: res u32 64*2 zeros
buffer: dres u32 64*2 zeros
check: out rtol=0 atol=0
check: res
check: dres
note: alignment tests through a pointer converted to an integer: a float4 copy into the
note: dynamic shared memory where both pointers are 16-byte aligned, a negated scalar copy
note: where either is not (both branches taken: the offsets depend on the thread and the
note: block); the residues themselves (mod 256 of a parameter, & 15 of the shared base,
note: & 7 and % 8 of a double array); exact bit for bit
*/
// A parameter starts a cudaMalloc allocation (256-byte aligned), the dynamic shared memory
// is 16-byte aligned: the residues are the byte offsets' (ptrint.c).
#include <stdint.h>

__global__ void ptr_align(const float *b, const double *d, float *out, unsigned *res, unsigned *dres) {
  extern __shared__ char raw[];
  float *sb = reinterpret_cast<float *>(raw);
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  const float *bp = &b[t * 3 + blockIdx.x];
  float *sp = &sb[t * 5 + (t & 1)];
  if (reinterpret_cast<uintptr_t>(bp) % 16 == 0 && reinterpret_cast<uintptr_t>(sp) % 16 == 0) {
    float4 v = *reinterpret_cast<const float4 *>(bp);
    *reinterpret_cast<float4 *>(sp) = v;
  } else {
    for (int j = 0; j < 4; ++j) sp[j] = -bp[j];
  }
  res[2 * g] = (unsigned)(reinterpret_cast<uintptr_t>(bp) % 256);
  res[2 * g + 1] = (unsigned)((unsigned long long)(sp + 1) & 15);
  const double *dp = d + g + 1;
  dres[2 * g] = (unsigned)(((size_t)dp & 7) + ((uintptr_t)(dp) % 8));
  dres[2 * g + 1] = (unsigned)(0xf8 & (uintptr_t)dp);
  __syncthreads();
  for (int j = 0; j < 4; ++j) out[4 * g + j] = sp[j];
}
