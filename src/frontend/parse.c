/* parse.c: the entry point of the frontend (placeholder until the lowering lands). */
#include "frontend.h"

KirProgram *frontend_parse(Arena *a, const Options *o, const char *file)
{
	(void)a;
	(void)o;
	diag_error(srcloc(file, 0, 0), "the CUDA frontend is not implemented yet");
	return NULL;
}
