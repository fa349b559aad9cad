/* cuda2hlo-test
launch: rows_over<<<3, 64>>>(x, hits, rows, cols, limit)
buffer: x i32 2000 randint -100 100
buffer: hits i32 1 zeros
scalar: rows = 10
scalar: cols = 200
scalar: limit = 99
check: hits
note: every thread compares the cub::BlockReduce aggregate (valid in thread 0 only, CUB
note: docs) and counts, and thread 0 alone adds its count with an atomic: the other
note: threads' counts are never observed, so the kernel raises with poison bits beside
note: them (docs/idioms.md) and the launch succeeds; exact. An atomic statement whose
note: operand carries a poison bit was refused before (as a nested side effect)
*/
#include <cub/cub.cuh>
#define THREADS 64

__global__ void rows_over(const int *x, int *hits, int rows, int cols, int limit) {
  typedef cub::BlockReduce<int, THREADS> Reduce;
  __shared__ typename Reduce::TempStorage tmp;
  int count = 0;
  for (int r = blockIdx.x; r < rows; r += gridDim.x) {
    int positive = 0;
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
      if (x[r * cols + c] > 0)
        positive++;
    positive = Reduce(tmp).Sum(positive);
    if (positive > limit)
      count++;
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(hits, count);
}
