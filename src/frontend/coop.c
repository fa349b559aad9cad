/* coop.c: cooperative groups (CUDA Programming Guide, "Cooperative Groups") as kernel IR.
 * A group object has no state of its own: its type says what it is (the block, a
 * thread_block_tile<N> of N consecutive threads of a warp, the grid), so group variables
 * are binds of kind BK_CG and method calls become the builtins, shuffles, votes and
 * barriers they stand for. Types and functions are recognized by name inside the
 * namespace cooperative_groups, so the bundled cooperative_groups.cuh and a toolkit's
 * <cooperative_groups.h> (nested namespaces, methods of base classes) are alike.
 * cg::reduce over a tile is a butterfly of shfl_xor steps. */
#include "parse.h"

static int in_cg_namespace(CXCursor d)
{
	for (d = clang_getCursorSemanticParent(d); !clang_Cursor_isNull(d) &&
	     clang_getCursorKind(d) != CXCursor_TranslationUnit; d = clang_getCursorSemanticParent(d)) {
		CXString s = clang_getCursorSpelling(d);
		int r = clang_getCursorKind(d) == CXCursor_Namespace && !strcmp(clang_getCString(s), "cooperative_groups");
		clang_disposeString(s);
		if (r)
			return 1;
	}
	return 0;
}

int is_cg_type(CXType t, const char *which)
{
	CXCursor d = clang_getTypeDeclaration(clang_getCanonicalType(clang_getNonReferenceType(t)));
	CXString s = clang_getCursorSpelling(d);
	int r = !strcmp(clang_getCString(s), which);

	clang_disposeString(s);
	return r;
}

/* N of a thread_block_tile<N> (the first template argument), else 0. */
int cg_tile_size(CXType t)
{
	CXType ct = clang_getCanonicalType(clang_getNonReferenceType(t));
	CXString s = clang_getTypeSpelling(ct);
	const char *p = strstr(clang_getCString(s), "thread_block_tile<");
	int n = p ? atoi(p + strlen("thread_block_tile<")) : 0;

	clang_disposeString(s);
	return n;
}

/* A group object's type: the block, a tile, the grid (not cg's functors). */
int is_cg_group(CXType t)
{
	CXCursor d = clang_getTypeDeclaration(clang_getCanonicalType(clang_getNonReferenceType(t)));

	return !clang_Cursor_isNull(d) && in_cg_namespace(d) &&
	       (is_cg_type(t, "thread_block") || is_cg_type(t, "grid_group") || cg_tile_size(t) > 0);
}

static KirExpr *bi(Lower *L, KirBuiltin b, SrcLoc l) { return new_builtin(L, b, l); }
static KirExpr *u32c(Lower *L, int64_t v, SrcLoc l) { return frontend_new_int(L->a, KT_U32, v, l); }
static KirExpr *ub(Lower *L, KirBinOp op, KirExpr *a, KirExpr *b, SrcLoc l)
{
	return frontend_new_binary(L->a, op, KT_U32, a, b, l);
}

/* threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z) */
static KirExpr *block_rank(Lower *L, SrcLoc l)
{
	KirExpr *y = ub(L, KB_MUL, bi(L, KBI_TID_Z, l), bi(L, KBI_BDIM_Y, l), l);

	y = ub(L, KB_ADD, y, bi(L, KBI_TID_Y, l), l);
	return ub(L, KB_ADD, ub(L, KB_MUL, y, bi(L, KBI_BDIM_X, l), l), bi(L, KBI_TID_X, l), l);
}

static KirExpr *block_size(Lower *L, SrcLoc l)
{
	return ub(L, KB_MUL, ub(L, KB_MUL, bi(L, KBI_BDIM_X, l), bi(L, KBI_BDIM_Y, l), l), bi(L, KBI_BDIM_Z, l), l);
}

/* The lanes of the caller's tile of n: ((1 << n) - 1) << (lane & ~(n - 1)). */
static KirExpr *tile_mask(Lower *L, int n, SrcLoc l)
{
	KirExpr *base = ub(L, KB_AND, block_rank(L, l), u32c(L, 31 & ~(n - 1), l), l);

	if (n == 32)
		return u32c(L, 0xffffffffu, l);
	return ub(L, KB_SHL, u32c(L, (1u << n) - 1, l), base, l);
}

static KirExpr *shfl(Lower *L, SrcLoc l, KirDType t, KirShflOp op, KirExpr *v, KirExpr *lane, int n)
{
	KirExpr *e = frontend_new_expr(L->a, KE_SHFL, t, l);

	e->u.shfl.op = op;
	e->u.shfl.mask = u32c(L, 0xffffffffu, l);
	e->u.shfl.value = v;
	e->u.shfl.lane = lane;
	e->u.shfl.width = n;
	return e;
}

static KirExpr *vote(Lower *L, SrcLoc l, KirVoteOp op, KirExpr *pred, int n)
{
	KirExpr *e = frontend_new_expr(L->a, KE_VOTE, op == KV_BALLOT ? KT_U32 : KT_I32, l);

	e->u.vote.op = op;
	e->u.vote.mask = tile_mask(L, n, l);
	e->u.vote.pred = conv(L, pred, KT_I1);
	return e;
}

/* A method of a thread_block_tile<n>. */
static KirExpr *ltile_method(Lower *L, CXCursor c, const char *m, int n)
{
	SrcLoc l = cloc(L, c);
	KirDType t = ctype(c);
	static const char *const shfls[] = {"shfl", "shfl_up", "shfl_down", "shfl_xor"};
	static const KirShflOp shops[] = {KSH_IDX, KSH_UP, KSH_DOWN, KSH_XOR};

	if (n < 1 || n > 32 || (n & (n - 1))) {
		error_at(L, c, "a thread_block_tile of %d threads cannot be translated (a power of two up to 32 is needed)", n);
		return poison(L, c);
	}
	if (!strcmp(m, "thread_rank"))
		return ub(L, KB_AND, block_rank(L, l), u32c(L, n - 1, l), l);
	if (!strcmp(m, "size") || !strcmp(m, "num_threads"))
		return u32c(L, n, l);
	if (!strcmp(m, "meta_group_rank"))
		return ub(L, KB_DIV, block_rank(L, l), u32c(L, n, l), l);
	if (!strcmp(m, "meta_group_size"))
		return ub(L, KB_DIV, ub(L, KB_ADD, block_size(L, l), u32c(L, n - 1, l), l), u32c(L, n, l), l);
	for (int i = 0; i < 4; i++)
		if (!strcmp(m, shfls[i]))
			return shfl(L, l, t, shops[i], conv(L, arg(L, c, 0), t), arg(L, c, 1), n);
	if (!strcmp(m, "any"))
		return conv(L, vote(L, l, KV_ANY, arg(L, c, 0), n), t);
	if (!strcmp(m, "all"))
		return conv(L, vote(L, l, KV_ALL, arg(L, c, 0), n), t);
	if (!strcmp(m, "ballot"))   /* the tile's lanes, its first lane as bit 0 */
		return conv(L, ub(L, KB_SHR, vote(L, l, KV_BALLOT, arg(L, c, 0), n),
		                  ub(L, KB_AND, block_rank(L, l), u32c(L, 31 & ~(n - 1), l), l), l), t);
	error_at(L, c, "cooperative groups method 'thread_block_tile::%s' is not supported", m);
	return poison(L, c);
}

/* A method call on a group object of type on (its value is never needed). */
KirExpr *lcg_method(Lower *L, CXCursor c, const char *n, CXType on)
{
	SrcLoc l = cloc(L, c);

	if (is_cg_type(on, "grid_group")) {
		error_at(L, c, "grid-wide cooperative synchronisation cannot be translated (grid_group::%s)", n);
		return poison(L, c);
	}
	if (cg_tile_size(on))
		return ltile_method(L, c, n, cg_tile_size(on));
	if (!strcmp(n, "thread_rank"))
		return block_rank(L, l);
	if (!strcmp(n, "size") || !strcmp(n, "num_threads"))
		return block_size(L, l);
	error_at(L, c, "cooperative groups method '%s' is not supported", n);
	return poison(L, c);
}

/* The type of the object a method call c is made on (s.f(), p->f()). */
int cg_object_type(CXCursor c, CXType *t)
{
	CXCursor m = nkids(c) ? strip(kid(c, 0)) : clang_getNullCursor();   /* (static methods: wrapped) */

	if (clang_Cursor_isNull(m) || clang_getCursorKind(m) != CXCursor_MemberRefExpr)
		return 0;
	if (clang_Cursor_isNull(member_base(m)))      /* an implicit this */
		return 0;
	*t = clang_getCursorType(member_base(m));
	if (t->kind == CXType_Invalid)
		return 0;
	if (t->kind == CXType_Pointer)
		*t = clang_getPointeeType(*t);
	return is_cg_group(*t);
}

/* g.group_index().x, g.thread_index().y, g.group_dim().z: the builtin; NULL when b is
 * not such a call. */
KirExpr *lcg_member(Lower *L, CXCursor b, const char *field, SrcLoc l)
{
	static const char *const m[] = {"group_index", "thread_index", "group_dim", "dim_threads"};
	static const KirBuiltin base[] = {KBI_BID_X, KBI_TID_X, KBI_BDIM_X, KBI_BDIM_X};
	CXType on;
	const char *n;
	int f = !strcmp(field, "x") ? 0 : !strcmp(field, "y") ? 1 : !strcmp(field, "z") ? 2 : -1;

	b = strip(b);
	if (f < 0 || clang_getCursorKind(b) != CXCursor_CallExpr || !cg_object_type(b, &on) ||
	    !is_cg_type(on, "thread_block"))
		return NULL;
	n = spell(L->a, clang_getCursorReferenced(b));
	for (int i = 0; i < 4; i++)
		if (!strcmp(n, m[i]))
			return bi(L, (KirBuiltin)(base[i] + f), l);
	return NULL;
}

/* cg::reduce(tile, v, op) with op one of cg::plus, less, greater, bit_and, bit_or,
 * bit_xor: log2(n) steps v = op(v, tile.shfl_xor(v, o)), o = n/2 ... 1, so that every
 * lane of the tile gets the result. */
static KirExpr *lcg_reduce(Lower *L, CXCursor c)
{
	static const char *const ops[] = {"plus", "less", "greater", "bit_and", "bit_or", "bit_xor"};
	SrcLoc l = cloc(L, c);
	KirDType t = ctype(c);
	CXType g = clang_getCursorType(clang_Cursor_getArgument(c, 0));
	CXType ot = clang_getCursorType(clang_Cursor_getArgument(c, 2));
	int n = cg_tile_size(g), op = -1, v;

	for (int i = 0; i < 6; i++)
		if (is_cg_type(ot, ops[i]))
			op = i;
	if (clang_Cursor_getNumArguments(c) != 3 || !n || op < 0) {
		error_at(L, c, "cg::reduce is translated over a thread_block_tile with cg::plus, less, greater, bit_and, bit_or or bit_xor only");
		return poison(L, c);
	}
	if (!L->hoist_ok) {
		error_at(L, c, "cg::reduce inside a condition or a loop test cannot be translated; compute it before");
		return poison(L, c);
	}
	v = new_var(L, "cg.reduce", t, KVK_TEMP, l);
	emit_pending(L, decl_stmt(L, v, conv(L, arg(L, c, 1), t), l));
	for (int o = n / 2; o > 0; o /= 2) {
		int s = new_var(L, "cg.shfl", t, KVK_TEMP, l);
		KirExpr *a = var_ref(L, v, l), *b = var_ref(L, s, l), *r;
		emit_pending(L, decl_stmt(L, s, shfl(L, l, t, KSH_XOR, var_ref(L, v, l),
		                                     frontend_new_int(L->a, KT_I32, o, l), n), l));
		if (op == 1 || op == 2) {     /* less: b < a ? b : a; greater: a < b ? b : a */
			r = frontend_new_expr(L->a, KE_COND, t, l);
			r->u.cond.c = op == 1 ? frontend_new_binary(L->a, KB_LT, KT_I1, b, a, l) :
			                        frontend_new_binary(L->a, KB_LT, KT_I1, a, var_ref(L, s, l), l);
			r->u.cond.t = var_ref(L, s, l);
			r->u.cond.f = var_ref(L, v, l);
		} else {
			r = frontend_new_binary(L->a, op == 0 ? KB_ADD : op == 3 ? KB_AND : op == 4 ? KB_OR : KB_XOR, t, a, b, l);
		}
		emit_pending(L, expr_stmt(L, frontend_new_assign(L->a, v, -1, NULL, r, l)));
	}
	return var_ref(L, v, l);
}

/* A call of a function of namespace cooperative_groups that is not a method:
 * cg::reduce; the group makers (this_thread_block(), tiled_partition<N>(g)) have no
 * value of their own. NULL with *handled = 0 for others. */
KirExpr *lcg_function(Lower *L, CXCursor c, CXCursor fn, const char *n, int *handled)
{
	*handled = in_cg_namespace(fn);
	if (!*handled)
		return NULL;
	if (!strcmp(n, "reduce"))
		return lcg_reduce(L, c);
	if (is_cg_group(clang_getCursorType(c)) && !is_cg_type(clang_getCursorType(c), "grid_group"))
		return NULL;
	*handled = 0;
	return NULL;
}
