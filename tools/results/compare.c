/*
 * compare.c - `ember compare [options] BASELINE OTHER...`: for every
 * algorithm and block size (and public-key operation) present in the
 * baseline and another file, the values and the change in percent, as a
 * text, markdown, CSV or JSON table. Inputs are read by speedparse.c.
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
	int significant;

	if (base->value <= 0.0) {
		*change = 0.0;
		return CMP_NA;
	}
	*change = (other->value - base->value) / base->value * 100.0;
	if (bs && os)
		significant = other->lo > base->hi || other->hi < base->lo;
	else if (bs)
		significant = other->value > base->hi || other->value < base->lo;
	else if (os)
		significant = base->value > other->hi || base->value < other->lo;
	else
		significant = fabs(*change) >= threshold;
	if (!significant)
		return bs || os ? CMP_NOISE : CMP_SAME;
	if (other->value == base->value)
		return bs || os ? CMP_NOISE : CMP_SAME;
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

typedef struct cmp_line {
	const sp_row *base;
	size_t order;     /* first appearance of the name in the baseline */
	int pk;
} cmp_line;

static int cmp_lines(const void *a, const void *b)
{
	const cmp_line *x = a, *y = b;

	if (x->pk != y->pk)
		return x->pk - y->pk;
	if (x->order != y->order)
		return x->order < y->order ? -1 : 1;
	if (x->base->size != y->base->size)
		return x->base->size < y->base->size ? -1 : 1;
	return x->base->line < y->base->line ? -1 : x->base->line > y->base->line;
}

/* "123456.78k" for throughput (openssl's unit), "2347.0" for public-key rates. */
static void fmt_value(const sp_row *r, char *buf, size_t len)
{
	if (r->op)
		snprintf(buf, len, "%.1f", r->value);
	else
		snprintf(buf, len, "%.2fk", r->value / 1000.0);
}

static void fmt_change(enum cmp_status st, double ch, char *buf, size_t len)
{
	if (st == CMP_NA)
		snprintf(buf, len, "n/a");
	else
		snprintf(buf, len, "%+.1f %%", fabs(ch) < 0.05 ? 0.0 : ch); /* no "-0.0" */
}

static void fmt_key(const sp_row *r, char *buf, size_t len)
{
	if (r->op)
		snprintf(buf, len, "%s %s", r->name, r->op);
	else
		snprintf(buf, len, "%s", r->name);
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
 * Lookups by row key in n log n instead of sp_find's linear scan (n rows
 * against n rows would be quadratic): each file's rows sorted by name, op,
 * size and position, so the first of equal keys is the one sp_find returns;
 * and by name and position, for the groups of rows of one algorithm.
 */
typedef struct cmp_index {
	const sp_row **by_key;
	size_t *by_name;      /* row positions, grouped by name, in file order within a group */
	size_t *group;        /* per row: where its name's group starts in by_name */
	size_t n;
} cmp_index;

static int op_cmp(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return (a != NULL) - (b != NULL);
	return strcmp(a, b);
}

static int key_cmp(const char *name, const char *op, unsigned size, const sp_row *r)
{
	int c = strcmp(name, r->name);

	if (c == 0)
		c = op_cmp(op, r->op);
	if (c == 0 && size != r->size)
		c = size < r->size ? -1 : 1;
	return c;
}

static int by_key_cmp(const void *a, const void *b)
{
	const sp_row *x = *(const sp_row *const *)a, *y = *(const sp_row *const *)b;
	int c = key_cmp(x->name, x->op, x->size, y);

	return c ? c : (x < y ? -1 : x > y);
}

static int by_name_cmp(const void *a, const void *b)
{
	const sp_row *x = *(const sp_row *const *)a, *y = *(const sp_row *const *)b;
	int c = strcmp(x->name, y->name);

	return c ? c : (x < y ? -1 : x > y);
}

static int index_file(cmp_index *ix, const sp_file *f)
{
	size_t i, g;

	memset(ix, 0, sizeof(*ix));
	ix->n = f->nrows;
	ix->by_key = calloc(f->nrows + 1, sizeof(*ix->by_key));
	ix->by_name = calloc(f->nrows + 1, sizeof(*ix->by_name));
	ix->group = calloc(f->nrows + 1, sizeof(*ix->group));
	if (ix->by_key == NULL || ix->by_name == NULL || ix->group == NULL)
		return -1;
	/* by name first, through by_key as scratch */
	for (i = 0; i < f->nrows; i++)
		ix->by_key[i] = &f->rows[i];
	qsort(ix->by_key, f->nrows, sizeof(*ix->by_key), by_name_cmp);
	for (i = 0; i < f->nrows; i++)
		ix->by_name[i] = (size_t)(ix->by_key[i] - f->rows);
	qsort(ix->by_key, f->nrows, sizeof(*ix->by_key), by_key_cmp);
	for (g = 0, i = 0; i < f->nrows; i++) {
		if (strcmp(f->rows[ix->by_name[i]].name, f->rows[ix->by_name[g]].name) != 0)
			g = i;
		ix->group[ix->by_name[i]] = g;
	}
	return 0;
}

static void free_index(cmp_index *ix)
{
	free(ix->by_key);
	free(ix->by_name);
	free(ix->group);
}

/* What sp_find returns (the first row with this key), by binary search. */
static const sp_row *cmp_find(const cmp_index *ix, const char *name, const char *op, unsigned size)
{
	size_t lo = 0, hi = ix->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (key_cmp(name, op, size, ix->by_key[mid]) > 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < ix->n && key_cmp(name, op, size, ix->by_key[lo]) == 0 ? ix->by_key[lo] : NULL;
}

typedef struct cmp_ctx {
	sp_file *files;
	cmp_index *ix;        /* per file */
	size_t nfiles;
	const char **names;   /* column names: base names, or paths when those collide */
	cmp_line *lines;
	size_t nlines;
	double threshold;
	unsigned regressions, improvements;
} cmp_ctx;

static void print_text(cmp_ctx *c, FILE *o, int md)
{
	size_t i, k, wname = 9, wval = 8, *wcol;
	char buf[256], line[4096];

	wcol = calloc(c->nfiles, sizeof(*wcol));
	if (wcol == NULL)
		return;
	for (i = 0; i < c->nlines; i++) {
		fmt_key(c->lines[i].base, buf, sizeof(buf));
		if (strlen(buf) > wname)
			wname = strlen(buf);
		for (k = 0; k < c->nfiles; k++) {
			const sp_row *r = cmp_find(&c->ix[k], c->lines[i].base->name, c->lines[i].base->op,
			    c->lines[i].base->size);
			if (r) {
				fmt_value(r, buf, sizeof(buf));
				if (strlen(buf) > wval)
					wval = strlen(buf);
			}
		}
	}
	for (k = 0; k < c->nfiles; k++)
		wcol[k] = strlen(c->names[k]) > wval ? strlen(c->names[k]) : wval;

	for (k = 0; k < c->nfiles; k++) {
		const sp_file *f = &c->files[k];
		sp_describe(f, buf, sizeof(buf));
		if (md) {
			fprintf(o, "- %s `", k ? "other" : "**baseline**");
			md_cell(o, c->names[k]);
			fputs("`: ", o);
			md_cell(o, buf);
			if (f->version)
				fprintf(o, " (%s)", f->format);
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
			if (f->cpuinfo)
				fprintf(o, "%-9s %*s  CPU: %s\n", "", (int)strlen(c->names[k]), "", f->cpuinfo);
		}
	}
	fprintf(o, "%sValues in 1000s of bytes per second (k), public-key rows in operations per second.%s"
	    "Change = (other - baseline) / baseline, marked beyond %g %% (with repeats: beyond the measured spread).\n\n",
	    md ? "\n" : "", md ? " " : "\n", c->threshold);

	line[0] = 0;
	if (md) {
		lp(line, sizeof(line), "| algorithm | size |");
		for (k = 0; k < c->nfiles; k++) {
			lp(line, sizeof(line), " %s |%s", md_esc(c->names[k]), k ? " change | |" : "");
		}
		put_line(o, line);
		lp(line, sizeof(line), "|:--|--:|");
		for (k = 0; k < c->nfiles; k++)
			lp(line, sizeof(line), "--:|%s", k ? "--:|:--|" : "");
		put_line(o, line);
	} else {
		lp(line, sizeof(line), "%-*s %6s", (int)wname, "algorithm", "size");
		for (k = 0; k < c->nfiles; k++) {
			lp(line, sizeof(line), "  %*s", (int)wcol[k], c->names[k]);
			if (k)
				lp(line, sizeof(line), "  %9s  %-11s", "change", "");
		}
		put_line(o, line);
	}
	for (i = 0; i < c->nlines; i++) {
		const sp_row *b = c->lines[i].base;
		char key[160], size[16], v[64];
		fmt_key(b, key, sizeof(key));
		if (b->op)
			size[0] = 0;
		else
			snprintf(size, sizeof(size), "%u", b->size);
		fmt_value(b, v, sizeof(v));
		if (md)
			lp(line, sizeof(line), "| %s | %s | %s |", md_esc(key), size, v);
		else
			lp(line, sizeof(line), "%-*s %6s  %*s", (int)wname, key, size, (int)wcol[0], v);
		for (k = 1; k < c->nfiles; k++) {
			const sp_row *r = cmp_find(&c->ix[k], b->name, b->op, b->size);
			char ch[32];
			const char *mark = "";
			if (r) {
				double pct;
				enum cmp_status st = cmp_classify(b, r, c->threshold, &pct);
				fmt_value(r, v, sizeof(v));
				fmt_change(st, pct, ch, sizeof(ch));
				mark = cmp_status_name(st);
			} else {
				snprintf(v, sizeof(v), "-");
				snprintf(ch, sizeof(ch), "-");
			}
			if (md)
				lp(line, sizeof(line), " %s | %s | %s |", v, ch, mark);
			else
				lp(line, sizeof(line), "  %*s  %9s  %-11s", (int)wcol[k], v, ch, mark);
		}
		put_line(o, line);
	}
	free(wcol);
}

static void print_csv(cmp_ctx *c, FILE *o)
{
	size_t i, k;

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
		csv_string(o, b->name);
		fputc(',', o);
		if (b->op)
			csv_string(o, b->op);
		fputc(',', o);
		if (!b->op)
			fprintf(o, "%u", b->size);
		fprintf(o, ",%s,%.2f", b->op ? "ops/s" : "bytes/s", b->value);
		for (k = 1; k < c->nfiles; k++) {
			const sp_row *r = cmp_find(&c->ix[k], b->name, b->op, b->size);
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

static void json_file(FILE *o, const sp_file *f, const char *name)
{
	fputs("{\"file\": ", o);
	json_string(o, f->path);
	fputs(", \"name\": ", o);
	json_string(o, name);
	fputs(", \"format\": ", o);
	json_string(o, f->format);
	fputs(", \"version\": ", o);
	if (f->version)
		json_string(o, f->version);
	else
		fputs("null", o);
	fputs(", \"options\": ", o);
	if (f->options)
		json_string(o, f->options);
	else
		fputs("null", o);
	fputs(", \"engine\": ", o);
	if (f->engine)
		json_string(o, f->engine);
	else
		fputs("null", o);
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

	fputs("{\n  \"format\": \"ember-compare\", \"format_version\": 1,\n  \"threshold\": ", o);
	fprintf(o, "%g,\n  \"baseline\": ", c->threshold);
	json_file(o, &c->files[0], c->names[0]);
	fputs(",\n  \"others\": [", o);
	for (k = 1; k < c->nfiles; k++) {
		fputs(k > 1 ? ", " : "", o);
		json_file(o, &c->files[k], c->names[k]);
	}
	fputs("],\n  \"rows\": [", o);
	for (i = 0; i < c->nlines; i++) {
		const sp_row *b = c->lines[i].base;
		fputs(i ? ",\n    {" : "\n    {", o);
		fputs("\"algorithm\": ", o);
		json_string(o, b->name);
		if (b->op) {
			fputs(", \"op\": ", o);
			json_string(o, b->op);
			fputs(", \"unit\": \"ops/s\"", o);
		} else {
			fprintf(o, ", \"size\": %u, \"unit\": \"bytes/s\"", b->size);
		}
		fputs(", \"baseline\": {", o);
		json_row_value(o, b);
		fputs("}, \"others\": [", o);
		for (k = 1; k < c->nfiles; k++) {
			const sp_row *r = cmp_find(&c->ix[k], b->name, b->op, b->size);
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
					fputs(", \"change_pct\": null", o);
				else
					fprintf(o, ", \"change_pct\": %.6f", pct);
				fprintf(o, ", \"status\": \"%s\"}", st == CMP_SAME ? "same" : cmp_status_name(st));
			}
		}
		fputs("]}", o);
	}
	fprintf(o, "\n  ],\n  \"regressions\": %u, \"improvements\": %u\n}\n", c->regressions, c->improvements);
}

/* 1 when row |r| of file |k| has a partner (the baseline's in any other file). */
static int matched(const cmp_ctx *c, size_t k, const sp_row *r)
{
	size_t other;

	if (k != 0)
		return cmp_find(&c->ix[0], r->name, r->op, r->size) != NULL;
	for (other = 1; other < c->nfiles; other++)
		if (cmp_find(&c->ix[other], r->name, r->op, r->size))
			return 1;
	return 0;
}

/*
 * Rows that could not be compared, one line per file: an algorithm missing
 * entirely is named alone, else with the sizes or ops that are missing.
 */
static void print_unmatched(cmp_ctx *c, FILE *o, int md)
{
	size_t k, i, j;
	char line[4096];

	for (k = 0; k < c->nfiles; k++) {
		const sp_file *f = &c->files[k];
		const cmp_index *ix = &c->ix[k];
		size_t count = 0;
		line[0] = 0;
		for (i = 0; i < f->nrows; i++) {
			const sp_row *r = &f->rows[i];
			size_t total = 0, missing = 0, g = ix->group[i];
			int first = 1;
			if (ix->by_name[g] != i)
				continue; /* name already handled at its first row */
			for (j = g; j < f->nrows && strcmp(f->rows[ix->by_name[j]].name, r->name) == 0; j++) {
				total++;
				missing += !matched(c, k, &f->rows[ix->by_name[j]]);
			}
			if (missing == 0)
				continue;
			count += missing;
			lp(line, sizeof(line), "%s%s", line[0] ? ", " : "", r->name);
			if (missing == total)
				continue;
			for (j = g; j < g + total; j++) {
				const sp_row *q = &f->rows[ix->by_name[j]];
				if (matched(c, k, q))
					continue;
				if (q->op)
					lp(line, sizeof(line), "%s%s", first ? " " : "/", q->op);
				else
					lp(line, sizeof(line), "%s%u", first ? " " : "/", q->size);
				first = 0;
			}
		}
		if (count)
			fprintf(o, "%snot compared, only in %s (%u row%s): %s\n", md ? "\n" : "", c->names[k],
			    (unsigned)count, count > 1 ? "s" : "", line);
	}
}

int cmd_compare(int argc, char **argv)
{
	const char *out = NULL, *fmtname = "text";
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
			printf("usage: ember compare [-threshold PCT] [-fail-on-regression] "
			    "[-format text|markdown|csv|json] [-o FILE] BASELINE OTHER...\n");
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
	if (c.files == NULL || c.ix == NULL || c.names == NULL) {
		tool_error("compare", "out of memory");
		goto done;
	}
	for (i = 0; i < npaths; i++) {
		if (sp_load(paths[i], &c.files[i], stderr, err, sizeof(err)) != 0) {
			tool_error("compare", "%s", err);
			goto done;
		}
		c.nfiles++;
		if (index_file(&c.ix[i], &c.files[i]) != 0) {
			tool_error("compare", "out of memory");
			goto done;
		}
	}
	for (i = 0; i < npaths; i++) {
		c.names[i] = sp_basename(&c.files[i]);
		for (k = 0; k < npaths; k++)
			if (k != i && strcmp(sp_basename(&c.files[k]), c.names[i]) == 0)
				c.names[i] = c.files[i].path;
	}
	c.lines = calloc(c.files[0].nrows, sizeof(*c.lines));
	if (c.lines == NULL) {
		tool_error("compare", "out of memory");
		goto done;
	}
	for (i = 0; i < c.files[0].nrows; i++) {
		const sp_row *b = &c.files[0].rows[i];
		int any = 0;
		for (k = 1; k < c.nfiles; k++) {
			const sp_row *r = cmp_find(&c.ix[k], b->name, b->op, b->size);
			if (r) {
				double pct;
				enum cmp_status st = cmp_classify(b, r, c.threshold, &pct);
				any = 1;
				c.regressions += st == CMP_REGRESSION;
				c.improvements += st == CMP_IMPROVEMENT;
			}
		}
		if (!any)
			continue;
		c.lines[c.nlines].base = b;
		c.lines[c.nlines].order = c.ix[0].by_name[c.ix[0].group[i]]; /* the name's first row */
		c.lines[c.nlines].pk = b->op != NULL;
		c.nlines++;
	}
	if (c.nlines == 0) {
		tool_error("compare", "%s and the other files have no algorithm and size in common", paths[0]);
		goto done;
	}
	qsort(c.lines, c.nlines, sizeof(*c.lines), cmp_lines);
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
	free(c.lines);
	free(paths);
	return rc;
}
