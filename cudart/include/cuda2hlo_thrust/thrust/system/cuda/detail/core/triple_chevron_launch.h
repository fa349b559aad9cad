/* cuda2hlo-cc: with thrust's device system the C++ one (cuda2hlo_cc_host.h), cub's
 * launcher (cub/detail/launcher/cuda_runtime.cuh, which cub/cub.cuh includes) is the first
 * to include this header, which opens namespace thrust::cuda_cub::detail before
 * thrust/system/cuda/detail/execution_policy.h is read; in that header `detail::` then
 * names cuda_cub's and the program stops compiling ("no template named
 * 'allocator_aware_execution_policy' in namespace 'thrust::cuda_cub::detail'"). With the
 * CUDA device system thrust reads execution_policy.h first: so it is here. cub's
 * device-wide algorithms run on the host (../../../../../cub/device/); the families not
 * done there still launch cub's kernels, which stop the program when launched (no kernel
 * named 'cub::...'). */
#pragma once
#include <thrust/detail/config.h>
#include <thrust/system/cuda/detail/execution_policy.h>
#include_next <thrust/system/cuda/detail/core/triple_chevron_launch.h>
