/*
 * compare.c - `ember compare [options] BASELINE OTHER...`: for every
 * algorithm and block size (and public-key operation) present in the
 * baseline and another file, the values and the change in percent (a ratio
 * beyond +100 %), as a text, markdown, CSV or JSON table. Inputs are read by
 * speedparse.c.
 *
 * Rows match by algorithm, size or operation; engines are never mixed (a
 * multi-engine file is narrowed to one engine with -engine, or matched
 * engine to engine against another multi-engine file); implementation tags
 * do not prevent a match when each side has one implementation of the row,
 * and decide it when a side has several.
 */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "tool.h"

enum { FMT_TEXT, FMT_MD, FMT_CSV, FMT_JSON };

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

/* "123456.78k" for throughput (openssl's unit), "2347.0" for public-key rates. */
static void fmt_value(const sp_row *r, char *buf, size_t len)
{
	if (r->op)
		snprintf(buf, len, "%.1f", r->value);
	else
		snprintf(buf, len, "%.2fk", r->value / 1000.0);
}

static void json_string(FILE *o, const char *s)
{
	fputc('"', o);
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(o, "\\%c", c);
		else if (c < 0x20)
			fprintf(o, "\\u%04x", c);
		else
			fputc(c, o);
	}
	fputc('"', o);
}

/* A decimal number as a spreadsheet reads it: "-1.4", "+2", "1e-3". */
static int plain_number(const char *s)
{
	int digits = 0;

	if (*s == '+' || *s == '-')
		s++;
	for (; *s >= '0' && *s <= '9'; s++)
		digits++;
	if (*s == '.')
		for (s++; *s >= '0' && *s <= '9'; s++)
			digits++;
	if (digits == 0)
		return 0;
	if (*s == 'e' || *s == 'E') {
		s++;
		if (*s == '+' || *s == '-')
			s++;
		if (!(*s >= '0' && *s <= '9'))
			return 0;
		while (*s >= '0' && *s <= '9')
			s++;
	}
	return *s == 0;
}

/*
 * A quoted CSV cell. A spreadsheet runs a cell that starts with = + - @ (or
 * tab or CR) as a formula: such a cell gets a leading single quote, as
 * OWASP's "CSV Injection" page recommends, unless it is a plain number
 * ("-1.4" stays a number). The figures compare computes itself are printed
 * unquoted with %.2f and are always numbers.
 */
static void csv_string(FILE *o, const char *s)
{
	fputc('"', o);
	if (s && (*s == '=' || *s == '+' || *s == '-' || *s == '@' || *s == '\t' || *s == '\r') && !plain_number(s))
		fputc('\'', o);
	for (; s && *s; s++) {
		if (*s == '"')
			fputc('"', o);
		fputc(*s, o);
	}
	fputc('"', o);
}

/* |s| with '|' escaped, for a markdown cell (static buffer). */
static const char *md_esc(const char *s)
{
	static char buf[512];
	size_t n = 0;

	for (; *s && n + 3 < sizeof(buf); s++) {
		if (*s == '|')
			buf[n++] = '\\';
		buf[n++] = *s;
	}
	buf[n] = 0;
	return buf;
}

/* A cell for the markdown table: '|' would split it. */
static void md_cell(FILE *o, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			fputs("\\|", o);
		else
			fputc(*s, o);
	}
}

/* Appends to a line buffer; lines are printed with trailing blanks removed. */
static void lp(char *line, size_t cap, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;

static void lp(char *line, size_t cap, const char *fmt, ...)
{
	size_t used = strlen(line);
	va_list ap;

	if (used + 1 >= cap)
		return;
	va_start(ap, fmt);
	vsnprintf(line + used, cap - used, fmt, ap);
	va_end(ap);
}

/* |n| dashes, with a colon first or last: a markdown alignment cell as wide as its column. */
static void lp_rule(char *line, size_t cap, size_t n, int right)
{
	size_t i;

	lp(line, cap, "%s", right ? "" : ":");
	for (i = 0; i < n; i++)
		lp(line, cap, "-");
	lp(line, cap, "%s|", right ? ":" : "");
}

static void put_line(FILE *o, char *line)
{
	size_t n = strlen(line);

	while (n && line[n - 1] == ' ')
		line[--n] = 0;
	fputs(line, o);
	fputc('\n', o);
	line[0] = 0;
}

/*
 * Each file's rows that take part (all, or one engine's), sorted for
 * lookups in n log n instead of a linear scan per row (n rows against n
 * rows would be quadratic): by match key (algorithm, op, size, and engine
 * when engines are matched), then implementation and position; and by
 * display name, for the groups of rows "not compared" names.
 */
typedef struct cmp_index {
	const sp_row **by_key;
	const sp_row **by_name;   /* grouped by name, in file order within a group */
	size_t n;
	int by_engine;
} cmp_index;

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

static int index_file(cmp_index *ix, const sp_file *f, const char *engine, int by_engine)
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

static void free_index(cmp_index *ix)
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

typedef struct cmp_line {
	const sp_row *base;
	size_t algo_order;   /* first appearance of the algorithm in the baseline */
	size_t series_order; /* and of its engine and implementation */
	int pk;
	int tag_impl;        /* the baseline has several implementations of the row: name them */
} cmp_line;

typedef struct cmp_ctx {
	sp_file *files;
	cmp_index *ix;        /* per file */
	const char **engine;  /* per file: the engine compared, or NULL for all its rows */
	size_t nfiles;
	int by_engine;        /* rows are matched engine to engine */
	const char **names;   /* column names: base names, or paths when those collide */
	cmp_line *lines;
	size_t nlines;
	double threshold;
	unsigned regressions, improvements;
} cmp_ctx;

/*
 * The partner of baseline row |b| in file |k|, or NULL: the one candidate
 * when each side has one implementation of the row, else the candidate of
 * the same implementation.
 */
static const sp_row *partner(const cmp_ctx *c, const sp_row *b, size_t k)
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
static int matched(const cmp_ctx *c, size_t k, const sp_row *r)
{
	size_t other, n, at, i;

	if (k == 0) {
		for (other = 1; other < c->nfiles; other++)
			if (partner(c, r, other))
				return 1;
		return 0;
	}
	at = candidates(&c->ix[0], r, &n);
	for (i = at; i < at + n; i++)
		if (partner(c, c->ix[0].by_key[i], k) == r)
			return 1;
	return 0;
}

/* The row's name in the table: "sha256", with "[openssl]", "[x86ni]" or "[ember:ref]" where rows need telling apart. */
static void fmt_key(const cmp_ctx *c, const cmp_line *l, char *buf, size_t len)
{
	const sp_row *r = l->base;
	const char *e = c->by_engine ? r->engine : NULL, *im = l->tag_impl ? r->impl : NULL;

	snprintf(buf, len, "%s%s%s%s%s%s%s%s", r->algo, e || im ? "[" : "", e ? e : "", e && im ? ":" : "",
	    im ? im : "", e || im ? "]" : "", r->op ? " " : "", r->op ? r->op : "");
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

/* What a file's header line says besides its description: the engine compared, when chosen. */
static void fmt_view(const cmp_ctx *c, size_t k, char *buf, size_t len)
{
	const sp_file *f = &c->files[k];
	size_t i, used;

	buf[0] = 0;
	if (c->engine[k] == NULL || f->nengines < 2)
		return;
	snprintf(buf, len, "compared: engine %s (the file holds ", c->engine[k]);
	for (i = 0; i < f->nengines; i++) {
		used = strlen(buf);
		snprintf(buf + used, len - used, "%s%s", i ? ", " : "", f->engines[i]);
	}
	used = strlen(buf);
	snprintf(buf + used, len - used, ")");
}

/* The cells of line |i|: key, size, then per file value, and per other file change and mark. */
typedef struct cmp_cells {
	char key[200], size[16];
	char val[16][48], ch[16][32];
	const char *mark[16];
} cmp_cells;

static void line_cells(cmp_ctx *c, size_t i, size_t k, cmp_cells *x, size_t slot)
{
	const sp_row *b = c->lines[i].base, *r = k ? partner(c, b, k) : b;

	if (k == 0) {
		fmt_key(c, &c->lines[i], x->key, sizeof(x->key));
		if (b->op)
			x->size[0] = 0;
		else
			snprintf(x->size, sizeof(x->size), "%u", b->size);
	}
	x->mark[slot] = "";
	if (r == NULL) {
		snprintf(x->val[slot], sizeof(x->val[slot]), "-");
		snprintf(x->ch[slot], sizeof(x->ch[slot]), "-");
		return;
	}
	fmt_value(r, x->val[slot], sizeof(x->val[slot]));
	x->ch[slot][0] = 0;
	if (k) {
		double pct;
		enum cmp_status st = cmp_classify(b, r, c->threshold, &pct);
		cmp_format_change(st, pct, x->ch[slot], sizeof(x->ch[slot]));
		x->mark[slot] = cmp_status_name(st);
	}
}

/* Widths of a table's columns; files beyond the 16th share the last slot's cells. */
#define CMP_SLOT(k) ((k) < 16 ? (k) : 15)

static size_t md_len(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == '|' ? 2 : 1;
	return n;
}

/* |s| padded to |w| (left- or right-aligned), '|' escaped in markdown. */
static void lp_cell(char *line, size_t cap, int md, const char *s, size_t w, int right)
{
	size_t l = md ? md_len(s) : strlen(s), pad = w > l ? w - l : 0;

	if (right)
		lp(line, cap, "%*s", (int)pad, "");
	lp(line, cap, "%s", md ? md_esc(s) : s);
	if (!right)
		lp(line, cap, "%*s", (int)pad, "");
}

static void print_text(cmp_ctx *c, FILE *o, int md)
{
	size_t i, k, wname = 9, wsize = 4, wch = 6, wmark = 11, *wcol;
	char buf[512], view[512], line[8192];
	cmp_cells *x = malloc(sizeof(*x));

	wcol = calloc(c->nfiles, sizeof(*wcol));
	if (wcol == NULL || x == NULL) {
		free(wcol);
		free(x);
		return;
	}
	for (k = 0; k < c->nfiles; k++)
		wcol[k] = md ? md_len(c->names[k]) : strlen(c->names[k]);
	for (i = 0; i < c->nlines; i++) {
		for (k = 0; k < c->nfiles; k++) {
			size_t s = CMP_SLOT(k), l;
			line_cells(c, i, k, x, s);
			l = md ? md_len(x->val[s]) : strlen(x->val[s]);
			wcol[k] = l > wcol[k] ? l : wcol[k];
			if (k && strlen(x->ch[s]) > wch)
				wch = strlen(x->ch[s]);
		}
		if ((md ? md_len(x->key) : strlen(x->key)) > wname)
			wname = md ? md_len(x->key) : strlen(x->key);
		if (strlen(x->size) > wsize)
			wsize = strlen(x->size);
	}

	for (k = 0; k < c->nfiles; k++) {
		const sp_file *f = &c->files[k];
		sp_describe(f, buf, sizeof(buf));
		fmt_view(c, k, view, sizeof(view));
		if (md) {
			fprintf(o, "- %s `", k ? "other" : "**baseline**");
			md_cell(o, c->names[k]);
			fputs("`: ", o);
			md_cell(o, buf);
			fprintf(o, " (%s)", f->format);
			if (view[0]) {
				fputs("; ", o);
				md_cell(o, view);
			}
			if (f->cpuinfo) {
				fputs("; CPU: ", o);
				md_cell(o, f->cpuinfo);
			}
			fputc('\n', o);
		} else {
			if (f->version)
				fprintf(o, "%-9s %s: %s [%s]\n", k ? "other" : "baseline", c->names[k], buf, f->format);
			else
				fprintf(o, "%-9s %s: %s\n", k ? "other" : "baseline", c->names[k], buf);
			if (view[0])
				fprintf(o, "%-9s %*s  %s\n", "", (int)strlen(c->names[k]), "", view);
			if (f->cpuinfo)
				fprintf(o, "%-9s %*s  CPU: %s\n", "", (int)strlen(c->names[k]), "", f->cpuinfo);
		}
	}
	fprintf(o, "%sValues in 1000s of bytes per second (k), public-key rows in operations per second.%s"
	    "Change = (other - baseline) / baseline, shown as a ratio (x2.50 = other / baseline) beyond +100 %%;%s"
	    "marked when beyond %g %% and, with repeats, beyond the measured spread.\n\n",
	    md ? "\n" : "", md ? " " : "\n", md ? " " : "\n", c->threshold);

	line[0] = 0;
	lp(line, sizeof(line), "%s", md ? "| " : "");
	lp_cell(line, sizeof(line), 0, "algorithm", wname, 0);
	lp(line, sizeof(line), "%s", md ? " | " : " ");
	lp_cell(line, sizeof(line), 0, "size", wsize, 1);
	for (k = 0; k < c->nfiles; k++) {
		lp(line, sizeof(line), "%s", md ? " | " : "  ");
		lp_cell(line, sizeof(line), md, c->names[k], wcol[k], 1);
		if (k) {
			lp(line, sizeof(line), "%s", md ? " | " : "  ");
			lp_cell(line, sizeof(line), 0, "change", wch, 1);
			lp(line, sizeof(line), "%s", md ? " | " : "  ");
			lp_cell(line, sizeof(line), 0, "", wmark, 0);
		}
	}
	lp(line, sizeof(line), "%s", md ? " |" : "");
	put_line(o, line);
	if (md) {
		/* the alignment row, as wide as the columns: the source reads as a table too */
		lp(line, sizeof(line), "|");
		lp_rule(line, sizeof(line), wname + 1, 0);
		lp_rule(line, sizeof(line), wsize + 1, 1);
		for (k = 0; k < c->nfiles; k++) {
			lp_rule(line, sizeof(line), wcol[k] + 1, 1);
			if (k) {
				lp_rule(line, sizeof(line), wch + 1, 1);
				lp_rule(line, sizeof(line), wmark + 1, 0);
			}
		}
		put_line(o, line);
	}
	for (i = 0; i < c->nlines; i++) {
		for (k = 0; k < c->nfiles; k++)
			line_cells(c, i, k, x, CMP_SLOT(k));
		lp(line, sizeof(line), "%s", md ? "| " : "");
		lp_cell(line, sizeof(line), md, x->key, wname, 0);
		lp(line, sizeof(line), "%s", md ? " | " : " ");
		lp_cell(line, sizeof(line), 0, x->size, wsize, 1);
		for (k = 0; k < c->nfiles; k++) {
			size_t s = CMP_SLOT(k);
			lp(line, sizeof(line), "%s", md ? " | " : "  ");
			lp_cell(line, sizeof(line), md, x->val[s], wcol[k], 1);
			if (k) {
				lp(line, sizeof(line), "%s", md ? " | " : "  ");
				lp_cell(line, sizeof(line), 0, x->ch[s], wch, 1);
				lp(line, sizeof(line), "%s", md ? " | " : "  ");
				lp_cell(line, sizeof(line), 0, x->mark[s], wmark, 0);
			}
		}
		lp(line, sizeof(line), "%s", md ? " |" : "");
		put_line(o, line);
	}
	free(wcol);
	free(x);
}

static void print_csv(cmp_ctx *c, FILE *o)
{
	size_t i, k;
	char key[200];

	fputs("algorithm,op,size,unit", o);
	for (k = 0; k < c->nfiles; k++) {
		fputc(',', o);
		csv_string(o, c->names[k]);
		if (k) {
			char h[300];
			snprintf(h, sizeof(h), "%s change %%", c->names[k]);
			fputc(',', o);
			csv_string(o, h);
			snprintf(h, sizeof(h), "%s status", c->names[k]);
			fputc(',', o);
			csv_string(o, h);
		}
	}
	fputc('\n', o);
	for (i = 0; i < c->nlines; i++) {
		const sp_row *b = c->lines[i].base;
		fmt_key(c, &c->lines[i], key, sizeof(key));
		if (b->op)
			key[strlen(key) - strlen(b->op) - 1] = 0; /* the op has its own column */
		csv_string(o, key);
		fputc(',', o);
		if (b->op)
			csv_string(o, b->op);
		fputc(',', o);
		if (!b->op)
			fprintf(o, "%u", b->size);
		fprintf(o, ",%s,%.2f", b->op ? "ops/s" : "bytes/s", b->value);
		for (k = 1; k < c->nfiles; k++) {
			const sp_row *r = partner(c, b, k);
			if (r) {
				double pct;
				enum cmp_status st = cmp_classify(b, r, c->threshold, &pct);
				fprintf(o, ",%.2f,", r->value);
				if (st != CMP_NA)
					fprintf(o, "%.2f", pct);
				fprintf(o, ",%s", cmp_status_name(st));
			} else {
				fputs(",,,", o);
			}
		}
		fputc('\n', o);
	}
}

static void json_opt_string(FILE *o, const char *key, const char *v)
{
	fprintf(o, ", \"%s\": ", key);
	if (v)
		json_string(o, v);
	else
		fputs("null", o);
}

static void json_file(FILE *o, const cmp_ctx *c, size_t k)
{
	const sp_file *f = &c->files[k];

	fputs("{\"file\": ", o);
	json_string(o, f->path);
	fputs(", \"name\": ", o);
	json_string(o, c->names[k]);
	fputs(", \"format\": ", o);
	json_string(o, f->format);
	json_opt_string(o, "version", f->version);
	json_opt_string(o, "options", f->options);
	json_opt_string(o, "engine", f->engine);
	json_opt_string(o, "compared_engine", f->nengines > 1 ? c->engine[k] : NULL);
	fputc('}', o);
}

static void json_row_value(FILE *o, const sp_row *r)
{
	/* 15 digits: the inputs have fewer, and "k" times 1000 must not show binary noise */
	fprintf(o, "\"value\": %.15g", r->value);
	if (r->runs > 1)
		fprintf(o, ", \"min\": %.15g, \"max\": %.15g, \"samples\": %u", r->lo, r->hi, (unsigned)r->runs);
}

static void print_json(cmp_ctx *c, FILE *o)
{
	size_t i, k;
	char key[200];

	fputs("{\n  \"format\": \"ember-compare\", \"format_version\": 1,\n  \"threshold\": ", o);
	fprintf(o, "%g,\n  \"baseline\": ", c->threshold);
	json_file(o, c, 0);
	fputs(",\n  \"others\": [", o);
	for (k = 1; k < c->nfiles; k++) {
		fputs(k > 1 ? ", " : "", o);
		json_file(o, c, k);
	}
	fputs("],\n  \"rows\": [", o);
	for (i = 0; i < c->nlines; i++) {
		const sp_row *b = c->lines[i].base;
		fmt_key(c, &c->lines[i], key, sizeof(key));
		if (b->op)
			key[strlen(key) - strlen(b->op) - 1] = 0;
		fputs(i ? ",\n    {" : "\n    {", o);
		fputs("\"algorithm\": ", o);
		json_string(o, key);
		if (b->op) {
			fputs(", \"op\": ", o);
			json_string(o, b->op);
			fputs(", \"unit\": \"ops/s\"", o);
		} else {
			fprintf(o, ", \"size\": %u, \"unit\": \"bytes/s\"", b->size);
		}
		if (b->engine)
			json_opt_string(o, "engine", b->engine);
		if (b->impl)
			json_opt_string(o, "impl", b->impl);
		fputs(", \"baseline\": {", o);
		json_row_value(o, b);
		fputs("}, \"others\": [", o);
		for (k = 1; k < c->nfiles; k++) {
			const sp_row *r = partner(c, b, k);
			fputs(k > 1 ? ", " : "", o);
			if (r == NULL) {
				fputs("null", o);
				continue;
			}
			{
				double pct;
				enum cmp_status st = cmp_classify(b, r, c->threshold, &pct);
				fputc('{', o);
				json_row_value(o, r);
				if (st == CMP_NA)
					fputs(", \"change_pct\": null, \"ratio\": null", o);
				else
					fprintf(o, ", \"change_pct\": %.6f, \"ratio\": %.6f", pct, r->value / b->value);
				fprintf(o, ", \"status\": \"%s\"}", st == CMP_SAME ? "same" : cmp_status_name(st));
			}
		}
		fputs("]}", o);
	}
	fprintf(o, "\n  ],\n  \"regressions\": %u, \"improvements\": %u\n}\n", c->regressions, c->improvements);
}

/*
 * Rows that could not be compared, one line per file: an algorithm missing
 * entirely is named alone, else with the sizes or ops that are missing.
 */
static int by_pos_cmp(const void *a, const void *b)
{
	const sp_row *x = **(const sp_row *const *const *)a, *y = **(const sp_row *const *const *)b;

	return x < y ? -1 : x > y;
}

/*
 * The name of a row "not compared" names: the file's, less the engine's tag
 * when one engine of the file is compared ("md5[openssl]" is md5 there).
 */
static const char *unmatched_name(const cmp_ctx *c, size_t k, const sp_row *r, char *buf, size_t len)
{
	const char *e = c->engine[k];
	size_t al = strlen(r->algo), el;

	if (e == NULL || c->files[k].nengines < 2 || strncmp(r->name, r->algo, al) != 0 || r->name[al] != '[')
		return r->name;
	el = strlen(e);
	if (strncmp(r->name + al + 1, e, el) != 0)
		return r->name;
	if (strcmp(r->name + al + 1 + el, "]") == 0)
		snprintf(buf, len, "%s", r->algo);
	else if (r->name[al + 1 + el] == ':')
		snprintf(buf, len, "%s[%s", r->algo, r->name + al + 2 + el);
	else
		return r->name;
	return buf;
}

static void print_unmatched(cmp_ctx *c, FILE *o, int md)
{
	size_t k, g, j, e, ng, i;
	char line[4096], nb[200];

	for (k = 0; k < c->nfiles; k++) {
		const cmp_index *ix = &c->ix[k];
		const sp_row *const **groups = malloc((ix->n + 1) * sizeof(*groups));
		size_t count = 0;
		if (groups == NULL)
			return;
		/* each name's group, in the order of the file (its first row) */
		for (ng = 0, g = 0; g < ix->n; g++)
			if (g == 0 || strcmp(ix->by_name[g]->name, ix->by_name[g - 1]->name) != 0)
				groups[ng++] = &ix->by_name[g];
		qsort(groups, ng, sizeof(*groups), by_pos_cmp);
		line[0] = 0;
		for (i = 0; i < ng; i++) {
			const sp_row *r = *groups[i];
			size_t missing = 0;
			int first = 1;
			g = (size_t)(groups[i] - ix->by_name);
			for (e = g; e < ix->n && strcmp(ix->by_name[e]->name, r->name) == 0; e++)
				missing += !matched(c, k, ix->by_name[e]);
			if (missing == 0)
				continue;
			count += missing;
			lp(line, sizeof(line), "%s%s", line[0] ? ", " : "", unmatched_name(c, k, r, nb, sizeof(nb)));
			if (missing == e - g)
				continue;
			for (j = g; j < e; j++) {
				const sp_row *q = ix->by_name[j];
				if (matched(c, k, q))
					continue;
				if (q->op)
					lp(line, sizeof(line), "%s%s", first ? " " : "/", q->op);
				else
					lp(line, sizeof(line), "%s%u", first ? " " : "/", q->size);
				first = 0;
			}
		}
		free(groups);
		if (count)
			fprintf(o, "%snot compared, only in %s (%u row%s): %s\n", md ? "\n" : "", c->names[k],
			    (unsigned)count, count > 1 ? "s" : "", line);
	}
}

/* The files' engines joined: "ember, openssl". */
static void engine_list(const sp_file *f, char *buf, size_t len)
{
	size_t i, used;

	buf[0] = 0;
	for (i = 0; i < f->nengines; i++) {
		used = strlen(buf);
		snprintf(buf + used, len - used, "%s%s", i ? ", " : "", f->engines[i]);
	}
}

static int has_engine(const sp_file *f, const char *e)
{
	size_t i;

	for (i = 0; i < f->nengines; i++)
		if (strcmp(f->engines[i], e) == 0)
			return 1;
	return 0;
}

/*
 * Which rows of each file take part. -engine NAME: NAME's rows of every
 * file that has it; a file without it is taken whole when it holds one
 * engine (or does not say), refused when it holds several. Without
 * -engine: a file of several engines meets a file of one engine E through
 * its E rows; files that all hold several engines are matched engine to
 * engine; anything else needs -engine. Returns 0, or -1 after the error.
 */
static int choose_engines(cmp_ctx *c, const char *want)
{
	size_t k, multi = 0, single = 0;
	const char *e = NULL;
	char list[512];

	for (k = 0; k < c->nfiles; k++)
		multi += c->files[k].nengines > 1;
	if (want) {
		size_t found = 0;
		for (k = 0; k < c->nfiles; k++) {
			const sp_file *f = &c->files[k];
			if (has_engine(f, want)) {
				c->engine[k] = want;
				found++;
			} else if (f->nengines > 1) {
				engine_list(f, list, sizeof(list));
				tool_error("compare", "%s has no engine %s (it holds %s)", f->path, want, list);
				return -1;
			}
		}
		if (found == 0) {
			tool_error("compare", "no file has engine %s", want);
			return -1;
		}
		return 0;
	}
	if (multi == 0)
		return 0;
	for (k = 0; k < c->nfiles; k++) {
		const sp_file *f = &c->files[k];
		if (f->nengines > 1)
			continue;
		single++;
		if (f->nengines == 0 || (e && strcmp(e, f->engines[0]) != 0)) {
			e = NULL;
			break;
		}
		e = f->engines[0];
	}
	if (single == 0) {
		c->by_engine = 1;
		return 0;
	}
	for (k = 0; e && k < c->nfiles; k++)
		if (!has_engine(&c->files[k], e))
			e = NULL;
	if (e == NULL) {
		for (k = 0; c->files[k].nengines < 2; k++)
			;
		engine_list(&c->files[k], list, sizeof(list));
		tool_error("compare", "%s holds several engines (%s) and the other files not one of them: choose one "
		    "with -engine NAME", c->files[k].path, list);
		return -1;
	}
	for (k = 0; k < c->nfiles; k++)
		c->engine[k] = e;
	return 0;
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
static int build_lines(cmp_ctx *c)
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
					const sp_row *r = partner(c, b, k);
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

int cmd_compare(int argc, char **argv)
{
	const char *out = NULL, *fmtname = "text", *want_engine = NULL;
	char **paths;
	size_t npaths = 0, i, k;
	int fmt = FMT_TEXT, fail_on_reg = 0, a, rc = 1;
	cmp_ctx c;
	char err[512], tmp[4096];
	FILE *o;

	memset(&c, 0, sizeof(c));
	c.threshold = 5.0;
	paths = calloc((size_t)argc + 1, sizeof(*paths));
	if (paths == NULL)
		return tool_error("compare", "out of memory");
	for (a = 1; a < argc; a++) {
		const char *s = argv[a];
		if (strcmp(s, "-threshold") == 0 && a + 1 < argc) {
			if (sp_number(argv[++a], 0, &c.threshold) != 0 || c.threshold > 1e6) {
				tool_error("compare", "bad -threshold '%s' (a percentage such as 5 or 2.5)", argv[a]);
				goto done;
			}
		} else if (strcmp(s, "-fail-on-regression") == 0) {
			fail_on_reg = 1;
		} else if (strcmp(s, "-engine") == 0 && a + 1 < argc) {
			want_engine = argv[++a];
			if (want_engine[0] == 0 || strlen(want_engine) > 63 ||
			    strspn(want_engine, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.") !=
			        strlen(want_engine)) {
				tool_error("compare", "bad -engine '%s' (an engine name such as ember or openssl)", want_engine);
				goto done;
			}
		} else if (strcmp(s, "-format") == 0 && a + 1 < argc) {
			fmtname = argv[++a];
			if (strcmp(fmtname, "text") == 0)
				fmt = FMT_TEXT;
			else if (strcmp(fmtname, "markdown") == 0 || strcmp(fmtname, "md") == 0)
				fmt = FMT_MD;
			else if (strcmp(fmtname, "csv") == 0)
				fmt = FMT_CSV;
			else if (strcmp(fmtname, "json") == 0)
				fmt = FMT_JSON;
			else {
				tool_error("compare", "unknown -format '%s' (text, markdown, csv, json)", fmtname);
				goto done;
			}
		} else if (strcmp(s, "-o") == 0 && a + 1 < argc) {
			out = argv[++a];
		} else if (strcmp(s, "-h") == 0 || strcmp(s, "-help") == 0 || strcmp(s, "--help") == 0) {
			printf("usage: ember compare [-threshold PCT] [-fail-on-regression] [-engine NAME]\n"
			    "                     [-format text|markdown|csv|json] [-o FILE] BASELINE OTHER...\n"
			    "  -threshold PCT        a change is significant from PCT %% (default 5), and with repeats\n"
			    "                        only beyond the measured spread as well\n"
			    "  -fail-on-regression   exit 1 when a row is significantly slower\n"
			    "  -engine NAME          compare engine NAME's rows of files measured through several\n"
			    "                        engines (ember speed -engine ember,openssl)\n"
			    "(see man ember-compare)\n");
			rc = 0;
			goto done;
		} else if (s[0] == '-' && s[1] != 0) {
			tool_error("compare", "unknown option '%s' (or missing value)", s);
			goto done;
		} else {
			paths[npaths++] = argv[a];
		}
	}
	if (npaths < 2) {
		tool_error("compare", "need a baseline and at least one other file (try 'ember compare -h')");
		goto done;
	}
	c.files = calloc(npaths, sizeof(*c.files));
	c.ix = calloc(npaths, sizeof(*c.ix));
	c.names = calloc(npaths, sizeof(*c.names));
	c.engine = calloc(npaths, sizeof(*c.engine));
	if (c.files == NULL || c.ix == NULL || c.names == NULL || c.engine == NULL) {
		tool_error("compare", "out of memory");
		goto done;
	}
	for (i = 0; i < npaths; i++) {
		if (sp_load(paths[i], &c.files[i], stderr, err, sizeof(err)) != 0) {
			tool_error("compare", "%s", err);
			goto done;
		}
		c.nfiles++;
	}
	if (choose_engines(&c, want_engine) != 0)
		goto done;
	for (i = 0; i < npaths; i++) {
		if (index_file(&c.ix[i], &c.files[i], c.engine[i], c.by_engine) != 0) {
			tool_error("compare", "out of memory");
			goto done;
		}
		c.names[i] = sp_basename(&c.files[i]);
		for (k = 0; k < npaths; k++)
			if (k != i && strcmp(sp_basename(&c.files[k]), c.names[i]) == 0)
				c.names[i] = c.files[i].path;
	}
	c.lines = calloc(c.ix[0].n + 1, sizeof(*c.lines));
	if (c.lines == NULL) {
		tool_error("compare", "out of memory");
		goto done;
	}
	if (build_lines(&c) != 0) {
		tool_error("compare", "out of memory");
		goto done;
	}
	if (c.nlines == 0) {
		tool_error("compare", "%s and the other files have no algorithm and size in common", paths[0]);
		goto done;
	}
	o = tool_out_open(out, tmp, sizeof(tmp));
	if (o == NULL) {
		tool_error("compare", "%s: cannot create the output file", out);
		goto done;
	}
	switch (fmt) {
	case FMT_CSV: print_csv(&c, o); break;
	case FMT_JSON: print_json(&c, o); break;
	default:
		print_text(&c, o, fmt == FMT_MD);
		print_unmatched(&c, o, fmt == FMT_MD);
		break;
	}
	if (tool_out_close(o, out, tmp, 1) != 0) {
		tool_error("compare", "%s: write failed", out ? out : "standard output");
		goto done;
	}
	rc = 0;
	if (fail_on_reg && c.regressions) {
		fprintf(stderr, "ember compare: %u significant regression%s\n", c.regressions,
		    c.regressions > 1 ? "s" : "");
		rc = 1;
	}
done:
	for (i = 0; i < c.nfiles; i++) {
		sp_free(&c.files[i]);
		free_index(&c.ix[i]);
	}
	free(c.files);
	free(c.ix);
	free(c.names);
	free(c.engine);
	free(c.lines);
	free(paths);
	return rc;
}
