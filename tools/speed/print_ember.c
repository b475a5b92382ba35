/*
 * print_ember.c - the tables `ember speed` prints after openssl's, only
 * when asked for: -impl all's ratio of each implementation to its row's
 * default, -repeat's spread, -cycles' cycles per byte.
 */
#include <string.h>

#include "print_int.h"
#include "speed.h"
#include "speed_int.h"

/* The default job of |j|'s row (NULL when it did not run). */
static const speed_job *default_of(const speed_run *r, const speed_job *j)
{
	int k;

	for (k = 0; k < r->njobs; k++)
		if (strcmp(r->jobs[k].row.name, j->row.name) == 0 && r->jobs[k].is_default &&
		    r->jobs[k].state == SPEED_OK)
			return &r->jobs[k];
	return NULL;
}

/*
 * -impl all: each implementation's rate over its row's default, "*" on the
 * fastest at each size, "+" on the fastest constant-time one where the
 * fastest is not constant-time. Cells start with "x", so that a reader of
 * openssl's tables never takes them for rates.
 */
void speed_print_fastest(FILE *f, const speed_run *r)
{
	static const char dflt[] = " (default)";
	int width = speed_name_width(r, dflt), i, s;
	char line[1024];

	fprintf(f, "\nThe 'numbers' are each implementation's rate over the default's of its row.\n"
	           "* marks the fastest at each size; + the fastest constant-time one, where the fastest is not.\n");
	speed_print_type_line(f, r, width);
	for (i = 0; i < r->njobs; i++) {
		const speed_job *j = &r->jobs[i], *d = default_of(r, j);
		char name[160];
		size_t used;

		if (j->state != SPEED_OK && j->state != SPEED_FAILED)
			continue;
		snprintf(name, sizeof(name), "%s%s", j->label, j->is_default ? dflt : "");
		snprintf(line, sizeof(line), "%-*s", width, name);
		for (s = 0; s < r->nsizes; s++) {
			char ratio[24];
			used = strlen(line);
			if (j->state != SPEED_OK)
				snprintf(ratio, sizeof(ratio), "failed");
			else if (d == NULL || !(d->res[s].rate > 0))
				snprintf(ratio, sizeof(ratio), "x?");
			else
				speed_ratio_text(j->res[s].rate / d->res[s].rate, ratio, sizeof(ratio));
			snprintf(line + used, sizeof(line) - used, " %11s%c", ratio,
			    (j->mark[s] & SPEED_MARK_FASTEST) ? '*' : (j->mark[s] & SPEED_MARK_FASTEST_CT) ? '+' : ' ');
		}
		speed_put_line(f, line);
	}
}

/* One cell of a table of every job that ran: |r|'s job |j| at size |s|. */
typedef void (*cell_fn)(FILE *f, const speed_run *r, const speed_job *j, int s);

/* The type line, then a row of |cell| per size for each job that ran (a failed one has no figures). */
static void job_table(FILE *f, const speed_run *r, int width, cell_fn cell)
{
	int i, s;

	speed_print_type_line(f, r, width);
	for (i = 0; i < r->njobs; i++) {
		const speed_job *j = &r->jobs[i];
		if (j->state != SPEED_OK)
			continue;
		fprintf(f, "%-*s", width, j->label);
		for (s = 0; s < r->nsizes; s++)
			cell(f, r, j, s);
		fprintf(f, "\n");
	}
}

static void spread_cell(FILE *f, const speed_run *r, const speed_job *j, int s)
{
	const speed_result *x = &j->res[s];

	(void)r;
	fprintf(f, " %11.1f%%", x->rate > 0 ? 100.0 * (x->max - x->min) / x->rate : 0.0);
}

void speed_print_spread(FILE *f, const speed_run *r, int width)
{
	fprintf(f, "\nThe spread is (max - min) / median in percent over %d runs.\n", r->repeat);
	job_table(f, r, width, spread_cell);
}

static void cycles_cell(FILE *f, const speed_run *r, const speed_job *j, int s)
{
	const speed_result *x = &j->res[s];
	double bytes = (double)x->ops * (double)r->sizes[s];

	fprintf(f, " %11.2f ", bytes > 0 ? (double)x->cycles / bytes : 0.0);
}

void speed_print_cycles(FILE *f, const speed_run *r, int width)
{
	if (r->cycles_name == NULL) {
		fprintf(f, "\nCycles per byte: not available (%s).\n", r->cycles_why);
		return;
	}
	fprintf(f, "\nThe 'numbers' are cycles per byte processed (%s, counted over the rates' %s time).\n",
	    r->cycles_name, speed_wall_clock(r) ? "wall-clock" : "CPU");
	job_table(f, r, width, cycles_cell);
}
