/* mem.c: device memory is host memory. Every cudaMalloc / cudaMallocManaged /
 * cudaMallocHost / cudaHostAlloc goes through cudart_alloc, which records [base, base+bytes)
 * in an array kept sorted by base, so a launch can find the allocation (and the offset)
 * behind any pointer argument, interior pointers included, by binary search. Memory is
 * zero-filled: CUDA leaves it undefined, and a defined value costs nothing here. */
#include "cudart.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static struct {
	CudartAlloc *v;
	size_t n, cap;
	pthread_mutex_t lock;
} allocs = {NULL, 0, 0, PTHREAD_MUTEX_INITIALIZER};

/* Index of the first allocation whose base is > p. */
static size_t upper(const void *p)
{
	size_t lo = 0, hi = allocs.n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if ((const char *)p < allocs.v[mid].base)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

void *cudart_alloc(size_t bytes)
{
	char *p = calloc(1, bytes ? bytes : 1);
	if (!p)
		return NULL;
	pthread_mutex_lock(&allocs.lock);
	if (allocs.n == allocs.cap) {
		size_t cap = allocs.cap ? 2 * allocs.cap : 64;
		CudartAlloc *v = realloc(allocs.v, cap * sizeof *v);
		if (!v) {
			pthread_mutex_unlock(&allocs.lock);
			free(p);
			return NULL;
		}
		allocs.v = v, allocs.cap = cap;
	}
	size_t i = upper(p);
	memmove(allocs.v + i + 1, allocs.v + i, (allocs.n - i) * sizeof *allocs.v);
	allocs.v[i] = (CudartAlloc){p, bytes};
	allocs.n++;
	pthread_mutex_unlock(&allocs.lock);
	return p;
}

int cudart_free(void *p)
{
	pthread_mutex_lock(&allocs.lock);
	size_t i = upper(p);
	if (i == 0 || allocs.v[i - 1].base != p) {
		pthread_mutex_unlock(&allocs.lock);
		return -1;
	}
	memmove(allocs.v + i - 1, allocs.v + i, (allocs.n - i) * sizeof *allocs.v);
	allocs.n--;
	pthread_mutex_unlock(&allocs.lock);
	free(p);
	return 0;
}

const CudartAlloc *cudart_alloc_find(const void *p)
{
	const CudartAlloc *a = NULL;
	pthread_mutex_lock(&allocs.lock);
	size_t i = upper(p);
	if (i > 0) {
		const CudartAlloc *c = &allocs.v[i - 1];
		/* one past the end belongs to it too only when the allocation is empty */
		if ((const char *)p < c->base + (c->bytes ? c->bytes : 1))
			a = c;
	}
	pthread_mutex_unlock(&allocs.lock);
	return a;
}
