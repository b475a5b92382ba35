/*
 * print.c - what `ember speed` prints on stdout as text: openssl speed's
 * header and tables (the rates, then the public-key tables); the helpers
 * the writers share are print_util.c's, the -mr records are
 * print_mr.c's, Ember's own tables print_ember.c's, the engines side by
 * side print_side.c's, -list print_list.c's.
 */
#include <string.h>

#include "ember/cpu.h"
#include "ember/util.h"
#include "padlock.h"
#include "print_int.h"
#include "speed.h"
#include "speed_int.h"
#include "speed_tls.h"
#include "speed_stack.h"
#include "tool.h"

/* ---- the header ---- */

/* "timing:": the time base of the rates (and of cycles), when something other than -elapsed chose it or -cycles asked. */
static void print_timing(FILE *f, const speed_run *r)
{
	int cyc = r->cycles && r->cycles_name != NULL;

	if (r->elapsed_implied == NULL && !cyc)
		return;
	fprintf(f, "timing: %s", speed_wall_clock(r) ? "wall clock (CLOCK_MONOTONIC)" : "CPU time (CLOCK_PROCESS_CPUTIME_ID)");
	if (r->elapsed_implied != NULL && strcmp(r->elapsed_implied, SPEED_BY_CYCLES) == 0)
		fprintf(f, ", -elapsed implied: -cycles reads the TSC, which counts wall-clock time");
	else if (r->elapsed_implied != NULL)
		fprintf(f, ", -elapsed implied: engine %s hands the work to the kernel, where this process's CPU time "
		           "does not see it", r->elapsed_implied);
	if (cyc)
		fprintf(f, "; cycles per byte (%s) count the same time as the rates", r->cycles_name);
	fprintf(f, "\n");
}

void speed_print_header(FILE *f, const speed_run *runs, int nrun, int nel, const speed_missing *miss, int nmiss)
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
		for (i = 0; i < r->npk; i++) {
			const speed_pk_job *p = &r->pk[i];
			if (p->impl_used[0] == 0 || used >= sizeof(buf) - 1)
				continue;
			snprintf(buf + used, sizeof(buf) - used, "%s%s:%s", used ? " " : "", p->word, p->impl_used);
			used += strlen(buf + used);
		}
	}
	fprintf(f, "version: Ember %s\n", ember_version());
	fprintf(f, "built on: %s\n", tool_build_date);
	fprintf(f, "options: %s\n", buf);
	fprintf(f, "compiler: %s %s (%s)\n", tool_build_cc, tool_build_flags, tool_build_target);
	ember_cpu_describe(buf, sizeof(buf));
	fprintf(f, "CPUINFO: %s\n", buf);
	{
		/* only on a VIA/Zhaoxin CPU, so every other header stays as it was */
		char pl[160];
		padlock_describe(pl, sizeof(pl));
		if (strncmp(pl, "not ", 4) != 0)
			fprintf(f, "PadLock: %s\n", pl);
	}
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
	print_timing(f, &runs[0]);
}

/* ---- openssl's tables ---- */

/*
 * Ember's handshake table (speed_tls.h): per side the handshakes per
 * second, the milliseconds per handshake and the bytes sent in one. The
 * title names the version and the suite.
 */
static void print_tls_row(FILE *f, const speed_pk_job *p, int *header)
{
	if (!*header) {
		fprintf(f, "TLS 1.%c handshakes, %s, each side timed apart (the client verifies the server's chain):\n",
		    speed_tls_is12(p->word) ? '2' : '3', p->tls_suite[0] ? p->tls_suite : speed_tls_suite_name());
		fprintf(f, "%-34s %31s %31s\n", "", "server", "client");
		fprintf(f, "%-34s %12s %10s %6s %12s %10s %6s\n", "", "handshakes/s", "ms", "bytes", "handshakes/s", "ms",
		    "bytes");
		*header = 1;
	}
	if (p->state != SPEED_OK) {
		fprintf(f, "%-34s %12s %10s %6s %12s %10s %6s\n", p->label, "failed", "failed", "-", "failed", "failed", "-");
		return;
	}
	fprintf(f, "%-34s %12.1f %10.3f %6llu %12.1f %10.3f %6llu\n", p->label, p->res[0].rate,
	    p->res[0].rate > 0 ? 1e3 / p->res[0].rate : 0.0, (unsigned long long)p->tls_bytes[0], p->res[1].rate,
	    p->res[1].rate > 0 ? 1e3 / p->res[1].rate : 0.0, (unsigned long long)p->tls_bytes[1]);
}

/*
 * The handshake tables: TLS 1.3's rows under one title (one suite), then
 * TLS 1.2's, whose suite follows the server's key, a table per suite in the
 * order the suites first come.
 */
static void print_tls_tables(FILE *f, const speed_run *r)
{
	int i, k, header = 0;

	for (i = 0; i < r->npk; i++) {
		const speed_pk_job *p = &r->pk[i];
		if (p->family == SPEED_PK_TLS && !speed_tls_is12(p->word) && (p->state == SPEED_OK || p->state == SPEED_FAILED))
			print_tls_row(f, p, &header);
	}
	for (i = 0; i < r->npk; i++) {
		const speed_pk_job *p = &r->pk[i];
		if (p->family != SPEED_PK_TLS || !speed_tls_is12(p->word) || (p->state != SPEED_OK && p->state != SPEED_FAILED))
			continue;
		for (k = 0; k < i; k++) /* a suite already printed with its first row */
			if (r->pk[k].family == SPEED_PK_TLS && speed_tls_is12(r->pk[k].word) &&
			    (r->pk[k].state == SPEED_OK || r->pk[k].state == SPEED_FAILED) &&
			    strcmp(r->pk[k].tls_suite, p->tls_suite) == 0)
				break;
		if (k < i)
			continue;
		header = 0;
		for (k = i; k < r->npk; k++)
			if (r->pk[k].family == SPEED_PK_TLS && speed_tls_is12(r->pk[k].word) &&
			    (r->pk[k].state == SPEED_OK || r->pk[k].state == SPEED_FAILED) &&
			    strcmp(r->pk[k].tls_suite, p->tls_suite) == 0)
				print_tls_row(f, &r->pk[k], &header);
	}
}

/* -breakdown: per handshake row and side, microseconds in each phase (speed_tls.h). */
static void print_tls_breakdown(FILE *f, const speed_run *r)
{
	int i, side, ph, header = 0;

	for (i = 0; i < r->npk; i++) {
		const speed_pk_job *p = &r->pk[i];
		if (p->family != SPEED_PK_TLS || p->state != SPEED_OK)
			continue;
		if (!header) {
			fprintf(f, "\nHandshake breakdown, microseconds per handshake (key exchange, signature, chain and "
			           "CertificateVerify\nverification, key schedule, transcript hash, record protection, "
			           "the rest):\n%-34s %6s", "", "side");
			for (ph = 0; ph < SPEED_TLS_NPHASE; ph++)
				fprintf(f, " %10s", speed_tls_phase_names[ph]);
			fprintf(f, " %10s\n", "total");
			header = 1;
		}
		if (!p->tls_phases) {
			fprintf(f, "%-34s %6s %s\n", p->label, "-", "not available: this engine has no probe");
			continue;
		}
		for (side = 0; side < 2; side++) {
			double tot = 0;
			fprintf(f, "%-34s %6s", side ? "" : p->label, side ? "client" : "server");
			for (ph = 0; ph < SPEED_TLS_NPHASE; ph++) {
				fprintf(f, " %10.1f", p->tls_phase[side][ph] * 1e6);
				tot += p->tls_phase[side][ph];
			}
			fprintf(f, " %10.1f\n", tot * 1e6);
		}
	}
}

/*
 * One row of openssl 3.0's public-key tables, its family's header line
 * first (|header| 0). The curves' rows name the curve as openssl does
 * ("nistp256", "X25519", "Ed25519"), with "/impl" under -impl.
 */
static void print_pk_row(FILE *f, const speed_pk_job *p, int *header)
{
	char curve[64];
	int ok = p->state == SPEED_OK;

	if (p->family == SPEED_PK_KEM || p->family == SPEED_PK_SIG) {
		/* openssl 3.5's KEM and SIG tables, its format strings */
		if (!*header) {
			if (p->family == SPEED_PK_KEM)
				fprintf(f, "%31skeygen    encaps    decaps keygens/s  encaps/s  decaps/s\n", " ");
			else
				fprintf(f, "%31skeygen     signs    verify keygens/s    sign/s  verify/s\n", " ");
			*header = 1;
		}
		if (!ok)
			fprintf(f, "%27s %9s %9s %9s %9s %9s %9s\n", p->label, "failed", "failed", "failed", "failed", "failed",
			    "failed");
		else
			fprintf(f, "%27s %8.6fs %8.6fs %8.6fs %9.1f %9.1f %9.1f\n", p->label, 1.0 / p->res[0].rate,
			    1.0 / p->res[1].rate, 1.0 / p->res[2].rate, p->res[0].rate, p->res[1].rate, p->res[2].rate);
		return;
	}
	if (!*header) {
		if (p->family == SPEED_PK_ECDH)
			fprintf(f, "%30sop      op/s\n", " ");
		else
			fprintf(f, "%*ssign    verify    sign/s verify/s\n", p->family <= SPEED_PK_DSA ? 18 : 30, " ");
		*header = 1;
	}
	if (p->impl[0])
		snprintf(curve, sizeof(curve), "%s/%s", p->curve, p->impl);
	else
		snprintf(curve, sizeof(curve), "%s", p->curve);
	switch (p->family) {
	case SPEED_PK_RSA:
	case SPEED_PK_DSA:
		if (!ok)
			fprintf(f, "%s %4u bits %9s %9s %8s %8s\n", speed_pk_family_name(p->family), p->bits, "failed", "failed",
			    "failed", "failed");
		else
			fprintf(f, "%s %4u bits %8.6fs %8.6fs %8.1f %8.1f\n", speed_pk_family_name(p->family), p->bits,
			    1.0 / p->res[0].rate, 1.0 / p->res[1].rate, p->res[0].rate, p->res[1].rate);
		break;
	case SPEED_PK_ECDH:
		if (!ok)
			fprintf(f, "%4u bits ecdh (%s) %9s %8s\n", p->bits, curve, "failed", "failed");
		else
			fprintf(f, "%4u bits ecdh (%s) %8.4fs %8.1f\n", p->bits, curve, 1.0 / p->res[0].rate, p->res[0].rate);
		break;
	default: {
		const char *alg = p->family == SPEED_PK_ECDSA ? "ecdsa" : "EdDSA";
		if (!ok)
			fprintf(f, "%4u bits %s (%s) %9s %9s %8s %8s\n", p->bits, alg, curve, "failed", "failed", "failed",
			    "failed");
		else
			fprintf(f, "%4u bits %s (%s) %8.4fs %8.4fs %8.1f %8.1f\n", p->bits, alg, curve, 1.0 / p->res[0].rate,
			    1.0 / p->res[1].rate, p->res[0].rate, p->res[1].rate);
		break;
	}
	}
}

/* With -mr, print_mr.c's records instead; Ember's tables (print_ember.c, -stack's) after openssl's. */
void speed_print_tables(FILE *f, const speed_run *r)
{
	int i, s, title, any = speed_has_rows(r), width = speed_name_width(r, NULL);

	if (r->format == SPEED_MR) {
		speed_print_records(f, r);
		return;
	}
	if (any) {
		fprintf(f, "The 'numbers' are in 1000s of bytes per second processed.\n");
		speed_print_type_line(f, r, width);
		for (i = 0; i < r->njobs; i++) {
			const speed_job *j = &r->jobs[i];
			if (j->state != SPEED_OK && j->state != SPEED_FAILED)
				continue;
			fprintf(f, "%-*s", width, j->label);
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
	for (title = 0; title < SPEED_PK_NFAM; title++) {
		int header = 0;
		if (title == SPEED_PK_TLS) {
			print_tls_tables(f, r);
			continue;
		}
		for (i = 0; i < r->npk; i++) {
			const speed_pk_job *p = &r->pk[i];
			if (p->family != title || (p->state != SPEED_OK && p->state != SPEED_FAILED))
				continue;
			print_pk_row(f, p, &header);
		}
	}
	if (speed_tls_breakdown())
		print_tls_breakdown(f, r);
	/* Ember's additions come after openssl's tables, only when asked for. */
	if (any && r->impl_all)
		speed_print_fastest(f, r);
	if (any && r->repeat > 1)
		speed_print_spread(f, r, width);
	if (r->stack)
		speed_stack_print(f, r);
	if (any && r->cycles)
		speed_print_cycles(f, r, width);
}
