// RUN-FLAGS: --grid 1 --block 32
struct Op { __device__ virtual float apply(float v) const { return v; } };
__global__ void k(float *x, const Op *op) { x[threadIdx.x] = op->apply(x[threadIdx.x]); }
