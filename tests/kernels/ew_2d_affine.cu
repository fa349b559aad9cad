/* cuda2hlo-test
launch: affine2d<<<dim3(7, 4), dim3(16, 16)>>>(in, out, nx, ny, s)
buffer: in f32 6000 uniform -1 1
buffer: out f32 6000 zeros
scalar: nx = 100
scalar: ny = 60
scalar: s = 3.0
check: out
note: a 112 x 64 launch over a 100 x 60 array: both dimensions need the guard
*/
// Two-dimensional launch with dim3 grid and block, row-major flat indexing.
__global__ void affine2d(const float *in, float *out, int nx, int ny, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < nx && j < ny) {
    int k = j * nx + i;
    out[k] = s * in[k] + (float)i - 0.5f * (float)j;
  }
}
