// RUN-FLAGS: --grid 1 --block 32
__global__ void k(int *x) {
  int v;
  asm("mov.u32 %0, %%laneid;" : "=r"(v));
  x[threadIdx.x] = v;
}
