// RUN: cuda2hlo %s --grid 1 --block 64 --size x=256 --size y=256 -o %out/k.mlir
// ERROR: cub_load_timesliced\.cu:16:3: error: cub::BlockLoad with the algorithm 'cub::BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED' is not supported
// cub::BlockLoad's algorithms other than DIRECT, STRIPED, VECTORIZE, TRANSPOSE and
// WARP_TRANSPOSE are refused at the call, not guessed (the timesliced transpose gives a
// blocked arrangement too by the CUB docs, but no kernel here checks it yet). (Needs the
// toolkit's cub.)
#include <cub/cub.cuh>
__global__ void timesliced(const int *x, int *y) {
  typedef cub::BlockLoad<int, 64, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED> LoadT;
  typedef cub::BlockStore<int, 64, 4> StoreT;
  __shared__ union {
    typename LoadT::TempStorage load;
    typename StoreT::TempStorage store;
  } ts;
  int d[4];
  LoadT(ts.load).Load(x, d);
  __syncthreads();
  StoreT(ts.store).Store(y, d);
}
