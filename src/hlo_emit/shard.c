/* shard.c: Shardy annotations for --mesh and --shard (docs/sharding.md).
 * Consumes a raised TModule and the checked --mesh / --shard text of the command line;
 * produces the same module with a device mesh (`sdy.mesh @mesh = <["x"=4]>`), a
 * `sdy.sharding` on every argument and result of @main that a --shard names, and a
 * `sdy.sharding` on each reshape that makes a multi-dimensional view of such a buffer.
 * Every other argument and result is marked replicated. Nothing else changes (but for
 * shard_dus.c's form of box updates): the annotations say how XLA should partition the program (it
 * inserts the halo exchanges itself); the bundled interp and cpu backends ignore them.
 *
 * A buffer is 1-D in the module's ABI, and a reshape of it to rank k is its k-D view
 * (raise makes one per access). SPEC gives an axis or _ per dimension of that view; the
 * 1-D argument and result carry the leading entry: the flat row-major buffer split into
 * contiguous blocks is the view split along its leading dimension. A view is recognised
 * by shape (a reshape of a 1-D value of the buffer's element count to rank k), so two
 * buffers of the same size must not be given different SPECs of the same rank. */
#include "hlo_emit.h"

#include <string.h>

#define SHARD_MESH "mesh"

/* <["x"=4, "y"=2]> from "x=4,y=2" (checked by options.c). */
static const char *mesh_axes(Arena *a, const char *mesh)
{
	StrBuf b = {0};
	sb_append(&b, "<[");
	for (const char *s = mesh; *s;) {
		const char *eq = strchr(s, '='), *end = strchr(s, ',');
		if (!end)
			end = s + strlen(s);
		sb_printf(&b, "%s\"%.*s\"=%.*s", s == mesh ? "" : ", ", (int)(eq - s), s,
		          (int)(end - eq - 1), eq + 1);
		s = *end ? end + 1 : end;
	}
	sb_append(&b, "]>");
	const char *r = arena_strdup(a, sb_str(&b));
	sb_free(&b);
	return r;
}

/* <@mesh, [{"y"}, {"x"}]> for the first `rank` entries of spec "y,x" (_ gives {}). */
static void dims_sharding(StrBuf *b, const char *spec, int rank)
{
	sb_printf(b, "<@%s, [", SHARD_MESH);
	const char *s = spec;
	for (int d = 0; d < rank; d++) {
		const char *end = strchr(s, ',');
		size_t n = end ? (size_t)(end - s) : strlen(s);
		if (n == 1 && s[0] == '_')
			sb_printf(b, "%s{}", d ? ", " : "");
		else
			sb_printf(b, "%s{\"%.*s\"}", d ? ", " : "", (int)n, s);
		s = end ? end + 1 : s + n;
	}
	sb_append(b, "]>");
}

static int spec_rank(const char *spec)
{
	int k = 1;
	for (; *spec; spec++)
		k += *spec == ',';
	return k;
}

static TAttr raw_attr(Arena *a, const char *name, const char *text)
{
	TAttr at;
	memset(&at, 0, sizeof at);
	at.kind = TA_RAW;
	at.name = name;
	at.u.s = arena_strdup(a, text);
	return at;
}

/* Sets sdy.sharding on every argument and result named `buf`; returns how many. */
static int shard_params(TFunc *f, const char *buf, const char *spec)
{
	StrBuf b = {0};
	int n = 0;

	sb_append(&b, "#sdy.sharding");
	dims_sharding(&b, spec, 1);
	for (int pass = 0; pass < 2; pass++) {
		TParam *ps = pass ? f->results : f->args;
		for (int i = 0; i < (pass ? f->nresults : f->nargs); i++) {
			TAttr *name = tir_param_attr(&ps[i], "cuda2hlo.param");
			if (!name || name->kind != TA_STRING || strcmp(name->u.s, buf) || ps[i].type.rank != 1)
				continue;
			tir_param_set_string(f, &ps[i], "sdy.sharding", "");
			*tir_param_attr(&ps[i], "sdy.sharding") = raw_attr(f->module->arena, "sdy.sharding", sb_str(&b));
			n++;
		}
	}
	sb_free(&b);
	return n;
}

typedef struct View {
	int64_t numel;      /* the buffer's element count */
	DType dt;
	int rank;           /* of the view */
	const char *text;   /* #sdy.sharding_per_value<[...]> */
	const char *buf;    /* for the message on a conflict */
	int found;
} View;

/* Annotates the reshapes in b (and its regions) that make view v; 1 after an error. */
static int shard_views(TFunc *f, TBlock *b, View *v)
{
	for (int i = 0; i < b->nops; i++) {
		TOp *op = b->ops[i];
		for (int r = 0; r < op->nregions; r++)
			if (shard_views(f, op->regions[r], v))
				return 1;
		if (op->kind != TOP_RESHAPE)
			continue;
		const TType *in = tir_value_type(f, op->operands[0]), *out = tir_value_type(f, op->results[0]);
		if (in->kind != TY_TENSOR || in->rank != 1 || in->dims[0] != v->numel || in->dt != v->dt ||
		    out->rank != v->rank)
			continue;
		TAttr *old = tir_op_attr(op, "sdy.sharding");
		if (old && strcmp(old->u.s, v->text)) {
			diag_error(op->loc, "--shard: buffer '%s' and another buffer of %lld elements give its "
			           "%d-D view different shardings (views are matched by shape: shard them alike)",
			           v->buf, (long long)v->numel, v->rank);
			return 1;
		}
		tir_op_set_attr(f, op, raw_attr(f->module->arena, "sdy.sharding", v->text));
		v->found++;
	}
	return 0;
}

static int shard_one(TFunc *f, const NameValue *sh)
{
	int rank = spec_rank(sh->value);
	const TParam *arg = NULL;

	for (int i = 0; i < f->nargs && !arg; i++) {
		TAttr *name = tir_param_attr(&f->args[i], "cuda2hlo.param");
		if (name && name->kind == TA_STRING && !strcmp(name->u.s, sh->name) && f->args[i].type.rank == 1)
			arg = &f->args[i];
	}
	if (!arg) {
		diag_error(f->loc, "--shard '%s': the module has no buffer argument '%s'", sh->name, sh->name);
		return 1;
	}
	shard_params(f, sh->name, sh->value);
	if (rank == 1)
		return 0;
	StrBuf b = {0};
	sb_append(&b, "#sdy.sharding_per_value<[");
	dims_sharding(&b, sh->value, rank);
	sb_append(&b, "]>");
	View v = {arg->type.dims[0], arg->type.dt, rank, arena_strdup(f->module->arena, sb_str(&b)), sh->name, 0};
	sb_free(&b);
	if (shard_views(f, f->body, &v))
		return 1;
	if (!v.found) {
		diag_error(f->loc, "--shard '%s=%s': the module has no %d-D view of buffer '%s' (a reshape of "
		           "it to rank %d); give one axis per dimension of a view, or one for the 1-D buffer",
		           sh->name, sh->value, rank, sh->name, rank);
		return 1;
	}
	return 0;
}

/* Every other argument and result: replicated, said explicitly (closed dimensions), so
 * that the partitioner does not pick a layout a caller cannot know. */
static void replicate_rest(TFunc *f)
{
	for (int pass = 0; pass < 2; pass++) {
		TParam *ps = pass ? f->results : f->args;
		for (int i = 0; i < (pass ? f->nresults : f->nargs); i++) {
			if (tir_param_attr(&ps[i], "sdy.sharding") || ps[i].type.kind != TY_TENSOR)
				continue;
			StrBuf b = {0};
			sb_printf(&b, "#sdy.sharding<@%s, [", SHARD_MESH);
			for (int d = 0; d < ps[i].type.rank; d++)
				sb_append(&b, d ? ", {}" : "{}");
			sb_append(&b, "]>");
			tir_param_set_string(f, &ps[i], "sdy.sharding", "");
			*tir_param_attr(&ps[i], "sdy.sharding") = raw_attr(f->module->arena, "sdy.sharding", sb_str(&b));
			sb_free(&b);
		}
	}
}

int hlo_shard(TModule *m, const char *mesh, const NameValue *shards, size_t nshards)
{
	TFunc *f = tir_module_main(m);
	int errors = 0;

	if (!f)
		die("hlo_shard: a raised module without @main");
	tir_module_add_mesh(m, SHARD_MESH, mesh_axes(m->arena, mesh));
	for (size_t i = 0; i < nshards; i++)
		errors += shard_one(f, &shards[i]);
	replicate_rest(f);
	hlo_shard_dus_to_select(m);
	return errors;
}
