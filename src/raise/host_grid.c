/* host_grid.c: --entry --symbolic, a launch whose grid is computed at run time from the
 * host's runtime scalars (`sweep<<<(n + 127) / 128, 128>>>`, n a parameter of the entry);
 * the block stays static (docs/symbolic.md, "Grid from sizes"). The kernel is raised over a
 * static grid G (the most blocks its largest buffer can use: ceil(elements / blockDim.x))
 * with gridDim.x a symbol g, an input computed by the host code, and its body under
 * `if (blockIdx.x < g)` (raise_kernel_grid_param): blocks g..G-1 do nothing, exactly as on
 * the GPU where they do not exist, and the guard on a symbol keeps the raise dense (a mask
 * over its shadow). A shape assertion before the launch checks g <= G; a larger grid is
 * refused at run time with the message (it would need blocks the module does not have).
 * Only the x dimension may be computed at run time; a launch passed a buffer of symbolic
 * size has no static G and is refused (give --size). */
#include "host_int.h"

int host_launch_grid(Hr *h, const HostStmt *s, int64_t grid[3], HVal *g)
{
	HVal x = host_eval(h, s->u.launch.grid[0]);
	grid[1] = host_eval_const(h, s->u.launch.grid[1], "the launch grid");
	grid[2] = host_eval_const(h, s->u.launch.grid[2], "the launch grid");
	if (!x.dyn) {
		grid[0] = frontend_dtype_is_float(x.t) ? (int64_t)x.c.f : x.c.i;
		return 0;
	}
	if (!h->o->symbolic.len)       /* the usual error */
		host_eval_const(h, s->u.launch.grid[0], "the launch grid");
	*g = host_convert(h, x, KT_U32);
	grid[0] = 0;
	return 1;
}

int64_t host_grid_bound(Hr *h, const HostStmt *s, const KirKernel *kc, int64_t bx)
{
	int64_t most = 0;
	for (size_t i = 0; i < kc->nparams; i++) {
		const KirBuffer *b = kc->params[i].type == KT_PTR ? &kc->bufs[kc->params[i].buffer] : NULL;
		if (!b)
			continue;
		if (b->count <= 0)
			host_error(h, s->loc, "--symbolic: the grid of this launch of '%s' is computed at run "
			           "time, and '%s' has a symbolic size: no static bound on the grid (give "
			           "--size for the buffers it is passed, or a constant grid)", kc->name,
			           kc->params[i].name);
		if (b->count > most)
			most = b->count;
	}
	if (most == 0)
		host_error(h, s->loc, "--symbolic: the grid of this launch of '%s' is computed at run time, "
		           "and it is passed no buffer to bound it", kc->name);
	return (most + bx - 1) / bx;
}

void host_grid_assert(Hr *h, const HostStmt *s, const KirKernel *kc, HVal g, int64_t most, int64_t bx)
{
	int ops[2], bound;
	TOp *op;
	char *msg;
	ops[1] = host_mat(h, g);
	bound = host_mat(h, host_const((KirConst){KT_U32, most, 0}));
	ops[0] = tir_build_compare(&h->b, CMP_LE, ops[1], bound);
	msg = arena_printf(h->a, "--symbolic: the launch of '%s' at %d:%d has a grid computed at run "
	                   "time, raised for at most %lld blocks (its largest buffer over blocks of %lld "
	                   "threads): gridDim.x = {0}", kc->name, s->loc.line, s->loc.col,
	                   (long long)most, (long long)bx);
	op = tir_build_op(&h->b, TOP_CUSTOM_CALL, ops, 2);
	tir_op_set_string(h->f, op, "call_target_name", "shape_assertion");
	tir_op_set_string(h->f, op, "error_message", msg);
	tir_op_set_bool(h->f, op, "has_side_effect", 1);
}
