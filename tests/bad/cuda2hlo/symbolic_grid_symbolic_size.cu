// RUN: cuda2hlo %s --entry run --symbolic n -o %out/x.mlir
// ERROR: symbolic_grid_symbolic_size.cu:10:3: error: --symbolic: the grid of this launch of 'twice' is computed at run time, and 'in' has a symbolic size: no static bound on the grid
// A grid computed at run time is raised over a static grid bounded by the buffers' sizes; a symbolic size gives none.
__global__ void twice(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 2.0f * in[i];
}

void run(float *in, float *out, int n) {
  twice<<<(n + 255) / 256, 256>>>(in, out, n);
}
