// RUN-FLAGS: --grid 1 --block 32 --shmem 512
// One extern __shared__ array read as structs of another size: short3 (6 bytes of
// 2-byte shorts) over 4-byte floats would split elements between fields and objects.
__global__ void k(short *out) {
  extern __shared__ float s[];
  short3 *d = (short3 *)s;
  d[threadIdx.x].x = 1;
  out[threadIdx.x] = d[threadIdx.x].y;
}
