// RUN-FLAGS: --kernel parent --grid 1 --block 1
__global__ void child(float *x) { x[threadIdx.x] = 0; }
__global__ void parent(float *x) { child<<<1, 32>>>(x); }
