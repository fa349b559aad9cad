/* cuda_api.cuh: the CUDA device and host API as cuda2hlo's frontend needs it for parsing
 * (declarations only; nothing here is ever compiled). It is embedded into the binary and
 * given to libclang as the unsaved file cuda_runtime.h, with -nocudainc -nocudalib, so no
 * toolkit is needed. Names follow the CUDA Runtime API and the CUDA Math API; the host
 * side of the runtime API is cuda_runtime_api.cuh. */
#ifndef CUDA2HLO_CUDA_API
#define CUDA2HLO_CUDA_API
#define __CUDA_RUNTIME_H__
#define __CUDA2HLO_BUNDLED__ 1
#define __CUDACC__ 1
#define __NVCC__ 1
/* the version of the toolkit detected (headers.c), else CUDA 13.0; CUDA_VERSION comes
 * with cuda.h, as in the toolkit */
#ifndef __CUDA2HLO_CUDART_VERSION
#define __CUDA2HLO_CUDART_VERSION 13000
#endif
#define CUDART_VERSION __CUDA2HLO_CUDART_VERSION
#define __CUDACC_VER_MAJOR__ (__CUDA2HLO_CUDART_VERSION / 1000)
#define __CUDACC_VER_MINOR__ (__CUDA2HLO_CUDART_VERSION % 1000 / 10)
#define __CUDACC_VER_BUILD__ 0
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
/* a __managed__ variable is device memory the host also reads and writes (Programming
 * Guide, "Managed Memory"): a __device__ variable here; clang's CUDA mode ignores
 * `managed` (a HIP attribute), so it would be a host variable */
#define __managed__ __attribute__((device))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __restrict__ __restrict
#define __grid_constant__
#define __D __attribute__((device))
#define __HD __attribute__((host)) __attribute__((device))

#include <stddef.h>
/* the toolkit's cuda.h includes <stdint.h> (and cuda.h is this header here), and the
 * device-side parse of a toolkit's cuda_runtime.h has uint64_t and friends too: a file
 * that names them after including only CUDA headers parses either way */
#include <stdint.h>
/* the toolkit's cuda_runtime.h includes these through crt/common_functions.h and
 * crt/math_functions.h, and programs rely on it: `uint` (sys/types.h through stdlib.h),
 * printf, malloc, memcpy, assert, placement new without an include of
 * their own (radixsort's `make_uint4(uint s)` overload was dropped, its kernels refused) */
#include <string.h>
#include <time.h>
#include <stdio.h>
#include <stdlib.h>
#include <assert.h>
#ifdef __cplusplus
#include <new>
#endif
/* device assert: the toolkit declares __assert_fail for the device as well (a failed
 * assert traps the kernel); here the device overload only lets the parse see the call, which
 * the frontend refuses with its location (builtin.c: no trap can be translated) */
#ifdef __cplusplus
extern "C++" __D void __assert_fail(const char *, const char *, unsigned int, const char *) noexcept
	__attribute__((noreturn));
#endif

/* the toolkit's alignments (vector_types.h): two elements aligned to their size, four to
 * their size up to 16 bytes, one and three to the element's; a struct or union holding
 * them, and `alignas(uint4)`, are laid out as nvcc lays them out */
#define __C2H_VEC(T, N) \
	struct T##1 { N x; }; struct __attribute__((aligned(2 * sizeof(N)))) T##2 { N x, y; }; \
	struct T##3 { N x, y, z; }; \
	struct __attribute__((aligned(4 * sizeof(N) < 16 ? 4 * sizeof(N) : 16))) T##4 { N x, y, z, w; }; \
	typedef struct T##1 T##1; typedef struct T##2 T##2; typedef struct T##3 T##3; typedef struct T##4 T##4; \
	static __inline__ __HD T##1 make_##T##1(N x) { T##1 r = {x}; return r; } \
	static __inline__ __HD T##2 make_##T##2(N x, N y) { T##2 r = {x, y}; return r; } \
	static __inline__ __HD T##3 make_##T##3(N x, N y, N z) { T##3 r = {x, y, z}; return r; } \
	static __inline__ __HD T##4 make_##T##4(N x, N y, N z, N w) { T##4 r = {x, y, z, w}; return r; }
__C2H_VEC(char, signed char) __C2H_VEC(uchar, unsigned char) __C2H_VEC(short, short)
__C2H_VEC(ushort, unsigned short) __C2H_VEC(int, int) __C2H_VEC(uint, unsigned int)
__C2H_VEC(long, long) __C2H_VEC(ulong, unsigned long) __C2H_VEC(longlong, long long)
__C2H_VEC(ulonglong, unsigned long long) __C2H_VEC(float, float) __C2H_VEC(double, double)
#undef __C2H_VEC
struct dim3 {
	unsigned int x, y, z;
	__HD constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
	__HD constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
	__HD constexpr operator uint3() const { return uint3{x, y, z}; }
};
typedef struct dim3 dim3;

#include "__clang_cuda_builtin_vars.h"
__D inline __cuda_builtin_threadIdx_t::operator uint3() const { return uint3{x, y, z}; }
__D inline __cuda_builtin_blockIdx_t::operator uint3() const { return uint3{x, y, z}; }
__D inline __cuda_builtin_blockDim_t::operator dim3() const { return dim3(x, y, z); }
__D inline __cuda_builtin_gridDim_t::operator dim3() const { return dim3(x, y, z); }

/* ---- host API: the CUDA Runtime API (cuda_runtime_api.cuh) ---- */
#include <cuda_runtime_api.h>

/* ---- device API: synchronisation, warp functions, atomics ---- */
__D void __syncthreads(void);
__D int __syncthreads_count(int pred);
__D int __syncthreads_and(int pred);
__D int __syncthreads_or(int pred);
__D void __syncwarp(unsigned mask = 0xffffffffu);
__D void __threadfence(void);
__D void __threadfence_block(void);
__D void __threadfence_system(void);
__D unsigned __activemask(void);
__D unsigned __ballot_sync(unsigned mask, int pred);
__D int __any_sync(unsigned mask, int pred);
__D int __all_sync(unsigned mask, int pred);
#define __C2H_MATCH(T) \
	__D unsigned __match_any_sync(unsigned mask, T v); \
	__D unsigned __match_all_sync(unsigned mask, T v, int *pred);
__C2H_MATCH(int) __C2H_MATCH(unsigned) __C2H_MATCH(long) __C2H_MATCH(unsigned long)
__C2H_MATCH(long long) __C2H_MATCH(unsigned long long) __C2H_MATCH(float) __C2H_MATCH(double)
#undef __C2H_MATCH
#define __C2H_SHFL(T) \
	__D T __shfl_sync(unsigned mask, T v, int lane, int width = 32); \
	__D T __shfl_up_sync(unsigned mask, T v, unsigned delta, int width = 32); \
	__D T __shfl_down_sync(unsigned mask, T v, unsigned delta, int width = 32); \
	__D T __shfl_xor_sync(unsigned mask, T v, int lanemask, int width = 32); \
	__D T __shfl(T v, int lane, int width = 32); \
	__D T __shfl_up(T v, unsigned delta, int width = 32); \
	__D T __shfl_down(T v, unsigned delta, int width = 32); \
	__D T __shfl_xor(T v, int lanemask, int width = 32);
__C2H_SHFL(int) __C2H_SHFL(unsigned) __C2H_SHFL(long) __C2H_SHFL(unsigned long)
__C2H_SHFL(long long) __C2H_SHFL(unsigned long long) __C2H_SHFL(float) __C2H_SHFL(double)
#undef __C2H_SHFL
/* the _block and _system scopes: in a raised program of one device they are the plain
 * atomics (builtin.c) */
#define __C2H_ATOMIC(T, S) \
	__D T atomicAdd##S(T *p, T v); __D T atomicSub##S(T *p, T v); __D T atomicExch##S(T *p, T v); \
	__D T atomicMin##S(T *p, T v); __D T atomicMax##S(T *p, T v); __D T atomicCAS##S(T *p, T c, T v); \
	__D T atomicAnd##S(T *p, T v); __D T atomicOr##S(T *p, T v); __D T atomicXor##S(T *p, T v);
#define __C2H_ATOMIC1(S) \
	__C2H_ATOMIC(int, S) __C2H_ATOMIC(unsigned, S) __C2H_ATOMIC(unsigned long long, S) __C2H_ATOMIC(long long, S) \
	__D float atomicAdd##S(float *p, float v); __D double atomicAdd##S(double *p, double v); \
	__D float2 atomicAdd##S(float2 *p, float2 v); __D float4 atomicAdd##S(float4 *p, float4 v); \
	__D float atomicExch##S(float *p, float v); __D unsigned atomicInc##S(unsigned *p, unsigned v); \
	__D unsigned atomicDec##S(unsigned *p, unsigned v);
__C2H_ATOMIC1() __C2H_ATOMIC1(_block) __C2H_ATOMIC1(_system)
#undef __C2H_ATOMIC
#undef __C2H_ATOMIC1
__D int printf(const char *fmt, ...);
__D void *malloc(size_t n);
__D void *memset(void *p, int c, size_t n);
__D void *memcpy(void *d, const void *s, size_t n);
__D void free(void *p);
__D void __trap(void);
__D void __brkpt(void);
__D long long clock64(void);
__D int clock(void);
template <class T> struct texture {};
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
template <class T> __D T tex1Dfetch(cudaTextureObject_t t, int x);
template <class T> __D T tex1D(cudaTextureObject_t t, float x);
template <class T> __D T tex2D(cudaTextureObject_t t, float x, float y);
template <class T> __D T tex3D(cudaTextureObject_t t, float x, float y, float z);
template <class T> __D void surf2Dwrite(T v, cudaSurfaceObject_t s, int x, int y);
template <class T> __D T surf2Dread(cudaSurfaceObject_t s, int x, int y);
template <class T> __D T __ldg(const T *p);
/* cache-hinted loads and stores: the hint means nothing here, the value is a plain load
 * (builtin.c, as __ldg) or store (inlined from math_api.cuh); the types are the CUDA
 * documentation's */
template <class T> __D T __ldcg(const T *p);
template <class T> __D T __ldcs(const T *p);
template <class T> __D T __ldcv(const T *p);
/* (__ldca, __ldlu and the hinted stores are declared with the Math API, math_api.cuh, for
 * every header set) */

/* ---- CUDA Math API: float and double, intrinsics, integer functions ---- */
#define __C2H_F1(n) __D float n##f(float); __D double n(double); __D float n(float);
#define __C2H_F2(n) __D float n##f(float, float); __D double n(double, double); __D float n(float, float);
__C2H_F1(sqrt) __C2H_F1(rsqrt) __C2H_F1(cbrt) __C2H_F1(rcbrt) __C2H_F1(exp) __C2H_F1(exp2)
__C2H_F1(exp10) __C2H_F1(expm1) __C2H_F1(log) __C2H_F1(log2) __C2H_F1(log10) __C2H_F1(log1p)
__C2H_F1(sin) __C2H_F1(cos) __C2H_F1(tan) __C2H_F1(asin) __C2H_F1(acos) __C2H_F1(atan)
__C2H_F1(sinh) __C2H_F1(cosh) __C2H_F1(tanh) __C2H_F1(asinh) __C2H_F1(acosh) __C2H_F1(atanh)
__C2H_F1(erf) __C2H_F1(erfc) __C2H_F1(fabs) __C2H_F1(floor) __C2H_F1(ceil) __C2H_F1(trunc)
__C2H_F1(round) __C2H_F1(rint) __C2H_F1(nearbyint)
__C2H_F2(pow) __C2H_F2(atan2) __C2H_F2(fmin) __C2H_F2(fmax) __C2H_F2(copysign) __C2H_F2(hypot)
__C2H_F2(fmod) __C2H_F2(remainder) __C2H_F2(fdim)
#undef __C2H_F1
#undef __C2H_F2
__D float fmaf(float, float, float); __D double fma(double, double, double); __D float fma(float, float, float);
__D void sincosf(float, float *, float *); __D void sincos(double, double *, double *);
__D int isnan(float); __D int isnan(double); __D int isinf(float); __D int isinf(double);
__D int isfinite(float); __D int isfinite(double); __D int signbit(float); __D int signbit(double);
__D int __isnanf(float); __D int __isinff(float); __D int __finitef(float);
__D int abs(int); __D long labs(long); __D long long llabs(long long);
__D long abs(long); __D long long abs(long long); __D float abs(float); __D double abs(double);
#define __C2H_MM(T) __D T min(T, T); __D T max(T, T);
__C2H_MM(int) __C2H_MM(unsigned) __C2H_MM(long) __C2H_MM(unsigned long) __C2H_MM(long long)
__C2H_MM(unsigned long long) __C2H_MM(float) __C2H_MM(double)
#undef __C2H_MM
__D unsigned min(int, unsigned); __D unsigned min(unsigned, int);
__D unsigned max(int, unsigned); __D unsigned max(unsigned, int);
__D double min(float, double); __D double min(double, float);
__D double max(float, double); __D double max(double, float);
__D int umin(unsigned, unsigned); __D int umax(unsigned, unsigned);
__D long long llmin(long long, long long); __D long long llmax(long long, long long);
__D float __expf(float); __D float __exp10f(float); __D float __logf(float); __D float __log2f(float);
__D float __log10f(float); __D float __powf(float, float); __D float __sinf(float); __D float __cosf(float);
__D float __tanf(float); __D float __fdividef(float, float); __D double __ddiv_rn(double, double);
__D void __sincosf(float, float *, float *);
__D float __saturatef(float); __D float __frcp_rn(float); __D float __frsqrt_rn(float); __D float __fsqrt_rn(float);
__D double __drcp_rn(double); __D double __dsqrt_rn(double);
#define __C2H_RN(op) __D float __f##op##_rn(float, float); __D float __f##op##_rz(float, float); \
	__D float __f##op##_ru(float, float); __D float __f##op##_rd(float, float); \
	__D double __d##op##_rn(double, double); __D double __d##op##_rz(double, double); \
	__D double __d##op##_ru(double, double); __D double __d##op##_rd(double, double);
__C2H_RN(add) __C2H_RN(sub) __C2H_RN(mul)
#undef __C2H_RN
__D float __fdiv_rn(float, float); __D float __fmaf_rn(float, float, float); __D double __fma_rn(double, double, double);
#define __C2H_CVT(from, FT, to, TT) __D TT __##from##2##to##_rn(FT); __D TT __##from##2##to##_rz(FT); \
	__D TT __##from##2##to##_ru(FT); __D TT __##from##2##to##_rd(FT);
__C2H_CVT(float, float, int, int) __C2H_CVT(float, float, uint, unsigned) __C2H_CVT(float, float, ll, long long)
__C2H_CVT(float, float, ull, unsigned long long) __C2H_CVT(double, double, int, int)
__C2H_CVT(double, double, uint, unsigned) __C2H_CVT(double, double, ll, long long)
__C2H_CVT(double, double, ull, unsigned long long) __C2H_CVT(double, double, float, float)
__C2H_CVT(int, int, float, float) __C2H_CVT(uint, unsigned, float, float) __C2H_CVT(int, int, double, double)
__C2H_CVT(ll, long long, float, float) __C2H_CVT(ll, long long, double, double)
__C2H_CVT(ull, unsigned long long, float, float) __C2H_CVT(ull, unsigned long long, double, double)
__D double __uint2double_rn(unsigned);
#undef __C2H_CVT
__D float __int_as_float(int); __D int __float_as_int(float); __D float __uint_as_float(unsigned);
__D unsigned __float_as_uint(float); __D double __longlong_as_double(long long); __D long long __double_as_longlong(double);
__D int __popc(unsigned); __D int __popcll(unsigned long long); __D int __clz(int); __D int __clzll(long long);
__D int __ffs(int); __D int __ffsll(long long); __D unsigned __brev(unsigned); __D unsigned long long __brevll(unsigned long long);
__D int __mulhi(int, int); __D unsigned __umulhi(unsigned, unsigned); __D int __mul24(int, int);
__D unsigned __umul24(unsigned, unsigned); __D long long __mul64hi(long long, long long);
__D unsigned long long __umul64hi(unsigned long long, unsigned long long);
__D unsigned __sad(int, int, unsigned); __D unsigned __usad(unsigned, unsigned, unsigned);
/* defined in math_api.cuh (inlined from __c2h_NAME) */
__D long lrintf(float); __D long long llrintf(float); __D long lrint(double); __D long long llrint(double);
__D long lroundf(float); __D long long llroundf(float); __D long lround(double); __D long long llround(double);
__D float fdividef(float, float); __D float modff(float, float *); __D double modf(double, double *);
__D float sinpif(float); __D float cospif(float); __D double sinpi(double); __D double cospi(double);
__D void sincospif(float, float *, float *); __D float normcdff(float); __D double normcdf(double);
__D float ldexpf(float, int); __D double ldexp(double, int); __D float scalbnf(float, int); __D double scalbn(double, int);
__D float nextafterf(float, float); __D double nextafter(double, double);
__D int __double2hiint(double); __D int __double2loint(double); __D double __hiloint2double(int, int);
__D unsigned __byte_perm(unsigned, unsigned, unsigned);
__D int __dp4a(int, int, int); __D unsigned __dp4a(unsigned, unsigned, unsigned);
__D int __dp2a_lo(int, int, int); __D unsigned __dp2a_lo(unsigned, unsigned, unsigned);
__D int __dp2a_hi(int, int, int); __D unsigned __dp2a_hi(unsigned, unsigned, unsigned);
__D unsigned __funnelshift_l(unsigned, unsigned, unsigned); __D unsigned __funnelshift_r(unsigned, unsigned, unsigned);
__D unsigned __funnelshift_lc(unsigned, unsigned, unsigned); __D unsigned __funnelshift_rc(unsigned, unsigned, unsigned);
__D int __hadd(int, int); __D int __rhadd(int, int); __D unsigned __uhadd(unsigned, unsigned);
__D unsigned __urhadd(unsigned, unsigned);
__D unsigned long long ullmin(unsigned long long, unsigned long long);
__D unsigned long long ullmax(unsigned long long, unsigned long long);
#define __C2H_V2(n) __D unsigned __##n##4(unsigned, unsigned); __D unsigned __##n##2(unsigned, unsigned);
__C2H_V2(vadd) __C2H_V2(vsub) __C2H_V2(vaddss) __C2H_V2(vsubss) __C2H_V2(vaddus) __C2H_V2(vsubus)
__C2H_V2(vabsdiffu) __C2H_V2(vabsdiffs) __C2H_V2(vmaxu) __C2H_V2(vmaxs) __C2H_V2(vminu) __C2H_V2(vmins)
__C2H_V2(vhaddu) __C2H_V2(vavgu) __C2H_V2(vavgs) __C2H_V2(vcmpeq) __C2H_V2(vcmpne) __C2H_V2(vcmpgeu) __C2H_V2(vcmpges)
__C2H_V2(vcmpgtu) __C2H_V2(vcmpgts) __C2H_V2(vcmpleu) __C2H_V2(vcmples) __C2H_V2(vcmpltu) __C2H_V2(vcmplts)
__C2H_V2(vseteq) __C2H_V2(vsetne) __C2H_V2(vsetgeu) __C2H_V2(vsetges) __C2H_V2(vsetgtu) __C2H_V2(vsetgts)
__C2H_V2(vsetleu) __C2H_V2(vsetles) __C2H_V2(vsetltu) __C2H_V2(vsetlts) __C2H_V2(vsadu) __C2H_V2(vsads)
/* DPX (CUDA 12): three-way and add-then max/min, with relu (max with 0) and predicates */
#define __C2H_DPX3(n) __D int __##n##_s32(int, int, int); __D unsigned __##n##_u32(unsigned, unsigned, unsigned); \
	__D unsigned __##n##_s16x2(unsigned, unsigned, unsigned); __D unsigned __##n##_u16x2(unsigned, unsigned, unsigned); \
	__D int __##n##_s32_relu(int, int, int); __D unsigned __##n##_s16x2_relu(unsigned, unsigned, unsigned);
__C2H_DPX3(vimax3) __C2H_DPX3(vimin3) __C2H_DPX3(viaddmax) __C2H_DPX3(viaddmin)
__D int __vimax_s32_relu(int, int); __D int __vimin_s32_relu(int, int);
__D unsigned __vimax_s16x2_relu(unsigned, unsigned); __D unsigned __vimin_s16x2_relu(unsigned, unsigned);
__D int __vibmax_s32(int, int, bool *); __D unsigned __vibmax_u32(unsigned, unsigned, bool *);
__D int __vibmin_s32(int, int, bool *); __D unsigned __vibmin_u32(unsigned, unsigned, bool *);
__D unsigned __vibmax_s16x2(unsigned, unsigned, bool *, bool *); __D unsigned __vibmax_u16x2(unsigned, unsigned, bool *, bool *);
__D unsigned __vibmin_s16x2(unsigned, unsigned, bool *, bool *); __D unsigned __vibmin_u16x2(unsigned, unsigned, bool *, bool *);
#undef __C2H_V2
__D unsigned __vabs4(unsigned); __D unsigned __vabs2(unsigned); __D unsigned __vneg4(unsigned);
__D unsigned __vneg2(unsigned); __D unsigned __vnegss4(unsigned); __D unsigned __vnegss2(unsigned);
__D unsigned __vabsss4(unsigned); __D unsigned __vabsss2(unsigned);
/* declared so that a call is refused by name (builtin.c: no exact translation) */
#define __C2H_NO1(n) __D float n##f(float); __D double n(double);
__C2H_NO1(erfinv) __C2H_NO1(erfcinv) __C2H_NO1(erfcx) __C2H_NO1(normcdfinv) __C2H_NO1(lgamma)
__C2H_NO1(tgamma) __C2H_NO1(j0) __C2H_NO1(j1) __C2H_NO1(y0) __C2H_NO1(y1) __C2H_NO1(cyl_bessel_i0)
__C2H_NO1(cyl_bessel_i1) __C2H_NO1(logb)
#undef __C2H_NO1
__D float jnf(int, float); __D double jn(int, double); __D float ynf(int, float); __D double yn(int, double);
__D int ilogbf(float); __D int ilogb(double); __D float frexpf(float, int *); __D double frexp(double, int *);
__D float remquof(float, float, int *); __D double remquo(double, double, int *);
__D float rhypotf(float, float); __D double rhypot(double, double);
__D float norm3df(float, float, float); __D double norm3d(double, double, double);
__D float rnorm3df(float, float, float); __D double rnorm3d(double, double, double);
__D float norm4df(float, float, float, float); __D double norm4d(double, double, double, double);
__D float rnorm4df(float, float, float, float); __D double rnorm4d(double, double, double, double);
__D float normf(int, const float *); __D double norm(int, const double *);
__D float rnormf(int, const float *); __D double rnorm(int, const double *);
#define INFINITY __builtin_huge_valf()
#define NAN __builtin_nanf("")
#define CUDART_INF_F __builtin_huge_valf()
#define CUDART_NAN_F __builtin_nanf("")
#define CUDART_PI_F 3.141592654f
#define CUDART_PI 3.1415926535897931e+0
#define FLT_MAX __FLT_MAX__
#define DBL_MAX __DBL_MAX__
#define INT_MAX __INT_MAX__
#define INT_MIN (-__INT_MAX__ - 1)
#define UINT_MAX (__INT_MAX__ * 2U + 1U)
#undef __D
#undef __HD
#include "cuda2hlo_math_api.h"
#endif
