/* cuda2hlo-test
launch: half_vector_copy<<<2, 32>>>(a, x, out, outb, xo, n4)
buffer: a f16 256 uniform -8 8
buffer: x f32 256 uniform -100 100
buffer: out f16 256*2 zeros
buffer: outb f16 256 zeros
buffer: xo f32 256 zeros
scalar: n4 = 60
check: out rtol=0 atol=0
check: outb rtol=0 atol=0
check: xo rtol=0 atol=0
note: packed copies through pointers that reinterpret the elements: 4 halves as one
note: float2, 4 floats as one uint4, bf16 bits into a half buffer; exact bit for bit
*/
// Vectorised loads and stores as fused softmax and other half-precision kernels write
// them: the elements move as one wider struct (8 or 16 bytes) and are never read as it.
#include <cuda_fp16.h>
#include <cuda_bf16.h>

template <typename T, int N>
__device__ __inline__ void copy_vector(T *dst, const T *src);

template <>
__device__ __inline__ void copy_vector<__half, 4>(__half *dst, const __half *src) {
  *((float2 *)dst) = *((float2 *)src);
}

template <>
__device__ __inline__ void copy_vector<__nv_bfloat16, 4>(__nv_bfloat16 *dst,
                                                         const __nv_bfloat16 *src) {
  *((float2 *)dst) = *((float2 *)src);
}

__global__ void half_vector_copy(const __half *a, const float *x, __half *out,
                                 __half *outb, float *xo, int n4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n4) return;
  __half t[4];
  copy_vector<__half, 4>(t, a + 4 * i);          // global -> local, 8 bytes
  for (int j = 0; j < 4; j++)
    t[j] = t[j] * __float2half(2.0f) + a[4 * i + 3 - j];
  copy_vector<__half, 4>(out + 4 * i, t);        // local -> global
  reinterpret_cast<uint2 *>(out + 256)[i] = reinterpret_cast<const uint2 *>(a)[63 - i];
  __nv_bfloat16 b[4], c[4];
  for (int j = 0; j < 4; j++)
    b[j] = __float2bfloat16(x[4 * i + j]);
  copy_vector<__nv_bfloat16, 4>(c, b);
  *((float2 *)(outb + 4 * i)) = *((float2 *)c);  // bf16 bits as halves
  ((uint4 *)xo)[i] = ((const uint4 *)x)[i];      // floats as unsigned ints
}
