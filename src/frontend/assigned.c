/* assigned.c: definite assignment on kernel IR (issue 14: a value the program did not
 * set is never read as zero). Consumes one lowered kernel; produces diagnostics, no IR.
 * Afterwards every read of a local scalar (a struct's fields are scalars here, an inlined
 * function's result too) and of an element of a local array follows a store on every
 * path that reaches it, or an error at the read says that it may not. CUDA leaves such
 * a value indeterminate (C++ [basic.indet]); the raise would otherwise read it as 0.
 *
 * A forward walk over the statement tree. A cell (a variable, or one element of a local
 * array) holds the path conditions under which it is set: a disjunction of conjunctions
 * of atoms, an atom being a branch condition or its negation taken on the way there. A
 * read is accepted when one conjunction holds on the current path, so an assignment on
 * both arms of an `if`, and `if (i < n) a = ..; ... if (i < n) use(a)`, are accepted.
 * Atoms are compared by a key naming each variable and buffer with a version that every
 * assignment to it renews, so a test of something that changed since is a new atom.
 * Variables with a value known here (constants, --set values, blockDim from the launch,
 * loop counters from them) are tracked, so a loop whose trip count is known is walked
 * iteration by iteration (within a budget, of which one loop spends at most half what it
 * finds): `for (k = 0; k < 8; k++) t[k] = ...` sets
 * every element of t, and a loop known to run sets what its body sets. Other loops are
 * walked once from their entry state (what their body sets before a read counts; what
 * it sets counts after the loop under the loop's condition only).
 *
 * A variable that stores through a view of its bits assign a few bytes at a time
 * (bitview.c, KirExpr assign.bytes) has a cell per byte too: it is set where the whole
 * of it or each of its bytes is; such a store sets its bytes where its select names it
 * (a known index), and its value's reads of the variable, which keep the other bytes,
 * are no reads.
 *
 * Flags (issue 13: `hit = 0; if (c) { hit = 1; p = ..; } ... if (hit) use(p)`): a variable
 * given constants has a table, its value as a function of the path (pairs of a
 * conjunction and a constant; every path is on a pair whose constant it holds; counters
 * `c++` map each constant). A test of it, when the table decides the test for each
 * constant, is an atom that holds only on the conjunctions of the constants passing it,
 * so a read under it is accepted when the cell holds on the path joined with each of
 * them. A loop whose trip count is not known keeps such a table at its head only for a
 * variable it sets just before a break or return (a found flag).
 *
 * Launch indices (issue 13, HeCBench gmm's compute_row_col: a search over the pairs of a
 * triangle that sets its results and returns at the pair numbered blockIdx.y): an atom
 * that compares threadIdx or blockIdx with a value known here bounds that index, which
 * the launch bounds too (0 <= blockIdx.y < gridDim.y when the grid is known); a path whose
 * atoms leave an index no value, `blockIdx.y != 0 && ... && blockIdx.y != 9` with
 * gridDim.y == 10, is never taken (dead), so a search that surely finds its pair sets
 * what it sets on every path.
 *
 * Beyond what this proves, a read is refused, never guessed. Runs on the kernel as it is
 * raised (after --set and --entry's constant arguments are folded in), so --emit kir,
 * loops and c, which print the program as written, do not depend on it. */
#include "frontend.h"

#include <stdlib.h>
#include <string.h>

#define ARRAY_CELLS_MAX 65536    /* elements of one local array tracked one by one */
#define UNROLL_BUDGET 1000000    /* statements walked in known-trip loops per kernel (one
                                    costs 1 + the atoms on its path / 32) */
#define CONJ_MAX 32              /* disjuncts kept per cell (dropping one only refuses more) */

typedef struct Conj { int n; int a[]; } Conj;         /* sorted atoms: id * 2 + negated */
typedef struct Cond { int n; const Conj *d[]; } Cond;  /* NULL: never set */
/* A variable's value as a function of the path: on the paths of e[i].c it is e[i].k, and
 * every path that reaches here is on one of them. NULL: not known so. */
typedef struct Tab { int n; struct { KirConst k; const Conj *c; } e[]; } Tab;

typedef VEC(int) IntVec;

typedef struct State {
	int dead;                /* no execution reaches here */
	const Cond **cell;       /* ncells */
	int *ver;                /* nvars + nbufs versions */
	unsigned char *known;    /* nvars: the value is val[v] */
	KirConst *val;
	const Tab **tab;         /* nvars */
	unsigned char *full;     /* a break, continue or exit target (joined jumps): per cell,
	                            set on every path that jumped here; NULL otherwise */
	IntVec prim;             /* path atoms (sorted) that set cells record */
	IntVec all;              /* prim plus atoms they imply (a && b gives a and b) */
} State;

/* An atom that compares a thread or block index with a constant: `index op k`, op KB_LT
 * or KB_EQ (`blockIdx.y == 3`); b -1: not one. */
typedef struct Fact { int b; KirBinOp op; int64_t k; } Fact;

typedef struct Loop {
	State *brk, *cont;
	struct Loop *up;
} Loop;

typedef struct Ck {
	const KirKernel *k;
	Arena *a;                /* conds and conjunctions */
	Map *atoms;              /* key -> id + 1 */
	int natoms;
	VEC(const Cond *) expand;   /* per atom (id * 2 + negated): the paths on which it
	                               holds, from a table (flags); NULL: none known */
	int subst;               /* eval reads this variable as subst_val (-1: none) */
	KirConst subst_val;
	int ncells;
	int *base;               /* per buffer: its first cell; -1 not a local array without
	                            values; -2 one too large to track (its reads are refused) */
	int *bytes;              /* per var: the cell of its first byte, then one per byte (a
	                            variable assigned a few bytes at a time), else -1 */
	int keep;                /* a variable whose reads are not reads (-1: none): the
	                            value of an assignment of part of its bytes keeps the
	                            others */
	int fresh;               /* version counter */
	int njumps;              /* breaks, continues and exits walked so far */
	long budget;
	unsigned char *reported; /* per var, then per buffer */
	int *origin;             /* per var: the variable it last copied a partly set value
	                            from (copy_var), -1 when none (for messages) */
	State **exits;           /* per block label: the states that leave it */
	Loop *loop;
	int64_t grid[3], block[3];   /* the launch; 0 when not known */
	VEC(Fact) fact;          /* per atom id: its test of a launch index, if it is one */
	const KirExpr **fixed;   /* per var: its one value, when it is declared once with an
	                            initialiser over the launch only and never assigned
	                            (`const int tid = threadIdx.x`); else NULL */
	StrBuf key;
	int errors;
	unsigned char *refused;  /* per var, then per buffer: refused (nothing is reported);
	                            NULL: report */
	DiagKind kind;           /* of the reports: an error, or a warning where poison.c
	                            checks the values at run time */
} Ck;

static void stmt(Ck *ck, State *S, const KirStmt *s);
static void expr(Ck *ck, State *S, const KirExpr *e);

/* ---- conditions ---- */

static const Cond *always(void)
{
	static const Conj empty = {0};
	static struct { int n; const Conj *d[1]; } one = {1, {&empty}};
	return (const Cond *)&one;
}

static int subset(const Conj *x, const int *b, int nb)
{
	int j = 0;

	for (int i = 0; i < x->n; i++) {
		while (j < nb && b[j] < x->a[i])
			j++;
		if (j == nb || b[j] != x->a[i])
			return 0;
	}
	return 1;
}

static int cond_holds(const Cond *c, const IntVec *path)
{
	for (int i = 0; c && i < c->n; i++)
		if (subset(c->d[i], path->data, (int)path->len))
			return 1;
	return 0;
}

static const Conj *conj_new(Ck *ck, const int *a, int n, int skip)
{
	Conj *c = arena_alloc(ck->a, sizeof(Conj) + sizeof(int) * (size_t)n);

	for (int i = 0; i < n; i++)
		if (i != skip)
			c->a[c->n++] = a[i];
	return c;
}

/* x and y are equal but for one atom that is negated in the other: its index, else -1. */
static int complement_at(const Conj *x, const Conj *y)
{
	int at = -1;

	if (x->n != y->n)
		return -1;
	for (int i = 0; i < x->n; i++)
		if (x->a[i] != y->a[i]) {
			if (at >= 0 || (x->a[i] ^ 1) != y->a[i])
				return -1;
			at = i;
		}
	return at;
}

/* Merges `c or c'` pairs (c and not c under the same rest) and drops a disjunct that
 * another one implies; returns the new count. */
static int simplify(Ck *ck, const Conj **d, int n)
{
	for (int again = 1; again;) {
		again = 0;
		for (int i = 0; i < n && !again; i++)
			for (int j = 0; j < n && !again; j++) {
				int at = i == j ? -1 : complement_at(d[i], d[j]);
				if (at >= 0) {
					d[i] = conj_new(ck, d[i]->a, d[i]->n, at);
					d[j] = d[--n];
					again = 1;
				} else if (i != j && subset(d[i], d[j]->a, d[j]->n)) {
					d[j] = d[--n];
					again = 1;
				}
			}
	}
	return n;
}

static const Cond *cond_make(Ck *ck, const Conj **d, int n)
{
	Cond *c;

	n = simplify(ck, d, n);
	if (n > CONJ_MAX)
		n = CONJ_MAX;
	if (n == 1 && d[0]->n == 0)
		return always();
	c = arena_alloc(ck->a, sizeof(Cond) + sizeof(Conj *) * (size_t)n);
	c->n = n;
	memcpy(c->d, d, sizeof(Conj *) * (size_t)n);
	return c;
}

/* c, or set on the path `prim`. */
static const Cond *cond_add(Ck *ck, const Cond *c, const IntVec *prim)
{
	const Conj *d[CONJ_MAX + 1];
	int n = 0;

	if (!prim->len)
		return always();
	if (cond_holds(c, prim))
		return c;
	/* the new disjunct first: past CONJ_MAX the oldest are dropped, never the one that
	 * makes a read right after this assignment hold (a loop walked iteration by
	 * iteration under a new data-dependent test each time set a variable under 64
	 * such paths, and `for (c = 0; c < N; ...)` was refused at its own test) */
	d[n++] = conj_new(ck, prim->data, (int)prim->len, -1);
	for (int i = 0; c && i < c->n && n < CONJ_MAX; i++)
		d[n++] = c->d[i];
	return cond_make(ck, d, n);
}

static const Cond *cond_union(Ck *ck, const Cond *x, const Cond *y)
{
	const Conj *d[2 * CONJ_MAX];
	int n = 0;

	if (x == y || !y)
		return x;
	if (!x)
		return y;
	for (int i = 0; i < x->n; i++)
		d[n++] = x->d[i];
	for (int i = 0; i < y->n; i++)
		d[n++] = y->d[i];
	return cond_make(ck, d, n);
}

/* The sorted union of the sorted atoms x[0..nx) and b[0..nb) into out, which has room
 * for both; its length, or -1 when it holds an atom and its negation (no path is on
 * both). */
static int merge(const int *x, int nx, const int *b, int nb, int *out)
{
	int n = 0, i = 0, j = 0;

	while (i < nx || j < nb) {
		int t = j == nb || (i < nx && x[i] <= b[j]) ? x[i++] : b[j++];
		if (n && out[n - 1] == t)
			continue;
		if (n && out[n - 1] == (t ^ 1))
			return -1;
		out[n++] = t;
	}
	return n;
}

static int index_implied(const Ck *ck, int a, const int *p, int np);

#define EXPAND_DEPTH 2           /* flags whose value depends on flags (one inside another) */

/* c holds on the path p: each atom of one conjunction of c is among p's atoms or, a test
 * of a launch index, holds on every value p leaves the index; or p holds an atom
 * known (from a flag's table) to hold only on the paths of some conjunctions, and c
 * holds on p joined with each of them (a path that cannot be taken holds anything). */
static int holds_at(Ck *ck, const Cond *c, const int *p, int np, int depth)
{
	for (int i = 0; c && i < c->n; i++) {
		const Conj *x = c->d[i];
		int j = 0, ok = 1;
		for (int a = 0; a < x->n && ok; a++) {
			while (j < np && p[j] < x->a[a])
				j++;
			ok = (j < np && p[j] == x->a[a]) || index_implied(ck, x->a[a], p, np);
		}
		if (ok)
			return 1;
	}
	if (depth >= EXPAND_DEPTH)
		return 0;
	for (int i = 0; i < np; i++) {
		const Cond *D = (size_t)p[i] < ck->expand.len ? ck->expand.data[p[i]] : NULL;
		int ok = D != NULL;
		for (int j = 0; ok && j < D->n; j++) {
			int *m = xmalloc(sizeof(int) * (size_t)(np + D->d[j]->n + 1));
			int nm = merge(p, np, D->d[j]->a, D->d[j]->n, m);
			ok = nm < 0 || holds_at(ck, c, m, nm, depth + 1);
			free(m);
		}
		if (ok)
			return 1;
	}
	return 0;
}

static int holds(Ck *ck, const Cond *c, const IntVec *path)
{
	return holds_at(ck, c, path->data, (int)path->len, 0);
}

/* ---- tables: variables whose value is a function of the path ---- */

/* The value k on every path (a join narrows it to the paths that had it). */
static const Tab *tab_one(Ck *ck, KirConst k)
{
	static const Conj empty = {0};
	Tab *t = arena_alloc(ck->a, sizeof(Tab) + sizeof(t->e[0]));

	t->n = 1;
	t->e[0].k = k;
	t->e[0].c = &empty;
	return t;
}

static int same_const(KirConst x, KirConst y);

/* The table after a join of a path px where the variable has table x with a path py
 * where it has y: each side's entries narrowed to its own path (`hit = 0; if (c) hit
 * = 1;` gives hit = 0 under !c), those that it excludes dropped. What a test of the
 * variable relies on: every path is on an entry whose value the variable has there. */
static const Tab *tab_join(Ck *ck, const Tab *x, const IntVec *px, const Tab *y, const IntVec *py)
{
	const Conj *d[2 * CONJ_MAX];
	KirConst k[2 * CONJ_MAX];
	int n = 0;
	Tab *t;

	if (x == y)
		return x;
	if (!x || !y || x->n + y->n > 2 * CONJ_MAX)
		return NULL;
	for (int s = 0; s < 2; s++) {
		const Tab *z = s ? y : x;
		const IntVec *pz = s ? py : px;
		for (int i = 0; i < z->n; i++) {
			int *m = arena_alloc(ck->a, sizeof(int) * (z->e[i].c->n + pz->len + 1));
			int nm = merge(z->e[i].c->a, z->e[i].c->n, pz->data, (int)pz->len, m);
			if (nm < 0)
				continue;         /* an entry this side's path excludes */
			d[n] = conj_new(ck, m, nm, -1);
			k[n++] = z->e[i].k;
		}
	}
	/* entries with one value: merged and reduced as a cell's conditions are */
	t = arena_alloc(ck->a, sizeof(Tab) + sizeof(t->e[0]) * (size_t)n);
	for (int i = 0; i < n; i++) {
		const Conj *g[2 * CONJ_MAX];
		int ng = 0;
		if (!d[i])
			continue;
		for (int j = i; j < n; j++)
			if (d[j] && same_const(k[i], k[j])) {
				g[ng++] = d[j];
				if (j > i)
					d[j] = NULL;
			}
		ng = simplify(ck, g, ng);
		for (int j = 0; j < ng; j++) {
			if (t->n == CONJ_MAX)
				return NULL;
			t->e[t->n].k = k[i];
			t->e[t->n++].c = g[j];
		}
	}
	return t;
}

/* ---- states ---- */

static State *st_new(Ck *ck)
{
	State *S = xcalloc(1, sizeof(State));
	size_t nv = ck->k->nvars;

	S->cell = xcalloc((size_t)ck->ncells + 1, sizeof(Cond *));
	S->ver = xcalloc(nv + ck->k->nbufs + 1, sizeof(int));
	S->known = xcalloc(nv + 1, 1);
	S->val = xcalloc(nv + 1, sizeof(KirConst));
	S->tab = xcalloc(nv + 1, sizeof(Tab *));
	return S;
}

static void vec_copy(IntVec *d, const IntVec *s)
{
	d->len = 0;
	for (size_t i = 0; i < s->len; i++)
		VEC_PUSH(*d, s->data[i]);
}

static void st_copy(Ck *ck, State *d, const State *s)
{
	size_t nv = ck->k->nvars;

	d->dead = s->dead;
	memcpy(d->cell, s->cell, sizeof(Cond *) * (size_t)ck->ncells);
	memcpy(d->ver, s->ver, sizeof(int) * (nv + ck->k->nbufs));
	memcpy(d->known, s->known, nv);
	memcpy(d->val, s->val, sizeof(KirConst) * nv);
	memcpy(d->tab, s->tab, sizeof(Tab *) * nv);
	vec_copy(&d->prim, &s->prim);
	vec_copy(&d->all, &s->all);
}

static State *st_dup(Ck *ck, const State *s)
{
	State *d = st_new(ck);

	st_copy(ck, d, s);
	return d;
}

static void st_free(State *S)
{
	if (!S)
		return;
	free(S->cell);
	free(S->ver);
	free(S->known);
	free(S->val);
	free(S->tab);
	free(S->full);
	VEC_FREE(S->prim);
	VEC_FREE(S->all);
	free(S);
}

static void vec_intersect(IntVec *d, const IntVec *s)
{
	size_t n = 0, j = 0;

	for (size_t i = 0; i < d->len; i++) {
		while (j < s->len && s->data[j] < d->data[i])
			j++;
		if (j < s->len && s->data[j] == d->data[i])
			d->data[n++] = d->data[i];
	}
	d->len = n;
}

static int same_const(KirConst x, KirConst y)
{
	return x.type == y.type && x.i == y.i && !memcmp(&x.f, &y.f, sizeof(double));
}

/* d becomes the state after either d or s: a cell is set under the conditions of
 * either side (each disjunct carries the path it was set on); a version or value that
 * differs is renewed or forgotten. In a final join (d and s are every path that reaches
 * here; d is no jump target) a cell set on each side's every path is set everywhere
 * (issue 20: the returns of a long loop each set a result under their own path, more
 * paths than a cell keeps). */
static void st_join(Ck *ck, State *d, const State *s, int final)
{
	size_t nv = ck->k->nvars;

	if (!s || s->dead)
		return;
	if (d->dead) {
		st_copy(ck, d, s);
		for (int i = 0; final && s->full && i < ck->ncells; i++)
			if (s->full[i])
				d->cell[i] = always();
		return;
	}
	for (int i = 0; i < ck->ncells; i++) {
		if (d->cell[i] == s->cell[i])
			continue;
		if (final && (s->full ? s->full[i] : cond_holds(s->cell[i], &s->all)) &&
		    cond_holds(d->cell[i], &d->all))
			d->cell[i] = always();
		else
			d->cell[i] = cond_union(ck, d->cell[i], s->cell[i]);
	}
	for (size_t i = 0; i < nv; i++)
		if (d->tab[i] != s->tab[i]) {
			d->tab[i] = tab_join(ck, d->tab[i], &d->prim, s->tab[i], &s->prim);
			d->ver[i] = ++ck->fresh;     /* one version, one table (atoms' expansions) */
		}
	for (size_t i = 0; i < nv + ck->k->nbufs; i++)
		if (d->ver[i] != s->ver[i])
			d->ver[i] = ++ck->fresh;
	for (size_t i = 0; i < nv; i++)
		if (d->known[i] && (!s->known[i] || !same_const(d->val[i], s->val[i])))
			d->known[i] = 0;
	vec_intersect(&d->prim, &s->prim);
	vec_intersect(&d->all, &s->all);
}

/* Joins S into *acc (a break, continue or exit target) and makes S dead. */
static void jump(Ck *ck, State **acc, State *S)
{
	ck->budget -= ck->ncells / 64;
	ck->njumps++;
	if (!*acc) {
		*acc = st_dup(ck, S);
		(*acc)->full = xcalloc((size_t)ck->ncells + 1, 1);
		for (int i = 0; i < ck->ncells; i++)
			(*acc)->full[i] = (unsigned char)cond_holds(S->cell[i], &S->all);
	} else {
		st_join(ck, *acc, S, 0);
		for (int i = 0; i < ck->ncells; i++)
			if ((*acc)->full[i] && (*acc)->cell[i] != always())
				(*acc)->full[i] = (unsigned char)cond_holds(S->cell[i], &S->all);
	}
	S->dead = 1;
}

/* ---- constant values ---- */

static int eval(Ck *ck, const State *S, const KirExpr *e, KirConst *out);

static int eval_builtin(const Ck *ck, KirBuiltin b, KirConst *out)
{
	int64_t v;

	if (b >= KBI_BDIM_X && b <= KBI_BDIM_Z && ck->block[0])
		v = ck->block[b - KBI_BDIM_X];
	else if (b >= KBI_GDIM_X && b <= KBI_GDIM_Z && ck->grid[0])
		v = ck->grid[b - KBI_GDIM_X];
	else if (b == KBI_WARPSIZE)
		v = 32;
	else
		return 0;
	*out = (KirConst){KT_U32, v, 0};
	return 1;
}

static int eval_unary(const KirExpr *e, KirConst x, KirConst *out)
{
	if (e->u.un.op == KU_NOT) {
		*out = (KirConst){KT_I1, !frontend_const_is_true(x), 0};
		return 1;
	}
	if (frontend_dtype_is_float(e->type) || e->u.un.op == KU_NEG)
		return 0;         /* negation can overflow; not needed for trip counts */
	*out = frontend_const_convert((KirConst){KT_I64, ~x.i, 0}, e->type);
	return 1;
}

static int eval_logic(Ck *ck, const State *S, const KirExpr *e, KirConst *out)
{
	KirConst l, r;

	if (!eval(ck, S, e->u.bin.l, &l))
		return 0;
	if (frontend_const_is_true(l) == (e->kind == KE_LOGOR)) {
		*out = (KirConst){KT_I1, e->kind == KE_LOGOR, 0};
		return 1;
	}
	if (!eval(ck, S, e->u.bin.r, &r))
		return 0;
	*out = (KirConst){KT_I1, frontend_const_is_true(r), 0};
	return 1;
}

/* The value of e when it is known on this path (no side effects are evaluated). */
static int eval(Ck *ck, const State *S, const KirExpr *e, KirConst *out)
{
	KirConst x, y;

	switch (e->kind) {
	case KE_CONST: *out = e->u.c; return 1;
	case KE_VAR:
		if (e->u.var == ck->subst) {
			*out = ck->subst_val;
			return 1;
		}
		if (!S->known[e->u.var])
			return 0;
		*out = S->val[e->u.var];
		return 1;
	case KE_BUILTIN: return eval_builtin(ck, e->u.builtin, out);
	case KE_UNARY: return eval(ck, S, e->u.un.x, &x) && eval_unary(e, x, out);
	case KE_BINARY:
		if (!eval(ck, S, e->u.bin.l, &x) || !eval(ck, S, e->u.bin.r, &y))
			return 0;
		*out = (KirConst){e->type, 0, 0};
		return frontend_const_binary(e->u.bin.op, x, y, out) && out->type == e->type;
	case KE_LOGAND: case KE_LOGOR: return eval_logic(ck, S, e, out);
	case KE_COND:
		if (!eval(ck, S, e->u.cond.c, &x))
			return 0;
		return eval(ck, S, frontend_const_is_true(x) ? e->u.cond.t : e->u.cond.f, out);
	case KE_CAST:
		if (!eval(ck, S, e->u.x, &x))
			return 0;
		*out = frontend_const_convert(x, e->type);
		return 1;
	default: return 0;
	}
}

/* ---- locals fixed by the launch: `const int tid = threadIdx.x` ---- */

/* defs[v]: the variable's definitions, a declaration 1 and an assignment 2 */
static void defs_expr(int *defs, const KirExpr *e);

static void defs_lv(int *defs, const KirLval *lv)
{
	if (lv->var >= 0)
		defs[lv->var] += 2;
	else
		defs_expr(defs, lv->index);
}

static void defs_expr(int *defs, const KirExpr *e)
{
	if (!e)
		return;
	switch (e->kind) {
	case KE_UNARY: defs_expr(defs, e->u.un.x); return;
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR:
		defs_expr(defs, e->u.bin.l);
		defs_expr(defs, e->u.bin.r);
		return;
	case KE_COND:
		defs_expr(defs, e->u.cond.c);
		defs_expr(defs, e->u.cond.t);
		defs_expr(defs, e->u.cond.f);
		return;
	case KE_CAST: case KE_BITCAST: defs_expr(defs, e->u.x); return;
	case KE_LOAD: defs_expr(defs, e->u.load.index); return;
	case KE_ASSIGN:
		defs_lv(defs, &e->u.assign.lv);
		defs_expr(defs, e->u.assign.value);
		return;
	case KE_INCDEC: defs_lv(defs, &e->u.incdec.lv); return;
	case KE_COMMA:
		defs_expr(defs, e->u.comma.l);
		defs_expr(defs, e->u.comma.r);
		return;
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs; i++)
			defs_expr(defs, e->u.math.args[i]);
		return;
	case KE_SHFL:
		defs_expr(defs, e->u.shfl.mask);
		defs_expr(defs, e->u.shfl.value);
		defs_expr(defs, e->u.shfl.lane);
		return;
	case KE_VOTE:
		defs_expr(defs, e->u.vote.mask);
		defs_expr(defs, e->u.vote.pred);
		return;
	case KE_ATOMIC:
		defs_expr(defs, e->u.atomic.index);
		for (int i = 0; i < e->u.atomic.nargs; i++)
			defs_expr(defs, e->u.atomic.args[i]);
		return;
	default: return;
	}
}

static void defs_stmt(int *defs, const KirExpr **init, const KirStmt *s)
{
	if (!s)
		return;
	switch (s->kind) {
	case KS_BLOCK:
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			defs_stmt(defs, init, s->u.block.stmts[i]);
		return;
	case KS_DECL:
		defs[s->u.decl.var] += 1;
		init[s->u.decl.var] = s->u.decl.init;
		defs_expr(defs, s->u.decl.init);
		return;
	case KS_EXPR: defs_expr(defs, s->u.expr); return;
	case KS_IF:
		defs_expr(defs, s->u.if_.cond);
		defs_stmt(defs, init, s->u.if_.then);
		defs_stmt(defs, init, s->u.if_.els);
		return;
	case KS_FOR:
		defs_stmt(defs, init, s->u.for_.init);
		defs_expr(defs, s->u.for_.cond);
		defs_expr(defs, s->u.for_.step);
		defs_stmt(defs, init, s->u.for_.body);
		return;
	case KS_WHILE: case KS_DO:
		defs_expr(defs, s->u.loop.cond);
		defs_stmt(defs, init, s->u.loop.body);
		return;
	case KS_SYNC:
		defs_expr(defs, s->u.sync.arg);
		if (s->u.sync.result >= 0)
			defs[s->u.sync.result] += 2;
		return;
	default: return;
	}
}

/* Is e an integer expression over constants, parameters, builtins and fixed locals only
 * (the same value wherever the thread evaluates it)? mark: per var, 1 while deciding,
 * 2 fixed, 3 not. */
static int launch_pure(Ck *ck, const int *defs, const KirExpr **init, unsigned char *mark, const KirExpr *e);

static int fix_var(Ck *ck, const int *defs, const KirExpr **init, unsigned char *mark, int v)
{
	if (!mark[v]) {
		mark[v] = 1;
		mark[v] = defs[v] == 1 && init[v] && launch_pure(ck, defs, init, mark, init[v]) ? 2 : 3;
		if (mark[v] == 2)
			ck->fixed[v] = init[v];
	}
	return mark[v] == 2;
}

static int launch_pure(Ck *ck, const int *defs, const KirExpr **init, unsigned char *mark, const KirExpr *e)
{
	if (!frontend_dtype_is_int(e->type) && e->type != KT_I1)
		return 0;
	switch (e->kind) {
	case KE_CONST: case KE_PARAM: case KE_BUILTIN: return 1;
	case KE_VAR: return fix_var(ck, defs, init, mark, e->u.var);
	case KE_UNARY: return launch_pure(ck, defs, init, mark, e->u.un.x);
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR:
		return launch_pure(ck, defs, init, mark, e->u.bin.l) && launch_pure(ck, defs, init, mark, e->u.bin.r);
	case KE_COND:
		return launch_pure(ck, defs, init, mark, e->u.cond.c) &&
		       launch_pure(ck, defs, init, mark, e->u.cond.t) && launch_pure(ck, defs, init, mark, e->u.cond.f);
	case KE_CAST: return launch_pure(ck, defs, init, mark, e->u.x);
	default: return 0;
	}
}

/* A local declared once, never assigned, whose initialiser depends on the launch only
 * holds that value wherever it is read (C has no read before the declaration, and a
 * declaration run again gives the same value), so its tests are keyed as tests of the
 * initialiser: `tid == 0` and `threadIdx.x == 0` are one atom. */
static void find_fixed(Ck *ck)
{
	size_t n = ck->k->nvars + 1;
	int *defs = xcalloc(n, sizeof(int));
	const KirExpr **init = xcalloc(n, sizeof(KirExpr *));
	unsigned char *mark = xcalloc(n, 1);

	ck->fixed = xcalloc(n, sizeof(KirExpr *));
	defs_stmt(defs, init, ck->k->body);
	for (size_t v = 0; v < ck->k->nvars; v++)
		fix_var(ck, defs, init, mark, (int)v);
	free(defs);
	free(init);
	free(mark);
}

/* e, through fixed locals and casts between integer types of at least 32 bits (which
 * keep an index: every launch index is below 2^31). */
static const KirExpr *uncast(const Ck *ck, const KirExpr *e)
{
	for (;;) {
		if (e->kind == KE_CAST && frontend_dtype_is_int(e->type) && frontend_dtype_bytes(e->type) >= 4 &&
		    frontend_dtype_is_int(e->u.x->type) && frontend_dtype_bytes(e->u.x->type) >= 4)
			e = e->u.x;
		else if (e->kind == KE_VAR && ck->fixed[e->u.var])
			e = ck->fixed[e->u.var];
		else
			return e;
	}
}

/* ---- atoms: branch conditions as keys ---- */

/* Appends e's key: variables and buffers with their versions; 0 when e has an effect
 * or reads another thread's value (its key would not name one value). */
static int key(Ck *ck, const State *S, const KirExpr *e)
{
	StrBuf *b = &ck->key;
	int ok = 1;

	switch (e->kind) {
	case KE_CONST:
		sb_printf(b, "c%d:%lld:%a", (int)e->u.c.type, (long long)e->u.c.i, e->u.c.f);
		return 1;
	case KE_PARAM: sb_printf(b, "p%d", e->u.param); return 1;
	case KE_VAR:
		if (ck->fixed[e->u.var])
			return key(ck, S, ck->fixed[e->u.var]);
		sb_printf(b, "v%d@%d", e->u.var, S->ver[e->u.var]);
		return 1;
	case KE_BUILTIN: sb_printf(b, "b%d", (int)e->u.builtin); return 1;
	case KE_UNARY:
		sb_printf(b, "(u%d:%d ", (int)e->u.un.op, (int)e->type);
		ok = key(ck, S, e->u.un.x);
		break;
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR:
		sb_printf(b, "(%d.%d:%d ", (int)e->kind, (int)e->u.bin.op, (int)e->type);
		ok = key(ck, S, e->u.bin.l) && key(ck, S, e->u.bin.r);
		break;
	case KE_COND:
		sb_append(b, "(? ");
		ok = key(ck, S, e->u.cond.c) && key(ck, S, e->u.cond.t) && key(ck, S, e->u.cond.f);
		break;
	case KE_CAST: case KE_BITCAST:
		sb_printf(b, "(%d:%d ", (int)e->kind, (int)e->type);
		ok = key(ck, S, e->u.x);
		break;
	case KE_LOAD:
		sb_printf(b, "(ld%d@%d ", e->u.load.buffer, S->ver[ck->k->nvars + (size_t)e->u.load.buffer]);
		ok = key(ck, S, e->u.load.index);
		break;
	case KE_MATH:
		sb_printf(b, "(m%d:%d", (int)e->u.math.op, (int)e->type);
		for (int i = 0; ok && i < e->u.math.nargs; i++)
			ok = key(ck, S, e->u.math.args[i]);
		break;
	default: return 0;
	}
	sb_putc(b, ')');
	return ok;
}

static int is_compare(KirBinOp op)
{
	return op >= KB_LT && op <= KB_NE;
}

/* The one variable e reads whose value is not known here: -1 none yet (v), -2 several
 * or something eval cannot follow. */
static int lone_var(const State *S, const KirExpr *e, int v)
{
	switch (e->kind) {
	case KE_CONST: case KE_BUILTIN: return v;
	case KE_VAR:
		if (S->known[e->u.var] || e->u.var == v)
			return v;
		return v == -1 ? e->u.var : -2;
	case KE_UNARY: return lone_var(S, e->u.un.x, v);
	case KE_CAST: return lone_var(S, e->u.x, v);
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR:
		v = lone_var(S, e->u.bin.l, v);
		return v == -2 ? v : lone_var(S, e->u.bin.r, v);
	default: return -2;
	}
}

/* A new atom `e` (at id * 2 + flip: `e` is true) that tests a variable with a table:
 * it holds exactly on the paths of the entries whose value makes e true. */
static void expand_atom(Ck *ck, const State *S, const KirExpr *e, int id, int flip)
{
	int v = lone_var(S, e, -1), n[2] = {0, 0};
	const Conj *d[2][CONJ_MAX];
	const Tab *t;

	if (v < 0 || !(t = S->tab[v]))
		return;
	ck->subst = v;
	for (int i = 0; i < t->n; i++) {
		KirConst r;
		int f;
		ck->subst_val = t->e[i].k;
		if (!eval(ck, S, e, &r)) {
			ck->subst = -1;
			return;
		}
		f = !frontend_const_is_true(r);
		d[f][n[f]++] = t->e[i].c;
	}
	ck->subst = -1;
	while (ck->expand.len < (size_t)(2 * id + 2))
		VEC_PUSH(ck->expand, NULL);
	ck->expand.data[2 * id + flip] = cond_make(ck, d[0], n[0]);
	ck->expand.data[2 * id + !flip] = cond_make(ck, d[1], n[1]);
}

/* ---- launch indices: a path whose tests leave an index no value in the launch ---- */

/* The number of values of builtin b in the launch (threadIdx.y: blockDim.y), 0 when b is
 * not an index or the launch is not known. */
static int64_t index_count(const Ck *ck, int b)
{
	if (b >= KBI_TID_X && b <= KBI_TID_Z)
		return ck->block[b - KBI_TID_X];
	if (b >= KBI_BID_X && b <= KBI_BID_Z)
		return ck->grid[b - KBI_BID_X];
	return 0;
}

/* Is e (a comparison) a test of a launch index against a value known here? Then e holds
 * exactly when `f->b f->op f->k` (op KB_LT or KB_EQ, the index on the left) does, negated
 * when *inv: `tid >= 4` is !(threadIdx.x < 4), `0 < tid` is !(threadIdx.x < 1), whatever
 * the integer type of the comparison, since every index is below 2^31. */
static int index_atom(Ck *ck, const State *S, const KirExpr *e, Fact *f, int *inv)
{
	KirConst k;
	KirBinOp op;
	const KirExpr *l, *r;

	if (e->kind != KE_BINARY || !is_compare(e->u.bin.op) || !frontend_dtype_is_int(e->u.bin.l->type) ||
	    e->u.bin.l->type == KT_U64 || frontend_dtype_bytes(e->u.bin.l->type) < 4)
		return 0;
	l = uncast(ck, e->u.bin.l);
	r = uncast(ck, e->u.bin.r);
	op = e->u.bin.op;
	if (!(l->kind == KE_BUILTIN && index_count(ck, l->u.builtin) > 0)) {
		if (!(r->kind == KE_BUILTIN && index_count(ck, r->u.builtin) > 0))
			return 0;
		l = r;                      /* k op index is index op' k */
		op = op == KB_LT ? KB_GT : op == KB_LE ? KB_GE : op == KB_GT ? KB_LT : op == KB_GE ? KB_LE : op;
		if (!eval(ck, S, e->u.bin.l, &k))
			return 0;
	} else if (!eval(ck, S, e->u.bin.r, &k)) {
		return 0;
	}
	k = frontend_const_convert(k, e->u.bin.l->type);     /* as the comparison sees it */
	if (k.i < -(1ll << 40) || k.i > (1ll << 40))
		return 0;          /* far outside any launch: no bound needed (nor overflow) */
	f->b = l->u.builtin;
	f->op = op == KB_EQ || op == KB_NE ? KB_EQ : KB_LT;
	f->k = op == KB_LE || op == KB_GT ? k.i + 1 : k.i;    /* i <= k: i < k + 1 */
	*inv = op == KB_NE || op == KB_GT || op == KB_GE;
	return 1;
}

static int cmp_i64(const void *x, const void *y)
{
	int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
	return (a > b) - (a < b);
}

/* The values lo .. hi that the atoms of path p (np of them) and the launch leave index b;
 * out (when not NULL) gets the values the path excludes besides (b != k). */
static void index_range(const Ck *ck, const int *p, int np, int b, int64_t *lo, int64_t *hi, int64_t *out,
                        size_t *nout)
{
	*lo = 0;
	*hi = index_count(ck, b) - 1;
	for (int i = 0; i < np; i++) {
		const Fact *f = (size_t)(p[i] >> 1) < ck->fact.len ? &ck->fact.data[p[i] >> 1] : NULL;
		int neg = p[i] & 1;
		if (!f || f->b != b)
			continue;
		if (f->op == KB_EQ && neg) {
			if (out)
				out[(*nout)++] = f->k;
		} else if (f->op == KB_EQ) {
			*lo = *lo > f->k ? *lo : f->k;
			*hi = *hi < f->k ? *hi : f->k;
		} else if (neg) {            /* !(index < k): at least k */
			*lo = *lo > f->k ? *lo : f->k;
		} else {                     /* index < k: at most k - 1 */
			*hi = *hi < f->k - 1 ? *hi : f->k - 1;
		}
	}
}

/* Whether the atoms of path p leave index b some value in the launch. */
static int index_feasible(const Ck *ck, const IntVec *p, int b)
{
	int64_t lo, hi, n, *out = xmalloc(sizeof(int64_t) * (p->len + 1));
	size_t nout = 0;

	index_range(ck, p->data, (int)p->len, b, &lo, &hi, out, &nout);
	/* the values left: lo .. hi less the distinct ones the path excludes */
	n = lo <= hi ? hi - lo + 1 : 0;
	qsort(out, nout, sizeof(int64_t), cmp_i64);
	for (size_t i = 0; i < nout && n > 0; i++)
		if (out[i] >= lo && out[i] <= hi && (i == 0 || out[i] != out[i - 1]))
			n--;
	free(out);
	return n > 0;
}

/* Atom a (a test of a launch index) holds on every value that path p leaves its index:
 * `threadIdx.x < 4` on a path under `tid < 2`. */
static int index_implied(const Ck *ck, int a, const int *p, int np)
{
	const Fact *f = (size_t)(a >> 1) < ck->fact.len ? &ck->fact.data[a >> 1] : NULL;
	int64_t lo, hi;

	if (!f || f->b < 0)
		return 0;
	index_range(ck, p, np, f->b, &lo, &hi, NULL, NULL);
	if (lo > hi)
		return 1;                    /* no thread takes the path */
	if (f->op == KB_EQ)
		return a & 1 ? f->k < lo || f->k > hi : lo == f->k && hi == f->k;
	return a & 1 ? lo >= f->k : hi < f->k;
}

/* S leaves no value in the launch to an index that atom a tests: it is dead. */
static void index_prune(Ck *ck, State *S, int a)
{
	const Fact *f = (size_t)(a >> 1) < ck->fact.len ? &ck->fact.data[a >> 1] : NULL;

	if (f && f->b >= 0 && !index_feasible(ck, &S->all, f->b))
		S->dead = 1;
}

/* The atom "e is true" (neg: false). An integer comparison is written with <, <= or ==
 * so that `i >= n` is the negation of `i < n`; a test of a launch index as index_atom
 * gives it, so that `tid <= 3`, `threadIdx.x < 4u` and `!(4 <= tid)` are one atom. */
static int atom_of(Ck *ck, const State *S, const KirExpr *e, int neg)
{
	int ok, flip = 0, index;
	Fact f;
	void *id;

	while (e->kind == KE_UNARY && e->u.un.op == KU_NOT) {
		e = e->u.un.x;
		neg ^= 1;
	}
	sb_clear(&ck->key);
	if ((index = index_atom(ck, S, e, &f, &flip))) {
		neg ^= flip;
		sb_printf(&ck->key, "(ix%d:%d:%lld)", f.b, (int)f.op, (long long)f.k);
		ok = 1;
	} else if (e->kind == KE_BINARY && is_compare(e->u.bin.op) && !frontend_dtype_is_float(e->u.bin.l->type)) {
		KirBinOp op = e->u.bin.op;
		if (op == KB_GE || op == KB_GT || op == KB_NE)
			neg ^= 1, flip = 1;
		op = op == KB_GE ? KB_LT : op == KB_GT ? KB_LE : op == KB_NE ? KB_EQ : op;
		sb_printf(&ck->key, "(cmp%d ", (int)op);
		ok = key(ck, S, e->u.bin.l) && key(ck, S, e->u.bin.r);
	} else {
		ok = key(ck, S, e);
	}
	if (!ok)
		return 2 * ck->natoms++ + neg;          /* an atom that matches nothing else */
	if (!(id = map_get(ck->atoms, sb_str(&ck->key)))) {
		id = (void *)(intptr_t)++ck->natoms;
		map_put(ck->atoms, sb_str(&ck->key), id);
		expand_atom(ck, S, e, (int)(intptr_t)id - 1, flip);
		while (ck->fact.len < (size_t)(intptr_t)id)
			VEC_PUSH(ck->fact, ((Fact){-1, KB_NONE, 0}));
		if (index)
			ck->fact.data[(intptr_t)id - 1] = f;
	}
	return 2 * ((int)(intptr_t)id - 1) + neg;
}

static void vec_insert(IntVec *v, int x)
{
	size_t i = 0;

	while (i < v->len && v->data[i] < x)
		i++;
	if (i < v->len && v->data[i] == x)
		return;
	VEC_PUSH(*v, x);
	memmove(v->data + i + 1, v->data + i, sizeof(int) * (v->len - 1 - i));
	v->data[i] = x;
}

/* The atoms a true (neg: false) `a && b` (neg: `a || b`) implies. */
static void implied(Ck *ck, State *S, const KirExpr *e, int neg)
{
	if ((e->kind == KE_LOGAND && !neg) || (e->kind == KE_LOGOR && neg)) {
		int l = atom_of(ck, S, e->u.bin.l, neg), r = atom_of(ck, S, e->u.bin.r, neg);
		vec_insert(&S->all, l);
		vec_insert(&S->all, r);
		index_prune(ck, S, l);
		index_prune(ck, S, r);
		implied(ck, S, e->u.bin.l, neg);
		implied(ck, S, e->u.bin.r, neg);
	}
}

/* S continues where e was true (neg: false). */
static void take(Ck *ck, State *S, const KirExpr *e, int neg)
{
	int a = atom_of(ck, S, e, neg);

	vec_insert(&S->prim, a);
	vec_insert(&S->all, a);
	implied(ck, S, e, neg);
	index_prune(ck, S, a);
}

/* ---- reads and writes ---- */

static void report(Ck *ck, size_t who, SrcLoc at, SrcLoc decl, const char *what, const char *note)
{
	if (ck->reported[who]++)
		return;
	ck->errors++;
	if (ck->refused) {     /* frontend_assigned_refused: which, not where */
		ck->refused[who] = 1;
		return;
	}
	diag_report(ck->kind, at, "%s is read here but is not set on every path that reaches this read", what);
	diag_note(decl, "%s", note);
	if (ck->kind == DIAG_WARNING)    /* poison.c */
		diag_note(ck->k->loc, "in kernel '%s': CUDA leaves an unset local indeterminate; a launch "
		          "fails with a message where such a value reaches a store to global memory, an "
		          "index, a branch, an atomic or a warp operation", ck->k->name);
	else
		diag_note(ck->k->loc, "in kernel '%s': CUDA leaves an unset local indeterminate; "
		          "cuda2hlo does not invent a value for it", ck->k->name);
}

/* Whether variable v is set on this path: all of it, or each of its bytes. */
static int var_set(Ck *ck, State *S, int v)
{
	int b = ck->bytes[v];

	if (holds(ck, S->cell[v], &S->all))
		return 1;
	if (b < 0)
		return 0;
	for (int i = 0; i < frontend_dtype_bytes(ck->k->vars[v].type); i++)
		if (!holds(ck, S->cell[b + i], &S->all))
			return 0;
	return 1;
}

static void read_var(Ck *ck, State *S, int v, SrcLoc at)
{
	const KirVar *kv = &ck->k->vars[v];
	char what[256];
	const char *ret = strstr(kv->name, ".ret");

	if (S->dead || v == ck->keep || var_set(ck, S, v))
		return;
	if (kv->kind == KVK_RESULT && ret) {
		snprintf(what, sizeof what, "the result of '%.*s'", (int)(ret - kv->name), kv->name);
		report(ck, (size_t)v, at, kv->loc, what, "called here: a path through it ends without returning a value");
		return;
	}
	snprintf(what, sizeof what, "'%s'", kv->name);
	if (ck->origin[v] >= 0) {
		const KirVar *o = &ck->k->vars[ck->origin[v]];
		char note[320];
		if (ck->refused)       /* the copy's unset value comes from there */
			ck->refused[ck->origin[v]] = 1;
		if (!strncmp(o->name, "cub.", 4))   /* cub.c */
			snprintf(note, sizeof note, "a cub::BlockReduce aggregate, valid in thread 0 only (CUB docs), "
			         "which '%s' holds", kv->name);
		else
			snprintf(note, sizeof note, "'%s' declared here without an initial value; '%s' holds a copy of it",
			         o->name, kv->name);
		report(ck, (size_t)v, at, o->loc, what, note);
		return;
	}
	report(ck, (size_t)v, at, kv->loc, what, "declared here without an initial value");
}

/* A plain copy `v = w` (or w as v's initial value) of a local w that is not set on
 * every path here is no read: v is then set where w is and this path is taken (its
 * conjunctions with the path's atoms), and a later read of v is checked as a read of w
 * would be. 1 when handled so. */
static int copy_var(Ck *ck, State *S, int v, const KirExpr *value)
{
	const Cond *src;
	const Conj *d[CONJ_MAX];
	int n = 0, w;

	if (value->kind != KE_VAR || S->dead || value->type != ck->k->vars[v].type)
		return 0;
	w = value->u.var;
	src = S->cell[w];
	if (var_set(ck, S, w))
		return 0;
	for (int i = 0; src && i < src->n && n < CONJ_MAX; i++) {
		int *m = arena_alloc(ck->a, sizeof(int) * (size_t)(src->d[i]->n + (int)S->prim.len));
		int k = 0, a = 0, b = 0;
		while (a < src->d[i]->n || b < (int)S->prim.len) {
			int x = b == (int)S->prim.len || (a < src->d[i]->n && src->d[i]->a[a] <= S->prim.data[b]) ?
			        src->d[i]->a[a++] : S->prim.data[b++];
			if (!k || m[k - 1] != x)
				m[k++] = x;
		}
		d[n++] = conj_new(ck, m, k, -1);
	}
	S->cell[v] = n ? cond_make(ck, d, n) : NULL;
	S->ver[v] = ++ck->fresh;
	S->known[v] = 0;
	S->tab[v] = NULL;
	ck->origin[v] = ck->origin[w] >= 0 ? ck->origin[w] : w;
	return 1;
}

static void read_elem(Ck *ck, State *S, int buf, const KirExpr *index, SrcLoc at)
{
	const KirBuffer *b = &ck->k->bufs[buf];
	KirConst c;
	char what[320];
	int64_t lo = 0, hi = b->count;

	if (S->dead || ck->base[buf] == -1)
		return;
	if (ck->base[buf] == -2) {
		snprintf(what, sizeof what, "local array '%s' (%lld elements, more than this check "
		         "follows one by one)", b->name, (long long)b->count);
		report(ck, ck->k->nvars + (size_t)buf, at, b->loc, what,
		       "declared here without an initial value");
		return;
	}
	if (eval(ck, S, index, &c)) {
		lo = frontend_dtype_is_signed(c.type) ? c.i : (int64_t)(uint64_t)c.i;
		if (lo < 0 || lo >= b->count)
			return;          /* out of bounds: the bounds check reports it */
		hi = lo + 1;
		snprintf(what, sizeof what, "element %lld of local array '%s'", (long long)lo, b->name);
	} else {
		snprintf(what, sizeof what, "local array '%s' (at an index not known here, so every "
		         "element must be set)", b->name);
	}
	for (int64_t i = lo; i < hi; i++)
		if (!holds(ck, S->cell[ck->base[buf] + i], &S->all)) {
			report(ck, ck->k->nvars + (size_t)buf, at, b->loc, what,
			       "declared here without an initial value");
			return;
		}
}

static void set_var(Ck *ck, State *S, int v, const KirConst *val)
{
	if (S->dead)
		return;
	S->cell[v] = cond_add(ck, S->cell[v], &S->prim);
	S->ver[v] = ++ck->fresh;
	S->known[v] = val != NULL;
	S->tab[v] = val ? tab_one(ck, *val) : NULL;
	if (val)
		S->val[v] = *val;
}

static void set_elem(Ck *ck, State *S, int buf, const KirExpr *index)
{
	KirConst c;

	S->ver[ck->k->nvars + (size_t)buf] = ++ck->fresh;
	if (S->dead || ck->base[buf] < 0 || !eval(ck, S, index, &c))
		return;
	c.i = frontend_dtype_is_signed(c.type) ? c.i : (int64_t)(uint64_t)c.i;
	if (c.i >= 0 && c.i < ck->k->bufs[buf].count)
		S->cell[ck->base[buf] + c.i] = cond_add(ck, S->cell[ck->base[buf] + c.i], &S->prim);
}

/* The new value of `lv op= value` / `lv = value` when it is known. */
static int new_value(Ck *ck, State *S, const KirExpr *e, KirConst *out)
{
	KirConst old, v;
	const KirLval *lv = &e->u.assign.lv;

	if (!eval(ck, S, e->u.assign.value, &v))
		return 0;
	if (e->u.assign.op == KB_NONE) {
		*out = frontend_const_convert(v, e->type);
		return 1;
	}
	if (!S->known[lv->var])
		return 0;
	old = frontend_const_convert(S->val[lv->var], e->u.assign.optype);
	*out = (KirConst){e->u.assign.optype, 0, 0};
	if (!frontend_const_binary(e->u.assign.op, old, v, out) || out->type != e->u.assign.optype)
		return 0;
	*out = frontend_const_convert(*out, e->type);
	return 1;
}

/* The new value of `lv++` / `lv--` when it is known. */
static int incdec_value(State *S, const KirExpr *e, KirConst *out)
{
	int v = e->u.incdec.lv.var;

	*out = (KirConst){e->type, 0, 0};
	return S->known[v] && !frontend_dtype_is_float(e->type) &&
	       frontend_const_binary(e->u.incdec.inc ? KB_ADD : KB_SUB, S->val[v],
	                             (KirConst){e->type, 1, 0}, out) && out->type == e->type;
}

/* v's table after the update e (`v op= ..`, `v++`) of a value not known here: each
 * entry's value through the update (a counter `c++` under conditions). */
static const Tab *tab_map(Ck *ck, State *S, int v, const KirExpr *e)
{
	const Tab *t = S->tab[v];
	unsigned char kn = S->known[v];
	KirConst kv = S->val[v];
	Tab *m;
	int ok = 1;

	if (!t || S->dead)
		return NULL;
	m = arena_alloc(ck->a, sizeof(Tab) + sizeof(m->e[0]) * (size_t)t->n);
	m->n = t->n;
	for (int i = 0; i < t->n && ok; i++) {
		S->known[v] = 1;
		S->val[v] = t->e[i].k;
		ok = e->kind == KE_INCDEC ? incdec_value(S, e, &m->e[i].k) : new_value(ck, S, e, &m->e[i].k);
		m->e[i].c = t->e[i].c;
	}
	S->known[v] = kn;
	S->val[v] = kv;
	return ok ? m : NULL;
}

/* `v = c ? merged : v` or `v = merged` setting the bytes e->u.assign.bytes of v (the
 * rest of v kept from before, whether set or not): those bytes are set on this path
 * when c holds here; when c is not known here, none is (a read needing them is refused). */
static void assign_bytes(Ck *ck, State *S, const KirExpr *e)
{
	int v = e->u.assign.lv.var, keep = ck->keep, b = ck->bytes[v];
	const KirExpr *val = e->u.assign.value;
	KirConst c;

	ck->keep = v;
	expr(ck, S, val);
	ck->keep = keep;
	S->ver[v] = ++ck->fresh;
	S->known[v] = 0;
	S->tab[v] = NULL;
	if (S->dead || b < 0 ||
	    (val->kind == KE_COND && (!eval(ck, S, val->u.cond.c, &c) || !frontend_const_is_true(c))))
		return;
	for (int i = 0; i < 8; i++)
		if (e->u.assign.bytes & (1u << i))
			S->cell[b + i] = cond_add(ck, S->cell[b + i], &S->prim);
}

static void assign(Ck *ck, State *S, const KirExpr *e)
{
	const KirLval *lv = &e->u.assign.lv;
	const Tab *t;
	KirConst c;
	int known;

	if (lv->var >= 0 && e->u.assign.bytes && e->u.assign.op == KB_NONE) {
		assign_bytes(ck, S, e);
		return;
	}
	if (lv->var < 0) {
		expr(ck, S, lv->index);
		if (e->u.assign.op != KB_NONE)
			read_elem(ck, S, lv->buffer, lv->index, e->loc);
		expr(ck, S, e->u.assign.value);
		set_elem(ck, S, lv->buffer, lv->index);
		return;
	}
	if (e->u.assign.op == KB_NONE && copy_var(ck, S, lv->var, e->u.assign.value))
		return;
	if (e->u.assign.op != KB_NONE)
		read_var(ck, S, lv->var, e->loc);
	expr(ck, S, e->u.assign.value);
	known = new_value(ck, S, e, &c);
	t = known || e->u.assign.op == KB_NONE ? NULL : tab_map(ck, S, lv->var, e);
	set_var(ck, S, lv->var, known ? &c : NULL);
	if (t)
		S->tab[lv->var] = t;
}

static void incdec(Ck *ck, State *S, const KirExpr *e)
{
	const KirLval *lv = &e->u.incdec.lv;
	const Tab *t;
	KirConst c;
	int known;

	if (lv->var < 0) {
		expr(ck, S, lv->index);
		read_elem(ck, S, lv->buffer, lv->index, e->loc);
		set_elem(ck, S, lv->buffer, lv->index);
		return;
	}
	read_var(ck, S, lv->var, e->loc);
	known = incdec_value(S, e, &c);
	t = known ? NULL : tab_map(ck, S, lv->var, e);
	set_var(ck, S, lv->var, known ? &c : NULL);
	if (t)
		S->tab[lv->var] = t;
}

/* c ? t : f, a && b, a || b: the lazy operands run on the path their condition gives. */
static void lazy(Ck *ck, State *S, const KirExpr *c, const KirExpr *t, const KirExpr *f, int neg)
{
	KirConst v;
	State *E;

	expr(ck, S, c);
	if (eval(ck, S, c, &v)) {
		const KirExpr *go = frontend_const_is_true(v) != neg ? t : f;
		if (go)
			expr(ck, S, go);
		return;
	}
	E = st_dup(ck, S);
	ck->budget -= ck->ncells / 64;
	take(ck, S, c, neg);
	expr(ck, S, t);
	if (f) {
		take(ck, E, c, !neg);
		expr(ck, E, f);
	}
	st_join(ck, S, E, 1);
	st_free(E);
}

static void expr(Ck *ck, State *S, const KirExpr *e)
{
	switch (e->kind) {
	case KE_VAR: read_var(ck, S, e->u.var, e->loc); break;
	case KE_UNARY: expr(ck, S, e->u.un.x); break;
	case KE_BINARY: expr(ck, S, e->u.bin.l); expr(ck, S, e->u.bin.r); break;
	case KE_LOGAND: lazy(ck, S, e->u.bin.l, e->u.bin.r, NULL, 0); break;
	case KE_LOGOR: lazy(ck, S, e->u.bin.l, e->u.bin.r, NULL, 1); break;
	case KE_COND: lazy(ck, S, e->u.cond.c, e->u.cond.t, e->u.cond.f, 0); break;
	case KE_CAST: case KE_BITCAST: expr(ck, S, e->u.x); break;
	case KE_LOAD:
		expr(ck, S, e->u.load.index);
		read_elem(ck, S, e->u.load.buffer, e->u.load.index, e->loc);
		break;
	case KE_ASSIGN: assign(ck, S, e); break;
	case KE_INCDEC: incdec(ck, S, e); break;
	case KE_COMMA: expr(ck, S, e->u.comma.l); expr(ck, S, e->u.comma.r); break;
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs; i++)
			expr(ck, S, e->u.math.args[i]);
		break;
	case KE_SHFL:
		expr(ck, S, e->u.shfl.mask);
		expr(ck, S, e->u.shfl.value);
		expr(ck, S, e->u.shfl.lane);
		break;
	case KE_VOTE:
		if (e->u.vote.mask)
			expr(ck, S, e->u.vote.mask);
		if (e->u.vote.pred)
			expr(ck, S, e->u.vote.pred);
		break;
	case KE_ATOMIC:
		expr(ck, S, e->u.atomic.index);
		for (int i = 0; i < e->u.atomic.nargs; i++)
			expr(ck, S, e->u.atomic.args[i]);
		read_elem(ck, S, e->u.atomic.buffer, e->u.atomic.index, e->loc);
		set_elem(ck, S, e->u.atomic.buffer, e->u.atomic.index);
		break;
	default: break;
	}
}

/* ---- statements ---- */

/* Marks in mod (nvars + nbufs counts) what s may change: variables it assigns or
 * declares (counted), buffers it stores to; a barrier lets other threads change shared
 * and global memory. */
static void mod_expr(const KirKernel *k, int *mod, const KirExpr *e);

static void mod_lval(const KirKernel *k, int *mod, const KirLval *lv)
{
	if (lv->var >= 0) {
		mod[lv->var]++;
	} else {
		mod[k->nvars + (size_t)lv->buffer] = 1;
		mod_expr(k, mod, lv->index);
	}
}

static void mod_expr(const KirKernel *k, int *mod, const KirExpr *e)
{
	if (!e)
		return;
	switch (e->kind) {
	case KE_UNARY: mod_expr(k, mod, e->u.un.x); break;
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR:
		mod_expr(k, mod, e->u.bin.l);
		mod_expr(k, mod, e->u.bin.r);
		break;
	case KE_COND:
		mod_expr(k, mod, e->u.cond.c);
		mod_expr(k, mod, e->u.cond.t);
		mod_expr(k, mod, e->u.cond.f);
		break;
	case KE_CAST: case KE_BITCAST: mod_expr(k, mod, e->u.x); break;
	case KE_LOAD: mod_expr(k, mod, e->u.load.index); break;
	case KE_ASSIGN:
		mod_lval(k, mod, &e->u.assign.lv);
		mod_expr(k, mod, e->u.assign.value);
		break;
	case KE_INCDEC:
		mod_lval(k, mod, &e->u.incdec.lv);
		break;
	case KE_COMMA: mod_expr(k, mod, e->u.comma.l); mod_expr(k, mod, e->u.comma.r); break;
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs; i++)
			mod_expr(k, mod, e->u.math.args[i]);
		break;
	case KE_SHFL:
		mod_expr(k, mod, e->u.shfl.mask);
		mod_expr(k, mod, e->u.shfl.value);
		mod_expr(k, mod, e->u.shfl.lane);
		break;
	case KE_VOTE: mod_expr(k, mod, e->u.vote.mask); mod_expr(k, mod, e->u.vote.pred); break;
	case KE_ATOMIC:
		mod[k->nvars + (size_t)e->u.atomic.buffer] = 1;
		mod_expr(k, mod, e->u.atomic.index);
		for (int i = 0; i < e->u.atomic.nargs; i++)
			mod_expr(k, mod, e->u.atomic.args[i]);
		break;
	default: break;
	}
}

static void mod_stmt(const KirKernel *k, int *mod, const KirStmt *s)
{
	if (!s)
		return;
	switch (s->kind) {
	case KS_BLOCK:
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			mod_stmt(k, mod, s->u.block.stmts[i]);
		break;
	case KS_DECL: mod[s->u.decl.var]++; mod_expr(k, mod, s->u.decl.init); break;
	case KS_EXPR: mod_expr(k, mod, s->u.expr); break;
	case KS_IF:
		mod_expr(k, mod, s->u.if_.cond);
		mod_stmt(k, mod, s->u.if_.then);
		mod_stmt(k, mod, s->u.if_.els);
		break;
	case KS_FOR:
		mod_stmt(k, mod, s->u.for_.init);
		mod_expr(k, mod, s->u.for_.cond);
		mod_expr(k, mod, s->u.for_.step);
		mod_stmt(k, mod, s->u.for_.body);
		break;
	case KS_WHILE: case KS_DO:
		mod_expr(k, mod, s->u.loop.cond);
		mod_stmt(k, mod, s->u.loop.body);
		break;
	case KS_SYNC:
		if (s->u.sync.result >= 0)
			mod[s->u.sync.result]++;
		mod_expr(k, mod, s->u.sync.arg);
		for (size_t b = 0; b < k->nbufs; b++)
			if (k->bufs[b].space != KSP_LOCAL)
				mod[k->nvars + b] = 1;
		break;
	default: break;
	}
}

/* Everything in mod gets a new version and an unknown value (but a variable in keep
 * keeps its table). */
static void renew(Ck *ck, State *S, const int *mod, const unsigned char *keep)
{
	for (size_t i = 0; i < ck->k->nvars + ck->k->nbufs; i++)
		if (mod[i]) {
			S->ver[i] = ++ck->fresh;
			if (i < ck->k->nvars) {
				S->known[i] = 0;
				if (!keep[i])
					S->tab[i] = NULL;
			}
		}
}

/* n statements that run straight to a break or return (no other way on). */
static int leaves(KirStmt *const *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i]->kind == KS_BREAK || s[i]->kind == KS_RETURN)
			return 1;
		if (s[i]->kind != KS_EXPR && s[i]->kind != KS_DECL)
			return 0;
	}
	return 0;
}

/* The assignments `v = ...` in a loop's body s (not in a loop inside it) that a break
 * or return follows in their block (`found = 1; at = i; break;`). */
static int sets_then_leave(const KirStmt *s, int v)
{
	int n = 0;

	if (!s)
		return 0;
	if (s->kind == KS_IF)
		return sets_then_leave(s->u.if_.then, v) + sets_then_leave(s->u.if_.els, v);
	if (s->kind != KS_BLOCK)
		return 0;
	for (size_t i = 0; i < s->u.block.nstmts; i++) {
		const KirStmt *x = s->u.block.stmts[i];
		if (x->kind == KS_EXPR && x->u.expr->kind == KE_ASSIGN && x->u.expr->u.assign.lv.var == v &&
		    leaves(s->u.block.stmts + i + 1, s->u.block.nstmts - i - 1))
			n++;
		else
			n += sets_then_leave(x, v);
	}
	return n;
}

/* keep: the variables with a table here that a loop changes only just before it leaves
 * (a found flag): their table at the loop's head is the one at its entry. */
static void keep_tables(Ck *ck, const State *S, const KirExpr *cond, const KirExpr *step,
                        const KirStmt *body, const int *mod, unsigned char *keep)
{
	size_t nv = ck->k->nvars;
	int *mb = NULL, *mc = NULL;

	for (size_t v = 0; v < nv; v++) {
		if (!mod[v] || !S->tab[v])
			continue;
		if (!mb) {
			mb = xcalloc(nv + ck->k->nbufs + 1, sizeof(int));
			mc = xcalloc(nv + ck->k->nbufs + 1, sizeof(int));
			mod_stmt(ck->k, mb, body);
			mod_expr(ck->k, mc, cond);
			mod_expr(ck->k, mc, step);
		}
		keep[v] = !mc[v] && mb[v] && mb[v] == sets_then_leave(body, (int)v);
	}
	free(mb);
	free(mc);
}

static void jump_mark(State *S, int atom)
{
	vec_insert(&S->prim, atom);
	vec_insert(&S->all, atom);
}

static void if_stmt(Ck *ck, State *S, const KirStmt *s)
{
	KirConst v;
	State *E;
	int jumps;

	expr(ck, S, s->u.if_.cond);
	if (eval(ck, S, s->u.if_.cond, &v)) {
		const KirStmt *go = frontend_const_is_true(v) ? s->u.if_.then : s->u.if_.els;
		if (go)
			stmt(ck, S, go);
		return;
	}
	E = st_dup(ck, S);
	ck->budget -= ck->ncells / 64;     /* a copy of every cell */
	jumps = ck->njumps;
	take(ck, S, s->u.if_.cond, 0);
	stmt(ck, S, s->u.if_.then);
	take(ck, E, s->u.if_.cond, 1);
	if (s->u.if_.els)
		stmt(ck, E, s->u.if_.els);
	if (ck->njumps != jumps && !S->dead && !E->dead) {
		/* some paths through an arm jumped away (`if (c) { if (d) break; }`): the
		 * join's common atoms no longer exclude them, so a new atom marks the paths
		 * that stayed, and what is set from here on is not taken as set on the paths
		 * that jumped when they meet again (a join with the break's target) */
		int stay = 2 * ck->natoms++;
		jump_mark(S, stay);
		jump_mark(E, stay);
	}
	st_join(ck, S, E, 1);
	st_free(E);
}

/* One iteration: the body, what `continue` leaves with, then the step. */
static void iteration(Ck *ck, State *S, const KirStmt *body, const KirExpr *step, Loop *L)
{
	ck->loop = L;
	stmt(ck, S, body);
	ck->loop = L->up;
	if (L->cont) {
		st_join(ck, S, L->cont, 1);
		st_free(L->cont);
		L->cont = NULL;
	}
	if (step && !S->dead)
		expr(ck, S, step);
}

/* The rest of a loop whose trip count is not known here: the body once from S (on the
 * path where cond held, unless it surely holds now), then everything it changes is
 * renewed. S becomes the state where cond fails (breaks are joined by the caller). */
static void loop_rest(Ck *ck, State *S, const KirStmt *s, const KirExpr *cond,
                      const KirExpr *step, const KirStmt *body, Loop *L, int sure)
{
	int *mod = xcalloc(ck->k->nvars + ck->k->nbufs + 1, sizeof(int));
	unsigned char *keep = xcalloc(ck->k->nvars + 1, 1);
	int forever = !cond || (cond->kind == KE_CONST && frontend_const_is_true(cond->u.c));
	State *out = NULL;

	mod_stmt(ck->k, mod, s);
	keep_tables(ck, S, cond, step, body, mod, keep);
	renew(ck, S, mod, keep);
	if (!forever) {
		out = st_dup(ck, S);
		take(ck, out, cond, 1);
		if (!sure)
			take(ck, S, cond, 0);
	}
	iteration(ck, S, body, step, L);
	if (forever)
		S->dead = 1;
	else if (!sure)
		st_join(ck, S, out, 1);
	else
		take(ck, S, cond, 1);        /* left after one or more iterations */
	if (!S->dead)
		renew(ck, S, mod, keep);
	st_free(out);
	free(mod);
	free(keep);
}

static void loop_stmt(Ck *ck, State *S, const KirStmt *s)
{
	int is_for = s->kind == KS_FOR;
	const KirExpr *cond = is_for ? s->u.for_.cond : s->u.loop.cond;
	const KirExpr *step = is_for ? s->u.for_.step : NULL;
	const KirStmt *body = is_for ? s->u.for_.body : s->u.loop.body;
	Loop L = {NULL, NULL, ck->loop};
	KirConst v;
	/* A loop walked iteration by iteration spends at most half of the budget it finds,
	 * so a long outer loop that runs out leaves the loops after it, and those in the
	 * body of its rest, enough to be walked by iteration too (HeCBench mcmd: 3-element
	 * arrays set by index inside a 3500-trip loop over atoms). */
	long stop_at = ck->budget / 2;

	if (is_for && s->u.for_.init)
		stmt(ck, S, s->u.for_.init);
	if (s->kind == KS_DO)
		iteration(ck, S, body, NULL, &L);
	while (!S->dead) {
		int known = !cond || eval(ck, S, cond, &v);
		int literal = !cond || cond->kind == KE_CONST;
		if (cond)
			expr(ck, S, cond);
		if (known && cond && !frontend_const_is_true(v))
			break;
		if (!known || literal || ck->budget <= stop_at) {
			loop_rest(ck, S, s, cond, step, body, &L, known);
			break;
		}
		iteration(ck, S, body, step, &L);
	}
	if (L.brk) {
		st_join(ck, S, L.brk, 1);
		st_free(L.brk);
	}
}

static void block(Ck *ck, State *S, const KirStmt *s)
{
	int label = s->u.block.label;

	for (size_t i = 0; i < s->u.block.nstmts && !S->dead; i++)
		stmt(ck, S, s->u.block.stmts[i]);
	if (label > 0 && ck->exits[label]) {
		st_join(ck, S, ck->exits[label], 1);
		st_free(ck->exits[label]);
		ck->exits[label] = NULL;
	}
}

static void sync_stmt(Ck *ck, State *S, const KirStmt *s)
{
	if (s->u.sync.arg)
		expr(ck, S, s->u.sync.arg);
	for (size_t b = 0; b < ck->k->nbufs; b++)
		if (ck->k->bufs[b].space != KSP_LOCAL)
			S->ver[ck->k->nvars + b] = ++ck->fresh;
	if (s->u.sync.result >= 0)
		set_var(ck, S, s->u.sync.result, NULL);
}

static void decl_stmt(Ck *ck, State *S, const KirStmt *s)
{
	int v = s->u.decl.var, known;
	KirConst c;

	if (!s->u.decl.init) {         /* a new object each time: indeterminate */
		S->cell[v] = NULL;
		for (int i = 0; ck->bytes[v] >= 0 && i < frontend_dtype_bytes(ck->k->vars[v].type); i++)
			S->cell[ck->bytes[v] + i] = NULL;
		S->ver[v] = ++ck->fresh;
		S->known[v] = 0;
		S->tab[v] = NULL;
		return;
	}
	if (copy_var(ck, S, v, s->u.decl.init))
		return;
	expr(ck, S, s->u.decl.init);
	known = eval(ck, S, s->u.decl.init, &c);
	if (known)
		c = frontend_const_convert(c, ck->k->vars[v].type);
	set_var(ck, S, v, known ? &c : NULL);
}

static void stmt(Ck *ck, State *S, const KirStmt *s)
{
	if (S->dead)
		return;
	ck->budget -= 1 + (long)S->prim.len / 32;   /* a statement's work grows with the path */
	switch (s->kind) {
	case KS_BLOCK: block(ck, S, s); break;
	case KS_DECL: decl_stmt(ck, S, s); break;
	case KS_EXPR: expr(ck, S, s->u.expr); break;
	case KS_IF: if_stmt(ck, S, s); break;
	case KS_FOR: case KS_WHILE: case KS_DO: loop_stmt(ck, S, s); break;
	case KS_BREAK: ASSERT(ck->loop); jump(ck, &ck->loop->brk, S); break;
	case KS_CONTINUE: ASSERT(ck->loop); jump(ck, &ck->loop->cont, S); break;
	case KS_EXIT:
		ASSERT(s->u.label > 0 && s->u.label <= ck->k->nlabels);
		jump(ck, &ck->exits[s->u.label], S);
		break;
	case KS_RETURN: S->dead = 1; break;
	case KS_SYNC: sync_stmt(ck, S, s); break;
	default: break;
	}
}

/* ---- entry ---- */

/* Cells: the variables, then each element of every local array that has no initial
 * values (an initialised one is set by stores at its declaration, seen as stores), then
 * each byte of every variable assigned a few bytes at a time. A local array has a fixed
 * positive count (decl.c refuses others). */
static void layout(Ck *ck)
{
	const KirKernel *k = ck->k;

	ck->ncells = (int)k->nvars;
	ck->base = xcalloc(k->nbufs + 1, sizeof(int));
	for (size_t b = 0; b < k->nbufs; b++) {
		const KirBuffer *kb = &k->bufs[b];
		int local = kb->space == KSP_LOCAL && !kb->init && !kb->is_extern;
		ck->base[b] = !local ? -1 : kb->count > ARRAY_CELLS_MAX ? -2 : ck->ncells;
		if (ck->base[b] >= 0)
			ck->ncells += (int)kb->count;
	}
	ck->bytes = xmalloc((k->nvars + 1) * sizeof(int));
	for (size_t v = 0; v < k->nvars; v++) {
		ck->bytes[v] = k->vars[v].partial ? ck->ncells : -1;
		if (k->vars[v].partial)
			ck->ncells += frontend_dtype_bytes(k->vars[v].type);
	}
}

static int check(const KirKernel *k, const int64_t grid[3], const int64_t block[3], unsigned char *refused,
                 DiagKind kind)
{
	Ck ck = {0};
	State *S;

	ck.k = k;
	ck.refused = refused;
	ck.kind = kind;
	frontend_launch_of(k, grid, block, ck.grid, ck.block);
	ck.a = arena_new();
	ck.atoms = map_create();
	ck.budget = UNROLL_BUDGET;
	ck.subst = -1;
	ck.keep = -1;
	ck.reported = xcalloc(k->nvars + k->nbufs + 1, 1);
	ck.origin = xmalloc((k->nvars + 1) * sizeof(int));
	for (size_t v = 0; v <= k->nvars; v++)
		ck.origin[v] = -1;
	ck.exits = xcalloc((size_t)k->nlabels + 1, sizeof(State *));
	layout(&ck);
	find_fixed(&ck);
	S = st_new(&ck);
	stmt(&ck, S, k->body);
	st_free(S);
	for (int i = 0; i <= k->nlabels; i++)
		st_free(ck.exits[i]);
	free(ck.exits);
	free(ck.reported);
	free(ck.origin);
	free(ck.base);
	free(ck.bytes);
	free(ck.fixed);
	sb_free(&ck.key);
	map_destroy(ck.atoms);
	VEC_FREE(ck.expand);
	VEC_FREE(ck.fact);
	arena_free(ck.a);
	return ck.errors;
}

int frontend_check_assigned(const KirKernel *k, const int64_t grid[3], const int64_t block[3])
{
	return check(k, grid, block, NULL, DIAG_ERROR);
}

void frontend_assigned_warn(const KirKernel *k, const int64_t grid[3], const int64_t block[3])
{
	check(k, grid, block, NULL, DIAG_WARNING);
}

int frontend_assigned_refused(const KirKernel *k, const int64_t grid[3], const int64_t block[3],
                              unsigned char *refused)
{
	return check(k, grid, block, refused, DIAG_ERROR);
}
