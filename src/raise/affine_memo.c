/* affine_memo.c: the affine strategy's bookkeeping. Consumes the state of affine_int.h;
 * provides the failure exit (aff_afail: the missing fact is recorded and the try is
 * abandoned by longjmp), the variable lookup the facts use, the memo tables (substituted
 * values are DAGs: a walk visits each node once, a box builds each value once) and the
 * tries (a value built half way and then dropped leaves nothing behind). */
#include "affine_int.h"

#include <stdlib.h>
#include <string.h>

C2H_NORETURN void aff_afail(Aff *a, SrcLoc loc, const char *why)
{
	a->why = why;
	a->wloc = loc;
	longjmp(a->fail, 1);
}

const PolyExpr *aff_lookup(void *env, int var, const char **why)
{
	Aff *a = env;
	if (var >= LOOPVAR(a, 0))
		return poly_expr_dim(a->c, POLY_NLAUNCH + var - LOOPVAR(a, 0));
	if (var >= (int)a->r->k->nvars) {
		*why = "a reduction is not quasi-affine";
		return NULL;
	}
	if (!a->ienv[var])
		*why = "variable is not quasi-affine";
	return a->ienv[var];
}

/* ---- memo tables: substituted values are DAGs (shared subtrees); walks over them
 * visit each node once ---- */

void aff_memo_reset(struct Memo *m)
{
	m->cur++;
	m->n = 0;
}

/* The slot of k in m (m->cap > 0): its entry, or the free slot where it would go. */
static size_t probe(const struct Memo *m, const void *k)
{
	size_t i = (size_t)(((uintptr_t)k >> 4) * 0x9E3779B97F4A7C15ull) & (m->cap - 1);
	while (m->gen[i] == m->cur && m->key[i] != k)
		i = (i + 1) & (m->cap - 1);
	return i;
}

int *aff_memo_slot(struct Memo *m, const void *k, int *found)
{
	size_t i;
	if (2 * (m->n + 1) > m->cap) {
		struct Memo old = *m;
		m->cap = m->cap ? 2 * m->cap : 1024;
		m->key = xcalloc(m->cap, sizeof(*m->key));
		m->gen = xcalloc(m->cap, sizeof(*m->gen));
		m->val = xcalloc(m->cap, sizeof(*m->val));
		m->n = 0;
		for (size_t j = 0; j < old.cap; j++)
			if (old.gen[j] == m->cur) {
				int f, *v = aff_memo_slot(m, old.key[j], &f);
				*v = old.val[j];
			}
		free(old.key);
		free(old.gen);
		free(old.val);
	}
	i = probe(m, k);
	*found = m->gen[i] == m->cur;
	if (!*found) {
		m->gen[i] = m->cur;
		m->key[i] = k;
		m->n++;
	}
	return &m->val[i];
}

/* k's entry, or NULL (nothing is added). */
const int *aff_memo_find(const struct Memo *m, const void *k)
{
	size_t i;
	if (!m->cap)
		return NULL;
	i = probe(m, k);
	return m->gen[i] == m->cur ? &m->val[i] : NULL;
}

/* Forgets the values numbered `first` and up: a failed try dropped the ops that define
 * them (value numbers only grow), so a later hit would use a value of the failed try's
 * box, or one that nothing defines. */
static void memo_forget_from(struct Memo *m, int first)
{
	VEC(const void *) keys = {0};
	VEC(int) vals = {0};
	for (size_t i = 0; i < m->cap; i++)
		if (m->gen[i] == m->cur && m->val[i] < first) {
			VEC_PUSH(keys, m->key[i]);
			VEC_PUSH(vals, m->val[i]);
		}
	aff_memo_reset(m);
	for (size_t i = 0; i < keys.len; i++) {
		int f;
		*aff_memo_slot(m, keys.data[i], &f) = vals.data[i];
	}
	VEC_FREE(keys);
	VEC_FREE(vals);
}

void aff_try_begin(Aff *a, Try *t)
{
	t->nops = a->scratch->nops;
	t->nvalues = a->r->f->nvalues;
	memcpy(t->ops, a->r->st->ops, sizeof(t->ops));
	t->at = a->at;
	t->nnotes = a->r->st->notes.len;
}

void aff_try_undo(Aff *a, const Try *t)
{
	a->scratch->nops = t->nops;
	memcpy(a->r->st->ops, t->ops, sizeof(t->ops));
	a->at = t->at;
	if (a->r->st->notes.s)
		a->r->st->notes.s[a->r->st->notes.len = t->nnotes] = 0;
	memo_forget_from(&a->memo, t->nvalues);
	memo_forget_from(&a->lmemo, t->nvalues);
	aff_column_forget(a, t->nvalues);
	aff_while_forget(a, t->nvalues);
	aff_atomic_forget(a, t->nvalues);
}

/* 1 when e was visited before in the current walk (and marks it). */
int aff_visited(Aff *a, const void *e)
{
	int found;
	aff_memo_slot(&a->seen, e, &found);
	return found;
}

void aff_memo_free(struct Memo *m)
{
	free(m->key);
	free(m->gen);
	free(m->val);
}
