// RUN: cuda2hlo %s --grid 2 --block 32 --size x=256 -o %out/k.mlir
// ERROR: cub_adjdiff_partial\.cu:18:3: error: cub::BlockAdjacentDifference::SubtractLeftPartialTile is not supported
// ERROR: cub_adjdiff_partial\.cu:25:11: error: cub::BlockReduce::Reduce with this operator is not supported
// cub::BlockAdjacentDifference's partial-tile forms are not translated (refused, not
// guessed); a difference functor is accepted by SubtractLeft/SubtractRight only, not by
// BlockReduce, whose fold needs an associative operator. (Needs the toolkit's cub.)
#include <cub/cub.cuh>
struct Diff {
  __device__ int operator()(int a, int b) const { return a - b; }
};
__global__ void partial(int *x, int n) {
  typedef cub::BlockAdjacentDifference<int, 32> Adj;
  __shared__ typename Adj::TempStorage ts;
  int v[4];
  int g = blockIdx.x * 32 + threadIdx.x;
  for (int j = 0; j < 4; j++)
    v[j] = x[g * 4 + j];
  Adj(ts).SubtractLeftPartialTile(v, v, Diff(), n);
  for (int j = 0; j < 4; j++)
    x[g * 4 + j] = v[j];
}
__global__ void folded(const int *x, int *y) {
  typedef cub::BlockReduce<int, 32> Red;
  __shared__ typename Red::TempStorage ts;
  int r = Red(ts).Reduce(x[blockIdx.x * 32 + threadIdx.x], Diff());
  if (threadIdx.x == 0)
    y[blockIdx.x] = r;
}
