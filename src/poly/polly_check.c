/* polly_check.c: the Polly cross-check of the polyhedral facts (--polly-check; DESIGN.md,
 * "Polyhedral facts"; docs/polly.md). Consumes a LoopProgram; for each kernel:
 *   1. the isl facts: every phase body is walked with poly.h's primitives (quasi-affine
 *      values, guard sets, exact loop dimensions, access relations) into the set of
 *      elements read and written per global buffer over the launch, and whether two
 *      threads of one phase meet at one element (write-write, or write-read);
 *   2. Polly's view: the loopified C (loopify_print_c_polly) compiled by clang-22 with
 *      Polly in analysis-only mode, one JSCoP file per SCoP, read back with isl;
 *   3. the comparison: per buffer, the read and write sets must be equal (or the isl set
 *      a subset of Polly's, which over-approximates non-affine guards), and both sides
 *      must give the same write-write / read-write conflict verdicts.
 * A kernel neither side can model exactly is skipped with the reason. Produces one line
 * per kernel on stderr (`polly-check: NAME: agree|skipped: ...`); a disagreement prints
 * both sets and is an internal error (die), since one of the two analyses is wrong. */
#include "poly_int.h"
#include "loopify.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef C2H_CLANG
#define C2H_CLANG "clang-22"
#endif

/* ---- JSON: the subset Polly's JSCoP files use ---- */

typedef enum { J_NULL, J_NUM, J_STR, J_ARR, J_OBJ } JKind;

typedef struct Json Json;
struct Json {
	JKind kind;
	const char *s;           /* STR: the decoded text; NUM: the spelling */
	const char **keys;       /* OBJ */
	Json **items;            /* ARR, OBJ */
	size_t n;
};

typedef struct JParse {
	const char *p;
	Arena *a;
	int bad;
} JParse;

static void jws(JParse *j)
{
	while (*j->p == ' ' || *j->p == '\n' || *j->p == '\t' || *j->p == '\r')
		j->p++;
}

static const char *jstring(JParse *j)
{
	StrBuf b = {0};
	const char *s;
	j->p++;
	while (*j->p && *j->p != '"') {
		char c = *j->p++;
		if (c == '\\') {
			c = *j->p++;
			c = c == 'n' ? '\n' : c == 't' ? '\t' : c == 'r' ? '\r' : c;
			if (!c)
				break;
		}
		sb_putc(&b, c);
	}
	if (*j->p != '"')
		j->bad = 1;
	else
		j->p++;
	s = arena_strdup(j->a, sb_str(&b));
	sb_free(&b);
	return s;
}

static Json *jvalue(JParse *j);

/* Arrays and objects: items separated by commas up to `close`. */
static void jitems(JParse *j, Json *v, char close)
{
	VEC(Json *) items = {0};
	VEC(const char *) keys = {0};
	j->p++;
	jws(j);
	while (!j->bad && *j->p && *j->p != close) {
		if (v->kind == J_OBJ) {
			if (*j->p != '"') {
				j->bad = 1;
				break;
			}
			VEC_PUSH(keys, jstring(j));
			jws(j);
			if (*j->p++ != ':')
				j->bad = 1;
		}
		VEC_PUSH(items, jvalue(j));
		jws(j);
		if (*j->p == ',')
			j->p++, jws(j);
	}
	if (*j->p != close)
		j->bad = 1;
	else
		j->p++;
	v->n = items.len;
	v->items = ARENA_ARRAY(j->a, Json *, items.len + 1);
	memcpy(v->items, items.data, sizeof(Json *) * items.len);
	v->keys = ARENA_ARRAY(j->a, const char *, keys.len + 1);
	if (keys.len)
		memcpy(v->keys, keys.data, sizeof(char *) * keys.len);
	VEC_FREE(items);
	VEC_FREE(keys);
}

static Json *jvalue(JParse *j)
{
	Json *v = ARENA_NEW(j->a, Json);
	const char *start;
	jws(j);
	switch (*j->p) {
	case '"': v->kind = J_STR; v->s = jstring(j); break;
	case '[': v->kind = J_ARR; jitems(j, v, ']'); break;
	case '{': v->kind = J_OBJ; jitems(j, v, '}'); break;
	default:
		start = j->p;
		while (*j->p && !strchr(",]} \n\t\r", *j->p))
			j->p++;
		v->kind = j->p == start ? J_NULL : J_NUM;
		v->s = arena_strndup(j->a, start, (size_t)(j->p - start));
		j->bad |= j->p == start;
	}
	return v;
}

static const Json *jget(const Json *o, const char *key, JKind kind)
{
	for (size_t i = 0; o && o->kind == J_OBJ && i < o->n; i++)
		if (!strcmp(o->keys[i], key))
			return o->items[i]->kind == kind ? o->items[i] : NULL;
	return NULL;
}

/* ---- running clang-22 with Polly in analysis-only mode ---- */

/* The schedule optimizer is off (minutes on a guarded stencil), so are code generation
 * and the SCoP transformations that run before the export (operand-tree forwarding and
 * DeLICM cost seconds and rewrite scalar accesses into array accesses). */
static const char *const polly_flags[] = {
	C2H_CLANG, "-O1", "-fno-math-errno", "-fno-discard-value-names", "-S", "-emit-llvm",
	"-w", "-o", "k.ll",
	"-mllvm", "-polly", "-mllvm", "-polly-process-unprofitable",
	"-mllvm", "-polly-optimizer=none", "-mllvm", "-polly-position=early",
	"-mllvm", "-polly-use-llvm-names", "-mllvm", "-polly-code-generation=none",
	"-mllvm", "-polly-run-dce=false", "-mllvm", "-polly-enable-simplify=false",
	"-mllvm", "-polly-enable-optree=false", "-mllvm", "-polly-enable-delicm=false",
	"-mllvm", "-polly-export", "k.c", NULL
};

/* Runs clang in dir (stdout and stderr to dir/polly.log). 0 on success. */
static int run_clang(const char *dir)
{
	pid_t pid;
	int status;
	fflush(stderr);
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		if (chdir(dir) || !freopen("polly.log", "w", stdout) || dup2(1, 2) < 0)
			_exit(127);
		execvp(polly_flags[0], (char *const *)polly_flags);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Removes the files of dir (it has no subfolders) and dir. */
static void remove_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	StrBuf p = {0};
	while (d && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		sb_clear(&p);
		sb_printf(&p, "%s/%s", dir, e->d_name);
		remove(sb_str(&p));
	}
	if (d)
		closedir(d);
	rmdir(dir);
	sb_free(&p);
}

/* ---- the isl facts: a walk of each phase body ---- */

typedef struct Acc {
	int buffer, write, phase;
	PolyMap *map;
	SrcLoc loc;
} Acc;

typedef struct Walk {
	const LoopKernel *lk;
	const KirKernel *k;
	PolyCtx *c;
	Arena *a;                /* scratch KIR nodes */
	PolyExpr **env;          /* per variable: its value, NULL when unknown */
	PolySet **exited;        /* per block label: threads that left it, to rejoin */
	int depth;               /* open loop dimensions */
	int phase;
	const char *why;         /* first reason the facts are not exact, or NULL */
	VEC(Acc) acc;
} Walk;

static void give_up(Walk *w, const char *why)
{
	if (!w->why)
		w->why = why;
}

static const PolyExpr *lookup(void *env, int var, const char **why)
{
	Walk *w = env;
	(void)why;
	return w->env[var];
}

/* dom NULL: the threads are not known (under a condition that is not quasi-affine). */
static PolyExpr *value(Walk *w, const KirExpr *e, const PolySet *dom)
{
	const char *why;
	if (!dom || !frontend_dtype_is_int(e->type))
		return NULL;
	return poly_expr_from_kir(w->c, e, dom, lookup, w, &why);
}

static PolySet *cond(Walk *w, const KirExpr *e, const PolySet *dom)
{
	const char *why;
	PolySet *s = dom ? poly_set_from_cond(w->c, e, dom, lookup, w, &why) : NULL;
	return s ? poly_set_intersect(dom, s) : NULL;
}

static PolySet *minus(const PolySet *a, const PolySet *b)
{
	return a && b ? poly_set_subtract(a, b) : NULL;
}

static PolySet *join(const PolySet *a, const PolySet *b)
{
	return a && b ? poly_set_union(a, b) : NULL;
}

static void record(Walk *w, int b, const KirExpr *index, int write, const PolySet *dom, SrcLoc loc)
{
	PolyExpr *i;
	Acc a = {b, write, w->phase, NULL, loc};
	if (w->k->bufs[b].space != KSP_GLOBAL)
		return;        /* shared, local and constant arrays have no parameter name in C */
	if (!dom) {
		give_up(w, "an access under a condition that is not quasi-affine");
		return;
	}
	if (poly_set_is_empty(dom))
		return;
	i = value(w, index, dom);
	if (!i) {
		give_up(w, "an index is not quasi-affine");
		return;
	}
	a.map = poly_access(dom, &i, 1);
	VEC_PUSH(w->acc, a);
}

static KirExpr *var_ref(Walk *w, int v, SrcLoc loc)
{
	KirExpr *e = frontend_new_expr(w->a, KE_VAR, w->k->vars[v].type, loc);
	e->u.var = v;
	return e;
}

/* The value a variable gets from x = v, x op= v, ++x, x-- (on dom). */
static PolyExpr *assigned(Walk *w, const KirExpr *e, const PolySet *dom)
{
	KirExpr *x, *r;
	if (e->kind == KE_INCDEC) {
		int v = e->u.incdec.lv.var;
		r = frontend_new_binary(w->a, e->u.incdec.inc ? KB_ADD : KB_SUB, e->type,
		                        var_ref(w, v, e->loc), frontend_new_int(w->a, e->type, 1, e->loc),
		                        e->loc);
		return value(w, r, dom);
	}
	if (e->u.assign.op == KB_NONE)
		return value(w, e->u.assign.value, dom);
	x = frontend_new_cast(w->a, e->u.assign.optype, var_ref(w, e->u.assign.lv.var, e->loc), e->loc);
	r = frontend_new_binary(w->a, e->u.assign.op,
	                        e->u.assign.op >= KB_LT ? KT_I1 : e->u.assign.optype, x,
	                        e->u.assign.value, e->loc);
	return value(w, frontend_new_cast(w->a, e->type, r, e->loc), dom);
}

static void expr(Walk *w, const KirExpr *e, const PolySet *dom);

static void expr_lval(Walk *w, const KirExpr *e, const KirLval *lv, int reads, const PolySet *dom)
{
	if (lv->var >= 0) {
		w->env[lv->var] = frontend_dtype_is_int(w->k->vars[lv->var].type) ? assigned(w, e, dom) : NULL;
		return;
	}
	if (reads)
		record(w, lv->buffer, lv->index, 0, dom, e->loc);
	record(w, lv->buffer, lv->index, 1, dom, e->loc);
}

/* Evaluation order of C: operands, then the access; && || ?: restrict the threads. */
static void expr(Walk *w, const KirExpr *e, const PolySet *dom)
{
	KirExpr **kids[8];
	int n;
	switch (e->kind) {
	case KE_LOAD:
		expr(w, e->u.load.index, dom);
		record(w, e->u.load.buffer, e->u.load.index, 0, dom, e->loc);
		return;
	case KE_ASSIGN:
		if (e->u.assign.lv.var < 0)
			expr(w, e->u.assign.lv.index, dom);
		expr(w, e->u.assign.value, dom);
		expr_lval(w, e, &e->u.assign.lv, e->u.assign.op != KB_NONE, dom);
		return;
	case KE_INCDEC:
		if (e->u.incdec.lv.var < 0)
			expr(w, e->u.incdec.lv.index, dom);
		expr_lval(w, e, &e->u.incdec.lv, 1, dom);
		return;
	case KE_LOGAND: case KE_LOGOR: {
		PolySet *c;
		expr(w, e->u.bin.l, dom);
		c = cond(w, e->u.bin.l, dom);
		expr(w, e->u.bin.r, e->kind == KE_LOGAND ? c : minus(dom, c));
		return;
	}
	case KE_COND: {
		PolySet *c;
		expr(w, e->u.cond.c, dom);
		c = cond(w, e->u.cond.c, dom);
		expr(w, e->u.cond.t, c);
		expr(w, e->u.cond.f, minus(dom, c));
		return;
	}
	case KE_ATOMIC:
		give_up(w, "atomics (not races, but Polly sees plain read-modify-writes)");
		return;
	default:
		n = loopify_expr_kids((KirExpr *)e, kids);
		for (int i = 0; i < n; i++)
			expr(w, *kids[i], dom);
	}
}

static PolySet *stmt(Walk *w, const KirStmt *s, PolySet *dom);

static PolyExpr **env_save(Walk *w)
{
	PolyExpr **e = ARENA_ARRAY(w->a, PolyExpr *, w->k->nvars + 1);
	memcpy(e, w->env, sizeof(*e) * w->k->nvars);
	return e;
}

static void find_exit(void *ctx, KirStmt *s)
{
	*(int *)ctx |= s->kind == KS_EXIT || s->kind == KS_RETURN;
}

static int has_exit(const KirStmt *s)
{
	int found = 0;
	loopify_stmt_visit((KirStmt *)s, NULL, find_exit, &found);
	return found;
}

static PolySet *if_stmt(Walk *w, const KirStmt *s, PolySet *dom)
{
	PolySet *c, *lt, *lf;
	PolyExpr **before, **then_env;
	expr(w, s->u.if_.cond, dom);
	c = cond(w, s->u.if_.cond, dom);
	before = env_save(w);
	lt = stmt(w, s->u.if_.then, c);
	then_env = env_save(w);
	memcpy(w->env, before, sizeof(*before) * w->k->nvars);
	lf = minus(dom, c);
	if (s->u.if_.els)
		lf = stmt(w, s->u.if_.els, lf);
	for (size_t v = 0; v < w->k->nvars; v++)
		if (then_env[v] != w->env[v])
			w->env[v] = c && then_env[v] && w->env[v] ?
			            poly_expr_select(c, then_env[v], w->env[v]) : NULL;
	if (!c && !has_exit(s))
		return dom;    /* an unknown split, but every thread goes on */
	return join(lt, lf);
}

typedef struct Scan {
	int jumps;
	int assigns;             /* the loop variable */
	int var;
} Scan;

static void scan_stmt(void *ctx, KirStmt *s)
{
	Scan *sc = ctx;
	sc->jumps += s->kind == KS_BREAK || s->kind == KS_CONTINUE || s->kind == KS_EXIT ||
	             s->kind == KS_RETURN || s->kind == KS_SYNC;
}

static void scan_expr(void *ctx, KirExpr *e)
{
	Scan *sc = ctx;
	sc->assigns += (e->kind == KE_ASSIGN && e->u.assign.lv.var == sc->var) ||
	               (e->kind == KE_INCDEC && e->u.incdec.lv.var == sc->var);
}

static void forget_expr(void *ctx, KirExpr *e)
{
	Walk *w = ctx;
	if (e->kind == KE_ASSIGN && e->u.assign.lv.var >= 0)
		w->env[e->u.assign.lv.var] = NULL;
	if (e->kind == KE_INCDEC && e->u.incdec.lv.var >= 0)
		w->env[e->u.incdec.lv.var] = NULL;
}

static void forget_stmt(void *ctx, KirStmt *s)
{
	Walk *w = ctx;
	if (s->kind == KS_DECL)
		w->env[s->u.decl.var] = NULL;
}

/* The variable a for-loop init assigns (a DECL or an EXPR assignment), or -1. */
static int loop_var(const KirStmt *init)
{
	if (init && init->kind == KS_DECL && init->u.decl.init)
		return init->u.decl.var;
	if (init && init->kind == KS_EXPR && init->u.expr->kind == KE_ASSIGN &&
	    init->u.expr->u.assign.op == KB_NONE)
		return init->u.expr->u.assign.lv.var;
	return -1;
}

/* The constant step of v on the iterations in dom (v is the loop dimension there). */
static int loop_step(Walk *w, const KirExpr *step, int v, const PolySet *dom, int64_t *out)
{
	PolyExpr *l = w->env[v], *diff;
	if (!step || !(step->kind == KE_ASSIGN || step->kind == KE_INCDEC))
		return 0;
	if ((step->kind == KE_ASSIGN ? step->u.assign.lv.var : step->u.incdec.lv.var) != v)
		return 0;
	expr(w, step, dom);
	if (!w->env[v])
		return 0;
	diff = poly_wrap_expr(w->c, isl_pw_aff_intersect_domain(
		isl_pw_aff_sub(isl_pw_aff_copy(w->env[v]->pa), isl_pw_aff_copy(l->pa)),
		isl_set_copy(dom->s)));
	w->env[v] = l;
	return poly_expr_is_const(diff, out) && *out > 0;
}

/* for (v = lo; cond; v += step) with an affine lo and cond and a constant step > 0, a
 * body without jumps that leaves v alone: v becomes loop dimension `depth`, exactly. */
static PolySet *for_stmt(Walk *w, const KirStmt *s, PolySet *dom)
{
	int v = loop_var(s->u.for_.init), level = w->depth;
	Scan sc = {0, 0, v};
	PolyExpr *lo;
	PolySet *iter;
	int64_t step;
	if (s->u.for_.init)
		dom = stmt(w, s->u.for_.init, dom);
	loopify_stmt_visit(s->u.for_.body, scan_expr, scan_stmt, &sc);
	if (!dom || v < 0 || sc.jumps || sc.assigns || !s->u.for_.cond ||
	    level >= POLY_MAX_LOOPS || !(lo = w->env[v])) {
		give_up(w, "a loop that is not `for (v = affine; affine; v += constant)` without jumps");
		return dom;
	}
	/* the body's other assignments are unknown on entry (loop-carried) */
	loopify_stmt_visit(s->u.for_.body, forget_expr, forget_stmt, w);
	w->env[v] = poly_expr_dim(w->c, POLY_NLAUNCH + level);
	iter = cond(w, s->u.for_.cond, poly_set_open_loop(dom, level, lo, 1));
	if (!iter) {
		give_up(w, "a loop condition that is not quasi-affine");
		return dom;
	}
	if (!loop_step(w, s->u.for_.step, v, iter, &step)) {
		give_up(w, "a loop step that is not a positive constant");
		return dom;
	}
	iter = cond(w, s->u.for_.cond, poly_set_open_loop(dom, level, lo, step));
	if (!iter) {
		give_up(w, "a loop condition that is not quasi-affine");
		return dom;
	}
	w->depth++;
	expr(w, s->u.for_.cond, iter);
	stmt(w, s->u.for_.body, iter);
	w->depth--;
	loopify_stmt_visit(s->u.for_.body, forget_expr, forget_stmt, w);
	w->env[v] = NULL;
	return dom;
}

static PolySet *block_stmt(Walk *w, const KirStmt *s, PolySet *dom)
{
	int label = s->u.block.label;
	for (size_t i = 0; i < s->u.block.nstmts; i++)
		dom = stmt(w, s->u.block.stmts[i], dom);
	if (label > 0 && w->exited[label]) {       /* threads that left rejoin here */
		dom = join(dom, w->exited[label]);
		w->exited[label] = NULL;
		loopify_stmt_visit((KirStmt *)s, forget_expr, forget_stmt, w);
	}
	return dom;
}

/* Walks s on the threads dom; returns the threads still running after it. */
static PolySet *stmt(Walk *w, const KirStmt *s, PolySet *dom)
{
	switch (s->kind) {
	case KS_BLOCK: return block_stmt(w, s, dom);
	case KS_DECL:
		if (s->u.decl.init) {
			expr(w, s->u.decl.init, dom);
			w->env[s->u.decl.var] = value(w, s->u.decl.init, dom);
		} else {
			w->env[s->u.decl.var] = NULL;
		}
		return dom;
	case KS_EXPR: expr(w, s->u.expr, dom); return dom;
	case KS_IF: return if_stmt(w, s, dom);
	case KS_FOR: return for_stmt(w, s, dom);
	case KS_EXIT:
		if (!dom)
			give_up(w, "an exit under a condition that is not quasi-affine");
		w->exited[s->u.label] = w->exited[s->u.label] ? join(w->exited[s->u.label], dom) : dom;
		return minus(dom, dom);
	case KS_RETURN:
		if (!dom)
			give_up(w, "a return under a condition that is not quasi-affine");
		return minus(dom, dom);
	default:
		give_up(w, "a while/do loop, break or continue");
		return dom;
	}
}

/* The facts of every phase; w->why says why they are not exact. */
static void walk_kernel(Walk *w)
{
	const LoopNode *root = w->lk->root;
	for (size_t i = 0; i < root->u.seq.nnodes && !w->why; i++) {
		const LoopNode *n = root->u.seq.nodes[i];
		if (n->kind != LN_PHASE || n->u.phase.in_blocks || n->u.phase.skip_exited) {
			give_up(w, "control flow between the phases");
			break;
		}
		w->phase = n->u.phase.id;
		stmt(w, n->u.phase.body, poly_launch_box(w->c));
	}
	if (w->lk->nphases != 1)
		give_up(w, "several phases (Polly's SCoPs are not split at phase boundaries yet)");
}

/* ---- Polly's side: accesses of the JSCoP statements ---- */

typedef struct PAcc {
	int buffer, write;
	isl_map *map;            /* launch point [bz..tx] -> [element] */
} PAcc;

typedef struct Polly {
	isl_ctx *ctx;
	isl_set *context;        /* universe when none */
	VEC(PAcc) acc;
	const char *why;
} Polly;

static int type_bytes(const char *t)
{
	if (!strcmp(t, "float"))
		return 4;
	if (!strcmp(t, "double"))
		return 8;
	if (!strcmp(t, "half"))
		return 2;
	return t[0] == 'i' ? (atoi(t + 1) + 7) / 8 : 0;
}

/* The global buffer of a Polly array "MemRef_NAME", or -1. */
static int array_buffer(const KirKernel *k, const char *array)
{
	if (strncmp(array, "MemRef_", 7))
		return -1;
	for (size_t i = 0; i < k->nbufs; i++)
		if (k->bufs[i].space == KSP_GLOBAL && !strcmp(k->bufs[i].name, array + 7))
			return (int)i;
	return -1;
}

/* { A[i0, ..., in] -> [flat] } for constant inner sizes, NULL for parametric ones. */
static isl_map *flatten(isl_ctx *ctx, const Json *arr, const char *name)
{
	const Json *sizes = jget(arr, "sizes", J_ARR);
	StrBuf b = {0}, f = {0};
	isl_map *m;
	size_t n = sizes ? sizes->n : 1;
	sb_printf(&b, "{ %s[", name);
	for (size_t i = 0; i < n; i++) {
		const char *sz = sizes ? sizes->items[i]->s : "*";
		sb_printf(&b, "%si%zu", i ? ", " : "", i);
		if (i && (!sz || !strchr("0123456789", sz[0]))) {
			sb_free(&b);
			sb_free(&f);
			return NULL;
		}
		if (i == 0)
			sb_printf(&f, "i0");
		else {
			StrBuf g = {0};
			sb_printf(&g, "(%s)*%s + i%zu", sb_str(&f), sz, i);
			sb_clear(&f);
			sb_append(&f, sb_str(&g));
			sb_free(&g);
		}
	}
	sb_printf(&b, "] -> [%s] }", sb_str(&f));
	m = isl_map_read_from_str(ctx, sb_str(&b));
	sb_free(&b);
	sb_free(&f);
	return m;
}

static const Json *find_array(const Json *scop, const char *name)
{
	const Json *arrays = jget(scop, "arrays", J_ARR);
	for (size_t i = 0; arrays && i < arrays->n; i++) {
		const Json *n = jget(arrays->items[i], "name", J_STR);
		if (n && !strcmp(n->s, name))
			return arrays->items[i];
	}
	return NULL;
}

/* The access relation restricted to its statement's domain, over the launch point. */
static void polly_access(Polly *p, const KirKernel *k, const Json *scop, isl_set *dom,
                         const Json *a)
{
	const Json *kind = jget(a, "kind", J_STR), *rel = jget(a, "relation", J_STR), *arr;
	isl_map *m, *fl;
	const char *name;
	PAcc pa;
	int b;
	if (!kind || !rel || !(m = isl_map_read_from_str(p->ctx, rel->s))) {
		p->why = p->why ? p->why : "an unreadable JSCoP access";
		return;
	}
	name = isl_map_get_tuple_name(m, isl_dim_out);
	b = name ? array_buffer(k, name) : -1;
	if (b < 0 || isl_map_dim(m, isl_dim_out) == 0) {
		isl_map_free(m);       /* a scalar or an array with no parameter name */
		return;
	}
	arr = find_array(scop, name);
	if (!arr || !jget(arr, "type", J_STR) ||
	    type_bytes(jget(arr, "type", J_STR)->s) != frontend_dtype_bytes(k->bufs[b].elem) ||
	    !(fl = flatten(p->ctx, arr, name))) {
		p->why = p->why ? p->why : "a Polly array of another element type or parametric shape";
		isl_map_free(m);
		return;
	}
	m = isl_map_apply_range(isl_map_intersect_domain(m, isl_set_copy(dom)), fl);
	if (isl_map_dim(m, isl_dim_in) < POLY_NLAUNCH) {
		p->why = p->why ? p->why : "a SCoP that does not contain the launch loops";
		isl_map_free(m);
		return;
	}
	m = isl_map_project_out(m, isl_dim_in, POLY_NLAUNCH,
	                        isl_map_dim(m, isl_dim_in) - POLY_NLAUNCH);
	pa.buffer = b;
	pa.write = !strcmp(kind->s, "write");
	pa.map = isl_map_reset_tuple_id(m, isl_dim_in);
	VEC_PUSH(p->acc, pa);
}

static void polly_scop(Polly *p, const KirKernel *k, const Json *scop)
{
	const Json *stmts = jget(scop, "statements", J_ARR), *ctx = jget(scop, "context", J_STR);
	if (ctx) {
		isl_set *c = isl_set_read_from_str(p->ctx, ctx->s);
		if (c)
			p->context = isl_set_intersect_params(p->context, c);
	}
	for (size_t i = 0; stmts && i < stmts->n; i++) {
		const Json *d = jget(stmts->items[i], "domain", J_STR);
		const Json *acc = jget(stmts->items[i], "accesses", J_ARR);
		isl_set *dom = d ? isl_set_read_from_str(p->ctx, d->s) : NULL;
		for (size_t j = 0; dom && acc && j < acc->n; j++)
			polly_access(p, k, scop, dom, acc->items[j]);
		isl_set_free(dom);
	}
}

/* Reads every dir/FUNC___*.jscop of the kernel's C function. Returns how many. */
static int polly_read(Polly *p, const LoopKernel *lk, const char *dir)
{
	const KirKernel *k = lk->k;
	DIR *d = opendir(dir);
	struct dirent *e;
	StrBuf prefix = {0}, path = {0};
	VEC(char *) names = {0};
	int n = 0;
	sb_printf(&prefix, "%s___", lk->c_name);
	while (d && (e = readdir(d))) {
		size_t len = strlen(e->d_name);
		if (!strncmp(e->d_name, sb_str(&prefix), prefix.len) && len > 6 &&
		    !strcmp(e->d_name + len - 6, ".jscop"))
			VEC_PUSH(names, xstrdup(e->d_name));
	}
	if (d)
		closedir(d);
	for (size_t i = 0; i < names.len; i++) {
		Arena *a = arena_new();
		char *text;
		sb_clear(&path);
		sb_printf(&path, "%s/%s", dir, names.data[i]);
		if ((text = file_read_all(sb_str(&path), NULL))) {
			JParse j = {text, a, 0};
			Json *scop = jvalue(&j);
			if (j.bad || scop->kind != J_OBJ)
				p->why = p->why ? p->why : "an unreadable JSCoP file";
			else
				polly_scop(p, k, scop), n++;
			free(text);
		}
		arena_free(a);
		free(names.data[i]);
	}
	VEC_FREE(names);
	sb_free(&prefix);
	sb_free(&path);
	return n;
}

/* ---- the comparison ---- */

/* Elements of buffer b read (write 0) or written (1) by the isl facts, as { [e] }. */
static isl_set *isl_elems(Walk *w, int b, int write)
{
	isl_set *s = isl_set_empty(isl_space_set_alloc(w->c->ctx, 0, 1));
	for (size_t i = 0; i < w->acc.len; i++)
		if (w->acc.data[i].buffer == b && w->acc.data[i].write == write)
			s = isl_set_union(s, isl_set_reset_tuple_id(isl_map_range(
				isl_map_copy(w->acc.data[i].map->m))));
	return isl_set_coalesce(s);
}

static isl_set *polly_elems(Polly *p, int b, int write)
{
	isl_set *s = isl_set_empty(isl_space_set_alloc(p->ctx, 0, 1));
	for (size_t i = 0; i < p->acc.len; i++)
		if (p->acc.data[i].buffer == b && p->acc.data[i].write == write)
			s = isl_set_union(s, isl_map_range(isl_map_copy(p->acc.data[i].map)));
	return isl_set_coalesce(isl_set_intersect_params(s, isl_set_copy(p->context)));
}

/* Do two different launch points of Polly's accesses meet at one element of b? */
static int polly_conflict(Polly *p, int b, int read_side)
{
	isl_map *wr = NULL, *other = NULL, *pairs;
	int found;
	for (size_t i = 0; i < p->acc.len; i++) {
		PAcc *a = &p->acc.data[i];
		if (a->buffer != b)
			continue;
		if (a->write)
			wr = wr ? isl_map_union(wr, isl_map_copy(a->map)) : isl_map_copy(a->map);
		if (a->write != read_side)
			other = other ? isl_map_union(other, isl_map_copy(a->map)) : isl_map_copy(a->map);
	}
	if (!wr || !other) {
		isl_map_free(wr);
		isl_map_free(other);
		return 0;
	}
	pairs = isl_map_apply_range(wr, isl_map_reverse(other));
	pairs = isl_map_subtract(pairs, isl_map_identity(isl_space_map_from_set(
		isl_space_domain(isl_map_get_space(pairs)))));
	pairs = isl_map_intersect_params(pairs, isl_set_copy(p->context));
	found = isl_map_is_empty(pairs) == isl_bool_false;
	isl_map_free(pairs);
	return found;
}

/* The same question on the isl facts (one phase only: walk_kernel requires it). */
static int isl_conflict(Walk *w, int b, int read_side)
{
	int64_t pa[POLY_NDIMS], pb[POLY_NDIMS];
	for (size_t i = 0; i < w->acc.len; i++)
		for (size_t j = 0; j < w->acc.len; j++) {
			Acc *x = &w->acc.data[i], *y = &w->acc.data[j];
			if (x->buffer == b && y->buffer == b && x->write && y->write != read_side &&
			    x->phase == y->phase && poly_maps_conflict(x->map, y->map, pa, pb))
				return 1;
		}
	return 0;
}

static void print_set(StrBuf *b, isl_set *s)
{
	char *t = isl_set_to_str(s);
	sb_append(b, t ? t : "(null)");
	free(t);
}

/* The points of a bounded set without parameters, sorted and distinct. isl's own
 * equality test on these projections (unions with existentials) took minutes on a 3-D
 * stencil; the corpus launches have at most a few 10^5 elements per buffer. */
typedef VEC(int64_t) Points;
#define MAX_POINTS (1 << 22)

static isl_stat add_point(isl_point *pt, void *user)
{
	Points *p = user;
	isl_val *v = isl_point_get_coordinate_val(pt, isl_dim_set, 0);
	isl_point_free(pt);
	if (p->len >= MAX_POINTS || !v || !isl_val_is_int(v)) {
		isl_val_free(v);
		return isl_stat_error;
	}
	VEC_PUSH(*p, isl_val_get_num_si(v));
	isl_val_free(v);
	return isl_stat_ok;
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

static int points(isl_set *s, Points *p)
{
	size_t n = 0;
	if (isl_set_dim(s, isl_dim_param) || isl_set_is_bounded(s) != isl_bool_true ||
	    isl_set_foreach_point(s, add_point, p) < 0)
		return 0;
	if (p->len)          /* qsort(NULL, 0, ...) is undefined (UBSan) */
		qsort(p->data, p->len, sizeof(int64_t), cmp_i64);
	for (size_t i = 0; i < p->len; i++)
		if (!n || p->data[n - 1] != p->data[i])
			p->data[n++] = p->data[i];
	p->len = n;
	return 1;
}

/* Is every point of a in b (sorted, distinct)? */
static int points_subset(const Points *a, const Points *b)
{
	size_t j = 0;
	for (size_t i = 0; i < a->len; i++) {
		while (j < b->len && b->data[j] < a->data[i])
			j++;
		if (j == b->len || b->data[j] != a->data[i])
			return 0;
	}
	return 1;
}

/* eq, sub: is mine equal to / a subset of polly's; counts when parameter-free. */
static void set_relation(isl_set *mine, isl_set *polly, int *eq, int *sub, long long *nm,
                         long long *np)
{
	Points a = {0}, b = {0};
	isl_set *m;
	if (points(mine, &a) && points(polly, &b)) {
		*sub = points_subset(&a, &b);
		*eq = *sub && a.len == b.len;
		*nm = (long long)a.len;
		*np = (long long)b.len;
	} else {
		m = isl_set_intersect_params(isl_set_copy(mine), isl_set_params(isl_set_copy(polly)));
		*eq = isl_set_is_equal(mine, polly) == isl_bool_true;
		*sub = isl_set_is_subset(m, polly) == isl_bool_true;
		*nm = *np = -1;
		isl_set_free(m);
	}
	VEC_FREE(a);
	VEC_FREE(b);
}

/* Compares one set into line ("r120" equal, "r120<=130" isl inside Polly's) or bad. */
static void compare_sets(isl_set *mine, isl_set *polly, const char *name, const char *what,
                         int verbose, StrBuf *line, StrBuf *detail, StrBuf *bad)
{
	int eq, sub;
	long long nm, np;
	if (isl_set_dim(mine, isl_dim_param) || isl_set_dim(polly, isl_dim_param)) {
		mine = isl_set_align_params(mine, isl_set_get_space(polly));
		polly = isl_set_align_params(polly, isl_set_get_space(mine));
	}
	set_relation(mine, polly, &eq, &sub, &nm, &np);
	if (eq)
		sb_printf(line, "%c%lld", what[0], nm);
	else if (sub)
		sb_printf(line, "%c%lld<=%lld", what[0], nm, np);
	if (!sub || verbose) {
		StrBuf *o = sub ? detail : bad;
		sb_printf(o, "  '%s' %s: isl ", name, what);
		print_set(o, mine);
		sb_append(o, "\n    Polly ");
		print_set(o, polly);
		sb_putc(o, '\n');
	}
	isl_set_free(mine);
	isl_set_free(polly);
}

/* One buffer: sets and verdicts into line (agreement) or bad (disagreement). */
static void compare_buffer(Walk *w, Polly *p, int b, int verbose, StrBuf *line,
                           StrBuf *detail, StrBuf *bad)
{
	const char *name = w->k->bufs[b].name;
	sb_printf(line, " %s:", name);
	compare_sets(isl_elems(w, b, 0), polly_elems(p, b, 0), name, "read", verbose, line, detail,
	             bad);
	sb_putc(line, ',');
	compare_sets(isl_elems(w, b, 1), polly_elems(p, b, 1), name, "written", verbose, line,
	             detail, bad);
	for (int read_side = 0; read_side < 2; read_side++) {
		int mine = isl_conflict(w, b, read_side), theirs = polly_conflict(p, b, read_side);
		if (mine != theirs)
			sb_printf(bad, "  '%s': isl says %s, Polly says %s, to a cross-thread %s conflict\n",
			          name, mine ? "yes" : "no", theirs ? "yes" : "no",
			          read_side ? "write-read" : "write-write");
		else if (mine)
			sb_printf(line, ",%s-conflict", read_side ? "RW" : "WW");
	}
}

/* Whether a buffer is accessed at all, on either side. */
static int used(const Walk *w, const Polly *p, int b)
{
	for (size_t i = 0; i < w->acc.len; i++)
		if (w->acc.data[i].buffer == b)
			return 1;
	for (size_t i = 0; i < p->acc.len; i++)
		if (p->acc.data[i].buffer == b)
			return 1;
	return 0;
}

static void check_kernel(const LoopKernel *lk, const char *dir, int clang_ok, int verbose)
{
	Walk w = {0};
	Polly p = {0};
	StrBuf line = {0}, detail = {0}, bad = {0};
	int g[3], bl[3];
	for (int i = 0; i < 3; i++) {
		g[i] = (int)lk->launch.grid[i];
		bl[i] = (int)lk->launch.block[i];
	}
	w.lk = lk;
	w.k = lk->k;
	w.c = poly_create(lk->k, g, bl);
	w.a = arena_new();
	w.env = xcalloc(lk->k->nvars + 1, sizeof(PolyExpr *));
	w.exited = xcalloc((size_t)lk->k->nlabels + 1, sizeof(PolySet *));
	walk_kernel(&w);
	p.ctx = w.c->ctx;
	p.context = isl_set_universe(isl_space_params_alloc(p.ctx, 0));
	if (!clang_ok)
		p.why = "clang-22 with Polly failed (-v keeps its log)";
	else if (!w.why && polly_read(&p, lk, dir) == 0)
		p.why = "Polly found no SCoP in the kernel";
	for (size_t b = 0; !w.why && !p.why && b < lk->k->nbufs; b++)
		if (lk->k->bufs[b].space == KSP_GLOBAL && used(&w, &p, (int)b))
			compare_buffer(&w, &p, (int)b, verbose, &line, &detail, &bad);
	if (w.why || p.why)
		fprintf(stderr, "polly-check: %s: skipped: %s\n", lk->name, w.why ? w.why : p.why);
	else if (bad.len)
		fprintf(stderr, "polly-check: %s: DISAGREE\n%s", lk->name, sb_str(&bad));
	else
		fprintf(stderr, "polly-check: %s: agree:%s\n%s", lk->name, sb_str(&line), sb_str(&detail));
	if (bad.len)
		die("polly-check: the isl facts and Polly disagree on kernel '%s'", lk->name);
	for (size_t i = 0; i < p.acc.len; i++)
		isl_map_free(p.acc.data[i].map);
	isl_set_free(p.context);
	VEC_FREE(p.acc);
	VEC_FREE(w.acc);
	free(w.env);
	free(w.exited);
	arena_free(w.a);
	poly_destroy(w.c);
	sb_free(&line);
	sb_free(&detail);
	sb_free(&bad);
}

int poly_polly_check(const Options *o, const LoopProgram *lp)
{
	char dir[] = "/tmp/cuda2hlo-polly-XXXXXX";
	StrBuf c = {0}, path = {0};
	FILE *f;
	int rc = -1;
	if (!mkdtemp(dir)) {
		fprintf(stderr, "polly-check: cannot make a temporary folder\n");
		return 1;
	}
	loopify_print_c_polly(&c, lp);
	sb_printf(&path, "%s/k.c", dir);
	if ((f = fopen(sb_str(&path), "w"))) {
		fwrite(sb_str(&c), 1, c.len, f);
		if (!fclose(f))
			rc = run_clang(dir);
	}
	if (o && o->verbose)
		fprintf(stderr, "polly-check: %s exited with %d; k.c, polly.log and the JSCoP files "
		        "are kept in %s\n", C2H_CLANG, rc, dir);
	for (size_t i = 0; i < lp->nkernels; i++)
		check_kernel(&lp->kernels[i], dir, rc == 0, o && o->verbose);
	if (!(o && o->verbose))
		remove_dir(dir);
	sb_free(&c);
	sb_free(&path);
	return rc ? 1 : 0;
}
