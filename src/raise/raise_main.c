/* raise_main.c: cuda2hlo-raise, a development driver with cuda2hlo's command line:
 * frontend -> raise (from the kernel IR, no loopify) -> StableHLO text. It lets the raise
 * stage be tested end to end while the loopify stage is being built; the product is
 * cuda2hlo (src/main.c). */
#include "raise.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int write_file(const char *path, const char *text, size_t len)
{
	if (!path || !strcmp(path, "-")) {
		fwrite(text, 1, len, stdout);
		return 0;
	}
	return file_write_atomic(path, text, len);
}

int main(int argc, char **argv)
{
	Options o;
	int rc = options_parse(&o, argc, argv);
	Arena *a;
	KirProgram *kp;
	TModule *m = NULL;
	StrBuf out = {0};
	if (rc)
		return rc == 1 ? 0 : 2;
	diag_init(stderr, 0);
	a = arena_new();
	kp = frontend_parse(a, &o, o.files.data[0]);
	if (kp && !diag_error_count() && kp->nkernels > 0) {
		KirKernel *k = &kp->kernels[0];
		int64_t g[3], b[3];
		for (int i = 0; i < 3; i++) {
			g[i] = k->grid[i];
			b[i] = k->block[i];
		}
		if (!k->have_grid || !k->have_block)
			diag_error(k->loc, "launch of '%s' unknown: give --grid and --block", k->name);
		else
			m = raise_kir_kernel(&o, k, g, b);
	}
	if (m && !diag_error_count()) {
		if (o.report)
			raise_report(stderr, m);
		if (o.emit == EMIT_HLO)
			hlo_emit_hlo(&out, m);
		else
			hlo_emit_stablehlo(&out, m);
		rc = write_file(o.output, sb_str(&out), out.len);
	} else {
		rc = 1;
	}
	sb_free(&out);
	arena_free(a);
	options_free(&o);
	return rc;
}
