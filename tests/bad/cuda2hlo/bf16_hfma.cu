// RUN: cuda2hlo %s --grid 1 --block 32 --size a=32 --size b=32 -o %out/k.mlir
// ERROR: cuda_bf16\.hpp:[0-9]+:[0-9]+: error: inline assembly \(PTX\) cannot be translated
// ERROR: device function '__hfma'
// ERROR: device function '__hfma2'
// The toolkit's __hfma / __hfma2 on bfloat16 (cuda_bf16.h: inline PTX) stay refused: one
// rounding of a*b+c is not what f64 gives when a product at a tie of bfloat16's precision
// meets an addend far below it (half.c). __hfma on __half is translated
// (tests/kernels/half_toolkit.cu), __hfma2 on __half2 too (tests/kernels/half2_toolkit.cu).
#include <cuda_bf16.h>

__global__ void bf16_fma(__nv_bfloat16 *a, __nv_bfloat162 *b) {
  int i = threadIdx.x;
  a[i] = __hfma(a[i], a[i], a[i]);
  b[i] = __hfma2(b[i], b[i], b[i]);
}
