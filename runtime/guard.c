/* guard.c: the run-time bounds checks a module carries. `cuda2hlo --oob-check` converts a
 * kernel whose access leaves its buffer only for some values of a scalar left unbound
 * (a step counter t in seq[t]), and writes the values for which it does as the module
 * attribute cuda2hlo.oob_checks (docs/bounds.md):
 *   "k.cu:8:29: 'seq' is read out of bounds (100 elements)|-1*t + -1 >= 0 or 1*t + -100 >= 0"
 * one check per access, checks joined by ';'; a condition is a disjunction (" or ") of
 * conjunctions (" and ") of affine constraints "c0 + c1*name + ... >= 0" (or "= 0") over
 * integer scalar parameters of @main, named as their cuda2hlo.param. Consumes that text
 * when a module is created (a malformed one is a parse error); before every run, with
 * the bound scalars, a check whose condition holds fails the run with its message and
 * the values: the module is never run where it would read or write out of bounds. */
#include "runtime.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Term {
	int64_t coef;
	int param;               /* index into @main's arguments; -1: the constant */
} Term;
typedef struct Cons {
	Term *terms;
	int nterms;
	int eq;                  /* = 0 rather than >= 0 */
	int last;                /* the last constraint of its conjunction */
} Cons;
typedef struct Check {
	char *what;
	Cons *cons;
	int ncons;
} Check;
struct RtGuards {
	Check *checks;
	int nchecks;
};

typedef struct Lex {
	const char *s;
	const char *const *names;
	const TParam *args;
	int nargs;
	char *msg;
	size_t msglen;
} Lex;

static int bad(Lex *l, const char *why)
{
	snprintf(l->msg, l->msglen, "malformed cuda2hlo.oob_checks: %s at '%.20s'", why, l->s);
	return -1;
}

static int word(Lex *l, const char *w)
{
	while (*l->s == ' ')
		l->s++;
	size_t n = strlen(w);
	if (strncmp(l->s, w, n) != 0 || (isalpha((unsigned char)w[0]) && isalnum((unsigned char)l->s[n])))
		return 0;
	l->s += n;
	return 1;
}

/* An integer scalar parameter of @main named at l->s: its index, or -1. */
static int param(Lex *l)
{
	size_t n = 0;
	while (isalnum((unsigned char)l->s[n]) || l->s[n] == '_' || l->s[n] == '.')
		n++;
	for (int i = 0; n && i < l->nargs; i++)
		if (strlen(l->names[i]) == n && !strncmp(l->names[i], l->s, n)) {
			const TType *t = &l->args[i].type;
			if (t->kind != TY_TENSOR || t->rank != 0 || !dtype_is_int(t->dt))
				return -1;
			l->s += n;
			return i;
		}
	return -1;
}

/* term := INT | INT '*' NAME */
static int term(Lex *l, Term *t)
{
	char *end;
	while (*l->s == ' ')
		l->s++;
	long long v = strtoll(l->s, &end, 10);
	if (end == l->s)
		return bad(l, "a number expected");
	l->s = end;
	t->coef = v;
	t->param = -1;
	if (word(l, "*") && (t->param = param(l)) < 0)
		return bad(l, "an integer scalar parameter expected");
	return 0;
}

/* cons := term (' + ' term)* (' >= 0' | ' = 0') */
static int cons(Lex *l, Cons *c)
{
	VEC(Term) ts = {0};
	do {
		Term t;
		if (term(l, &t)) {
			VEC_FREE(ts);
			return -1;
		}
		VEC_PUSH(ts, t);
	} while (word(l, "+"));
	c->terms = ts.data;
	c->nterms = (int)ts.len;
	c->eq = word(l, "=");
	if (!c->eq && !word(l, ">="))
		return bad(l, "'>=' or '=' expected");
	if (!word(l, "0"))
		return bad(l, "'0' expected");
	return 0;
}

/* check := WHAT '|' cons ((' and ' | ' or ') cons)* */
static int check(Lex *l, Check *c)
{
	const char *bar = strchr(l->s, '|'), *end = strchr(l->s, ';');
	VEC(Cons) cs = {0};
	if (!bar || (end && end < bar))
		return bad(l, "'|' expected");
	c->what = xmalloc((size_t)(bar - l->s) + 1);
	memcpy(c->what, l->s, (size_t)(bar - l->s));
	c->what[bar - l->s] = 0;
	l->s = bar + 1;
	for (;;) {
		Cons k = {0};
		int rc = cons(l, &k);
		VEC_PUSH(cs, k);
		c->cons = cs.data;
		c->ncons = (int)cs.len;
		if (rc)
			return -1;
		if (word(l, "and"))
			continue;
		cs.data[cs.len - 1].last = 1;
		if (!word(l, "or"))
			return 0;
	}
}

static void free_checks(RtGuards *g)
{
	for (int i = 0; i < g->nchecks; i++) {
		for (int j = 0; j < g->checks[i].ncons; j++)
			free(g->checks[i].cons[j].terms);
		free(g->checks[i].cons);
		free(g->checks[i].what);
	}
	free(g->checks);
	free(g);
}

int rt_guards_parse(const char *text, const char *const *names, const TParam *args, int nargs,
                    RtGuards **out, char *msg, size_t msglen)
{
	Lex l = {text, names, args, nargs, msg, msglen};
	RtGuards *g = xcalloc(1, sizeof *g);
	*out = NULL;
	while (*l.s) {
		g->checks = xrealloc(g->checks, sizeof *g->checks * (size_t)(g->nchecks + 1));
		memset(&g->checks[g->nchecks], 0, sizeof *g->checks);
		if (check(&l, &g->checks[g->nchecks++]) || (*l.s && !word(&l, ";") && bad(&l, "';' expected"))) {
			free_checks(g);
			return -1;
		}
	}
	*out = g;
	return 0;
}

void rt_guards_free(RtGuards *g)
{
	if (g)
		free_checks(g);
}

/* c0 + sum(coef * value) >= 0 (or = 0); long double keeps the sign past int64's range. */
static int holds(const Cons *c, const RtValue *args)
{
	long double sum = 0;
	for (int i = 0; i < c->nterms; i++) {
		const Term *t = &c->terms[i];
		int64_t v = 1;
		if (t->param >= 0)
			v = rt_get_i64(args[t->param].type.dt, rt_data(&args[t->param]), 0);
		sum += (long double)t->coef * (long double)v;
	}
	return c->eq ? sum == 0 : sum >= 0;
}

/* "t = 100, m = 64": the parameters check c names, with their values. */
static void values(const Check *c, const char *const *names, const RtValue *args, char *buf,
                   size_t n)
{
	size_t len = 0;
	int shown[16], nshown = 0;
	buf[0] = 0;
	for (int i = 0; i < c->ncons; i++)
		for (int j = 0; j < c->cons[i].nterms; j++) {
			int p = c->cons[i].terms[j].param, k = 0;
			while (k < nshown && shown[k] != p)
				k++;
			if (p < 0 || k < nshown || nshown == 16)
				continue;
			shown[nshown++] = p;
			len += (size_t)snprintf(buf + len, len < n ? n - len : 0, "%s%s = %lld", len ? ", " : "",
			                        names[p], (long long)rt_get_i64(args[p].type.dt, rt_data(&args[p]), 0));
			if (len >= n)
				return;
		}
}

int rt_guards_check(const RtGuards *g, const char *const *names, const RtValue *args, char *msg,
                    size_t msglen)
{
	for (int i = 0; g && i < g->nchecks; i++) {
		const Check *c = &g->checks[i];
		int all = 1;
		for (int j = 0; j < c->ncons; j++) {
			all &= holds(&c->cons[j], args);
			if (!c->cons[j].last)
				continue;
			if (all) {
				char vals[512];
				values(c, names, args, vals, sizeof vals);
				snprintf(msg, msglen, "%s when %s (the module was converted with --oob-check)",
				         c->what, vals);
				return -1;
			}
			all = 1;
		}
	}
	return 0;
}
