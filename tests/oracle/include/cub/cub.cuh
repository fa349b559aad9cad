/* Shim: cub::BlockReduce for the oracle, written from the CUB documentation's contract
 * (not from cub's source): every thread of the block passes one input (with valid_items,
 * only threads of linear rank < valid_items contribute); the aggregate is returned in
 * thread 0, and the value elsewhere is undefined: here a poison (NaN, or 0x5a5a5a5a) so
 * that a program reading it in another thread fails its check. The combination order is
 * a pairwise tree, on purpose not cuda2hlo's left-to-right fold (docs/cub.md): float
 * results agree within a tolerance that says so. The operators are CCCL 3's functors. */
#pragma once
#include "cuda_emu.h"
#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

namespace cuda {
template <class T = void> struct maximum {
  template <class A, class B> auto operator()(const A &a, const B &b) const { return a < b ? b : a; }
};
template <class T = void> struct minimum {
  template <class A, class B> auto operator()(const A &a, const B &b) const { return b < a ? b : a; }
};
namespace std {
template <class T = void> struct plus {
  template <class A, class B> auto operator()(const A &a, const B &b) const { return a + b; }
};
}  // namespace std
}  // namespace cuda

namespace cub {
enum BlockReduceAlgorithm { BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, BLOCK_REDUCE_RAKING, BLOCK_REDUCE_WARP_REDUCTIONS };

template <typename T, int BLOCK_DIM_X, BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockReduce {
  static constexpr int N = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;

 public:
  struct TempStorage { T v[N]; };
  explicit BlockReduce(TempStorage &s) : s_(s) {}
  T Sum(T x) { return Reduce(x, cuda::std::plus<>(), N); }
  T Sum(T x, int valid) { return Reduce(x, cuda::std::plus<>(), valid); }
  template <class Op> T Reduce(T x, Op op) { return Reduce(x, op, N); }
  template <class Op> T Reduce(T x, Op op, int valid) {
    int rank = threadIdx.x + BLOCK_DIM_X * (threadIdx.y + BLOCK_DIM_Y * threadIdx.z);
    if (rank < valid) s_.v[rank] = x;
    __syncthreads();
    T r = poison();
    if (rank == 0) {
      ::std::vector<T> a(s_.v, s_.v + (valid < N ? valid : N));
      while (a.size() > 1) {      /* pairwise: (a0 op a1), (a2 op a3), ... */
        ::std::vector<T> b;
        for (size_t i = 0; i + 1 < a.size(); i += 2) b.push_back(op(a[i], a[i + 1]));
        if (a.size() % 2) b.push_back(a.back());
        a.swap(b);
      }
      r = a[0];
    }
    __syncthreads();
    return r;
  }

 private:
  static T poison() {
    if (::std::is_floating_point<T>::value) return ::std::numeric_limits<T>::quiet_NaN();
    return (T)0x5a5a5a5a;
  }
  TempStorage &s_;
};
}  // namespace cub
