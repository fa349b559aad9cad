/* half_emu.h: the oracle's own __half and __nv_bfloat16 (cuda_fp16.h, cuda_bf16.h), written
 * here from the IEEE 754 formats and the CUDA Math API's definitions, sharing nothing with
 * the translator. A value is its 16 bits; every operation converts to float (exact), computes
 * there and rounds the result to nearest, ties to even, as one CUDA half operation does, so
 * a*b+c rounds twice (two operators) while __hfma rounds once (computed in double, where
 * the product is exact). Included by cuda_emu.h. */
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>

namespace cuemu {
/* x rounded to nearest even into a binary format with `eb` exponent and `mb` fraction bits. */
inline uint16_t small_encode(double x, int eb, int mb)
{
  const int bias = (1 << (eb - 1)) - 1, emin = 1 - bias;
  uint16_t sign = std::signbit(x) ? (uint16_t)(1u << (eb + mb)) : 0;
  const uint16_t inf = (uint16_t)(((1u << eb) - 1) << mb);
  double a = std::fabs(x);
  if (std::isnan(x))
    return (uint16_t)(inf | (1u << (mb - 1)));
  if (a == 0)
    return sign;
  if (std::isinf(a))                       /* (frexp leaves e unspecified) */
    return (uint16_t)(sign | inf);
  int e;
  std::frexp(a, &e);                       /* a = m * 2^e, m in [0.5, 1) */
  int qe = (e - 1 < emin ? emin : e - 1) - mb;   /* the quantum at a's binade */
  double n = std::nearbyint(std::ldexp(a, -qe));  /* ties to even (default mode) */
  double v = std::ldexp(n, qe);
  int ve;
  std::frexp(v, &ve);
  if (ve - 1 > bias)
    return (uint16_t)(sign | inf);
  if (ve - 1 < emin)                       /* subnormal: n < 2^mb */
    return (uint16_t)(sign | (uint16_t)n);
  uint32_t frac = (uint32_t)(std::ldexp(v, mb - (ve - 1)) - std::ldexp(1.0, mb));
  return (uint16_t)(sign | ((uint32_t)(ve - 1 + bias) << mb) | frac);
}

inline double small_decode(uint16_t h, int eb, int mb)
{
  const int bias = (1 << (eb - 1)) - 1;
  int ex = (h >> mb) & ((1 << eb) - 1);
  double f = h & ((1u << mb) - 1), s = (h >> (eb + mb)) & 1 ? -1.0 : 1.0;
  if (ex == (1 << eb) - 1)
    return f ? NAN : s * INFINITY;
  if (ex == 0)
    return s * std::ldexp(f, 1 - bias - mb);
  return s * std::ldexp(f + std::ldexp(1.0, mb), ex - bias - mb);
}

template <int EB, int MB> struct small_float {
  uint16_t bits;
  small_float() = default;
  small_float(double x) : bits(small_encode(x, EB, MB)) {}
  small_float(float x) : bits(small_encode(x, EB, MB)) {}
  small_float(int x) : bits(small_encode(x, EB, MB)) {}
  small_float(unsigned x) : bits(small_encode(x, EB, MB)) {}
  small_float(long long x) : bits(small_encode((double)x, EB, MB)) {}
  operator float() const { return (float)small_decode(bits, EB, MB); }
  static small_float from_bits(uint16_t b) { small_float r; r.bits = b; return r; }
  small_float &operator+=(small_float o) { return *this = small_float((float)*this + (float)o); }
  small_float &operator-=(small_float o) { return *this = small_float((float)*this - (float)o); }
  small_float &operator*=(small_float o) { return *this = small_float((float)*this * (float)o); }
  small_float &operator/=(small_float o) { return *this = small_float((float)*this / (float)o); }
};
#define CUEMU_SF_OP(op) \
  template <int E, int M> small_float<E, M> operator op(small_float<E, M> a, small_float<E, M> b) \
  { return small_float<E, M>((float)a op (float)b); }
CUEMU_SF_OP(+) CUEMU_SF_OP(-) CUEMU_SF_OP(*) CUEMU_SF_OP(/)
#undef CUEMU_SF_OP
#define CUEMU_SF_CMP(op) \
  template <int E, int M> bool operator op(small_float<E, M> a, small_float<E, M> b) \
  { return (float)a op (float)b; }
CUEMU_SF_CMP(==) CUEMU_SF_CMP(!=) CUEMU_SF_CMP(<) CUEMU_SF_CMP(<=) CUEMU_SF_CMP(>) CUEMU_SF_CMP(>=)
#undef CUEMU_SF_CMP
template <int E, int M> small_float<E, M> operator-(small_float<E, M> a)
{ return small_float<E, M>::from_bits((uint16_t)(a.bits ^ 0x8000u)); }
} // namespace cuemu

typedef ::cuemu::small_float<5, 10> __half;
typedef __half half;
typedef ::cuemu::small_float<8, 7> __nv_bfloat16;
typedef __nv_bfloat16 nv_bfloat16;
struct __half2 { __half x, y; };
typedef __half2 half2;
struct __nv_bfloat162 { __nv_bfloat16 x, y; };
typedef __nv_bfloat162 nv_bfloat162;

/* conversions */
inline __half __float2half(float x) { return __half(x); }
inline __half __float2half_rn(float x) { return __half(x); }
inline __half __double2half(double x) { return __half(x); }
inline float __half2float(__half x) { return (float)x; }
inline __half __int2half_rn(int x) { return __half(x); }
inline int __half2int_rz(__half x) { return (int)(float)x; }
inline __nv_bfloat16 __float2bfloat16(float x) { return __nv_bfloat16(x); }
inline __nv_bfloat16 __float2bfloat16_rn(float x) { return __nv_bfloat16(x); }
inline float __bfloat162float(__nv_bfloat16 x) { return (float)x; }
inline unsigned short __half_as_ushort(__half h) { return h.bits; }
inline __half __ushort_as_half(unsigned short u) { return __half::from_bits(u); }
inline unsigned short __bfloat16_as_ushort(__nv_bfloat16 h) { return h.bits; }
inline __nv_bfloat16 __ushort_as_bfloat16(unsigned short u) { return __nv_bfloat16::from_bits(u); }

/* arithmetic, one rounding each (the same names serve both types) */
template <class H> inline H __hadd(H a, H b) { return a + b; }
template <class H> inline H __hsub(H a, H b) { return a - b; }
template <class H> inline H __hmul(H a, H b) { return a * b; }
template <class H> inline H __hdiv(H a, H b) { return a / b; }
template <class H> inline H __hneg(H a) { return -a; }
template <class H> inline H __habs(H a) { return H::from_bits((uint16_t)(a.bits & 0x7fffu)); }
inline __half __hfma(__half a, __half b, __half c) { return __half((double)(float)a * (double)(float)b + (double)(float)c); }
/* __hmax/__hmin as the Math API defines them: (a > b) ? a : b (resp. <); a NaN operand
 * gives the other one, two NaNs the canonical NaN (0x7fff), and +0 is greater than -0 */
template <class H> inline H __emu_minmax(H a, H b, bool max)
{
  float x = (float)a, y = (float)b;
  if (std::isnan(x) && std::isnan(y)) return H::from_bits(0x7fffu);
  if (std::isnan(x)) return b;
  if (std::isnan(y)) return a;
  if (x == y && x == 0) return H::from_bits((uint16_t)(max ? (a.bits & b.bits) : (a.bits | b.bits)));
  return (max ? x > y : x < y) ? a : b;
}
template <class H> inline H __hmax(H a, H b) { return __emu_minmax(a, b, true); }
template <class H> inline H __hmin(H a, H b) { return __emu_minmax(a, b, false); }
template <class H> inline bool __heq(H a, H b) { return a == b; }
template <class H> inline bool __hne(H a, H b) { return a != b; }
template <class H> inline bool __hlt(H a, H b) { return a < b; }
template <class H> inline bool __hle(H a, H b) { return a <= b; }
template <class H> inline bool __hgt(H a, H b) { return a > b; }
template <class H> inline bool __hge(H a, H b) { return a >= b; }
template <class H> inline bool __hisnan(H a) { return std::isnan((float)a); }
inline __half hsqrt(__half a) { return __half(sqrtf((float)a)); }
inline __half hexp(__half a) { return __half(expf((float)a)); }
inline __half hexp2(__half a) { return __half(std::exp2((float)a)); }
inline __half hexp10(__half a) { return __half(std::pow(10.0f, (float)a)); }
inline __half hlog(__half a) { return __half(std::log((float)a)); }
inline __half hlog2(__half a) { return __half(std::log2((float)a)); }
inline __half hlog10(__half a) { return __half(std::log10((float)a)); }
inline __half hsin(__half a) { return __half(std::sin((float)a)); }
inline __half hcos(__half a) { return __half(std::cos((float)a)); }
inline __half hrcp(__half a) { return __half(1.0f / (float)a); }
inline __half hrsqrt(__half a) { return __half(1.0f / std::sqrt((float)a)); }
inline __half hfloor(__half a) { return __half(std::floor((float)a)); }
inline __half hceil(__half a) { return __half(std::ceil((float)a)); }
inline __half htrunc(__half a) { return __half(std::trunc((float)a)); }
inline __half hrint(__half a) { return __half(std::nearbyint((float)a)); }
inline __half atomicAdd(__half *p, __half v) { __half o = *p; *p = o + v; return o; }

/* half2 */
inline __half2 __halves2half2(__half a, __half b) { return {a, b}; }
/* each half added on its own (CUDA guarantees atomicity per half only) */
inline __half2 atomicAdd(__half2 *p, __half2 v) { __half2 o = *p; p->x = o.x + v.x; p->y = o.y + v.y; return o; }
inline __half2 __floats2half2_rn(float a, float b) { return {__half(a), __half(b)}; }
inline __half2 __float2half2_rn(float a) { return {__half(a), __half(a)}; }
inline float2 __half22float2(__half2 h) { return make_float2((float)h.x, (float)h.y); }
inline __half2 __float22half2_rn(float2 f) { return {__half(f.x), __half(f.y)}; }
inline __half __low2half(__half2 h) { return h.x; }
inline __half __high2half(__half2 h) { return h.y; }
inline float __low2float(__half2 h) { return (float)h.x; }
inline float __high2float(__half2 h) { return (float)h.y; }
inline __half2 __hadd2(__half2 a, __half2 b) { return {a.x + b.x, a.y + b.y}; }
inline __half2 __hsub2(__half2 a, __half2 b) { return {a.x - b.x, a.y - b.y}; }
inline __half2 __hmul2(__half2 a, __half2 b) { return {a.x * b.x, a.y * b.y}; }
inline __half2 __h2div(__half2 a, __half2 b) { return {a.x / b.x, a.y / b.y}; }
inline __half2 __hfma2(__half2 a, __half2 b, __half2 c) { return {__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)}; }

/* more of cuda_fp16.h's __half2: each lane on its own, as the CUDA Math API's half2
 * functions are defined; comparisons give 1.0 or 0.0 per lane (ordered, a NaN is false,
 * except the unordered __hneu / __hbneu2), the __hb forms whether both lanes hold. */
inline __half2 make_half2(__half x, __half y) { return {x, y}; }
inline __half2 __half2half2(__half a) { return {a, a}; }
inline __half2 __low2half2(__half2 a) { return {a.x, a.x}; }
inline __half2 __high2half2(__half2 a) { return {a.y, a.y}; }
inline __half2 __lows2half2(__half2 a, __half2 b) { return {a.x, b.x}; }
inline __half2 __highs2half2(__half2 a, __half2 b) { return {a.y, b.y}; }
inline __half2 __lowhigh2highlow(__half2 a) { return {a.y, a.x}; }
inline __half2 __hneg2(__half2 a) { return {-a.x, -a.y}; }
inline __half2 __habs2(__half2 a) { return {__habs(a.x), __habs(a.y)}; }
inline __half2 __hmax2(__half2 a, __half2 b) { return {__hmax(a.x, b.x), __hmax(a.y, b.y)}; }
inline __half2 __hmin2(__half2 a, __half2 b) { return {__hmin(a.x, b.x), __hmin(a.y, b.y)}; }
inline __half __emu_flag(bool t) { return __half(t ? 1.0f : 0.0f); }
inline bool __emu_ne(__half a, __half b) { return !std::isnan((float)a) && !std::isnan((float)b) && (float)a != (float)b; }
inline __half2 __heq2(__half2 a, __half2 b) { return {__emu_flag(a.x == b.x), __emu_flag(a.y == b.y)}; }
inline __half2 __hne2(__half2 a, __half2 b) { return {__emu_flag(__emu_ne(a.x, b.x)), __emu_flag(__emu_ne(a.y, b.y))}; }
inline __half2 __hlt2(__half2 a, __half2 b) { return {__emu_flag(a.x < b.x), __emu_flag(a.y < b.y)}; }
inline __half2 __hle2(__half2 a, __half2 b) { return {__emu_flag(a.x <= b.x), __emu_flag(a.y <= b.y)}; }
inline __half2 __hgt2(__half2 a, __half2 b) { return {__emu_flag(a.x > b.x), __emu_flag(a.y > b.y)}; }
inline __half2 __hge2(__half2 a, __half2 b) { return {__emu_flag(a.x >= b.x), __emu_flag(a.y >= b.y)}; }
inline bool __hbeq2(__half2 a, __half2 b) { return a.x == b.x && a.y == b.y; }
inline bool __hbne2(__half2 a, __half2 b) { return __emu_ne(a.x, b.x) && __emu_ne(a.y, b.y); }
inline bool __hbneu2(__half2 a, __half2 b) { return !(a.x == b.x) && !(a.y == b.y); }
inline bool __hblt2(__half2 a, __half2 b) { return a.x < b.x && a.y < b.y; }
inline bool __hble2(__half2 a, __half2 b) { return a.x <= b.x && a.y <= b.y; }
inline bool __hbgt2(__half2 a, __half2 b) { return a.x > b.x && a.y > b.y; }
inline bool __hbge2(__half2 a, __half2 b) { return a.x >= b.x && a.y >= b.y; }
inline bool __hneu(__half a, __half b) { return !(a == b); }
/* +-1 for an infinity of that sign: the exponent all ones and no fraction */
inline int __hisinf(__half a) { return (a.bits & 0x7fffu) == 0x7c00u ? (a.bits & 0x8000u ? -1 : 1) : 0; }
inline __half2 operator+(__half2 a, __half2 b) { return __hadd2(a, b); }
inline __half2 operator-(__half2 a, __half2 b) { return __hsub2(a, b); }
inline __half2 operator*(__half2 a, __half2 b) { return __hmul2(a, b); }
inline __half2 operator/(__half2 a, __half2 b) { return __h2div(a, b); }
inline __half2 &operator+=(__half2 &a, __half2 b) { return a = a + b; }
inline __half2 &operator-=(__half2 &a, __half2 b) { return a = a - b; }
inline __half2 &operator*=(__half2 &a, __half2 b) { return a = a * b; }
inline __half2 &operator/=(__half2 &a, __half2 b) { return a = a / b; }
inline __half2 operator+(__half2 a) { return a; }
inline __half2 operator-(__half2 a) { return __hneg2(a); }
inline bool operator==(__half2 a, __half2 b) { return __hbeq2(a, b); }
inline bool operator!=(__half2 a, __half2 b) { return __hbneu2(a, b); }
inline bool operator<(__half2 a, __half2 b) { return __hblt2(a, b); }
inline bool operator<=(__half2 a, __half2 b) { return __hble2(a, b); }
inline bool operator>(__half2 a, __half2 b) { return __hbgt2(a, b); }
inline bool operator>=(__half2 a, __half2 b) { return __hbge2(a, b); }
#define __EMU_H2(f) inline __half2 h2##f(__half2 a) { return {h##f(a.x), h##f(a.y)}; }
__EMU_H2(sqrt) __EMU_H2(exp) __EMU_H2(exp2) __EMU_H2(log) __EMU_H2(log2) __EMU_H2(sin) __EMU_H2(cos)
__EMU_H2(rcp) __EMU_H2(rsqrt) __EMU_H2(floor) __EMU_H2(ceil) __EMU_H2(trunc) __EMU_H2(rint)
#undef __EMU_H2

/* __nv_bfloat162: each lane on its own, as for __half2 */
inline __nv_bfloat16 __low2bfloat16(__nv_bfloat162 h) { return h.x; }
inline __nv_bfloat16 __high2bfloat16(__nv_bfloat162 h) { return h.y; }
inline float __low2float(__nv_bfloat162 h) { return (float)h.x; }
inline float __high2float(__nv_bfloat162 h) { return (float)h.y; }
inline __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) { return {a, b}; }
inline __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 a) { return {a, a}; }
inline __nv_bfloat162 __floats2bfloat162_rn(float a, float b) { return {__nv_bfloat16(a), __nv_bfloat16(b)}; }
inline __nv_bfloat162 __float2bfloat162_rn(float a) { return {__nv_bfloat16(a), __nv_bfloat16(a)}; }
inline __nv_bfloat162 __float22bfloat162_rn(float2 f) { return {__nv_bfloat16(f.x), __nv_bfloat16(f.y)}; }
inline float2 __bfloat1622float2(__nv_bfloat162 h) { return make_float2((float)h.x, (float)h.y); }
inline __nv_bfloat162 __hadd2(__nv_bfloat162 a, __nv_bfloat162 b) { return {a.x + b.x, a.y + b.y}; }
inline __nv_bfloat162 __hsub2(__nv_bfloat162 a, __nv_bfloat162 b) { return {a.x - b.x, a.y - b.y}; }
inline __nv_bfloat162 __hmul2(__nv_bfloat162 a, __nv_bfloat162 b) { return {a.x * b.x, a.y * b.y}; }
inline __nv_bfloat162 operator+(__nv_bfloat162 a, __nv_bfloat162 b) { return __hadd2(a, b); }
inline __nv_bfloat162 operator-(__nv_bfloat162 a, __nv_bfloat162 b) { return __hsub2(a, b); }
inline __nv_bfloat162 operator*(__nv_bfloat162 a, __nv_bfloat162 b) { return __hmul2(a, b); }

/* bit views and integer conversions: to an integer after the named rounding (NaN 0,
 * saturating at the type's range, as cvt does); from an integer rounded to nearest even */
inline short __half_as_short(__half h) { return (short)h.bits; }
inline __half __short_as_half(short s) { return __half::from_bits((uint16_t)s); }
template <class I> inline I __emu_h2i(__half h, double (*rnd)(double))
{
  double v = (double)(float)h;
  if (std::isnan(v)) return 0;
  v = rnd(v);
  if (v < (double)std::numeric_limits<I>::min()) return std::numeric_limits<I>::min();
  if (v > (double)std::numeric_limits<I>::max()) return std::numeric_limits<I>::max();
  return (I)v;
}
inline int __half2int_rn(__half h) { return __emu_h2i<int>(h, std::nearbyint); }
inline int __half2int_rd(__half h) { return __emu_h2i<int>(h, std::floor); }
inline int __half2int_ru(__half h) { return __emu_h2i<int>(h, std::ceil); }
inline unsigned __half2uint_rz(__half h) { return __emu_h2i<unsigned>(h, std::trunc); }
inline short __half2short_rz(__half h) { return __emu_h2i<short>(h, std::trunc); }
inline unsigned short __half2ushort_rz(__half h) { return __emu_h2i<unsigned short>(h, std::trunc); }
inline long long __half2ll_rz(__half h) { return __emu_h2i<long long>(h, std::trunc); }
inline __half __uint2half_rn(unsigned x) { return __half((double)x); }
inline __half __short2half_rn(short x) { return __half((double)x); }
inline __half __ushort2half_rn(unsigned short x) { return __half((double)x); }
inline __half __ll2half_rn(long long x) { return __half((double)x); }
