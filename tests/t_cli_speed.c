/*
 * t_cli_speed.c - `ember speed` end to end (through the built binary) and
 * its pieces in-process: one parser, written for `openssl speed` output,
 * reads both openssl's and Ember's text table and -mr records; -testmode's
 * exit status; bad input gives one line naming the culprit; the JSON
 * document's fields (and, when python3's jsonschema is installed, the
 * schema in docs/); -list; -count's exact operation counts; -impl all;
 * -multi; and the known-answer gate; options after the algorithm names;
 * an output that cannot be written (/dev/full, a closed standard output);
 * the time base of -cycles; the notice before a long run. Nothing here asserts a timing: every run is tiny
 * (-count or -seconds 0.02, one or two sizes), and the long run is stopped
 * as soon as it has announced itself. t_speed_tables.c checks the tables
 * and the judgements on made-up results, and -impl all's marks through the tool.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ember/hash.h"
#include "ember/util.h"
#include "speed.h"
#include "test.h"

/* ---- running the tool ---- */

static char *slurp(FILE *f)
{
	size_t cap = 4096, len = 0, n;
	char *buf = malloc(cap);

	while (buf && (n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
		len += n;
		if (cap - len < 1024) {
			char *nb = realloc(buf, cap *= 2);
			if (nb == NULL) {
				free(buf);
				return NULL;
			}
			buf = nb;
		}
	}
	if (buf)
		buf[len] = 0;
	return buf;
}

/*
 * Runs `[EMBER_CPUCAP=none] ember speed ARGS` (phase 2 runs the portable
 * code); stdout and stderr are returned separately (malloc'd). Returns the
 * exit status, or -1 when the command could not run.
 */
static int speed(const char *args, char **out, char **err)
{
	char errpath[] = "/tmp/ember-t-speed-XXXXXX";
	char cmd[2048];
	FILE *p, *e;
	int fd, st;

	*out = *err = NULL;
	fd = mkstemp(errpath);
	if (fd < 0)
		return -1;
	close(fd);
	snprintf(cmd, sizeof(cmd), "%s'%s' speed %s 2>'%s'", t_phase == 2 ? "EMBER_CPUCAP=none " : "", t_ember_bin,
	    args, errpath);
	p = popen(cmd, "r");
	if (p == NULL) {
		unlink(errpath);
		return -1;
	}
	*out = slurp(p);
	st = pclose(p);
	e = fopen(errpath, "r");
	if (e) {
		*err = slurp(e);
		fclose(e);
	}
	unlink(errpath);
	if (*out == NULL || *err == NULL)
		return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static int have_bin(void)
{
	if (t_ember_bin == NULL) {
		t_skip("no ember binary (-e)");
		return 0;
	}
	return 1;
}

/* `[EMBER_CPUCAP=none] ember ARGS`, the shell's redirections in |args|: exit status, stderr (malloc'd). */
static int ember_sh(const char *args, char **err)
{
	char cmd[2048];

	snprintf(cmd, sizeof(cmd), "%s'%s' %s", t_phase == 2 ? "EMBER_CPUCAP=none " : "", t_ember_bin, args);
	return t_run_cmd(cmd, NULL, err);
}

static int count_lines(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/* ---- one parser for openssl speed's output, as users' scripts do ---- */

#define P_ROWS 64
#define P_SIZES 16

typedef struct parsed {
	int nsizes, nrows;
	int sizes[P_SIZES];
	int index[P_ROWS];      /* -mr only: the k of +F:k */
	char name[P_ROWS][64];
	double v[P_ROWS][P_SIZES]; /* bytes per second */
} parsed;

/* -mr: "+H:16:64" then "+F:k:name:v:v". Returns 0 when both were seen. */
static int parse_mr(const char *text, parsed *p)
{
	const char *line = text;

	memset(p, 0, sizeof(*p));
	while (line && *line) {
		const char *end = strchr(line, '\n');
		char buf[1024];
		size_t n = end ? (size_t)(end - line) : strlen(line);

		if (n >= sizeof(buf))
			n = sizeof(buf) - 1;
		memcpy(buf, line, n);
		buf[n] = 0;
		if (strncmp(buf, "+H:", 3) == 0) {
			char *tok, *save = NULL;
			for (tok = strtok_r(buf + 3, ":", &save); tok && p->nsizes < P_SIZES; tok = strtok_r(NULL, ":", &save))
				p->sizes[p->nsizes++] = atoi(tok);
		} else if (strncmp(buf, "+F:", 3) == 0 && p->nrows < P_ROWS) {
			char *save = NULL, *tok;
			int k = 0;
			tok = strtok_r(buf + 3, ":", &save);
			p->index[p->nrows] = tok ? atoi(tok) : -1;
			tok = strtok_r(NULL, ":", &save);
			snprintf(p->name[p->nrows], 64, "%s", tok ? tok : "");
			while ((tok = strtok_r(NULL, ":", &save)) != NULL && k < P_SIZES)
				p->v[p->nrows][k++] = atof(tok);
			if (k == p->nsizes)
				p->nrows++;
		}
		line = end ? end + 1 : NULL;
	}
	return p->nsizes > 0 && p->nrows > 0 ? 0 : -1;
}

/* The text table by openssl's fixed widths: "type" + 8, then 13 columns per
 * size; rows are a 13-character name then " %11.2fk" or " %11.2f ". */
static int parse_text(const char *text, parsed *p)
{
	const char *line = strstr(text, "\ntype ");

	memset(p, 0, sizeof(*p));
	if (line == NULL)
		return -1;
	line++;
	{
		const char *end = strchr(line, '\n');
		size_t n = end ? (size_t)(end - line) : strlen(line), off;
		for (off = 12; off + 13 <= n && p->nsizes < P_SIZES; off += 13) {
			if (strncmp(line + off + 7, " bytes", 6) != 0)
				return -1;
			p->sizes[p->nsizes++] = atoi(line + off);
		}
		line = end ? end + 1 : NULL;
	}
	while (line && *line && *line != '\n' && p->nrows < P_ROWS) {
		const char *end = strchr(line, '\n');
		size_t n = end ? (size_t)(end - line) : strlen(line);
		int k;
		char name[14];

		if (n != 13 + 13 * (size_t)p->nsizes)
			break; /* the public-key tables, or the end */
		memcpy(name, line, 13);
		name[13] = 0;
		for (k = 12; k >= 0 && name[k] == ' '; k--)
			name[k] = 0;
		snprintf(p->name[p->nrows], 64, "%s", name);
		for (k = 0; k < p->nsizes; k++) {
			const char *f = line + 13 + 13 * k;
			char field[14];
			memcpy(field, f, 13);
			field[13] = 0;
			p->v[p->nrows][k] = atof(field) * (field[12] == 'k' ? 1000.0 : 1.0);
		}
		p->nrows++;
		line = end ? end + 1 : NULL;
	}
	return p->nsizes > 0 && p->nrows > 0 ? 0 : -1;
}

static int find_row(const parsed *p, const char *name)
{
	int i;

	for (i = 0; i < p->nrows; i++)
		if (strcmp(p->name[i], name) == 0)
			return i;
	return -1;
}

/* The same parser on both tools' output: what users' scripts rely on. */
static void check_parsed(const char *who, const char *fmt, const char *out, int mr)
{
	parsed p;
	int r;

	if (!CHECK((mr ? parse_mr(out, &p) : parse_text(out, &p)) == 0, "%s %s output not parsed:\n%s", who, fmt, out))
		return;
	CHECK(p.nsizes == 1 && p.sizes[0] == 16, "%s %s: sizes %d (first %d)", who, fmt, p.nsizes, p.sizes[0]);
	r = find_row(&p, "sha256");
	if (!CHECK(r >= 0, "%s %s: no sha256 row", who, fmt))
		return;
	CHECK(p.v[r][0] > 0, "%s %s: sha256 rate %f", who, fmt, p.v[r][0]);
	if (mr)
		CHECK(p.index[r] == 6, "%s -mr: sha256 is +F:%d, openssl's is 6", who, p.index[r]);
}

EMBER_TEST(cli_speed_openssl_parser)
{
	static char *ossl_mr, *ossl_text; /* openssl's output does not change with the phase */
	char *out, *err;
	int st;

	if (!have_bin())
		return;
	if (!ember_hash_find("sha256", NULL)) {
		t_skip("sha256 not in this build");
		return;
	}
	if (t_phase == 1) {
		FILE *f = popen("openssl speed -mr -seconds 1 -bytes 16 sha256 2>/dev/null", "r");
		if (f) {
			ossl_mr = slurp(f);
			if (pclose(f) != 0) {
				free(ossl_mr);
				ossl_mr = NULL;
			}
		}
		f = popen("openssl speed -seconds 1 -bytes 16 sha256 2>/dev/null", "r");
		if (f) {
			ossl_text = slurp(f);
			if (pclose(f) != 0) {
				free(ossl_text);
				ossl_text = NULL;
			}
		}
	}
	if (ossl_mr && ossl_text) {
		check_parsed("openssl", "-mr", ossl_mr, 1);
		check_parsed("openssl", "text", ossl_text, 0);
	} else if (t_phase == 1) {
		t_skip("no openssl command to compare with");
	}
	st = speed("-mr -seconds 0.02 -bytes 16 sha256", &out, &err);
	if (CHECK(st == 0, "ember speed -mr exit %d: %s", st, err ? err : "")) {
		check_parsed("ember", "-mr", out, 1);
		CHECK(strstr(err, "+DT:sha256:0.02:16\n+R:") != NULL, "-mr progress records: %s", err);
	}
	free(out);
	free(err);
	st = speed("-seconds 0.02 -bytes 16 sha256", &out, &err);
	if (CHECK(st == 0, "ember speed exit %d: %s", st, err ? err : "")) {
		check_parsed("ember", "text", out, 0);
		CHECK(strncmp(err, "Doing sha256 for 0.02s on 16 size blocks: ", 42) == 0 && strstr(err, " sha256's in "),
		    "progress line: %s", err);
		CHECK(strncmp(out, "version: Ember ", 15) == 0 && strstr(out, "\nbuilt on: ") && strstr(out, "\noptions: ") &&
		          strstr(out, "\ncompiler: ") && strstr(out, "\nCPUINFO: ") &&
		          strstr(out, "\nThe 'numbers' are in 1000s of bytes per second processed.\n"),
		    "header: %s", out);
	}
	free(out);
	free(err);
}

EMBER_TEST(cli_speed_bad_input)
{
	static const struct {
		const char *args, *culprit;
	} cases[] = {
		{ "nosuchalg", "nosuchalg" },
		{ "-seconds abc sha256", "abc" },
		{ "-bytes 0 sha256", "-bytes" },
		{ "-multi 0 sha256", "-multi" },
		{ "sha256 -seconds", "-seconds" },   /* options may follow the names (openssl 1.0), with their values */
		{ "sha256 -bogus", "-bogus" },
		{ "-engine padlock sha256", "padlock" },
		{ "-repeat x sha256", "-repeat" },
		{ "-sizes 16,,64 sha256", "-sizes" },
		{ "-format xml sha256", "xml" },
		{ "-engine nosuch sha256", "nosuch" },
		{ "-impl nosuch sha256", "nosuch" },
		{ "-evp nosuch", "nosuch" },
		{ "-misalign 99 sha256", "-misalign" },
		{ "-bogus sha256", "-bogus" },
		{ "-seconds", "-seconds" },
		/* the public-key rows: a table row, or an error naming the word, never a silent 0.00 */
		{ "-seconds 0.05 rsa2048", "rsa2048" },
	};
	size_t i;

	if (!have_bin())
		return;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *out, *err;
		int st = speed(cases[i].args, &out, &err);

		if (strcmp(cases[i].culprit, "rsa2048") == 0 && st == 0) {
			CHECK(strstr(out, "rsa 2048 bits") != NULL, "rsa2048 ran but no row: %s", out);
		} else if (CHECK(st > 0, "'%s': exit %d", cases[i].args, st)) {
			CHECK(count_lines(err) == 1 && strncmp(err, "ember speed: ", 13) == 0,
			    "'%s': want one 'ember speed:' line, got: %s", cases[i].args, err);
			CHECK(strstr(err, cases[i].culprit) != NULL, "'%s': error does not name '%s': %s", cases[i].args,
			    cases[i].culprit, err);
			CHECK(out[0] == 0, "'%s': wrote to stdout: %s", cases[i].args, out);
		}
		free(out);
		free(err);
	}
}

EMBER_TEST(cli_speed_testmode_count)
{
	char *out, *err;
	int st;

	if (!have_bin())
		return;
	/* -testmode: one operation each, exit status = number of failures */
	st = speed("-testmode -bytes 16 sha256", &out, &err);
	CHECK(st == 0, "-testmode exit %d: %s", st, err ? err : "");
	CHECK(out && strstr(out, "\nsha256 ") != NULL, "-testmode table: %s", out ? out : "");
	CHECK(err && strstr(err, "Doing sha256 1 times on 16 size blocks: 1 sha256's in ") != NULL, "-testmode: %s",
	    err ? err : "");
	free(out);
	free(err);
	/* -count N: exactly N operations per size */
	st = speed("-mr -count 777 -sizes 16,64 sha256", &out, &err);
	if (CHECK(st == 0, "-count exit %d", st)) {
		const char *a = strstr(err, "+DN:sha256:777:16\n+R:777:sha256:");
		const char *b = strstr(err, "+DN:sha256:777:64\n+R:777:sha256:");
		CHECK(a != NULL && b != NULL && a < b, "-count 777 records: %s", err);
		CHECK(strstr(out, "+H:16:64\n+F:6:sha256:") != NULL, "-count -mr table: %s", out);
	}
	free(out);
	free(err);
	/* -decrypt, -misalign, -elapsed and -cycles are accepted and still print the row */
	st = speed("-elapsed -misalign 3 -decrypt -cycles -count 50 -bytes 64 sha256", &out, &err);
	CHECK(st == 0 && strstr(out, "\nsha256 ") &&
	          (strstr(out, "cycles per byte") || strstr(out, "Cycles per byte")), "options: exit %d\n%s%s", st, out,
	    err);
	CHECK(strstr(err, "You have chosen to measure elapsed time instead of user CPU time.\n") == err,
	    "-elapsed notice: %s", err);
	free(out);
	free(err);
}

EMBER_TEST(cli_speed_json)
{
	char path[] = "/tmp/ember-t-speed-json-XXXXXX";
	char args[4096], *out, *err;
	const tj *res, *x;
	tj *doc;
	int fd, st;
	size_t i, n16 = 0;

	if (!have_bin())
		return;
	st = speed("-format json -repeat 3 -seconds 0.02 -sizes 16,64 sha256", &out, &err);
	if (!CHECK(st == 0, "-format json exit %d: %s", st, err ? err : "")) {
		free(out);
		free(err);
		return;
	}
	fd = mkstemp(path);
	if (!CHECK(fd >= 0, "temp file"))
		goto done;
	if (write(fd, out, strlen(out)) != (ssize_t)strlen(out)) {
		close(fd);
		CHECK(0, "write %s", path);
		goto done;
	}
	close(fd);
	doc = tj_load(path);
	if (!CHECK(doc != NULL, "-format json output does not parse:\n%s", out))
		goto done;
	CHECK(tj_str(doc, "format") && strcmp(tj_str(doc, "format"), "ember-speed") == 0, "format");
	CHECK(tj_int(doc, "format_version", 0) == 1, "format_version");
	CHECK(tj_str(doc, "tool_version") && strcmp(tj_str(doc, "tool_version"), ember_version()) == 0, "tool_version");
	CHECK(tj_str(doc, "engine") && strcmp(tj_str(doc, "engine"), "ember") == 0, "engine");
	CHECK(tj_get(doc, "build") && tj_str(tj_get(doc, "build"), "compiler"), "build.compiler");
	CHECK(tj_get(doc, "cpu") && tj_str(tj_get(doc, "cpu"), "features"), "cpu.features");
	CHECK(tj_str(doc, "timer") && strcmp(tj_str(doc, "timer"), "CLOCK_PROCESS_CPUTIME_ID") == 0, "timer");
	CHECK(tj_int(doc, "repeat", 0) == 3, "repeat");
	res = tj_get(doc, "results");
	if (CHECK(res && res->type == TJ_ARR && res->n == 2, "results: want 2 entries (sha256 x 2 sizes)")) {
		for (i = 0; i < res->n; i++) {
			const tj *s;
			x = res->items[i];
			CHECK(tj_str(x, "algorithm") && strcmp(tj_str(x, "algorithm"), "sha256") == 0, "algorithm");
			CHECK(tj_str(x, "impl") != NULL && tj_int(x, "ops", 0) > 0, "impl, ops");
			s = tj_get(x, "samples");
			CHECK(s && s->type == TJ_ARR && s->n == 3, "samples: want 3");
			CHECK(tj_get(x, "median") && tj_get(x, "min") && tj_get(x, "max") && tj_get(x, "bytes_per_sec") &&
			          tj_get(x, "seconds"),
			    "median/min/max/bytes_per_sec/seconds");
			if (tj_get(x, "min") && tj_get(x, "max") && tj_get(x, "median"))
				CHECK(tj_get(x, "min")->num <= tj_get(x, "median")->num &&
				          tj_get(x, "median")->num <= tj_get(x, "max")->num,
				    "min <= median <= max");
			n16 += tj_int(x, "size", 0) == 16;
		}
		CHECK(n16 == 1, "one size-16 entry");
	}
	CHECK(tj_get(doc, "pk") && tj_get(doc, "pk")->type == TJ_ARR, "pk array");
	tj_free(doc);
	/* The schema kept in docs/, validated by python3-jsonschema when it is installed. */
	if (t_phase == 1) {
		char schema[1024];
		snprintf(schema, sizeof(schema), "%s/../../docs/ember-speed.schema.json", t_vec_dir);
		if (system("python3 -c 'import jsonschema' >/dev/null 2>&1") != 0) {
			t_skip("python3 jsonschema not installed: schema validation not run");
		} else {
			snprintf(args, sizeof(args),
			    "python3 -c 'import json,sys,jsonschema; jsonschema.validate(json.load(open(sys.argv[1])),"
			    " json.load(open(sys.argv[2])))' '%s' '%s'",
			    path, schema);
			CHECK(system(args) == 0, "output does not validate against %s", schema);
		}
	}
done:
	unlink(path);
	free(out);
	free(err);
}

EMBER_TEST(cli_speed_list_impl_multi)
{
	char *out, *err;
	int st;
	size_t i;

	if (!have_bin())
		return;
	st = speed("-list", &out, &err);
	CHECK(st == 0, "-list exit %d", st);
	for (i = 0; i < ember_hash_count(); i++) {
		const ember_hash_desc *d = ember_hash_at(i);
		char want[128];
		if (strcmp(d->name, "sha256") != 0)
			continue;
		snprintf(want, sizeof(want), "\nsha256             %-10s", d->impl);
		CHECK(strstr(out, want) != NULL, "-list lacks sha256/%s:\n%s", d->impl, out);
	}
	free(out);
	free(err);
	/* -impl all: one row per supported implementation, side by side */
	st = speed("-impl all -count 20 -bytes 16 sha256", &out, &err);
	CHECK(st == 0, "-impl all exit %d", st);
	for (i = 0; i < ember_hash_count(); i++) {
		const ember_hash_desc *d = ember_hash_at(i);
		char want[64];
		if (strcmp(d->name, "sha256") != 0 || !ember_hash_supported(d))
			continue;
		snprintf(want, sizeof(want), "\nsha256/%s ", d->impl);
		CHECK(strstr(out, want) != NULL, "-impl all lacks %s:\n%s", want + 1, out);
	}
	free(out);
	free(err);
	/* -multi 2: two children speak -mr to the parent, which sums */
	st = speed("-multi 2 -count 30 -bytes 16 sha256", &out, &err);
	CHECK(st == 0, "-multi exit %d", st);
	CHECK(strstr(out, "Forked child 0\n") && strstr(out, "Forked child 1\n") &&
	          strstr(out, "Got: +F:6:sha256:") && strstr(out, "\nsha256 "),
	    "-multi output:\n%s", out);
	free(out);
	free(err);
}

/* The gate before timing: a wrong digest is refused, a right one passes; HMAC by RFC 4231. */
static void bad_init(void *c)
{
	ember_sha256_ref_init((ember_sha256_ctx *)c);
	((ember_sha256_ctx *)c)->h[0] ^= 1;
}
static void sha_update(void *c, const void *p, size_t n)
{
	ember_sha256_update((ember_sha256_ctx *)c, p, n);
}
static void sha_final(void *c, uint8_t *out)
{
	ember_sha256_final((ember_sha256_ctx *)c, out);
}

EMBER_TEST(speed_known_answer_gate)
{
	static const ember_hash_desc broken = { "sha256", NULL, "broken", 0, 32, 64, sizeof(ember_sha256_ctx), NULL,
		bad_init, sha_update, sha_final };
	const ember_hash_desc *good = ember_hash_find("sha256", NULL);
	char err[256];
	speed_hmac h;
	uint8_t mac[32];
	/* RFC 4231 test case 2 */
	static const uint8_t want[32] = { 0x5b, 0xdc, 0xc1, 0x46, 0xbf, 0x60, 0x75, 0x4e, 0x6a, 0x04, 0x24,
		0x26, 0x08, 0x95, 0x75, 0xc7, 0x5a, 0x00, 0x3f, 0x08, 0x9d, 0x27, 0x39, 0x83, 0x9d, 0xec, 0x58,
		0xb9, 0x64, 0xec, 0x38, 0x43 };

	if (good == NULL) {
		t_skip("sha256 not in this build");
		return;
	}
	err[0] = 0;
	CHECK(speed_check_hash(good, err, sizeof(err)) == 0, "sha256/%s refused: %s", good->impl, err);
	CHECK(speed_check_hash(&broken, err, sizeof(err)) == EMBER_EVERIFY, "a wrong sha256 was accepted");
	CHECK(strstr(err, "sha256/broken") != NULL && strstr(err, "not timed") != NULL, "message: %s", err);
	CHECK(speed_hmac_init(&h, good, (const uint8_t *)"Jefe", 4) == 0, "hmac init");
	speed_hmac_mac(&h, mac, (const uint8_t *)"what do ya want for nothing?", 28);
	CHECK(memcmp(mac, want, 32) == 0, "HMAC-SHA256 RFC 4231 case 2: %s", t_tohex(mac, 32));
	speed_hmac_clear(&h);
}

/* docs/ember-speed.1 documents every option the command accepts. */
EMBER_TEST(speed_man_page)
{
	static const char *const opts[] = { "seconds", "bytes", "elapsed", "multi", "mr", "misalign", "decrypt",
		"evp", "hmac", "engine", "testmode", "impl", "repeat", "sizes", "format", "cycles", "count", "list",
		"skip\\-missing", "help" };
	char path[1024], *man, want[64];
	FILE *f;
	size_t i;

	snprintf(path, sizeof(path), "%s/../../docs/ember-speed.1", t_vec_dir);
	f = fopen(path, "r");
	if (!CHECK(f != NULL, "cannot open %s", path))
		return;
	man = slurp(f);
	fclose(f);
	if (!CHECK(man != NULL, "read %s", path))
		return;
	for (i = 0; i < sizeof(opts) / sizeof(opts[0]); i++) {
		char alt[64];
		/* an option's entry: ".B \-opt" alone on its line, or ".BI \-opt " with its argument */
		snprintf(want, sizeof(want), "\n.B \\-%s\n", opts[i]);
		snprintf(alt, sizeof(alt), "\n.BI \\-%s ", opts[i]);
		CHECK(strstr(man, want) != NULL || strstr(man, alt) != NULL, "%s does not document -%s", path, opts[i]);
	}
	/* openssl's engine names, -impl all's marks, the time base of -cycles, unwritable output */
	for (i = 0; i < 6; i++) {
		static const char *const words[] = { "af_alg", "devcrypto", "padlock", "+EMBER:FASTEST:", "timing:",
			"standard output: No space left on device" };
		CHECK(strstr(man, words[i]) != NULL, "%s does not mention %s", path, words[i]);
	}
	free(man);
}

/* ---- standard output that cannot be written ---- */

EMBER_TEST(cli_speed_output_errors)
{
	static const char *const cmds[] = {
		"speed -testmode -bytes 16 sha256", "speed -mr -count 5 -bytes 16 sha256",
		"speed -format json -count 5 -bytes 16 sha256", "speed -format csv -count 5 -bytes 16 sha256",
		"speed -impl all -count 5 -bytes 16 sha256", "speed -list", "speed -help", "version", "version -a",
	};
	char args[256], want[160], *err;
	size_t i;
	int st;

	if (!have_bin())
		return;
	if (access("/dev/full", W_OK) != 0) {
		t_skip("/dev/full: %s", strerror(errno));
		return;
	}
	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		size_t wl;
		snprintf(args, sizeof(args), "%s >/dev/full", cmds[i]);
		snprintf(want, sizeof(want), "ember %.*s: standard output: %s\n", (int)strcspn(cmds[i], " "), cmds[i],
		    strerror(ENOSPC));
		st = ember_sh(args, &err);
		if (!CHECK(err != NULL, "cannot run ember %s", args))
			continue;
		wl = strlen(want);
		/* the last line of standard error names the error, once; progress lines may come before it */
		CHECK(st != 0, "ember %s: exit 0", args);
		CHECK(strlen(err) >= wl && strcmp(err + strlen(err) - wl, want) == 0 && strstr(err, want) == err + strlen(err) - wl,
		    "ember %s: want last line '%.*s', got:\n%s", args, (int)wl - 1, want, err);
		free(err);
	}
	/* a closed standard output: refused before anything runs */
	st = ember_sh("speed -count 5 -bytes 16 sha256 >&-", &err);
	snprintf(want, sizeof(want), "ember speed: standard output: %s\n", strerror(EBADF));
	CHECK(st != 0 && err && strcmp(err, want) == 0, "closed stdout: exit %d, stderr: %s", st, err ? err : "");
	free(err);
	st = ember_sh("version -a >&-", &err);
	snprintf(want, sizeof(want), "ember version: standard output: %s\n", strerror(EBADF));
	CHECK(st != 0 && err && strcmp(err, want) == 0, "version, closed stdout: exit %d, stderr: %s", st, err ? err : "");
	free(err);
}

/* ---- openssl 1.0's habits ---- */

EMBER_TEST(cli_speed_options_after_names)
{
	char *out, *err;
	parsed p;
	int st;

	if (!have_bin())
		return;
	if (!ember_hash_find("md5", NULL) || !ember_hash_find("sha1", NULL) || !ember_hash_find("sha256", NULL)) {
		t_skip("md5, sha1 or sha256 not in this build");
		return;
	}
	/* `openssl speed md5 sha1 -seconds 1`, as 1.0 took it (a count here, not seconds) */
	st = speed("md5 sha1 -count 5 -bytes 16", &out, &err);
	CHECK(st == 0 && strstr(out, "\nmd5 ") && strstr(out, "\nsha1 ") &&
	          strstr(err, "Doing md5 5 times on 16 size blocks: ") && !strstr(err, "on 64 size"),
	    "options after the names: exit %d\n%s%s", st, out, err);
	free(out);
	free(err);
	/* mixed, and -mr last */
	st = speed("-count 3 sha256 -sizes 16,64 md5 -mr", &out, &err);
	if (CHECK(st == 0, "mixed options: exit %d: %s", st, err)) {
		CHECK(parse_mr(out, &p) == 0 && p.nsizes == 2 && p.nrows == 2, "-mr after the names:\n%s", out);
		CHECK(strstr(err, "+DN:sha256:3:64\n") != NULL, "-count before the names: %s", err);
	}
	free(out);
	free(err);
}

/* ---- -cycles: cycles and rates on one time base ---- */

EMBER_TEST(cli_speed_cycles_timebase)
{
	char path[1024], *out, *err;
	const char *counter, *timer;
	tj *doc;
	int st, have_counter;

	if (!have_bin())
		return;
	st = speed("-format json -cycles -count 50 -bytes 64 sha256", &out, &err);
	if (!CHECK(st == 0, "-cycles json: exit %d: %s", st, err) ||
	    !CHECK(t_scratch(path, sizeof(path), "speed-cycles.json") == 0 && t_write_file(path, out, strlen(out)) == 0,
	        "scratch") ||
	    !CHECK((doc = tj_load(path)) != NULL, "json:\n%s", out)) {
		free(out);
		free(err);
		return;
	}
	counter = tj_str(doc, "cycles_counter");
	have_counter = counter != NULL;
	timer = tj_str(doc, "timer");
	if (counter != NULL && strcmp(counter, "rdtsc") == 0) {
		/* the TSC counts wall-clock time: so do the rates */
		CHECK(timer && strcmp(timer, "CLOCK_MONOTONIC") == 0, "rdtsc with timer %s", timer ? timer : "?");
		CHECK(tj_str(doc, "elapsed_implied_by") && strcmp(tj_str(doc, "elapsed_implied_by"), "-cycles") == 0,
		    "elapsed_implied_by");
		CHECK(strstr(err, "You have chosen to measure elapsed time") != NULL, "no -elapsed notice: %s", err);
	} else if (counter != NULL) {
		/* a counter of this process's cycles: CPU time */
		CHECK(timer && strcmp(timer, "CLOCK_PROCESS_CPUTIME_ID") == 0, "%s with timer %s", counter, timer ? timer : "?");
	} else {
		t_skip("-cycles: no cycle counter here: %s", err);
	}
	tj_free(doc);
	free(out);
	free(err);
	/* the text header says which time base */
	st = speed("-cycles -count 50 -bytes 64 sha256", &out, &err);
	CHECK(st == 0 && (!have_counter || (strstr(out, "\ntiming: ") &&
	                                         strstr(out, "count the same time as the rates\n"))),
	    "-cycles header: exit %d\n%s", st, out);
	free(out);
	free(err);
	/* with -elapsed, the TSC is already on the rates' clock; a CPU-time counter is not */
	st = speed("-elapsed -cycles -count 50 -bytes 64 sha256", &out, &err);
	CHECK(st == 0 && (strstr(out, "\ntiming: wall clock (CLOCK_MONOTONIC)") || !have_counter) &&
	          (strstr(out, "same time as the rates") || strstr(out, "Cycles per byte: not available")),
	    "-elapsed -cycles: exit %d\n%s", st, out);
	free(out);
	free(err);
}

/* ---- the notice before a long run ---- */

/* The first line `ember speed ARGS` writes on stderr; then the run is stopped. NULL when none came. */
static char *first_stderr_line(const char *args)
{
	static char buf[1024];
	char cmd[2048];
	int fd[2], devnull;
	size_t got = 0;
	pid_t pid;

	if (pipe(fd) != 0)
		return NULL;
	snprintf(cmd, sizeof(cmd), "%sexec '%s' speed %s", t_phase == 2 ? "EMBER_CPUCAP=none " : "", t_ember_bin, args);
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		devnull = open("/dev/null", O_WRONLY);
		if (devnull < 0 || dup2(devnull, 1) < 0 || dup2(fd[1], 2) < 0)
			_exit(127);
		close(fd[0]);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	close(fd[1]);
	if (pid < 0) {
		close(fd[0]);
		return NULL;
	}
	/* the notice comes before the first measurement; a progress line without a newline ends the wait too */
	while (got < sizeof(buf) - 1 && memchr(buf, '\n', got) == NULL) {
		struct pollfd pfd = { fd[0], POLLIN, 0 };
		ssize_t n;
		if (poll(&pfd, 1, 30000) <= 0)
			break;
		n = read(fd[0], buf + got, sizeof(buf) - 1 - got);
		if (n <= 0)
			break;
		got += (size_t)n;
		if (got >= 6 && strncmp(buf, "Doing ", 6) == 0)
			break;
	}
	buf[got] = 0;
	buf[strcspn(buf, "\n")] = 0;
	kill(pid, SIGTERM);
	waitpid(pid, NULL, 0);
	close(fd[0]);
	return got ? buf : NULL;
}

EMBER_TEST(cli_speed_long_run_notice)
{
	const char *l;

	if (!have_bin())
		return;
	if (!ember_hash_find("sha256", NULL) || !ember_hash_find("md5", NULL) || !ember_hash_find("sha1", NULL)) {
		t_skip("sha256, md5 or sha1 not in this build");
		return;
	}
	/* 3 rows x 1 size x 30 s: announced, then stopped here */
	l = first_stderr_line("-seconds 30 -bytes 16 sha256 md5 sha1");
	CHECK(l && strcmp(l, "ember speed: this run will take about 1 min 30 s: 3 rows x 1 size x 30s; name algorithms "
	                     "or give -seconds or -bytes for a shorter one") == 0,
	    "notice: %s", l ? l : "(none)");
	/* a bare `ember speed`: every row, six sizes, the public keys */
	l = first_stderr_line("");
	CHECK(l && strncmp(l, "ember speed: this run will take about ", 38) == 0 && strstr(l, " sizes x 3s + ") &&
	          strstr(l, " key sizes x 2 operations x 10s"),
	    "bare run: %s", l ? l : "(none)");
	/* a minute or less: straight to work */
	l = first_stderr_line("-seconds 20 -bytes 16 sha256 md5 sha1");
	CHECK(l && strncmp(l, "Doing ", 6) == 0 && strstr(l, " for 20s on 16 size blocks"), "one minute is not announced: %s",
	    l ? l : "(none)");
}
