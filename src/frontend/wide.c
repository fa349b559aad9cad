/* wide.c: a pointer that views a buffer's elements as a wider type, `float4 *v4 =
 * (float4 *)halves` then `v4[j]`, `((const uint4 *)floats)[i]`, `(uint64_t *)ints`. The
 * address stays in elements: an object of the view's type covers sizeof / sizeof elem of
 * them (a subscript or `+ k` steps that many), and each of its scalars is the m
 * consecutive elements it covers, their bits gathered little-endian as the GPU lays them
 * out (element i of the m at bits 8 * sizeof elem * i) and bitcast to the scalar's type;
 * a scalar as wide as an element is that element reinterpreted (addr.c's view). A store
 * through such a view (of a whole struct or of one wider scalar) writes each element it
 * covers (the scalars' bits split the same way), so every element is written whole and
 * exactly; memset/memcpy through it are refused at their location. An atomic through a
 * wide scalar view, `atomicMax((unsigned long long *)best, key)` over ints (a 64-bit
 * (score, id) key kept as two ints), is one KE_ATOMIC with per = m on the unit index off / m:
 * the raise reads the buffer as units of m elements (simt_atomic.c), so the element offset
 * must be a proven multiple of m (the GPU faults on a misaligned atomic), else it is
 * refused at the call. Views narrower than the elements are narrow.c's, views of a
 * variable's bits bitview.c's. */
#include "parse.h"

/* The scalar type that objects of type t are made of: a struct's slot type, an array's
 * element, else t itself (KT_VOID when none). */
static KirDType slot_type(CXType t)
{
	KirDType se;

	t = scalar_elem(t);
	if (is_record(t))
		return struct_layout(t, &se, NULL) ? se : KT_VOID;
	return dt_of(t);
}

/* Whether objects of type t over elements of type elem are a wide view: their scalars are
 * whole numbers of elements, at least one wider than an element, and t is a whole number
 * of elements. */
int wide_type(CXType t, KirDType elem)
{
	KirDType st = slot_type(t);
	long long size = clang_Type_getSizeOf(clang_getCanonicalType(t));
	int eb = frontend_dtype_bytes(elem), sb;

	if (!plain_number(st) || !plain_number(elem) || size <= 0)
		return 0;
	sb = frontend_dtype_bytes(st);
	return sb > eb && sb % eb == 0 && size % eb == 0;
}

/* Buffer elements that one object of type t (what a pointer into buffer points to) covers,
 * for subscripts and pointer arithmetic: its scalars (a struct of k slots counts k) or,
 * for a wide view, its size in elements. At least 1. */
int64_t elems_per(Lower *L, CXType t, int buffer, int per)
{
	int64_t n;

	if (buffer >= 0 && !per && wide_type(t, L->bufs.data[buffer].elem))
		return clang_Type_getSizeOf(clang_getCanonicalType(t)) / frontend_dtype_bytes(L->bufs.data[buffer].elem);
	if (buffer >= 0 && !per && is_record(scalar_elem(t))) {
		/* a struct among the slots of a wider one (`Inner in[2]` of two shorts in a struct
		 * of float slots): its size in the buffer's slots, not its own layout's count */
		long long size = clang_Type_getSizeOf(clang_getCanonicalType(t));
		int eb = frontend_dtype_bytes(L->bufs.data[buffer].elem);
		if (eb > 0 && size > 0 && size % eb == 0)
			return size / eb;
	}
	n = array_elems(t, NULL, NULL);
	return n ? n : 1;
}

/* `(T *)p` (cast c) with a the address p: 1 when T is a wide view of a's elements (a
 * updated: a scalar T becomes a's view, a struct's fields take theirs at each access),
 * 0 when it is none. */
int wide_view(Lower *L, CXCursor c, Addr *a)
{
	CXType pt = clang_getCanonicalType(clang_getPointeeType(clang_getCursorType(c)));
	KirDType elem = L->bufs.data[a->buffer].elem;

	if (a->per || a->view != KT_VOID || !wide_type(pt, elem))
		return 0;
	if (!is_record(pt) && pt.kind != CXType_ConstantArray)
		a->view = dt_of(pt);
	return 1;
}

/* Whether a view of type view over elements of type elem is wide. */
int wide_scalar(KirDType view, KirDType elem)
{
	return plain_number(view) && plain_number(elem) && frontend_dtype_bytes(view) > frontend_dtype_bytes(elem);
}

/* The scalar of type a.view at a (a wide view of the elements there), as the cursor c's
 * type. */
KirExpr *wide_load(Lower *L, CXCursor c, Addr a)
{
	KirDType elem = L->bufs.data[a.buffer].elem;
	int eb = frontend_dtype_bytes(elem), vb = frontend_dtype_bytes(a.view), m = vb / eb;
	KirDType eu = uint_of(eb), vu = uint_of(vb);
	SrcLoc l = cloc(L, c);
	KirExpr *acc = NULL;

	for (int i = 0; i < m; i++) {
		KirExpr *e = frontend_new_expr(L->a, KE_LOAD, elem, l);
		e->u.load.buffer = a.buffer;
		e->u.load.index = add_off(L, a.off, i ? frontend_new_int(L->a, a.off ? a.off->type : KT_I64, i, l) : NULL, l);
		if (!e->u.load.index)
			e->u.load.index = frontend_new_int(L->a, KT_I64, 0, l);
		e = frontend_new_cast(L->a, vu, bitcast_to(L, eu, e, l), l);
		if (i)
			e = frontend_new_binary(L->a, KB_SHL, vu, e, frontend_new_int(L->a, vu, 8 * eb * i, l), l);
		acc = acc ? frontend_new_binary(L->a, KB_OR, vu, acc, e, l) : e;
	}
	acc = bitcast_to(L, a.view, acc, l);
	if (acc->type != ctype(c) && ctype(c) != KT_VOID)
		return frontend_new_cast(L->a, ctype(c), acc, l);
	return acc;
}

/* The stores of val (a scalar of a wide view's type, pure: a variable or a constant) into
 * the m elements of buffer from index at on: element i gets bits 8 * sizeof elem * i of
 * val. */
void wide_store(Lower *L, int buffer, KirExpr *at, KirExpr *val, SrcLoc l)
{
	KirDType elem = L->bufs.data[buffer].elem;
	int eb = frontend_dtype_bytes(elem), vb = frontend_dtype_bytes(val->type), m = vb / eb;
	KirDType eu = uint_of(eb), vu = uint_of(vb);

	if (!at)
		at = frontend_new_int(L->a, KT_I64, 0, l);
	for (int i = 0; i < m; i++) {
		KirExpr *e = bitcast_to(L, vu, val, l);
		if (i)
			e = frontend_new_binary(L->a, KB_SHR, vu, e, frontend_new_int(L->a, vu, 8 * eb * i, l), l);
		e = bitcast_to(L, elem, frontend_new_cast(L->a, eu, e, l), l);
		emit_pending(L, expr_stmt(L, assign_elem(L, buffer,
		             add_off(L, at, i ? frontend_new_int(L->a, at ? at->type : KT_I64, i, l) : NULL, l), e, l)));
	}
}

/* `((float *)halves)[i] = val` (lv the first element, val of the view's type) as an
 * expression: val and the index held in temporaries, the elements stored, val. */
KirExpr *wide_assign(Lower *L, KirLval lv, KirExpr *val, SrcLoc l)
{
	int v = new_var(L, "wide.v", val->type, KVK_TEMP, l), at = new_var(L, "wide.at", KT_I64, KVK_TEMP, l);

	emit_pending(L, decl_stmt(L, v, val, l));
	emit_pending(L, decl_stmt(L, at, conv(L, lv.index, KT_I64), l));
	wide_store(L, lv.buffer, var_ref(L, at, l), var_ref(L, v, l), l);
	return var_ref(L, v, l);
}

/* 1 (refused at c) when a is a wide view that what (an atomic, a memset) cannot use. */
int wide_refused(Lower *L, CXCursor c, Addr a, const char *what)
{
	if (a.buffer < 0 || a.per || !wide_scalar(a.view, L->bufs.data[a.buffer].elem))
		return 0;
	error_at(L, c, "%s through a pointer that views %d %s elements of '%s' as one %s cannot be translated: only reads and whole-struct stores can",
	         what, frontend_dtype_bytes(a.view) / frontend_dtype_bytes(L->bufs.data[a.buffer].elem),
	         frontend_dtype_name(L->bufs.data[a.buffer].elem), L->bufs.data[a.buffer].name, frontend_dtype_name(a.view));
	return 1;
}

/* e / k when e is a proven multiple of k (built without a division), else NULL. */
static KirExpr *div_exact(Lower *L, KirExpr *e, int64_t k)
{
	KirExpr *l, *r;

	if (e->kind == KE_CONST && frontend_dtype_is_int(e->type))
		return e->u.c.i % k ? NULL : frontend_new_int(L->a, e->type, e->u.c.i / k, e->loc);
	if (e->kind == KE_CAST && frontend_dtype_is_int(e->type) && (l = div_exact(L, e->u.x, k)))
		return frontend_new_cast(L->a, e->type, l, e->loc);
	if (e->kind != KE_BINARY)
		return NULL;
	switch (e->u.bin.op) {
	case KB_ADD: case KB_SUB:
		l = div_exact(L, e->u.bin.l, k);
		r = l ? div_exact(L, e->u.bin.r, k) : NULL;
		return r ? frontend_new_binary(L->a, e->u.bin.op, e->type, l, r, e->loc) : NULL;
	case KB_MUL:
		if ((l = div_exact(L, e->u.bin.l, k)))
			return frontend_new_binary(L->a, KB_MUL, e->type, l, e->u.bin.r, e->loc);
		if ((r = div_exact(L, e->u.bin.r, k)))
			return frontend_new_binary(L->a, KB_MUL, e->type, e->u.bin.l, r, e->loc);
		return NULL;
	default:
		return NULL;
	}
}

/* Atomic e at a, a wide scalar view (wide_scalar): its buffer, unit index and per set
 * (1), or refused at c (0). */
int wide_atomic(Lower *L, CXCursor c, Addr a, KirExpr *e)
{
	const KirBuffer *b = &L->bufs.data[a.buffer];
	int m = frontend_dtype_bytes(a.view) / frontend_dtype_bytes(b->elem);
	KirExpr *unit = a.off ? div_exact(L, a.off, m) : frontend_new_int(L->a, KT_I32, 0, cloc(L, c));

	if (b->space != KSP_GLOBAL || frontend_dtype_bytes(e->type) != frontend_dtype_bytes(a.view)) {
		error_at(L, c, "an atomic operation through a pointer that views %d %s elements of %s '%s' as one %s cannot be translated: only on global memory",
		         m, frontend_dtype_name(b->elem), b->space == KSP_SHARED ? "shared" : "local", b->name,
		         frontend_dtype_name(a.view));
		return 0;
	}
	if (!unit) {
		error_at(L, c, "an atomic operation through a pointer that views %d %s elements of '%s' as one %s at an element offset not known to be a multiple of %d (a misaligned atomic faults on the GPU) cannot be translated: only an offset of a constant times %d can",
		         m, frontend_dtype_name(b->elem), b->name, frontend_dtype_name(a.view), m, m);
		return 0;
	}
	e->u.atomic.buffer = a.buffer;
	e->u.atomic.index = unit;
	e->u.atomic.per = m;
	return 1;
}
