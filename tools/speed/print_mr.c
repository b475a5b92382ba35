/*
 * print_mr.c - `ember speed -mr`'s records on stdout, as openssl speed's
 * -mr writes them (+H, +F, +F2..+F10) and Ember's own, which readers of
 * openssl's records skip (+EMBER:KEM, +EMBER:SIG, +EMBER:PK, +EMBER:FASTEST; +EMBER:TLS and
 * +EMBER:TLSB for the handshake rows).
 */
#include <string.h>

#include "print_int.h"
#include "speed.h"
#include "speed_int.h"
#include "speed_stack.h"

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
	case SPEED_PK_TLS: {
		/* Ember's: the handshakes per second and the bytes sent per side; with -breakdown each side's
		 * seconds per handshake in each phase (speed_tls_phase_names' order) */
		int side, ph;
		fprintf(f, "+EMBER:TLS:%s:%s:%f:%f:%llu:%llu\n", p->word, p->tls_suite, p->res[0].rate, p->res[1].rate,
		    (unsigned long long)p->tls_bytes[0], (unsigned long long)p->tls_bytes[1]);
		for (side = 0; p->tls_phases && side < 2; side++) {
			fprintf(f, "+EMBER:TLSB:%s:%s", p->word, side ? "client" : "server");
			for (ph = 0; ph < SPEED_TLS_NPHASE; ph++)
				fprintf(f, ":%.9f", p->tls_phase[side][ph]);
			fprintf(f, "\n");
		}
		break;
	}
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

void speed_print_records(FILE *f, const speed_run *r)
{
	int i, s, any = speed_has_rows(r);

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
}
