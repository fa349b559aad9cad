/* interp_cplx.c: the interpreter's complex numbers: element-wise ops on complex<f32> and
 * complex<f64>, complex/real/imag, convert to and from complex, compare, select, iota,
 * fft, and the check ops on complex values.
 *
 * Consumes ops whose operands or results are complex (interp_cplx_wants says which;
 * interp.c's dispatch calls interp_cplx_op for them before its own cases) and produces
 * fresh result tensors. Arithmetic follows C's <complex.h> (C17 Annex G) in the
 * element type's own precision: complex<f32> uses the float functions (cexpf, csqrtf,
 * ...), complex<f64> the double ones. Where the StableHLO spec defines a complex case
 * itself, it wins:
 *   abs gives the real modulus; sign is z / |z|, 0 for 0, (NaN, NaN) when a part is NaN;
 *   maximum/minimum and the ordered compare directions compare (real, imag)
 *   lexicographically; EQ/NE compare both parts;
 *   convert from complex keeps the real part; to complex makes (x, 0);
 *   atan2(y, x) = -i log((x + iy) / sqrt(x^2 + y^2)) (as XLA expands it);
 *   expm1 and log1p use the cancellation-free real formulas for their parts;
 *   triangular_solve: substitution on op(A) built explicitly (adjoint conjugates);
 *   fft: FFT is sum x[n] e^{-2 pi i kn/N}, IFFT the conjugate sum divided by N, over the
 *   innermost len(fft_length) dimensions; RFFT keeps the N/2+1 non-redundant outputs of
 *   the last one, IRFFT takes them back (Hermitian symmetry) to a real signal. The DFT
 *   is evaluated directly in double (O(N^2) per line; exact enough for test sizes). */
#include "runtime.h"

#include <complex.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* glibc defines CMPLX only for gcc >= 4.7 (clang reports 4.2): the fuzz build uses clang. */
#ifndef CMPLX
#define CMPLX(x, y) __builtin_complex((double)(x), (double)(y))
#endif
#ifndef CMPLXF
#define CMPLXF(x, y) __builtin_complex((float)(x), (float)(y))
#endif

#define TWO_PI 6.283185307179586476925286766559

typedef double _Complex Cd;
typedef float _Complex Cf;

static void put(Interp *it, RtValue *env, int id, RtValue v)
{
	rt_value_release(&it->pool, &env[id]);
	env[id] = v;
}

static int is_cplx(DType t) { return dtype_is_complex(t); }

static int tensor_is_cplx(const TType *t) { return t->kind == TY_TENSOR && is_cplx(t->dt); }

int interp_cplx_wants(const TFunc *f, const TOp *op)
{
	switch (op->kind) {
	case TOP_COMPLEX: case TOP_REAL: case TOP_IMAG: case TOP_FFT:
		return 1;
	default:
		break;
	}
	unsigned fl = tir_op_flags(op->kind);
	if (!(fl & (OF_EW | OF_CHECK)) && op->kind != TOP_IOTA && op->kind != TOP_SELECT &&
	    op->kind != TOP_TRIANGULAR_SOLVE)
		return 0;
	for (int i = 0; i < op->noperands; i++)
		if (tensor_is_cplx(tir_value_type(f, op->operands[i])))
			return 1;
	for (int i = 0; i < op->nresults; i++)
		if (tensor_is_cplx(tir_value_type(f, op->results[i])))
			return 1;
	if (fl & OF_CHECK) {
		TAttr *a = tir_op_attr(op, "value");
		return a && a->kind == TA_DENSE && is_cplx(a->u.dense.type.dt);
	}
	return 0;
}

/* ---- elements ---- */

static Cd get_c(DType t, const void *base, int64_t i)
{
	double re, im;
	tir_elem_get_c(t, (const char *)base + i * dtype_size(t), &re, &im);
	return CMPLX(re, im);
}

static void set_c(DType t, void *base, int64_t i, Cd z)
{
	tir_elem_set_c(t, (char *)base + i * dtype_size(t), creal(z), cimag(z));
}

/* ---- unary and binary arithmetic ---- */

static Cd c_sign(Cd z)
{
	if (isnan(creal(z)) || isnan(cimag(z)))
		return CMPLX(NAN, NAN);
	if (creal(z) == 0 && cimag(z) == 0)
		return z;
	return z / cabs(z);
}

/* exp(z) - 1 = (expm1(x) cos y - 2 sin^2(y/2)) + i e^x sin y */
static Cd c_expm1(Cd z)
{
	double x = creal(z), y = cimag(z), s = sin(y / 2);
	return CMPLX(expm1(x) * cos(y) - 2 * s * s, exp(x) * sin(y));
}

/* log(1 + z) = 0.5 log1p(2x + x^2 + y^2) + i atan2(y, 1 + x) */
static Cd c_log1p(Cd z)
{
	double x = creal(z), y = cimag(z);
	return CMPLX(0.5 * log1p(x * (2 + x) + y * y), atan2(y, 1 + x));
}

static Cd c_cbrt(Cd z)
{
	double r = cbrt(cabs(z)), a = carg(z) / 3;
	return CMPLX(r * cos(a), r * sin(a));
}

static Cd unary_d(TOpKind k, Cd z)
{
	switch (k) {
	case TOP_NEGATE: return -z;
	case TOP_SIGN: return c_sign(z);
	case TOP_EXPONENTIAL: return cexp(z);
	case TOP_EXPONENTIAL_MINUS_ONE: return c_expm1(z);
	case TOP_LOG: return clog(z);
	case TOP_LOG_PLUS_ONE: return c_log1p(z);
	case TOP_SQRT: return csqrt(z);
	case TOP_RSQRT: return 1.0 / csqrt(z);
	case TOP_CBRT: return c_cbrt(z);
	case TOP_SINE: return csin(z);
	case TOP_COSINE: return ccos(z);
	case TOP_TAN: return ctan(z);
	case TOP_TANH: return ctanh(z);
	case TOP_LOGISTIC: return 1.0 / (1.0 + cexp(-z));
	default: return CMPLX(NAN, NAN);
	}
}

/* The float versions for complex<f32>, so rounding happens where the spec's types say. */
static Cf unary_f(TOpKind k, Cf z)
{
	switch (k) {
	case TOP_NEGATE: return -z;
	case TOP_EXPONENTIAL: return cexpf(z);
	case TOP_LOG: return clogf(z);
	case TOP_SQRT: return csqrtf(z);
	case TOP_RSQRT: return 1.0f / csqrtf(z);
	case TOP_SINE: return csinf(z);
	case TOP_COSINE: return ccosf(z);
	case TOP_TAN: return ctanf(z);
	case TOP_TANH: return ctanhf(z);
	case TOP_LOGISTIC: return 1.0f / (1.0f + cexpf(-z));
	default: {
		Cd r = unary_d(k, (Cd)z);
		return CMPLXF((float)creal(r), (float)cimag(r));
	}
	}
}

/* lexicographic (real, imag) order: -1, 0, 1; 2 when unordered (a NaN) */
static int lex_cmp(Cd a, Cd b)
{
	double ar = creal(a), br = creal(b), ai = cimag(a), bi = cimag(b);
	if (isnan(ar) || isnan(br) || isnan(ai) || isnan(bi))
		return 2;
	if (ar != br)
		return ar < br ? -1 : 1;
	return ai < bi ? -1 : ai > bi ? 1 : 0;
}

static Cd c_atan2(Cd y, Cd x)
{
	return -I * clog((x + I * y) / csqrt(x * x + y * y));
}

static Cd binary_d(TOpKind k, Cd a, Cd b)
{
	switch (k) {
	case TOP_ADD: return a + b;
	case TOP_SUBTRACT: return a - b;
	case TOP_MULTIPLY: return a * b;
	case TOP_DIVIDE: return a / b;
	case TOP_POWER: return cpow(a, b);
	case TOP_ATAN2: return c_atan2(a, b);
	case TOP_MAXIMUM: { int c = lex_cmp(a, b); return c == 2 ? CMPLX(NAN, NAN) : c >= 0 ? a : b; }
	case TOP_MINIMUM: { int c = lex_cmp(a, b); return c == 2 ? CMPLX(NAN, NAN) : c <= 0 ? a : b; }
	default: return CMPLX(NAN, NAN);
	}
}

static Cf binary_f(TOpKind k, Cf a, Cf b)
{
	switch (k) {
	case TOP_ADD: return a + b;
	case TOP_SUBTRACT: return a - b;
	case TOP_MULTIPLY: return a * b;
	case TOP_DIVIDE: return a / b;
	case TOP_POWER: return cpowf(a, b);
	default: {
		Cd r = binary_d(k, (Cd)a, (Cd)b);
		return CMPLXF((float)creal(r), (float)cimag(r));
	}
	}
}

static int compare_c(TCmpDir d, Cd a, Cd b)
{
	if (d == CMP_EQ)
		return creal(a) == creal(b) && cimag(a) == cimag(b);
	if (d == CMP_NE)
		return !(creal(a) == creal(b) && cimag(a) == cimag(b));
	int c = lex_cmp(a, b);
	if (c == 2)
		return 0;
	switch (d) {
	case CMP_GE: return c >= 0;
	case CMP_GT: return c > 0;
	case CMP_LE: return c <= 0;
	default: return c < 0;
	}
}

/* ---- op evaluation ---- */

static int eval_ew(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	const RtValue *a = &env[op->operands[0]];
	const RtValue *b = op->noperands > 1 ? &env[op->operands[1]] : NULL;
	RtValue r = rt_tensor_new(&it->pool, tir_value_type(f, op->results[0]));
	DType t = a->type.dt, rt = r.type.dt;
	int64_t n = rt_numel(&r);
	const void *pa = rt_data(a), *pb = b ? rt_data(b) : NULL;
	void *pr = rt_data(&r);
	unsigned fl = tir_op_flags(op->kind);
	if (op->kind == TOP_ABS) {
		for (int64_t i = 0; i < n; i++)
			rt_set_f64(rt, pr, i, t == DT_C64 ? (double)cabsf(((const Cf *)pa)[i]) : cabs(get_c(t, pa, i)));
	} else if (op->kind == TOP_COMPARE) {
		TAttr *d = tir_op_attr(op, "comparison_direction");
		for (int64_t i = 0; i < n; i++)
			((uint8_t *)pr)[i] = (uint8_t)compare_c(d->u.cmp_dir, get_c(t, pa, i), get_c(t, pb, i));
	} else if ((fl & OF_BIN) && t == DT_C64) {
		for (int64_t i = 0; i < n; i++)
			((Cf *)pr)[i] = binary_f(op->kind, ((const Cf *)pa)[i], ((const Cf *)pb)[i]);
	} else if (fl & OF_BIN) {
		for (int64_t i = 0; i < n; i++)
			set_c(rt, pr, i, binary_d(op->kind, get_c(t, pa, i), get_c(t, pb, i)));
	} else if (t == DT_C64) {
		for (int64_t i = 0; i < n; i++)
			((Cf *)pr)[i] = unary_f(op->kind, ((const Cf *)pa)[i]);
	} else {
		for (int64_t i = 0; i < n; i++)
			set_c(rt, pr, i, unary_d(op->kind, get_c(t, pa, i)));
	}
	put(it, env, op->results[0], r);
	return 0;
}

/* convert: complex -> complex rounds both parts; real -> complex is (x, 0); complex ->
 * real keeps the real part, converted as a float would be (to i1: x != 0). */
static int eval_convert(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	const RtValue *a = &env[op->operands[0]];
	RtValue r = rt_tensor_new(&it->pool, tir_value_type(f, op->results[0]));
	DType t = a->type.dt, rt = r.type.dt;
	int64_t n = rt_numel(&r);
	for (int64_t i = 0; i < n; i++) {
		const void *src = (const char *)rt_data(a) + i * dtype_size(t);
		void *dst = (char *)rt_data(&r) + i * dtype_size(rt);
		if (is_cplx(t) && is_cplx(rt)) {
			Cd z = get_c(t, rt_data(a), i);
			tir_elem_set_c(rt, dst, creal(z), cimag(z));
		} else if (is_cplx(t)) {
			tir_elem_set_f(rt, dst, creal(get_c(t, rt_data(a), i)));
		} else if (dtype_kind(t) == DK_UINT) {
			tir_elem_set_c(rt, dst, (double)(uint64_t)tir_elem_get_i(t, src), 0);
		} else {
			tir_elem_set_c(rt, dst, tir_elem_get_f(t, src), 0);
		}
	}
	put(it, env, op->results[0], r);
	return 0;
}

static int eval_parts(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	const RtValue *a = &env[op->operands[0]];
	RtValue r = rt_tensor_new(&it->pool, tir_value_type(f, op->results[0]));
	DType t = a->type.dt, rt = r.type.dt;
	int64_t n = rt_numel(&r);
	for (int64_t i = 0; i < n; i++) {
		if (op->kind == TOP_COMPLEX) {
			const RtValue *b = &env[op->operands[1]];
			set_c(rt, rt_data(&r), i, CMPLX(rt_get_f64(t, rt_data(a), i), rt_get_f64(t, rt_data(b), i)));
		} else {
			Cd z = get_c(t, rt_data(a), i);
			rt_set_f64(rt, rt_data(&r), i, op->kind == TOP_REAL ? creal(z) : cimag(z));
		}
	}
	put(it, env, op->results[0], r);
	return 0;
}

static int eval_iota(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	RtValue r = rt_tensor_new(&it->pool, tir_value_type(f, op->results[0]));
	int64_t d = tir_op_get_int(op, "iota_dimension", 0), st[TIR_MAX_RANK];
	rt_strides(&r.type, st);
	for (int64_t i = 0, n = rt_numel(&r); i < n; i++)
		set_c(r.type.dt, rt_data(&r), i, CMPLX((double)(i / st[d] % r.type.dims[d]), 0));
	put(it, env, op->results[0], r);
	return 0;
}

static int eval_select(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	const RtValue *p = &env[op->operands[0]], *a = &env[op->operands[1]], *b = &env[op->operands[2]];
	RtValue r = rt_tensor_new(&it->pool, tir_value_type(f, op->results[0]));
	size_t es = (size_t)dtype_size(r.type.dt);
	int scalar = p->type.rank == 0;
	for (int64_t i = 0, n = rt_numel(&r); i < n; i++) {
		int c = ((const uint8_t *)rt_data(p))[scalar ? 0 : i] != 0;
		memcpy((char *)rt_data(&r) + (size_t)i * es, (const char *)rt_data(c ? a : b) + (size_t)i * es, es);
	}
	put(it, env, op->results[0], r);
	return 0;
}

/* ---- fft ---- */

/* In-place DFT along axis `ax` of w (dims, rank); sign -1 forward, +1 inverse (scaled). */
static void dft_axis(Cd *w, const int64_t *dims, int rank, int ax, int sign)
{
	int64_t st[TIR_MAX_RANK], n = dims[ax], total = 1;
	TType t = tir_type_tensor(DT_F64, rank, dims);
	rt_strides(&t, st);
	for (int d = 0; d < rank; d++)
		total *= dims[d];
	if (n == 0 || total == 0)
		return;
	Cd *in = xmalloc(sizeof(Cd) * (size_t)n), *tw = xmalloc(sizeof(Cd) * (size_t)n);
	for (int64_t k = 0; k < n; k++)
		tw[k] = CMPLX(cos(TWO_PI * (double)k / (double)n), sign * sin(TWO_PI * (double)k / (double)n));
	for (int64_t base = 0; base < total; base++) {
		if (base / st[ax] % n != 0)
			continue;   /* visit each line once, from its first element */
		for (int64_t j = 0; j < n; j++)
			in[j] = w[base + j * st[ax]];
		for (int64_t k = 0; k < n; k++) {
			Cd s = 0;
			for (int64_t j = 0; j < n; j++)
				s += in[j] * tw[j * k % n];
			w[base + k * st[ax]] = sign > 0 ? s / (double)n : s;
		}
	}
	free(in);
	free(tw);
}

/* Copies src (dims sd) into the leading corner of dst (dims dd), both C order. */
static void copy_corner(Cd *dst, const int64_t *dd, const Cd *src, const int64_t *sd, int rank)
{
	TType ts = tir_type_tensor(DT_F64, rank, sd), td = tir_type_tensor(DT_F64, rank, dd);
	int64_t ss[TIR_MAX_RANK], ds[TIR_MAX_RANK], n = tir_type_numel(&ts);
	rt_strides(&ts, ss);
	rt_strides(&td, ds);
	for (int64_t i = 0; i < n; i++) {
		int64_t o = 0, inside = 1;
		for (int d = 0; d < rank; d++) {
			int64_t x = i / ss[d] % sd[d];
			inside &= x < dd[d];
			o += x * ds[d];
		}
		if (inside)
			dst[o] = src[i];
	}
}

static int eval_fft(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	const RtValue *a = &env[op->operands[0]];
	RtValue r = rt_tensor_new(&it->pool, tir_value_type(f, op->results[0]));
	const char *ty = tir_op_attr(op, "fft_type")->u.s;
	TInts len = tir_op_get_ints(op, "fft_length");
	int rank = a->type.rank, kind = strstr(ty, "IRFFT") ? 3 : strstr(ty, "RFFT") ? 2 : strstr(ty, "IFFT") ? 1 : 0;
	int64_t full[TIR_MAX_RANK];   /* the complex working shape: fft_length on the inner dims */
	memcpy(full, a->type.dims, sizeof full);
	for (int k = 0; k < len.n; k++)
		full[rank - len.n + k] = len.v[k];
	TType ft = tir_type_tensor(DT_F64, rank, full);
	int64_t nf = tir_type_numel(&ft), na = rt_numel(a), nr = rt_numel(&r);
	Cd *w = xcalloc((size_t)nf + 1, sizeof(Cd)), *in = xmalloc(sizeof(Cd) * (size_t)(na + 1));
	for (int64_t i = 0; i < na; i++)
		in[i] = get_c(a->type.dt, rt_data(a), i);
	if (kind == 3) {   /* IRFFT: rebuild the Hermitian last axis, then invert everything */
		int64_t n = full[rank - 1], h = a->type.dims[rank - 1], lines = nf / (n ? n : 1);
		int64_t sd[TIR_MAX_RANK];
		memcpy(sd, full, sizeof sd);
		sd[rank - 1] = h;
		Cd *half = xcalloc((size_t)(lines * h) + 1, sizeof(Cd));
		copy_corner(half, sd, in, a->type.dims, rank);
		for (int d = rank - len.n; d < rank - 1; d++)
			dft_axis(half, sd, rank, d, 1);
		for (int64_t l = 0; l < lines; l++)
			for (int64_t k = 0; k < n; k++)
				w[l * n + k] = k < h ? half[l * h + k] : conj(half[l * h + (n - k)]);
		free(half);
		dft_axis(w, full, rank, rank - 1, 1);
	} else {
		copy_corner(w, full, in, a->type.dims, rank);
		for (int d = rank - len.n; d < rank; d++)
			dft_axis(w, full, rank, d, kind == 1 ? 1 : -1);
	}
	/* results: the leading corner of w (RFFT: N/2+1 of the last axis) */
	Cd *out = xcalloc((size_t)nr + 1, sizeof(Cd));
	copy_corner(out, r.type.dims, w, full, rank);
	for (int64_t i = 0; i < nr; i++) {
		if (is_cplx(r.type.dt))
			set_c(r.type.dt, rt_data(&r), i, out[i]);
		else
			rt_set_f64(r.type.dt, rt_data(&r), i, creal(out[i]));
	}
	free(out);
	free(w);
	free(in);
	put(it, env, op->results[0], r);
	return 0;
}

/* ---- triangular_solve ----
 * op(A) X = B (left_side) or X op(A) = B, A's `lower` (or upper) triangle, its diagonal
 * 1 with unit_diagonal, op = identity, transpose or adjoint (spec, triangular_solve).
 * M = op(A) is formed explicitly per batch; a right-side solve is M^T X^T = B^T. */
static int eval_triangular_solve(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	const RtValue *a = &env[op->operands[0]], *b = &env[op->operands[1]];
	RtValue r = rt_tensor_new(&it->pool, tir_value_type(f, op->results[0]));
	TAttr *ls = tir_op_attr(op, "left_side"), *lo = tir_op_attr(op, "lower");
	TAttr *ud = tir_op_attr(op, "unit_diagonal"), *ta = tir_op_attr(op, "transpose_a");
	int left = ls && ls->u.b, lower = lo && lo->u.b, unit = ud && ud->u.b;
	int trans = ta && ta->kind == TA_RAW && !strstr(ta->u.s, "NO_TRANSPOSE");
	int adj = trans && strstr(ta->u.s, "ADJOINT") != NULL;
	int rank = b->type.rank;
	int64_t n = a->type.dims[rank - 1], rows = b->type.dims[rank - 2], cols = b->type.dims[rank - 1];
	int64_t nb = n ? rt_numel(a) / (n * n) : 0, m = left ? cols : rows;   /* m right-hand sides */
	Cd *M = xcalloc((size_t)(n * n) + 1, sizeof(Cd)), *x = xcalloc((size_t)n + 1, sizeof(Cd));
	for (int64_t bt = 0; bt < nb; bt++) {
		for (int64_t i = 0; i < n; i++)
			for (int64_t j = 0; j < n; j++) {
				int64_t si = trans ? j : i, sj = trans ? i : j;   /* element of A behind M[i][j] */
				int in_tri = lower ? sj <= si : sj >= si;
				Cd v = in_tri ? get_c(a->type.dt, rt_data(a), bt * n * n + si * n + sj) : 0;
				if (si == sj && unit)
					v = 1;
				M[i * n + j] = adj ? conj(v) : v;
			}
		/* M is lower triangular when (lower xor trans); right side: solve with M^T */
		int mlow = lower != trans;
		if (!left)
			mlow = !mlow;
		for (int64_t c = 0; c < m; c++) {
			for (int64_t k = 0; k < n; k++) {
				int64_t i = mlow ? k : n - 1 - k;
				int64_t bi = bt * rows * cols + (left ? i * cols + c : c * cols + i);
				Cd s = get_c(b->type.dt, rt_data(b), bi);
				for (int64_t q = 0; q < k; q++) {
					int64_t j = mlow ? q : n - 1 - q;
					s -= (left ? M[i * n + j] : M[j * n + i]) * x[j];
				}
				x[i] = s / M[i * n + i];
			}
			for (int64_t i = 0; i < n; i++)
				set_c(r.type.dt, rt_data(&r), bt * rows * cols + (left ? i * cols + c : c * cols + i), x[i]);
		}
	}
	free(M);
	free(x);
	put(it, env, op->results[0], r);
	return 0;
}

/* ---- check ops on complex values ---- */

/* The almost-equal rule of interp.c, per part. */
static int close_part(double a, double b, double tol)
{
	if (a == b)
		return 1;
	if (isnan(a) || isnan(b))
		return isnan(a) && isnan(b);
	if (isinf(a) || isinf(b))
		return 0;
	return fabs(a - b) <= tol;
}

static int eval_check(Interp *it, RtValue *env, const TOp *op)
{
	const RtValue *got = &env[op->operands[0]];
	int exact = op->kind == TOP_EXPECT_EQ || op->kind == TOP_EXPECT_EQ_CONST;
	TAttr *ta = tir_op_attr(op, "tolerance");
	double tol = ta && ta->kind == TA_FLOAT ? ta->u.f : 0.0001;
	DType wt;
	const void *want;
	int splat = 0;
	if (op->noperands == 1) {
		TAttr *a = tir_op_attr(op, "value");
		wt = a->u.dense.type.dt, want = a->u.dense.data, splat = a->u.dense.splat;
	} else {
		wt = env[op->operands[1]].type.dt, want = rt_data(&env[op->operands[1]]);
	}
	if (op->kind == TOP_EXPECT_CLOSE)
		return interp_fail(it, op, "'%s' on complex values is not supported", tir_op_name(op->kind));
	it->checks_run++;
	DType t = got->type.dt;
	for (int64_t i = 0, n = rt_numel(got); i < n; i++) {
		Cd g = get_c(t, rt_data(got), i), w = get_c(wt, want, splat ? 0 : i);
		int ok = exact ? (creal(g) == creal(w) || (isnan(creal(g)) && isnan(creal(w)))) &&
		                 (cimag(g) == cimag(w) || (isnan(cimag(g)) && isnan(cimag(w))))
		               : close_part(creal(g), creal(w), tol) && close_part(cimag(g), cimag(w), tol);
		if (!ok) {
			if (!it->checks_failed++) {
				snprintf(it->check_msg, sizeof it->check_msg,
				         "'%s' element %lld: got (%.17g, %.17g), want (%.17g, %.17g)",
				         tir_op_name(op->kind), (long long)i, creal(g), cimag(g), creal(w), cimag(w));
				it->check_loc = op->loc;
			}
			return 0;
		}
	}
	return 0;
}

int interp_cplx_op(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	switch (op->kind) {
	case TOP_COMPLEX: case TOP_REAL: case TOP_IMAG: return eval_parts(it, f, env, op);
	case TOP_FFT: return eval_fft(it, f, env, op);
	case TOP_CONVERT: return eval_convert(it, f, env, op);
	case TOP_IOTA: return eval_iota(it, f, env, op);
	case TOP_SELECT: return eval_select(it, f, env, op);
	case TOP_TRIANGULAR_SOLVE: return eval_triangular_solve(it, f, env, op);
	case TOP_BITCAST_CONVERT: return interp_elementwise(it, f, env, op);
	default: break;
	}
	if (tir_op_flags(op->kind) & OF_CHECK)
		return eval_check(it, env, op);
	switch (op->kind) {
	case TOP_ADD: case TOP_SUBTRACT: case TOP_MULTIPLY: case TOP_DIVIDE: case TOP_POWER:
	case TOP_ATAN2: case TOP_MAXIMUM: case TOP_MINIMUM: case TOP_COMPARE: case TOP_ABS:
	case TOP_NEGATE: case TOP_SIGN: case TOP_EXPONENTIAL: case TOP_EXPONENTIAL_MINUS_ONE:
	case TOP_LOG: case TOP_LOG_PLUS_ONE: case TOP_SQRT: case TOP_RSQRT: case TOP_CBRT:
	case TOP_SINE: case TOP_COSINE: case TOP_TAN: case TOP_TANH: case TOP_LOGISTIC:
		return eval_ew(it, f, env, op);
	default:
		return interp_fail(it, op, "'%s' on complex values is not supported", tir_op_name(op->kind));
	}
}
