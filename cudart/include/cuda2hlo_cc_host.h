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
#if defined(__cplusplus) && defined(__CUDA__) && !defined(__CUDA_ARCH__)
#include <math.h>

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
#endif
#endif
