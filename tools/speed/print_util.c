/*
 * print_util.c - what the text writers of `ember speed` share (print_int.h):
 * the time base, name widths, the "type" line, line output, ratios. Below
 * print.c, print_mr.c, print_ember.c and print_side.c, which call it.
 */
#include <string.h>

#include "print_int.h"
#include "speed.h"
#include "speed_int.h"

int speed_wall_clock(const speed_run *r)
{
	/* -multi's children measure wall time, as openssl's */
	return r->multi > 1 || strcmp(speed_timer_name(), "CLOCK_MONOTONIC") == 0;
}

/*
 * The width of the name column: openssl's 13, whose longer names push their
 * row out of line as openssl's do; with -impl (Ember's own rows, named
 * "hmac(md5)/avx512"), the longest name, so that every column stays aligned.
 */
int speed_name_width(const speed_run *r, const char *suffix_default)
{
	int i, w = 13;

	for (i = 0; i < r->njobs; i++) {
		const speed_job *j = &r->jobs[i];
		int n = (int)strlen(j->label);
		if (j->impl[0] == 0)
			continue;
		if (suffix_default != NULL && j->is_default)
			n += (int)strlen(suffix_default);
		if (n > w)
			w = n;
	}
	return w;
}

void speed_print_type_line(FILE *f, const speed_run *r, int width)
{
	int s;

	fprintf(f, "%-*s", width - 1, "type");
	for (s = 0; s < r->nsizes; s++)
		fprintf(f, "%7d bytes", (int)r->sizes[s]);
	fprintf(f, "\n");
}

/* Writes |line| without its trailing blanks, and a newline. */
void speed_put_line(FILE *f, char *line)
{
	size_t n = strlen(line);

	while (n > 0 && line[n - 1] == ' ')
		line[--n] = 0;
	fprintf(f, "%s\n", line);
}

int speed_has_rows(const speed_run *r)
{
	int i;

	for (i = 0; i < r->njobs; i++)
		if (r->jobs[i].state == SPEED_OK || r->jobs[i].state == SPEED_FAILED)
			return 1;
	return 0;
}

const char *speed_ratio_text(double v, char *buf, size_t len)
{
	if (!(v >= 0) || v >= 99999.5)
		snprintf(buf, len, "x>1e5");
	else if (v < 99.995)
		snprintf(buf, len, "x%.2f", v);
	else if (v < 999.95)
		snprintf(buf, len, "x%.1f", v);
	else
		snprintf(buf, len, "x%.0f", v);
	return buf;
}
