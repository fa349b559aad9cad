// RUN-FLAGS: --grid 2 --block 64 --size x=128 --size y=128 --emit stablehlo
// A local array written past its extent: the loop runs to k <= 4 over 4 elements.
__global__ void local_past(const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc[4];
  for (int k = 0; k <= 4; k++)
    acc[k] = x[i] * k;
  y[i] = acc[0] + acc[3];
}
