/*
 * t_speed_ec.c - the curve rows of `ember speed` (ecdsap256 ecdsap384
 * ecdhp256 ecdhp384 ecdhx25519 ed25519; groups ecdsa, ecdh, eddsa): every
 * backend's self-test, openssl 3.0's table and -mr layouts (shape only:
 * no timing value is asserted, only that counts are positive), openssl's
 * curve words Ember lacks, -impl and -list, the openssl engine's rows when
 * libcrypto loads, and the round trip of text, -mr and JSON through the
 * results reader.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "speed_ec.h"
#include "speed_util.h"
#include "test.h"

static const char *const ec_words[] = { "ecdsap256", "ecdsap384", "ecdhp256", "ecdhp384", "ecdhx25519", "ed25519" };
#define NEC (sizeof(ec_words) / sizeof(ec_words[0]))

EMBER_TEST(speed_ec_backends)
{
	char err[256];
	size_t i, k, n;

	for (i = 0; i < NEC; i++) {
		speed_impl im[8];
		int preferred = 0;
		CHECK(speed_ec_known(ec_words[i]), "%s unknown", ec_words[i]);
		n = speed_ec_impls(ec_words[i], im, 8, err, sizeof(err));
		if (!CHECK(n > 0 && n <= 8, "%s: %u backends: %s", ec_words[i], (unsigned)n, err))
			continue;
		for (k = 0; k < n; k++) {
			speed_ec *e;
			preferred += im[k].preferred;
			if (!im[k].supported)
				continue;
			e = speed_ec_new(ec_words[i], im[k].name, err, sizeof(err));
			if (!CHECK(e != NULL, "%s/%s: %s", ec_words[i], im[k].name, err))
				continue;
			CHECK(strcmp(speed_ec_impl_name(e), im[k].name) == 0, "%s/%s: impl name", ec_words[i], im[k].name);
			CHECK(speed_ec_selftest(e) == 0, "%s/%s: self-test", ec_words[i], im[k].name);
			CHECK(speed_ec_sign(e) == 0, "%s/%s: sign/derive", ec_words[i], im[k].name);
			if (strncmp(ec_words[i], "ecdh", 4) != 0)
				CHECK(speed_ec_verify(e) == 0, "%s/%s: verify", ec_words[i], im[k].name);
			speed_ec_free(e);
		}
		CHECK(preferred == 1, "%s: %d preferred backends", ec_words[i], preferred);
	}
	CHECK(!speed_ec_known("ecdhp521") && !speed_ec_known("rsa2048"), "unknown words");
	CHECK(speed_ec_new("ecdsap256", "nosuch", err, sizeof(err)) == NULL && strchr(err, '\n') == NULL, "bad impl");
}

/* One row of openssl 3.0's curve tables: " 256 bits ecdsa (nistp256)   0.0000s   0.0001s  73451.0  24648.0". */
static int row_shape(const char *line, const char *alg, const char *curve, int nops)
{
	char want[96], rest[256];
	double t1, t2, r1, r2;
	int n;
	const char *nl = strchr(line, '\n');
	size_t len = nl ? (size_t)(nl - line) : strlen(line);

	snprintf(want, sizeof(want), " bits %s (%s) ", alg, curve);
	if (len >= sizeof(rest) || strstr(line, want) == NULL || line[0] != ' ')
		return 0;
	memcpy(rest, line, len);
	rest[len] = 0;
	if (nops == 1)
		n = sscanf(strstr(rest, want) + strlen(want), "%lfs %lf", &t1, &r1) == 2 && r1 > 0 && t1 >= 0;
	else
		n = sscanf(strstr(rest, want) + strlen(want), "%lfs %lfs %lf %lf", &t1, &t2, &r1, &r2) == 4 && r1 > 0 &&
		    r2 > 0;
	return n;
}

EMBER_TEST(speed_ec_cli)
{
	char *out = NULL, *err = NULL;
	const char *l;
	int st;

	if (!ts_have_ember())
		return;
	/* the groups, openssl 3.0's tables */
	st = ts_speed("-seconds 0.02 ecdh ecdsa eddsa", &out, &err);
	if (!CHECK(st == 0 && out != NULL, "speed ecdh ecdsa eddsa: status %d: %s", st, err ? err : ""))
		goto done;
	l = ts_line_with(out, "                              sign    verify    sign/s verify/s\n");
	CHECK(l != NULL, "ecdsa header:\n%s", out);
	CHECK((l = ts_line_with(out, " 256 bits ecdsa (nistp256) ")) && row_shape(l, "ecdsa", "nistp256", 2), "p256 row");
	CHECK((l = ts_line_with(out, " 384 bits ecdsa (nistp384) ")) && row_shape(l, "ecdsa", "nistp384", 2), "p384 row");
	CHECK(ts_line_with(out, "                              op      op/s\n") != NULL, "ecdh header:\n%s", out);
	CHECK((l = ts_line_with(out, " 256 bits ecdh (nistp256) ")) && row_shape(l, "ecdh", "nistp256", 1), "ecdh p256");
	CHECK((l = ts_line_with(out, " 384 bits ecdh (nistp384) ")) && row_shape(l, "ecdh", "nistp384", 1), "ecdh p384");
	CHECK((l = ts_line_with(out, " 253 bits ecdh (X25519) ")) && row_shape(l, "ecdh", "X25519", 1),
	    "ecdh x25519");
	CHECK((l = ts_line_with(out, " 253 bits EdDSA (Ed25519) ")) && row_shape(l, "EdDSA", "Ed25519", 2),
	    "ed25519");
	/* the progress lines of openssl 3.0 */
	CHECK(err && strstr(err, "Doing 256 bits sign ecdsa's for 0.02s: ") && strstr(err, " 256 bits ECDSA signs in ") &&
	          strstr(err, "Doing 253 bits  ecdh's for 0.02s: ") && strstr(err, " 253-bits ECDH ops in ") &&
	          strstr(err, "Doing 253 bits verify Ed25519's for 0.02s: ") &&
	          strstr(err, " 253 bits Ed25519 verify in "),
	    "progress:\n%s", err ? err : "");
	/* the text read back */
	CHECK(ts_parsed(out, "ecdsa(nistp256)", "sign") > 0 && ts_parsed(out, "ecdsa(nistp384)", "verify") > 0 &&
	          ts_parsed(out, "ecdh(nistp256)", "op") > 0 && ts_parsed(out, "ecdh(x25519)", "op") > 0 &&
	          ts_parsed(out, "eddsa(ed25519)", "sign") > 0 && ts_parsed(out, "eddsa(ed25519)", "verify") > 0,
	    "text round trip");
	free(out);
	free(err);
	out = err = NULL;

	/* -mr: openssl 3.0's records and curve indices */
	st = ts_speed("-mr -seconds 0.02 ecdsap256 ecdhp384 ecdhx25519 ed25519", &out, &err);
	if (!CHECK(st == 0 && out != NULL, "-mr: status %d", st))
		goto done;
	{
		double a, b;
		unsigned k, bits;
		char name[16];
		CHECK((l = ts_line_with(out, "+F4:3:256:")) && sscanf(l, "+F4:%u:%u:%lf:%lf", &k, &bits, &a, &b) == 4 && a > 0 &&
		          b > 0, "+F4:\n%s", out);
		CHECK((l = ts_line_with(out, "+F5:4:384:")) && sscanf(l, "+F5:%u:%u:%lf:%lf", &k, &bits, &a, &b) == 4 && a > 0 &&
		          b > 0 && b < 1, "+F5 p384:\n%s", out);
		CHECK(ts_line_with(out, "+F5:22:253:") != NULL, "+F5 x25519:\n%s", out);
		CHECK((l = ts_line_with(out, "+F6:0:253:Ed25519:")) &&
		          sscanf(l, "+F6:%u:%u:%15[^:]:%lf:%lf", &k, &bits, name, &a, &b) == 5 && a > 0 && b > 0,
		    "+F6:\n%s", out);
	}
	CHECK(err && strstr(err, "+DTP:256:sign:ecdsa:0.02\n+R5:") && strstr(err, "+DTP:384::ecdh:0.02\n+R7:") &&
	          strstr(err, "+DTP:253:verify:Ed25519:0.02\n+R9:") && strstr(err, ":253:Ed25519:"),
	    "-mr progress:\n%s", err ? err : "");
	CHECK(ts_parsed(out, "ecdsa(nistp256)", "verify") > 0 && ts_parsed(out, "ecdh(nistp384)", "op") > 0 &&
	          ts_parsed(out, "ecdh(x25519)", "op") > 0 && ts_parsed(out, "eddsa(ed25519)", "sign") > 0,
	    "-mr round trip");
	free(out);
	free(err);
	out = err = NULL;

	/* JSON: the curves named as the readers name openssl's rows */
	st = ts_speed("-format json -seconds 0.02 ecdsap384 ecdhp256 ed25519", &out, &err);
	if (!CHECK(st == 0 && out != NULL, "json: status %d", st))
		goto done;
	CHECK(strstr(out, "\"algorithm\": \"ecdh(nistp256)\", \"word\": \"ecdhp256\"") && strstr(out, "\"op\": \"derive\""),
	    "json:\n%s", out);
	CHECK(ts_parsed(out, "ecdsa(nistp384)", "sign") > 0 && ts_parsed(out, "ecdh(nistp256)", "op") > 0 &&
	          ts_parsed(out, "eddsa(ed25519)", "verify") > 0,
	    "json round trip");
	free(out);
	free(err);
	out = err = NULL;

	/* openssl's curves that Ember lacks: missing, as a row not in this build */
	st = ts_speed("-seconds 0.02 ecdhp521 ed25519", &out, &err);
	CHECK(st == 1 && err && strstr(err, "ecdhp521: not in this build"), "ecdhp521: %d %s", st, err ? err : "");
	free(out);
	free(err);
	out = err = NULL;
	st = ts_speed("-skip-missing -seconds 0.02 ecdhp521 ed448 ed25519", &out, &err);
	CHECK(st == 0 && err && strstr(err, "ecdhp521: not in this build (skipped)") &&
	          strstr(err, "ed448: not in this build (skipped)") && out && strstr(out, "EdDSA (Ed25519)"),
	    "-skip-missing: %d %s", st, err ? err : "");
	free(out);
	free(err);
	out = err = NULL;
	st = ts_speed("-seconds 0.02 ecdsap999", &out, &err);
	CHECK(st == 1 && err && strstr(err, "unknown algorithm 'ecdsap999'"), "unknown word: %s", err ? err : "");
	free(out);
	free(err);
	out = err = NULL;

	/* -impl: the portable backend by name (ref32: every target has it; ref needs a 128-bit product);
	 * -list names the backends */
	st = ts_speed("-impl ref32 -seconds 0.02 ecdsap256 ecdhx25519", &out, &err);
	CHECK(st == 0 && out && (l = ts_line_with(out, " 256 bits ecdsa (nistp256/ref32) ")) &&
	          row_shape(l, "ecdsa", "nistp256/ref32", 2) && ts_line_with(out, " 253 bits ecdh (X25519/ref32) "),
	    "-impl ref32: %d\n%s%s", st, out ? out : "", err ? err : "");
	free(out);
	free(err);
	out = err = NULL;
	st = ts_speed("-impl nosuch ed25519", &out, &err);
	CHECK(st == 1 && err && strstr(err, "ed25519 has no implementation 'nosuch'"), "-impl nosuch: %s", err ? err : "");
	free(out);
	free(err);
	out = err = NULL;
	st = ts_speed("-list", &out, &err);
	CHECK(st == 0 && out && ts_line_with(out, "ecdsap256          ref ") && ts_line_with(out, "ed25519            ref32 "),
	    "-list:\n%s", out ? out : "");
	free(out);
	free(err);
	out = err = NULL;

	/* the system's libcrypto, side by side, when it loads */
	st = ts_speed("-seconds 0.02 -engine ember,openssl ecdsap256 ecdhp256 ecdhx25519 ed25519", &out, &err);
	if (out && strstr(out, "engine openssl: not available")) {
		t_skip("libcrypto does not load: no openssl engine rows");
	} else {
		const char *o = out ? strstr(out, "\nengine openssl:\n") : NULL;
		CHECK(st == 0 && o && ts_line_with(o, " 256 bits ecdsa (nistp256) ") && ts_line_with(o, " 256 bits ecdh (nistp256) ") &&
		          ts_line_with(o, " 253 bits ecdh (X25519) ") && ts_line_with(o, " 253 bits EdDSA (Ed25519) "),
		    "-engine openssl: %d\n%s%s", st, out ? out : "", err ? err : "");
		CHECK(out && strstr(out, "\necdhx25519    ember ") && strstr(out, "\n              openssl "), "side by side:\n%s", out ? out : "");
	}
done:
	free(out);
	free(err);
}
