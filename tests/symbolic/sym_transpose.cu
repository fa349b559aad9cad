/* cuda2hlo-test
launch: transpose_window<<<dim3(2, 3), dim3(16, 8)>>>(in, out, w, h)
buffer: in f32 768 uniform -1 1
buffer: out f32 768 uniform -1 1
scalar: w = 32
scalar: h = 24
check: out
note: in is H rows of W, out is W rows of H; the w x h corner is transposed
*/
// Transposes the top-left w x h corner of a fixed W x H matrix; w and h are runtime
// scalars (--symbolic w --symbolic h); threads outside it return early.
#define W 32
#define H 24
__global__ void transpose_window(const float *in, float *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  out[x * H + y] = in[y * W + x];
}
