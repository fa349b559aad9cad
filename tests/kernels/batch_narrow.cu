/* cuda2hlo-test
launch: batch_narrow<<<dim3(301, 3), 256>>>(x, out, blk, tot, n)
buffer: x i32 231424 randint -50 50
buffer: out i32 231424 const -7
buffer: blk i32 904 const -7
buffer: tot i32 4 const -7
scalar: n = 231000
check: out
check: blk
check: tot
note: 231168 lanes, grid dim3(301, 3): two SIMT batches of 452 and 451 blocks, the last
note: partial; the buffers have room for a 904th block, blockIdx (0,0,1) (the block
note: number is linearised with blockIdx.z), which must store nothing; a threadIdx.x == 0
note: serial tail per block over shared memory, and two one-lane loops (`if (i == C)`),
note: one pinned to a thread of each batch
*/
// A launch larger than one SIMT batch whose blocks end in serial code: thread 0 of each
// block folds the block's shared values (a per-block loop, narrowed to one lane per
// block), and one thread of the launch in each batch walks x (a loop narrowed to one
// lane: in a batched launch the lane is the thread's column within every batch).
__global__ void batch_narrow(const int *x, int *out, int *blk, int *tot, int n) {
  __shared__ int s[256];
  int b = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  int i = b * blockDim.x + threadIdx.x;
  int v = i < n ? x[i] : 0;
  int k = 0;
  while (v > 3 && k < 20) {      // data-dependent, then a shuffle: the launch runs SIMT
    v = v % 2 ? v - 3 : v / 2;
    k++;
  }
  for (int off = 16; off > 0; off >>= 1) k = max(k, __shfl_xor_sync(0xffffffffu, k, off));
  out[i] = v * 100 + k;
  s[threadIdx.x] = v + k;
  __syncthreads();
  if (threadIdx.x == 0) {
    int acc = 0;
    for (int j = 0; j < 256; j++)
      acc = acc * 3 + s[j] * (j % 7 + 1);
    blk[b] = acc + blockIdx.y * 1000 + blockIdx.x;
  }
  if (i == 1000) {               // block 3, in the first batch
    int acc = 0;
    for (int j = 0; j < 5000; j++)
      acc = acc * 5 + x[j];
    tot[0] = acc;
  }
  if (i == 200003) {             // block 781 = (179, 2), in the second batch
    int acc = 0;
    for (int j = 0; j < 4000; j++)
      acc = acc * 7 + x[n - j - 1];
    tot[1] = acc + blockIdx.x * 10 + blockIdx.y;
  }
}
