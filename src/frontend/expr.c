/* expr.c: expressions. Consumes a libclang expression cursor; produces a typed KirExpr
 * (lx) or, for an assignment's target, a KirLval (lval_of): literals and constants,
 * declaration references through their binds, members, assignments (also of moving
 * pointers), C's usual conversions, unary, binary and conditional operators, casts.
 * Memory is reached through addr.c's (buffer, offset) addresses; calls go to call.c. */
#include <ctype.h>
#include "parse.h"

KirDType ctype(CXCursor c)
{
	return dt_of(clang_getCursorType(c));
}

KirExpr *conv(Lower *L, KirExpr *e, KirDType t)
{
	if (t == KT_I1 && e->type != KT_I1 && e->kind != KE_CONST) {
		KirExpr *z = frontend_new_cast(L->a, e->type, frontend_new_int(L->a, KT_I32, 0, e->loc), e->loc);
		if (frontend_dtype_is_float(e->type))
			z = frontend_new_const(L->a, frontend_const_convert((KirConst){KT_I32, 0, 0}, e->type), e->loc);
		return frontend_new_binary(L->a, KB_NE, KT_I1, e, z, e->loc);
	}
	return frontend_new_cast(L->a, t, e, e->loc);
}

KirExpr *cond_of(Lower *L, CXCursor c)
{
	return conv(L, lx(L, c), KT_I1);
}

int eval_int(CXCursor c, int64_t *out)
{
	CXEvalResult r = clang_Cursor_Evaluate(c);
	int ok = 0;

	if (r && clang_EvalResult_getKind(r) == CXEval_Int) {
		*out = clang_EvalResult_isUnsignedInt(r) ? (int64_t)clang_EvalResult_getAsUnsigned(r) :
		       (int64_t)clang_EvalResult_getAsLongLong(r);
		ok = 1;
	}
	if (r)
		clang_EvalResult_dispose(r);
	return ok;
}

int eval_const(CXCursor c, KirDType t, KirConst *out)
{
	enum CXTypeKind tk = clang_getCanonicalType(clang_getCursorType(c)).kind;
	CXEvalResult r;
	int ok = 0;

	/* libclang's evaluator crashes on an initialiser list of an array (`{{0}}`); no
	 * aggregate is a scalar constant anyway */
	if (tk == CXType_ConstantArray || tk == CXType_IncompleteArray || tk == CXType_Record)
		return 0;
	r = clang_Cursor_Evaluate(c);
	if (!r)
		return 0;
	if (clang_EvalResult_getKind(r) == CXEval_Int) {
		KirConst k = {clang_EvalResult_isUnsignedInt(r) ? KT_U64 : KT_I64, 0, 0};
		k.i = clang_EvalResult_isUnsignedInt(r) ? (int64_t)clang_EvalResult_getAsUnsigned(r) :
		      (int64_t)clang_EvalResult_getAsLongLong(r);
		*out = frontend_const_convert(k, t);
		ok = 1;
	} else if (clang_EvalResult_getKind(r) == CXEval_Float) {
		KirConst k = {KT_F64, 0, clang_EvalResult_getAsDouble(r)};
		*out = frontend_const_convert(k, t);
		ok = 1;
	}
	clang_EvalResult_dispose(r);
	return ok;
}

static KirExpr *lliteral(Lower *L, CXCursor c)
{
	KirDType t = ctype(c);
	KirConst k;

	if (clang_getCursorKind(c) == CXCursor_CXXBoolLiteralExpr) {
		CXToken *tok = clang_getToken(L->cx->tu, clang_getCursorLocation(c));
		const char *s = tok ? str(L->a, clang_getTokenSpelling(L->cx->tu, *tok)) : "";
		if (tok)
			clang_disposeTokens(L->cx->tu, tok, 1);
		return frontend_new_int(L->a, KT_I1, !strcmp(s, "true"), cloc(L, c));
	}
	if (!eval_const(c, t, &k)) {
		error_at(L, c, "cannot evaluate this literal");
		return poison(L, c);
	}
	return frontend_new_const(L->a, k, cloc(L, c));
}

static KirBuiltin builtin_of(const char *var, const char *field)
{
	static const char *const vars[] = {"threadIdx", "blockIdx", "blockDim", "gridDim"};

	for (int i = 0; i < 4; i++)
		if (!strcmp(var, vars[i]) && field[0] >= 'x' && field[0] <= 'z' && !field[1])
			return (KirBuiltin)(3 * i + field[0] - 'x');
	return KBI_COUNT;
}

KirExpr *new_builtin(Lower *L, KirBuiltin b, SrcLoc loc)
{
	KirExpr *e = frontend_new_expr(L->a, KE_BUILTIN, b == KBI_WARPSIZE ? KT_I32 : KT_U32, loc);

	e->u.builtin = b;
	return e;
}

KirExpr *bind_value(Lower *L, CXCursor c, Bind *b)
{
	SrcLoc l = cloc(L, c);
	KirExpr *e;

	switch (b->kind) {
	case BK_VAR:
		return var_ref(L, b->idx, l);
	case BK_VIEW:
		return bitcast_to(L, b->view, var_ref(L, b->idx, l), l);
	case BK_PARAM:
		if (L->params.data[b->idx].bound)
			return frontend_new_const(L->a, L->params.data[b->idx].value, l);
		e = frontend_new_expr(L->a, KE_PARAM, L->params.data[b->idx].type, l);
		e->u.param = b->idx;
		return e;
	case BK_CONST:
		return frontend_new_const(L->a, b->c, l);
	case BK_EXPR:
		return b->expr;
	case BK_MEM:
		if (b->buffer < 0) {      /* a reference member not bound yet (refmember.c) */
			error_at(L, c, "this reference member is used before a constructor binds it");
			return poison(L, c);
		}
		e = frontend_new_expr(L->a, KE_LOAD, L->bufs.data[b->buffer].elem, l);
		e->u.load.buffer = b->buffer;
		e->u.load.index = b->off;
		return e;
	case BK_BITREF:
		return bits_ref_value(L, b->bits, l);
	case BK_DESC:
		desc_refuse(L, c, spell(L->a, c));
		return poison(L, c);
	default:
		error_at(L, c, "a pointer or group is used as a value here; only memory accesses through it can be translated");
		return poison(L, c);
	}
}

static KirExpr *ldeclref(Lower *L, CXCursor c)
{
	CXCursor d = clang_getCursorReferenced(c);
	enum CXCursorKind dk = clang_getCursorKind(d);
	Bind *b;
	KirConst k;

	if (dk == CXCursor_EnumConstantDecl) {
		KirConst e = {KT_I64, clang_getEnumConstantDeclValue(d), 0};
		return frontend_new_const(L->a, frontend_const_convert(e, ctype(c)), cloc(L, c));
	}
	if (nkids(c) == 1 && clang_isExpression(clang_getCursorKind(kid(c, 0))) && !is_var_instance(d)) {
		/* a template instance: a non-type parameter stands for its argument's value (the
		 * kid of `tab<3>` is its template argument: vartmpl.c) */
		if (eval_const(c, ctype(c), &k))
			return frontend_new_const(L->a, k, cloc(L, c));
		return conv(L, lx(L, kid(c, 0)), ctype(c));
	}
	if (dk == CXCursor_FunctionDecl || dk == CXCursor_CXXMethod) {
		error_at(L, c, "function pointers are not supported: '%s' is used as a value", spell(L->a, d));
		return poison(L, c);
	}
	b = lookup(L, d);
	if (!b && (dk == CXCursor_VarDecl || is_var_instance(d))) {
		int errs = diag_error_count();
		b = global_var(L, d);        /* a scalar __constant__/__shared__/__device__ first used here */
		if (!b && diag_error_count() > errs)
			return poison(L, c);      /* refused at its declaration */
	}
	if (b)
		return bind_value(L, c, b);
	if (!strcmp(spell(L->a, d), "warpSize"))
		return new_builtin(L, KBI_WARPSIZE, cloc(L, c));
	/* a constant, or a variable template's constant instance (std::is_same_v<T, U>) */
	if ((dk == CXCursor_VarDecl || dk == CXCursor_UnexposedDecl) && eval_const(c, ctype(c), &k))
		return frontend_new_const(L->a, k, cloc(L, c));
	error_at(L, c, "'%s' cannot be used in a kernel (not a parameter, local, constant or __constant__/__shared__ variable)",
	    spell(L->a, d));
	return poison(L, c);
}

/* The base of a member expression (skipping implicit nodes). */
CXCursor member_base(CXCursor c)
{
	CXCursor b = kid(c, 0);

	while (!clang_Cursor_isNull(b) && (clang_getCursorKind(b) == CXCursor_UnexposedExpr ||
	                                   clang_getCursorKind(b) == CXCursor_ParenExpr) && nkids(b) == 1)
		b = kid(b, 0);
	return b;
}

/* The descriptor pointer parameter (kernel.c) that x, `p[K]`, subscripts, else NULL. */
static Bind *desc_subscript(Lower *L, CXCursor x)
{
	Bind *b;

	if (clang_getCursorKind(x) != CXCursor_ArraySubscriptExpr || clang_getCursorKind(strip(kid(x, 0))) != CXCursor_DeclRefExpr)
		return NULL;
	b = lookup(L, clang_getCursorReferenced(strip(kid(x, 0))));
	return b && b->kind == BK_DESC ? b : NULL;
}

/* Whether x is `p[0]` of a descriptor p: the struct itself, as `*p` is. */
static int desc_elem0(Lower *L, CXCursor x)
{
	int64_t i;

	return desc_subscript(L, x) && eval_int(kid(x, 1), &i) && i == 0;
}

/* Whether member expression c names a field of a descriptor struct (`p->f`, `(*p).f`,
 * `p[K].f`, `p->in.f`), which the kernel may read, never store into (kernel.c). */
int desc_member(Lower *L, CXCursor c)
{
	CXCursor b = member_base(c);
	Bind *bd;

	if (clang_getCursorKind(b) == CXCursor_MemberRefExpr)
		return clang_getCanonicalType(clang_getCursorType(b)).kind != CXType_Pointer && desc_member(L, b);
	if (desc_subscript(L, b))
		return 1;
	if (clang_getCursorKind(b) == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(b) == CXUnaryOperator_Deref)
		b = strip(kid(b, 0));
	if (clang_getCursorKind(b) != CXCursor_DeclRefExpr)
		return 0;
	bd = lookup(L, clang_getCursorReferenced(b));
	return bd && bd->kind == BK_DESC;
}

/* Key of a struct field binding: the base variable's key and the field path. */
const char *member_key(Lower *L, CXCursor c)
{
	CXCursor b = member_base(c);
	CXCursor f = clang_getCursorReferenced(c);   /* an anonymous member adds no segment (union.c) */

	if (clang_Cursor_isNull(b) || clang_getCursorKind(b) == CXCursor_CXXThisExpr)   /* `a`, `this->a` in a method */
		return L->fr->this_key ? member_field_key(L->a, L->fr->this_key, f) : NULL;
	if (clang_getCursorKind(b) == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(b) == CXUnaryOperator_Deref &&
	    clang_getCursorKind(strip(kid(b, 0))) == CXCursor_DeclRefExpr)
		b = strip(kid(b, 0));              /* `(*p).x` is `p->x` */
	else if (desc_elem0(L, b))
		b = strip(kid(b, 0));              /* so is `p[0].x` of a descriptor p (kernel.c) */
	if (clang_getCursorKind(b) == CXCursor_DeclRefExpr) {
		CXCursor d = clang_getCursorReferenced(b);
		return member_field_key(L->a, dkey(L->a, d), f);
	}
	if (clang_getCursorKind(b) == CXCursor_MemberRefExpr) {
		const char *k = member_key(L, b);
		return k ? member_field_key(L->a, k, f) : NULL;
	}
	if (clang_getCursorKind(b) == CXCursor_ArraySubscriptExpr) {   /* `s.pts[1].x`, pts held in variables */
		const char *k = subscript_key(L, b);
		return k ? member_field_key(L->a, k, f) : NULL;
	}
	return NULL;
}

Bind *member_bind(Lower *L, CXCursor c)
{
	const char *key = member_key(L, c);
	Bind *b;

	if (!key)
		return NULL;
	b = find_bind(L, key);
	return b;
}

/* The member's name; MS properties (threadIdx.x) have an empty spelling in libclang,
 * and so has the declaration they reference. Their source names them: the text
 * where the expression is spelled (in a macro's body for `#define tx threadIdx.x`,
 * whose expansion has the one token `tx`) is `BASE . NAME` or `BASE -> NAME`. */
static const char *member_name(Lower *L, CXCursor c)
{
	const char *n = spell(L->a, c), *buf;
	CXFile f = NULL;
	unsigned off = 0;
	size_t size = 0, i, s;

	if (*n)
		return n;
	clang_getSpellingLocation(clang_getCursorLocation(c), &f, NULL, NULL, &off);
	buf = f ? clang_getFileContents(L->cx->tu, f, &size) : NULL;
	if (!buf || off >= size)
		return n;
	i = off;
	while (i < size && (isalnum((unsigned char)buf[i]) || buf[i] == '_'))   /* the base, or the name */
		i++;
	while (i < size && isspace((unsigned char)buf[i]))
		i++;
	if (i < size && buf[i] == '.')
		i++;
	else if (i + 1 < size && buf[i] == '-' && buf[i + 1] == '>')
		i += 2;
	else
		i = off;                  /* the location was the name itself */
	while (i < size && isspace((unsigned char)buf[i]))
		i++;
	for (s = i; i < size && (isalnum((unsigned char)buf[i]) || buf[i] == '_'); i++)
		;
	return arena_printf(L->a, "%.*s", (int)(i - s), buf + s);
}

static KirExpr *lmember(Lower *L, CXCursor c)
{
	CXCursor b = member_base(c);
	Bind *mb;
	Addr a;
	KirExpr *e;

	if (clang_getCursorKind(b) == CXCursor_DeclRefExpr) {
		const char *v = spell(L->a, clang_getCursorReferenced(b));
		KirBuiltin bi = builtin_of(v, member_name(L, c));
		if (bi != KBI_COUNT)
			return new_builtin(L, bi, cloc(L, c));
	}
	if ((e = lcg_member(L, b, member_name(L, c), cloc(L, c))))
		return e;
	mb = member_bind(L, c);
	if (mb)
		return bind_value(L, c, mb);
	if ((e = var_elem_path_load(L, c)))      /* `v.a[i].x`, a held in variables */
		return e;
	if ((clang_getCursorKind(b) == CXCursor_CallExpr || clang_getCursorKind(b) == CXCursor_CXXFunctionalCastExpr) &&
	    is_record(clang_getCursorType(b))) {
		/* a member of a temporary: `P(x, y).a`, `make(x).a` */
		const char *src = struct_src(L, b);
		mb = src ? find_bind(L, arena_printf(L->a, "%s.%s", src, spell(L->a, clang_getCursorReferenced(c)))) : NULL;
		if (mb)
			return bind_value(L, c, mb);
		if (!L->failed)
			error_at(L, c, "member '%s' of this value cannot be translated", spell(L->a, c));
		return poison(L, c);
	}
	if (is_bits_read(L, c))     /* `p->y`, p = (half2 *)&v.x: bitview.c */
		return bits_read(L, c);
	a = laddr(L, c);
	if (a.buffer >= 0)
		return load_of(L, c, a);
	if (!L->failed)
		error_at(L, c, "member '%s' cannot be translated here", spell(L->a, c));
	return poison(L, c);
}

/* The unsigned integer type of 1, 2, 4 or 8 bytes. */
KirDType uint_of(int bytes)
{
	return bytes == 1 ? KT_U8 : bytes == 2 ? KT_U16 : bytes == 4 ? KT_U32 : KT_U64;
}

/* x's bits as type t (x itself when it has that type). */
KirExpr *bitcast_to(Lower *L, KirDType t, KirExpr *x, SrcLoc l)
{
	KirExpr *e;

	if (x->type == t)
		return x;
	e = frontend_new_expr(L->a, KE_BITCAST, t, l);
	e->u.x = x;
	return e;
}

/* A view of a buffer element (a slot) as type `view`: its bits, or for a field narrower
 * than the slot (`float val` after `size_t pos`: struct.c's layout makes it start its
 * slot, the rest padding) the slot's low bytes (little-endian), masked so that the
 * conversion to the narrow type is exact; a bool is those bytes != 0. */
KirExpr *view_of_slot(Lower *L, KirExpr *slot, KirDType view, SrcLoc l)
{
	int wb = frontend_dtype_bytes(slot->type), nb = frontend_dtype_bytes(view);
	KirDType wu = uint_of(wb), nu = uint_of(nb);
	KirExpr *e;

	if (nb >= wb)
		return bitcast_to(L, view, slot, l);
	e = frontend_new_binary(L->a, KB_AND, wu, bitcast_to(L, wu, slot, l),
	                        frontend_new_int(L->a, wu, (int64_t)((1ull << (8 * nb)) - 1), l), l);
	e = frontend_new_cast(L->a, nu, e, l);
	if (view == KT_I1)
		return frontend_new_binary(L->a, KB_NE, KT_I1, e, frontend_new_int(L->a, nu, 0, l), l);
	return bitcast_to(L, view, e, l);
}

/* The slot of type `elem` that holds val (of the view's type) after a store: its bits, or
 * for a narrower view `old` (the slot before) with its low bytes replaced by val's, so the
 * padding bytes after the field keep what they held, as CUDA's narrow store leaves them
 * (old NULL: val's bits zero-extended). */
KirExpr *slot_of_view(Lower *L, KirExpr *val, KirDType elem, KirExpr *old, SrcLoc l)
{
	int wb = frontend_dtype_bytes(elem), nb = frontend_dtype_bytes(val->type);
	KirDType wu = uint_of(wb);
	KirExpr *e, *keep;

	if (nb >= wb)
		return bitcast_to(L, elem, val, l);
	e = val->type == KT_I1 ? frontend_new_cast(L->a, uint_of(nb), val, l) : bitcast_to(L, uint_of(nb), val, l);
	e = frontend_new_cast(L->a, wu, e, l);
	if (!old)
		return bitcast_to(L, elem, e, l);
	keep = frontend_new_binary(L->a, KB_AND, wu, bitcast_to(L, wu, old, l),
	                           frontend_new_int(L->a, wu, (int64_t)~((1ull << (8 * nb)) - 1), l), l);
	return bitcast_to(L, elem, frontend_new_binary(L->a, KB_OR, wu, keep, e, l), l);
}

/* The element buffer[index] as an expression (the slot a narrow store merges into); NULL
 * for shared and local memory, whose padding no program sets (a narrow store there
 * zero-extends rather than read an element no thread wrote). */
KirExpr *slot_load(Lower *L, int buffer, KirExpr *index, SrcLoc l)
{
	KirExpr *e;

	if (L->bufs.data[buffer].space != KSP_GLOBAL)
		return NULL;
	e = frontend_new_expr(L->a, KE_LOAD, L->bufs.data[buffer].elem, l);

	e->u.load.buffer = buffer;
	e->u.load.index = index;
	return e;
}

KirExpr *load_of(Lower *L, CXCursor c, Addr a)
{
	KirExpr *e;

	if (a.choice && a.buffer >= 0)
		return choice_load(L, c, a);
	if (a.var >= 0)
		return var_ref(L, a.var, cloc(L, c));
	if (a.buffer < 0)
		return poison(L, c);
	if (a.bitw)
		return bitfield_load(L, c, a);
	if (a.per)
		return narrow_load(L, c, a);
	if (wide_scalar(a.view, L->bufs.data[a.buffer].elem))
		return wide_load(L, c, a);
	e = frontend_new_expr(L->a, KE_LOAD, L->bufs.data[a.buffer].elem, cloc(L, c));
	e->u.load.buffer = a.buffer;
	e->u.load.index = a.off ? a.off : frontend_new_int(L->a, KT_I32, 0, cloc(L, c));
	if (a.view != KT_VOID)
		e = view_of_slot(L, e, a.view, e->loc);
	if (e->type != ctype(c) && ctype(c) != KT_VOID)
		return frontend_new_cast(L->a, ctype(c), e, e->loc);
	return e;
}

/* An lvalue: a scalar variable or a memory element. */
int lval_of(Lower *L, CXCursor c, KirLval *lv, KirDType *t)
{
	CXCursor b = c;
	Bind *bd = NULL;
	Addr a, *lvc = L->lv_choice;

	L->lv_choice = NULL;     /* for this lvalue only, not one inside its address */
	while (clang_getCursorKind(b) == CXCursor_ParenExpr || (clang_getCursorKind(b) == CXCursor_UnexposedExpr && nkids(b) == 1))
		b = kid(b, 0);
	if (clang_getCursorKind(b) == CXCursor_DeclRefExpr)
		bd = lookup(L, clang_getCursorReferenced(b));
	else if (clang_getCursorKind(b) == CXCursor_MemberRefExpr)
		bd = member_bind(L, b);
	if (clang_getCursorKind(b) == CXCursor_MemberRefExpr && desc_member(L, b)) {
		error_at(L, c, "a store into field '%s' of a struct in device memory that a pointer parameter points to cannot be translated: its fields are read once when the kernel is launched (stores through its pointer fields can)",
		         spell(L->a, b));
		return 0;
	}
	if (bd && bd->kind == BK_VAR) {
		lv->var = bd->idx;
		lv->buffer = -1;
		*t = L->vars.data[bd->idx].type;
		return 1;
	}
	if (bd && bd->kind == BK_MEM && bd->buffer >= 0) {
		lv->var = -1;
		lv->buffer = bd->buffer;
		lv->index = bd->off;
		*t = L->bufs.data[bd->buffer].elem;
		return 1;
	}
	if (bd && bd->kind == BK_VIEW) {
		error_at(L, c, "a union member held in another member's bits can be read and assigned (= and op=), not incremented, passed by reference or have its address taken");
		return 0;
	}
	if (bd && (bd->kind == BK_PARAM || bd->kind == BK_CONST || bd->kind == BK_EXPR)) {
		error_at(L, c, "assignment to a parameter bound to a constant or argument");
		return 0;
	}
	if ((bd && bd->kind == BK_BITREF) || is_bits_read(L, b)) {
		error_at(L, c, "an element of a variable's bits (through a pointer of another type to it) can be read, assigned (= and op=) and bound to a reference, not incremented or have its address taken");
		return 0;
	}
	a = lvc ? laddr_load(L, b) : laddr(L, b);
	if (a.choice && a.buffer >= 0) {   /* guarded stores (ptrchoice.c) */
		if (a.view != KT_VOID || a.per) {
			error_at(L, c, "a store through a pointer choosing between buffers must not reinterpret their elements");
			return 0;
		}
		for (int k = 0; k < a.choice->nalt; k++)
			if (read_only(L, c, a.choice->alt[k]))
				return 0;
		*lvc = a;
	}
	if (a.var >= 0) {
		lv->var = a.var;
		lv->buffer = -1;
		*t = L->vars.data[a.var].type;
		return 1;
	}
	if (a.buffer < 0) {
		if (!L->failed)
			error_at(L, c, "this expression cannot be assigned in the kernel IR");
		return 0;
	}
	if (read_only(L, c, a.buffer))
		return 0;
	if (a.per && L->allow_narrow == 2) {   /* a reference bound to the view (decl.c) */
		*L->lv_narrow = a;
		lv->var = -1;
		lv->buffer = a.buffer;
		lv->index = a.off;
		*t = a.view;
		return 1;
	}
	if ((a.per || a.bitw) && L->allow_narrow == 1) {   /* the element's read-modify-write: narrow_store.c */
		if (!narrow_store_ok(L, c, a))
			return 0;
		*L->lv_narrow = a;
		lv->var = -1;
		lv->buffer = a.buffer;
		lv->index = NULL;
		*t = a.view;
		return 1;
	}
	if (narrow_refused(L, c, a, "a store"))
		return 0;
	if (a.view != KT_VOID && !L->allow_view) {
		error_at(L, c, "only loads and plain stores can go through a pointer that reinterprets '%s' as %s",
		    L->bufs.data[a.buffer].name, frontend_dtype_name(a.view));
		return 0;
	}
	L->lv_view = a.view;
	lv->var = -1;
	lv->buffer = a.buffer;
	lv->index = a.off ? a.off : frontend_new_int(L->a, KT_I32, 0, cloc(L, c));
	*t = L->bufs.data[a.buffer].elem;
	return 1;
}

KirBinOp binop_of(enum CXBinaryOperatorKind k)
{
	switch (k) {
	case CXBinaryOperator_Mul: case CXBinaryOperator_MulAssign: return KB_MUL;
	case CXBinaryOperator_Div: case CXBinaryOperator_DivAssign: return KB_DIV;
	case CXBinaryOperator_Rem: case CXBinaryOperator_RemAssign: return KB_REM;
	case CXBinaryOperator_Add: case CXBinaryOperator_AddAssign: return KB_ADD;
	case CXBinaryOperator_Sub: case CXBinaryOperator_SubAssign: return KB_SUB;
	case CXBinaryOperator_Shl: case CXBinaryOperator_ShlAssign: return KB_SHL;
	case CXBinaryOperator_Shr: case CXBinaryOperator_ShrAssign: return KB_SHR;
	case CXBinaryOperator_LT: return KB_LT;
	case CXBinaryOperator_GT: return KB_GT;
	case CXBinaryOperator_LE: return KB_LE;
	case CXBinaryOperator_GE: return KB_GE;
	case CXBinaryOperator_EQ: return KB_EQ;
	case CXBinaryOperator_NE: return KB_NE;
	case CXBinaryOperator_And: case CXBinaryOperator_AndAssign: return KB_AND;
	case CXBinaryOperator_Xor: case CXBinaryOperator_XorAssign: return KB_XOR;
	case CXBinaryOperator_Or: case CXBinaryOperator_OrAssign: return KB_OR;
	default: return KB_NONE;
	}
}

/* Pointer arithmetic: a pointer operand plus or minus an integer stays an address. */
int is_ptr_expr(CXCursor c)
{
	enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(c)).kind;

	return k == CXType_Pointer || k == CXType_ConstantArray || k == CXType_IncompleteArray;
}

/* The bind of a pointer variable whose offset lives in a variable (a moving pointer):
 * a local pointer, or a pointer field of a local struct (`f.legs`, decl.c field_var_of). */
Bind *moving_bind(Lower *L, CXCursor c)
{
	Bind *b;

	c = strip(c);
	if ((b = ptr_addr_target(L, c)))      /* `*p` with p bound to `&r` (call.c) */
		;
	else if (clang_getCursorKind(c) == CXCursor_MemberRefExpr)
		b = member_bind(L, c);
	else if (clang_getCursorKind(c) == CXCursor_DeclRefExpr)
		b = lookup(L, clang_getCursorReferenced(c));
	else
		return NULL;
	return b && b->kind == BK_PTR && ((b->offvar >= 0 && L->vars.data[b->offvar].type == KT_I64) || b->offbuf >= 0) ?
	       b : NULL;
}

/* Moving pointer b = address a (not a choice between buffers): the first address
 * lowered fixes b's buffer; a later one must be in that buffer (said at c). */
KirExpr *ptr_set(Lower *L, CXCursor c, Bind *b, Addr a)
{
	KirExpr *val = a.off ? conv(L, a.off, KT_I64) : frontend_new_int(L->a, KT_I64, 0, cloc(L, c));

	if (a.buffer < 0) {
		if (!L->failed)
			error_at(L, c, "this address is in no buffer: a pointer that is assigned must point into memory");
		return poison(L, c);
	}
	if (b->buffer < 0) {
		b->buffer = a.buffer;
		b->view = a.view;
		b->per = a.per;
	} else if (b->offbuf >= 0 && (a.buffer != b->buffer || a.view != b->view || a.per != b->per)) {
		/* one offset in shared memory, no choice of buffer (sharedvar.c; one that
		 * chooses, ptrchoice.c, is assigned by choice_assign) */
		const char *n = L->bufs.data[b->offbuf].name;      /* `p.off` */
		int len = (int)(strrchr(n, '.') ? strrchr(n, '.') - n : (long)strlen(n));
		error_at(L, c, "__shared__ pointer '%.*s' is assigned an address in '%s' after one in '%s': a __shared__ "
		         "pointer is held as an offset into one buffer, or chooses between at most 4 buffers of its "
		         "element type that its assignments name", len, n, L->bufs.data[a.buffer].name,
		         L->bufs.data[b->buffer].name);
		return poison(L, c);
	} else if (a.buffer != b->buffer || a.view != b->view || a.per != b->per) {
		error_at(L, c, "the pointer is assigned an address in '%s' after one in '%s': a pointer must stay in one buffer",
		    L->bufs.data[a.buffer].name, L->bufs.data[b->buffer].name);
		return poison(L, c);
	}
	if (b->offbuf >= 0)     /* a __shared__ pointer: its offset in shared memory (sharedvar.c) */
		return assign_elem(L, b->offbuf, shared_ptr_lval(L, b, cloc(L, c)).index, val, cloc(L, c));
	return assign_var(L, b->offvar, val, cloc(L, c));
}

static int64_t pointee_elems(Lower *L, CXCursor c, Bind *b)
{
	return elems_per(L, clang_getPointeeType(clang_getCursorType(c)), b ? b->buffer : -1, b ? b->per : 0);
}

/* Elements of its buffer that one step of the moving pointer p moves over (3 for a
 * `uint3 *` over unsigned ints), 0 when it is not a whole number of them. */
int64_t ptr_step_elems(Lower *L, CXCursor p)
{
	return pointee_elems(L, p, moving_bind(L, p));
}

/* `off op= val` on the offset of moving pointer b (at c). */
static KirExpr *offset_assign(Lower *L, CXCursor c, Bind *b, KirBinOp op, KirExpr *val)
{
	KirExpr *e = frontend_new_expr(L->a, KE_ASSIGN, KT_I64, cloc(L, c));

	e->u.assign.lv.var = b->offvar;
	e->u.assign.lv.buffer = -1;
	if (b->offbuf >= 0)
		e->u.assign.lv = shared_ptr_lval(L, b, cloc(L, c));
	e->u.assign.op = op;
	e->u.assign.optype = KT_I64;
	e->u.assign.value = val;
	return e;
}

/* p = q + k, p += k, p -= k on a moving pointer: its offset variable changes. */
static KirExpr *lptr_assign(Lower *L, CXCursor c, CXCursor lhs, CXCursor rhs, KirBinOp op)
{
	Bind *b = moving_bind(L, lhs);
	KirExpr *val;

	if (!b) {
		CXCursor x = strip(lhs);
		if ((clang_getCursorKind(x) == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(x) == CXUnaryOperator_Deref) ||
		    clang_getCursorKind(x) == CXCursor_ArraySubscriptExpr)
			error_at(L, c, "assignment of a pointer through a pointer to it (`*pp = q`: a pointer held in memory or passed by its address, as a swap of two pointers by their addresses) cannot be translated; assign the pointer variable itself");
		else if (clang_getCursorKind(x) == CXCursor_MemberRefExpr && desc_member(L, x))
			error_at(L, c, "a store into field '%s' of a struct in device memory that a pointer parameter points to cannot be translated: its fields are read once when the kernel is launched (stores through its pointer fields can)",
			         spell(L->a, x));
		else
			error_at(L, c, "assignment of a pointer that is not a local pointer variable or parameter cannot be translated");
		return poison(L, c);
	}
	if (op == KB_NONE) {
		Addr a = {.buffer = -1, .off = NULL, .var = -1, .view = KT_VOID};    /* none: `p = NULL` */
		if (b->nullvar >= 0 && is_null_ptr(rhs))     /* `p = NULL`: its flag (ptrresult.c) */
			return ptr_null_assign(L, c, b, a);
		/* a choosing pointer may take another's address (ptrchoice.c) */
		a = b->nullvar >= 0 ? laddr_null(L, rhs) : choosing(b) ? laddr_load(L, rhs) : laddr(L, rhs);
		if (a.buffer < 0)
			return poison(L, c);
		if (b->nullvar >= 0)
			emit_pending(L, expr_stmt(L, ptr_null_assign(L, c, b, a)));
		if (choosing(b)) {
			KirExpr *off = a.off ? conv(L, a.off, KT_I64) : frontend_new_int(L->a, KT_I64, 0, cloc(L, c));
			return choice_assign(L, c, b, a, b->offbuf >= 0 ?     /* a __shared__ one: sharedvar.c */
			    assign_elem(L, b->offbuf, shared_ptr_lval(L, b, cloc(L, c)).index, off, cloc(L, c)) :
			    assign_var(L, b->offvar, off, cloc(L, c)));
		}
		return ptr_set(L, c, b, a);
	} else if (op == KB_ADD || op == KB_SUB) {
		val = scale(L, conv(L, lx(L, rhs), KT_I64), pointee_elems(L, lhs, b), cloc(L, c));
	} else {
		error_at(L, c, "unsupported pointer assignment");
		return poison(L, c);
	}
	return offset_assign(L, c, b, op, val);
}

static KirExpr *lassign(Lower *L, CXCursor c, enum CXBinaryOperatorKind k)
{
	CursorVec v = kids(c);
	KirExpr *e;

	if (is_ptr_expr(v.data[0]))
		e = lptr_assign(L, c, v.data[0], v.data[1], binop_of(k));
	else
		e = lassign_parts(L, c, v.data[0], v.data[1], binop_of(k));
	VEC_FREE(v);
	return e;
}

static KirDType promote(KirDType t);

/* The BK_VIEW bind c names (a union member held in another member's bits), else NULL. */
static Bind *view_bind(Lower *L, CXCursor c)
{
	Bind *b;

	while (clang_getCursorKind(c) == CXCursor_ParenExpr || (clang_getCursorKind(c) == CXCursor_UnexposedExpr && nkids(c) == 1))
		c = kid(c, 0);
	if (clang_getCursorKind(c) != CXCursor_MemberRefExpr)
		return NULL;
	b = member_bind(L, c);
	return b && b->kind == BK_VIEW ? b : NULL;
}

/* `m op= val` (op KB_NONE: `m = val`) for a union member m held in variable b->idx's bits
 * as b->view: the variable gets the new value's bits; the expression's value is the
 * member's. A compound assignment computes as lassign_parts does. */
static KirExpr *view_assign(Lower *L, CXCursor c, Bind *b, KirExpr *val, KirBinOp op)
{
	SrcLoc l = cloc(L, c);
	KirDType vt = b->view, t = L->vars.data[b->idx].type;
	KirExpr *e;

	if (op != KB_NONE) {
		KirExpr *cur = bitcast_to(L, vt, var_ref(L, b->idx, l), l);
		KirDType ot = op == KB_SHL || op == KB_SHR ? promote(vt) : val->type;
		if (frontend_dtype_bytes(ot) < 4 && frontend_dtype_is_int(ot))
			ot = KT_I32;
		val = op == KB_SHL || op == KB_SHR ? conv(L, val, promote(val->type)) : conv(L, val, ot);
		val = frontend_new_binary(L->a, op, ot, conv(L, cur, ot), val, l);
	}
	e = frontend_new_expr(L->a, KE_ASSIGN, t, l);
	e->u.assign.lv.var = b->idx;
	e->u.assign.lv.buffer = -1;
	e->u.assign.op = KB_NONE;
	e->u.assign.optype = t;
	e->u.assign.value = bitcast_to(L, t, conv(L, val, vt), l);
	return bitcast_to(L, vt, e, l);
}

/* `v op= val` (op KB_NONE: `v = val`) at c where variable v of type t holds a bit-field
 * of width w (bitfield.c): the new value cut to the width; compound as lassign_parts. */
static KirExpr *var_bitfield_assign(Lower *L, CXCursor c, int v, KirDType t, int w, KirBinOp op, KirExpr *val)
{
	SrcLoc l = cloc(L, c);

	if (op != KB_NONE) {
		KirDType ot = op == KB_SHL || op == KB_SHR ? t : val->type;
		if (frontend_dtype_is_int(ot) && frontend_dtype_bytes(ot) < 4)
			ot = KT_I32;
		val = frontend_new_binary(L->a, op, ot, conv(L, var_ref(L, v, l), ot),
		                          op == KB_SHL || op == KB_SHR ? conv(L, val, promote(val->type)) : conv(L, val, ot), l);
	}
	return assign_var(L, v, bitfield_fit(L, val, t, w, l), l);
}

/* `lhs op= rhs` (op KB_NONE: `lhs = rhs`) of scalars, at c; also an operator call
 * (half.c's `h += x` on the toolkit's __half). */
KirExpr *lassign_parts(Lower *L, CXCursor c, CXCursor lhs, CXCursor rhs, KirBinOp op)
{
	KirLval lv;
	KirDType t;
	KirExpr *e, *val, *pre = NULL;
	Bind *vb;
	Addr na = {.buffer = -1, .var = -1}, ca = {.buffer = -1, .var = -1};

	/* C++17: the right operand is sequenced before the left (a `*p++ = p[1]` reads the
	 * old p) */
	val = lx(L, rhs);
	if ((vb = view_bind(L, lhs)))
		return view_assign(L, c, vb, val, op);
	if (is_bits_lvalue(L, lhs)) {  /* `((T *)&v)[i] = x`: bitview.c */
		/* it evaluates the subscript, then the value, before the statement: the value
		 * first where one side has effects (sequence.c) */
		if (has_effect(lhs) || expr_writes(val)) {
			int v = new_var(L, "seq.v", val->type, KVK_TEMP, cloc(L, c));
			emit_pending(L, decl_stmt(L, v, val, cloc(L, c)));
			val = var_ref(L, v, cloc(L, c));
		}
		return bits_assign(L, c, lhs, op, val);
	}
	L->allow_view = op == KB_NONE;
	L->lv_view = KT_VOID;
	L->allow_narrow = 1;
	L->lv_narrow = &na;
	L->lv_choice = &ca;
	if (!lval_of(L, lhs, &lv, &t)) {
		L->allow_view = L->allow_narrow = 0;
		L->lv_choice = NULL;
		return poison(L, c);
	}
	L->allow_view = L->allow_narrow = 0;
	L->lv_choice = NULL;
	if (na.per || na.bitw) {
		KirLval nl = {-1, na.buffer, na.off};
		if (na.off && assign_crosses(val, &nl, op)) {
			error_at(L, c, "the value of this store into part of an element writes what its subscript reads, or the other way round (C++17 evaluates the value first); not supported");
			return poison(L, c);
		}
		return narrow_assign(L, c, na, op, val);
	}
	/* the value first where the order shows (sequence.c); wide_assign and choice_store
	 * put the value before the subscript themselves */
	if (!ca.choice && !(L->lv_view != KT_VOID && wide_scalar(L->lv_view, t)) && assign_crosses(val, &lv, op))
		pre = bind_temp(L, &val, "seq.v", cloc(L, c));
	if (lv.var >= 0 && bitfield_width(lhs))    /* a bit-field held in a variable */
		return sequenced(L, pre, var_bitfield_assign(L, c, lv.var, t, bitfield_width(lhs), op, val));
	if (L->lv_view != KT_VOID) {
		/* a store through a view: the value's bits become the element's */
		KirDType vt = L->lv_view;
		L->lv_view = KT_VOID;
		if (wide_scalar(vt, t))   /* several elements: wide.c */
			return wide_assign(L, lv, conv(L, val, vt), cloc(L, c));
		if (slot_load(L, lv.buffer, lv.index, cloc(L, c)) && expr_writes(lv.index)) {
			/* the subscript is read twice below: once, after the value */
			if (!pre)
				pre = bind_temp(L, &val, "seq.v", cloc(L, c));
			pre = sequenced(L, pre, bind_temp(L, &lv.index, "seq.at", cloc(L, c)));
		}
		val = slot_of_view(L, conv(L, val, vt), t, slot_load(L, lv.buffer, lv.index, cloc(L, c)), cloc(L, c));
		e = frontend_new_expr(L->a, KE_ASSIGN, t, cloc(L, c));
		e->u.assign.lv = lv;
		e->u.assign.op = KB_NONE;
		e->u.assign.optype = t;
		e->u.assign.value = val;
		L->lv_view = KT_VOID;
		return sequenced(L, pre, view_of_slot(L, e, vt, cloc(L, c)));
	}
	e = frontend_new_expr(L->a, KE_ASSIGN, t, cloc(L, c));
	e->u.assign.lv = lv;
	e->u.assign.op = op;
	if (op == KB_NONE) {
		e->u.assign.optype = t;
		val = conv(L, val, t);
	} else {
		/* compound: clang's CompoundAssignOperator computes in the promoted type */
		KirDType ot = op == KB_SHL || op == KB_SHR ? t : val->type;
		if (frontend_dtype_bytes(ot) < 4 && frontend_dtype_is_int(ot))
			ot = KT_I32;
		if (op == KB_SHL || op == KB_SHR) {
			if (frontend_dtype_bytes(t) < 4)
				ot = KT_I32;
		}
		e->u.assign.optype = ot;
		if (op != KB_SHL && op != KB_SHR)
			val = conv(L, val, ot);
	}
	e->u.assign.value = val;
	if (ca.choice)
		return choice_store(L, c, ca, e);
	return sequenced(L, pre, e);
}

static KirDType promote(KirDType t)
{
	return frontend_dtype_is_int(t) && frontend_dtype_bytes(t) < 4 ? KT_I32 : t;
}

/* Lowers c by lower() with the statements it hoists (an inlined call's body, a moving
 * pointer's increment) collected in *pre instead of before the current statement: for an
 * operand that C++ evaluates only sometimes (the right of && and ||, an arm of ?:, a
 * loop's test or step). The caller places *pre under the control that evaluates it. */
KirExpr *lower_apart(Lower *L, KirExpr *(*lower)(Lower *, CXCursor), CXCursor c, StmtVec *pre)
{
	StmtVec *save = L->pending;
	int hs = L->hoist_ok;
	KirExpr *e;

	L->pending = pre;
	L->hoist_ok = 0;
	e = lower(L, c);
	L->pending = save;
	L->hoist_ok = hs;
	return e;
}

/* The statements of *pre, emitted before the current statement (an operand that is
 * always evaluated after all). */
static void emit_all(Lower *L, StmtVec *pre)
{
	for (size_t i = 0; i < pre->len; i++)
		emit_pending(L, pre->data[i]);
	VEC_FREE(*pre);
}

/* `if (cond) { pre; var = value; }` (else the same with epre, evalue when given), before
 * the current statement; pre and epre are consumed. */
static void emit_branch(Lower *L, KirExpr *cond, int var, StmtVec *pre, KirExpr *value,
                        StmtVec *epre, KirExpr *evalue, SrcLoc loc)
{
	KirStmt *s = frontend_new_stmt(L->a, KS_IF, loc);

	if (value && (var >= 0 || (value->kind != KE_VAR && value->kind != KE_CONST)))
		VEC_PUSH(*pre, expr_stmt(L, var >= 0 ? assign_var(L, var, value, loc) : value));
	s->u.if_.cond = cond;
	s->u.if_.then = block_of(L, pre, loc);
	if (epre) {
		if (evalue && (var >= 0 || (evalue->kind != KE_VAR && evalue->kind != KE_CONST)))
			VEC_PUSH(*epre, expr_stmt(L, var >= 0 ? assign_var(L, var, evalue, loc) : evalue));
		s->u.if_.els = block_of(L, epre, loc);
		VEC_FREE(*epre);
	}
	VEC_FREE(*pre);
	emit_pending(L, s);
}

/* a && b, a || b (C++ [expr.log.and]: b is evaluated only when a is true, resp. false).
 * When b hoists statements (a call of a device function with several statements), they
 * run under an if on a's value, kept in a temporary: `t = a; if (t) { ...; t = b; }`. */
static KirExpr *llogical(Lower *L, CXCursor c, int is_and, CXCursor a, CXCursor b)
{
	StmtVec pre = {0};
	KirExpr *l = cond_of(L, a), *r, *e;
	SrcLoc loc = cloc(L, c);
	int t;
	Bind *marks[8];    /* `p && *p`, `!p || *p`: pointers a says are not null (ptrresult.c) */
	int n;

	/* a constant a that decides the result: b is not evaluated, nor lowered */
	if (l->kind == KE_CONST && frontend_const_is_true(l->u.c) != is_and)
		return l;
	n = is_and ? ptr_nonnull_enter(L, a, b, marks, 8) : ptr_null_enter(L, a, b, marks, 8);
	r = lower_apart(L, cond_of, b, &pre);
	while (n > 0)
		marks[--n]->nonnull--;

	if (l->kind == KE_CONST) {     /* a constant that does not decide: b is the result */
		emit_all(L, &pre);
		return r;
	}
	if (!pre.len) {
		e = frontend_new_expr(L->a, is_and ? KE_LOGAND : KE_LOGOR, KT_I1, loc);
		e->u.bin.l = l;
		e->u.bin.r = r;
		return e;
	}
	t = new_var(L, is_and ? "and" : "or", KT_I1, KVK_TEMP, loc);
	emit_pending(L, decl_stmt(L, t, l, loc));
	l = var_ref(L, t, loc);
	emit_branch(L, is_and ? l : frontend_new_unary(L->a, KU_NOT, KT_I1, l, loc), t, &pre, r, NULL, NULL, loc);
	return var_ref(L, t, loc);
}

/* A null pointer constant: `nullptr`, `NULL`, a literal 0 (through casts). */
int is_null_ptr(CXCursor c)
{
	enum CXCursorKind k;

	while (nkids(c) == 1 && (clang_getCursorKind(c) == CXCursor_ParenExpr || clang_getCursorKind(c) == CXCursor_UnexposedExpr ||
	                         clang_getCursorKind(c) == CXCursor_CStyleCastExpr ||
	                         clang_getCursorKind(c) == CXCursor_CXXStaticCastExpr))
		c = kid(c, 0);
	k = clang_getCursorKind(c);
	if (k == CXCursor_CXXNullPtrLiteralExpr || k == CXCursor_GNUNullExpr)
		return 1;
	if (k == CXCursor_IntegerLiteral) {
		KirConst v;
		return eval_const(c, KT_I64, &v) && v.i == 0;
	}
	return 0;
}

/* A parameter bound to nullptr (call.c, kernel.c null_param), named as it is. */
int is_null_bind(Lower *L, CXCursor d)
{
	Bind *bd;

	while (nkids(d) == 1 && (clang_getCursorKind(d) == CXCursor_ParenExpr || clang_getCursorKind(d) == CXCursor_UnexposedExpr))
		d = kid(d, 0);
	if (clang_getCursorKind(d) != CXCursor_DeclRefExpr)
		return 0;
	bd = lookup(L, clang_getCursorReferenced(d));
	return bd && bd->isnullptr;
}

/* `p == nullptr`, `p != nullptr`, `if (p)`: every address the kernel IR holds is an
 * element of a buffer (a pointer parameter is a module argument, a tensor; shared,
 * local and __constant__ memory) or a local variable, never null, so the test is a
 * constant. An address that cannot be resolved (a pointer a select may make null) is
 * refused by laddr. A host that passes null for a pointer parameter gets cuda2hlo-cc's
 * run-time error "pointer argument 'p' is NULL" (cudart/launch.c). */
static KirExpr *null_test(Lower *L, CXCursor c, CXCursor p, int nonnull)
{
	Addr a;

	if (is_null_bind(L, p))
		return frontend_new_int(L->a, KT_I1, !nonnull, cloc(L, c));
	a = laddr_null(L, p);

	if (a.buffer < 0 && a.var < 0)
		return poison(L, c);
	if (a.isnull)       /* a pointer that may be null (ptrresult.c): its flag */
		return nonnull ? frontend_new_unary(L->a, KU_NOT, KT_I1, a.isnull, cloc(L, c)) : a.isnull;
	return frontend_new_int(L->a, KT_I1, nonnull, cloc(L, c));
}

static KirExpr *lbinary(Lower *L, CXCursor c)
{
	enum CXBinaryOperatorKind k = clang_getCursorBinaryOperatorKind(c);
	CursorVec v;
	KirExpr *l, *r, *e;
	KirBinOp op;
	KirDType t = ctype(c);

	if (k >= CXBinaryOperator_Assign && k <= CXBinaryOperator_OrAssign)
		return lassign(L, c, k);
	if (is_ptr_expr(c) || k == CXBinaryOperator_PtrMemD || k == CXBinaryOperator_PtrMemI) {
		error_at(L, c, "pointer-valued expression cannot be translated here");
		return poison(L, c);
	}
	v = kids(c);
	if (v.len != 2) {
		VEC_FREE(v);
		error_at(L, c, "malformed binary operator");
		return poison(L, c);
	}
	if (!clang_Cursor_isNull(ptr_int_operand(v.data[0])) || !clang_Cursor_isNull(ptr_int_operand(v.data[1]))) {
		/* `(uintptr_t)p % 16`, `15 & (size_t)p`: an alignment test (ptrint.c) */
		int left = !clang_Cursor_isNull(ptr_int_operand(v.data[0]));
		CXString op = clang_getBinaryOperatorKindSpelling(k);
		char use[64];
		if (k == CXBinaryOperator_Rem && left)
			e = ptr_int_align(L, c, v.data[0], v.data[1], 0);
		else if (k == CXBinaryOperator_And)
			e = ptr_int_align(L, c, v.data[left ? 0 : 1], v.data[left ? 1 : 0], 1);
		else {
			snprintf(use, sizeof use, "in '%s'", clang_getCString(op));
			e = ptr_int_refuse(L, v.data[left ? 0 : 1], use);
		}
		clang_disposeString(op);
		VEC_FREE(v);
		return e;
	}
	if (k == CXBinaryOperator_Comma) {
		e = frontend_new_expr(L->a, KE_COMMA, KT_VOID, cloc(L, c));
		e->u.comma.l = lx(L, v.data[0]);
		e->u.comma.r = lx(L, v.data[1]);
		e->type = e->u.comma.r->type;
		VEC_FREE(v);
		return e;
	}
	if (k == CXBinaryOperator_LAnd || k == CXBinaryOperator_LOr) {
		e = llogical(L, c, k == CXBinaryOperator_LAnd, v.data[0], v.data[1]);
		VEC_FREE(v);
		return e;
	}
	if ((k == CXBinaryOperator_Sub) && is_ptr_expr(v.data[0]) && is_ptr_expr(v.data[1])) {
		int errs = diag_error_count();
		Addr a = laddr(L, v.data[0]), b = laddr(L, v.data[1]);
		CXType pt0 = clang_getPointeeType(clang_getCursorType(v.data[0]));
		int64_t k;
		VEC_FREE(v);
		if (a.buffer != b.buffer || a.buffer < 0 || a.per != b.per) {
			if (diag_error_count() == errs)      /* else laddr said why */
				error_at(L, c, "difference of pointers into different buffers or views");
			return poison(L, c);
		}
		l = a.off ? conv(L, a.off, t) : frontend_new_int(L->a, t, 0, cloc(L, c));
		r = b.off ? conv(L, b.off, t) : frontend_new_int(L->a, t, 0, cloc(L, c));
		/* in objects of the pointee's type: offsets count elements, k per float4 */
		e = frontend_new_binary(L->a, KB_SUB, t, l, r, cloc(L, c));
		if ((k = elems_per(L, pt0, a.buffer, a.per)) != 1)
			e = frontend_new_binary(L->a, KB_DIV, t, e, frontend_new_int(L->a, t, k, cloc(L, c)), cloc(L, c));
		return e;
	}
	if ((k == CXBinaryOperator_EQ || k == CXBinaryOperator_NE) && is_null_ptr(v.data[0]) != is_null_ptr(v.data[1]) &&
	    is_ptr_expr(is_null_ptr(v.data[0]) ? v.data[1] : v.data[0])) {
		e = null_test(L, c, is_null_ptr(v.data[0]) ? v.data[1] : v.data[0], k == CXBinaryOperator_NE);
		VEC_FREE(v);
		return e;
	}
	if (is_ptr_expr(v.data[0]) && is_ptr_expr(v.data[1]) && binop_of(k) >= KB_LT && binop_of(k) <= KB_NE) {
		Addr a = laddr(L, v.data[0]), b = laddr(L, v.data[1]);
		VEC_FREE(v);
		if (a.buffer != b.buffer || a.buffer < 0 || a.per != b.per) {
			if (!L->failed)
				error_at(L, c, "comparison of pointers into different buffers or views cannot be translated");
			return poison(L, c);
		}
		l = a.off ? conv(L, a.off, KT_I64) : frontend_new_int(L->a, KT_I64, 0, cloc(L, c));
		r = b.off ? conv(L, b.off, KT_I64) : frontend_new_int(L->a, KT_I64, 0, cloc(L, c));
		return frontend_new_binary(L->a, binop_of(k), KT_I1, l, r, cloc(L, c));
	}
	if (is_ptr_expr(v.data[0]) || is_ptr_expr(v.data[1])) {
		VEC_FREE(v);
		error_at(L, c, "comparison of pointers cannot be translated");
		return poison(L, c);
	}
	op = binop_of(k);
	l = lx(L, v.data[0]);
	r = lx(L, v.data[1]);
	VEC_FREE(v);
	if (op == KB_SHL || op == KB_SHR) {
		l = conv(L, l, t);
		r = conv(L, r, promote(r->type));
	} else if (op >= KB_LT && op <= KB_NE && l->type != r->type) {
		error_at(L, c, "internal: comparison operands of different types %s and %s",
		    frontend_dtype_name(l->type), frontend_dtype_name(r->type));
	}
	return frontend_new_binary(L->a, op, t, l, r, cloc(L, c));
}

/* ++/-- (at c) of an integer through a narrow view or of a bit-field in memory (na, whose
 * store lval_of has let through narrow_store_ok): a part store of the value plus or minus
 * 1 (narrow_store.c); a postfix one's value is the new one minus or plus 1 in the field's
 * type (modulo its width: the old one). */
static KirExpr *narrow_incdec(Lower *L, CXCursor c, Addr na, int inc, int post)
{
	SrcLoc l = cloc(L, c);
	KirDType vt = na.view, ot = frontend_dtype_bytes(vt) < 4 ? KT_I32 : vt;
	KirExpr *nv, *old;

	if (!frontend_dtype_is_int(vt) || vt == KT_I1) {
		error_at(L, c, "%s of a %s through a narrower view of '%s' cannot be translated: only of an integer",
		         inc ? "an increment" : "a decrement", frontend_dtype_name(vt), L->bufs.data[na.buffer].name);
		return poison(L, c);
	}
	nv = narrow_assign(L, c, na, inc ? KB_ADD : KB_SUB, frontend_new_int(L->a, ot, 1, l));
	if (!post)
		return nv;
	old = frontend_new_binary(L->a, inc ? KB_SUB : KB_ADD, ot, conv(L, nv, ot), frontend_new_int(L->a, ot, 1, l), l);
	return na.bitw ? bitfield_fit(L, old, vt, na.bitw, l) : conv(L, old, vt);
}

/* ++/-- (at c) of variable v of type t holding a bit-field of width w: `v += 1` cut to
 * the width (var_bitfield_assign, so `hits : 5` at 31 wraps to 0, a signed one to its
 * least value, as g++ and nvcc do); a postfix one's value is the new one minus or plus
 * 1, cut again (modulo the width: the old one), unless it is the whole statement
 * (L->stmt: `k.n++;` discards it, and a plain assignment keeps the raise dense). */
static KirExpr *var_bitfield_incdec(Lower *L, CXCursor c, int v, KirDType t, int w, int inc, int post)
{
	SrcLoc l = cloc(L, c);
	KirDType ot = frontend_dtype_bytes(t) < 4 ? KT_I32 : t;
	KirExpr *nv;

	nv = var_bitfield_assign(L, c, v, t, w, inc ? KB_ADD : KB_SUB, frontend_new_int(L->a, ot, 1, l));
	if (!post || clang_equalCursors(c, L->stmt))
		return nv;
	return bitfield_fit(L, frontend_new_binary(L->a, inc ? KB_SUB : KB_ADD, ot, conv(L, nv, ot),
	                                           frontend_new_int(L->a, ot, 1, l), l), t, w, l);
}

static KirExpr *lincdec(Lower *L, CXCursor c, int inc, int post)
{
	KirLval lv;
	KirDType t;
	KirExpr *e;

	if (is_ptr_expr(c)) {
		Bind *b = moving_bind(L, kid(c, 0));
		int64_t n = b ? pointee_elems(L, kid(c, 0), b) : 0;
		if (n < 1) {
			error_at(L, c, "increment of a pointer that is not a local pointer variable or parameter cannot be translated");
			return poison(L, c);
		}
		if (n > 1)       /* `k++` on a `uint3 *` over unsigned ints: off += 3 (the new
		                    offset's value; incdec_addr gives a postfix one's address) */
			return offset_assign(L, c, b, inc ? KB_ADD : KB_SUB, frontend_new_int(L->a, KT_I64, n, cloc(L, c)));
		e = frontend_new_expr(L->a, KE_INCDEC, KT_I64, cloc(L, c));
		e->u.incdec.lv.var = b->offvar;
		e->u.incdec.lv.buffer = -1;
		if (b->offbuf >= 0)
			e->u.incdec.lv = shared_ptr_lval(L, b, cloc(L, c));
		e->u.incdec.inc = inc;
		e->u.incdec.post = post;
		return e;
	}
	{
		Addr na = {.buffer = -1, .var = -1};
		int ok;
		L->allow_narrow = 1;
		L->lv_narrow = &na;
		ok = lval_of(L, kid(c, 0), &lv, &t);
		L->allow_narrow = 0;
		if (!ok)
			return poison(L, c);
		if (na.per || na.bitw)
			return narrow_incdec(L, c, na, inc, post);
	}
	if (lv.var >= 0 && bitfield_width(kid(c, 0)))   /* a bit-field held in a variable */
		return var_bitfield_incdec(L, c, lv.var, t, bitfield_width(kid(c, 0)), inc, post);
	e = frontend_new_expr(L->a, KE_INCDEC, t, cloc(L, c));
	e->u.incdec.lv = lv;
	e->u.incdec.inc = inc;
	e->u.incdec.post = post;
	return e;
}

static KirExpr *lunary(Lower *L, CXCursor c)
{
	enum CXUnaryOperatorKind k = clang_getCursorUnaryOperatorKind(c);
	KirDType t = ctype(c);
	KirExpr *x;

	switch (k) {
	case CXUnaryOperator_PostInc: return lincdec(L, c, 1, 1);
	case CXUnaryOperator_PostDec: return lincdec(L, c, 0, 1);
	case CXUnaryOperator_PreInc: return lincdec(L, c, 1, 0);
	case CXUnaryOperator_PreDec: return lincdec(L, c, 0, 0);
	case CXUnaryOperator_Deref: {
		CXCursor v;
		if (bit_view(L, c, &v) &&      /* `*(unsigned *)&h2`: a variable's bits */
		    (clang_Type_getSizeOf(clang_getCursorType(c)) >= clang_Type_getSizeOf(clang_getCursorType(v)) ||
		     !is_bits_read(L, c)))
			return bit_view_value(L, c, v);
		if (is_bits_read(L, c))        /* `*(unsigned char *)&u`, part of them */
			return bits_read(L, c);
		return load_of(L, c, laddr_load(L, c));
	}
	case CXUnaryOperator_Plus:
		return conv(L, lx(L, kid(c, 0)), t);
	case CXUnaryOperator_Minus:
		return frontend_new_unary(L->a, KU_NEG, t, conv(L, lx(L, kid(c, 0)), t), cloc(L, c));
	case CXUnaryOperator_Not:
		return frontend_new_unary(L->a, KU_BITNOT, t, conv(L, lx(L, kid(c, 0)), t), cloc(L, c));
	case CXUnaryOperator_LNot:
		x = cond_of(L, kid(c, 0));
		return frontend_new_unary(L->a, KU_NOT, KT_I1, x, cloc(L, c));
	case CXUnaryOperator_AddrOf:
		error_at(L, c, "the address of a value can only be taken as the target of an atomic operation");
		return poison(L, c);
	default:
		error_at(L, c, "unsupported unary operator");
		return poison(L, c);
	}
}

/* c ? a : b (C++ [expr.cond]: only the chosen operand is evaluated). When an arm hoists
 * statements, both arms become an if before the statement, writing a temporary. */
static KirExpr *lcondop(Lower *L, CXCursor c)
{
	CursorVec v = kids(c);
	KirDType t = ctype(c);
	KirExpr *e, *x, *a, *b;
	StmtVec ap = {0}, bp = {0};
	SrcLoc loc = cloc(L, c);
	int tmp, n;
	Bind *marks[8];

	if (v.len != 3 || is_ptr_expr(c)) {
		VEC_FREE(v);
		error_at(L, c, "a conditional expression choosing between pointers cannot be translated");
		return poison(L, c);
	}
	x = cond_of(L, v.data[0]);
	if (x->kind == KE_CONST) {
		/* a folded test (`p == nullptr` with p bound to a literal nullptr, a constant
		 * expression): only the arm taken is lowered, so code that never runs (a use of
		 * that null parameter, call.c) is not translated, as lif does for `if` */
		int yes = frontend_const_is_true(x->u.c);
		n = yes ? ptr_nonnull_enter(L, v.data[0], v.data[1], marks, 8)
		        : ptr_null_enter(L, v.data[0], v.data[2], marks, 8);
		a = lower_apart(L, lx, v.data[yes ? 1 : 2], &ap);
		while (n > 0)
			marks[--n]->nonnull--;
		VEC_FREE(v);
		emit_all(L, &ap);
		return t == KT_VOID ? a : a ? conv(L, a, t) : poison(L, c);
	}
	n = ptr_nonnull_enter(L, v.data[0], v.data[1], marks, 8);     /* `p ? *p : 0` (ptrresult.c) */
	a = lower_apart(L, lx, v.data[1], &ap);
	while (n > 0)
		marks[--n]->nonnull--;
	n = ptr_null_enter(L, v.data[0], v.data[2], marks, 8);      /* `!p ? 0 : *p` */
	b = lower_apart(L, lx, v.data[2], &bp);
	while (n > 0)
		marks[--n]->nonnull--;
	VEC_FREE(v);
	if (t != KT_VOID) {
		a = a ? conv(L, a, t) : poison(L, c);
		b = b ? conv(L, b, t) : poison(L, c);
	}
	if (ap.len || bp.len || t == KT_VOID) {
		tmp = t == KT_VOID ? -1 : new_var(L, "cond", t, KVK_TEMP, loc);
		if (tmp >= 0)
			emit_pending(L, decl_stmt(L, tmp, NULL, loc));
		emit_branch(L, x, tmp, &ap, a, &bp, b, loc);
		return tmp >= 0 ? var_ref(L, tmp, loc) : NULL;
	}
	e = frontend_new_expr(L->a, KE_COND, t, loc);
	e->u.cond.c = x;
	e->u.cond.t = a;
	e->u.cond.f = b;
	return e;
}

/* The last child that is an expression (casts have a TypeRef child first). */
CXCursor last_expr(CXCursor c)
{
	CursorVec v = kids(c);
	CXCursor r = clang_getNullCursor();

	for (size_t i = 0; i < v.len; i++)
		if (clang_isExpression(clang_getCursorKind(v.data[i])))
			r = v.data[i];
	VEC_FREE(v);
	return r;
}

static KirExpr *lcast(Lower *L, CXCursor c)
{
	CXCursor x = last_expr(c);
	KirDType t = ctype(c);
	KirExpr *e;

	if (clang_Cursor_isNull(x)) {
		KirConst k;
		if (eval_const(c, t, &k))
			return frontend_new_const(L->a, k, cloc(L, c));
		error_at(L, c, "unsupported cast");
		return poison(L, c);
	}
	if (t == KT_PTR) {
		error_at(L, c, "pointer cast cannot be translated here");
		return poison(L, c);
	}
	if (!clang_Cursor_isNull(ptr_int_operand(c)))
		return ptr_int_refuse(L, c, "as a value (stored, passed, printed or converted)");
	if (t == KT_VOID)
		return lx(L, x);
	e = lx(L, x);
	return conv(L, e, t);
}

static KirExpr *lunexposed(Lower *L, CXCursor c)
{
	CursorVec v = kids(c);
	KirDType t = ctype(c);
	KirExpr *e;
	KirConst k;

	if (v.len == 0) {
		VEC_FREE(v);
		if (eval_const(c, t, &k))
			return frontend_new_const(L->a, k, cloc(L, c));
		error_at(L, c, "unsupported expression");
		return poison(L, c);
	}
	if (v.len != 1 || (is_ptr_expr(c) && !is_record(clang_getCursorType(c)))) {
		CXCursor first = v.data[0];
		VEC_FREE(v);
		if (is_ptr_expr(c)) {
			Addr a = laddr(L, c);
			(void)a;
			error_at(L, c, "pointer-valued expression cannot be translated here");
			return poison(L, c);
		}
		return lx(L, first);
	}
	if (t == KT_I1 && is_ptr_expr(v.data[0])) {
		/* `if (p)`, `!p`, `p && ...`: a pointer converted to bool */
		e = null_test(L, c, v.data[0], 1);
		VEC_FREE(v);
		return e;
	}
	e = lx(L, v.data[0]);
	VEC_FREE(v);
	if (t != KT_VOID && t != KT_PTR && e->type != t)
		e = conv(L, e, t);
	return e;
}

static KirExpr *lsubscript(Lower *L, CXCursor c)
{
	KirExpr *e;

	if (is_bits_read(L, c))
		return bits_read(L, c);
	if (is_var_elem(L, c))
		return var_elem_load(L, c);
	if ((e = var_elem_path_load(L, c)))      /* `v.m[i][1]`, m held in variables */
		return e;
	return load_of(L, c, laddr_load(L, c));
}

/* The declarations of a statement expression's body, nested ones included. */
typedef struct {
	Lower *L;
	const char *keys[32];
	Bind *saved[32];
	int n, over, record;
} SeDecls;

static enum CXChildVisitResult se_decl(CXCursor c, CXCursor parent, CXClientData d)
{
	SeDecls *sd = d;
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_VarDecl) {
		if (sd->n == 32) {
			sd->over = 1;
			return CXChildVisit_Break;
		}
		if (is_record(clang_getCursorType(c)))
			sd->record = 1;
		sd->keys[sd->n] = dkey(sd->L->a, c);
		sd->saved[sd->n] = map_get(sd->L->fr->binds, sd->keys[sd->n]);
		sd->n++;
	}
	return CXChildVisit_Recurse;
}

/* Whether statement expression body v (its statements; the last, an expression, is the
 * value) only names values: declarations of one scalar variable each with an
 * initialiser, and nothing that writes (has_effect). Each variable then stands for its
 * initialiser's value (BK_EXPR), so the whole is one expression that hoists nothing and
 * a loop's condition `k < min(a, b)` stays the loop's (an inlined statement would move
 * the test into the body as a break). */
static int se_values_only(CXCursor body, CursorVec *v)
{
	if (has_effect(body))
		return 0;
	for (size_t i = 0; i + 1 < v->len; i++) {
		CXCursor d;
		KirDType t;
		if (clang_getCursorKind(v->data[i]) != CXCursor_DeclStmt || nkids(v->data[i]) != 1)
			return 0;
		d = kid(v->data[i], 0);
		t = dt_of(clang_getCursorType(d));
		if (clang_getCursorKind(d) != CXCursor_VarDecl || t == KT_VOID || t == KT_PTR ||
		    clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(d)) || clang_Cursor_getStorageClass(d) == CX_SC_Static)
			return 0;
	}
	return 1;
}

/* A GNU statement expression `({ T _a = (a); ...; _a > _b ? _a : _b; })` (PPCG's and
 * LULESH's min/max macros): its value is the last statement, an expression of scalar
 * type. When the body only names values (se_values_only) the variables stand for their
 * initialisers; otherwise its statements before the last go before the current
 * statement, as an inlined call's body does (under lower_apart's control where the
 * operand is evaluated only sometimes). Its variables are keyed by their spelling in
 * the macro, so every expansion shares the keys: the binds they had before are put back
 * after it, or `min(a, min(b, c))` would read the inner `_a` for the outer one. */
static KirExpr *lstmtexpr(Lower *L, CXCursor c)
{
	CXCursor body = kid(c, 0);
	CursorVec v = kids(body);
	KirDType t = ctype(c);
	SeDecls sd = {.L = L};
	KirExpr *e;
	CXCursor last;

	if (clang_getCursorKind(body) != CXCursor_CompoundStmt || !v.len || !L->pending ||
	    is_ptr_expr(c) || is_record(clang_getCursorType(c)) ||
	    !clang_isExpression(clang_getCursorKind(v.data[v.len - 1]))) {
		VEC_FREE(v);
		error_at(L, c, "a statement expression `({ ...; value; })` translates only with a "
		         "scalar value, its last statement");
		return poison(L, c);
	}
	clang_visitChildren(body, se_decl, &sd);
	if (sd.over || sd.record) {
		VEC_FREE(v);
		error_at(L, c, sd.over ? "a statement expression with more than 32 variables cannot "
		         "be translated" : "a statement expression declaring a struct variable cannot "
		         "be translated");
		return poison(L, c);
	}
	if (se_values_only(body, &v)) {
		for (size_t i = 0; i + 1 < v.len; i++) {
			CXCursor d = kid(v.data[i], 0);
			Bind *b = new_bind(L, BK_EXPR);
			b->expr = conv(L, lx(L, clang_Cursor_getVarDeclInitializer(d)), dt_of(clang_getCursorType(d)));
			put_bind(L, dkey(L->a, d), b);
		}
	} else {
		for (size_t i = 0; i + 1 < v.len; i++)
			ls(L, v.data[i]);
	}
	last = v.data[v.len - 1];
	VEC_FREE(v);
	e = lx(L, last);
	if (e && t != KT_VOID && e->type != t)
		e = conv(L, e, t);
	for (int i = sd.n - 1; i >= 0; i--)
		map_put(L->fr->binds, sd.keys[i], sd.saved[i]);
	return e;
}

KirExpr *lx(Lower *L, CXCursor c)
{
	KirConst k;

	switch (clang_getCursorKind(c)) {
	case CXCursor_IntegerLiteral: case CXCursor_FloatingLiteral: case CXCursor_CharacterLiteral:
	case CXCursor_CXXBoolLiteralExpr:
		return lliteral(L, c);
	case CXCursor_ParenExpr:
		return lx(L, kid(c, 0));
	case CXCursor_UnexposedExpr:
		return lunexposed(L, c);
	case CXCursor_DeclRefExpr:
		return ldeclref(L, c);
	case CXCursor_MemberRefExpr:
		return lmember(L, c);
	case CXCursor_BinaryOperator: case CXCursor_CompoundAssignOperator:
		return lbinary(L, c);
	case CXCursor_UnaryOperator:
		return lunary(L, c);
	case CXCursor_ConditionalOperator:
		return lcondop(L, c);
	case CXCursor_CStyleCastExpr: case CXCursor_CXXStaticCastExpr:
	case CXCursor_CXXFunctionalCastExpr: case CXCursor_CXXConstCastExpr:
		return lcast(L, c);
	case CXCursor_CXXReinterpretCastExpr:
		if (!clang_Cursor_isNull(ptr_int_operand(c)))
			return ptr_int_refuse(L, c, "as a value (stored, passed, printed or converted)");
		error_at(L, c, "reinterpret_cast cannot be translated");
		return poison(L, c);
	case CXCursor_ArraySubscriptExpr:
		return lsubscript(L, c);
	case CXCursor_CallExpr:
		return lcall(L, c);
	case CXCursor_StmtExpr:
		return lstmtexpr(L, c);
	case CXCursor_UnaryExpr:
		if (eval_const(c, ctype(c), &k))
			return frontend_new_const(L->a, k, cloc(L, c));
		error_at(L, c, "cannot evaluate this expression");
		return poison(L, c);
	case CXCursor_CXXNullPtrLiteralExpr: case CXCursor_GNUNullExpr:
		error_at(L, c, "null pointers cannot be translated");
		return poison(L, c);
	case CXCursor_LambdaExpr:
		error_at(L, c, "lambdas are not supported in kernels");
		return poison(L, c);
	case CXCursor_CXXThisExpr:
		error_at(L, c, "member functions are not supported in kernels");
		return poison(L, c);
	default:
		if (eval_const(c, ctype(c), &k))
			return frontend_new_const(L->a, k, cloc(L, c));
		error_at(L, c, "unsupported expression (%s)", str(L->a, clang_getCursorKindSpelling(clang_getCursorKind(c))));
		return poison(L, c);
	}
}
