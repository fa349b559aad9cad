/* cub.c: cub's block reduction and block scan (CUB docs, cub::BlockReduce,
 * cub::BlockScan) as kernel IR. cub's own implementation is warp shuffles and PTX; its
 * documented result is what counts:
 * `BlockReduce(temp_storage).Sum(x)` / `.Reduce(x, op)` (and the forms with a count of
 * valid items) combine the block's inputs, and the aggregate is valid in thread 0 only.
 * A call becomes: each thread stores its input in a shared scratch array of the block's
 * size, a barrier, thread 0 folds the array in thread-rank order (left to right: the
 * order of a float sum, which cub leaves unspecified), a barrier. The result is a local
 * set in thread 0 only, so a read of it in another thread is refused by assigned.c
 * (CUDA leaves it undefined there). Over cub::KeyValuePair with cub::ArgMax/ArgMin
 * (lreduce_pair): two scratch arrays, keys and values, and a struct-valued result.
 * The TempStorage variable is never lowered: the object's type says everything (its
 * template arguments). Recognised by name in the namespace cub, so CUDA 12's and 13's
 * CCCL are alike.
 * BlockScan (lscan): ExclusiveSum/InclusiveSum, InclusiveScan(op) and
 * ExclusiveScan(initial value, op), on one input per thread or an ITEMS_PER_THREAD
 * array in the blocked arrangement (thread r holds items r*N .. r*N+N-1), with the
 * block_aggregate out-parameter (valid in every thread, CUB docs) for the forms without
 * an initial value. Each thread stores its items in a scratch array, a barrier, then
 * each thread folds the scratch left to right up to its items (the order of a float
 * scan, which cub leaves unspecified; an exclusive scan starts from its initial value,
 * 0 for ExclusiveSum), a barrier. Refused: ExclusiveScan without an initial value
 * (thread 0's output is undefined), the prefix-callback forms, an aggregate together
 * with an initial value.
 * BlockLoad/BlockStore (lmove): Load(ptr, items[, valid_items[, oob_default]]) and
 * Store(ptr, items[, valid_items]) by the docs' data arrangements (blocked, or striped
 * for *_STRIPED), one guarded load or store per item, no scratch and no barrier.
 * Their TempStorage is an alias of cub::Uninitialized<...>, recognised by the alias.
 * A __shared__ struct or union of TempStorages only (cub_storage_record) is not
 * lowered either: each call has its own scratch.
 * BlockAdjacentDifference (ladj): SubtractLeft/SubtractRight with a difference
 * operator, by the docs' result for each tile item (its neighbour in the blocked
 * arrangement, the tile's edge item alone or with the tile predecessor/successor);
 * the items go through a shared scratch and a barrier. */
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

/* The cub collectives and data movers lowered here */
static int cub_class(const char *n)
{
	return !strcmp(n, "BlockReduce") || !strcmp(n, "BlockScan") || !strcmp(n, "BlockLoad") ||
	       !strcmp(n, "BlockStore") || !strcmp(n, "BlockAdjacentDifference");
}

/* The object of a method call c when it is of one of cub_class's classes: its type
 * in *t. */
int cub_object_type(Lower *L, CXCursor c, CXType *t)
{
	CXCursor m = nkids(c) ? strip(kid(c, 0)) : clang_getNullCursor(), d;

	if (clang_Cursor_isNull(m) || clang_getCursorKind(m) != CXCursor_MemberRefExpr ||
	    clang_Cursor_isNull(member_base(m)))
		return 0;
	*t = clang_getCursorType(member_base(m));
	if (t->kind == CXType_Invalid)
		return 0;
	return cub_class(decl_name(L->a, *t, &d)) && in_namespace(d, "cub");
}

/* A TempStorage member of a cub class d (its name and namespace) */
static int storage_decl(Lower *L, CXCursor d)
{
	return !clang_Cursor_isNull(d) && !strcmp(spell(L->a, d), "TempStorage") && in_namespace(d, "cub") &&
	       cub_class(spell(L->a, clang_getCursorSemanticParent(d)));
}

/* BlockReduce<...>::TempStorage, BlockScan<...>::TempStorage (classes), and
 * BlockLoad/BlockStore<...>::TempStorage, which are aliases of a cub::Uninitialized<...>
 * that says nothing of the class: those are known by the alias, before it is resolved. */
int cub_storage_type(Lower *L, CXType t)
{
	CXCursor d;

	if (storage_decl(L, clang_getTypeDeclaration(clang_getCanonicalType(clang_getNonReferenceType(t)))))
		return 1;
	t = clang_getNonReferenceType(t);
	for (int i = 0; i < 8; i++) {
		if (t.kind == CXType_Elaborated)
			t = clang_Type_getNamedType(t);
		else if (t.kind == CXType_Typedef) {
			d = clang_getTypeDeclaration(t);
			if (storage_decl(L, d))
				return 1;
			t = clang_getTypedefDeclUnderlyingType(d);
		} else
			break;
	}
	return 0;
}

/* A struct or union whose every field (at least one) is a cub TempStorage: the
 * documented way to share one __shared__ allocation among several collectives
 * (`union { BlockLoadT::TempStorage load; BlockScanT::TempStorage scan; }`). Like a
 * TempStorage itself it is never lowered: each call makes its own scratch, so which
 * member a call is given does not matter. */
int cub_storage_record(Lower *L, CXType t)
{
	CXType ct = clang_getCanonicalType(t);
	CXCursor d = clang_getTypeDeclaration(ct);
	CursorVec v;
	int nf = 0, ok = 1;

	if (ct.kind != CXType_Record || clang_Cursor_isNull(d))
		return 0;
	v = kids(d);
	for (size_t i = 0; i < v.len && ok; i++) {
		enum CXCursorKind k = clang_getCursorKind(v.data[i]);
		if (k == CXCursor_FieldDecl) {
			nf++;
			ok = cub_storage_type(L, clang_getCursorType(v.data[i]));
		} else if (k != CXCursor_StructDecl && k != CXCursor_UnionDecl && k != CXCursor_TypeRef &&
		           k != CXCursor_TemplateRef && k != CXCursor_NamespaceRef)
			ok = 0;     /* methods, constructors, static members: not a plain holder */
	}
	VEC_FREE(v);
	return ok && nf > 0;
}

/* The top-level template arguments of t's canonical spelling, at most max: their
 * count, or -1 when t has none. */
static int tmpl_args(Lower *L, CXType t, const char **out, int max)
{
	const char *s = str(L->a, clang_getTypeSpelling(clang_getCanonicalType(clang_getNonReferenceType(t))));
	const char *p = strchr(s, '<'), *from;
	int depth = 0, n = 0;

	if (!p)
		return -1;
	for (from = ++p; *p; p++) {
		if (*p == '<' || *p == '(')
			depth++;
		else if ((*p == '>' || *p == ')') && depth > 0)
			depth--;
		else if (depth == 0 && (*p == ',' || *p == '>')) {
			while (*from == ' ')
				from++;
			if (n < max)
				out[n] = arena_printf(L->a, "%.*s", (int)(p - from), from);
			n++;
			from = p + 1;
			if (*p == '>')
				break;
		}
	}
	return n;
}

/* A decimal integer argument, or -1 */
static int64_t int_arg(const char *s)
{
	char *end;
	long long v = strtoll(s, &end, 10);

	return end == s || *end ? -1 : v;
}

/* The block's dimensions X, Y, Z from the template arguments ta[0..na) of a cub class,
 * at positions pos[0..2] (a position past na: the default 1; X has none): 0 unless each
 * is a positive number and the block has at most 1024 threads. */
static int dims_at(const char *const *ta, int na, const int pos[3], int64_t dims[3])
{
	for (int i = 0; i < 3; i++)
		dims[i] = pos[i] < na ? int_arg(ta[pos[i]]) : i ? 1 : 0;
	return dims[0] > 0 && dims[1] > 0 && dims[2] > 0 && dims[0] * dims[1] * dims[2] <= 1024;
}

/* The block of BlockReduce<T, X, ALGORITHM, Y, Z> (and BlockScan's, whose X, Y, Z are
 * in the same places; libclang gives only type arguments): dims[0..2] = X, Y, Z. */
static int block_dims(Lower *L, CXType t, int64_t dims[3])
{
	static const int pos[3] = {1, 3, 4};
	const char *ta[5];

	return dims_at(ta, tmpl_args(L, t, ta, 5), pos, dims);
}

/* How a Reduce combines the running aggregate a with the next input b: a + b, or the
 * select `(X cmp Y) ? P : Q` with each of X, Y, P, Q one of a and b. A difference
 * operator (BlockAdjacentDifference only: a fold needs an associative operator) is
 * sub: X - Y. */
typedef struct Combiner {
	int add;
	KirBinOp cmp;
	int x_b, y_b, p_b, q_b;   /* 1: that operand is b */
	int sub;
} Combiner;

/* c is `x OP y` with OP one of + - < > <= >=: *x, *y and the operator (else KB_NONE). In a
 * template pattern an operator on operands of dependent type is an unresolved operator
 * call, listed as (x, a nameless reference at the operator's token, y). */
static KirBinOp pattern_binop(Lower *L, CXCursor c, CXCursor *x, CXCursor *y)
{
	const char *op = "";

	c = strip(c);
	if (clang_getCursorKind(c) == CXCursor_BinaryOperator && nkids(c) == 2) {
		enum CXBinaryOperatorKind k = clang_getCursorBinaryOperatorKind(c);
		op = k == CXBinaryOperator_LT ? "<" : k == CXBinaryOperator_GT ? ">" : k == CXBinaryOperator_LE ? "<=" :
		     k == CXBinaryOperator_GE ? ">=" : k == CXBinaryOperator_Add ? "+" : k == CXBinaryOperator_Sub ? "-" : "";
		*x = kid(c, 0);
		*y = kid(c, 1);
	} else if (clang_getCursorKind(c) == CXCursor_CallExpr && nkids(c) == 3 &&
	           clang_Cursor_isNull(clang_getCursorReferenced(c)) &&
	           clang_getCursorKind(kid(c, 1)) == CXCursor_DeclRefExpr && !*spell(L->a, kid(c, 1))) {
		CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
		CXToken *t = clang_getToken(tu, clang_getCursorLocation(kid(c, 1)));
		if (t) {
			op = str(L->a, clang_getTokenSpelling(tu, *t));
			clang_disposeTokens(tu, t, 1);
		}
		*x = kid(c, 0);
		*y = kid(c, 2);
	}
	return !strcmp(op, "<") ? KB_LT : !strcmp(op, ">") ? KB_GT : !strcmp(op, "<=") ? KB_LE :
	       !strcmp(op, ">=") ? KB_GE : !strcmp(op, "+") ? KB_ADD : !strcmp(op, "-") ? KB_SUB : KB_NONE;
}

/* x without a `std::forward<T>(x)` around it (a functor over forwarding references
 * passes its parameters on so): the argument names the same object. In a template
 * pattern the callee is an unresolved name, known by its tokens: `std::forward` or
 * `forward`, then the template arguments. */
static CXCursor unforward(Lower *L, CXCursor x)
{
	CXTranslationUnit tu;
	CXToken *tk = NULL;
	unsigned nt = 0, at = 0;
	int ok = 0;

	x = strip(x);
	if (clang_getCursorKind(x) != CXCursor_CallExpr || nkids(x) != 2 || clang_Cursor_getNumArguments(x) > 1)
		return x;
	tu = clang_Cursor_getTranslationUnit(x);
	clang_tokenize(tu, clang_getCursorExtent(kid(x, 0)), &tk, &nt);
	if (nt >= 3 && !strcmp(str(L->a, clang_getTokenSpelling(tu, tk[0])), "std") &&
	    !strcmp(str(L->a, clang_getTokenSpelling(tu, tk[1])), "::"))
		at = 2;
	ok = nt > at && !strcmp(str(L->a, clang_getTokenSpelling(tu, tk[at])), "forward") &&
	     (nt == at + 1 || !strcmp(str(L->a, clang_getTokenSpelling(tu, tk[at + 1])), "<"));
	if (tk)
		clang_disposeTokens(tu, tk, nt);
	return ok ? strip(kid(x, 1)) : x;
}

/* The select a user's functor returns: `return t > u ? t : u;` (parentheses allowed) in
 * its only operator(), whose two parameters are a and b; the sum `return t + u;`, the
 * difference `return t - u;`. Returns 0 when the body is anything else. */
static int functor_combiner(Lower *L, CXCursor d, Combiner *cb)
{
	CursorVec v = kids(d), ps = {0};
	CXCursor op = clang_getNullCursor(), body = clang_getNullCursor(), e, x, y;
	int nops = 0, ok = 0;

	for (size_t i = 0; i < v.len; i++)
		if ((clang_getCursorKind(v.data[i]) == CXCursor_CXXMethod ||
		     clang_getCursorKind(v.data[i]) == CXCursor_FunctionTemplate) && !strcmp(spell(L->a, v.data[i]), "operator()")) {
			op = v.data[i];
			nops++;
		}
	VEC_FREE(v);
	if (nops != 1)
		return 0;
	v = kids(op);
	for (size_t i = 0; i < v.len; i++) {
		if (clang_getCursorKind(v.data[i]) == CXCursor_ParmDecl)
			VEC_PUSH(ps, v.data[i]);
		else if (clang_getCursorKind(v.data[i]) == CXCursor_CompoundStmt)
			body = v.data[i];
	}
	VEC_FREE(v);
	if (ps.len != 2 || clang_Cursor_isNull(body) || nkids(body) != 1 ||
	    clang_getCursorKind(kid(body, 0)) != CXCursor_ReturnStmt || nkids(kid(body, 0)) != 1)
		goto out;
	e = strip(kid(kid(body, 0), 0));
#define WHICH(x) (clang_getCursorKind(unforward(L, x)) != CXCursor_DeclRefExpr ? -1 : \
	clang_equalCursors(clang_getCursorReferenced(unforward(L, x)), ps.data[0]) ? 0 : \
	clang_equalCursors(clang_getCursorReferenced(unforward(L, x)), ps.data[1]) ? 1 : -1)
	if (pattern_binop(L, e, &x, &y) == KB_ADD || pattern_binop(L, e, &x, &y) == KB_SUB) {
		int i = WHICH(x), j = WHICH(y);
		cb->add = pattern_binop(L, e, &x, &y) == KB_ADD;
		cb->sub = !cb->add;
		cb->x_b = i;
		ok = i >= 0 && j >= 0 && i != j;
	} else if (clang_getCursorKind(e) == CXCursor_ConditionalOperator && nkids(e) == 3) {
		cb->add = 0;
		cb->cmp = pattern_binop(L, kid(e, 0), &x, &y);
		if (cb->cmp != KB_NONE && cb->cmp != KB_ADD) {
			cb->x_b = WHICH(x);
			cb->y_b = WHICH(y);
			cb->p_b = WHICH(kid(e, 1));
			cb->q_b = WHICH(kid(e, 2));
			ok = cb->x_b >= 0 && cb->y_b >= 0 && cb->x_b != cb->y_b && cb->p_b >= 0 && cb->q_b >= 0;
		}
	}
#undef WHICH
out:
	VEC_FREE(ps);
	return ok;
}

/* The operator of a Reduce call: cub::Sum/Max/Min (CUDA 12), cuda::std::plus,
 * cuda::maximum, cuda::minimum (CCCL 3), or a functor of the file whose operator()
 * returns the sum or a select of its two arguments (functor_combiner). 0 for others.
 * With diff (BlockAdjacentDifference), also cuda::std::minus and a functor returning
 * the difference of its arguments; without it a difference is refused (not
 * associative, so a fold of it is not what cub computes). */
static int reduce_op(Lower *L, CXCursor opnd, Combiner *cb, int diff)
{
	static const Combiner minus = {0, KB_NONE, 0, 0, 0, 0, 1};     /* a - b */
	CXCursor d;
	const char *n = decl_name(L->a, clang_getCursorType(opnd), &d);
	static const Combiner sum = {1, KB_NONE, 0, 1, 0, 0, 0};
	static const Combiner max = {0, KB_LT, 0, 1, 1, 0, 0};     /* a < b ? b : a */
	static const Combiner min = {0, KB_LT, 1, 0, 1, 0, 0};     /* b < a ? b : a */

	if (clang_Cursor_isNull(d))
		return 0;
	if (in_namespace(d, "cub") || in_namespace(d, "cuda")) {
		if (!strcmp(n, "Sum") || !strcmp(n, "plus"))
			*cb = sum;
		else if (!strcmp(n, "Max") || !strcmp(n, "maximum"))
			*cb = max;
		else if (!strcmp(n, "Min") || !strcmp(n, "minimum"))
			*cb = min;
		else if (diff && !strcmp(n, "minus"))
			*cb = minus;
		else
			return 0;
		return 1;
	}
	return functor_combiner(L, d, cb) && (diff || !cb->sub);
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

static KirExpr *load(Lower *L, int buf, KirExpr *index, KirDType t, SrcLoc l)
{
	KirExpr *e = frontend_new_expr(L->a, KE_LOAD, t, l);

	e->u.load.buffer = buf;
	e->u.load.index = index;
	return e;
}

/* cb(a, b); a2 and b2 are second copies of a and b for the select's arms */
static KirExpr *combine(Lower *L, const Combiner *cb, KirExpr *a, KirExpr *b, KirExpr *a2, KirExpr *b2, KirDType t,
                        SrcLoc l)
{
	KirExpr *r;

	if (cb->add)
		return frontend_new_binary(L->a, KB_ADD, t, a, b, l);
	if (cb->sub)
		return frontend_new_binary(L->a, KB_SUB, t, cb->x_b ? b : a, cb->x_b ? a : b, l);
	r = frontend_new_expr(L->a, KE_COND, t, l);
	r->u.cond.c = frontend_new_binary(L->a, cb->cmp, KT_I1, cb->x_b ? b : a, cb->y_b ? b : a, l);
	r->u.cond.t = cb->p_b ? b2 : a2;
	r->u.cond.f = cb->q_b ? b2 : a2;
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

static KirExpr *lscan(Lower *L, CXCursor c, const char *n, CXType on);
static KirExpr *lmove(Lower *L, CXCursor c, const char *n, CXType on, int isload);
static KirExpr *ladj(Lower *L, CXCursor c, const char *n, CXType on);

/* A logical and (and = 1) or or of a and b */
static KirExpr *logic(Lower *L, int and, KirExpr *a, KirExpr *b, SrcLoc l)
{
	KirExpr *e = frontend_new_expr(L->a, and ? KE_LOGAND : KE_LOGOR, KT_I1, l);

	e->u.bin.l = a;
	e->u.bin.r = b;
	return e;
}

/* BlockReduce<cub::KeyValuePair<K, V>>::Reduce(x, op[, valid]) with op cub::ArgMax or
 * cub::ArgMin (thread_operators.cuh: the pair with the larger (smaller) value, on equal
 * values the one with the smaller key; cub applies op(a, b) with b the later pair). As
 * lcub_method with two scratch arrays, keys and values: thread 0 folds them in rank
 * order into the fields of a struct temporary (struct_vars), which the call's value
 * names (L->last_rkey, as an inlined call's struct result): `acc = op(acc, s[i])`,
 * i.e. `if (sv[i] > acc.value || (sv[i] == acc.value && sk[i] < acc.key))` take s[i].
 * Any other struct type or operator is refused. */
static KirExpr *lreduce_pair(Lower *L, CXCursor c, CXType on)
{
	SrcLoc l = cloc(L, c);
	CXType t = clang_getCursorType(c);
	int nargs = clang_Cursor_getNumArguments(c), is_max = 0, bufs[2], rv[2], i;
	CXCursor d, od;
	const char *cls = decl_name(L->a, t, &d);
	const char *opn = decl_name(L->a, clang_getCursorType(clang_Cursor_getArgument(c, 1)), &od);
	const char *src, *res, *path[2] = {".key", ".value"};
	KirDType ft[2];
	int64_t dims[3], count;
	KirExpr *valid = NULL, *take, *cond;
	StmtVec body = {0}, pick = {0};
	KirStmt *loop;

	if (strcmp(cls, "KeyValuePair") || !in_namespace(d, "cub") || clang_Cursor_isNull(od) || !in_namespace(od, "cub") ||
	    (strcmp(opn, "ArgMax") && strcmp(opn, "ArgMin"))) {
		error_at(L, c, "cub::BlockReduce::Reduce of a struct is supported for a cub::KeyValuePair with cub::ArgMax or "
		         "cub::ArgMin only");
		return poison(L, c);
	}
	is_max = !strcmp(opn, "ArgMax");
	for (int f = 0; f < 2; f++)
		ft[f] = dt_of(field_type(L, t, path[f]));
	if (!block_dims(L, on, dims) || ft[0] == KT_VOID || ft[0] == KT_PTR || ft[1] == KT_VOID || ft[1] == KT_PTR ||
	    ft[0] == KT_I1 || ft[1] == KT_I1) {
		error_at(L, c, "cub::BlockReduce::Reduce of this key-value pair or this block is not supported (a scalar key and "
		         "value, a block of at most 1024 threads)");
		return poison(L, c);
	}
	if (!L->hoist_ok) {
		error_at(L, c, "cub::BlockReduce inside a condition or a loop test cannot be translated; compute it before");
		return poison(L, c);
	}
	count = dims[0] * dims[1] * dims[2];
	src = struct_src(L, clang_Cursor_getArgument(c, 0));
	if (!src || L->failed)
		return poison(L, c);
	if (nargs == 3)
		valid = conv(L, arg(L, c, 2), KT_I32);
	for (int f = 0; f < 2; f++) {
		KirBuffer b = {0};
		Bind *sb = key_bind(L, NULL, arena_printf(L->a, "%s%s", src, path[f]));
		if (!sb) {
			error_at(L, c, "cub::BlockReduce::Reduce of this key-value pair cannot be translated (its %s is not held)",
			         path[f] + 1);
			return poison(L, c);
		}
		b.name = unique(L, f ? "cub.scratch_value" : "cub.scratch_key");
		b.space = KSP_SHARED;
		b.elem = ft[f];
		b.ndims = 1;
		b.dims[0] = b.count = count;
		b.param = -1;
		b.loc = l;
		VEC_PUSH(L->bufs, b);
		bufs[f] = (int)L->bufs.len - 1;
		emit_pending(L, expr_stmt(L, frontend_new_assign(L->a, -1, bufs[f], rank_of(L, dims, l),
		                                                 conv(L, bind_value(L, c, sb), ft[f]), l)));
	}
	emit_pending(L, sync_stmt(L, c, KSY_THREADS, NULL, -1));
	res = struct_vars(L, t, "cub.aggregate", KVK_TEMP, l);
	if (!res || L->failed)
		return poison(L, c);
	for (int f = 0; f < 2; f++) {
		rv[f] = key_bind(L, NULL, arena_printf(L->a, "%s%s", res, path[f]))->idx;
		VEC_PUSH(body, expr_stmt(L, assign_var(L, rv[f], load(L, bufs[f], u32c(L, 0, l), ft[f], l), l)));
	}
	i = new_var(L, "cub.i", KT_I32, KVK_TEMP, l);
	/* b = s[i] is taken when b.value beats acc.value, or ties it with a smaller key */
#define AT(f) load(L, bufs[f], var_ref(L, i, l), ft[f], l)
	take = frontend_new_binary(L->a, is_max ? KB_GT : KB_LT, KT_I1, AT(1), var_ref(L, rv[1], l), l);
	cond = logic(L, 1, frontend_new_binary(L->a, KB_EQ, KT_I1, AT(1), var_ref(L, rv[1], l), l),
	             frontend_new_binary(L->a, KB_LT, KT_I1, AT(0), var_ref(L, rv[0], l), l), l);
	take = logic(L, 0, take, cond, l);
	for (int f = 0; f < 2; f++)
		VEC_PUSH(pick, expr_stmt(L, assign_var(L, rv[f], AT(f), l)));
#undef AT
	loop = frontend_new_stmt(L->a, KS_FOR, l);
	loop->u.for_.init = decl_stmt(L, i, frontend_new_int(L->a, KT_I32, 1, l), l);
	loop->u.for_.cond = frontend_new_binary(L->a, KB_LT, KT_I1, var_ref(L, i, l), frontend_new_int(L->a, KT_I32, count, l), l);
	if (valid)     /* no more than the block has */
		loop->u.for_.cond = logic(L, 1, frontend_new_binary(L->a, KB_LT, KT_I1, var_ref(L, i, l), valid, l),
		                          loop->u.for_.cond, l);
	loop->u.for_.step = frontend_new_assign(L->a, i, -1, NULL, frontend_new_binary(L->a, KB_ADD, KT_I32, var_ref(L, i, l),
	                                        frontend_new_int(L->a, KT_I32, 1, l), l), l);
	loop->u.for_.body = if_then(L, take, block_of(L, &pick, l), l);
	VEC_PUSH(body, loop);
	emit_pending(L, if_then(L, frontend_new_binary(L->a, KB_EQ, KT_I1, rank_of(L, dims, l), u32c(L, 0, l), l),
	                        block_of(L, &body, l), l));
	emit_pending(L, sync_stmt(L, c, KSY_THREADS, NULL, -1));
	L->last_rkey = res;
	return NULL;
}

/* BlockReduce(storage).Sum(x[, valid]) / .Reduce(x, op[, valid]) on an object of type on;
 * BlockScan's methods (lscan). */
KirExpr *lcub_method(Lower *L, CXCursor c, const char *n, CXType on)
{
	SrcLoc l = cloc(L, c);
	KirDType t = ctype(c);
	int nargs = clang_Cursor_getNumArguments(c), sum = !strcmp(n, "Sum");
	Combiner op = {1, KB_NONE, 0, 1, 0, 0, 0};
	int64_t dims[3], count;
	KirExpr *valid = NULL, *x;
	KirBuffer b = {0};
	int buf, res, i;
	StmtVec body = {0};
	KirStmt *loop;
	CXCursor cd;
	const char *cls = decl_name(L->a, on, &cd);

	if (!strcmp(cls, "BlockScan"))
		return lscan(L, c, n, on);
	if (!strcmp(cls, "BlockLoad") || !strcmp(cls, "BlockStore"))
		return lmove(L, c, n, on, !strcmp(cls, "BlockLoad"));
	if (!strcmp(cls, "BlockAdjacentDifference"))
		return ladj(L, c, n, on);
	if ((!sum && strcmp(n, "Reduce")) || nargs < 1 + !sum || nargs > 2 + !sum) {
		error_at(L, c, "cub::BlockReduce::%s is not supported (Sum and Reduce with one input per thread are)", n);
		return poison(L, c);
	}
	if (!sum && is_record(clang_getCursorType(c)))
		return lreduce_pair(L, c, on);
	if (!sum && !reduce_op(L, clang_Cursor_getArgument(c, 1), &op, 0)) {
		error_at(L, c, "cub::BlockReduce::Reduce with this operator is not supported "
		         "(cub::Sum/Max/Min, cuda::std::plus, cuda::maximum, cuda::minimum, and a functor whose operator() "
		         "returns a + b or a select such as `a > b ? a : b` are)");
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
	emit_pending(L, expr_stmt(L, frontend_new_assign(L->a, -1, buf, rank_of(L, dims, l), x, l)));
	emit_pending(L, sync_stmt(L, c, KSY_THREADS, NULL, -1));
	res = new_var(L, "cub.aggregate", t, KVK_TEMP, l);
	emit_pending(L, decl_stmt(L, res, NULL, l));
	/* thread 0: res = s[0]; for (i = 1; i < count (valid); i++) res = op(res, s[i]) */
	i = new_var(L, "cub.i", KT_I32, KVK_TEMP, l);
	VEC_PUSH(body, expr_stmt(L, frontend_new_assign(L->a, res, -1, NULL, load(L, buf, u32c(L, 0, l), t, l), l)));
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
	loop->u.for_.step = frontend_new_assign(L->a, i, -1, NULL, loop->u.for_.step, l);
	loop->u.for_.body = expr_stmt(L, frontend_new_assign(L->a, res, -1, NULL,
	    combine(L, &op, var_ref(L, res, l), load(L, buf, var_ref(L, i, l), t, l),
	            var_ref(L, res, l), load(L, buf, var_ref(L, i, l), t, l), t, l), l));
	VEC_PUSH(body, loop);
	emit_pending(L, if_then(L, frontend_new_binary(L->a, KB_EQ, KT_I1, rank_of(L, dims, l), u32c(L, 0, l), l), block_of(L, &body, l), l));
	emit_pending(L, sync_stmt(L, c, KSY_THREADS, NULL, -1));
	return var_ref(L, res, l);
}

/* A function object argument: a record (cub::Sum, a functor) or a lambda */
static int is_op_arg(CXCursor a)
{
	CXType t = clang_getCanonicalType(clang_getNonReferenceType(clang_getCursorType(a)));

	return is_record(t) || is_lambda_type(t);
}

/* for (i = from; i < to; i++) body(i), i a new u32 */
static KirStmt *count_loop(Lower *L, int i, KirExpr *from, KirExpr *to, KirStmt *body, SrcLoc l)
{
	KirStmt *loop = frontend_new_stmt(L->a, KS_FOR, l);

	loop->u.for_.init = decl_stmt(L, i, from, l);
	loop->u.for_.cond = frontend_new_binary(L->a, KB_LT, KT_I1, var_ref(L, i, l), to, l);
	loop->u.for_.step = frontend_new_assign(L->a, i, -1, NULL,
	    frontend_new_binary(L->a, KB_ADD, KT_U32, var_ref(L, i, l), u32c(L, 1, l), l), l);
	loop->u.for_.body = body;
	return loop;
}

/* acc = op(acc, s[index]) */
static KirStmt *fold_into(Lower *L, const Combiner *op, int acc, int buf, KirExpr *(*index)(Lower *, void *, SrcLoc),
                          void *ix, KirDType t, SrcLoc l)
{
	return expr_stmt(L, frontend_new_assign(L->a, acc, -1, NULL,
	    combine(L, op, var_ref(L, acc, l), load(L, buf, index(L, ix, l), t, l),
	            var_ref(L, acc, l), load(L, buf, index(L, ix, l), t, l), t, l), l));
}

static KirExpr *index_var(Lower *L, void *ix, SrcLoc l) { return var_ref(L, *(int *)ix, l); }

/* rank * N + j */
typedef struct ItemIx { const int64_t *dims; int64_t n, j; } ItemIx;
static KirExpr *index_item(Lower *L, void *ix, SrcLoc l)
{
	ItemIx *it = ix;

	return frontend_new_binary(L->a, KB_ADD, KT_U32, frontend_new_binary(L->a, KB_MUL, KT_U32,
	    rank_of(L, it->dims, l), u32c(L, it->n, l), l), u32c(L, it->j, l), l);
}

/* An output or input operand: a scalar lvalue (n == 0) or an array of n elements of t
 * in one buffer, element j at *off + j. */
typedef struct Operand { KirLval lv; int buf; int64_t base; } Operand;

static int operand(Lower *L, CXCursor call, CXCursor a, int64_t n, KirDType t, int out, Operand *o,
                   const char *cls)
{
	KirDType lt;

	if (n == 0) {
		if (!out)
			return 1;
		if (!lval_of(L, a, &o->lv, &lt))
			return 0;
		if (lt != t) {
			error_at(L, a, "cub::%s output of another type than the scan's is not supported", cls);
			return 0;
		}
		return 1;
	}
	Addr ad = laddr(L, a);
	if (L->failed)
		return 0;
	if (ad.buffer < 0 || ad.view != KT_VOID || ad.per || ad.choice || L->bufs.data[ad.buffer].elem != t ||
	    (ad.off && ad.off->kind != KE_CONST)) {
		error_at(L, call, "cub::%s on this array is not supported (a local array of the items' type)", cls);
		return 0;
	}
	o->buf = ad.buffer;
	o->base = ad.off ? ad.off->u.c.i : 0;
	return 1;
}

/* BlockScan(storage).ExclusiveSum / InclusiveSum(in, out[, aggregate]),
 * .InclusiveScan(in, out, op[, aggregate]), .ExclusiveScan(in, out, init, op). */
static KirExpr *lscan(Lower *L, CXCursor c, const char *n, CXType on)
{
	SrcLoc l = cloc(L, c);
	int nargs = clang_Cursor_getNumArguments(c);
	int excl = !strncmp(n, "Exclusive", 9), sum = !strcmp(n, "ExclusiveSum") || !strcmp(n, "InclusiveSum");
	int scan = !strcmp(n, "ExclusiveScan") || !strcmp(n, "InclusiveScan");
	Combiner op = {1, KB_NONE, 0, 1, 0, 0, 0};
	CXCursor in = nargs > 0 ? clang_Cursor_getArgument(c, 0) : clang_getNullCursor();
	CXType it = clang_getCanonicalType(clang_getNonReferenceType(nargs > 0 ? clang_getCursorType(in) : on));
	int64_t dims[3], count, items = 0;
	KirDType t;
	KirExpr *init = NULL;
	int rest, aggi = -1, buf, acc, agg = -1;
	Operand src = {{-1, -1, NULL}, -1, 0}, dst = src;
	KirBuffer b = {0};

	if ((!sum && !scan) || nargs < 2) {
		error_at(L, c, "cub::BlockScan::%s is not supported (ExclusiveSum, InclusiveSum, ExclusiveScan with an "
		         "initial value and InclusiveScan are)", n);
		return poison(L, c);
	}
	rest = 2;
	if (scan) {
		if (nargs >= 3 && !is_op_arg(clang_Cursor_getArgument(c, 2)))
			init = arg(L, c, rest++);
		if (nargs <= rest || !reduce_op(L, clang_Cursor_getArgument(c, rest), &op, 0)) {
			error_at(L, c, "cub::BlockScan::%s with this operator is not supported (cub::Sum/Max/Min, "
			         "cuda::std::plus, cuda::maximum, cuda::minimum, and a functor whose operator() returns a + b or "
			         "a select such as `a > b ? a : b` are)", n);
			return poison(L, c);
		}
		rest++;
	} else if (excl)
		init = frontend_new_int(L->a, KT_I32, 0, l);
	if (nargs == rest + 1 && !is_op_arg(clang_Cursor_getArgument(c, rest)) && !init)
		aggi = rest++;
	else if (nargs == rest + 1 && !is_op_arg(clang_Cursor_getArgument(c, rest)) && sum)
		aggi = rest++;
	if (nargs != rest || (excl && !init)) {
		error_at(L, c, "cub::BlockScan::%s in this form is not supported (without a prefix callback; "
		         "ExclusiveScan with an initial value and no block_aggregate)", n);
		return poison(L, c);
	}
	if (it.kind == CXType_ConstantArray) {
		items = clang_getArraySize(it);
		t = dt_of(clang_getArrayElementType(it));
	} else
		t = dt_of(it);
	if (!block_dims(L, on, dims) || t == KT_VOID || t == KT_PTR || t == KT_I1 || items < 0 || items > 64 ||
	    (items && clang_getCanonicalType(clang_getNonReferenceType(clang_getCursorType(clang_Cursor_getArgument(c, 1)))).kind !=
	     CXType_ConstantArray)) {
		error_at(L, c, "cub::BlockScan::%s of this type or these operands is not supported (a scalar or an array "
		         "of at most 64 items per thread, a block of at most 1024 threads)", n);
		return poison(L, c);
	}
	if (!L->hoist_ok) {
		error_at(L, c, "cub::BlockScan inside a condition or a loop test cannot be translated; compute it before");
		return poison(L, c);
	}
	count = dims[0] * dims[1] * dims[2];
	b.name = unique(L, "cub.scratch");
	b.space = KSP_SHARED;
	b.elem = t;
	b.ndims = 1;
	b.dims[0] = b.count = count * (items ? items : 1);
	b.param = -1;
	b.loc = l;
	VEC_PUSH(L->bufs, b);
	buf = (int)L->bufs.len - 1;
	/* store the inputs: s[rank * N + j] = in[j] */
	if (!items)
		emit_pending(L, expr_stmt(L, frontend_new_assign(L->a, -1, buf, rank_of(L, dims, l), conv(L, arg(L, c, 0), t), l)));
	else {
		if (!operand(L, c, in, items, t, 0, &src, "BlockScan"))
			return poison(L, c);
		for (int64_t j = 0; j < items; j++) {
			ItemIx ix = {dims, items, j};
			emit_pending(L, expr_stmt(L, frontend_new_assign(L->a, -1, buf, index_item(L, &ix, l),
			    load(L, src.buf, u32c(L, src.base + j, l), t, l), l)));
		}
	}
	if (init)
		init = conv(L, init, t);
	emit_pending(L, sync_stmt(L, c, KSY_THREADS, NULL, -1));
	/* acc = init (or s[0]); for (i = init ? 0 : 1; i < rank * N; i++) acc = op(acc, s[i]) */
	acc = new_var(L, "cub.prefix", t, KVK_TEMP, l);
	emit_pending(L, decl_stmt(L, acc, init ? init : load(L, buf, u32c(L, 0, l), t, l), l));
	{
		int i = new_var(L, "cub.i", KT_U32, KVK_TEMP, l);
		KirExpr *end = rank_of(L, dims, l);
		if (items > 1)
			end = frontend_new_binary(L->a, KB_MUL, KT_U32, end, u32c(L, items, l), l);
		emit_pending(L, count_loop(L, i, u32c(L, init ? 0 : 1, l), end, fold_into(L, &op, acc, buf, index_var, &i, t, l), l));
	}
	/* then item by item: an exclusive output is acc before its item, an inclusive one
	 * after (item 0 of thread 0 without an initial value is s[0], already in acc) */
	if (!operand(L, c, clang_Cursor_getArgument(c, 1), items, t, 1, &dst, "BlockScan"))
		return poison(L, c);
	for (int64_t j = 0; j < (items ? items : 1); j++) {
		ItemIx ix = {dims, items ? items : 1, j};
		KirStmt *step = fold_into(L, &op, acc, buf, index_item, &ix, t, l), *put;
		if (!items)
			put = expr_stmt(L, frontend_new_assign(L->a, dst.lv.var, dst.lv.buffer, dst.lv.index, var_ref(L, acc, l), l));
		else
			put = expr_stmt(L, frontend_new_assign(L->a, -1, dst.buf, u32c(L, dst.base + j, l), var_ref(L, acc, l), l));
		if (excl) {
			emit_pending(L, put);
			if (j + 1 < (items ? items : 1))
				emit_pending(L, step);
			continue;
		}
		if (j == 0 && !init) {
			StmtVec v = {0};
			VEC_PUSH(v, step);
			emit_pending(L, if_then(L, frontend_new_binary(L->a, KB_NE, KT_I1, rank_of(L, dims, l), u32c(L, 0, l), l),
			                        block_of(L, &v, l), l));
		} else
			emit_pending(L, step);
		emit_pending(L, put);
	}
	/* the aggregate, in every thread: s[0] op s[1] op ... */
	if (aggi >= 0) {
		Operand ao = {{-1, -1, NULL}, -1, 0};
		int i = new_var(L, "cub.i", KT_U32, KVK_TEMP, l);
		agg = new_var(L, "cub.aggregate", t, KVK_TEMP, l);
		emit_pending(L, decl_stmt(L, agg, load(L, buf, u32c(L, 0, l), t, l), l));
		emit_pending(L, count_loop(L, i, u32c(L, 1, l), u32c(L, b.count, l), fold_into(L, &op, agg, buf, index_var, &i, t, l), l));
		if (!operand(L, c, clang_Cursor_getArgument(c, aggi), 0, t, 1, &ao, "BlockScan"))
			return poison(L, c);
		emit_pending(L, expr_stmt(L, frontend_new_assign(L->a, ao.lv.var, ao.lv.buffer, ao.lv.index, var_ref(L, agg, l), l)));
	}
	emit_pending(L, sync_stmt(L, c, KSY_THREADS, NULL, -1));
	return frontend_new_int(L->a, KT_I32, 0, l);
}

/* The index in the tile of thread rank r's item j: blocked r*ITEMS + j, striped
 * j*THREADS + r */
static KirExpr *tile_index(Lower *L, int striped, const int64_t dims[3], int64_t items, int64_t j, SrcLoc l)
{
	if (striped)
		return frontend_new_binary(L->a, KB_ADD, KT_U32, u32c(L, j * dims[0] * dims[1] * dims[2], l),
		                           rank_of(L, dims, l), l);
	return frontend_new_binary(L->a, KB_ADD, KT_U32, frontend_new_binary(L->a, KB_MUL, KT_U32, rank_of(L, dims, l),
	                           u32c(L, items, l), l), u32c(L, j, l), l);
}

/* BlockLoad(storage).Load(ptr, items[, valid[, oob_default]]) and
 * BlockStore(storage).Store(ptr, items[, valid]) on an object of type on =
 * Block{Load,Store}<T, X, ITEMS, ALGORITHM, Y, Z>. The CUB docs define the result by
 * the data arrangement, not by how it is moved: every algorithm but *_STRIPED leaves
 * thread rank r's item j in (or takes it from) ptr[r*ITEMS + j] (blocked; the
 * transposes go through shared memory, which is cub's business); *_STRIPED uses
 * ptr[j*THREADS + r]. With valid_items, an item whose index is not below it is not
 * read or written; a load then gives it oob_default, or leaves it as it was (an unset
 * local stays unset: assigned.c refuses a read of it). Each item becomes one guarded
 * load or store; no barrier (the documented result needs none). */
static KirExpr *lmove(Lower *L, CXCursor c, const char *n, CXType on, int isload)
{
	SrcLoc l = cloc(L, c);
	static const int pos[3] = {1, 4, 5};
	const char *cls = isload ? "BlockLoad" : "BlockStore", *ta[6], *alg;
	int nargs = clang_Cursor_getNumArguments(c), na = tmpl_args(L, on, ta, 6), striped;
	int64_t dims[3], items;
	CXCursor pa, ia;
	CXType pt, it;
	KirDType t;
	Operand arr = {{-1, -1, NULL}, -1, 0};
	Addr p;
	int base = -1, valid = -1, oob = -1;

	if (strcmp(n, isload ? "Load" : "Store") || nargs < 2 || nargs > (isload ? 4 : 3)) {
		error_at(L, c, "cub::%s::%s is not supported (%s)", cls, n, isload ? "Load(ptr, items[, valid_items[, oob_default]]) is" :
		         "Store(ptr, items[, valid_items]) is");
		return poison(L, c);
	}
	for (int i = na < 0 ? 0 : na; i < 6; i++)      /* defaults the spelling leaves out */
		ta[i] = i == 3 ? "DIRECT" : "1";
	if (na < 3 || na > 6 || (items = int_arg(ta[2])) <= 0 || items > 64 || !dims_at(ta, 6, pos, dims)) {
		error_at(L, c, "cub::%s of this shape is not supported (a block of at most 1024 threads, at most 64 items "
		         "per thread)", cls);
		return poison(L, c);
	}
	alg = strrchr(ta[3], ':') ? strrchr(ta[3], ':') + 1 : ta[3];
	alg += strncmp(alg, isload ? "BLOCK_LOAD_" : "BLOCK_STORE_", isload ? 11 : 12) ? 0 : isload ? 11 : 12;
	striped = !strcmp(alg, "STRIPED");
	if (!striped && strcmp(alg, "DIRECT") && strcmp(alg, "VECTORIZE") && strcmp(alg, "TRANSPOSE") &&
	    strcmp(alg, "WARP_TRANSPOSE")) {
		error_at(L, c, "cub::%s with the algorithm '%s' is not supported (DIRECT, STRIPED, VECTORIZE, TRANSPOSE and "
		         "WARP_TRANSPOSE are)", cls, ta[3]);
		return poison(L, c);
	}
	pa = clang_Cursor_getArgument(c, 0);
	ia = clang_Cursor_getArgument(c, 1);
	pt = clang_getCanonicalType(clang_getCursorType(pa));
	it = clang_getCanonicalType(clang_getNonReferenceType(clang_getCursorType(ia)));
	if (pt.kind != CXType_Pointer || it.kind != CXType_ConstantArray || clang_getArraySize(it) != items ||
	    (t = dt_of(clang_getArrayElementType(it))) == KT_VOID || t == KT_PTR || t == KT_I1) {
		error_at(L, c, "cub::%s::%s on these operands is not supported (a pointer to memory and a local array of "
		         "ITEMS_PER_THREAD scalars)", cls, n);
		return poison(L, c);
	}
	if (!L->hoist_ok) {
		error_at(L, c, "cub::%s inside a condition or a loop test cannot be translated; compute it before", cls);
		return poison(L, c);
	}
	p = laddr(L, pa);
	if (L->failed)
		return poison(L, c);
	if (p.buffer < 0 || p.var >= 0 || p.view != KT_VOID || p.per || p.choice) {
		error_at(L, pa, "cub::%s::%s through this pointer is not supported (a pointer into one buffer of the items' "
		         "type)", cls, n);
		return poison(L, c);
	}
	if (!isload && read_only(L, pa, p.buffer))
		return poison(L, c);
	if (!operand(L, c, ia, items, t, isload, &arr, cls))
		return poison(L, c);
	if (p.off && p.off->kind != KE_CONST) {    /* the pointer's offset, evaluated once */
		base = new_var(L, "cub.base", KT_I64, KVK_TEMP, l);
		emit_pending(L, decl_stmt(L, base, conv(L, p.off, KT_I64), l));
	}
	if (nargs >= 3) {
		valid = new_var(L, "cub.valid", KT_I32, KVK_TEMP, l);
		emit_pending(L, decl_stmt(L, valid, conv(L, arg(L, c, 2), KT_I32), l));
	}
	if (nargs == 4) {
		oob = new_var(L, "cub.oob", t, KVK_TEMP, l);
		emit_pending(L, decl_stmt(L, oob, conv(L, arg(L, c, 3), t), l));
	}
	for (int64_t j = 0; j < items; j++) {
		KirExpr *at = conv(L, tile_index(L, striped, dims, items, j, l), KT_I64), *mv;
		KirStmt *s;
		if (base >= 0)
			at = add_off(L, var_ref(L, base, l), at, l);
		else if (p.off)
			at = add_off(L, frontend_new_int(L->a, KT_I64, p.off->u.c.i, l), at, l);
		if (isload)
			mv = frontend_new_assign(L->a, -1, arr.buf, u32c(L, arr.base + j, l), conv(L, load(L, p.buffer, at,
			               L->bufs.data[p.buffer].elem, l), t), l);
		else
			mv = frontend_new_assign(L->a, -1, p.buffer, at, conv(L, load(L, arr.buf, u32c(L, arr.base + j, l), t, l),
			               L->bufs.data[p.buffer].elem), l);
		s = expr_stmt(L, mv);
		if (valid >= 0) {
			s = if_then(L, frontend_new_binary(L->a, KB_LT, KT_I1, conv(L, tile_index(L, striped, dims, items, j, l),
			            KT_I32), var_ref(L, valid, l), l), s, l);
			if (oob >= 0)
				s->u.if_.els = expr_stmt(L, frontend_new_assign(L->a, -1, arr.buf, u32c(L, arr.base + j, l), var_ref(L, oob, l), l));
		}
		emit_pending(L, s);
	}
	return frontend_new_int(L->a, KT_I32, 0, l);
}

/* rank * N + j + d (d = -1, 0 or 1) */
static KirExpr *item_at(Lower *L, const int64_t dims[3], int64_t items, int64_t j, int d, SrcLoc l)
{
	ItemIx ix = {dims, items, j};
	KirExpr *e = index_item(L, &ix, l);

	return d ? frontend_new_binary(L->a, d > 0 ? KB_ADD : KB_SUB, KT_U32, e, u32c(L, 1, l), l) : e;
}

/* BlockAdjacentDifference<T, X, Y, Z>(storage).SubtractLeft(in, out, op[, tile_predecessor])
 * and .SubtractRight(in, out, op[, tile_successor]) (CUB docs): the block's items in the
 * blocked arrangement (thread r's item j is tile item r*N + j); SubtractLeft's output
 * for tile item i is op(item i, item i-1), SubtractRight's op(item i, item i+1). The
 * tile's first item (SubtractLeft) or last (SubtractRight) has no neighbour in the tile:
 * it is op(item, tile_predecessor / tile_successor) when one is passed, else the item
 * itself. in and out may be the same array. Each thread stores its items in a scratch
 * array, a barrier, each reads its neighbours there, a barrier. The PartialTile forms
 * and FlagHeads/FlagTails are refused. */
static KirExpr *ladj(Lower *L, CXCursor c, const char *n, CXType on)
{
	SrcLoc l = cloc(L, c);
	static const int pos[3] = {1, 2, 3};
	const char *ta[4];
	int nargs = clang_Cursor_getNumArguments(c), left = !strcmp(n, "SubtractLeft"), buf, edge = -1;
	Combiner op = {1, KB_NONE, 0, 1, 0, 0, 0};
	int64_t dims[3], count, items;
	CXType it, ot;
	KirDType t;
	Operand src = {{-1, -1, NULL}, -1, 0}, dst = src;
	KirBuffer b = {0};

	if ((!left && strcmp(n, "SubtractRight")) || nargs < 3 || nargs > 4) {
		error_at(L, c, "cub::BlockAdjacentDifference::%s is not supported (SubtractLeft and SubtractRight, with or "
		         "without a tile predecessor / successor item, are)", n);
		return poison(L, c);
	}
	if (!reduce_op(L, clang_Cursor_getArgument(c, 2), &op, 1)) {
		error_at(L, c, "cub::BlockAdjacentDifference::%s with this operator is not supported (cuda::std::minus, "
		         "and a functor whose operator() returns a - b, a + b or a select such as `a > b ? a : b` are)", n);
		return poison(L, c);
	}
	it = clang_getCanonicalType(clang_getNonReferenceType(clang_getCursorType(clang_Cursor_getArgument(c, 0))));
	ot = clang_getCanonicalType(clang_getNonReferenceType(clang_getCursorType(clang_Cursor_getArgument(c, 1))));
	if (it.kind != CXType_ConstantArray || ot.kind != CXType_ConstantArray ||
	    (items = clang_getArraySize(it)) < 1 || items > 64 || clang_getArraySize(ot) != items ||
	    (t = dt_of(clang_getArrayElementType(it))) == KT_VOID || t == KT_PTR || t == KT_I1 ||
	    dt_of(clang_getArrayElementType(ot)) != t || !dims_at(ta, tmpl_args(L, on, ta, 4), pos, dims)) {
		error_at(L, c, "cub::BlockAdjacentDifference::%s of these operands is not supported (input and output "
		         "arrays of at most 64 scalars of one type, a block of at most 1024 threads)", n);
		return poison(L, c);
	}
	if (!L->hoist_ok) {
		error_at(L, c, "cub::BlockAdjacentDifference inside a condition or a loop test cannot be translated; "
		         "compute it before");
		return poison(L, c);
	}
	if (!operand(L, c, clang_Cursor_getArgument(c, 0), items, t, 0, &src, "BlockAdjacentDifference") ||
	    !operand(L, c, clang_Cursor_getArgument(c, 1), items, t, 1, &dst, "BlockAdjacentDifference"))
		return poison(L, c);
	count = dims[0] * dims[1] * dims[2];
	if (nargs == 4) {   /* the neighbour of the tile's edge item, evaluated once */
		edge = new_var(L, "cub.edge", t, KVK_TEMP, l);
		emit_pending(L, decl_stmt(L, edge, conv(L, arg(L, c, 3), t), l));
	}
	b.name = unique(L, "cub.scratch");
	b.space = KSP_SHARED;
	b.elem = t;
	b.ndims = 1;
	b.dims[0] = b.count = count * items;
	b.param = -1;
	b.loc = l;
	VEC_PUSH(L->bufs, b);
	buf = (int)L->bufs.len - 1;
	for (int64_t j = 0; j < items; j++)
		emit_pending(L, expr_stmt(L, frontend_new_assign(L->a, -1, buf, item_at(L, dims, items, j, 0, l),
		    load(L, src.buf, u32c(L, src.base + j, l), t, l), l)));
	emit_pending(L, sync_stmt(L, c, KSY_THREADS, NULL, -1));
	for (int64_t j = 0; j < items; j++) {
		int d = left ? -1 : 1;
		KirExpr *mine = load(L, buf, item_at(L, dims, items, j, 0, l), t, l);
		KirExpr *mine2 = load(L, buf, item_at(L, dims, items, j, 0, l), t, l);
		KirExpr *next = load(L, buf, item_at(L, dims, items, j, d, l), t, l);
		KirExpr *next2 = load(L, buf, item_at(L, dims, items, j, d, l), t, l);
		KirStmt *s = expr_stmt(L, frontend_new_assign(L->a, -1, dst.buf, u32c(L, dst.base + j, l),
		                                    combine(L, &op, mine, next, mine2, next2, t, l), l));
		if ((left && j == 0) || (!left && j == items - 1)) {
			/* the tile's edge: thread 0's first item, the last thread's last */
			KirExpr *at_edge = frontend_new_binary(L->a, KB_EQ, KT_I1, rank_of(L, dims, l),
			                                       u32c(L, left ? 0 : count - 1, l), l);
			KirExpr *v = load(L, buf, item_at(L, dims, items, j, 0, l), t, l);
			KirStmt *e;
			if (edge >= 0)
				v = combine(L, &op, v, var_ref(L, edge, l), load(L, buf, item_at(L, dims, items, j, 0, l), t, l),
				            var_ref(L, edge, l), t, l);
			e = expr_stmt(L, frontend_new_assign(L->a, -1, dst.buf, u32c(L, dst.base + j, l), v, l));
			s = if_then(L, at_edge, e, l);
			s->u.if_.els = expr_stmt(L, frontend_new_assign(L->a, -1, dst.buf, u32c(L, dst.base + j, l),
			                                      combine(L, &op, mine, next, mine2, next2, t, l), l));
		}
		emit_pending(L, s);
	}
	emit_pending(L, sync_stmt(L, c, KSY_THREADS, NULL, -1));
	return frontend_new_int(L->a, KT_I32, 0, l);
}
