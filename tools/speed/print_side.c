/*
 * print_side.c - `ember speed -engine a,b,...`: every engine's rate for
 * each row and size side by side, with the ratio to the first engine's,
 * kept within the width that mail clients leave unwrapped.
 */
#include <string.h>

#include "print_int.h"
#include "speed.h"
#include "speed_int.h"

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
			speed_put_line(f, line);
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
	speed_put_line(f, line);
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
		for (i = 0; i < runs[k].npk; i++) /* the handshake words are long: tls13:x25519mlkem768:ecdsap256 */
			if ((int)strlen(pk_key(&runs[k].pk[i])) > *wname)
				*wname = (int)strlen(pk_key(&runs[k].pk[i]));
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
		speed_put_line(f, line);
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
							speed_put_line(f, line);
						continue;
					}
					for (s = s0; s < s1 && s < runs[m].nsizes; s++) {
						put_rate(line, sizeof(line), j->res[s].rate);
						put_ratio(line, sizeof(line), m > 0 && bok, j->res[s].rate, bok ? b->res[s].rate : 0);
					}
					speed_put_line(f, line);
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
			 * (openssl 3.5's columns), and for each TLS version's handshakes */
			int tls12 = runs[k].pk[i].family == SPEED_PK_TLS && speed_tls_is12(runs[k].pk[i].word);
			if (printed_pk != (runs[k].pk[i].family == SPEED_PK_KEM   ? 2
			                   : runs[k].pk[i].family == SPEED_PK_SIG ? 3
			                   : runs[k].pk[i].family == SPEED_PK_TLS ? 4 + tls12
			                                                          : 1)) {
				int kem = runs[k].pk[i].family == SPEED_PK_KEM ? 2 : runs[k].pk[i].family == SPEED_PK_SIG ? 3
				        : runs[k].pk[i].family == SPEED_PK_TLS ? 4 + tls12 : 0;
				if (kem >= 4)
					snprintf(line, sizeof(line), "%-*s %-*s %13s%7s %13s", wname,
					    kem == 5 ? "TLS 1.2 handshake" : "TLS 1.3 handshake", weng, "engine", "server hs/s", "",
					    "client hs/s");
				else if (kem == 2)
					snprintf(line, sizeof(line), "%-*s %-*s %13s%7s %13s%7s %13s", wname, "KEM", weng, "engine",
					    "keygen/s", "", "encaps/s", "", "decaps/s");
				else if (kem == 3)
					snprintf(line, sizeof(line), "%-*s %-*s %13s%7s %13s%7s %13s", wname, "signature", weng,
					    "engine", "keygen/s", "", "sign/s", "", "verify/s");
				else
					snprintf(line, sizeof(line), "%-*s %-*s %13s%7s %13s", wname, "public key", weng, "engine",
					    "sign/s|op/s", "", "verify/s");
				fprintf(f, "\n");
				speed_put_line(f, line);
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
				speed_put_line(f, line);
			}
		}
	}
	for (k = 0; k < nmiss; k++) {
		snprintf(line, sizeof(line), "engine %s: not available:", miss[k].engine);
		put_wrapped(f, line, sizeof(line), miss[k].why, 2);
	}
}
