/*
 * print.c - what `ember speed` prints on stdout as text and -mr: openssl
 * speed's header and tables (or +H/+F records), Ember's spread and
 * cycles-per-byte tables, the engines side by side, and -list.
 */
#include <string.h>

#include "ember/aead.h"
#include "ember/cipher.h"
#include "ember/cpu.h"
#include "ember/util.h"
#include "padlock.h"
#include "speed.h"
#include "speed_ec.h"
#include "speed_int.h"
#include "speed_stack.h"
#include "tool.h"

/* ---- the header and tables ---- */

static int wall_clock(const speed_run *r)
{
	/* -multi's children measure wall time, as openssl's */
	return r->multi > 1 || strcmp(speed_timer_name(), "CLOCK_MONOTONIC") == 0;
}

/* "timing:": the time base of the rates (and of cycles), when something other than -elapsed chose it or -cycles asked. */
static void print_timing(FILE *f, const speed_run *r)
{
	int cyc = r->cycles && r->cycles_name != NULL;

	if (r->elapsed_implied == NULL && !cyc)
		return;
	fprintf(f, "timing: %s", wall_clock(r) ? "wall clock (CLOCK_MONOTONIC)" : "CPU time (CLOCK_PROCESS_CPUTIME_ID)");
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

/*
 * The width of the name column: openssl's 13, whose longer names push their
 * row out of line as openssl's do; with -impl (Ember's own rows, named
 * "hmac(md5)/avx512"), the longest name, so that every column stays aligned.
 */
static int name_width(const speed_run *r, const char *suffix_default)
{
	int i, w = 13;

	for (i = 0; i < r->njobs; i++) {
		const speed_job *j = &r->jobs[i];
		int n = (int)strlen(j->label);
		if (j->impl[0] == 0)
			continue;
		if (suffix_default != NULL && j->is_default)
			n += (int)strlen(suffix_default);
		if (n > w)
			w = n;
	}
	return w;
}

static void print_type_line(FILE *f, const speed_run *r, int width)
{
	int s;

	fprintf(f, "%-*s", width - 1, "type");
	for (s = 0; s < r->nsizes; s++)
		fprintf(f, "%7d bytes", (int)r->sizes[s]);
	fprintf(f, "\n");
}

/* Writes |line| without its trailing blanks, and a newline. */
static void put_line(FILE *f, char *line)
{
	size_t n = strlen(line);

	while (n > 0 && line[n - 1] == ' ')
		line[--n] = 0;
	fprintf(f, "%s\n", line);
}

const char *speed_ratio_text(double v, char *buf, size_t len)
{
	if (!(v >= 0) || v >= 99999.5)
		snprintf(buf, len, "x>1e5");
	else if (v < 99.995)
		snprintf(buf, len, "x%.2f", v);
	else if (v < 999.95)
		snprintf(buf, len, "x%.1f", v);
	else
		snprintf(buf, len, "x%.0f", v);
	return buf;
}

/* -mr with -impl all: "+EMBER:FASTEST:row:impl:impl..." per row, one implementation per size of +H. */
static void print_fastest_mr(FILE *f, const speed_run *r)
{
	int i, k, s;

	for (i = 0; i < r->njobs; i++) {
		const char *row = r->jobs[i].row.name;
		for (k = 0; k < i && strcmp(r->jobs[k].row.name, row) != 0; k++)
			;
		if (k < i)
			continue;
		fprintf(f, "+EMBER:FASTEST:%s", row);
		for (s = 0; s < r->nsizes; s++) {
			const char *best = "-";
			for (k = i; k < r->njobs; k++)
				if (strcmp(r->jobs[k].row.name, row) == 0 && (r->jobs[k].mark[s] & SPEED_MARK_FASTEST))
					best = r->jobs[k].impl_used;
			fprintf(f, ":%s", best);
		}
		fprintf(f, "\n");
	}
}

/* The default job of |j|'s row (NULL when it did not run). */
static const speed_job *default_of(const speed_run *r, const speed_job *j)
{
	int k;

	for (k = 0; k < r->njobs; k++)
		if (strcmp(r->jobs[k].row.name, j->row.name) == 0 && r->jobs[k].is_default &&
		    r->jobs[k].state == SPEED_OK)
			return &r->jobs[k];
	return NULL;
}

/*
 * -impl all: each implementation's rate over its row's default, "*" on the
 * fastest at each size, "+" on the fastest constant-time one where the
 * fastest is not constant-time. Cells start with "x", so that a reader of
 * openssl's tables never takes them for rates.
 */
static void print_fastest(FILE *f, const speed_run *r)
{
	static const char dflt[] = " (default)";
	int width = name_width(r, dflt), i, s;
	char line[1024];

	fprintf(f, "\nThe 'numbers' are each implementation's rate over the default's of its row.\n"
	           "* marks the fastest at each size; + the fastest constant-time one, where the fastest is not.\n");
	print_type_line(f, r, width);
	for (i = 0; i < r->njobs; i++) {
		const speed_job *j = &r->jobs[i], *d = default_of(r, j);
		char name[160];
		size_t used;

		if (j->state != SPEED_OK && j->state != SPEED_FAILED)
			continue;
		snprintf(name, sizeof(name), "%s%s", j->label, j->is_default ? dflt : "");
		snprintf(line, sizeof(line), "%-*s", width, name);
		for (s = 0; s < r->nsizes; s++) {
			char ratio[24];
			used = strlen(line);
			if (j->state != SPEED_OK)
				snprintf(ratio, sizeof(ratio), "failed");
			else if (d == NULL || !(d->res[s].rate > 0))
				snprintf(ratio, sizeof(ratio), "x?");
			else
				speed_ratio_text(j->res[s].rate / d->res[s].rate, ratio, sizeof(ratio));
			snprintf(line + used, sizeof(line) - used, " %11s%c", ratio,
			    (j->mark[s] & SPEED_MARK_FASTEST) ? '*' : (j->mark[s] & SPEED_MARK_FASTEST_CT) ? '+' : ' ');
		}
		put_line(f, line);
	}
}

/*
 * openssl 3.0's -mr record of a public-key word: +F2 rsa, +F3 dsa, +F4
 * ecdsa, +F5 ecdh (the rate, then seconds per operation), +F6 EdDSA (with
 * the curve's name); openssl 3.5's +F9 for a KEM (three rates), after
 * Ember's "+EMBER:KEM:k:name", which says what k is; +F10 for a signature
 * (ML-DSA), after "+EMBER:SIG:k:name". Its records have no field for an implementation:
 * with -impl all, the word's other implementations than the default write
 * "+EMBER:PK:label:rates", which readers of openssl's records skip.
 */
static void print_pk_mr(FILE *f, const speed_pk_job *p, int impl_all)
{
	if (p->state != SPEED_OK)
		return;
	if (impl_all && p->impl[0] && !p->is_default) {
		int op;
		fprintf(f, "+EMBER:PK:%s:%f", p->label, p->res[0].rate);
		for (op = 1; op < SPEED_PK_NOPS(p->family); op++)
			fprintf(f, ":%f", p->res[op].rate);
		fprintf(f, "\n");
		return;
	}
	switch (p->family) {
	case SPEED_PK_KEM:
		/* openssl 3.5's "+F9:%u:%f:%f:%f"; its k indexes a list made at run time, so Ember names its own first */
		fprintf(f, "+EMBER:KEM:%u:%s\n", (unsigned)p->index, p->curve);
		fprintf(f, "+F9:%u:%f:%f:%f\n", (unsigned)p->index, p->res[0].rate, p->res[1].rate, p->res[2].rate);
		break;
	case SPEED_PK_SIG:
		/* openssl 3.5's "+F10:%u:%f:%f:%f" (keygen, sign, verify), named first as the KEMs are */
		fprintf(f, "+EMBER:SIG:%u:%s\n", (unsigned)p->index, p->curve);
		fprintf(f, "+F10:%u:%f:%f:%f\n", (unsigned)p->index, p->res[0].rate, p->res[1].rate, p->res[2].rate);
		break;
	case SPEED_PK_ECDH:
		fprintf(f, "+F5:%u:%u:%f:%f\n", (unsigned)p->index, p->bits, p->res[0].rate,
		    p->res[0].rate > 0 ? 1.0 / p->res[0].rate : 0.0);
		break;
	case SPEED_PK_EDDSA:
		fprintf(f, "+F6:%u:%u:%s:%f:%f\n", (unsigned)p->index, p->bits, p->curve, p->res[0].rate, p->res[1].rate);
		break;
	default:
		fprintf(f, "+F%d:%u:%u:%f:%f\n", p->family == SPEED_PK_RSA ? 2 : p->family == SPEED_PK_DSA ? 3 : 4,
		    (unsigned)p->index, p->bits, p->res[0].rate, p->res[1].rate);
		break;
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

void speed_print_tables(FILE *f, const speed_run *r)
{
	int i, s, any = 0, title, width = name_width(r, NULL);

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
		for (i = 0; i < r->npk; i++)
			print_pk_mr(f, &r->pk[i], r->impl_all);
		if (any && r->impl_all)
			print_fastest_mr(f, r);
		if (r->stack)
			speed_stack_print_mr(f, r);
		return;
	}
	if (any) {
		fprintf(f, "The 'numbers' are in 1000s of bytes per second processed.\n");
		print_type_line(f, r, width);
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
		for (i = 0; i < r->npk; i++) {
			const speed_pk_job *p = &r->pk[i];
			if (p->family != title || (p->state != SPEED_OK && p->state != SPEED_FAILED))
				continue;
			print_pk_row(f, p, &header);
		}
	}
	/* Ember's additions come after openssl's tables, only when asked for. */
	if (any && r->impl_all)
		print_fastest(f, r);
	if (any && r->repeat > 1) {
		fprintf(f, "\nThe spread is (max - min) / median in percent over %d runs.\n", r->repeat);
		print_type_line(f, r, width);
		for (i = 0; i < r->njobs; i++) {
			const speed_job *j = &r->jobs[i];
			if (j->state != SPEED_OK)
				continue;
			fprintf(f, "%-*s", width, j->label);
			for (s = 0; s < r->nsizes; s++) {
				const speed_result *x = &j->res[s];
				fprintf(f, " %11.1f%%", x->rate > 0 ? 100.0 * (x->max - x->min) / x->rate : 0.0);
			}
			fprintf(f, "\n");
		}
	}
	if (r->stack)
		speed_stack_print(f, r);
	if (any && r->cycles) {
		if (r->cycles_name == NULL) {
			fprintf(f, "\nCycles per byte: not available (%s).\n", r->cycles_why);
			return;
		}
		fprintf(f, "\nThe 'numbers' are cycles per byte processed (%s, counted over the rates' %s time).\n",
		    r->cycles_name, wall_clock(r) ? "wall-clock" : "CPU");
		print_type_line(f, r, width);
		for (i = 0; i < r->njobs; i++) {
			const speed_job *j = &r->jobs[i];
			if (j->state != SPEED_OK)
				continue;
			fprintf(f, "%-*s", width, j->label);
			for (s = 0; s < r->nsizes; s++) {
				const speed_result *x = &j->res[s];
				double bytes = (double)x->ops * (double)r->sizes[s];
				fprintf(f, " %11.2f ", bytes > 0 ? (double)x->cycles / bytes : 0.0);
			}
			fprintf(f, "\n");
		}
	}
}

/* ---- the engines side by side ---- */

/* Mail clients wrap lines past about 100 columns: the side-by-side table fits. */
#define SIDE_WIDTH 100
#define SIDE_CELL 20 /* " %11.2fk" and " x%-5s": a rate and its ratio */

/* One rate (bytes or operations per second) in openssl's number format. */
static void put_rate(char *line, size_t len, double v)
{
	size_t used = strlen(line);

	if (v > 10000)
		snprintf(line + used, len - used, " %11.2fk", v / 1e3);
	else
		snprintf(line + used, len - used, " %11.2f ", v);
}

static void put_ratio(char *line, size_t len, int show, double v, double base)
{
	size_t used = strlen(line);
	char r[24];

	if (show && base > 0)
		snprintf(line + used, len - used, " %-6s", speed_ratio_text(v / base, r, sizeof(r)));
	else
		snprintf(line + used, len - used, "%7s", "");
}

/*
 * |line| (|col| columns so far), then |text| word by word, continued on lines
 * indented by |indent| so that none passes SIDE_WIDTH (a single longer word
 * stays whole).
 */
static void put_wrapped(FILE *f, char *line, size_t len, const char *text, int indent)
{
	int col = (int)strlen(line);

	while (*text) {
		size_t w = strcspn(text, " ");
		size_t used = strlen(line);
		if (col > indent && col + 1 + (int)w > SIDE_WIDTH) {
			put_line(f, line);
			snprintf(line, len, "%*s", indent, "");
			col = indent;
			used = strlen(line);
		}
		snprintf(line + used, len - used, "%s%.*s", col > indent ? " " : "", (int)w, text);
		col = (int)strlen(line);
		text += w;
		while (*text == ' ')
			text++;
	}
	put_line(f, line);
}

static const speed_job *job_by_label(const speed_run *r, const char *label)
{
	int i;

	for (i = 0; i < r->njobs; i++)
		if (strcmp(r->jobs[i].label, label) == 0)
			return &r->jobs[i];
	return NULL;
}

/* A public-key job's name in the side-by-side table: its label (word, or word/impl), else its word. */
static const char *pk_key(const speed_pk_job *p)
{
	return p->label[0] ? p->label : p->word;
}

static const speed_pk_job *pk_by_word(const speed_run *r, const char *label)
{
	int i;

	for (i = 0; i < r->npk; i++)
		if (strcmp(pk_key(&r->pk[i]), label) == 0)
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

/* 1 when |label| first appears in engine |k| (rows are those of every engine, in order, once). */
static int first_seen(const speed_run *runs, int k, const char *label, int pk)
{
	int m;

	for (m = 0; m < k; m++)
		if (pk ? pk_by_word(&runs[m], label) != NULL : job_by_label(&runs[m], label) != NULL)
			return 0;
	return 1;
}

/* The column widths: names, engines and implementations as long as the longest. */
static void side_widths(const speed_run *runs, int nrun, int *wname, int *weng, int *wimpl)
{
	int k, i;

	*wname = 13;
	*weng = 7;
	*wimpl = 4;
	for (k = 0; k < nrun; k++) {
		if ((int)strlen(runs[k].engine->name) > *weng)
			*weng = (int)strlen(runs[k].engine->name);
		for (i = 0; i < runs[k].njobs; i++) {
			const speed_job *j = &runs[k].jobs[i];
			if ((int)strlen(j->label) > *wname)
				*wname = (int)strlen(j->label);
			if (j->state == SPEED_OK && (int)strlen(j->impl_used) > *wimpl)
				*wimpl = (int)strlen(j->impl_used);
		}
	}
}

/*
 * Every engine's rate for each row and size, with the ratio to the first
 * engine's (above 1: faster than the first engine). Rows are those of every
 * engine in order; an engine without numbers for a row says why. The sizes
 * are split over as many tables as it takes to keep within SIDE_WIDTH
 * columns (three sizes a table with openssl's names and implementations).
 */
void speed_print_side_by_side(FILE *f, const speed_run *runs, int nrun, const speed_missing *miss, int nmiss)
{
	const speed_run *base = &runs[0];
	int k, m, i, s, part, nparts, per, wname, weng, wimpl, fixed, printed_pk = 0;
	char line[2048];

	side_widths(runs, nrun, &wname, &weng, &wimpl);
	fixed = wname + 1 + weng + 1 + wimpl;
	per = (SIDE_WIDTH - fixed) / SIDE_CELL;
	if (per < 1)
		per = 1;
	nparts = (base->nsizes + per - 1) / per;
	if (nparts < 1)
		nparts = 1;
	per = (base->nsizes + nparts - 1) / nparts; /* balanced: 3 and 3 rather than 4 and 2 */
	for (k = 0, m = 0; k < nrun; k++)
		m += runs[k].njobs;
	/* worded so that speed-result readers skip it (no "1000s", which reads as a time) */
	if (m != 0)
		fprintf(f, "\nSide by side, in thousands of bytes per second (xN.NN: this engine's rate over %s's):\n",
		    base->engine->name);
	else
		fprintf(f, "\nSide by side, in operations per second (xN.NN: this engine's rate over %s's):\n",
		    base->engine->name);
	for (i = 0; base->decrypt && i < base->njobs && base->jobs[i].row.kind != SPEED_AEAD; i++)
		;
	if (base->decrypt && i < base->njobs)
		fprintf(f, "(-decrypt: every engine opens each AEAD record with its valid tag, unlike openssl speed 3.0's\n"
		           " -aead -decrypt, whose wrong tag makes every open fail)\n");
	if (m == 0)
		nparts = 0; /* public keys alone: no table of sizes */
	for (part = 0; part < nparts; part++) {
		int s0 = part * per, s1 = s0 + per < base->nsizes ? s0 + per : base->nsizes;

		if (part > 0)
			fprintf(f, "\n");
		snprintf(line, sizeof(line), "%-*s %-*s %-*s", wname, "type", weng, "engine", wimpl, "impl");
		for (s = s0; s < s1; s++)
			snprintf(line + strlen(line), sizeof(line) - strlen(line), "%7d bytes%7s", (int)base->sizes[s], "");
		put_line(f, line);
		for (k = 0; k < nrun; k++) {
			for (i = 0; i < runs[k].njobs; i++) {
				const char *label = runs[k].jobs[i].label;
				const speed_job *b = job_by_label(base, label);
				int bok = b != NULL && b->state == SPEED_OK;

				if (!first_seen(runs, k, label, 0))
					continue;
				for (m = 0; m < nrun; m++) {
					const speed_job *j = job_by_label(&runs[m], label);
					int ok = j != NULL && j->state == SPEED_OK;
					snprintf(line, sizeof(line), "%-*s %-*s %-*s", wname, m == 0 ? label : "", weng,
					    runs[m].engine->name, wimpl, ok ? j->impl_used : "");
					if (!ok) {
						/* the reason once, in the first table; the others say n/a */
						snprintf(line + strlen(line), sizeof(line) - strlen(line), "  n/a%s", part ? "" : ":");
						if (part == 0)
							put_wrapped(f, line, sizeof(line), j ? no_numbers(j->state, j->error) : "not selected",
							    fixed + 2);
						else
							put_line(f, line);
						continue;
					}
					for (s = s0; s < s1 && s < runs[m].nsizes; s++) {
						put_rate(line, sizeof(line), j->res[s].rate);
						put_ratio(line, sizeof(line), m > 0 && bok, j->res[s].rate, bok ? b->res[s].rate : 0);
					}
					put_line(f, line);
				}
			}
		}
	}
	for (k = 0; k < nrun; k++) {
		for (i = 0; i < runs[k].npk; i++) {
			const char *word = pk_key(&runs[k].pk[i]);
			const speed_pk_job *b = pk_by_word(base, word);
			int bok = b != NULL && b->state == SPEED_OK;

			if (!first_seen(runs, k, word, 1))
				continue;
			/* one header for the sign/verify and ECDH words, others for the KEMs and the ML-DSA signatures
			 * (openssl 3.5's columns) */
			if (printed_pk != (runs[k].pk[i].family == SPEED_PK_KEM   ? 2
			                   : runs[k].pk[i].family == SPEED_PK_SIG ? 3
			                                                          : 1)) {
				int kem = runs[k].pk[i].family == SPEED_PK_KEM ? 2 : runs[k].pk[i].family == SPEED_PK_SIG ? 3 : 0;
				if (kem == 2)
					snprintf(line, sizeof(line), "%-*s %-*s %13s%7s %13s%7s %13s", wname, "KEM", weng, "engine",
					    "keygen/s", "", "encaps/s", "", "decaps/s");
				else if (kem == 3)
					snprintf(line, sizeof(line), "%-*s %-*s %13s%7s %13s%7s %13s", wname, "signature", weng,
					    "engine", "keygen/s", "", "sign/s", "", "verify/s");
				else
					snprintf(line, sizeof(line), "%-*s %-*s %13s%7s %13s", wname, "public key", weng, "engine",
					    "sign/s|op/s", "", "verify/s");
				fprintf(f, "\n");
				put_line(f, line);
				printed_pk = kem ? kem : 1;
			}
			for (m = 0; m < nrun; m++) {
				const speed_pk_job *p = pk_by_word(&runs[m], word);
				int op;
				snprintf(line, sizeof(line), "%-*s %-*s", wname, m == 0 ? word : "", weng, runs[m].engine->name);
				if (p == NULL || p->state != SPEED_OK) {
					snprintf(line + strlen(line), sizeof(line) - strlen(line), "  n/a:");
					put_wrapped(f, line, sizeof(line), p ? no_numbers(p->state, p->error) : "not selected",
					    wname + 1 + weng + 2);
					continue;
				}
				for (op = 0; op < SPEED_PK_NOPS(p->family); op++) {
					snprintf(line + strlen(line), sizeof(line) - strlen(line), " %12.1f", p->res[op].rate);
					put_ratio(line, sizeof(line), m > 0 && bok, p->res[op].rate, bok ? b->res[op].rate : 0);
				}
				put_line(f, line);
			}
		}
	}
	for (k = 0; k < nmiss; k++) {
		snprintf(line, sizeof(line), "engine %s: not available:", miss[k].engine);
		put_wrapped(f, line, sizeof(line), miss[k].why, 2);
	}
}

/* ---- -list ---- */

static void flags_text(char *buf, size_t len, unsigned flags)
{
	snprintf(buf, len, "%s%s%s", flags & EMBER_IMPL_CT ? "ct" : "", (flags & EMBER_IMPL_CT) && (flags & EMBER_IMPL_HW) ? "," : "",
	    flags & EMBER_IMPL_HW ? "hw" : "");
	if (buf[0] == 0)
		snprintf(buf, len, "-");
}

/* One row of -list: each implementation |e| has, or why it has none. */
static void list_row(const speed_engine *e, int index, const char *name, int kind, const char *target)
{
	speed_row row;
	speed_impl im[16];
	char why[200], fl[16];
	size_t k, n;

	memset(&row, 0, sizeof(row));
	row.index = index;
	snprintf(row.name, sizeof(row.name), "%s", name);
	row.kind = kind;
	snprintf(row.target, sizeof(row.target), "%s", target);
	n = e->impls(&row, im, 16, why, sizeof(why));
	if (n == 0) {
		/* the engine's reason without the row's name: "not in this build", "not in this libcrypto" */
		size_t skip = strlen(row.name);
		printf("%-18s %-10s %-6s %s\n", row.name, "-", "-",
		    strncmp(why, row.name, skip) == 0 && strncmp(why + skip, ": ", 2) == 0 ? why + skip + 2 : why);
		return;
	}
	for (k = 0; k < n && k < 16; k++) {
		flags_text(fl, sizeof(fl), im[k].flags);
		printf("%-18s %-10s %-6s %s%s\n", row.name, im[k].name, fl, im[k].supported ? "supported" : "not supported",
		    im[k].preferred ? " (default)" : "");
	}
}

int speed_list_all(const speed_engine *e)
{
	size_t i;
	char why[200], fl[16];

	printf("%-18s %-10s %-6s %s\n", "row", "impl", "flags", "this CPU");
	for (i = 0; i < speed_nrows; i++)
		list_row(e, speed_row_defs[i].index, speed_row_defs[i].name, speed_row_defs[i].kind, speed_row_defs[i].target);
	/* Ember's words for -evp's AEAD and SHA-3 rows, and ghash: not in the default run */
	for (i = 0; i < speed_nextra; i++)
		list_row(e, speed_extra_defs[i].index, speed_extra_defs[i].name, speed_extra_defs[i].kind,
		    speed_extra_defs[i].target);
	for (i = 0; i < SPEED_NPK; i++) {
		const char *w = speed_pk_defs[i].word;
		speed_impl im[SPEED_MAX_PK_IMPLS];
		size_t n = e == &speed_engine_ember && speed_ec_known(w) ? speed_ec_impls(w, im, SPEED_MAX_PK_IMPLS, why,
		    sizeof(why)) : 0, k;
		void *k2;
		/* the curve backends, as the symmetric rows' implementations */
		for (k = 0; k < n && k < SPEED_MAX_PK_IMPLS; k++) {
			flags_text(fl, sizeof(fl), im[k].flags);
			printf("%-18s %-10s %-6s %s%s\n", w, im[k].name, fl, im[k].supported ? "supported" : "not supported",
			    im[k].preferred ? " (default)" : "");
		}
		if (n > 0)
			continue;
		k2 = speed_pk_key_new(e, w, why, sizeof(why));
		printf("%-18s %-10s %-6s %s\n", w, "-", "-", k2 ? "supported" : why);
		speed_pk_key_free(e, speed_pk_defs[i].family, k2);
	}
	printf("\nwords: md2 mdc2 md4 md5 hmac sha1 sha256 sha512 rmd160 ripemd160 ripemd rc4 des-cbc des-ede3\n"
	       "  idea-cbc idea rc2-cbc rc2 rc5-cbc rc5 bf-cbc blowfish bf cast-cbc cast cast5\n"
	       "  aes-128-cbc aes-192-cbc aes-256-cbc camellia-128-cbc camellia-192-cbc camellia-256-cbc\n"
	       "  rsa512 rsa1024 rsa2048 rsa3072 rsa4096 dsa512 dsa1024 dsa2048\n"
	       "  ecdsap256 ecdsap384 ecdhp256 ecdhp384 ecdhx25519 ed25519\n"
	       "  ML-KEM-512 ML-KEM-768 ML-KEM-1024 X25519MLKEM768 (openssl 3.5's KEM table; all: -kem-algorithms)\n"
	       "  ML-DSA-44 ML-DSA-65 ML-DSA-87 (openssl 3.5's SIG table; all: -signature-algorithms)\n"
	       "groups: sha = sha1 sha256 sha512; des = des-cbc des-ede3; aes = aes-{128,192,256}-cbc;\n"
	       "  camellia = camellia-{128,192,256}-cbc; rsa = rsa512..rsa4096; dsa = dsa512..dsa2048;\n"
	       "  ecdsa = ecdsap256 ecdsap384; ecdh = ecdhp256 ecdhp384 ecdhx25519; eddsa = ed25519\n"
	       "  (openssl's other curves, ecdsap521 ... ecdhx448 ed448, are not in this build)\n"
	       "Ember's words for -evp's rows (not in the default run; printed as openssl prints -evp's):\n"
	       "  aes-{128,192,256}-gcm aes-{128,192,256}-ccm chacha20-poly1305 sha3-{224,256,384,512}\n"
	       "  shake128 shake256; and openssl's ghash (GMAC under AES-128)\n");
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
	for (i = 0; i < ember_aead_count(); i++) {
		const ember_aead_desc *d = ember_aead_at(i);
		flags_text(fl, sizeof(fl), d->flags);
		printf("  aead   %-12s %-10s %-6s %s\n", d->name, d->impl, fl,
		    ember_aead_supported(d) ? "supported" : "not supported");
	}
	printf("\nengines:");
	for (i = 0; i < speed_nengines; i++)
		printf(" %s", speed_engines[i]->name);
	printf("\n");
	return 0;
}
