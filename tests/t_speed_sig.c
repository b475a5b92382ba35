/*
 * t_speed_sig.c - the ML-DSA signature rows of `ember speed` (ML-DSA-44,
 * ML-DSA-65, ML-DSA-87; the group -signature-algorithms), as openssl 3.5's
 * SIG table prints them:
 *   speed_sig_rows: every word's key, self-test and three operations; the
 *     self-test refuses a signature with a byte flipped;
 *   speed_sig_cli: the table (header, "%27s" rows: three times, three
 *     rates), progress lines, -mr records (+DTP, +R18..+R20, +EMBER:SIG,
 *     +F10), -signature-algorithms, JSON and -mr read back by the results
 *     reader, `ember compare` of two runs, the -stack row and the
 *     side-by-side table (shape only: no timing value is asserted).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "speed_sig.h"
#include "speed_util.h"
#include "test.h"

static const char *const sig_words[] = { "ML-DSA-44", "ML-DSA-65", "ML-DSA-87" };
#define NSIG (sizeof(sig_words) / sizeof(sig_words[0]))

EMBER_TEST(speed_sig_rows)
{
	char err[256];
	size_t i;
	int op;

	for (i = 0; i < NSIG; i++) {
		speed_sig *k;
		CHECK(speed_sig_known(sig_words[i]), "%s unknown", sig_words[i]);
		k = speed_sig_new(sig_words[i], err, sizeof(err));
		if (!CHECK(k != NULL, "%s: %s", sig_words[i], err))
			continue;
		CHECK(speed_sig_selftest(k) == 0, "%s: self-test", sig_words[i]);
		for (op = 0; op < SPEED_SIG_NOPS; op++)
			CHECK(speed_sig_op(k, op) == 0, "%s: operation %d", sig_words[i], op);
		CHECK(speed_sig_op(k, SPEED_SIG_NOPS) != 0, "%s: operation 3 accepted", sig_words[i]);
		CHECK(speed_sig_selftest(k) == 0, "%s: self-test after the operations", sig_words[i]);
		/* a corrupted timed signature: verify fails and the self-test says so */
		speed_sig_corrupt(k);
		CHECK(speed_sig_op(k, SPEED_SIG_VERIFY) != 0, "%s: corrupted signature verifies", sig_words[i]);
		CHECK(speed_sig_selftest(k) != 0, "%s: self-test passes a corrupted signature", sig_words[i]);
		speed_sig_free(k);
	}
	CHECK(!speed_sig_known("ml-dsa-65") && !speed_sig_known("SLH-DSA-SHA2-128s") && !speed_sig_known(NULL),
	    "unknown words");
	CHECK(speed_sig_new("SLH-DSA-SHAKE-256f", err, sizeof(err)) == NULL && strchr(err, '\n') == NULL, "bad word");
}

static const char sig_header[] = "                               keygen     signs    verify keygens/s    sign/s  verify/s\n";

/* Writes |text| to a file under the test's temporary directory; its path in |path|. */
static int save(const char *text, const char *name, char *path, size_t len)
{
	FILE *f;
	const char *dir = getenv("TMPDIR");

	snprintf(path, len, "%s/ember-t-speed-sig-%ld-%s", dir && *dir ? dir : "/tmp", (long)t_phase, name);
	f = fopen(path, "w");
	if (f == NULL)
		return -1;
	fputs(text, f);
	return fclose(f);
}

EMBER_TEST(speed_sig_cli)
{
	char *out = NULL, *err = NULL, *out2 = NULL;
	char want[64], pa[512], pb[512], args[1200];
	const char *l;
	size_t i;
	int st;

	if (!ts_have_ember())
		return;
	CHECK(strlen(sig_header) == 31 + 57, "header length");
	st = ts_ember("speed -seconds 0.02 ML-DSA-65", &out, &err);
	if (!CHECK(st == 0 && out != NULL, "speed ML-DSA-65: status %d: %s", st, err ? err : ""))
		goto done;
	CHECK(ts_line_with(out, sig_header) != NULL, "SIG header:\n%s", out);
	CHECK(ts_row35_shape(ts_line_with(out, "                  ML-DSA-65 "), "ML-DSA-65"), "ML-DSA-65 row:\n%s", out);
	CHECK(err && strstr(err, "Doing ML-DSA-65 keygen ops for 0.02s: ") &&
	          strstr(err, " ML-DSA-65 signature keygen ops in ") && strstr(err, "Doing ML-DSA-65 signs ops for 0.02s: ") &&
	          strstr(err, " ML-DSA-65 signature sign ops in ") && strstr(err, "Doing ML-DSA-65 verify ops for 0.02s: ") &&
	          strstr(err, " ML-DSA-65 signature verify ops in "),
	    "progress:\n%s", err ? err : "");
	CHECK(ts_parsed(out, "ml-dsa-65", "keygen") > 0 && ts_parsed(out, "ml-dsa-65", "sign") > 0 &&
	          ts_parsed(out, "ml-dsa-65", "verify") > 0,
	    "text round trip");
	free(out);
	free(err);
	out = err = NULL;

	/* -mr: +F10 on stdout, named by Ember's +EMBER:SIG record; +DTP and +R18..+R20 on stderr */
	st = ts_ember("speed -mr -seconds 0.02 ML-DSA-44 ML-DSA-87", &out, &err);
	if (!CHECK(st == 0 && out != NULL, "-mr: status %d", st))
		goto done;
	{
		double a, b, c;
		unsigned k;
		CHECK((l = ts_line_with(out, "+F10:0:")) && sscanf(l, "+F10:%u:%lf:%lf:%lf", &k, &a, &b, &c) == 4 && a > 0 &&
		          b > 0 && c > 0, "+F10:\n%s", out);
		CHECK(ts_line_with(out, "+EMBER:SIG:0:ML-DSA-44\n") && ts_line_with(out, "+EMBER:SIG:2:ML-DSA-87\n") &&
		          ts_line_with(out, "+F10:2:"), "+F10 names:\n%s", out);
	}
	CHECK(err && strstr(err, "+DTP:ML-DSA-44:keygen:0.02\n+R18:") && strstr(err, "+DTP:ML-DSA-44:signs:0.02\n+R19:") &&
	          strstr(err, "+DTP:ML-DSA-87:verify:0.02\n+R20:") && strstr(err, ":ML-DSA-87:"),
	    "-mr progress:\n%s", err ? err : "");
	CHECK(ts_parsed(out, "ml-dsa-44", "keygen") > 0 && ts_parsed(out, "ml-dsa-87", "verify") > 0 &&
	          ts_parsed(out, "ml-dsa-87", "sign") > 0, "-mr round trip");
	if (!CHECK(save(out, "b.mr", pb, sizeof(pb)) == 0, "cannot write %s", pb))
		goto done;
	free(out);
	free(err);
	out = err = NULL;

	/* -signature-algorithms: every signature of Ember among openssl 3.5's */
	st = ts_ember("speed -seconds 0.01 -signature-algorithms", &out, &err);
	if (!CHECK(st == 0 && out != NULL, "-signature-algorithms: status %d", st))
		goto done;
	for (i = 0; i < NSIG; i++) {
		snprintf(want, sizeof(want), "%27s ", sig_words[i]);
		CHECK(ts_row35_shape(ts_line_with(out, want), sig_words[i]), "-signature-algorithms: %s:\n%s", sig_words[i], out);
	}
	CHECK(ts_line_with(out, sig_header) != NULL && strstr(out, "ML-KEM") == NULL, "-signature-algorithms: only SIG rows");
	free(out);
	free(err);
	out = err = NULL;

	/* JSON, read back, then compared with the -mr run */
	st = ts_ember("speed -format json -seconds 0.02 ML-DSA-44 ML-DSA-87", &out, &err);
	if (!CHECK(st == 0 && out != NULL, "json: status %d", st))
		goto done;
	CHECK(strstr(out, "\"algorithm\": \"ML-DSA-44\", \"word\": \"ML-DSA-44\"") && strstr(out, "\"op\": \"keygen\"") &&
	          strstr(out, "\"op\": \"sign\"") && strstr(out, "\"op\": \"verify\""),
	    "json:\n%s", out);
	CHECK(ts_parsed(out, "ml-dsa-44", "keygen") > 0 && ts_parsed(out, "ml-dsa-44", "sign") > 0 &&
	          ts_parsed(out, "ml-dsa-87", "verify") > 0,
	    "json round trip");
	if (!CHECK(save(out, "a.json", pa, sizeof(pa)) == 0, "cannot write %s", pa))
		goto done;
	free(out);
	free(err);
	out = err = NULL;
	snprintf(args, sizeof(args), "compare '%s' '%s'", pa, pb);
	st = ts_ember(args, &out, &err);
	CHECK(st == 0 && out && strstr(out, "ml-dsa-44 keygen") && strstr(out, "ml-dsa-44 sign") &&
	          strstr(out, "ml-dsa-87 verify"),
	    "compare: status %d:\n%s%s", st, out ? out : "", err ? err : "");
	remove(pa);
	remove(pb);
	free(out);
	free(err);
	out = err = NULL;

	/* -stack: keygen, sign, verify of every set, within the bounds */
	st = ts_ember("speed -stack -count 2 ML-DSA-44 ML-DSA-65 ML-DSA-87", &out, &err);
	if (!CHECK(st == 0 && out != NULL, "-stack: status %d: %s", st, err ? err : ""))
		goto done;
	for (i = 0; i < NSIG; i++) {
		long v[4] = { 0, 0, 0, 0 };
		char heap[16] = "";
		int n;
		const char *p = out, *q = NULL;
		snprintf(want, sizeof(want), "%s ", sig_words[i]);
		/* the stack table's row: the last line starting with the word */
		while ((p = ts_line_with(p, want)) != NULL) {
			q = p;
			p++;
		}
		if (!CHECK(q != NULL, "-stack: no %s row:\n%s", sig_words[i], out))
			continue;
		n = sscanf(q + strlen(want), "%ld %ld %ld %15s", &v[0], &v[1], &v[2], heap);
		CHECK(n == 4 && v[0] > 0 && v[1] > 0 && v[2] > 0, "-stack %s: '%.70s'", sig_words[i], q);
		CHECK(strcmp(heap, "0") == 0 || strcmp(heap, "-") == 0, "-stack %s heap '%s'", sig_words[i], heap);
#ifndef T_ASAN /* the bounds are the plain build's; redzones add to every frame under ASan */
		if (strcmp(sig_words[i], "ML-DSA-65") == 0)
#else
		if (0)
#endif
			CHECK(v[1] <= 32768 && v[2] <= 16384, "ML-DSA-65 stack: sign %ld (<= 32768), verify %ld (<= 16384)",
			    v[1], v[2]);
	}
	free(out);
	free(err);
	out = err = NULL;

	/* two engines side by side: the signature part under its own header, read back */
	st = ts_ember("speed -seconds 0.02 -engine ember,openssl ML-DSA-44", &out2, &err);
	if (st == 0 && out2 != NULL) {
		CHECK(strstr(out2, "\nsignature ") != NULL && strstr(out2, "keygen/s") != NULL, "side by side:\n%s", out2);
		CHECK(ts_parsed(out2, "ml-dsa-44[ember]", "sign") > 0 || ts_parsed(out2, "ml-dsa-44", "sign") > 0,
		    "side by side round trip:\n%s", out2);
	} else
		t_note("side by side with openssl: status %d (no openssl engine here?)", st);
	free(err);
	err = NULL;

	/* openssl 3.5's signature words Ember has not */
	st = ts_ember("speed -seconds 0.02 SLH-DSA-SHA2-128s", &out, &err);
	CHECK(st == 1 && err && strstr(err, "SLH-DSA-SHA2-128s") && strstr(err, "not in this build"),
	    "SLH-DSA-SHA2-128s: %d %s", st, err ? err : "");
done:
	free(out);
	free(out2);
	free(err);
}
