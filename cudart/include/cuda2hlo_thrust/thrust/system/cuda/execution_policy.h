/* cuda2hlo-cc: thrust::cuda::par and thrust::cuda::par_nosync, the explicit CUDA policies
 * (with .on(stream)), are thrust's C++ system's par here: with the device system the C++
 * one (cuda2hlo_cc_host.h), a device_vector's iterators belong to that system, and the
 * toolkit's CUDA policies would send the algorithm to cub's kernels (or not compile with
 * those iterators: "unimplemented for this system"). Every stream is one in-order queue
 * that runs at once (docs/cudart.md), so running the algorithm in the calling host code is
 * what either policy means here. */
#pragma once
#include <thrust/detail/config.h>
#if defined(__CUDA2HLO_CC__) && THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CPP
#include <thrust/system/cpp/execution_policy.h>
#include <cuda2hlo_thrust_device.h>
#include <cuda_runtime_api.h>

namespace cuda2hlo_thrust {
struct cuda_par_t : thrust::system::cpp::detail::par_t {
	constexpr cuda_par_t() : thrust::system::cpp::detail::par_t() {}
	cuda_par_t on(cudaStream_t) const { return *this; }
};
} // namespace cuda2hlo_thrust

THRUST_NAMESPACE_BEGIN
namespace cuda
{
static constexpr cuda2hlo_thrust::cuda_par_t par, par_nosync;
} // namespace cuda
THRUST_NAMESPACE_END
#else
#include_next <thrust/system/cuda/execution_policy.h>
#endif
