/* npy_fuzz.c: libFuzzer harness for the .npy reader (runtime/npy.c, npy_read_mem).
 *
 * Consumes arbitrary bytes as a .npy file. A status other than NPY_OK is a normal
 * outcome; when the reader accepts, the array's byte count must match its shape and
 * dtype and it is written back and read again to the same bytes. */
#include "runtime.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	NpyArray a;
	char msg[NPY_MSG_MAX];
	if (npy_read_mem(data, size, &a, msg) != NPY_OK)
		return 0;
	size_t n = npy_dtype_size(a.dtype);
	for (int d = 0; d < a.ndim; d++)
		n *= (size_t)a.shape[d];
	if (n != a.nbytes)
		abort();   /* the reader's own invariant */
	uint8_t *out;
	size_t len;
	if (npy_write_mem(&a, &out, &len, msg) == NPY_OK) {
		NpyArray b;
		if (npy_read_mem(out, len, &b, msg) != NPY_OK || b.nbytes != a.nbytes || b.ndim != a.ndim ||
		    (a.nbytes && memcmp(a.data, b.data, a.nbytes) != 0))
			abort();
		npy_array_free(&b);
		free(out);
	}
	npy_array_free(&a);
	return 0;
}
