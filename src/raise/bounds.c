/* bounds.c: out-of-bounds accesses, proven with isl (issue 14, "never silently wrong").
 * Consumes the accesses race.c's walk meets: a buffer, the index as a quasi-affine
 * expression (or NULL and why not), and the exact domain of the running threads there
 * (guards, loop dimensions, the launch). An index that leaves its buffer for some thread
 * of the launch, for some admissible value of the unbound scalars, is an error at the
 * access with that thread, the index and the scalar values (a warning with --allow-oob;
 * the translation then reads the nearest element of the buffer's own copy and drops the
 * store, docs/bounds.md). The extent is --size (or cudaMalloc) for a pointer parameter,
 * the declared extent of a __shared__ (one copy per block), local (one per thread) or
 * __constant__ array, --shmem for extern __shared__. An index that is not quasi-affine
 * (data-dependent: x[idx[i]]) cannot be proven: not an error, one line in --report
 * (with --oob-check, checked when the module runs: frontend oobguard.c).
 * Each access (source location) is reported once. With --oob-check, an access that
 * leaves its buffer only for some values of the unbound scalars is no error: its
 * condition on them joins bc->checks, which the module carries and the runtime checks
 * before each run (runtime/guard.c, docs/bounds.md). */
#include "raise_int.h"
#include "poly.h"

#include <stdlib.h>
#include <string.h>

static const char *space_note(KirSpace s)
{
	switch (s) {
	case KSP_SHARED: return " (one copy per block)";
	case KSP_LOCAL: return " (one copy per thread)";
	default: return "";
	}
}

/* Has the access at loc been reported (what 'e') or noted as unproven ('n')? Marks it. */
static int seen(BoundsCheck *bc, char what, SrcLoc loc)
{
	StrBuf key = {0};
	int old;
	sb_printf(&key, "%c %d:%d", what, loc.line, loc.col);
	old = map_get(bc->seen, sb_str(&key)) != NULL;
	if (!old)
		map_put(bc->seen, sb_str(&key), (void *)1);
	sb_free(&key);
	return old;
}

static void report(BoundsCheck *bc, const KirBuffer *kb, const PolyWitness *w, int write,
                   SrcLoc loc)
{
	DiagKind k = bc->o && bc->o->allow_oob ? DIAG_WARNING : DIAG_ERROR;
	const int64_t *p = w->pt;
	if (w->unknown)
		diag_report(k, loc, "'%s' is %s out of bounds (%lld elements%s) by some thread",
		            kb->name, write ? "written" : "read", (long long)kb->count,
		            space_note(kb->space));
	else
		diag_report(k, loc, "'%s' is %s out of bounds: block (%lld,%lld,%lld) thread "
		            "(%lld,%lld,%lld) %s %s[%lld] of %lld elements%s", kb->name,
		            write ? "written" : "read", (long long)p[POLY_BX], (long long)p[POLY_BY],
		            (long long)p[POLY_BZ], (long long)p[POLY_TX], (long long)p[POLY_TY],
		            (long long)p[POLY_TZ], write ? "writes" : "reads", kb->name,
		            (long long)w->value, (long long)kb->count, space_note(kb->space));
	if (w->params.len)
		diag_note(loc, "when %s (not bound by --set: every value of its type is admissible)",
		          sb_str((StrBuf *)&w->params));
	diag_note(bc->k->loc, "in kernel '%s'%s", bc->k->name, k == DIAG_ERROR ?
	          " (--allow-oob accepts it as a warning: loads read the nearest element, stores "
	          "are dropped)" : "");
	if (k == DIAG_ERROR)
		bc->errors++;
}

void raise_bounds_unproven(BoundsCheck *bc, SrcLoc loc)
{
	if (bc->unproven && bc->o && bc->o->oob_check) {
		StrBuf key = {0};
		sb_printf(&key, "%s:%d:%d", loc.file ? loc.file : "<input>", loc.line, loc.col);
		map_put(bc->unproven, sb_str(&key), (void *)1);
		sb_free(&key);
	}
}

/* An access not proven in bounds: a --report line; with --oob-check its location joins
 * bc->unproven, whose accesses the module checks as it runs (frontend oobguard.c). */
static void unproven(BoundsCheck *bc, const KirBuffer *kb, SrcLoc loc, const char *why)
{
	if (!seen(bc, 'n', loc))
		sb_printf(&bc->notes, "  bounds: %s at %d:%d not proven in bounds (%s)\n", kb->name,
		          loc.line, loc.col, why);
	raise_bounds_unproven(bc, loc);
}

/* A buffer whose size is a symbol (--symbolic): the access must be provably at or
 * above 0, and the values of the symbols for which it reaches the size leave the
 * assumption (`n <= size(x)`); its indices join the buffer's range, whose largest element
 * over the launch is the static extent the raise works on (race.c, raise.c). */
static void sym_size_check(BoundsCheck *bc, int b, const PolyExpr *idx, const PolySet *dom,
                           int exact, int write, SrcLoc loc, const char *why)
{
	const KirBuffer *kb = &bc->k->bufs[b];
	const char *what = write ? "written" : "read";
	PolyWitness w;
	if (dom && poly_set_is_empty(dom))
		return;
	if (!dom || !idx || !exact) {
		if (!seen(bc, 'e', loc)) {
			diag_error(loc, "--symbolic: the size of buffer '%s' cannot stay symbolic: this "
			           "access cannot be proven below it (%s)", kb->name, !dom ? "control flow "
			           "not followed" : !idx ? (why ? why : "index not affine") : "a guard that "
			           "is not affine");
			diag_note(bc->k->loc, "in kernel '%s' (give --size %s=N)", bc->k->name, kb->name);
			bc->errors++;
		}
		return;
	}
	if (poly_expr_leaves(idx, dom, 0, INT32_MAX, &w) &&
	    !poly_assume_inside(idx, dom, 0, INT32_MAX)) {
		if (!seen(bc, 'e', loc)) {
			diag_error(loc, "'%s' is %s at a negative index (or beyond 2^31 - 1) by some thread "
			           "for every value of the --symbolic scalars", kb->name, what);
			diag_note(bc->k->loc, "in kernel '%s'", bc->k->name);
			bc->errors++;
		}
	} else if (!poly_assume_below_size(idx, dom, kb->param)) {
		if (!seen(bc, 'e', loc)) {
			diag_error(loc, "'%s' is %s out of bounds for every size of '%s' and every value "
			           "of the --symbolic scalars", kb->name, what, kb->name);
			diag_note(bc->k->loc, "in kernel '%s'", bc->k->name);
			bc->errors++;
		}
	} else if (!seen(bc, 'a', loc)) {
		sb_printf(&bc->notes, "  bounds: %s at %d:%d below its --symbolic size for the values "
		          "assumed (a shape assertion)\n", kb->name, loc.line, loc.col);
	}
	sb_free(&w.params);
	sb_free(&w.when);
	if (bc->ranges)
		bc->ranges[b] = poly_range_add(bc->ranges[b], idx, dom);
}

void raise_bounds_check(BoundsCheck *bc, int b, const PolyExpr *idx, const PolySet *dom,
                        int exact, int write, SrcLoc loc, const char *why)
{
	const KirBuffer *kb = &bc->k->bufs[b];
	PolyWitness w;
	if (kb->sym_size && bc->sym) {
		sym_size_check(bc, b, idx, dom, exact, write, loc, why);
		return;
	}
	if (kb->count <= 0)
		return;            /* extent unknown: raise refuses the kernel itself */
	if (!dom || !idx) {
		unproven(bc, kb, loc, !dom ? "control flow not followed" : why ? why : "index not affine");
		return;
	}
	if (poly_set_is_empty(dom) || !poly_expr_leaves(idx, dom, 0, kb->count, &w))
		return;
	if (exact && bc->sym && poly_assume_inside(idx, dom, 0, kb->count)) {
		if (!seen(bc, 'a', loc))
			sb_printf(&bc->notes, "  bounds: %s at %d:%d in bounds for the --symbolic values "
			          "assumed (a shape assertion)\n", kb->name, loc.line, loc.col);
		sb_free(&w.params);
		sb_free(&w.when);
		return;
	}
	if (!exact)
		unproven(bc, kb, loc, "a guard that is not affine: it may leave the buffer on the "
		         "threads its affine guards let through");
	else if (bc->o && bc->o->oob_check && w.when.len) {
		if (!seen(bc, 'c', loc))
			sb_printf(&bc->checks, "%s%s:%d:%d: '%s' is %s out of bounds (%lld elements%s)|%s",
			          bc->checks.len ? ";" : "", loc.file ? loc.file : "<input>", loc.line,
			          loc.col, kb->name, write ? "written" : "read", (long long)kb->count,
			          space_note(kb->space), sb_str(&w.when));
	} else if (!seen(bc, 'e', loc))
		report(bc, kb, &w, write, loc);
	sb_free(&w.params);
	sb_free(&w.when);
}
