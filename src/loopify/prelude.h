#define _GNU_SOURCE 1
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Float to integer conversions as the GPU does them (PTX cvt.rzi: saturate, NaN -> 0). */
#define C2H_F2I(F, FT, I, IT, LO, HI) \
	static inline IT c2h_##F##_##I(FT x) \
	{ \
		if (x != x) return 0; \
		if (x <= (FT)(LO)) return (IT)(LO); \
		if (x >= (FT)(HI)) return (IT)(HI); \
		return (IT)x; \
	}
#define C2H_F2I_ALL(F, FT) \
	C2H_F2I(F, FT, i8, int8_t, INT8_MIN, INT8_MAX) \
	C2H_F2I(F, FT, i16, int16_t, INT16_MIN, INT16_MAX) \
	C2H_F2I(F, FT, i32, int32_t, INT32_MIN, INT32_MAX) \
	C2H_F2I(F, FT, i64, int64_t, INT64_MIN, INT64_MAX) \
	C2H_F2I(F, FT, u8, uint8_t, 0, UINT8_MAX) \
	C2H_F2I(F, FT, u16, uint16_t, 0, UINT16_MAX) \
	C2H_F2I(F, FT, u32, uint32_t, 0, UINT32_MAX) \
	C2H_F2I(F, FT, u64, uint64_t, 0, UINT64_MAX)
C2H_F2I_ALL(f32, float)
C2H_F2I_ALL(f64, double)
#ifdef __FLT16_MAX__ /* a compiler with _Float16, which f16 programs' C needs anyway */
C2H_F2I_ALL(f16, _Float16)
#endif

/* Integer math (CUDA Math API: min/max, abs wraps at the minimum). */
#define C2H_INT(S, T, U) \
	static inline T c2h_min_##S(T a, T b) { return a < b ? a : b; } \
	static inline T c2h_max_##S(T a, T b) { return a < b ? b : a; } \
	static inline T c2h_abs_##S(T a) { return a < 0 ? (T)(0u - (U)a) : a; }
C2H_INT(i8, int8_t, uint8_t) C2H_INT(i16, int16_t, uint16_t)
C2H_INT(i32, int32_t, uint32_t) C2H_INT(i64, int64_t, uint64_t)
C2H_INT(u8, uint8_t, uint8_t) C2H_INT(u16, uint16_t, uint16_t)
C2H_INT(u32, uint32_t, uint32_t) C2H_INT(u64, uint64_t, uint64_t)
static inline float c2h_min_f32(float a, float b) { return a < b ? a : b; }
static inline float c2h_max_f32(float a, float b) { return a < b ? b : a; }
static inline double c2h_min_f64(double a, double b) { return a < b ? a : b; }
static inline double c2h_max_f64(double a, double b) { return a < b ? b : a; }

static inline float c2h_rsqrt_f32(float x) { return 1.0f / sqrtf(x); }
static inline double c2h_rsqrt_f64(double x) { return 1.0 / sqrt(x); }
static inline float c2h_rcbrt_f32(float x) { return 1.0f / cbrtf(x); }
static inline double c2h_rcbrt_f64(double x) { return 1.0 / cbrt(x); }
static inline float c2h_rcp_f32(float x) { return 1.0f / x; }
static inline double c2h_rcp_f64(double x) { return 1.0 / x; }
static inline float c2h_fast_div_f32(float x, float y) { return x / y; }
static inline float c2h_saturate_f32(float x) { return x != x ? 0.0f : fminf(fmaxf(x, 0.0f), 1.0f); }
static inline double c2h_saturate_f64(double x) { return x != x ? 0.0 : fmin(fmax(x, 0.0), 1.0); }

/* Bit intrinsics (CUDA Math API, "Integer Intrinsics"). */
static inline int32_t c2h_popc_u32(uint32_t x) { int32_t n = 0; while (x) { x &= x - 1; n++; } return n; }
static inline int32_t c2h_popc_u64(uint64_t x) { int32_t n = 0; while (x) { x &= x - 1; n++; } return n; }
static inline int32_t c2h_popc_i32(int32_t x) { return c2h_popc_u32((uint32_t)x); }
static inline int32_t c2h_popc_i64(int64_t x) { return c2h_popc_u64((uint64_t)x); }
static inline int32_t c2h_clz_u32(uint32_t x) { int32_t n = 0; if (!x) return 32; while (!(x & 0x80000000u)) { x <<= 1; n++; } return n; }
static inline int32_t c2h_clz_u64(uint64_t x) { int32_t n = 0; if (!x) return 64; while (!(x >> 63)) { x <<= 1; n++; } return n; }
static inline int32_t c2h_clz_i32(int32_t x) { return c2h_clz_u32((uint32_t)x); }
static inline int32_t c2h_clz_i64(int64_t x) { return c2h_clz_u64((uint64_t)x); }
static inline int32_t c2h_ffs_u32(uint32_t x) { int32_t n = 1; if (!x) return 0; while (!(x & 1u)) { x >>= 1; n++; } return n; }
static inline int32_t c2h_ffs_u64(uint64_t x) { int32_t n = 1; if (!x) return 0; while (!(x & 1u)) { x >>= 1; n++; } return n; }
static inline int32_t c2h_ffs_i32(int32_t x) { return c2h_ffs_u32((uint32_t)x); }
static inline int32_t c2h_ffs_i64(int64_t x) { return c2h_ffs_u64((uint64_t)x); }
static inline uint32_t c2h_brev_u32(uint32_t x) { uint32_t r = 0; for (int i = 0; i < 32; i++) { r = r << 1 | (x & 1u); x >>= 1; } return r; }
static inline uint64_t c2h_brev_u64(uint64_t x) { uint64_t r = 0; for (int i = 0; i < 64; i++) { r = r << 1 | (x & 1u); x >>= 1; } return r; }
static inline int32_t c2h_mulhi_i32(int32_t a, int32_t b) { return (int32_t)(((int64_t)a * b) >> 32); }
static inline uint32_t c2h_mulhi_u32(uint32_t a, uint32_t b) { return (uint32_t)(((uint64_t)a * b) >> 32); }
static inline int64_t c2h_mulhi_i64(int64_t a, int64_t b) { return (int64_t)(((__int128)a * b) >> 64); }
static inline uint64_t c2h_mulhi_u64(uint64_t a, uint64_t b) { return (uint64_t)(((unsigned __int128)a * b) >> 64); }
static inline int32_t c2h_mul24_i32(int32_t a, int32_t b)
{
	int64_t x = (int64_t)(a << 8 >> 8), y = (int64_t)(b << 8 >> 8);
	return (int32_t)(uint32_t)(uint64_t)(x * y);
}
static inline uint32_t c2h_mul24_u32(uint32_t a, uint32_t b) { return (a & 0xffffffu) * (b & 0xffffffu); }
static inline uint32_t c2h_sad_i32(int32_t a, int32_t b, uint32_t c) { return c + (uint32_t)(a > b ? (int64_t)a - b : (int64_t)b - a); }
static inline uint32_t c2h_sad_u32(uint32_t a, uint32_t b, uint32_t c) { return c + (a > b ? a - b : b - a); }

/* Atomics run one thread at a time here: a plain read-modify-write returning the old value. */
#define C2H_ATOMIC(S, T, U) \
	static inline T c2h_atomic_add_##S(T *p, T v) { T o = *p; *p = (T)((U)o + (U)v); return o; } \
	static inline T c2h_atomic_sub_##S(T *p, T v) { T o = *p; *p = (T)((U)o - (U)v); return o; } \
	static inline T c2h_atomic_exch_##S(T *p, T v) { T o = *p; *p = v; return o; } \
	static inline T c2h_atomic_min_##S(T *p, T v) { T o = *p; if (v < o) *p = v; return o; } \
	static inline T c2h_atomic_max_##S(T *p, T v) { T o = *p; if (o < v) *p = v; return o; } \
	static inline T c2h_atomic_cas_##S(T *p, T c, T v) { T o = *p; if (o == c) *p = v; return o; }
#define C2H_ATOMIC_BITS(S, T) \
	static inline T c2h_atomic_and_##S(T *p, T v) { T o = *p; *p = o & v; return o; } \
	static inline T c2h_atomic_or_##S(T *p, T v) { T o = *p; *p = o | v; return o; } \
	static inline T c2h_atomic_xor_##S(T *p, T v) { T o = *p; *p = o ^ v; return o; } \
	static inline T c2h_atomic_inc_##S(T *p, T v) { T o = *p; *p = o >= v ? 0 : o + 1; return o; } \
	static inline T c2h_atomic_dec_##S(T *p, T v) { T o = *p; *p = (o == 0 || o > v) ? v : o - 1; return o; }
C2H_ATOMIC(i32, int32_t, uint32_t) C2H_ATOMIC(u32, uint32_t, uint32_t)
C2H_ATOMIC(i64, int64_t, uint64_t) C2H_ATOMIC(u64, uint64_t, uint64_t)
C2H_ATOMIC(f32, float, float) C2H_ATOMIC(f64, double, double)
C2H_ATOMIC_BITS(i32, int32_t) C2H_ATOMIC_BITS(u32, uint32_t)
C2H_ATOMIC_BITS(i64, int64_t) C2H_ATOMIC_BITS(u64, uint64_t)
#ifdef __FLT16_MAX__ /* a half sum computed in float and rounded once: CUDA's half add */
static inline _Float16 c2h_atomic_add_f16(_Float16 *p, _Float16 v) { _Float16 o = *p; *p = (_Float16)((float)o + (float)v); return o; }
#endif
/* An atomic on several elements read as one wider value (frontend wide.c): on a copy,
 * moved by bytes (the buffer keeps its element type: no type punning). */
#define C2H_WIDE_ATOMIC(F, T, P, ...) ({ T c2h_o_, c2h_n_; memcpy(&c2h_o_, (P), sizeof c2h_o_); \
	c2h_n_ = c2h_o_; F(&c2h_n_, __VA_ARGS__); memcpy((P), &c2h_n_, sizeof c2h_n_); c2h_o_; })
