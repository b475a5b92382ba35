/*
 * compare_match.c - the arithmetic of `ember compare`: the change of a row
 * against the baseline and its verdict (compare.h, shared with the tests),
 * each file's rows indexed by match key and by name, the partner of a
 * baseline row in each other file, and the table's lines, with the
 * regressions and improvements counted. It calls neither compare.c nor
 * compare_print.c.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare_int.h"

enum cmp_status cmp_classify(const sp_row *base, const sp_row *other, double threshold, double *change)
{
	int bs = base->runs > 1, os = other->runs > 1;
	int beyond;

	if (base->value <= 0.0) {
		*change = 0.0;
		return CMP_NA;
	}
	*change = (other->value - base->value) / base->value * 100.0;
	/*
	 * Both conditions, so that two runs of the same code pass: run-to-run
	 * drift (a turbo state, another process) moves whole -repeat runs by a
	 * percent or two, beyond their own spread but not beyond the threshold;
	 * and a change beyond the threshold that the runs' own spread covers is
	 * noise.
	 */
	if (fabs(*change) < threshold)
		return CMP_SAME;
	if (bs && os)
		beyond = other->lo > base->hi || other->hi < base->lo;
	else if (bs)
		beyond = other->value > base->hi || other->value < base->lo;
	else if (os)
		beyond = base->value > other->hi || base->value < other->lo;
	else
		beyond = 1;
	if (!beyond)
		return CMP_NOISE;
	if (other->value == base->value)
		return CMP_SAME;
	return other->value < base->value ? CMP_REGRESSION : CMP_IMPROVEMENT;
}

const char *cmp_status_name(enum cmp_status s)
{
	switch (s) {
	case CMP_NOISE: return "noise";
	case CMP_REGRESSION: return "regression";
	case CMP_IMPROVEMENT: return "improvement";
	case CMP_NA: return "n/a";
	default: return "";
	}
}

void cmp_format_change(enum cmp_status st, double change, char *buf, size_t len)
{
	double x = 1.0 + change / 100.0;

	if (st == CMP_NA)
		snprintf(buf, len, "n/a");
	else if (change > 100.0)
		snprintf(buf, len, x < 10.0 ? "x%.2f" : "x%.1f", x);
	else
		snprintf(buf, len, "%+.1f %%", fabs(change) < 0.05 ? 0.0 : change); /* no "-0.0" */
}

static int nstrcmp(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return (a != NULL) - (b != NULL);
	return strcmp(a, b);
}

/* The match key of two rows: 0 when they are candidates for each other. */
static int key_cmp(const sp_row *x, const sp_row *y, int by_engine)
{
	int c = strcmp(x->algo, y->algo);

	if (c == 0)
		c = nstrcmp(x->op, y->op);
	if (c == 0 && x->size != y->size)
		c = x->size < y->size ? -1 : 1;
	if (c == 0 && by_engine)
		c = nstrcmp(x->engine, y->engine);
	return c;
}

static int sort_engine; /* qsort has no context: the by_engine of the index being sorted */

static int by_key_cmp(const void *a, const void *b)
{
	const sp_row *x = *(const sp_row *const *)a, *y = *(const sp_row *const *)b;
	int c = key_cmp(x, y, sort_engine);

	if (c == 0)
		c = nstrcmp(x->impl, y->impl);
	return c ? c : (x < y ? -1 : x > y);
}

static int by_name_cmp(const void *a, const void *b)
{
	const sp_row *x = *(const sp_row *const *)a, *y = *(const sp_row *const *)b;
	int c = strcmp(x->name, y->name);

	return c ? c : (x < y ? -1 : x > y);
}

/* Row |r| takes part: no engine chosen for the file, or the chosen one. */
static int in_view(const sp_row *r, const char *engine)
{
	return engine == NULL || (r->engine && strcmp(r->engine, engine) == 0);
}

int cmp_index_file(cmp_index *ix, const sp_file *f, const char *engine, int by_engine)
{
	size_t i;

	memset(ix, 0, sizeof(*ix));
	ix->by_engine = by_engine;
	ix->by_key = calloc(f->nrows + 1, sizeof(*ix->by_key));
	ix->by_name = calloc(f->nrows + 1, sizeof(*ix->by_name));
	if (ix->by_key == NULL || ix->by_name == NULL)
		return -1;
	for (i = 0; i < f->nrows; i++) {
		if (!in_view(&f->rows[i], engine))
			continue;
		ix->by_key[ix->n] = ix->by_name[ix->n] = &f->rows[i];
		ix->n++;
	}
	sort_engine = by_engine;
	qsort(ix->by_key, ix->n, sizeof(*ix->by_key), by_key_cmp);
	qsort(ix->by_name, ix->n, sizeof(*ix->by_name), by_name_cmp);
	return 0;
}

void cmp_free_index(cmp_index *ix)
{
	free(ix->by_key);
	free(ix->by_name);
}

/* The candidates for |r| in |ix|: the first one's position, their count in |*n|. */
static size_t candidates(const cmp_index *ix, const sp_row *r, size_t *n)
{
	size_t lo = 0, hi = ix->n, at;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (key_cmp(r, ix->by_key[mid], ix->by_engine) > 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (at = lo; at < ix->n && key_cmp(r, ix->by_key[at], ix->by_engine) == 0; at++)
		;
	*n = at - lo;
	return lo;
}

/*
 * The partner of baseline row |b| in file |k|, or NULL: the one candidate
 * when each side has one implementation of the row, else the candidate of
 * the same implementation.
 */
const sp_row *cmp_partner(const cmp_ctx *c, const sp_row *b, size_t k)
{
	size_t nb, no, at = candidates(&c->ix[k], b, &no), i;

	candidates(&c->ix[0], b, &nb);
	if (no == 0)
		return NULL;
	if (nb == 1 && no == 1)
		return c->ix[k].by_key[at];
	for (i = at; i < at + no; i++) {
		const sp_row *r = c->ix[k].by_key[i];
		if (b->impl && r->impl && strcmp(b->impl, r->impl) == 0)
			return r;
	}
	return NULL;
}

/* 1 when row |r| of file |k| has a partner (the baseline's in any other file). */
int cmp_matched(const cmp_ctx *c, size_t k, const sp_row *r)
{
	size_t other, n, at, i;

	if (k == 0) {
		for (other = 1; other < c->nfiles; other++)
			if (cmp_partner(c, r, other))
				return 1;
		return 0;
	}
	at = candidates(&c->ix[0], r, &n);
	for (i = at; i < at + n; i++)
		if (cmp_partner(c, c->ix[0].by_key[i], k) == r)
			return 1;
	return 0;
}

static int cmp_lines(const void *a, const void *b)
{
	const cmp_line *x = a, *y = b;

	if (x->pk != y->pk)
		return x->pk - y->pk;
	if (x->algo_order != y->algo_order)
		return x->algo_order < y->algo_order ? -1 : 1;
	if (x->series_order != y->series_order)
		return x->series_order < y->series_order ? -1 : 1;
	if (x->base->size != y->base->size)
		return x->base->size < y->base->size ? -1 : 1;
	return x->base->line < y->base->line ? -1 : x->base->line > y->base->line;
}

/* Rows by algorithm, engine, implementation, then position: series and their first appearance. */
static int by_series_cmp(const void *a, const void *b)
{
	const sp_row *x = *(const sp_row *const *)a, *y = *(const sp_row *const *)b;
	int c = strcmp(x->algo, y->algo);

	if (c == 0)
		c = nstrcmp(x->engine, y->engine);
	if (c == 0)
		c = nstrcmp(x->impl, y->impl);
	return c ? c : (x < y ? -1 : x > y);
}

/*
 * The table's lines: every baseline row with a partner in another file,
 * ordered as the baseline lists its algorithms, then its engines and
 * implementations, then by size; and the regressions and improvements.
 */
int cmp_build_lines(cmp_ctx *c)
{
	const cmp_index *ix = &c->ix[0];
	const sp_row **by = malloc((ix->n + 1) * sizeof(*by));
	size_t i, g, e, s, k;

	if (by == NULL)
		return -1;
	memcpy(by, ix->by_key, ix->n * sizeof(*by));
	qsort(by, ix->n, sizeof(*by), by_series_cmp);
	for (g = 0; g < ix->n; g = e) {
		size_t algo_order = (size_t)-1;
		for (e = g; e < ix->n && strcmp(by[e]->algo, by[g]->algo) == 0; e++)
			if ((size_t)(by[e] - c->files[0].rows) < algo_order)
				algo_order = (size_t)(by[e] - c->files[0].rows);
		for (s = g; s < e; s = i) {
			size_t series_order = (size_t)(by[s] - c->files[0].rows);
			for (i = s; i < e && nstrcmp(by[i]->engine, by[s]->engine) == 0 &&
			     nstrcmp(by[i]->impl, by[s]->impl) == 0; i++) {
				const sp_row *b = by[i];
				size_t nb;
				int any = 0;
				for (k = 1; k < c->nfiles; k++) {
					const sp_row *r = cmp_partner(c, b, k);
					if (r) {
						double pct;
						enum cmp_status st = cmp_classify(b, r, c->threshold, &pct);
						any = 1;
						c->regressions += st == CMP_REGRESSION;
						c->improvements += st == CMP_IMPROVEMENT;
					}
				}
				if (!any)
					continue;
				candidates(ix, b, &nb);
				c->lines[c->nlines].base = b;
				c->lines[c->nlines].algo_order = algo_order;
				c->lines[c->nlines].series_order = series_order;
				c->lines[c->nlines].pk = b->op != NULL;
				c->lines[c->nlines].tag_impl = nb > 1;
				c->nlines++;
			}
		}
	}
	free(by);
	qsort(c->lines, c->nlines, sizeof(*c->lines), cmp_lines);
	return 0;
}
