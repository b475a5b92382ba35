/*
 * compare_print.c - the outputs of `ember compare`: the table as aligned
 * text or as markdown (the files' descriptions above it, the rows not
 * compared below it), CSV and JSON, and what each format needs escaped:
 * markdown's '|', the CSV cells a spreadsheet would run as formulas, JSON
 * strings. It prints the lines compare_match.c built, and asks
 * compare_match.c for each baseline row's partners.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "compare_int.h"

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

/* The row's name in the table: "sha256", with "[openssl]", "[x86ni]" or "[ember:ref]" where rows need telling apart. */
static void fmt_key(const cmp_ctx *c, const cmp_line *l, char *buf, size_t len)
{
	const sp_row *r = l->base;
	const char *e = c->by_engine ? r->engine : NULL, *im = l->tag_impl ? r->impl : NULL;

	snprintf(buf, len, "%s%s%s%s%s%s%s%s", r->algo, e || im ? "[" : "", e ? e : "", e && im ? ":" : "",
	    im ? im : "", e || im ? "]" : "", r->op ? " " : "", r->op ? r->op : "");
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
	const sp_row *b = c->lines[i].base, *r = k ? cmp_partner(c, b, k) : b;

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

void cmp_print_text(cmp_ctx *c, FILE *o, int md)
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

void cmp_print_csv(cmp_ctx *c, FILE *o)
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
			const sp_row *r = cmp_partner(c, b, k);
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

void cmp_print_json(cmp_ctx *c, FILE *o)
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
			const sp_row *r = cmp_partner(c, b, k);
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

void cmp_print_unmatched(cmp_ctx *c, FILE *o, int md)
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
				missing += !cmp_matched(c, k, ix->by_name[e]);
			if (missing == 0)
				continue;
			count += missing;
			lp(line, sizeof(line), "%s%s", line[0] ? ", " : "", unmatched_name(c, k, r, nb, sizeof(nb)));
			if (missing == e - g)
				continue;
			for (j = g; j < e; j++) {
				const sp_row *q = ix->by_name[j];
				if (cmp_matched(c, k, q))
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
