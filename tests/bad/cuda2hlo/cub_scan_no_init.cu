// RUN: cuda2hlo %s --grid 1 --block 64 --size x=64 --size y=64 -o %out/k.mlir
// ERROR: cub_scan_no_init\.cu:12:3: error: cub::BlockScan::ExclusiveScan in this form is not supported
// cub::BlockScan::ExclusiveScan without an initial value leaves thread 0's output undefined
// (CUB docs): refused at the call, not given a value. (Needs the toolkit's cub.)
#include <cub/cub.cuh>
__global__ void prefix_max(const int *x, int *y) {
  using Scan = cub::BlockScan<int, 64>;
  __shared__ typename Scan::TempStorage ts;
  int v = x[threadIdx.x], out;
  // the exclusive max of thread 0 has no value
  ;
  Scan(ts).ExclusiveScan(v, out, cuda::maximum<>());
  y[threadIdx.x] = out;
}
