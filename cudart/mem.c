/* mem.c: device memory is host memory. Every cudaMalloc / cudaMallocManaged /
 * cudaMallocHost / cudaHostAlloc goes through cudart_alloc, which records [base, base+bytes)
 * in an array kept sorted by base, so a launch can find the allocation (and the offset)
 * behind any pointer argument, interior pointers included, by binary search. Memory is
 * zero-filled: CUDA leaves it undefined, and a defined value costs nothing here.
 *
 * Each allocation carries a version that every write through the API replaces by a new
 * one (a counter, so a freed and reused address never repeats a version). A launch keeps
 * the module's copy of an input buffer while the version it copied is current (launch.c):
 * memory from cudaMalloc is written only through the API, as on a GPU, where the host
 * cannot dereference it. Managed and host memory the host writes directly: version 0,
 * copied at every launch. */
#include "cudart.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static struct {
	CudartAlloc *v;
	size_t n, cap;
	uint64_t version;        /* the last version given */
	pthread_mutex_t lock;
} allocs = {NULL, 0, 0, 0, PTHREAD_MUTEX_INITIALIZER};

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

void *cudart_alloc(size_t bytes, int host)
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
	allocs.v[i] = (CudartAlloc){p, bytes, ++allocs.version, host};
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

/* The allocation holding p, or NULL; the caller holds the lock. */
static CudartAlloc *find(const void *p)
{
	size_t i = upper(p);
	if (i > 0) {
		CudartAlloc *c = &allocs.v[i - 1];
		/* one past the end belongs to it too only when the allocation is empty */
		if ((const char *)p < c->base + (c->bytes ? c->bytes : 1))
			return c;
	}
	return NULL;
}

const CudartAlloc *cudart_alloc_find(const void *p)
{
	pthread_mutex_lock(&allocs.lock);
	const CudartAlloc *a = find(p);
	pthread_mutex_unlock(&allocs.lock);
	return a;
}

uint64_t cudart_alloc_version(const void *p)
{
	pthread_mutex_lock(&allocs.lock);
	const CudartAlloc *a = find(p);
	uint64_t v = a && !a->host ? a->version : 0;
	pthread_mutex_unlock(&allocs.lock);
	return v;
}

void cudart_alloc_written(const void *p)
{
	pthread_mutex_lock(&allocs.lock);
	CudartAlloc *a = find(p);
	if (a)
		a->version = ++allocs.version;
	pthread_mutex_unlock(&allocs.lock);
}
