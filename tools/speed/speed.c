/*
 * speed.c - `ember speed [options] [algorithm ...]`: openssl speed's words,
 * options, progress lines, table and -mr records, measured with a
 * nanosecond clock, repeatable (-repeat), with cycles per byte (-cycles),
 * JSON and CSV (-format), any sizes (-sizes), a fixed operation count
 * (-count), implementations side by side (-impl all), and a known-answer
 * check before anything is timed. See docs/ember-speed.1.
 *
 * This file is the command line; speed_int.h lists the harness's other files.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "speed.h"
#include "speed_int.h"
#include "speed_tls.h"
#include "speed_pk.h"
#include "tool.h"

static const size_t default_sizes[] = { 16, 64, 256, 1024, 8192, 16384 };
/* openssl 3's -aead sizes: a 2-byte record, then sizes that are not a block multiple */
static const size_t aead_sizes[] = { 2, 31, 136, 1024, 8192, 16384 };
#define MAX_SIZE ((size_t)1 << 26)

/* ---- small helpers ---- */

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

static void free_runs(speed_run *runs, int nrun)
{
	int k, i, s;

	for (k = 0; k < nrun; k++) {
		speed_run *r = &runs[k];
		for (i = 0; i < r->njobs; i++)
			for (s = 0; s < SPEED_MAX_SIZES; s++)
				free(r->jobs[i].res[s].samples);
		for (i = 0; i < r->npk; i++) {
			for (s = 0; s < (int)(sizeof(r->pk[i].res) / sizeof(r->pk[i].res[0])); s++)
				free(r->pk[i].res[s].samples);
			speed_pk_key_free(r->engine, r->pk[i].family, r->keys[i]);
		}
		free(r->jobs);
		free(r->pk);
		free(r->keys);
		r->jobs = NULL;
		r->pk = NULL;
		r->keys = NULL;
		r->njobs = r->npk = r->pk_cap = 0;
	}
}


/* ---- engines ---- */

/* openssl's names for Ember's engines, as users type them. */
static const struct {
	const char *alias, *name;
} engine_aliases[] = {
	{ "af_alg", "afalg" },        /* OpenSSL 1.0's AF_ALG engine */
	{ "devcrypto", "cryptodev" }, /* OpenSSL 1.1 and later: /dev/crypto */
};

/* -engine NAME[,NAME...]: known names (or openssl's aliases of them), each once. */
static int parse_engines(const char *v, const speed_engine **out, int *n)
{
	const char *p = v;
	char known[128] = "";
	size_t e, x;

	for (e = 0; e < speed_nengines; e++)
		snprintf(known + strlen(known), sizeof(known) - strlen(known), "%s%s", e ? ", " : "", speed_engines[e]->name);
	*n = 0;
	while (*p) {
		size_t len = strcspn(p, ",");
		const char *name = p;
		size_t nlen = len;
		int k;

		for (x = 0; x < sizeof(engine_aliases) / sizeof(engine_aliases[0]); x++)
			if (strlen(engine_aliases[x].alias) == len && strncmp(engine_aliases[x].alias, p, len) == 0) {
				name = engine_aliases[x].name;
				nlen = strlen(name);
			}
		for (e = 0; e < speed_nengines; e++)
			if (strlen(speed_engines[e]->name) == nlen && strncmp(speed_engines[e]->name, name, nlen) == 0)
				break;
		if (e == speed_nengines && len == 7 && strncmp(p, "padlock", 7) == 0)
			return tool_error(CMD, "-engine padlock: Ember has no VIA PadLock code: on a VIA C3, C7 or Nano it runs "
			                       "its portable constant-time code (AES ct or ct32, SHA ref: see ember speed -list); "
			                       "to time the PadLock unit, use -engine afalg, which reaches the kernel's "
			                       "padlock-aes and padlock-sha drivers when they are loaded");
		if (e == speed_nengines)
			return tool_error(CMD, "-engine: unknown engine '%.*s' (this build has: %s)", (int)len, p, known);
		for (k = 0; k < *n; k++)
			if (out[k] == speed_engines[e])
				return tool_error(CMD, "-engine: '%s' is named twice", speed_engines[e]->name);
		if (*n == SPEED_MAX_RUNS)
			return tool_error(CMD, "-engine: at most %d engines", SPEED_MAX_RUNS);
		out[(*n)++] = speed_engines[e];
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
	fprintf(f, "usage: ember speed [options] [algorithm ...] [options]   (see man ember-speed)\n"
	           "openssl options: -seconds N -bytes N -elapsed -multi N -mr -misalign N -decrypt\n"
	           "                 -evp NAME -hmac DIGEST -aead -engine NAME[,NAME...] -testmode\n"
	           "                 -kem-algorithms -signature-algorithms\n"
	           "engines:         ember (default), openssl, afalg (af_alg), cryptodev (devcrypto), sodium\n"
	           "                 (see docs/ENGINES.md)\n"
	           "ember options:   -impl NAME|all -repeat N -sizes A,B,... -format text|mr|json|csv\n"
	           "                 -cycles -stack -count N -list -skip-missing\n"
	           "handshakes:      tls13 tls13:GROUP:SIG (GROUP x25519 p256 p384 x25519mlkem768; SIG ecdsap256\n"
	           "                 ecdsap384 rsa2048 ed25519 mldsa65) -ciphersuite NAME -breakdown\n"
	           "                 tls12 tls12:GROUP:SIG (GROUP x25519 p256 p384; SIG ecdsap256 ecdsap384 rsa2048\n"
	           "                 ed25519) tls12:rsa:rsa2048 (RSA key transport, AES128-SHA)\n");
}

/* "9 min 34 s" */
static const char *fmt_duration(double secs, char *buf, size_t len)
{
	unsigned long t = (unsigned long)(secs + 0.5);

	if (t < 60)
		snprintf(buf, len, "%lu s", t);
	else if (t < 3600)
		snprintf(buf, len, "%lu min %lu s", t / 60, t % 60);
	else
		snprintf(buf, len, "%lu h %lu min", t / 3600, (t % 3600 + 30) / 60);
	return buf;
}

/* An algorithm word: its rows, Ember's extra rows and public-key words set in |sel|. 0, or 1 after an error. */
static int take_word(const char *w, speed_selection *sel)
{
	int *selected = sel->rows, *pk_sel = sel->pk;
	size_t n;
	int found = 0;

	for (n = 0; n < speed_nwords; n++)
		if (strcmp(w, speed_words[n].word) == 0) {
			int m;
			for (m = 0; m < speed_words[n].n; m++)
				selected[speed_words[n].rows[m]] = 1;
			found = 1;
		}
	for (n = 0; n < speed_nextra; n++)
		if (strcmp(w, speed_extra_defs[n].word) == 0) {
			sel->extra[n] = 1;
			found = 1;
		}
	/* a word, or a group: rsa, dsa, ecdsa, ecdh (every curve of openssl's ecdh group that Ember has), eddsa;
	 * openssl 3.5's KEMs and signatures by name only (their groups are the options -kem-algorithms,
	 * -signature-algorithms) */
	for (n = 0; n < SPEED_NPK; n++) {
		const struct speed_pk_def *d = &speed_pk_defs[n];
		if (d->family == SPEED_PK_TLS) {
			/* the groups tls13 and tls12: the configurations of speed_tls.c's table; any word by name */
			if (strcmp(w, d->word) != 0 && !((strcmp(w, "tls13") == 0 || strcmp(w, "tls12") == 0) &&
			                                    strncmp(w, d->word, 5) == 0 && speed_tls_in_group(d->word)))
				continue;
		} else if (strcmp(w, d->word) != 0 &&
		    (d->family >= SPEED_PK_KEM || strcmp(w, speed_pk_family_name(d->family)) != 0)) {
			continue;
		}
		if (d->family <= SPEED_PK_DSA && !speed_pk_known(d->word))
			continue;
		pk_sel[n] = 1;
		found = 1;
	}
	/* openssl's curves that Ember lacks: missing (an error, or skipped with -skip-missing), not unknown */
	for (n = 0; !found && speed_pk_absent[n] != NULL; n++)
		if (strcmp(w, speed_pk_absent[n]) == 0) {
			int k;
			for (k = 0; k < sel->nabsent && sel->absent[k] != (int)n; k++)
				;
			if (k == sel->nabsent && sel->nabsent < (int)(sizeof(sel->absent) / sizeof(sel->absent[0])))
				sel->absent[sel->nabsent++] = (int)n;
			found = 1;
		}
	if (!found)
		return tool_error(CMD, "unknown algorithm '%s' (see ember speed -list)", w);
	return 0;
}

/* 1 when an AEAD row was selected for some engine. */
static int speed_has_aead(const speed_run *runs, int nrun)
{
	int k, i;

	for (k = 0; k < nrun; k++)
		for (i = 0; i < runs[k].njobs; i++)
			if (runs[k].jobs[i].row.kind == SPEED_AEAD)
				return 1;
	return 0;
}

/* ---- the command ---- */

int cmd_speed(int argc, char **argv)
{
	speed_run r, runs[SPEED_MAX_RUNS];
	speed_missing miss[SPEED_MAX_RUNS];
	const speed_engine *elist[SPEED_MAX_RUNS];
	const char *impl = NULL, *evp = NULL, *hmac = NULL;
	speed_selection sel;
	int a, k, skip_missing = 0, list = 0, nel = 0, nrun = 0, nmiss = 0, failures = 0, sizes_given;
	const char *implied = NULL;
	int status;
	unsigned long long u;

	memset(&r, 0, sizeof(r));
	memset(runs, 0, sizeof(runs));
	memset(&sel, 0, sizeof(sel));
	r.engine = speed_engines[0];
	r.seconds = 3;
	r.pk_seconds = 10;
	r.repeat = 1;
	r.multi = 1;
	r.format = SPEED_TEXT;

	/* Options before or after the algorithm names: openssl 3 wants them first,
	 * openssl 1.0 took them anywhere ("openssl speed md5 sha1 -engine af_alg"). */
	for (a = 1; a < argc; a++) {
		const char *o = argv[a];
		const char *v = a + 1 < argc ? argv[a + 1] : NULL;
		int takes = 1;

		if (o[0] != '-') {
			sel.any_word = 1;
			if (take_word(o, &sel))
				return 1;
			continue;
		}
		if (strcmp(o, "-help") == 0 || strcmp(o, "-h") == 0 || strcmp(o, "--help") == 0) {
			usage(stdout);
			return tool_stdout_finish(CMD);
		} else if (strcmp(o, "-elapsed") == 0) {
			r.elapsed = 1, takes = 0;
		} else if (strcmp(o, "-mr") == 0) {
			r.format = SPEED_MR, takes = 0;
		} else if (strcmp(o, "-decrypt") == 0) {
			r.decrypt = 1, takes = 0;
		} else if (strcmp(o, "-aead") == 0) {
			r.aead = 1, takes = 0;
		} else if (strcmp(o, "-testmode") == 0) {
			r.testmode = 1, takes = 0;
		} else if (strcmp(o, "-cycles") == 0) {
			r.cycles = 1, takes = 0;
		} else if (strcmp(o, "-stack") == 0) {
			r.stack = 1, takes = 0;
		} else if (strcmp(o, "-kem-algorithms") == 0) {
			/* openssl 3.5: every KEM (Ember's: speed_pq.h) */
			size_t n;
			sel.any_word = 1, takes = 0;
			for (n = 0; n < SPEED_NPK; n++)
				if (speed_pk_defs[n].family == SPEED_PK_KEM)
					sel.pk[n] = 1;
		} else if (strcmp(o, "-signature-algorithms") == 0) {
			/* openssl 3.5: every signature algorithm of its SIG table (Ember's: speed_sig.h) */
			size_t n;
			sel.any_word = 1, takes = 0;
			for (n = 0; n < SPEED_NPK; n++)
				if (speed_pk_defs[n].family == SPEED_PK_SIG)
					sel.pk[n] = 1;
		} else if (strcmp(o, "-breakdown") == 0) {
			speed_tls_set_breakdown(1), takes = 0;
		} else if (strcmp(o, "-ciphersuite") == 0) {
			if (v == NULL)
				return tool_error(CMD, "%s needs a value", o);
			if (speed_tls_set_suite(v))
				return 1;
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
				if (parse_uint(o, v, 0, SPEED_MAX_MISALIGN, &u))
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
	if (tool_stdout_usable(CMD))
		return 1;
	if (list) {
		char why[240];
		if (elist[0]->probe != NULL && elist[0]->probe(why, sizeof(why)) != 0)
			return tool_error(CMD, "-engine %s: %s", elist[0]->name, why);
		status = speed_list_all(elist[0]);
		return tool_stdout_finish(CMD) ? 1 : status;
	}
	sizes_given = r.nsizes > 0;
	if (r.nsizes == 0) {
		r.nsizes = (int)(sizeof(default_sizes) / sizeof(default_sizes[0]));
		memcpy(r.sizes, default_sizes, sizeof(default_sizes));
	}
	if (r.testmode)
		r.count = 1;
	r.impl_all = impl != NULL && strcmp(impl, "all") == 0;

	/* The clock: an engine that offloads makes the whole run wall-clock timed, so that the engines compare. */
	for (k = 0; k < nel && implied == NULL; k++)
		if (elist[k]->offloads && !r.elapsed)
			implied = elist[k]->name;
	/* Cycles and rates on one time base: the TSC counts wall-clock time, so the
	 * rates do too; a counter of this process's cycles needs CPU-time rates. */
	if (r.cycles) {
		r.cycles_name = speed_cycles_start(r.cycles_why, sizeof(r.cycles_why));
		if (r.cycles_name != NULL && speed_cycles_wall()) {
			if (!r.elapsed && implied == NULL)
				implied = SPEED_BY_CYCLES;
		} else if (r.cycles_name != NULL && (r.elapsed || implied != NULL || r.multi > 1)) {
			snprintf(r.cycles_why, sizeof(r.cycles_why),
			    "%s counts this process's CPU time, and this run's rates are wall-clock time (%s%s)", r.cycles_name,
			    r.elapsed ? "-elapsed" : implied != NULL ? "engine " : "-multi",
			    r.elapsed || implied == NULL ? "" : implied);
			r.cycles_name = NULL;
		}
	}

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
		runs[nrun].elapsed_implied = implied;
		nrun++;
	}
	if (nrun == 0)
		return tool_error(CMD, "-engine: none of the engines can run here (see above)");
	speed_timer_use(r.elapsed || implied != NULL);

	status = speed_select_all(runs, nrun, nel, &sel, skip_missing, impl, evp, hmac);
	if (status != 0) {
		free_runs(runs, nrun);
		return 1;
	}
	/* -aead as openssl 3: with an AEAD selected, its sizes replace the defaults (not -bytes, nor -sizes) */
	if (speed_has_aead(runs, nrun) && r.aead && !sizes_given) {
		for (k = 0; k < nrun; k++) {
			runs[k].nsizes = (int)(sizeof(aead_sizes) / sizeof(aead_sizes[0]));
			memcpy(runs[k].sizes, aead_sizes, sizeof(aead_sizes));
		}
	}
	if (speed_has_aead(runs, nrun) && r.decrypt && r.format != SPEED_MR)
		fprintf(stderr, "ember speed: note: -decrypt opens each AEAD record with its valid tag (decryption and tag "
		                "check timed); openssl speed 3.0's -aead -decrypt sets a wrong tag, so every open it times "
		                "is refused: its figures are not these\n");

	if ((r.elapsed || implied != NULL) && r.format != SPEED_MR)
		fprintf(stderr, "You have chosen to measure elapsed time instead of user CPU time.\n");
	if (r.cycles && r.cycles_name == NULL)
		fprintf(stderr, "ember speed: -cycles: not available (%s)\n", r.cycles_why);
	if (!r.testmode) {
		/* a bare `speed` is about ten minutes: say so before starting anything over a minute */
		char what[320], dur[32];
		double secs = speed_estimate(runs, nrun, what, sizeof(what));
		if (secs > 60)
			fprintf(stderr, "ember speed: this run will take about %s: %s; name algorithms or give -seconds or "
			                "-bytes for a shorter one\n", fmt_duration(secs, dur, sizeof(dur)), what);
	}

	for (k = 0; k < nrun; k++) {
		speed_run *x = &runs[k];
		if (x->multi > 1) {
			if (speed_do_multi(x)) {
				/* a child: openssl's children measure wall time and speak -mr */
				speed_timer_use(1);
				x->format = SPEED_MR;
				x->impl_all = 0; /* the parent marks the fastest from the sums */
				speed_run_all(x, 1);
				speed_print_tables(stdout, x);
				speed_child_records(stdout, x);
				if (fflush(stdout) != 0 || ferror(stdout))
					x->failures++;
				_exit(x->failures > 125 ? 125 : x->failures);
			}
		} else {
			speed_run_all(x, x->format == SPEED_MR);
		}
		if (x->impl_all)
			speed_mark_fastest(x, r.testmode ? NULL : stderr); /* one operation is no rate to judge by */
		failures += x->failures;
	}
	tool_stdout_note(); /* -multi's "Forked child" lines */

	switch (r.format) {
	case SPEED_JSON:
		speed_report_json(stdout, runs, nrun, miss, nmiss);
		break;
	case SPEED_CSV:
		speed_report_csv(stdout, runs, nrun);
		break;
	case SPEED_TEXT:
		speed_print_header(stdout, runs, nrun, nel, miss, nmiss);
		tool_stdout_note();
		for (k = 0; k < nrun; k++) {
			if (nel > 1)
				fprintf(stdout, "\nengine %s:\n", runs[k].engine->name);
			speed_print_tables(stdout, &runs[k]);
			tool_stdout_note();
		}
		if (nel > 1)
			speed_print_side_by_side(stdout, runs, nrun, miss, nmiss);
		break;
	default:
		for (k = 0; k < nrun; k++) {
			if (nel > 1)
				fprintf(stdout, "+EMBER:ENGINE:%s\n", runs[k].engine->name);
			speed_print_tables(stdout, &runs[k]);
			tool_stdout_note();
		}
		for (k = 0; k < nmiss; k++)
			fprintf(stdout, "+EMBER:MISSING:%s:%s\n", miss[k].engine, miss[k].why);
		break;
	}
	free_runs(runs, nrun);
	if (tool_stdout_finish(CMD)) {
		/* the results are lost: never 0, and never 2 ("results printed, an engine missing") */
		if (r.testmode)
			return failures + nmiss + 1 > 125 ? 125 : failures + nmiss + 1;
		return 1;
	}
	/* 0: all ran; 1: a failure; 2: results printed, but a requested engine is missing here */
	if (r.testmode)
		return failures + nmiss > 125 ? 125 : failures + nmiss;
	return failures ? 1 : nmiss ? 2 : 0;
}
