/* stack.c: running a function on a thread with a large stack. Consumes a function and
 * its argument; produces its result. The converter recurses along the input's nesting
 * (libclang's parser, the frontend's lowering of nested expressions), so a deeply nested
 * but valid file needs far more than the 8 MiB a main thread usually gets; the pages are
 * reserved, not committed, so an ordinary input costs nothing more. */
#include "base.h"

#include <pthread.h>
#include <string.h>

typedef struct {
	int (*fn)(void *);
	void *arg;
	int result;
} Call;

static void *trampoline(void *p)
{
	Call *c = p;

	c->result = c->fn(c->arg);
	return NULL;
}

int run_on_big_stack(size_t bytes, int (*fn)(void *), void *arg)
{
	pthread_attr_t attr;
	pthread_t t;
	Call c = {fn, arg, 0};
	int e;

	if ((e = pthread_attr_init(&attr)) || (e = pthread_attr_setstacksize(&attr, bytes)))
		die("cannot set a thread stack of %zu bytes: %s", bytes, strerror(e));
	if ((e = pthread_create(&t, &attr, trampoline, &c)))
		die("cannot start a thread with a %zu-byte stack: %s", bytes, strerror(e));
	pthread_attr_destroy(&attr);
	if ((e = pthread_join(t, NULL)))
		die("cannot join the converting thread: %s", strerror(e));
	return c.result;
}
