/* cache.c: raised modules on disk, so a second run of a program raises nothing. The
 * folder is $CUDA2HLO_CACHE_DIR, else $XDG_CACHE_HOME/cuda2hlo, else
 * $HOME/.cache/cuda2hlo; CUDA2HLO_CACHE_DIR=off turns the disk cache off. A module is
 * the file KEYHASH.mlir whose first line is `// cuda2hlo-cudart KEY` (the whole key:
 * device-code hash, kernel, geometry, sizes, specialised scalars), checked on reading, so
 * a hash collision is a miss, never a wrong module. Files are written through a
 * temporary name and a rename (base/output.c): a reader never sees half a module. */
#include "cudart.h"

#include "base.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The cache folder (created), or NULL when off or not creatable. */
static const char *folder(void)
{
	static char *dir;
	static int done;
	const char *env = getenv("CUDA2HLO_CACHE_DIR");

	if (done)
		return dir;
	done = 1;
	if (env && !strcmp(env, "off"))
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

static char *path_of(const char *key)
{
	const char *dir = folder();
	StrBuf b = {0};
	if (!dir)
		return NULL;
	sb_printf(&b, "%s/%016llx.mlir", dir,
	          (unsigned long long)cudart_hash(key, strlen(key), 0));
	return sb_take(&b);
}

char *cudart_cache_read(const char *key)
{
	char *path = path_of(key), *text, *nl;
	size_t len;
	if (!path)
		return NULL;
	text = file_read_all(path, &len);
	free(path);
	if (!text)
		return NULL;
	nl = strchr(text, '\n');
	if (!nl || strncmp(text, "// cuda2hlo-cudart ", 19)
	    || (size_t)(nl - text - 19) != strlen(key) || strncmp(text + 19, key, strlen(key))) {
		free(text);
		return NULL;
	}
	memmove(text, nl + 1, len - (size_t)(nl + 1 - text) + 1);
	return text;
}

void cudart_cache_write(const char *key, const char *text)
{
	char *path = path_of(key);
	StrBuf b = {0};
	if (!path)
		return;
	sb_printf(&b, "// cuda2hlo-cudart %s\n%s", key, text);
	if (file_write_atomic(path, b.s, b.len))
		diag_reset();     /* a cache that cannot be written is only slower */
	sb_free(&b);
	free(path);
}
