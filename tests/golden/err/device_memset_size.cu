// RUN-FLAGS: --grid 1 --block 32
// memset in device code needs a constant size that is whole elements; a float fill
// other than 0 has no byte meaning the converter keeps.
#include <string.h>
__global__ void k(float *x, int n) {
  float t[8];
  memset(t, 0, n);
  memset(t, 1, sizeof t);
  x[threadIdx.x] = t[3];
}
