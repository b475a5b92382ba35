/*
 * print.c - what `ember speed` prints on stdout as text and -mr: openssl
 * speed's header and tables (or +H/+F records), Ember's spread and
 * cycles-per-byte tables, the engines side by side, and -list.
 */
#include <string.h>

#include "ember/cipher.h"
#include "ember/cpu.h"
#include "ember/util.h"
#include "speed.h"
#include "speed_int.h"
#include "tool.h"

/* ---- the header and tables ---- */

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

void speed_print_tables(FILE *f, const speed_run *r)
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
void speed_print_side_by_side(FILE *f, const speed_run *runs, int nrun, const speed_missing *miss, int nmiss)
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

/* ---- -list ---- */

static void flags_text(char *buf, size_t len, unsigned flags)
{
	snprintf(buf, len, "%s%s%s", flags & EMBER_IMPL_CT ? "ct" : "", (flags & EMBER_IMPL_CT) && (flags & EMBER_IMPL_HW) ? "," : "",
	    flags & EMBER_IMPL_HW ? "hw" : "");
	if (buf[0] == 0)
		snprintf(buf, len, "-");
}

int speed_list_all(const speed_engine *e)
{
	size_t i, k, n;
	char why[200], fl[16];

	printf("%-18s %-10s %-6s %s\n", "row", "impl", "flags", "this CPU");
	for (i = 0; i < speed_nrows; i++) {
		speed_row row;
		speed_impl im[16];

		memset(&row, 0, sizeof(row));
		row.index = speed_row_defs[i].index;
		snprintf(row.name, sizeof(row.name), "%s", speed_row_defs[i].name);
		row.kind = speed_row_defs[i].kind;
		snprintf(row.target, sizeof(row.target), "%s", speed_row_defs[i].target);
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
	for (i = 0; i < SPEED_NPK; i++) {
		void *k2 = e->pk_new ? e->pk_new(speed_pk_words[i], why, sizeof(why)) : NULL;
		if (e->pk_new == NULL)
			snprintf(why, sizeof(why), "%s: not supported by this engine", speed_pk_words[i]);
		printf("%-18s %-10s %-6s %s\n", speed_pk_words[i], "-", "-", k2 ? "supported" : why);
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
	for (i = 0; i < speed_nengines; i++)
		printf(" %s", speed_engines[i]->name);
	printf("\n");
	return 0;
}
