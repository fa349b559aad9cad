/* cooperative_groups.cuh: the part of CUDA's cooperative groups the frontend accepts
 * (a thread block; sync() is __syncthreads) and what it refuses by name (grid sync). */
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
};
struct grid_group {
	__device__ void sync() const;
	__device__ unsigned long long thread_rank() const;
	__device__ unsigned long long size() const;
};
__device__ thread_block this_thread_block();
__device__ grid_group this_grid();
__device__ void sync(const thread_block &g);
__device__ void sync(const grid_group &g);
}
#endif
