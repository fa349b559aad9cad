/* Shim: cub::BlockReduce and cub::BlockScan for the oracle, written from the CUB documentation's contract
 * (not from cub's source): every thread of the block passes one input (with valid_items,
 * only threads of linear rank < valid_items contribute); the aggregate is returned in
 * thread 0, and the value elsewhere is undefined: here a poison (NaN, or 0x5a5a5a5a) so
 * that a program reading it in another thread fails its check. The combination order is
 * a pairwise tree, on purpose not cuda2hlo's left-to-right fold (docs/cub.md): float
 * results agree within a tolerance that says so. The operators are CCCL 3's functors.
 * BlockScan, from the same documentation: the items of the block in the blocked
 * arrangement (thread r's N items are r*N .. r*N+N-1), inclusive = the fold of all items
 * up to and including this one, exclusive = the initial value (0 for ExclusiveSum) folded
 * with the items before this one, the block aggregate (the fold of all items) in every
 * thread. Thread 0 computes the prefixes by recursive doubling (Hillis-Steele), on purpose
 * not cuda2hlo's left-to-right order; at most 16 items per thread here.
 * BlockLoad/BlockStore, from the same documentation's data arrangements: the result of a
 * load (the source of a store) is blocked (thread r's item j is element r*N + j of the
 * block's segment) for every algorithm but *_STRIPED, which is striped (element
 * j*THREADS + r). With valid_items, an element at or past it is not read or written; a
 * load gives it oob_default when one is passed, else leaves it alone. Element by
 * element here, whatever the algorithm.
 * BlockAdjacentDifference, from the same documentation: the block's items in the blocked
 * arrangement; SubtractLeft gives tile item i op(item i, item i-1), SubtractRight
 * op(item i, item i+1); the tile's first (last) item gives op(item, tile_predecessor
 * (tile_successor)) when one is passed, else itself. Here thread 0 forms the whole
 * tile's outputs in a second shared array, which every thread then copies its items
 * from (input and output may be one array).
 * KeyValuePair with ArgMax/ArgMin (thread_operators' documented rule, below) for
 * BlockReduce over pairs; its poison is a poisoned key and value. */
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
template <class T = void> struct minus {
  template <class A, class B> auto operator()(const A &a, const B &b) const { return a - b; }
};
}  // namespace std
}  // namespace cuda

namespace cub {
/* KeyValuePair, ArgMax, ArgMin (CUB docs, util_type/thread_operators): ArgMax keeps the
 * pair with the larger value, ArgMin the smaller, and on equal values the one with the
 * smaller key (the first occurrence). */
template <typename K, typename V> struct KeyValuePair {
  K key;
  V value;
  KeyValuePair() {}
  KeyValuePair(const K &k, const V &v) : key(k), value(v) {}
};
struct ArgMax {
  template <class V, class K> KeyValuePair<K, V> operator()(const KeyValuePair<K, V> &a, const KeyValuePair<K, V> &b) const {
    return (b.value > a.value || (b.value == a.value && b.key < a.key)) ? b : a;
  }
};
struct ArgMin {
  template <class V, class K> KeyValuePair<K, V> operator()(const KeyValuePair<K, V> &a, const KeyValuePair<K, V> &b) const {
    return (b.value < a.value || (b.value == a.value && b.key < a.key)) ? b : a;
  }
};
template <class T> T poison_of(const T *) {
  if (::std::is_floating_point<T>::value) return ::std::numeric_limits<T>::quiet_NaN();
  return (T)0x5a5a5a5a;
}
template <class K, class V> KeyValuePair<K, V> poison_of(const KeyValuePair<K, V> *) {
  return KeyValuePair<K, V>(poison_of((const K *)nullptr), poison_of((const V *)nullptr));
}

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
  static T poison() { return poison_of((const T *)nullptr); }
  TempStorage &s_;
};

enum BlockScanAlgorithm { BLOCK_SCAN_RAKING, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_SCAN_WARP_SCANS };

template <typename T, int BLOCK_DIM_X, BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1>
class BlockScan {
  static constexpr int N = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z, MAXI = 16;

 public:
  struct TempStorage { T v[N * MAXI]; };
  explicit BlockScan(TempStorage &s) : s_(s) {}

  void ExclusiveSum(T x, T &y) { Scan(&x, &y, 1, 1, T(0), cuda::std::plus<>(), nullptr); }
  void ExclusiveSum(T x, T &y, T &agg) { Scan(&x, &y, 1, 1, T(0), cuda::std::plus<>(), &agg); }
  template <int I> void ExclusiveSum(T (&x)[I], T (&y)[I]) { Scan(x, y, I, 1, T(0), cuda::std::plus<>(), nullptr); }
  template <int I> void ExclusiveSum(T (&x)[I], T (&y)[I], T &agg) { Scan(x, y, I, 1, T(0), cuda::std::plus<>(), &agg); }
  void InclusiveSum(T x, T &y) { Scan(&x, &y, 1, 0, T(0), cuda::std::plus<>(), nullptr); }
  void InclusiveSum(T x, T &y, T &agg) { Scan(&x, &y, 1, 0, T(0), cuda::std::plus<>(), &agg); }
  template <int I> void InclusiveSum(T (&x)[I], T (&y)[I]) { Scan(x, y, I, 0, T(0), cuda::std::plus<>(), nullptr); }
  template <int I> void InclusiveSum(T (&x)[I], T (&y)[I], T &agg) { Scan(x, y, I, 0, T(0), cuda::std::plus<>(), &agg); }
  template <class Op> void InclusiveScan(T x, T &y, Op op) { Scan(&x, &y, 1, 0, T(0), op, nullptr); }
  template <class Op> void InclusiveScan(T x, T &y, Op op, T &agg) { Scan(&x, &y, 1, 0, T(0), op, &agg); }
  template <int I, class Op> void InclusiveScan(T (&x)[I], T (&y)[I], Op op) { Scan(x, y, I, 0, T(0), op, nullptr); }
  template <int I, class Op> void InclusiveScan(T (&x)[I], T (&y)[I], Op op, T &agg) { Scan(x, y, I, 0, T(0), op, &agg); }
  template <class Op> void ExclusiveScan(T x, T &y, T init, Op op) { Scan(&x, &y, 1, 2, init, op, nullptr); }
  template <int I, class Op> void ExclusiveScan(T (&x)[I], T (&y)[I], T init, Op op) { Scan(x, y, I, 2, init, op, nullptr); }

 private:
  /* excl: 0 inclusive, 1 exclusive sum (thread 0's first output is 0), 2 exclusive from init */
  template <class Op> void Scan(const T *x, T *y, int items, int excl, T init, Op op, T *agg) {
    int rank = threadIdx.x + BLOCK_DIM_X * (threadIdx.y + BLOCK_DIM_Y * threadIdx.z), m = N * items;
    for (int j = 0; j < items; j++) s_.v[rank * items + j] = x[j];
    __syncthreads();
    if (rank == 0) {
      ::std::vector<T> p(s_.v, s_.v + m);
      for (int d = 1; d < m; d *= 2) {
        ::std::vector<T> q(p);
        for (int i = d; i < m; i++) q[i] = op(p[i - d], p[i]);
        p.swap(q);
      }
      for (int i = 0; i < m; i++) s_.v[i] = p[i];
    }
    __syncthreads();
    for (int j = 0; j < items; j++) {
      int i = rank * items + j;
      if (!excl) y[j] = s_.v[i];
      else if (i == 0) y[j] = init;
      else y[j] = excl == 1 ? s_.v[i - 1] : op(init, s_.v[i - 1]);
    }
    if (agg) *agg = s_.v[m - 1];
    __syncthreads();
  }
  TempStorage &s_;
};
enum BlockLoadAlgorithm { BLOCK_LOAD_DIRECT, BLOCK_LOAD_STRIPED, BLOCK_LOAD_VECTORIZE, BLOCK_LOAD_TRANSPOSE,
                          BLOCK_LOAD_WARP_TRANSPOSE, BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED };
enum BlockStoreAlgorithm { BLOCK_STORE_DIRECT, BLOCK_STORE_STRIPED, BLOCK_STORE_VECTORIZE, BLOCK_STORE_TRANSPOSE,
                           BLOCK_STORE_WARP_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED };

/* element of the segment that thread rank r's item j is, for THREADS threads of N items */
inline int cub_shim_element(bool striped, int threads, int n, int r, int j) {
  return striped ? j * threads + r : r * n + j;
}

template <typename T, int BLOCK_DIM_X, int ITEMS, BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockLoad {
  static constexpr int N = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;

 public:
  struct TempStorage { T v[N * ITEMS]; };
  explicit BlockLoad(TempStorage &s) {}
  template <class P> void Load(P ptr, T (&items)[ITEMS]) { Move(ptr, items, N * ITEMS, false, T()); }
  template <class P> void Load(P ptr, T (&items)[ITEMS], int valid) { Move(ptr, items, valid, false, T()); }
  template <class P, class D> void Load(P ptr, T (&items)[ITEMS], int valid, D oob) { Move(ptr, items, valid, true, T(oob)); }

 private:
  template <class P> void Move(P ptr, T (&items)[ITEMS], int valid, bool has_oob, T oob) {
    int rank = threadIdx.x + BLOCK_DIM_X * (threadIdx.y + BLOCK_DIM_Y * threadIdx.z);
    for (int j = 0; j < ITEMS; j++) {
      int e = cub_shim_element(ALGORITHM == BLOCK_LOAD_STRIPED, N, ITEMS, rank, j);
      if (e < valid) items[j] = ptr[e];
      else if (has_oob) items[j] = oob;
    }
  }
};

template <typename T, int BLOCK_DIM_X, int ITEMS, BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockStore {
  static constexpr int N = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;

 public:
  struct TempStorage { T v[N * ITEMS]; };
  explicit BlockStore(TempStorage &s) {}
  template <class P> void Store(P ptr, T (&items)[ITEMS]) { Store(ptr, items, N * ITEMS); }
  template <class P> void Store(P ptr, T (&items)[ITEMS], int valid) {
    int rank = threadIdx.x + BLOCK_DIM_X * (threadIdx.y + BLOCK_DIM_Y * threadIdx.z);
    for (int j = 0; j < ITEMS; j++) {
      int e = cub_shim_element(ALGORITHM == BLOCK_STORE_STRIPED, N, ITEMS, rank, j);
      if (e < valid) ptr[e] = items[j];
    }
  }
};

template <typename T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockAdjacentDifference {
  static constexpr int N = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z, MAXI = 16;

 public:
  struct TempStorage { T in[N * MAXI], out[N * MAXI]; };
  explicit BlockAdjacentDifference(TempStorage &s) : s_(s) {}
  template <int I, class Op> void SubtractLeft(T (&x)[I], T (&y)[I], Op op) { Diff(x, y, I, -1, op, false, T()); }
  template <int I, class Op> void SubtractLeft(T (&x)[I], T (&y)[I], Op op, T pred) { Diff(x, y, I, -1, op, true, pred); }
  template <int I, class Op> void SubtractRight(T (&x)[I], T (&y)[I], Op op) { Diff(x, y, I, 1, op, false, T()); }
  template <int I, class Op> void SubtractRight(T (&x)[I], T (&y)[I], Op op, T succ) { Diff(x, y, I, 1, op, true, succ); }

 private:
  template <class Op> void Diff(const T *x, T *y, int items, int dir, Op op, bool has_edge, T edge) {
    int rank = threadIdx.x + BLOCK_DIM_X * (threadIdx.y + BLOCK_DIM_Y * threadIdx.z), m = N * items;
    for (int j = 0; j < items; j++) s_.in[rank * items + j] = x[j];
    __syncthreads();
    if (rank == 0)
      for (int i = 0; i < m; i++) {
        int k = i + dir;
        if (k >= 0 && k < m) s_.out[i] = op(s_.in[i], s_.in[k]);
        else s_.out[i] = has_edge ? op(s_.in[i], edge) : s_.in[i];
      }
    __syncthreads();
    for (int j = 0; j < items; j++) y[j] = s_.out[rank * items + j];
    __syncthreads();
  }
  TempStorage &s_;
};
}  // namespace cub
