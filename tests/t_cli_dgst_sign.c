/*
 * t_cli_dgst_sign.c - `ember dgst -sign/-verify` against the openssl command:
 * a signature made by ember verifies with `openssl dgst -verify`, and the
 * reverse; a changed message and a truncated key are refused with one line.
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
