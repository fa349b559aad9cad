/* tail_exits.c: leaving a block that ends the kernel is returning.
 * Consumes a kernel body (not modified); produces a body in which every exit (KS_EXIT)
 * to a labelled block in tail position, one after which nothing of the kernel runs but
 * returns, is a KS_RETURN. A device function called as the kernel's last statement (a
 * kernel wrapping its body: `__global__ void k(...) { body<T>(...); }`) is inlined as
 * such a block, its `return`s as exits to it: a thread that leaves the block has nothing
 * left to run, which is what a kernel `return` means. Afterwards the levels and phases
 * passes (loopify.c) see kernel returns, so `if (i >= n) return;` in the function before
 * a barrier means what it means in a kernel (exited threads take no part in later
 * barriers); before, a barrier after such an exit was refused ("an early return from
 * 'F' before a barrier is not supported"). Blocks elsewhere (a call followed by more
 * code, in a loop, a switch) keep their exits. */
#include "loopify.h"

/* s with its exits to label made returns (label 0: none); a copy of every statement
 * but the leaves, so s is not modified. */
static KirStmt *to_returns(Arena *a, const KirStmt *s, int label)
{
	KirStmt *c;

	if (!s)
		return NULL;
	if (s->kind == KS_EXIT)
		return s->u.label == label ? frontend_new_stmt(a, KS_RETURN, s->loc) : (KirStmt *)s;
	c = loopify_copy_stmt(a, s);
	switch (s->kind) {
	case KS_BLOCK:
		c->u.block.stmts = ARENA_ARRAY(a, KirStmt *, s->u.block.nstmts + 1);
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			c->u.block.stmts[i] = to_returns(a, s->u.block.stmts[i], label);
		break;
	case KS_IF:
		c->u.if_.then = to_returns(a, s->u.if_.then, label);
		c->u.if_.els = to_returns(a, s->u.if_.els, label);
		break;
	case KS_FOR:
		c->u.for_.body = to_returns(a, s->u.for_.body, label);
		break;
	case KS_WHILE: case KS_DO:
		c->u.loop.body = to_returns(a, s->u.loop.body, label);
		break;
	default:
		break;
	}
	return c;
}

/* s, in tail position, with the exits of its tail blocks made returns. */
static KirStmt *tail(Arena *a, KirStmt *s)
{
	KirStmt *c;

	switch (s->kind) {
	case KS_BLOCK:         /* to_returns copies a block with its own array */
		c = to_returns(a, s, s->u.block.label);
		for (size_t i = 0; i < c->u.block.nstmts; i++)
			if (loopify_rest_is_exit(c, i + 1))
				c->u.block.stmts[i] = tail(a, c->u.block.stmts[i]);
		return c;
	case KS_IF:
		c = loopify_copy_stmt(a, s);
		c->u.if_.then = tail(a, s->u.if_.then);
		c->u.if_.els = s->u.if_.els ? tail(a, s->u.if_.els) : NULL;
		return c;
	default:           /* a loop's body runs again after itself */
		return s;
	}
}

void loopify_tail_exits(Arena *a, KirKernel *k)
{
	k->body = tail(a, k->body);
}
