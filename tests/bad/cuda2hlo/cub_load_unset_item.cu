// RUN: cuda2hlo %s --grid 1 --block 64 --size x=256 --size y=256
// ERROR: cub_load_unset_item\.cu:15:10: warning: element 0 of local array 'd' is read here but is not set on every path that reaches this read
// cub::BlockLoad::Load with valid_items and no oob_default leaves the items past it as
// they were (CUB docs): here unset, so a read of them is refused (assigned.c), never
// given 0. (Needs the toolkit's cub.)
#include <cub/cub.cuh>
__global__ void unset_item(const int *x, int *y, int n) {
  typedef cub::BlockLoad<int, 64, 4> LoadT;
  __shared__ typename LoadT::TempStorage ts;
  int d[4];
  LoadT(ts).Load(x, d, n);
  int s = 0;
  // every item is read, also those at or past n
  for (int j = 0; j < 4; j++)
    s += d[j];
  y[threadIdx.x] = s;
}
// The reads are checked at run time (docs/idioms.md, "Values that may be unset"):
// EXIT: 0
