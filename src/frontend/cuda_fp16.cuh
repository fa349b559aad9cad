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
#undef __C2H_F
#endif
