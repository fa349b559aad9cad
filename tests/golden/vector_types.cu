#include <cuda_runtime.h>
/* cuda2hlo-test
launch: vectors<<<2, 64>>>(x, y, n)
buffer: x f32 128 uniform -1 1
buffer: y f32 128 zeros
scalar: n = 128
check: y
*/
// CUDA vector types as local structs: make_float2 from the headers (inlined as a brace
// list, so the bundled header and the toolkit's give the same IR), field stores, int3.
__global__ void vectors(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float2 a = make_float2(x[i], 2.0f);
  float4 b;
  b.x = a.x; b.y = a.y; b.z = 1.0f; b.w = a.x * a.y;
  int3 c = make_int3(i, i % 3, -1);
  y[i] = b.x + b.y + b.z + b.w + c.y * c.z;
}
