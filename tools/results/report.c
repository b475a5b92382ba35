/*
 * report.c - `ember report [options] FILE...`: a self-contained HTML page
 * (inline SVG, no scripts, no external fonts) with one chart per algorithm:
 * throughput against block size on a log axis, one line per input file;
 * public-key rates as grouped bars. `-format svg` writes the charts alone.
 *
 * Every string that comes from an input (algorithm, operation and
 * implementation names, the files' metadata, file names, -title) is written
 * through esc() and nowhere else: result files are posted by strangers, and
 * the page must show their text, never run it. The page also carries a
 * Content-Security-Policy that allows its one <style> element (by hash) and
 * nothing else, so a hole in the escaping would still run no script.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ember/hash.h"
#include "speedparse.h"
#include "tool.h"

#define CH_W 600          /* chart width */
#define CH_L 72           /* left margin: y tick labels */
#define CH_R 24
#define CH_T 36           /* title */
#define CH_PH 220         /* plot height */
#define CH_B 44           /* x tick labels and axis name */
#define CH_LEG 18         /* one legend line */
#define MAX_PK_OPS 16     /* operations shown per public-key chart */

/* Okabe-Ito colours (safe for colour blindness) and dashes, so print in grey still tells lines apart. */
static const char *const colours[] = { "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000" };
static const char *const dashes[] = { "", "7 4", "2 3", "9 3 2 3", "4 2", "1 2", "12 4" };
#define NSTYLE 7

typedef struct rep {
	const sp_file *files;
	size_t nfiles;
	const char **names;
	FILE *o;
} rep;

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
 */
static void esc(FILE *o, const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n;

	while (u && *u) {
		switch (*u) {
		case '&': fputs("&amp;", o); u++; continue;
		case '<': fputs("&lt;", o); u++; continue;
		case '>': fputs("&gt;", o); u++; continue;
		case '"': fputs("&quot;", o); u++; continue;
		case '\'': fputs("&#39;", o); u++; continue;
		default: break;
		}
		n = xml_char(u);
		if (n == 0) {
			fputs("\xef\xbf\xbd", o);
			u++;
		} else {
			fwrite(u, 1, n, o);
			u += n;
		}
	}
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

static void size_label(unsigned s, char *buf, size_t len)
{
	if (s >= 1024 && s % 1024 == 0)
		snprintf(buf, len, "%u KiB", s / 1024);
	else
		snprintf(buf, len, "%u B", s);
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

static int legend_height(const rep *r, const char *alg, int pk)
{
	size_t k, n = 0;

	for (k = 0; k < r->nfiles; k++)
		n += (size_t)has_alg(r, k, alg, pk);
	return (int)n * CH_LEG + 8;
}

/* One line per file that has this algorithm; a file keeps its colour in every chart. */
static void legend(const rep *r, double y0, const char *alg, int pk)
{
	FILE *o = r->o;
	size_t k, line = 0;

	for (k = 0; k < r->nfiles; k++) {
		char d[200];
		double y = y0 + (double)line * CH_LEG + 12;
		int s = (int)(k % NSTYLE);
		if (!has_alg(r, k, alg, pk))
			continue;
		line++;
		sp_describe(&r->files[k], d, sizeof(d));
		if (pk) {
			/* the bar's own swatch */
			fprintf(o, "<rect x=\"%d\" y=\"%.1f\" width=\"28\" height=\"10\" fill=\"%s\"%s/>", CH_L, y - 9,
			    colours[s], s % 2 ? " fill-opacity=\"0.75\"" : "");
		} else {
			fprintf(o, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"%s%s%s/>",
			    CH_L, y - 4, CH_L + 28, y - 4, colours[s], dashes[s][0] ? " stroke-dasharray=\"" : "", dashes[s],
			    dashes[s][0] ? "\"" : "");
			marker(o, s, CH_L + 14, y - 4, colours[s]);
		}
		fprintf(o, "<text x=\"%d\" y=\"%.1f\" class=\"leg\">", CH_L + 36, y);
		esc(o, r->names[k]);
		fputs(": ", o);
		if (strlen(d) + strlen(r->names[k]) > 76) {
			size_t cut = strlen(r->names[k]) < 60 ? 72 - strlen(r->names[k]) : 12;
			/* cut between characters, not inside one */
			while (cut > 0 && ((unsigned char)d[cut] & 0xc0) == 0x80)
				cut--;
			if (cut < strlen(d))
				snprintf(d + cut, sizeof(d) - cut, " ...");
		}
		esc(o, d);
		fputs("</text>\n", o);
	}
}

static void chart_open(const rep *r, int height, const char *title, const char *label, int nested, double y)
{
	FILE *o = r->o;

	if (nested)
		fprintf(o, "<svg x=\"0\" y=\"%.0f\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" class=\"chart\">\n", y,
		    CH_W, height, CH_W, height);
	else
		fprintf(o, "<figure>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		    "viewBox=\"0 0 %d %d\" class=\"chart\" role=\"img\" aria-label=\"", CH_W, height, CH_W, height);
	if (!nested) {
		esc(o, label);
		fputs("\">\n", o);
	}
	fputs("<title>", o);
	esc(o, label);
	fputs("</title>\n", o);
	fprintf(o, "<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n", CH_W, height);
	fprintf(o, "<text x=\"%d\" y=\"22\" class=\"title\">", CH_L);
	esc(o, title);
	fputs("</text>\n", o);
}

static void chart_close(const rep *r, int nested)
{
	fputs(nested ? "</svg>\n" : "</svg>\n</figure>\n", r->o);
}

/* The distinct operations of public-key algorithm |alg| over all files, first appearance first. */
static size_t pk_ops(const rep *r, const char *alg, const char **ops)
{
	size_t nops = 0, k, i, j;

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
	return nops;
}

#define PK_BAR 16
#define PK_GAP 14

/* The height of |alg|'s chart, as chart_throughput or chart_pk will draw it. */
static int chart_height(const rep *r, const char *alg, int pk)
{
	const char *ops[MAX_PK_OPS];

	if (!pk)
		return CH_T + CH_PH + CH_B + legend_height(r, alg, 0);
	return CH_T + (int)pk_ops(r, alg, ops) * ((int)r->nfiles * PK_BAR + PK_GAP) + 24 + legend_height(r, alg, 1);
}

/* Throughput against block size for one algorithm. Returns the chart height. */
static int chart_throughput(const rep *r, const char *alg, int nested, double y_off)
{
	FILE *o = r->o;
	unsigned sizes[64] = { 0 };
	size_t ns = 0, k, i, j;
	double vmax = 0, lmin, lmax, unit, step, top;
	const char *uname;
	int height = chart_height(r, alg, 0);
	char label[256], buf[64];

	for (k = 0; k < r->nfiles; k++) {
		for (i = 0; i < r->files[k].nrows; i++) {
			const sp_row *w = &r->files[k].rows[i];
			if (w->op || strcmp(w->name, alg) != 0)
				continue;
			if (w->hi > vmax)
				vmax = w->hi;
			if (w->value > vmax)
				vmax = w->value;
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
	if (vmax >= 1e9) {
		unit = 1e9;
		uname = "GB/s";
	} else if (vmax >= 1e6) {
		unit = 1e6;
		uname = "MB/s";
	} else if (vmax >= 1e3) {
		unit = 1e3;
		uname = "kB/s";
	} else {
		unit = 1;
		uname = "B/s";
	}
	step = nice_step(vmax / unit);
	top = ceil(vmax / unit / step) * step;
	if (top <= 0)
		top = step;
	snprintf(label, sizeof(label), "%s: throughput in %s against block size", alg, uname);
	chart_open(r, height, alg, label, nested, y_off);
	/* grid and y axis */
	for (i = 0; (double)i * step <= top + step * 1e-6 && i < 40; i++) {
		double v = (double)i * step, y = CH_T + CH_PH - v / top * CH_PH;
		fprintf(o, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" class=\"grid\"/>", CH_L, y, CH_W - CH_R, y);
		fprintf(o, "<text x=\"%d\" y=\"%.1f\" class=\"yt\">%g</text>\n", CH_L - 6, y + 4, v);
	}
	fprintf(o, "<text transform=\"translate(16 %d) rotate(-90)\" class=\"axis\">%s</text>\n", CH_T + CH_PH / 2, uname);
	/* x axis: log2 of the block size, a tick at every size present */
	for (j = 0; j < ns; j++) {
		double x = CH_L + (log2((double)sizes[j]) - lmin) / (lmax - lmin) * (CH_W - CH_L - CH_R);
		size_label(sizes[j], buf, sizeof(buf));
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
		    colours[s], dashes[s][0] ? " stroke-dasharray=\"" : "", dashes[s], dashes[s][0] ? "\"" : "");
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
			    CH_T + CH_PH - best->value / unit / top * CH_PH);
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
			y = CH_T + CH_PH - w->value / unit / top * CH_PH;
			if (w->runs > 1 && w->hi > w->lo)
				fprintf(o, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>", x,
				    CH_T + CH_PH - w->lo / unit / top * CH_PH, x, CH_T + CH_PH - w->hi / unit / top * CH_PH,
				    colours[s]);
			fputs("<g>", o);
			marker(o, s, x, y, colours[s]);
			fputs("<title>", o);
			esc(o, r->names[k]);
			fprintf(o, ": %u bytes: %.2f %s</title></g>", w->size, w->value / unit, uname);
		}
		fputs("</g>\n", o);
	}
	legend(r, CH_T + CH_PH + CH_B, alg, 0);
	chart_close(r, nested);
	return height;
}

/* Public-key rates: one group of bars per operation, one bar per file, scaled per operation. */
static int chart_pk(const rep *r, const char *alg, int nested, double y_off)
{
	FILE *o = r->o;
	const char *ops[MAX_PK_OPS];
	size_t nops, k, j;
	int bar = PK_BAR, gap = PK_GAP, barx = CH_L + 40, barw = CH_W - CH_L - 40 - 110;
	int plot_h, height;
	char label[256];

	nops = pk_ops(r, alg, ops);
	plot_h = (int)nops * ((int)r->nfiles * bar + gap);
	height = chart_height(r, alg, 1);
	snprintf(label, sizeof(label), "%s: operations per second", alg);
	chart_open(r, height, alg, label, nested, y_off);
	fprintf(o, "<text x=\"%d\" y=\"%d\" class=\"note\">operations per second; bars scaled per operation</text>\n",
	    CH_W - CH_R, 22);
	for (j = 0; j < nops; j++) {
		double gy = CH_T + (double)j * (r->nfiles * (size_t)bar + (size_t)gap), vmax = 0;
		for (k = 0; k < r->nfiles; k++) {
			const sp_row *w = sp_find(&r->files[k], alg, ops[j], 0);
			if (w && w->value > vmax)
				vmax = w->value;
		}
		fprintf(o, "<text x=\"%d\" y=\"%.1f\" class=\"op\">", barx - 8, gy + (double)(r->nfiles * (size_t)bar) / 2 + 4);
		esc(o, ops[j]);
		fputs("</text>\n", o);
		for (k = 0; k < r->nfiles; k++) {
			const sp_row *w = sp_find(&r->files[k], alg, ops[j], 0);
			int s = (int)(k % NSTYLE);
			double y = gy + (double)k * bar, len;
			if (w == NULL)
				continue;
			len = vmax > 0 ? w->value / vmax * barw : 0;
			fprintf(o, "<g><rect x=\"%d\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"%s\"%s/>", barx, y + 1,
			    len < 1 ? 1 : len, bar - 2, colours[s], s % 2 ? " fill-opacity=\"0.75\"" : "");
			fprintf(o, "<text x=\"%.1f\" y=\"%.1f\" class=\"val\">%.1f/s</text><title>", barx + len + 4, y + bar - 4,
			    w->value);
			esc(o, r->names[k]);
			fputs(": ", o);
			esc(o, alg);
			fputs(" ", o);
			esc(o, ops[j]);
			fprintf(o, " %.1f/s</title></g>\n", w->value);
		}
	}
	legend(r, CH_T + plot_h + 10, alg, 1);
	chart_close(r, nested);
	return height;
}

#define PAGE_CSS \
	"body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;margin:1.5em;color:#111}\n" \
	"h1{font-size:1.4em}table{border-collapse:collapse;font-size:.85em;margin-bottom:1.5em}\n" \
	"td,th{border:1px solid #bbb;padding:.25em .5em;text-align:left;vertical-align:top}\n" \
	"td.m{font-family:ui-monospace,Menlo,Consolas,monospace;word-break:break-all;max-width:40em}\n" \
	".charts{display:flex;flex-wrap:wrap;gap:1em}\n" \
	"figure{margin:0;flex:1 1 520px;max-width:640px;break-inside:avoid;page-break-inside:avoid}\n" \
	"svg.chart{border:1px solid #ddd;box-sizing:border-box;width:100%;height:auto}\n" \
	"@media print{body{margin:0}.charts{gap:.5em}figure{width:48%}svg.chart{width:100%}}\n"

#define SVG_CSS \
	"text{font-family:system-ui,Helvetica,Arial,sans-serif;font-size:12px;fill:#111}\n" \
	".title{font-size:15px;font-weight:bold}.yt{text-anchor:end}.xt{text-anchor:middle}\n" \
	".axis{font-size:12px;fill:#333}.note{font-size:11px;fill:#444;text-anchor:end}\n" \
	".op{text-anchor:end}.val{font-size:11px}.leg{font-size:11.5px}\n" \
	".grid{stroke:#e3e3e3;stroke-width:1}.axisline{stroke:#333;stroke-width:1}\n"

/* The whole text of the page's one <style> element: the policy allows exactly this, by its hash. */
static const char page_style[] = "\n" PAGE_CSS SVG_CSS;
static const char svg_style[] = "\n" SVG_CSS;

/*
 * The page's Content-Security-Policy: nothing may load or run (no script-src:
 * the page has no script; no img-src, font-src or connect-src: it fetches
 * nothing), except the <style> element whose text hashes to page_style's
 * SHA-256 (CSP Level 3, "hash-source"), so even a style element an input
 * smuggled in would not apply. base-uri and form-action do not fall back to
 * default-src and are closed too. The charts use SVG presentation attributes
 * (fill=, stroke=), which the policy does not govern, and no style= attribute.
 */
static void csp_meta(FILE *o)
{
	static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	uint8_t md[EMBER_SHA256_LEN];
	char h[4 * ((EMBER_SHA256_LEN + 2) / 3) + 1];
	size_t i, n = 0;

	ember_sha256(md, page_style, sizeof(page_style) - 1);
	for (i = 0; i < sizeof(md); i += 3) {
		unsigned long v = (unsigned long)md[i] << 16 | (i + 1 < sizeof(md) ? (unsigned long)md[i + 1] << 8 : 0) |
		    (i + 2 < sizeof(md) ? md[i + 2] : 0);
		h[n++] = b64[v >> 18 & 63];
		h[n++] = b64[v >> 12 & 63];
		h[n++] = i + 1 < sizeof(md) ? b64[v >> 6 & 63] : '=';
		h[n++] = i + 2 < sizeof(md) ? b64[v & 63] : '=';
	}
	h[n] = 0;
	fprintf(o, "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'sha256-%s'; "
	    "base-uri 'none'; form-action 'none'\">\n", h);
}

static void meta_row(FILE *o, const char *k, const char *v)
{
	if (v == NULL)
		return;
	fprintf(o, "<tr><th>%s</th><td class=\"m\">", k);
	esc(o, v);
	fputs("</td></tr>\n", o);
}

/* Distinct algorithm names over all files, first appearance first; pk after throughput. */
static size_t collect(const rep *r, const char **names, int *pk, size_t max)
{
	size_t n = 0, k, i, j;
	int pass;

	for (pass = 0; pass < 2; pass++)
		for (k = 0; k < r->nfiles; k++)
			for (i = 0; i < r->files[k].nrows; i++) {
				const sp_row *w = &r->files[k].rows[i];
				if ((w->op != NULL) != pass)
					continue;
				for (j = 0; j < n && !(strcmp(names[j], w->name) == 0 && pk[j] == pass); j++)
					;
				if (j == n && n < max) {
					names[n] = w->name;
					pk[n++] = pass;
				}
			}
	return n;
}

int report_write(FILE *o, const sp_file *files, size_t nfiles, const char *title, int svg);

/*
 * report_write - the page (or with |svg|, the bare SVG) for |files| on |o|.
 * Returns 0, or -1 when out of memory (|o| may then hold part of a page).
 * The command and tests/fuzz/fuzz_report.c call it.
 */
int report_write(FILE *o, const sp_file *files, size_t nfiles, const char *title, int svg)
{
	const char **algs = NULL;
	int *pk = NULL, rc = -1;
	size_t total = 0, nalg, i, k;
	rep r;

	r.files = files;
	r.nfiles = nfiles;
	r.o = o;
	r.names = calloc(nfiles ? nfiles : 1, sizeof(*r.names));
	for (i = 0; i < nfiles; i++)
		total += files[i].nrows;
	algs = calloc(total ? total : 1, sizeof(*algs));
	pk = calloc(total ? total : 1, sizeof(*pk));
	if (r.names == NULL || algs == NULL || pk == NULL)
		goto done;
	/* Files are named by their base name, by their path where two base names agree. */
	for (i = 0; i < nfiles; i++) {
		r.names[i] = sp_basename(&files[i]);
		for (k = 0; k < nfiles; k++)
			if (k != i && strcmp(sp_basename(&files[k]), r.names[i]) == 0)
				r.names[i] = files[i].path;
	}
	nalg = collect(&r, algs, pk, total);
	if (svg) {
		double y = 0, height = 0;
		for (i = 0; i < nalg; i++)
			height += chart_height(&r, algs[i], pk[i]);
		fprintf(o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
		    "width=\"%d\" height=\"%.0f\" viewBox=\"0 0 %d %.0f\">\n<title>", CH_W, height, CH_W, height);
		esc(o, title);
		fprintf(o, "</title>\n<style>%s</style>\n", svg_style);
		for (i = 0; i < nalg; i++)
			y += pk[i] ? chart_pk(&r, algs[i], 1, y) : chart_throughput(&r, algs[i], 1, y);
		fputs("</svg>\n", o);
	} else {
		/* The policy comes first, before anything an input wrote. */
		fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n", o);
		csp_meta(o);
		fputs("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>", o);
		esc(o, title);
		fprintf(o, "</title>\n<style>%s</style>\n</head>\n<body>\n<h1>", page_style);
		esc(o, title);
		fputs("</h1>\n<h2>Inputs</h2>\n<table>\n", o);
		for (k = 0; k < nfiles; k++) {
			const sp_file *f = &files[k];
			char d[256];
			sp_describe(f, d, sizeof(d));
			fputs("<tr><th colspan=\"2\">", o);
			esc(o, r.names[k]);
			fputs(": ", o);
			esc(o, d);
			fputs("</th></tr>\n", o);
			meta_row(o, "format", f->format);
			meta_row(o, "version", f->version);
			meta_row(o, "engine", f->engine);
			meta_row(o, "built on", f->built_on);
			meta_row(o, "platform", f->platform);
			meta_row(o, "options", f->options);
			meta_row(o, "compiler", f->compiler);
			meta_row(o, "CPU", f->cpuinfo);
		}
		fputs("</table>\n<p>Throughput charts: bytes per second against block size (log scale); "
		    "vertical bars show the spread of repeated runs. Public-key charts: operations per second.</p>\n"
		    "<section class=\"charts\">\n", o);
		for (i = 0; i < nalg; i++) {
			if (pk[i])
				chart_pk(&r, algs[i], 0, 0);
			else
				chart_throughput(&r, algs[i], 0, 0);
		}
		fputs("</section>\n</body>\n</html>\n", o);
	}
	rc = 0;
done:
	free(r.names);
	free(algs);
	free(pk);
	return rc;
}

int cmd_report(int argc, char **argv)
{
	const char *out = NULL, *title = "Speed report";
	char **paths, err[512], tmp[4096];
	size_t npaths = 0, nfiles = 0, i;
	sp_file *files = NULL;
	int svg = 0, a, rc = 1, ok;
	FILE *o;

	paths = calloc((size_t)argc + 1, sizeof(*paths));
	if (paths == NULL)
		return tool_error("report", "out of memory");
	for (a = 1; a < argc; a++) {
		const char *s = argv[a];
		if (strcmp(s, "-o") == 0 && a + 1 < argc) {
			out = argv[++a];
		} else if (strcmp(s, "-title") == 0 && a + 1 < argc) {
			title = argv[++a];
		} else if (strcmp(s, "-format") == 0 && a + 1 < argc) {
			a++;
			if (strcmp(argv[a], "svg") == 0)
				svg = 1;
			else if (strcmp(argv[a], "html") == 0)
				svg = 0;
			else {
				tool_error("report", "unknown -format '%s' (html, svg)", argv[a]);
				goto done;
			}
		} else if (strcmp(s, "-h") == 0 || strcmp(s, "-help") == 0 || strcmp(s, "--help") == 0) {
			printf("usage: ember report [-o FILE] [-format html|svg] [-title TEXT] FILE...\n");
			rc = 0;
			goto done;
		} else if (s[0] == '-' && s[1] != 0) {
			tool_error("report", "unknown option '%s' (or missing value)", s);
			goto done;
		} else {
			paths[npaths++] = argv[a];
		}
	}
	if (npaths == 0) {
		tool_error("report", "no input files (try 'ember report -h')");
		goto done;
	}
	files = calloc(npaths, sizeof(*files));
	if (files == NULL) {
		tool_error("report", "out of memory");
		goto done;
	}
	for (i = 0; i < npaths; i++) {
		if (sp_load(paths[i], &files[i], stderr, err, sizeof(err)) != 0) {
			tool_error("report", "%s", err);
			goto done;
		}
		nfiles++;
	}
	o = tool_out_open(out, tmp, sizeof(tmp));
	if (o == NULL) {
		tool_error("report", "%s: cannot create the output file", out);
		goto done;
	}
	if (report_write(o, files, nfiles, title, svg) != 0) {
		tool_out_close(o, out, tmp, 0);
		tool_error("report", "out of memory");
		goto done;
	}
	ok = !ferror(o);
	if (tool_out_close(o, out, tmp, ok) != 0 || !ok) {
		tool_error("report", "%s: write failed", out ? out : "standard output");
		goto done;
	}
	rc = 0;
done:
	for (i = 0; i < nfiles; i++)
		sp_free(&files[i]);
	free(files);
	free(paths);
	return rc;
}
