// RUN-FLAGS: --grid 1 --block 32
__global__ void k(float *x, cudaTextureObject_t t) { x[threadIdx.x] = tex1Dfetch<float>(t, threadIdx.x); }
