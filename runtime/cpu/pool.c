/* pool.c: a small pthread pool for the cpu backend (cpu.h, "pool.c").
 *
 * Consumes a range [0, n) and a task function; produces the task run over chunks of the
 * range on every thread, the caller included. The pool is created once per backend
 * (session), so a run pays a wake-up, not a thread creation. Chunks are handed out by
 * an atomic counter: a thread that the machine's other load slows down takes fewer
 * chunks. A worker joins a job only while the job is open: the caller closes it when it
 * finds no chunk left and then waits for the workers inside it alone, so a worker that a
 * loaded machine has not scheduled yet costs the caller nothing (it does the chunks
 * itself). One job at a time per pool (the executor is sequential between loop nests). */
#include "cpu.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

struct CpuPool {
	int nthreads;              /* workers + the caller */
	pthread_t *workers;
	pthread_mutex_t mu;
	pthread_cond_t wake, done;
	uint64_t generation;       /* bumped per job, under mu */
	int open;                  /* the current job takes workers, under mu */
	int inside;                /* workers inside the current job, under mu */
	int quit;
	/* the current job */
	CpuTaskFn fn;
	void *ctx;
	int64_t n, chunk;
	atomic_int_fast64_t next;
	void *scratch;             /* cpu_pool_scratch */
	size_t scratch_bytes;
};

static void work(CpuPool *p)
{
	for (;;) {
		int64_t lo = atomic_fetch_add(&p->next, p->chunk);
		if (lo >= p->n)
			return;
		int64_t hi = lo + p->chunk < p->n ? lo + p->chunk : p->n;
		p->fn(p->ctx, lo, hi);
	}
}

static void *worker_main(void *arg)
{
	CpuPool *p = arg;
	uint64_t seen = 0;
	pthread_mutex_lock(&p->mu);
	for (;;) {
		while (!p->quit && p->generation == seen)
			pthread_cond_wait(&p->wake, &p->mu);
		if (p->quit)
			break;
		seen = p->generation;
		if (!p->open)
			continue;   /* woken after the caller finished the job alone */
		p->inside++;
		pthread_mutex_unlock(&p->mu);
		work(p);
		pthread_mutex_lock(&p->mu);
		if (--p->inside == 0 && !p->open)
			pthread_cond_signal(&p->done);
	}
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

CpuPool *cpu_pool_create(int nthreads)
{
	if (nthreads <= 0) {
		long n = sysconf(_SC_NPROCESSORS_ONLN);
		nthreads = n > 0 ? (int)n : 1;
	}
	if (nthreads > 256)
		nthreads = 256;
	CpuPool *p = xcalloc(1, sizeof *p);
	p->nthreads = 1;
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->wake, NULL);
	pthread_cond_init(&p->done, NULL);
	atomic_init(&p->next, 0);
	p->workers = xcalloc((size_t)nthreads, sizeof *p->workers);
	for (int i = 1; i < nthreads; i++) {
		if (pthread_create(&p->workers[i - 1], NULL, worker_main, p) != 0)
			break;   /* fewer threads is still correct */
		p->nthreads++;
	}
	return p;
}

void cpu_pool_destroy(CpuPool *p)
{
	if (!p)
		return;
	pthread_mutex_lock(&p->mu);
	p->quit = 1;
	pthread_cond_broadcast(&p->wake);
	pthread_mutex_unlock(&p->mu);
	for (int i = 0; i < p->nthreads - 1; i++)
		pthread_join(p->workers[i], NULL);
	pthread_mutex_destroy(&p->mu);
	pthread_cond_destroy(&p->wake);
	pthread_cond_destroy(&p->done);
	free(p->workers);
	free(p->scratch);
	free(p);
}

void *cpu_pool_scratch(CpuPool *p, size_t bytes)
{
	if (p->scratch_bytes < bytes) {
		free(p->scratch);
		p->scratch_bytes = (bytes + 63) / 64 * 64;
		p->scratch = aligned_alloc(64, p->scratch_bytes);
		if (!p->scratch)
			die("out of memory (%zu bytes of cpu scratch)", bytes);
	}
	return p->scratch;
}

int cpu_pool_size(const CpuPool *p) { return p ? p->nthreads : 1; }

size_t cpu_pool_scratch_bytes(const CpuPool *p) { return p ? p->scratch_bytes : 0; }

void cpu_pool_scratch_free(CpuPool *p)
{
	if (!p)
		return;
	free(p->scratch);
	p->scratch = NULL;
	p->scratch_bytes = 0;
}

void cpu_pool_run(CpuPool *p, int64_t n, int64_t grain, CpuTaskFn fn, void *ctx)
{
	if (n <= 0)
		return;
	if (grain < 1)
		grain = 1;
	if (!p || p->nthreads == 1 || n <= grain) {
		fn(ctx, 0, n);
		return;
	}
	/* Four chunks per thread balance a loaded machine without many wake-ups. */
	int64_t chunk = (n + 4 * p->nthreads - 1) / (4 * p->nthreads);
	if (chunk < grain)
		chunk = grain;
	pthread_mutex_lock(&p->mu);
	p->fn = fn, p->ctx = ctx, p->n = n, p->chunk = chunk;
	atomic_store(&p->next, 0);
	p->open = 1;
	p->inside = 0;
	p->generation++;
	pthread_cond_broadcast(&p->wake);
	pthread_mutex_unlock(&p->mu);
	work(p);
	/* No chunk is left to take: every chunk not done yet is held by a worker inside. */
	pthread_mutex_lock(&p->mu);
	p->open = 0;
	while (p->inside > 0)
		pthread_cond_wait(&p->done, &p->mu);
	pthread_mutex_unlock(&p->mu);
}
