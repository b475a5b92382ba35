/*
 * t_speed_tables.c - the tables and judgements of `ember speed` in-process,
 * on results made up here, so that nothing depends on a timing: -impl all's
 * fastest marks and the warning when the default is beaten (beyond 5 % and
 * the measured spread, never on a noise flip), the marks in text, -mr, JSON
 * and CSV; the side-by-side table of several engines within 100 columns,
 * its sizes split over tables and its columns aligned whatever the names;
 * and how long a run will take. Then -impl all through the tool: its marks
 * in text, -mr and JSON (one fastest per row and size; the schema), and
 * `ember compare` still reading all three. The other runs through the tool
 * are in t_cli_speed.c and t_engines.c.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ember/util.h"
#include "speed.h"
#include "speed_int.h"
#include "test.h"

/* ---- made-up results ---- */

static double samples_store[64][SPEED_MAX_SIZES];
static int nstore;

/* A result of median |rate| whose runs spread over [min, max]. */
static void set_res(speed_result *x, double rate, double mn, double mx)
{
	double *s = samples_store[nstore++ % 64];

	memset(x, 0, sizeof(*x));
	x->state = SPEED_OK;
	x->rate = rate;
	x->min = mn;
	x->max = mx;
	x->ops = 1000;
	x->seconds = 1;
	s[0] = rate;
	x->samples = s;
	x->nsamples = 1;
}

static speed_job *add(speed_job *jobs, int *n, const char *row, const char *impl, unsigned flags, int dflt)
{
	speed_job *j = &jobs[(*n)++];

	memset(j, 0, sizeof(*j));
	snprintf(j->row.name, sizeof(j->row.name), "%s", row);
	snprintf(j->row.target, sizeof(j->row.target), "%s", row);
	j->row.kind = SPEED_HASH;
	j->row.index = 3;
	snprintf(j->impl, sizeof(j->impl), "%s", impl);
	snprintf(j->impl_used, sizeof(j->impl_used), "%s", impl);
	if (impl[0])
		snprintf(j->label, sizeof(j->label), "%s/%s", row, impl);
	else
		snprintf(j->label, sizeof(j->label), "%s", row);
	j->impl_flags = flags;
	j->is_default = dflt;
	j->state = SPEED_OK;
	return j;
}

static void base_run(speed_run *r, speed_job *jobs, int njobs, int nsizes)
{
	static const size_t sizes[] = { 16, 64, 256, 1024, 8192, 16384 };

	memset(r, 0, sizeof(*r));
	r->engine = &speed_engine_ember;
	r->nengines = 1;
	r->seconds = 3;
	r->pk_seconds = 10;
	r->repeat = 1;
	r->multi = 1;
	r->nsizes = nsizes;
	memcpy(r->sizes, sizes, sizeof(size_t) * (size_t)nsizes);
	r->jobs = jobs;
	r->njobs = njobs;
}

/* What |fn| writes to a FILE, as a malloc'd string. */
static char *capture(void (*fn)(FILE *, void *), void *arg)
{
	FILE *f = tmpfile();
	char *s;
	long n;

	if (f == NULL)
		return NULL;
	fn(f, arg);
	fflush(f);
	n = ftell(f);
	rewind(f);
	s = malloc((size_t)n + 1);
	if (s != NULL) {
		if (fread(s, 1, (size_t)n, f) != (size_t)n)
			n = 0;
		s[n] = 0;
	}
	fclose(f);
	return s;
}

static int count_str(const char *s, const char *what)
{
	int n = 0;

	for (s = strstr(s, what); s != NULL; s = strstr(s + 1, what))
		n++;
	return n;
}

/* The line of |text| that starts with |start| (a static copy), or NULL. */
static const char *line_of(const char *text, const char *start)
{
	static char buf[512];
	const char *p = text;
	size_t n;

	while (p && *p) {
		if (strncmp(p, start, strlen(start)) == 0) {
			n = strcspn(p, "\n");
			if (n >= sizeof(buf))
				n = sizeof(buf) - 1;
			memcpy(buf, p, n);
			buf[n] = 0;
			return buf;
		}
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return NULL;
}

/* ---- -impl all: the fastest, and when to warn ---- */

/*
 * md5:    16 B: tab (not constant-time) 2.00, ref 1.44, default avx512 1.00 -> tab *, ref +, warned;
 *       8192 B: ref 1.03 (within 5 %) -> ref *, not warned.
 * sha256: 16 B: ref 1.10 but its slowest run is below the default's fastest -> not warned (spread);
 *       8192 B: ref 1.20, runs apart -> warned.
 * sha1:   the default is the fastest -> not warned.
 */
static void fixture(speed_run *r, speed_job *jobs)
{
	int n = 0;
	speed_job *j;

	j = add(jobs, &n, "md5", "avx512", EMBER_IMPL_CT | EMBER_IMPL_HW, 1);
	set_res(&j->res[0], 100e6, 100e6, 100e6);
	set_res(&j->res[1], 100e6, 100e6, 100e6);
	j = add(jobs, &n, "md5", "ref", EMBER_IMPL_CT, 0);
	set_res(&j->res[0], 144e6, 144e6, 144e6);
	set_res(&j->res[1], 103e6, 103e6, 103e6);
	j = add(jobs, &n, "md5", "tab", 0, 0);
	set_res(&j->res[0], 200e6, 200e6, 200e6);
	set_res(&j->res[1], 50e6, 50e6, 50e6);
	j = add(jobs, &n, "sha256", "x86shani", EMBER_IMPL_CT | EMBER_IMPL_HW, 1);
	set_res(&j->res[0], 100e6, 90e6, 115e6);
	set_res(&j->res[1], 100e6, 99e6, 101e6);
	j = add(jobs, &n, "sha256", "ref", EMBER_IMPL_CT, 0);
	set_res(&j->res[0], 110e6, 105e6, 125e6);
	set_res(&j->res[1], 120e6, 118e6, 122e6);
	j = add(jobs, &n, "sha1", "x86shani", EMBER_IMPL_CT | EMBER_IMPL_HW, 1);
	set_res(&j->res[0], 300e6, 300e6, 300e6);
	set_res(&j->res[1], 900e6, 900e6, 900e6);
	j = add(jobs, &n, "sha1", "ref", EMBER_IMPL_CT, 0);
	set_res(&j->res[0], 200e6, 200e6, 200e6);
	set_res(&j->res[1], 500e6, 500e6, 500e6);
	base_run(r, jobs, n, 2);
	r->sizes[1] = 8192;
	r->impl_all = 1;
	r->repeat = 3;
}

static void do_mark(FILE *f, void *arg)
{
	speed_mark_fastest(arg, f);
}

static void do_tables(FILE *f, void *arg)
{
	speed_print_tables(f, arg);
}

static void do_json(FILE *f, void *arg)
{
	speed_report_json(f, arg, 1, NULL, 0);
}

static void do_csv(FILE *f, void *arg)
{
	speed_report_csv(f, arg, 1);
}

EMBER_TEST(speed_fastest_marks)
{
	speed_job jobs[8];
	speed_run r;
	char *warn, *text;
	const char *l, *marks;

	fixture(&r, jobs);
	warn = capture(do_mark, &r);
	if (!CHECK(warn != NULL, "capture"))
		return;
	CHECK(count_str(warn, "\n") == 2, "want two warnings (md5, sha256), got:\n%s", warn);
	l = line_of(warn, "ember speed: warning: md5: ");
	CHECK(l && strstr(l, "the default, avx512,") && strstr(l, "ref x1.44 at 16 bytes") && !strstr(l, "8192") &&
	          !strstr(l, "tab"),
	    "md5: warned for ref at 16 bytes only (tab is not constant-time, 3 %% is noise): %s", l ? l : warn);
	l = line_of(warn, "ember speed: warning: sha256: ");
	CHECK(l && strstr(l, "ref x1.20 at 8192 bytes") && !strstr(l, "at 16 bytes"),
	    "sha256: warned at 8192 bytes, not at 16 (within the spread): %s", l ? l : warn);
	CHECK(strstr(warn, "sha1") == NULL, "sha1's default is the fastest: %s", warn);
	free(warn);
	CHECK(jobs[2].mark[0] == SPEED_MARK_FASTEST && jobs[1].mark[0] == SPEED_MARK_FASTEST_CT && jobs[0].mark[0] == 0,
	    "md5 16: tab fastest, ref fastest constant-time: %d %d %d", jobs[0].mark[0], jobs[1].mark[0], jobs[2].mark[0]);
	CHECK(jobs[1].mark[1] == SPEED_MARK_FASTEST && jobs[0].mark[1] == 0 && jobs[2].mark[1] == 0, "md5 8192: ref");
	CHECK(jobs[5].mark[0] == SPEED_MARK_FASTEST && jobs[5].mark[1] == SPEED_MARK_FASTEST && jobs[6].mark[0] == 0,
	    "sha1: the default");
	/* quiet: marks, no warning */
	CHECK(speed_mark_fastest(&r, NULL) == 2, "two rows beaten");

	/* text: openssl's table unchanged in form, then the marks */
	r.format = SPEED_TEXT;
	r.repeat = 1;
	text = capture(do_tables, &r);
	if (!CHECK(text != NULL, "capture"))
		return;
	l = line_of(text, "type ");
	CHECK(l && strcmp(l, "type               16 bytes   8192 bytes") == 0, "type line as wide as the names: '%s'", l);
	l = line_of(text, "sha256/x86shani ");
	CHECK(l && strcmp(l, "sha256/x86shani   100000.00k   100000.00k") == 0, "row: '%s'", l);
	marks = strstr(text, "\n* marks the fastest at each size; + the fastest constant-time one");
	if (CHECK(marks != NULL, "no legend:\n%s", text)) {
		/* the name column as wide as "sha256/x86shani (default)" */
		l = line_of(marks, "type ");
		CHECK(l && strcmp(l, "type                         16 bytes   8192 bytes") == 0, "marks' type line: '%s'", l);
		l = line_of(marks, "md5/avx512 (default) ");
		CHECK(l && strcmp(l, "md5/avx512 (default)            x1.00        x1.00") == 0, "default's marks: '%s'", l);
		l = line_of(marks, "md5/ref ");
		CHECK(l && strcmp(l, "md5/ref                         x1.44+       x1.03*") == 0, "ref's marks: '%s'", l);
		l = line_of(marks, "md5/tab ");
		CHECK(l && strcmp(l, "md5/tab                         x2.00*       x0.50") == 0, "tab's marks: '%s'", l);
		l = line_of(marks, "sha256/x86shani (default) ");
		CHECK(l && strcmp(l, "sha256/x86shani (default)       x1.00        x1.00") == 0, "sha256's marks: '%s'", l);
	}
	free(text);

	/* -mr: openssl's records, then one +EMBER:FASTEST per row */
	r.format = SPEED_MR;
	text = capture(do_tables, &r);
	CHECK(text && strstr(text, "+H:16:8192\n+F:3:md5/avx512:100000000.00:100000000.00\n") &&
	          strstr(text, "\n+EMBER:FASTEST:md5:tab:ref\n+EMBER:FASTEST:sha256:ref:ref\n"
	                       "+EMBER:FASTEST:sha1:x86shani:x86shani\n"),
	    "-mr:\n%s", text ? text : "");
	free(text);

	/* JSON and CSV: whether each result is the default and the fastest */
	text = capture(do_json, &r);
	CHECK(text && count_str(text, "\"fastest\": true") == 6 && count_str(text, "\"fastest\": false") == 8 &&
	          count_str(text, "\"default\": true") == 6 && count_str(text, "\"constant_time\": false") == 2,
	    "json marks:\n%s", text ? text : "");
	CHECK(text && strstr(text, "\"impl\": \"tab\", \"engine\": \"ember\", \"op\": \"digest\", \"size\": 16") &&
	          strstr(strstr(text, "\"impl\": \"tab\", \"engine\": \"ember\", \"op\": \"digest\", \"size\": 16"),
	              "\"fastest\": true"),
	    "json: tab is the fastest at 16 bytes");
	free(text);
	text = capture(do_csv, &r);
	l = text ? line_of(text, "md5,tab,ember,digest,16,") : NULL;
	CHECK(text && strstr(text, ",samples,default,fastest\n") && l && strlen(l) > 4 && strcmp(l + strlen(l) - 4, ",0,1") == 0,
	    "csv: default and fastest columns:\n%s", text ? text : "");
	free(text);

	/* a run without -impl all: no marks anywhere, openssl's 13 columns */
	r.impl_all = 0;
	r.format = SPEED_TEXT;
	text = capture(do_tables, &r);
	CHECK(text && strstr(text, "x1.00") == NULL && strstr(text, "\nmd5/avx512          100000.00k") == NULL,
	    "no marks without -impl all:\n%s", text ? text : "");
	free(text);
}

/* One run (repeat 1): the one sample decides, but only beyond 5 %. */
EMBER_TEST(speed_fastest_noise)
{
	speed_job jobs[4];
	speed_run r;
	int n = 0;
	speed_job *d, *o;

	d = add(jobs, &n, "md5", "avx512", EMBER_IMPL_CT, 1);
	o = add(jobs, &n, "md5", "ref", EMBER_IMPL_CT, 0);
	base_run(&r, jobs, n, 1);
	r.impl_all = 1;
	set_res(&d->res[0], 100, 100, 100);
	set_res(&o->res[0], 104.9, 104.9, 104.9);
	CHECK(speed_mark_fastest(&r, NULL) == 0 && o->mark[0] == SPEED_MARK_FASTEST, "4.9 %%: marked, not warned");
	set_res(&o->res[0], 105.1, 105.1, 105.1);
	CHECK(speed_mark_fastest(&r, NULL) == 1, "5.1 %%: warned");
	/* a failed default: no judgement */
	d->state = SPEED_FAILED;
	CHECK(speed_mark_fastest(&r, NULL) == 0 && o->mark[0] == SPEED_MARK_FASTEST, "failed default: not warned");
}

/* ---- the side-by-side table ---- */

static void do_side(FILE *f, void *arg)
{
	speed_run *runs = arg;
	speed_missing miss;

	miss.engine = "cryptodev";
	snprintf(miss.why, sizeof(miss.why), "/dev/crypto: No such file or directory (the cryptodev-linux module is not "
	                                     "loaded here, and this reason is long enough to need a second line)");
	speed_print_side_by_side(f, runs, 3, &miss, 1);
}

EMBER_TEST(speed_side_by_side_width)
{
	static const char *const rows[] = { "md5", "camellia-128-cbc", "hmac(sha512)" };
	speed_job jobs[3][3];
	speed_pk_job pk[2];
	speed_run runs[3];
	char *text, *line, *save = NULL;
	int k, i, s, n, types = 0, checked = 0;
	int bytes_at[SPEED_MAX_SIZES], nat = 0;

	for (k = 0; k < 3; k++) {
		n = 0;
		for (i = 0; i < 3; i++) {
			speed_job *j = add(jobs[k], &n, rows[i], "", 0, 1);
			snprintf(j->impl_used, sizeof(j->impl_used), "%s",
			    k == 0 ? "avx512" : k == 1 ? "evp" : i == 1 ? "cbc(camellia-generic)" : "md5-generic");
			for (s = 0; s < 6; s++)
				set_res(&j->res[s], (k + 1) * 123456789.0 * (s + 1), 0, 0);
		}
		base_run(&runs[k], jobs[k], n, 6);
		runs[k].nengines = 3;
	}
	runs[1].engine = &speed_engine_openssl;
	runs[2].engine = &speed_engine_afalg;
	/* afalg lacks hmac(sha512): its reason is long, and wraps */
	jobs[2][2].state = SPEED_SKIPPED;
	snprintf(jobs[2][2].error, sizeof(jobs[2][2].error), "hmac(sha512): not in the kernel's crypto API (bind: No "
	                                                      "such file or directory): the kernel has no hmac(sha512) "
	                                                      "driver, or the module is not loaded");
	memset(pk, 0, sizeof(pk));
	snprintf(pk[0].word, sizeof(pk[0].word), "rsa2048");
	pk[0].state = SPEED_OK;
	set_res(&pk[0].res[0], 1650.1, 0, 0);
	set_res(&pk[0].res[1], 95591.8, 0, 0);
	pk[1] = pk[0];
	set_res(&pk[1].res[0], 900, 0, 0);
	runs[0].pk = &pk[0];
	runs[0].npk = 1;
	runs[1].pk = &pk[1];
	runs[1].npk = 1;

	text = capture(do_side, runs);
	if (!CHECK(text != NULL, "capture"))
		return;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		size_t len = strlen(line);
		CHECK(len <= 100, "line of %u columns: '%s'", (unsigned)len, line);
		CHECK(len == 0 || line[len - 1] != ' ', "trailing blank: '%s'", line);
		if (strncmp(line, "type ", 5) == 0) {
			const char *p;
			types++;
			nat = 0;
			for (p = strstr(line, "bytes"); p && nat < SPEED_MAX_SIZES; p = strstr(p + 1, "bytes"))
				bytes_at[nat++] = (int)(p - line) + 4;
			CHECK(strstr(line, " engine ") && strstr(line, " impl "), "header: '%s'", line);
			continue;
		}
		if (strncmp(line, "public key", 10) == 0)
			nat = 0;
		/* the rows with rates: an engine in the engine column (at 17: names are 16 wide) and no n/a */
		if (nat > 0 && len > 24 && strstr(line, "n/a") == NULL &&
		    (strncmp(line + 17, "ember ", 6) == 0 || strncmp(line + 17, "openssl ", 8) == 0 ||
		        strncmp(line + 17, "afalg ", 6) == 0)) {
			/* every rate's "k" under the "s" of its "bytes", whatever the names' lengths */
			for (i = 0; i < nat; i++)
				CHECK((int)len > bytes_at[i] && line[bytes_at[i]] == 'k', "column %d out of line: '%s'", i, line);
			checked++;
		}
	}
	free(text);
	/* names of 16, engines of 7, drivers of 21 ("cbc(camellia-generic)"): two sizes a table */
	CHECK(types == 3, "six sizes in three tables of two: %d tables", types);
	CHECK(checked >= 10, "only %d rows checked", checked);

	text = capture(do_side, runs);
	CHECK(text && strstr(text, "\ncamellia-128-cbc ember ") && strstr(text, " cbc(camellia-generic) ") &&
	          strstr(text, "n/a: hmac(sha512): not in the kernel's crypto API") &&
	          strstr(text, "\nengine cryptodev: not available: /dev/crypto:") && strstr(text, "\nrsa2048 ") &&
	          strstr(text, " x0.55"),
	    "side by side:\n%s", text ? text : "");
	free(text);
}

/* ---- how long a run will take ---- */

EMBER_TEST(speed_estimate_terms)
{
	speed_job jobs[23];
	speed_pk_job pk[8];
	speed_run runs[2];
	char what[320];
	int n = 0, i;
	double t;

	for (i = 0; i < 23; i++)
		add(jobs, &n, "md5", "", 0, 1);
	memset(pk, 0, sizeof(pk));
	base_run(&runs[0], jobs, n, 6);
	runs[0].pk = pk;
	runs[0].npk = 8;
	/* a bare `ember speed`: 23 rows x 6 sizes x 3 s + 8 key sizes x 2 x 10 s = 574 s */
	t = speed_estimate(runs, 1, what, sizeof(what));
	CHECK(t == 574, "bare run: %g s", t);
	CHECK(strcmp(what, "23 rows x 6 sizes x 3s + 8 key sizes x 2 operations x 10s") == 0, "terms: %s", what);
	/* skipped rows do not run; -repeat and engines multiply */
	jobs[0].state = SPEED_SKIPPED;
	runs[0].npk = 0;
	runs[0].repeat = 3;
	runs[1] = runs[0];
	t = speed_estimate(runs, 2, what, sizeof(what));
	CHECK(t == 44 * 6 * 3 * 3, "repeats and engines: %g s", t);
	CHECK(strcmp(what, "44 rows x 6 sizes x 3s x 3 repeats, over 2 engines") == 0, "terms: %s", what);
	/* -count: operations, not seconds */
	runs[0].count = 10;
	CHECK(speed_estimate(runs, 1, what, sizeof(what)) == 0, "-count: no estimate");
}

/* ---- -impl all through the tool: marks in every format, and compare still reads it ---- */

/* The marks table of |out|: for each row and size, how many '*'; 1 each when fine. */
static int marks_ok(const char *out, char *why, size_t len)
{
	const char *m = strstr(out, "\n* marks the fastest");
	const char *line, *type, *b;
	char rows[8][32];
	int stars[8][8] = { { 0 } }, nrows = 0, nsizes, width, i, k;

	if (m == NULL || (type = strstr(m, "\ntype ")) == NULL || (b = strstr(type, " bytes")) == NULL)
		return snprintf(why, len, "no marks table"), 0;
	type++;
	/* "type" padded to the name column's width - 1, then "%7d bytes" (13 columns) a size */
	width = (int)(b - type) - 6;
	nsizes = (int)(strcspn(type, "\n") - (size_t)(width - 1)) / 13;
	for (line = strchr(type, '\n'); line && line[1] && line[1] != '\n'; line = strchr(line + 1, '\n')) {
		const char *l = line + 1;
		size_t n = strcspn(l, "/");
		for (i = 0; i < nrows && (strlen(rows[i]) != n || strncmp(rows[i], l, n) != 0); i++)
			;
		if (i == nrows) {
			if (nrows == 8 || n >= sizeof(rows[0]))
				return snprintf(why, len, "too many rows"), 0;
			memcpy(rows[nrows], l, n);
			rows[nrows++][n] = 0;
		}
		for (k = 0; k < nsizes && k < 8; k++) {
			size_t at = (size_t)width + 13 * (size_t)k + 12;
			if (strcspn(l, "\n") > at && l[at] == '*')
				stars[i][k]++;
		}
	}
	for (i = 0; i < nrows; i++)
		for (k = 0; k < nsizes && k < 8; k++)
			if (stars[i][k] != 1)
				return snprintf(why, len, "%s at size %d: %d marks", rows[i], k, stars[i][k]), 0;
	return nrows > 0 && nsizes > 0 ? 1 : (snprintf(why, len, "no rows"), 0);
}

EMBER_TEST(cli_speed_impl_all_marks)
{
	static const char *const fmts[] = { "", "-mr ", "-format json " };
	char args[256], why[128], path[3][1024], cmd[8192], *out, *err;
	size_t i;
	int st;

	if (t_ember_bin == NULL) {
		t_skip("no ember binary (-e)");
		return;
	}
	if (!ember_hash_find("sha256", NULL) || !ember_hash_find("md5", NULL)) {
		t_skip("sha256 or md5 not in this build");
		return;
	}
	for (i = 0; i < 3; i++) {
		snprintf(cmd, sizeof(cmd), "%s'%s' speed %s-impl all -count 20 -sizes 16,64 sha256 md5",
		    t_phase == 2 ? "EMBER_CPUCAP=none " : "", t_ember_bin, fmts[i]);
		snprintf(args, sizeof(args), "%s-impl all", fmts[i]);
		st = t_run_cmd(cmd, &out, &err);
		if (!CHECK(out != NULL && err != NULL, "cannot run %s", cmd)) {
			free(out);
			free(err);
			continue;
		}
		if (!CHECK(st == 0, "%s: exit %d: %s", args, st, err)) {
			free(out);
			free(err);
			continue;
		}
		if (i == 0) {
			/* openssl's table: every row as long as the others, whatever the names */
			const char *t = strstr(out, "\ntype "), *l;
			size_t w = t ? strcspn(t + 1, "\n") + 1 : 0;
			for (l = t ? strchr(t + 1, '\n') : NULL; l && l[1] && l[1] != '\n'; l = strchr(l + 1, '\n'))
				CHECK(strcspn(l + 1, "\n") == w, "row out of line: '%.*s'", (int)strcspn(l + 1, "\n"), l + 1);
			CHECK(marks_ok(out, why, sizeof(why)), "marks: %s\n%s", why, out);
		} else if (i == 1) {
			/* openssl's records, untouched: the header, and a row of two values */
			CHECK(strncmp(out, "+H:16:64\n+F:", 12) == 0 && strstr(out, "\n+F:6:sha256/") &&
			          count_str(line_of(strstr(out, "\n+F:6:sha256/") + 1, "+F:"), ":") == 4,
			    "-mr not openssl's:\n%s", out);
			CHECK(strstr(out, "\n+EMBER:FASTEST:sha256:") && strstr(out, "\n+EMBER:FASTEST:md5:"), "-mr marks:\n%s", out);
		} else {
			char jp[1024];
			tj *doc;
			snprintf(jp, sizeof(jp), "%s", "impl-all.json");
			if (t_scratch(jp, sizeof(jp), "speed-impl-all.json") == 0 && t_write_file(jp, out, strlen(out)) == 0 &&
			    (doc = tj_load(jp)) != NULL) {
				const tj *res = tj_get(doc, "results");
				size_t k, m;
				for (k = 0; res && k < res->n; k++) {
					const tj *f = tj_get(res->items[k], "fastest");
					int n = 0;
					if (!CHECK(f && f->type == TJ_BOOL, "result %u: no \"fastest\"", (unsigned)k))
						continue;
					for (m = 0; m < res->n; m++) {
						const tj *g = tj_get(res->items[m], "fastest");
						n += g && g->boolean && strcmp(tj_str(res->items[m], "algorithm"), tj_str(res->items[k], "algorithm")) == 0 &&
						     tj_int(res->items[m], "size", 0) == tj_int(res->items[k], "size", 0);
					}
					CHECK(n == 1, "%s at %ld: %d fastest", tj_str(res->items[k], "algorithm"), tj_int(res->items[k], "size", 0), n);
				}
				tj_free(doc);
				if (t_phase == 1 && system("python3 -c 'import jsonschema' >/dev/null 2>&1") == 0) {
					snprintf(cmd, sizeof(cmd),
					    "python3 -c 'import json,sys,jsonschema; jsonschema.validate(json.load(open(sys.argv[1])),"
					    " json.load(open(sys.argv[2])))' '%s' '%s/../../docs/ember-speed.schema.json'",
					    jp, t_vec_dir);
					CHECK(system(cmd) == 0, "-impl all JSON does not validate against the schema");
				}
			} else {
				CHECK(0, "-impl all JSON not read:\n%s", out);
			}
		}
		/* the one reader of results still reads it */
		snprintf(args, sizeof(args), "speed-impl-all-%u.out", (unsigned)i);
		if (CHECK(t_scratch(path[i], sizeof(path[i]), args) == 0 && t_write_file(path[i], out, strlen(out)) == 0,
		        "scratch file")) {
			char *cerr;
			snprintf(cmd, sizeof(cmd), "'%s' compare '%s' '%s'", t_ember_bin, path[i], path[i]);
			st = t_run_cmd(cmd, NULL, &cerr);
			CHECK(st == 0, "compare reads -impl all %s output: exit %d: %s", i ? fmts[i] : "text", st, cerr ? cerr : "");
			free(cerr);
		}
		free(out);
		free(err);
	}
}

/*
 * With -repeat the rounds are the outer loop (tools/speed/run.c): every job
 * at every size once, then again, so that a drift of the host shows in each
 * row's spread. Without -repeat the order is openssl's: each row at every
 * size in turn.
 */
EMBER_TEST(cli_speed_repeat_rounds_outer)
{
	static const char *const want_rep[] = { "md5 1 times on 16", "md5 1 times on 64", "sha1 1 times on 16",
		"sha1 1 times on 64", "md5 1 times on 16", "md5 1 times on 64", "sha1 1 times on 16", "sha1 1 times on 64" };
	char cmd[4096], *err = NULL, *p;
	size_t i;
	int st;

	if (t_ember_bin == NULL) {
		t_skip("no ember binary (-e)");
		return;
	}
	snprintf(cmd, sizeof(cmd), "'%.2000s' speed -count 1 -repeat 2 -sizes 16,64 md5 sha1", t_ember_bin);
	st = t_run_cmd(cmd, NULL, &err);
	if (CHECK(st == 0 && err != NULL, "speed -repeat 2: exit %d", st)) {
		for (i = 0, p = err; i < sizeof(want_rep) / sizeof(want_rep[0]); i++) {
			char *at = strstr(p, want_rep[i]);
			if (!CHECK(at != NULL, "-repeat 2: progress line %zu ('%s') not in round order:\n%s", i, want_rep[i], err))
				break;
			p = at + strlen(want_rep[i]);
		}
	}
	free(err);
	err = NULL;
	snprintf(cmd, sizeof(cmd), "'%.2000s' speed -count 1 -sizes 16,64 md5 sha1", t_ember_bin);
	st = t_run_cmd(cmd, NULL, &err);
	if (CHECK(st == 0 && err != NULL, "speed: exit %d", st)) {
		char *a = strstr(err, "md5 1 times on 64"), *b = strstr(err, "sha1 1 times on 16");
		CHECK(a != NULL && b != NULL && a < b, "without -repeat, md5 at every size before sha1:\n%s", err);
	}
	free(err);
}
