/* cuda2hlo-cc: thrust's device memory resource. With thrust's device system the host's C++
 * system (cuda2hlo_cc_host.h), thrust's own header would give a device_vector storage from
 * operator new, memory the runtime does not know: a kernel launched on
 * raw_pointer_cast(v.data()) would be refused, a cudaMemcpy from it would fail. Here the
 * storage comes from cudaMalloc and goes back with cudaFree; the pointer type stays the
 * system's (thrust::cpp::pointer), so thrust's algorithms on it run in the host code. */
#pragma once
#include <thrust/detail/config.h>
#if defined(__CUDA2HLO_CC__) && THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CPP
#include <thrust/mr/fancy_pointer_resource.h>
#include <thrust/mr/memory_resource.h>
#include <thrust/system/cpp/memory_resource.h>
#include <thrust/system/cpp/pointer.h>
#include <cuda2hlo_thrust_device.h>
#include <cuda_runtime_api.h>
#include <cstddef>
#include <new>

namespace cuda2hlo_thrust {
class cudart_resource final : public thrust::mr::memory_resource<> {
public:
	void *do_allocate(std::size_t bytes, std::size_t alignment) override
	{
		void *p = nullptr;
		/* the runtime's cudaMalloc is calloc: aligned for any fundamental type; a
		 * larger alignment is refused as memory that cannot be had */
		if (alignment > alignof(std::max_align_t) || cudaMalloc(&p, bytes) != cudaSuccess)
			throw std::bad_alloc();
		return p;
	}
	void do_deallocate(void *p, std::size_t, std::size_t) override { cudaFree(p); }
};
} // namespace cuda2hlo_thrust

THRUST_NAMESPACE_BEGIN
using device_memory_resource =
  thrust::mr::fancy_pointer_resource<cuda2hlo_thrust::cudart_resource, thrust::cpp::pointer<void>>;
using universal_memory_resource = thrust::system::cpp::universal_memory_resource;
using universal_host_pinned_memory_resource = thrust::system::cpp::universal_host_pinned_memory_resource;
THRUST_NAMESPACE_END
#else
#include_next <thrust/mr/device_memory_resource.h>
#endif
