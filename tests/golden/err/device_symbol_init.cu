// RUN-FLAGS: --grid 1 --block 32 --size y=32
// A __device__ variable with a nonzero initial value: the module reads the host program's
// copy of the symbol, which a program built with cuda2hlo-cc holds zeroed.
__device__ float gain = 2.0f;
__device__ float bias[2] = {0.0f, 0.0f};
__global__ void k(float *y) {
  y[threadIdx.x] = gain * y[threadIdx.x] + bias[threadIdx.x % 2];
}
