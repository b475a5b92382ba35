/*
 * common.c - helpers shared by the sub-commands.
 */
#include <stdarg.h>

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
