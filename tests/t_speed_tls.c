/*
 * t_speed_tls.c - the handshake rows of `ember speed` (tls13:GROUP:SIG,
 * the group tls13, -ciphersuite, -breakdown; tools/speed/speed_tls.h):
 *   speed_tls_rows: every word through the "ember" engine: a handshake
 *     that negotiates the word's group and the chosen suite, both sides
 *     sending bytes and taking time; the libssl engine where the system
 *     has one (a group or signature it predates: "not in this libssl");
 *     words that are not handshake words;
 *   speed_tls_cli: the command's table, -mr record, JSON (against the
 *     schema), each read back by the results reader; -ciphersuite,
 *     -breakdown, the group tls13, two engines side by side; bad words and
 *     suites refused with one line. Only shapes and positive rates are
 *     asserted, never a timing;
 *   speed_tls_wolfssl: the "wolfssl" engine (libwolfssl.so.35) where the
 *     system has it: its rows complete, negotiate what the word asks and
 *     take time on both sides; its client refuses a wrong host name and a
 *     wrong anchor; rows wolfSSL lacks say "not in this wolfSSL"; side by
 *     side with ember. Without the library (under qemu): the command's
 *     one-line refusal naming it, and the rest reported skipped;
 *   speed_tls_reader: Ember's handshake records and tables in the reader,
 *     from samples written here (figures made up), and damaged ones.
 * TLS 1.2's rows (tls12:GROUP:SIG, tls12:rsa:rsa2048) are t_speed_tls12.c's.
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

static const char *const groups[] = { "x25519", "p256", "p384", "x25519mlkem768" };
static const uint16_t group_ids[] = { EMBER_TLS_GROUP_X25519, EMBER_TLS_GROUP_SECP256R1, EMBER_TLS_GROUP_SECP384R1,
	EMBER_TLS_GROUP_X25519MLKEM768 };
static const char *const sigs[] = { "ecdsap256", "ecdsap384", "rsa2048", "ed25519", "mldsa65" };

/* One handshake of |word| through engine |e|: the sides' figures, or 0 after a failed check. */
static int one(const speed_engine *e, const char *word, uint16_t group, const char *suite, speed_tls_sides *sd)
{
	char err[256];
	speed_tls_job *j = speed_tls_job_new(e, word, err, sizeof(err));
	int ok;

	if (!CHECK(j != NULL, "%s %s: %s", e->name, word, err))
		return 0;
	ok = CHECK(speed_tls_job_selftest(j) == 0, "%s %s: self-test", e->name, word);
	ok &= CHECK(speed_tls_job_run(j) == 0 && speed_tls_job_run(j) == 0, "%s %s: handshakes", e->name, word);
	speed_tls_job_sides(j, sd);
	ok &= CHECK(sd->handshakes == 2 && sd->group == group && strcmp(sd->suite, suite) == 0,
	    "%s %s: %llu handshakes, group %04x, suite %s", e->name, word, (unsigned long long)sd->handshakes, sd->group,
	    sd->suite);
	ok &= CHECK(sd->bytes[0] > 100 && sd->bytes[1] > 100 && sd->seconds[0] > 0 && sd->seconds[1] > 0,
	    "%s %s: bytes %llu/%llu, seconds %g/%g", e->name, word, (unsigned long long)sd->bytes[0],
	    (unsigned long long)sd->bytes[1], sd->seconds[0], sd->seconds[1]);
	/* the counters start again after hs_sides */
	speed_tls_job_sides(j, sd);
	ok &= CHECK(sd->handshakes == 0 && sd->seconds[0] == 0 && sd->seconds[1] == 0, "%s %s: counters not reset",
	    e->name, word);
	speed_tls_job_free(j);
	return ok;
}

EMBER_TEST(speed_tls_rows)
{
	speed_tls_sides sd;
	char word[64], err[256], why[240];
	size_t g, s;
	int n = 0;

	for (g = 0; g < sizeof(groups) / sizeof(groups[0]); g++)
		for (s = 0; s < sizeof(sigs) / sizeof(sigs[0]); s++) {
			snprintf(word, sizeof(word), "tls13:%s:%s", groups[g], sigs[s]);
			CHECK(speed_tls_known(word), "%s unknown", word);
			n += one(&speed_engine_ember, word, group_ids[g], "TLS_AES_128_GCM_SHA256", &sd);
		}
	t_note("%d of 20 handshake words ran through the ember engine", n);
	/* the suite of -ciphersuite */
	CHECK(speed_tls_set_suite("TLS_CHACHA20_POLY1305_SHA256") == 0, "-ciphersuite chacha");
	one(&speed_engine_ember, "tls13:x25519:ed25519", EMBER_TLS_GROUP_X25519, "TLS_CHACHA20_POLY1305_SHA256", &sd);
	CHECK(speed_tls_set_suite("TLS_AES_256_GCM_SHA384") == 0, "-ciphersuite aes256");
	one(&speed_engine_ember, "tls13:p256:ecdsap256", EMBER_TLS_GROUP_SECP256R1, "TLS_AES_256_GCM_SHA384", &sd);
	CHECK(speed_tls_set_suite("TLS_AES_128_GCM_SHA256") == 0, "-ciphersuite back to the default");
	/* not handshake words */
	CHECK(!speed_tls_known("tls13:x448:ecdsap256") && !speed_tls_known("tls13:x25519") &&
	          !speed_tls_known("tls13:x25519:ecdsap256:") && !speed_tls_known("tls11:x25519:ecdsap256") &&
	          !speed_tls_known("tls13:rsa:rsa2048") &&
	          !speed_tls_known("tls13:x25519:ECDSAP256") && !speed_tls_known(NULL),
	    "bad words taken");
	CHECK(speed_tls_in_group("tls13:x25519:ecdsap256") && speed_tls_in_group("tls13:x25519mlkem768:mldsa65") &&
	          !speed_tls_in_group("tls13:p384:ed25519"),
	    "the group tls13");
	CHECK(speed_tls_job_new(&speed_engine_ember, "tls13:x25519:dsa2048", err, sizeof(err)) == NULL &&
	          strchr(err, '\n') == NULL && strstr(err, "tls13:x25519:dsa2048"),
	    "bad word: %s", err);
	CHECK(speed_tls_job_new(&speed_engine_sodium, "tls13:x25519:ed25519", err, sizeof(err)) == NULL &&
	          strstr(err, "no TLS handshakes"),
	    "an engine without handshakes: %s", err);

	/* the system's libssl */
	if (speed_engine_openssl.probe(why, sizeof(why)) != 0) {
		t_skip("no libcrypto: %s", why);
		return;
	}
	{
		speed_tls_job *j = speed_tls_job_new(&speed_engine_openssl, "tls13:x25519:ecdsap256", err, sizeof(err));
		if (j == NULL && strstr(err, "libssl.so.3 not found")) {
			t_skip("%s", err);
			return;
		}
		speed_tls_job_free(j);
	}
	one(&speed_engine_openssl, "tls13:x25519:ecdsap256", EMBER_TLS_GROUP_X25519, "TLS_AES_128_GCM_SHA256", &sd);
	one(&speed_engine_openssl, "tls13:p256:ecdsap256", EMBER_TLS_GROUP_SECP256R1, "TLS_AES_128_GCM_SHA256", &sd);
	one(&speed_engine_openssl, "tls13:x25519:rsa2048", EMBER_TLS_GROUP_X25519, "TLS_AES_128_GCM_SHA256", &sd);
	one(&speed_engine_openssl, "tls13:x25519:ed25519", EMBER_TLS_GROUP_X25519, "TLS_AES_128_GCM_SHA256", &sd);
	{
		/* OpenSSL 3.0 predates X25519MLKEM768 and ML-DSA: a reason, never a row of zeros */
		speed_tls_job *j = speed_tls_job_new(&speed_engine_openssl, "tls13:x25519mlkem768:mldsa65", err, sizeof(err));
		if (j == NULL)
			CHECK(strstr(err, "not in this libssl") != NULL && strchr(err, '\n') == NULL, "hybrid: %s", err);
		else
			CHECK(speed_tls_job_selftest(j) == 0, "hybrid through a libssl that has it");
		speed_tls_job_free(j);
	}
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

EMBER_TEST(speed_tls_cli)
{
	char *out = NULL, *err = NULL;
	char path[4096];
	const char *l;
	FILE *f;
	int st;

	if (!ts_have_ember())
		return;
	st = ts_speed("-count 2 tls13:x25519:ed25519 tls13:p256:ecdsap256", &out, &err);
	if (!CHECK(st == 0 && out != NULL, "speed tls13: status %d: %s", st, err ? err : ""))
		goto done;
	CHECK(ts_line_with(out, "TLS 1.3 handshakes, TLS_AES_128_GCM_SHA256, each side timed apart") != NULL, "title:\n%s", out);
	CHECK(tls_row_shape(ts_line_with(out, "tls13:x25519:ed25519 "), "tls13:x25519:ed25519") &&
	          tls_row_shape(ts_line_with(out, "tls13:p256:ecdsap256 "), "tls13:p256:ecdsap256"),
	    "rows:\n%s", out);
	CHECK(err && strstr(err, "Doing 2 tls13:x25519:ed25519 handshakes: 2 tls13:x25519:ed25519 handshakes in "),
	    "progress:\n%s", err ? err : "");
	CHECK(ts_parsed(out, "tls13:x25519:ed25519", "server") > 0 && ts_parsed(out, "tls13:p256:ecdsap256", "client") > 0,
	    "text round trip");
	free(out);
	free(err);
	out = err = NULL;

	/* -mr: Ember's record, read back */
	st = ts_speed("-mr -count 2 -ciphersuite TLS_CHACHA20_POLY1305_SHA256 tls13:x25519:ed25519", &out, &err);
	if (!CHECK(st == 0 && out != NULL, "-mr: status %d", st))
		goto done;
	{
		double a, b;
		unsigned long long x, y;
		CHECK((l = ts_line_with(out, "+EMBER:TLS:tls13:x25519:ed25519:TLS_CHACHA20_POLY1305_SHA256:")) &&
		          sscanf(l + strlen("+EMBER:TLS:tls13:x25519:ed25519:TLS_CHACHA20_POLY1305_SHA256:"),
		              "%lf:%lf:%llu:%llu", &a, &b, &x, &y) == 4 && a > 0 && b > 0 && x > 100 && y > 100,
		    "+EMBER:TLS:\n%s", out);
	}
	CHECK(ts_parsed(out, "tls13:x25519:ed25519", "server") > 0 && ts_parsed(out, "tls13:x25519:ed25519", "client") > 0,
	    "-mr round trip");
	CHECK(err && strstr(err, "+EMBER:DN:2:tls13:x25519:ed25519\n+EMBER:R:2:tls13:x25519:ed25519:"), "-mr progress:\n%s",
	    err ? err : "");
	free(out);
	free(err);
	out = err = NULL;

	/* JSON, against the schema; -breakdown's phases in it */
	st = ts_speed("-format json -count 2 -breakdown tls13:x25519:ecdsap256", &out, &err);
	if (!CHECK(st == 0 && out != NULL, "json: status %d", st))
		goto done;
	CHECK(strstr(out, "\"algorithm\": \"tls13:x25519:ecdsap256\"") && strstr(out, "\"op\": \"server\"") &&
	          strstr(out, "\"op\": \"client\"") && strstr(out, "\"suite\": \"TLS_AES_128_GCM_SHA256\"") &&
	          strstr(out, "\"bytes_sent\": "),
	    "json:\n%s", out);
	CHECK(ts_parsed(out, "tls13:x25519:ecdsap256", "server") > 0 && ts_parsed(out, "tls13:x25519:ecdsap256", "client") > 0,
	    "json round trip");
	if (t_scratch(path, sizeof(path), "speed_tls.json") == 0 && (f = fopen(path, "w")) != NULL) {
		fputs(out, f);
		fclose(f);
		ts_check_schema(path, "tls13 json");
		remove(path);
	}
	free(out);
	free(err);
	out = err = NULL;

	/* the group tls13: the six configurations */
	st = ts_speed("-count 1 tls13", &out, &err);
	if (CHECK(st == 0 && out != NULL, "tls13 group: status %d: %s", st, err ? err : "")) {
		static const char *const six[] = { "tls13:x25519:ecdsap256", "tls13:x25519:rsa2048", "tls13:x25519:ed25519",
			"tls13:x25519mlkem768:ecdsap256", "tls13:x25519mlkem768:mldsa65", "tls13:p256:ecdsap256" };
		char want[64];
		size_t i;
		for (i = 0; i < 6; i++) {
			snprintf(want, sizeof(want), "%s ", six[i]);
			CHECK(tls_row_shape(ts_line_with(out, want), six[i]), "group tls13: %s:\n%s", six[i], out);
		}
		CHECK(ts_line_with(out, "tls13:p384:") == NULL, "group tls13 ran p384:\n%s", out);
	}
	free(out);
	free(err);
	out = err = NULL;

	/* refusals: one line naming the culprit, status 1 */
	st = ts_speed("-count 1 -ciphersuite TLS_AES_128_CCM_SHA256 tls13:x25519:ed25519", &out, &err);
	CHECK(st == 1 && err && strstr(err, "TLS_AES_128_CCM_SHA256") && strchr(err, '\n') == strrchr(err, '\n'),
	    "bad suite: %d %s", st, err ? err : "");
	free(out);
	free(err);
	out = err = NULL;
	st = ts_speed("-count 1 tls13:x448:ed25519", &out, &err);
	CHECK(st == 1 && err && strstr(err, "tls13:x448:ed25519"), "bad word: %d %s", st, err ? err : "");
	free(out);
	free(err);
	out = err = NULL;
	st = ts_speed("-count 1 tls13:x25519:ed25519 -ciphersuite", &out, &err);
	CHECK(st == 1 && err && strstr(err, "-ciphersuite"), "no suite: %d %s", st, err ? err : "");
	free(out);
	free(err);
	out = err = NULL;

	/* two engines side by side, when libssl is there */
	st = ts_speed("-count 2 -engine ember,openssl tls13:x25519:ecdsap256", &out, &err);
	if (st != 0 && err && strstr(err, "not available")) {
		t_skip("openssl engine: %s", err);
		goto done;
	}
	if (!CHECK(st == 0 && out != NULL, "two engines: status %d: %s", st, err ? err : ""))
		goto done;
	CHECK(ts_line_with(out, "TLS 1.3 handshake ") != NULL, "side-by-side header:\n%s", out);
	if (strstr(out, "libssl.so.3 not found") == NULL)
		CHECK(ts_parsed(out, "tls13:x25519:ecdsap256[openssl]", "server") > 0 &&
		          ts_parsed(out, "tls13:x25519:ecdsap256[ember]", "client") > 0,
		    "two engines read back:\n%s", out);
done:
	free(out);
	free(err);
}

/* A wolfssl handshake of |word| under a changed |spec|: the client must refuse it. */
static void wolf_refused(const char *word, const char *host, int other_anchor, const char *what)
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
		if (!CHECK(speed_tls_spec_of("tls13:x25519:ecdsap384", &other, err, sizeof(err)) == 0, "p384 leaf: %s", err))
			return;
		spec.anchor = other.leaf;
		spec.anchor_len = other.leaf_len;
	}
	h = tls_wolfssl_new(&spec, err, sizeof(err));
	if (CHECK(h != NULL, "%s: %s", what, err))
		CHECK(tls_wolfssl_run(h) != 0, "wolfssl: %s: the client accepted it", what);
	tls_wolfssl_free(h);
}

EMBER_TEST(speed_tls_wolfssl)
{
	static const char *const lacks[] = { "tls13:x25519mlkem768:ecdsap256", "tls13:x25519:mldsa65",
		"tls13:x25519mlkem768:mldsa65" };
	speed_tls_sides sd;
	char why[240], err[256];
	char *out = NULL, *serr = NULL;
	size_t i;
	int st;

	if (speed_engine_wolfssl.probe(why, sizeof(why)) != 0) {
		CHECK(strstr(why, "libwolfssl.so.35") != NULL && strchr(why, '\n') == NULL, "probe: %s", why);
		/* the command says so in one line and stops */
		if (ts_have_ember()) {
			st = ts_speed("-count 1 -engine wolfssl tls13:x25519:ecdsap256", &out, &serr);
			CHECK(st == 1 && serr && strstr(serr, "-engine wolfssl: libwolfssl.so.35") &&
			          strchr(serr, '\n') == strrchr(serr, '\n'),
			    "no libwolfssl: status %d: %s", st, serr ? serr : "");
			free(out);
			free(serr);
		}
		t_skip("no wolfSSL: %s", why);
		return;
	}
	one(&speed_engine_wolfssl, "tls13:x25519:ecdsap256", EMBER_TLS_GROUP_X25519, "TLS_AES_128_GCM_SHA256", &sd);
	one(&speed_engine_wolfssl, "tls13:p256:ecdsap256", EMBER_TLS_GROUP_SECP256R1, "TLS_AES_128_GCM_SHA256", &sd);
	one(&speed_engine_wolfssl, "tls13:p384:ecdsap384", EMBER_TLS_GROUP_SECP384R1, "TLS_AES_128_GCM_SHA256", &sd);
	one(&speed_engine_wolfssl, "tls13:x25519:rsa2048", EMBER_TLS_GROUP_X25519, "TLS_AES_128_GCM_SHA256", &sd);
	one(&speed_engine_wolfssl, "tls13:x25519:ed25519", EMBER_TLS_GROUP_X25519, "TLS_AES_128_GCM_SHA256", &sd);
	CHECK(speed_tls_set_suite("TLS_CHACHA20_POLY1305_SHA256") == 0, "-ciphersuite chacha");
	one(&speed_engine_wolfssl, "tls13:x25519:ed25519", EMBER_TLS_GROUP_X25519, "TLS_CHACHA20_POLY1305_SHA256", &sd);
	CHECK(speed_tls_set_suite("TLS_AES_256_GCM_SHA384") == 0, "-ciphersuite aes256");
	one(&speed_engine_wolfssl, "tls13:p256:ecdsap256", EMBER_TLS_GROUP_SECP256R1, "TLS_AES_256_GCM_SHA384", &sd);
	CHECK(speed_tls_set_suite("TLS_AES_128_GCM_SHA256") == 0, "-ciphersuite back to the default");

	/* the client verifies: the name, then the chain */
	wolf_refused("tls13:x25519:ecdsap256", "other.test", 0, "a wrong host name");
	wolf_refused("tls13:x25519:ed25519", NULL, 1, "a wrong trust anchor");

	/* what wolfSSL 5.5 lacks: a reason naming it, never a row of zeros */
	for (i = 0; i < sizeof(lacks) / sizeof(lacks[0]); i++) {
		speed_tls_job *j = speed_tls_job_new(&speed_engine_wolfssl, lacks[i], err, sizeof(err));
		if (j == NULL)
			CHECK(strstr(err, "not in this wolfSSL (wolfSSL ") != NULL && strstr(err, lacks[i]) == err &&
			          strchr(err, '\n') == NULL,
			    "%s: %s", lacks[i], err);
		else
			CHECK(speed_tls_job_selftest(j) == 0, "%s through a wolfSSL that has it", lacks[i]);
		speed_tls_job_free(j);
	}
	if (!ts_have_ember())
		return;
	/* the engine runs no other row */
	st = ts_speed("-count 1 -engine wolfssl sha256", &out, &serr);
	CHECK(st == 1 && serr && strstr(serr, "not in the wolfssl engine"), "sha256: status %d: %s", st, serr ? serr : "");
	free(out);
	free(serr);
	out = serr = NULL;

	/* side by side with ember: both read back, the row wolfSSL lacks says so */
	st = ts_speed("-count 2 -engine ember,wolfssl tls13:x25519:ecdsap256 tls13:x25519mlkem768:mldsa65", &out, &serr);
	if (CHECK(st == 0 && out != NULL, "ember,wolfssl: status %d: %s", st, serr ? serr : "")) {
		CHECK(ts_line_with(out, "TLS 1.3 handshake ") != NULL, "side-by-side header:\n%s", out);
		CHECK(ts_parsed(out, "tls13:x25519:ecdsap256[wolfssl]", "server") > 0 &&
		          ts_parsed(out, "tls13:x25519:ecdsap256[wolfssl]", "client") > 0 &&
		          ts_parsed(out, "tls13:x25519:ecdsap256[ember]", "client") > 0,
		    "ember,wolfssl read back:\n%s", out);
		{
			/* the side-by-side line of wolfSSL's hybrid row says n/a, never a rate of 0.00 (a measured
			   rate elsewhere may print x0.00 on a loaded host: -count 2 is no measurement) */
			const char *row = strstr(out, "\ntls13:x25519mlkem768:mldsa65 ember"), *nl = row ? strchr(row + 1, '\n') : NULL;
			const char *end = nl ? strchr(nl + 1, '\n') : NULL;
			size_t len = nl && end ? (size_t)(end - nl) : 0;
			char line[256];

			snprintf(line, sizeof(line), "%.*s", (int)(len < sizeof(line) ? len : sizeof(line) - 1), nl ? nl : "");
			CHECK(strstr(line, "wolfssl") && strstr(line, "n/a") && strstr(line, "not in this wolfSSL") &&
			          !strstr(line, "0.00"),
			    "the hybrid row: '%s' in:\n%s", line, out);
		}
	}
	free(out);
	free(serr);
}

/* Ember's handshake output, figures made up: a table, -mr records, the side-by-side rows */
static const char tls_text[] =
    "version: Ember 0.1.0\n"
    "TLS 1.3 handshakes, TLS_AES_128_GCM_SHA256, each side timed apart (the client verifies the server's chain):\n"
    "                                                            server                          client\n"
    "                                   handshakes/s         ms  bytes handshakes/s         ms  bytes\n"
    "tls13:x25519:ecdsap256                  12220.1      0.082    699       5132.8      0.195    226\n"
    "tls13:x25519:rsa2048                     failed     failed      -       failed     failed      -\n"
    "\n"
    "Handshake breakdown, microseconds per handshake (key exchange, signature, chain and CertificateVerify\n"
    "verification, key schedule, transcript hash, record protection, the rest):\n"
    "                                     side        kex       sign     verify   keysched transcript     record      other      total\n"
    "tls13:x25519:ecdsap256             server       20.1       15.2        0.0        5.0        1.0        2.0       38.5       81.8\n"
    "                                   client       20.2        0.0      150.3        5.0        1.0        2.0       16.3      194.8\n";

static const char tls_mr[] =
    "+EMBER:TLS:tls13:x25519mlkem768:mldsa65:TLS_AES_128_GCM_SHA256:2195.000000:4133.400000:6907:1410\n"
    "+EMBER:TLSB:tls13:x25519mlkem768:mldsa65:server:0.1:0.2:0.0:0.0:0.0:0.0:0.1\n"
    "+EMBER:TLS:tls13:X25519:ecdsap256:TLS_AES_128_GCM_SHA256:1.0:1.0:1:1\n"
    "+EMBER:TLS:tls13:x25519:ecdsap256:TLS_AES_128_GCM_SHA256:abc:1.0:1:1\n"
    "+EMBER:TLS:tls13:x25519:ed25519:TLS_AES_128_GCM_SHA256:1.0:1.0:1\n";

static const char tls_sbs[] =
    "version: Ember 0.1.0\n"
    "Side by side, in operations per second (xN.NN: this engine's rate over ember's):\n"
    "\n"
    "TLS 1.3 handshake      engine    server hs/s          client hs/s\n"
    "tls13:x25519:ecdsap256 ember        12220.1              5132.8\n"
    "                       openssl       5887.5 x0.48        2340.7 x0.46\n"
    "tls13:x25519mlkem768:mldsa65 ember  2195.0              4133.4\n"
    "                       openssl  n/a: tls13:x25519mlkem768:mldsa65: not in this libssl (OpenSSL 3.0.22: X25519MLKEM768)\n";

EMBER_TEST(speed_tls_reader)
{
	unsigned w = 0;

	CHECK(t_near(ts_parsed_w(tls_text, "tls13:x25519:ecdsap256", "server", &w), 12220.1) && w == 0,
	    "text server %g, %u warnings", ts_parsed(tls_text, "tls13:x25519:ecdsap256", "server"), w);
	CHECK(t_near(ts_parsed(tls_text, "tls13:x25519:ecdsap256", "client"), 5132.8), "text client");
	CHECK(ts_parsed(tls_text, "tls13:x25519:rsa2048", "server") == -1, "a failed row has no figure");
	/* -mr: the good record read; a group in capitals, a bad number, a short record each skipped with a warning */
	CHECK(t_near(ts_parsed_w(tls_mr, "tls13:x25519mlkem768:mldsa65", "client", &w), 4133.4) && w == 3,
	    "-mr client %g, %u warnings", ts_parsed(tls_mr, "tls13:x25519mlkem768:mldsa65", "client"), w);
	CHECK(t_near(ts_parsed(tls_mr, "tls13:x25519mlkem768:mldsa65", "server"), 2195.0), "-mr server");
	CHECK(ts_parsed(tls_mr, "tls13:x25519:ecdsap256", "server") == -1 && ts_parsed(tls_mr, "tls13:x25519:ed25519", NULL) == -1,
	    "bad records read");
	/* side by side: two engines, a reason instead of figures */
	CHECK(t_near(ts_parsed_w(tls_sbs, "tls13:x25519:ecdsap256[openssl]", "server", &w), 5887.5) && w == 0,
	    "side by side: openssl server, %u warnings", w);
	CHECK(t_near(ts_parsed(tls_sbs, "tls13:x25519:ecdsap256[ember]", "client"), 5132.8), "side by side: ember client");
	CHECK(t_near(ts_parsed(tls_sbs, "tls13:x25519mlkem768:mldsa65", "server"), 2195.0), "side by side: one engine's row");
}
