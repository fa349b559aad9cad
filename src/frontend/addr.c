/* addr.c: addresses. Pointer arithmetic is folded into an Addr (buffer, flat element
 * offset, view type): from a pointer parameter or global, a moving pointer's offset
 * variable, ++/-- on a pointer, a cast to a view of another type, a struct field in
 * memory, a subscript, a call of a device function that returns a pointer
 * (ptrresult.c), `c ? A : nullptr` (ptrnull.c). A pointer choosing between buffers
 * (ptrchoice.c) is read and stored through; anything else that cannot be resolved to one
 * buffer is an error. */
#include "parse.h"

KirExpr *add_off(Lower *L, KirExpr *a, KirExpr *b, SrcLoc loc)
{
	if (!a)
		return b;
	if (!b)
		return a;
	if (a->type != b->type) {
		a = conv(L, a, KT_I64);
		b = conv(L, b, KT_I64);
	}
	return frontend_new_binary(L->a, KB_ADD, a->type, a, b, loc);
}

KirExpr *scale(Lower *L, KirExpr *idx, int64_t stride, SrcLoc loc)
{
	if (stride == 1)
		return idx;
	return frontend_new_binary(L->a, KB_MUL, idx->type, idx, frontend_new_int(L->a, idx->type, stride, loc), loc);
}

static Addr no_addr(void)
{
	Addr a = {.buffer = -1, .off = NULL, .var = -1, .view = KT_VOID};
	return a;
}

static Addr bind_addr(Lower *L, CXCursor c, Bind *b)
{
	Addr a = no_addr();

	if (!b)
		return a;
	switch (b->kind) {
	case BK_PTR:
		a.buffer = b->buffer;
		a.off = b->offvar >= 0 ? var_ref(L, b->offvar, cloc(L, c)) :
		        b->offbuf >= 0 ? shared_ptr_off(L, b, cloc(L, c)) : b->off;
		a.view = b->view;
		a.per = b->per;
		a.row = b->row;
		if (choosing(b)) {
			a.buffer = b->alt[0];
			a.choice = b;
		}
		if (b->nullvar >= 0 && !b->nonnull)
			a.isnull = var_ref(L, b->nullvar, cloc(L, c));
		break;
	case BK_MEM:
		a.buffer = b->buffer;
		a.off = b->off;
		break;
	case BK_VAR:
		a.var = b->idx;
		break;
	default:
		break;
	}
	return a;
}

/* Whether buffer buf cannot be stored into (said at c): __constant__ memory, or an
 * array field of a struct passed by value (each CUDA thread has its own copy of the
 * argument; the module has one input for all). */
int read_only(Lower *L, CXCursor c, int buf)
{
	const KirBuffer *b = &L->bufs.data[buf];

	if (b->space == KSP_CONSTANT)
		error_at(L, c, "__constant__ memory is read-only in a kernel");
	else if (b->in_arg)
		error_at(L, c, "'%s' is an array field of a struct passed by value, read as one input of all threads: a store into it cannot be translated",
		         b->name);
	else
		return 0;
	return 1;
}

/* Whether the subscripted base c is an array (decayed to a pointer), not a pointer. */
static int array_object(CXCursor c)
{
	while (clang_getCursorKind(c) == CXCursor_ParenExpr ||
	       (clang_getCursorKind(c) == CXCursor_UnexposedExpr && nkids(c) == 1))
		c = kid(c, 0);
	return clang_getCanonicalType(clang_getCursorType(c)).kind == CXType_ConstantArray;
}

/* A pointer cast `(float *)p` with p into a buffer of 4-byte ints: the elements are
 * reinterpreted (a bitcast at each load and store), which is exact when the sizes agree;
 * a narrower scalar reads part of an element (narrow.c), a type whose scalars cover whole
 * elements (float4 over halves) reads and writes them (wide.c); other views are refused.
 * A cast to a struct of the same elements (float4 over floats) is the same address. */
static Addr view_addr(Lower *L, CXCursor c, Addr a)
{
	KirDType to = dt_of(clang_getPointeeType(clang_getCursorType(c))), se;
	KirBuffer *b = a.buffer >= 0 ? &L->bufs.data[a.buffer] : NULL;

	if (b && narrow_view(L, c, &a))
		return a;
	if (b && wide_view(L, c, &a))
		return a;
	/* `(float4 *)p` with p into floats: a struct of the elements the pointer already
	 * reads is a view of k consecutive elements; offsets stay in elements, and
	 * subscripts and fields of the struct scale them as for a float4 buffer; a struct
	 * of other scalars of the elements' size (uint4 over floats) reads each field
	 * through a view of its element */
	if (b && struct_layout(clang_getPointeeType(clang_getCursorType(c)), &se, NULL) &&
	    (se == (a.view != KT_VOID ? a.view : b->elem) ||
	     (a.view == KT_VOID && !a.per && b->elem != KT_I1 && se != KT_I1 &&
	      frontend_dtype_bytes(se) == frontend_dtype_bytes(b->elem))))
		return a;

	if (b && to != KT_VOID && to != KT_PTR && to != KT_I1 && b->elem != KT_I1 &&
	    frontend_dtype_bytes(to) == frontend_dtype_bytes(b->elem)) {
		a.view = to == b->elem ? KT_VOID : to;
		return a;
	}
	if (b)
		error_at(L, c, "the cast to '%s' reads the %s elements of '%s' as %s: only a view whose numbers each cover whole %d-byte elements, or one at a time part of one, can be translated",
		    type_name(L->a, clang_getCursorType(c)), frontend_dtype_name(b->elem), b->name,
		    to == KT_VOID || to == KT_PTR ? type_name(L->a, clang_getPointeeType(clang_getCursorType(c))) : frontend_dtype_name(to),
		    frontend_dtype_bytes(b->elem));
	else
		error_at(L, c, "pointer cast between element types cannot be translated");
	return no_addr();
}

typedef struct RefCount {
	CXCursor decl;
	int n;
} RefCount;

static enum CXChildVisitResult ref_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	RefCount *r = d;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(c), r->decl))
		r->n++;
	return CXChildVisit_Recurse;
}

/* References to decl inside c. */
static int count_refs(CXCursor c, CXCursor decl)
{
	RefCount r = {decl, 0};

	clang_visitChildren(c, ref_visit, &r);
	return r.n;
}

/* `*p++`, `*--p` on a moving pointer: the increment runs just before the statement and
 * the address is the offset before (post) or after (pre) it. */
static Addr addr_any(Lower *L, CXCursor c);

static Addr incdec_addr(Lower *L, CXCursor c, enum CXUnaryOperatorKind k)
{
	int post = k == CXUnaryOperator_PostInc || k == CXUnaryOperator_PostDec;
	int inc = k == CXUnaryOperator_PostInc || k == CXUnaryOperator_PreInc;
	Addr a = addr_any(L, kid(c, 0));
	KirExpr *e;

	if (!a.off) {                   /* the pointer's address said why, or says so here */
		if (!L->failed)
			error_at(L, c, "this pointer increment cannot be translated");
		return no_addr();
	}

	if (!L->hoist_ok || clang_Cursor_isNull(L->stmt)) {
		error_at(L, c, "an increment of a pointer inside a condition or a loop test cannot be translated");
		return no_addr();
	}
	if (count_refs(L->stmt, clang_getCursorReferenced(strip(kid(c, 0)))) != 1) {
		error_at(L, c, "a pointer incremented inside an address must not be used again in the same statement");
		return no_addr();
	}
	e = lx(L, c);
	if (e->kind == KE_INCDEC)
		e->u.incdec.post = 0;      /* (a step over several elements is an assignment) */
	emit_pending(L, expr_stmt(L, e));
	if (post)
		a.off = frontend_new_binary(L->a, inc ? KB_SUB : KB_ADD, KT_I64, a.off,
		                            frontend_new_int(L->a, KT_I64, ptr_step_elems(L, kid(c, 0)), cloc(L, c)),
		                            cloc(L, c));
	return a;
}

/* A struct-typed expression that lives in memory (`s[i]`, `*p`, `p->` bases). */
int is_mem_struct(CXCursor b)
{
	enum CXCursorKind k = clang_getCursorKind(b);
	CXType t = clang_getCanonicalType(clang_getCursorType(b));

	if (clang_Cursor_isNull(b))
		return 0;
	if (t.kind == CXType_Pointer)
		return struct_layout(clang_getPointeeType(t), NULL, NULL);     /* p->x */
	return is_record(t) && (k == CXCursor_ArraySubscriptExpr || k == CXCursor_UnaryOperator ||
	                                   k == CXCursor_MemberRefExpr || k == CXCursor_ParenExpr);
}

/* A struct variable that is memory (`__shared__ Counter c;`, a `__device__` or
 * host-filled `__constant__` struct: global_var's BK_MEM bind), whose fields are its
 * buffer's slots at their offsets (struct.c), as `(&c)->k` would be; so is a
 * `__constant__` struct with an initialiser, whose values constinit.c placed at those
 * slots. */
int is_mem_struct_var(Lower *L, CXCursor b)
{
	CXCursor d;
	Bind *bd;

	b = strip(b);
	if (clang_getCursorKind(b) != CXCursor_DeclRefExpr || !is_record(clang_getCursorType(b)))
		return 0;
	d = clang_getCursorReferenced(b);
	if (!(bd = lookup(L, d)))
		bd = global_var(L, d);
	return bd && bd->kind == BK_MEM && bd->buffer >= 0 && struct_layout(clang_getCursorType(b), NULL, NULL);
}

/* Field of a struct in memory: its element offset within the struct added. */
static Addr field_addr(Lower *L, CXCursor c)
{
	CXCursor b = member_base(c), fld = clang_getCursorReferenced(c);
	CXType bt = clang_getCanonicalType(clang_getCursorType(b)), t = clang_getCanonicalType(clang_getCursorType(fld));
	Addr a = laddr(L, b);

	if (bt.kind == CXType_Pointer)
		bt = clang_getCanonicalType(clang_getPointeeType(bt));
	if (a.buffer < 0 || !struct_layout(bt, NULL, NULL) || !mem_struct_fits(L, c, a, bt))
		return no_addr();
	if (a.per) {
		if (!L->failed)
			error_at(L, c, "a field of a struct over a narrower view of the elements of '%s' cannot be translated",
			         L->bufs.data[a.buffer].name);
		return no_addr();
	}
	if (clang_Cursor_isBitField(fld))
		return bitfield_at(L, c, a, bt, fld);
	return field_at(L, a, bt, clang_Cursor_getOffsetOfField(fld), t, cloc(L, c));
}

/* The bind key prefix of the object a getter (a method call c of fn without arguments)
 * runs on, for its `this`: the caller's own object when the call names none or `this`
 * (`vec()` in another method), the object's key when it is held in variables (`a.vec()`,
 * `p->vec()`, p pointing to such an object), else NULL (a struct in memory, a temporary:
 * a use of a field then is refused, never read from another object). */
static const char *getter_this(Lower *L, CXCursor c, CXCursor fn)
{
	enum CXCursorKind fk = clang_getCursorKind(fn);
	CXCursor obj = clang_getNullCursor();
	CXType ot;

	if ((fk != CXCursor_CXXMethod && fk != CXCursor_ConversionFunction) || clang_CXXMethod_isStatic(fn))
		return L->fr->this_key;
	if (clang_Cursor_getNumArguments(c) == 1)
		obj = clang_Cursor_getArgument(c, 0);                /* an operator call */
	else if (nkids(c) && clang_getCursorKind(kid(c, 0)) == CXCursor_MemberRefExpr)
		obj = member_base(kid(c, 0));
	if (clang_Cursor_isNull(obj) || clang_getCursorKind(obj) == CXCursor_CXXThisExpr)
		return L->fr->this_key;
	ot = clang_getCanonicalType(clang_getCursorType(obj));
	if (ot.kind == CXType_Pointer)
		ot = clang_getCanonicalType(clang_getPointeeType(ot));
	return is_record(ot) ? var_struct_key(L, strip(obj), ot) : NULL;
}

/* A call without arguments of a user function that returns a pointer and whose body is
 * declarations and one `return ADDR;`: SharedMemory<T>'s `operator T*` returning its
 * `extern __shared__` array, a getter of a __shared__ or __device__ array, a method
 * returning a pointer into its object's array field (`*a.vec() = v`). Its address is
 * that of ADDR, the declarations bound first, with `this` the call's object. 0 when c is
 * no such call. */
static int pointer_getter(Lower *L, CXCursor c, Addr *out)
{
	CXCursor fn = clang_getCursorReferenced(c), def = clang_getCursorDefinition(fn), body = clang_getNullCursor();
	CursorVec v;
	const char *save;
	size_t n;
	int ok = 1;

	if (clang_Cursor_isNull(def) || in_system(def) || clang_getCursorType(c).kind != CXType_Pointer ||
	    clang_Cursor_getNumArguments(fn) != 0)
		return 0;
	v = kids(def);
	for (size_t i = 0; i < v.len; i++)
		if (clang_getCursorKind(v.data[i]) == CXCursor_CompoundStmt)
			body = v.data[i];
	VEC_FREE(v);
	if (clang_Cursor_isNull(body) || !(n = nkids(body)) || clang_getCursorKind(kid(body, n - 1)) != CXCursor_ReturnStmt ||
	    !nkids(kid(body, n - 1)))
		return 0;
	for (size_t i = 0; i + 1 < n; i++)
		ok &= clang_getCursorKind(kid(body, i)) == CXCursor_DeclStmt;
	if (!ok)
		return 0;
	save = L->fr->this_key;
	L->fr->this_key = getter_this(L, c, fn);
	for (size_t i = 0; i + 1 < n; i++)
		ls(L, kid(body, i));
	*out = laddr(L, kid(kid(body, n - 1), 0));
	L->fr->this_key = save;
	return 1;
}

/* An address that may be null is refused where it is used other than tested or assigned
 * (ptrresult.c): a dereference must sit under a test that it is not null. */
static Addr refuse_null(Lower *L, CXCursor c, Addr a)
{
	if (!a.isnull)
		return a;
	if (!L->failed)
		error_at(L, c, "this pointer may be null here: a pointer that may be null can only be tested or assigned; a use must sit under a test that it is not null (`if ((p = f(x))) ... *p`)");
	return no_addr();
}

/* a, unless it chooses between buffers (only a load or a store, ptrchoice.c, can go through
 * such a pointer). */
static Addr one_buffer(Lower *L, CXCursor c, Addr a)
{
	if (a.choice && a.buffer >= 0) {
		if (!L->failed)
			error_at(L, c, "this pointer chooses between buffers ('%s' or '%s'): only a load through it or a store that is a statement of its own can be translated",
			    L->bufs.data[a.choice->alt[0]].name, L->bufs.data[a.choice->alt[1]].name);
		a = no_addr();
	}
	return a;
}

/* The address an expression names, in one buffer, or a pointer that may be null
 * (ptrresult.c) with its flag. */
Addr laddr_null(Lower *L, CXCursor c)
{
	return one_buffer(L, c, addr_any(L, c));
}

/* The address an expression names, in one buffer. */
Addr laddr(Lower *L, CXCursor c)
{
	return one_buffer(L, c, refuse_null(L, c, addr_any(L, c)));
}

/* The address a load reads: also through a pointer choosing between buffers
 * (ptrchoice.c). */
Addr laddr_load(Lower *L, CXCursor c)
{
	return refuse_null(L, c, addr_any(L, c));
}

static Addr addr_any(Lower *L, CXCursor c)
{
	Addr a = no_addr(), b;
	CursorVec v;
	SrcLoc l = cloc(L, c);

	switch (clang_getCursorKind(c)) {
	case CXCursor_ParenExpr:
		return addr_any(L, kid(c, 0));
	case CXCursor_UnexposedExpr: case CXCursor_CStyleCastExpr: case CXCursor_CXXStaticCastExpr:
	case CXCursor_CXXConstCastExpr: case CXCursor_CXXReinterpretCastExpr: {
		CXCursor x = last_expr(c);
		if (clang_Cursor_isNull(x))
			break;
		if (clang_getCursorKind(x) == CXCursor_StringLiteral && clang_getCursorKind(c) == CXCursor_UnexposedExpr) {
			a.buffer = string_buffer(L, c, x);    /* a constant array of its bytes (decl.c) */
			return a;
		}
		a = addr_any(L, x);
		if ((a.buffer >= 0 || a.var >= 0) && clang_getCursorKind(c) != CXCursor_UnexposedExpr && is_ptr_expr(c) &&
		    is_ptr_expr(x) && dt_of(clang_getPointeeType(clang_getCursorType(c))) !=
		    dt_of(clang_getPointeeType(clang_getCursorType(x))))
			return a.choice ? laddr(L, x) : view_addr(L, c, a);
		return a;
	}
	case CXCursor_DeclRefExpr: {
		CXCursor d = clang_getCursorReferenced(c);
		Bind *bd = lookup(L, d);
		if (!bd)
			bd = global_var(L, d);
		a = bind_addr(L, c, bd);
		if (bd && bd->isnullptr && !L->failed)
			error_at(L, c, "'%s' is a null pointer here (nullptr is passed for it): a use of it other than a test cannot be translated",
			         spell(L->a, d));
		else if (bd && bd->kind == BK_DESC)
			desc_refuse(L, c, spell(L->a, d));
		else if (bd && bd->kind == BK_BITS && !L->failed)
			error_at(L, c, "'%s' points into the bits of a variable: only reads and stores through it can be translated (moving it, an increment or passing it on cannot)",
			         spell(L->a, d));
		else if (bd && bd->offbuf >= 0 && a.buffer < 0 && !L->failed)
			error_at(L, c, "__shared__ pointer '%s' is used before any address assigned to it (its buffer is the one "
			         "the first assignment translated points into; an assignment must come first in the code)",
			         spell(L->a, d));
		else if (a.buffer < 0 && a.var < 0 && !L->failed)
			error_at(L, c, "'%s' is not a buffer the kernel can address", spell(L->a, d));
		return a;
	}
	case CXCursor_MemberRefExpr: {
		Bind *mb = member_bind(L, c);
		if (mb && mb->kind == BK_MEM && mb->buffer < 0) {
			if (!L->failed)
				error_at(L, c, "reference member '%s' is used before a constructor binds it (a copy of an object "
				         "is bound as the original; a result by value is not)", spell(L->a, c));
			return a;
		}
		if (mb || !(is_mem_struct(member_base(c)) || is_mem_struct_var(L, member_base(c))))
			a = bind_addr(L, c, mb);
		else
			a = field_addr(L, c);
		if (a.buffer < 0 && a.var < 0 && !L->failed)
			error_at(L, c, "member access into memory cannot be translated here");
		return a;
	}
	case CXCursor_ArraySubscriptExpr:
		if (is_var_elem(L, c))          /* an element of an array field held in variables */
			return var_elem_addr(L, c);
		v = kids(c);
		if (v.len == 2) {
			CXCursor base = v.data[0], idx = v.data[1];
			if (!is_ptr_expr(base)) {
				CXCursor t = base;
				base = idx;
				idx = t;
			}
			b = addr_any(L, base);
			if (b.var >= 0 && b.buffer < 0) {     /* p[0] with p the address of a scalar variable: it */
				int64_t k;
				if (eval_int(idx, &k) && k == 0)
					a = b;
			} else if (b.buffer >= 0) {
				KirExpr *i = lx(L, idx);
				a.buffer = b.buffer;
				a.view = b.view;
				a.per = b.per;
				/* an index within an array object stays in it (C++ [expr.add]); a
				 * pointer's index may reach the next object */
				a.row = array_object(base) ? b.row : 0;
				a.choice = b.choice;
				a.isnull = b.isnull;
				a.off = add_off(L, b.off, scale(L, i, elems_per(L, clang_getCursorType(c), b.buffer, b.per), l), l);
			}
		}
		VEC_FREE(v);
		return a;
	case CXCursor_BinaryOperator: {
		enum CXBinaryOperatorKind k = clang_getCursorBinaryOperatorKind(c);
		v = kids(c);
		if ((k == CXBinaryOperator_Add || k == CXBinaryOperator_Sub) && v.len == 2) {
			int pl = is_ptr_expr(v.data[0]);
			CXCursor p = pl ? v.data[0] : v.data[1], n = pl ? v.data[1] : v.data[0];
			b = addr_any(L, p);
			if (b.buffer >= 0) {
				KirExpr *i = lx(L, n);
				if (k == CXBinaryOperator_Sub)
					i = frontend_new_unary(L->a, KU_NEG, i->type, i, l);
				int64_t st = elems_per(L, clang_getPointeeType(clang_getCursorType(p)), b.buffer, b.per);
				a.buffer = b.buffer;
				a.view = b.view;
				a.per = b.per;
				a.choice = b.choice;
				a.isnull = b.isnull;
				a.off = add_off(L, b.off, scale(L, i, st ? st : 1, l), l);
			}
		} else if (k == CXBinaryOperator_Comma && v.len == 2) {
			emit_pending(L, expr_stmt(L, lx(L, v.data[0])));
			a = addr_any(L, v.data[1]);
		} else if (k == CXBinaryOperator_Assign && v.len == 2 && is_ptr_expr(v.data[0]) && moving_bind(L, v.data[0])) {
			/* `(p = f(x))` as an address (tested in a condition): the assignment, then p */
			emit_pending(L, expr_stmt(L, lx(L, c)));
			a = addr_any(L, v.data[0]);
		}
		VEC_FREE(v);
		return a;
	}
	case CXCursor_UnaryOperator: {
		enum CXUnaryOperatorKind k = clang_getCursorUnaryOperatorKind(c);
		Bind *b0;
		if (k == CXUnaryOperator_Deref && (b0 = ptr_addr_target(L, c)))
			return bind_addr(L, c, b0);      /* `*p` with p bound to `&r`: r (call.c) */
		if (k == CXUnaryOperator_Deref || k == CXUnaryOperator_AddrOf)
			return addr_any(L, kid(c, 0));
		if (k >= CXUnaryOperator_PostInc && k <= CXUnaryOperator_PreDec && moving_bind(L, kid(c, 0)))
			return incdec_addr(L, c, k);
		break;
	}
	case CXCursor_CallExpr:
		if (is_load_hint(spell(L->a, clang_getCursorReferenced(c))))
			return addr_any(L, clang_Cursor_getArgument(c, 0));
		if (pointer_getter(L, c, &a) || ptr_result_call(L, c, &a))
			return a;
		lx(L, c);      /* a refused builtin (malloc) says so itself */
		break;
	case CXCursor_ConditionalOperator:     /* `c ? A : nullptr` (ptrnull.c) */
		if (ptr_null_select(L, c, &a))
			return a;
		break;
	default:
		break;
	}
	if (!L->failed)
		error_at(L, c, "this address cannot be resolved to a buffer and an offset");
	return a;
}
