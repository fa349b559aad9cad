/* value.c: runtime values and element access.
 *
 * Consumes tensor types (hlo_emit.h); produces RtValues whose storage is a refcounted
 * RtBuf. Small buffers are recycled through the caller's RtPool, so region bodies that
 * run once per element (reduce, sort comparators) allocate nothing after warm-up.
 * Also holds the bit-exact f16/bf16 conversions: decoding is exact, encoding from double
 * rounds to nearest, ties to even, with subnormals, overflow to infinity and NaN kept
 * quiet (IEEE 754-2019 section 4.3.1; bf16 is f32's top half with f32's exponent). */
#include "runtime.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static RtBuf *buf_new(RtPool *p, size_t n)
{
	RtBuf *b;
	if (n <= RT_SMALL && p && p->free) {
		b = p->free;
		p->free = b->next;
		p->nfree--;
	} else {
		size_t cap = n <= RT_SMALL ? RT_SMALL : n;
		b = xmalloc(sizeof(RtBuf) + cap);
		b->cap = cap;
		b->data = b->own;
	}
	b->refs = 1;
	b->next = NULL;
	return b;
}

static void buf_release(RtPool *p, RtBuf *b)
{
	if (!b || --b->refs > 0)
		return;
	if (p && b->cap == RT_SMALL && p->nfree < RT_POOL_MAX) {
		b->next = p->free;
		p->free = b;
		p->nfree++;
		return;
	}
	free(b);
}

void rt_pool_drain(RtPool *p)
{
	while (p->free) {
		RtBuf *b = p->free;
		p->free = b->next;
		free(b);
	}
	p->nfree = 0;
}

RtValue rt_tensor_new(RtPool *p, const TType *t)
{
	RtValue v = {0};
	v.type = *t;
	v.buf = buf_new(p, (size_t)tir_type_bytes(t));
	return v;
}

int rt_tensor_try_new(const TType *t, RtValue *out)
{
	memset(out, 0, sizeof *out);
	int64_t bytes = dtype_size(t->dt);
	for (int d = 0; d < t->rank; d++)
		if (t->dims[d] < 0 || (t->dims[d] && __builtin_mul_overflow(bytes, t->dims[d], &bytes)))
			return -1;
	for (int d = 0; d < t->rank; d++)
		if (t->dims[d] == 0)
			bytes = 0;
	size_t cap = (size_t)bytes <= RT_SMALL ? RT_SMALL : (size_t)bytes;
	if ((uint64_t)bytes > SIZE_MAX / 2)
		return -1;
	RtBuf *b = malloc(sizeof(RtBuf) + cap);
	if (!b)
		return -1;
	b->cap = cap;
	b->refs = 1;
	b->next = NULL;
	b->data = b->own;
	out->type = *t;
	out->buf = b;
	return 0;
}

RtValue rt_tensor_borrow(const TType *t, void *data)
{
	RtValue v = {0};
	RtBuf *b = xmalloc(sizeof(RtBuf));
	b->refs = 1;
	b->cap = 0;
	b->next = NULL;
	b->data = data;
	v.type = *t;
	v.buf = b;
	return v;
}

RtValue rt_tensor_zeros(RtPool *p, const TType *t)
{
	RtValue v = rt_tensor_new(p, t);
	memset(v.buf->data, 0, (size_t)tir_type_bytes(t));
	return v;
}

RtValue rt_value_ref(const RtValue *v)
{
	RtValue r = *v;
	if (r.buf)
		r.buf->refs++;
	if (v->nelems) {
		r.elems = xmalloc(sizeof(RtValue) * (size_t)v->nelems);
		for (int i = 0; i < v->nelems; i++)
			r.elems[i] = rt_value_ref(&v->elems[i]);
	}
	return r;
}

void rt_value_release(RtPool *p, RtValue *v)
{
	buf_release(p, v->buf);
	for (int i = 0; i < v->nelems; i++)
		rt_value_release(p, &v->elems[i]);
	free(v->elems);
	memset(v, 0, sizeof *v);
}

void rt_make_unique(RtPool *p, RtValue *v)
{
	if (!v->buf || v->buf->refs == 1)
		return;
	size_t n = (size_t)tir_type_bytes(&v->type);
	RtBuf *b = buf_new(p, n);
	memcpy(b->data, v->buf->data, n);
	v->buf->refs--;
	v->buf = b;
}

void rt_fill(void *dst, const void *elem, size_t esz, int64_t n)
{
	switch (esz) {
	case 1: memset(dst, *(const uint8_t *)elem, (size_t)n); return;
	case 2: { uint16_t v; memcpy(&v, elem, 2); for (int64_t i = 0; i < n; i++) ((uint16_t *)dst)[i] = v; return; }
	case 4: { uint32_t v; memcpy(&v, elem, 4); for (int64_t i = 0; i < n; i++) ((uint32_t *)dst)[i] = v; return; }
	case 8: { uint64_t v; memcpy(&v, elem, 8); for (int64_t i = 0; i < n; i++) ((uint64_t *)dst)[i] = v; return; }
	default:
		for (int64_t i = 0; i < n; i++)
			memcpy((unsigned char *)dst + (size_t)i * esz, elem, esz);
	}
}

void rt_strides(const TType *t, int64_t *strides)
{
	int64_t s = 1;
	for (int d = t->rank - 1; d >= 0; d--) {
		strides[d] = s;
		s *= t->dims[d];
	}
}

/* ---- f16 / bf16 ---- */

/* Decodes a binary float with ebits exponent bits and mbits mantissa bits. */
static double small_float_decode(uint32_t bits, int ebits, int mbits)
{
	uint32_t sign = bits >> (ebits + mbits) & 1;
	uint32_t e = bits >> mbits & ((1u << ebits) - 1), m = bits & ((1u << mbits) - 1);
	int bias = (1 << (ebits - 1)) - 1;
	double v;
	if (e == (1u << ebits) - 1)
		v = m ? NAN : INFINITY;
	else if (e == 0)
		v = ldexp((double)m, 1 - bias - mbits);
	else
		v = ldexp((double)(m | 1u << mbits), (int)e - bias - mbits);
	return sign ? -v : v;
}

/* Shifts m right by s bits rounding to nearest, ties to even. */
static uint64_t shift_rne(uint64_t m, int s)
{
	if (s <= 0)
		return m;
	if (s > 63)
		return 0;
	uint64_t q = m >> s, rem = m & ((UINT64_C(1) << s) - 1), half = UINT64_C(1) << (s - 1);
	if (rem > half || (rem == half && (q & 1)))
		q++;
	return q;
}

static uint32_t small_float_encode(double x, int ebits, int mbits)
{
	uint64_t d;
	memcpy(&d, &x, 8);
	uint32_t sign = (uint32_t)(d >> 63) << (ebits + mbits);
	int de = (int)(d >> 52 & 0x7ff);
	uint64_t dm = d & ((UINT64_C(1) << 52) - 1);
	uint32_t inf = ((1u << ebits) - 1) << mbits;
	if (de == 0x7ff)   /* NaN keeps its top payload bits and becomes quiet */
		return sign | inf | (dm ? (uint32_t)(dm >> (52 - mbits)) | 1u << (mbits - 1) : 0);
	if (de == 0)       /* double subnormals are far below any f16/bf16 subnormal */
		return sign;
	int bias = (1 << (ebits - 1)) - 1;
	int te = de - 1023 + bias;
	uint64_t m = dm | UINT64_C(1) << 52;
	if (te >= 1) {
		uint64_t q = shift_rne(m, 52 - mbits);
		if (q >> (mbits + 1)) {
			q >>= 1;
			te++;
		}
		if (te >= (1 << ebits) - 1)
			return sign | inf;
		return sign | (uint32_t)te << mbits | (uint32_t)(q & ((1u << mbits) - 1));
	}
	/* subnormal: the result's implicit bit may round up into the smallest normal */
	return sign | (uint32_t)shift_rne(m, 52 - mbits + 1 - te);
}

double rt_f16_to_f64(uint16_t h) { return small_float_decode(h, 5, 10); }
uint16_t rt_f64_to_f16(double x) { return (uint16_t)small_float_encode(x, 5, 10); }
double rt_bf16_to_f64(uint16_t h) { return small_float_decode(h, 8, 7); }
uint16_t rt_f64_to_bf16(double x) { return (uint16_t)small_float_encode(x, 8, 7); }

/* ---- element access ---- */

double rt_get_f64(DType t, const void *base, int64_t i)
{
	switch (t) {
	case DT_F16: return rt_f16_to_f64(((const uint16_t *)base)[i]);
	case DT_BF16: return rt_bf16_to_f64(((const uint16_t *)base)[i]);
	case DT_F32: return ((const float *)base)[i];
	case DT_F64: return ((const double *)base)[i];
	case DT_UI64: return (double)((const uint64_t *)base)[i];
	default: break;
	}
	if (dtype_is_minifloat(t) || dtype_is_complex(t))   /* f8/f6/f4; complex: real part */
		return tir_elem_get_f(t, (const char *)base + i * dtype_size(t));
	if (dtype_kind(t) == DK_UINT)
		return (double)(uint64_t)rt_get_i64(t, base, i);
	return (double)rt_get_i64(t, base, i);
}

void rt_set_f64(DType t, void *base, int64_t i, double x)
{
	switch (t) {
	case DT_F16: ((uint16_t *)base)[i] = rt_f64_to_f16(x); return;
	case DT_BF16: ((uint16_t *)base)[i] = rt_f64_to_bf16(x); return;
	case DT_F32: ((float *)base)[i] = (float)x; return;
	case DT_F64: ((double *)base)[i] = x; return;
	default:
		if (dtype_is_minifloat(t) || dtype_is_complex(t)) {   /* f8/f6/f4; complex: (x, 0) */
			tir_elem_set_f(t, (char *)base + i * dtype_size(t), x);
			return;
		}
		die("rt_set_f64 on %s", dtype_name(t));
	}
}

int64_t rt_get_i64(DType t, const void *base, int64_t i)
{
	switch (t) {
	case DT_I1: case DT_UI2: case DT_UI4: case DT_UI8: return ((const uint8_t *)base)[i];
	case DT_I2: case DT_I4: case DT_I8: return ((const int8_t *)base)[i];
	case DT_I16: return ((const int16_t *)base)[i];
	case DT_UI16: return ((const uint16_t *)base)[i];
	case DT_I32: return ((const int32_t *)base)[i];
	case DT_UI32: return ((const uint32_t *)base)[i];
	case DT_I64: return ((const int64_t *)base)[i];
	case DT_UI64: return (int64_t)((const uint64_t *)base)[i];
	default: die("rt_get_i64 on %s", dtype_name(t));
	}
}

static int64_t wrap_bits(DType t, int64_t x)
{
	int bits = dtype_bits(t);
	if (bits >= 64)
		return x;
	uint64_t m = (UINT64_C(1) << bits) - 1, u = (uint64_t)x & m;
	if (dtype_kind(t) == DK_INT && (u >> (bits - 1)))
		u |= ~m;
	return (int64_t)u;
}

void rt_set_i64(DType t, void *base, int64_t i, int64_t x)
{
	if (t == DT_I1)
		x = x != 0;
	x = wrap_bits(t, x);
	switch (dtype_size(t)) {
	case 1: ((uint8_t *)base)[i] = (uint8_t)x; return;
	case 2: ((uint16_t *)base)[i] = (uint16_t)x; return;
	case 4: ((uint32_t *)base)[i] = (uint32_t)x; return;
	default: ((uint64_t *)base)[i] = (uint64_t)x; return;
	}
}

void rt_wrap_subbyte(DType t, void *base, int64_t n)
{
	if (t != DT_I2 && t != DT_I4 && t != DT_UI2 && t != DT_UI4)
		return;
	uint8_t *p = base;
	for (int64_t i = 0; i < n; i++)
		p[i] = (uint8_t)wrap_bits(t, (int8_t)p[i]);
}

void rt_format_elem(StrBuf *out, DType t, const void *base, int64_t i)
{
	if (t == DT_I1) {
		sb_append(out, ((const uint8_t *)base)[i] ? "true" : "false");
	} else if (dtype_kind(t) == DK_UINT) {
		sb_printf(out, "%" PRIu64, (uint64_t)rt_get_i64(t, base, i));
	} else if (dtype_kind(t) == DK_INT) {
		sb_printf(out, "%" PRId64, rt_get_i64(t, base, i));
	} else {
		double x = rt_get_f64(t, base, i);
		if (isnan(x)) {
			uint64_t bits = 0;
			memcpy(&bits, (const char *)base + i * dtype_size(t), (size_t)dtype_size(t));
			sb_printf(out, "0x%0*" PRIX64, 2 * dtype_size(t), bits);
		} else {
			sb_printf(out, "%.*g", t == DT_F64 ? 17 : t == DT_F32 ? 9 : 5, x);
		}
	}
}

void rt_format_value(StrBuf *out, const RtValue *v, int max_elems)
{
	tir_type_print(out, &v->type);
	if (v->type.kind != TY_TENSOR)
		return;
	int64_t n = rt_numel(v);
	sb_append(out, " [");
	for (int64_t i = 0; i < n && i < max_elems; i++) {
		if (i)
			sb_append(out, ", ");
		rt_format_elem(out, v->type.dt, rt_data(v), i);
	}
	sb_append(out, n > max_elems ? ", ...]" : "]");
}
