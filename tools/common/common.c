/*
 * common.c - helpers shared by the sub-commands.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <string.h>
#include <unistd.h>

#include "tool.h"

int tool_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "ember%s%s: ", cmd ? " " : "", cmd ? cmd : "");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return 1;
}

/*
 * Standard output is checked the same way by every command that writes a
 * result there: every write (the stream's error flag is sticky;
 * tool_stdout_note keeps the errno of the first failure), the final flush,
 * and the close of a duplicate of the descriptor, which reports what a
 * network file system defers to close() without closing standard output
 * itself (the Ember> prompt runs more commands after this one).
 */
static int out_errno;

void tool_stdout_note(void)
{
	if (out_errno == 0 && ferror(stdout))
		out_errno = errno ? errno : EIO;
}

int tool_stdout_finish(const char *cmd)
{
	int fd, e;

	tool_stdout_note();
	errno = 0;
	if (fflush(stdout) != 0 && out_errno == 0)
		out_errno = errno ? errno : EIO;
	tool_stdout_note();
	if (out_errno == 0 && (fd = dup(STDOUT_FILENO)) >= 0 && close(fd) != 0)
		out_errno = errno;
	if (out_errno == 0)
		return 0;
	e = out_errno;
	out_errno = 0;
	clearerr(stdout);
	tool_error(cmd, "standard output: %s", strerror(e));
	return 1;
}

int tool_stdout_usable(const char *cmd)
{
	int fl = fcntl(STDOUT_FILENO, F_GETFL);

	if (fl == -1)
		return tool_error(cmd, "standard output: %s", strerror(errno));
	if ((fl & O_ACCMODE) == O_RDONLY)
		return tool_error(cmd, "standard output: %s", strerror(EBADF));
	return 0;
}
