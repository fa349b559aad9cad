/* sequence.c: C++17's order of an assignment's operands ([expr.ass]/1: "the right operand
 * is sequenced before the left operand"), made explicit for the stages below. A KE_ASSIGN
 * to memory carries the left's subscript in lv.index and the right operand in value; the
 * consumers (loopify's C printer, the raise) evaluate the subscript, then the element's
 * old contents for a compound assignment, then the value. That order agrees with C++17
 * unless one side writes what the other reads or writes: `a[j++] = j`, `a[j] = j++`,
 * `s[s[0] & 3] = s[0] = 9`, a compound `x += x++`. For those, lassign_parts binds the
 * value to a temporary first, `(seq.v = value, a[index] op= seq.v)` (a KE_COMMA), so that
 * the assignment itself reads only a variable no other operand touches. A struct copied
 * field by field from or to memory (struct.c) reads its address once per field: an
 * address with effects (`v[m++] = w`) is evaluated once, into a temporary (addr_once). */
#include "parse.h"

/* The operands of e (an lvalue's subscript included) into k; their number. */
static int operands(const KirExpr *e, const KirExpr *k[4])
{
	int n = 0;

	switch (e->kind) {
	case KE_UNARY: k[n++] = e->u.un.x; break;
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR: k[n++] = e->u.bin.l; k[n++] = e->u.bin.r; break;
	case KE_COND: k[n++] = e->u.cond.c; k[n++] = e->u.cond.t; k[n++] = e->u.cond.f; break;
	case KE_CAST: case KE_BITCAST: k[n++] = e->u.x; break;
	case KE_LOAD: k[n++] = e->u.load.index; break;
	case KE_ASSIGN:
		if (e->u.assign.lv.var < 0)
			k[n++] = e->u.assign.lv.index;
		k[n++] = e->u.assign.value;
		break;
	case KE_INCDEC:
		if (e->u.incdec.lv.var < 0)
			k[n++] = e->u.incdec.lv.index;
		break;
	case KE_COMMA: k[n++] = e->u.comma.l; k[n++] = e->u.comma.r; break;
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs; i++)
			k[n++] = e->u.math.args[i];
		break;
	case KE_SHFL: k[n++] = e->u.shfl.mask; k[n++] = e->u.shfl.value; k[n++] = e->u.shfl.lane; break;
	case KE_VOTE: k[n++] = e->u.vote.mask; k[n++] = e->u.vote.pred; break;
	case KE_ATOMIC:
		k[n++] = e->u.atomic.index;
		for (int i = 0; i < e->u.atomic.nargs; i++)
			k[n++] = e->u.atomic.args[i];
		break;
	default: break;
	}
	return n;
}

/* The location e itself writes (variable *var or buffer *buf, the other -1); 0 if none. */
static int own_write(const KirExpr *e, int *var, int *buf)
{
	const KirLval *lv = e->kind == KE_ASSIGN ? &e->u.assign.lv : e->kind == KE_INCDEC ? &e->u.incdec.lv : NULL;

	*var = *buf = -1;
	if (lv && lv->var >= 0)
		*var = lv->var;
	else if (lv)
		*buf = lv->buffer;
	else if (e->kind == KE_ATOMIC)
		*buf = e->u.atomic.buffer;
	return *var >= 0 || *buf >= 0;
}

/* Whether e reads or writes variable var or buffer buf (each -1: none). */
static int touches(const KirExpr *e, int var, int buf)
{
	const KirExpr *k[4];
	int n, v, b;

	if (!e)
		return 0;
	if ((e->kind == KE_VAR && e->u.var == var) || (e->kind == KE_LOAD && e->u.load.buffer == buf))
		return 1;
	if (own_write(e, &v, &b) && ((v >= 0 && v == var) || (b >= 0 && b == buf)))
		return 1;
	n = operands(e, k);
	for (int i = 0; i < n; i++)
		if (touches(k[i], var, buf))
			return 1;
	return 0;
}

/* Whether something w writes is touched by o, or is the lvalue lv (NULL: none); o NULL
 * and lv NULL: whether w writes anything. */
static int writes_into(const KirExpr *w, const KirExpr *o, const KirLval *lv)
{
	const KirExpr *k[4];
	int n, v, b;

	if (!w)
		return 0;
	if (own_write(w, &v, &b)) {
		if ((!o && !lv) || touches(o, v, b))
			return 1;
		if (lv && (lv->var >= 0 ? lv->var == v : lv->buffer == b))
			return 1;
	}
	n = operands(w, k);
	for (int i = 0; i < n; i++)
		if (writes_into(k[i], o, lv))
			return 1;
	return 0;
}

int assign_crosses(const KirExpr *val, const KirLval *lv, KirBinOp op)
{
	const KirExpr *idx = lv->var < 0 ? lv->index : NULL;

	if (!idx && op == KB_NONE)
		return 0;      /* `x = value`: nothing of the left is evaluated before the store */
	/* the value writes what the subscript reads (or, compound, the lvalue it reads),
	 * or the subscript writes what the value reads or writes */
	return writes_into(val, idx, op != KB_NONE ? lv : NULL) || (idx && writes_into(idx, val, NULL));
}

int expr_writes(const KirExpr *e)
{
	return writes_into(e, NULL, NULL);
}

KirExpr *bind_temp(Lower *L, KirExpr **e, const char *name, SrcLoc l)
{
	int v = new_var(L, name, (*e)->type, KVK_TEMP, l);
	KirExpr *pre = assign_var(L, v, *e, l);

	*e = var_ref(L, v, l);
	return pre;
}

KirExpr *sequenced(Lower *L, KirExpr *pre, KirExpr *e)
{
	KirExpr *c;

	if (!pre)
		return e;
	if (!e)
		return pre;
	c = frontend_new_expr(L->a, KE_COMMA, e->type, e->loc);
	c->u.comma.l = pre;
	c->u.comma.r = e;
	return c;
}

Addr addr_once(Lower *L, Addr a, SrcLoc l)
{
	int v;

	if (!a.off || !expr_writes(a.off))
		return a;
	v = new_var(L, "seq.at", a.off->type, KVK_TEMP, l);
	emit_pending(L, decl_stmt(L, v, a.off, l));
	a.off = var_ref(L, v, l);
	return a;
}
