/* cuda2hlo-test
launch: macro_stencil<<<dim3(3, 2), dim3(16, 16)>>>(u, v)
buffer: u f32 1536 uniform -1 1
buffer: v f32 1536 zeros
check: v
note: NX and NY default to 48 x 32 through #ifndef (a -DNX=... would override them);
note: BX and BY are the 16 x 16 block the launch uses
*/
// Sizes and helpers from the preprocessor: #ifndef defaults, function-like macros, #if.
#ifndef NX
#define NX 48
#endif
#ifndef NY
#define NY 32
#endif
#define BX 16
#define BY 16
#define IDX(i, j) ((j) * NX + (i))
#define SQR(x) ((x) * (x))
#define CLAMP(x, lo, hi) ((x) < (lo) ? (lo) : ((x) > (hi) ? (hi) : (x)))

__global__ void macro_stencil(const float *u, float *v) {
  int i = blockIdx.x * BX + threadIdx.x;
  int j = blockIdx.y * BY + threadIdx.y;
  if (i >= NX || j >= NY) return;
  int im = CLAMP(i - 1, 0, NX - 1), ip = CLAMP(i + 1, 0, NX - 1);
  int jm = CLAMP(j - 1, 0, NY - 1), jp = CLAMP(j + 1, 0, NY - 1);
#if NX > 32
  float w = 0.125f;
#else
  float w = 0.25f;
#endif
  v[IDX(i, j)] = SQR(u[IDX(i, j)]) + w * (u[IDX(im, j)] + u[IDX(ip, j)] + u[IDX(i, jm)] + u[IDX(i, jp)]);
}
