// RUN-FLAGS: --emit stablehlo --entry run --size x=32
// A host entry whose kernel uses a __device__ variable: the entry module would have to
// carry the symbol from launch to launch; refused at the launch.
__device__ int counter;
__global__ void k(const float *x) {
  if (x[threadIdx.x] > 0) atomicAdd(&counter, 1);
}
void run(const float *x) {
  k<<<1, 32>>>(x);
  k<<<1, 32>>>(x);
}
