/* bitview.c: a variable's bits read as another type of the same size, `*(unsigned *)&h2`
 * (a half2 held in variables as one u32), `*(half2 *)&u`, `*(short *)&h`. The object is
 * its scalars at their byte offsets (one scalar, or a struct's fields held in variables,
 * struct.c); each scalar of the new type is the bytes it covers, gathered little-endian
 * as the GPU lays them out: every overlapping scalar's bits (a bitcast to the unsigned
 * type of its size) widened to 64 bits, shifted to its place and ORed, then narrowed and
 * bitcast to the scalar's type. Exact bit for bit; bytes no scalar covers (padding) read
 * as 0, which C++ leaves unspecified. Views into buffers are addr.c's; a view of a
 * different size, of a bool or a pointer is refused. Stores through a pointer into a
 * variable's bits: the last section. */
#include "parse.h"

typedef struct Leaf {
	KirExpr *e;              /* the value (source) or NULL (target) */
	KirDType t;
	int64_t at;              /* byte offset */
} Leaf;

typedef struct LeafVec {
	Leaf *data;
	size_t len, cap;
} LeafVec;

/* `*(T *)&v` with v a variable, parameter or member held in variables and T's size v's:
 * 1 and v's cursor, else 0 (nothing lowered). */
/* p (stripped) is `(T *)&X` with X a variable or member expression: 1 and X, else 0. */
static int cast_of_address(CXCursor p, CXCursor *v)
{
	enum CXCursorKind k = clang_getCursorKind(p);
	CXCursor x;

	if (k != CXCursor_CStyleCastExpr && k != CXCursor_CXXReinterpretCastExpr && k != CXCursor_CXXStaticCastExpr)
		return 0;
	x = strip(last_expr(p));
	if (clang_Cursor_isNull(x) || clang_getCursorKind(x) != CXCursor_UnaryOperator ||
	    clang_getCursorUnaryOperatorKind(x) != CXUnaryOperator_AddrOf)
		return 0;
	*v = strip(kid(x, 0));
	k = clang_getCursorKind(*v);
	return k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr;
}

int bit_view(Lower *L, CXCursor c, CXCursor *v)
{
	CXType tt, vt;

	c = strip(c);
	if (clang_getCursorKind(c) != CXCursor_UnaryOperator || clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_Deref ||
	    !cast_of_address(strip(kid(c, 0)), v))
		return 0;
	tt = clang_getCanonicalType(clang_getCursorType(c));
	vt = clang_getCanonicalType(clang_getCursorType(*v));
	if (vt.kind == CXType_ConstantArray || clang_equalTypes(tt, vt))
		return 0;
	if (is_record(vt))
		return var_struct_key(L, *v, vt) != NULL;
	return clang_getCursorKind(*v) == CXCursor_DeclRefExpr && dt_of(vt) != KT_VOID && dt_of(vt) != KT_PTR &&
	       !is_mem_lvalue(L, *v);
}

/* The scalars of an object of type t (its key when a struct held in variables): with
 * their values when vals, else their types only. 0 (reported) when one cannot be a bit. */
static int leaves(Lower *L, CXCursor at, CXCursor v, CXType t, int vals, LeafVec *out)
{
	if (bitfield_refused(L, at, t, "a view of the bits")) {
		return 0;
	} else if (!is_record(t)) {
		Leaf f = {NULL, dt_of(t), 0};
		if (vals)
			f.e = lx(L, v);
		VEC_PUSH(*out, f);
	} else {
		const char *key = vals ? var_struct_key(L, v, t) : NULL;
		StrVec paths = field_paths(L, t);
		for (size_t i = 0; i < paths.len; i++) {
			Leaf f = {NULL, dt_of(field_type(L, t, paths.data[i])), field_bits(L, t, paths.data[i]) / 8};
			if (vals) {
				Bind *b = key ? key_bind(L, NULL, arena_printf(L->a, "%s%s", key, paths.data[i])) : NULL;
				if (!b) {
					error_at(L, at, "field '%s' of '%s' has no value to reinterpret", paths.data[i] + 1,
					         type_name(L->a, t));
					break;
				}
				f.e = bind_value(L, at, b);
			}
			VEC_PUSH(*out, f);
		}
		VEC_FREE(paths);
	}
	for (size_t i = 0; i < out->len && !L->failed; i++)
		if (out->data[i].t == KT_VOID || out->data[i].t == KT_PTR || out->data[i].t == KT_I1)
			error_at(L, at, "the bits of '%s' cannot be reinterpreted: it holds a bool, a pointer or another non-number",
			         type_name(L->a, t));
	return !L->failed;
}

/* Target scalar f from the source scalars src: its bytes gathered (see the top). */
static KirExpr *gather(Lower *L, Leaf f, LeafVec *src, SrcLoc l)
{
	int nb = frontend_dtype_bytes(f.t);
	KirExpr *acc = NULL;

	for (size_t i = 0; i < src->len; i++) {
		Leaf s = src->data[i];
		int sb = frontend_dtype_bytes(s.t);
		KirExpr *u;
		if (s.at >= f.at + nb || s.at + sb <= f.at)
			continue;
		if (s.at == f.at && sb == nb && !acc)   /* one scalar exactly: a bitcast */
			acc = bitcast_to(L, uint_of(nb), s.e, l);
		else {
			u = frontend_new_cast(L->a, KT_U64, bitcast_to(L, uint_of(sb), s.e, l), l);
			if (s.at != f.at)
				u = frontend_new_binary(L->a, s.at > f.at ? KB_SHL : KB_SHR, KT_U64, u,
				                        frontend_new_int(L->a, KT_U64, 8 * (s.at > f.at ? s.at - f.at : f.at - s.at), l), l);
			acc = acc ? frontend_new_binary(L->a, KB_OR, KT_U64, acc, u, l) : u;
		}
	}
	if (!acc)
		acc = frontend_new_int(L->a, uint_of(nb), 0, l);
	if (acc->type != uint_of(nb))
		acc = frontend_new_cast(L->a, uint_of(nb), acc, l);
	return bitcast_to(L, f.t, acc, l);
}

static int source(Lower *L, CXCursor c, CXCursor v, LeafVec *src)
{
	CXType vt = clang_getCanonicalType(clang_getCursorType(v));
	CXType tt = clang_getCanonicalType(clang_getCursorType(c));

	if (clang_Type_getSizeOf(vt) != clang_Type_getSizeOf(tt)) {
		error_at(L, c, "'%s' (%lld bytes) read as '%s' (%lld bytes): only a reinterpretation of a variable as a type of its size can be translated",
		         type_name(L->a, vt), clang_Type_getSizeOf(vt), type_name(L->a, tt), clang_Type_getSizeOf(tt));
		return 0;
	}
	return leaves(L, c, v, vt, 1, src);
}

/* `*(T *)&v` (bit_view) as a scalar value of type T. */
KirExpr *bit_view_value(Lower *L, CXCursor c, CXCursor v)
{
	LeafVec src = {0};
	Leaf f = {NULL, dt_of(clang_getCanonicalType(clang_getCursorType(c))), 0};
	KirExpr *e;

	if (is_record(clang_getCursorType(c)) || !source(L, c, v, &src) ||
	    f.t == KT_VOID || f.t == KT_PTR || f.t == KT_I1) {
		if (!L->failed)
			error_at(L, c, "the bits of '%s' cannot be read as '%s' here", type_name(L->a, clang_getCursorType(v)),
			         type_name(L->a, clang_getCursorType(c)));
		VEC_FREE(src);
		return poison(L, c);
	}
	e = gather(L, f, &src, cloc(L, c));
	VEC_FREE(src);
	return e;
}

/* `*(S *)&v` (bit_view) with S a struct: its fields in new temporaries, their prefix. */
const char *bit_view_struct(Lower *L, CXCursor c, CXCursor v)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(c));
	LeafVec src = {0}, dst = {0};
	const char *prefix = NULL;
	StrVec paths;
	SrcLoc l = cloc(L, c);

	if (!source(L, c, v, &src) || !leaves(L, c, v, t, 0, &dst) ||
	    !(prefix = struct_vars(L, t, "bits", KVK_TEMP, l))) {
		VEC_FREE(src);
		VEC_FREE(dst);
		return NULL;
	}
	paths = field_paths(L, t);
	for (size_t i = 0; i < paths.len && i < dst.len; i++) {
		Bind *b = key_bind(L, NULL, arena_printf(L->a, "%s%s", prefix, paths.data[i]));
		emit_pending(L, expr_stmt(L, assign_var(L, b->idx, gather(L, dst.data[i], &src, l), l)));
	}
	VEC_FREE(paths);
	VEC_FREE(src);
	VEC_FREE(dst);
	return prefix;
}

/* ---- pointers into a variable's bits ----
 * `const __half2 *p = (const __half2 *)&v.x` then `p->y`, `reinterpret_cast<const half
 * *>(&pack)[i]`: a pointer of another type to a variable (a scalar, or a struct held in
 * variables, or a field of one) reads the bytes at i * sizeof *p plus the field's offset,
 * gathered from the variable's scalars as above, at the time of the read. A run-time i is
 * a select over the in-bounds offsets (the last one unless i names an earlier: reading
 * past the object is undefined behaviour in C++); a struct read so (`h[i]` passed by
 * value) is each of its fields read so, into new temporaries (bits_struct). Reads here,
 * stores in the last section; an increment or another use of such a pointer is refused
 * where it is lowered (lval_of, laddr). */

/* X of `(T *)&X` (p, a pointer expression) or of a local pointer variable bound to one,
 * plus or minus a constant: 1 with X, T's canonical type and that constant (in T's), else
 * 0 (nothing lowered). */
static int bits_base(Lower *L, CXCursor p, CXCursor *x, CXType *pt, int64_t *eoff)
{
	CXCursor v;
	CXType vt;
	enum CXCursorKind k;
	KirConst n;

	p = strip(p);
	k = clang_getCursorKind(p);
	*eoff = 0;
	if (k == CXCursor_BinaryOperator && nkids(p) == 2 && is_ptr_expr(kid(p, 0)) &&
	    (clang_getCursorBinaryOperatorKind(p) == CXBinaryOperator_Add ||
	     clang_getCursorBinaryOperatorKind(p) == CXBinaryOperator_Sub) &&
	    eval_const(kid(p, 1), KT_I64, &n) && bits_base(L, kid(p, 0), x, pt, eoff)) {
		*eoff += clang_getCursorBinaryOperatorKind(p) == CXBinaryOperator_Add ? n.i : -n.i;
		return 1;
	}
	if (k == CXCursor_DeclRefExpr) {
		Bind *b = lookup(L, clang_getCursorReferenced(p));
		if (!b || b->kind != BK_BITS)
			return 0;
		*x = b->obj;
		*pt = clang_getCanonicalType(clang_getPointeeType(clang_getCursorType(p)));
		return 1;
	}
	if (!cast_of_address(p, &v))
		return 0;
	k = clang_getCursorKind(v);
	vt = clang_getCanonicalType(clang_getCursorType(v));
	*pt = clang_getCanonicalType(clang_getPointeeType(clang_getCursorType(p)));
	if (vt.kind == CXType_ConstantArray || clang_equalTypes(vt, *pt) || clang_Type_getSizeOf(*pt) <= 0)
		return 0;
	if (is_record(vt)) {
		if (!var_struct_key(L, v, vt))
			return 0;
	} else {
		Bind *b = k == CXCursor_DeclRefExpr ? lookup(L, clang_getCursorReferenced(v)) : member_bind(L, v);
		if (!b || b->kind != BK_VAR || is_mem_lvalue(L, v))
			return 0;
	}
	*x = v;
	return 1;
}

/* A read c through such a pointer: X, the pointee type, the subscript (a null cursor for
 * none) and the byte offset of c inside the pointee. 0 when c is no such read. */
static int bits_access(Lower *L, CXCursor c, CXCursor *x, CXType *pt, CXCursor *idx, int64_t *fb)
{
	int64_t eoff;

	c = strip(c);
	switch (clang_getCursorKind(c)) {
	case CXCursor_MemberRefExpr: {
		CXCursor b = member_base(c), f = clang_getCursorReferenced(c);
		long long off = clang_Cursor_getOffsetOfField(f);
		if (clang_Cursor_isNull(b) || off < 0 || off % 8)
			return 0;
		if (clang_getCanonicalType(clang_getCursorType(b)).kind == CXType_Pointer) {
			if (!bits_base(L, b, x, pt, &eoff))
				return 0;
			*idx = clang_getNullCursor();
			*fb = off / 8 + eoff * clang_Type_getSizeOf(*pt);
			return 1;
		}
		if (!bits_access(L, b, x, pt, idx, fb))
			return 0;
		*fb += off / 8;
		return 1;
	}
	case CXCursor_ArraySubscriptExpr: {
		CXCursor b, i;
		if (nkids(c) != 2)
			return 0;
		b = kid(c, 0);
		i = kid(c, 1);
		if (!is_ptr_expr(b)) {
			CXCursor t = b;
			b = i;
			i = t;
		}
		if (!bits_base(L, b, x, pt, &eoff))
			return 0;
		*idx = i;
		*fb = eoff * clang_Type_getSizeOf(*pt);
		return 1;
	}
	case CXCursor_UnaryOperator:
		if (clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_Deref || !bits_base(L, kid(c, 0), x, pt, &eoff))
			return 0;
		*idx = clang_getNullCursor();
		*fb = eoff * clang_Type_getSizeOf(*pt);
		return 1;
	default:
		return 0;
	}
}

/* Target scalar f at candidate i of n, f.at + i * es, the one that variable idx (an i64)
 * names: a select over them (the last unless idx names an earlier). */
static KirExpr *pick(Lower *L, Leaf f, LeafVec *src, int64_t es, int64_t n, int idx, SrcLoc l)
{
	KirExpr *e = NULL;

	for (int64_t i = n - 1; i >= 0; i--) {
		Leaf g = f;
		KirExpr *v;
		g.at += i * es;
		v = gather(L, g, src, l);
		if (e) {
			KirExpr *s = frontend_new_expr(L->a, KE_COND, f.t, l);
			s->u.cond.c = frontend_new_binary(L->a, KB_EQ, KT_I1, var_ref(L, idx, l), frontend_new_int(L->a, KT_I64, i, l), l);
			s->u.cond.t = v;
			s->u.cond.f = e;
			e = s;
		} else {
			e = v;
		}
	}
	return e;
}

/* Whether c reads through a pointer into a variable's bits (bits_read lowers it). */
int is_bits_read(Lower *L, CXCursor c)
{
	CXCursor x, idx;
	CXType pt;
	int64_t fb;

	return bits_access(L, c, &x, &pt, &idx, &fb) && !is_record(clang_getCursorType(c));
}

KirExpr *bits_read(Lower *L, CXCursor c)
{
	CXCursor x, idx;
	CXType pt, vt;
	int64_t fb, es, size, n;
	LeafVec src = {0};
	Leaf f;
	KirConst k;
	KirExpr *e = NULL;
	SrcLoc l = cloc(L, c);
	int tmp;

	if (!bits_access(L, c, &x, &pt, &idx, &fb))
		return poison(L, c);
	vt = clang_getCanonicalType(clang_getCursorType(x));
	f = (Leaf){NULL, dt_of(clang_getCanonicalType(clang_getCursorType(c))), fb};
	es = clang_Type_getSizeOf(pt);
	size = clang_Type_getSizeOf(vt);
	if (f.t == KT_VOID || f.t == KT_PTR || f.t == KT_I1) {
		error_at(L, c, "the bits of '%s' cannot be read as '%s'", type_name(L->a, vt), type_name(L->a, clang_getCursorType(c)));
		return poison(L, c);
	}
	if (!leaves(L, c, x, vt, 1, &src))
		return poison(L, c);
	n = (size - fb - frontend_dtype_bytes(f.t)) / es + 1;     /* in-bounds subscripts */
	if (!clang_Cursor_isNull(idx) && eval_const(idx, KT_I64, &k)) {
		f.at += k.i * es;
		n = f.at >= 0 && f.at + frontend_dtype_bytes(f.t) <= size;
		idx = clang_getNullCursor();
	} else if (clang_Cursor_isNull(idx)) {
		n = f.at + frontend_dtype_bytes(f.t) <= size;
	}
	if (f.at < 0)
		n = 0;
	if (n <= 0) {
		error_at(L, c, "this read of %d bytes at byte %lld of '%s' (%lld bytes) is past its end",
		         frontend_dtype_bytes(f.t), (long long)f.at, type_name(L->a, vt), (long long)size);
		VEC_FREE(src);
		return poison(L, c);
	}
	if (clang_Cursor_isNull(idx)) {
		e = gather(L, f, &src, l);
		VEC_FREE(src);
		return e;
	}
	tmp = new_var(L, "bits_index", KT_I64, KVK_TEMP, l);
	emit_pending(L, decl_stmt(L, tmp, conv(L, lx(L, idx), KT_I64), l));
	e = pick(L, f, &src, es, n, tmp, l);
	VEC_FREE(src);
	return e;
}

/* Whether c reads a struct through a pointer into a variable's bits (`h2[i]` with h2 =
 * (const __half2 *)&v4, passed by value): bits_struct lowers it. */
int is_bits_struct(Lower *L, CXCursor c)
{
	CXCursor x, idx;
	CXType pt;
	int64_t fb;

	return is_record(clang_getCursorType(c)) && bits_access(L, c, &x, &pt, &idx, &fb);
}

/* The struct c (is_bits_struct) read now: its fields in new temporaries, each gathered
 * from the variable's bytes at its offset as bits_read does (a run-time subscript a
 * select over the in-bounds structs), their prefix; NULL (reported) when it cannot be. */
const char *bits_struct(Lower *L, CXCursor c)
{
	CXCursor x, idx;
	CXType pt, vt, t = clang_getCanonicalType(clang_getCursorType(c));
	int64_t fb, es, size, room, n;
	LeafVec src = {0}, dst = {0};
	const char *prefix = NULL;
	StrVec paths;
	KirConst k;
	SrcLoc l = cloc(L, c);
	int tmp = -1;

	if (!bits_access(L, c, &x, &pt, &idx, &fb))
		return NULL;
	vt = clang_getCanonicalType(clang_getCursorType(x));
	es = clang_Type_getSizeOf(pt);
	size = clang_Type_getSizeOf(vt);
	room = size - fb - clang_Type_getSizeOf(t);
	n = room < 0 ? 0 : room / es + 1;
	if (!clang_Cursor_isNull(idx) && eval_const(idx, KT_I64, &k)) {
		fb += k.i * es;
		idx = clang_getNullCursor();
	}
	if (clang_Cursor_isNull(idx))
		n = fb >= 0 && fb + clang_Type_getSizeOf(t) <= size;
	if (fb < 0 || n <= 0) {
		error_at(L, c, "this read of a '%s' at byte %lld of '%s' (%lld bytes) is past its end",
		         type_name(L->a, t), (long long)fb, type_name(L->a, vt), (long long)size);
		return NULL;
	}
	if (!leaves(L, c, x, vt, 1, &src) || !leaves(L, c, x, t, 0, &dst) ||
	    !(prefix = struct_vars(L, t, "bits", KVK_TEMP, l))) {
		VEC_FREE(src);
		VEC_FREE(dst);
		return NULL;
	}
	if (!clang_Cursor_isNull(idx)) {
		tmp = new_var(L, "bits_index", KT_I64, KVK_TEMP, l);
		emit_pending(L, decl_stmt(L, tmp, conv(L, lx(L, idx), KT_I64), l));
	}
	paths = field_paths(L, t);
	for (size_t i = 0; i < paths.len && i < dst.len; i++) {
		Bind *b = key_bind(L, NULL, arena_printf(L->a, "%s%s", prefix, paths.data[i]));
		Leaf f = dst.data[i];
		f.at += fb;
		emit_pending(L, expr_stmt(L, assign_var(L, b->idx, tmp < 0 ? gather(L, f, &src, l) :
		                                        pick(L, f, &src, es, n, tmp, l), l)));
	}
	VEC_FREE(paths);
	VEC_FREE(src);
	VEC_FREE(dst);
	return prefix;
}

/* A local pointer declared as `(T *)&X` (init) into the bits of a variable: bound to X
 * (1), else 0 (nothing lowered). */
int bits_pointer(Lower *L, CXCursor d, CXCursor init)
{
	CXCursor x;
	CXType pt;
	Bind *b;
	int64_t eoff;

	if (clang_Cursor_isNull(init) || !bits_base(L, init, &x, &pt, &eoff) || eoff)
		return 0;
	b = new_bind(L, BK_BITS);
	b->obj = x;
	put_bind(L, dkey(L->a, d), b);
	return 1;
}

/* ---- stores into a variable's bits ----
 * `reinterpret_cast<__half *>(&pack)[i] = h`, `*(float *)&u.y = f`, `p[1] += d` with p as
 * above, and a reference bound to such an element (`T &d = ...`, an argument of a `T &`
 * parameter: from_float(reinterpret_cast<T *>(&pack)[i], f)). The GPU writes only the
 * element's bytes, so every scalar of the variable that they overlap gets them: its bits
 * with those bytes replaced by the value's (little-endian, shifted to their place),
 * the others kept. With a run-time index each candidate element is one assignment,
 * `s = i == k ? merged : s`, so exactly the element the index names is written (an index
 * past the object is undefined behaviour in C++: nothing is written). The assignment
 * carries the bytes it sets (KirExpr assign.bytes) for assigned.c, which checks that a
 * scalar is read only where every byte of it was set. Refused at the store: an element
 * past the object's end, one over bytes no scalar holds (padding: a later read would not
 * see them), a scalar not held in a variable (a parameter bound to a value), a bool or a
 * pointer; ++, -- and & on such an element (lval_of, addr.c). */

struct BitRef {
	KirDType t;              /* the element's type */
	int64_t at, es, n;       /* candidate k is the element at byte at + k * es; n of them */
	int idx;                 /* the i64 variable holding k, or -1: k is 0 */
	LeafVec leaf;            /* the variable's scalars, each e a KE_VAR */
};

/* The bits of v (of n bytes) as a u64. */
static KirExpr *bits64(Lower *L, KirExpr *v, int n, SrcLoc l)
{
	return frontend_new_cast(L->a, KT_U64, bitcast_to(L, uint_of(n), v, l), l);
}

static uint64_t ones(int bytes)
{
	return bytes >= 8 ? ~0ull : (1ull << (8 * bytes)) - 1;
}

/* Scalar s with the nb bytes at byte a replaced by value v's (v of nb bytes): the new
 * value of its variable, and in *set the bytes of s it writes (bit b: byte b). */
static KirExpr *merged(Lower *L, Leaf s, int64_t a, int nb, KirExpr *v, unsigned char *set, SrcLoc l)
{
	int sb = frontend_dtype_bytes(s.t);
	uint64_t m;
	KirExpr *part = bits64(L, v, nb, l), *keep;

	if (a == s.at && nb == sb) {
		*set = (unsigned char)ones(1) >> (8 - sb);
		return bitcast_to(L, s.t, v, l);
	}
	if (a >= s.at) {
		m = (ones(nb) << 8 * (a - s.at)) & ones(sb);
		if (a > s.at)
			part = frontend_new_binary(L->a, KB_SHL, KT_U64, part, frontend_new_int(L->a, KT_U64, 8 * (a - s.at), l), l);
	} else {
		m = (ones(nb) >> 8 * (s.at - a)) & ones(sb);
		part = frontend_new_binary(L->a, KB_SHR, KT_U64, part, frontend_new_int(L->a, KT_U64, 8 * (s.at - a), l), l);
	}
	*set = 0;
	for (int b = 0; b < sb; b++)
		if ((m >> 8 * b) & 0xff)
			*set |= (unsigned char)(1u << b);
	keep = frontend_new_binary(L->a, KB_AND, KT_U64, bits64(L, s.e, sb, l), frontend_new_int(L->a, KT_U64, (int64_t)~m, l), l);
	part = frontend_new_binary(L->a, KB_AND, KT_U64, part, frontend_new_int(L->a, KT_U64, (int64_t)m, l), l);
	part = frontend_new_binary(L->a, KB_OR, KT_U64, keep, part, l);
	return bitcast_to(L, s.t, frontend_new_cast(L->a, uint_of(sb), part, l), l);
}

/* Whether every byte of [a, a + nb) is held by a scalar of r. */
static int covered(const BitRef *r, int64_t a, int nb)
{
	for (int64_t b = a; b < a + nb; b++) {
		size_t i = 0;
		while (i < r->leaf.len && (b < r->leaf.data[i].at || b >= r->leaf.data[i].at + frontend_dtype_bytes(r->leaf.data[i].t)))
			i++;
		if (i == r->leaf.len)
			return 0;
	}
	return 1;
}

/* The bytes the element c (is_bits_lvalue) names, its index evaluated now into a
 * variable; NULL (reported) when a store through it cannot be exact. */
static BitRef *bitref_new(Lower *L, CXCursor c)
{
	CXCursor x, idx;
	CXType pt, vt;
	int64_t size, room;
	int nb;
	KirConst k;
	BitRef *r = ARENA_NEW(L->a, BitRef);
	SrcLoc l = cloc(L, c);

	if (!bits_access(L, c, &x, &pt, &idx, &r->at))
		return NULL;
	vt = clang_getCanonicalType(clang_getCursorType(x));
	r->t = dt_of(clang_getCanonicalType(clang_getCursorType(c)));
	r->es = clang_Type_getSizeOf(pt);
	r->idx = -1;
	size = clang_Type_getSizeOf(vt);
	if (r->t == KT_VOID || r->t == KT_PTR || r->t == KT_I1) {
		error_at(L, c, "a '%s' cannot be stored into the bits of '%s'", type_name(L->a, clang_getCursorType(c)), type_name(L->a, vt));
		return NULL;
	}
	if (!leaves(L, c, x, vt, 1, &r->leaf)) {
		VEC_FREE(r->leaf);
		return NULL;
	}
	{	/* the reference outlives this call (a bind of an inlined reference): its leaves
		 * move to the arena, as the BitRef itself is */
		Leaf *d = ARENA_ARRAY(L->a, Leaf, r->leaf.len + 1);
		memcpy(d, r->leaf.data, r->leaf.len * sizeof *d);
		free(r->leaf.data);
		r->leaf.data = d;
		r->leaf.cap = r->leaf.len;
	}
	for (size_t i = 0; i < r->leaf.len; i++)
		if (r->leaf.data[i].e->kind != KE_VAR) {
			error_at(L, c, "a store into the bits of '%s' cannot be translated: it is not held in variables (a parameter or a value bound to a constant)",
			         type_name(L->a, vt));
			return NULL;
		}
	nb = frontend_dtype_bytes(r->t);
	room = size - r->at - nb;
	r->n = room < 0 ? 0 : room / r->es + 1;      /* in-bounds subscripts */
	if (!clang_Cursor_isNull(idx) && eval_const(idx, KT_I64, &k)) {
		r->at += k.i * r->es;
		idx = clang_getNullCursor();
	}
	if (clang_Cursor_isNull(idx))
		r->n = r->at >= 0 && r->at + nb <= size;
	if (r->at < 0 || r->n <= 0) {
		error_at(L, c, "this %d-byte store at byte %lld of '%s' (%lld bytes) is past its end",
		         nb, (long long)r->at, type_name(L->a, vt), (long long)size);
		return NULL;
	}
	for (int64_t i = 0; i < r->n; i++)
		if (!covered(r, r->at + i * r->es, nb)) {
			error_at(L, c, "this %d-byte store at byte %lld of '%s' would write padding, bytes no field holds (a later read would not see them)",
			         nb, (long long)(r->at + i * r->es), type_name(L->a, vt));
			return NULL;
		}
	if (!clang_Cursor_isNull(idx)) {
		r->idx = new_var(L, "bits_index", KT_I64, KVK_TEMP, l);
		emit_pending(L, decl_stmt(L, r->idx, conv(L, lx(L, idx), KT_I64), l));
	}
	return r;
}

static Bind *bitref_bind(Lower *L, CXCursor c)
{
	Bind *b;

	c = strip(c);
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return NULL;
	b = lookup(L, clang_getCursorReferenced(c));
	return b && b->kind == BK_BITREF ? b : NULL;
}

/* Whether c names an element of a variable's bits: through a pointer into them (a
 * scalar), or a reference bound to one. */
int is_bits_lvalue(Lower *L, CXCursor c)
{
	return bitref_bind(L, c) || is_bits_read(L, c);
}

/* A reference bound to c (is_bits_lvalue): the bytes it names; NULL (reported) when they
 * cannot be. */
Bind *bits_ref(Lower *L, CXCursor c)
{
	Bind *b = bitref_bind(L, c);
	BitRef *r;

	if (b)
		return b;
	if (!(r = bitref_new(L, c)))
		return NULL;
	b = new_bind(L, BK_BITREF);
	b->bits = r;
	return b;
}

/* The element r names, read now. */
KirExpr *bits_ref_value(Lower *L, BitRef *r, SrcLoc l)
{
	Leaf f = {NULL, r->t, r->at};

	if (r->idx < 0)
		return gather(L, f, &r->leaf, l);
	return pick(L, f, &r->leaf, r->es, r->n, r->idx, l);
}

/* `lhs op= val` (op KB_NONE: `lhs = val`) at c with lhs an element of a variable's bits
 * (is_bits_lvalue): the value is stored into it (see above); the expression's value is
 * the element's new value. A compound assignment computes as lassign_parts does. */
KirExpr *bits_assign(Lower *L, CXCursor c, CXCursor lhs, KirBinOp op, KirExpr *val)
{
	Bind *b = bits_ref(L, lhs);
	BitRef *r;
	SrcLoc l = cloc(L, c);
	int v, nb;

	if (!b)
		return poison(L, c);
	r = b->bits;
	nb = frontend_dtype_bytes(r->t);
	if (op != KB_NONE) {
		KirExpr *cur = bits_ref_value(L, r, l);
		int sh = op == KB_SHL || op == KB_SHR;
		KirDType ot = sh ? r->t : val->type;
		if (frontend_dtype_bytes(ot) < 4 && frontend_dtype_is_int(ot))
			ot = KT_I32;
		if (sh && frontend_dtype_bytes(val->type) < 4 && frontend_dtype_is_int(val->type))
			val = conv(L, val, KT_I32);
		else if (!sh)
			val = conv(L, val, ot);
		val = frontend_new_binary(L->a, op, ot, conv(L, cur, ot), val, l);
	}
	v = new_var(L, "bits.v", r->t, KVK_TEMP, l);
	emit_pending(L, decl_stmt(L, v, conv(L, val, r->t), l));
	for (int64_t k = 0; k < r->n; k++) {
		int64_t a = r->at + k * r->es;
		for (size_t i = 0; i < r->leaf.len; i++) {
			Leaf s = r->leaf.data[i];
			unsigned char set;
			KirExpr *e, *st;
			if (s.at >= a + nb || s.at + frontend_dtype_bytes(s.t) <= a)
				continue;
			s.e = var_ref(L, s.e->u.var, l);
			e = merged(L, s, a, nb, var_ref(L, v, l), &set, l);
			if (r->idx >= 0) {
				KirExpr *sel = frontend_new_expr(L->a, KE_COND, s.t, l);
				sel->u.cond.c = frontend_new_binary(L->a, KB_EQ, KT_I1, var_ref(L, r->idx, l), frontend_new_int(L->a, KT_I64, k, l), l);
				sel->u.cond.t = e;
				sel->u.cond.f = var_ref(L, s.e->u.var, l);
				e = sel;
			}
			st = assign_var(L, s.e->u.var, e, l);
			st->u.assign.bytes = set;
			L->vars.data[s.e->u.var].partial = 1;
			emit_pending(L, expr_stmt(L, st));
		}
	}
	return var_ref(L, v, l);
}
