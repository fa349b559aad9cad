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
 * copied at every launch.
 *
 * A kernel's result stays in the runtime (dev): device memory lives in the modules, as
 * on a GPU, and reaches this memory only when the host side of the API reads it (a copy
 * to the host, a memset or copy over part of it, a launch that needs it in another type
 * or at another offset): cudart_alloc_sync. A later launch that reads the same memory as
 * the same tensor binds the kept buffer itself, so a time loop of launches copies
 * nothing (tests/cudart/ok_transfers.cu). Memory the host reads directly (managed, host)
 * gets the result at once. Memory a kernel only reads is bound where it lies, no copy
 * (launch.c view). Memory a kernel writes, which no kernel wrote before, is kept the
 * same way once copied (cudart_alloc_resident_copy, not stale), so that the launch may
 * be donated that copy and update it in place.
 *
 * A program whose host code runs thrust's device algorithms (cuda2hlo-cc makes thrust's
 * device system the host's, docs/cudart.md) reads and writes device memory directly:
 * cuda2hlo_cudart_host_coherent, called before main by the headers that give thrust
 * device memory, makes every later allocation one the host may write. */
#include "cudart.h"

#include "base.h"
#include "cuda2hlo_runtime.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static struct {
	CudartAlloc *v;
	size_t n, cap;
	uint64_t version;        /* the last version given */
	int coherent;            /* every allocation is one the host may write */
	pthread_mutex_t lock;
} allocs = {NULL, 0, 0, 0, 0, PTHREAD_MUTEX_INITIALIZER};

void cuda2hlo_cudart_host_coherent(void)
{
	pthread_mutex_lock(&allocs.lock);
	allocs.coherent = 1;
	pthread_mutex_unlock(&allocs.lock);
}

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
	allocs.v[i] = (CudartAlloc){p, bytes, ++allocs.version, host || allocs.coherent, NULL, 0, 0, 0};
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
	c2h_buffer_destroy(allocs.v[i - 1].dev);
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
	/* coherent: host code may write any allocation, also one made before it was set */
	uint64_t v = a && !a->host && !allocs.coherent ? a->version : 0;
	pthread_mutex_unlock(&allocs.lock);
	return v;
}

/* The kept result's bytes into memory; the caller holds the lock. */
static void sync(CudartAlloc *a)
{
	if (!a->stale)
		return;
	size_t n = c2h_buffer_nbytes(a->dev);
	memcpy(a->base + a->dev_off, c2h_buffer_data_const(a->dev), n);
	cudart_stats_copy(1, n);
	a->stale = 0;
}

static void drop(CudartAlloc *a)
{
	if (a->stale)
		die("cudart: a kept kernel result dropped before it reached memory");
	c2h_buffer_destroy(a->dev);
	a->dev = NULL;
}

uint64_t cudart_version_next(void)
{
	pthread_mutex_lock(&allocs.lock);
	uint64_t v = ++allocs.version;
	pthread_mutex_unlock(&allocs.lock);
	return v;
}

/* Memory outside every allocation may be a symbol's (a cudaGetSymbolAddress pointer). */
void cudart_alloc_written(const void *p)
{
	pthread_mutex_lock(&allocs.lock);
	CudartAlloc *a = find(p);
	if (a) {
		a->version = ++allocs.version;
		drop(a);
	}
	pthread_mutex_unlock(&allocs.lock);
	if (!a)
		cudart_var_written(p);
}

void cudart_alloc_sync(const void *p)
{
	pthread_mutex_lock(&allocs.lock);
	CudartAlloc *a = find(p);
	if (a)
		sync(a);
	pthread_mutex_unlock(&allocs.lock);
}

int cudart_alloc_keep(void *p, c2h_buffer *b)
{
	pthread_mutex_lock(&allocs.lock);
	CudartAlloc *a = find(p);
	if (!a) {
		pthread_mutex_unlock(&allocs.lock);
		return -1;
	}
	size_t off = (size_t)((char *)p - a->base);
	if (a->stale && off > a->dev_off)   /* the new result does not cover the old one */
		sync(a);
	a->stale = 0;
	drop(a);
	a->version = a->dev_version = ++allocs.version;
	a->dev = b, a->dev_off = off, a->stale = 1;
	if (a->host) {   /* the host reads and writes it directly: never kept */
		sync(a);
		drop(a);
	}
	pthread_mutex_unlock(&allocs.lock);
	return 0;
}

c2h_buffer *cudart_alloc_resident(const void *p, int dtype, int64_t n)
{
	pthread_mutex_lock(&allocs.lock);
	CudartAlloc *a = find(p);
	c2h_buffer *b = a && a->dev && a->dev_version == a->version
	                && (const char *)p == a->base + a->dev_off ? a->dev : NULL;
	if (b && (c2h_buffer_dtype(b) != (c2h_dtype)dtype || c2h_buffer_rank(b) != 1
	          || c2h_buffer_dims(b)[0] != n))
		b = NULL;
	pthread_mutex_unlock(&allocs.lock);
	return b;
}

c2h_buffer *cudart_alloc_resident_copy(const void *p, int dtype, int64_t n)
{
	pthread_mutex_lock(&allocs.lock);
	CudartAlloc *a = find(p);
	c2h_buffer *b = NULL;
	size_t esz = c2h_dtype_size((c2h_dtype)dtype);
	if (a && !a->host && !a->dev && n >= 0 && (size_t)n <= (a->bytes - (size_t)((const char *)p - a->base)) / esz &&
	    (b = c2h_buffer_create((c2h_dtype)dtype, 1, (int64_t[]){n}, p, (size_t)n * esz)) != NULL) {
		a->dev = b, a->dev_off = (size_t)((const char *)p - a->base);
		a->dev_version = a->version, a->stale = 0;
		cudart_stats_copy(0, (size_t)n * esz);
	}
	pthread_mutex_unlock(&allocs.lock);
	return b;
}
