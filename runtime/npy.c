/* npy.c: the NumPy .npy file format, read and written.
 *
 * Consumes bytes (a file or a memory buffer) in .npy format versions 1.0, 2.0 and 3.0
 * (numpy/lib/format.py: magic "\x93NUMPY", major, minor, a little-endian header length of
 * 2 bytes (1.0) or 4 bytes (2.0, 3.0), then a Python dict literal with the keys 'descr',
 * 'fortran_order' and 'shape', padded with spaces and ended by '\n'). Produces an NpyArray:
 * dtype, shape and a malloc'ed block of C-order little-endian data. Every malformed input
 * is a status code with a message naming the problem; nothing here exits.
 *
 * The writer emits version 1.0 (2.0 when the header does not fit in 65535 bytes), padded
 * so that the data starts at a multiple of 64 bytes, as numpy does. Files are written to a
 * temporary name in the same folder and renamed, so a failure never leaves a partial file.
 */
#include "runtime.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

static const struct {
	const char *code;   /* descr without its byte-order character */
	size_t size;
} dtype_info[] = {
#define X(E, code, size, name) {code, size},
	NPY_DTYPES(X)
#undef X
};

static const char *dtype_names[] = {
#define X(E, code, size, name) name,
	NPY_DTYPES(X)
#undef X
};

size_t npy_dtype_size(NpyDtype t) { return dtype_info[t].size; }
const char *npy_dtype_name(NpyDtype t) { return dtype_names[t]; }

static NpyStatus fail(char *msg, NpyStatus st, const char *fmt, ...) C2H_PRINTF(3, 4);
static NpyStatus fail(char *msg, NpyStatus st, const char *fmt, ...)
{
	if (msg) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(msg, NPY_MSG_MAX, fmt, ap);
		va_end(ap);
	}
	return st;
}

/* ---- the header dict: {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), } ---- */

typedef struct Lex {
	const char *p, *end;
} Lex;

static void skip_ws(Lex *l)
{
	while (l->p < l->end && (*l->p == ' ' || *l->p == '\t' || *l->p == '\n' || *l->p == '\r'))
		l->p++;
}

static int eat(Lex *l, char c)
{
	skip_ws(l);
	if (l->p < l->end && *l->p == c) {
		l->p++;
		return 1;
	}
	return 0;
}

/* A Python string literal in single or double quotes, no escapes (numpy writes none). */
static int lex_string(Lex *l, char *out, size_t cap)
{
	skip_ws(l);
	if (l->p >= l->end || (*l->p != '\'' && *l->p != '"'))
		return 0;
	char q = *l->p++;
	size_t n = 0;
	while (l->p < l->end && *l->p != q) {
		if (*l->p == '\\' || n + 1 >= cap)
			return 0;
		out[n++] = *l->p++;
	}
	if (l->p >= l->end)
		return 0;
	l->p++;
	out[n] = 0;
	return 1;
}

static int lex_word(Lex *l, const char *w)
{
	skip_ws(l);
	size_t n = strlen(w);
	if ((size_t)(l->end - l->p) >= n && memcmp(l->p, w, n) == 0) {
		l->p += n;
		return 1;
	}
	return 0;
}

static NpyStatus parse_descr(const char *d, NpyArray *a, char *msg)
{
	char order = d[0];
	const char *code = d + 1;
	if (order != '<' && order != '>' && order != '|' && order != '=')
		return fail(msg, NPY_EDTYPE, "unsupported dtype '%s' (expected a byte order <, >, | or =)", d);
	for (int t = 0; t < NPY_NDTYPES; t++) {
		if (strcmp(code, dtype_info[t].code) != 0)
			continue;
		if (order == '>' && dtype_info[t].size > 1)
			return fail(msg, NPY_EENDIAN, "big-endian dtype '%s' is not supported (only little-endian)", d);
		a->dtype = (NpyDtype)t;
		return NPY_OK;
	}
	return fail(msg, NPY_EDTYPE, "unsupported dtype '%s' (supported: bool, int8..int64, uint8..uint64, float16, float32, float64)", d);
}

static NpyStatus parse_shape(Lex *l, NpyArray *a, char *msg)
{
	if (!eat(l, '('))
		return fail(msg, NPY_EHEADER, "malformed header: 'shape' is not a tuple");
	a->ndim = 0;
	while (!eat(l, ')')) {
		skip_ws(l);
		if (l->p >= l->end || *l->p < '0' || *l->p > '9')
			return fail(msg, NPY_EHEADER, "malformed header: 'shape' holds something other than non-negative integers");
		int64_t v = 0;
		while (l->p < l->end && *l->p >= '0' && *l->p <= '9') {
			if (v > (INT64_MAX - 9) / 10)
				return fail(msg, NPY_ESHAPE, "shape dimension too large");
			v = v * 10 + (*l->p++ - '0');
		}
		if (a->ndim == NPY_MAX_DIMS)
			return fail(msg, NPY_ESHAPE, "shape has more than %d dimensions", NPY_MAX_DIMS);
		a->shape[a->ndim++] = v;
		if (eat(l, ')'))
			break;
		if (!eat(l, ','))
			return fail(msg, NPY_EHEADER, "malformed header: expected ',' or ')' in 'shape'");
	}
	return NPY_OK;
}

static NpyStatus parse_key(Lex *l, const char *key, NpyArray *a, int *fortran, char *msg)
{
	char s[64];
	if (strcmp(key, "descr") == 0) {
		if (!lex_string(l, s, sizeof s)) {
			if (eat(l, '['))
				return fail(msg, NPY_EDTYPE, "unsupported dtype: structured arrays are not supported");
			return fail(msg, NPY_EHEADER, "malformed header: 'descr' is not a string");
		}
		return parse_descr(s, a, msg);
	}
	if (strcmp(key, "fortran_order") == 0) {
		if (lex_word(l, "True"))
			*fortran = 1;
		else if (lex_word(l, "False"))
			*fortran = 0;
		else
			return fail(msg, NPY_EHEADER, "malformed header: 'fortran_order' is not True or False");
		return NPY_OK;
	}
	if (strcmp(key, "shape") == 0)
		return parse_shape(l, a, msg);
	return fail(msg, NPY_EHEADER, "malformed header: unexpected key '%s'", key);
}

static NpyStatus parse_dict(const char *h, size_t n, NpyArray *a, char *msg)
{
	Lex l = {h, h + n};
	int fortran = 0, seen[3] = {0, 0, 0};
	static const char *keys[3] = {"descr", "fortran_order", "shape"};
	if (!eat(&l, '{'))
		return fail(msg, NPY_EHEADER, "malformed header: does not start with '{'");
	while (!eat(&l, '}')) {
		char key[64];
		if (!lex_string(&l, key, sizeof key))
			return fail(msg, NPY_EHEADER, "malformed header: expected a quoted key");
		if (!eat(&l, ':'))
			return fail(msg, NPY_EHEADER, "malformed header: expected ':' after '%s'", key);
		for (int k = 0; k < 3; k++)
			if (strcmp(key, keys[k]) == 0 && seen[k]++)
				return fail(msg, NPY_EHEADER, "malformed header: key '%s' appears twice", key);
		NpyStatus st = parse_key(&l, key, a, &fortran, msg);
		if (st != NPY_OK)
			return st;
		if (eat(&l, '}'))
			break;
		if (!eat(&l, ','))
			return fail(msg, NPY_EHEADER, "malformed header: expected ',' or '}' after '%s'", key);
	}
	skip_ws(&l);
	if (l.p != l.end)
		return fail(msg, NPY_EHEADER, "malformed header: text after the closing '}'");
	for (int k = 0; k < 3; k++)
		if (!seen[k])
			return fail(msg, NPY_EHEADER, "malformed header: missing key '%s'", keys[k]);
	int64_t count = 1, zero = 0;
	for (int d = 0; d < a->ndim; d++)
		zero |= a->shape[d] == 0;
	for (int d = 0; d < a->ndim && !zero; d++) {
		if (count > INT64_MAX / 16 / a->shape[d])
			return fail(msg, NPY_ESHAPE, "shape too large");
		count *= a->shape[d];
	}
	if (zero)
		count = 0;
	if (fortran && a->ndim > 1)
		return fail(msg, NPY_EFORTRAN, "Fortran-order arrays are not supported (write with np.ascontiguousarray)");
	a->nbytes = (size_t)count * npy_dtype_size(a->dtype);
	return NPY_OK;
}

/* Parses the preamble and header at buf[0..len); *data_off is where the data starts. */
static NpyStatus parse_preamble(const uint8_t *buf, size_t len, NpyArray *a, size_t *data_off, char *msg)
{
	if (len < 10 || memcmp(buf, "\x93NUMPY", 6) != 0)
		return fail(msg, NPY_EMAGIC, "not a .npy file (bad magic string)");
	int major = buf[6], minor = buf[7];
	size_t hlen, start;
	if (major == 1) {
		hlen = buf[8] | (size_t)buf[9] << 8;
		start = 10;
	} else if (major == 2 || major == 3) {
		if (len < 12)
			return fail(msg, NPY_EHEADER, "truncated header");
		hlen = buf[8] | (size_t)buf[9] << 8 | (size_t)buf[10] << 16 | (size_t)buf[11] << 24;
		start = 12;
	} else {
		return fail(msg, NPY_EVERSION, "unsupported .npy format version %d.%d (supported: 1.0, 2.0, 3.0)", major, minor);
	}
	if (minor != 0)
		return fail(msg, NPY_EVERSION, "unsupported .npy format version %d.%d (supported: 1.0, 2.0, 3.0)", major, minor);
	if (hlen > len - start)
		return fail(msg, NPY_EHEADER, "truncated header: %zu bytes announced, %zu present", hlen, len - start);
	memset(a, 0, sizeof *a);
	NpyStatus st = parse_dict((const char *)buf + start, hlen, a, msg);
	*data_off = start + hlen;
	return st;
}

NpyStatus npy_read_mem(const void *buf, size_t len, NpyArray *out, char *msg)
{
	size_t off = 0;
	NpyStatus st = parse_preamble(buf, len, out, &off, msg);
	if (st != NPY_OK)
		return st;
	if (len - off < out->nbytes)
		return fail(msg, NPY_ESHORT, "short data: %zu bytes expected, %zu present", out->nbytes, len - off);
	if (len - off > out->nbytes)
		return fail(msg, NPY_ETRAILING, "%zu bytes of unexpected data after the array", len - off - out->nbytes);
	out->data = malloc(out->nbytes ? out->nbytes : 1);
	if (!out->data)
		return fail(msg, NPY_EIO, "out of memory for %zu bytes", out->nbytes);
	memcpy(out->data, (const uint8_t *)buf + off, out->nbytes);
	return NPY_OK;
}

NpyStatus npy_read_file(const char *path, NpyArray *out, char *msg)
{
	memset(out, 0, sizeof *out);
	FILE *f = fopen(path, "rb");
	if (!f)
		return fail(msg, NPY_EIO, "%s: %s", path, strerror(errno));
	uint8_t head[12];
	size_t got = fread(head, 1, sizeof head, f);
	size_t hlen = 0, start = 10;
	if (got >= 10 && head[6] == 1)
		hlen = head[8] | (size_t)head[9] << 8;
	else if (got >= 12 && (head[6] == 2 || head[6] == 3))
		hlen = head[8] | (size_t)head[9] << 8 | (size_t)head[10] << 16 | (size_t)head[11] << 24, start = 12;
	if (fseek(f, 0, SEEK_END) != 0) {
		fclose(f);
		return fail(msg, NPY_EIO, "%s: cannot seek: %s", path, strerror(errno));
	}
	long fsize = ftell(f);
	size_t size = fsize < 0 ? 0 : (size_t)fsize;
	size_t pre = start + hlen < size ? start + hlen : size;
	uint8_t *pbuf = malloc(pre ? pre : 1);
	NpyStatus st = NPY_OK;
	size_t off = 0;
	if (!pbuf || fseek(f, 0, SEEK_SET) != 0 || fread(pbuf, 1, pre, f) != pre)
		st = fail(msg, NPY_EIO, "%s: read error", path);
	else
		st = parse_preamble(pbuf, pre, out, &off, msg);
	free(pbuf);
	if (st == NPY_OK && size - off < out->nbytes)
		st = fail(msg, NPY_ESHORT, "short data: %zu bytes expected, %zu present", out->nbytes, size - off);
	else if (st == NPY_OK && size - off > out->nbytes)
		st = fail(msg, NPY_ETRAILING, "%zu bytes of unexpected data after the array", size - off - out->nbytes);
	if (st == NPY_OK) {
		out->data = malloc(out->nbytes ? out->nbytes : 1);
		if (!out->data || fread(out->data, 1, out->nbytes, f) != out->nbytes)
			st = fail(msg, NPY_EIO, "%s: read error", path);
	}
	fclose(f);
	if (st != NPY_OK) {
		npy_array_free(out);
		if (msg && strncmp(msg, path, strlen(path)) != 0) {
			char tmp[NPY_MSG_MAX];
			snprintf(tmp, sizeof tmp, "%s: %s", path, msg);
			memcpy(msg, tmp, NPY_MSG_MAX);
		}
	}
	return st;
}

void npy_array_free(NpyArray *a)
{
	free(a->data);
	a->data = NULL;
	a->nbytes = 0;
}

/* ---- writer ---- */

static size_t format_header(const NpyArray *a, char *h, size_t cap)
{
	size_t itemsize = npy_dtype_size(a->dtype);
	int n = snprintf(h, cap, "{'descr': '%c%s', 'fortran_order': False, 'shape': (",
	                 itemsize == 1 ? '|' : '<', dtype_info[a->dtype].code);
	for (int d = 0; d < a->ndim; d++)
		n += snprintf(h + n, cap - (size_t)n, d ? ", %lld" : "%lld", (long long)a->shape[d]);
	n += snprintf(h + n, cap - (size_t)n, a->ndim == 1 ? ",), }" : "), }");
	return (size_t)n;
}

NpyStatus npy_write_mem(const NpyArray *a, uint8_t **out, size_t *len, char *msg)
{
	char h[NPY_MAX_DIMS * 24 + 128];
	if (a->ndim < 0 || a->ndim > NPY_MAX_DIMS)
		return fail(msg, NPY_ESHAPE, "cannot write %d dimensions", a->ndim);
	size_t n = format_header(a, h, sizeof h);
	size_t pre = 10 + n + 1;
	int major = 1;
	if ((pre + 63) / 64 * 64 - 10 > 65535)
		major = 2, pre += 2;
	size_t total_pre = (pre + 63) / 64 * 64;
	size_t hlen = total_pre - (major == 1 ? 10 : 12);
	uint8_t *b = malloc(total_pre + a->nbytes);
	if (!b)
		return fail(msg, NPY_EIO, "out of memory");
	memcpy(b, "\x93NUMPY", 6);
	b[6] = (uint8_t)major, b[7] = 0;
	size_t p = 8;
	for (int i = 0; i < (major == 1 ? 2 : 4); i++)
		b[p++] = (uint8_t)(hlen >> (8 * i));
	memcpy(b + p, h, n);
	memset(b + p + n, ' ', total_pre - p - n - 1);
	b[total_pre - 1] = '\n';
	if (a->nbytes)
		memcpy(b + total_pre, a->data, a->nbytes);
	*out = b;
	*len = total_pre + a->nbytes;
	return NPY_OK;
}

/* mkstemp's file is 0600; give it the mode fopen would (0666 less the umask). */
static void default_mode(int fd)
{
	mode_t m = umask(0);
	umask(m);
	fchmod(fd, 0666 & ~m);
}

NpyStatus npy_write_temp(const char *path, const NpyArray *a, char **tmp, char *msg)
{
	uint8_t *b;
	size_t len;
	*tmp = NULL;
	NpyStatus st = npy_write_mem(a, &b, &len, msg);
	if (st != NPY_OK)
		return st;
	const char *slash = strrchr(path, '/');
	size_t dlen = slash ? (size_t)(slash - path) + 1 : 0;
	char *t = malloc(strlen(path) + 16);
	if (!t) {
		free(b);
		return fail(msg, NPY_EIO, "out of memory");
	}
	sprintf(t, "%.*s.%s.XXXXXX", (int)dlen, path, path + dlen);
	int fd = mkstemp(t);   /* O_CREAT | O_EXCL: never an existing file, never through a symlink */
	if (fd < 0) {
		st = fail(msg, NPY_EIO, "%s: cannot create a temporary file: %s", path, strerror(errno));
	} else {
		default_mode(fd);
		for (size_t off = 0; off < len && st == NPY_OK;) {
			ssize_t w = write(fd, b + off, len - off);
			if (w < 0 && errno == EINTR)
				continue;
			if (w <= 0)
				st = fail(msg, NPY_EIO, "%s: write error: %s", path, strerror(errno));
			else
				off += (size_t)w;
		}
		if (close(fd) != 0 && st == NPY_OK)
			st = fail(msg, NPY_EIO, "%s: write error: %s", path, strerror(errno));
		if (st != NPY_OK)
			unlink(t);
	}
	free(b);
	if (st == NPY_OK)
		*tmp = t;
	else
		free(t);
	return st;
}

NpyStatus npy_write_file(const char *path, const NpyArray *a, char *msg)
{
	char *tmp;
	NpyStatus st = npy_write_temp(path, a, &tmp, msg);
	if (st == NPY_OK && rename(tmp, path) != 0) {
		st = fail(msg, NPY_EIO, "%s: cannot rename: %s", path, strerror(errno));
		unlink(tmp);
	}
	free(tmp);
	return st;
}
