/* cub.c: cub's block reduction (CUB docs, cub::BlockReduce) as kernel IR. cub's own
 * implementation is warp shuffles and PTX; its documented result is what counts:
 * `BlockReduce(temp_storage).Sum(x)` / `.Reduce(x, op)` (and the forms with a count of
 * valid items) combine the block's inputs, and the aggregate is valid in thread 0 only.
 * A call becomes: each thread stores its input in a shared scratch array of the block's
 * size, a barrier, thread 0 folds the array in thread-rank order (left to right: the
 * order of a float sum, which cub leaves unspecified), a barrier. The result is a local
 * set in thread 0 only, so a read of it in another thread is refused by assigned.c
 * (CUDA leaves it undefined there). The TempStorage variable is never lowered: the
 * object's type says everything (its template arguments). Recognised by name in the
 * namespace cub, so CUDA 12's and 13's CCCL are alike. */
#include "parse.h"

#include <stdlib.h>

static int in_namespace(CXCursor d, const char *ns)
{
	for (d = clang_getCursorSemanticParent(d); !clang_Cursor_isNull(d) &&
	     clang_getCursorKind(d) != CXCursor_TranslationUnit; d = clang_getCursorSemanticParent(d)) {
		CXString s = clang_getCursorSpelling(d);
		int r = clang_getCursorKind(d) == CXCursor_Namespace && !strcmp(clang_getCString(s), ns);
		clang_disposeString(s);
		if (r)
			return 1;
	}
	return 0;
}

/* The declaration of t (references and typedefs removed), and its name. */
static const char *decl_name(Arena *a, CXType t, CXCursor *d)
{
	*d = clang_getTypeDeclaration(clang_getCanonicalType(clang_getNonReferenceType(t)));
	return clang_Cursor_isNull(*d) ? "" : spell(a, *d);
}

/* The object of a method call c when it is a cub::BlockReduce: its type in *t. */
int cub_object_type(Lower *L, CXCursor c, CXType *t)
{
	CXCursor m = nkids(c) ? strip(kid(c, 0)) : clang_getNullCursor(), d;

	if (clang_Cursor_isNull(m) || clang_getCursorKind(m) != CXCursor_MemberRefExpr ||
	    clang_Cursor_isNull(member_base(m)))
		return 0;
	*t = clang_getCursorType(member_base(m));
	if (t->kind == CXType_Invalid)
		return 0;
	return !strcmp(decl_name(L->a, *t, &d), "BlockReduce") && in_namespace(d, "cub");
}

/* BlockReduce<...>::TempStorage */
int cub_storage_type(Lower *L, CXType t)
{
	CXCursor d;

	return !strcmp(decl_name(L->a, t, &d), "TempStorage") && in_namespace(d, "cub") &&
	       !strcmp(spell(L->a, clang_getCursorSemanticParent(d)), "BlockReduce");
}

/* The integer template arguments of BlockReduce<T, X, ALGORITHM, Y, Z> from the
 * canonical spelling (libclang gives only type arguments): dims[0..2] = X, Y, Z. */
static int block_dims(Lower *L, CXType t, int64_t dims[3])
{
	const char *s = str(L->a, clang_getTypeSpelling(clang_getCanonicalType(clang_getNonReferenceType(t))));
	const char *p = strchr(s, '<');
	int depth = 0, argn = 0;

	dims[0] = 0;
	dims[1] = dims[2] = 1;
	for (p = p ? p + 1 : NULL; p && *p; p++) {
		if (*p == '<' || *p == '(')
			depth++;
		else if ((*p == '>' || *p == ')') && depth-- == 0)
			break;
		else if (*p == ',' && depth == 0) {
			argn++;
			while (p[1] == ' ')
				p++;
			if (argn == 1 || argn == 3 || argn == 4) {
				char *end;
				long long v = strtoll(p + 1, &end, 10);
				if (end == p + 1)
					return 0;
				dims[argn == 1 ? 0 : argn - 2] = v;
			}
		}
	}
	return dims[0] > 0 && dims[1] > 0 && dims[2] > 0 && dims[0] * dims[1] * dims[2] <= 1024;
}

/* The operator of a Reduce call: KB_ADD, KB_MAX or KB_MIN stand for plus, maximum and
 * minimum (cub::Sum/Max/Min in CUDA 12; cuda::std::plus, cuda::maximum, cuda::minimum
 * in CCCL 3); -1 for others. */
static int reduce_op(Lower *L, CXCursor opnd)
{
	CXCursor d;
	const char *n = decl_name(L->a, clang_getCursorType(opnd), &d);

	if (clang_Cursor_isNull(d) || !(in_namespace(d, "cub") || in_namespace(d, "cuda")))
		return -1;
	if (!strcmp(n, "Sum") || !strcmp(n, "plus"))
		return 0;
	if (!strcmp(n, "Max") || !strcmp(n, "maximum"))
		return 1;
	if (!strcmp(n, "Min") || !strcmp(n, "minimum"))
		return 2;
	return -1;
}

static KirExpr *u32c(Lower *L, int64_t v, SrcLoc l) { return frontend_new_int(L->a, KT_U32, v, l); }
static KirExpr *bi(Lower *L, KirBuiltin b, SrcLoc l) { return new_builtin(L, b, l); }

/* cub's linear rank from its template dims: x + X * (y + Y * z) */
static KirExpr *rank_of(Lower *L, const int64_t dims[3], SrcLoc l)
{
	KirExpr *r = bi(L, KBI_TID_X, l);

	if (dims[1] > 1 || dims[2] > 1)
		r = frontend_new_binary(L->a, KB_ADD, KT_U32, r, frontend_new_binary(L->a, KB_MUL, KT_U32, u32c(L, dims[0], l),
		    frontend_new_binary(L->a, KB_ADD, KT_U32, bi(L, KBI_TID_Y, l), frontend_new_binary(L->a, KB_MUL, KT_U32,
		    u32c(L, dims[1], l), bi(L, KBI_TID_Z, l), l), l), l), l);
	return r;
}

static KirExpr *assign_to(Lower *L, int var, int buf, KirExpr *index, KirExpr *value, SrcLoc l)
{
	KirExpr *e = frontend_new_expr(L->a, KE_ASSIGN, value->type, l);

	e->u.assign.lv.var = var;
	e->u.assign.lv.buffer = buf;
	e->u.assign.lv.index = index;
	e->u.assign.op = KB_NONE;
	e->u.assign.optype = value->type;
	e->u.assign.value = value;
	return e;
}

static KirExpr *load(Lower *L, int buf, KirExpr *index, KirDType t, SrcLoc l)
{
	KirExpr *e = frontend_new_expr(L->a, KE_LOAD, t, l);

	e->u.load.buffer = buf;
	e->u.load.index = index;
	return e;
}

/* op(a, b): a + b, or b when it is greater (less) than a, else a */
static KirExpr *combine(Lower *L, int op, KirExpr *a, KirExpr *b, KirExpr *a2, KirExpr *b2, KirDType t, SrcLoc l)
{
	KirExpr *r;

	if (op == 0)
		return frontend_new_binary(L->a, KB_ADD, t, a, b, l);
	r = frontend_new_expr(L->a, KE_COND, t, l);
	r->u.cond.c = op == 1 ? frontend_new_binary(L->a, KB_LT, KT_I1, a, b, l) :
	                        frontend_new_binary(L->a, KB_LT, KT_I1, b, a, l);
	r->u.cond.t = b2;
	r->u.cond.f = a2;
	return r;
}

static KirStmt *if_then(Lower *L, KirExpr *cond, KirStmt *then, SrcLoc l)
{
	KirStmt *s = frontend_new_stmt(L->a, KS_IF, l);

	s->u.if_.cond = cond;
	s->u.if_.then = then;
	s->u.if_.els = NULL;
	return s;
}

/* BlockReduce(storage).Sum(x[, valid]) / .Reduce(x, op[, valid]) on an object of type on. */
KirExpr *lcub_method(Lower *L, CXCursor c, const char *n, CXType on)
{
	SrcLoc l = cloc(L, c);
	KirDType t = ctype(c);
	int nargs = clang_Cursor_getNumArguments(c), sum = !strcmp(n, "Sum"), op = 0;
	int64_t dims[3], count;
	KirExpr *valid = NULL, *x;
	KirBuffer b = {0};
	int buf, res, i;
	StmtVec body = {0};
	KirStmt *loop;

	if ((!sum && strcmp(n, "Reduce")) || nargs < 1 + !sum || nargs > 2 + !sum) {
		error_at(L, c, "cub::BlockReduce::%s is not supported (Sum and Reduce with one input per thread are)", n);
		return poison(L, c);
	}
	if (!sum && (op = reduce_op(L, clang_Cursor_getArgument(c, 1))) < 0) {
		error_at(L, c, "cub::BlockReduce::Reduce with this operator is not supported "
		         "(cub::Sum/Max/Min, cuda::std::plus, cuda::maximum and cuda::minimum are)");
		return poison(L, c);
	}
	if (clang_getCursorType(clang_Cursor_getArgument(c, 0)).kind == CXType_ConstantArray ||
	    !block_dims(L, on, dims) || t == KT_VOID || t == KT_PTR || t == KT_I1) {
		error_at(L, c, "cub::BlockReduce::%s of this type or these inputs is not supported (one scalar per thread, "
		         "a block of at most 1024 threads)", n);
		return poison(L, c);
	}
	if (!L->hoist_ok) {
		error_at(L, c, "cub::BlockReduce inside a condition or a loop test cannot be translated; compute it before");
		return poison(L, c);
	}
	count = dims[0] * dims[1] * dims[2];
	x = conv(L, arg(L, c, 0), t);
	if (nargs == 2 + !sum)
		valid = conv(L, arg(L, c, 1 + !sum), KT_I32);
	b.name = unique(L, "cub.scratch");
	b.space = KSP_SHARED;
	b.elem = t;
	b.ndims = 1;
	b.dims[0] = b.count = count;
	b.param = -1;
	b.loc = l;
	VEC_PUSH(L->bufs, b);
	buf = (int)L->bufs.len - 1;
	emit_pending(L, expr_stmt(L, assign_to(L, -1, buf, rank_of(L, dims, l), x, l)));
	emit_pending(L, sync_stmt(L, c, KSY_THREADS, NULL, -1));
	res = new_var(L, "cub.aggregate", t, KVK_TEMP, l);
	emit_pending(L, decl_stmt(L, res, NULL, l));
	/* thread 0: res = s[0]; for (i = 1; i < count (valid); i++) res = op(res, s[i]) */
	i = new_var(L, "cub.i", KT_I32, KVK_TEMP, l);
	VEC_PUSH(body, expr_stmt(L, assign_to(L, res, -1, NULL, load(L, buf, u32c(L, 0, l), t, l), l)));
	loop = frontend_new_stmt(L->a, KS_FOR, l);
	loop->u.for_.init = decl_stmt(L, i, frontend_new_int(L->a, KT_I32, 1, l), l);
	loop->u.for_.cond = frontend_new_binary(L->a, KB_LT, KT_I1, var_ref(L, i, l),
	                                        valid ? valid : frontend_new_int(L->a, KT_I32, count, l), l);
	if (valid) {   /* no more than the block has */
		KirExpr *both = frontend_new_expr(L->a, KE_LOGAND, KT_I1, l);
		both->u.bin.l = loop->u.for_.cond;
		both->u.bin.r = frontend_new_binary(L->a, KB_LT, KT_I1, var_ref(L, i, l), frontend_new_int(L->a, KT_I32, count, l), l);
		loop->u.for_.cond = both;
	}
	loop->u.for_.step = frontend_new_binary(L->a, KB_ADD, KT_I32, var_ref(L, i, l), frontend_new_int(L->a, KT_I32, 1, l), l);
	loop->u.for_.step = assign_to(L, i, -1, NULL, loop->u.for_.step, l);
	loop->u.for_.body = expr_stmt(L, assign_to(L, res, -1, NULL,
	    combine(L, op, var_ref(L, res, l), load(L, buf, var_ref(L, i, l), t, l),
	            var_ref(L, res, l), load(L, buf, var_ref(L, i, l), t, l), t, l), l));
	VEC_PUSH(body, loop);
	emit_pending(L, if_then(L, frontend_new_binary(L->a, KB_EQ, KT_I1, rank_of(L, dims, l), u32c(L, 0, l), l), block_of(L, &body, l), l));
	emit_pending(L, sync_stmt(L, c, KSY_THREADS, NULL, -1));
	return var_ref(L, res, l);
}
