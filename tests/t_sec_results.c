/*
 * t_sec_results.c - result files as an attacker writes them (issue 19,
 * defects 1, 7 and 8), through the reader (sp_parse) and the commands
 * (`ember compare`, `ember report`):
 *   results_sec_spread_repeat: a row that reappears after its min/max
 *     spread, under a huge "repeat", is refused with one line naming file
 *     and line (it used to write past a freed sample array); a row given
 *     only as min/max keeps the declared runs apart from the samples;
 *   results_sec_limits: the row and JSON value caps, and the JSON reader's
 *     memory (input plus a fixed size per value) on a 2 MB file;
 *   results_sec_control: control characters from JSON strings are refused,
 *     a text file's non-UTF-8 byte becomes '?', and a CSV cell that would
 *     start a spreadsheet formula is defused.
 * The report's escaping and its Content-Security-Policy are checked by
 * t_report_render.c (report_hostile_markup, report_hostile_chromium).
 */
#include <malloc.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "speedparse.h"
#include "test.h"

/* The path of fixture |name| into |buf| (1024 bytes), returned. */
static const char *fixture_at(char *buf, const char *name)
{
	snprintf(buf, 1024, "%s/../fixtures/speed/%s", t_vec_dir, name);
	return buf;
}

/* 1 when |s| is exactly one non-empty line (ending in a newline). */
static int one_line(const char *s)
{
	const char *nl = s ? strchr(s, '\n') : NULL;

	return nl != NULL && nl > s && nl[1] == 0;
}

static int parse(const char *name, const char *data, sp_file *f, char *err, size_t err_len)
{
	memset(f, 0, sizeof(*f));
	return sp_parse(name, data, strlen(data), f, NULL, err, err_len);
}

/* Every row of |f| keeps nsamples <= cap, and samples NULL when nsamples is 0 and cap is 0. */
static void check_store(const sp_file *f, const char *what)
{
	size_t i;

	for (i = 0; i < f->nrows; i++) {
		const sp_row *r = &f->rows[i];
		if (!CHECK(r->nsamples <= r->cap && (r->nsamples == 0 || r->samples != NULL) &&
		               (r->nsamples == 0 || r->nsamples == r->runs),
		        "%s: row %s: %zu samples stored, room for %zu, %zu runs", what, r->name, r->nsamples, r->cap,
		        r->runs))
			return;
	}
}

#define JHEAD "{\"format\": \"ember-speed\", \"format_version\": 1, \"tool\": \"ember\", \"engine\": \"ember\", "

EMBER_TEST(results_sec_spread_repeat)
{
	static const char *const refused[] = {
		/* the review's file: min/max, then samples for the same row */
		JHEAD "\"repeat\": 999999, \"results\": [\n"
		      "{\"algorithm\": \"md5\", \"size\": 16, \"bytes_per_sec\": 1.0, \"min\": 0.5, \"max\": 2.0},\n"
		      "{\"algorithm\": \"md5\", \"size\": 16, \"samples\": [1e300, 2e300]}]}\n",
		/* min/max twice */
		JHEAD "\"repeat\": 7, \"results\": [\n"
		      "{\"algorithm\": \"md5\", \"size\": 16, \"bytes_per_sec\": 1.0, \"min\": 0.5, \"max\": 2.0},\n"
		      "{\"algorithm\": \"md5\", \"size\": 16, \"bytes_per_sec\": 1.0, \"min\": 0.5, \"max\": 2.0}]}\n",
		/* min/max, then a plain rate */
		JHEAD "\"repeat\": 3, \"pk\": [\n"
		      "{\"algorithm\": \"rsa2048\", \"op\": \"sign\", \"ops_per_sec\": 1.0, \"min\": 0.5, \"max\": 2.0},\n"
		      "{\"algorithm\": \"rsa2048\", \"op\": \"sign\", \"ops_per_sec\": 3.0}]}\n",
		/* repeat that is not an integer from 1 to 1000000 */
		JHEAD "\"repeat\": 1e9, \"results\": [{\"algorithm\": \"md5\", \"size\": 16, \"bytes_per_sec\": 1.0}]}\n",
		JHEAD "\"repeat\": 2.5, \"results\": [{\"algorithm\": \"md5\", \"size\": 16, \"bytes_per_sec\": 1.0}]}\n",
		JHEAD "\"repeat\": 0, \"results\": [{\"algorithm\": \"md5\", \"size\": 16, \"bytes_per_sec\": 1.0}]}\n",
	};
	static const char spread_only[] =
		JHEAD "\"repeat\": 999999, \"results\": [\n"
		      "{\"algorithm\": \"md5\", \"size\": 16, \"bytes_per_sec\": 1.0, \"min\": 0.5, \"max\": 2.0},\n"
		      "{\"algorithm\": \"md5\", \"size\": 64, \"samples\": [3, 1, 2]}]}\n";
	static const char *const fixtures[] = { "ember-speed.json", "ember-speed-repeat.json", "openssl-3.0-mr.txt",
		"openssl-1.0.2-text.txt", "ember-text.txt" };
	char err[512], cmd[4096], out_html[1024], fa[1024], fb[1024];
	size_t i;
	sp_file f;

	for (i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		int r = parse("hostile.json", refused[i], &f, err, sizeof(err));
		CHECK(r == -1, "hostile file %zu loaded", i);
		CHECK(strncmp(err, "hostile.json:", 13) == 0 && strchr(err, '\n') == NULL,
		    "hostile file %zu: error '%s' is not one line naming the file and line", i, err);
		if (i < 3)
			CHECK(strstr(err, ":3:") != NULL && strstr(err, "again") != NULL,
			    "hostile file %zu: error '%s' does not name line 3 and the repeated row", i, err);
		if (r == 0)
			sp_free(&f);
	}

	/* a spread-only row counts the declared runs and stores no sample */
	if (CHECK(parse("spread.json", spread_only, &f, err, sizeof(err)) == 0, "spread-only file: %s", err)) {
		const sp_row *r16 = sp_find(&f, "md5", NULL, 16), *r64 = sp_find(&f, "md5", NULL, 64);
		CHECK(r16 && r16->runs == 999999 && r16->nsamples == 0 && r16->samples == NULL && r16->lo == 0.5 &&
		          r16->hi == 2.0,
		    "md5 16: runs %zu, %zu samples stored", r16 ? r16->runs : 0, r16 ? r16->nsamples : 0);
		CHECK(r64 && r64->runs == 3 && r64->nsamples == 3 && r64->value == 2.0 && r64->lo == 1 && r64->hi == 3,
		    "md5 64: samples");
		check_store(&f, "spread.json");
		sp_free(&f);
	}
	for (i = 0; i < sizeof(fixtures) / sizeof(fixtures[0]); i++) {
		memset(&f, 0, sizeof(f));
		if (CHECK(sp_load(fixture_at(fa, fixtures[i]), &f, NULL, err, sizeof(err)) == 0, "%s: %s", fixtures[i], err)) {
			check_store(&f, fixtures[i]);
			sp_free(&f);
		}
	}

	/* the commands: exit 1, one line on standard error, nothing written */
	if (t_ember_bin == NULL) {
		t_skip("no ember binary (-e): compare and report not run");
		return;
	}
	if (!CHECK(t_scratch(out_html, sizeof(out_html), "hostile-repeat.html") == 0, "scratch path"))
		return;
	remove(out_html);
	for (i = 0; i < 3; i++) {
		char *out = NULL, *errs = NULL;
		int st;
		if (i == 0)
			snprintf(cmd, sizeof(cmd), "'%.1000s' compare '%s' '%s'", t_ember_bin,
			    fixture_at(fa, "hostile-repeat.json"), fixture_at(fb, "ember-speed.json"));
		else if (i == 1)
			snprintf(cmd, sizeof(cmd), "'%.1000s' compare '%s' '%s'", t_ember_bin,
			    fixture_at(fa, "ember-speed.json"), fixture_at(fb, "hostile-repeat.json"));
		else
			snprintf(cmd, sizeof(cmd), "'%.1000s' report '%s' -o '%s'", t_ember_bin,
			    fixture_at(fa, "hostile-repeat.json"), out_html);
		st = t_run_cmd(cmd, &out, &errs);
		CHECK(st == 1, "%s: exit status %d, want 1", cmd, st);
		/* line 7: the first sample of the entry (line 6) for the row whose spread line 4 gave */
		CHECK(one_line(errs) && strstr(errs, "hostile-repeat.json:7: md5 ref 16 appears again") != NULL,
		    "%s: standard error is not one line naming hostile-repeat.json:7: '%s'", cmd, errs ? errs : "");
		CHECK(out != NULL && out[0] == 0, "%s: wrote to standard output: '%.80s'", cmd, out ? out : "");
		free(out);
		free(errs);
	}
	CHECK(access(out_html, F_OK) != 0, "ember report left %s behind", out_html);
}

/* A JSON result document of |n| entries with distinct sizes (about 80 bytes each). */
static char *many_rows(size_t n, size_t *len)
{
	size_t cap = 200 + n * 96, used = 0, i;
	char *s = malloc(cap);

	if (s == NULL)
		return NULL;
	used += (size_t)snprintf(s + used, cap - used, JHEAD "\"results\": [\n");
	for (i = 0; i < n; i++)
		used += (size_t)snprintf(s + used, cap - used,
		    "{\"algorithm\": \"md5\", \"impl\": \"ref\", \"size\": %zu, \"bytes_per_sec\": %zu.5}%s\n", i + 1,
		    1000 + i, i + 1 < n ? "," : "");
	used += (size_t)snprintf(s + used, cap - used, "]}\n");
	*len = used;
	return s;
}

EMBER_TEST(results_sec_limits)
{
	char err[512];
	size_t len, i, bad = 0;
	char *doc;
	sp_file f;

	/* 20 000 rows: every one found again with its value (the index, not a scan, finds them) */
	doc = many_rows(20000, &len);
	if (!CHECK(doc != NULL, "malloc"))
		return;
	memset(&f, 0, sizeof(f));
	if (CHECK(sp_parse("many.json", doc, len, &f, NULL, err, sizeof(err)) == 0, "20000 rows: %s", err)) {
		CHECK(f.nrows == 20000, "20000 rows: %zu loaded", f.nrows);
		for (i = 0; i < 20000; i++) {
			const sp_row *r = sp_find(&f, "md5", NULL, (unsigned)i + 1);
			bad += r == NULL || r->value != 1000.5 + (double)i;
		}
		CHECK(bad == 0, "20000 rows: %zu not found with their value", bad);
		sp_free(&f);
	}

	/*
	 * The JSON tree's memory: the input once plus a fixed node per value.
	 * mallinfo2 counts glibc's heap; under a sanitizer's allocator it stays
	 * put and the check is skipped. This file is 1.7 MB with 100 001 values.
	 */
	{
		struct mallinfo2 before = mallinfo2(), after;
		char jerr[128];
		unsigned jl;
		json *j = json_parse(doc, len, jerr, sizeof(jerr), &jl);
		size_t used;
		after = mallinfo2();
		used = after.uordblks > before.uordblks ? after.uordblks - before.uordblks : 0;
		if (CHECK(j != NULL, "json_parse of 20000 rows: %s", jerr)) {
			if (used == 0)
				t_note("mallinfo2 saw no heap use (a sanitizer's allocator): memory not measured");
			else
				CHECK(used <= len + 100001 * sizeof(json) + 4096,
				    "json_parse of %zu bytes (100001 values) holds %zu bytes; want at most the input "
				    "plus %zu per value",
				    len, used, sizeof(json));
			t_note("json_parse: %zu bytes of JSON, %zu bytes held (%zu per value)", len, used,
			    sizeof(json));
			json_free(j);
		}
	}
	free(doc);

	/* more rows than SP_MAX_ROWS (65536): refused with one line */
	doc = many_rows(65537, &len);
	if (CHECK(doc != NULL, "malloc")) {
		memset(&f, 0, sizeof(f));
		CHECK(sp_parse("huge.json", doc, len, &f, NULL, err, sizeof(err)) == -1 && strstr(err, "rows") &&
		          strchr(err, '\n') == NULL,
		    "65537 rows: not refused with one line ('%s')", err);
		free(doc);
	}

	/* more JSON values than JSON_MAX_NODES: refused before the tree grows */
	len = 2 * ((size_t)JSON_MAX_NODES + 1) + 1;
	doc = malloc(len + 1);
	if (CHECK(doc != NULL, "malloc")) {
		char jerr[128];
		unsigned jl = 0;
		json *j;
		doc[0] = '[';
		for (i = 0; i <= JSON_MAX_NODES; i++) {
			doc[1 + 2 * i] = '0';
			doc[2 + 2 * i] = i < JSON_MAX_NODES ? ',' : ']';
		}
		doc[len] = 0;
		j = json_parse(doc, len, jerr, sizeof(jerr), &jl);
		CHECK(j == NULL && strstr(jerr, "values") != NULL, "%u + 1 JSON values: not refused ('%s')",
		    JSON_MAX_NODES, j ? "" : jerr);
		json_free(j);
		free(doc);
	}
}

EMBER_TEST(results_sec_control)
{
	static const char *const refused[] = {
		JHEAD "\"results\": [{\"algorithm\": \"md5\\u001b[2J\", \"size\": 16, \"bytes_per_sec\": 1.0}]}\n",
		JHEAD "\"results\": [{\"algorithm\": \"md5\", \"impl\": \"\\u009b31m\", \"size\": 16, \"bytes_per_sec\": 1}]}\n",
		JHEAD "\"pk\": [{\"algorithm\": \"rsa2048\", \"op\": \"sign\\u0007\", \"ops_per_sec\": 1.0}]}\n",
		JHEAD "\"build\": {\"compiler\": \"gcc\\r\\u001b]0;title\\u0007\"}, "
		      "\"results\": [{\"algorithm\": \"md5\", \"size\": 16, \"bytes_per_sec\": 1.0}]}\n",
		JHEAD "\"tool_version\": \"1\\u007f\", \"results\": [{\"algorithm\": \"md5\", \"size\": 16, \"bytes_per_sec\": 1}]}\n",
		/* raw bytes in a text file: ESC, and C1's CSI as UTF-8 (U+009B) */
		"type 16 bytes\nmd5\x1b[2J 100.00k\n",
		"type 16 bytes\nmd5\302\2332J 100.00k\n",
	};
	/* names a spreadsheet would run as formulas, and a lone 0x9b byte in a text name */
	static const char csv_a[] = JHEAD "\"results\": ["
		"{\"algorithm\": \"=HYPERLINK(\\\"http://x\\\")\", \"size\": 16, \"bytes_per_sec\": 100},\n"
		"{\"algorithm\": \"+1+cmd\", \"size\": 16, \"bytes_per_sec\": 100},\n"
		"{\"algorithm\": \"-2+3\", \"size\": 16, \"bytes_per_sec\": 100},\n"
		"{\"algorithm\": \"@SUM(A1)\", \"size\": 16, \"bytes_per_sec\": 100},\n"
		"{\"algorithm\": \"-1.5\", \"size\": 16, \"bytes_per_sec\": 100}]}\n";
	static const char *const formulas[] = { "=hyperlink", "+1+cmd", "-2+3", "@sum(a1)" };
	char err[512], pa[1024], cmd[4096];
	size_t i;
	sp_file f;

	for (i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		int r = parse("ctl.txt", refused[i], &f, err, sizeof(err));
		CHECK(r == -1 && strncmp(err, "ctl.txt:", 8) == 0 && strchr(err, '\n') == NULL,
		    "control characters in file %zu: loaded, or not one line naming the file ('%s')", i,
		    r == 0 ? "" : err);
		if (r == 0)
			sp_free(&f);
	}
	/* a byte that is not UTF-8 in a text name is shown as '?', never passed through */
	if (CHECK(parse("latin1.txt", "type 16 bytes\nmd5\x9b 100.00k\n", &f, err, sizeof(err)) == 0,
	        "lone 0x9b: %s", err)) {
		CHECK(f.nrows == 1 && strchr(f.rows[0].name, 0x9b) == NULL && strchr(f.rows[0].name, '?') != NULL,
		    "lone 0x9b kept in the name '%s'", f.nrows ? f.rows[0].name : "");
		sp_free(&f);
	}

	if (t_ember_bin == NULL) {
		t_skip("no ember binary (-e): CSV not checked");
		return;
	}
	if (!CHECK(t_scratch(pa, sizeof(pa), "csv-formulas.json") == 0 && t_write_file(pa, csv_a, strlen(csv_a)) == 0,
	        "scratch file"))
		return;
	{
		char *out = NULL, *line, *save = NULL;
		unsigned hits = 0, numbers = 0;
		int st;
		snprintf(cmd, sizeof(cmd), "'%.1000s' compare -format csv '%s' '%s'", t_ember_bin, pa, pa);
		st = t_run_cmd(cmd, &out, NULL);
		if (CHECK(st == 0 && out != NULL, "compare -format csv: status %d", st)) {
			for (line = strtok_r(out, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
				for (i = 0; i < sizeof(formulas) / sizeof(formulas[0]); i++) {
					char *at = strstr(line, formulas[i]);
					if (at == NULL)
						continue;
					hits++;
					CHECK(at - line >= 2 && at[-1] == '\'' && at[-2] == '"',
					    "CSV cell '%s' is not defused with a leading quote: %s", formulas[i], line);
				}
				numbers += strncmp(line, "\"-1.5\"", 6) == 0;
			}
			CHECK(hits == 4, "CSV: %u of the 4 formula names found", hits);
			CHECK(numbers == 1, "CSV: the name -1.5 (a plain number) was changed");
		}
		free(out);
	}
}
