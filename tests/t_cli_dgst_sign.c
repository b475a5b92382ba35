/*
 * t_cli_dgst_sign.c - `ember dgst -sign/-verify` against the openssl command:
 * a signature made by ember verifies with `openssl dgst -verify`, and the
 * reverse; a changed message and a truncated key are refused with one line;
 * -hex, -c, -r, -binary and -out give openssl's bytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test.h"

static int sh(const char *fmt, const char *a, const char *b)
{
	char cmd[2048];
	int r;

	snprintf(cmd, sizeof(cmd), fmt, a, b, a, b, a, b);
	r = system(cmd);
	return WIFEXITED(r) ? WEXITSTATUS(r) : 128;
}

EMBER_TEST(cli_dgst_sign)
{
	char dir[] = "/tmp/ember-t-dgst-sign-XXXXXX";
	const char *e = t_ember_bin;

	if (e == NULL) {
		t_skip("no ember binary (-e)");
		return;
	}
	if (system("openssl version >/dev/null 2>&1") != 0) {
		t_skip("openssl command not found");
		return;
	}
	if (!CHECK(mkdtemp(dir) != NULL, "mkdtemp"))
		return;
	/* rsa -pubout says "writing RSA key" on stderr, as openssl does: checked, not shown */
	CHECK(sh("cd '%2$s' && %1$s genrsa 1024 > k.pem 2>/dev/null && %1$s rsa -in k.pem -pubout -out pub.pem 2>rsa.err && "
	         "grep -qx 'writing RSA key' rsa.err && "
	         "printf 'message to sign' > msg && printf 'message to sign!' > msg2",
	         e, dir) == 0, "genrsa / rsa -pubout");
	CHECK(sh("cd '%2$s' && %1$s dgst -sha256 -sign k.pem -out sig.e msg && "
	         "openssl dgst -sha256 -verify pub.pem -signature sig.e msg >/dev/null", e, dir) == 0,
	    "openssl does not verify ember dgst -sign");
	CHECK(sh("cd '%2$s' && openssl dgst -sha384 -sign k.pem -out sig.o msg && "
	         "%1$s dgst -sha384 -verify pub.pem -signature sig.o msg | grep -qx 'Verified OK'", e, dir) == 0,
	    "ember dgst -verify does not verify openssl's signature");
	CHECK(sh("cd '%2$s' && %1$s dgst -sha384 -verify pub.pem -signature sig.o msg2 | grep -qx 'Verification failure'",
	         e, dir) == 0, "a changed message is not reported as a verification failure");
	CHECK(sh("cd '%2$s' && ! %1$s dgst -sha384 -verify pub.pem -signature sig.o msg2 >/dev/null", e, dir) == 0,
	    "a failed verification exits 0");
	CHECK(sh("cd '%2$s' && head -c 200 k.pem > trunc.pem && ! %1$s dgst -sign trunc.pem -out s2 msg 2> err && "
	         "test $(wc -l < err) -eq 1 && grep -q trunc.pem err && test ! -e s2", e, dir) == 0,
	    "a truncated key: not one error line naming it, or an output file was left");
	CHECK(sh("cd '%2$s' && ! %1$s dgst -verify pub.pem msg 2> err && grep -q -- -signature err", e, dir) == 0,
	    "-verify without -signature is not refused");
	sh("rm -rf '%2$s'", e, dir);
}

/* Runs |cmd| with sh; its standard output (up to |cap| - 1 bytes, NUL-terminated) in |out|, length in *n. */
static int capture(const char *cmd, char *out, size_t cap, size_t *n)
{
	FILE *p = popen(cmd, "r");
	int st;

	*n = 0;
	out[0] = 0;
	if (p == NULL)
		return -1;
	*n = fread(out, 1, cap - 1, p);
	out[*n] = 0;
	st = pclose(p);
	return st != -1 && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* `ember dgst <args>` and `openssl dgst <args>` (run in |dir|) print the same bytes and exit 0. */
static int same_as_openssl(const char *dir, const char *args)
{
	static char mine[8192], theirs[8192];
	char cmd[2048];
	size_t n, m;
	int a, b;

	snprintf(cmd, sizeof(cmd), "cd '%s' && '%s' dgst %s 2>&1", dir, t_ember_bin, args);
	a = capture(cmd, mine, sizeof(mine), &n);
	snprintf(cmd, sizeof(cmd), "cd '%s' && openssl dgst %s 2>&1", dir, args);
	b = capture(cmd, theirs, sizeof(theirs), &m);
	if (a == 0 && b == 0 && n == m && memcmp(mine, theirs, n) == 0)
		return 1;
	t_note("dgst %s: ember (status %d) '%.300s', openssl (status %d) '%.300s'", args, a, mine, b, theirs);
	return 0;
}

/*
 * -sign with -hex prints the signature as openssl dgst does ("RSA-SHA2-256(file)= hex", "-c" colons,
 * "-r" coreutils style, stdin unlabelled), -binary or no -hex writes the raw bytes, and -out takes
 * either. PKCS#1 v1.5 is deterministic, so an RSA signature is compared byte for byte with
 * openssl's; a DSA one (openssl's k is random) by its form, its hex against the raw bytes ember
 * writes without -hex (RFC 6979: the same k), and openssl's verification of those bytes.
 */
EMBER_TEST(cli_dgst_sign_hex)
{
	static const char *const forms[] = { "-hex", "-hex -c", "-c -hex", "-hex -r", "-r -hex", "-binary -hex",
		"", "-binary", "-hex -binary", "-r", "-c" };
	static const char *const digests[] = { "", "-sha1", "-sha224", "-sha256", "-sha384", "-sha512", "-md5",
		"-ripemd160", "-sha512-256" };
	char dir[] = "/tmp/ember-t-dgst-hex-XXXXXX", args[512], cmd[2048], line[4096], raw[1024];
	size_t i, n = 0, m = 0;
	int st, compared = 0;

	if (t_ember_bin == NULL) {
		t_skip("cli_dgst_sign_hex: no ember binary (-e)");
		return;
	}
	if (system("openssl version >/dev/null 2>&1") != 0) {
		t_skip("cli_dgst_sign_hex: openssl command not found");
		return;
	}
	if (t_phase == 2)
		return; /* output formats: nothing depends on the CPU features */
	if (!CHECK(mkdtemp(dir) != NULL, "mkdtemp"))
		return;
	snprintf(cmd, sizeof(cmd),
	    "cd '%s' && openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:1024 -out k.pem 2>/dev/null && "
	    "openssl pkey -in k.pem -pubout -out pub.pem && printf 'message to sign' > msg", dir);
	if (!CHECK(system(cmd) == 0, "openssl genpkey (RSA)"))
		goto done;

	for (i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
		snprintf(args, sizeof(args), "-sha256 -sign k.pem %s msg", forms[i]);
		CHECK(same_as_openssl(dir, args), "dgst %s: not what openssl dgst prints", args);
		compared++;
	}
	for (i = 0; i < sizeof(digests) / sizeof(digests[0]); i++) {
		snprintf(cmd, sizeof(cmd), "cd '%s' && openssl dgst %s -sign k.pem msg >/dev/null 2>&1", dir, digests[i]);
		if (system(cmd) != 0)
			continue; /* this openssl does not sign with it */
		snprintf(args, sizeof(args), "%s -sign k.pem -hex msg", digests[i]);
		CHECK(same_as_openssl(dir, args), "dgst %s: not what openssl dgst prints", args);
		snprintf(args, sizeof(args), "%s -sign k.pem -hex < msg", digests[i]);
		CHECK(same_as_openssl(dir, args), "dgst %s: not what openssl dgst prints", args);
		compared += 2;
	}
	/* -out: the hex line, or the raw signature, in the file and nothing on stdout */
	snprintf(cmd, sizeof(cmd),
	    "cd '%s' && '%s' dgst -sha256 -sign k.pem -hex -out e.hex msg > e.stdout && "
	    "openssl dgst -sha256 -sign k.pem -hex -out o.hex msg && cmp -s e.hex o.hex && test ! -s e.stdout && "
	    "'%s' dgst -sha384 -sign k.pem -out e.bin msg && openssl dgst -sha384 -sign k.pem -out o.bin msg && "
	    "cmp -s e.bin o.bin && openssl dgst -sha384 -verify pub.pem -signature e.bin msg >/dev/null",
	    dir, t_ember_bin, t_ember_bin);
	CHECK(system(cmd) == 0, "dgst -sign -out (hex and binary): not openssl's file");
	/* -verify -out: the verdict in the file, as openssl writes it; a failure exits 1 but is written */
	snprintf(cmd, sizeof(cmd),
	    "cd '%s' && '%s' dgst -sha384 -verify pub.pem -signature e.bin -out e.v msg && "
	    "openssl dgst -sha384 -verify pub.pem -signature e.bin -out o.v msg && cmp -s e.v o.v && "
	    "printf x >> msg && ! '%s' dgst -sha384 -verify pub.pem -signature e.bin -out e.v2 msg && "
	    "grep -qx 'Verification failure' e.v2",
	    dir, t_ember_bin, t_ember_bin);
	CHECK(system(cmd) == 0, "dgst -verify -out: not openssl's verdict in the file");
	t_note("cli_dgst_sign_hex: %d signature outputs identical to openssl dgst's", compared);

	/* DSA: the form, and the hex is the signature ember writes raw (deterministic k) */
	snprintf(cmd, sizeof(cmd),
	    "cd '%s' && openssl genpkey -genparam -algorithm DSA -pkeyopt dsa_paramgen_bits:1024 -out dp.pem "
	    "2>/dev/null && openssl genpkey -paramfile dp.pem -out d.pem 2>/dev/null && "
	    "openssl pkey -in d.pem -pubout -out dpub.pem", dir);
	if (!CHECK(system(cmd) == 0, "openssl genpkey (DSA)"))
		goto done;
	snprintf(cmd, sizeof(cmd), "cd '%s' && '%s' dgst -sha256 -sign d.pem -hex msg", dir, t_ember_bin);
	st = capture(cmd, line, sizeof(line), &n);
	snprintf(cmd, sizeof(cmd), "cd '%s' && '%s' dgst -sha256 -sign d.pem -out d.sig msg && cat d.sig", dir,
	    t_ember_bin);
	CHECK(capture(cmd, raw, sizeof(raw), &m) == 0 && m > 40, "dgst -sign with a DSA key: %zu bytes", m);
	{
		char want[4096];
		int k = snprintf(want, sizeof(want), "DSA-SHA2-256(msg)= ");
		snprintf(want + k, sizeof(want) - (size_t)k, "%s\n", t_tohex((const uint8_t *)raw, m));
		CHECK(st == 0 && strcmp(line, want) == 0, "dgst -sign d.pem -hex: '%s', want '%s'", line, want);
	}
	snprintf(cmd, sizeof(cmd), "cd '%s' && openssl dgst -sha256 -verify dpub.pem -signature d.sig msg >/dev/null",
	    dir);
	CHECK(system(cmd) == 0, "openssl does not verify ember's DSA signature");
done:
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	CHECK(system(cmd) == 0, "rm -rf %s", dir);
}
