/* sharedvar.c: __shared__ variables that are not one buffer of scalars (decl.c
 * global_var holds a scalar, an array, or a struct with a slot layout, struct.c, as
 * one): a pointer, and a struct with no slot layout (a pointer field, a field that
 * lies across two slots of the widest scalar's size).
 *
 * A pointer here is a buffer and an element offset (addr.c); the buffer is fixed at
 * translation time, so only the offset is data: a __shared__ pointer `p` keeps it in a
 * shared i64 buffer of one element, `p.off`, which every thread of the block reads and
 * writes with the barrier rules and race checks of any shared buffer (set by one
 * thread, read by all after __syncthreads()). Its buffer is fixed as a moving local
 * pointer's is (decl.c moving_ptr): by the first address assigned to it that is
 * lowered (expr.c ptr_set); an address in another buffer is refused where it is
 * assigned, as is a use lowered before any assignment (the buffer is not known yet).
 * Unless its assignments name two to four buffers of its element type (`s = mys;` and
 * `s = mysn;`): then it chooses between them as a local pointer does (ptrchoice.c), its
 * choice a shared i32 buffer `p.buf` of one element beside `p.off`
 * (shared_choice_candidates).
 *
 * A __shared__ struct without a slot layout is one shared buffer per field, bound
 * under the field's key as a local struct's field variables are (decl.c
 * field_var_of): a scalar field a buffer of one element (as a __shared__ scalar), an
 * array field a buffer of the array, a pointer field a __shared__ pointer, a nested
 * struct its fields in turn. Its fields are used one by one (`s.f`, `s.a[i]`,
 * `s.in.g`, `&s.f`, `s.p[i]`), a base class's fields among them (struct.c
 * visit_fields); a union in it is refused at the declaration, and a use of the struct
 * as a whole (a copy) where it is used (decl.c global_var). */
#include "parse.h"

/* A new one-element __shared__ buffer NAME (unique) of type elem: a shared pointer's
 * offset (`p.off`) or buffer choice (`p.buf`, ptrchoice.c). Returns its index. */
int shared_scalar_buffer(Lower *L, const char *name, KirDType elem, SrcLoc loc)
{
	KirBuffer kb = {0};

	kb.name = unique(L, name);
	kb.space = KSP_SHARED;
	kb.elem = elem;
	kb.ndims = 1;
	kb.dims[0] = kb.count = 1;
	kb.param = -1;
	kb.loc = loc;
	VEC_PUSH(L->bufs, kb);
	return (int)L->bufs.len - 1;
}

/* A __shared__ pointer named name (its offset buffer `name.off`) bound under key. */
static Bind *shared_ptr_at(Lower *L, const char *key, const char *name, SrcLoc loc)
{
	Bind *b;
	int off = shared_scalar_buffer(L, arena_printf(L->a, "%s.off", name), KT_I64, loc);

	b = new_bind(L, BK_PTR);
	b->buffer = -1;
	b->offbuf = off;
	put_bind(L, key, b);
	return b;
}

/* Declaration d of a __shared__ pointer variable, bound under key. */
void shared_ptr(Lower *L, CXCursor d, const char *key)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(d));

	if (clang_getCanonicalType(clang_getPointeeType(t)).kind == CXType_FunctionProto) {
		error_at(L, d, "function pointers cannot be translated");
		return;
	}
	/* assigned addresses in several buffers: a shared choice beside (ptrchoice.c) */
	shared_choice_candidates(L, d, shared_ptr_at(L, key, spell(L->a, d), cloc(L, d)), spell(L->a, d));
}

/* The offset of shared pointer b, as read now. */
KirExpr *shared_ptr_off(Lower *L, Bind *b, SrcLoc l)
{
	KirExpr *e = frontend_new_expr(L->a, KE_LOAD, KT_I64, l);

	e->u.load.buffer = b->offbuf;
	e->u.load.index = frontend_new_int(L->a, KT_I32, 0, l);
	return e;
}

/* The lvalue of shared pointer b's offset (for `p = a`, `p += k`, `p++`). */
KirLval shared_ptr_lval(Lower *L, Bind *b, SrcLoc l)
{
	KirLval lv = {0};

	lv.var = -1;
	lv.buffer = b->offbuf;
	lv.index = frontend_new_int(L->a, KT_I32, 0, l);
	return lv;
}

/* Whether struct type t (or a struct in it) is a union; said at at for the __shared__
 * variable named var. (A base class's fields are walked first, struct.c visit_fields.) */
static int shared_struct_bad(Lower *L, CXCursor at, CXType t, const char *var, const char *what)
{
	if (is_union(t)) {
		error_at(L, at, "__shared__ struct '%s': %s '%s' is a union, which a __shared__ struct without a slot "
		         "layout cannot hold (one shared buffer per field)", var, what, type_name(L->a, t));
		return 1;
	}
	return 0;
}

typedef struct SharedWalk {
	CXCursor decl;           /* the variable */
	SrcLoc loc;
} SharedWalk;

static void shared_field(FieldWalk *w, CXCursor field, const char *key, const char *name)
{
	Lower *L = w->L;
	SharedWalk *sw = w->data;
	CXType t = clang_getCursorType(field), ct = clang_getCanonicalType(t);
	KirDType dt = dt_of(t);
	Bind *b;

	if (is_record(t)) {
		if (!shared_struct_bad(L, sw->decl, t, spell(L->a, sw->decl), arena_printf(L->a, "field '%s' of type", name)))
			walk_fields(w, t, key, name);
		return;
	}
	if (ct.kind == CXType_Pointer && clang_getCanonicalType(clang_getPointeeType(ct)).kind != CXType_FunctionProto) {
		shared_ptr_at(L, key, name, sw->loc);
		return;
	}
	if (ct.kind == CXType_ConstantArray && array_elems(ct, NULL, NULL) > 0) {
		b = new_bind(L, BK_PTR);    /* `s.a[i]`, `s.a + k` address it, as a __shared__ array */
		b->buffer = new_buffer(L, name, KSP_SHARED, t, sw->loc);
		put_bind(L, key, b);
		return;
	}
	if (ct.kind == CXType_ConstantArray || dt == KT_VOID || dt == KT_PTR) {
		error_at(L, field, "field '%s' of type '%s' of __shared__ struct '%s' is not supported (scalars, arrays of "
		         "scalars, pointers and structs of them are)", name, type_name(L->a, t), spell(L->a, sw->decl));
		return;
	}
	b = new_bind(L, BK_MEM);        /* a buffer of one element, as a __shared__ scalar */
	b->buffer = new_buffer(L, name, KSP_SHARED, t, sw->loc);
	b->off = frontend_new_int(L->a, KT_I32, 0, sw->loc);
	put_bind(L, key, b);
}

/* Declaration d of a __shared__ variable of struct type t that has no slot layout (no
 * single buffer holds it), bound field by field under key. */
void shared_struct(Lower *L, CXCursor d, CXType t, const char *key)
{
	SharedWalk sw = {d, cloc(L, d)};
	FieldWalk w = {L, NULL, NULL, shared_field, &sw, L->fr};

	if (is_union(t)) {
		error_at(L, d, "__shared__ union '%s' of type '%s' is not supported (its members share their bytes; a "
		         "__shared__ struct without a slot layout is held one shared buffer per field)", spell(L->a, d),
		         type_name(L->a, t));
		return;
	}
	if (shared_struct_bad(L, d, t, spell(L->a, d), "its type"))
		return;
	walk_fields(&w, t, key, spell(L->a, d));
}
