/* math_api.cuh: the CUDA Math API functions that are compositions of operations the
 * kernel IR already has, written in CUDA. A call of NAME in device code, declared by the
 * bundled header or by a toolkit's, is inlined from __c2h_NAME below (builtin.c), like a
 * user's device function. Semantics follow the CUDA Math API reference (integer, type
 * casting, single/double precision and SIMD intrinsics sections); docs/math.md lists
 * every function with its status. Given to libclang as an unsaved file and included
 * after the CUDA declarations, also under --cuda-path. */
#ifndef CUDA2HLO_MATH_API
#define CUDA2HLO_MATH_API
#define __C2H __attribute__((device)) static __inline__
/* a toolkit's host_defines.h makes __managed__ the `managed` attribute, which clang's CUDA
 * mode ignores: a __device__ variable, as in the bundled header (cuda_api.cuh) */
#undef __managed__
#define __managed__ __attribute__((device))

/* ---- rounding to integers: the value rounded as by rint/round, then converted ---- */
__C2H long __c2h_lrintf(float x) { return (long)rintf(x); }
__C2H long long __c2h_llrintf(float x) { return (long long)rintf(x); }
__C2H long __c2h_lrint(double x) { return (long)rint(x); }
__C2H long long __c2h_llrint(double x) { return (long long)rint(x); }
__C2H long __c2h_lroundf(float x) { return (long)roundf(x); }
__C2H long long __c2h_llroundf(float x) { return (long long)roundf(x); }
__C2H long __c2h_lround(double x) { return (long)round(x); }
__C2H long long __c2h_llround(double x) { return (long long)round(x); }
__C2H float __c2h_fdividef(float x, float y) { return x / y; }

/* ---- outputs through pointers ---- */
__C2H void __c2h_sincosf(float x, float *s, float *c) { *s = sinf(x); *c = cosf(x); }
__C2H void __c2h_sincos(double x, double *s, double *c) { *s = sin(x); *c = cos(x); }
__C2H void __c2h___sincosf(float x, float *s, float *c) { *s = sinf(x); *c = cosf(x); }
__C2H float __c2h_modff(float x, float *ip) { float t = truncf(x); *ip = t; return isinf(x) ? copysignf(0.0f, x) : x - t; }
__C2H double __c2h_modf(double x, double *ip) { double t = trunc(x); *ip = t; return isinf(x) ? copysign(0.0, x) : x - t; }

/* ---- functions of pi*x: the argument reduced exactly to [-1, 1] first ---- */
__C2H float __c2h_sinpif(float x) { float r = x - 2.0f * rintf(0.5f * x); return isinf(x) ? x - x : sinf(3.14159265358979f * r); }
__C2H float __c2h_cospif(float x) { float r = x - 2.0f * rintf(0.5f * x); return isinf(x) ? x - x : cosf(3.14159265358979f * r); }
__C2H double __c2h_sinpi(double x) { double r = x - 2.0 * rint(0.5 * x); return isinf(x) ? x - x : sin(3.141592653589793 * r); }
__C2H double __c2h_cospi(double x) { double r = x - 2.0 * rint(0.5 * x); return isinf(x) ? x - x : cos(3.141592653589793 * r); }
__C2H void __c2h_sincospif(float x, float *s, float *c) { *s = __c2h_sinpif(x); *c = __c2h_cospif(x); }
__C2H float __c2h_normcdff(float x) { return 0.5f * erfcf(-0.70710678118654752f * x); }
__C2H double __c2h_normcdf(double x) { return 0.5 * erfc(-0.70710678118654752 * x); }

/* ---- scaling by powers of two: 2^n built from its bits, in two steps so that n
 * anywhere in the exponent range scales exactly (up to a subnormal result) ---- */
__C2H float __c2h_ldexpf(float x, int n)
{
	int m = n < -300 ? -300 : n > 300 ? 300 : n, h = m / 2;
	return x * __int_as_float((h + 127) << 23) * __int_as_float((m - h + 127) << 23);
}
__C2H double __c2h_ldexp(double x, int n)
{
	int m = n < -2200 ? -2200 : n > 2200 ? 2200 : n, h = m / 2;
	return x * __longlong_as_double((long long)(h + 1023) << 52) *
	       __longlong_as_double((long long)(m - h + 1023) << 52);
}
__C2H float __c2h_scalbnf(float x, int n) { return __c2h_ldexpf(x, n); }
__C2H double __c2h_scalbn(double x, int n) { return __c2h_ldexp(x, n); }

/* nextafter: one step of the bit pattern towards y (IEEE 754 nextUp/nextDown) */
__C2H float __c2h_nextafterf(float x, float y)
{
	int b = __float_as_int(x);
	if (x != x || y != y) return x + y;
	if (x == y) return y;
	if (x == 0.0f) return copysignf(__int_as_float(1), y);
	return __int_as_float((x < y) == (x > 0.0f) ? b + 1 : b - 1);
}
__C2H double __c2h_nextafter(double x, double y)
{
	long long b = __double_as_longlong(x);
	if (x != x || y != y) return x + y;
	if (x == y) return y;
	if (x == 0.0) return copysign(__longlong_as_double(1), y);
	return __longlong_as_double((x < y) == (x > 0.0) ? b + 1 : b - 1);
}

/* ---- cache-hinted stores (__stcs and the like): a plain store. Declared here for every
 * header set: the bundled one has none, and under --cuda-path clang's CUDA wrapper declares
 * only __stwt (the toolkit's sm_32_intrinsics.h, which has the others, is not included);
 * a redeclaration of clang's __stwt is harmless. The types are the CUDA documentation's.
 * The loads __ldca and __ldlu, which clang's wrapper lacks too, as templates like __ldg
 * (a plain load, builtin.c). */
template <class T> __attribute__((device)) T __ldca(const T *p);
template <class T> __attribute__((device)) T __ldlu(const T *p);
#define __C2H_HINT_TYPES(X) X(char) X(signed char) X(unsigned char) X(short) X(unsigned short) \
	X(int) X(unsigned) X(long) X(unsigned long) X(long long) X(unsigned long long) X(char2) X(char4) \
	X(uchar2) X(uchar4) X(short2) X(short4) X(ushort2) X(ushort4) X(int2) X(int4) X(uint2) X(uint4) \
	X(longlong2) X(ulonglong2) X(float) X(float2) X(float4) X(double) X(double2)
#define __C2H_ST(T) __attribute__((device)) void __stcg(T *p, T v); __attribute__((device)) void __stcs(T *p, T v); \
	__attribute__((device)) void __stwb(T *p, T v); __attribute__((device)) void __stwt(T *p, T v);
__C2H_HINT_TYPES(__C2H_ST)
#undef __C2H_ST
#define __C2H_ST(T) __C2H void __c2h___stcg(T *p, T v) { *p = v; } __C2H void __c2h___stcs(T *p, T v) { *p = v; } \
	__C2H void __c2h___stwb(T *p, T v) { *p = v; } __C2H void __c2h___stwt(T *p, T v) { *p = v; }
__C2H_HINT_TYPES(__C2H_ST)
#undef __C2H_ST
#undef __C2H_HINT_TYPES

/* ---- type casting with a directed rounding (_rz, _ru, _rd): the conversion rounded to
 * nearest, f, then one step of its bit pattern where f lies on the wrong side of the
 * exact value x; c is the sign of f - x, computed exactly in the source type (f converts
 * back exactly unless it is 2^63 or 2^64, above every source value); m: 1 rz, 2 ru, 3 rd.
 * A step never starts at a zero: f is 0 only when x is (or, from a double, when x is
 * below the smallest subnormal, where the zero's sign is already the right side). ---- */
__C2H int __c2h_cvt_dir(int c, int m, int neg)
{
	if (m == 3 || (m == 1 && !neg)) return c > 0 ? -1 : 0;
	return c < 0 ? 1 : 0;
}
__C2H float __c2h_cvt_stepf(float f, int c, int m)
{
	int b = __float_as_int(f), d = __c2h_cvt_dir(c, m, f < 0.0f);
	if (d == 0) return f;
	return __int_as_float((d > 0) == (b >= 0) ? b + 1 : b - 1);
}
__C2H double __c2h_cvt_stepd(double f, int c, int m)
{
	long long b = __double_as_longlong(f);
	int d = __c2h_cvt_dir(c, m, f < 0.0);
	if (d == 0) return f;
	return __longlong_as_double((d > 0) == (b >= 0) ? b + 1 : b - 1);
}
__C2H int __c2h_cvt_cmpll(long long b, long long x) { return b > x ? 1 : b < x ? -1 : 0; }
__C2H int __c2h_cvt_cmpull(unsigned long long b, unsigned long long x) { return b > x ? 1 : b < x ? -1 : 0; }
__C2H int __c2h_cvt_cmpd(double b, double x) { return b > x ? 1 : b < x ? -1 : 0; }
#define __C2H_CMP_I(FT, f, x) __c2h_cvt_cmpll((long long)f, (long long)x)
#define __C2H_CMP_LL(FT, f, x) (f >= (FT)9223372036854775808.0 ? 1 : __c2h_cvt_cmpll((long long)f, x))
#define __C2H_CMP_ULL(FT, f, x) (f >= (FT)18446744073709551616.0 ? 1 : __c2h_cvt_cmpull((unsigned long long)f, x))
#define __C2H_CMP_D(FT, f, x) __c2h_cvt_cmpd((double)f, x)
#define __C2H_DIR(from, IT, to, FT, STEP, CMP) \
	__C2H FT __c2h___##from##2##to##_rz(IT x) { FT f = (FT)x; return STEP(f, CMP(FT, f, x), 1); } \
	__C2H FT __c2h___##from##2##to##_ru(IT x) { FT f = (FT)x; return STEP(f, CMP(FT, f, x), 2); } \
	__C2H FT __c2h___##from##2##to##_rd(IT x) { FT f = (FT)x; return STEP(f, CMP(FT, f, x), 3); }
__C2H_DIR(int, int, float, float, __c2h_cvt_stepf, __C2H_CMP_I)
__C2H_DIR(uint, unsigned, float, float, __c2h_cvt_stepf, __C2H_CMP_I)
__C2H_DIR(ll, long long, float, float, __c2h_cvt_stepf, __C2H_CMP_LL)
__C2H_DIR(ull, unsigned long long, float, float, __c2h_cvt_stepf, __C2H_CMP_ULL)
__C2H_DIR(ll, long long, double, double, __c2h_cvt_stepd, __C2H_CMP_LL)
__C2H_DIR(ull, unsigned long long, double, double, __c2h_cvt_stepd, __C2H_CMP_ULL)
__C2H_DIR(double, double, float, float, __c2h_cvt_stepf, __C2H_CMP_D)
#undef __C2H_DIR
#undef __C2H_CMP_I
#undef __C2H_CMP_LL
#undef __C2H_CMP_ULL
#undef __C2H_CMP_D

/* ---- type casting: the halves of a double ---- */
__C2H int __c2h___double2hiint(double x) { return (int)(__double_as_longlong(x) >> 32); }
__C2H int __c2h___double2loint(double x) { return (int)(unsigned)(unsigned long long)__double_as_longlong(x); }
__C2H double __c2h___hiloint2double(int hi, int lo)
{
	return __longlong_as_double((long long)(((unsigned long long)(unsigned)hi << 32) | (unsigned)lo));
}
__C2H float __c2h___int2float_rn(int x) { return (float)x; }
__C2H float __c2h___uint2float_rn(unsigned x) { return (float)x; }

/* ---- integer intrinsics ---- */
/* __byte_perm: byte n of the result is byte (s >> 4n) & 7 of the 8 bytes y:x */
__C2H unsigned __c2h___byte_perm(unsigned x, unsigned y, unsigned s)
{
	unsigned long long v = (unsigned long long)y << 32 | x;
	return (unsigned)(v >> ((s & 7u) * 8u) & 0xffu) | (unsigned)(v >> ((s >> 4 & 7u) * 8u) & 0xffu) << 8 |
	       (unsigned)(v >> ((s >> 8 & 7u) * 8u) & 0xffu) << 16 | (unsigned)(v >> ((s >> 12 & 7u) * 8u) & 0xffu) << 24;
}
/* integer dot products (sm_61): __dp4a adds to c the four products of the bytes of a and
 * b in the same place; __dp2a_lo/__dp2a_hi the two products of the halfwords of a with
 * bytes 0-1 (lo) or 2-3 (hi) of b. Signed lanes in the int forms, unsigned in the
 * unsigned ones; the sum wraps in 32 bits. */
#define __C2H_DP4(T, L8) (unsigned)((T)(L8)(a) * (T)(L8)(b) + (T)(L8)(a >> 8) * (T)(L8)(b >> 8) + \
	(T)(L8)(a >> 16) * (T)(L8)(b >> 16) + (T)(L8)(a >> 24) * (T)(L8)(b >> 24))
#define __C2H_DP2(T, L16, L8, s) (unsigned)((T)(L16)(a) * (T)(L8)(b >> (s)) + (T)(L16)(a >> 16) * (T)(L8)(b >> ((s) + 8)))
__C2H int __c2h___dp4a(int a, int b, int c) { return (int)((unsigned)c + __C2H_DP4(int, signed char)); }
__C2H unsigned __c2h___dp4a(unsigned a, unsigned b, unsigned c) { return c + __C2H_DP4(unsigned, unsigned char); }
__C2H int __c2h___dp2a_lo(int a, int b, int c) { return (int)((unsigned)c + __C2H_DP2(int, short, signed char, 0)); }
__C2H unsigned __c2h___dp2a_lo(unsigned a, unsigned b, unsigned c) { return c + __C2H_DP2(unsigned, unsigned short, unsigned char, 0); }
__C2H int __c2h___dp2a_hi(int a, int b, int c) { return (int)((unsigned)c + __C2H_DP2(int, short, signed char, 16)); }
__C2H unsigned __c2h___dp2a_hi(unsigned a, unsigned b, unsigned c) { return c + __C2H_DP2(unsigned, unsigned short, unsigned char, 16); }
#undef __C2H_DP4
#undef __C2H_DP2
/* funnel shifts of hi:lo; the amount is masked (_l, _r) or clamped to 32 (_lc, _rc) */
__C2H unsigned __c2h___funnelshift_l(unsigned lo, unsigned hi, unsigned s)
{
	return (unsigned)(((unsigned long long)hi << 32 | lo) << (s & 31u) >> 32);
}
__C2H unsigned __c2h___funnelshift_r(unsigned lo, unsigned hi, unsigned s)
{
	return (unsigned)(((unsigned long long)hi << 32 | lo) >> (s & 31u));
}
__C2H unsigned __c2h___funnelshift_lc(unsigned lo, unsigned hi, unsigned s)
{
	return (unsigned)(((unsigned long long)hi << 32 | lo) << (s < 32u ? s : 32u) >> 32);
}
__C2H unsigned __c2h___funnelshift_rc(unsigned lo, unsigned hi, unsigned s)
{
	return (unsigned)(((unsigned long long)hi << 32 | lo) >> (s < 32u ? s : 32u));
}
/* halving adds: (a + b) >> 1 and (a + b + 1) >> 1 without overflow */
__C2H int __c2h___hadd(int a, int b) { return (int)(((long long)a + b) >> 1); }
__C2H int __c2h___rhadd(int a, int b) { return (int)(((long long)a + b + 1) >> 1); }
__C2H unsigned __c2h___uhadd(unsigned a, unsigned b) { return (unsigned)(((unsigned long long)a + b) >> 1); }
__C2H unsigned __c2h___urhadd(unsigned a, unsigned b) { return (unsigned)(((unsigned long long)a + b + 1) >> 1); }
__C2H unsigned long long __c2h_ullmin(unsigned long long a, unsigned long long b) { return b < a ? b : a; }
__C2H unsigned long long __c2h_ullmax(unsigned long long a, unsigned long long b) { return a < b ? b : a; }

/* ---- SIMD intrinsics: 4 byte or 2 halfword lanes of an unsigned int. Each lane is
 * widened to int (zero- or sign-extended), combined, and its low bits put back. ---- */
#define __C2H_U8(v, i) ((int)((v) >> (8 * (i)) & 0xffu))
#define __C2H_S8(v, i) ((int)(signed char)(unsigned char)((v) >> (8 * (i))))
#define __C2H_U16(v, i) ((int)((v) >> (16 * (i)) & 0xffffu))
#define __C2H_S16(v, i) ((int)(short)(unsigned short)((v) >> (16 * (i))))
#define __C2H_PUT4(r, i) (((unsigned)(r) & 0xffu) << (8 * (i)))
#define __C2H_PUT2(r, i) (((unsigned)(r) & 0xffffu) << (16 * (i)))
#define __C2H_SIMD4(name, LANE, OP) \
	__C2H unsigned __c2h___##name(unsigned a, unsigned b) { \
		return __C2H_PUT4(OP(LANE(a, 0), LANE(b, 0), 8), 0) | __C2H_PUT4(OP(LANE(a, 1), LANE(b, 1), 8), 1) | \
		       __C2H_PUT4(OP(LANE(a, 2), LANE(b, 2), 8), 2) | __C2H_PUT4(OP(LANE(a, 3), LANE(b, 3), 8), 3); }
#define __C2H_SIMD2(name, LANE, OP) \
	__C2H unsigned __c2h___##name(unsigned a, unsigned b) { \
		return __C2H_PUT2(OP(LANE(a, 0), LANE(b, 0), 16), 0) | __C2H_PUT2(OP(LANE(a, 1), LANE(b, 1), 16), 1); }
#define __C2H_ADD(x, y, w) ((x) + (y))
#define __C2H_SUB(x, y, w) ((x) - (y))
#define __C2H_ABSD(x, y, w) ((x) > (y) ? (x) - (y) : (y) - (x))
#define __C2H_MAX(x, y, w) ((x) > (y) ? (x) : (y))
#define __C2H_MIN(x, y, w) ((x) < (y) ? (x) : (y))
#define __C2H_HADD(x, y, w) (((x) + (y)) >> 1)
#define __C2H_AVG(x, y, w) (((x) + (y) + 1) >> 1)
/* signed: a negative sum rounds down, the others up (half away from zero) */
#define __C2H_AVGS(x, y, w) ((x) + (y) < 0 ? ((x) + (y)) >> 1 : ((x) + (y) + 1) >> 1)
#define __C2H_SATS(v, w) ((v) > (1 << ((w) - 1)) - 1 ? (1 << ((w) - 1)) - 1 : (v) < -(1 << ((w) - 1)) ? -(1 << ((w) - 1)) : (v))
#define __C2H_SATU(v, w) ((v) > (1 << (w)) - 1 ? (1 << (w)) - 1 : (v) < 0 ? 0 : (v))
#define __C2H_ADDSS(x, y, w) __C2H_SATS((x) + (y), w)
#define __C2H_SUBSS(x, y, w) __C2H_SATS((x) - (y), w)
#define __C2H_ADDUS(x, y, w) __C2H_SATU((x) + (y), w)
#define __C2H_SUBUS(x, y, w) __C2H_SATU((x) - (y), w)
#define __C2H_CMP(x, y, w, op) ((x) op (y) ? -1 : 0)
#define __C2H_SET(x, y, w, op) ((x) op (y) ? 1 : 0)
#define __C2H_EQ(x, y, w) __C2H_CMP(x, y, w, ==)
#define __C2H_NE(x, y, w) __C2H_CMP(x, y, w, !=)
#define __C2H_GE(x, y, w) __C2H_CMP(x, y, w, >=)
#define __C2H_GT(x, y, w) __C2H_CMP(x, y, w, >)
#define __C2H_LE(x, y, w) __C2H_CMP(x, y, w, <=)
#define __C2H_LT(x, y, w) __C2H_CMP(x, y, w, <)
#define __C2H_SEQ(x, y, w) __C2H_SET(x, y, w, ==)
#define __C2H_SNE(x, y, w) __C2H_SET(x, y, w, !=)
#define __C2H_SGE(x, y, w) __C2H_SET(x, y, w, >=)
#define __C2H_SGT(x, y, w) __C2H_SET(x, y, w, >)
#define __C2H_SLE(x, y, w) __C2H_SET(x, y, w, <=)
#define __C2H_SLT(x, y, w) __C2H_SET(x, y, w, <)
#define __C2H_SIMD_BOTH(n4, n2, LANE4, LANE2, OP) __C2H_SIMD4(n4, LANE4, OP) __C2H_SIMD2(n2, LANE2, OP)
__C2H_SIMD_BOTH(vadd4, vadd2, __C2H_U8, __C2H_U16, __C2H_ADD)
__C2H_SIMD_BOTH(vsub4, vsub2, __C2H_U8, __C2H_U16, __C2H_SUB)
__C2H_SIMD_BOTH(vaddss4, vaddss2, __C2H_S8, __C2H_S16, __C2H_ADDSS)
__C2H_SIMD_BOTH(vsubss4, vsubss2, __C2H_S8, __C2H_S16, __C2H_SUBSS)
__C2H_SIMD_BOTH(vaddus4, vaddus2, __C2H_U8, __C2H_U16, __C2H_ADDUS)
__C2H_SIMD_BOTH(vsubus4, vsubus2, __C2H_U8, __C2H_U16, __C2H_SUBUS)
__C2H_SIMD_BOTH(vabsdiffu4, vabsdiffu2, __C2H_U8, __C2H_U16, __C2H_ABSD)
__C2H_SIMD_BOTH(vabsdiffs4, vabsdiffs2, __C2H_S8, __C2H_S16, __C2H_ABSD)
__C2H_SIMD_BOTH(vmaxu4, vmaxu2, __C2H_U8, __C2H_U16, __C2H_MAX)
__C2H_SIMD_BOTH(vmaxs4, vmaxs2, __C2H_S8, __C2H_S16, __C2H_MAX)
__C2H_SIMD_BOTH(vminu4, vminu2, __C2H_U8, __C2H_U16, __C2H_MIN)
__C2H_SIMD_BOTH(vmins4, vmins2, __C2H_S8, __C2H_S16, __C2H_MIN)
__C2H_SIMD_BOTH(vhaddu4, vhaddu2, __C2H_U8, __C2H_U16, __C2H_HADD)
__C2H_SIMD_BOTH(vavgu4, vavgu2, __C2H_U8, __C2H_U16, __C2H_AVG)
__C2H_SIMD_BOTH(vavgs4, vavgs2, __C2H_S8, __C2H_S16, __C2H_AVGS)
__C2H_SIMD_BOTH(vcmpeq4, vcmpeq2, __C2H_U8, __C2H_U16, __C2H_EQ)
__C2H_SIMD_BOTH(vcmpne4, vcmpne2, __C2H_U8, __C2H_U16, __C2H_NE)
__C2H_SIMD_BOTH(vcmpgeu4, vcmpgeu2, __C2H_U8, __C2H_U16, __C2H_GE)
__C2H_SIMD_BOTH(vcmpges4, vcmpges2, __C2H_S8, __C2H_S16, __C2H_GE)
__C2H_SIMD_BOTH(vcmpgtu4, vcmpgtu2, __C2H_U8, __C2H_U16, __C2H_GT)
__C2H_SIMD_BOTH(vcmpgts4, vcmpgts2, __C2H_S8, __C2H_S16, __C2H_GT)
__C2H_SIMD_BOTH(vcmpleu4, vcmpleu2, __C2H_U8, __C2H_U16, __C2H_LE)
__C2H_SIMD_BOTH(vcmples4, vcmples2, __C2H_S8, __C2H_S16, __C2H_LE)
__C2H_SIMD_BOTH(vcmpltu4, vcmpltu2, __C2H_U8, __C2H_U16, __C2H_LT)
__C2H_SIMD_BOTH(vcmplts4, vcmplts2, __C2H_S8, __C2H_S16, __C2H_LT)
__C2H_SIMD_BOTH(vseteq4, vseteq2, __C2H_U8, __C2H_U16, __C2H_SEQ)
__C2H_SIMD_BOTH(vsetne4, vsetne2, __C2H_U8, __C2H_U16, __C2H_SNE)
__C2H_SIMD_BOTH(vsetgeu4, vsetgeu2, __C2H_U8, __C2H_U16, __C2H_SGE)
__C2H_SIMD_BOTH(vsetges4, vsetges2, __C2H_S8, __C2H_S16, __C2H_SGE)
__C2H_SIMD_BOTH(vsetgtu4, vsetgtu2, __C2H_U8, __C2H_U16, __C2H_SGT)
__C2H_SIMD_BOTH(vsetgts4, vsetgts2, __C2H_S8, __C2H_S16, __C2H_SGT)
__C2H_SIMD_BOTH(vsetleu4, vsetleu2, __C2H_U8, __C2H_U16, __C2H_SLE)
__C2H_SIMD_BOTH(vsetles4, vsetles2, __C2H_S8, __C2H_S16, __C2H_SLE)
__C2H_SIMD_BOTH(vsetltu4, vsetltu2, __C2H_U8, __C2H_U16, __C2H_SLT)
__C2H_SIMD_BOTH(vsetlts4, vsetlts2, __C2H_S8, __C2H_S16, __C2H_SLT)
/* sums of absolute differences over the lanes */
__C2H unsigned __c2h___vsadu4(unsigned a, unsigned b)
{
	return (unsigned)(__C2H_ABSD(__C2H_U8(a, 0), __C2H_U8(b, 0), 8) + __C2H_ABSD(__C2H_U8(a, 1), __C2H_U8(b, 1), 8) +
	                  __C2H_ABSD(__C2H_U8(a, 2), __C2H_U8(b, 2), 8) + __C2H_ABSD(__C2H_U8(a, 3), __C2H_U8(b, 3), 8));
}
__C2H unsigned __c2h___vsads4(unsigned a, unsigned b)
{
	return (unsigned)(__C2H_ABSD(__C2H_S8(a, 0), __C2H_S8(b, 0), 8) + __C2H_ABSD(__C2H_S8(a, 1), __C2H_S8(b, 1), 8) +
	                  __C2H_ABSD(__C2H_S8(a, 2), __C2H_S8(b, 2), 8) + __C2H_ABSD(__C2H_S8(a, 3), __C2H_S8(b, 3), 8));
}
__C2H unsigned __c2h___vsadu2(unsigned a, unsigned b)
{
	return (unsigned)(__C2H_ABSD(__C2H_U16(a, 0), __C2H_U16(b, 0), 16) + __C2H_ABSD(__C2H_U16(a, 1), __C2H_U16(b, 1), 16));
}
__C2H unsigned __c2h___vsads2(unsigned a, unsigned b)
{
	return (unsigned)(__C2H_ABSD(__C2H_S16(a, 0), __C2H_S16(b, 0), 16) + __C2H_ABSD(__C2H_S16(a, 1), __C2H_S16(b, 1), 16));
}
/* DPX (CUDA 12). Sums wrap in their lane's width (add.s16x2 / 32-bit add), then compare as
 * the lane's type; relu is a max with 0; __vibmax/__vibmin also store a >= b / a <= b. */
#define __C2H_MX(x, y) ((x) > (y) ? (x) : (y))
#define __C2H_MN(x, y) ((x) < (y) ? (x) : (y))
#define __C2H_W16S(v) ((int)(short)(unsigned short)(v))
#define __C2H_W16U(v) ((int)(unsigned short)(v))
#define __C2H_LANES3(name, LANE, F) \
	__C2H unsigned __c2h___##name(unsigned a, unsigned b, unsigned c) { \
		return __C2H_PUT2(F(LANE(a, 0), LANE(b, 0), LANE(c, 0)), 0) | __C2H_PUT2(F(LANE(a, 1), LANE(b, 1), LANE(c, 1)), 1); }
#define __C2H_MAX3(x, y, z) __C2H_MX(__C2H_MX(x, y), z)
#define __C2H_MIN3(x, y, z) __C2H_MN(__C2H_MN(x, y), z)
#define __C2H_MAX3R(x, y, z) __C2H_MX(__C2H_MAX3(x, y, z), 0)
#define __C2H_MIN3R(x, y, z) __C2H_MX(__C2H_MIN3(x, y, z), 0)
#define __C2H_AMAXS(x, y, z) __C2H_MX(__C2H_W16S((x) + (y)), z)
#define __C2H_AMINS(x, y, z) __C2H_MN(__C2H_W16S((x) + (y)), z)
#define __C2H_AMAXU(x, y, z) __C2H_MX(__C2H_W16U((x) + (y)), z)
#define __C2H_AMINU(x, y, z) __C2H_MN(__C2H_W16U((x) + (y)), z)
#define __C2H_AMAXSR(x, y, z) __C2H_MX(__C2H_AMAXS(x, y, z), 0)
#define __C2H_AMINSR(x, y, z) __C2H_MX(__C2H_AMINS(x, y, z), 0)
__C2H_LANES3(vimax3_s16x2, __C2H_S16, __C2H_MAX3)
__C2H_LANES3(vimax3_u16x2, __C2H_U16, __C2H_MAX3)
__C2H_LANES3(vimax3_s16x2_relu, __C2H_S16, __C2H_MAX3R)
__C2H_LANES3(vimin3_s16x2, __C2H_S16, __C2H_MIN3)
__C2H_LANES3(vimin3_u16x2, __C2H_U16, __C2H_MIN3)
__C2H_LANES3(vimin3_s16x2_relu, __C2H_S16, __C2H_MIN3R)
__C2H_LANES3(viaddmax_s16x2, __C2H_S16, __C2H_AMAXS)
__C2H_LANES3(viaddmax_u16x2, __C2H_U16, __C2H_AMAXU)
__C2H_LANES3(viaddmax_s16x2_relu, __C2H_S16, __C2H_AMAXSR)
__C2H_LANES3(viaddmin_s16x2, __C2H_S16, __C2H_AMINS)
__C2H_LANES3(viaddmin_u16x2, __C2H_U16, __C2H_AMINU)
__C2H_LANES3(viaddmin_s16x2_relu, __C2H_S16, __C2H_AMINSR)
__C2H int __c2h___vimax3_s32(int a, int b, int c) { return __C2H_MAX3(a, b, c); }
__C2H unsigned __c2h___vimax3_u32(unsigned a, unsigned b, unsigned c) { return __C2H_MAX3(a, b, c); }
__C2H int __c2h___vimax3_s32_relu(int a, int b, int c) { return __C2H_MAX3R(a, b, c); }
__C2H int __c2h___vimin3_s32(int a, int b, int c) { return __C2H_MIN3(a, b, c); }
__C2H unsigned __c2h___vimin3_u32(unsigned a, unsigned b, unsigned c) { return __C2H_MIN3(a, b, c); }
__C2H int __c2h___vimin3_s32_relu(int a, int b, int c) { return __C2H_MIN3R(a, b, c); }
__C2H int __c2h___viaddmax_s32(int a, int b, int c) { return __C2H_MX((int)((unsigned)a + (unsigned)b), c); }
__C2H unsigned __c2h___viaddmax_u32(unsigned a, unsigned b, unsigned c) { return __C2H_MX(a + b, c); }
__C2H int __c2h___viaddmax_s32_relu(int a, int b, int c) { return __C2H_MX(__c2h___viaddmax_s32(a, b, c), 0); }
__C2H int __c2h___viaddmin_s32(int a, int b, int c) { return __C2H_MN((int)((unsigned)a + (unsigned)b), c); }
__C2H unsigned __c2h___viaddmin_u32(unsigned a, unsigned b, unsigned c) { return __C2H_MN(a + b, c); }
__C2H int __c2h___viaddmin_s32_relu(int a, int b, int c) { return __C2H_MX(__c2h___viaddmin_s32(a, b, c), 0); }
__C2H int __c2h___vimax_s32_relu(int a, int b) { return __C2H_MX(__C2H_MX(a, b), 0); }
__C2H int __c2h___vimin_s32_relu(int a, int b) { return __C2H_MX(__C2H_MN(a, b), 0); }
__C2H unsigned __c2h___vimax_s16x2_relu(unsigned a, unsigned b) { return __c2h___vimax3_s16x2_relu(a, b, b); }
__C2H unsigned __c2h___vimin_s16x2_relu(unsigned a, unsigned b) { return __c2h___vimin3_s16x2_relu(a, b, b); }
__C2H int __c2h___vibmax_s32(int a, int b, bool *p) { *p = a >= b; return __C2H_MX(a, b); }
__C2H unsigned __c2h___vibmax_u32(unsigned a, unsigned b, bool *p) { *p = a >= b; return __C2H_MX(a, b); }
__C2H int __c2h___vibmin_s32(int a, int b, bool *p) { *p = a <= b; return __C2H_MN(a, b); }
__C2H unsigned __c2h___vibmin_u32(unsigned a, unsigned b, bool *p) { *p = a <= b; return __C2H_MN(a, b); }
#define __C2H_VIB(name, LANE, F, CMP) \
	__C2H unsigned __c2h___##name(unsigned a, unsigned b, bool *hi, bool *lo) { \
		*hi = LANE(a, 1) CMP LANE(b, 1); *lo = LANE(a, 0) CMP LANE(b, 0); \
		return __C2H_PUT2(F(LANE(a, 0), LANE(b, 0)), 0) | __C2H_PUT2(F(LANE(a, 1), LANE(b, 1)), 1); }
__C2H_VIB(vibmax_s16x2, __C2H_S16, __C2H_MX, >=)
__C2H_VIB(vibmax_u16x2, __C2H_U16, __C2H_MX, >=)
__C2H_VIB(vibmin_s16x2, __C2H_S16, __C2H_MN, <=)
__C2H_VIB(vibmin_u16x2, __C2H_U16, __C2H_MN, <=)
/* one operand: |a|, |a| saturated, -a, -a saturated (signed lanes) */
__C2H unsigned __c2h___vabs4(unsigned a) { return __c2h___vabsdiffs4(a, 0u); }
__C2H unsigned __c2h___vabs2(unsigned a) { return __c2h___vabsdiffs2(a, 0u); }
__C2H unsigned __c2h___vneg4(unsigned a) { return __c2h___vsub4(0u, a); }
__C2H unsigned __c2h___vneg2(unsigned a) { return __c2h___vsub2(0u, a); }
__C2H unsigned __c2h___vnegss4(unsigned a) { return __c2h___vsubss4(0u, a); }
__C2H unsigned __c2h___vnegss2(unsigned a) { return __c2h___vsubss2(0u, a); }
__C2H unsigned __c2h___vabsss4(unsigned a)
{
	unsigned n = __c2h___vnegss4(a);
	return __c2h___vmaxs4(a, n);
}
__C2H unsigned __c2h___vabsss2(unsigned a)
{
	unsigned n = __c2h___vnegss2(a);
	return __c2h___vmaxs2(a, n);
}
/* ---- nvcc's built-in atomic functions (CUDA 12.8: __nv_atomic_load_n and the like, with a
 * memory order and a scope). nvcc declares them itself and clang does not, so they are
 * declared here, for the bundled header and for a toolkit's alike; the enumerators have
 * the toolkit's values (crt/device_functions.h). The raised program runs its threads in a
 * sequentially consistent order on one device, which every order and scope allows: a
 * load or store is a plain one, a read-modify-write the atomic of that name. ---- */
#ifndef __C2H_NV_ATOMIC
#define __C2H_NV_ATOMIC
enum { __NV_ATOMIC_RELAXED, __NV_ATOMIC_CONSUME, __NV_ATOMIC_ACQUIRE, __NV_ATOMIC_RELEASE,
       __NV_ATOMIC_ACQ_REL, __NV_ATOMIC_SEQ_CST };
enum { __NV_THREAD_SCOPE_THREAD, __NV_THREAD_SCOPE_BLOCK, __NV_THREAD_SCOPE_CLUSTER,
       __NV_THREAD_SCOPE_DEVICE, __NV_THREAD_SCOPE_SYSTEM };
#define __C2H_SC int scope = __NV_THREAD_SCOPE_SYSTEM
/* loads and stores, of every type an atomic exists for */
#define __C2H_NV_LS(T) \
	__attribute__((device)) T __nv_atomic_load_n(const T *p, int order, __C2H_SC); \
	__attribute__((device)) void __nv_atomic_load(const T *p, T *ret, int order, __C2H_SC); \
	__attribute__((device)) void __nv_atomic_store_n(T *p, T v, int order, __C2H_SC); \
	__attribute__((device)) void __nv_atomic_store(T *p, T *v, int order, __C2H_SC); \
	__C2H T __c2h___nv_atomic_load_n(const T *p, int order, int scope) { return *p; } \
	__C2H void __c2h___nv_atomic_load(const T *p, T *ret, int order, int scope) { *ret = *p; } \
	__C2H void __c2h___nv_atomic_store_n(T *p, T v, int order, int scope) { *p = v; } \
	__C2H void __c2h___nv_atomic_store(T *p, T *v, int order, int scope) { *p = *v; }
/* a read-modify-write NAME whose old value is E (of p and v) */
#define __C2H_NV_RMW(T, NAME, E) \
	__attribute__((device)) T __nv_atomic_##NAME(T *p, T v, int order, __C2H_SC); \
	__C2H T __c2h___nv_atomic_##NAME(T *p, T v, int order, int scope) { return E; }
/* compare and exchange as atomicCAS on U (T or the unsigned type of its size): on failure
 * *expected gets the value found; weak or strong alike (this one never fails spuriously) */
#define __C2H_NV_CAS(T, U) \
	__attribute__((device)) bool __nv_atomic_compare_exchange_n(T *p, T *expected, T desired, bool weak, \
	                                                           int success, int failure, __C2H_SC); \
	__C2H bool __c2h___nv_atomic_compare_exchange_n(T *p, T *expected, T desired, bool weak, int success, \
	                                                int failure, int scope) \
	{ \
		T want = *expected; \
		T old = (T)atomicCAS((U *)p, (U)want, (U)desired); \
		if (old != want) \
			*expected = old; \
		return old == want; \
	}
/* the CUDA atomics of each type; what CUDA lacks for 64-bit integers (atomicSub, and
 * add, exchange and compare for long long) is the unsigned long long atomic on the same
 * bits, exact modulo 2^64 */
#define __C2H_NV_BITS(T, U) __C2H_NV_LS(T) __C2H_NV_CAS(T, U) \
	__C2H_NV_RMW(T, fetch_min, atomicMin(p, v)) __C2H_NV_RMW(T, fetch_max, atomicMax(p, v)) \
	__C2H_NV_RMW(T, fetch_and, atomicAnd(p, v)) __C2H_NV_RMW(T, fetch_or, atomicOr(p, v)) \
	__C2H_NV_RMW(T, fetch_xor, atomicXor(p, v))
__C2H_NV_BITS(int, int) __C2H_NV_BITS(unsigned, unsigned)
__C2H_NV_BITS(long long, unsigned long long) __C2H_NV_BITS(unsigned long long, unsigned long long)
#define __C2H_NV_ARITH(T) __C2H_NV_RMW(T, exchange_n, atomicExch(p, v)) \
	__C2H_NV_RMW(T, fetch_add, atomicAdd(p, v)) __C2H_NV_RMW(T, fetch_sub, atomicSub(p, v))
__C2H_NV_ARITH(int) __C2H_NV_ARITH(unsigned)
#define __C2H_NV_ARITH64(T) \
	__C2H_NV_RMW(T, exchange_n, (T)atomicExch((unsigned long long *)p, (unsigned long long)v)) \
	__C2H_NV_RMW(T, fetch_add, (T)atomicAdd((unsigned long long *)p, (unsigned long long)v)) \
	__C2H_NV_RMW(T, fetch_sub, (T)atomicAdd((unsigned long long *)p, 0ull - (unsigned long long)v))
__C2H_NV_ARITH64(long long) __C2H_NV_ARITH64(unsigned long long)
__C2H_NV_LS(float) __C2H_NV_LS(double)
__C2H_NV_RMW(float, exchange_n, atomicExch(p, v)) __C2H_NV_RMW(float, fetch_add, atomicAdd(p, v))
__C2H_NV_RMW(double, fetch_add, atomicAdd(p, v))
__attribute__((device)) void __nv_atomic_thread_fence(int order, __C2H_SC);
__C2H void __c2h___nv_atomic_thread_fence(int order, int scope) { __threadfence(); }
#undef __C2H_NV_ARITH64
#undef __C2H_NV_ARITH
#undef __C2H_NV_BITS
#undef __C2H_NV_CAS
#undef __C2H_NV_RMW
#undef __C2H_NV_LS
#undef __C2H_SC
#endif
#undef __C2H
#endif
