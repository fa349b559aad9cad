/* cache.c: what the first run of a program found, on disk, so a second run raises and
 * parses nothing: raised modules (KEYHASH.mlir) and kernel signatures (KEYHASH.sig, the
 * parameters' layout that a parse of the device code gives; jit.c). The folder is
 * $CUDA2HLO_CACHE_DIR, else $XDG_CACHE_HOME/cuda2hlo, else $HOME/.cache/cuda2hlo;
 * CUDA2HLO_CACHE_DIR=off turns the disk cache off. A file's first line is
 * `// cuda2hlo-cudart BUILD KEY`: BUILD is a hash of this library's own file (it holds
 * the whole compiler), so a rebuilt or upgraded cuda2hlo never reads what an older one
 * wrote; KEY is the whole key (device-code hash, kernel, and for a module geometry, sizes,
 * specialised scalars). Both are checked on reading, so a hash collision is a miss, never
 * a wrong module. Files are written through a temporary name and a rename
 * (base/output.c): a reader never sees half a file. */
#define _GNU_SOURCE      /* dladdr */
#include "cudart.h"

#include "base.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* This library's build: a hash of its own file's bytes, read once; 0 when the file
 * cannot be found or read (then nothing is cached on disk). */
static uint64_t build_id(void)
{
	static uint64_t id;
	static int done;
	static const char anchor;    /* an object of this library, for dladdr */
	Dl_info info;
	size_t len;
	char *bytes;

	if (done)
		return id;
	done = 1;
	if (!dladdr(&anchor, &info) || !info.dli_fname)
		return 0;
	if ((bytes = file_read_all(info.dli_fname, &len)) == NULL)
		return 0;
	id = cudart_hash(bytes, len, 0);
	free(bytes);
	return id;
}

/* The cache folder (created), or NULL when off or not creatable. */
static const char *folder(void)
{
	static char *dir;
	static int done;
	const char *env = getenv("CUDA2HLO_CACHE_DIR");

	if (done)
		return dir;
	done = 1;
	if ((env && !strcmp(env, "off")) || !build_id())
		return NULL;
	StrBuf b = {0};
	if (env && *env)
		sb_append(&b, env);
	else if (getenv("XDG_CACHE_HOME") && *getenv("XDG_CACHE_HOME"))
		sb_printf(&b, "%s/cuda2hlo", getenv("XDG_CACHE_HOME"));
	else if (getenv("HOME") && *getenv("HOME"))
		sb_printf(&b, "%s/.cache/cuda2hlo", getenv("HOME"));
	else
		return NULL;
	dir = sb_take(&b);
	for (char *p = dir + 1; *p; p++) {     /* mkdir -p */
		if (*p != '/')
			continue;
		*p = 0;
		mkdir(dir, 0777);
		*p = '/';
	}
	if (mkdir(dir, 0777) && errno != EEXIST) {
		free(dir);
		dir = NULL;
	}
	return dir;
}

static char *path_of(const char *key, const char *ext)
{
	const char *dir = folder();
	StrBuf b = {0};
	if (!dir)
		return NULL;
	sb_printf(&b, "%s/%016llx.%s", dir,
	          (unsigned long long)cudart_hash(key, strlen(key), build_id()), ext);
	return sb_take(&b);
}

/* The text cached under (key, ext) after its header line, or NULL. */
static char *cache_read(const char *key, const char *ext)
{
	char *path = path_of(key, ext), *text, *nl;
	char head[64];
	size_t len, hlen;
	if (!path)
		return NULL;
	text = file_read_all(path, &len);
	free(path);
	if (!text)
		return NULL;
	hlen = (size_t)snprintf(head, sizeof head, "// cuda2hlo-cudart %016llx ",
	                        (unsigned long long)build_id());
	nl = strchr(text, '\n');
	if (!nl || strncmp(text, head, hlen) || (size_t)(nl - text) - hlen != strlen(key)
	    || strncmp(text + hlen, key, strlen(key))) {
		free(text);
		return NULL;
	}
	memmove(text, nl + 1, len - (size_t)(nl + 1 - text) + 1);
	return text;
}

static void cache_write(const char *key, const char *ext, const char *text)
{
	char *path = path_of(key, ext);
	StrBuf b = {0};
	if (!path)
		return;
	sb_printf(&b, "// cuda2hlo-cudart %016llx %s\n%s", (unsigned long long)build_id(), key,
	          text);
	if (file_write_atomic(path, b.s, b.len))
		diag_reset();     /* a cache that cannot be written is only slower */
	sb_free(&b);
	free(path);
}

char *cudart_cache_read(const char *key) { return cache_read(key, "mlir"); }
void cudart_cache_write(const char *key, const char *text) { cache_write(key, "mlir", text); }
char *cudart_cache_read_sig(const char *key) { return cache_read(key, "sig"); }
void cudart_cache_write_sig(const char *key, const char *text) { cache_write(key, "sig", text); }
