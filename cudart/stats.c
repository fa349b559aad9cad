/* stats.c: where a program's time goes, per kernel specialisation, when
 * CUDA2HLO_CUDART_STATS is set (to anything but "0"). Consumes the timings launch.c takes
 * around each step of a launch; prints to stderr, as it happens (a program stopped by a
 * time limit has still reported):
 *   cuda2hlo-stats: 'k': signature parsed in 540.2 ms  ("read": from the disk cache)
 *   cuda2hlo-stats: 'k' 64,1,1 x 256,1,1: raising its module
 *   cuda2hlo-stats: 'k' 64,1,1 x 256,1,1: module raised in 812.4 ms, compiled in 95.1 ms
 *   cuda2hlo-stats: 'k' 64,1,1 x 256,1,1: 16 launches, per launch 3.20 ms run, 0.41 ms copies
 * ("<=64,1,1": a module whose gridDim.x is an input, for launches of up to 64 blocks)
 * (a line after launches 1, 2, 4, 8, ...: the averages so far, over the launches that ran;
 * when some were skipped, repeating the last launch with its memory unchanged (launch.c),
 * the line ends ", M of them skipped: the result was already in place"). "raised" is "read" when
 * the module came from the disk cache. At exit, the copies between memory and the
 * modules' buffers over the whole run (a kernel result kept in the runtime and bound to
 * the next launch is no copy: mem.c), and the kept results donated to the launch that
 * replaces them (launch.c copy_in: the backend may update them in place), then what the
 * backend did with updates (c2h_session_get_stats: the cpu backend counts them; a donated
 * result updated in its own storage is one update in place and no bytes copied):
 *   cuda2hlo-stats: 40 launches, 2 copies into modules (0.00 MB), 1 copy back (0.00 MB), 38 donated,
 *   38 updates in place, 0.00 MB copied for updates
 * (and ", M launches skipped" when some were). When the memory the entries keep for reuse
 * passes its budget (launch.c cache_after), a line per trim and a count at exit:
 *   cuda2hlo-stats: trimmed 1 entry run least recently: 10.49 MB freed, 1.05 MB kept (budget 4.19 MB)
 *   cuda2hlo-stats: 33 trims of memory kept for reuse: 35 entries, 154.93 MB freed */
#include "cudart.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int cudart_stats_on(void)
{
	static int on = -1;
	if (on < 0) {
		const char *e = getenv("CUDA2HLO_CUDART_STATS");
		on = e && *e && strcmp(e, "0") != 0;
	}
	return on;
}

double cudart_now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

static struct {
	uint64_t launches, n[2], donated, skipped, trims, trimmed_entries;
	double bytes[2], trimmed_bytes;
	int64_t in_place, update_bytes;
} total;

static void summary(void)
{
	fprintf(stderr, "cuda2hlo-stats: %llu launches, %llu cop%s into modules (%.2f MB), "
	        "%llu cop%s back (%.2f MB), %llu donated, %lld update%s in place, %.2f MB copied for updates\n",
	        (unsigned long long)total.launches,
	        (unsigned long long)total.n[0], total.n[0] == 1 ? "y" : "ies", total.bytes[0] / 1e6,
	        (unsigned long long)total.n[1], total.n[1] == 1 ? "y" : "ies", total.bytes[1] / 1e6,
	        (unsigned long long)total.donated, (long long)total.in_place, total.in_place == 1 ? "" : "s",
	        (double)total.update_bytes / 1e6);
	if (total.skipped)
		fprintf(stderr, "cuda2hlo-stats: %llu launch%s skipped: the result was already in place\n",
		        (unsigned long long)total.skipped, total.skipped == 1 ? "" : "es");
	if (total.trims)
		fprintf(stderr, "cuda2hlo-stats: %llu trim%s of memory kept for reuse: %llu entr%s, %.2f MB freed\n",
		        (unsigned long long)total.trims, total.trims == 1 ? "" : "s",
		        (unsigned long long)total.trimmed_entries, total.trimmed_entries == 1 ? "y" : "ies",
		        total.trimmed_bytes / 1e6);
}

void cudart_stats_donated(void) { total.donated++; }

/* A line per trim (rare: only when the cached bytes pass the budget), and the totals at exit. */
void cudart_stats_trimmed(size_t entries, size_t bytes, size_t kept, size_t budget)
{
	total.trims++;
	total.trimmed_entries += entries;
	total.trimmed_bytes += (double)bytes;
	if (!cudart_stats_on())
		return;
	fprintf(stderr, "cuda2hlo-stats: trimmed %zu entr%s run least recently: %.2f MB freed, %.2f MB kept "
	        "(budget %.2f MB)\n", entries, entries == 1 ? "y" : "ies", (double)bytes / 1e6,
	        (double)kept / 1e6, (double)budget / 1e6);
}

void cudart_stats_updates(int64_t in_place, int64_t bytes_copied)
{
	total.in_place += in_place;
	total.update_bytes += bytes_copied;
}

void cudart_stats_copy(int out, size_t bytes)
{
	total.n[out != 0]++;
	total.bytes[out != 0] += (double)bytes;
}

static void label(const char *kernel, int gin, const unsigned g[3], const unsigned b[3])
{
	fprintf(stderr, "cuda2hlo-stats: '%s' %s%u,%u,%u x %u,%u,%u: ", kernel, gin ? "<=" : "",
	        g[0], g[1], g[2], b[0], b[1], b[2]);
}

void cudart_stats_signature(const char *kernel, int cached, double ms)
{
	if (!cudart_stats_on())
		return;
	fprintf(stderr, "cuda2hlo-stats: '%s': signature %s in %.1f ms\n", kernel,
	        cached ? "read" : "parsed", ms);
}

void cudart_stats_raising(const char *kernel, int gin, const unsigned g[3], const unsigned b[3])
{
	if (!cudart_stats_on())
		return;
	label(kernel, gin, g, b);
	fprintf(stderr, "raising its module\n");
}

void cudart_stats_module(const char *kernel, int gin, const unsigned g[3], const unsigned b[3],
                         int cached, double raise_ms, double compile_ms)
{
	if (!cudart_stats_on())
		return;
	label(kernel, gin, g, b);
	fprintf(stderr, "module %s in %.1f ms, compiled in %.1f ms\n", cached ? "read" : "raised",
	        raise_ms, compile_ms);
}

/* The line of a specialisation after 1, 2, 4, ... launches (run or skipped). */
static void line(const CudartStats *s, const char *kernel, int gin, const unsigned g[3],
                 const unsigned b[3])
{
	uint64_t n = s->launches + s->skipped, ran = s->launches ? s->launches : 1;
	if (!cudart_stats_on() || (n & (n - 1)))
		return;
	label(kernel, gin, g, b);
	fprintf(stderr, "%llu launches, per launch %.2f ms run, %.2f ms copies", (unsigned long long)n,
	        s->run_ms / (double)ran, s->copy_ms / (double)ran);
	if (s->skipped)
		fprintf(stderr, ", %llu of them skipped: the result was already in place",
		        (unsigned long long)s->skipped);
	fputc('\n', stderr);
}

static void counted(void)
{
	if (total.launches++ == 0 && cudart_stats_on())
		atexit(summary);
}

void cudart_stats_launch(CudartStats *s, const char *kernel, int gin, const unsigned g[3],
                         const unsigned b[3], double run_ms, double copy_ms)
{
	counted();
	s->launches++;
	s->run_ms += run_ms;
	s->copy_ms += copy_ms;
	line(s, kernel, gin, g, b);
}

void cudart_stats_skipped(CudartStats *s, const char *kernel, int gin, const unsigned g[3],
                          const unsigned b[3])
{
	counted();
	total.skipped++;
	s->skipped++;
	line(s, kernel, gin, g, b);
}
