/*
 * report.c - `ember report [options] FILE...`: a self-contained HTML page
 * (inline SVG, no scripts, no external fonts): first a chart of who is
 * faster where (report_ratio.c), then one chart per algorithm
 * (report_chart.c): throughput against block size, one line per input
 * file; public-key rates as grouped bars. `-format svg` writes the charts
 * alone.
 *
 * Every string that comes from an input (algorithm, operation and
 * implementation names, the files' metadata, file names, -title) is written
 * through rep_esc() (report_chart.c) and nowhere else: result files are
 * posted by strangers, and the page must show their text, never run it. The
 * page also carries a Content-Security-Policy that allows its one <style>
 * element (by hash) and nothing else, so a hole in the escaping would still
 * run no script.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ember/hash.h"
#include "report_int.h"
#include "tool.h"

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
	".op{text-anchor:end}.val{font-size:11px}.ve{text-anchor:end}.leg{font-size:11.5px}\n" \
	".grp{font-size:12.5px;font-weight:bold}.tick{font-size:11px;fill:#333}\n" \
	".grid{stroke:#e3e3e3;stroke-width:1}.minor{stroke:#f0f0f0}.axisline{stroke:#333;stroke-width:1}\n" \
	".one{stroke:#333;stroke-width:1.5}\n"

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
	if (v == NULL || *v == 0)
		return;
	fprintf(o, "<tr><th>%s</th><td class=\"m\">", k);
	rep_esc(o, v);
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

/* A description longer than this is cut (between characters) in the legends; the table shows it whole. */
#define DESC_MAX 1000

/* "name: description", the file's legend, as the reader describes the file; NULL when out of memory. */
static char *legend_text(const sp_file *f, const char *name, int whole)
{
	size_t len = 256, n = strlen(name) + 2, cut;
	char *d = NULL, *p;

	for (;;) {
		p = realloc(d, n + len);
		if (p == NULL) {
			free(d);
			return NULL;
		}
		d = p;
		memcpy(d, name, n - 2);
		memcpy(d + n - 2, ": ", 2);
		sp_describe(f, d + n, len);
		/* sp_describe cuts at the buffer's end: grow it until the description fits */
		if (strlen(d + n) + 1 < len || (!whole && len > DESC_MAX) || len > ((size_t)-1 - n) / 4)
			break;
		len *= 2;
	}
	if (!whole && strlen(d + n) > DESC_MAX) {
		for (cut = DESC_MAX; cut > 0 && ((unsigned char)d[n + cut] & 0xc0) == 0x80; cut--)
			;
		memcpy(d + n + cut, " \xe2\x80\xa6", 5);
	}
	return d;
}

int report_write(FILE *o, const sp_file *files, size_t nfiles, const char *title, int flags);

/*
 * report_write - the page (or with REPORT_SVG in |flags|, the bare SVG) for
 * |files| on |o|; REPORT_LOG or REPORT_LINEAR force every chart's axis.
 * Returns 0, or -1 when out of memory (|o| may then hold part of a page).
 * The command and tests/fuzz/fuzz_report.c (which passes 0 or 1) call it.
 */
int report_write(FILE *o, const sp_file *files, size_t nfiles, const char *title, int flags)
{
	const char **algs = NULL;
	int *pk = NULL, rc = -1, h;
	size_t total = 0, nalg, i, k, n = nfiles ? nfiles : 1;
	rep r;

	memset(&r, 0, sizeof(r));
	r.files = files;
	r.nfiles = nfiles;
	r.o = o;
	r.flags = flags;
	r.names = calloc(n, sizeof(*r.names));
	r.legends = calloc(n, sizeof(*r.legends));
	r.leg_lines = calloc(n, sizeof(*r.leg_lines));
	r.show = calloc(n, 1);
	for (i = 0; i < nfiles; i++)
		total += files[i].nrows;
	algs = calloc(total ? total : 1, sizeof(*algs));
	pk = calloc(total ? total : 1, sizeof(*pk));
	if (r.names == NULL || r.legends == NULL || r.leg_lines == NULL || r.show == NULL || algs == NULL || pk == NULL)
		goto done;
	/* Files are named by their base name, by their path where two base names agree. */
	for (i = 0; i < nfiles; i++) {
		r.names[i] = sp_basename(&files[i]);
		for (k = 0; k < nfiles; k++)
			if (k != i && strcmp(sp_basename(&files[k]), r.names[i]) == 0)
				r.names[i] = files[i].path;
		if ((r.legends[i] = legend_text(&files[i], r.names[i], 0)) == NULL)
			goto done;
		r.leg_lines[i] = rep_legend_lines(r.legends[i]);
	}
	nalg = collect(&r, algs, pk, total);
	if ((h = rep_chart_ratio(&r, 0, 0, 0)) < 0)
		goto done;
	if (flags & REPORT_SVG) {
		double y = 0, height = h;
		for (i = 0; i < nalg; i++)
			height += rep_chart_height(&r, algs[i], pk[i]);
		fprintf(o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
		    "width=\"%d\" height=\"%.0f\" viewBox=\"0 0 %d %.0f\">\n<title>", CH_W, height, CH_W, height);
		rep_esc(o, title);
		fprintf(o, "</title>\n<style>%s</style>\n", svg_style);
		if (h > 0 && (y = rep_chart_ratio(&r, 1, 1, 0)) < 0)
			goto done;
		for (i = 0; i < nalg; i++)
			y += pk[i] ? rep_chart_pk(&r, algs[i], 1, y) : rep_chart_throughput(&r, algs[i], 1, y);
		fputs("</svg>\n", o);
	} else {
		/* The policy comes first, before anything an input wrote. */
		fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n", o);
		csp_meta(o);
		fputs("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>", o);
		rep_esc(o, title);
		fprintf(o, "</title>\n<style>%s</style>\n</head>\n<body>\n<h1>", page_style);
		rep_esc(o, title);
		fputs("</h1>\n<h2>Inputs</h2>\n<table>\n", o);
		for (k = 0; k < nfiles; k++) {
			const sp_file *f = &files[k];
			char *d = legend_text(f, r.names[k], 1);
			if (d == NULL)
				goto done;
			fputs("<tr><th colspan=\"2\">", o);
			rep_esc(o, d);
			free(d);
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
		fputs("</table>\n<p>", o);
		if (h > 0)
			fputs("The first chart: how fast each input is against the first, at 16 B and 8 KiB and per "
			    "public-key operation. ", o);
		fprintf(o, "Throughput charts: bytes per second against block size (log scale); the rate axis is "
		    "%s; vertical bars show the spread of repeated runs. Public-key charts: operations per second.</p>\n"
		    "<section class=\"charts\">\n", flags & REPORT_LOG ? "logarithmic" : flags & REPORT_LINEAR ? "linear" :
		    "logarithmic where a chart's largest value is more than 30 times its smallest");
		if (h > 0 && rep_chart_ratio(&r, 1, 0, 0) < 0)
			goto done;
		for (i = 0; i < nalg; i++) {
			if (pk[i])
				rep_chart_pk(&r, algs[i], 0, 0);
			else
				rep_chart_throughput(&r, algs[i], 0, 0);
		}
		fputs("</section>\n</body>\n</html>\n", o);
	}
	rc = 0;
done:
	for (i = 0; r.legends && i < nfiles; i++)
		free(r.legends[i]);
	free(r.legends);
	free(r.leg_lines);
	free(r.show);
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
	int flags = 0, a, rc = 1, ok;
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
				flags |= REPORT_SVG;
			else if (strcmp(argv[a], "html") == 0)
				flags &= ~REPORT_SVG;
			else {
				tool_error("report", "unknown -format '%s' (html, svg)", argv[a]);
				goto done;
			}
		} else if (strcmp(s, "-log") == 0 || strcmp(s, "-linear") == 0) {
			int want = s[2] == 'o' ? REPORT_LOG : REPORT_LINEAR;
			if (flags & (REPORT_LOG | REPORT_LINEAR) & ~want) {
				tool_error("report", "-log and -linear exclude each other");
				goto done;
			}
			flags |= want;
		} else if (strcmp(s, "-h") == 0 || strcmp(s, "-help") == 0 || strcmp(s, "--help") == 0) {
			printf("usage: ember report [-o FILE] [-format html|svg] [-title TEXT] [-log|-linear] FILE...\n"
			    "  -o FILE        write to FILE (whole or not at all) instead of standard output\n"
			    "  -format svg    the charts alone, stacked in one SVG document (default: html, a page)\n"
			    "  -title TEXT    the page's title (default: Speed report)\n"
			    "  -log           every chart's rate axis logarithmic\n"
			    "  -linear        every chart's rate axis linear\n"
			    "                 (default: logarithmic where a chart's largest value is more than 30 times its\n"
			    "                 smallest, so a router's MB/s shows beside a PC's GB/s)\n"
			    "The first chart compares each input with the first, at 16 B and 8 KiB.\n");
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
	if (report_write(o, files, nfiles, title, flags) != 0) {
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
