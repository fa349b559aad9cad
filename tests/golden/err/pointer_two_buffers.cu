// RUN-FLAGS: --grid 1 --block 32
// A pointer variable assigned addresses in two buffers of different element types (one
// seen through a cast): it cannot choose between them (a pointer assigned addresses in
// two buffers of its own element type does, tests/kernels/ptr_choice_swap.cu).
__global__ void k(float *a, int *b, int c) {
  float *p = a;
  if (c) p = (float *)b;
  p[threadIdx.x] = 1.0f;
}
