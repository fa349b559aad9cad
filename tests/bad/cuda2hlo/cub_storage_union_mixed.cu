// RUN: cuda2hlo %s --grid 1 --block 64 --size x=64 --size y=64 -o %out/k.mlir
// ERROR: cub_storage_union_mixed\.cu:12:5: error: __shared__ union 'u' of type .union .* is not supported
// A __shared__ union is cub scratch only when every member is a cub TempStorage: one that
// also holds the program's own data is not (the program may read it), and stays refused
// as any other shared union. (Needs the toolkit's cub.)
#include <cub/cub.cuh>
__global__ void mixed(const int *x, int *y) {
  using Scan = cub::BlockScan<int, 64>;
  __shared__ union {
    typename Scan::TempStorage scan;
    int last[64];
  } u;
  int v = x[threadIdx.x], out;
  Scan(u.scan).ExclusiveSum(v, out);
  y[threadIdx.x] = out;
}
