/*
 * report_ratio.c - the first chart of `ember report`: who is faster, where.
 * For every algorithm more than one input measured, the rate of each input
 * over the first input's, at 16 B and at 8 KiB (public-key algorithms: the
 * operations per second of each operation), as bars from 1.0 on one log
 * scale, which shows x2 and x0.5 alike. An input holding several
 * implementations of an algorithm ("aes-128-cbc[x86ni]", "[ct]") gives a
 * bar for each, against the first input's row of that algorithm (its
 * untagged row, else its first). A bar a missing size, operation or zero
 * rate leaves out is named in a note under the chart, and so is an
 * algorithm the first input lacks.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report_int.h"

#define RT_LX 12              /* the label column: sizes and operations */
#define RT_PX0 (RT_LX + 56)   /* the plot, from here ... */
#define RT_PX1 (CH_W - CH_R)  /* ... to here */
#define RT_ROOM_L 110         /* room for the figures beyond the longest bars */
#define RT_ROOM_R 90
#define RT_BAR 13
#define RT_NOTE_MAX 8         /* missing bars named in the note; the rest are counted */
#define RT_FONT 11.5          /* the size of class "leg": the subtitle and the notes */

static const unsigned rt_sizes[2] = { 16, 8192 };

typedef struct rt_bar {
	size_t k;
	const sp_row *row, *ref;
	double ratio;
} rt_bar;

/* One row of bars: an algorithm at one size or one operation. */
typedef struct rt_row {
	const char *alg;      /* the algorithm's name without an implementation tag: alg_len bytes */
	size_t alg_len;
	const char *refname;  /* the first input's row */
	const char *op;       /* public-key operation, or NULL */
	unsigned size;
	size_t bar0, nbars;
	int first;            /* the first row of its algorithm */
} rt_row;

typedef struct sbuf {
	char *p;
	size_t n, cap;
	int oom;
} sbuf;

typedef struct rt {
	rt_bar *bars;
	rt_row *rows;
	size_t nbars, nrows, nmissing, nleft, last_k;
	sbuf missing, left;
	double lo, hi;  /* the axis: 1, 2 or 5 times powers of ten, at most 0.5 and at least 2 */
	double bottom;  /* where the bars end, once measured */
} rt;

static void sb_add(sbuf *b, const char *s, size_t len)
{
	if (b->oom)
		return;
	if (b->n + len + 1 > b->cap) {
		size_t cap = (b->n + len + 1) * 2;
		char *p = realloc(b->p, cap);
		if (p == NULL) {
			b->oom = 1;
			return;
		}
		b->p = p;
		b->cap = cap;
	}
	memcpy(b->p + b->n, s, len);
	b->n += len;
	b->p[b->n] = 0;
}

static void sb_str(sbuf *b, const char *s)
{
	sb_add(b, s, strlen(s));
}

/* The length of |name| without its implementation tag ("aes-128-cbc[x86ni]" -> 11). */
static size_t base_len(const char *name)
{
	const char *b = strchr(name, '[');

	return b && b != name ? (size_t)(b - name) : strlen(name);
}

static int same_base(const char *name, const char *alg, size_t len)
{
	return base_len(name) == len && strncmp(name, alg, len) == 0;
}

/* The first row of file |k| for algorithm |alg| (|len| bytes), its untagged one when |plain|. */
static const sp_row *first_row(const rep *r, size_t k, const char *alg, size_t len, int pk, int plain)
{
	size_t i;

	for (i = 0; i < r->files[k].nrows; i++) {
		const sp_row *w = &r->files[k].rows[i];
		if ((w->op != NULL) == pk && same_base(w->name, alg, len) && (!plain || strlen(w->name) == len))
			return w;
	}
	return NULL;
}

/*
 * "file: name 8 KiB, name 16 B; file: ..." (or the operation) in the note of
 * missing bars, the first RT_NOTE_MAX of them.
 */
static void missing(const rep *r, rt *t, size_t k, const char *name, const char *op, unsigned size)
{
	char sz[32];

	if (t->nmissing++ >= RT_NOTE_MAX)
		return;
	if (t->nmissing > 1 && k == t->last_k) {
		sb_str(&t->missing, ", ");
	} else {
		if (t->nmissing > 1)
			sb_str(&t->missing, "; ");
		sb_str(&t->missing, r->names[k]);
		sb_str(&t->missing, ": ");
	}
	t->last_k = k;
	sb_str(&t->missing, name);
	sb_str(&t->missing, " ");
	if (op) {
		sb_str(&t->missing, op);
	} else {
		rep_size_label(size, sz, sizeof(sz));
		sb_str(&t->missing, sz);
	}
}

/* The rows of an algorithm other than the first input's reference: one bar each per size or operation. */
typedef struct rt_series {
	size_t k;
	const char *name;
} rt_series;

/* The bars of one row: each series at |op| or |size|, over the first file's row of |refname|. */
static void add_row(const rep *r, rt *t, const char *alg, size_t len, const char *refname, const rt_series *ser,
    size_t nser, const char *op, unsigned size, int *first)
{
	const sp_row *ref = sp_find(&r->files[0], refname, op, size);
	rt_row *row = &t->rows[t->nrows];
	size_t j;

	if (ref == NULL || !(ref->value > 0)) {
		missing(r, t, 0, refname, op, size);
		return;
	}
	row->alg = alg;
	row->alg_len = len;
	row->refname = refname;
	row->op = op;
	row->size = size;
	row->bar0 = t->nbars;
	for (j = 0; j < nser; j++) {
		const sp_row *v = sp_find(&r->files[ser[j].k], ser[j].name, op, size);
		double q = v ? v->value / ref->value : 0;
		if (!(q > 0) || !isfinite(q)) {
			missing(r, t, ser[j].k, ser[j].name, op, size);
			continue;
		}
		t->bars[t->nbars].k = ser[j].k;
		t->bars[t->nbars].row = v;
		t->bars[t->nbars].ref = ref;
		t->bars[t->nbars++].ratio = q;
	}
	row->nbars = t->nbars - row->bar0;
	if (row->nbars > 0) {
		row->first = *first;
		*first = 0;
		t->nrows++;
	}
}

/* The algorithm's rows of every file but the first input's reference, each name once, file by file. */
static size_t series(const rep *r, const char *alg, size_t len, int pk, const char *refname, rt_series *ser)
{
	size_t n = 0, k, i, j, from;

	for (k = 0; k < r->nfiles; k++)
		for (from = n, i = 0; i < r->files[k].nrows; i++) {
			const sp_row *w = &r->files[k].rows[i];
			if ((w->op != NULL) != pk || !same_base(w->name, alg, len) || (k == 0 && strcmp(w->name, refname) == 0))
				continue;
			for (j = from; j < n && strcmp(ser[j].name, w->name) != 0; j++)
				;
			if (j == n) {
				ser[n].k = k;
				ser[n++].name = w->name;
			}
		}
	return n;
}

/*
 * The rows and bars of every algorithm in more than one file, throughput
 * first, in the order the algorithms first appear (as the charts below).
 */
static int build(const rep *r, rt *t)
{
	size_t total = 0, nalg = 0, nser, k, i, a, n, nops, j;
	const char *ops[MAX_PK_OPS], **alg = NULL;
	size_t *alen = NULL;
	int *apk = NULL, pass, rc = -1;
	rt_series *ser = NULL;

	for (k = 0; k < r->nfiles; k++)
		total += r->files[k].nrows;
	t->bars = calloc(total + 1, sizeof(*t->bars));
	t->rows = calloc(total + 1, sizeof(*t->rows));
	ser = calloc(total + 1, sizeof(*ser));
	alg = calloc(total + 1, sizeof(*alg));
	alen = calloc(total + 1, sizeof(*alen));
	apk = calloc(total + 1, sizeof(*apk));
	if (t->bars == NULL || t->rows == NULL || ser == NULL || alg == NULL || alen == NULL || apk == NULL)
		goto done;
	for (pass = 0; pass < 2; pass++)
		for (k = 0; k < r->nfiles; k++)
			for (i = 0; i < r->files[k].nrows; i++) {
				const sp_row *w = &r->files[k].rows[i];
				size_t len = base_len(w->name);
				if ((w->op != NULL) != pass)
					continue;
				for (a = 0; a < nalg && !(apk[a] == pass && alen[a] == len && strncmp(alg[a], w->name, len) == 0); a++)
					;
				if (a == nalg) {
					alg[nalg] = w->name;
					alen[nalg] = len;
					apk[nalg++] = pass;
				}
			}
	for (a = 0; a < nalg; a++) {
		const sp_row *ref0;
		int first = 1;
		for (n = 0, k = 0; k < r->nfiles; k++)
			n += first_row(r, k, alg[a], alen[a], apk[a], 0) != NULL;
		if (n < 2)
			continue;
		ref0 = first_row(r, 0, alg[a], alen[a], apk[a], 1);
		if (ref0 == NULL)
			ref0 = first_row(r, 0, alg[a], alen[a], apk[a], 0);
		if (ref0 == NULL) {
			if (t->nleft++ < RT_NOTE_MAX) {
				if (t->nleft > 1)
					sb_str(&t->left, ", ");
				sb_add(&t->left, alg[a], alen[a]);
			}
			continue;
		}
		nser = series(r, alg[a], alen[a], apk[a], ref0->name, ser);
		if (!apk[a]) {
			for (j = 0; j < 2; j++)
				add_row(r, t, alg[a], alen[a], ref0->name, ser, nser, NULL, rt_sizes[j], &first);
			continue;
		}
		/* the operations of this algorithm over all files, first appearance first */
		for (nops = 0, k = 0; k < r->nfiles; k++)
			for (i = 0; i < r->files[k].nrows; i++) {
				const sp_row *x = &r->files[k].rows[i];
				if (!x->op || !same_base(x->name, alg[a], alen[a]))
					continue;
				for (j = 0; j < nops && strcmp(ops[j], x->op) != 0; j++)
					;
				if (j == nops && nops < MAX_PK_OPS)
					ops[nops++] = x->op;
			}
		for (j = 0; j < nops; j++)
			add_row(r, t, alg[a], alen[a], ref0->name, ser, nser, ops[j], 0, &first);
	}
	rc = t->missing.oom || t->left.oom ? -1 : 0;
done:
	free(ser);
	free(alg);
	free(alen);
	free(apk);
	return rc;
}

static int lines(const rep *r, int draw, const char *s, size_t len, double x, double y, double w, double font,
    const char *cls)
{
	if (draw)
		return rep_text_lines(r->o, s, len, x, y, w, font, cls);
	return rep_wrap_count(s, len, w, font);
}

static double x_at(const rt *t, double ratio)
{
	double f = (log(ratio) - log(t->lo)) / (log(t->hi) - log(t->lo));

	f = f < 0 ? 0 : f > 1 ? 1 : f;
	return RT_PX0 + RT_ROOM_L + f * (RT_PX1 - RT_PX0 - RT_ROOM_L - RT_ROOM_R);
}

/*
 * Grid lines over the bars from |y0| to |y1|, and their labels above and
 * below: 1, 2 and 5 times powers of ten, all labelled over up to 2.5
 * decades; beyond, the powers of ten (every few when there are many, and the
 * rest drawn up to 3 decades). The line at 1 is marked.
 */
static void ticks(const rep *r, const rt *t, double y0, double y1)
{
	static const double mult[] = { 1, 2, 5 };
	double dec = log10(t->hi) - log10(t->lo);
	int d0 = (int)floor(log10(t->lo) + 1e-9), d1 = (int)ceil(log10(t->hi) - 1e-9);
	int every = dec > 6 ? (int)ceil(dec / 6) : 1, d, m;

	for (d = d0; d <= d1; d++)
		for (m = 0; m < 3; m++) {
			double v = mult[m] * pow(10.0, d), x = x_at(t, v);
			int lab = dec <= 2.5 || (m == 0 && d % every == 0);
			if (v < t->lo * (1 - 1e-9) || v > t->hi * (1 + 1e-9) || (!lab && dec > 3 && !(d == 0 && m == 0)))
				continue;
			fprintf(r->o, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"%s\"/>", x, y0, x, y1,
			    d == 0 && m == 0 ? "one" : lab ? "grid" : "grid minor");
			if (lab || (d == 0 && m == 0))
				fprintf(r->o, "<text x=\"%.1f\" y=\"%.1f\" class=\"xt tick\">\xc3\x97%g</text>"
				    "<text x=\"%.1f\" y=\"%.1f\" class=\"xt tick\">\xc3\x97%g</text>", x, y0 - 4, v, x, y1 + 12, v);
			fputc('\n', r->o);
		}
}

/* A rate as text: "1.23 GB/s", or "1534/s" for a public-key operation. */
static void rate(const sp_row *w, char *buf, size_t len)
{
	double v = w->value;

	if (w->op)
		snprintf(buf, len, v >= 100 ? "%.0f/s" : "%.3g/s", v);
	else
		snprintf(buf, len, "%.3g %s", v >= 1e9 ? v / 1e9 : v >= 1e6 ? v / 1e6 : v >= 1e3 ? v / 1e3 : v,
		    v >= 1e9 ? "GB/s" : v >= 1e6 ? "MB/s" : v >= 1e3 ? "kB/s" : "B/s");
}

static void bar(const rep *r, const rt *t, const rt_bar *b, const rt_row *row, double y)
{
	FILE *o = r->o;
	int s = (int)(b->k % NSTYLE);
	double x1 = x_at(t, 1), x = x_at(t, b->ratio), w = fabs(x - x1);
	size_t len = base_len(b->row->name);
	char v[64], rv[64], sz[32];

	fprintf(o, "<g><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"%s\"%s/>", x < x1 ? x : x1, y + 1,
	    w < 1 ? 1 : w, RT_BAR - 3, rep_colours[s], s % 2 ? " fill-opacity=\"0.75\"" : "");
	/* the figure beyond the bar's end */
	fprintf(o, "<text x=\"%.1f\" y=\"%.1f\" class=\"%s\">", b->ratio >= 1 ? x + 4 : x - 4, y + RT_BAR - 4,
	    b->ratio >= 1 ? "val" : "val ve");
	if (strlen(b->row->name) > len) {
		rep_esc(o, b->row->name + len);
		fputc(' ', o);
	}
	fprintf(o, "\xc3\x97%.3g</text><title>", b->ratio);
	rate(b->row, v, sizeof(v));
	rate(b->ref, rv, sizeof(rv));
	rep_size_label(row->size, sz, sizeof(sz));
	rep_esc(o, r->names[b->k]);
	fputs(": ", o);
	rep_esc(o, b->row->name);
	fputc(' ', o);
	if (row->op)
		rep_esc(o, row->op);
	else
		fputs(sz, o);
	fprintf(o, ": %s against %s: \xc3\x97%.3g</title></g>\n", v, rv, b->ratio);
}

/*
 * The chart from its subtitle down, drawn when |draw|, else only measured
 * (t->bottom too, for the grid drawn under the bars). Returns its height,
 * or -1 when out of memory.
 */
static int layout(const rep *r, rt *t, int draw)
{
	double y = CH_T + 4, top;
	sbuf sub = { NULL, 0, 0, 0 };
	size_t i, j;
	char sz[32];
	int n;

	sb_str(&sub, "Each input's rate over the first input's (");
	sb_str(&sub, r->names[0]);
	sb_str(&sub, " = \xc3\x97" "1) at 16 B and 8 KiB, and per public-key operation. Log scale: a bar to the "
	    "right is faster, to the left slower.");
	if (sub.oom) {
		free(sub.p);
		return -1;
	}
	y += lines(r, draw, sub.p, sub.n, RT_LX, y, RT_PX1 - RT_LX, RT_FONT, "leg") * CH_LINE;
	free(sub.p);
	top = y + 12;
	y = top + 4;
	if (draw)
		ticks(r, t, top, t->bottom);
	for (i = 0; i < t->nrows; i++) {
		const rt_row *row = &t->rows[i];
		double h;
		if (row->first) {
			/* "aes-128-cbc", or "aes-128-cbc ([x86ni] = x1)" when the first input's row is one of several */
			sbuf g = { NULL, 0, 0, 0 };
			sb_add(&g, row->alg, row->alg_len);
			if (strlen(row->refname) > row->alg_len) {
				sb_str(&g, " (");
				sb_str(&g, row->refname + row->alg_len);
				sb_str(&g, " = \xc3\x97" "1)");
			}
			if (g.oom) {
				free(g.p);
				return -1;
			}
			y += i ? 6 : 0;
			n = lines(r, draw, g.p, g.n, RT_LX, y + 11, RT_PX1 - RT_LX, 12.5, "grp");
			y += n * CH_LINE;
			free(g.p);
		}
		if (row->op == NULL)
			rep_size_label(row->size, sz, sizeof(sz));
		n = lines(r, draw, row->op ? row->op : sz, strlen(row->op ? row->op : sz), RT_PX0 - 8, y + 10,
		    RT_PX0 - 8 - RT_LX, 12, "op");
		h = (double)row->nbars * RT_BAR;
		if (h < n * CH_LINE)
			h = n * CH_LINE;
		for (j = 0; draw && j < row->nbars; j++)
			bar(r, t, &t->bars[row->bar0 + j], row, y + (double)j * RT_BAR);
		y += h + 3;
	}
	t->bottom = y;
	y += 22;
	if (t->nmissing) {
		sbuf m = { NULL, 0, 0, 0 };
		sb_str(&m, "No bar where a size or operation is missing or zero: ");
		sb_add(&m, t->missing.p, t->missing.n);
		if (t->nmissing > RT_NOTE_MAX) {
			snprintf(sz, sizeof(sz), " and %lu more", (unsigned long)(t->nmissing - RT_NOTE_MAX));
			sb_str(&m, sz);
		}
		sb_str(&m, ".");
		if (m.oom) {
			free(m.p);
			return -1;
		}
		y += lines(r, draw, m.p, m.n, RT_LX, y, RT_PX1 - RT_LX, RT_FONT, "leg") * CH_LINE;
		free(m.p);
	}
	if (t->nleft) {
		sbuf m = { NULL, 0, 0, 0 };
		sb_str(&m, "Left out, as the first input did not measure them: ");
		sb_add(&m, t->left.p, t->left.n);
		if (t->nleft > RT_NOTE_MAX) {
			snprintf(sz, sizeof(sz), " and %lu more", (unsigned long)(t->nleft - RT_NOTE_MAX));
			sb_str(&m, sz);
		}
		sb_str(&m, ".");
		if (m.oom) {
			free(m.p);
			return -1;
		}
		y += lines(r, draw, m.p, m.n, RT_LX, y, RT_PX1 - RT_LX, RT_FONT, "leg") * CH_LINE;
		free(m.p);
	}
	if (draw)
		rep_legend(r, y - 8, 1);
	return (int)ceil(y - 8) + rep_legend_height(r);
}

int rep_chart_ratio(const rep *r, int draw, int nested, double y_off)
{
	rt t;
	size_t i, k;
	int height = 0;

	if (r->nfiles < 2)
		return 0;
	memset(&t, 0, sizeof(t));
	if (build(r, &t) != 0) {
		height = -1;
		goto done;
	}
	if (t.nrows == 0)
		goto done;
	t.lo = 0.5;
	t.hi = 2;
	for (i = 0; i < t.nbars; i++) {
		double q = t.bars[i].ratio;
		if (q < t.lo)
			t.lo = q > 1e-300 ? q : 1e-300;
		if (q > t.hi)
			t.hi = q < 1e300 ? q : 1e300;
	}
	t.lo = t.lo < 0.5 ? rep_floor125(t.lo) : 0.5;
	t.hi = t.hi > 2 ? rep_ceil125(t.hi) : 2;
	for (k = 0; k < r->nfiles; k++)
		r->show[k] = 0;
	for (i = 0; i < t.nbars; i++)
		r->show[t.bars[i].k] = 1;
	height = layout(r, &t, 0);
	if (height > 0 && draw) {
		rep_chart_open(r, height, "Who is faster, where", "Who is faster, where: the rate of each input over the "
		    "first input's, at 16 B and 8 KiB and per public-key operation", nested, y_off);
		if (layout(r, &t, 1) < 0)
			height = -1;
		else
			rep_chart_close(r, nested);
	}
done:
	free(t.bars);
	free(t.rows);
	free(t.missing.p);
	free(t.left.p);
	return height;
}
