/* tir.c: the tensor IR's tables (element types, ops, comparison enums) and its
 * construction primitives (modules, functions, values, blocks, ops, attributes).
 * Consumes nothing; produces TModules whose memory lives in the module's arena.
 * Afterwards every value id of a function indexes f->values, and every op sits in
 * exactly one block. Growable arrays grow by copying into the arena (the old copy is
 * dropped with the arena), so pointers to ops and blocks stay valid. */
#include "hlo_emit.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- element types ---- */

static const struct {
	const char *name;
	int bytes, bits;
	DKind kind;
} dtypes[] = {
#define X(id, name, bytes, bits, kind) {name, bytes, bits, kind},
	TIR_DTYPES(X)
#undef X
};

const char *dtype_name(DType t) { return dtypes[t].name; }
int dtype_size(DType t) { return dtypes[t].bytes; }
int dtype_bits(DType t) { return dtypes[t].bits; }
DKind dtype_kind(DType t) { return dtypes[t].kind; }
int dtype_is_float(DType t) { return dtypes[t].kind == DK_FLOAT; }
int dtype_is_int(DType t) { return dtypes[t].kind == DK_INT || dtypes[t].kind == DK_UINT; }
int dtype_is_signed(DType t) { return dtypes[t].kind == DK_INT || dtypes[t].kind == DK_FLOAT; }
int dtype_is_complex(DType t) { return dtypes[t].kind == DK_COMPLEX; }
DType dtype_complex_part(DType t) { return t == DT_C128 ? DT_F64 : DT_F32; }
DType dtype_complex_of(DType part) { return part == DT_F64 ? DT_C128 : DT_C64; }
int dtype_is_minifloat(DType t) { return dtype_is_float(t) && t != DT_F32 && t != DT_F64; }

int dtype_from_name(const char *s, size_t n)
{
	for (int i = 0; i < DT_COUNT; i++)
		if (strlen(dtypes[i].name) == n && memcmp(dtypes[i].name, s, n) == 0)
			return i;
	return -1;
}

/* ---- value types ---- */

TType tir_type_tensor(DType dt, int rank, const int64_t *dims)
{
	TType t;
	memset(&t, 0, sizeof t);
	ASSERT(rank >= 0 && rank <= TIR_MAX_RANK);
	t.kind = TY_TENSOR;
	t.dt = dt;
	t.rank = rank;
	for (int i = 0; i < rank; i++)
		t.dims[i] = dims[i];
	return t;
}

TType tir_type_scalar(DType dt) { return tir_type_tensor(dt, 0, NULL); }
TType tir_type_vector(DType dt, int64_t n) { return tir_type_tensor(dt, 1, &n); }

TType tir_type_with_dtype(TType t, DType dt)
{
	t.dt = dt;
	return t;
}

int64_t tir_type_numel(const TType *t)
{
	int64_t n = 1;
	for (int i = 0; i < t->rank; i++)
		n *= t->dims[i];
	return n;
}

int64_t tir_type_bytes(const TType *t)
{
	return tir_type_numel(t) * dtype_size(t->dt);
}

int tir_type_same_shape(const TType *a, const TType *b)
{
	if (a->rank != b->rank)
		return 0;
	for (int i = 0; i < a->rank; i++)
		if (a->dims[i] != b->dims[i])
			return 0;
	return 1;
}

int tir_type_equal(const TType *a, const TType *b)
{
	if (a->kind != b->kind)
		return 0;
	if (a->kind == TY_TOKEN)
		return 1;
	if (a->kind == TY_TUPLE) {
		if (a->nelems != b->nelems)
			return 0;
		for (int i = 0; i < a->nelems; i++)
			if (!tir_type_equal(&a->elems[i], &b->elems[i]))
				return 0;
		return 1;
	}
	return a->dt == b->dt && tir_type_same_shape(a, b);
}

void tir_type_print(StrBuf *out, const TType *t)
{
	if (t->kind == TY_TOKEN) {
		sb_append(out, "!stablehlo.token");
		return;
	}
	if (t->kind == TY_TUPLE) {
		sb_append(out, "tuple<");
		for (int i = 0; i < t->nelems; i++) {
			if (i)
				sb_append(out, ", ");
			tir_type_print(out, &t->elems[i]);
		}
		sb_putc(out, '>');
		return;
	}
	sb_append(out, "tensor<");
	for (int i = 0; i < t->rank; i++)
		if (t->dims[i] == TIR_DYN)
			sb_append(out, "?x");
		else
			sb_printf(out, "%lldx", (long long)t->dims[i]);
	sb_append(out, dtype_name(t->dt));
	sb_putc(out, '>');
}

/* ---- ops ---- */

static const struct {
	const char *name;
	int noperands, nresults;
	TTypeClass tc;
	unsigned flags;
} ops[] = {
#define X(id, name, nopnds, nres, tc, flags) {name, nopnds, nres, tc, flags},
	TIR_OPS(X)
#undef X
};

const char *tir_op_name(TOpKind k) { return ops[k].name; }
int tir_op_noperands(TOpKind k) { return ops[k].noperands; }
int tir_op_nresults(TOpKind k) { return ops[k].nresults; }
TTypeClass tir_op_type_class(TOpKind k) { return ops[k].tc; }
unsigned tir_op_flags(TOpKind k) { return ops[k].flags; }

const char *tir_op_short_name(TOpKind k)
{
	const char *dot = strchr(ops[k].name, '.');
	return dot ? dot + 1 : ops[k].name;
}

int tir_op_from_name(const char *s, size_t n)
{
	if ((n == 6 && memcmp(s, "return", 6) == 0) ||
	    (n == 16 && memcmp(s, "stablehlo.return", 16) == 0))
		return TOP_RETURN;
	for (int i = 0; i < TOP_COUNT; i++)
		if (strlen(ops[i].name) == n && memcmp(ops[i].name, s, n) == 0)
			return i;
	return -1;
}

int tir_type_class_allows(TTypeClass c, DType t)
{
	DKind k = dtype_kind(t);
	switch (c) {
	case TC_NONE: return 1;
	case TC_ANY: return k != DK_COMPLEX;
	case TC_NUM: return k != DK_BOOL && k != DK_COMPLEX;
	case TC_SNUM: return k == DK_INT || k == DK_FLOAT;
	case TC_FLT: return k == DK_FLOAT;
	case TC_LOGIC: return k == DK_BOOL || k == DK_INT || k == DK_UINT;
	case TC_INT: return k == DK_INT || k == DK_UINT;
	}
	return 0;
}

int tir_op_allows_dtype(TOpKind k, DType t)
{
	if (dtype_is_complex(t))
		return (ops[k].flags & OF_CPLX) || ops[k].tc == TC_NONE;
	return tir_type_class_allows(ops[k].tc, t);
}

static const char *const cmp_dirs[] = {"EQ", "NE", "GE", "GT", "LE", "LT"};
static const char *const cmp_types[] = {"NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"};
const char *tir_cmp_dir_name(TCmpDir d) { return cmp_dirs[d]; }
const char *tir_cmp_type_name(TCmpType t) { return cmp_types[t]; }

/* ---- arena-backed growable arrays ---- */

/* Makes room for one more element in *arr (len/cap in elements). */
static void grow(Arena *a, void *arrp, int len, int *cap, size_t elsize)
{
	void **arr = arrp;
	if (len < *cap)
		return;
	int ncap = *cap ? 2 * *cap : 4;
	void *n = arena_alloc(a, (size_t)ncap * elsize);
	if (len)
		memcpy(n, *arr, (size_t)len * elsize);
	*arr = n;
	*cap = ncap;
}

#define PUSH(arena, arr, len, cap, x) \
	(grow((arena), &(arr), (len), &(cap), sizeof(*(arr))), (arr)[(len)++] = (x))

/* ---- modules and functions ---- */

TModule *tir_module_create(void)
{
	Arena *a = arena_new();
	TModule *m = ARENA_NEW(a, TModule);
	m->arena = a;
	return m;
}

void tir_module_destroy(TModule *m)
{
	if (m)
		arena_free(m->arena);
}

void tir_module_add_mesh(TModule *m, const char *name, const char *axes)
{
	TMesh x = {arena_strdup(m->arena, name), arena_strdup(m->arena, axes)};
	PUSH(m->arena, m->meshes, m->nmeshes, m->capmeshes, x);
}

const TMesh *tir_module_find_mesh(const TModule *m, const char *name)
{
	for (int i = 0; i < m->nmeshes; i++)
		if (strcmp(m->meshes[i].name, name) == 0)
			return &m->meshes[i];
	return NULL;
}

TFunc *tir_module_find_func(const TModule *m, const char *name)
{
	for (int i = 0; i < m->nfuncs; i++)
		if (strcmp(m->funcs[i]->name, name) == 0)
			return m->funcs[i];
	return NULL;
}

TFunc *tir_module_main(const TModule *m)
{
	TFunc *f = tir_module_find_func(m, "main"), *pub = NULL;
	if (f)
		return f;
	for (int i = 0; i < m->nfuncs; i++) {
		if (m->funcs[i]->is_public) {
			if (pub)
				return NULL;
			pub = m->funcs[i];
		}
	}
	return pub;
}

TFunc *tir_func_new(TModule *m, const char *name, int is_public, SrcLoc loc)
{
	TFunc *f = ARENA_NEW(m->arena, TFunc);
	f->module = m;
	f->name = arena_strdup(m->arena, name);
	f->is_public = is_public;
	f->loc = loc;
	f->body = tir_block_new(f);
	PUSH(m->arena, m->funcs, m->nfuncs, m->capfuncs, f);
	return f;
}

void tir_param_set_string(TFunc *f, TParam *p, const char *name, const char *value)
{
	TAttr a;
	memset(&a, 0, sizeof a);
	a.kind = TA_STRING;
	a.name = arena_strdup(f->module->arena, name);
	a.u.s = arena_strdup(f->module->arena, value);
	for (int i = 0; i < p->nattrs; i++) {
		if (strcmp(p->attrs[i].name, name) == 0) {
			p->attrs[i] = a;
			return;
		}
	}
	PUSH(f->module->arena, p->attrs, p->nattrs, p->capattrs, a);
}

void tir_module_set_string(TModule *m, const char *name, const char *value)
{
	TAttr a;
	memset(&a, 0, sizeof a);
	a.kind = TA_STRING;
	a.name = arena_strdup(m->arena, name);
	a.u.s = arena_strdup(m->arena, value);
	for (int i = 0; i < m->nattrs; i++)
		if (strcmp(m->attrs[i].name, name) == 0) {
			m->attrs[i] = a;
			return;
		}
	PUSH(m->arena, m->attrs, m->nattrs, m->capattrs, a);
}

const char *tir_module_string(const TModule *m, const char *name)
{
	for (int i = 0; i < m->nattrs; i++)
		if (strcmp(m->attrs[i].name, name) == 0)
			return m->attrs[i].kind == TA_STRING ? m->attrs[i].u.s : NULL;
	return NULL;
}

TAttr *tir_param_attr(const TParam *p, const char *name)
{
	for (int i = 0; i < p->nattrs; i++)
		if (strcmp(p->attrs[i].name, name) == 0)
			return &p->attrs[i];
	return NULL;
}

int tir_func_add_arg(TFunc *f, TType t, const char *cuda_name)
{
	TParam p;
	memset(&p, 0, sizeof p);
	p.value = tir_value_new(f, t);
	p.type = t;
	PUSH(f->module->arena, f->args, f->nargs, f->capargs, p);
	if (cuda_name)
		tir_param_set_string(f, &f->args[f->nargs - 1], "cuda2hlo.param", cuda_name);
	return p.value;
}

void tir_func_add_result(TFunc *f, TType t, const char *cuda_name)
{
	TParam p;
	memset(&p, 0, sizeof p);
	p.value = -1;
	p.type = t;
	PUSH(f->module->arena, f->results, f->nresults, f->capresults, p);
	if (cuda_name)
		tir_param_set_string(f, &f->results[f->nresults - 1], "cuda2hlo.param", cuda_name);
}

/* ---- values, blocks, ops ---- */

int tir_value_new(TFunc *f, TType t)
{
	TValue v;
	memset(&v, 0, sizeof v);
	v.type = t;
	PUSH(f->module->arena, f->values, f->nvalues, f->capvalues, v);
	return f->nvalues - 1;
}

TBlock *tir_block_new(TFunc *f)
{
	return ARENA_NEW(f->module->arena, TBlock);
}

int tir_block_add_arg(TFunc *f, TBlock *b, TType t)
{
	int v = tir_value_new(f, t);
	PUSH(f->module->arena, b->args, b->nargs, b->capargs, v);
	return v;
}

void tir_block_append(TFunc *f, TBlock *b, TOp *op)
{
	PUSH(f->module->arena, b->ops, b->nops, b->capops, op);
}

TOp *tir_op_new(TFunc *f, TBlock *b, TOpKind k, SrcLoc loc)
{
	TOp *op = ARENA_NEW(f->module->arena, TOp);
	op->kind = k;
	op->loc = loc;
	if (b)
		tir_block_append(f, b, op);
	return op;
}

void tir_op_add_operand(TFunc *f, TOp *op, int v)
{
	ASSERT(v >= 0 && v < f->nvalues);
	PUSH(f->module->arena, op->operands, op->noperands, op->capoperands, v);
}

int tir_op_add_result(TFunc *f, TOp *op, TType t)
{
	int v = tir_value_new(f, t);
	f->values[v].def = op;
	PUSH(f->module->arena, op->results, op->nresults, op->capresults, v);
	return v;
}

TBlock *tir_op_add_region(TFunc *f, TOp *op)
{
	TBlock *b = tir_block_new(f);
	PUSH(f->module->arena, op->regions, op->nregions, op->capregions, b);
	return b;
}

/* ---- attributes ---- */

TAttr *tir_op_attr(const TOp *op, const char *name)
{
	for (int i = 0; i < op->nattrs; i++)
		if (strcmp(op->attrs[i].name, name) == 0)
			return &op->attrs[i];
	return NULL;
}

TInts tir_ints_copy(Arena *a, const int64_t *v, int n)
{
	TInts r = {NULL, n};
	if (n > 0) {
		int64_t *c = ARENA_ARRAY(a, int64_t, n);
		memcpy(c, v, sizeof(int64_t) * (size_t)n);
		r.v = c;
	}
	return r;
}

TAttr *tir_op_set_attr(TFunc *f, TOp *op, TAttr a)
{
	TAttr *old = tir_op_attr(op, a.name);
	a.name = arena_strdup(f->module->arena, a.name);
	if (old) {
		*old = a;
		return old;
	}
	PUSH(f->module->arena, op->attrs, op->nattrs, op->capattrs, a);
	return &op->attrs[op->nattrs - 1];
}

static TAttr attr_of(TAttrKind k, const char *name)
{
	TAttr a;
	memset(&a, 0, sizeof a);
	a.kind = k;
	a.name = name;
	a.int_type = k == TA_FLOAT ? DT_F64 : DT_I64;
	return a;
}

void tir_op_set_int(TFunc *f, TOp *op, const char *name, int64_t v)
{
	TAttr a = attr_of(TA_INT, name);
	a.u.i = v;
	tir_op_set_attr(f, op, a);
}

void tir_op_set_float(TFunc *f, TOp *op, const char *name, double v)
{
	TAttr a = attr_of(TA_FLOAT, name);
	a.u.f = v;
	tir_op_set_attr(f, op, a);
}

void tir_op_set_bool(TFunc *f, TOp *op, const char *name, int v)
{
	TAttr a = attr_of(TA_BOOL, name);
	a.u.b = v != 0;
	tir_op_set_attr(f, op, a);
}

void tir_op_set_string(TFunc *f, TOp *op, const char *name, const char *s)
{
	TAttr a = attr_of(TA_STRING, name);
	a.u.s = arena_strdup(f->module->arena, s);
	tir_op_set_attr(f, op, a);
}

void tir_op_set_ints(TFunc *f, TOp *op, const char *name, const int64_t *v, int n)
{
	TAttr a = attr_of(TA_INTS, name);
	a.u.ints = tir_ints_copy(f->module->arena, v, n);
	tir_op_set_attr(f, op, a);
}

void tir_op_set_dense(TFunc *f, TOp *op, const char *name, TType t, const void *data,
                      int splat)
{
	TAttr a = attr_of(TA_DENSE, name);
	size_t n = (size_t)(splat ? 1 : tir_type_numel(&t)) * (size_t)dtype_size(t.dt);
	void *c = arena_alloc(f->module->arena, n ? n : 1);
	if (n)
		memcpy(c, data, n);
	a.u.dense.type = t;
	a.u.dense.data = c;
	a.u.dense.splat = splat != 0;
	tir_op_set_attr(f, op, a);
}

int64_t tir_op_get_int(const TOp *op, const char *name, int64_t dflt)
{
	TAttr *a = tir_op_attr(op, name);
	if (!a)
		return dflt;
	if (a->kind == TA_BOOL)
		return a->u.b;
	return a->kind == TA_INT ? a->u.i : dflt;
}

TInts tir_op_get_ints(const TOp *op, const char *name)
{
	TAttr *a = tir_op_attr(op, name);
	TInts none = {NULL, 0};
	return a && a->kind == TA_INTS ? a->u.ints : none;
}

/* ---- element values ---- */

/* x rounded to nearest even in a format with ebits/mbits; returns the encoding. */
static uint64_t encode_float(double x, int ebits, int mbits)
{
	uint64_t sign = signbit(x) ? 1ull << (ebits + mbits) : 0;
	uint64_t expmask = ((1ull << ebits) - 1) << mbits;
	int bias = (1 << (ebits - 1)) - 1, e;
	if (isnan(x))
		return sign | expmask | (1ull << (mbits - 1));
	double a = fabs(x);
	if (isinf(a))
		return sign | expmask;
	if (a == 0)
		return sign;
	frexp(a, &e);
	int E = e - 1 < 1 - bias ? 1 - bias : e - 1;
	double r = nearbyint(ldexp(a, mbits - E));
	if (r >= ldexp(1, mbits + 1)) {
		r /= 2;
		E++;
	}
	if (E > bias)
		return sign | expmask;
	uint64_t m = (uint64_t)r;
	if (m < (1ull << mbits))
		return sign | m;      /* subnormal (exponent field 0) */
	return sign | ((uint64_t)(E + bias) << mbits) | (m - (1ull << mbits));
}

static double decode_float(uint64_t bits, int ebits, int mbits)
{
	int bias = (1 << (ebits - 1)) - 1;
	uint64_t m = bits & ((1ull << mbits) - 1);
	int ex = (int)((bits >> mbits) & ((1ull << ebits) - 1));
	double s = (bits >> (ebits + mbits)) & 1 ? -1.0 : 1.0;
	if (ex == (1 << ebits) - 1)
		return m ? NAN : s * INFINITY;
	if (ex == 0)
		return s * ldexp((double)m, 1 - bias - mbits);
	return s * ldexp((double)(m | (1ull << mbits)), ex - bias - mbits);
}

uint16_t tir_f16_from_double(double x) { return (uint16_t)encode_float(x, 5, 10); }
uint16_t tir_bf16_from_double(double x) { return (uint16_t)encode_float(x, 8, 7); }
double tir_f16_to_double(uint16_t h) { return decode_float(h, 5, 10); }
double tir_bf16_to_double(uint16_t h) { return decode_float(h, 8, 7); }

double tir_round_to_format(double x, int ebits, int mbits)
{
	if (ebits >= 11 && mbits >= 52)
		return x;
	if (isnan(x))
		return x;
	return decode_float(encode_float(x, ebits, mbits), ebits, mbits);
}

/* The f8/f6/f4 formats (the spec's list; encodings as in LLVM's APFloat and ml_dtypes).
 * nan: 'I' IEEE-like (all-ones exponent: infinity or NaN), 'F' only S.1111.111 is NaN,
 * 'U' only 0x80 is NaN and there is no -0, 'N' no NaN and no infinity (overflow
 * saturates). E8M0FNU has no sign and no mantissa, and 0xFF is NaN ('U'-like, unsigned). */
typedef struct Mini {
	int ebits, mbits, bias;
	char nan;
	int has_sign;
} Mini;

static const Mini *mini_format(DType t)
{
	static const Mini e4m3fn = {4, 3, 7, 'F', 1}, e5m2 = {5, 2, 15, 'I', 1},
	                  e4m3fnuz = {4, 3, 8, 'U', 1}, e5m2fnuz = {5, 2, 16, 'U', 1},
	                  e4m3b11 = {4, 3, 11, 'U', 1}, e3m4 = {3, 4, 3, 'I', 1},
	                  e4m3 = {4, 3, 7, 'I', 1}, e8m0 = {8, 0, 127, 'U', 0},
	                  f6e2m3 = {2, 3, 1, 'N', 1}, f6e3m2 = {3, 2, 3, 'N', 1},
	                  f4e2m1 = {2, 1, 1, 'N', 1};
	switch (t) {
	case DT_F8E4M3FN: return &e4m3fn;
	case DT_F8E5M2: return &e5m2;
	case DT_F8E4M3FNUZ: return &e4m3fnuz;
	case DT_F8E5M2FNUZ: return &e5m2fnuz;
	case DT_F8E4M3B11FNUZ: return &e4m3b11;
	case DT_F8E3M4: return &e3m4;
	case DT_F8E4M3: return &e4m3;
	case DT_F8E8M0FNU: return &e8m0;
	case DT_F6E2M3FN: return &f6e2m3;
	case DT_F6E3M2FN: return &f6e3m2;
	case DT_F4E2M1FN: return &f4e2m1;
	default: return NULL;
	}
}

static unsigned mini_nan_bits(const Mini *f)
{
	unsigned all = (1u << (f->ebits + f->mbits)) - 1;
	switch (f->nan) {
	case 'I': return all & ~((1u << (f->mbits - 1)) - 1);   /* exponent ones, quiet bit */
	case 'F': return all;
	case 'U': return f->has_sign ? 1u << (f->ebits + f->mbits) : 0xFF;
	default: return 0;
	}
}

static double mini_decode(const Mini *f, unsigned bits)
{
	unsigned nb = (unsigned)(f->ebits + f->mbits + f->has_sign);
	bits &= (1u << nb) - 1;
	unsigned emax = (1u << f->ebits) - 1, m = bits & ((1u << f->mbits) - 1);
	unsigned e = bits >> f->mbits & emax;
	int neg = f->has_sign && (bits >> (f->ebits + f->mbits) & 1);
	if (f->nan == 'U' && bits == mini_nan_bits(f))
		return NAN;
	if (f->nan == 'F' && e == emax && m == (1u << f->mbits) - 1)
		return NAN;
	if (f->nan == 'I' && e == emax)
		return m ? NAN : neg ? -INFINITY : INFINITY;
	double v;
	if (f->mbits == 0)
		v = ldexp(1, (int)e - f->bias);
	else if (e == 0)
		v = ldexp((double)m, 1 - f->bias - f->mbits);
	else
		v = ldexp((double)(m | 1u << f->mbits), (int)e - f->bias - f->mbits);
	return neg ? -v : v;
}

/* The largest finite value's encoding (without sign). */
static unsigned mini_max_bits(const Mini *f)
{
	unsigned all = (1u << (f->ebits + f->mbits)) - 1;
	if (f->nan == 'I')
		return all - (1u << f->mbits);           /* exponent field 2^ebits - 2 */
	if (f->nan == 'F')
		return all - 1;
	return f->has_sign ? all : all - 1;
}

/* Rounds x to nearest even in format f (overflow: infinity, NaN or saturation). */
static unsigned mini_encode(const Mini *f, double x)
{
	unsigned sign = f->has_sign && signbit(x) ? 1u << (f->ebits + f->mbits) : 0;
	if (isnan(x) || (!f->has_sign && x < 0))
		return mini_nan_bits(f);
	double a = fabs(x), maxv = mini_decode(f, mini_max_bits(f));
	if (f->nan == 'U' && f->has_sign && a == 0)
		return 0;                               /* no -0 */
	if (isinf(a) && f->nan == 'I')
		return sign | (((1u << f->ebits) - 1) << f->mbits);
	int emin = f->mbits ? 1 - f->bias : -f->bias, e = 0;
	if (a != 0 && !isinf(a))
		frexp(a, &e);
	int E = a == 0 || isinf(a) || e - 1 < emin ? emin : e - 1;
	double r = isinf(a) ? INFINITY : nearbyint(ldexp(a, f->mbits - E));
	if (r >= ldexp(1, f->mbits + 1)) {
		r /= 2;
		E++;
	}
	if (isinf(r) || ldexp(r, E - f->mbits) > maxv) {
		if (f->nan == 'I')
			return sign | (((1u << f->ebits) - 1) << f->mbits);
		if (f->nan == 'N')
			return sign | mini_max_bits(f);
		return mini_nan_bits(f);
	}
	unsigned m = (unsigned)r;
	if (f->mbits == 0)
		return (unsigned)(E + f->bias);
	if (m == 0 && f->nan == 'U')
		return 0;                               /* no -0 */
	if (m < (1u << f->mbits))
		return sign | m;                        /* subnormal */
	return sign | (unsigned)(E + f->bias) << f->mbits | (m - (1u << f->mbits));
}

double tir_elem_get_f(DType t, const void *p)
{
	const Mini *mf = mini_format(t);
	if (mf)
		return mini_decode(mf, *(const uint8_t *)p);
	switch (t) {
	case DT_F16: return tir_f16_to_double(*(const uint16_t *)p);
	case DT_BF16: return tir_bf16_to_double(*(const uint16_t *)p);
	case DT_F32: case DT_C64: return *(const float *)p;
	case DT_F64: case DT_C128: return *(const double *)p;
	default:
		if (dtype_kind(t) == DK_UINT)
			return (double)(uint64_t)tir_elem_get_i(t, p);
		return (double)tir_elem_get_i(t, p);
	}
}

int64_t tir_elem_get_i(DType t, const void *p)
{
	switch (t) {
	case DT_I1: return *(const uint8_t *)p != 0;
	case DT_I2: case DT_I4: case DT_I8: return *(const int8_t *)p;
	case DT_UI2: case DT_UI4: case DT_UI8: return *(const uint8_t *)p;
	case DT_I16: return *(const int16_t *)p;
	case DT_UI16: return *(const uint16_t *)p;
	case DT_I32: return *(const int32_t *)p;
	case DT_UI32: return *(const uint32_t *)p;
	case DT_I64: case DT_UI64: return *(const int64_t *)p;
	default: return (int64_t)tir_elem_get_f(t, p);
	}
}

/* Wraps v to the low `bits` bits, sign- or zero-extended. */
static int64_t wrap_bits(int64_t v, int bits, int is_signed)
{
	if (bits >= 64)
		return v;
	uint64_t m = (1ull << bits) - 1, u = (uint64_t)v & m;
	if (is_signed && (u >> (bits - 1)))
		u |= ~m;
	return (int64_t)u;
}

void tir_elem_set_i(DType t, void *p, int64_t v)
{
	if (dtype_is_float(t) || dtype_is_complex(t)) {
		tir_elem_set_f(t, p, (double)v);
		return;
	}
	if (t == DT_I1)
		v = v != 0;
	else
		v = wrap_bits(v, dtype_bits(t), dtype_kind(t) == DK_INT);
	switch (dtype_size(t)) {
	case 1: *(uint8_t *)p = (uint8_t)v; break;
	case 2: *(uint16_t *)p = (uint16_t)v; break;
	case 4: *(uint32_t *)p = (uint32_t)v; break;
	default: *(uint64_t *)p = (uint64_t)v; break;
	}
}

void tir_elem_set_f(DType t, void *p, double v)
{
	const Mini *mf = mini_format(t);
	if (mf) {
		*(uint8_t *)p = (uint8_t)mini_encode(mf, v);
		return;
	}
	switch (t) {
	case DT_F16: *(uint16_t *)p = tir_f16_from_double(v); return;
	case DT_BF16: *(uint16_t *)p = tir_bf16_from_double(v); return;
	case DT_F32: *(float *)p = (float)v; return;
	case DT_F64: *(double *)p = v; return;
	case DT_C64: case DT_C128: tir_elem_set_c(t, p, v, 0); return;
	default:
		if (t == DT_I1)
			tir_elem_set_i(t, p, v != 0);
		else if (dtype_kind(t) == DK_UINT && v >= 9223372036854775808.0)
			tir_elem_set_i(t, p, (int64_t)(uint64_t)v);
		else
			tir_elem_set_i(t, p, isnan(v) ? 0 : (int64_t)v);
	}
}

void tir_elem_get_c(DType t, const void *p, double *re, double *im)
{
	if (t == DT_C64) {
		*re = ((const float *)p)[0], *im = ((const float *)p)[1];
	} else if (t == DT_C128) {
		*re = ((const double *)p)[0], *im = ((const double *)p)[1];
	} else {
		*re = tir_elem_get_f(t, p), *im = 0;
	}
}

void tir_elem_set_c(DType t, void *p, double re, double im)
{
	if (t == DT_C64) {
		((float *)p)[0] = (float)re, ((float *)p)[1] = (float)im;
	} else if (t == DT_C128) {
		((double *)p)[0] = re, ((double *)p)[1] = im;
	} else {
		tir_elem_set_f(t, p, re);
	}
}

/* Does text s read back as the element at p? */
static int float_reads_back(DType t, const char *s, const void *p)
{
	unsigned char back[8] = {0};
	if (t == DT_F32)
		return strtof(s, NULL) == *(const float *)p;
	tir_elem_set_f(t, back, strtod(s, NULL));
	return memcmp(back, p, (size_t)dtype_size(t)) == 0;
}

void tir_elem_print(StrBuf *out, DType t, const void *p)
{
	char buf[64];
	if (dtype_is_complex(t)) {
		DType pt = dtype_complex_part(t);
		sb_putc(out, '(');
		tir_elem_print(out, pt, p);
		sb_putc(out, ',');
		tir_elem_print(out, pt, (const char *)p + dtype_size(pt));
		sb_putc(out, ')');
		return;
	}
	if (!dtype_is_float(t)) {
		int64_t v = tir_elem_get_i(t, p);
		if (t == DT_I1)
			sb_append(out, v ? "true" : "false");
		else if (dtype_kind(t) == DK_UINT)
			sb_printf(out, "%llu", (unsigned long long)v);
		else
			sb_printf(out, "%lld", (long long)v);
		return;
	}
	double d = tir_elem_get_f(t, p);
	if (!isfinite(d)) {
		uint64_t bits = 0;
		memcpy(&bits, p, (size_t)dtype_size(t));
		sb_printf(out, "0x%0*llX", 2 * dtype_size(t), (unsigned long long)bits);
		return;
	}
	for (int prec = 1; prec <= 17; prec++) {
		snprintf(buf, sizeof buf, "%.*e", prec, d);
		if (float_reads_back(t, buf, p))
			break;
	}
	sb_append(out, buf);
}
