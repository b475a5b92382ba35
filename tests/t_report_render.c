/*
 * t_report_render.c - `ember report`: the page is self-contained (no
 * scripts, no external resources) with one chart per algorithm; headless
 * Chromium renders it, every chart gets a real size, and a screenshot is
 * kept as build/test-artifacts/report.png. Chromium (Debian's package,
 * installed by .ci/run) is optional: without it that part is skipped.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "speedparse.h"
#include "test.h"

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

/* Distinct algorithms over the inputs: the number of charts the page must hold. */
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
	return n;
}

static const char *chromium(void)
{
	if (system("command -v chromium >/dev/null 2>&1") == 0)
		return "chromium";
	if (system("command -v chromium-browser >/dev/null 2>&1") == 0)
		return "chromium-browser";
	return NULL;
}

EMBER_TEST(report_render)
{
	char fixdir[4096], html[4096], svg[4096], probe[4096], png[4096], svgpng[4096], dom[4096], prof[4096];
	char cmd[32768];
	char *page, *p;
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
	CHECK(count(page, "http") == count(page, "http://www.w3.org/2000/svg"), "external reference in report");
	CHECK(strstr(page, "Test &lt;report&gt; &amp; more") != NULL, "title not escaped");
	CHECK(strstr(page, ">aes-128-cbc[x86ni]</text>") != NULL && strstr(page, ">rsa2048</text>") != NULL,
	    "chart titles");
	CHECK(strstr(page, "OpenSSL 1.0.2u") && strstr(page, "Ember 0.1.0"), "files not labelled by what they say");

	/* bare SVG */
	len = (size_t)snprintf(cmd, sizeof(cmd), "'%s' report -format svg -o '%s'", t_ember_bin, svg);
	for (k = 0; k < sizeof(inputs) / sizeof(inputs[0]); k++)
		len += (size_t)snprintf(cmd + len, sizeof(cmd) - len, " '%s/%s'", fixdir, inputs[k]);
	snprintf(cmd + len, sizeof(cmd) - len, " 2>/dev/null");
	st = system(cmd);
	if (CHECK(st == 0, "ember report -format svg exit %d", st)) {
		char *s = slurp(svg, &len);
		if (CHECK(s != NULL, "no svg written")) {
			CHECK(strncmp(s, "<?xml", 5) == 0 && count(s, "<svg") == charts + 1, "svg: %u svg elements",
			    (unsigned)count(s, "<svg"));
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
	/* The probe page is the report plus a script that measures every chart. */
	p = strstr(page, "</body>");
	if (CHECK(p != NULL, "no </body>")) {
		FILE *f = fopen(probe, "w");
		if (CHECK(f != NULL, "cannot write probe")) {
			fwrite(page, 1, (size_t)(p - page), f);
			fputs("<script>var s=document.querySelectorAll('svg.chart'),ok=0;"
			    "s.forEach(function(e){var r=e.getBoundingClientRect();if(r.width>=200&&r.height>=100)ok++;});"
			    "document.body.setAttribute('data-sized',ok+'/'+s.length);</script>\n", f);
			fputs(p, f);
			fclose(f);
		}
	}
	free(page);
	snprintf(cmd, sizeof(cmd), "timeout 120 %s --headless --no-sandbox --disable-gpu --user-data-dir='%s' "
	    "--window-size=1200,2000 --dump-dom 'file://%s' > '%s' 2>/dev/null", chrome, prof, probe, dom);
	st = system(cmd);
	if (CHECK(st == 0, "chromium --dump-dom exit %d", st)) {
		char want[64], *d = slurp(dom, &len);
		snprintf(want, sizeof(want), "data-sized=\"%u/%u\"", (unsigned)charts, (unsigned)charts);
		if (CHECK(d != NULL, "no DOM dump")) {
			char *got = strstr(d, "data-sized=");
			CHECK(strstr(d, want) != NULL, "rendered charts: %.24s, want %s", got ? got : "(none)", want);
			free(d);
		}
	}
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
