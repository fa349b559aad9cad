/* stack.c: running a function on a thread with a large stack. Consumes a function and
 * its argument; produces its result. The converter recurses along the input's nesting
 * (libclang's parser, the frontend's lowering of nested expressions), so a deeply nested
 * but valid file needs far more than the 8 MiB a main thread usually gets; the pages are
 * reserved, not committed, so an ordinary input costs nothing more. */
#include "base.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
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

/* The smallest stack tried when the asked one cannot be reserved (a process near its
 * `ulimit -v`, or a program holding much memory, as libcuda2hlo_cudart's): the usual input
 * recurses far less deep than the reserve allows. */
#define STACK_MIN ((size_t)64 << 20)

int run_on_big_stack(size_t bytes, int (*fn)(void *), void *arg)
{
	pthread_attr_t attr;
	pthread_t t;
	Call c = {fn, arg, 0};
	int e;

	for (;;) {
		if ((e = pthread_attr_init(&attr)) || (e = pthread_attr_setstacksize(&attr, bytes)))
			die("cannot set a thread stack of %zu bytes: %s", bytes, strerror(e));
		e = pthread_create(&t, &attr, trampoline, &c);
		pthread_attr_destroy(&attr);
		if (!e)
			break;
		if ((e != EAGAIN && e != ENOMEM) || bytes / 2 < STACK_MIN) {
			fflush(stdout);
			fprintf(stderr, "cuda2hlo: error: out of memory: no thread stack of %zu bytes "
			        "could be reserved (%s; more than this machine or the process's limit, "
			        "`ulimit -v`, gives)\n", bytes, strerror(e));
			fflush(stderr);
			_Exit(1);
		}
		bytes /= 2;
	}
	if ((e = pthread_join(t, NULL)))
		die("cannot join the converting thread: %s", strerror(e));
	return c.result;
}
