// RUN: cuda2hlo %s --grid 2 --block 64 --size x=128 --size out=2 --size idx=2
// ERROR: cub_reduce_pair_functor\.cu:22:11: error: cub::BlockReduce::Reduce of a struct is supported for a cub::KeyValuePair with cub::ArgMax or cub::ArgMin only
// ERROR: note: in kernel 'pair_functor'
// A block reduction of cub::KeyValuePair is lowered for cub::ArgMax and cub::ArgMin
// only (their documented rule); the program's own functor over pairs is refused at the
// call. (Needs the toolkit's cub.)
#include <cub/cub.cuh>
using kvp = cub::KeyValuePair<int, float>;
struct Last {
  __device__ kvp operator()(const kvp &a, const kvp &b) const { return b.key > a.key ? b : a; }
};
__global__ void pair_functor(const float *x, float *out, int *idx) {
  using BlockReduce = cub::BlockReduce<kvp, 64>;
  __shared__ typename BlockReduce::TempStorage ts;
  int i = blockIdx.x * 64 + threadIdx.x;
  kvp p;
  p.key = threadIdx.x;
  p.value = x[i];
  Last last;
  // a functor's select over pairs is not the ArgMax/ArgMin rule
  // and it is not inlined into the fold
  kvp r = BlockReduce(ts).Reduce(p, last);
  if (threadIdx.x == 0) {
    out[blockIdx.x] = r.value;
    idx[blockIdx.x] = r.key;
  }
}
