/* kernel.c: one kernel lowered. Holds the helpers every lowering file uses (a located
 * error noting the kernel or the inlined device function, variables with unique names,
 * binds in frames, statement constructors), the kernel's parameters (buffers, scalars
 * from --set, struct fields) and lower_kernel, which lowers the body and then takes
 * the launch configuration and buffer sizes from the command line or the host code. */
#include "parse.h"

/* ---- lowering helpers ---- */

SrcLoc cloc(Lower *L, CXCursor c)
{
	return loc_of(L->a, clang_getCursorLocation(c));
}

void error_at(Lower *L, CXCursor c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_vreport(DIAG_ERROR, cloc(L, c), fmt, ap);
	va_end(ap);
	if (L->fr && L->fr->fn)
		diag_note(NOLOC, "inlined from a call in kernel '%s' (device function '%s')", L->k->name,
		          L->fr->fn);
	else if (L->k)
		diag_note(NOLOC, "in kernel '%s'", L->k->name);
	L->failed = 1;
}

KirExpr *poison(Lower *L, CXCursor c)
{
	return frontend_new_int(L->a, KT_I32, 0, cloc(L, c));
}

const char *unique(Lower *L, const char *name)
{
	intptr_t n = (intptr_t)map_get(L->names, name);

	map_put(L->names, name, (void *)(n + 1));
	if (!n)
		return arena_strdup(L->a, name);
	for (;;) {
		const char *s = arena_printf(L->a, "%s.%ld", name, (long)n);
		if (!map_has(L->names, s)) {
			map_put(L->names, s, (void *)1);
			return s;
		}
		n++;
	}
}

int new_var(Lower *L, const char *name, KirDType t, KirVarKind kind, SrcLoc loc)
{
	KirVar v = {unique(L, name), t, kind, loc, 0};

	VEC_PUSH(L->vars, v);
	VEC_PUSH(L->stable, 0);
	VEC_PUSH(L->cinit, NULL);
	VEC_PUSH(L->vinit, NULL);
	return (int)L->vars.len - 1;
}

KirExpr *var_ref(Lower *L, int v, SrcLoc loc)
{
	KirExpr *e = frontend_new_expr(L->a, KE_VAR, L->vars.data[v].type, loc);

	e->u.var = v;
	return e;
}

Bind *new_bind(Lower *L, BindKind k)
{
	Bind *b = ARENA_NEW(L->a, Bind);

	b->kind = k;
	b->offvar = -1;
	b->choicevar = -1;
	b->choicebuf = -1;
	b->nullvar = -1;
	b->nullneg = -1;
	b->offbuf = -1;
	return b;
}

void put_bind(Lower *L, const char *key, Bind *b)
{
	map_put(L->fr->binds, key, b);
}

/* The bind of `key` in the innermost frame that has it (keys name declarations, and no
 * function is active twice, so a key is bound in one active frame at most), else a
 * global's. A member function's `this` reaches the object's fields in its caller. */
Bind *find_bind(Lower *L, const char *key)
{
	for (Frame *f = L->fr; f; f = f->up) {
		Bind *b = map_get(f->binds, key);
		if (b)
			return b;
	}
	return map_get(L->globals, key);
}

Bind *lookup(Lower *L, CXCursor decl)
{
	return find_bind(L, dkey(L->a, decl));
}

KirStmt *block_of(Lower *L, StmtVec *v, SrcLoc loc)
{
	KirStmt *s = frontend_new_stmt(L->a, KS_BLOCK, loc);

	s->u.block.nstmts = v->len;
	s->u.block.stmts = ARENA_ARRAY(L->a, KirStmt *, v->len ? v->len : 1);
	if (v->len)
		memcpy(s->u.block.stmts, v->data, v->len * sizeof *v->data);
	VEC_FREE(*v);
	return s;
}

KirStmt *expr_stmt(Lower *L, KirExpr *e)
{
	KirStmt *s;

	/* a store or an atomic through a view whose value is unused: the view's conversions
	 * of the element (a bitcast; a narrow field's mask, narrowing and bitcast or != 0)
	 * dropped */
	for (KirExpr *x = e;;) {
		if (x->kind == KE_BITCAST || x->kind == KE_CAST)
			x = x->u.x;
		else if (x->kind == KE_BINARY && x->u.bin.r->kind == KE_CONST)
			x = x->u.bin.l;
		else {
			if (x != e && (x->kind == KE_ASSIGN || x->kind == KE_ATOMIC))
				e = x;
			break;
		}
	}
	if (e->kind == KE_VAR || e->kind == KE_CONST) {   /* `x;`, a wide store's value: no effect */
		StmtVec none = {0};
		return block_of(L, &none, e->loc);
	}
	s = frontend_new_stmt(L->a, KS_EXPR, e->loc);

	s->u.expr = e;
	return s;
}

KirStmt *decl_stmt(Lower *L, int var, KirExpr *init, SrcLoc loc)
{
	KirStmt *s = frontend_new_stmt(L->a, KS_DECL, loc);

	s->u.decl.var = var;
	s->u.decl.init = init;
	return s;
}

void emit_pending(Lower *L, KirStmt *s)
{
	if (!L->pending)
		die("no statement context for a hoisted statement");
	VEC_PUSH(*L->pending, s);
}

/* ---- kernel parameters ---- */

static void scalar_param(Lower *L, CXCursor p, const char *key, const char *name, KirDType dt)
{
	KirParam kp = {name, dt, -1, 0, {dt, 0, 0}, cloc(L, p), 0, 0, 0};
	const char *set = options_get_set(L->cx->o, name);
	Bind *b = new_bind(L, BK_PARAM);

	if (set)
		kp.bound = flag_value(L, p, name, set, dt, &kp.value);
	map_put(L->names, name, (void *)1);
	VEC_PUSH(L->params, kp);
	VEC_PUSH(L->argidx, L->cur_arg);
	b->idx = (int)L->params.len - 1;
	put_bind(L, key, b);
}

/* `--set P=0` for pointer parameter P: the launch passes null (`k<<<g, b>>>(x, nullptr)`
 * for an optional output tested with `if (out)`). P is bound as a literal nullptr passed
 * to a device function is (call.c): its tests are constants and any other use in code
 * that runs is refused (addr.c); its buffer, one element that nothing reads or writes,
 * keeps the parameter in the module's ABI (cudart binds zeros to it). */
static int null_param(Lower *L, CXCursor p, const char *name, Bind *b)
{
	const char *set = options_get_set(L->cx->o, name);

	if (!set)
		return 0;
	if (strcmp(set, "0") || options_get_size(L->cx->o, name)) {
		error_at(L, p, "--set %s=%s: a pointer parameter can only be set to 0 (null), and then has no --size", name, set);
		return 0;
	}
	b->isnullptr = 1;
	return 1;
}

static void pointer_param(Lower *L, CXCursor p, CXType t, const char *key, const char *name)
{
	CXType pt = param_pointee(t), et = pt;
	KirParam kp = {name, KT_PTR, -1, 0, {KT_PTR, 0, 0}, cloc(L, p), 0, 0, 0};
	int buf, untyped = 0;
	Bind *b = new_bind(L, BK_PTR);
	const char *sz = options_get_size(L->cx->o, name);

	if (is_record(pt) && !struct_layout(pt, NULL, NULL)) {
		error_at(L, p, "pointer parameter '%s' to struct '%s' is not supported: %s; a struct in memory must be scalars of one size (float2, a struct of floats; padding allowed), stored as a flat tensor",
		    name, type_name(L->a, pt), struct_layout_why(L->a, pt));
		return;
	}
	if (clang_getCanonicalType(pt).kind == CXType_Void) {   /* typed by its casts (voidptr.c) */
		if (!void_buffer_type(L, p, name, &et))
			return;
		untyped = 1;
	} else if (mem_elem(scalar_elem(pt)) == KT_VOID || mem_elem(scalar_elem(pt)) == KT_PTR) {
		error_at(L, p, "pointer parameter '%s' to '%s' is not supported (pointers to scalars only)", name, type_name(L->a, pt));
		return;
	}
	if (null_param(L, p, name, b))
		sz = "1";
	buf = new_buffer(L, name, KSP_GLOBAL, et, cloc(L, p));
	L->bufs.data[buf].ndims = 0;      /* (a struct pointee: its scalars, no shape) */
	L->bufs.data[buf].is_const = elem_const(pt);
	L->bufs.data[buf].untyped = untyped;
	L->bufs.data[buf].is_restrict = clang_isRestrictQualifiedType(t);
	/* --size counts objects of the pointee type: a float4 or struct buffer of N
	 * objects is a tensor of N * (scalars per object) elements, and so is a
	 * `float (*a)[4]` (or `float a[][4]`) buffer of N rows */
	L->bufs.data[buf].per_object = array_elems(et, NULL, NULL);
	L->bufs.data[buf].count = sz ? flag_size(L, p, name, sz, et) * L->bufs.data[buf].per_object : 0;
	L->bufs.data[buf].param = (int)L->params.len;
	kp.buffer = buf;
	VEC_PUSH(L->params, kp);
	VEC_PUSH(L->argidx, L->cur_arg);
	b->buffer = buf;
	if (map_has(L->cx->devassigned, key)) {    /* advanced in the body (src += base): an offset from 0 */
		b->offvar = new_var(L, arena_printf(L->a, "%s.off", name), KT_I64, KVK_OFFSET, cloc(L, p));
		emit_pending(L, decl_stmt(L, b->offvar, frontend_new_int(L->a, KT_I64, 0, cloc(L, p)), cloc(L, p)));
	}
	put_bind(L, key, b);
}

/* An array field t (over FIELD_ELEMS_MAX scalars: `float w[20][6]`, an array of a
 * struct of one-size scalars) of a struct passed by value: one read-only buffer of its
 * scalars, bound like a pointer to its first element (`p.w[i][j]`, `&p.w[i][0]` are
 * addresses into it); cudart/jit.c hands the argument's bytes at the field to it. */
static void field_buffer_param(Lower *L, CXCursor field, CXType t, const char *key, const char *name)
{
	CXType et = clang_getCanonicalType(t);
	KirParam kp = {name, KT_PTR, -1, 0, {KT_PTR, 0, 0}, cloc(L, field), 0, 0, 0};
	Bind *b;
	int buf;

	while (et.kind == CXType_ConstantArray)
		et = clang_getCanonicalType(clang_getArrayElementType(et));
	if ((is_record(et) && !struct_layout(et, NULL, NULL)) ||
	    (!is_record(et) && (dt_of(et) == KT_VOID || dt_of(et) == KT_PTR))) {
		error_at(L, field, "struct field '%s' of type '%s' is not supported: an array field over %d scalars is passed as a buffer, whose elements must be numbers or structs of numbers of one size",
		         name, type_name(L->a, t), FIELD_ELEMS_MAX);
		return;
	}
	buf = new_buffer(L, name, KSP_GLOBAL, t, cloc(L, field));
	L->bufs.data[buf].ndims = 0;      /* a flat input, as a pointer parameter's */
	L->bufs.data[buf].is_const = 1;
	L->bufs.data[buf].in_arg = 1;
	L->bufs.data[buf].param = (int)L->params.len;
	kp.buffer = buf;
	VEC_PUSH(L->params, kp);
	VEC_PUSH(L->argidx, L->cur_arg);
	b = new_bind(L, BK_PTR);
	b->buffer = buf;
	put_bind(L, key, b);
}

/* A field (or field element) of type t of a struct passed by value: a nested struct's
 * fields, an array's elements (`p.w[0]`, ..., up to FIELD_ELEMS_MAX scalars, each a
 * parameter of its own, read at a run-time index through field_elems.c; a larger array
 * is one buffer), a pointer, or a scalar. The parameters follow the struct's C layout
 * in order (cudart/jit.c). */
static void param_elem(FieldWalk *w, CXCursor field, CXType t, const char *key, const char *name)
{
	CXType ct = clang_getCanonicalType(t);

	if (is_record(t))
		walk_fields(w, t, key, name);
	else if (ct.kind == CXType_ConstantArray && array_elems(ct, NULL, NULL) > 0 &&
	         array_elems(ct, NULL, NULL) <= FIELD_ELEMS_MAX)
		for (long long i = 0; i < clang_getArraySize(ct) && !w->L->failed; i++)
			param_elem(w, field, clang_getArrayElementType(ct), arena_printf(w->L->a, "%s[%lld]", key, i),
			           arena_printf(w->L->a, "%s[%lld]", name, i));
	else if (ct.kind == CXType_ConstantArray && array_elems(ct, NULL, NULL) > FIELD_ELEMS_MAX)
		field_buffer_param(w->L, field, t, key, name);
	else if (ct.kind == CXType_Pointer)
		pointer_param(w->L, field, t, key, name);
	else if (dt_of(t) != KT_VOID)
		scalar_param(w->L, field, key, name, dt_of(t));
	else
		error_at(w->L, field, "struct field '%s' of type '%s' is not supported", name, type_name(w->L->a, t));
}

static void param_field(FieldWalk *w, CXCursor field, const char *key, const char *name)
{
	CXType t = clang_getCursorType(field);

	if (clang_Cursor_isBitField(field))
		error_at(w->L, field, "struct field '%s' is a bit-field: a kernel parameter with bit-fields is not supported", name);
	else if (clang_getCanonicalType(t).kind == CXType_ConstantArray)
		param_elem(w, field, t, key, name);
	else if (is_record(t))
		walk_fields(w, t, key, name);
	else if (clang_getCanonicalType(t).kind == CXType_Pointer)
		pointer_param(w->L, field, t, key, name);
	else if (dt_of(t) != KT_VOID)
		scalar_param(w->L, field, key, name, dt_of(t));
	else
		error_at(w->L, field, "struct field '%s' of type '%s' is not supported", name, type_name(w->L->a, t));
}

/* Whether pointee type t of a kernel parameter is a descriptor: a struct with a pointer
 * field that is no flat tensor of one-size scalars (gmm's `clusters_t { float *N, *pi;
 * ... }`, a struct-of-arrays handle in device memory). */
static int is_descriptor(Lower *L, CXType t)
{
	StrVec paths;
	int ptr = 0;

	if (!is_record(t) || struct_layout(t, NULL, NULL))
		return 0;
	paths = field_paths(L, t);
	for (size_t i = 0; i < paths.len; i++)
		ptr |= clang_getCanonicalType(field_type(L, t, paths.data[i])).kind == CXType_Pointer;
	VEC_FREE(paths);
	return ptr;
}

/* A pointer parameter p to a descriptor struct: the flattened parameters of the struct
 * passed by value ("p.N", "p.n"), each marked indirect (cudart reads them from the
 * struct the argument points to when the kernel is launched), and p bound BK_DESC, so
 * any use of p but a read of a field (`p->f`, `(*p).f`, `p[0].f`) or passing it to a
 * device function is refused where it is (addr.c, expr.c lval_of). Reading the fields
 * once at launch is exact because nothing stores into the struct itself. */
/* The byte offsets, in struct type t's C layout (libclang's: inner padding counted), of
 * the parameters from index `first` that the walk of parameter `name` flattened ("g.in.n"
 * is field path ".in.n" of t, "p.w[2]" is ".w[2]"): cudart lays the launch's argument
 * bytes over them (jit.c layout); -1 where the name is no field path of t. */
static void field_offsets(Lower *L, CXType t, const char *name, size_t first)
{
	size_t n = strlen(name);

	for (size_t i = first; i < L->params.len; i++) {
		KirParam *p = &L->params.data[i];
		int64_t bits = -1;
		if (!strncmp(p->name, name, n) && (p->name[n] == '.' || p->name[n] == '['))
			bits = field_bits_known(L, t, p->name + n);
		p->argoff = bits >= 0 && bits % 8 == 0 ? bits / 8 : -1;
	}
}

static void descriptor_param(Lower *L, CXType t, const char *key, const char *name)
{
	FieldWalk w = {L, NULL, NULL, param_field, NULL, L->fr};
	size_t first = L->params.len;

	walk_fields(&w, t, key, name);
	field_offsets(L, t, name, first);
	for (size_t i = first; i < L->params.len; i++)
		L->params.data[i].indirect = 1;
	put_bind(L, key, new_bind(L, BK_DESC));
}

/* A use at c of descriptor pointer `name` that is no read of a field: refused. */
void desc_refuse(Lower *L, CXCursor c, const char *name)
{
	if (!L->failed)
		error_at(L, c, "'%s' points to a struct in device memory whose fields are read when the kernel is launched: only reads of its fields (%s->f, (*%s).f, %s[0].f) and passing it to a device function can be translated, not this use",
		         name, name, name, name);
}

static void kernel_params(Lower *L, CXCursor fn)
{
	int n = clang_Cursor_getNumArguments(fn);

	for (int i = 0; i < n; i++) {
		CXCursor p = clang_Cursor_getArgument(fn, (unsigned)i);
		CXType t = clang_getCursorType(p);
		const char *name = spell(L->a, p), *key = dkey(L->a, p);
		L->cur_arg = i;
		if (is_pointer_param(t) && is_descriptor(L, param_pointee(t))) {
			descriptor_param(L, param_pointee(t), key, name);
		} else if (is_pointer_param(t)) {
			pointer_param(L, p, t, key, name);
		} else if (is_record(t)) {
			FieldWalk w = {L, NULL, NULL, param_field, NULL, L->fr};
			size_t first = L->params.len;
			walk_fields(&w, t, key, name);
			field_offsets(L, t, name, first);
		} else if (dt_of(t) != KT_VOID) {
			scalar_param(L, p, key, name, dt_of(t));
		} else {
			error_at(L, p, "kernel parameter '%s' of type '%s' is not supported", name, type_name(L->a, t));
		}
	}
}

/* Scalar parameters the kernel assigns, or whose address it takes (`f(&seed)` with f
 * updating *seed), get a local copy (KVK_PARAM) at entry: each thread's own variable,
 * as a CUDA parameter is. */
static enum CXChildVisitResult find_assigned(CXCursor c, CXCursor parent, CXClientData d)
{
	Lower *L = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor lhs;

	(void)parent;
	if ((k == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) ||
	    k == CXCursor_CompoundAssignOperator ||
	    (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) <= CXUnaryOperator_PreDec &&
	     clang_getCursorUnaryOperatorKind(c) >= CXUnaryOperator_PostInc) ||
	    (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf)) {
		lhs = kid(c, 0);
		while (clang_getCursorKind(lhs) == CXCursor_ParenExpr || clang_getCursorKind(lhs) == CXCursor_UnexposedExpr)
			lhs = kid(lhs, 0);
		if (clang_getCursorKind(lhs) == CXCursor_DeclRefExpr) {
			Bind *b = map_get(L->fr->binds, dkey(L->a, clang_getCursorReferenced(lhs)));
			if (b && b->kind == BK_PARAM) {
				KirParam *p = &L->params.data[b->idx];
				int v = new_var(L, p->name, p->type, KVK_PARAM, p->loc);
				KirExpr *init = frontend_new_expr(L->a, KE_PARAM, p->type, p->loc);
				init->u.param = b->idx;
				if (p->bound)
					init = frontend_new_const(L->a, p->value, p->loc);
				emit_pending(L, decl_stmt(L, v, init, p->loc));
				b->kind = BK_VAR;
				b->idx = v;
			}
		}
	}
	return CXChildVisit_Recurse;
}

/* ---- kernels ---- */

CXCursor body_of(CXCursor fn)
{
	CursorVec v = kids(fn);
	CXCursor b = clang_getNullCursor();

	for (size_t i = 0; i < v.len; i++)
		if (clang_getCursorKind(v.data[i]) == CXCursor_CompoundStmt)
			b = v.data[i];
	VEC_FREE(v);
	return b;
}

static const KirLaunch *find_launch(Ctx *cx, const char *name, int *idx)
{
	for (size_t i = 0; i < cx->launches.len; i++)
		if (!strcmp(cx->launches.data[i].kernel, name) && cx->launches.data[i].have_config) {
			*idx = (int)i;
			return &cx->launches.data[i];
		}
	for (size_t i = 0; i < cx->launches.len; i++)
		if (!strcmp(cx->launches.data[i].kernel, name)) {
			*idx = (int)i;
			return &cx->launches.data[i];
		}
	*idx = -1;
	return NULL;
}

/* Launch configuration and buffer sizes: the command line first, then the host code. */
/* The launch's grid and block, known before the body is lowered (a shuffle's width
 * may be blockDim.x: builtin.c). */
static void kernel_geometry(Lower *L, KirKernel *k)
{
	const Options *o = L->cx->o;
	const KirLaunch *l = find_launch(L->cx, k->name, &k->launch);

	if (o->have_grid || (l && l->have_config)) {
		memcpy(k->grid, o->have_grid ? o->grid : l->grid, sizeof k->grid);
		k->have_grid = 1;
	}
	if (o->have_block || (l && l->have_block)) {
		memcpy(k->block, o->have_block ? o->block : l->block, sizeof k->block);
		k->have_block = 1;
	}
}

static void kernel_defaults(Lower *L, KirKernel *k)
{
	const Options *o = L->cx->o;
	const KirLaunch *l = find_launch(L->cx, k->name, &k->launch);

	k->shmem = o->have_shmem ? (int64_t)o->shmem : l && l->have_config ? l->shmem : 0;
	for (size_t i = 0; i < k->nbufs; i++) {
		KirBuffer *b = &k->bufs[i];
		int64_t eb = frontend_dtype_bytes(b->elem);
		if (b->is_extern && k->shmem)
			b->count = k->shmem / eb;
		/* (not a descriptor's field: the argument's allocation is the struct's, not the field's) */
		if (b->space == KSP_GLOBAL && !b->count && l && b->param >= 0 && !k->params[b->param].indirect) {
			size_t ai = (size_t)L->argidx.data[b->param];
			const char *key = ai < l->nargs ? l->args[ai] : NULL;
			intptr_t al = key ? (intptr_t)map_get(L->cx->allocvars, key) : 0;
			if (al)
				b->count = L->cx->allocs.data[al - 1].bytes / eb;
		}
	}
	flag_check_launch(L, k, l);
}

#define TO_ARENA(L, vec, T, dst, n) \
	do { \
		(n) = (vec).len; \
		(dst) = ARENA_ARRAY((L)->a, T, (vec).len ? (vec).len : 1); \
		if ((vec).len) \
			memcpy((dst), (vec).data, (vec).len * sizeof(T)); \
		VEC_FREE(vec); \
	} while (0)

static void dump_tree(CXCursor c, int depth)
{
	CursorVec v = kids(c);
	CXString k = clang_getCursorKindSpelling(clang_getCursorKind(c)), s = clang_getCursorSpelling(c);
	CXString t = clang_getTypeSpelling(clang_getCursorType(c));

	fprintf(stderr, "%*s%s '%s' : %s\n", 2 * depth, "", clang_getCString(k), clang_getCString(s), clang_getCString(t));
	clang_disposeString(k);
	clang_disposeString(s);
	clang_disposeString(t);
	for (size_t i = 0; i < v.len; i++)
		dump_tree(v.data[i], depth + 1);
	VEC_FREE(v);
}

int lower_kernel(Ctx *cx, CXCursor fn, const char *name, KirKernel *k)
{
	Lower L = {0};
	Frame top = {0};
	StmtVec body = {0};
	CXCursor b = body_of(fn);

	if (reach_errors(cx, fn))   /* clang's errors in the kernel or what it uses */
		return 1;
	L.cx = cx;
	L.a = cx->a;
	L.k = k;
	L.names = map_create();
	L.globals = map_create();
	top.binds = map_create();
	top.label = 0;
	top.result = -1;
	L.fr = &top;
	L.pending = &body;
	L.hoist_ok = 1;
	L.stmt = clang_getNullCursor();
	k->name = name;
	k->loc = cloc(&L, fn);
	scan_changed(cx);
	if (getenv("CUDA2HLO_DUMP_AST"))   /* debugging aid: the libclang cursor tree */
		dump_tree(fn, 0);
	kernel_geometry(&L, k);
	L.fn = fn;
	scan_kernel_fields(&L, fn);
	kernel_params(&L, fn);
	clang_visitChildren(b, find_assigned, &L);
	ls(&L, b);
	k->body = body.len == 1 ? body.data[0] : block_of(&L, &body, cloc(&L, b));
	VEC_FREE(body);
	narrow_rows_check(&L, k->body);
	VEC_FREE(L.rows);
	VEC_FREE(L.nstores);
	VEC_FREE(L.condnull);
	k->nlabels = L.nlabels;
	k->printf = printf_desc(&L);
	TO_ARENA(&L, L.params, KirParam, k->params, k->nparams);
	TO_ARENA(&L, L.bufs, KirBuffer, k->bufs, k->nbufs);
	TO_ARENA(&L, L.vars, KirVar, k->vars, k->nvars);
	kernel_defaults(&L, k);
	VEC_FREE(L.argidx);
	VEC_FREE(L.stable);
	VEC_FREE(L.cinit);
	VEC_FREE(L.vinit);
	map_destroy(L.names);
	map_destroy(L.globals);
	map_destroy(L.memfields);
	map_destroy(top.binds);
	if (!L.failed)
		missing_warn(cx, fn, name, k->loc);
	return L.failed ? 1 : 0;
}
