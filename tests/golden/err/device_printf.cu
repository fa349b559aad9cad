// RUN-FLAGS: --grid 1 --block 32
#include <cstdio>
__global__ void k(float *x) {
  if (threadIdx.x == 0) printf("x0 = %f\n", x[0]);
}
