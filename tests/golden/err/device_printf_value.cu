// RUN-FLAGS: --grid 1 --block 32 --allow-printf
#include <cstdio>
__global__ void k(int *n) {
  n[threadIdx.x] = printf("%d\n", threadIdx.x);
}
