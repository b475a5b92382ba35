/*
 * outfile.c - output files that appear whole or not at all: written to a
 * temporary name beside the target, renamed into place when complete.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tool.h"

FILE *tool_out_open(const char *path, char *tmp, size_t tmp_len)
{
	int fd;
	FILE *f;
	mode_t mask;

	if (path == NULL || strcmp(path, "-") == 0) {
		tmp[0] = 0;
		return stdout;
	}
	if ((size_t)snprintf(tmp, tmp_len, "%s.tmpXXXXXX", path) >= tmp_len)
		return NULL;
	fd = mkstemp(tmp);
	if (fd < 0)
		return NULL;
	/* mkstemp makes the file private; give it the usual permissions. */
	mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask) != 0) {
		close(fd);
		unlink(tmp);
		return NULL;
	}
	f = fdopen(fd, "w");
	if (f == NULL) {
		close(fd);
		unlink(tmp);
	}
	return f;
}

int tool_out_close(FILE *f, const char *path, const char *tmp, int ok)
{
	int bad;

	if (f == stdout)
		return fflush(stdout) != 0 || ferror(stdout) ? -1 : 0;
	bad = ferror(f) != 0;
	bad |= fclose(f) != 0;
	if (!ok || bad || rename(tmp, path) != 0) {
		unlink(tmp);
		return -1;
	}
	return 0;
}
