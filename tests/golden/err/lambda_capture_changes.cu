// RUN-FLAGS: --grid 1 --block 32
__global__ void k(float *x) {
  float s = 1.0f;
  auto f = [=](float v) { return v * s; };
  s = 2.0f;
  x[threadIdx.x] = f(x[threadIdx.x]);
}
