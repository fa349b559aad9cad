/* output.c: writing an output file so that a failure, a race or a planted link cannot
 * clobber anything. Consumes a path and the bytes for it; produces the file at that path,
 * or leaves the path as it was. The bytes go to a fresh file that mkstemp makes in the
 * destination's own folder (O_CREAT|O_EXCL with an unguessable name: never an existing
 * file, never through a symlink), which is then renamed onto the path. rename is atomic
 * in one folder and replaces a symlink at the path instead of writing through it.
 * options_input_at (options.c) refuses an output that is one of the inputs. */
#include "base.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* "DIR/.NAME.XXXXXX" for path "DIR/NAME" (".NAME.XXXXXX" when path has no folder). */
static char *temp_template(const char *path)
{
	const char *slash = strrchr(path, '/');
	size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
	char *t = xmalloc(strlen(path) + 16);

	memcpy(t, path, dirlen);
	sprintf(t + dirlen, ".%s.XXXXXX", path + dirlen);
	return t;
}

static int write_all(int fd, const char *text, size_t len)
{
	while (len) {
		ssize_t n = write(fd, text, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		text += n;
		len -= (size_t)n;
	}
	return 0;
}

/* The mode a plain fopen would have given: 0666 less the umask (mkstemp makes 0600). */
static mode_t default_mode(void)
{
	mode_t m = umask(022);

	umask(m);
	return 0666 & ~m;
}

int file_write_atomic(const char *path, const char *text, size_t len)
{
	char *tmp = temp_template(path);
	int fd = mkstemp(tmp), bad, e;

	if (fd < 0) {
		diag_error(NOLOC, "cannot write '%s': cannot create a temporary file beside it: %s", path, strerror(errno));
		free(tmp);
		return 1;
	}
	bad = write_all(fd, text, len) || fchmod(fd, default_mode());
	e = errno;
	if (close(fd) && !bad)
		bad = 1, e = errno;
	if (!bad && rename(tmp, path))
		bad = 1, e = errno;
	if (bad) {
		diag_error(NOLOC, "cannot write '%s': %s", path, strerror(e));
		unlink(tmp);
	}
	free(tmp);
	return bad;
}
