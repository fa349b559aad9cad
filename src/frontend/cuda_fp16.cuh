/* cuda_fp16.cuh: the bundled cuda_fp16.h (and, through cuda_bf16.cuh, cuda_bf16.h).
 * __half is clang's _Float16, so an operator on two halves is one f16 operation rounded to
 * nearest even, as CUDA's operators (__hadd, __hmul, ...) are; mixing a half with a float
 * computes in float, as C++'s conversions say. Each function is declared as the toolkit
 * declares it and defined below as __c2h_NAME, which the frontend inlines (builtin.c),
 * through float or double where one rounding to half gives CUDA's result: float holds
 * every sum, difference, product and quotient of halves correctly rounded to 24 bits,
 * and 24 >= 2*11 + 2, so rounding that to half again is exact; __hfma computes in
 * double, where the product is exact. The half math functions (hexp, hlog, hsin, hrcp,
 * ...) are the float function rounded once to half: exact for hfloor, hceil, htrunc,
 * hrint, hsqrt; for the others as accurate as the float function (libm-like, docs/math.md),
 * which CUDA's approximate half versions are not bit-identical to either. Given to libclang as an unsaved
 * file; without the bundled set (a toolkit) the toolkit's own header is used. */
#ifndef __CUDA_FP16_H__
#define __CUDA_FP16_H__
#define __CUDA_FP16_HPP__
#include <cuda_runtime.h>

typedef _Float16 __half;
typedef __half half;
struct __attribute__((aligned(4))) __half2 { __half x, y; };
typedef struct __half2 half2;
typedef struct { unsigned short x; } __half_raw;

#define __C2H_H __attribute__((host)) __attribute__((device))
__C2H_H __half __float2half(float x);
__C2H_H __half __float2half_rn(float x);
__C2H_H __half __double2half(double x);
__C2H_H float __half2float(__half x);
__C2H_H __half __int2half_rn(int x);
__C2H_H int __half2int_rz(__half x);
__C2H_H __half __hadd(__half a, __half b);
__C2H_H __half __hsub(__half a, __half b);
__C2H_H __half __hmul(__half a, __half b);
__C2H_H __half __hdiv(__half a, __half b);
__C2H_H __half __hneg(__half a);
__C2H_H __half __habs(__half a);
__C2H_H __half __hfma(__half a, __half b, __half c);
__C2H_H __half __hmax(__half a, __half b);
__C2H_H __half __hmin(__half a, __half b);
__C2H_H bool __heq(__half a, __half b);
__C2H_H bool __hne(__half a, __half b);
__C2H_H bool __hlt(__half a, __half b);
__C2H_H bool __hle(__half a, __half b);
__C2H_H bool __hgt(__half a, __half b);
__C2H_H bool __hge(__half a, __half b);
__C2H_H bool __hisnan(__half a);
__C2H_H __half hsqrt(__half a);
__C2H_H __half hexp(__half a);
__C2H_H __half hexp2(__half a);
__C2H_H __half hexp10(__half a);
__C2H_H __half hlog(__half a);
__C2H_H __half hlog2(__half a);
__C2H_H __half hlog10(__half a);
__C2H_H __half hsin(__half a);
__C2H_H __half hcos(__half a);
__C2H_H __half hrsqrt(__half a);
__C2H_H __half hfloor(__half a);
__C2H_H __half hceil(__half a);
__C2H_H __half htrunc(__half a);
__C2H_H __half hrint(__half a);
__C2H_H __half hrcp(__half a);
__C2H_H __half2 __halves2half2(__half a, __half b);
__C2H_H __half2 __floats2half2_rn(float a, float b);
__C2H_H __half2 __float2half2_rn(float a);
__C2H_H float2 __half22float2(__half2 h);
__C2H_H __half2 __float22half2_rn(float2 f);
__C2H_H __half __low2half(__half2 h);
__C2H_H __half __high2half(__half2 h);
__C2H_H float __low2float(__half2 h);
__C2H_H float __high2float(__half2 h);
__C2H_H __half2 __hadd2(__half2 a, __half2 b);
__C2H_H __half2 __hsub2(__half2 a, __half2 b);
__C2H_H __half2 __hmul2(__half2 a, __half2 b);
__C2H_H __half2 __h2div(__half2 a, __half2 b);
__C2H_H __half2 __hfma2(__half2 a, __half2 b, __half2 c);
__C2H_H __half2 make_half2(__half x, __half y);
__C2H_H __half2 __half2half2(__half a);
__C2H_H __half2 __low2half2(__half2 a);
__C2H_H __half2 __high2half2(__half2 a);
__C2H_H __half2 __lows2half2(__half2 a, __half2 b);
__C2H_H __half2 __highs2half2(__half2 a, __half2 b);
__C2H_H __half2 __lowhigh2highlow(__half2 a);
__C2H_H __half2 __hneg2(__half2 a);
__C2H_H __half2 __habs2(__half2 a);
__C2H_H __half2 __hmax2(__half2 a, __half2 b);
__C2H_H __half2 __hmin2(__half2 a, __half2 b);
__C2H_H __half2 __heq2(__half2 a, __half2 b);
__C2H_H __half2 __hne2(__half2 a, __half2 b);
__C2H_H __half2 __hlt2(__half2 a, __half2 b);
__C2H_H __half2 __hle2(__half2 a, __half2 b);
__C2H_H __half2 __hgt2(__half2 a, __half2 b);
__C2H_H __half2 __hge2(__half2 a, __half2 b);
__C2H_H bool __hbeq2(__half2 a, __half2 b);
__C2H_H bool __hbne2(__half2 a, __half2 b);
__C2H_H bool __hblt2(__half2 a, __half2 b);
__C2H_H bool __hble2(__half2 a, __half2 b);
__C2H_H bool __hbgt2(__half2 a, __half2 b);
__C2H_H bool __hbge2(__half2 a, __half2 b);
__C2H_H bool __hbneu2(__half2 a, __half2 b);
__C2H_H bool __hneu(__half a, __half b);
__C2H_H int __hisinf(__half a);
__C2H_H __half2 h2sqrt(__half2 a);
__C2H_H __half2 h2exp(__half2 a);
__C2H_H __half2 h2exp2(__half2 a);
__C2H_H __half2 h2log(__half2 a);
__C2H_H __half2 h2log2(__half2 a);
__C2H_H __half2 h2sin(__half2 a);
__C2H_H __half2 h2cos(__half2 a);
__C2H_H __half2 h2rcp(__half2 a);
__C2H_H __half2 h2rsqrt(__half2 a);
__C2H_H __half2 h2floor(__half2 a);
__C2H_H __half2 h2ceil(__half2 a);
__C2H_H __half2 h2trunc(__half2 a);
__C2H_H __half2 h2rint(__half2 a);
__C2H_H unsigned short __half_as_ushort(__half h);
__C2H_H short __half_as_short(__half h);
__C2H_H __half __ushort_as_half(unsigned short u);
__C2H_H __half __short_as_half(short u);
__C2H_H int __half2int_rn(__half x);
__C2H_H int __half2int_rd(__half x);
__C2H_H int __half2int_ru(__half x);
__C2H_H unsigned __half2uint_rz(__half x);
__C2H_H short __half2short_rz(__half x);
__C2H_H unsigned short __half2ushort_rz(__half x);
__C2H_H long long __half2ll_rz(__half x);
__C2H_H __half __uint2half_rn(unsigned x);
__C2H_H __half __short2half_rn(short x);
__C2H_H __half __ushort2half_rn(unsigned short x);
__C2H_H __half __ll2half_rn(long long x);
#undef __C2H_H

#define __C2H_F __attribute__((device)) static __inline__
__C2H_F __half __c2h___float2half(float x) { return (__half)x; }
__C2H_F __half __c2h___float2half_rn(float x) { return (__half)x; }
__C2H_F __half __c2h___double2half(double x) { return (__half)x; }
__C2H_F float __c2h___half2float(__half x) { return (float)x; }
__C2H_F __half __c2h___int2half_rn(int x) { return (__half)x; }
__C2H_F int __c2h___half2int_rz(__half x) { return (int)x; }
__C2H_F __half __c2h___hadd(__half a, __half b) { return a + b; }
__C2H_F __half __c2h___hsub(__half a, __half b) { return a - b; }
__C2H_F __half __c2h___hmul(__half a, __half b) { return a * b; }
__C2H_F __half __c2h___hdiv(__half a, __half b) { return a / b; }
__C2H_F __half __c2h___hneg(__half a) { return -a; }
__C2H_F __half __c2h___habs(__half a) { return (__half)fabsf((float)a); }
__C2H_F __half __c2h___hfma(__half a, __half b, __half c) { return (__half)((double)a * (double)b + (double)c); }
__C2H_F __half __c2h___hmax(__half a, __half b) { return (__half)fmaxf((float)a, (float)b); }
__C2H_F __half __c2h___hmin(__half a, __half b) { return (__half)fminf((float)a, (float)b); }
__C2H_F bool __c2h___heq(__half a, __half b) { return a == b; }
__C2H_F bool __c2h___hne(__half a, __half b) { return a != b; }
__C2H_F bool __c2h___hlt(__half a, __half b) { return a < b; }
__C2H_F bool __c2h___hle(__half a, __half b) { return a <= b; }
__C2H_F bool __c2h___hgt(__half a, __half b) { return a > b; }
__C2H_F bool __c2h___hge(__half a, __half b) { return a >= b; }
__C2H_F bool __c2h___hisnan(__half a) { return a != a; }
__C2H_F __half __c2h_hsqrt(__half a) { return (__half)sqrtf((float)a); }
__C2H_F __half __c2h_hexp(__half a) { return (__half)expf((float)a); }
__C2H_F __half __c2h_hexp2(__half a) { return (__half)exp2f((float)a); }
__C2H_F __half __c2h_hexp10(__half a) { return (__half)exp10f((float)a); }
__C2H_F __half __c2h_hlog(__half a) { return (__half)logf((float)a); }
__C2H_F __half __c2h_hlog2(__half a) { return (__half)log2f((float)a); }
__C2H_F __half __c2h_hlog10(__half a) { return (__half)log10f((float)a); }
__C2H_F __half __c2h_hsin(__half a) { return (__half)sinf((float)a); }
__C2H_F __half __c2h_hcos(__half a) { return (__half)cosf((float)a); }
__C2H_F __half __c2h_hrsqrt(__half a) { return (__half)rsqrtf((float)a); }
__C2H_F __half __c2h_hfloor(__half a) { return (__half)floorf((float)a); }
__C2H_F __half __c2h_hceil(__half a) { return (__half)ceilf((float)a); }
__C2H_F __half __c2h_htrunc(__half a) { return (__half)truncf((float)a); }
__C2H_F __half __c2h_hrint(__half a) { return (__half)rintf((float)a); }
__C2H_F __half __c2h_hrcp(__half a) { return (__half)(1.0f / (float)a); }
__C2H_F __half2 __c2h___halves2half2(__half a, __half b) { __half2 r; r.x = a; r.y = b; return r; }
__C2H_F __half2 __c2h___floats2half2_rn(float a, float b) { __half2 r; r.x = (__half)a; r.y = (__half)b; return r; }
__C2H_F __half2 __c2h___float2half2_rn(float a) { __half2 r; r.x = (__half)a; r.y = (__half)a; return r; }
__C2H_F float2 __c2h___half22float2(__half2 h) { float2 r; r.x = (float)h.x; r.y = (float)h.y; return r; }
__C2H_F __half2 __c2h___float22half2_rn(float2 f) { __half2 r; r.x = (__half)f.x; r.y = (__half)f.y; return r; }
__C2H_F __half __c2h___low2half(__half2 h) { return h.x; }
__C2H_F __half __c2h___high2half(__half2 h) { return h.y; }
__C2H_F float __c2h___low2float(__half2 h) { return (float)h.x; }
__C2H_F float __c2h___high2float(__half2 h) { return (float)h.y; }
__C2H_F __half2 __c2h___hadd2(__half2 a, __half2 b) { __half2 r; r.x = a.x + b.x; r.y = a.y + b.y; return r; }
__C2H_F __half2 __c2h___hsub2(__half2 a, __half2 b) { __half2 r; r.x = a.x - b.x; r.y = a.y - b.y; return r; }
__C2H_F __half2 __c2h___hmul2(__half2 a, __half2 b) { __half2 r; r.x = a.x * b.x; r.y = a.y * b.y; return r; }
__C2H_F __half2 __c2h___h2div(__half2 a, __half2 b) { __half2 r; r.x = a.x / b.x; r.y = a.y / b.y; return r; }
__C2H_F __half2 __c2h___hfma2(__half2 a, __half2 b, __half2 c) { __half2 r; r.x = __c2h___hfma(a.x, b.x, c.x); r.y = __c2h___hfma(a.y, b.y, c.y); return r; }
__C2H_F __half2 __c2h_make_half2(__half x, __half y) { __half2 r; r.x = x; r.y = y; return r; }
__C2H_F __half2 __c2h___half2half2(__half a) { __half2 r; r.x = a; r.y = a; return r; }
__C2H_F __half2 __c2h___low2half2(__half2 a) { __half2 r; r.x = a.x; r.y = a.x; return r; }
__C2H_F __half2 __c2h___high2half2(__half2 a) { __half2 r; r.x = a.y; r.y = a.y; return r; }
__C2H_F __half2 __c2h___lows2half2(__half2 a, __half2 b) { __half2 r; r.x = a.x; r.y = b.x; return r; }
__C2H_F __half2 __c2h___highs2half2(__half2 a, __half2 b) { __half2 r; r.x = a.y; r.y = b.y; return r; }
__C2H_F __half2 __c2h___lowhigh2highlow(__half2 a) { __half2 r; r.x = a.y; r.y = a.x; return r; }
__C2H_F __half2 __c2h___hneg2(__half2 a) { __half2 r; r.x = -a.x; r.y = -a.y; return r; }
__C2H_F __half2 __c2h___habs2(__half2 a) { __half2 r; r.x = __c2h___habs(a.x); r.y = __c2h___habs(a.y); return r; }
__C2H_F __half2 __c2h___hmax2(__half2 a, __half2 b) { __half2 r; r.x = __c2h___hmax(a.x, b.x); r.y = __c2h___hmax(a.y, b.y); return r; }
__C2H_F __half2 __c2h___hmin2(__half2 a, __half2 b) { __half2 r; r.x = __c2h___hmin(a.x, b.x); r.y = __c2h___hmin(a.y, b.y); return r; }
/* __heq2 ...: 1.0 in a lane where the (ordered) comparison holds, else 0.0; __hb*2: both
 * lanes hold; __hbneu2 unordered (a NaN lane is true). */
#define __C2H_CMP2(n, op) \
	__C2H_F __half2 __c2h___h##n##2(__half2 a, __half2 b) \
	{ __half2 r; r.x = (__half)(a.x op b.x ? 1.0f : 0.0f); r.y = (__half)(a.y op b.y ? 1.0f : 0.0f); return r; } \
	__C2H_F bool __c2h___hb##n##2(__half2 a, __half2 b) { return (a.x op b.x) && (a.y op b.y); }
__C2H_CMP2(eq, ==)
__C2H_CMP2(lt, <)
__C2H_CMP2(le, <=)
__C2H_CMP2(gt, >)
__C2H_CMP2(ge, >=)
#undef __C2H_CMP2
__C2H_F __half2 __c2h___hne2(__half2 a, __half2 b)
{ __half2 r; r.x = (__half)(a.x < b.x || a.x > b.x ? 1.0f : 0.0f); r.y = (__half)(a.y < b.y || a.y > b.y ? 1.0f : 0.0f); return r; }
__C2H_F bool __c2h___hbne2(__half2 a, __half2 b) { return (a.x < b.x || a.x > b.x) && (a.y < b.y || a.y > b.y); }
__C2H_F bool __c2h___hbneu2(__half2 a, __half2 b) { return a.x != b.x && a.y != b.y; }
__C2H_F bool __c2h___hneu(__half a, __half b) { return a != b; }
/* beyond the largest finite half (65504) there is only infinity */
__C2H_F int __c2h___hisinf(__half a) { return a > (__half)65504.0f ? 1 : a < (__half)-65504.0f ? -1 : 0; }
#define __C2H_MAP2(n) \
	__C2H_F __half2 __c2h_h2##n(__half2 a) { __half2 r; r.x = __c2h_h##n(a.x); r.y = __c2h_h##n(a.y); return r; }
__C2H_MAP2(sqrt) __C2H_MAP2(exp) __C2H_MAP2(exp2) __C2H_MAP2(log) __C2H_MAP2(log2) __C2H_MAP2(sin)
__C2H_MAP2(cos) __C2H_MAP2(rcp) __C2H_MAP2(rsqrt) __C2H_MAP2(floor) __C2H_MAP2(ceil) __C2H_MAP2(trunc)
__C2H_MAP2(rint)
#undef __C2H_MAP2
/* conversions from integers: int -> f16 rounds once to nearest even (an integer that is
 * not exact in f16 is beyond 2048, where f32 holds it exactly up to 2^24, and past 65520 it
 * is inf either way). To integers: toward zero, or after the rounding the name says. */
__C2H_F __half __c2h___uint2half_rn(unsigned x) { return (__half)(float)x; }
__C2H_F __half __c2h___short2half_rn(short x) { return (__half)x; }
__C2H_F __half __c2h___ushort2half_rn(unsigned short x) { return (__half)x; }
__C2H_F __half __c2h___ll2half_rn(long long x) { return (__half)(float)x; }

/* operators on __half2, lane by lane as cuda_fp16.hpp defines them (__hadd2 ...); the
 * comparisons are __hbeq2 ... (both lanes), != is __hbneu2. The compound assignments
 * return nothing (the toolkit's return the left operand: the frontend inlines no reference
 * result), so `a += b;` converts and a use of its value is a located compile error. */
#define __C2H_O __attribute__((host)) __attribute__((device)) static __inline__
__C2H_O __half2 operator+(const __half2 &a, const __half2 &b) { return __hadd2(a, b); }
__C2H_O __half2 operator-(const __half2 &a, const __half2 &b) { return __hsub2(a, b); }
__C2H_O __half2 operator*(const __half2 &a, const __half2 &b) { return __hmul2(a, b); }
__C2H_O __half2 operator/(const __half2 &a, const __half2 &b) { return __h2div(a, b); }
__C2H_O void operator+=(__half2 &a, const __half2 &b) { a = __hadd2(a, b); }
__C2H_O void operator-=(__half2 &a, const __half2 &b) { a = __hsub2(a, b); }
__C2H_O void operator*=(__half2 &a, const __half2 &b) { a = __hmul2(a, b); }
__C2H_O void operator/=(__half2 &a, const __half2 &b) { a = __h2div(a, b); }
__C2H_O __half2 operator+(const __half2 &a) { return a; }
__C2H_O __half2 operator-(const __half2 &a) { return __hneg2(a); }
__C2H_O bool operator==(const __half2 &a, const __half2 &b) { return __hbeq2(a, b); }
__C2H_O bool operator!=(const __half2 &a, const __half2 &b) { return __hbneu2(a, b); }
__C2H_O bool operator<(const __half2 &a, const __half2 &b) { return __hblt2(a, b); }
__C2H_O bool operator<=(const __half2 &a, const __half2 &b) { return __hble2(a, b); }
__C2H_O bool operator>(const __half2 &a, const __half2 &b) { return __hbgt2(a, b); }
__C2H_O bool operator>=(const __half2 &a, const __half2 &b) { return __hbge2(a, b); }
#undef __C2H_O
#undef __C2H_F
/* atomics (builtin.c: the half2 form is one atomic add per half, as CUDA guarantees) */
__attribute__((device)) __half atomicAdd(__half *p, __half v);
__attribute__((device)) __half2 atomicAdd(__half2 *p, __half2 v);
#endif
