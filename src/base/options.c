/* options.c: parses the `cuda2hlo` command line of DESIGN.md into an Options record.
 * Bad usage is one line on stderr and status 2; nothing here touches a stage. */
#include "base.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char usage[] =
"usage: cuda2hlo [options] FILE.cu...\n"
"       cuda2hlo [options] A.cu B.cu... -o DIR     (a batch: every kernel of every file)\n"
"       cuda2hlo [options] -p compile_commands.json -o DIR   (a batch: its .cu files)\n"
"\n"
"Raise CUDA kernels into StableHLO (XLA) programs.\n"
"\n"
"  --kernel NAME         kernel to convert (repeatable); a template instance as 'k<3>'\n"
"  --grid X[,Y[,Z]]      launch grid (default: from a launch in the file's host code)\n"
"  --block X[,Y[,Z]]     launch block (default: from a launch in the host code)\n"
"  --shmem BYTES         dynamic shared memory of the launch (extern __shared__)\n"
"  --size BUF=N          number of elements of pointer parameter BUF (of its pointee\n"
"                        type: N float4 or N structs are a tensor of 4N, kN scalars)\n"
"  --offset BUF=BYTES    pointer parameter BUF starts BYTES into a cudaMalloc allocation\n"
"                        (256-byte aligned; default 0): what `(uintptr_t)p % 16` reads\n"
"  --set NAME=VALUE      bind a scalar parameter or struct field (g.nx) to a constant,\n"
"                        or a host variable a launch's grid or block is computed from;\n"
"                        a pointer parameter to 0: null (its tests are constants)\n"
"  --symbolic NAME       keep integer scalar NAME ('*': all without --set) a symbol (a\n"
"                        0-d input), the values for which accesses stay in bounds checked\n"
"                        at run time; an error where it would turn a dense access into a\n"
"                        gather (docs/symbolic.md); buffers without --size: tensor<?xT>\n"
"  -o PATH               output file (one module) or directory (several)\n"
"  --emit KIND           stablehlo (default), hlo, c, kir, loops, tensor\n"
"  --entry HOSTFN        convert a host function's launch sequence into one module\n"
"  --unroll N            with --entry: unroll host loops of at most N trips\n"
"  --mesh A=N[,B=M]      a device mesh of named axes (Shardy's sdy.mesh @mesh), for --shard\n"
"  --shard BUF=SPEC      shard buffer BUF over the mesh (repeatable): SPEC names an axis or\n"
"                        _ (not sharded) per dimension, e.g. u=x for the 1-D buffer, u=y,x\n"
"                        for its 2-D views; XLA partitions the module (docs/sharding.md)\n"
"  --report              print per kernel the strategy each store took, op counts\n"
"  --allow-races         report races as warnings instead of errors\n"
"  --rdc-source FILE     another .cu file of the program (nvcc -rdc=true / -dc): its\n"
"                        device functions are inlined where the file calls them;\n"
"                        repeatable\n"
"  --allow-printf        drop device printf statements, with a warning each (without\n"
"                        it their records are module outputs that cuda2hlo-run prints)\n"
"  --allow-oob           report out-of-bounds accesses as warnings instead of errors;\n"
"                        such a load then reads the nearest element of its buffer (of\n"
"                        the block's or thread's own copy for shared and local arrays)\n"
"                        and such a store is dropped\n"
"  --oob-check           an access out of bounds only for some values of an unbound\n"
"                        scalar is checked when the module runs (docs/bounds.md)\n"
"  --polly-check         cross-check the isl facts with Polly on the loopified C\n";

/* The flags after those (ISO C bounds one literal to 4095 bytes). */
static const char usage_more[] =
"  -I DIR, -D NAME[=V]   include folder, macro (as for clang)\n"
"  -std=STD              language standard for parsing (default c++17)\n"
"  -p PATH               compile_commands.json (or its folder): flags of the file's entry\n"
"                        (response files @FILE, --options-file FILE read); with no\n"
"                        FILE given, a batch over the database's .cu files\n"
"  -j N                  a batch runs N conversions at once (default: the CPUs)\n"
"  --cuda-path DIR       parse with that CUDA toolkit's headers instead of the bundled one\n"
"  --bundled-cuda        parse with the bundled CUDA header only, never a toolkit's\n"
"                        (default: bundled; a file that includes a header the bundled set\n"
"                        lacks, e.g. <cub/cub.cuh>, is parsed with the toolkit found in\n"
"                        $CUDA_PATH or /usr/local/cuda)\n"
"  --list-kernels        print the file's kernels, one a line (template instances as\n"
"                        launched; a template without a launch as 'k<...>'), and exit\n"
"  --clang-arg ARG       pass ARG to clang when parsing (repeatable)\n"
"  -v                    print stage timings on stderr, and clang's errors outside the\n"
"                        converted kernels (those do not stop a conversion); in a\n"
"                        batch, every conversion's messages\n"
"  --help, --version\n";

/* The rules after the flags (a second string: ISO C bounds one literal to 4095 bytes). */
static const char usage_notes[] =
"\n"
"Distinct pointer parameters of a kernel are assumed not to alias (as if __restrict__);\n"
"with --entry the host code shows which buffers are passed where.\n"
"Races and out-of-bounds accesses are errors when they happen for some thread of the\n"
"launch and some value of a scalar not bound by --set (docs/bounds.md).\n"
"Launch limits (CUDA, compute capability 9.0): grid x < 2^31, y and z <= 65535; block x\n"
"and y <= 1024, z <= 64, at most 1024 threads; shared memory 48 KiB static, 227 KiB in all.\n"
"--set values must fit their parameter's type; an option or name given twice is refused.\n"
"A batch (several files and -o DIR, or -p and no file) converts each kernel on its\n"
"own into DIR/FILE/KERNEL.mlir (FILE: the path below the inputs' common folder, without\n"
".cu), goes on past failures and prints one line per kernel and a summary\n"
"(docs/batch.md); its status is 1 when some kernel was refused.\n"
"Exit status: 0 success, 1 a diagnosed problem in the input, 2 bad usage\n"
"(docs/reliability.md).\n";

const char *options_usage(void)
{
	return usage;
}

static int bad(const char *fmt, const char *arg)
{
	fputs("cuda2hlo: ", stderr);
	fprintf(stderr, fmt, arg);
	fputs(" (see cuda2hlo --help)\n", stderr);
	return 2;
}

/* Parses "X[,Y[,Z]]" of positive ints into d[3], missing ones 1. */
static int parse_dims(const char *s, int d[3])
{
	char *end;
	int n = 0;

	d[0] = d[1] = d[2] = 1;
	for (;;) {
		long v;
		errno = 0;
		v = strtol(s, &end, 10);
		if (end == s || errno || v <= 0 || v > INT_MAX || n == 3)
			return -1;
		d[n++] = (int)v;
		if (*end == 0)
			return 0;
		if (*end != ',')
			return -1;
		s = end + 1;
	}
}

/* ---- CUDA's launch limits (base.h) ---- */

static char limit_msg[256];

const char *options_grid_error(const int g[3])
{
	/* x <= 2^31 - 1 = INT_MAX holds by g's type (parse_dims refuses more) */
	if (g[1] > CUDA_GRID_YZ_MAX || g[2] > CUDA_GRID_YZ_MAX) {
		snprintf(limit_msg, sizeof limit_msg, "grid (%d,%d,%d) exceeds CUDA's limits: x <= %lld, y and z <= %d",
		         g[0], g[1], g[2], CUDA_GRID_X_MAX, CUDA_GRID_YZ_MAX);
		return limit_msg;
	}
	return NULL;
}

const char *options_block_error(const int b[3])
{
	if (b[0] > CUDA_BLOCK_XY_MAX || b[1] > CUDA_BLOCK_XY_MAX || b[2] > CUDA_BLOCK_Z_MAX ||
	    (long long)b[0] * b[1] * b[2] > CUDA_BLOCK_THREADS_MAX) {
		snprintf(limit_msg, sizeof limit_msg, "block (%d,%d,%d) exceeds CUDA's limits: x and y <= %d, z <= %d, "
		         "at most %d threads", b[0], b[1], b[2], CUDA_BLOCK_XY_MAX, CUDA_BLOCK_Z_MAX, CUDA_BLOCK_THREADS_MAX);
		return limit_msg;
	}
	return NULL;
}

const char *options_threads_error(const int g[3], const int b[3])
{
	long double n = (long double)g[0] * g[1] * g[2] * b[0] * b[1] * b[2];

	if (n >= (long double)LAUNCH_THREADS_MAX) {
		snprintf(limit_msg, sizeof limit_msg, "grid (%d,%d,%d) of blocks (%d,%d,%d) is %.3Lg threads: "
		         "at most 2^62 are supported", g[0], g[1], g[2], b[0], b[1], b[2], n);
		return limit_msg;
	}
	return NULL;
}

const char *options_shmem_error(long long st, long long dyn)
{
	if (st > CUDA_SHMEM_STATIC_MAX)
		snprintf(limit_msg, sizeof limit_msg, "%lld bytes of static __shared__ memory exceed CUDA's %lld per block",
		         st, CUDA_SHMEM_STATIC_MAX);
	else if (dyn > CUDA_SHMEM_MAX - st)
		snprintf(limit_msg, sizeof limit_msg, "%lld bytes of shared memory (%lld static, %lld dynamic) exceed "
		         "the %lld per block of the device (227 KiB, opt-in)", st + dyn, st, dyn, CUDA_SHMEM_MAX);
	else
		return NULL;
	return limit_msg;
}

/* ---- --mesh and --shard (docs/sharding.md) ---- */

/* Length of the axis name at s (a C identifier), 0 when there is none. */
static size_t axis_name_len(const char *s)
{
	size_t n = 0;

	if (!(s[0] == '_' || (s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z')))
		return 0;
	while (s[n] == '_' || (s[n] >= 'a' && s[n] <= 'z') || (s[n] >= 'A' && s[n] <= 'Z') ||
	       (s[n] >= '0' && s[n] <= '9'))
		n++;
	return n;
}

/* Whether axis name[0..n) is one of mesh's axes ("x=4,y=2"). */
static int mesh_has_axis(const char *mesh, const char *name, size_t n)
{
	for (const char *s = mesh; s; s = strchr(s, ',') ? strchr(s, ',') + 1 : NULL)
		if (axis_name_len(s) == n && !strncmp(s, name, n))
			return 1;
	return 0;
}

/* "x=4[,y=2]": named axes of positive sizes, no name twice, at most 2^20 devices. */
static int check_mesh(const char *v)
{
	long long devices = 1;

	for (const char *s = v;;) {
		size_t n = axis_name_len(s);
		char *end;
		long k;
		if (!n || (n == 1 && s[0] == '_') || s[n] != '=')
			return bad("bad --mesh '%s': expected NAME=N[,NAME=N...] (an axis name, its size)", v);
		for (const char *t = v; t < s; t = strchr(t, ',') + 1)
			if (axis_name_len(t) == n && !strncmp(t, s, n))
				return bad("bad --mesh '%s': an axis is named twice", v);
		errno = 0;
		k = strtol(s + n + 1, &end, 10);
		if (end == s + n + 1 || errno || k <= 0 || (devices *= k) > (1 << 20))
			return bad("bad --mesh '%s': axis sizes must be positive, at most 2^20 devices in all", v);
		if (*end == 0)
			return 0;
		if (*end != ',')
			return bad("bad --mesh '%s': expected NAME=N[,NAME=N...] (an axis name, its size)", v);
		s = end + 1;
	}
}

/* SPEC of --shard BUF=SPEC: per dimension an axis of the mesh or _, no axis twice. */
static int check_shard(const char *mesh, const char *arg, const char *spec)
{
	for (const char *s = spec;;) {
		size_t n = axis_name_len(s);
		if (!n || (s[n] != 0 && s[n] != ','))
			return bad("bad --shard '%s': expected BUF=SPEC, SPEC an axis name or _ per dimension", arg);
		if (!(n == 1 && s[0] == '_')) {
			if (!mesh_has_axis(mesh, s, n))
				return bad("bad --shard '%s': an axis is not in --mesh", arg);
			for (const char *t = spec; t < s; t = strchr(t, ',') + 1)
				if (axis_name_len(t) == n && !strncmp(t, s, n))
					return bad("bad --shard '%s': an axis shards two dimensions", arg);
		}
		if (s[n] == 0)
			return 0;
		s += n + 1;
	}
}

/* --shard needs --mesh (given anywhere on the line) and StableHLO output. */
static int check_sharding(const Options *o)
{
	if (!o->shards.len && !o->mesh)
		return 0;
	if (!o->mesh)
		return bad("%s", "--shard needs --mesh");
	if (o->emit != EMIT_STABLEHLO)
		return bad("--mesh/--shard: sharding annotations are StableHLO (Shardy), not --emit %s",
		           options_emit_name(o->emit));
	for (size_t i = 0; i < o->shards.len; i++) {
		char arg[512];
		snprintf(arg, sizeof arg, "%s=%s", o->shards.data[i].name, o->shards.data[i].value);
		if (check_shard(o->mesh, arg, o->shards.data[i].value))
			return 2;
	}
	return 0;
}

/* ---- the command line ---- */

static const char *lookup(const NameValue *nv, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)      /* a name is given once (options_parse) */
		if (!strcmp(nv[i].name, name))
			return nv[i].value;
	return NULL;
}

static int parse_nv(const char *s, NameValue *nv)
{
	const char *eq = strchr(s, '=');

	if (!eq || eq == s || !eq[1])
		return -1;
	nv->name = strndup(s, (size_t)(eq - s));
	nv->value = eq + 1;
	return 0;
}

/* `BUF=N` (--size, --offset) with N a decimal integer >= min: 0, with the name in nv;
 * else nothing kept: 1 when N does not fit in 64 bits, -1 for any other mistake. */
static int buf_number(const char *v, NameValue *nv, long long min)
{
	char *end;
	long long n;

	if (parse_nv(v, nv))
		return -1;
	errno = 0;
	n = strtoll(nv->value, &end, 10);
	if (errno || n < min || *end || end == nv->value) {
		free((char *)nv->name);
		return errno ? 1 : -1;
	}
	return 0;
}

static const char *emit_names[] = {"stablehlo", "hlo", "c", "kir", "loops", "tensor"};

const char *options_emit_name(EmitKind k)
{
	return emit_names[k];
}

/* Options that take one value: given twice is bad usage, not "the last one wins". */
static const char *const single[] = {"--grid", "--block", "--shmem", "--emit", "--entry",
	"--unroll", "--cuda-path", "-o", "-p", "-std=", "--mesh", "-j"};

/* 2 (after the message) when option `name` was seen before; marks it seen. */
static int once(unsigned *seen, const char *name)
{
	for (unsigned k = 0; k < sizeof single / sizeof *single; k++)
		if (!strcmp(single[k], name)) {
			if (*seen & 1u << k)
				return bad("option '%s' given twice", name);
			*seen |= 1u << k;
		}
	return 0;
}

/* Returns the argument of option `name` at argv[*i]: "--x V", "--x=V" (long) or "-xV". */
static const char *optarg_of(int argc, char **argv, int *i, const char *name, int *err, unsigned *seen)
{
	const char *a = argv[*i];
	size_t n = strlen(name);

	*err = 0;
	if (strncmp(a, name, n))
		return NULL;
	if ((a[n] == 0 || (a[n] == '=' && name[1] == '-') || (name[1] != '-' && n == 2)) &&
	    (*err = once(seen, name)))
		return NULL;
	if (a[n] == 0) {
		if (*i + 1 >= argc) {
			*err = bad("option '%s' needs an argument", name);
			return NULL;
		}
		return argv[++*i];
	}
	if (a[n] == '=' && name[1] == '-')
		return a + n + 1;
	if (name[1] != '-' && strlen(name) == 2)
		return a + n;      /* -IDIR, -DNAME */
	return NULL;
}

static int parse_one(Options *o, int argc, char **argv, int *i, unsigned *seen)
{
	const char *a = argv[*i], *v;
	int err;
	NameValue nv;

#define OPT(name) ((v = optarg_of(argc, argv, i, name, &err, seen)) != NULL || err)
	if (OPT("--kernel")) {
		if (err) return err;
		VEC_PUSH(o->kernels, v);
	} else if (OPT("--grid")) {
		if (err) return err;
		if (parse_dims(v, o->grid))
			return bad("bad --grid '%s': expected X[,Y[,Z]] of positive integers below 2^31", v);
		if (options_grid_error(o->grid))
			return bad("bad --grid: %s", options_grid_error(o->grid));
		o->have_grid = 1;
	} else if (OPT("--block")) {
		if (err) return err;
		if (parse_dims(v, o->block))
			return bad("bad --block '%s': expected X[,Y[,Z]] of positive integers", v);
		if (options_block_error(o->block))
			return bad("bad --block: %s", options_block_error(o->block));
		o->have_block = 1;
	} else if (OPT("--shmem")) {
		if (err) return err;
		char *end;
		long long n;
		errno = 0;
		n = strtoll(v, &end, 10);
		if (end == v || *end || n < 0 || errno)
			return bad("bad --shmem '%s': expected a byte count", v);
		if (options_shmem_error(0, n))
			return bad("bad --shmem: %s", options_shmem_error(0, n));
		o->shmem = n;
		o->have_shmem = 1;
	} else if (OPT("--size")) {
		if (err) return err;
		int r = buf_number(v, &nv, 1);
		if (r)
			return bad(r > 0 ? "bad --size '%s': N does not fit in 64 bits" : "bad --size '%s': expected BUF=N with N > 0", v);
		if (lookup(o->sizes.data, o->sizes.len, nv.name)) {
			free((char *)nv.name);
			return bad("--size '%s': that buffer's size is given twice", v);
		}
		VEC_PUSH(o->sizes, nv);
	} else if (OPT("--offset")) {
		if (err) return err;
		if (buf_number(v, &nv, 0))
			return bad("bad --offset '%s': expected BUF=BYTES with BYTES >= 0", v);
		if (lookup(o->offsets.data, o->offsets.len, nv.name)) {
			free((char *)nv.name);
			return bad("--offset '%s': that buffer's offset is given twice", v);
		}
		VEC_PUSH(o->offsets, nv);
	} else if (OPT("--set")) {
		if (err) return err;
		if (parse_nv(v, &nv))
			return bad("bad --set '%s': expected NAME=VALUE", v);
		if (lookup(o->sets.data, o->sets.len, nv.name)) {
			free((char *)nv.name);
			return bad("--set '%s': that name is set twice", v);
		}
		VEC_PUSH(o->sets, nv);
	} else if (OPT("--symbolic")) {
		if (err) return err;
		for (size_t i = 0; i < o->symbolic.len; i++)
			if (!strcmp(o->symbolic.data[i], v))
				return bad("--symbolic '%s': that name is given twice", v);
		VEC_PUSH(o->symbolic, v);
	} else if (OPT("--emit")) {
		if (err) return err;
		size_t k;
		for (k = 0; k < sizeof emit_names / sizeof *emit_names; k++)
			if (!strcmp(v, emit_names[k]))
				break;
		if (k == sizeof emit_names / sizeof *emit_names)
			return bad("unknown --emit '%s': expected stablehlo, hlo, c, kir, loops or tensor", v);
		o->emit = (EmitKind)k;
	} else if (OPT("--entry")) {
		if (err) return err;
		o->entry = v;
	} else if (OPT("--mesh")) {
		if (err) return err;
		if (check_mesh(v))
			return 2;
		o->mesh = v;
	} else if (OPT("--shard")) {
		if (err) return err;
		if (parse_nv(v, &nv))
			return bad("bad --shard '%s': expected BUF=SPEC", v);
		if (lookup(o->shards.data, o->shards.len, nv.name)) {
			free((char *)nv.name);
			return bad("--shard '%s': that buffer is sharded twice", v);
		}
		VEC_PUSH(o->shards, nv);
	} else if (OPT("--unroll")) {
		if (err) return err;
		char *end;
		long n = strtol(v, &end, 10);
		if (*end || n < 0 || n > 1000000)
			return bad("bad --unroll '%s': expected a count", v);
		o->unroll = (int)n;
	} else if (OPT("--cuda-path")) {
		if (err) return err;
		o->cuda_path = v;
	} else if (OPT("--rdc-source")) {
		if (err) return err;
		VEC_PUSH(o->rdc_sources, v);
	} else if (OPT("--clang-arg")) {
		if (err) return err;
		VEC_PUSH(o->extra_args, v);
	} else if (OPT("-o")) {
		if (err) return err;
		o->output = v;
	} else if (OPT("-I")) {
		if (err) return err;
		VEC_PUSH(o->includes, v);
	} else if (OPT("-D")) {
		if (err) return err;
		VEC_PUSH(o->defines, v);
	} else if (OPT("-p")) {
		if (err) return err;
		o->compdb = v;
	} else if (OPT("-j")) {
		if (err) return err;
		char *end;
		long n;
		errno = 0;
		n = strtol(v, &end, 10);
		if (end == v || *end || errno || n < 1 || n > 1024)
			return bad("bad -j '%s': expected a count of jobs from 1 to 1024", v);
		o->jobs = (int)n;
	} else if (!strncmp(a, "-std=", 5)) {
		if ((err = once(seen, "-std=")))
			return err;
		o->std = a + 5;
	} else if (!strcmp(a, "--report")) {
		o->report = 1;
	} else if (!strcmp(a, "--allow-races")) {
		o->allow_races = 1;
	} else if (!strcmp(a, "--allow-printf")) {
		o->allow_printf = 1;
	} else if (!strcmp(a, "--allow-oob")) {
		o->allow_oob = 1;
	} else if (!strcmp(a, "--oob-check")) {
		o->oob_check = 1;
	} else if (!strcmp(a, "--polly-check")) {
		o->polly_check = 1;
	} else if (!strcmp(a, "--bundled-cuda")) {
		o->bundled_cuda = 1;
	} else if (!strcmp(a, "--list-kernels")) {
		o->list_kernels = 1;
	} else if (!strcmp(a, "-v")) {
		o->verbose = 1;
	} else if (a[0] == '-' && a[1]) {
		return bad("unknown option '%s'", a);
	} else {
		VEC_PUSH(o->files, a);
	}
#undef OPT
	return 0;
}

int options_parse(Options *o, int argc, char **argv)
{
	unsigned seen = 0;

	memset(o, 0, sizeof *o);
	for (int i = 1; i < argc; i++) {
		int r;
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			fputs(usage, stdout);
			fputs(usage_more, stdout);
			fputs(usage_notes, stdout);
			options_free(o);
			return 1;
		}
		if (!strcmp(argv[i], "--version")) {
			puts("cuda2hlo 0.1");
			options_free(o);
			return 1;
		}
		if ((r = parse_one(o, argc, argv, &i, &seen)) != 0) {
			options_free(o);
			return r;
		}
	}
	if (!o->files.len && !o->compdb) {
		options_free(o);
		return bad("%s", "no input file");
	}
	if (check_sharding(o)) {
		options_free(o);
		return 2;
	}
	if (!o->files.len && !o->output) {
		options_free(o);
		return bad("%s", "-p with no input file is a batch over the database: give -o DIR");
	}
	if (o->symbolic.len && o->emit == EMIT_HLO) {
		options_free(o);
		return bad("--symbolic writes StableHLO: its shape assertion (custom_call "
		           "@shape_assertion) has no HLO text form%s", "");
	}
	for (size_t i = 0; i < o->symbolic.len; i++)
		if (lookup(o->sets.data, o->sets.len, o->symbolic.data[i])) {
			const char *name = o->symbolic.data[i];
			options_free(o);
			return bad("--symbolic '%s' is also given to --set: a name is either bound or symbolic", name);
		}
	if (o->have_grid && o->have_block && options_threads_error(o->grid, o->block)) {
		options_free(o);
		return bad("bad --grid/--block: %s", options_threads_error(o->grid, o->block));
	}
	return 0;
}

void options_free(Options *o)
{
	for (size_t i = 0; i < o->sizes.len; i++)
		free((char *)o->sizes.data[i].name);
	for (size_t i = 0; i < o->offsets.len; i++)
		free((char *)o->offsets.data[i].name);
	for (size_t i = 0; i < o->sets.len; i++)
		free((char *)o->sets.data[i].name);
	for (size_t i = 0; i < o->shards.len; i++)
		free((char *)o->shards.data[i].name);
	VEC_FREE(o->shards);
	VEC_FREE(o->files);
	VEC_FREE(o->kernels);
	VEC_FREE(o->rdc_sources);
	VEC_FREE(o->sizes);
	VEC_FREE(o->offsets);
	VEC_FREE(o->sets);
	VEC_FREE(o->symbolic);
	VEC_FREE(o->includes);
	VEC_FREE(o->defines);
	VEC_FREE(o->extra_args);
}


const char *options_get_set(const Options *o, const char *name)
{
	return lookup(o->sets.data, o->sets.len, name);
}

const char *options_get_size(const Options *o, const char *name)
{
	return lookup(o->sizes.data, o->sizes.len, name);
}

const char *options_get_offset(const Options *o, const char *name)
{
	return lookup(o->offsets.data, o->offsets.len, name);
}

int options_is_batch(const Options *o)
{
	int many = o->files.len > 1 || (o->compdb && !o->files.len);
	return many && o->output && strcmp(o->output, "-") && !o->list_kernels && o->emit != EMIT_KIR && !o->entry;
}

const char *options_input_at(const Options *o, const char *path)
{
	struct stat out, in;

	if (stat(path, &out))
		return NULL;        /* nothing there yet: it cannot be an input */
	for (size_t i = 0; i < o->files.len; i++)
		if (!stat(o->files.data[i], &in) && in.st_dev == out.st_dev && in.st_ino == out.st_ino)
			return o->files.data[i];
	return NULL;
}
