/* cooperative_groups.cuh: the part of CUDA's cooperative groups the frontend accepts
 * (declarations only, lowered in coop.c): the thread block, thread_block_tile<N> of a
 * warp with its shuffles and votes, cg::reduce with its functors; the grid group is
 * declared so that its use is refused by name. */
#ifndef CUDA2HLO_COOPERATIVE_GROUPS
#define CUDA2HLO_COOPERATIVE_GROUPS
#include <cuda_runtime.h>
namespace cooperative_groups {
struct thread_block {
	__device__ void sync() const;
	__device__ unsigned thread_rank() const;
	__device__ unsigned size() const;
	__device__ unsigned num_threads() const;
	__device__ dim3 group_index() const;
	__device__ dim3 thread_index() const;
	__device__ dim3 group_dim() const;
	__device__ dim3 dim_threads() const;
};
struct grid_group {
	__device__ void sync() const;
	__device__ unsigned long long thread_rank() const;
	__device__ unsigned long long size() const;
};
template <unsigned N, class P = void> struct thread_block_tile {
	__device__ void sync() const;
	__device__ unsigned thread_rank() const;
	__device__ unsigned size() const;
	__device__ unsigned num_threads() const;
	__device__ unsigned meta_group_rank() const;
	__device__ unsigned meta_group_size() const;
	template <class T> __device__ T shfl(T v, int src) const;
	template <class T> __device__ T shfl_up(T v, unsigned d) const;
	template <class T> __device__ T shfl_down(T v, unsigned d) const;
	template <class T> __device__ T shfl_xor(T v, unsigned m) const;
	__device__ int any(int p) const;
	__device__ int all(int p) const;
	__device__ unsigned ballot(int p) const;
};
__device__ thread_block this_thread_block();
__device__ grid_group this_grid();
template <unsigned N, class P> __device__ thread_block_tile<N> tiled_partition(const P &g);
__device__ void sync(const thread_block &g);
__device__ void sync(const grid_group &g);
template <unsigned N, class P> __device__ void sync(const thread_block_tile<N, P> &g);
template <class T> struct plus { __device__ T operator()(T a, T b) const; };
template <class T> struct less { __device__ T operator()(T a, T b) const; };
template <class T> struct greater { __device__ T operator()(T a, T b) const; };
template <class T> struct bit_and { __device__ T operator()(T a, T b) const; };
template <class T> struct bit_or { __device__ T operator()(T a, T b) const; };
template <class T> struct bit_xor { __device__ T operator()(T a, T b) const; };
template <class G, class T, class Op> __device__ T reduce(const G &g, T v, Op op);
}
#endif
