/*
 * report_chart.c - the drawing of `ember report`: the one escaping function
 * every input string goes through, text wrapped over lines (SVG has no
 * wrapping of its own), legends, and the chart of each algorithm:
 * throughput against block size, one line per input file, and public-key
 * rates as grouped bars. An axis is logarithmic when the chart's largest
 * value is more than RATIO_LOG times its smallest, or when -log says so:
 * on a linear axis a router's MB/s would lie flat on zero beside a PC's GB/s.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report_int.h"

/* Okabe-Ito colours (safe for colour blindness) and dashes, so print in grey still tells lines apart. */
const char *const rep_colours[NSTYLE] = { "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000" };
static const char *const dashes[NSTYLE] = { "", "7 4", "2 3", "9 3 2 3", "4 2", "1 2", "12 4" };

/*
 * Length of the UTF-8 sequence at |s| when it encodes a character XML 1.0
 * allows (tab, newline, CR, U+0020..U+D7FF, U+E000..U+FFFD, U+10000..
 * U+10FFFF; shortest form only, DEL refused too), else 0.
 */
static size_t xml_char(const unsigned char *s)
{
	unsigned long c;
	size_t n, i;

	if (s[0] < 0x80)
		return (s[0] >= 0x20 && s[0] != 0x7f) || s[0] == '\t' || s[0] == '\n' || s[0] == '\r' ? 1 : 0;
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		n = 2;
		c = s[0] & 0x1fu;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		n = 3;
		c = s[0] & 0x0fu;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		n = 4;
		c = s[0] & 0x07u;
	} else {
		return 0;
	}
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0; /* also stops at the terminating NUL */
		c = c << 6 | (s[i] & 0x3fu);
	}
	if ((n == 3 && c < 0x800) || (n == 4 && (c < 0x10000 || c > 0x10ffff)) || (c >= 0xd800 && c <= 0xdfff) ||
	    c == 0xfffe || c == 0xffff)
		return 0;
	return n;
}

/*
 * The one way input text reaches the output: the five characters with a
 * meaning in HTML and XML become entities (so the text is safe in content
 * and in a double- or single-quoted attribute alike), and a byte that is not
 * part of a character XML allows becomes U+FFFD, so the SVG stays well-formed.
 * |len| bytes of |s|; a character is never written past them.
 */
void rep_esc_n(FILE *o, const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s, *end;
	size_t n;

	if (s == NULL)
		return;
	for (end = u + len; u < end && *u; ) {
		switch (*u) {
		case '&': fputs("&amp;", o); u++; continue;
		case '<': fputs("&lt;", o); u++; continue;
		case '>': fputs("&gt;", o); u++; continue;
		case '"': fputs("&quot;", o); u++; continue;
		case '\'': fputs("&#39;", o); u++; continue;
		default: break;
		}
		n = xml_char(u);
		if (n == 0 || n > (size_t)(end - u)) {
			fputs("\xef\xbf\xbd", o);
			u++;
		} else {
			fwrite(u, 1, n, o);
			u += n;
		}
	}
}

void rep_esc(FILE *o, const char *s)
{
	rep_esc_n(o, s, s ? strlen(s) : 0);
}

/*
 * The width of the character of |n| bytes at |u| in hundredths of an em:
 * about DejaVu Sans's and Helvetica's, rounded up so a line breaks early
 * rather than runs off the chart. East Asian wide characters are a whole em.
 */
static int char_width(const unsigned char *u, size_t n)
{
	unsigned long c;

	if (n == 1) {
		c = u[0];
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
			return 32;
		if (strchr("il.,:;'|!Ij", (int)c))
			return 30;
		if (strchr("frt()[]{}-/\\`\"", (int)c))
			return 42;
		if (strchr("mwMW@%", (int)c))
			return 100;
		return c >= 'A' && c <= 'Z' ? 76 : 64;
	}
	if (n == 0)
		return 100; /* shown as U+FFFD */
	c = n == 2 ? (u[0] & 0x1fu) << 6 | (u[1] & 0x3fu) :
	    n == 3 ? (u[0] & 0x0fu) << 12 | (unsigned long)(u[1] & 0x3fu) << 6 | (u[2] & 0x3fu) : 0x20000;
	if ((c >= 0x1100 && c <= 0x115f) || (c >= 0x2e80 && c <= 0xa4cf) || (c >= 0xac00 && c <= 0xd7a3) ||
	    (c >= 0xf900 && c <= 0xfaff) || (c >= 0xfe30 && c <= 0xfe4f) || (c >= 0xff00 && c <= 0xff60) ||
	    (c >= 0xffe0 && c <= 0xffe6) || c >= 0x20000)
		return 100;
	return 72;
}

static int is_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/*
 * The first line of the |len| bytes at |s| set in |font_px| within
 * |width_px|: up to the last space that fits, else (a word longer than the
 * line) as many whole characters as fit, at least one. A character is
 * stepped over as esc() steps over it, so no line ends inside a UTF-8
 * sequence. *next is where the next line starts, past the spaces.
 */
static size_t wrap_line(const char *s, size_t len, double width_px, double font_px, size_t *next)
{
	const unsigned char *u = (const unsigned char *)s;
	double max = width_px / font_px * 100.0, w = 0;
	size_t i = 0, brk = 0, n;
	int word = 0; /* a non-space seen since the line began */

	while (i < len) {
		n = xml_char(u + i);
		if (n > len - i)
			n = 0;
		w += char_width(u + i, n);
		if (n == 0)
			n = 1;
		if (is_space(u[i])) {
			if (word)
				brk = i;
		} else if (w > max && i > 0) {
			size_t end = brk ? brk : i;
			for (*next = end; *next < len && is_space(u[*next]); (*next)++)
				;
			return end;
		} else {
			word = 1;
		}
		i += n;
	}
	*next = len;
	while (i > 0 && is_space(u[i - 1]))
		i--;
	return i;
}

/* The lines |s| wraps to (at least one). */
int rep_wrap_count(const char *s, size_t len, double width_px, double font_px)
{
	size_t at = 0, next;
	int n = 0;

	while (at < len && is_space((unsigned char)s[at]))
		at++;
	do {
		wrap_line(s + at, len - at, width_px, font_px, &next);
		at += next;
		n++;
	} while (at < len);
	return n;
}

/* |s| as <text> elements of class |cls|, one per line, from baseline |y| down. Returns the lines. */
int rep_text_lines(FILE *o, const char *s, size_t len, double x, double y, double width_px, double font_px,
    const char *cls)
{
	size_t at = 0, next, l;
	int n = 0;

	while (at < len && is_space((unsigned char)s[at]))
		at++;
	do {
		l = wrap_line(s + at, len - at, width_px, font_px, &next);
		fprintf(o, "<text x=\"%.1f\" y=\"%.1f\" class=\"%s\">", x, y + (double)n * CH_LINE, cls);
		rep_esc_n(o, s + at, l);
		fputs("</text>\n", o);
		at += next;
		n++;
	} while (at < len);
	return n;
}

/* A step of 1, 2, 2.5 or 5 times a power of ten giving about five ticks. */
static double nice_step(double max)
{
	double raw = max / 5.0, p, m;

	if (raw <= 0.0)
		return 1.0;
	p = pow(10.0, floor(log10(raw)));
	m = raw / p;
	return (m <= 1.0 ? 1.0 : m <= 2.0 ? 2.0 : m <= 2.5 ? 2.5 : m <= 5.0 ? 5.0 : 10.0) * p;
}

/* The largest 1, 2 or 5 times a power of ten at most |v| (> 0), and the smallest at least |v|. */
double rep_floor125(double v)
{
	double p = pow(10.0, floor(log10(v))), m = v / p;

	return (m >= 5.0 * (1 - 1e-9) ? 5.0 : m >= 2.0 * (1 - 1e-9) ? 2.0 : 1.0) * p;
}

double rep_ceil125(double v)
{
	double p = pow(10.0, floor(log10(v))), m = v / p;

	return (m <= 1.0 + 1e-9 ? 1.0 : m <= 2.0 * (1 + 1e-9) ? 2.0 : m <= 5.0 * (1 + 1e-9) ? 5.0 : 10.0) * p;
}

void rep_size_label(unsigned s, char *buf, size_t len)
{
	if (s >= 1024 && s % 1024 == 0)
		snprintf(buf, len, "%u KiB", s / 1024);
	else
		snprintf(buf, len, "%u B", s);
}

/* 1, 20, 500, 2k, 10M, 5G: a log axis's tick. */
static void si_label(double v, char *buf, size_t len)
{
	static const char *const sfx[] = { "", "k", "M", "G", "T", "P", "E" };
	int i = 0;

	while (v >= 1000.0 * (1 - 1e-9) && i < 6) {
		v /= 1000.0;
		i++;
	}
	snprintf(buf, len, "%g%s", v, sfx[i]);
}

static void marker(FILE *o, int style, double x, double y, const char *colour)
{
	switch (style % 4) {
	case 0:
		fprintf(o, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"/>", x, y, colour);
		break;
	case 1:
		fprintf(o, "<rect x=\"%.1f\" y=\"%.1f\" width=\"7\" height=\"7\" fill=\"%s\"/>", x - 3.5, y - 3.5, colour);
		break;
	case 2:
		fprintf(o, "<path d=\"M%.1f %.1fl4 7h-8z\" fill=\"%s\"/>", x, y - 4.5, colour);
		break;
	default:
		fprintf(o, "<path d=\"M%.1f %.1fl4.5 4.5l-4.5 4.5l-4.5 -4.5z\" fill=\"%s\"/>", x, y - 4.5, colour);
		break;
	}
}

/* 1 when file |k| has rows for |alg| (public-key rows when |pk|). */
static int has_alg(const rep *r, size_t k, const char *alg, int pk)
{
	size_t i;

	for (i = 0; i < r->files[k].nrows; i++)
		if ((r->files[k].rows[i].op != NULL) == pk && strcmp(r->files[k].rows[i].name, alg) == 0)
			return 1;
	return 0;
}

static void show_alg(const rep *r, const char *alg, int pk)
{
	size_t k;

	for (k = 0; k < r->nfiles; k++)
		r->show[k] = (unsigned char)has_alg(r, k, alg, pk);
}

#define LEG_X (CH_L + 36)           /* where a legend's text starts */
#define LEG_W (CH_W - CH_R - LEG_X) /* and its width */
#define LEG_FONT 11.5

/* The height of the legend of the files r->show lists: each entry's lines, 4 between entries. */
int rep_legend_height(const rep *r)
{
	size_t k;
	int h = 8;

	for (k = 0; k < r->nfiles; k++)
		if (r->show[k])
			h += r->leg_lines[k] * CH_LINE + 4;
	return h;
}

/* The lines legend text |s| wraps to. */
int rep_legend_lines(const char *s)
{
	return rep_wrap_count(s, strlen(s), LEG_W, LEG_FONT);
}

/* One entry per file r->show lists, whole, wrapped; a file keeps its colour in every chart. */
void rep_legend(const rep *r, double y0, int bars)
{
	FILE *o = r->o;
	double y = y0 + 12;
	size_t k;

	for (k = 0; k < r->nfiles; k++) {
		int s = (int)(k % NSTYLE);
		if (!r->show[k])
			continue;
		if (bars) {
			/* the bar's own swatch */
			fprintf(o, "<rect x=\"%d\" y=\"%.1f\" width=\"28\" height=\"10\" fill=\"%s\"%s/>", CH_L, y - 9,
			    rep_colours[s], s % 2 ? " fill-opacity=\"0.75\"" : "");
		} else {
			fprintf(o, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"%s%s%s/>",
			    CH_L, y - 4, CH_L + 28, y - 4, rep_colours[s], dashes[s][0] ? " stroke-dasharray=\"" : "",
			    dashes[s], dashes[s][0] ? "\"" : "");
			marker(o, s, CH_L + 14, y - 4, rep_colours[s]);
		}
		y += rep_text_lines(o, r->legends[k], strlen(r->legends[k]), LEG_X, y, LEG_W, LEG_FONT, "leg") * CH_LINE + 4;
	}
}

void rep_chart_open(const rep *r, int height, const char *title, const char *label, int nested, double y)
{
	FILE *o = r->o;

	if (nested)
		fprintf(o, "<svg x=\"0\" y=\"%.0f\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" class=\"chart\">\n", y,
		    CH_W, height, CH_W, height);
	else
		fprintf(o, "<figure>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		    "viewBox=\"0 0 %d %d\" class=\"chart\" role=\"img\" aria-label=\"", CH_W, height, CH_W, height);
	if (!nested) {
		rep_esc(o, label);
		fputs("\">\n", o);
	}
	fputs("<title>", o);
	rep_esc(o, label);
	fputs("</title>\n", o);
	fprintf(o, "<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n", CH_W, height);
	fprintf(o, "<text x=\"%d\" y=\"22\" class=\"title\">", CH_L);
	rep_esc(o, title);
	fputs("</text>\n", o);
}

void rep_chart_close(const rep *r, int nested)
{
	fputs(nested ? "</svg>\n" : "</svg>\n</figure>\n", r->o);
}

/*
 * A value axis: linear from 0 to |top| units, or logarithmic from |lo| to
 * |hi| (1, 2 or 5 times a power of ten around the values). len is its
 * length in pixels.
 */
typedef struct axis {
	int log;
	double lo, hi, top, step, unit;
	const char *uname;
} axis;

/*
 * The axis for values from |vmin| (the smallest positive one, 0 if none) to
 * |vmax|; |spread_lo| and |spread_hi| widen a log axis to the spread bars.
 * Logarithmic when forced, or automatically beyond RATIO_LOG; never for
 * values a log axis cannot hold (none positive, or a range a double cannot).
 */
static void axis_pick(const rep *r, axis *a, double vmin, double vmax, double spread_lo, double spread_hi)
{
	int want = (r->flags & REPORT_LOG) || (!(r->flags & REPORT_LINEAR) && vmin > 0 && vmax / vmin > RATIO_LOG);

	memset(a, 0, sizeof(*a));
	if (want && vmin > 0 && vmin >= 1e-300 && vmax < 1e300) {
		a->log = 1;
		a->lo = rep_floor125(spread_lo >= 1e-300 && spread_lo < vmin ? spread_lo : vmin);
		a->hi = rep_ceil125(spread_hi > vmax ? spread_hi : vmax);
		if (a->hi <= a->lo * (1 + 1e-9))
			a->hi = rep_ceil125(a->lo * 1.5);
		return;
	}
	if (spread_hi > vmax)
		vmax = spread_hi;
	a->unit = vmax >= 1e9 ? 1e9 : vmax >= 1e6 ? 1e6 : vmax >= 1e3 ? 1e3 : 1;
	a->uname = vmax >= 1e9 ? "GB/s" : vmax >= 1e6 ? "MB/s" : vmax >= 1e3 ? "kB/s" : "B/s";
	a->step = nice_step(vmax / a->unit);
	a->top = ceil(vmax / a->unit / a->step) * a->step;
	if (a->top <= 0)
		a->top = a->step;
}

/* How far along the axis |v| lies, from 0 to 1 (values below a log axis sit on it). */
static double axis_at(const axis *a, double v)
{
	double t;

	if (!a->log)
		return v / a->unit / a->top;
	t = v <= a->lo ? 0 : (log(v) - log(a->lo)) / (log(a->hi) - log(a->lo));
	return t > 1 ? 1 : t;
}

/*
 * The ticks of a log axis, in order: 1, 2 and 5 times each power of ten in
 * range, labelled when the axis spans up to 2.5 decades; beyond that the
 * powers of ten and the axis's ends (a quarter of a decade or more from
 * them) are labelled, or every |every|-th power of ten when there are many,
 * and the rest, within 6 decades, are grid lines only. Calls |fn| for each;
 * returns how many. |lab| is 1 for a labelled tick.
 */
static int log_ticks(const axis *a, void (*fn)(const rep *, const axis *, double, int, double), const rep *r,
    double arg)
{
	double dec = log10(a->hi) - log10(a->lo);
	int d0 = (int)floor(log10(a->lo) + 1e-9), d1 = (int)ceil(log10(a->hi) - 1e-9), every, d, m, n = 0;
	static const double mult[] = { 1, 2, 5 };

	every = dec > 8 ? (int)ceil(dec / 8) : 1;
	for (d = d0; d <= d1; d++)
		for (m = 0; m < 3; m++) {
			double v = mult[m] * pow(10.0, d);
			int lab;
			if (v < a->lo * (1 - 1e-9) || v > a->hi * (1 + 1e-9))
				continue;
			lab = dec <= 2.5 || (m == 0 && (d - d0) % every == 0);
			if (every == 1 && m > 0 && (fabs(v / a->lo - 1) < 1e-9 || fabs(v / a->hi - 1) < 1e-9))
				lab = fabs(log10(v) - floor(log10(v) + 0.5)) >= 0.25;
			if (!lab && dec > 6)
				continue;
			fn(r, a, v, lab, arg);
			n++;
		}
	return n;
}

/* A horizontal grid line and its label on a throughput chart's log axis. */
static void y_log_tick(const rep *r, const axis *a, double v, int lab, double unused)
{
	double y = CH_T + CH_PH - axis_at(a, v) * CH_PH;
	char buf[32];

	(void)unused;
	fprintf(r->o, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" class=\"%s\"/>", CH_L, y, CH_W - CH_R, y,
	    lab ? "grid" : "grid minor");
	if (lab) {
		si_label(v, buf, sizeof(buf));
		fprintf(r->o, "<text x=\"%d\" y=\"%.1f\" class=\"yt\">%s</text>", CH_L - 6, y + 4, buf);
	}
	fputc('\n', r->o);
}

#define PK_BAR 16
#define PK_GAP 14
#define PK_TICKS 16 /* the labels under a log axis */
static size_t pk_ops(const rep *r, const char *alg, const char **ops, axis *a);

/* The height of |alg|'s chart, as rep_chart_throughput or rep_chart_pk will draw it. */
int rep_chart_height(const rep *r, const char *alg, int pk)
{
	const char *ops[MAX_PK_OPS];
	size_t nops;
	axis a;

	show_alg(r, alg, pk);
	if (!pk)
		return CH_T + CH_PH + CH_B + rep_legend_height(r);
	nops = pk_ops(r, alg, ops, &a);
	return CH_T + (int)nops * ((int)r->nfiles * PK_BAR + PK_GAP) + 24 + (a.log ? PK_TICKS : 0) + rep_legend_height(r);
}

/* Throughput against block size for one algorithm. Returns the chart height. */
int rep_chart_throughput(const rep *r, const char *alg, int nested, double y_off)
{
	FILE *o = r->o;
	unsigned sizes[64] = { 0 };
	size_t ns = 0, k, i, j;
	double vmax = 0, vmin = 0, smin = 0, smax = 0, lmin, lmax;
	int height = rep_chart_height(r, alg, 0);
	char label[256], buf[64];
	axis a;

	for (k = 0; k < r->nfiles; k++) {
		for (i = 0; i < r->files[k].nrows; i++) {
			const sp_row *w = &r->files[k].rows[i];
			if (w->op || strcmp(w->name, alg) != 0)
				continue;
			if (w->value > vmax)
				vmax = w->value;
			if (w->value > 0 && (vmin == 0 || w->value < vmin))
				vmin = w->value;
			if (w->runs > 1 && w->hi > w->lo) {
				smax = w->hi > smax ? w->hi : smax;
				if (w->lo > 0 && (smin == 0 || w->lo < smin))
					smin = w->lo;
			}
			for (j = 0; j < ns && sizes[j] != w->size; j++)
				;
			if (j == ns && ns < 64)
				sizes[ns++] = w->size;
		}
	}
	if (ns == 0)
		sizes[ns++] = 16; /* not reached: the algorithm came from a row */
	lmin = lmax = log2((double)sizes[0]);
	for (j = 1; j < ns; j++) {
		double l = log2((double)sizes[j]);
		lmin = l < lmin ? l : lmin;
		lmax = l > lmax ? l : lmax;
	}
	if (lmax - lmin < 1e-9) {
		lmin -= 1;
		lmax += 1;
	}
	axis_pick(r, &a, vmin, vmax, smin, smax);
	if (a.log)
		snprintf(label, sizeof(label), "%s: throughput in bytes per second (log scale) against block size", alg);
	else
		snprintf(label, sizeof(label), "%s: throughput in %s against block size", alg, a.uname);
	rep_chart_open(r, height, alg, label, nested, y_off);
	/* grid and y axis */
	if (a.log) {
		log_ticks(&a, y_log_tick, r, 0);
		fprintf(o, "<text transform=\"translate(16 %d) rotate(-90)\" class=\"axis\">B/s, log scale</text>\n",
		    CH_T + CH_PH / 2);
	} else {
		for (i = 0; (double)i * a.step <= a.top + a.step * 1e-6 && i < 40; i++) {
			double v = (double)i * a.step, y = CH_T + CH_PH - v / a.top * CH_PH;
			fprintf(o, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" class=\"grid\"/>", CH_L, y, CH_W - CH_R, y);
			fprintf(o, "<text x=\"%d\" y=\"%.1f\" class=\"yt\">%g</text>\n", CH_L - 6, y + 4, v);
		}
		fprintf(o, "<text transform=\"translate(16 %d) rotate(-90)\" class=\"axis\">%s</text>\n", CH_T + CH_PH / 2,
		    a.uname);
	}
	/* x axis: log2 of the block size, a tick at every size present */
	for (j = 0; j < ns; j++) {
		double x = CH_L + (log2((double)sizes[j]) - lmin) / (lmax - lmin) * (CH_W - CH_L - CH_R);
		rep_size_label(sizes[j], buf, sizeof(buf));
		fprintf(o, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" class=\"axisline\"/>", x, CH_T + CH_PH, x,
		    CH_T + CH_PH + 5);
		fprintf(o, "<text x=\"%.1f\" y=\"%d\" class=\"xt\">%s</text>\n", x, CH_T + CH_PH + 18, buf);
	}
	fprintf(o, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" class=\"axisline\"/>\n", CH_L, CH_T + CH_PH,
	    CH_W - CH_R, CH_T + CH_PH);
	fprintf(o, "<text x=\"%d\" y=\"%d\" class=\"axis xt\">block size (bytes, log scale)</text>\n",
	    CH_L + (CH_W - CH_L - CH_R) / 2, CH_T + CH_PH + 36);
	/* one line per file */
	for (k = 0; k < r->nfiles; k++) {
		const sp_file *f = &r->files[k];
		int s = (int)(k % NSTYLE), started = 0;
		unsigned last = 0;
		fprintf(o, "<g class=\"series\"><polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s%s%s points=\"",
		    rep_colours[s], dashes[s][0] ? " stroke-dasharray=\"" : "", dashes[s], dashes[s][0] ? "\"" : "");
		/* rows by increasing size */
		for (;;) {
			const sp_row *best = NULL;
			for (i = 0; i < f->nrows; i++) {
				const sp_row *w = &f->rows[i];
				if (w->op || strcmp(w->name, alg) != 0 || (started && w->size <= last))
					continue;
				if (best == NULL || w->size < best->size)
					best = w;
			}
			if (best == NULL)
				break;
			fprintf(o, "%s%.1f,%.1f", started ? " " : "",
			    CH_L + (log2((double)best->size) - lmin) / (lmax - lmin) * (CH_W - CH_L - CH_R),
			    CH_T + CH_PH - axis_at(&a, best->value) * CH_PH);
			started = 1;
			last = best->size;
		}
		fputs("\"/>", o);
		for (i = 0; i < f->nrows; i++) {
			const sp_row *w = &f->rows[i];
			double x, y;
			if (w->op || strcmp(w->name, alg) != 0)
				continue;
			x = CH_L + (log2((double)w->size) - lmin) / (lmax - lmin) * (CH_W - CH_L - CH_R);
			y = CH_T + CH_PH - axis_at(&a, w->value) * CH_PH;
			if (w->runs > 1 && w->hi > w->lo)
				fprintf(o, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>", x,
				    CH_T + CH_PH - axis_at(&a, w->lo) * CH_PH, x, CH_T + CH_PH - axis_at(&a, w->hi) * CH_PH,
				    rep_colours[s]);
			fputs("<g>", o);
			marker(o, s, x, y, rep_colours[s]);
			fputs("<title>", o);
			rep_esc(o, r->names[k]);
			if (a.log)
				fprintf(o, ": %u bytes: %.4g MB/s</title></g>", w->size, w->value / 1e6);
			else
				fprintf(o, ": %u bytes: %.2f %s</title></g>", w->size, w->value / a.unit, a.uname);
		}
		fputs("</g>\n", o);
	}
	rep_legend(r, CH_T + CH_PH + CH_B, 0);
	rep_chart_close(r, nested);
	return height;
}

/*
 * The distinct operations of public-key algorithm |alg| over all files,
 * first appearance first, and the axis their rates need.
 */
static size_t pk_ops(const rep *r, const char *alg, const char **ops, axis *a)
{
	size_t nops = 0, k, i, j;
	double vmin = 0, vmax = 0;

	for (k = 0; k < r->nfiles; k++)
		for (i = 0; i < r->files[k].nrows; i++) {
			const sp_row *w = &r->files[k].rows[i];
			if (!w->op || strcmp(w->name, alg) != 0)
				continue;
			for (j = 0; j < nops && strcmp(ops[j], w->op) != 0; j++)
				;
			if (j == nops && nops < MAX_PK_OPS)
				ops[nops++] = w->op;
		}
	for (j = 0; j < nops; j++)
		for (k = 0; k < r->nfiles; k++) {
			const sp_row *w = sp_find(&r->files[k], alg, ops[j], 0);
			if (w && w->value > vmax)
				vmax = w->value;
			if (w && w->value > 0 && (vmin == 0 || w->value < vmin))
				vmin = w->value;
		}
	axis_pick(r, a, vmin, vmax, 0, 0);
	return nops;
}

/* A vertical grid line and its label (above the bars) on a public-key chart's log axis. */
static void x_log_tick(const rep *r, const axis *a, double v, int lab, double bars_h)
{
	double x = CH_L + 40 + axis_at(a, v) * (CH_W - CH_L - 40 - 110);
	char buf[32];

	fprintf(r->o, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%.1f\" class=\"%s\"/>", x, CH_T - 2, x,
	    CH_T + bars_h + 2, lab ? "grid" : "grid minor");
	if (lab) {
		si_label(v, buf, sizeof(buf));
		fprintf(r->o, "<text x=\"%.1f\" y=\"%.1f\" class=\"xt tick\">%s</text>", x, CH_T + bars_h + 14, buf);
	}
	fputc('\n', r->o);
}

/*
 * Public-key rates: one group of bars per operation, one bar per file. On a
 * linear axis each operation is scaled to its own largest rate; on a log
 * axis (rates more than RATIO_LOG apart, or -log) all share one, labelled
 * below the bars.
 */
int rep_chart_pk(const rep *r, const char *alg, int nested, double y_off)
{
	FILE *o = r->o;
	const char *ops[MAX_PK_OPS];
	size_t nops, k, j;
	int bar = PK_BAR, gap = PK_GAP, barx = CH_L + 40, barw = CH_W - CH_L - 40 - 110;
	int plot_h, height;
	char label[256];
	axis a;

	nops = pk_ops(r, alg, ops, &a);
	plot_h = (int)nops * ((int)r->nfiles * bar + gap);
	height = rep_chart_height(r, alg, 1);
	snprintf(label, sizeof(label), "%s: operations per second%s", alg, a.log ? " (log scale)" : "");
	rep_chart_open(r, height, alg, label, nested, y_off);
	fprintf(o, "<text x=\"%d\" y=\"%d\" class=\"note\">%s</text>\n", CH_W - CH_R, 22,
	    a.log ? "operations per second, log scale" : "operations per second; bars scaled per operation");
	if (a.log)
		log_ticks(&a, x_log_tick, r, plot_h - gap);
	for (j = 0; j < nops; j++) {
		double gy = CH_T + (double)j * (r->nfiles * (size_t)bar + (size_t)gap), omax = 0;
		for (k = 0; k < r->nfiles; k++) {
			const sp_row *w = sp_find(&r->files[k], alg, ops[j], 0);
			if (w && w->value > omax)
				omax = w->value;
		}
		fprintf(o, "<text x=\"%d\" y=\"%.1f\" class=\"op\">", barx - 8, gy + (double)(r->nfiles * (size_t)bar) / 2 + 4);
		rep_esc(o, ops[j]);
		fputs("</text>\n", o);
		for (k = 0; k < r->nfiles; k++) {
			const sp_row *w = sp_find(&r->files[k], alg, ops[j], 0);
			int s = (int)(k % NSTYLE);
			double y = gy + (double)k * bar, len;
			if (w == NULL)
				continue;
			if (a.log)
				len = axis_at(&a, w->value) * barw;
			else
				len = omax > 0 ? w->value / omax * barw : 0;
			fprintf(o, "<g><rect x=\"%d\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"%s\"%s/>", barx, y + 1,
			    len < 1 ? 1 : len, bar - 2, rep_colours[s], s % 2 ? " fill-opacity=\"0.75\"" : "");
			fprintf(o, "<text x=\"%.1f\" y=\"%.1f\" class=\"val\">%.1f/s</text><title>", barx + len + 4, y + bar - 4,
			    w->value);
			rep_esc(o, r->names[k]);
			fputs(": ", o);
			rep_esc(o, alg);
			fputs(" ", o);
			rep_esc(o, ops[j]);
			fprintf(o, " %.1f/s</title></g>\n", w->value);
		}
	}
	rep_legend(r, CH_T + plot_h + 10 + (a.log ? PK_TICKS : 0), 1);
	rep_chart_close(r, nested);
	return height;
}
