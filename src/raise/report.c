/* report.c: `--report` (docs/report.md). Consumes the statistics raise recorded for a
 * module; prints per kernel the op counts by class, the gathers, scatters and whiles,
 * and one line per store with its strategy (and the missing fact for a fallback). */
#include "raise_int.h"

#include <stdlib.h>
#include <string.h>

typedef struct Entry {
	const TModule *m;
	Stats *st;
	const char *kernel;
} Entry;

static VEC(Entry) entries;

void raise_stats_register(const TModule *m, Stats *st, const char *kernel)
{
	Entry e = {m, st, kernel};
	VEC_PUSH(entries, e);
}

/* Drops m's entries (before m is destroyed: a later module may reuse its address). */
void raise_stats_forget(const TModule *m)
{
	size_t n = 0;
	for (size_t i = 0; i < entries.len; i++) {
		if (entries.data[i].m == m) {
			sb_free(&entries.data[i].st->notes);
			sb_free(&entries.data[i].st->checks);
			free(entries.data[i].st);
		} else {
			entries.data[n++] = entries.data[i];
		}
	}
	entries.len = n;
}

static void count_block(const TBlock *b, int *ops)
{
	for (int i = 0; i < b->nops; i++) {
		ops[b->ops[i]->kind]++;
		for (int j = 0; j < b->ops[i]->nregions; j++)
			count_block(b->ops[i]->regions[j], ops);
	}
}

static const char *op_class(TOpKind k)
{
	unsigned f = tir_op_flags(k);
	switch (k) {
	case TOP_GATHER: case TOP_SCATTER: return "memory";
	case TOP_WHILE: case TOP_IF: case TOP_CASE: return "control";
	case TOP_REDUCE: case TOP_DOT_GENERAL: case TOP_REDUCE_WINDOW: return "reduction";
	case TOP_SLICE: case TOP_DYNAMIC_SLICE: case TOP_DYNAMIC_UPDATE_SLICE: case TOP_PAD:
	case TOP_CONCATENATE: case TOP_RESHAPE: case TOP_BROADCAST_IN_DIM: case TOP_TRANSPOSE:
	case TOP_REVERSE: case TOP_IOTA: case TOP_CONSTANT: return "shape";
	default: return (f & OF_EW) || k == TOP_SELECT || k == TOP_CLAMP ? "elementwise" : "other";
	}
}

/* Op counts by class, then gathers, scatters and whiles, of the whole @main. */
static void print_counts(FILE *f, const TModule *m)
{
	static const char *classes[] = {"elementwise", "shape", "memory", "reduction", "control", "other"};
	int ops[TOP_COUNT] = {0};
	TFunc *fn = tir_module_main(m);
	if (fn)
		count_block(fn->body, ops);
	for (size_t c = 0; c < sizeof(classes) / sizeof(classes[0]); c++) {
		int n = 0;
		for (int k = 0; k < TOP_COUNT; k++)
			if (!strcmp(op_class((TOpKind)k), classes[c]))
				n += ops[k];
		fprintf(f, "  ops %s %d\n", classes[c], n);
	}
	fprintf(f, "  gathers %d\n  scatters %d\n  whiles %d\n", ops[TOP_GATHER],
	        ops[TOP_SCATTER], ops[TOP_WHILE]);
}

/* One kernel module an entry inlined (one per kernel and launch configuration): its
 * gathers, scatters and whiles, its stores, and the store lines with the missing facts. */
static void print_launch(FILE *f, const Entry *e)
{
	int ops[TOP_COUNT] = {0};
	Stats *st = e->st;
	TFunc *fn = tir_module_main(e->m);
	if (fn)
		count_block(fn->body, ops);
	fprintf(f, "  launch %s<<<(%lld,%lld,%lld), (%lld,%lld,%lld)>>>: %s, gathers %d, scatters %d, "
	        "whiles %d, stores dense %d fallback %d\n", e->kernel, (long long)st->grid[0],
	        (long long)st->grid[1], (long long)st->grid[2], (long long)st->block[0],
	        (long long)st->block[1], (long long)st->block[2], st->strategy ? st->strategy : "simt",
	        ops[TOP_GATHER], ops[TOP_SCATTER],
	        ops[TOP_WHILE], st->stores_dense, st->stores_scatter);
	for (const char *l = sb_str(&st->notes); *l;) {
		const char *nl = strchr(l, '\n');
		int len = nl ? (int)(nl - l) : (int)strlen(l);
		fprintf(f, "  %.*s\n", len, l);
		l += len + (nl != NULL);
	}
}

void raise_report(FILE *f, const TModule *m)
{
	int found = 0;
	for (size_t i = 0; i < entries.len; i++) {
		Entry *e = &entries.data[i];
		if (e->m != m)
			continue;
		found = 1;
		fprintf(f, "kernel %s\n", e->kernel);
		print_counts(f, m);
		fprintf(f, "  stores dense %d fallback %d\n", e->st->stores_dense, e->st->stores_scatter);
		fprintf(f, "  strategy %s\n", e->st->strategy ? e->st->strategy : "simt");
		fputs(sb_str(&e->st->notes), f);
		fputs(sb_str(&e->st->checks), f);
	}
	/* a module with no kernel of its own (--entry: the kernels are inlined into @main):
	 * the counts of the whole program, then each kernel module it inlined */
	if (!found) {
		fputs("module @main (all launches inlined)\n", f);
		print_counts(f, m);
		for (size_t i = 0; i < entries.len; i++)
			print_launch(f, &entries.data[i]);
	}
}

void raise_module_destroy(TModule *m)
{
	raise_stats_forget(m);
	tir_module_destroy(m);
}
