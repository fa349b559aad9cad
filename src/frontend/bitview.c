/* bitview.c: a variable's bits read as another type of the same size, `*(unsigned *)&h2`
 * (a half2 held in variables as one u32), `*(half2 *)&u`, `*(short *)&h`. The object is
 * its scalars at their byte offsets (one scalar, or a struct's fields held in variables,
 * struct.c); each scalar of the new type is the bytes it covers, gathered little-endian
 * as the GPU lays them out: every overlapping scalar's bits (a bitcast to the unsigned
 * type of its size) widened to 64 bits, shifted to its place and ORed, then narrowed and
 * bitcast to the scalar's type. Exact bit for bit; bytes no scalar covers (padding) read
 * as 0, which C++ leaves unspecified. Views into buffers are addr.c's; a view of a
 * different size, of a bool or a pointer, or a store through such a view is refused. */
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
int bit_view(Lower *L, CXCursor c, CXCursor *v)
{
	CXCursor p, x;
	enum CXCursorKind k;
	CXType tt, vt;

	(void)L;
	c = strip(c);
	if (clang_getCursorKind(c) != CXCursor_UnaryOperator || clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_Deref)
		return 0;
	p = strip(kid(c, 0));
	k = clang_getCursorKind(p);
	if (k != CXCursor_CStyleCastExpr && k != CXCursor_CXXReinterpretCastExpr && k != CXCursor_CXXStaticCastExpr)
		return 0;
	x = strip(last_expr(p));
	if (clang_Cursor_isNull(x) || clang_getCursorKind(x) != CXCursor_UnaryOperator ||
	    clang_getCursorUnaryOperatorKind(x) != CXUnaryOperator_AddrOf)
		return 0;
	*v = strip(kid(x, 0));
	k = clang_getCursorKind(*v);
	if (k != CXCursor_DeclRefExpr && k != CXCursor_MemberRefExpr)
		return 0;
	tt = clang_getCanonicalType(clang_getCursorType(c));
	vt = clang_getCanonicalType(clang_getCursorType(*v));
	if (vt.kind == CXType_ConstantArray || clang_equalTypes(tt, vt))
		return 0;
	if (is_record(vt))
		return var_struct_key(L, *v, vt) != NULL;
	return k == CXCursor_DeclRefExpr && dt_of(vt) != KT_VOID && dt_of(vt) != KT_PTR && !is_mem_lvalue(L, *v);
}

/* The scalars of an object of type t (its key when a struct held in variables): with
 * their values when vals, else their types only. 0 (reported) when one cannot be a bit. */
static int leaves(Lower *L, CXCursor at, CXCursor v, CXType t, int vals, LeafVec *out)
{
	if (!is_record(t)) {
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
