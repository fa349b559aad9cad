/* cuda2hlo_thrust_device.h: included by this folder's thrust headers, the ones a program
 * includes to use thrust's device algorithms (device_ptr, device_vector through
 * device_allocator, the thrust::device policy). cuda2hlo-cc makes thrust's device system
 * thrust's host C++ system (cuda2hlo_cc_host.h): those algorithms run in the host code,
 * serially, and read and write device memory directly, as no program compiled by nvcc
 * could. The constructor below tells the runtime before main: every allocation is then
 * one the host may write (as cudaMallocManaged memory is, docs/cudart.md), so a kernel's
 * result reaches the memory when its launch returns and each launch copies its inputs
 * from the memory. */
#pragma once
#if defined(__CUDA2HLO_CC__) && THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CPP
/* thrust's CUDA system headers bring <iostream>, which programs use without including it
 * (HeCBench mtf): the C++ system's do not */
#include <iostream>
extern "C" void cuda2hlo_cudart_host_coherent(void);
__attribute__((constructor)) static void cuda2hlo_thrust_host_coherent_(void)
{
	cuda2hlo_cudart_host_coherent();
}
#endif
