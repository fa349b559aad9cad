// RUN-FLAGS: --kernel sxpy --grid 1 --block 32
__global__ void saxpy(float a, const float *x, float *y) { y[threadIdx.x] += a * x[threadIdx.x]; }
