/* cuda2hlo-test
launch: shared_pointer<<<4, 64>>>(x, starts, out, pitch)
buffer: x i32 4*80 randint -1000 1000
buffer: starts i32 4 randint 0 48
buffer: out i32 4*64*2 zeros
scalar: pitch = 80
check: out
note: __shared__ pointer variables set by one thread and read by all after a barrier:
note: one into a global buffer at a row pitch, one into a shared array at a loaded
note: start, one that moves (+=) between barriers, one a store goes through; integers,
note: exact bit for bit
*/
// A block's row pointers kept in shared memory, as codes with a pitched 2-D array do:
// thread 0 works out where the block's row starts and every thread reads through the
// pointer after __syncthreads() (HeCBench hbc's bc_kernel keeps four such row pointers).
__global__ void shared_pointer(const int *x, const int *starts, int *out, int pitch) {
  __shared__ int tile[64];
  __shared__ const int *row;   // into x, the block's row of 80 ints
  __shared__ int *mid;         // into tile, from a start that thread 0 loads
  __shared__ int *dst;         // into out, written through
  int t = threadIdx.x;
  if (t == 0) {
    row = x + blockIdx.x * pitch;
    dst = out + blockIdx.x * 128;
  }
  __syncthreads();
  tile[t] = row[t + 16] * 3;
  if (t == 1)
    mid = tile + starts[blockIdx.x];
  __syncthreads();
  int a = mid[t % 16] + row[t];
  __syncthreads();
  if (t == 0)
    mid += 2;
  __syncthreads();
  int *m = mid;
  dst[t] = a;
  dst[64 + t] = m[t % 8] - mid[3];
}
