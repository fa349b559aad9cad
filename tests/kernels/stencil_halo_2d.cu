/* cuda2hlo-test
launch: halo5<<<dim3(4, 2), dim3(16, 16)>>>(in, out, nx, ny)
buffer: in f32 1664 uniform -1 1
buffer: out f32 1500 zeros
scalar: nx = 50
scalar: ny = 30
check: out
note: in is (nx + 2) x (ny + 2) with a one-cell halo; out is nx x ny
*/
// 5-point stencil reading a padded input: every output cell has all four neighbours.
__global__ void halo5(const float *in, float *out, int nx, int ny) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < nx && j < ny) {
    int w = nx + 2;
    int c = (j + 1) * w + (i + 1);
    out[j * nx + i] = in[c] - 0.25f * (in[c - 1] + in[c + 1] + in[c - w] + in[c + w]);
  }
}
