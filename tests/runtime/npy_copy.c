/* npy_copy.c: test helper for npy_numpy_test.py. Reads IN.npy with runtime/npy.c and
 * writes it to OUT.npy with the same; prints "dtype ndim d0 d1 ..." of what it read.
 * On a read error prints the message and exits 1. */
#include <stdio.h>

#include "runtime.h"

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: npy_copy IN.npy OUT.npy\n");
		return 2;
	}
	NpyArray a;
	char msg[NPY_MSG_MAX];
	if (npy_read_file(argv[1], &a, msg) != NPY_OK) {
		fprintf(stderr, "%s\n", msg);
		return 1;
	}
	printf("%s %d", npy_dtype_name(a.dtype), a.ndim);
	for (int d = 0; d < a.ndim; d++)
		printf(" %lld", (long long)a.shape[d]);
	printf("\n");
	int rc = npy_write_file(argv[2], &a, msg) == NPY_OK ? 0 : 1;
	if (rc)
		fprintf(stderr, "%s\n", msg);
	npy_array_free(&a);
	return rc;
}
