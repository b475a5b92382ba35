/*
 * t_speed_tls12.c - the TLS 1.2 handshake rows of `ember speed`
 * (tls12:GROUP:SIG, tls12:rsa:rsa2048, the group tls12; speed_tls.h):
 *   speed_tls12_rows: every word through the "ember" engine, negotiating
 *     the word's group and the suite its key and -ciphersuite give
 *     (ECDHE-ECDSA-* for ECDSA and Ed25519 keys, ECDHE-RSA-* for rsa2048,
 *     AES128-SHA for RSA key transport), both sides sending bytes and
 *     taking time; what both sides offer (the row's group, then an ECDSA
 *     key's curve); the words TLS 1.2 has not; the libssl engine and the
 *     wolfSSL engine where the system has them (a reason, never zeros,
 *     where they lack a row);
 *   speed_tls12_cli: the command's tables (a title per suite), -mr record,
 *     JSON, each read back by the results reader; the group tls12; tls13
 *     and tls12 rows in one run; ember and openssl side by side; a bad
 *     word refused with one line; -help and -list naming the words. Only
 *     shapes and positive rates are asserted, never a timing;
 *   speed_tls12_reader: TLS 1.2 tables and records in the reader, from
 *     samples written here (figures made up).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ember/tls.h"
#include "speed.h"
#include "speed_int.h"
#include "speed_tls.h"
#include "speed_util.h"
#include "speedparse.h"
#include "test.h"
#include "tls_engines.h"

static const char *const groups[] = { "x25519", "p256", "p384" };
static const uint16_t group_ids[] = { EMBER_TLS_GROUP_X25519, EMBER_TLS_GROUP_SECP256R1, EMBER_TLS_GROUP_SECP384R1 };
static const char *const sigs[] = { "ecdsap256", "ecdsap384", "rsa2048", "ed25519" };

/* One handshake of |word| through engine |e| (after its self-test): the group and suite it must negotiate. */
static int one(const speed_engine *e, const char *word, uint16_t group, const char *suite)
{
	speed_tls_sides sd;
	char err[256];
	speed_tls_job *j = speed_tls_job_new(e, word, err, sizeof(err));
	int ok;

	if (!CHECK(j != NULL, "%s %s: %s", e->name, word, err))
		return 0;
	ok = CHECK(speed_tls_job_selftest(j) == 0, "%s %s: self-test", e->name, word);
	ok &= CHECK(speed_tls_job_run(j) == 0 && speed_tls_job_run(j) == 0, "%s %s: handshakes", e->name, word);
	speed_tls_job_sides(j, &sd);
	ok &= CHECK(sd.handshakes == 2 && sd.group == group && strcmp(sd.suite, suite) == 0 &&
	                strcmp(speed_tls_job_suite(j), suite) == 0,
	    "%s %s: %llu handshakes, group %04x (want %04x), suite %s (want %s)", e->name, word,
	    (unsigned long long)sd.handshakes, sd.group, group, sd.suite, suite);
	ok &= CHECK(sd.bytes[0] > 100 && sd.bytes[1] > 100 && sd.seconds[0] > 0 && sd.seconds[1] > 0,
	    "%s %s: bytes %llu/%llu, seconds %g/%g", e->name, word, (unsigned long long)sd.bytes[0],
	    (unsigned long long)sd.bytes[1], sd.seconds[0], sd.seconds[1]);
	speed_tls_job_free(j);
	return ok;
}

/* The suite of a tls12 word under the default -ciphersuite (TLS_AES_128_GCM_SHA256). */
static const char *suite_of(const char *sig)
{
	return strcmp(sig, "rsa2048") == 0 ? "ECDHE-RSA-AES128-GCM-SHA256" : "ECDHE-ECDSA-AES128-GCM-SHA256";
}

/* |e| has no row |word| (a reason naming |lib| in one line) or runs it right. */
static void maybe(const speed_engine *e, const char *word, uint16_t group, const char *suite, const char *lib)
{
	char err[256];
	speed_tls_job *j = speed_tls_job_new(e, word, err, sizeof(err));

	if (j == NULL) {
		CHECK(strstr(err, lib) != NULL && strstr(err, word) == err && strchr(err, '\n') == NULL, "%s %s: %s",
		    e->name, word, err);
		t_note("%s %s: %s", e->name, word, err);
		return;
	}
	speed_tls_job_free(j);
	one(e, word, group, suite);
}

/* A handshake of |word| through |e| with a wrong host name or another trust anchor: its client must refuse it. */
static void refused(const speed_engine *e, const char *word, const char *host, int other_anchor, const char *what)
{
	speed_tls_spec spec, other;
	char err[256];
	void *h;

	if (!CHECK(speed_tls_spec_of(word, &spec, err, sizeof(err)) == 0, "%s: %s", word, err))
		return;
	if (host != NULL)
		spec.host = host;
	if (other_anchor) {
		/* the leaf of another key as the trust anchor: it did not sign the server's leaf */
		if (!CHECK(speed_tls_spec_of("tls12:x25519:ecdsap384", &other, err, sizeof(err)) == 0, "p384 leaf: %s", err))
			return;
		spec.anchor = other.leaf;
		spec.anchor_len = other.leaf_len;
	}
	h = e->hs_new(&spec, err, sizeof(err));
	if (CHECK(h != NULL, "%s %s: %s", e->name, what, err))
		CHECK(e->hs_run(h) != 0, "%s: %s %s: the client accepted it", e->name, word, what);
	e->hs_free(h);
}

EMBER_TEST(speed_tls12_rows)
{
	static const char *const bad[] = { "tls12:x25519mlkem768:ecdsap256", "tls12:x25519:mldsa65", "tls12:rsa:ecdsap256",
		"tls12:rsa:ed25519", "tls13:rsa:rsa2048", "tls12:x448:ed25519", "tls12:x25519", "tls12:x25519:ecdsap256:",
		"tls12:X25519:ecdsap256", "tls12" };
	speed_tls_spec spec;
	char word[64], err[256], why[240];
	size_t g, s, i;
	int n = 0;

	for (g = 0; g < sizeof(groups) / sizeof(groups[0]); g++)
		for (s = 0; s < sizeof(sigs) / sizeof(sigs[0]); s++) {
			snprintf(word, sizeof(word), "tls12:%s:%s", groups[g], sigs[s]);
			CHECK(speed_tls_known(word) && speed_tls_is12(word), "%s unknown", word);
			n += one(&speed_engine_ember, word, group_ids[g], suite_of(sigs[s]));
		}
	CHECK(speed_tls_known("tls12:rsa:rsa2048") && speed_tls_is12("tls12:rsa:rsa2048") &&
	          !speed_tls_is12("tls13:x25519:rsa2048"),
	    "tls12:rsa:rsa2048");
	n += one(&speed_engine_ember, "tls12:rsa:rsa2048", 0, "AES128-SHA");
	t_note("%d of 13 TLS 1.2 handshake words ran through the ember engine", n);

	/* the suite follows -ciphersuite's bulk cipher; RSA key transport stays AES128-SHA */
	CHECK(speed_tls_set_suite("TLS_CHACHA20_POLY1305_SHA256") == 0, "-ciphersuite chacha");
	one(&speed_engine_ember, "tls12:x25519:ed25519", EMBER_TLS_GROUP_X25519, "ECDHE-ECDSA-CHACHA20-POLY1305");
	one(&speed_engine_ember, "tls12:p256:rsa2048", EMBER_TLS_GROUP_SECP256R1, "ECDHE-RSA-CHACHA20-POLY1305");
	CHECK(speed_tls_set_suite("TLS_AES_256_GCM_SHA384") == 0, "-ciphersuite aes256");
	one(&speed_engine_ember, "tls12:p384:ecdsap384", EMBER_TLS_GROUP_SECP384R1, "ECDHE-ECDSA-AES256-GCM-SHA384");
	one(&speed_engine_ember, "tls12:x25519:rsa2048", EMBER_TLS_GROUP_X25519, "ECDHE-RSA-AES256-GCM-SHA384");
	one(&speed_engine_ember, "tls12:rsa:rsa2048", 0, "AES128-SHA");
	CHECK(speed_tls_set_suite("TLS_AES_128_GCM_SHA256") == 0, "-ciphersuite back to the default");

	/* what both sides offer: the row's group first, an ECDSA key's curve after it (RFC 8422 5.1.1) */
	if (CHECK(speed_tls_spec_of("tls12:p384:ecdsap256", &spec, err, sizeof(err)) == 0, "spec: %s", err))
		CHECK(spec.tls12 && spec.n_groups == 2 && spec.groups[0] == EMBER_TLS_GROUP_SECP384R1 &&
		          spec.groups[1] == EMBER_TLS_GROUP_SECP256R1 && strcmp(spec.ossl_groups, "P-384:P-256") == 0,
		    "tls12:p384:ecdsap256 offers %zu groups: %s", spec.n_groups, spec.ossl_groups);
	if (CHECK(speed_tls_spec_of("tls12:p256:ecdsap256", &spec, err, sizeof(err)) == 0, "spec: %s", err))
		CHECK(spec.n_groups == 1 && strcmp(spec.ossl_groups, "P-256") == 0, "tls12:p256:ecdsap256: %s",
		    spec.ossl_groups);
	if (CHECK(speed_tls_spec_of("tls12:rsa:rsa2048", &spec, err, sizeof(err)) == 0, "spec: %s", err))
		CHECK(spec.n_groups == 0 && spec.group == 0 && spec.ossl_groups[0] == 0 && spec.suite == 0x002f,
		    "tls12:rsa:rsa2048 offers %zu groups, suite %04x", spec.n_groups, spec.suite);
	if (CHECK(speed_tls_spec_of("tls13:p384:ecdsap256", &spec, err, sizeof(err)) == 0, "spec: %s", err))
		CHECK(!spec.tls12 && spec.n_groups == 1 && strcmp(spec.ossl_groups, "P-384") == 0,
		    "tls13 rows offer their group alone: %s", spec.ossl_groups);

	/* words TLS 1.2 has not, refused with one line naming them */
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		CHECK(!speed_tls_known(bad[i]), "%s taken", bad[i]);
		CHECK(speed_tls_job_new(&speed_engine_ember, bad[i], err, sizeof(err)) == NULL && strchr(err, '\n') == NULL &&
		          strstr(err, bad[i]) == err,
		    "%s: %s", bad[i], err);
	}
	CHECK(speed_tls_in_group("tls12:x25519:ecdsap256") && speed_tls_in_group("tls12:x25519:rsa2048") &&
	          speed_tls_in_group("tls12:p256:ecdsap256") && speed_tls_in_group("tls12:rsa:rsa2048") &&
	          !speed_tls_in_group("tls12:x25519:ed25519") && !speed_tls_in_group("tls12:p384:ecdsap384"),
	    "the group tls12");

	/* the system's wolfSSL: its TLS 1.2 runs, or a reason */
	if (speed_engine_wolfssl.probe(why, sizeof(why)) == 0) {
		maybe(&speed_engine_wolfssl, "tls12:x25519:ecdsap256", EMBER_TLS_GROUP_X25519, "ECDHE-ECDSA-AES128-GCM-SHA256",
		    "not in this wolfSSL");
		maybe(&speed_engine_wolfssl, "tls12:p256:ecdsap384", EMBER_TLS_GROUP_SECP256R1, "ECDHE-ECDSA-AES128-GCM-SHA256",
		    "not in this wolfSSL");
		maybe(&speed_engine_wolfssl, "tls12:x25519:rsa2048", EMBER_TLS_GROUP_X25519, "ECDHE-RSA-AES128-GCM-SHA256",
		    "not in this wolfSSL");
		maybe(&speed_engine_wolfssl, "tls12:p384:ecdsap256", EMBER_TLS_GROUP_SECP384R1, "ECDHE-ECDSA-AES128-GCM-SHA256",
		    "not in this wolfSSL");
		maybe(&speed_engine_wolfssl, "tls12:x25519:ed25519", EMBER_TLS_GROUP_X25519, "ECDHE-ECDSA-AES128-GCM-SHA256",
		    "not in this wolfSSL");
		maybe(&speed_engine_wolfssl, "tls12:rsa:rsa2048", 0, "AES128-SHA", "not in this wolfSSL");
		speed_tls_job *j = speed_tls_job_new(&speed_engine_wolfssl, "tls12:x25519:ecdsap256", err, sizeof(err));
		speed_tls_job_free(j);
		if (j != NULL) { /* a wolfSSL with TLS 1.2: its client verifies */
			refused(&speed_engine_wolfssl, "tls12:x25519:ecdsap256", "other.test", 0, "a wrong host name");
			refused(&speed_engine_wolfssl, "tls12:x25519:rsa2048", NULL, 1, "a wrong trust anchor");
		}
	} else {
		t_skip("no wolfSSL: %s", why);
	}

	/* Ember's client verifies in TLS 1.2 too */
	refused(&speed_engine_ember, "tls12:x25519:ecdsap256", "other.test", 0, "a wrong host name");
	refused(&speed_engine_ember, "tls12:rsa:rsa2048", NULL, 1, "a wrong trust anchor");

	/* the system's libssl, TLS 1.2 only */
	if (speed_engine_openssl.probe(why, sizeof(why)) != 0) {
		t_skip("no libcrypto: %s", why);
		return;
	}
	{
		speed_tls_job *j = speed_tls_job_new(&speed_engine_openssl, "tls12:x25519:ecdsap256", err, sizeof(err));
		if (j == NULL && strstr(err, "libssl.so.3 not found")) {
			t_skip("%s", err);
			return;
		}
		speed_tls_job_free(j);
	}
	one(&speed_engine_openssl, "tls12:x25519:ecdsap256", EMBER_TLS_GROUP_X25519, "ECDHE-ECDSA-AES128-GCM-SHA256");
	one(&speed_engine_openssl, "tls12:p256:ecdsap384", EMBER_TLS_GROUP_SECP256R1, "ECDHE-ECDSA-AES128-GCM-SHA256");
	one(&speed_engine_openssl, "tls12:x25519:rsa2048", EMBER_TLS_GROUP_X25519, "ECDHE-RSA-AES128-GCM-SHA256");
	one(&speed_engine_openssl, "tls12:p384:ed25519", EMBER_TLS_GROUP_SECP384R1, "ECDHE-ECDSA-AES128-GCM-SHA256");
	maybe(&speed_engine_openssl, "tls12:rsa:rsa2048", 0, "AES128-SHA", "not in this libssl");
	refused(&speed_engine_openssl, "tls12:x25519:ecdsap256", "other.test", 0, "a wrong host name");
	refused(&speed_engine_openssl, "tls12:x25519:rsa2048", NULL, 1, "a wrong trust anchor");
	CHECK(speed_tls_set_suite("TLS_CHACHA20_POLY1305_SHA256") == 0, "-ciphersuite chacha");
	one(&speed_engine_openssl, "tls12:x25519:rsa2048", EMBER_TLS_GROUP_X25519, "ECDHE-RSA-CHACHA20-POLY1305");
	CHECK(speed_tls_set_suite("TLS_AES_128_GCM_SHA256") == 0, "-ciphersuite back to the default");
}

/* The figures of a row of the handshake table: 6, all positive (bytes too). */
static int tls_row_shape(const char *line, const char *word)
{
	double v[6];
	char name[64];
	int i;

	if (line == NULL || sscanf(line, "%63s %lf %lf %lf %lf %lf %lf", name, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5]) != 7 ||
	    strcmp(name, word) != 0)
		return 0;
	for (i = 0; i < 6; i++)
		if (!(v[i] > 0))
			return 0;
	return 1;
}

/* The rows of |out| for each word of |words| (n), read back by the text reader. */
static void rows_read_back(const char *out, const char *const *words, size_t n, const char *what)
{
	char want[64];
	size_t i;

	for (i = 0; i < n; i++) {
		snprintf(want, sizeof(want), "%s ", words[i]);
		CHECK(tls_row_shape(ts_line_with(out, want), words[i]), "%s: %s:\n%s", what, words[i], out);
		CHECK(ts_parsed(out, words[i], "server") > 0 && ts_parsed(out, words[i], "client") > 0, "%s: %s read back",
		    what, words[i]);
	}
}

EMBER_TEST(speed_tls12_cli)
{
	static const char *const four[] = { "tls12:x25519:ecdsap256", "tls12:x25519:rsa2048", "tls12:p256:ecdsap256",
		"tls12:rsa:rsa2048" };
	char *out = NULL, *err = NULL;
	const char *l;
	int st;

	if (!ts_have_ember())
		return;
	/* the group tls12: a table per suite, the ECDSA rows together */
	st = ts_speed("-count 2 tls12", &out, &err);
	if (CHECK(st == 0 && out != NULL, "tls12: status %d: %s", st, err ? err : "")) {
		const char *ecdsa = strstr(out, "TLS 1.2 handshakes, ECDHE-ECDSA-AES128-GCM-SHA256, each side timed apart");
		const char *rsa = strstr(out, "TLS 1.2 handshakes, ECDHE-RSA-AES128-GCM-SHA256, each side timed apart");
		const char *kt = strstr(out, "TLS 1.2 handshakes, AES128-SHA, each side timed apart");
		const char *p256 = strstr(out, "tls12:p256:ecdsap256 ");
		CHECK(ecdsa && rsa && kt && p256 && ecdsa < p256 && p256 < rsa && rsa < kt, "titles:\n%s", out);
		rows_read_back(out, four, 4, "group tls12");
		CHECK(ts_line_with(out, "tls12:p384:") == NULL && ts_line_with(out, "tls13:") == NULL &&
		          strstr(out, "TLS 1.3 handshakes") == NULL,
		    "group tls12 ran more:\n%s", out);
	}
	CHECK(err && strstr(err, "Doing 2 tls12:rsa:rsa2048 handshakes: 2 tls12:rsa:rsa2048 handshakes in "), "progress:\n%s",
	    err ? err : "");
	free(out);
	free(err);
	out = err = NULL;

	/* -mr: Ember's record, read back */
	st = ts_speed("-mr -count 2 -ciphersuite TLS_AES_256_GCM_SHA384 tls12:x25519:rsa2048", &out, &err);
	if (CHECK(st == 0 && out != NULL, "-mr: status %d", st)) {
		static const char rec[] = "+EMBER:TLS:tls12:x25519:rsa2048:ECDHE-RSA-AES256-GCM-SHA384:";
		double a, b;
		unsigned long long x, y;
		CHECK((l = ts_line_with(out, rec)) && sscanf(l + strlen(rec), "%lf:%lf:%llu:%llu", &a, &b, &x, &y) == 4 &&
		          a > 0 && b > 0 && x > 100 && y > 100,
		    "+EMBER:TLS:\n%s", out);
		CHECK(ts_parsed(out, "tls12:x25519:rsa2048", "server") > 0 && ts_parsed(out, "tls12:x25519:rsa2048", "client") > 0,
		    "-mr round trip");
	}
	free(out);
	free(err);
	out = err = NULL;

	/* JSON with -breakdown: the suite, the bytes, the phases; valid against docs/ember-speed.schema.json */
	st = ts_speed("-format json -count 2 -breakdown tls12:rsa:rsa2048", &out, &err);
	if (CHECK(st == 0 && out != NULL, "json: status %d", st)) {
		CHECK(strstr(out, "\"algorithm\": \"tls12:rsa:rsa2048\"") && strstr(out, "\"op\": \"server\"") &&
		          strstr(out, "\"op\": \"client\"") && strstr(out, "\"suite\": \"AES128-SHA\"") &&
		          strstr(out, "\"bytes_sent\": ") && strstr(out, "\"breakdown_sec\": {\"kex\": "),
		    "json:\n%s", out);
		CHECK(ts_parsed(out, "tls12:rsa:rsa2048", "server") > 0 && ts_parsed(out, "tls12:rsa:rsa2048", "client") > 0,
		    "json round trip");
		{
			char path[1024];
			FILE *f;

			if (t_scratch(path, sizeof(path), "speed_tls12.json") == 0 && (f = fopen(path, "w")) != NULL) {
				fputs(out, f);
				fclose(f);
				ts_check_schema(path, "tls12 json");
				remove(path);
			}
		}
	}
	free(out);
	free(err);
	out = err = NULL;

	/* both versions in one run, and -breakdown's table */
	st = ts_speed("-count 2 -breakdown tls13:x25519:ecdsap256 tls12:x25519:ecdsap256", &out, &err);
	if (CHECK(st == 0 && out != NULL, "both: status %d: %s", st, err ? err : "")) {
		static const char *const two[] = { "tls13:x25519:ecdsap256", "tls12:x25519:ecdsap256" };
		CHECK(ts_line_with(out, "TLS 1.3 handshakes, TLS_AES_128_GCM_SHA256,") &&
		          ts_line_with(out, "TLS 1.2 handshakes, ECDHE-ECDSA-AES128-GCM-SHA256,") &&
		          strstr(out, "Handshake breakdown") != NULL,
		    "both titles:\n%s", out);
		rows_read_back(out, two, 2, "both versions");
		CHECK(ts_line_with(strstr(out, "Handshake breakdown"), "tls12:x25519:ecdsap256             server ") != NULL,
		    "breakdown row:\n%s", out);
	}
	free(out);
	free(err);
	out = err = NULL;

	/* refusals: one line naming the culprit, status 1 */
	st = ts_speed("-count 1 tls12:x25519:mldsa65", &out, &err);
	CHECK(st == 1 && err && strstr(err, "tls12:x25519:mldsa65") && strchr(err, '\n') == strrchr(err, '\n'),
	    "bad word: %d %s", st, err ? err : "");
	free(out);
	free(err);
	out = err = NULL;

	/* -help and -list name the words */
	st = ts_speed("-help", &out, &err);
	CHECK(st == 0 && out && strstr(out, "tls12:GROUP:SIG") && strstr(out, "tls12:rsa:rsa2048"), "-help:\n%s",
	    out ? out : "");
	free(out);
	free(err);
	out = err = NULL;
	st = ts_speed("-list", &out, &err);
	CHECK(st == 0 && out && strstr(out, "tls12 = tls12:x25519:ecdsap256 tls12:x25519:rsa2048") &&
	          ts_line_with(out, "tls12:rsa:rsa2048 ") != NULL,
	    "-list:\n%s", out ? out : "");
	free(out);
	free(err);
	out = err = NULL;

	/* two engines side by side, when libssl is there */
	st = ts_speed("-count 2 -engine ember,openssl tls12:x25519:ecdsap256 tls12:rsa:rsa2048", &out, &err);
	if (st != 0 && err && strstr(err, "not available")) {
		t_skip("openssl engine: %s", err);
		goto done;
	}
	if (!CHECK(st == 0 && out != NULL, "two engines: status %d: %s", st, err ? err : ""))
		goto done;
	CHECK(ts_line_with(out, "TLS 1.2 handshake ") != NULL && strstr(out, "0.00") == NULL, "side-by-side:\n%s", out);
	if (strstr(out, "libssl.so.3 not found") == NULL)
		CHECK(ts_parsed(out, "tls12:x25519:ecdsap256[openssl]", "server") > 0 &&
		          ts_parsed(out, "tls12:x25519:ecdsap256[ember]", "client") > 0 &&
		          ts_parsed(out, "tls12:rsa:rsa2048[ember]", "server") > 0,
		    "two engines read back:\n%s", out);
done:
	free(out);
	free(err);
}

/* TLS 1.2 handshake output, figures made up: tables, -mr records, side by side */
static const char tls12_text[] =
    "version: Ember 0.1.0\n"
    "TLS 1.2 handshakes, ECDHE-ECDSA-AES128-GCM-SHA256, each side timed apart (the client verifies the server's chain):\n"
    "                                                            server                          client\n"
    "                                   handshakes/s         ms  bytes handshakes/s         ms  bytes\n"
    "tls12:x25519:ecdsap256                  10220.1      0.098    899       4132.8      0.242    226\n"
    "tls12:p256:ecdsap256                     failed     failed      -       failed     failed      -\n"
    "TLS 1.2 handshakes, AES128-SHA, each side timed apart (the client verifies the server's chain):\n"
    "                                                            server                          client\n"
    "                                   handshakes/s         ms  bytes handshakes/s         ms  bytes\n"
    "tls12:rsa:rsa2048                         950.5      1.052   1012      20011.0      0.050    388\n";

static const char tls12_mr[] =
    "+EMBER:TLS:tls12:rsa:rsa2048:AES128-SHA:950.500000:20011.000000:1012:388\n"
    "+EMBER:TLSB:tls12:rsa:rsa2048:server:0.0:0.9:0.0:0.0:0.0:0.0:0.1\n"
    "+EMBER:TLS:tls12:x25519:ed25519:ECDHE-ECDSA-CHACHA20-POLY1305:3000.0:2000.0:700:200\n"
    "+EMBER:TLS:tls11:x25519:ed25519:ECDHE-ECDSA-AES128-GCM-SHA256:1.0:1.0:1:1\n";

static const char tls12_sbs[] =
    "version: Ember 0.1.0\n"
    "Side by side, in operations per second (xN.NN: this engine's rate over ember's):\n"
    "\n"
    "TLS 1.2 handshake      engine    server hs/s          client hs/s\n"
    "tls12:x25519:ecdsap256 ember        10220.1              4132.8\n"
    "                       openssl       5887.5 x0.58        2340.7 x0.57\n";

EMBER_TEST(speed_tls12_reader)
{
	unsigned w = 0;

	CHECK(t_near(ts_parsed_w(tls12_text, "tls12:x25519:ecdsap256", "server", &w), 10220.1) && w == 0,
	    "text server %g, %u warnings", ts_parsed(tls12_text, "tls12:x25519:ecdsap256", "server"), w);
	CHECK(t_near(ts_parsed(tls12_text, "tls12:rsa:rsa2048", "client"), 20011.0), "text, the second table");
	CHECK(ts_parsed(tls12_text, "tls12:p256:ecdsap256", "server") == -1, "a failed row has no figure");
	CHECK(t_near(ts_parsed_w(tls12_mr, "tls12:rsa:rsa2048", "server", &w), 950.5) && w == 1,
	    "-mr server %g, %u warnings (the tls11 record)", ts_parsed(tls12_mr, "tls12:rsa:rsa2048", "server"), w);
	CHECK(t_near(ts_parsed(tls12_mr, "tls12:x25519:ed25519", "client"), 2000.0), "-mr client");
	CHECK(ts_parsed(tls12_mr, "tls11:x25519:ed25519", NULL) == -1, "a tls11 record read");
	CHECK(t_near(ts_parsed_w(tls12_sbs, "tls12:x25519:ecdsap256[openssl]", "server", &w), 5887.5) && w == 0,
	    "side by side: openssl server, %u warnings", w);
	CHECK(t_near(ts_parsed(tls12_sbs, "tls12:x25519:ecdsap256[ember]", "client"), 4132.8), "side by side: ember client");
}
