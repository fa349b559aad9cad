/* cuda2hlo-test
launch: forward_ops<<<3, 96>>>(k, iout)
buffer: k i32 288 randint -100000 100000
buffer: iout i32 3*2+288 zeros
check: iout
note: integer sums and maxima: exact in any order
*/
// A functor over forwarding references that passes its parameters on through std::forward
// (`return std::forward<A>(a) + std::forward<B>(b);`, with a trailing decltype result), as
// published code writes a generic sum: cub::BlockReduce::Reduce and BlockScan::InclusiveScan
// with it, and BlockReduce with a select over std::forward'ed operands.
#include <cub/cub.cuh>
#include <utility>

struct FwdAdd {
  template <typename A, typename B>
  __device__ __forceinline__ auto operator()(A &&a, B &&b) const -> decltype(std::forward<A>(a) + std::forward<B>(b)) {
    return std::forward<A>(a) + std::forward<B>(b);
  }
};
struct FwdMax {
  template <typename A, typename B>
  __device__ int operator()(A &&a, B &&b) const { return std::forward<A>(a) < std::forward<B>(b) ? b : a; }
};

__global__ void forward_ops(const int *k, int *iout) {
  typedef cub::BlockReduce<int, 96> Red;
  typedef cub::BlockScan<int, 96> Scan;
  __shared__ typename Red::TempStorage rs;
  __shared__ typename Scan::TempStorage ss;
  int g = blockIdx.x * 96 + threadIdx.x;
  int v = k[g], s;
  int sum = Red(rs).Reduce(v, FwdAdd());
  __syncthreads();
  int mx = Red(rs).Reduce(v, FwdMax());
  Scan(ss).InclusiveScan(v, s, FwdAdd());
  iout[6 + g] = s;
  if (threadIdx.x == 0) {
    iout[blockIdx.x * 2] = sum;
    iout[blockIdx.x * 2 + 1] = mx;
  }
}
