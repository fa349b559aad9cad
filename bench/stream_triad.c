/* stream_triad.c: this machine's memory bandwidth, STREAM's triad a[i] = b[i] + s*c[i]
 * on doubles, on every core (one pthread per online CPU, each touching its own part
 * first so pages sit where they are used).
 *
 *   stream_triad [N_MIB_PER_ARRAY] [REPS]      default 256 MiB per array, 10 reps
 *
 * Produces one line: best and median GB/s over REPS runs, counting 24 bytes per
 * element (two reads, one write; no write-allocate traffic), as STREAM does. Arrays are
 * far larger than the last-level cache. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

typedef struct Part {
	double *a, *b, *c;
	size_t lo, hi;
	int init;
	pthread_barrier_t *bar;
	int reps;
	double *times;
	int id;
} Part;

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void *worker(void *arg)
{
	Part *p = arg;
	for (size_t i = p->lo; i < p->hi; i++)
		p->a[i] = 0, p->b[i] = 1.0 + (double)(i & 7), p->c[i] = 2.0;
	for (int r = 0; r < p->reps; r++) {
		pthread_barrier_wait(p->bar);
		double t0 = now_s();
		double *restrict a = p->a, *restrict b = p->b, *restrict c = p->c;
		for (size_t i = p->lo; i < p->hi; i++)
			a[i] = b[i] + 3.0 * c[i];
		pthread_barrier_wait(p->bar);
		if (p->id == 0)
			p->times[r] = now_s() - t0;
	}
	return NULL;
}

static int cmp(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return (a > b) - (a < b);
}

int main(int argc, char **argv)
{
	size_t mib = argc > 1 ? (size_t)atol(argv[1]) : 256;
	int reps = argc > 2 ? atoi(argv[2]) : 10;
	int nt = (int)sysconf(_SC_NPROCESSORS_ONLN);
	if (reps < 1 || reps > 1000 || nt < 1 || mib < 1)
		return 2;
	size_t n = mib * 1024 * 1024 / sizeof(double);
	double *a = aligned_alloc(64, n * 8), *b = aligned_alloc(64, n * 8), *c = aligned_alloc(64, n * 8);
	double *times = calloc((size_t)reps, sizeof *times);
	pthread_t th[256];
	Part parts[256];
	pthread_barrier_t bar;
	nt = nt > 256 ? 256 : nt;
	pthread_barrier_init(&bar, NULL, (unsigned)nt);
	for (int t = 0; t < nt; t++) {
		parts[t] = (Part){a, b, c, n * (size_t)t / (size_t)nt, n * (size_t)(t + 1) / (size_t)nt, 1, &bar, reps, times, t};
		pthread_create(&th[t], NULL, worker, &parts[t]);
	}
	for (int t = 0; t < nt; t++)
		pthread_join(th[t], NULL);
	for (size_t i = 0; i < n; i += n / 7 + 1)
		if (a[i] != b[i] + 3.0 * c[i]) {
			fprintf(stderr, "stream_triad: wrong result at %zu\n", i);
			return 1;
		}
	qsort(times, (size_t)reps, sizeof *times, cmp);
	double bytes = 24.0 * (double)n;
	printf("triad %zu MiB x 3 arrays, %d threads: best %.2f GB/s, median %.2f GB/s\n", mib, nt,
	       bytes / times[0] / 1e9, bytes / times[reps / 2] / 1e9);
	free(a), free(b), free(c), free(times);
	return 0;
}
