// RUN-FLAGS: --grid 2 --block 128 --size u=256 --size v=256 --emit stablehlo
// The left neighbour of thread 0 is u[-1]: the guard misses the low edge.
__global__ void left_diff(const float *u, float *v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < 255) v[i] = u[i] - u[i - 1];
}
