// RUN: cuda2hlo %s --grid 4 --block 256 --size u=1000 --size v=1000 --symbolic n -o %out/x.mlir
// ERROR: symbolic_modulo_index.cu:8:23: error: --symbolic n: 'n' cannot stay symbolic: with it this index is not a constant-offset affine function
// ERROR: bind it with --set n=VALUE
// A periodic index modulo a symbolic n is not quasi-affine in the threads: the read would
// be a gather, so --symbolic refuses it at the index instead of raising it slowly.
__global__ void wrap(const float *u, float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = u[(i + 1) % n] - u[i];
}
