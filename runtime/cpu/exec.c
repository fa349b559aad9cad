/* exec.c: the cpu backend's executor and its BackendOps entries (cpu.h, "exec.c").
 *
 * Consumes the CpuProgram (plans) and compiled fusions of a module, and the entry's
 * argument values; produces the result values. A function call gets an environment of
 * one RtValue per value id, exactly as the interpreter's (runtime.h), so any op the
 * compiler skips runs through the interpreter's per-op entries (interp_elementwise,
 * interp_shape_op, interp_reduce_op) on the same slots. While loops are driven here:
 * the cond and body blocks are plans of their own, whose fusions are compiled like the
 * entry's. Large loop nests are split across the session's thread pool along their
 * split dimension. Buffers of 64 KiB and more come from the backend's pool: it keeps a
 * reference to every one it made and hands one out again once every other holder
 * released it (the smallest idle one with room, at most a quarter larger than asked),
 * so the steps of a while loop and repeated runs (--bench) write into memory that is
 * already mapped instead of faulting in fresh pages; the pool grows to about the
 * largest set of such buffers live at once and is freed with the backend, or when the
 * caller trims the session (c2h_session_trim: the idle ones only, and the program's
 * large constants, which their steps make again). A scatter
 * or dynamic_update_slice whose operand dies at that step, with no other holder, updates
 * the operand's storage in place (while loops drop their blocks' slots after each
 * iteration so carried buffers qualify; otherwise the operand is copied into a new
 * buffer first, and the nest writes the update box), and a reduce to one element runs as partials
 * on every thread combined in row order with the init value. A concatenate whose operand
 * 0 is a prefix of its memory, dies there, has no other holder and a buffer with room for
 * the result (a prefix slice shares its operand's larger buffer: the SIMT store form
 * slice(scatter(concatenate(x, c))) in a loop) writes its other operands only, in place. */
#include "cpu.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { BIG_BYTES = 1 << 16, PAR_WORK = 1 << 15 };

typedef struct CpuState {
	CpuProgram *prog;
	CpuJit *jit;
	CpuPool *pool;
	VEC(RtBuf *) bufs;         /* every buffer of BIG_BYTES and more made here */
	size_t pool_bytes;
	Interp it;                 /* per run: fallback ops and error messages */
	int profile;               /* CUDA2HLO_CPU_PROFILE: time every step */
	BackendStats *stats;       /* the Backend's: updates in place, bytes copied for updates */
	VEC(const CpuStep *) prof_steps;
	VEC(double) prof_secs;
} CpuState;

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void profile_add(CpuState *st, const CpuStep *s, double secs)
{
	for (size_t i = 0; i < st->prof_steps.len; i++)
		if (st->prof_steps.data[i] == s) {
			st->prof_secs.data[i] += secs;
			return;
		}
	VEC_PUSH(st->prof_steps, s);
	VEC_PUSH(st->prof_secs, secs);
}

/* Per step: total seconds over all runs, on stderr at backend destruction. */
static void profile_print(CpuState *st)
{
	static const char *kinds[] = {"fusion", "alias", "same", "const", "dot", "while", "if", "case", "call", "interp"};
	for (size_t i = 0; i < st->prof_steps.len; i++) {
		const CpuStep *s = st->prof_steps.data[i];
		fprintf(stderr, "cpu profile: %9.3f ms  %s %s line %d\n", 1e3 * st->prof_secs.data[i], kinds[s->kind],
		        tir_op_short_name(s->op->kind), s->op->loc.line);
	}
	fprintf(stderr, "cpu profile: %lld updates in place, %lld bytes copied for updates\n",
	        (long long)st->stats->in_place, (long long)st->stats->bytes_copied);
	fprintf(stderr, "cpu profile: buffer pool: %zu buffers, %zu bytes\n", st->bufs.len, st->pool_bytes);
	VEC_FREE(st->prof_steps);
	VEC_FREE(st->prof_secs);
}

static int run_func(CpuState *st, const TFunc *f, const RtValue *args, const uint8_t *owned, RtValue *results);
static int run_plan(CpuState *st, const CpuPlan *p, RtValue *env, RtValue *outs, int nouts);

/* ---- buffers ---- */

/* A buffer the pool holds that nobody else does, with room for n bytes and at most a
 * quarter more: the smallest such (so a large idle buffer is kept for a large value). */
static RtBuf *idle_fit(const CpuState *st, size_t n)
{
	RtBuf *best = NULL;
	for (size_t i = 0; i < st->bufs.len; i++) {
		RtBuf *b = st->bufs.data[i];
		if (b->refs == 1 && b->cap >= n && b->cap - n <= n / 4 && (!best || b->cap < best->cap))
			best = b;
	}
	return best;
}

static RtValue alloc_tensor(CpuState *st, const TType *t)
{
	size_t n = (size_t)tir_type_bytes(t);
	if (n < BIG_BYTES)
		return rt_tensor_new(&st->it.pool, t);
	RtValue v = {0};
	v.type = *t;
	v.buf = idle_fit(st, n);
	if (v.buf) {
		v.buf->refs++;
		return v;
	}
	v = rt_tensor_new(NULL, t);
	v.buf->refs++;   /* the pool's reference */
	VEC_PUSH(st->bufs, v.buf);
	st->pool_bytes += v.buf->cap;
	return v;
}

/* Releases a value that dies. A large buffer that only it holds and that the pool does
 * not know (a donated argument: under cudart a kernel's output buffer, which the run
 * overwrites and returns; an interpreted op's result) joins the pool instead of being
 * freed, unless an idle pool buffer of about its size is there already: the next
 * allocation of its size takes it (idle_fit) instead of mapping and faulting in fresh
 * pages, which cost concat's 200 MB output as much as computing it, per launch. */
static void drop_value(CpuState *st, RtValue *v)
{
	RtBuf *b = v->buf;
	if (b && b->cap >= BIG_BYTES && b->refs == 1 && !idle_fit(st, b->cap - b->cap / 5)) {
		int known = 0;
		for (size_t i = 0; i < st->bufs.len && !known; i++)
			known = st->bufs.data[i] == b;
		if (!known) {
			VEC_PUSH(st->bufs, b);   /* the slot's reference becomes the pool's */
			st->pool_bytes += b->cap;
			memset(v, 0, sizeof *v);
			return;
		}
	}
	rt_value_release(&st->it.pool, v);
}

static void set_slot(CpuState *st, RtValue *env, int id, RtValue v)
{
	rt_value_release(&st->it.pool, &env[id]);
	env[id] = v;
}

static int fail(CpuState *st, const TOp *op, const char *fmt, const char *arg)
{
	return interp_fail(&st->it, op, fmt, arg);
}

/* ---- steps ---- */

typedef struct FusionTask {
	CpuKernelFn fn;
	void **bufs;
	int64_t from;      /* the split range starts here (a concatenate's tail) */
} FusionTask;

static void fusion_task(void *ctx, int64_t lo, int64_t hi)
{
	FusionTask *t = ctx;
	t->fn(t->bufs, t->from + lo, t->from + hi);
}

/* Does only env's slot hold b (besides the buffer pool)? */
static int sole_holder(const CpuState *st, const RtBuf *b)
{
	int64_t mine = 0;
	for (size_t i = 0; i < st->bufs.len && !mine; i++)
		mine = st->bufs.data[i] == b;
	return b->refs == 1 + mine;
}

/* The storage of the step's operand 0 when it dies at this step, nothing else holds it
 * and the fusion's other operands never read it: then the op updates it in place (XLA's
 * in-place scatter and dynamic_update_slice). The slot is emptied, not released. */
static int take_operand(CpuState *st, const CpuStep *s, RtValue *env, RtValue *out)
{
	int x = s->fusion->inplace, dies = 0;
	if (x < 0)
		return 0;
	RtValue *src = &env[x];
	for (int k = 0; k < s->nrelease; k++)
		dies |= s->release[k] == x;
	if (!dies || !src->buf || !src->buf->cap || !sole_holder(st, src->buf))   /* cap 0: borrowed */
		return 0;
	*out = *src;
	memset(src, 0, sizeof *src);
	out->type = *tir_value_type(s->fusion->f, s->fusion->root);
	st->stats->in_place++;
	return 1;
}

/* A new buffer of fusion fu's root type holding src's elements (same layout). */
static RtValue copy_of(CpuState *st, const CpuFusion *fu, const RtValue *src)
{
	RtValue v = alloc_tensor(st, tir_value_type(fu->f, fu->root));
	memcpy(rt_data(&v), rt_data(src), (size_t)tir_type_bytes(&v.type));
	st->stats->bytes_copied += tir_type_bytes(&v.type);
	return v;
}

/* A scatter's output starts as its operand: taken over, else a copy. */
static RtValue scatter_output(CpuState *st, const CpuStep *s, RtValue *env)
{
	RtValue v;
	if (take_operand(st, s, env, &v))
		return v;
	return copy_of(st, s->fusion, &env[s->op->operands[0]]);
}

typedef struct PartialTask {
	CpuKernelFn fn;
	void **bufs;
	uint8_t *starts;   /* starts[lo] = 1: a partial sits at lo */
} PartialTask;

static void partial_task(void *ctx, int64_t lo, int64_t hi)
{
	PartialTask *t = ctx;
	t->fn(t->bufs, lo, hi);
	t->starts[lo] = 1;
}

/* A reduce to one element: partials over row ranges in parallel, then init and the
 * partials combined in row order (interp_binary_kernel: the interpreter's semantics). */
static void run_partial(CpuState *st, const CpuFusion *fu, const TOp *op, void **bufs, RtValue *env, RtValue *out)
{
	DType t = out->type.dt;
	size_t esz = (size_t)dtype_size(t);
	int64_t n = fu->split_extent;
	unsigned char *parts = xmalloc(esz * (size_t)n);
	PartialTask pt = {fu->fn, bufs, xcalloc((size_t)n, 1)};
	bufs[0] = parts;
	int64_t per = tir_type_numel(tir_value_type(fu->f, op->operands[0])) / n;
	cpu_pool_run(st->pool, n, (PAR_WORK / 4) / (per ? per : 1), partial_task, &pt);
	TOpKind k = (TOpKind)cpu_reduce_combiner(op);
	memcpy(rt_data(out), rt_data(&env[op->operands[1]]), esz);
	for (int64_t lo = 0; lo < n; lo++)
		if (pt.starts[lo])
			interp_binary_kernel(k, t, rt_data(out), parts + (size_t)lo * esz, rt_data(out), 1);
	free(pt.starts);
	free(parts);
}

static int run_fusion(CpuState *st, const CpuStep *s, RtValue *env)
{
	const CpuFusion *fu = s->fusion;
	const TOp *op = s->op;
	void *small[16];
	void **bufs = fu->ninputs < 14 ? small : xmalloc(sizeof(void *) * (size_t)(fu->ninputs + 2));
	for (int i = 0; i < fu->ninputs; i++) {
		bufs[i + 1] = rt_data(&env[fu->inputs[i]]);
		if (!bufs[i + 1]) {
			if (bufs != small)
				free(bufs);
			return fail(st, op, "'%s': an operand is not computed", tir_op_name(op->kind));
		}
	}
	RtValue out;
	int64_t from = 0;
	bufs[fu->ninputs + 1] = NULL;
	if (fu->tail >= 0 && env[fu->inplace].buf &&
	    env[fu->inplace].buf->cap >= (size_t)tir_type_bytes(tir_value_type(fu->f, fu->root)) &&
	    take_operand(st, s, env, &out))
		from = fu->tail;   /* operand 0 is in place: only the other operands are written */
	else if (op->kind == TOP_SCATTER)
		out = scatter_output(st, s, env);
	else if (op->kind == TOP_DYNAMIC_UPDATE_SLICE && take_operand(st, s, env, &out))
		bufs[fu->ninputs + 1] = rt_data(&out);   /* in place: the kernel writes the box only */
	else if (fu->base >= 0)
		out = copy_of(st, fu, &env[fu->base]);   /* the kernel writes the box only */
	else
		out = alloc_tensor(st, tir_value_type(fu->f, fu->root));
	bufs[0] = rt_data(&out);
	FusionTask t = {fu->fn, bufs, from};
	if (fu->partial) {
		run_partial(st, fu, op, bufs, env, &out);
		if (bufs != small)
			free(bufs);
		set_slot(st, env, fu->root, out);
		return 0;
	}
	int64_t work = fu->numel * (fu->nops < 8 ? fu->nops : 8);
	int64_t per = fu->numel / (fu->split_extent ? fu->split_extent : 1);   /* elements per step of the split dim */
	work = work / (fu->split_extent ? fu->split_extent : 1) * (fu->split_extent - from);
	if (work >= PAR_WORK && fu->split_extent - from > 1) {
		int64_t grain = (PAR_WORK / 4) / (per ? per : 1);
		cpu_pool_run(st->pool, fu->split_extent - from, grain, fusion_task, &t);
	} else {
		fu->fn(bufs, from, fu->split_extent);
	}
	if (bufs != small)
		free(bufs);
	set_slot(st, env, fu->root, out);
	return 0;
}

static int run_dot(CpuState *st, const TFunc *f, const TOp *op, RtValue *env)
{
	if (!cpu_dot_supported(f, op))
		return interp_reduce_op(&st->it, f, env, op);
	RtValue out = alloc_tensor(st, tir_value_type(f, op->results[0]));
	cpu_dot_run(st->pool, f, op, rt_data(&env[op->operands[0]]), rt_data(&env[op->operands[1]]), rt_data(&out));
	set_slot(st, env, op->results[0], out);
	return 0;
}

/* The interpreter's dispatch for one op (interp.c eval_op, less control flow). */
static int run_interp(CpuState *st, const TFunc *f, const TOp *op, RtValue *env)
{
	switch (op->kind) {
	case TOP_REDUCE: case TOP_REDUCE_WINDOW: case TOP_SELECT_AND_SCATTER: case TOP_MAP:
	case TOP_SORT: case TOP_DOT_GENERAL: case TOP_TRIANGULAR_SOLVE:
		return interp_reduce_op(&st->it, f, env, op);
	case TOP_SELECT: case TOP_CLAMP: case TOP_BITCAST_CONVERT:
		return interp_elementwise(&st->it, f, env, op);
	default:
		if (tir_op_flags(op->kind) & OF_EW)
			return interp_elementwise(&st->it, f, env, op);
		return interp_shape_op(&st->it, f, env, op);
	}
}

static void bind(CpuState *st, RtValue *env, const TBlock *b, const RtValue *vals)
{
	for (int i = 0; i < b->nargs; i++)
		set_slot(st, env, b->args[i], rt_value_ref(&vals[i]));
}

/* Drops what a loop block left in its slots (the values it returned, held by the loop
 * now), so a carried buffer has one holder and the next iteration may update it in place. */
static void drop_block_values(CpuState *st, RtValue *env, const TBlock *b)
{
	for (int i = 0; i < b->nops; i++)
		for (int k = 0; k < b->ops[i]->nresults; k++)
			rt_value_release(&st->it.pool, &env[b->ops[i]->results[k]]);
}

/* Does block b (at any depth) read value x of an enclosing block? */
static int block_reads(const TBlock *b, int x)
{
	for (int i = 0; i < b->nops; i++) {
		const TOp *o = b->ops[i];
		for (int k = 0; k < o->noperands; k++)
			if (o->operands[k] == x)
				return 1;
		for (int r = 0; r < o->nregions; r++)
			if (block_reads(o->regions[r], x))
				return 1;
	}
	return 0;
}

/* Operand i of while step s moves into the loop (no reference left in env): it dies at
 * the loop, no later operand carries it too and the loop's blocks do not read it, so
 * the first iteration may update it in place (a donated argument carried by a loop). */
static int moves_in(const CpuStep *s, int i)
{
	const TOp *op = s->op;
	int x = op->operands[i], dies = 0;
	for (int k = 0; k < s->nrelease; k++)
		dies |= s->release[k] == x;
	for (int j = i + 1; j < op->noperands && dies; j++)
		dies = op->operands[j] != x;
	for (int r = 0; r < op->nregions && dies; r++)
		dies = !block_reads(op->regions[r], x);
	return dies;
}

static int run_while(CpuState *st, const CpuStep *s, RtValue *env)
{
	const TOp *op = s->op;
	int n = op->noperands, rc = 0;
	const CpuPlan *cond = s->subs[0], *body = s->subs[1];
	RtValue *cur = xcalloc((size_t)n + 1, sizeof(RtValue)), *next = xcalloc((size_t)n + 1, sizeof(RtValue));
	for (int i = 0; i < n; i++) {
		if (moves_in(s, i)) {
			cur[i] = env[op->operands[i]];
			memset(&env[op->operands[i]], 0, sizeof(RtValue));
		} else {
			cur[i] = rt_value_ref(&env[op->operands[i]]);
		}
	}
	for (int64_t iter = 0;; iter++) {
		RtValue pred = {0};
		bind(st, env, cond->b, cur);
		if ((rc = run_plan(st, cond, env, &pred, 1)) != 0)
			break;
		int go = ((const uint8_t *)rt_data(&pred))[0] != 0;
		rt_value_release(&st->it.pool, &pred);
		drop_block_values(st, env, cond->b);
		if (!go)
			break;
		if ((rc = interp_check_iterations(&st->it, op, iter)) != 0)
			break;
		bind(st, env, body->b, cur);
		for (int i = 0; i < n; i++)
			rt_value_release(&st->it.pool, &cur[i]);
		if ((rc = run_plan(st, body, env, next, n)) != 0)
			break;
		drop_block_values(st, env, body->b);
		memcpy(cur, next, sizeof(RtValue) * (size_t)n);
		memset(next, 0, sizeof(RtValue) * (size_t)n);
	}
	for (int r = 0; r < 2; r++)   /* drop the loop's hold on the carried values */
		for (int i = 0; i < s->subs[r]->b->nargs; i++)
			rt_value_release(&st->it.pool, &env[s->subs[r]->b->args[i]]);
	for (int i = 0; i < n; i++) {
		if (rc == 0)
			set_slot(st, env, op->results[i], cur[i]);
		else
			rt_value_release(&st->it.pool, &cur[i]);
	}
	free(cur);
	free(next);
	return rc;
}

static int run_branch(CpuState *st, const CpuStep *s, RtValue *env, int which)
{
	const TOp *op = s->op;
	int n = op->nresults;
	RtValue *outs = xcalloc((size_t)n + 1, sizeof(RtValue));
	int rc = run_plan(st, s->subs[which], env, outs, n);
	for (int i = 0; i < n; i++) {
		if (rc == 0)
			set_slot(st, env, op->results[i], outs[i]);
		else
			rt_value_release(&st->it.pool, &outs[i]);
	}
	free(outs);
	return rc;
}

static int run_call(CpuState *st, const TOp *op, RtValue *env)
{
	TAttr *a = tir_op_attr(op, "callee");
	const TFunc *callee = a ? tir_module_find_func(st->prog->m, a->u.s) : NULL;
	if (!callee || callee->nargs != op->noperands || callee->nresults != op->nresults)
		return fail(st, op, "'func.call': bad callee '%s'", a ? a->u.s : "?");
	RtValue *args = xcalloc((size_t)op->noperands + 1, sizeof(RtValue));
	RtValue *res = xcalloc((size_t)op->nresults + 1, sizeof(RtValue));
	for (int i = 0; i < op->noperands; i++)
		args[i] = env[op->operands[i]];
	int rc = run_func(st, callee, args, NULL, res);
	for (int i = 0; i < op->nresults && rc == 0; i++)
		set_slot(st, env, op->results[i], res[i]);
	free(args);
	free(res);
	return rc;
}

static int run_step(CpuState *st, const CpuPlan *p, const CpuStep *s, RtValue *env)
{
	const TOp *op = s->op;
	switch (s->kind) {
	case CS_FUSION: return run_fusion(st, s, env);
	case CS_ALIAS: {
		RtValue v = rt_value_ref(&env[op->operands[s->alias]]);
		v.type = *tir_value_type(p->f, op->results[0]);
		set_slot(st, env, op->results[0], v);
		return 0;
	}
	case CS_SAME: set_slot(st, env, op->results[0], rt_value_ref(&env[s->same])); return 0;
	case CS_CONST:
		if (!s->constant.buf)   /* dropped by a trim: made again (the plan is the session's) */
			((CpuStep *)s)->constant = cpu_constant_make(p->f, op);
		set_slot(st, env, op->results[0], rt_value_ref(&s->constant));
		return 0;
	case CS_DOT: return run_dot(st, p->f, op, env);
	case CS_WHILE: return run_while(st, s, env);
	case CS_IF: return run_branch(st, s, env, ((const uint8_t *)rt_data(&env[op->operands[0]]))[0] ? 0 : 1);
	case CS_CASE: {
		const RtValue *iv = &env[op->operands[0]];
		int64_t i = rt_get_i64(iv->type.dt, rt_data(iv), 0);
		return run_branch(st, s, env, i < 0 || i >= s->nsubs ? s->nsubs - 1 : (int)i);
	}
	case CS_CALL: return run_call(st, op, env);
	case CS_INTERP: return run_interp(st, p->f, op, env);
	}
	return fail(st, op, "'%s': unknown step", tir_op_name(op->kind));
}

static int run_plan(CpuState *st, const CpuPlan *p, RtValue *env, RtValue *outs, int nouts)
{
	for (int i = 0; i < p->nsteps; i++) {
		const CpuStep *s = &p->steps[i];
		double t0 = st->profile ? now_s() : 0;
		if (run_step(st, p, s, env) != 0)
			return -1;
		if (st->profile)
			profile_add(st, s, now_s() - t0);
		for (int k = 0; k < s->nrelease; k++)
			drop_value(st, &env[s->release[k]]);
	}
	if (!p->ret || p->ret->noperands != nouts)
		return interp_fail(&st->it, p->ret, "block of @%s returns %d values, %d expected", p->f->name,
		                   p->ret ? p->ret->noperands : 0, nouts);
	for (int k = 0; k < nouts; k++)
		outs[k] = rt_value_ref(&env[p->ret->operands[k]]);
	return 0;
}

/* owned: per argument, its reference is the call's (a donated entry argument): the
 * environment takes it over, so that an update of that value may run in place. */
static int run_func(CpuState *st, const TFunc *f, const RtValue *args, const uint8_t *owned, RtValue *results)
{
	const CpuPlan *p = cpu_program_plan(st->prog, f);
	if (!p || p->interpret) {
		int rc = interp_call(&st->it, f, args, results);
		for (int i = 0; owned && i < f->nargs; i++)
			if (owned[i])
				rt_value_release(NULL, (RtValue *)&args[i]);
		return rc;
	}
	/* the interpreter's bound on call depth, so a recursive module fails with a message
	 * instead of overflowing the stack */
	if (st->it.depth >= RT_MAX_CALL_DEPTH)
		return interp_fail(&st->it, NULL, "call depth exceeds %d (recursion?) in @%s",
		                   RT_MAX_CALL_DEPTH, f->name);
	RtValue *env = xcalloc((size_t)f->nvalues + 1, sizeof(RtValue));
	for (int i = 0; i < f->nargs; i++) {
		if (owned && owned[i]) {
			env[f->args[i].value] = args[i];
			memset((RtValue *)&args[i], 0, sizeof args[i]);
		} else {
			env[f->args[i].value] = rt_value_ref(&args[i]);
		}
	}
	st->it.depth++;
	int rc = run_plan(st, p, env, results, f->nresults);
	st->it.depth--;
	for (int i = 0; i < f->nvalues; i++)
		rt_value_release(&st->it.pool, &env[i]);
	free(env);
	return rc;
}

/* ---- BackendOps ---- */

int cpu_backend_create(Backend *b, const char *arg, char *msg, size_t msglen)
{
	int threads = 0;
	if (arg && (strncmp(arg, "threads=", 8) != 0 || (threads = atoi(arg + 8)) < 1)) {
		snprintf(msg, msglen, "backend 'cpu' takes no argument or threads=N (got 'cpu:%s')", arg);
		return -1;
	}
	CpuState *st = xcalloc(1, sizeof *st);
	b->state = st;
	st->prog = cpu_program_create(b->module);
	st->jit = cpu_jit_compile(st->prog, threads, msg, msglen);
	if (!st->jit)
		return -1;
	st->pool = cpu_pool_create(threads);
	st->profile = getenv("CUDA2HLO_CPU_PROFILE") != NULL;
	st->stats = &b->stats;
	b->stats.counted = 1;
	return 0;
}

int cpu_backend_run(Backend *b, const RtValue *args, RtValue *results, char *msg, size_t msglen)
{
	CpuState *st = b->state;
	interp_init(&st->it, b->module);
	st->it.max_iterations = b->max_iterations;
	int rc = run_func(st, b->entry, args, b->donated, results);
	if (rc != 0) {
		if (st->it.loc.file)
			snprintf(msg, msglen, "%s:%d:%d: error: %s", st->it.loc.file, st->it.loc.line, st->it.loc.col, st->it.msg);
		else
			snprintf(msg, msglen, "error: %s", st->it.msg);
	}
	interp_fini(&st->it);
	return rc;
}

void cpu_backend_disown(Backend *b, RtBuf *buf)
{
	CpuState *st = b->state;
	for (size_t i = 0; st && i < st->bufs.len; i++)
		if (st->bufs.data[i] == buf) {
			st->pool_bytes -= buf->cap;
			st->bufs.data[i] = st->bufs.data[--st->bufs.len];
			buf->refs--;   /* the pool's reference; the caller's stays */
			return;
		}
}

size_t cpu_backend_cached_bytes(const Backend *b)
{
	const CpuState *st = b->state;
	size_t n = 0;
	if (!st)
		return 0;
	for (size_t i = 0; i < st->bufs.len; i++)
		if (st->bufs.data[i]->refs == 1)   /* idle: only the pool holds it */
			n += st->bufs.data[i]->cap;
	return n + cpu_pool_scratch_bytes(st->pool) + cpu_program_constants(st->prog, BIG_BYTES, 0);
}

/* Frees the idle buffers only: one a result, a bound input or the caller still holds
 * (refs > 1) stays, and stays in the pool, which gets it back once they release it. */
void cpu_backend_trim(Backend *b)
{
	CpuState *st = b->state;
	size_t kept = 0;
	if (!st)
		return;
	for (size_t i = 0; i < st->bufs.len; i++) {
		RtBuf *buf = st->bufs.data[i];
		if (buf->refs != 1) {
			st->bufs.data[kept++] = buf;
			continue;
		}
		st->pool_bytes -= buf->cap;
		RtValue v = {0};
		v.buf = buf;
		rt_value_release(NULL, &v);
	}
	st->bufs.len = kept;
	cpu_pool_scratch_free(st->pool);
	cpu_program_constants(st->prog, BIG_BYTES, 1);
}

void cpu_backend_destroy(Backend *b)
{
	CpuState *st = b->state;
	if (!st)
		return;
	if (st->profile)
		profile_print(st);
	for (size_t i = 0; i < st->bufs.len; i++) {
		RtValue v = {0};
		v.buf = st->bufs.data[i];
		rt_value_release(NULL, &v);
	}
	VEC_FREE(st->bufs);
	cpu_pool_destroy(st->pool);
	cpu_jit_destroy(st->jit);
	cpu_program_destroy(st->prog);
	free(st);
}
