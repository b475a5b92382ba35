/*
 * t_speed_pq.c - the KEM rows of `ember speed` (ML-KEM-512, ML-KEM-768,
 * ML-KEM-1024, X25519MLKEM768; the group -kem-algorithms) and openssl
 * 3.5's KEM and signature tables in the results reader:
 *   speed_pq_rows: every word's key, self-test and three operations;
 *   speed_pq_cli: openssl 3.5's table (header line, "%27s" rows, three
 *     times and three rates), its progress lines and -mr records (+DTP,
 *     +R15..+R17, +F9), JSON, each read back by the results reader (shape
 *     only: no timing value is asserted, only that rates are positive);
 *   speed_pq_reader: Ember's side-by-side KEM rows; openssl 3.5's own
 *     output, text and -mr. There is no
 *     openssl 3.5 on the test hosts: the samples below were written here
 *     from the format strings of openssl 3.5's apps/speed.c (KEM and
 *     signature tables: "%31skeygen    encaps    decaps keygens/s  encaps/s
 *     decaps/s", "%31skeygen     signs    verify keygens/s    sign/s
 *     verify/s", rows "%27s %8.6fs %8.6fs %8.6fs %9.1f %9.1f %9.1f"; -mr
 *     "+F9:%u:%f:%f:%f", "+F10:%u:%f:%f:%f", and on standard error
 *     "+DTP:%s:%s:%d", "+R15:%ld:%s:%.2f" .. "+R20:%ld:%s:%.2f"), with
 *     made-up figures; +F9's index names a KEM only through the +R15
 *     records (openssl builds its KEM list at run time), so a -mr file
 *     without them skips its +F9 records with a warning.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "speed_pq.h"
#include "speed_util.h"
#include "speedparse.h"
#include "test.h"

static const char *const kem_words[] = { "ML-KEM-512", "ML-KEM-768", "ML-KEM-1024", "X25519MLKEM768" };
#define NKEM (sizeof(kem_words) / sizeof(kem_words[0]))

EMBER_TEST(speed_pq_rows)
{
	char err[256];
	size_t i;
	int op;

	for (i = 0; i < NKEM; i++) {
		speed_pq *k;
		CHECK(speed_pq_known(kem_words[i]), "%s unknown", kem_words[i]);
		k = speed_pq_new(kem_words[i], err, sizeof(err));
		if (!CHECK(k != NULL, "%s: %s", kem_words[i], err))
			continue;
		CHECK(speed_pq_selftest(k) == 0, "%s: self-test", kem_words[i]);
		for (op = 0; op < SPEED_KEM_NOPS; op++)
			CHECK(speed_pq_op(k, op) == 0, "%s: operation %d", kem_words[i], op);
		CHECK(speed_pq_op(k, SPEED_KEM_NOPS) != 0, "%s: operation 3 accepted", kem_words[i]);
		/* the self-test still passes after the timed operations */
		CHECK(speed_pq_selftest(k) == 0, "%s: self-test after the operations", kem_words[i]);
		speed_pq_free(k);
	}
	CHECK(!speed_pq_known("ml-kem-768") && !speed_pq_known("X448MLKEM1024") && !speed_pq_known(NULL),
	    "unknown words");
	CHECK(speed_pq_new("SecP256r1MLKEM768", err, sizeof(err)) == NULL && strchr(err, '\n') == NULL, "bad word");
}

static const char kem_header[] = "                               keygen    encaps    decaps keygens/s  encaps/s  decaps/s\n";

EMBER_TEST(speed_pq_cli)
{
	char *out = NULL, *err = NULL;
	char want[64];
	const char *l;
	size_t i;
	int st;

	if (!ts_have_ember())
		return;
	CHECK(strlen(kem_header) == 31 + 57, "header length");
	st = ts_speed("-seconds 0.02 ML-KEM-768 X25519MLKEM768", &out, &err);
	if (!CHECK(st == 0 && out != NULL, "speed ML-KEM-768 X25519MLKEM768: status %d: %s", st, err ? err : ""))
		goto done;
	CHECK(ts_line_with(out, kem_header) != NULL, "KEM header:\n%s", out);
	CHECK(ts_row35_shape(ts_line_with(out, "                 ML-KEM-768 "), "ML-KEM-768"),
	    "ML-KEM-768 row:\n%s", out);
	CHECK(ts_row35_shape(ts_line_with(out, "             X25519MLKEM768 "), "X25519MLKEM768"),
	    "hybrid row:\n%s", out);
	CHECK(err && strstr(err, "Doing ML-KEM-768 keygen ops for 0.02s: ") && strstr(err, " ML-KEM-768 KEM keygen ops in ") &&
	          strstr(err, "Doing ML-KEM-768 encaps ops for 0.02s: ") && strstr(err, " ML-KEM-768 KEM encaps ops in ") &&
	          strstr(err, "Doing X25519MLKEM768 decaps ops for 0.02s: ") &&
	          strstr(err, " X25519MLKEM768 KEM decaps ops in "),
	    "progress:\n%s", err ? err : "");
	CHECK(ts_parsed(out, "ml-kem-768", "keygen") > 0 && ts_parsed(out, "ml-kem-768", "decaps") > 0 &&
	          ts_parsed(out, "x25519mlkem768", "encaps") > 0,
	    "text round trip");
	free(out);
	free(err);
	out = err = NULL;

	/* -mr: +F9 on stdout, named by Ember's +EMBER:KEM record; +DTP and +R15..+R17 on stderr */
	st = ts_speed("-mr -seconds 0.02 ML-KEM-512 X25519MLKEM768", &out, &err);
	if (!CHECK(st == 0 && out != NULL, "-mr: status %d", st))
		goto done;
	{
		double a, b, c;
		unsigned k;
		CHECK((l = ts_line_with(out, "+F9:0:")) && sscanf(l, "+F9:%u:%lf:%lf:%lf", &k, &a, &b, &c) == 4 && a > 0 &&
		          b > 0 && c > 0, "+F9:\n%s", out);
		CHECK(ts_line_with(out, "+EMBER:KEM:0:ML-KEM-512\n") &&
		          ts_line_with(out, "+EMBER:KEM:3:X25519MLKEM768\n") && ts_line_with(out, "+F9:3:"),
		    "+F9 names:\n%s", out);
	}
	CHECK(err && strstr(err, "+DTP:ML-KEM-512:keygen:0.02\n+R15:") && strstr(err, "+DTP:ML-KEM-512:encaps:0.02\n+R16:") &&
	          strstr(err, "+DTP:X25519MLKEM768:decaps:0.02\n+R17:") && strstr(err, ":X25519MLKEM768:"),
	    "-mr progress:\n%s", err ? err : "");
	CHECK(ts_parsed(out, "ml-kem-512", "keygen") > 0 && ts_parsed(out, "x25519mlkem768", "decaps") > 0, "-mr round trip");
	free(out);
	free(err);
	out = err = NULL;

	/* -kem-algorithms: every KEM */
	st = ts_speed("-seconds 0.01 -kem-algorithms", &out, &err);
	if (!CHECK(st == 0 && out != NULL, "-kem-algorithms: status %d", st))
		goto done;
	for (i = 0; i < NKEM; i++) {
		snprintf(want, sizeof(want), "%27s ", kem_words[i]);
		CHECK(ts_row35_shape(ts_line_with(out, want), kem_words[i]), "-kem-algorithms: %s:\n%s", kem_words[i], out);
	}
	free(out);
	free(err);
	out = err = NULL;

	/* JSON */
	st = ts_speed("-format json -seconds 0.02 ML-KEM-1024", &out, &err);
	if (!CHECK(st == 0 && out != NULL, "json: status %d", st))
		goto done;
	CHECK(strstr(out, "\"algorithm\": \"ML-KEM-1024\", \"word\": \"ML-KEM-1024\"") && strstr(out, "\"op\": \"encaps\""),
	    "json:\n%s", out);
	CHECK(ts_parsed(out, "ml-kem-1024", "keygen") > 0 && ts_parsed(out, "ml-kem-1024", "encaps") > 0 &&
	          ts_parsed(out, "ml-kem-1024", "decaps") > 0,
	    "json round trip");
	free(out);
	free(err);
	out = err = NULL;

	/* openssl 3.5's KEM words Ember has not */
	st = ts_speed("-seconds 0.02 X448MLKEM1024", &out, &err);
	CHECK(st == 1 && err && strstr(err, "X448MLKEM1024"), "X448MLKEM1024: %d %s", st, err ? err : "");
done:
	free(out);
	free(err);
}

/* openssl 3.5 text: written from its format strings (see the top of this file), figures made up */
static const char ossl35_text[] =
    "Doing ML-KEM-768 keygen ops for 10s: 375424 ML-KEM-768 KEM keygen ops in 10.00s\n"
    "Doing ML-KEM-768 encaps ops for 10s: 592590 ML-KEM-768 KEM encaps ops in 10.00s\n"
    "Doing ML-KEM-768 decaps ops for 10s: 383830 ML-KEM-768 KEM decaps ops in 10.00s\n"
    "version: 3.5.0\n"
    "built on: Tue Apr  8 12:00:00 2025 UTC\n"
    "options: bn(64,64)\n"
    "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3\n"
    "CPUINFO: OPENSSL_ia32cap=0x7ffef3ffffebffff:0x18c05fdef3bfa7eb\n"
    "                               keygen    encaps    decaps keygens/s  encaps/s  decaps/s\n"
    "                 ML-KEM-768 0.000027s 0.000017s 0.000026s   37542.4   59259.0   38383.0\n"
    "             X25519MLKEM768 0.000068s 0.000089s 0.000061s   14705.9   11235.9   16393.4\n"
    "                               keygen     signs    verify keygens/s    sign/s  verify/s\n"
    "                  ML-DSA-65 0.000102s 0.000251s 0.000098s    9803.9    3984.1   10204.1\n";

/* openssl 3.5 -mr, standard error and output together (2>&1), as its format strings print them */
static const char ossl35_mr[] =
    "+DTP:ML-KEM-768:keygen:10\n"
    "+R15:375424:ML-KEM-768:10.00\n"
    "+DTP:ML-KEM-768:encaps:10\n"
    "+R16:592590:ML-KEM-768:10.00\n"
    "+DTP:ML-KEM-768:decaps:10\n"
    "+R17:383830:ML-KEM-768:10.00\n"
    "+DTP:X25519MLKEM768:keygen:10\n"
    "+R15:147059:X25519MLKEM768:10.00\n"
    "+DTP:X25519MLKEM768:encaps:10\n"
    "+R16:112359:X25519MLKEM768:10.00\n"
    "+DTP:X25519MLKEM768:decaps:10\n"
    "+R17:163934:X25519MLKEM768:10.00\n"
    "+DTP:ML-DSA-65:keygen:10\n"
    "+R18:98039:ML-DSA-65:10.00\n"
    "+DTP:ML-DSA-65:signs:10\n"
    "+R19:39841:ML-DSA-65:10.00\n"
    "+DTP:ML-DSA-65:verify:10\n"
    "+R20:102041:ML-DSA-65:10.00\n"
    "+F9:13:37542.400000:59259.000000:38383.000000\n"
    "+F9:15:14705.900000:11235.900000:16393.400000\n"
    "+F10:21:9803.900000:3984.100000:10204.100000\n";

/* -mr standard output alone: the +F9 indices name nothing */
static const char ossl35_mr_stdout[] =
    "+F9:13:37542.400000:59259.000000:38383.000000\n"
    "+F10:21:9803.900000:3984.100000:10204.100000\n"
    "+H:16:64\n"
    "+F:6:sha256:1000.00:2000.00\n";

/* Ember's side-by-side table alone (two engines), its KEM part under its own header */
static const char ember_sbs[] =
    "version: Ember 0.1.0\n"
    "Side by side, in operations per second (xN.NN: this engine's rate over ember's):\n"
    "\n"
    "public key    engine    sign/s|op/s             verify/s\n"
    "ed25519       ember        61243.7             30991.5\n"
    "              openssl      33891.6 x0.55       12285.9 x0.40\n"
    "\n"
    "KEM           engine       keygen/s             encaps/s             decaps/s\n"
    "ML-KEM-512    ember        95076.8             88775.0             74471.7\n"
    "              openssl  n/a: ML-KEM-512: not supported by this engine\n";

EMBER_TEST(speed_pq_reader)
{
	unsigned w = 0;

	CHECK(t_near(ts_parsed_w(ember_sbs, "ml-kem-512", "decaps", &w), 74471.7) && w == 0, "side by side: decaps, %u warnings", w);
	CHECK(t_near(ts_parsed(ember_sbs, "ed25519[ember]", "verify"), 30991.5) && t_near(ts_parsed(ember_sbs, "ed25519[openssl]", "sign"), 33891.6),
	    "side by side: ed25519");

	/* the text tables: KEM ops keygen/encaps/decaps, signature ops keygen/sign/verify */
	CHECK(t_near(ts_parsed(ossl35_text, "ml-kem-768", "keygen"), 37542.4), "text keygen %g", ts_parsed(ossl35_text, "ml-kem-768", "keygen"));
	CHECK(t_near(ts_parsed(ossl35_text, "ml-kem-768", "decaps"), 38383.0), "text decaps");
	CHECK(t_near(ts_parsed(ossl35_text, "x25519mlkem768", "encaps"), 11235.9), "text hybrid encaps");
	CHECK(t_near(ts_parsed(ossl35_text, "ml-dsa-65", "sign"), 3984.1), "text sign %g", ts_parsed(ossl35_text, "ml-dsa-65", "sign"));
	CHECK(t_near(ts_parsed(ossl35_text, "ml-dsa-65", "verify"), 10204.1), "text verify");
	/* -mr with the +R records: +F9's k named by the order of the +R15 records */
	CHECK(t_near(ts_parsed(ossl35_mr, "ml-kem-768", "keygen"), 37542.4), "-mr keygen %g", ts_parsed(ossl35_mr, "ml-kem-768", "keygen"));
	CHECK(t_near(ts_parsed(ossl35_mr, "ml-kem-768", "encaps"), 59259.0), "-mr encaps");
	CHECK(t_near(ts_parsed(ossl35_mr, "x25519mlkem768", "decaps"), 16393.4), "-mr hybrid decaps");
	CHECK(t_near(ts_parsed(ossl35_mr, "ml-dsa-65", "sign"), 3984.1), "-mr sign %g", ts_parsed(ossl35_mr, "ml-dsa-65", "sign"));
	CHECK(t_near(ts_parsed(ossl35_mr, "ml-dsa-65", "keygen"), 9803.9), "-mr sig keygen");
	/* standard output alone: the unnamed records are skipped with a warning, the rest loads */
	CHECK(ts_parsed_w(ossl35_mr_stdout, "sha256", NULL, &w) < 0, "sha256 at size 0?");
	{
		sp_file f;
		char err[256];
		memset(&f, 0, sizeof(f));
		if (CHECK(sp_parse("o.mr", ossl35_mr_stdout, sizeof(ossl35_mr_stdout) - 1, &f, NULL, err, sizeof(err)) == 0,
		        "%s", err)) {
			CHECK(sp_find(&f, "sha256", NULL, 64) != NULL, "sha256 row");
			CHECK(f.warnings == 2, "%u warnings, want 2 (the unnamed +F9 and +F10)", f.warnings);
			CHECK(f.nrows == 2, "%u rows", (unsigned)f.nrows);
		}
		sp_free(&f);
	}
}
