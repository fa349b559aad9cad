// RUN-FLAGS: --grid 1 --block 32
#include <cstdio>
__global__ void k(float *x, int n) {
  for (int i = 0; i < n; i++)
    if (threadIdx.x == 0) printf("x%d = %f\n", i, x[i]);
}
