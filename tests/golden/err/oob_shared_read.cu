// RUN-FLAGS: --grid 4 --block 256 --size x=1024 --size y=1024 --emit stablehlo
// A shared read past the array's 256 elements: on a GPU it reads whatever lies beyond
// (another array, or nothing); never the neighbouring block's copy.
__global__ void shared_far(const float *x, float *y) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = x[i];
  __syncthreads();
  y[i] = s[threadIdx.x + 300];
}
