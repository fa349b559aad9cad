// RUN: cuda2hlo %s --grid 2 --block 64 --size x=128 --size y=128
// ERROR: cub_aggregate_all_threads\.cu:14:19: warning: 'total' is read here but is not set on every path that reaches this read
// ERROR: cub_aggregate_all_threads\.cu:12:17: note: a cub::BlockReduce aggregate, valid in thread 0 only \(CUB docs\), which 'total' holds
// ERROR: note: in kernel 'center': CUDA leaves an unset local indeterminate
// cub::BlockReduce returns the block's aggregate in thread 0 only (CUB docs); every thread
// reading it is refused at the read, with a note at the reduction. (Needs the toolkit's cub.)
#include <cub/cub.cuh>
__global__ void center(const float *x, float *y) {
  using BlockReduce = cub::BlockReduce<float, 64>;
  __shared__ typename BlockReduce::TempStorage ts;
  int i = blockIdx.x * 64 + threadIdx.x;
  float total = BlockReduce(ts).Sum(x[i]);
  if (threadIdx.x < 32)
    y[i] = x[i] - total / 64;
}
// The reads are checked at run time (docs/idioms.md, "Values that may be unset"):
// EXIT: 0
