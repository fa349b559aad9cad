/* memfn.c: memset and memcpy in device code (CUDA declares both for the device) over
 * memory the kernel addresses: `memset(state, 0, sizeof state)` on a local array,
 * `memcpy(row, &src[k], n * sizeof(float))`. The size is a constant number of bytes
 * that is a whole number of the buffers' elements; up to MEMFN_MAX of them the call
 * becomes that many element stores (memcpy loads all the source first, so an overlap,
 * which C leaves undefined, still reads the old values), more become a loop over the
 * elements (memfn_loop). memset's byte fills an integer element
 * in every byte (-1 makes ints -1, 1 makes them 0x01010101) and a floating element only
 * when it is 0 (all bits 0 is +0.0); anything else is refused at the call. A scalar
 * variable on either side (`memcpy(&bits, &f, sizeof f)`) is a bit cast of the whole
 * variable (var_memfn). */
#include "parse.h"

#include <stdlib.h>

#define MEMFN_MAX 256          /* elements stored one by one; more: a loop */
#define MEMFN_LOOP_MAX (1 << 28)

static KirExpr *at(Lower *L, KirExpr *base, int64_t j, SrcLoc l)
{
	return add_off(L, base, frontend_new_int(L->a, base ? base->type : KT_I64, j, l), l);
}

static void store(Lower *L, Addr a, KirExpr *index, KirExpr *v, SrcLoc l)
{
	emit_pending(L, expr_stmt(L, assign_elem(L, a.buffer, index, v, l)));
}

/* The destination (and source) of the call, d and s (laddr's), checked to be buffer
 * addresses of one element size that divides the constant byte count; the number of
 * elements in *n. 0 (reported) when not. */
static int operands(Lower *L, CXCursor c, const char *fn, Addr *d, Addr *s, int64_t *n)
{
	KirConst bytes;
	int64_t eb;

	if (!eval_const(clang_Cursor_getArgument(c, 2), KT_I64, &bytes)) {
		error_at(L, c, "%s with a size that is not a constant cannot be translated", fn);
		return 0;
	}
	if (d->buffer < 0 || (s && s->buffer < 0)) {
		error_at(L, c, "%s of this address cannot be translated", fn);
		return 0;
	}
	if (d->view != KT_VOID || (s && s->view != KT_VOID) ||
	    (s && L->bufs.data[s->buffer].elem != L->bufs.data[d->buffer].elem)) {
		error_at(L, c, "%s between buffers of different element types cannot be translated", fn);
		return 0;
	}
	eb = frontend_dtype_bytes(L->bufs.data[d->buffer].elem);
	if (L->bufs.data[d->buffer].elem == KT_I1 || bytes.i < 0 || bytes.i % eb || bytes.i / eb > MEMFN_LOOP_MAX) {
		error_at(L, c, "%s of %lld bytes over %d-byte elements cannot be translated (a whole number of elements, at most %d)",
		    fn, (long long)bytes.i, (int)eb, MEMFN_LOOP_MAX);
		return 0;
	}
	if (read_only(L, c, d->buffer))
		return 0;
	*n = bytes.i / eb;
	return 1;
}

/* The element value whose every byte is b. */
static KirExpr *fill_value(Lower *L, CXCursor c, KirDType t, int64_t b, SrcLoc l)
{
	KirConst k = {KT_U64, 0, 0};
	int eb = frontend_dtype_bytes(t);

	b &= 0xff;
	if (!frontend_dtype_is_int(t)) {
		if (b) {
			error_at(L, c, "memset of %s elements with a nonzero byte cannot be translated (only 0)", frontend_dtype_name(t));
			return NULL;
		}
		return conv(L, frontend_new_int(L->a, KT_I32, 0, l), t);
	}
	for (int i = 0; i < eb; i++)
		k.i = (int64_t)((uint64_t)k.i << 8 | (uint64_t)b);
	return frontend_new_const(L->a, frontend_const_convert(k, t), l);
}

/* The type of the object at a (a variable's, or a buffer element's as viewed). */
static KirDType obj_type(Lower *L, Addr a)
{
	if (a.var >= 0)
		return L->vars.data[a.var].type;
	return a.view != KT_VOID ? a.view : L->bufs.data[a.buffer].elem;
}

/* memset or memcpy whose destination or source is a scalar variable (`memcpy(&bits, &f,
 * sizeof f)`, the way headers read a float's bits): the whole variable and an object of
 * its size, the copy a bit cast; else refused at the call. */
static void var_memfn(Lower *L, CXCursor c, int cpy, Addr d, Addr s, int64_t bytes)
{
	SrcLoc l = cloc(L, c);
	KirDType dt = obj_type(L, d), st = cpy ? obj_type(L, s) : dt;
	KirExpr *v;

	if (dt == KT_I1 || st == KT_I1 || bytes != frontend_dtype_bytes(dt) || bytes != frontend_dtype_bytes(st)) {
		error_at(L, c, "%s of %lld bytes with a variable cannot be translated (only the whole variable, from or to an object of its size)",
		         cpy ? "memcpy" : "memset", (long long)bytes);
		return;
	}
	if (d.var < 0 && read_only(L, c, d.buffer))
		return;
	if (!cpy) {
		KirConst b;
		if (!eval_const(clang_Cursor_getArgument(c, 1), KT_I64, &b)) {
			error_at(L, c, "memset with a byte that is not a constant cannot be translated");
			return;
		}
		if (!(v = fill_value(L, c, dt, b.i, l)))
			return;
	} else if (s.var >= 0) {
		v = var_ref(L, s.var, l);
	} else {
		v = frontend_new_expr(L->a, KE_LOAD, L->bufs.data[s.buffer].elem, l);
		v->u.load.buffer = s.buffer;
		v->u.load.index = s.off ? s.off : frontend_new_int(L->a, KT_I64, 0, l);
		v = bitcast_to(L, st, v, l);
	}
	v = bitcast_to(L, dt, v, l);
	if (d.var >= 0) {
		emit_pending(L, expr_stmt(L, assign_var(L, d.var, v, l)));
	} else {
		KirDType et = L->bufs.data[d.buffer].elem;
		store(L, d, d.off ? d.off : frontend_new_int(L->a, KT_I64, 0, l), bitcast_to(L, et, v, l), l);
	}
}

/* More than MEMFN_MAX elements: `for (j = 0; j < n; j++) d[db + j] = v` (memset) or
 * `= s[sb + j]` (memcpy: overlapping ranges are undefined in C, so one pass is the
 * same program). */
static void memfn_loop(Lower *L, Addr d, KirExpr *db, Addr *s, KirExpr *sb, KirExpr *v, int64_t n, SrcLoc l)
{
	int j = new_var(L, "mem.j", KT_I64, KVK_TEMP, l);
	KirStmt *loop = frontend_new_stmt(L->a, KS_FOR, l);

	if (s) {
		v = frontend_new_expr(L->a, KE_LOAD, L->bufs.data[s->buffer].elem, l);
		v->u.load.buffer = s->buffer;
		v->u.load.index = add_off(L, sb, var_ref(L, j, l), l);
	}
	loop->u.for_.init = decl_stmt(L, j, frontend_new_int(L->a, KT_I64, 0, l), l);
	loop->u.for_.cond = frontend_new_binary(L->a, KB_LT, KT_I1, var_ref(L, j, l), frontend_new_int(L->a, KT_I64, n, l), l);
	loop->u.for_.step = assign_var(L, j, frontend_new_binary(L->a, KB_ADD, KT_I64, var_ref(L, j, l),
	                                                         frontend_new_int(L->a, KT_I64, 1, l), l), l);
	loop->u.for_.body = expr_stmt(L, assign_elem(L, d.buffer, add_off(L, db, var_ref(L, j, l), l), v, l));
	emit_pending(L, loop);
}

/* memset(p, byte, n) or memcpy(dst, src, n) as a statement; 1 when c is one of them
 * (lowered or refused), 0 when it is another call. */
int lower_memfn(Lower *L, CXCursor c, const char *name)
{
	int cpy = !strcmp(name, "memcpy");
	SrcLoc l = cloc(L, c);
	Addr d, s;
	int64_t n;
	KirExpr *db, *sb;
	int errs;

	if ((!cpy && strcmp(name, "memset")) || clang_Cursor_getNumArguments(c) != 3)
		return 0;
	errs = diag_error_count();
	d = laddr(L, clang_Cursor_getArgument(c, 0));
	s = (Addr){.buffer = -1, .off = NULL, .var = -1, .view = KT_VOID};
	if (cpy && diag_error_count() == errs)
		s = laddr(L, clang_Cursor_getArgument(c, 1));
	if (diag_error_count() > errs)       /* laddr said why */
		return 1;
	if (d.per || (cpy && s.per)) {
		error_at(L, c, "%s through a pointer that views a buffer's elements as a narrower type cannot be translated", name);
		return 1;
	}
	if (wide_refused(L, c, d, name) || (cpy && wide_refused(L, c, s, name)))
		return 1;
	if (d.var >= 0 || (cpy && s.var >= 0)) {
		/* a scalar variable on either side: a bit cast of the whole variable */
		KirConst bytes;
		if (!eval_const(clang_Cursor_getArgument(c, 2), KT_I64, &bytes))
			error_at(L, c, "%s with a size that is not a constant cannot be translated", name);
		else if ((d.var < 0 && d.buffer < 0) || (cpy && s.var < 0 && s.buffer < 0))
			error_at(L, c, "%s between a variable and this address cannot be translated", name);
		else
			var_memfn(L, c, cpy, d, s, bytes.i);
		return 1;
	}
	if (!operands(L, c, name, &d, cpy ? &s : NULL, &n))
		return 1;
	db = fix_offset(L, d.off, "mem", l, l, NULL);
	if (!cpy) {
		KirConst b;
		KirExpr *v;
		if (!eval_const(clang_Cursor_getArgument(c, 1), KT_I64, &b)) {
			error_at(L, c, "memset with a byte that is not a constant cannot be translated");
			return 1;
		}
		if (!(v = fill_value(L, c, L->bufs.data[d.buffer].elem, b.i, l)))
			return 1;
		if (n > MEMFN_MAX) {
			memfn_loop(L, d, db, NULL, NULL, v, n, l);
			return 1;
		}
		for (int64_t j = 0; j < n; j++)
			store(L, d, at(L, db, j, l), v, l);
		return 1;
	}
	sb = fix_offset(L, s.off, "mem", l, l, NULL);
	if (n > MEMFN_MAX) {
		memfn_loop(L, d, db, &s, sb, NULL, n, l);
		return 1;
	}
	{
		int *tmp = calloc((size_t)n + 1, sizeof *tmp);
		KirDType t = L->bufs.data[s.buffer].elem;
		for (int64_t j = 0; j < n; j++) {          /* the source whole, then the stores */
			KirExpr *e = frontend_new_expr(L->a, KE_LOAD, t, l);
			e->u.load.buffer = s.buffer;
			e->u.load.index = at(L, sb, j, l);
			tmp[j] = new_var(L, "mem", t, KVK_TEMP, l);
			emit_pending(L, decl_stmt(L, tmp[j], e, l));
		}
		for (int64_t j = 0; j < n; j++)
			store(L, d, at(L, db, j, l), var_ref(L, tmp[j], l), l);
		free(tmp);
	}
	return 1;
}
