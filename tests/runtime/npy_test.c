/* npy_test.c: cmocka tables for runtime/npy.c.
 * Each reader row is a header dict (wrapped here in the preamble of the given format
 * version) and a data length, with the status, message fragment, dtype and shape the
 * .npy format specification (numpy/lib/format.py) says it must give. Writer rows give an
 * array and the exact header text numpy writes for it. Closing line: N passed, N failed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "runtime.h"

static int npassed, nfailed;

static void check(int ok, const char *row, const char *what)
{
	if (ok) {
		npassed++;
	} else {
		nfailed++;
		print_error("row '%s': %s\n", row, what);
	}
}

typedef struct ReadRow {
	const char *name;
	int major, minor;
	const char *header;       /* dict text; padded with spaces and '\n' to 64 bytes */
	size_t ndata;             /* data bytes after the header */
	NpyStatus want;
	const char *msg;          /* fragment of the message, NULL for success */
	NpyDtype dtype;
	int ndim;
	int64_t shape[3];
} ReadRow;

static const ReadRow read_rows[] = {
	{"f32 vector v1", 1, 0, "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }", 12, NPY_OK, NULL, NPYT_F32, 1, {3}},
	{"f64 matrix v2", 2, 0, "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }", 48, NPY_OK, NULL, NPYT_F64, 2, {2, 3}},
	{"i16 v3", 3, 0, "{'descr': '<i2', 'fortran_order': False, 'shape': (4,), }", 8, NPY_OK, NULL, NPYT_I16, 1, {4}},
	{"scalar", 1, 0, "{'descr': '<i8', 'fortran_order': False, 'shape': (), }", 8, NPY_OK, NULL, NPYT_I64, 0, {0}},
	{"empty", 1, 0, "{'descr': '<u4', 'fortran_order': False, 'shape': (0, 5), }", 0, NPY_OK, NULL, NPYT_U32, 2, {0, 5}},
	{"bool", 1, 0, "{'descr': '|b1', 'fortran_order': False, 'shape': (5,), }", 5, NPY_OK, NULL, NPYT_BOOL, 1, {5}},
	{"i8", 1, 0, "{'descr': '|i1', 'fortran_order': False, 'shape': (2,), }", 2, NPY_OK, NULL, NPYT_I8, 1, {2}},
	{"u8", 1, 0, "{'descr': '|u1', 'fortran_order': False, 'shape': (2,), }", 2, NPY_OK, NULL, NPYT_U8, 1, {2}},
	{"u16", 1, 0, "{'descr': '<u2', 'fortran_order': False, 'shape': (2,), }", 4, NPY_OK, NULL, NPYT_U16, 1, {2}},
	{"i32", 1, 0, "{'descr': '<i4', 'fortran_order': False, 'shape': (1,), }", 4, NPY_OK, NULL, NPYT_I32, 1, {1}},
	{"u64", 1, 0, "{'descr': '<u8', 'fortran_order': False, 'shape': (1,), }", 8, NPY_OK, NULL, NPYT_U64, 1, {1}},
	{"f16", 1, 0, "{'descr': '<f2', 'fortran_order': False, 'shape': (3,), }", 6, NPY_OK, NULL, NPYT_F16, 1, {3}},
	{"keys reordered, double quotes", 1, 0, "{\"shape\": (2,), \"fortran_order\": False, \"descr\": \"<i4\"}", 8, NPY_OK, NULL, NPYT_I32, 1, {2}},
	{"no trailing comma", 1, 0, "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 1)}", 8, NPY_OK, NULL, NPYT_I32, 2, {2, 1}},
	{"fortran 1-d is C order", 1, 0, "{'descr': '<i4', 'fortran_order': True, 'shape': (2,), }", 8, NPY_OK, NULL, NPYT_I32, 1, {2}},
	{"big-endian 1-byte is fine", 1, 0, "{'descr': '>i1', 'fortran_order': False, 'shape': (2,), }", 2, NPY_OK, NULL, NPYT_I8, 1, {2}},
	{"big-endian", 1, 0, "{'descr': '>f4', 'fortran_order': False, 'shape': (3,), }", 12, NPY_EENDIAN, "big-endian", 0, 0, {0}},
	{"fortran order", 1, 0, "{'descr': '<f4', 'fortran_order': True, 'shape': (2, 2), }", 16, NPY_EFORTRAN, "Fortran", 0, 0, {0}},
	{"complex", 1, 0, "{'descr': '<c8', 'fortran_order': False, 'shape': (1,), }", 8, NPY_EDTYPE, "unsupported dtype '<c8'", 0, 0, {0}},
	{"unicode", 1, 0, "{'descr': '<U3', 'fortran_order': False, 'shape': (1,), }", 12, NPY_EDTYPE, "unsupported dtype", 0, 0, {0}},
	{"object", 1, 0, "{'descr': '|O', 'fortran_order': False, 'shape': (1,), }", 8, NPY_EDTYPE, "unsupported dtype", 0, 0, {0}},
	{"structured", 1, 0, "{'descr': [('a', '<i4')], 'fortran_order': False, 'shape': (1,), }", 4, NPY_EDTYPE, "structured", 0, 0, {0}},
	{"no byte order", 1, 0, "{'descr': 'f4', 'fortran_order': False, 'shape': (1,), }", 4, NPY_EDTYPE, "byte order", 0, 0, {0}},
	{"short data", 1, 0, "{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }", 12, NPY_ESHORT, "16 bytes expected, 12 present", 0, 0, {0}},
	{"trailing data", 1, 0, "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", 12, NPY_ETRAILING, "4 bytes", 0, 0, {0}},
	{"version 4", 4, 0, "{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }", 4, NPY_EVERSION, "version 4.0", 0, 0, {0}},
	{"version 1.1", 1, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }", 4, NPY_EVERSION, "version 1.1", 0, 0, {0}},
	{"missing shape", 1, 0, "{'descr': '<f4', 'fortran_order': False, }", 4, NPY_EHEADER, "missing key 'shape'", 0, 0, {0}},
	{"missing descr", 1, 0, "{'fortran_order': False, 'shape': (1,), }", 4, NPY_EHEADER, "missing key 'descr'", 0, 0, {0}},
	{"duplicate key", 1, 0, "{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (1,), }", 4, NPY_EHEADER, "twice", 0, 0, {0}},
	{"unknown key", 1, 0, "{'descr': '<f4', 'fortran_order': False, 'shape': (1,), 'x': 1}", 4, NPY_EHEADER, "unexpected key 'x'", 0, 0, {0}},
	{"not a dict", 1, 0, "['descr', '<f4']", 4, NPY_EHEADER, "'{'", 0, 0, {0}},
	{"unclosed dict", 1, 0, "{'descr': '<f4', 'fortran_order': False, 'shape': (1,)", 4, NPY_EHEADER, "expected ',' or '}'", 0, 0, {0}},
	{"negative dim", 1, 0, "{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }", 4, NPY_EHEADER, "non-negative", 0, 0, {0}},
	{"shape list", 1, 0, "{'descr': '<f4', 'fortran_order': False, 'shape': [1], }", 4, NPY_EHEADER, "not a tuple", 0, 0, {0}},
	{"bad fortran", 1, 0, "{'descr': '<f4', 'fortran_order': 0, 'shape': (1,), }", 4, NPY_EHEADER, "True or False", 0, 0, {0}},
	{"huge shape", 1, 0, "{'descr': '<f4', 'fortran_order': False, 'shape': (4294967296, 4294967296), }", 0, NPY_ESHAPE, "too large", 0, 0, {0}},
	{"unterminated string", 1, 0, "{'descr': '<f4", 0, NPY_EHEADER, "'descr' is not a string", 0, 0, {0}},
	{"unterminated key", 1, 0, "{'descr", 0, NPY_EHEADER, "quoted key", 0, 0, {0}},
	{"text after dict", 1, 0, "{'descr': '<f4', 'fortran_order': False, 'shape': (1,), } x", 4, NPY_EHEADER, "after the closing", 0, 0, {0}},
};

/* Builds a .npy image: preamble for (major, minor), the header padded to 64, ndata bytes. */
static uint8_t *make_npy(const ReadRow *r, size_t *len)
{
	size_t pre = r->major == 1 ? 10 : 12, hl = strlen(r->header);
	size_t total = (pre + hl + 1 + 63) / 64 * 64;
	uint8_t *b = calloc(total + r->ndata + 1, 1);
	memcpy(b, "\x93NUMPY", 6);
	b[6] = (uint8_t)r->major, b[7] = (uint8_t)r->minor;
	size_t h = total - pre;
	b[8] = (uint8_t)h, b[9] = (uint8_t)(h >> 8);
	if (pre == 12)
		b[10] = (uint8_t)(h >> 16), b[11] = (uint8_t)(h >> 24);
	memcpy(b + pre, r->header, hl);
	memset(b + pre + hl, ' ', total - pre - hl - 1);
	b[total - 1] = '\n';
	for (size_t i = 0; i < r->ndata; i++)
		b[total + i] = (uint8_t)(i * 7 + 1);
	*len = total + r->ndata;
	return b;
}

static void check_read_row(const ReadRow *r)
{
	size_t len;
	uint8_t *b = make_npy(r, &len);
	NpyArray a;
	char msg[NPY_MSG_MAX] = "";
	NpyStatus st = npy_read_mem(b, len, &a, msg);
	check(st == r->want, r->name, msg[0] ? msg : "unexpected status");
	if (r->msg)
		check(strstr(msg, r->msg) != NULL, r->name, msg);
	if (st == NPY_OK && r->want == NPY_OK) {
		int same = a.dtype == r->dtype && a.ndim == r->ndim;
		for (int d = 0; same && d < a.ndim; d++)
			same = a.shape[d] == r->shape[d];
		check(same, r->name, "dtype or shape differs");
		check(a.nbytes == r->ndata && memcmp(a.data, b + len - r->ndata, a.nbytes) == 0, r->name, "data differs");
		npy_array_free(&a);
	}
	free(b);
}

static void test_read_table(void **state)
{
	(void)state;
	int before = nfailed;
	for (size_t i = 0; i < sizeof read_rows / sizeof *read_rows; i++)
		check_read_row(&read_rows[i]);
	assert_int_equal(nfailed, before);
}

typedef struct RawRow {
	const char *name;
	const char *bytes;
	size_t len;
	NpyStatus want;
	const char *msg;
} RawRow;

static const RawRow raw_rows[] = {
	{"empty file", "", 0, NPY_EMAGIC, "bad magic"},
	{"wrong magic", "\x93NUMPZ\x01\x00\x00\x00", 10, NPY_EMAGIC, "bad magic"},
	{"text file", "hello, world", 12, NPY_EMAGIC, "bad magic"},
	{"header past end", "\x93NUMPY\x01\x00\x40\x00{'descr'", 17, NPY_EHEADER, "truncated header"},
	{"v2 cut in length", "\x93NUMPY\x02\x00\x40\x00", 10, NPY_EHEADER, "truncated"},
	{"v2 header past end", "\x93NUMPY\x02\x00\xff\xff\xff\x7f{", 13, NPY_EHEADER, "truncated header"},
};

static void test_raw_table(void **state)
{
	(void)state;
	int before = nfailed;
	for (size_t i = 0; i < sizeof raw_rows / sizeof *raw_rows; i++) {
		const RawRow *r = &raw_rows[i];
		NpyArray a;
		char msg[NPY_MSG_MAX] = "";
		NpyStatus st = npy_read_mem(r->bytes, r->len, &a, msg);
		check(st == r->want, r->name, msg[0] ? msg : "unexpected status");
		check(strstr(msg, r->msg) != NULL, r->name, msg);
	}
	assert_int_equal(nfailed, before);
}

typedef struct WriteRow {
	const char *name;
	NpyDtype dtype;
	int ndim;
	int64_t shape[3];
	const char *header;     /* what numpy's format.write_array writes, before the padding */
} WriteRow;

static const WriteRow write_rows[] = {
	{"f32 vector", NPYT_F32, 1, {3}, "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }"},
	{"bool matrix", NPYT_BOOL, 2, {2, 2}, "{'descr': '|b1', 'fortran_order': False, 'shape': (2, 2), }"},
	{"u8 scalar", NPYT_U8, 0, {0}, "{'descr': '|u1', 'fortran_order': False, 'shape': (), }"},
	{"i64 3-d", NPYT_I64, 3, {1, 2, 3}, "{'descr': '<i8', 'fortran_order': False, 'shape': (1, 2, 3), }"},
	{"f16 empty", NPYT_F16, 1, {0}, "{'descr': '<f2', 'fortran_order': False, 'shape': (0,), }"},
};

static void check_write_row(const WriteRow *r)
{
	NpyArray a = {.dtype = r->dtype, .ndim = r->ndim};
	size_t count = 1;
	for (int d = 0; d < r->ndim; d++)
		a.shape[d] = r->shape[d], count *= (size_t)r->shape[d];
	a.nbytes = count * npy_dtype_size(r->dtype);
	a.data = calloc(a.nbytes + 1, 1);
	for (size_t i = 0; i < a.nbytes; i++)
		((uint8_t *)a.data)[i] = (uint8_t)(r->dtype == NPYT_BOOL ? i & 1 : i * 3);
	uint8_t *b;
	size_t len;
	char msg[NPY_MSG_MAX] = "";
	check(npy_write_mem(&a, &b, &len, msg) == NPY_OK, r->name, msg);
	size_t hl = strlen(r->header);
	check(memcmp(b, "\x93NUMPY\x01\x00", 8) == 0, r->name, "preamble");
	check((len - a.nbytes) % 64 == 0 && b[len - a.nbytes - 1] == '\n', r->name, "padding");
	check(memcmp(b + 10, r->header, hl) == 0, r->name, "header text");
	NpyArray back;
	check(npy_read_mem(b, len, &back, msg) == NPY_OK, r->name, msg);
	check(back.nbytes == a.nbytes && memcmp(back.data, a.data, a.nbytes) == 0, r->name, "round trip");
	npy_array_free(&back);
	free(b);
	free(a.data);
}

static void test_write_table(void **state)
{
	(void)state;
	int before = nfailed;
	for (size_t i = 0; i < sizeof write_rows / sizeof *write_rows; i++)
		check_write_row(&write_rows[i]);
	assert_int_equal(nfailed, before);
}

/* The file API's own error paths: a missing file, an unwritable folder. */
static void test_file_errors(void **state)
{
	(void)state;
	NpyArray a;
	char msg[NPY_MSG_MAX] = "";
	int before = nfailed;
	check(npy_read_file("/nonexistent/x.npy", &a, msg) == NPY_EIO, "missing file", msg);
	check(strstr(msg, "/nonexistent/x.npy") != NULL, "missing file names path", msg);
	NpyArray w = {.dtype = NPYT_I32, .ndim = 1, .shape = {1}, .nbytes = 4, .data = (int32_t[]){7}};
	check(npy_write_file("/nonexistent/dir/y.npy", &w, msg) == NPY_EIO, "unwritable", msg);
	assert_int_equal(nfailed, before);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_read_table),
		cmocka_unit_test(test_raw_table),
		cmocka_unit_test(test_write_table),
		cmocka_unit_test(test_file_errors),
	};
	int failed_groups = cmocka_run_group_tests(tests, NULL, NULL);
	printf("%d passed, %d failed\n", npassed, nfailed);
	return failed_groups || nfailed ? 1 : 0;
}
