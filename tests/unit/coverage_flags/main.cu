#include "scale.h"

__global__ void twice(real_t *out, const real_t *in)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = SCALE * in[i];
}

int main() { twice<<<2, 32>>>(0, 0); return 0; }
