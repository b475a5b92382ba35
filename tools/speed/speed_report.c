/*
 * speed_report.c - `ember speed -format json` (one versioned document, the
 * shape of docs/ember-speed.schema.json) and `-format csv` (one line per
 * algorithm x implementation x size, and per public-key operation); with
 * -impl all, each result says whether it is the default and the fastest.
 */
#include <math.h>
#include <string.h>

#include "ember/cpu.h"
#include "ember/util.h"
#include "speed.h"
#include "speed_stack.h"
#include "tool.h"

static void jstr(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

static void jnum(FILE *f, double v)
{
	fprintf(f, "%.10g", isfinite(v) ? v : 0.0);
}

static const char *sym_op(const speed_run *r, const speed_job *j)
{
	if (j->row.kind == SPEED_HASH)
		return "digest";
	if (j->row.kind == SPEED_HMAC || j->row.kind == SPEED_GMAC)
		return "mac";
	return r->decrypt ? "decrypt" : "encrypt";
}

static const char *pk_op(const speed_pk_job *p, int op)
{
	static const char *const kem[] = { "keygen", "encaps", "decaps" };
	static const char *const sig[] = { "keygen", "sign", "verify" };

	if (p->family == SPEED_PK_KEM)
		return op >= 0 && op < 3 ? kem[op] : "?";
	if (p->family == SPEED_PK_SIG)
		return op >= 0 && op < 3 ? sig[op] : "?";
	if (p->family == SPEED_PK_TLS)
		return op ? "client" : "server";
	if (p->family == SPEED_PK_ECDH)
		return "derive";
	return op ? "verify" : "sign";
}

/*
 * A public-key result's algorithm: the word for rsa and dsa ("rsa2048"),
 * openssl's table row for the curves, as the result readers name it from
 * openssl's text and -mr output: "ecdsa(nistp256)", "ecdh(x25519)",
 * "eddsa(ed25519)"; a KEM's as openssl 3.5 prints it ("ML-KEM-768"); a handshake's its word.
 */
static const char *pk_alg(const speed_pk_job *p, char *buf, size_t len)
{
	size_t i, n;

	if (p->family <= SPEED_PK_DSA || p->family >= SPEED_PK_KEM)
		return p->word; /* a KEM: openssl 3.5's name, "ML-KEM-768" */
	snprintf(buf, len, "%s(%s)", p->family == SPEED_PK_ECDSA ? "ecdsa" : p->family == SPEED_PK_ECDH ? "ecdh" : "eddsa",
	    p->curve);
	for (i = 0, n = strlen(buf); i < n; i++)
		if (buf[i] >= 'A' && buf[i] <= 'Z')
			buf[i] = (char)(buf[i] - 'A' + 'a');
	return buf;
}

/* A handshake side's own fields: the suite, the bytes it sent in one handshake, with -breakdown its phases. */
static void tls_fields(FILE *f, const speed_pk_job *p, int side)
{
	int ph;

	fprintf(f, ", \"suite\": ");
	jstr(f, p->tls_suite);
	fprintf(f, ", \"bytes_sent\": %llu", (unsigned long long)p->tls_bytes[side]);
	if (!p->tls_phases)
		return;
	fprintf(f, ", \"breakdown_sec\": {");
	for (ph = 0; ph < SPEED_TLS_NPHASE; ph++) {
		fprintf(f, "%s\"%s\": ", ph ? ", " : "", speed_tls_phase_names[ph]);
		jnum(f, p->tls_phase[side][ph]);
	}
	fprintf(f, "}");
}

/* The headline rate: pooled over repeats, or summed over -multi processes. */
static double headline(const speed_run *r, const speed_result *x, double unit)
{
	if (r->multi > 1)
		return x->rate;
	return x->seconds > 0 ? (double)x->ops * unit / x->seconds : 0;
}

static void samples(FILE *f, const speed_result *x)
{
	int i;

	fputc('[', f);
	for (i = 0; i < x->nsamples; i++) {
		if (i)
			fputc(',', f);
		jnum(f, x->samples[i]);
	}
	fputc(']', f);
}

/* A measurement's values after its "seconds" key: the seconds, the headline rate as |rate_key|,
 * median, min, max, samples. */
static void figures(FILE *f, const speed_result *x, const char *rate_key, double rate)
{
	jnum(f, x->seconds);
	fprintf(f, ", \"%s\": ", rate_key);
	jnum(f, rate);
	fprintf(f, ", \"median\": ");
	jnum(f, x->rate);
	fprintf(f, ", \"min\": ");
	jnum(f, x->min);
	fprintf(f, ", \"max\": ");
	jnum(f, x->max);
	fprintf(f, ", \"samples\": ");
	samples(f, x);
}

/* The start of a record of a JSON list, after a comma unless |first|: its "algorithm".
 * Returns 0 (the next record is not the first). */
static int record_start(FILE *f, int first, const char *algorithm)
{
	fprintf(f, "%s\n    {\"algorithm\": ", first ? "" : ",");
	jstr(f, algorithm);
	return 0;
}

/*
 * -stack: "stack": {"state": "ok", "bytes": 1234, "heap": 0}; bytes null
 * unless measured, heap null unless checked ("n/a": not Ember's engine).
 */
static void jstack(FILE *f, const speed_run *r, const speed_result *x)
{
	static const char *const states[] = { "none", "ok", "n/a", "overflow", "failed" };
	int ok = x->stack_state == SPEED_STACK_OK;

	if (!r->stack)
		return;
	fprintf(f, ", \"stack\": {\"state\": \"%s\", \"bytes\": ",
	    x->stack_state >= 0 && x->stack_state <= SPEED_STACK_FAILED ? states[x->stack_state] : "failed");
	if (ok)
		fprintf(f, "%lu", (unsigned long)x->stack_bytes);
	else
		fprintf(f, "null");
	fprintf(f, ", \"heap\": ");
	if (ok && x->heap_bytes >= 0)
		fprintf(f, "%ld", x->heap_bytes);
	else
		fprintf(f, "null");
	fprintf(f, "}");
}

/* Rows and public-key words in |state| (failed, or skipped: by the stop rule,
 * or a row this engine lacks) with their reason and engine. Returns |first|. */
static int not_run_list(FILE *f, const speed_run *r, int state, int first)
{
	int i;

	for (i = 0; i < r->njobs; i++) {
		const speed_job *j = &r->jobs[i];
		if (j->state != state)
			continue;
		first = record_start(f, first, j->row.name);
		fprintf(f, ", \"impl\": ");
		jstr(f, j->impl[0] ? j->impl : "default");
		fprintf(f, ", \"engine\": ");
		jstr(f, r->engine->name);
		fprintf(f, ", \"error\": ");
		jstr(f, j->error[0] ? j->error : "failed");
		fprintf(f, "}");
	}
	for (i = 0; i < r->npk; i++) {
		const speed_pk_job *p = &r->pk[i];
		if (p->state != state)
			continue;
		first = record_start(f, first, p->word);
		fprintf(f, ", \"engine\": ");
		jstr(f, r->engine->name);
		fprintf(f, ", \"error\": ");
		jstr(f, p->error[0] ? p->error : "failed");
		fprintf(f, "}");
	}
	return first;
}

void speed_report_json(FILE *f, const speed_run *runs, int nrun, const speed_missing *miss, int nmiss)
{
	const speed_run *r = &runs[0];
	char buf[4096];
	int i, s, first, op, k;

	fprintf(f, "{\n  \"format\": \"ember-speed\", \"format_version\": 1,\n");
	fprintf(f, "  \"tool\": \"ember\", \"tool_version\": ");
	jstr(f, ember_version());
	fprintf(f, ",\n  \"engine\": ");
	jstr(f, r->engine->name);
	fprintf(f, ", \"engines\": [");
	for (k = 0; k < nrun; k++) {
		char about[256] = "";
		if (runs[k].engine->describe)
			runs[k].engine->describe(about, sizeof(about));
		fprintf(f, "%s{\"name\": ", k ? ", " : "");
		jstr(f, runs[k].engine->name);
		fprintf(f, ", \"about\": ");
		jstr(f, about);
		fprintf(f, "}");
	}
	fprintf(f, "], \"missing_engines\": [");
	for (k = 0; k < nmiss; k++) {
		fprintf(f, "%s{\"name\": ", k ? ", " : "");
		jstr(f, miss[k].engine);
		fprintf(f, ", \"error\": ");
		jstr(f, miss[k].why);
		fprintf(f, "}");
	}
	fprintf(f, "], \"elapsed_implied_by\": ");
	if (r->elapsed_implied)
		jstr(f, r->elapsed_implied);
	else
		fprintf(f, "null");
	fprintf(f, ",\n  \"build\": {\"compiler\": ");
	jstr(f, tool_build_cc);
	fprintf(f, ", \"flags\": ");
	jstr(f, tool_build_flags);
	fprintf(f, ", \"target\": ");
	jstr(f, tool_build_target);
	fprintf(f, ", \"date\": ");
	jstr(f, tool_build_date);
	ember_cpu_describe(buf, sizeof(buf));
	fprintf(f, "},\n  \"cpu\": {\"features\": ");
	jstr(f, buf);
	tool_describe_impls(buf, sizeof(buf));
	fprintf(f, ", \"implementations\": ");
	jstr(f, buf);
	fprintf(f, "},\n  \"timer\": ");
	jstr(f, r->multi > 1 ? "CLOCK_MONOTONIC" : speed_timer_name());
	fprintf(f, ", \"timer_resolution_ns\": ");
	jnum(f, speed_timer_resolution() * 1e9);
	fprintf(f, ", \"timer_read_ns\": ");
	jnum(f, speed_timer_read_cost() * 1e9);
	fprintf(f, ",\n  \"seconds_per_size\": ");
	jnum(f, r->seconds);
	fprintf(f, ", \"pk_seconds_per_size\": ");
	jnum(f, r->pk_seconds);
	fprintf(f, ", \"count\": ");
	if (r->count)
		fprintf(f, "%llu", (unsigned long long)r->count);
	else
		fprintf(f, "null");
	fprintf(f, ", \"repeat\": %d, \"multi\": %d, \"misalign\": %d, \"decrypt\": %s, \"aead\": %s,\n", r->repeat,
	    r->multi, r->misalign, r->decrypt ? "true" : "false", r->aead ? "true" : "false");
	fprintf(f, "  \"sizes\": [");
	for (s = 0; s < r->nsizes; s++)
		fprintf(f, "%s%d", s ? ", " : "", (int)r->sizes[s]);
	fprintf(f, "], \"cycles_counter\": ");
	if (r->cycles && r->cycles_name)
		jstr(f, r->cycles_name);
	else
		fprintf(f, "null");
	fprintf(f, ",\n  \"results\": [");
	first = 1;
	for (k = 0; k < nrun; k++)
	for (r = &runs[k], i = 0; i < r->njobs; i++) {
		const speed_job *j = &r->jobs[i];
		if (j->state != SPEED_OK)
			continue;
		for (s = 0; s < r->nsizes; s++) {
			const speed_result *x = &j->res[s];
			first = record_start(f, first, j->row.name);
			fprintf(f, ", \"impl\": ");
			jstr(f, j->impl_used);
			fprintf(f, ", \"engine\": ");
			jstr(f, r->engine->name);
			fprintf(f, ", \"op\": \"%s\", \"size\": %d, \"ops\": %llu, \"seconds\": ", sym_op(r, j),
			    (int)r->sizes[s], (unsigned long long)x->ops);
			figures(f, x, "bytes_per_sec", headline(r, x, (double)r->sizes[s]));
			if (r->cycles && r->cycles_name && x->ops) {
				fprintf(f, ", \"cycles_per_byte\": ");
				jnum(f, (double)x->cycles / ((double)x->ops * (double)r->sizes[s]));
			}
			if (r->impl_all)
				fprintf(f, ", \"default\": %s, \"constant_time\": %s, \"fastest\": %s",
				    j->is_default ? "true" : "false", (j->impl_flags & EMBER_IMPL_CT) ? "true" : "false",
				    (j->mark[s] & SPEED_MARK_FASTEST) ? "true" : "false");
			jstack(f, r, x);
			fprintf(f, "}");
		}
	}
	fprintf(f, "\n  ],\n  \"pk\": [");
	first = 1;
	for (k = 0; k < nrun; k++)
	for (r = &runs[k], i = 0; i < r->npk; i++) {
		const speed_pk_job *p = &r->pk[i];
		if (p->state != SPEED_OK)
			continue;
		for (op = 0; op < SPEED_PK_NOPS(p->family); op++) {
			const speed_result *x = &p->res[op];
			char alg[64];
			first = record_start(f, first, pk_alg(p, alg, sizeof(alg)));
			fprintf(f, ", \"word\": ");
			jstr(f, p->word);
			if (p->impl_used[0]) {
				fprintf(f, ", \"impl\": ");
				jstr(f, p->impl_used);
			}
			fprintf(f, ", \"bits\": %u, \"engine\": ", p->bits);
			jstr(f, r->engine->name);
			fprintf(f, ", \"op\": \"%s\", \"ops\": %llu, \"seconds\": ", pk_op(p, op),
			    (unsigned long long)x->ops);
			figures(f, x, "ops_per_sec", headline(r, x, 1));
			if (r->cycles && r->cycles_name && x->ops) {
				fprintf(f, ", \"cycles_per_op\": ");
				jnum(f, (double)x->cycles / (double)x->ops);
			}
			if (p->family == SPEED_PK_TLS)
				tls_fields(f, p, op);
			jstack(f, r, x);
			fprintf(f, "}");
		}
	}
	fprintf(f, "\n  ],\n  \"failures\": [");
	first = 1;
	for (k = 0; k < nrun; k++)
		first = not_run_list(f, &runs[k], SPEED_FAILED, first);
	fprintf(f, "\n  ],\n  \"skipped\": [");
	first = 1;
	for (k = 0; k < nrun; k++)
		first = not_run_list(f, &runs[k], SPEED_SKIPPED, first);
	fprintf(f, "\n  ]\n}\n");
}

/* -impl all's columns "default,fastest": 1 or 0; empty in other runs and for public keys. */
static void csv_marks(FILE *f, const speed_run *r, const speed_job *j, int s)
{
	if (r->impl_all && j != NULL)
		fprintf(f, ",%d,%d", j->is_default ? 1 : 0, (j->mark[s] & SPEED_MARK_FASTEST) ? 1 : 0);
	else
		fprintf(f, ",,");
}

/* -stack's columns "stack_bytes,heap_bytes" (only in a -stack run): a number, or n/a, overflow, failed, -. */
static void csv_stack(FILE *f, const speed_run *r, const speed_result *x)
{
	char a[32], b[32];

	if (r->stack)
		fprintf(f, ",%s,%s", speed_stack_text(x, 0, a, sizeof(a)), speed_stack_text(x, 1, b, sizeof(b)));
}

static void csv_row(FILE *f, const char *alg, const char *impl, const char *engine, const char *op, unsigned size,
    const speed_result *x, double headline_rate, const char *unit, double cpx)
{
	int i;

	fprintf(f, "%s,%s,%s,%s,%u,%llu,%.9g,%.10g,%s,%.10g,%.10g,%.10g,", alg, impl, engine, op, size,
	    (unsigned long long)x->ops, x->seconds, headline_rate, unit, x->rate, x->min, x->max);
	if (cpx >= 0)
		fprintf(f, "%.4f", cpx);
	fputc(',', f);
	for (i = 0; i < x->nsamples; i++)
		fprintf(f, "%s%.10g", i ? ";" : "", x->samples[i]);
}

void speed_report_csv(FILE *f, const speed_run *runs, int nrun)
{
	const speed_run *r = &runs[0];
	int i, s, op, k;
	int cyc = r->cycles && r->cycles_name;

	/* columns are only ever added at the end, so that scripts reading by position keep working */
	fprintf(f, "algorithm,impl,engine,op,size,ops,seconds,rate,unit,median,min,max,cycles_per_unit,samples,default,"
	           "fastest%s\n", r->stack ? ",stack_bytes,heap_bytes" : "");
	for (k = 0; k < nrun; k++)
	for (r = &runs[k], i = 0; i < r->njobs; i++) {
		const speed_job *j = &r->jobs[i];
		if (j->state != SPEED_OK)
			continue;
		for (s = 0; s < r->nsizes; s++) {
			const speed_result *x = &j->res[s];
			double bytes = (double)x->ops * (double)r->sizes[s];
			csv_row(f, j->row.name, j->impl_used, r->engine->name, sym_op(r, j), (unsigned)r->sizes[s], x,
			    headline(r, x, (double)r->sizes[s]), "bytes/s", cyc && bytes > 0 ? (double)x->cycles / bytes : -1);
			csv_marks(f, r, j, s);
			csv_stack(f, r, x);
			fputc('\n', f);
		}
	}
	for (k = 0; k < nrun; k++)
	for (r = &runs[k], i = 0; i < r->npk; i++) {
		const speed_pk_job *p = &r->pk[i];
		if (p->state != SPEED_OK)
			continue;
		for (op = 0; op < SPEED_PK_NOPS(p->family); op++) {
			const speed_result *x = &p->res[op];
			char alg[64];
			csv_row(f, pk_alg(p, alg, sizeof(alg)), p->impl_used[0] ? p->impl_used : "default", r->engine->name,
			    pk_op(p, op), p->bits, x, headline(r, x, 1), "ops/s",
			    cyc && x->ops ? (double)x->cycles / (double)x->ops : -1);
			csv_marks(f, r, NULL, 0);
			csv_stack(f, r, x);
			fputc('\n', f);
		}
	}
}
