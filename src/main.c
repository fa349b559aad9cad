/* main.c: the cuda2hlo pipeline as a flat list of calls, one line per stage, with a
 * check of the diagnostic count after each (DESIGN.md, "Pipeline"): a stage that reports
 * an error stops the conversion with exit 1.
 * Output goes to a fresh temporary file beside -o PATH and is renamed at the end, so a
 * failure never leaves a partial or clobbered file (output.c); -o naming an input is
 * refused before anything runs. */
#include "base.h"
#include "frontend.h"
#include "loopify.h"
#include "poly.h"
#include "raise.h"
#include "hlo_emit.h"

#include "driver.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Writes text to o->output (file_write_atomic: a fresh temporary file + rename) or stdout. */
static int write_output(const Options *o, const char *text, size_t len)
{
	if (!o->output || !strcmp(o->output, "-")) {
		fwrite(text, 1, len, stdout);
		return fflush(stdout) ? 1 : 0;
	}
	return file_write_atomic(o->output, text, len);
}

#define STAGE_OK() do { if (diag_error_count()) goto fail; } while (0)

/* -v: "cuda2hlo: STAGE N.NNN s" on stderr, the time since the last mark. */
static void mark(const Options *o, const char *stage)
{
	static struct timespec last;
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	if (o->verbose && stage)
		fprintf(stderr, "cuda2hlo: %-9s %.3f s\n", stage,
		        (double)(now.tv_sec - last.tv_sec) + (double)(now.tv_nsec - last.tv_nsec) * 1e-9);
	last = now;
}

static int convert(const Options *o, const char *file, StrBuf *out)
{
	Arena *a = arena_new();
	int rc = 1;
	mark(o, NULL);
	KirProgram *kir = frontend_parse(a, o->entry ? frontend_entry_options(a, o) : o, file);
	mark(o, "frontend");
	STAGE_OK();
	if (o->list_kernels) {
		for (size_t i = 0; i < kir->nkernels; i++)
			sb_printf(out, "%s\n", kir->kernels[i].name);
		rc = 0;
		goto done;
	}
	if (o->emit == EMIT_KIR) {
		frontend_print_kir(out, kir);
		rc = 0;
		goto done;
	}
	LoopProgram *loops = o->entry && o->emit != EMIT_LOOPS && o->emit != EMIT_C ? NULL : loopify_program(a, o, kir);
	mark(o, "loopify");
	STAGE_OK();
	if (o->polly_check) {
		poly_polly_check(o, loops);
		mark(o, "polly");
	}
	if (o->emit == EMIT_LOOPS || o->emit == EMIT_C) {
		if (o->emit == EMIT_LOOPS)
			loopify_print(out, loops);
		else if (!loopify_print_c(out, loops)) {
			rc = 1;
			goto done;
		}
		rc = 0;
		goto done;
	}
	if (!o->entry && loops->nkernels > 1 && o->output) {   /* one module per kernel in DIR */
		if (o->mesh) {
			SrcLoc at = {file, 0, 0};
			diag_error(at, "--mesh/--shard annotate one module: convert one kernel "
			           "(--kernel NAME) or a host function (--entry)");
			goto fail;
		}
		rc = raise_write_modules(a, o, loops) ? 1 : -1;
		mark(o, "raise+emit");
		goto done;
	}
	TModule *mod = o->entry ? raise_host(a, o, kir) : raise_program(a, o, loops);
	mark(o, "raise");
	STAGE_OK();
	if (o->mesh && hlo_shard(mod, o->mesh, o->shards.data, o->shards.len)) {
		raise_module_destroy(mod);
		goto fail;
	}
	if (o->report)
		raise_report(stderr, mod);
	if (o->emit == EMIT_HLO)
		hlo_emit_hlo(out, mod);
	else
		hlo_emit_stablehlo(out, mod);
	mark(o, "emit");
	raise_module_destroy(mod);
	rc = 0;
	goto done;
fail:
	rc = 1;
done:
	arena_free(a);
	return rc;
}

/* The conversion of every input, run on a thread with a big stack (base/stack.c). */
typedef struct {
	const Options *o;
	StrBuf *out;
} Job;

static int convert_all(void *p)
{
	Job *j = p;
	int rc = 0;

	for (size_t i = 0; i < j->o->files.len && rc == 0; i++)
		rc = convert(j->o, j->o->files.data[i], j->out);
	return rc;
}

/* 1 GiB of reserved stack: libclang's parser and our lowering recurse along the input's
 * nesting, and 2000 nested parentheses (clang's limit is 2048) overflow 8 MiB. */
#define CONVERT_STACK ((size_t)1 << 30)

/* One conversion of o's files to o->output: the exit status (batch.c runs one per kernel). */
static int convert_to_output(const Options *o)
{
	StrBuf out = {0};
	Job job = {o, &out};
	int rc;

	if (o->output && strcmp(o->output, "-") && options_input_at(o, o->output)) {
		fprintf(stderr, "cuda2hlo: -o '%s' is the input file '%s': refusing to overwrite it\n",
		        o->output, options_input_at(o, o->output));
		return 2;
	}
	rc = run_on_big_stack(CONVERT_STACK, convert_all, &job);
	if (rc == 0)
		rc = write_output(o, sb_str(&out), out.len);
	if (rc < 0)
		rc = 0;     /* the modules are written already (several kernels, -o DIR) */
	if (o->verbose && rc == 0)
		mark(o, "write");
	sb_free(&out);
	return rc;
}

int main(int argc, char **argv)
{
	Options o;
	int rc;

	diag_init(stderr, isatty(2) && getenv("NO_COLOR") == NULL);
	rc = options_parse(&o, argc, argv);
	if (rc)
		return rc == 1 ? 0 : 2;
	if (o.entry && o.files.len > 1 && o.output && o.emit != EMIT_KIR) {
		fprintf(stderr, "cuda2hlo: --entry converts one file: give one FILE.cu\n");
		rc = 2;
	} else if (options_is_batch(&o))
		rc = batch_run(&o, convert_to_output);
	else
		rc = convert_to_output(&o);
	options_free(&o);
	return rc;
}
