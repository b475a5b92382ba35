/*
 * run.c - running the jobs of one engine: each row at each size, -repeat
 * times, the public-key words under openssl's stop rule, progress on
 * stderr in openssl's words (text or -mr) (-multi's processes: run_multi.c); then,
 * with -impl all, the fastest implementation of each row (and a warning when
 * it is not the default), and before a run, how long it will take.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ember/util.h"
#include "speed.h"
#include "speed_int.h"
#include "speed_tls.h"
#include "speed_stack.h"
#include "tool.h"

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
	int family;
	int op; /* 0 sign, private, derive or keygen; 1 verify, public or encaps; 2 decaps */
};

static int pk_op(void *arg, uint64_t n)
{
	struct pk_arg *a = arg;
	uint64_t i;

	for (i = 0; i < n; i++) {
		int err = speed_pk_key_op(a->e, a->family, a->k, a->op);
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

/* Opens job |j|'s task (a known answer checked first); NULL when it cannot run (reported, state set). */
static speed_task *job_open(speed_run *r, speed_job *j)
{
	speed_task *t = NULL;
	int err;

	err = r->engine->open(&j->row, j->impl[0] ? j->impl : NULL, r->decrypt, &t, j->error, sizeof(j->error));
	if (err == EMBER_ENOTSUP && r->nengines > 1) {
		/* with several engines, a row one of them lacks is reported and the rest runs */
		j->state = SPEED_SKIPPED;
		fprintf(stderr, "ember speed: %s%s (skipped)\n", speed_run_prefix(r), j->error);
		return NULL;
	}
	if (err != 0) {
		j->state = SPEED_FAILED;
		r->failures++;
		tool_error(CMD, "%s%s", speed_run_prefix(r), j->error);
		return NULL;
	}
	snprintf(j->impl_used, sizeof(j->impl_used), "%s", r->engine->impl_name(t));
	return t;
}

/* One sample of job |j| at size index |s|; 0, or -1 after the job failed (its task closed). */
static int job_sample(speed_run *r, int mr, speed_job *j, speed_task *t, uint8_t *buf, int s)
{
	struct sym_arg a;
	speed_sample smp;
	double rate;

	a.e = r->engine;
	a.t = t;
	a.buf = buf;
	a.size = r->sizes[s];
	progress_sym(r, mr, j, a.size);
	if (speed_measure(sym_op, &a, r->seconds, r->count, &smp) != 0) {
		if (!mr)
			fprintf(stderr, "\n");
		snprintf(j->error, sizeof(j->error), "%s: stopped: %s", j->label,
		    r->engine->error ? r->engine->error(t) : "failed");
		tool_error(CMD, "%s%s", speed_run_prefix(r), j->error);
		r->engine->close(t);
		j->state = SPEED_FAILED;
		r->failures++;
		return -1;
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
		return -1;
	}
	return 0;
}

/*
 * The symmetric jobs. One run: each job at every size in turn, as openssl.
 * With -repeat the rounds are the outer loop: round k times every job at
 * every size before round k + 1 starts, so a drift of the host during the
 * run (another process, a frequency change) shows in every row's spread
 * instead of falling between two rows; the spread then bounds a comparison
 * of rows of one run, as -impl all and compare make.
 */
static void run_jobs(speed_run *r, int mr, uint8_t *buf)
{
	speed_task **tasks = calloc((size_t)(r->njobs ? r->njobs : 1), sizeof(*tasks));
	int i, s, k;

	if (tasks == NULL) {
		r->failures++;
		tool_error(CMD, "out of memory");
		return;
	}
	for (i = 0; i < r->njobs; i++) {
		speed_job *j = &r->jobs[i];
		if (j->state == SPEED_SKIPPED)
			continue;
		if (r->repeat > 1) {
			tasks[i] = job_open(r, j);
			continue;
		}
		if ((tasks[i] = job_open(r, j)) == NULL)
			continue;
		for (s = 0; s < r->nsizes && tasks[i] != NULL; s++)
			if (job_sample(r, mr, j, tasks[i], buf, s) != 0)
				tasks[i] = NULL;
	}
	for (k = 0; k < r->repeat && r->repeat > 1; k++)
		for (i = 0; i < r->njobs; i++)
			for (s = 0; s < r->nsizes && tasks[i] != NULL; s++)
				if (job_sample(r, mr, &r->jobs[i], tasks[i], buf, s) != 0)
					tasks[i] = NULL;
	for (i = 0; i < r->njobs; i++) {
		if (tasks[i] == NULL)
			continue;
		for (s = 0; s < r->nsizes; s++)
			speed_result_finish(&r->jobs[i].res[s]);
		if (r->stack) /* after the timing: one more call per size, on a painted stack */
			speed_stack_job(r, &r->jobs[i], tasks[i], buf);
		r->engine->close(tasks[i]);
		r->jobs[i].state = SPEED_OK;
	}
	free(tasks);
}

/* openssl's words for an operation: "private"/"public" (rsa), "sign"/"verify", "" (ecdh), "keygen"/"encaps"/"decaps". */
static const char *pk_what(int family, int verify)
{
	static const char *const kem[] = { "keygen", "encaps", "decaps" };

	static const char *const sig[] = { "keygen", "signs", "verify" }; /* openssl 3.5's progress words */

	if (family == SPEED_PK_KEM)
		return verify >= 0 && verify < 3 ? kem[verify] : "?";
	if (family == SPEED_PK_SIG)
		return verify >= 0 && verify < 3 ? sig[verify] : "?";
	if (family == SPEED_PK_RSA)
		return verify ? "public" : "private";
	if (family == SPEED_PK_ECDH)
		return "";
	return verify ? "verify" : "sign";
}

/* The algorithm of openssl's progress lines: rsa, dsa, ecdsa, ecdh, or the curve (Ed25519). */
static const char *pk_alg(const speed_pk_job *p)
{
	return p->family == SPEED_PK_EDDSA ? p->curve : speed_pk_family_name(p->family);
}

/* openssl 3.0's line after each public-key measurement, on stderr: text, or the +R record with -mr. */
static void pk_done(const speed_pk_job *p, int mr, int op, unsigned long long ops, double secs)
{
	switch (p->family) {
	case SPEED_PK_RSA:
		if (mr)
			fprintf(stderr, "+R%d:%llu:%u:%.2f\n", 1 + op, ops, p->bits, secs);
		else
			fprintf(stderr, "%llu %u bits %s RSA's in %.2fs\n", ops, p->bits, op ? "public" : "private", secs);
		break;
	case SPEED_PK_DSA:
		if (mr)
			fprintf(stderr, "+R%d:%llu:%u:%.2f\n", 3 + op, ops, p->bits, secs);
		else
			fprintf(stderr, "%llu %u bits DSA %s in %.2fs\n", ops, p->bits, op ? "verify" : "signs", secs);
		break;
	case SPEED_PK_ECDSA:
		if (mr)
			fprintf(stderr, "+R%d:%llu:%u:%.2f\n", 5 + op, ops, p->bits, secs);
		else
			fprintf(stderr, "%llu %u bits ECDSA %s in %.2fs\n", ops, p->bits, op ? "verify" : "signs", secs);
		break;
	case SPEED_PK_ECDH:
		if (mr)
			fprintf(stderr, "+R7:%llu:%u:%.2f\n", ops, p->bits, secs);
		else
			fprintf(stderr, "%llu %u-bits ECDH ops in %.2fs\n", ops, p->bits, secs);
		break;
	case SPEED_PK_KEM:
		/* openssl 3.5: "+R15:%ld:%s:%.2f" .. "+R17", "%ld %s KEM keygen ops in %.2fs" */
		if (mr)
			fprintf(stderr, "+R%d:%llu:%s:%.2f\n", 15 + op, ops, p->curve, secs);
		else
			fprintf(stderr, "%llu %s KEM %s ops in %.2fs\n", ops, p->curve, pk_what(p->family, op), secs);
		break;
	case SPEED_PK_SIG:
		/* openssl 3.5: "+R18:%ld:%s:%.2f" .. "+R20", "%ld %s signature sign ops in %.2fs" */
		if (mr)
			fprintf(stderr, "+R%d:%llu:%s:%.2f\n", 18 + op, ops, p->curve, secs);
		else
			fprintf(stderr, "%llu %s signature %s ops in %.2fs\n", ops, p->curve,
			    op == 0 ? "keygen" : op == 1 ? "sign" : "verify", secs);
		break;
	default:
		/* openssl 3.0's sign line ends in a blank, its verify line does not */
		if (mr)
			fprintf(stderr, "+R%d:%llu:%u:%s:%.2f\n", 8 + op, ops, p->bits, p->curve, secs);
		else if (op == 0)
			fprintf(stderr, "%llu %u bits %s signs in %.2fs \n", ops, p->bits, p->curve, secs);
		else
			fprintf(stderr, "%llu %u bits %s verify in %.2fs\n", ops, p->bits, p->curve, secs);
		break;
	}
}

/* openssl 3.5's line before each KEM measurement (kskey_print_message): text, or +DTP with -mr. */
static void kem_progress(const speed_run *r, int mr, const speed_pk_job *p, const char *what)
{
	char sb[32];

	if (r->count && mr)
		fprintf(stderr, "+DNP:%llu:%s:%s\n", (unsigned long long)r->count, p->curve, what);
	else if (r->count)
		fprintf(stderr, "Doing %llu %s %s ops: ", (unsigned long long)r->count, p->curve, what);
	else if (mr)
		fprintf(stderr, "+DTP:%s:%s:%s\n", p->curve, what, fmt_secs(r->pk_seconds, sb, sizeof(sb)));
	else
		fprintf(stderr, "Doing %s %s ops for %ss: ", p->curve, what, fmt_secs(r->pk_seconds, sb, sizeof(sb)));
}

/*
 * A handshake word: per repeat one measurement of whole handshakes by the
 * harness's clock, split between the sides in the proportion of the time
 * the engine's clock reads found on each (speed_tls.h); with -breakdown
 * each phase is scaled the same way, and what the phases leave is "other".
 * Returns 0, or an error code (the job is then failed by the caller).
 */
static int run_tls(speed_run *r, int mr, speed_pk_job *p, void *key)
{
	double phase[2][SPEED_TLS_NPHASE];
	uint64_t handshakes = 0;
	int k, side, ph, err;
	char sb[32];

	memset(phase, 0, sizeof(phase));
	snprintf(p->tls_suite, sizeof(p->tls_suite), "%s", speed_tls_job_suite(key));
	for (k = 0; k < r->repeat; k++) {
		struct pk_arg a;
		speed_sample smp;
		speed_tls_sides sd;
		double tot, scale;

		a.e = r->engine;
		a.k = key;
		a.family = p->family;
		a.op = 0;
		if (r->count && mr)
			fprintf(stderr, "+EMBER:DN:%llu:%s\n", (unsigned long long)r->count, p->label);
		else if (r->count)
			fprintf(stderr, "Doing %llu %s handshakes: ", (unsigned long long)r->count, p->label);
		else if (mr)
			fprintf(stderr, "+EMBER:DT:%s:%s\n", p->label, fmt_secs(r->pk_seconds, sb, sizeof(sb)));
		else
			fprintf(stderr, "Doing %s handshakes for %ss: ", p->label, fmt_secs(r->pk_seconds, sb, sizeof(sb)));
		fflush(stderr);
		speed_tls_job_sides(key, &sd); /* starts the engine's counters again */
		err = speed_measure(pk_op, &a, r->pk_seconds, r->count, &smp);
		speed_tls_job_sides(key, &sd);
		if (err != 0) {
			if (!mr)
				fprintf(stderr, "\n");
			return err;
		}
		tot = sd.seconds[0] + sd.seconds[1];
		scale = tot > 0 ? smp.seconds / tot : 0;
		for (side = 0; side < 2; side++) {
			speed_sample x = smp;
			double part = tot > 0 ? sd.seconds[side] / tot : 0.5, used = 0;

			x.seconds = smp.seconds * part;
			x.cycles = (uint64_t)((double)smp.cycles * part);
			if (add_sample(&p->res[side], x.seconds > 0 ? (double)x.ops / x.seconds : 0, &x, r->repeat) != 0)
				return EMBER_EINTERNAL; /* out of memory for the samples */
			p->tls_bytes[side] = sd.bytes[side];
			for (ph = 0; sd.has_phases && ph < SPEED_TLS_PH_OTHER; ph++) {
				phase[side][ph] += sd.phase[side][ph] * scale;
				used += sd.phase[side][ph] * scale;
			}
			if (sd.has_phases)
				phase[side][SPEED_TLS_PH_OTHER] += x.seconds - used;
		}
		p->tls_phases = sd.has_phases;
		handshakes += smp.ops;
		if (mr)
			fprintf(stderr, "+EMBER:R:%llu:%s:%.2f:%.2f:%.2f\n", (unsigned long long)smp.ops, p->label, smp.seconds,
			    p->res[0].seconds, p->res[1].seconds);
		else
			fprintf(stderr, "%llu %s handshakes in %.2fs (server %.2fs, client %.2fs)\n", (unsigned long long)smp.ops,
			    p->label, smp.seconds, smp.seconds * (tot > 0 ? sd.seconds[0] / tot : 0.5),
			    smp.seconds * (tot > 0 ? sd.seconds[1] / tot : 0.5));
	}
	for (side = 0; side < 2; side++) {
		speed_result_finish(&p->res[side]);
		for (ph = 0; ph < SPEED_TLS_NPHASE; ph++)
			p->tls_phase[side][ph] = handshakes ? phase[side][ph] / (double)handshakes : 0;
	}
	return 0;
}

/* Times one public-key job; returns the operations of its first sign run (stop rule). */
static uint64_t run_pk(speed_run *r, int mr, speed_pk_job *p, void *key)
{
	uint64_t first = 0;
	int op, k, err;
	char sb[32];

	if (p->family == SPEED_PK_TLS) /* a row that fails its self-test is still titled with its suite */
		snprintf(p->tls_suite, sizeof(p->tls_suite), "%s", speed_tls_job_suite(key));
	err = speed_pk_key_selftest(r->engine, p->family, key);
	if (err != 0) {
		snprintf(p->error, sizeof(p->error), "%s: self-test failed (%s): not timed", p->label, ember_strerror(err));
		p->state = SPEED_FAILED;
		r->failures++;
		tool_error(CMD, "%s%s", speed_run_prefix(r), p->error);
		return 0;
	}
	if (p->family == SPEED_PK_TLS) {
		err = run_tls(r, mr, p, key);
		if (err != 0) {
			snprintf(p->error, sizeof(p->error), "%s: handshake failed (%s)", p->label, ember_strerror(err));
			p->state = SPEED_FAILED;
			r->failures++;
			tool_error(CMD, "%s%s", speed_run_prefix(r), p->error);
			return 0;
		}
		if (r->stack)
			speed_stack_pk(r, p, key);
		p->state = SPEED_OK;
		return 2; /* handshakes are never skipped by the stop rule */
	}
	for (op = 0; op < SPEED_PK_NOPS(p->family); op++) {
		struct pk_arg a;
		a.e = r->engine;
		a.k = key;
		a.family = p->family;
		a.op = op;
		for (k = 0; k < r->repeat; k++) {
			speed_sample smp;
			const char *fam = pk_alg(p), *what = pk_what(p->family, op);

			if (p->family == SPEED_PK_KEM || p->family == SPEED_PK_SIG)
				kem_progress(r, mr, p, what); /* openssl 3.5's words: "Doing ML-KEM-768 keygen ops for 10s: " */
			else if (r->count && mr)
				fprintf(stderr, "+DNP:%llu:%u:%s:%s\n", (unsigned long long)r->count, p->bits, what, fam);
			else if (r->count)
				fprintf(stderr, "Doing %llu %u bits %s %s's: ", (unsigned long long)r->count, p->bits, what, fam);
			else if (mr)
				fprintf(stderr, "+DTP:%u:%s:%s:%s\n", p->bits, what, fam, fmt_secs(r->pk_seconds, sb, sizeof(sb)));
			else
				fprintf(stderr, "Doing %u bits %s %s's for %ss: ", p->bits, what, fam,
				    fmt_secs(r->pk_seconds, sb, sizeof(sb)));
			fflush(stderr);
			err = speed_measure(pk_op, &a, r->pk_seconds, r->count, &smp);
			if (err != 0) {
				if (!mr)
					fprintf(stderr, "\n");
				snprintf(p->error, sizeof(p->error), "%s: %s operation failed (%s)", p->label,
				    p->family == SPEED_PK_ECDH ? "derive" : pk_what(p->family, op), ember_strerror(err));
				p->state = SPEED_FAILED;
				r->failures++;
				tool_error(CMD, "%s%s", speed_run_prefix(r), p->error);
				return 0;
			}
			if (op == 0 && k == 0)
				first = smp.ops;
			pk_done(p, mr, op, (unsigned long long)smp.ops, smp.seconds);
			if (add_sample(&p->res[op], smp.seconds > 0 ? (double)smp.ops / smp.seconds : 0, &smp,
			        r->repeat) != 0) {
				p->state = SPEED_FAILED;
				r->failures++;
				return 0;
			}
		}
		speed_result_finish(&p->res[op]);
	}
	if (r->stack)
		speed_stack_pk(r, p, key);
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
	*base = malloc(max + 64 + 64 + SPEED_MAX_MISALIGN + 1);
	if (*base == NULL)
		return NULL;
	/* touch every page now, so that no page fault lands inside a measurement */
	memset(*base, 0x5a, max + 64 + 64 + SPEED_MAX_MISALIGN + 1);
	p = ((uintptr_t)*base + 63) & ~(uintptr_t)63;
	return (uint8_t *)p + r->misalign;
}

void speed_run_all(speed_run *r, int mr)
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
	run_jobs(r, mr, buf);
	free(base);
	/* Stop rule as openssl: once one operation outlasts the run, larger keys of that family are skipped
	 * (with -impl all, the other words of the family: the word's other implementations still run). */
	for (fam = 0; fam < SPEED_PK_NFAM; fam++) {
		const speed_pk_job *slow = NULL;
		for (i = 0; i < r->npk; i++) {
			speed_pk_job *p = &r->pk[i];
			if (p->family != fam || p->state == SPEED_SKIPPED)
				continue;
			if (slow != NULL && strcmp(slow->word, p->word) != 0) {
				char sb[32];
				p->state = SPEED_SKIPPED;
				snprintf(p->error, sizeof(p->error), "skipped: one %s %s operation took longer than %ss", slow->label,
				    p->family == SPEED_PK_ECDH ? "derive" : pk_what(slow->family, 0),
				    fmt_secs(r->pk_seconds, sb, sizeof(sb)));
				fprintf(stderr, "ember speed: %s: %s\n", p->word, p->error);
				continue;
			}
			if (run_pk(r, mr, p, r->keys[i]) <= 1 && p->state == SPEED_OK && r->count == 0 && slow == NULL &&
			    fam != SPEED_PK_TLS)
				slow = p;
		}
	}
}

/*
 * A constant-time implementation beats the default at a size when its median
 * is more than 5 % above the default's and its slowest run is above the
 * default's fastest one (with one run per size, the same as the median):
 * beyond both the threshold and the measured spread, so that one noisy
 * sample does not cry wolf.
 */
#define SPEED_BEATS 1.05

static int beats(const speed_result *a, const speed_result *d)
{
	return a->rate > d->rate * SPEED_BEATS && a->min > d->max;
}

int speed_mark_fastest(speed_run *r, FILE *warn)
{
	int i, k, s, warned = 0;

	for (i = 0; i < r->njobs; i++)
		memset(r->jobs[i].mark, 0, sizeof(r->jobs[i].mark));
	for (i = 0; i < r->njobs; i++) {
		const char *row = r->jobs[i].row.name;
		const speed_job *def = NULL;
		char msg[1024];
		size_t used = 0;
		int first = 1;

		for (k = 0; k < i && strcmp(r->jobs[k].row.name, row) != 0; k++)
			;
		if (k < i)
			continue; /* the row was handled at its first job */
		for (k = i; k < r->njobs; k++)
			if (strcmp(r->jobs[k].row.name, row) == 0 && r->jobs[k].is_default && r->jobs[k].state == SPEED_OK)
				def = &r->jobs[k];
		msg[0] = 0;
		for (s = 0; s < r->nsizes; s++) {
			speed_job *best = NULL, *best_ct = NULL;
			for (k = i; k < r->njobs; k++) {
				speed_job *j = &r->jobs[k];
				if (strcmp(j->row.name, row) != 0 || j->state != SPEED_OK)
					continue;
				if (best == NULL || j->res[s].rate > best->res[s].rate)
					best = j;
				if ((j->impl_flags & EMBER_IMPL_CT) && (best_ct == NULL || j->res[s].rate > best_ct->res[s].rate))
					best_ct = j;
			}
			if (best == NULL)
				continue;
			best->mark[s] |= SPEED_MARK_FASTEST;
			if (best_ct != NULL && best_ct != best)
				best_ct->mark[s] |= SPEED_MARK_FASTEST_CT;
			if (def != NULL && best_ct != NULL && best_ct != def && beats(&best_ct->res[s], &def->res[s]) &&
			    used < sizeof(msg)) {
				char ratio[24];
				speed_ratio_text(best_ct->res[s].rate / def->res[s].rate, ratio, sizeof(ratio));
				snprintf(msg + used, sizeof(msg) - used, "%s%s %s at %d bytes", first ? "" : ", ",
				    best_ct->impl_used[0] ? best_ct->impl_used : best_ct->impl, ratio, (int)r->sizes[s]);
				used += strlen(msg + used);
				first = 0;
			}
		}
		if (!first)
			warned++;
		if (!first && warn != NULL)
			fprintf(warn,
			    "ember speed: warning: %s%s: the default, %s, is not the fastest constant-time implementation "
			    "here: %s (beyond 5 %% and the measured spread)\n",
			    speed_run_prefix(r), row, def->impl_used[0] ? def->impl_used : def->impl, msg);
	}
	return warned;
}

/* ---- how long a run will take ---- */

double speed_estimate(const speed_run *runs, int nrun, char *what, size_t len)
{
	const speed_run *r = &runs[0];
	int k, i, rows = 0, pks = 0, pk1 = 0, pk3 = 0, sig3 = 0;
	char sb[32], terms[320] = "";

	what[0] = 0;
	if (r->count > 0)
		return 0; /* a number of operations, not of seconds */
	for (k = 0; k < nrun; k++) {
		for (i = 0; i < runs[k].njobs; i++)
			rows += runs[k].jobs[i].state != SPEED_SKIPPED;
		for (i = 0; i < runs[k].npk; i++) {
			if (runs[k].pk[i].state == SPEED_SKIPPED)
				continue;
			if (SPEED_PK_NOPS(runs[k].pk[i].family) == 1)
				pk1++; /* ECDH: one operation */
			else if (runs[k].pk[i].family == SPEED_PK_SIG)
				sig3++; /* an ML-DSA signature: keygen, sign, verify */
			else if (SPEED_PK_NOPS(runs[k].pk[i].family) == 3)
				pk3++; /* a KEM: keygen, encaps, decaps */
			else
				pks++;
		}
	}
	if (rows > 0)
		snprintf(terms, sizeof(terms), "%d row%s x %d size%s x %ss", rows, rows == 1 ? "" : "s", r->nsizes,
		    r->nsizes == 1 ? "" : "s", fmt_secs(r->seconds, sb, sizeof(sb)));
	if (pks > 0)
		snprintf(terms + strlen(terms), sizeof(terms) - strlen(terms), "%s%d key size%s x 2 operations x %ss",
		    rows > 0 ? " + " : "", pks, pks == 1 ? "" : "s", fmt_secs(r->pk_seconds, sb, sizeof(sb)));
	if (pk1 > 0)
		snprintf(terms + strlen(terms), sizeof(terms) - strlen(terms), "%s%d key size%s x 1 operation x %ss",
		    rows + pks > 0 ? " + " : "", pk1, pk1 == 1 ? "" : "s", fmt_secs(r->pk_seconds, sb, sizeof(sb)));
	if (pk3 > 0)
		snprintf(terms + strlen(terms), sizeof(terms) - strlen(terms), "%s%d KEM%s x 3 operations x %ss",
		    rows + pks + pk1 > 0 ? " + " : "", pk3, pk3 == 1 ? "" : "s", fmt_secs(r->pk_seconds, sb, sizeof(sb)));
	if (sig3 > 0)
		snprintf(terms + strlen(terms), sizeof(terms) - strlen(terms), "%s%d signature%s x 3 operations x %ss",
		    rows + pks + pk1 + pk3 > 0 ? " + " : "", sig3, sig3 == 1 ? "" : "s",
		    fmt_secs(r->pk_seconds, sb, sizeof(sb)));
	if (r->repeat > 1 && (rows > 0) + (pks > 0) + (pk1 > 0) + (pk3 > 0) + (sig3 > 0) > 1)
		snprintf(what, len, "(%s) x %d repeats", terms, r->repeat);
	else if (r->repeat > 1)
		snprintf(what, len, "%s x %d repeats", terms, r->repeat);
	else
		snprintf(what, len, "%s", terms);
	if (nrun > 1)
		snprintf(what + strlen(what), len - strlen(what), ", over %d engines", nrun);
	/* an upper bound for public keys: openssl's stop rule may skip the larger sizes */
	return ((double)rows * r->nsizes * r->seconds + (double)(2 * pks + pk1 + 3 * pk3 + 3 * sig3) * r->pk_seconds) * r->repeat;
}
