/* cuda2hlo_cc_host.h: included first in the host side of every .cu that cuda2hlo-cc
 * compiles (docs/cudart.md). nvcc's math_functions.hpp makes the global min and max
 * overloads (int, unsigned, long, long long and their unsigned forms, float, double, and
 * the mixed ones) __host__ __device__, so host code calls `max(a, b)` on floats without
 * std::; clang's CUDA headers declare them for the device only. These are their host
 * forms, with the toolkit's meaning: integers compare after the same conversions (a
 * signed and an unsigned argument compare as unsigned), floating point is fminf/fmaxf
 * and fmin/fmax (a NaN argument gives the other one), float with double is double. */
#ifndef CUDA2HLO_CC_HOST_H
#define CUDA2HLO_CC_HOST_H
/* A __managed__ variable is device memory the host reads and writes directly: clang's
 * CUDA mode ignores the toolkit's `managed` attribute (HIP's), which would leave a host
 * variable that kernels cannot name. As a __device__ variable its host copy is the one
 * the runtime binds to the kernels' modules (register.c), which is managed memory's
 * meaning here: host code reads and writes that copy, launches see it. */
#if defined(__CUDA__)
#undef __managed__
#define __managed__ __attribute__((device))
#endif
#if defined(__cplusplus) && defined(__CUDA__) && !defined(__CUDA_ARCH__)
#include <math.h>

/* thrust's device algorithms run in the host code, on thrust's C++ system (serially, not
 * through XLA): its CUDA system launches cub's kernels, which cannot be raised (cub's
 * decoupled look-back scan is a race no module can express). A program that asks for
 * another device system with -DTHRUST_DEVICE_SYSTEM=... keeps it. The headers in
 * include/cuda2hlo_thrust (before the toolkit's on the include path) give device_vector
 * cudaMalloc storage, tell the runtime that host code touches device memory, and run
 * cub's device-wide algorithms (cub::DeviceScan, ...) on the host for the same reason. */
#ifndef THRUST_DEVICE_SYSTEM
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_CPP
#endif

#define C2H_HOST_ __attribute__((host)) static inline
#define C2H_MINMAX_(R, A, B)                                                           \
	C2H_HOST_ R min(const A a, const B b) { return (R)a < (R)b ? (R)a : (R)b; }          \
	C2H_HOST_ R max(const A a, const B b) { return (R)a > (R)b ? (R)a : (R)b; }
C2H_MINMAX_(int, int, int)
C2H_MINMAX_(unsigned int, unsigned int, unsigned int)
C2H_MINMAX_(unsigned int, int, unsigned int)
C2H_MINMAX_(unsigned int, unsigned int, int)
C2H_MINMAX_(long, long, long)
C2H_MINMAX_(unsigned long, unsigned long, unsigned long)
C2H_MINMAX_(unsigned long, long, unsigned long)
C2H_MINMAX_(unsigned long, unsigned long, long)
C2H_MINMAX_(long long, long long, long long)
C2H_MINMAX_(unsigned long long, unsigned long long, unsigned long long)
C2H_MINMAX_(unsigned long long, long long, unsigned long long)
C2H_MINMAX_(unsigned long long, unsigned long long, long long)
#undef C2H_MINMAX_
C2H_HOST_ float min(const float a, const float b) { return fminf(a, b); }
C2H_HOST_ float max(const float a, const float b) { return fmaxf(a, b); }
C2H_HOST_ double min(const double a, const double b) { return fmin(a, b); }
C2H_HOST_ double max(const double a, const double b) { return fmax(a, b); }
C2H_HOST_ double min(const float a, const double b) { return fmin((double)a, b); }
C2H_HOST_ double max(const float a, const double b) { return fmax((double)a, b); }
C2H_HOST_ double min(const double a, const float b) { return fmin(a, (double)b); }
C2H_HOST_ double max(const double a, const float b) { return fmax(a, (double)b); }
#undef C2H_HOST_

/* nvcc's built-in atomics of CUDA 12.8 (__nv_atomic_load_n, ...) and their order and
 * scope enumerators (the toolkit's values, crt/device_functions.h) are nvcc's own: clang
 * declares neither, so device code written for CUDA >= 12.8 would not compile on the
 * host side. Declared here for the device, as nvcc has them; the device side is raised
 * from the frontend's definitions (src/frontend/math_api.cuh). */
enum { __NV_ATOMIC_RELAXED, __NV_ATOMIC_CONSUME, __NV_ATOMIC_ACQUIRE, __NV_ATOMIC_RELEASE,
       __NV_ATOMIC_ACQ_REL, __NV_ATOMIC_SEQ_CST };
enum { __NV_THREAD_SCOPE_THREAD, __NV_THREAD_SCOPE_BLOCK, __NV_THREAD_SCOPE_CLUSTER,
       __NV_THREAD_SCOPE_DEVICE, __NV_THREAD_SCOPE_SYSTEM };
#define C2H_DEV_ template <class T> __attribute__((device))
#define C2H_SC_ int scope = __NV_THREAD_SCOPE_SYSTEM
C2H_DEV_ T __nv_atomic_load_n(const T *p, int order, C2H_SC_);
C2H_DEV_ void __nv_atomic_load(const T *p, T *ret, int order, C2H_SC_);
C2H_DEV_ void __nv_atomic_store_n(T *p, T v, int order, C2H_SC_);
C2H_DEV_ void __nv_atomic_store(T *p, T *v, int order, C2H_SC_);
C2H_DEV_ T __nv_atomic_exchange_n(T *p, T v, int order, C2H_SC_);
C2H_DEV_ bool __nv_atomic_compare_exchange_n(T *p, T *expected, T desired, bool weak, int success,
                                             int failure, C2H_SC_);
C2H_DEV_ T __nv_atomic_fetch_add(T *p, T v, int order, C2H_SC_);
C2H_DEV_ T __nv_atomic_fetch_sub(T *p, T v, int order, C2H_SC_);
C2H_DEV_ T __nv_atomic_fetch_min(T *p, T v, int order, C2H_SC_);
C2H_DEV_ T __nv_atomic_fetch_max(T *p, T v, int order, C2H_SC_);
C2H_DEV_ T __nv_atomic_fetch_and(T *p, T v, int order, C2H_SC_);
C2H_DEV_ T __nv_atomic_fetch_or(T *p, T v, int order, C2H_SC_);
C2H_DEV_ T __nv_atomic_fetch_xor(T *p, T v, int order, C2H_SC_);
__attribute__((device)) void __nv_atomic_thread_fence(int order, C2H_SC_);
#undef C2H_SC_
#undef C2H_DEV_
#endif
#endif
