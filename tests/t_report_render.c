/*
 * t_report_render.c - `ember report`: the page is self-contained (no
 * scripts, no external resources) with a first chart of who is faster where
 * and one chart per algorithm; headless Chromium renders it under its own
 * Content-Security-Policy, every chart gets a real size and its style, no
 * legend runs off its chart, and a screenshot is kept as
 * build/test-artifacts/report.png. report_charts checks the ratios, the log
 * axes (automatic beyond 30x, -log, -linear) and the wrapped legends on a
 * router against a PC (report-router.png). Result files full of hostile
 * names (tests/fixtures/speed/report-hostile-*) give a page with nothing but
 * the renderer's own markup, and Chromium runs none of their scripts.
 * Chromium (Debian's package, installed by .ci/run) is optional: without it
 * those parts are skipped, the markup checks always run.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ember/hash.h"
#include "speedparse.h"
#include "test.h"

/* report_markup_check(), the fuzzer's judge of a page */
#define FUZZ_REPORT_CHECK_ONLY
#include "fuzz/fuzz_report.c"

static const char *const inputs[] = {
	"openssl-1.0.2-text.txt", "openssl-3.0-text.txt", "ember-speed-repeat.json",
};

static int artifact(char *buf, size_t len, const char *name)
{
	const char *slash = t_ember_bin ? strrchr(t_ember_bin, '/') : NULL;
	char dir[4096];

	if (slash == NULL)
		return -1;
	snprintf(dir, sizeof(dir), "%.*s/test-artifacts", (int)(slash - t_ember_bin), t_ember_bin);
	mkdir(dir, 0777);
	return (size_t)snprintf(buf, len, "%s/%s", dir, name) < len ? 0 : -1;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *d;
	long n;

	if (f == NULL)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	d = n >= 0 ? malloc((size_t)n + 1) : NULL;
	if (d && fread(d, 1, (size_t)n, f) != (size_t)n) {
		free(d);
		d = NULL;
	}
	fclose(f);
	if (d) {
		d[n] = 0;
		*len = (size_t)n;
	}
	return d;
}

static size_t count(const char *hay, const char *needle)
{
	size_t n = 0;

	for (hay = strstr(hay, needle); hay; hay = strstr(hay + 1, needle))
		n++;
	return n;
}

/* The chart (its "<svg" up to its "</svg>") titled |title|, its length in *len; NULL without one. */
static const char *chart_of(const char *page, const char *title, size_t *len)
{
	char want[512];
	const char *t, *a;

	snprintf(want, sizeof(want), "class=\"title\">%s</text>", title);
	if ((t = strstr(page, want)) == NULL)
		return NULL;
	for (a = t; a > page && strncmp(a, "<svg", 4) != 0; a--)
		;
	if (strncmp(a, "<svg", 4) != 0 || strstr(t, "</svg>") == NULL)
		return NULL;
	*len = (size_t)(strstr(t, "</svg>") - a);
	return a;
}

static int has_in(const char *seg, size_t len, const char *needle)
{
	size_t n = strlen(needle), i;

	for (i = 0; i + n <= len; i++)
		if (memcmp(seg + i, needle, n) == 0)
			return 1;
	return 0;
}

/* |s| as the report escapes it, without its spaces (where a legend's lines break). */
static void esc_nospace(const char *s, char *out, size_t out_len)
{
	size_t n = 0;

	for (; *s && n + 8 < out_len; s++) {
		const char *e = *s == '&' ? "&amp;" : *s == '<' ? "&lt;" : *s == '>' ? "&gt;" : *s == '"' ? "&quot;" :
		    *s == '\'' ? "&#39;" : NULL;
		if (*s == ' ')
			continue;
		if (e) {
			memcpy(out + n, e, strlen(e));
			n += strlen(e);
		} else {
			out[n++] = *s;
		}
	}
	out[n] = 0;
}

/*
 * 1 when the legend text |want| stands whole in chart |seg|, from the start
 * of a <text class="leg"> line over |min_lines| or more of them (joined,
 * spaces left out), never cut short with "..." or U+2026.
 */
static int legend_whole(const char *seg, size_t len, const char *want, int min_lines)
{
	static char joined[65536], w[8192];
	size_t starts[512], n = 0, off, i, first = 0, last = 0;
	const char *p, *end = seg + len, *hit;
	int lines = 0, at_start = 0;

	esc_nospace(want, w, sizeof(w));
	for (p = seg; (p = strstr(p, "class=\"leg\">")) != NULL && p < end && lines < 512; ) {
		const char *q = strstr(p, "</text>");
		if (q == NULL)
			break;
		starts[lines++] = n;
		for (p += 12; p < q && n + 1 < sizeof(joined); p++)
			if (*p != ' ')
				joined[n++] = *p;
		joined[n] = 0;
	}
	if (lines == 0 || (hit = strstr(joined, w)) == NULL)
		return 0;
	off = (size_t)(hit - joined);
	for (i = 0; i < (size_t)lines; i++) {
		if (starts[i] == off)
			at_start = 1;
		if (starts[i] <= off)
			first = i;
		if (starts[i] < off + strlen(w))
			last = i;
	}
	return at_start && (int)(last - first + 1) >= min_lines && strstr(hit, "...") != hit + strlen(w) &&
	    strncmp(hit + strlen(w), "\xe2\x80\xa6", 3) != 0;
}

/* 1 when the |n| bytes at |p| are well-formed UTF-8 (shortest forms, no surrogates). */
static int utf8_ok(const unsigned char *p, size_t n)
{
	size_t i = 0, k, len;

	while (i < n) {
		unsigned long c;
		if (p[i] < 0x80) {
			i++;
			continue;
		}
		len = p[i] >= 0xc2 && p[i] <= 0xdf ? 2 : p[i] >= 0xe0 && p[i] <= 0xef ? 3 : p[i] >= 0xf0 && p[i] <= 0xf4 ? 4 : 0;
		if (len == 0 || i + len > n)
			return 0;
		c = p[i] & (0x7f >> len);
		for (k = 1; k < len; k++) {
			if ((p[i + k] & 0xc0) != 0x80)
				return 0;
			c = c << 6 | (p[i + k] & 0x3f);
		}
		if ((len == 3 && (c < 0x800 || (c >= 0xd800 && c <= 0xdfff))) || (len == 4 && (c < 0x10000 || c > 0x10ffff)))
			return 0;
		i += len;
	}
	return 1;
}

/* The legend ember report writes for fixture |file|: its name and the reader's description of it. */
static int legend_of(const char *fixdir, const char *file, const char *name, char *out, size_t out_len)
{
	char path[8448], err[512], d[4096];
	sp_file f;

	snprintf(path, sizeof(path), "%s/%s", fixdir, file);
	if (sp_load(path, &f, NULL, err, sizeof(err)) != 0)
		return -1;
	sp_describe(&f, d, sizeof(d));
	sp_free(&f);
	return (size_t)snprintf(out, out_len, "%s: %s", name, d) < out_len ? 0 : -1;
}

/*
 * Distinct algorithms over the inputs, plus the first chart (who is faster,
 * where: md5 is in two of them): the number of charts the page must hold.
 */
static size_t expected_charts(const char *fixdir)
{
	const char *names[512];
	int pk[512];
	size_t n = 0, k, i, j;
	char path[8448], err[512];

	for (k = 0; k < sizeof(inputs) / sizeof(inputs[0]); k++) {
		sp_file f;
		snprintf(path, sizeof(path), "%s/%s", fixdir, inputs[k]);
		if (sp_load(path, &f, NULL, err, sizeof(err)) != 0)
			return 0;
		for (i = 0; i < f.nrows; i++) {
			for (j = 0; j < n; j++)
				if (strcmp(names[j], f.rows[i].name) == 0 && pk[j] == (f.rows[i].op != NULL))
					break;
			if (j == n && n < 512) {
				names[n] = strdup(f.rows[i].name);
				pk[n++] = f.rows[i].op != NULL;
			}
		}
		sp_free(&f);
	}
	for (j = 0; j < n; j++)
		free((char *)names[j]);
	return n + 1;
}

static const char *chromium(void)
{
	if (system("command -v chromium >/dev/null 2>&1") == 0)
		return "chromium";
	if (system("command -v chromium-browser >/dev/null 2>&1") == 0)
		return "chromium-browser";
	return NULL;
}

static void b64(const uint8_t *in, size_t n, char *out)
{
	static const char a[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	size_t i;

	for (i = 0; i < n; i += 3) {
		unsigned long v = (unsigned long)in[i] << 16 | (i + 1 < n ? (unsigned long)in[i + 1] << 8 : 0) |
		    (i + 2 < n ? in[i + 2] : 0);
		*out++ = a[v >> 18 & 63];
		*out++ = a[v >> 12 & 63];
		*out++ = i + 1 < n ? a[v >> 6 & 63] : '=';
		*out++ = i + 2 < n ? a[v & 63] : '=';
	}
	*out = 0;
}

/* The CSP hash-source of |n| bytes: base64 of their SHA-256. */
static void csp_hash(const char *p, size_t n, char out[45])
{
	uint8_t md[EMBER_SHA256_LEN];

	ember_sha256(md, p, n);
	b64(md, sizeof(md), out);
}

/* The hash of the text of the page's <style> element, or -1 without one. */
static int style_hash(const char *page, char out[45])
{
	const char *a = strstr(page, "<style>"), *b = a ? strstr(a, "</style>") : NULL;

	if (b == NULL)
		return -1;
	csp_hash(a + 7, (size_t)(b - a - 7), out);
	return 0;
}

/*
 * The policy the page must carry, first thing after its charset: nothing
 * loads or runs but its one style element, by hash. 0 when it does.
 */
static int csp_ok(const char *page, char *why, size_t why_len)
{
	static const char head[] = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n";
	char h[45], want[512];
	const char *m;

	if (style_hash(page, h) != 0) {
		snprintf(why, why_len, "no <style>");
		return -1;
	}
	snprintf(want, sizeof(want), "<meta charset=\"utf-8\">\n<meta http-equiv=\"Content-Security-Policy\" "
	    "content=\"default-src 'none'; style-src 'sha256-%s'; base-uri 'none'; form-action 'none'\">\n", h);
	m = strstr(page, "http-equiv=\"Content-Security-Policy\"");
	if (m == NULL || strstr(m + 30, "Content-Security-Policy") != NULL) {
		snprintf(why, why_len, "not one Content-Security-Policy <meta>");
		return -1;
	}
	if (strncmp(page, head, sizeof(head) - 1) != 0 || strncmp(page + sizeof(head) - 1, want, strlen(want)) != 0) {
		snprintf(why, why_len, "policy is not %s right after <head>: %.200s", want, m);
		return -1;
	}
	return 0;
}

/* Elements Chromium may show for a report: the renderer's, and the <tbody> HTML's parser adds. */
static int dom_element_ok(const char *name, size_t len)
{
	static const char *const ok[] = { "html", "head", "meta", "title", "style", "body", "h1", "h2", "table", "tbody",
		"tr", "th", "td", "p", "section", "figure", "svg", "g", "rect", "text", "line", "circle", "path",
		"polyline" };
	size_t i;

	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++)
		if (strlen(ok[i]) == len && strncmp(ok[i], name, len) == 0)
			return 1;
	return 0;
}

/*
 * Chromium's DOM after scripts ran (--dump-dom): every element one the
 * renderer writes, no event-handler attribute, no title a script set
 * (the hostile inputs' scripts all set document.title to "pwned<n>").
 * 0, or -1 with the reason in |why|.
 */
static int dom_clean(const char *d, char *why, size_t why_len)
{
	const char *p;

	for (p = d; *p; p++) {
		if (strncmp(p, "<title>", 7) == 0 && strncasecmp(p + 7, "pwned", 5) == 0) {
			snprintf(why, why_len, "a script ran: %.40s", p);
			return -1;
		}
	}
	for (p = strchr(d, '<'); p; p = strchr(p + 1, '<')) {
		size_t n = 0;
		if (!isalpha((unsigned char)p[1]))
			continue; /* end tags, comments, the doctype */
		while (isalnum((unsigned char)p[1 + n]) || p[1 + n] == '-' || p[1 + n] == ':')
			n++;
		if (!dom_element_ok(p + 1, n)) {
			snprintf(why, why_len, "element <%.*s> in the DOM", (int)n, p + 1);
			return -1;
		}
		/* attributes, up to the tag's '>' outside quotes */
		for (p += 1 + n; *p && *p != '>'; ) {
			const char *a;
			while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '/')
				p++;
			a = p;
			while (*p && *p != '=' && *p != ' ' && *p != '>' && *p != '/')
				p++;
			if (p - a >= 2 && tolower((unsigned char)a[0]) == 'o' && tolower((unsigned char)a[1]) == 'n') {
				snprintf(why, why_len, "event handler %.*s in the DOM", (int)(p - a), a);
				return -1;
			}
			if (*p == '=') {
				char q = *++p;
				if (q == '"' || q == '\'') {
					const char *e = strchr(p + 1, q);
					if (e == NULL)
						break;
					p = e + 1;
				}
			}
		}
		if (*p == 0)
			break;
	}
	return 0;
}

EMBER_TEST(report_render)
{
	char fixdir[4096], html[4096], svg[4096], probe[4096], png[4096], svgpng[4096], dom[4096], prof[4096];
	char cmd[32768];
	char *page;
	size_t len, charts, k;
	const char *chrome;
	int st;

	if (t_ember_bin == NULL) {
		t_skip("no ember binary (-e)");
		return;
	}
	snprintf(fixdir, sizeof(fixdir), "%s/../fixtures/speed", t_vec_dir);
	if (artifact(html, sizeof(html), "report.html") || artifact(svg, sizeof(svg), "report.svg") ||
	    artifact(probe, sizeof(probe), "report-probe.html") || artifact(png, sizeof(png), "report.png") ||
	    artifact(svgpng, sizeof(svgpng), "report-svg.png") || artifact(dom, sizeof(dom), "report-dom.html") ||
	    artifact(prof, sizeof(prof), "chromium-profile")) {
		CHECK(0, "artifact paths");
		return;
	}
	charts = expected_charts(fixdir);
	if (!CHECK(charts > 10, "fixtures give %u algorithms", (unsigned)charts))
		return;
	/* options after the files, as the issue allows */
	len = (size_t)snprintf(cmd, sizeof(cmd), "'%s' report", t_ember_bin);
	for (k = 0; k < sizeof(inputs) / sizeof(inputs[0]); k++)
		len += (size_t)snprintf(cmd + len, sizeof(cmd) - len, " '%s/%s'", fixdir, inputs[k]);
	snprintf(cmd + len, sizeof(cmd) - len, " -o '%s' -title 'Test <report> & more' 2>/dev/null", html);
	st = system(cmd);
	if (!CHECK(st == 0, "ember report exit %d", st))
		return;
	page = slurp(html, &len);
	if (!CHECK(page != NULL, "no report written"))
		return;
	CHECK(count(page, "<svg") == charts, "%u charts, want %u", (unsigned)count(page, "<svg"), (unsigned)charts);
	CHECK(strstr(page, "<script") == NULL && strstr(page, "src=") == NULL && strstr(page, "href=") == NULL &&
	    strstr(page, "@import") == NULL && strstr(page, "url(") == NULL, "report not self-contained");
	CHECK(count(page, "http://") + count(page, "https://") == count(page, "http://www.w3.org/2000/svg"),
	    "external reference in report");
	CHECK(strstr(page, "Test &lt;report&gt; &amp; more") != NULL, "title not escaped");
	CHECK(strstr(page, ">aes-128-cbc[x86ni]</text>") != NULL && strstr(page, ">rsa2048</text>") != NULL,
	    "chart titles");
	CHECK(strstr(page, "OpenSSL 1.0.2u") && strstr(page, "Ember 0.1.0"), "files not labelled by what they say");
	/*
	 * The first chart: every input against the first (the router's OpenSSL
	 * 1.0.2): md5 at 8 KiB 869548.03k / 29974.53k, both of Ember's AES
	 * implementations, RSA signing 1533.7 / 7.0 per second; one line at x1.
	 */
	{
		const char *sec = strstr(page, "<section class=\"charts\">"), *first = sec ? strstr(sec, "<svg") : NULL;
		const char *seg;
		size_t sl = 0;
		CHECK(first && (seg = chart_of(page, "Who is faster, where", &sl)) == first, "first chart is not who is faster");
		seg = chart_of(page, "Who is faster, where", &sl);
		if (CHECK(seg != NULL, "no chart of who is faster")) {
			CHECK(has_in(seg, sl, ">\xc3\x97" "29</text>") && has_in(seg, sl, ">[x86ni] \xc3\x97" "223</text>") &&
			    has_in(seg, sl, ">[ct] \xc3\x97" "24.8</text>") && has_in(seg, sl, ">\xc3\x97" "219</text>"),
			    "who is faster: ratios");
			CHECK(has_in(seg, sl, "class=\"grp\">md5</text>") && has_in(seg, sl, "class=\"op\">8 KiB</text>") &&
			    has_in(seg, sl, "class=\"op\">verify</text>"), "who is faster: algorithms, sizes, operations");
			CHECK(count(page, "class=\"one\"") == 1, "%u lines at x1", (unsigned)count(page, "class=\"one\""));
		}
	}
	/* md5: a router (2.8 MB/s) and a PC (874 MB/s), 310x apart: log axis; des-cbc alone: linear */
	{
		size_t l1 = 0, l2 = 0;
		const char *md5 = chart_of(page, "md5", &l1), *des = chart_of(page, "des-cbc", &l2);
		CHECK(md5 && has_in(md5, l1, ">B/s, log scale</text>") && has_in(md5, l1, ">100M</text>"), "md5: no log axis");
		CHECK(des && !has_in(des, l2, ">B/s, log scale</text>") && has_in(des, l2, ">MB/s</text>"),
		    "des-cbc: not linear");
	}
	/* the router's legend is long: wrapped over two lines or more, whole */
	{
		char want[4096];
		size_t l1 = 0;
		const char *md5 = chart_of(page, "md5", &l1);
		if (CHECK(legend_of(fixdir, inputs[0], inputs[0], want, sizeof(want)) == 0, "cannot read %s", inputs[0]))
			CHECK(md5 && legend_whole(md5, l1, want, 2), "md5: legend not whole over 2 lines: %s", want);
		if (CHECK(legend_of(fixdir, inputs[1], inputs[1], want, sizeof(want)) == 0, "cannot read %s", inputs[1]))
			CHECK(md5 && legend_whole(md5, l1, want, 1), "md5: legend not whole: %s", want);
	}
	{
		char why[512];
		CHECK(report_markup_check(page, len, 0, why, sizeof(why)) == 0, "page markup: %s", why);
		CHECK(csp_ok(page, why, sizeof(why)) == 0, "%s", why);
	}

	/* bare SVG */
	len = (size_t)snprintf(cmd, sizeof(cmd), "'%s' report -format svg -o '%s'", t_ember_bin, svg);
	for (k = 0; k < sizeof(inputs) / sizeof(inputs[0]); k++)
		len += (size_t)snprintf(cmd + len, sizeof(cmd) - len, " '%s/%s'", fixdir, inputs[k]);
	snprintf(cmd + len, sizeof(cmd) - len, " 2>/dev/null");
	st = system(cmd);
	if (CHECK(st == 0, "ember report -format svg exit %d", st)) {
		char *s = slurp(svg, &len);
		if (CHECK(s != NULL, "no svg written")) {
			char why[512];
			CHECK(strncmp(s, "<?xml", 5) == 0 && count(s, "<svg") == charts + 1, "svg: %u svg elements",
			    (unsigned)count(s, "<svg"));
			CHECK(report_markup_check(s, len, 1, why, sizeof(why)) == 0, "svg markup: %s", why);
			free(s);
		}
	}
	/* an input that cannot be read leaves no output file */
	{
		char bad[4096], out2[4096];
		if (artifact(bad, sizeof(bad), "report-empty.txt") == 0 && artifact(out2, sizeof(out2), "report-none.html") == 0) {
			FILE *f = fopen(bad, "w");
			if (f)
				fclose(f);
			unlink(out2);
			snprintf(cmd, sizeof(cmd), "'%s' report '%s' -o '%s' 2>/dev/null", t_ember_bin, bad, out2);
			st = system(cmd);
			CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 1 && access(out2, F_OK) != 0, "empty input: status %d", st);
		}
	}

	if (t_phase != 1) {
		free(page);
		return;
	}
	chrome = chromium();
	if (chrome == NULL) {
		t_skip("chromium not installed (apt-get install chromium): rendering not checked");
		free(page);
		return;
	}
	/*
	 * The probe page is the report plus two scripts, allowed by their hashes
	 * in the report's own policy: one first in <head> records any violation
	 * of the policy, one at the end measures every chart and checks that the
	 * style applied. The control is the same with the style's hash changed:
	 * the probe must see the policy block it.
	 */
	for (k = 0; k < 2; k++) {
		static const char s1[] = "document.addEventListener('securitypolicyviolation',function(e){"
		    "document.documentElement.setAttribute('data-csp-violation',e.violatedDirective);});";
		static const char s2[] = "var s=document.querySelectorAll('svg.chart'),ok=0;"
		    "s.forEach(function(e){var r=e.getBoundingClientRect();if(r.width>=200&&r.height>=100)ok++;});"
		    "document.body.setAttribute('data-sized',ok+'/'+s.length);"
		    "document.body.setAttribute('data-css',s.length&&getComputedStyle(s[0]).borderTopWidth==='1px'&&"
		    "getComputedStyle(document.body).marginTop!=='8px'?'applied':'missing');"
		    "var n=0,over=0,lg=0;document.querySelectorAll('svg.chart text.leg').forEach(function(t){"
		    "var v=t.ownerSVGElement.getBoundingClientRect(),b=t.getBoundingClientRect();n++;"
		    "if(b.width<1||b.left<v.left-0.5||b.right>v.right+0.5)over++;});"
		    "document.querySelectorAll('svg.chart text.axis').forEach(function(t){"
		    "if(t.textContent==='B/s, log scale'&&t.getBoundingClientRect().height>10)lg++;});"
		    "document.body.setAttribute('data-legends',n+' lines, '+over+' outside');"
		    "document.body.setAttribute('data-log',lg+' log axes');"
		    "document.body.setAttribute('data-first',s.length?s[0].querySelector('text.title').textContent+' '+"
		    "s[0].querySelectorAll('g>rect').length+' bars':'none');";
		static const char dflt[] = "default-src 'none';";
		char h1[45], h2[45], *at = strstr(page, dflt), *meta_end = at ? strstr(at, ">\n") : NULL,
		    *body_end = strstr(page, "</body>"), *sh = strstr(page, "style-src 'sha256-");
		FILE *f;
		if (!CHECK(at && meta_end && body_end && sh && sh < meta_end, "no policy or no </body> to probe"))
			break;
		csp_hash(s1, sizeof(s1) - 1, h1);
		csp_hash(s2, sizeof(s2) - 1, h2);
		f = fopen(probe, "w");
		if (!CHECK(f != NULL, "cannot write probe"))
			break;
		fwrite(page, 1, (size_t)(at - page) + sizeof(dflt) - 1, f);
		fprintf(f, " script-src 'sha256-%s' 'sha256-%s';", h1, h2);
		if (k == 1) {
			/* the control: one letter of the style's hash changed */
			sh += strlen("style-src 'sha256-");
			fwrite(at + sizeof(dflt) - 1, 1, (size_t)(sh - at) - (sizeof(dflt) - 1), f);
			fputc(*sh == 'A' ? 'B' : 'A', f);
			fwrite(sh + 1, 1, (size_t)(meta_end + 2 - sh - 1), f);
		} else {
			fwrite(at + sizeof(dflt) - 1, 1, (size_t)(meta_end + 2 - at) - (sizeof(dflt) - 1), f);
		}
		fprintf(f, "<script>%s</script>\n", s1);
		fwrite(meta_end + 2, 1, (size_t)(body_end - meta_end - 2), f);
		fprintf(f, "<script>%s</script>\n%s", s2, body_end);
		fclose(f);
		snprintf(cmd, sizeof(cmd), "timeout 120 %s --headless --no-sandbox --disable-gpu --user-data-dir='%s' "
		    "--window-size=1200,2000 --dump-dom 'file://%s' > '%s' 2>/dev/null", chrome, prof, probe, dom);
		st = system(cmd);
		if (CHECK(st == 0, "chromium --dump-dom exit %d", st)) {
			char want[64], *d = slurp(dom, &len);
			snprintf(want, sizeof(want), "data-sized=\"%u/%u\"", (unsigned)charts, (unsigned)charts);
			if (CHECK(d != NULL, "no DOM dump")) {
				char *got = strstr(d, "data-sized="), *v = strstr(d, "data-csp-violation=");
				CHECK(strstr(d, want) != NULL, "rendered charts: %.24s, want %s", got ? got : "(none)", want);
				if (k == 0) {
					char *lg = strstr(d, "data-legends="), *fi = strstr(d, "data-first="), *la = strstr(d, "data-log=");
					CHECK(strstr(d, "data-css=\"applied\"") != NULL && v == NULL,
					    "under its policy the page's style did not apply: %.60s", v ? v : "(no violation)");
					/* every legend line inside its chart, as the fonts Chromium has set it */
					CHECK(lg && strstr(lg, " 0 outside\"") && strncmp(lg, "data-legends=\"0 ", 16) != 0,
					    "legends: %.40s", lg ? lg : "(none)");
					snprintf(want, sizeof(want), "data-log=\"%u log axes\"", (unsigned)count(page,
					    ">B/s, log scale</text>"));
					CHECK(la && strstr(d, want) && strncmp(la, "data-log=\"0 ", 11) != 0, "log axes: %.30s, want %s",
					    la ? la : "(none)", want);
					CHECK(fi && strncmp(fi, "data-first=\"Who is faster, where 29 bars\"", 41) == 0,
					    "first chart rendered: %.50s", fi ? fi : "(none)");
				} else {
					CHECK(strstr(d, "data-css=\"missing\"") != NULL && v != NULL,
					    "control: a style off its hash was not blocked, or the probe did not see it");
				}
				free(d);
			}
		}
	}
	free(page);
	unlink(png);
	snprintf(cmd, sizeof(cmd), "timeout 120 %s --headless --no-sandbox --disable-gpu --hide-scrollbars "
	    "--user-data-dir='%s' --window-size=1200,2000 --screenshot='%s' 'file://%s' >/dev/null 2>&1",
	    chrome, prof, png, html);
	st = system(cmd);
	if (CHECK(st == 0, "chromium --screenshot exit %d", st)) {
		char *d = slurp(png, &len);
		CHECK(d && len > 20000 && memcmp(d, "\x89PNG", 4) == 0, "screenshot: %u bytes", d ? (unsigned)len : 0);
		free(d);
		t_note("screenshot kept: %s", png);
	}
	unlink(svgpng);
	snprintf(cmd, sizeof(cmd), "timeout 120 %s --headless --no-sandbox --disable-gpu --hide-scrollbars "
	    "--user-data-dir='%s' --window-size=620,1600 --screenshot='%s' 'file://%s' >/dev/null 2>&1",
	    chrome, prof, svgpng, svg);
	st = system(cmd);
	if (CHECK(st == 0, "chromium svg screenshot exit %d", st)) {
		char *d = slurp(svgpng, &len);
		CHECK(d && len > 10000 && memcmp(d, "\x89PNG", 4) == 0, "svg screenshot: %u bytes", d ? (unsigned)len : 0);
		free(d);
	}
}

/*
 * A router against a PC: OpenSSL 3.0 on a PC first, OpenSSL 0.9.8 on a
 * PowerPC e500, Ember on a MIPS 24Kc router that measured 16 B to 1 KiB
 * only (ember-speed-router.json): rates 10 to 1000 times apart.
 */
static const char *const router[] = {
	"openssl-3.0-text.txt", "openssl-0.9.8-text.txt", "ember-speed-router.json",
};

/* ember report |opts| of the router inputs (|last|, when given, instead of the third) into |out|. */
static char *router_report(const char *fixdir, const char *opts, const char *last, const char *out, int *st,
    char **err)
{
	char cmd[32768];
	size_t len, k, n;

	len = (size_t)snprintf(cmd, sizeof(cmd), "'%s' report %s -o '%s'", t_ember_bin, opts, out);
	for (k = 0; k < 3; k++)
		len += (size_t)snprintf(cmd + len, sizeof(cmd) - len, k == 2 && last ? " '%s'" : " '%s/%s'",
		    k == 2 && last ? last : fixdir, router[k]);
	unlink(out);
	*st = t_run_cmd(cmd, NULL, err);
	return *st == 0 ? slurp(out, &n) : NULL;
}

EMBER_TEST(report_charts)
{
	char fixdir[4096], out[4096], out2[4096], svg[4096], png[4096], prof[4096], dir[4096], named[8192];
	char want[4096], why[512], cmd[32768], *page, *err = NULL;
	const char *seg;
	size_t sl, len;
	int st;

	if (t_ember_bin == NULL) {
		t_skip("no ember binary (-e)");
		return;
	}
	snprintf(fixdir, sizeof(fixdir), "%s/../fixtures/speed", t_vec_dir);
	if (artifact(out, sizeof(out), "report-router.html") || artifact(svg, sizeof(svg), "report-router.svg") ||
	    artifact(out2, sizeof(out2), "report-router-2.html") ||
	    artifact(png, sizeof(png), "report-router.png") || artifact(prof, sizeof(prof), "chromium-profile") ||
	    artifact(dir, sizeof(dir), "utf8-name")) {
		CHECK(0, "artifact paths");
		return;
	}
	page = router_report(fixdir, "-title 'Router against PC'", NULL, out, &st, &err);
	if (!CHECK(page != NULL && err && *err == 0, "ember report: exit %d: %.200s", st, err ? err : ""))
		goto done;
	CHECK(report_markup_check(page, strlen(page), 0, why, sizeof(why)) == 0, "page markup: %s", why);
	CHECK(csp_ok(page, why, sizeof(why)) == 0, "%s", why);
	/*
	 * Who is faster: the router's AES implementations at 16 B (1.9 and 5.1
	 * MB/s against 902 MB/s) and RSA signing (2.1 against 1533.7 per second)
	 * far left of x1; the sizes it did not measure named under the chart.
	 */
	seg = chart_of(page, "Who is faster, where", &sl);
	if (CHECK(seg != NULL, "no chart of who is faster")) {
		CHECK(has_in(seg, sl, ">[ct32] \xc3\x97" "0.00211</text>") && has_in(seg, sl, ">[tab] \xc3\x97" "0.00565</text>") &&
		    has_in(seg, sl, ">\xc3\x97" "0.00137</text>") && has_in(seg, sl, ">\xc3\x97" "0.001</text>"),
		    "who is faster: the router's ratios, or the axis down to x0.001");
		CHECK(legend_whole(seg, sl, "No bar where a size or operation is missing or zero: ember-speed-router.json: "
		    "md5 8 KiB, sha256 8 KiB,", 1), "who is faster: no note of the router's missing 8 KiB");
		CHECK(has_in(seg, sl, "class=\"grp\">hmac(md5)</text>") && !has_in(seg, sl, "class=\"grp\">md2</text>"),
		    "who is faster: an algorithm of two inputs shown, of one input not");
	}
	/* automatic axes: md5 213x apart and RSA 25000x: log; des-ede3 9.3x: linear */
	seg = chart_of(page, "md5", &sl);
	CHECK(seg && has_in(seg, sl, ">B/s, log scale</text>") && has_in(seg, sl, ">1G</text>"), "md5: not a log axis");
	seg = chart_of(page, "rsa2048", &sl);
	CHECK(seg && has_in(seg, sl, ">operations per second, log scale</text>") && has_in(seg, sl, "class=\"xt tick\">10k<"),
	    "rsa2048: not a log axis");
	seg = chart_of(page, "des-ede3", &sl);
	CHECK(seg && !has_in(seg, sl, ">B/s, log scale</text>") && has_in(seg, sl, ">MB/s</text>"), "des-ede3: not linear");
	/* the router's and the PowerPC's legends: long, whole, wrapped */
	seg = chart_of(page, "md5", &sl);
	if (CHECK(legend_of(fixdir, router[2], router[2], want, sizeof(want)) == 0, "cannot read %s", router[2]))
		CHECK(seg && legend_whole(seg, sl, want, strlen(want) > 80 ? 2 : 1), "md5: legend not whole: %s", want);
	if (CHECK(legend_of(fixdir, router[1], router[1], want, sizeof(want)) == 0, "cannot read %s", router[1]))
		CHECK(seg && legend_whole(seg, sl, want, 2), "md5: legend not whole over 2 lines: %s", want);
	CHECK(strstr(page, " ...</text>") == NULL && strstr(page, "\xe2\x80\xa6</text>") == NULL, "a legend cut short");
	free(page);
	free(err);
	err = NULL;

	/* -linear: no log axis but the ratios'; -log (after the files): every chart's, as bare SVG */
	page = router_report(fixdir, "-linear", NULL, out2, &st, &err);
	if (CHECK(page != NULL, "ember report -linear: exit %d", st)) {
		CHECK(count(page, ">B/s, log scale</text>") == 0 && count(page, "operations per second, log scale") == 0 &&
		    count(page, "(bytes, log scale)</text>") > 10 && count(page, ">MB/s</text>") > 5 &&
		    chart_of(page, "Who is faster, where", &sl) != NULL, "-linear: a log axis");
		free(page);
	}
	free(err);
	snprintf(cmd, sizeof(cmd), "'%s' report -format svg -o '%s' '%s/%s' '%s/%s' -log", t_ember_bin, svg, fixdir,
	    router[0], fixdir, router[1]);
	st = t_run_cmd(cmd, NULL, &err);
	page = st == 0 ? slurp(svg, &len) : NULL;
	if (CHECK(page != NULL, "ember report -log: exit %d: %.200s", st, err ? err : "")) {
		size_t thr = count(page, "(bytes, log scale)</text>");
		CHECK(thr > 10 && count(page, ">B/s, log scale</text>") == thr &&
		    count(page, ">operations per second, log scale</text>") == count(page, "class=\"note\">operations"),
		    "-log: %u of %u throughput charts on a log axis", (unsigned)count(page, ">B/s, log scale</text>"),
		    (unsigned)thr);
		seg = chart_of(page, "des-ede3", &sl);
		CHECK(seg && has_in(seg, sl, ">B/s, log scale</text>"), "-log: des-ede3 linear");
		CHECK(report_markup_check(page, len, 1, why, sizeof(why)) == 0, "svg markup: %s", why);
		free(page);
	}
	free(err);
	/* both: one line, exit 1, no file */
	snprintf(cmd, sizeof(cmd), "'%s' report -log -linear -o '%s' '%s/%s'", t_ember_bin, svg, fixdir, router[0]);
	unlink(svg);
	st = t_run_cmd(cmd, NULL, &err);
	CHECK(st == 1 && err && strcmp(err, "ember report: -log and -linear exclude each other\n") == 0 &&
	    access(svg, F_OK) != 0, "-log -linear: exit %d: %.200s", st, err ? err : "");
	free(err);
	snprintf(cmd, sizeof(cmd), "'%s' report -h", t_ember_bin);
	page = NULL;
	st = t_run_cmd(cmd, &page, NULL);
	CHECK(st == 0 && page && strstr(page, "-log ") && strstr(page, "-linear ") && strstr(page, "30 times"),
	    "report -h: %d %.100s", st, page ? page : "");
	free(page);

	/*
	 * A file name of one long word of many-byte characters: its legend is
	 * broken at the chart's width, between characters, never inside one.
	 */
	mkdir(dir, 0777);
	{
		static const char piece[] = "\xe3\x83\xab\xe3\x83\xbc\xe3\x82\xbf\xe3\x83\xbc-MT7621-\xc3\x86\xc3\x98\xc3\x85-"
		    "\xce\xb1\xce\xb2\xce\xb3\xce\xb4-"; /* ルーター-MT7621-ÆØÅ-αβγδ- */
		char name[256] = "", path[8448], *d;
		int i;
		for (i = 0; i < 4; i++)
			strcat(name, piece);
		strcat(name, "router.json");
		snprintf(path, sizeof(path), "%s/%s", fixdir, router[2]);
		d = slurp(path, &len);
		snprintf(named, sizeof(named), "%s/%s", dir, name);
		if (CHECK(d && t_write_file(named, d, len) == 0, "cannot write %s", named)) {
			page = router_report(fixdir, "", named, out2, &st, &err);
			if (CHECK(page != NULL, "ember report of %s: exit %d", name, st)) {
				CHECK(utf8_ok((const unsigned char *)page, strlen(page)) && strstr(page, "\xef\xbf\xbd") == NULL,
				    "a character broken by the wrapping");
				seg = chart_of(page, "md5", &sl);
				snprintf(want, sizeof(want), "%s: ", name);
				CHECK(seg && legend_whole(seg, sl, want, 2), "long name not wrapped whole");
				free(page);
			}
			free(err);
		}
		free(d);
	}
	if (t_phase != 1)
		return;
	if (chromium() == NULL) {
		t_skip("chromium not installed (apt-get install chromium): router report not rendered");
		return;
	}
	unlink(png);
	snprintf(cmd, sizeof(cmd), "timeout 120 %s --headless --no-sandbox --disable-gpu --hide-scrollbars "
	    "--user-data-dir='%s' --window-size=1200,2600 --screenshot='%s' 'file://%s' >/dev/null 2>&1",
	    chromium(), prof, png, out);
	st = system(cmd);
	if (CHECK(st == 0, "chromium --screenshot exit %d", st)) {
		char *d = slurp(png, &len);
		CHECK(d && len > 20000 && memcmp(d, "\x89PNG", 4) == 0, "screenshot: %u bytes", d ? (unsigned)len : 0);
		free(d);
		t_note("screenshot kept: %s", png);
	}
	return;
done:
	free(page);
	free(err);
}

/*
 * Hostile inputs: names such as "</title><script>...", "\"><img src onerror=...>"
 * and "<svg onload=...>" in every place a string enters a report: text table
 * names and public-key operations, -mr +F and +F6/+F7 records, the JSON's
 * algorithm, op, impl, engine and metadata, the text metadata lines, a file
 * name, -title. Each script would set document.title to "pwned<n>".
 */
static const char *const hostile[] = {
	"report-hostile-text.txt", "report-hostile-mr.txt", "report-hostile-ember.json",
};
#define HOSTILE_TITLE "</title><script>document.title='pwned0'</script>"
#define HOSTILE_NAME "<svg onload=document.title=`pwned1`>.txt"

/* Renders the hostile inputs (|svg|: as bare SVG) into |out|; its standard error into |errpath|. */
static int hostile_report(const char *fixdir, int svg, const char *out, const char *errpath)
{
	char named[4096], dir[4096], cmd[32768], *d;
	size_t len, k;
	int st;

	if (artifact(dir, sizeof(dir), "hostile-name") != 0)
		return -1;
	mkdir(dir, 0777);
	snprintf(named, sizeof(named), "%s/%s", fixdir, hostile[1]);
	d = slurp(named, &len);
	if (d == NULL || (size_t)snprintf(named, sizeof(named), "%.4000s/" HOSTILE_NAME, dir) >= sizeof(named) ||
	    t_write_file(named, d, len) != 0) {
		free(d);
		return -1;
	}
	free(d);
	len = (size_t)snprintf(cmd, sizeof(cmd), "'%s' report%s -title \"" HOSTILE_TITLE "\" -o '%s'", t_ember_bin,
	    svg ? " -format svg" : "", out);
	for (k = 0; k < sizeof(hostile) / sizeof(hostile[0]); k++)
		len += (size_t)snprintf(cmd + len, sizeof(cmd) - len, " '%s/%s'", fixdir, hostile[k]);
	snprintf(cmd + len, sizeof(cmd) - len, " '%s' 2>'%s'", named, errpath);
	unlink(out);
	st = system(cmd);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Every "pwned<n>" the hostile fixtures carry (and the title's and file name's), as a list of numbers. */
static size_t hostile_markers(const char *fixdir, unsigned *out, size_t max)
{
	size_t n = 0, k, len;
	char path[8448];

	out[n++] = 0;
	out[n++] = 1;
	for (k = 0; k < sizeof(hostile) / sizeof(hostile[0]); k++) {
		char *d, *p;
		snprintf(path, sizeof(path), "%s/%s", fixdir, hostile[k]);
		if ((d = slurp(path, &len)) == NULL)
			return 0;
		for (p = d; *p; p++) {
			size_t j;
			unsigned v;
			if (strncasecmp(p, "pwned", 5) != 0 || !isdigit((unsigned char)p[5]))
				continue;
			v = (unsigned)strtoul(p + 5, NULL, 10);
			for (j = 0; j < n && out[j] != v; j++)
				;
			if (j == n && n < max)
				out[n++] = v;
		}
		free(d);
	}
	return n;
}

/* The "pwned<n>" the reader's descriptions of the hostile fixtures hold: what each chart's legend shows. */
static size_t described_markers(const char *fixdir, unsigned *out, size_t max)
{
	size_t n = 0, k;
	char d[8192];
	const char *p;

	for (k = 0; k < sizeof(hostile) / sizeof(hostile[0]); k++) {
		if (legend_of(fixdir, hostile[k], hostile[k], d, sizeof(d)) != 0)
			return 0;
		for (p = d; *p; p++)
			if (strncasecmp(p, "pwned", 5) == 0 && isdigit((unsigned char)p[5]) && n < max)
				out[n++] = (unsigned)strtoul(p + 5, NULL, 10);
	}
	return n;
}

static int has_marker(const char *page, unsigned v)
{
	char m[32];
	size_t n = (size_t)snprintf(m, sizeof(m), "pwned%u", v);
	const char *p;

	for (p = page; *p; p++)
		if (strncasecmp(p, m, n) == 0 && !isdigit((unsigned char)p[n]))
			return 1;
	return 0;
}

EMBER_TEST(report_hostile_markup)
{
	char fixdir[4096], out[4096], errp[4096], why[512];
	unsigned markers[64], described[64];
	size_t nm, nd, len, i, j;
	int svg;

	if (t_ember_bin == NULL) {
		t_skip("no ember binary (-e)");
		return;
	}
	snprintf(fixdir, sizeof(fixdir), "%s/../fixtures/speed", t_vec_dir);
	nm = hostile_markers(fixdir, markers, 64);
	nd = described_markers(fixdir, described, 64);
	if (!CHECK(nm > 30 && nd >= 3, "hostile fixtures: %u markers, %u described", (unsigned)nm, (unsigned)nd))
		return;
	for (svg = 0; svg < 2; svg++) {
		char *page, *err;
		if (artifact(out, sizeof(out), svg ? "report-hostile.svg" : "report-hostile.html") ||
		    artifact(errp, sizeof(errp), "report-hostile.err")) {
			CHECK(0, "artifact paths");
			return;
		}
		if (!CHECK(hostile_report(fixdir, svg, out, errp) == 0, "ember report of the hostile files failed"))
			continue;
		err = slurp(errp, &len);
		CHECK(err && len == 0, "ember report printed: %.200s", err ? err : "(nothing readable)");
		free(err);
		page = slurp(out, &len);
		if (!CHECK(page != NULL, "no report written"))
			continue;
		/* only the renderer's own markup: no <script, no on...=, no '<' an input wrote */
		CHECK(report_markup_check(page, len, svg, why, sizeof(why)) == 0, "%s: %s", svg ? "svg" : "html", why);
		if (!svg)
			CHECK(csp_ok(page, why, sizeof(why)) == 0, "%s", why);
		/* ... and every hostile string is there, escaped: the check above saw them */
		for (i = 0; i < nm; i++) {
			/*
			 * The bare SVG has no table of the files' metadata: there the names,
			 * operations, file names, the title and the legends (each file's
			 * description, whole) must all show.
			 */
			for (j = 0; j < nd && described[j] != markers[i]; j++)
				;
			if (svg && j == nd && !(markers[i] <= 1 || (markers[i] >= 17 && markers[i] <= 22) ||
			    (markers[i] >= 30 && markers[i] <= 34) || (markers[i] >= 48 && markers[i] <= 53)))
				continue;
			CHECK(has_marker(page, markers[i]), "%s: pwned%u missing from the report", svg ? "svg" : "html",
			    markers[i]);
		}
		CHECK(strstr(page, "&lt;/title&gt;&lt;script&gt;document.title=&#39;pwned20&#39;&lt;/script&gt;") != NULL &&
		    strstr(page, "&quot;&gt;&lt;img src=x onerror=&quot;document.title=&#39;PWNED52&#39;&quot;&gt;") != NULL &&
		    strstr(page, "&lt;svg/onload=document.title=&#39;pwned33&#39;&gt;") != NULL &&
		    strstr(page, "&lt;svg onload=document.title=`pwned1`&gt;.txt") != NULL,
		    "%s: public-key names, operations and file names not escaped", svg ? "svg" : "html");
		free(page);
	}
}

EMBER_TEST(report_hostile_chromium)
{
	char fixdir[4096], html[4096], nocsp[4096], svg[4096], errp[4096], dom[4096], prof[4096], why[512];
	char cmd[32768];
	const char *chrome;
	size_t len, k;

	if (t_ember_bin == NULL) {
		t_skip("no ember binary (-e)");
		return;
	}
	if (t_phase != 1)
		return;
	chrome = chromium();
	if (chrome == NULL) {
		t_skip("chromium not installed (apt-get install chromium): hostile report not rendered");
		return;
	}
	snprintf(fixdir, sizeof(fixdir), "%s/../fixtures/speed", t_vec_dir);
	if (artifact(html, sizeof(html), "report-hostile.html") || artifact(nocsp, sizeof(nocsp), "report-hostile-nocsp.html") ||
	    artifact(svg, sizeof(svg), "report-hostile.svg") || artifact(errp, sizeof(errp), "report-hostile.err") ||
	    artifact(dom, sizeof(dom), "report-hostile-dom.html") || artifact(prof, sizeof(prof), "chromium-profile")) {
		CHECK(0, "artifact paths");
		return;
	}
	if (!CHECK(hostile_report(fixdir, 0, html, errp) == 0 && hostile_report(fixdir, 1, svg, errp) == 0,
	    "ember report of the hostile files failed"))
		return;
	/* The same page without its policy: the escaping alone must hold. */
	{
		char *page = slurp(html, &len), *m = page ? strstr(page, "<meta http-equiv=\"Content-Security-Policy\"") : NULL,
		     *e = m ? strchr(m, '\n') : NULL;
		size_t off = m ? (size_t)(m - page) : len;
		int ok = page != NULL;
		if (ok && e) {
			memmove(m, e + 1, len - (size_t)(e + 1 - page) + 1);
			len -= (size_t)(e + 1 - m);
		}
		ok = ok && t_write_file(nocsp, page, len) == 0;
		CHECK(ok && strstr(page, "Content-Security-Policy") == NULL && off < len, "cannot write the page without policy");
		free(page);
	}
	for (k = 0; k < 3; k++) {
		const char *in = k == 0 ? html : k == 1 ? nocsp : svg, *what = k == 0 ? "page" : k == 1 ? "page without policy" : "svg";
		char *d;
		int st;
		snprintf(cmd, sizeof(cmd), "timeout 120 %s --headless --no-sandbox --disable-gpu --user-data-dir='%s' "
		    "--window-size=1200,2000 --dump-dom 'file://%s' > '%s' 2>/dev/null", chrome, prof, in, dom);
		st = system(cmd);
		if (!CHECK(st == 0, "%s: chromium --dump-dom exit %d", what, st))
			continue;
		d = slurp(dom, &len);
		if (!CHECK(d != NULL && len > 1000, "%s: no DOM dump", what)) {
			free(d);
			continue;
		}
		/* no script ran, no element or handler an input wrote is in the DOM */
		CHECK(dom_clean(d, why, sizeof(why)) == 0, "%s: %s", what, why);
		CHECK(strstr(d, "parsererror") == NULL && strstr(d, "This page contains the following errors") == NULL,
		    "%s: not well-formed", what);
		/* the title is the one given, as text; the hostile names show as text */
		CHECK(strstr(d, "<title>&lt;/title&gt;&lt;script&gt;document.title='pwned0'&lt;/script&gt;</title>") != NULL,
		    "%s: the page's title is not the -title given", what);
		CHECK(strstr(d, "&lt;/title&gt;&lt;script&gt;document.title='pwned20'&lt;/script&gt;") != NULL &&
		    strstr(d, "&lt;svg/onload=document.title='pwned33'&gt;") != NULL &&
		    strstr(d, "&lt;svg onload=document.title=`pwned1`&gt;.txt") != NULL,
		    "%s: hostile names not shown as text", what);
		free(d);
	}
}
