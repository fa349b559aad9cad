/* refine_backend.c: a backend over a shape-polymorphic module (docs/symbolic.md).
 * Consumes a module with TIR_DYN dimensions and its text (backend_create gives such a
 * module this backend). Each run looks up the program refined for the arguments' types
 * and 0-d integer values, or parses the text again, refines it (refine.c), prints it
 * (the text the pjrt backend compiles) and creates the backend the caller named over
 * the static module, unless a program refined earlier has the same text: then that one
 * runs (values that only a shape assertion reads, e.g. a --symbolic scalar over static
 * buffers, give one compiled program, each new value still refined and checked). The
 * programs are kept until the backend is destroyed. */
#include "runtime.h"

#include <stdlib.h>
#include <string.h>

typedef struct Refined {
	RtValue *key;           /* the arguments' types; 0-d integers with their values */
	TModule *m;
	StrBuf text;
	Backend *inner;
	int owns;               /* inner is this entry's (else another entry's, same text) */
	struct Refined *next;
} Refined;

typedef struct RefineState {
	char *spec;             /* the backend each refined program runs on */
	Refined *cache;
	Refined *last;          /* the program of the last run (its results' backend) */
	int nargs;
} RefineState;

static int same_key(const Refined *c, const RtValue *args, int n)
{
	for (int i = 0; i < n; i++) {
		const RtValue *a = &args[i], *k = &c->key[i];
		if (!tir_type_equal(&a->type, &k->type))
			return 0;
		if (k->buf && rt_get_i64(k->type.dt, rt_data(k), 0) != rt_get_i64(a->type.dt, rt_data(a), 0))
			return 0;
	}
	return 1;
}

static RtValue *make_key(const RtValue *args, int n)
{
	RtValue *key = xcalloc((size_t)n + 1, sizeof(RtValue));
	for (int i = 0; i < n; i++) {
		key[i].type = args[i].type;
		if (args[i].type.kind == TY_TENSOR && args[i].type.rank == 0 && rt_data(&args[i]) &&
		    (dtype_is_int(args[i].type.dt) || args[i].type.dt == DT_I1))
			key[i] = rt_value_ref(&args[i]);
	}
	return key;
}

static void refined_free(Refined *c, int n)
{
	for (int i = 0; i < n; i++)
		if (c->key[i].buf)
			rt_value_release(NULL, &c->key[i]);
	free(c->key);
	if (c->owns)
		backend_destroy(c->inner);
	if (c->m)
		tir_module_destroy(c->m);
	sb_free(&c->text);
	free(c);
}

static Refined *refine_for(Backend *b, const RtValue *args, char *msg, size_t msglen)
{
	RefineState *s = b->state;
	Refined *c = xcalloc(1, sizeof *c);
	const char *file = b->entry->loc.file ? b->entry->loc.file : "<module>";
	c->key = make_key(args, s->nargs);
	if (runtime_parse(file, b->text, b->len, &c->m) != PARSE_OK) {
		snprintf(msg, msglen, "%s: error: the module no longer parses", file);
		refined_free(c, s->nargs);
		return NULL;
	}
	if (runtime_refine(c->m, args, s->nargs, msg, msglen) != 0) {
		refined_free(c, s->nargs);
		return NULL;
	}
	hlo_emit_stablehlo(&c->text, c->m);
	for (Refined *o = s->cache; o && !c->inner; o = o->next)
		if (o->owns && o->text.len == c->text.len && !memcmp(o->text.s, c->text.s, c->text.len))
			c->inner = o->inner;
	if (!c->inner) {
		if (backend_create(s->spec, c->m, tir_module_main(c->m), sb_str(&c->text), c->text.len,
		                   &c->inner, msg, msglen) != BACKEND_OK) {
			refined_free(c, s->nargs);
			return NULL;
		}
		c->owns = 1;
	}
	c->next = s->cache;
	s->cache = c;
	return c;
}

static int refining_create(Backend *b, const char *arg, char *msg, size_t msglen)
{
	RefineState *s = xcalloc(1, sizeof *s);
	(void)arg;
	(void)msg;
	(void)msglen;
	s->spec = xstrdup(b->spec);
	s->nargs = b->entry->nargs;
	b->state = s;
	return 0;
}

static int refining_run(Backend *b, const RtValue *args, RtValue *results, char *msg, size_t msglen)
{
	RefineState *s = b->state;
	Refined *c = s->cache;
	while (c && !same_key(c, args, s->nargs))
		c = c->next;
	if (!c && !(c = refine_for(b, args, msg, msglen)))
		return -1;
	c->inner->max_iterations = b->max_iterations;
	s->last = c;
	BackendStats was = c->inner->stats;
	int rc = backend_run(c->inner, args, results, msg, msglen);
	b->stats.counted |= c->inner->stats.counted;   /* the inner run's share of its counters */
	b->stats.in_place += c->inner->stats.in_place - was.in_place;
	b->stats.bytes_copied += c->inner->stats.bytes_copied - was.bytes_copied;
	return rc;
}

static void refining_disown(Backend *b, RtBuf *buf)
{
	RefineState *s = b->state;
	if (s->last)
		backend_disown(s->last->inner, buf);
}

static void refining_destroy(Backend *b)
{
	RefineState *s = b->state;
	if (!s)
		return;
	while (s->cache) {
		Refined *next = s->cache->next;
		refined_free(s->cache, s->nargs);
		s->cache = next;
	}
	free(s->spec);
	free(s);
}

/* Every refined program's backend keeps its own cache. */
static size_t refining_cached_bytes(const Backend *b)
{
	const RefineState *s = b->state;
	size_t n = 0;
	for (const Refined *c = s ? s->cache : NULL; c; c = c->next)
		if (c->owns)   /* a shared inner backend counts once */
			n += backend_cached_bytes(c->inner);
	return n;
}

static void refining_trim(Backend *b)
{
	RefineState *s = b->state;
	for (Refined *c = s ? s->cache : NULL; c; c = c->next)
		if (c->owns)
			backend_trim(c->inner);
}

const BackendOps runtime_refining_backend = {"refine", refining_create, refining_run, refining_destroy, 0,
                                             refining_disown, refining_cached_bytes, refining_trim};
