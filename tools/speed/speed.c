/*
 * speed.c - `ember speed [options] [algorithm ...]`: openssl speed's words,
 * options, progress lines, table and -mr records, measured with a
 * nanosecond clock, repeatable (-repeat), with cycles per byte (-cycles),
 * JSON and CSV (-format), any sizes (-sizes), a fixed operation count
 * (-count), implementations side by side (-impl all), and a known-answer
 * check before anything is timed. See docs/ember-speed.1.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <strings.h>

#include "ember/cipher.h"
#include "ember/cpu.h"
#include "ember/util.h"
#include "speed.h"
#include "speed_pk.h"
#include "tool.h"

#define CMD "speed"

/* ---- openssl speed's rows and words ---- */

static const struct row_def {
	int index;
	const char *name;   /* openssl 3.0's row name */
	int kind;
	const char *target; /* registry digest or cipher spec */
} row_defs[] = {
	{ 0, "md2", SPEED_HASH, "md2" },
	{ 1, "mdc2", SPEED_HASH, "mdc2" },
	{ 2, "md4", SPEED_HASH, "md4" },
	{ 3, "md5", SPEED_HASH, "md5" },
	{ 4, "sha1", SPEED_HASH, "sha1" },
	{ 5, "rmd160", SPEED_HASH, "ripemd160" },
	{ 6, "sha256", SPEED_HASH, "sha256" },
	{ 7, "sha512", SPEED_HASH, "sha512" },
	{ 9, "hmac(md5)", SPEED_HMAC, "md5" },
	{ 10, "des-cbc", SPEED_CIPHER, "des-cbc" },
	{ 11, "des-ede3", SPEED_CIPHER, "des-ede3-cbc" }, /* openssl speed's des-ede3 row is CBC */
	{ 12, "rc4", SPEED_CIPHER, "rc4" },
	{ 13, "idea-cbc", SPEED_CIPHER, "idea-cbc" },
	{ 15, "rc2-cbc", SPEED_CIPHER, "rc2-cbc" },
	{ 16, "rc5-cbc", SPEED_CIPHER, "rc5-cbc" },
	{ 17, "blowfish", SPEED_CIPHER, "bf-cbc" },        /* openssl 3.0 prints this row as "blowfish" */
	{ 18, "cast-cbc", SPEED_CIPHER, "cast5-cbc" },
	{ 19, "aes-128-cbc", SPEED_CIPHER, "aes-128-cbc" },
	{ 20, "aes-192-cbc", SPEED_CIPHER, "aes-192-cbc" },
	{ 21, "aes-256-cbc", SPEED_CIPHER, "aes-256-cbc" },
	{ 22, "camellia-128-cbc", SPEED_CIPHER, "camellia-128-cbc" },
	{ 23, "camellia-192-cbc", SPEED_CIPHER, "camellia-192-cbc" },
	{ 24, "camellia-256-cbc", SPEED_CIPHER, "camellia-256-cbc" },
};
#define NROWS (sizeof(row_defs) / sizeof(row_defs[0]))

/* Words openssl speed accepts, and the rows (openssl indices) each selects. */
static const struct word {
	const char *word;
	int rows[3];
	int n;
} words[] = {
	{ "md2", { 0 }, 1 }, { "mdc2", { 1 }, 1 }, { "md4", { 2 }, 1 }, { "md5", { 3 }, 1 },
	{ "hmac", { 9 }, 1 }, { "sha1", { 4 }, 1 }, { "sha256", { 6 }, 1 }, { "sha512", { 7 }, 1 },
	{ "sha", { 4, 6, 7 }, 3 }, { "rmd160", { 5 }, 1 }, { "ripemd160", { 5 }, 1 }, { "ripemd", { 5 }, 1 },
	{ "rc4", { 12 }, 1 }, { "des-cbc", { 10 }, 1 }, { "des-ede3", { 11 }, 1 }, { "des", { 10, 11 }, 2 },
	{ "idea-cbc", { 13 }, 1 }, { "idea", { 13 }, 1 }, { "rc2-cbc", { 15 }, 1 }, { "rc2", { 15 }, 1 },
	{ "rc5-cbc", { 16 }, 1 }, { "rc5", { 16 }, 1 }, { "bf-cbc", { 17 }, 1 }, { "blowfish", { 17 }, 1 },
	{ "bf", { 17 }, 1 }, { "cast-cbc", { 18 }, 1 }, { "cast", { 18 }, 1 }, { "cast5", { 18 }, 1 },
	{ "aes-128-cbc", { 19 }, 1 }, { "aes-192-cbc", { 20 }, 1 }, { "aes-256-cbc", { 21 }, 1 },
	{ "aes", { 19, 20, 21 }, 3 }, { "camellia-128-cbc", { 22 }, 1 }, { "camellia-192-cbc", { 23 }, 1 },
	{ "camellia-256-cbc", { 24 }, 1 }, { "camellia", { 22, 23, 24 }, 3 },
};
#define NWORDS (sizeof(words) / sizeof(words[0]))

static const char *const pk_words[] = {
	"rsa512", "rsa1024", "rsa2048", "rsa3072", "rsa4096", "dsa512", "dsa1024", "dsa2048"
};
#define NPK (sizeof(pk_words) / sizeof(pk_words[0]))

static const speed_engine *const engines[] = { &speed_engine_ember, &speed_engine_openssl, &speed_engine_afalg,
	&speed_engine_cryptodev };
#define MAX_RUNS 8
#define NENGINES (sizeof(engines) / sizeof(engines[0]))

static const size_t default_sizes[] = { 16, 64, 256, 1024, 8192, 16384 };
#define MAX_SIZE ((size_t)1 << 26)
#define MAX_MISALIGN 63

/* ---- small helpers ---- */

/* openssl prints whole seconds with %d; fractions (an Ember extension) with %g. */
static const char *fmt_secs(double s, char *buf, size_t len)
{
	if (s == floor(s) && s < 1e9)
		snprintf(buf, len, "%d", (int)s);
	else
		snprintf(buf, len, "%g", s);
	return buf;
}

static int parse_double(const char *opt, const char *v, double *out)
{
	char *end;
	double d;

	/* Decimal only: strtod would also take hex ("0x10" as 16), "inf" and "nan". */
	if (strspn(v, "0123456789.eE+-") != strlen(v))
		return tool_error(CMD, "%s: '%s' is not a positive number of seconds", opt, v);
	errno = 0;
	d = strtod(v, &end);
	if (*v == 0 || *end != 0 || errno != 0 || !(d > 0) || d > 1e6)
		return tool_error(CMD, "%s: '%s' is not a positive number of seconds", opt, v);
	*out = d;
	return 0;
}

static int parse_uint(const char *opt, const char *v, unsigned long long min, unsigned long long max,
    unsigned long long *out)
{
	char *end;
	unsigned long long n;

	errno = 0;
	n = strtoull(v, &end, 10);
	if (*v == 0 || !isdigit((unsigned char)*v) || *end != 0 || errno != 0)
		return tool_error(CMD, "%s: '%s' is not a whole number", opt, v);
	if (n < min || n > max)
		return tool_error(CMD, "%s: '%s' is out of range (%llu..%llu)", opt, v, min, max);
	*out = n;
	return 0;
}

static int parse_sizes(speed_run *r, const char *v)
{
	const char *p = v;

	r->nsizes = 0;
	while (*p) {
		char item[32];
		size_t n = strcspn(p, ",");
		unsigned long long sz;

		if (n == 0 || n >= sizeof(item))
			return tool_error(CMD, "-sizes: '%s' is not a comma-separated list of sizes", v);
		if (r->nsizes == SPEED_MAX_SIZES)
			return tool_error(CMD, "-sizes: at most %d sizes", SPEED_MAX_SIZES);
		memcpy(item, p, n);
		item[n] = 0;
		if (parse_uint("-sizes", item, 1, MAX_SIZE, &sz))
			return 1;
		r->sizes[r->nsizes++] = (size_t)sz;
		p += n;
		if (*p == ',' && *++p == 0)
			return tool_error(CMD, "-sizes: '%s' ends with a comma", v);
	}
	if (r->nsizes == 0)
		return tool_error(CMD, "-sizes: empty list");
	return 0;
}

static const struct row_def *row_by_index(int index)
{
	size_t i;

	for (i = 0; i < NROWS; i++)
		if (row_defs[i].index == index)
			return &row_defs[i];
	return NULL;
}

void speed_result_finish(speed_result *r)
{
	double *s;
	int i, j, n = r->nsamples;

	if (n == 0)
		return;
	s = malloc(sizeof(double) * (size_t)n);
	if (s == NULL)
		return;
	memcpy(s, r->samples, sizeof(double) * (size_t)n);
	for (i = 1; i < n; i++) /* insertion sort: a handful of samples */
		for (j = i; j > 0 && s[j - 1] > s[j]; j--) {
			double t = s[j];
			s[j] = s[j - 1];
			s[j - 1] = t;
		}
	r->min = s[0];
	r->max = s[n - 1];
	r->rate = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
	free(s);
}

static int add_sample(speed_result *r, double rate, const speed_sample *s, int repeat)
{
	if (r->samples == NULL) {
		r->samples = calloc((size_t)repeat, sizeof(double));
		if (r->samples == NULL)
			return -1;
	}
	r->samples[r->nsamples++] = rate;
	r->ops += s->ops;
	r->seconds += s->seconds;
	r->cycles += s->cycles;
	r->state = SPEED_OK;
	return 0;
}

/* Bounded copy of a message (snprintf("%s") would warn about truncation). */
static void set_text(char *dst, size_t n, const char *src)
{
	size_t len = strlen(src);

	if (len >= n)
		len = n - 1;
	memcpy(dst, src, len);
	dst[len] = 0;
}

/* "openssl: " before an engine's messages, except for Ember's own engine run alone. */
static const char *engine_prefix(const speed_run *r)
{
	static char buf[40];

	if (r->engine == &speed_engine_ember && r->nengines <= 1)
		return "";
	snprintf(buf, sizeof(buf), "%s: ", r->engine->name);
	return buf;
}

/* ---- the header and tables ---- */

static void print_header(FILE *f, const speed_run *runs, int nrun, int nel, const speed_missing *miss, int nmiss)
{
	char buf[4096];
	size_t used = 0;
	int i, k;

	buf[0] = 0;
	for (k = 0; k < nrun; k++) {
		const speed_run *r = &runs[k];
		if (nel > 1 && used < sizeof(buf) - 1) {
			snprintf(buf + used, sizeof(buf) - used, "%s%s:", used ? "; " : "", r->engine->name);
			used += strlen(buf + used);
		}
		for (i = 0; i < r->njobs; i++) {
			const speed_job *j = &r->jobs[i];
			if (j->impl_used[0] == 0 || used >= sizeof(buf) - 1)
				continue;
			snprintf(buf + used, sizeof(buf) - used, "%s%s:%s", used ? " " : "", j->row.name, j->impl_used);
			used += strlen(buf + used);
		}
	}
	fprintf(f, "version: Ember %s\n", ember_version());
	fprintf(f, "built on: %s\n", tool_build_date);
	fprintf(f, "options: %s\n", buf);
	fprintf(f, "compiler: %s %s (%s)\n", tool_build_cc, tool_build_flags, tool_build_target);
	ember_cpu_describe(buf, sizeof(buf));
	fprintf(f, "CPUINFO: %s\n", buf);
	if (nel > 1 || runs[0].engine != &speed_engine_ember) {
		for (k = 0; k < nrun; k++) {
			buf[0] = 0;
			if (runs[k].engine->describe)
				runs[k].engine->describe(buf, sizeof(buf));
			fprintf(f, "engine: %s%s%s%s\n", runs[k].engine->name, buf[0] ? " (" : "", buf, buf[0] ? ")" : "");
		}
		for (k = 0; k < nmiss; k++)
			fprintf(f, "engine: %s: not available: %s\n", miss[k].engine, miss[k].why);
	}
	if (runs[0].elapsed_implied != NULL)
		fprintf(f, "timing: wall clock (CLOCK_MONOTONIC), -elapsed implied: engine %s hands the work to the "
		           "kernel, where this process's CPU time does not see it\n", runs[0].elapsed_implied);
}

static void print_type_line(FILE *f, const speed_run *r)
{
	int s;

	fprintf(f, "type        ");
	for (s = 0; s < r->nsizes; s++)
		fprintf(f, "%7d bytes", (int)r->sizes[s]);
	fprintf(f, "\n");
}

static void print_tables(FILE *f, const speed_run *r)
{
	int i, s, any = 0, title;

	for (i = 0; i < r->njobs; i++)
		if (r->jobs[i].state == SPEED_OK || r->jobs[i].state == SPEED_FAILED)
			any = 1;
	if (r->format == SPEED_MR) {
		if (any) {
			fprintf(f, "+H");
			for (s = 0; s < r->nsizes; s++)
				fprintf(f, ":%d", (int)r->sizes[s]);
			fprintf(f, "\n");
		}
		for (i = 0; i < r->njobs; i++) {
			const speed_job *j = &r->jobs[i];
			if (j->state != SPEED_OK)
				continue; /* a failed row has no numbers: no record, never a 0.00 */
			fprintf(f, "+F:%u:%s", (unsigned)j->row.index, j->label);
			for (s = 0; s < r->nsizes; s++)
				fprintf(f, ":%.2f", j->res[s].rate);
			fprintf(f, "\n");
		}
		for (i = 0; i < r->npk; i++) {
			const speed_pk_job *p = &r->pk[i];
			if (p->state != SPEED_OK)
				continue;
			fprintf(f, "+F%d:%u:%u:%f:%f\n", p->dsa ? 3 : 2, (unsigned)p->index, p->bits, p->res[0].rate,
			    p->res[1].rate);
		}
		return;
	}
	if (any) {
		fprintf(f, "The 'numbers' are in 1000s of bytes per second processed.\n");
		print_type_line(f, r);
		for (i = 0; i < r->njobs; i++) {
			const speed_job *j = &r->jobs[i];
			if (j->state != SPEED_OK && j->state != SPEED_FAILED)
				continue;
			fprintf(f, "%-13s", j->label);
			for (s = 0; s < r->nsizes; s++) {
				double v = j->res[s].rate;
				if (j->state != SPEED_OK)
					fprintf(f, " %11s ", "failed");
				else if (v > 10000)
					fprintf(f, " %11.2fk", v / 1e3);
				else
					fprintf(f, " %11.2f ", v);
			}
			fprintf(f, "\n");
		}
	}
	for (title = 0; title < 2; title++) {
		int header = 0;
		for (i = 0; i < r->npk; i++) {
			const speed_pk_job *p = &r->pk[i];
			if (p->dsa != title || (p->state != SPEED_OK && p->state != SPEED_FAILED))
				continue;
			if (!header) {
				fprintf(f, "%18ssign    verify    sign/s verify/s\n", " ");
				header = 1;
			}
			if (p->state != SPEED_OK)
				fprintf(f, "%s %4u bits %9s %9s %8s %8s\n", p->dsa ? "dsa" : "rsa", p->bits, "failed", "failed",
				    "failed", "failed");
			else
				fprintf(f, "%s %4u bits %8.6fs %8.6fs %8.1f %8.1f\n", p->dsa ? "dsa" : "rsa", p->bits,
				    1.0 / p->res[0].rate, 1.0 / p->res[1].rate, p->res[0].rate, p->res[1].rate);
		}
	}
	/* Ember's additions come after openssl's tables, only when asked for. */
	if (any && r->repeat > 1) {
		fprintf(f, "\nThe spread is (max - min) / median in percent over %d runs.\n", r->repeat);
		print_type_line(f, r);
		for (i = 0; i < r->njobs; i++) {
			const speed_job *j = &r->jobs[i];
			if (j->state != SPEED_OK)
				continue;
			fprintf(f, "%-13s", j->label);
			for (s = 0; s < r->nsizes; s++) {
				const speed_result *x = &j->res[s];
				fprintf(f, " %11.1f%%", x->rate > 0 ? 100.0 * (x->max - x->min) / x->rate : 0.0);
			}
			fprintf(f, "\n");
		}
	}
	if (any && r->cycles) {
		if (r->cycles_name == NULL) {
			fprintf(f, "\nCycles per byte: not available (%s).\n", r->cycles_why);
			return;
		}
		fprintf(f, "\nThe 'numbers' are cycles per byte processed (%s).\n", r->cycles_name);
		print_type_line(f, r);
		for (i = 0; i < r->njobs; i++) {
			const speed_job *j = &r->jobs[i];
			if (j->state != SPEED_OK)
				continue;
			fprintf(f, "%-13s", j->label);
			for (s = 0; s < r->nsizes; s++) {
				const speed_result *x = &j->res[s];
				double bytes = (double)x->ops * (double)r->sizes[s];
				fprintf(f, " %11.2f ", bytes > 0 ? (double)x->cycles / bytes : 0.0);
			}
			fprintf(f, "\n");
		}
	}
}

/* One rate (bytes or operations per second) in openssl's number format. */
static void put_rate(FILE *f, double v)
{
	if (v > 10000)
		fprintf(f, " %11.2fk", v / 1e3);
	else
		fprintf(f, " %11.2f ", v);
}

static void put_ratio(FILE *f, int show, double v, double base)
{
	if (show && base > 0)
		fprintf(f, " x%-5.2f", v / base);
	else
		fprintf(f, "       ");
}

static const speed_job *job_by_label(const speed_run *r, const char *label)
{
	int i;

	for (i = 0; i < r->njobs; i++)
		if (strcmp(r->jobs[i].label, label) == 0)
			return &r->jobs[i];
	return NULL;
}

static const speed_pk_job *pk_by_word(const speed_run *r, const char *word)
{
	int i;

	for (i = 0; i < r->npk; i++)
		if (strcmp(r->pk[i].word, word) == 0)
			return &r->pk[i];
	return NULL;
}

/* Why an engine has no numbers for a row. */
static const char *no_numbers(int state, const char *error)
{
	if (state == SPEED_FAILED)
		return error[0] ? error : "failed";
	if (state == SPEED_SKIPPED)
		return error[0] ? error : "skipped";
	return "not selected";
}

/*
 * Every engine's rate for each row and size, with the ratio to the first
 * engine's (above 1: faster than the first engine). Rows are those of every
 * engine in order; an engine without numbers for a row says why.
 */
static void print_side_by_side(FILE *f, const speed_run *runs, int nrun, const speed_missing *miss, int nmiss)
{
	const speed_run *base = &runs[0];
	int k, m, i, s, printed_pk = 0;

	/* worded so that speed-result readers skip it (no "1000s", which reads as a time) */
	fprintf(f, "\nSide by side, in thousands of bytes per second (xN.NN: this engine's rate over %s's):\n",
	    base->engine->name);
	fprintf(f, "%-13s %-10s", "type", "engine");
	for (s = 0; s < base->nsizes; s++)
		fprintf(f, "%7d bytes%7s", (int)base->sizes[s], "");
	fprintf(f, "\n");
	for (k = 0; k < nrun; k++) {
		for (i = 0; i < runs[k].njobs; i++) {
			const char *label = runs[k].jobs[i].label;
			const speed_job *b = job_by_label(base, label);
			int seen = 0;

			for (m = 0; m < k && !seen; m++)
				seen = job_by_label(&runs[m], label) != NULL;
			if (seen)
				continue;
			for (m = 0; m < nrun; m++) {
				const speed_job *j = job_by_label(&runs[m], label);
				fprintf(f, "%-13s %-10s", m == 0 ? label : "", runs[m].engine->name);
				if (j == NULL || j->state != SPEED_OK) {
					fprintf(f, " %11s  n/a: %s\n", "", j ? no_numbers(j->state, j->error) : "not selected");
					continue;
				}
				for (s = 0; s < runs[m].nsizes; s++) {
					double v = j->res[s].rate;
					put_rate(f, v);
					put_ratio(f, m > 0 && b && b->state == SPEED_OK, v, b && b->state == SPEED_OK ? b->res[s].rate : 0);
				}
				fprintf(f, "  [%s]\n", j->impl_used);
			}
		}
	}
	for (k = 0; k < nrun; k++) {
		for (i = 0; i < runs[k].npk; i++) {
			const char *word = runs[k].pk[i].word;
			const speed_pk_job *b = pk_by_word(base, word);
			int seen = 0;

			for (m = 0; m < k && !seen; m++)
				seen = pk_by_word(&runs[m], word) != NULL;
			if (seen)
				continue;
			if (!printed_pk) {
				fprintf(f, "\n%-13s %-10s %13s%7s %13s\n", "public key", "engine", "sign/s", "", "verify/s");
				printed_pk = 1;
			}
			for (m = 0; m < nrun; m++) {
				const speed_pk_job *p = pk_by_word(&runs[m], word);
				int op;
				fprintf(f, "%-13s %-10s", m == 0 ? word : "", runs[m].engine->name);
				if (p == NULL || p->state != SPEED_OK) {
					fprintf(f, " %11s  n/a: %s\n", "", p ? no_numbers(p->state, p->error) : "not selected");
					continue;
				}
				for (op = 0; op < 2; op++) {
					fprintf(f, " %12.1f", p->res[op].rate);
					put_ratio(f, m > 0 && b && b->state == SPEED_OK, p->res[op].rate,
					    b && b->state == SPEED_OK ? b->res[op].rate : 0);
				}
				fprintf(f, "\n");
			}
		}
	}
	for (k = 0; k < nmiss; k++)
		fprintf(f, "engine %s: not available: %s\n", miss[k].engine, miss[k].why);
}

/* ---- running ---- */

struct sym_arg {
	const speed_engine *e;
	speed_task *t;
	uint8_t *buf;
	size_t size;
};

static int sym_op(void *arg, uint64_t n)
{
	struct sym_arg *a = arg;

	a->e->run(a->t, a->buf, a->size, n);
	if (a->e->error != NULL && a->e->error(a->t) != NULL)
		return EMBER_EINTERNAL;
	return 0;
}

struct pk_arg {
	const speed_engine *e;
	void *k;
	int verify;
};

static int pk_op(void *arg, uint64_t n)
{
	struct pk_arg *a = arg;
	uint64_t i;

	for (i = 0; i < n; i++) {
		int err = a->verify ? a->e->pk_verify(a->k) : a->e->pk_sign(a->k);
		if (err)
			return err;
	}
	return 0;
}

/* stderr in openssl's words: text, or -mr records when |mr|. */
static void progress_sym(const speed_run *r, int mr, const speed_job *j, size_t size)
{
	char sb[32];

	if (r->count && mr)
		fprintf(stderr, "+DN:%s:%llu:%d\n", j->label, (unsigned long long)r->count, (int)size);
	else if (r->count)
		fprintf(stderr, "Doing %s %llu times on %d size blocks: ", j->label, (unsigned long long)r->count,
		    (int)size);
	else if (mr)
		fprintf(stderr, "+DT:%s:%s:%d\n", j->label, fmt_secs(r->seconds, sb, sizeof(sb)), (int)size);
	else
		fprintf(stderr, "Doing %s for %ss on %d size blocks: ", j->label, fmt_secs(r->seconds, sb, sizeof(sb)),
		    (int)size);
	fflush(stderr);
}

static void run_job(speed_run *r, int mr, speed_job *j, uint8_t *buf)
{
	struct sym_arg a;
	speed_task *t = NULL;
	int s, k, err;

	err = r->engine->open(&j->row, j->impl[0] ? j->impl : NULL, r->decrypt, &t, j->error, sizeof(j->error));
	if (err == EMBER_ENOTSUP && r->nengines > 1) {
		/* with several engines, a row one of them lacks is reported and the rest runs */
		j->state = SPEED_SKIPPED;
		fprintf(stderr, "ember speed: %s%s (skipped)\n", engine_prefix(r), j->error);
		return;
	}
	if (err != 0) {
		j->state = SPEED_FAILED;
		r->failures++;
		tool_error(CMD, "%s%s", engine_prefix(r), j->error);
		return;
	}
	snprintf(j->impl_used, sizeof(j->impl_used), "%s", r->engine->impl_name(t));
	a.e = r->engine;
	a.t = t;
	a.buf = buf;
	for (s = 0; s < r->nsizes; s++) {
		a.size = r->sizes[s];
		for (k = 0; k < r->repeat; k++) {
			speed_sample smp;
			double rate;

			progress_sym(r, mr, j, a.size);
			if (speed_measure(sym_op, &a, r->seconds, r->count, &smp) != 0) {
				if (!mr)
					fprintf(stderr, "\n");
				snprintf(j->error, sizeof(j->error), "%s: stopped: %s", j->label,
				    r->engine->error ? r->engine->error(t) : "failed");
				tool_error(CMD, "%s%s", engine_prefix(r), j->error);
				r->engine->close(t);
				j->state = SPEED_FAILED;
				r->failures++;
				return;
			}
			rate = smp.seconds > 0 ? (double)smp.ops / smp.seconds * (double)a.size : 0;
			if (mr)
				fprintf(stderr, "+R:%llu:%s:%f\n", (unsigned long long)smp.ops, j->label, smp.seconds);
			else
				fprintf(stderr, "%llu %s's in %.2fs\n", (unsigned long long)smp.ops, j->label, smp.seconds);
			if (add_sample(&j->res[s], rate, &smp, r->repeat) != 0) {
				r->engine->close(t);
				j->state = SPEED_FAILED;
				r->failures++;
				return;
			}
		}
		speed_result_finish(&j->res[s]);
	}
	r->engine->close(t);
	j->state = SPEED_OK;
}

static const char *pk_what(int dsa, int verify)
{
	return dsa ? (verify ? "verify" : "sign") : (verify ? "public" : "private");
}

/* Times one public-key job; returns the operations of its first sign run (stop rule). */
static uint64_t run_pk(speed_run *r, int mr, speed_pk_job *p, void *key)
{
	uint64_t first = 0;
	int op, k, err;
	char sb[32];

	err = r->engine->pk_selftest(key);
	if (err != 0) {
		snprintf(p->error, sizeof(p->error), "%s: self-test failed (%s): not timed", p->word, ember_strerror(err));
		p->state = SPEED_FAILED;
		r->failures++;
		tool_error(CMD, "%s%s", engine_prefix(r), p->error);
		return 0;
	}
	for (op = 0; op < 2; op++) {
		struct pk_arg a;
		a.e = r->engine;
		a.k = key;
		a.verify = op;
		for (k = 0; k < r->repeat; k++) {
			speed_sample smp;
			const char *fam = p->dsa ? "dsa" : "rsa";

			if (r->count && mr)
				fprintf(stderr, "+DNP:%llu:%u:%s:%s\n", (unsigned long long)r->count, p->bits,
				    pk_what(p->dsa, op), fam);
			else if (r->count)
				fprintf(stderr, "Doing %llu %u bits %s %s's: ", (unsigned long long)r->count, p->bits,
				    pk_what(p->dsa, op), fam);
			else if (mr)
				fprintf(stderr, "+DTP:%u:%s:%s:%s\n", p->bits, pk_what(p->dsa, op), fam,
				    fmt_secs(r->pk_seconds, sb, sizeof(sb)));
			else
				fprintf(stderr, "Doing %u bits %s %s's for %ss: ", p->bits, pk_what(p->dsa, op), fam,
				    fmt_secs(r->pk_seconds, sb, sizeof(sb)));
			fflush(stderr);
			err = speed_measure(pk_op, &a, r->pk_seconds, r->count, &smp);
			if (err != 0) {
				if (!mr)
					fprintf(stderr, "\n");
				snprintf(p->error, sizeof(p->error), "%s: %s operation failed (%s)", p->word,
				    pk_what(p->dsa, op), ember_strerror(err));
				p->state = SPEED_FAILED;
				r->failures++;
				tool_error(CMD, "%s%s", engine_prefix(r), p->error);
				return 0;
			}
			if (op == 0 && k == 0)
				first = smp.ops;
			if (mr)
				fprintf(stderr, "+R%d:%llu:%u:%.2f\n", (p->dsa ? 3 : 1) + op, (unsigned long long)smp.ops,
				    p->bits, smp.seconds);
			else if (p->dsa)
				fprintf(stderr, "%llu %u bits DSA %s in %.2fs\n", (unsigned long long)smp.ops, p->bits,
				    op ? "verify" : "signs", smp.seconds);
			else
				fprintf(stderr, "%llu %u bits %s RSA's in %.2fs\n", (unsigned long long)smp.ops, p->bits,
				    op ? "public" : "private", smp.seconds);
			if (add_sample(&p->res[op], smp.seconds > 0 ? (double)smp.ops / smp.seconds : 0, &smp,
			        r->repeat) != 0) {
				p->state = SPEED_FAILED;
				r->failures++;
				return 0;
			}
		}
		speed_result_finish(&p->res[op]);
	}
	p->state = SPEED_OK;
	return first;
}

static uint8_t *alloc_buf(const speed_run *r, void **base)
{
	size_t max = 0;
	uintptr_t p;
	int s;

	for (s = 0; s < r->nsizes; s++)
		if (r->sizes[s] > max)
			max = r->sizes[s];
	/* room for the largest size, a partial cipher block, alignment and -misalign */
	*base = malloc(max + 64 + 64 + MAX_MISALIGN + 1);
	if (*base == NULL)
		return NULL;
	/* touch every page now, so that no page fault lands inside a measurement */
	memset(*base, 0x5a, max + 64 + 64 + MAX_MISALIGN + 1);
	p = ((uintptr_t)*base + 63) & ~(uintptr_t)63;
	return (uint8_t *)p + r->misalign;
}

static void run_all(speed_run *r, int mr)
{
	void *base;
	uint8_t *buf = alloc_buf(r, &base);
	int i, fam;

	if (buf == NULL) {
		r->failures++;
		tool_error(CMD, "out of memory for %d-byte buffers", (int)r->sizes[0]);
		return;
	}
	if (r->nengines > 1 && !mr)
		fprintf(stderr, "Engine %s:\n", r->engine->name);
	for (i = 0; i < r->njobs; i++)
		if (r->jobs[i].state != SPEED_SKIPPED)
			run_job(r, mr, &r->jobs[i], buf);
	free(base);
	/* Stop rule as openssl: once one operation outlasts the run, larger keys of that family are skipped. */
	for (fam = 0; fam < 2; fam++) {
		const speed_pk_job *slow = NULL;
		for (i = 0; i < r->npk; i++) {
			speed_pk_job *p = &r->pk[i];
			if (p->dsa != fam || p->state == SPEED_SKIPPED)
				continue;
			if (slow != NULL) {
				char sb[32];
				p->state = SPEED_SKIPPED;
				snprintf(p->error, sizeof(p->error), "skipped: one %s %s operation took longer than %ss", slow->word,
				    pk_what(slow->dsa, 0), fmt_secs(r->pk_seconds, sb, sizeof(sb)));
				fprintf(stderr, "ember speed: %s: %s\n", p->word, p->error);
				continue;
			}
			if (run_pk(r, mr, p, r->keys[i]) <= 1 && p->state == SPEED_OK && r->count == 0)
				slow = p;
		}
	}
}

/* ---- -multi: N processes, rates summed, as openssl's do_multi ---- */

/* What a child sends besides openssl's records, so that the parent can fill JSON and CSV too. */
static void child_records(FILE *f, const speed_run *r)
{
	int i, s;

	for (i = 0; i < r->njobs; i++) {
		const speed_job *j = &r->jobs[i];
		fprintf(f, "+EMBER:J:%d:%d:%s\n", i, j->state, j->impl_used[0] ? j->impl_used : "-");
		for (s = 0; j->state == SPEED_OK && s < r->nsizes; s++) {
			const speed_result *x = &j->res[s];
			fprintf(f, "+EMBER:S:%d:%d:%llu:%.9g:%.17g:%.17g:%.17g:%llu\n", i, s, (unsigned long long)x->ops,
			    x->seconds, x->rate, x->min, x->max, (unsigned long long)x->cycles);
		}
	}
	for (i = 0; i < r->npk; i++) {
		const speed_pk_job *p = &r->pk[i];
		fprintf(f, "+EMBER:K:%d:%d\n", i, p->state);
		for (s = 0; p->state == SPEED_OK && s < 2; s++) {
			const speed_result *x = &p->res[s];
			fprintf(f, "+EMBER:P:%d:%d:%llu:%.9g:%.17g:%.17g:%.17g:%llu\n", i, s, (unsigned long long)x->ops,
			    x->seconds, x->rate, x->min, x->max, (unsigned long long)x->cycles);
		}
	}
}

static void merge(speed_result *x, unsigned long long ops, double secs, double rate, double mn, double mx,
    unsigned long long cyc)
{
	if (x->samples == NULL) {
		x->samples = calloc(1, sizeof(double));
		if (x->samples == NULL)
			return;
		x->nsamples = 1;
	}
	x->ops += ops;
	x->seconds = secs > x->seconds ? secs : x->seconds;
	x->rate += rate;
	x->min += mn;
	x->max += mx;
	x->cycles += cyc;
	x->samples[0] = x->rate;
	x->state = SPEED_OK;
}

static void parse_child_line(speed_run *r, char *line)
{
	int i, s, st;
	unsigned long long ops, cyc;
	double secs, rate, mn, mx;
	char impl[32];

	if (sscanf(line, "+EMBER:J:%d:%d:%31s", &i, &st, impl) == 3 && i >= 0 && i < r->njobs) {
		speed_job *j = &r->jobs[i];
		if (st == SPEED_FAILED || j->state == SPEED_NOT_RUN)
			j->state = st;
		if (strcmp(impl, "-") != 0)
			snprintf(j->impl_used, sizeof(j->impl_used), "%s", impl);
	} else if (sscanf(line, "+EMBER:S:%d:%d:%llu:%lf:%lf:%lf:%lf:%llu", &i, &s, &ops, &secs, &rate, &mn, &mx,
	               &cyc) == 8 &&
	    i >= 0 && i < r->njobs && s >= 0 && s < r->nsizes) {
		merge(&r->jobs[i].res[s], ops, secs, rate, mn, mx, cyc);
	} else if (sscanf(line, "+EMBER:K:%d:%d", &i, &st) == 2 && i >= 0 && i < r->npk) {
		if (st == SPEED_FAILED || r->pk[i].state == SPEED_NOT_RUN)
			r->pk[i].state = st;
	} else if (sscanf(line, "+EMBER:P:%d:%d:%llu:%lf:%lf:%lf:%lf:%llu", &i, &s, &ops, &secs, &rate, &mn, &mx,
	               &cyc) == 8 &&
	    i >= 0 && i < r->npk && s >= 0 && s < 2) {
		merge(&r->pk[i].res[s], ops, secs, rate, mn, mx, cyc);
	}
}

/* Returns 1 in a child (which then runs and reports), 0 in the parent once all children are read. */
static int do_multi(speed_run *r)
{
	int *fds, n;
	int echo = r->format == SPEED_TEXT || r->format == SPEED_MR;

	fds = calloc((size_t)r->multi, sizeof(int));
	if (fds == NULL) {
		r->failures++;
		return 0;
	}
	for (n = 0; n < r->multi; n++) {
		int fd[2];
		pid_t pid;

		if (pipe(fd) == -1) {
			tool_error(CMD, "-multi: pipe: %s", strerror(errno));
			r->failures++;
			break;
		}
		fflush(stdout);
		fflush(stderr);
		pid = fork();
		if (pid == -1) {
			tool_error(CMD, "-multi: fork: %s", strerror(errno));
			close(fd[0]);
			close(fd[1]);
			r->failures++;
			break;
		}
		if (pid == 0) {
			int k;
			for (k = 0; k < n; k++)
				close(fds[k]);
			close(fd[0]);
			if (dup2(fd[1], 1) == -1)
				_exit(1);
			close(fd[1]);
			free(fds);
			return 1;
		}
		close(fd[1]);
		fds[n] = fd[0];
		if (echo)
			printf("Forked child %d\n", n);
	}
	r->multi = n;
	for (n = 0; n < r->multi; n++) {
		FILE *f = fdopen(fds[n], "r");
		char buf[1024];

		if (f == NULL) {
			close(fds[n]);
			r->failures++;
			continue;
		}
		while (fgets(buf, sizeof(buf), f)) {
			char *p = strchr(buf, '\n');
			if (p)
				*p = 0;
			if (buf[0] != '+') {
				fprintf(stderr, "Don't understand line '%s' from child %d\n", buf, n);
				continue;
			}
			if (strncmp(buf, "+EMBER:", 7) == 0)
				parse_child_line(r, buf);
			else if (echo)
				printf("Got: %s from %d\n", buf, n);
		}
		fclose(f);
	}
	for (n = 0; n < r->multi; n++) {
		int status;
		if (wait(&status) == -1)
			break;
		if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
			r->failures += WEXITSTATUS(status);
		else if (WIFSIGNALED(status)) {
			fprintf(stderr, "Child terminated by signal %d\n", WTERMSIG(status));
			r->failures++;
		}
	}
	free(fds);
	return 0;
}

/* ---- -list ---- */

static void flags_text(char *buf, size_t len, unsigned flags)
{
	snprintf(buf, len, "%s%s%s", flags & EMBER_IMPL_CT ? "ct" : "", (flags & EMBER_IMPL_CT) && (flags & EMBER_IMPL_HW) ? "," : "",
	    flags & EMBER_IMPL_HW ? "hw" : "");
	if (buf[0] == 0)
		snprintf(buf, len, "-");
}

static int list_all(const speed_engine *e)
{
	size_t i, k, n;
	char why[200], fl[16];

	printf("%-18s %-10s %-6s %s\n", "row", "impl", "flags", "this CPU");
	for (i = 0; i < NROWS; i++) {
		speed_row row;
		speed_impl im[16];

		memset(&row, 0, sizeof(row));
		row.index = row_defs[i].index;
		snprintf(row.name, sizeof(row.name), "%s", row_defs[i].name);
		row.kind = row_defs[i].kind;
		snprintf(row.target, sizeof(row.target), "%s", row_defs[i].target);
		n = e->impls(&row, im, 16, why, sizeof(why));
		if (n == 0) {
			/* the engine's reason without the row's name: "not in this build", "not in this libcrypto" */
			size_t skip = strlen(row.name);
			printf("%-18s %-10s %-6s %s\n", row.name, "-", "-",
			    strncmp(why, row.name, skip) == 0 && strncmp(why + skip, ": ", 2) == 0 ? why + skip + 2 : why);
			continue;
		}
		for (k = 0; k < n && k < 16; k++) {
			flags_text(fl, sizeof(fl), im[k].flags);
			printf("%-18s %-10s %-6s %s%s\n", row.name, im[k].name, fl,
			    im[k].supported ? "supported" : "not supported", im[k].preferred ? " (default)" : "");
		}
	}
	for (i = 0; i < NPK; i++) {
		void *k2 = e->pk_new ? e->pk_new(pk_words[i], why, sizeof(why)) : NULL;
		if (e->pk_new == NULL)
			snprintf(why, sizeof(why), "%s: not supported by this engine", pk_words[i]);
		printf("%-18s %-10s %-6s %s\n", pk_words[i], "-", "-", k2 ? "supported" : why);
		if (k2 != NULL)
			e->pk_free(k2);
	}
	printf("\nwords: md2 mdc2 md4 md5 hmac sha1 sha256 sha512 rmd160 ripemd160 ripemd rc4 des-cbc des-ede3\n"
	       "  idea-cbc idea rc2-cbc rc2 rc5-cbc rc5 bf-cbc blowfish bf cast-cbc cast cast5\n"
	       "  aes-128-cbc aes-192-cbc aes-256-cbc camellia-128-cbc camellia-192-cbc camellia-256-cbc\n"
	       "  rsa512 rsa1024 rsa2048 rsa3072 rsa4096 dsa512 dsa1024 dsa2048\n"
	       "groups: sha = sha1 sha256 sha512; des = des-cbc des-ede3; aes = aes-{128,192,256}-cbc;\n"
	       "  camellia = camellia-{128,192,256}-cbc; rsa = rsa512..rsa4096; dsa = dsa512..dsa2048\n");
	printf("\nregistry (for -evp and -hmac):\n");
	for (i = 0; i < ember_hash_count(); i++) {
		const ember_hash_desc *d = ember_hash_at(i);
		flags_text(fl, sizeof(fl), d->flags);
		printf("  digest %-12s %-10s %-6s %s\n", d->name, d->impl, fl,
		    ember_hash_supported(d) ? "supported" : "not supported");
	}
	for (i = 0; i < ember_block_count(); i++) {
		const ember_block_desc *d = ember_block_at(i);
		flags_text(fl, sizeof(fl), d->flags);
		printf("  cipher %-12s %-10s %-6s %s\n", d->name, d->impl, fl,
		    ember_block_supported(d) ? "supported" : "not supported");
	}
	printf("\nengines:");
	for (i = 0; i < NENGINES; i++)
		printf(" %s", engines[i]->name);
	printf("\n");
	return 0;
}

/* ---- selection ---- */

static int add_job(speed_run *r, const speed_row *row, const char *impl, int show_impl)
{
	speed_job *j;

	j = realloc(r->jobs, sizeof(*j) * (size_t)(r->njobs + 1));
	if (j == NULL)
		return tool_error(CMD, "out of memory");
	r->jobs = j;
	j = &r->jobs[r->njobs++];
	memset(j, 0, sizeof(*j));
	j->row = *row;
	snprintf(j->impl, sizeof(j->impl), "%s", impl ? impl : "");
	if (show_impl)
		snprintf(j->label, sizeof(j->label), "%s/%s", row->name, impl);
	else
		snprintf(j->label, sizeof(j->label), "%s", row->name);
	return 0;
}

/* Adds the jobs of one row; returns 0, 1 on error (printed), or 2 when not in this build (reason in why). */
static int select_row(speed_run *r, const speed_row *row, const char *impl, char *why, size_t why_len)
{
	speed_impl im[16];
	size_t n, k;
	char have[160];

	n = r->engine->impls(row, im, 16, why, why_len);
	if (n == 0)
		return 2;
	if (n > 16)
		n = 16;
	if (impl == NULL) {
		for (k = 0; k < n && !im[k].preferred; k++)
			;
		if (k == n) {
			snprintf(why, why_len, "%s: no implementation supported by this CPU", row->name);
			return 2;
		}
		return add_job(r, row, NULL, 0);
	}
	if (strcmp(impl, "all") == 0) {
		int added = 0;
		for (k = 0; k < n; k++) {
			if (!im[k].supported) {
				fprintf(stderr, "ember speed: %s/%s: not supported by this CPU (skipped)\n", row->name, im[k].name);
				continue;
			}
			if (add_job(r, row, im[k].name, 1))
				return 1;
			added++;
		}
		if (added == 0) {
			snprintf(why, why_len, "%s: no implementation supported by this CPU", row->name);
			return 2;
		}
		return 0;
	}
	have[0] = 0;
	for (k = 0; k < n; k++) {
		if (strcmp(im[k].name, impl) == 0) {
			if (!im[k].supported)
				return tool_error(CMD, "%s/%s: not supported by this CPU", row->name, impl);
			return add_job(r, row, impl, 1);
		}
		snprintf(have + strlen(have), sizeof(have) - strlen(have), "%s%s", k ? " " : "", im[k].name);
	}
	return tool_error(CMD, "-impl: %s has no implementation '%s' (it has: %s)", row->name, impl, have);
}

static void fill_row(speed_row *row, int index, const char *name, int kind, const char *target)
{
	memset(row, 0, sizeof(*row));
	row->index = index;
	snprintf(row->name, sizeof(row->name), "%s", name);
	row->kind = kind;
	snprintf(row->target, sizeof(row->target), "%s", target);
}

/* -evp NAME: a registry digest (row in lower case, as openssl) or cipher (upper case). */
static int evp_row(speed_row *row, const char *name)
{
	size_t i;
	const ember_cipher_spec *s;

	for (i = 0; i < ember_hash_count(); i++) {
		const ember_hash_desc *d = ember_hash_at(i);
		const char *p = d->aliases;
		int hit = strcasecmp(name, d->name) == 0;
		while (!hit && p && *p) {
			size_t n = strcspn(p, " ");
			hit = n == strlen(name) && strncasecmp(p, name, n) == 0;
			p += n;
			while (*p == ' ')
				p++;
		}
		if (hit) {
			fill_row(row, SPEED_D_EVP, d->name, SPEED_HASH, d->name);
			return 0;
		}
	}
	s = ember_cipher_spec_find(name);
	if (s != NULL) {
		char up[64];
		for (i = 0; s->name[i] && i < sizeof(up) - 1; i++)
			up[i] = (char)toupper((unsigned char)s->name[i]);
		up[i] = 0;
		fill_row(row, SPEED_D_EVP, up, SPEED_CIPHER, s->name);
		return 0;
	}
	return tool_error(CMD, "-evp: '%s' is an unknown cipher or digest", name);
}

/* Records that |r|'s engine cannot run |row| (with several engines: reported per row, the rest runs). */
static int add_skipped(speed_run *r, const speed_row *row, const char *why, int quiet)
{
	speed_job *j;

	if (add_job(r, row, NULL, 0))
		return 1;
	j = &r->jobs[r->njobs - 1];
	j->state = SPEED_SKIPPED;
	set_text(j->error, sizeof(j->error), why);
	if (!quiet)
		fprintf(stderr, "ember speed: %s%s (skipped)\n", engine_prefix(r), why);
	return 0;
}

/*
 * Adds |row| to every run. Returns 0, 1 on error (printed), or 2 when no
 * engine can run it (reasons in |why|). With several engines, those that
 * cannot run a row get a skipped job saying why (unless no engine can and
 * |drop_if_nowhere|, for the default rows).
 */
static int select_everywhere(speed_run *runs, int nrun, int nel, const speed_row *row, const char *impl,
    int drop_if_nowhere, char *why, size_t why_len)
{
	char reason[MAX_RUNS][240];
	int st[MAX_RUNS], k, any = 0;

	if (nel == 1)
		return select_row(&runs[0], row, impl, why, why_len);
	why[0] = 0;
	for (k = 0; k < nrun; k++) {
		st[k] = select_row(&runs[k], row, impl, reason[k], sizeof(reason[k]));
		if (st[k] == 1)
			return 1;
		if (st[k] == 0)
			any = 1;
		else
			snprintf(why + strlen(why), why_len - strlen(why), "%s%s: %s", why[0] ? "; " : "",
			    runs[k].engine->name, reason[k]);
	}
	if (!any && drop_if_nowhere)
		return 2;
	for (k = 0; k < nrun; k++)
		if (st[k] == 2 && add_skipped(&runs[k], row, reason[k], drop_if_nowhere))
			return 1;
	return any ? 0 : 2;
}

static int add_pk_job(speed_run *r, int i, void *key, const char *why)
{
	speed_pk_job *p = &r->pk[r->npk];

	r->keys[r->npk++] = key;
	snprintf(p->word, sizeof(p->word), "%s", pk_words[i]);
	p->bits = speed_pk_bits(pk_words[i]);
	p->dsa = pk_words[i][0] == 'd';
	p->index = p->dsa ? i - 5 : i;
	if (key == NULL) {
		p->state = SPEED_SKIPPED;
		set_text(p->error, sizeof(p->error), why);
	}
	return 0;
}

/* Fills every run's jobs from the words (or the defaults). Returns 0, or 1 after printing an error. */
static int select_all(speed_run *runs, int nrun, int nel, int *selected, int *pk_sel, int any_word, int skip_missing,
    const char *impl, const char *evp, const char *hmac)
{
	char why[1024];
	speed_row row;
	int i, k, status, real = 0;

	if (evp != NULL || hmac != NULL) {
		if (hmac != NULL) {
			char name[64];
			snprintf(name, sizeof(name), "hmac(%s)", hmac);
			fill_row(&row, SPEED_D_HMAC, name, SPEED_HMAC, hmac);
			if (row_by_index(SPEED_D_HMAC) && selected[SPEED_D_HMAC])
				selected[SPEED_D_HMAC] = 0; /* -hmac NAME replaces the hmac(md5) row */
			status = select_everywhere(runs, nrun, nel, &row, impl, 0, why, sizeof(why));
			if (status == 1)
				return 1;
			if (status == 2 && nel == 1)
				return tool_error(CMD, "-hmac: %s", why);
		}
		if (evp != NULL) {
			if (evp_row(&row, evp) != 0)
				return 1;
			status = select_everywhere(runs, nrun, nel, &row, impl, 0, why, sizeof(why));
			if (status == 1)
				return 1;
			if (status == 2 && nel == 1)
				return tool_error(CMD, "-evp: %s", why);
		}
	} else if (!any_word) {
		for (i = 0; i < (int)NROWS; i++)
			selected[row_defs[i].index] = 1;
		for (i = 0; i < (int)NPK; i++)
			pk_sel[i] = speed_pk_known(pk_words[i]);
	}
	for (i = 0; i < (int)NROWS; i++) {
		const struct row_def *d = &row_defs[i];
		if (!selected[d->index])
			continue;
		fill_row(&row, d->index, d->name, d->kind, d->target);
		status = select_everywhere(runs, nrun, nel, &row, impl, !any_word, why, sizeof(why));
		if (status == 1)
			return 1;
		if (status == 2 && nel == 1 && any_word && !skip_missing)
			return tool_error(CMD, "%s", why);
		if (status == 2 && nel == 1 && any_word)
			fprintf(stderr, "ember speed: %s (skipped)\n", why);
		/* another library's or the kernel's gaps are news; Ember's own default rows skip quietly */
		if (status == 2 && nel == 1 && !any_word && runs[0].engine != &speed_engine_ember)
			fprintf(stderr, "ember speed: %s%s (skipped)\n", engine_prefix(&runs[0]), why);
	}
	for (k = 0; k < nrun; k++) {
		runs[k].keys = calloc(NPK, sizeof(void *));
		runs[k].pk = calloc(NPK, sizeof(speed_pk_job));
		if (runs[k].keys == NULL || runs[k].pk == NULL)
			return tool_error(CMD, "out of memory");
	}
	for (i = 0; i < (int)NPK; i++) {
		void *key[MAX_RUNS];
		char reason[MAX_RUNS][240];
		int any = 0;

		if (!pk_sel[i])
			continue;
		for (k = 0; k < nrun; k++) {
			const speed_engine *e = runs[k].engine;
			key[k] = NULL;
			if (e->pk_new == NULL)
				snprintf(reason[k], sizeof(reason[k]), "%s: not supported by this engine", pk_words[i]);
			else
				key[k] = e->pk_new(pk_words[i], reason[k], sizeof(reason[k]));
			any |= key[k] != NULL;
		}
		if (nel == 1 && key[0] == NULL) {
			if (any_word && !skip_missing)
				return tool_error(CMD, "%s%s", engine_prefix(&runs[0]), reason[0]);
			if (any_word)
				fprintf(stderr, "ember speed: %s%s (skipped)\n", engine_prefix(&runs[0]), reason[0]);
			continue;
		}
		if (!any && !any_word)
			continue;
		for (k = 0; k < nrun; k++) {
			add_pk_job(&runs[k], i, key[k], reason[k]);
			if (key[k] == NULL)
				fprintf(stderr, "ember speed: %s%s (skipped)\n", engine_prefix(&runs[k]), reason[k]);
		}
	}
	for (k = 0; k < nrun; k++) {
		for (i = 0; i < runs[k].njobs; i++)
			real += runs[k].jobs[i].state != SPEED_SKIPPED;
		for (i = 0; i < runs[k].npk; i++)
			real += runs[k].pk[i].state != SPEED_SKIPPED;
	}
	if (real == 0)
		return tool_error(CMD, "nothing to run: no algorithm in this build was selected");
	return 0;
}

static void free_runs(speed_run *runs, int nrun)
{
	int k, i, s;

	for (k = 0; k < nrun; k++) {
		speed_run *r = &runs[k];
		for (i = 0; i < r->njobs; i++)
			for (s = 0; s < SPEED_MAX_SIZES; s++)
				free(r->jobs[i].res[s].samples);
		for (i = 0; i < r->npk; i++) {
			free(r->pk[i].res[0].samples);
			free(r->pk[i].res[1].samples);
			if (r->keys[i] != NULL)
				r->engine->pk_free(r->keys[i]);
		}
		free(r->jobs);
		free(r->pk);
		free(r->keys);
		r->jobs = NULL;
		r->pk = NULL;
		r->keys = NULL;
		r->njobs = r->npk = 0;
	}
}

/* -engine NAME[,NAME...]: known names, each once. */
static int parse_engines(const char *v, const speed_engine **out, int *n)
{
	const char *p = v;
	char known[128] = "";
	size_t e;

	for (e = 0; e < NENGINES; e++)
		snprintf(known + strlen(known), sizeof(known) - strlen(known), "%s%s", e ? ", " : "", engines[e]->name);
	*n = 0;
	while (*p) {
		size_t len = strcspn(p, ",");
		int k;

		for (e = 0; e < NENGINES; e++)
			if (strlen(engines[e]->name) == len && strncmp(engines[e]->name, p, len) == 0)
				break;
		if (e == NENGINES)
			return tool_error(CMD, "-engine: unknown engine '%.*s' (this build has: %s)", (int)len, p, known);
		for (k = 0; k < *n; k++)
			if (out[k] == engines[e])
				return tool_error(CMD, "-engine: '%s' is named twice", engines[e]->name);
		if (*n == MAX_RUNS)
			return tool_error(CMD, "-engine: at most %d engines", MAX_RUNS);
		out[(*n)++] = engines[e];
		p += len;
		if (*p == ',' && *++p == 0)
			return tool_error(CMD, "-engine: '%s' ends with a comma", v);
	}
	if (*n == 0)
		return tool_error(CMD, "-engine: empty list");
	return 0;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: ember speed [options] [algorithm ...]   (see man ember-speed)\n"
	           "openssl options: -seconds N -bytes N -elapsed -multi N -mr -misalign N -decrypt\n"
	           "                 -evp NAME -hmac DIGEST -engine NAME[,NAME...] -testmode\n"
	           "engines:         ember (default), openssl, afalg, cryptodev (see docs/ENGINES.md)\n"
	           "ember options:   -impl NAME|all -repeat N -sizes A,B,... -format text|mr|json|csv\n"
	           "                 -cycles -count N -list -skip-missing\n");
}

/* ---- the command ---- */

int cmd_speed(int argc, char **argv)
{
	speed_run r, runs[MAX_RUNS];
	speed_missing miss[MAX_RUNS];
	const speed_engine *elist[MAX_RUNS];
	const char *impl = NULL, *evp = NULL, *hmac = NULL;
	int selected[32], pk_sel[NPK];
	int a, k, any_word = 0, skip_missing = 0, list = 0, nel = 0, nrun = 0, nmiss = 0, failures = 0;
	const char *implied = NULL;
	int status;
	unsigned long long u;

	memset(&r, 0, sizeof(r));
	memset(runs, 0, sizeof(runs));
	memset(selected, 0, sizeof(selected));
	memset(pk_sel, 0, sizeof(pk_sel));
	r.engine = engines[0];
	r.seconds = 3;
	r.pk_seconds = 10;
	r.repeat = 1;
	r.multi = 1;
	r.format = SPEED_TEXT;

	for (a = 1; a < argc && argv[a][0] == '-'; a++) {
		const char *o = argv[a];
		const char *v = a + 1 < argc ? argv[a + 1] : NULL;
		int takes = 1;

		if (strcmp(o, "-help") == 0 || strcmp(o, "-h") == 0 || strcmp(o, "--help") == 0) {
			usage(stdout);
			return 0;
		} else if (strcmp(o, "-elapsed") == 0) {
			r.elapsed = 1, takes = 0;
		} else if (strcmp(o, "-mr") == 0) {
			r.format = SPEED_MR, takes = 0;
		} else if (strcmp(o, "-decrypt") == 0) {
			r.decrypt = 1, takes = 0;
		} else if (strcmp(o, "-testmode") == 0) {
			r.testmode = 1, takes = 0;
		} else if (strcmp(o, "-cycles") == 0) {
			r.cycles = 1, takes = 0;
		} else if (strcmp(o, "-list") == 0) {
			list = 1, takes = 0;
		} else if (strcmp(o, "-skip-missing") == 0) {
			skip_missing = 1, takes = 0;
		} else if (strcmp(o, "-seconds") == 0 || strcmp(o, "-bytes") == 0 || strcmp(o, "-multi") == 0 ||
		           strcmp(o, "-misalign") == 0 || strcmp(o, "-evp") == 0 || strcmp(o, "-hmac") == 0 ||
		           strcmp(o, "-engine") == 0 || strcmp(o, "-impl") == 0 || strcmp(o, "-repeat") == 0 ||
		           strcmp(o, "-sizes") == 0 || strcmp(o, "-format") == 0 || strcmp(o, "-count") == 0) {
			if (v == NULL)
				return tool_error(CMD, "%s needs a value", o);
			if (strcmp(o, "-seconds") == 0) {
				if (parse_double(o, v, &r.seconds))
					return 1;
				r.pk_seconds = r.seconds;
			} else if (strcmp(o, "-bytes") == 0) {
				if (parse_uint(o, v, 1, MAX_SIZE, &u))
					return 1;
				r.sizes[0] = (size_t)u;
				r.nsizes = 1;
			} else if (strcmp(o, "-multi") == 0) {
				if (parse_uint(o, v, 1, 256, &u))
					return 1;
				r.multi = (int)u;
			} else if (strcmp(o, "-misalign") == 0) {
				if (parse_uint(o, v, 0, MAX_MISALIGN, &u))
					return 1;
				r.misalign = (int)u;
			} else if (strcmp(o, "-repeat") == 0) {
				if (parse_uint(o, v, 1, 1000, &u))
					return 1;
				r.repeat = (int)u;
			} else if (strcmp(o, "-count") == 0) {
				if (parse_uint(o, v, 1, (unsigned long long)1 << 48, &u))
					return 1;
				r.count = u;
			} else if (strcmp(o, "-sizes") == 0) {
				if (parse_sizes(&r, v))
					return 1;
			} else if (strcmp(o, "-format") == 0) {
				if (strcmp(v, "text") == 0)
					r.format = SPEED_TEXT;
				else if (strcmp(v, "mr") == 0)
					r.format = SPEED_MR;
				else if (strcmp(v, "json") == 0)
					r.format = SPEED_JSON;
				else if (strcmp(v, "csv") == 0)
					r.format = SPEED_CSV;
				else
					return tool_error(CMD, "-format: '%s' is not one of text, mr, json, csv", v);
			} else if (strcmp(o, "-engine") == 0) {
				if (parse_engines(v, elist, &nel))
					return 1;
			} else if (strcmp(o, "-evp") == 0) {
				evp = v;
			} else if (strcmp(o, "-hmac") == 0) {
				hmac = v;
			} else {
				impl = v;
			}
		} else {
			return tool_error(CMD, "unknown option '%s' (try 'ember speed -help')", o);
		}
		a += takes;
	}
	if (nel == 0) {
		elist[0] = &speed_engine_ember;
		nel = 1;
	}
	if (impl != NULL && nel > 1)
		return tool_error(CMD, "-impl: give one engine with -impl (Ember's implementations: -engine ember)");
	if (list) {
		char why[240];
		if (elist[0]->probe != NULL && elist[0]->probe(why, sizeof(why)) != 0)
			return tool_error(CMD, "-engine %s: %s", elist[0]->name, why);
		return list_all(elist[0]);
	}

	/* Algorithm words; options must come first, as openssl speed's. */
	for (; a < argc; a++) {
		const char *w = argv[a];
		size_t n;
		int found = 0;

		if (w[0] == '-')
			return tool_error(CMD, "option '%s' after algorithm '%s': options go before algorithm names", w,
			    argv[a - 1]);
		any_word = 1;
		for (n = 0; n < NWORDS; n++)
			if (strcmp(w, words[n].word) == 0) {
				int m;
				for (m = 0; m < words[n].n; m++)
					selected[words[n].rows[m]] = 1;
				found = 1;
			}
		for (n = 0; n < NPK; n++)
			if (strcmp(w, pk_words[n]) == 0 || (strcmp(w, "rsa") == 0 && pk_words[n][0] == 'r') ||
			    (strcmp(w, "dsa") == 0 && pk_words[n][0] == 'd')) {
				if (!speed_pk_known(pk_words[n]))
					continue;
				pk_sel[n] = 1;
				found = 1;
			}
		if (!found)
			return tool_error(CMD, "unknown algorithm '%s' (see ember speed -list)", w);
	}
	if (r.nsizes == 0) {
		r.nsizes = (int)(sizeof(default_sizes) / sizeof(default_sizes[0]));
		memcpy(r.sizes, default_sizes, sizeof(default_sizes));
	}
	if (r.testmode)
		r.count = 1;
	if (r.cycles)
		r.cycles_name = speed_cycles_start(r.cycles_why, sizeof(r.cycles_why));

	/* Engines: one run each; a missing one stops a single-engine command, and
	 * is reported while the others run when several were asked for. */
	for (k = 0; k < nel; k++) {
		char why[240];
		if (elist[k]->probe != NULL && elist[k]->probe(why, sizeof(why)) != 0) {
			if (nel == 1)
				return tool_error(CMD, "-engine %s: %s", elist[k]->name, why);
			miss[nmiss].engine = elist[k]->name;
			snprintf(miss[nmiss].why, sizeof(miss[nmiss].why), "%s", why);
			nmiss++;
			fprintf(stderr, "ember speed: engine %s is not available: %s (the other engines run)\n", elist[k]->name,
			    why);
			continue;
		}
		runs[nrun] = r;
		runs[nrun].engine = elist[k];
		runs[nrun].nengines = nel;
		nrun++;
	}
	if (nrun == 0)
		return tool_error(CMD, "-engine: none of the engines can run here (see above)");
	/* an engine that offloads makes the whole run wall-clock timed, so that the engines compare */
	for (k = 0; k < nel && implied == NULL; k++)
		if (elist[k]->offloads && !r.elapsed)
			implied = elist[k]->name;
	for (k = 0; k < nrun; k++)
		runs[k].elapsed_implied = implied;
	speed_timer_use(r.elapsed || implied != NULL);

	status = select_all(runs, nrun, nel, selected, pk_sel, any_word, skip_missing, impl, evp, hmac);
	if (status != 0) {
		free_runs(runs, nrun);
		return 1;
	}

	if ((r.elapsed || implied != NULL) && r.format != SPEED_MR)
		fprintf(stderr, "You have chosen to measure elapsed time instead of user CPU time.\n");
	if (r.cycles && r.cycles_name == NULL)
		fprintf(stderr, "ember speed: -cycles: not available (%s)\n", r.cycles_why);

	for (k = 0; k < nrun; k++) {
		speed_run *x = &runs[k];
		if (x->multi > 1) {
			if (do_multi(x)) {
				/* a child: openssl's children measure wall time and speak -mr */
				speed_timer_use(1);
				x->format = SPEED_MR;
				run_all(x, 1);
				print_tables(stdout, x);
				child_records(stdout, x);
				fflush(stdout);
				_exit(x->failures > 125 ? 125 : x->failures);
			}
		} else {
			run_all(x, x->format == SPEED_MR);
		}
		failures += x->failures;
	}

	switch (r.format) {
	case SPEED_JSON:
		speed_report_json(stdout, runs, nrun, miss, nmiss);
		break;
	case SPEED_CSV:
		speed_report_csv(stdout, runs, nrun);
		break;
	case SPEED_TEXT:
		print_header(stdout, runs, nrun, nel, miss, nmiss);
		for (k = 0; k < nrun; k++) {
			if (nel > 1)
				fprintf(stdout, "\nengine %s:\n", runs[k].engine->name);
			print_tables(stdout, &runs[k]);
		}
		if (nel > 1)
			print_side_by_side(stdout, runs, nrun, miss, nmiss);
		break;
	default:
		for (k = 0; k < nrun; k++) {
			if (nel > 1)
				fprintf(stdout, "+EMBER:ENGINE:%s\n", runs[k].engine->name);
			print_tables(stdout, &runs[k]);
		}
		for (k = 0; k < nmiss; k++)
			fprintf(stdout, "+EMBER:MISSING:%s:%s\n", miss[k].engine, miss[k].why);
		break;
	}
	fflush(stdout);
	free_runs(runs, nrun);
	/* 0: all ran; 1: a failure; 2: results printed, but a requested engine is missing here */
	if (r.testmode)
		return failures + nmiss > 125 ? 125 : failures + nmiss;
	return failures ? 1 : nmiss ? 2 : 0;
}
