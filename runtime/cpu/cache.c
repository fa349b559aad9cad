/* cache.c: the on-disk cache of compiled fusions for the cpu backend (cpu.h, "cache.c").
 *
 * Consumes a key (a text naming everything the machine code depends on: the LLVM
 * version, target, CPU and features, the optimisation level and the module's LLVM IR
 * before optimisation) and an object file; produces, on a later run with the same key,
 * that object file again. One file per key, in the folder
 *   $CUDA2HLO_CACHE_DIR                (empty: no cache), else
 *   $XDG_CACHE_HOME/cuda2hlo, else $HOME/.cache/cuda2hlo,
 * named after a hash of the key. A file holds a header (magic, format version, key and
 * object lengths, a checksum of both), the whole key and the object. A file is used only
 * when its size, magic, key (compared byte for byte, not by hash) and checksum all
 * match; anything else (truncated, corrupt, another key with the same name) is a miss,
 * and the entry is rewritten. Writes go to a temporary file in the same folder, renamed
 * over the entry, so a reader never sees half a file. Every cache failure (no folder,
 * read-only disk) only costs the compile; nothing here fails a run. */
#include "cpu.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAGIC "c2hjit01"
enum { HEADER = 32, MAX_ENTRY = 1 << 30 };

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *s = p;
	for (size_t i = 0; i < n; i++)
		h = (h ^ s[i]) * 0x100000001b3ULL;
	return h;
}

static uint64_t checksum(const void *key, size_t keylen, const void *obj, size_t objlen)
{
	return fnv(fnv(0xcbf29ce484222325ULL, key, keylen), obj, objlen);
}

/* The cache folder (malloc'd), or NULL when there is none. */
char *cpu_cache_dir(void)
{
	const char *d = getenv("CUDA2HLO_CACHE_DIR");
	if (d)   /* empty or "off": no cache (as cudart/cache.c reads it) */
		return *d && strcmp(d, "off") ? xstrdup(d) : NULL;
	const char *x = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	StrBuf sb = {0};
	if (x && x[0] == '/')
		sb_printf(&sb, "%s/cuda2hlo", x);
	else if (home && *home)
		sb_printf(&sb, "%s/.cache/cuda2hlo", home);
	else
		return NULL;
	return sb_take(&sb);
}

/* mkdir -p; failures show when the file is written. */
static void make_dirs(const char *dir)
{
	char *p = xstrdup(dir);
	for (char *s = p + 1; *s; s++)
		if (*s == '/') {
			*s = 0;
			mkdir(p, 0777);
			*s = '/';
		}
	mkdir(p, 0777);
	free(p);
}

static char *entry_path(const char *dir, const char *key, size_t keylen)
{
	StrBuf sb = {0};
	sb_printf(&sb, "%s/cpu-%016llx.o", dir,
	          (unsigned long long)fnv(0xcbf29ce484222325ULL, key, keylen));
	return sb_take(&sb);
}

static void put64(unsigned char *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t get64(const unsigned char *p)
{
	uint64_t v = 0;
	for (int i = 0; i < 8; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

/* Reads all of fd (whose size is n) into a new buffer; NULL on a short read. */
static unsigned char *read_all(int fd, size_t n)
{
	unsigned char *buf = xmalloc(n + 1);
	size_t got = 0;
	while (got < n) {
		ssize_t r = read(fd, buf + got, n - got);
		if (r <= 0) {
			free(buf);
			return NULL;
		}
		got += (size_t)r;
	}
	return buf;
}

/* The object stored under key in dir (malloc'd, *objlen set), or NULL on a miss. */
void *cpu_cache_load(const char *dir, const char *key, size_t keylen, size_t *objlen)
{
	char *path = entry_path(dir, key, keylen);
	int fd = open(path, O_RDONLY);
	free(path);
	if (fd < 0)
		return NULL;
	struct stat sst;
	unsigned char *buf = NULL;
	if (fstat(fd, &sst) == 0 && sst.st_size >= HEADER && sst.st_size <= MAX_ENTRY)
		buf = read_all(fd, (size_t)sst.st_size);
	close(fd);
	if (!buf)
		return NULL;
	size_t n = (size_t)sst.st_size;
	uint64_t kl = get64(buf + 8), ol = get64(buf + 16);
	if (memcmp(buf, MAGIC, 8) != 0 || kl != keylen || ol == 0 || ol > n || kl != n - HEADER - ol ||
	    memcmp(buf + HEADER, key, keylen) != 0 || get64(buf + 24) != checksum(key, keylen, buf + HEADER + kl, ol)) {
		free(buf);
		return NULL;
	}
	memmove(buf, buf + HEADER + kl, ol);
	*objlen = ol;
	return buf;
}

static int write_all(int fd, const void *p, size_t n)
{
	const unsigned char *s = p;
	while (n > 0) {
		ssize_t w = write(fd, s, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		s += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Stores obj under key in dir: a temporary file renamed over the entry. */
void cpu_cache_store(const char *dir, const char *key, size_t keylen, const void *obj, size_t objlen)
{
	if (HEADER + keylen + objlen > MAX_ENTRY)
		return;
	make_dirs(dir);
	char *path = entry_path(dir, key, keylen);
	StrBuf tmp = {0};
	sb_printf(&tmp, "%s.XXXXXX", path);
	int fd = mkstemp(tmp.s);   /* unique, so concurrent writers never share one */
	if (fd >= 0) {
		unsigned char h[HEADER];
		memcpy(h, MAGIC, 8);
		put64(h + 8, keylen);
		put64(h + 16, objlen);
		put64(h + 24, checksum(key, keylen, obj, objlen));
		int bad = write_all(fd, h, HEADER) || write_all(fd, key, keylen) || write_all(fd, obj, objlen);
		bad |= close(fd) != 0;
		if (bad || rename(tmp.s, path) != 0)
			unlink(tmp.s);
	}
	sb_free(&tmp);
	free(path);
}
