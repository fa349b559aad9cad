/* cuda2hlo-test
launch: scan4<<<2, 32>>>(out, in, n)
buffer: out u32 256 zeros
buffer: in u32 256 randint 0 1000
scalar: n = 64
check: out
note: the file includes only cuda_runtime.h and names `uint` (sys/types.h through stdlib.h,
note: which the toolkit's cuda_runtime.h includes) in its own make_uint4 overload
*/
// The CUDA runtime header brings the C library with it (crt/common_functions.h includes
// stdio.h, stdlib.h, string.h, time.h, assert.h): this file relies on it for `uint`.
#include <cuda_runtime.h>

inline __device__ uint4 make_uint4(uint s) { return make_uint4(s, s, s, s); }

inline __device__ uint4 operator+(uint4 a, uint4 b) {
  return make_uint4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
}

__global__ void scan4(uint *out, const uint *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  uint4 d = make_uint4(in[4 * i], in[4 * i + 1], in[4 * i + 2], in[4 * i + 3]);
  d.y += d.x;
  d.z += d.y;
  d.w += d.z;
  d = d + make_uint4((uint)i);
  out[4 * i] = d.x;
  out[4 * i + 1] = d.y;
  out[4 * i + 2] = d.z;
  out[4 * i + 3] = d.w;
}
