/* cuda2hlo-test
launch: batch_partial<<<dim3(61, 17), 128>>>(seed, steps, peak, hits, nblocks, nx, ny)
buffer: seed i32 132736 randint 1 100000
buffer: steps i32 132736 zeros
buffer: peak i32 132736 zeros
buffer: hits i32 64 zeros
buffer: nblocks i32 1 zeros
scalar: nx = 7808
scalar: ny = 17
check: steps
check: peak
check: hits
check: nblocks
note: 1037 blocks of 128 threads (132736 lanes): two SIMT batches of 519 and 518 blocks,
note: the last one partial; blockIdx.y of a lane comes from its batch's first block
*/
// A 2-D grid (61 x 17 blocks) over more lanes than one SIMT batch: each block counts
// itself (the lanes of the partial batch past the grid must not), every thread
// runs a Collatz sequence from its seed (a data-dependent loop) keeping its last four
// values in a local array, an early return skips the seeds divisible by 13, and an atomic
// histogram counts the step counts plus the row, mod 64.
__global__ void batch_partial(const int *seed, int *steps, int *peak, int *hits, int *nblocks,
                              int nx, int ny) {
  if (threadIdx.x == 0) atomicAdd(nblocks, 1);
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x >= nx || y >= ny) return;
  int i = y * nx + x;
  long long v = seed[i];
  if (v % 13 == 0) return;
  int k = 0, last[4] = {0, 0, 0, 0};
  long long top = v;
  while (v != 1) {
    v = (v & 1) ? 3 * v + 1 : v / 2;
    if (v > top) top = v;
    last[k & 3] = (int)(v % 1000);
    k++;
  }
  steps[i] = k + gridDim.x * 1000 * (blockIdx.y == gridDim.y - 1);
  peak[i] = (int)(top % 1000003) + last[0] - last[1] + 3 * last[2] + 7 * last[3];
  atomicAdd(&hits[(k + y) % 64], 1);
}
