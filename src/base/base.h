/* base.h: the public surface of src/base, the layer every stage sits on.
 * Sections follow the .c files: arena.c, vec (header only), strbuf.c, map.c, diag.c,
 * util.c. Nothing here knows about CUDA, isl or XLA. */
#ifndef CUDA2HLO_BASE_H
#define CUDA2HLO_BASE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#if defined(__GNUC__)
#define C2H_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define C2H_NORETURN __attribute__((noreturn))
#else
#define C2H_PRINTF(f, a)
#define C2H_NORETURN
#endif

/* ---- util.c: internal errors (our own broken invariants, never user errors) ---- */

C2H_NORETURN void die_at(const char *file, int line, const char *fmt, ...) C2H_PRINTF(3, 4);
#define die(...) die_at(__FILE__, __LINE__, __VA_ARGS__)
#define ASSERT(c) ((c) ? (void)0 : die("assertion failed: %s", #c))
void *xmalloc(size_t n);          /* never returns NULL */
void *xcalloc(size_t n, size_t m);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
/* Reads a whole file; returns NULL (errno set) on failure. *len excludes the added NUL. */
char *file_read_all(const char *path, size_t *len);

/* ---- arena.c: bump allocation, everything freed at once ---- */

typedef struct Arena Arena;
Arena *arena_new(void);
void arena_free(Arena *a);                           /* frees every block */
void *arena_alloc(Arena *a, size_t n);               /* zeroed, aligned to 16 */
char *arena_strdup(Arena *a, const char *s);
char *arena_strndup(Arena *a, const char *s, size_t n);
char *arena_printf(Arena *a, const char *fmt, ...) C2H_PRINTF(2, 3);
size_t arena_used(const Arena *a);                   /* bytes handed out, for tests */
/* arena_mark, then arena_release(a, mark): everything allocated after the mark is freed
 * (its blocks returned), what came before stays; marks nest like a stack. */
typedef struct ArenaMark {
	void *head, *next;
	size_t used, total;
} ArenaMark;
ArenaMark arena_mark(const Arena *a);
void arena_release(Arena *a, ArenaMark m);
#define ARENA_NEW(a, T) ((T *)arena_alloc((a), sizeof(T)))
#define ARENA_ARRAY(a, T, n) ((T *)arena_alloc((a), sizeof(T) * (size_t)(n)))

/* ---- vec: growable arrays on the heap. Declare `VEC(int) v = {0};` ----
 * Fields: v.data, v.len, v.cap. VEC_FREE releases. Elements move when it grows. */

#define VEC(T) struct { T *data; size_t len, cap; }
#define VEC_PUSH(v, x) \
	do { \
		if ((v).len == (v).cap) { \
			(v).cap = (v).cap ? 2 * (v).cap : 8; \
			(v).data = xrealloc((v).data, (v).cap * sizeof(*(v).data)); \
		} \
		(v).data[(v).len++] = (x); \
	} while (0)
#define VEC_POP(v) ((v).data[--(v).len])
#define VEC_LAST(v) ((v).data[(v).len - 1])
#define VEC_FREE(v) (free((v).data), (v).data = NULL, (v).len = (v).cap = 0)

/* ---- strbuf.c: a growing NUL-terminated string ---- */

typedef struct StrBuf {
	char *s;     /* always NUL-terminated once anything was appended; may be NULL */
	size_t len, cap;
} StrBuf;
void sb_append(StrBuf *b, const char *s);
void sb_appendn(StrBuf *b, const char *s, size_t n);
void sb_putc(StrBuf *b, char c);
void sb_printf(StrBuf *b, const char *fmt, ...) C2H_PRINTF(2, 3);
void sb_vprintf(StrBuf *b, const char *fmt, va_list ap);
void sb_indent(StrBuf *b, int n);                    /* n*2 spaces */
const char *sb_str(StrBuf *b);                       /* "" when empty */
char *sb_take(StrBuf *b);                            /* caller frees; b becomes empty */
void sb_clear(StrBuf *b);                            /* keep capacity */
void sb_free(StrBuf *b);

/* ---- map.c: string -> pointer hash map (open addressing); keys are copied.
 * Iteration order (map_next) is insertion order, so output stays deterministic. */

typedef struct Map Map;
Map *map_create(void);
void map_destroy(Map *m);
void *map_get(const Map *m, const char *key);        /* NULL when absent */
int map_has(const Map *m, const char *key);
void map_put(Map *m, const char *key, void *val);    /* inserts or replaces */
size_t map_len(const Map *m);
/* for (size_t it = 0; map_next(m, &it, &k, &v);) ... in insertion order */
int map_next(const Map *m, size_t *it, const char **key, void **val);

/* ---- diag.c: user-facing diagnostics in clang's format ----
 *   file:line:col: error: message
 *     source line
 *         ^
 *   file:line:col: note: ...
 * Source text is read from the file (cached), or registered with diag_add_source. */

typedef struct SrcLoc {
	const char *file;    /* NULL: no location */
	int line, col;       /* 1-based; 0 when unknown */
} SrcLoc;

typedef enum { DIAG_ERROR, DIAG_WARNING, DIAG_NOTE } DiagKind;

void diag_init(FILE *out, int color);                /* default: stderr, no color */
void diag_add_source(const char *file, const char *text);   /* text is copied */
void diag_report(DiagKind k, SrcLoc loc, const char *fmt, ...) C2H_PRINTF(3, 4);
void diag_vreport(DiagKind k, SrcLoc loc, const char *fmt, va_list ap);
#define diag_error(loc, ...) diag_report(DIAG_ERROR, (loc), __VA_ARGS__)
#define diag_warning(loc, ...) diag_report(DIAG_WARNING, (loc), __VA_ARGS__)
#define diag_note(loc, ...) diag_report(DIAG_NOTE, (loc), __VA_ARGS__)
int diag_error_count(void);
int diag_warning_count(void);
void diag_reset(void);                               /* counts to 0, cache dropped */
/* Warnings become errors (a --Werror style flag). */
void diag_set_werror(int on);
static inline SrcLoc srcloc(const char *file, int line, int col)
{
	SrcLoc l = {file, line, col};
	return l;
}
#define NOLOC ((SrcLoc){0})

/* ---- output.c: output files ----
 * Writes path through a fresh mkstemp file beside it and a rename: never through a
 * symlink, never a partial file. 0 on success; 1 after a diagnostic (the path unchanged). */
int file_write_atomic(const char *path, const char *text, size_t len);

/* ---- stack.c: a thread with a large stack ----
 * Runs fn(arg) on a new thread whose stack is `bytes` long, waits, returns its result. */
int run_on_big_stack(size_t bytes, int (*fn)(void *), void *arg);

/* ---- options.c: the command line of `cuda2hlo` (DESIGN.md, "Command line") ----
 * Parsed once by main.c; every stage reads it, none writes it. */

typedef enum {
	EMIT_STABLEHLO, EMIT_HLO, EMIT_C, EMIT_KIR, EMIT_LOOPS, EMIT_TENSOR
} EmitKind;

typedef struct NameValue {
	const char *name;    /* "n", "g.nx", "u" */
	const char *value;   /* text as given: "1000", "2.5" */
} NameValue;

typedef struct Options {
	VEC(const char *) files;       /* input .cu files */
	VEC(const char *) kernels;     /* --kernel, may be 'box_blur<3>' */
	VEC(const char *) rdc_sources; /* --rdc-source FILE: another .cu of the program (-rdc) */
	int grid[3], block[3];         /* 0 when not given (else all three set, 1-filled) */
	int have_grid, have_block;
	long long shmem;               /* --shmem BYTES: dynamic shared memory of the launch */
	int have_shmem;
	VEC(NameValue) sizes;          /* --size BUF=N */
	VEC(NameValue) offsets;        /* --offset BUF=BYTES: BUF's start in its allocation */
	VEC(NameValue) sets;           /* --set NAME=VALUE */
	VEC(const char *) symbolic;    /* --symbolic NAME: kept a symbol, bounds as assertions */
	VEC(const char *) includes;    /* -I DIR */
	VEC(const char *) defines;     /* -D NAME[=V], as given after -D */
	VEC(const char *) extra_args;  /* -Xclang-style pass-through: --clang-arg ARG */
	const char *std;               /* -std=c++17 etc., NULL: default */
	const char *compdb;            /* -p compile_commands.json (file or its folder) */
	const char *cuda_path;         /* --cuda-path DIR: use a toolkit's headers */
	int bundled_cuda;              /* --bundled-cuda: never a toolkit's headers */
	int list_kernels;              /* --list-kernels: print the kernels, convert nothing */
	const char *output;            /* -o PATH */
	const char *entry;             /* --entry HOSTFN */
	const char *mesh;              /* --mesh x=4[,y=2]: the device mesh (checked) */
	VEC(NameValue) shards;         /* --shard BUF=DIMSPEC: axis names or _ per dim (checked) */
	EmitKind emit;
	int report;                    /* --report */
	int allow_races;               /* --allow-races: races are warnings */
	int allow_printf;              /* --allow-printf: a device printf statement is dropped with a warning */
	int allow_oob;                 /* --allow-oob: out-of-bounds accesses are warnings */
	int oob_check;                 /* --oob-check: an access out of bounds for some values
	                                * of the unbound scalars is checked at run time */
	int polly_check;               /* --polly-check */
	int unroll;                    /* --unroll N (host loops), 0: never */
	int verbose;                   /* -v: timings per stage on stderr */
	int jobs;                      /* -j N: conversions at once in a batch, 0: the CPUs */
	int batch_item;                /* one kernel of a batch: a --set/--size naming no
	                                  parameter of it is no error (it names another's) */
} Options;

/* Parses argv into *o. Returns 0 on success, 2 on bad usage (message already printed to
 * stderr as one line), 1 for --help/--version handled (printed to stdout; exit 0). */
int options_parse(Options *o, int argc, char **argv);
void options_free(Options *o);
const char *options_usage(void);
const char *options_emit_name(EmitKind k);
/* Lookup helpers: NULL when absent. */
const char *options_get_set(const Options *o, const char *name);
const char *options_get_size(const Options *o, const char *name);
const char *options_get_offset(const Options *o, const char *name);
/* CUDA's limits on a launch, compute capability 9.0 (CUDA C++ Programming Guide,
 * "Features and Technical Specifications"), checked on --grid/--block/--shmem (exit 2)
 * and on every launch the frontend takes from host code (a located error). */
#define CUDA_GRID_X_MAX 2147483647LL      /* 2^31 - 1 */
#define CUDA_GRID_YZ_MAX 65535
#define CUDA_BLOCK_XY_MAX 1024
#define CUDA_BLOCK_Z_MAX 64
#define CUDA_BLOCK_THREADS_MAX 1024
#define CUDA_SHMEM_STATIC_MAX 49152LL     /* 48 KiB of static __shared__ per block */
#define CUDA_SHMEM_MAX 232448LL           /* 227 KiB with the opt-in (H100) */
#define LAUNCH_THREADS_MAX (1LL << 62)    /* ours: a launch's index arithmetic stays in int64 */
/* NULL when within the limits, else a message (a static buffer) saying which and why. */
const char *options_grid_error(const int grid[3]);
const char *options_block_error(const int block[3]);
const char *options_threads_error(const int grid[3], const int block[3]);
const char *options_shmem_error(long long static_bytes, long long dynamic_bytes);
/* 1 when o asks for a batch (batch.c): several files, or -p and none, and -o DIR. */
int options_is_batch(const Options *o);
/* The input file that path is (the same device and inode, so also through a link or
 * another spelling), or NULL: an output there would destroy it. */
const char *options_input_at(const Options *o, const char *path);

#endif
