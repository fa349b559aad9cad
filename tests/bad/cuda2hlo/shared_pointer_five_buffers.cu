// RUN: cuda2hlo %s --grid 1 --block 64 --size x=320 --size out=64 -o %out/k.mlir
// ERROR: shared_pointer_five_buffers\.cu:22:7: error: __shared__ pointer 'cur' is assigned an address in 'b' after one in 'a': a __shared__ pointer is held as an offset into one buffer, or chooses between at most 4 buffers of its element type that its assignments name
// A __shared__ pointer assigned addresses in two to four buffers chooses between them,
// its choice held in shared memory beside its offset (ptrchoice.c; as HeCBench
// quicksort's `__shared__ T *s, *sn;`, tests/kernels/shared_ptr_choice.cu). Five
// candidates are more than a choice holds: it stays an offset into the first buffer
// assigned, and the assignment into another is refused.
__global__ void k(const float *x, float *out) {
  __shared__ float a[64], b[64], c[64], d[64], e[64];
  __shared__ float *cur;
  int t = threadIdx.x;
  a[t] = x[t];
  b[t] = x[64 + t];
  c[t] = x[128 + t];
  d[t] = x[192 + t];
  e[t] = x[256 + t];
  if (t == 0) {
    int w = (int)x[0] & 7;
    if (w == 0)
      cur = a;
    else if (w == 1)
      cur = b;
    else if (w == 2)
      cur = c;
    else if (w == 3)
      cur = d;
    else
      cur = e;
  }
  __syncthreads();
  out[t] = cur[t];
}
