/*
 * t_s_tls12.c - TLS 1.2 over sockets on 127.0.0.1 with real peers:
 *   openssl s_client -tls1_2 -> ember s_server -rev, and ember s_client
 *     -tls1_2 -> openssl s_server -rev, every TLS 1.2 suite of tls12.h
 *     with every server key its authentication takes (ECDSA suites: P-256,
 *     P-384, Ed25519; RSA suites: RSA, the legacy AES128-SHA named on the
 *     Ember side), the groups in turn, the chain verified, data echoed;
 *   an Ember client of both versions against openssl s_server -tls1_2
 *     (TLS 1.2 from one ClientHello), curl --tls-max 1.2 fetching ember
 *     s_server -www, and openssl s_client's renegotiation refused (no
 *     renegotiation) with the server serving the next client;
 *   the legacy suite is not used unless named: ember s_server's defaults
 *     refuse openssl s_client -cipher AES128-SHA; ember s_client -msg traces
 *     the messages in openssl's words and order.
 * Servers start on port 0 (ember) or a free port (openssl), are waited for,
 * and stopped by their process id; every client runs under `timeout 20`.
 * Under emulation (-quick) each key runs its first suite only, each way.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ember/tls.h"
#include "netutil.h"
#include "test.h"
#include "tlsutil.h"

static char dir[1024];
static const char *const key_file[K_COUNT] = { "p256", "p384", "rsa", "ed25519", "mldsa65" };
static const char *const groups[3] = { "X25519", "P-256", "P-384" };
static const char *const rsa_list = "ECDHE-RSA-AES128-GCM-SHA256:ECDHE-RSA-AES256-GCM-SHA384:"
				    "ECDHE-RSA-CHACHA20-POLY1305:AES128-SHA";

/* openssl's -groups for a TLS 1.2 client: |g|, then an ECDSA key's curve (RFC 8422 5.1). */
static const char *with_curve(const char *g, int k, char *buf, size_t cap)
{
	const char *curve = k == K_P256 ? "P-256" : k == K_P384 ? "P-384" : NULL;

	if (curve == NULL || strcmp(curve, g) == 0)
		return g;
	snprintf(buf, cap, "%s:%s", g, curve);
	return buf;
}

/* 1 when the suite's authentication takes key |k|. */
static int takes(const ember_tls12_suite *s, int k)
{
	return s->auth == EMBER_TLS12_AUTH_RSA ? k == K_RSA : (k == K_P256 || k == K_P384 || k == K_ED25519);
}

/* openssl s_client -tls1_2 -> ember s_server -rev, every suite for key |k|; the connections made. */
static int ossl_to_ember(int k, int *turn)
{
	tn_server s;
	char *out = NULL, *err = NULL, *sout;
	size_t i, n = 0;
	int count = 0;

	for (i = 0; ember_tls12_suite_at(i); i++)
		n += takes(ember_tls12_suite_at(i), k);
	if (t_quick)
		n = 1;
	if (!CHECK(tn_start_server(&s, dir, 0, "srv12.log",
	               "$E s_server -accept 127.0.0.1:0 -cert %s.crt -key %s.key -rev -state -naccept %zu -timeout 10%s%s",
	               key_file[k], key_file[k], n, k == K_RSA ? " -cipher " : "", k == K_RSA ? rsa_list : "") == 0,
	        "ember s_server (%s) did not start", key_file[k])) {
		free(tn_stop_server(&s, 0));
		return 0;
	}
	for (i = 0; ember_tls12_suite_at(i); i++) {
		const ember_tls12_suite *su = ember_tls12_suite_at(i);
		char gbuf[32], want[64];
		const char *g = with_curve(groups[(*turn)++ % 3], k, gbuf, sizeof(gbuf));
		int rc;

		if (!takes(su, k) || (t_quick && count)) /* under emulation: the first suite of each key */
			continue;
		rc = tn_run(dir, &out, &err,
		    "printf 'hello ember %zu\\nCLOSE\\n' | timeout 20 openssl s_client -connect 127.0.0.1:%d -tls1_2 "
		    "-servername ember.test -CAfile ca.pem -verify_return_error -groups %s -cipher %s -quiet",
		    i, s.port, g, su->ossl_name);
		snprintf(want, sizeof(want), "%zu rebme olleh", i);
		CHECK(rc == 0 && out && strstr(out, want) != NULL,
		    "openssl s_client -tls1_2 -groups %s -cipher %s -> ember s_server (%s): exit %d, out '%s', err '%s'", g,
		    su->ossl_name, key_file[k], rc, out ? out : "", err ? err : "");
		free(out);
		free(err);
		out = err = NULL;
		count++;
	}
	sout = tn_stop_server(&s, 10000);
	CHECK(sout && tn_lines(sout) == count && strstr(sout, "protocol=TLSv1.2") && !strstr(sout, "protocol=TLSv1.3"),
	    "s_server -state (%s): %d lines, want %d TLS 1.2 ones: %s", key_file[k], tn_lines(sout), count, sout ? sout : "");
	free(sout);
	return count;
}

/* ember s_client -tls1_2 -> openssl s_server -rev, every suite for key |k|. */
static int ember_to_ossl(int k, int *turn)
{
	tn_server s;
	char *out = NULL, *err = NULL;
	size_t i;
	int count = 0, port = tn_free_port();

	/* openssl s_server's own cipher list includes AES128-SHA (SECLEVEL 1) */
	if (!CHECK(port > 0 && tn_start_server(&s, dir, port, "ossl12.log",
	                           "openssl s_server -accept 127.0.0.1:%d -cert %s.crt -key %s.key -rev -tls1_2", port,
	                           key_file[k], key_file[k]) == 0,
	        "openssl s_server -tls1_2 (%s) did not start", key_file[k])) {
		free(tn_stop_server(&s, 0));
		return 0;
	}
	for (i = 0; ember_tls12_suite_at(i); i++) {
		const ember_tls12_suite *su = ember_tls12_suite_at(i);
		char gbuf[32], want[80];
		const char *g = with_curve(groups[(*turn)++ % 3], k, gbuf, sizeof(gbuf));
		int rc;

		if (!takes(su, k) || (t_quick && count)) /* under emulation: the first suite of each key */
			continue;
		rc = tn_run(dir, &out, &err,
		    "printf 'hello openssl\\nCLOSE\\n' | timeout 20 $E s_client -connect 127.0.0.1:%d -tls1_2 "
		    "-servername ember.test -CAfile ca.pem -verify_return_error -groups %s -cipher %s -brief -ign_eof",
		    s.port, g, su->ossl_name);
		snprintf(want, sizeof(want), "Ciphersuite: %s\n", su->ossl_name);
		CHECK(rc == 0 && out && strstr(out, "lssnepo olleh") && err && strstr(err, "Verification: OK") &&
		          strstr(err, "Protocol version: TLSv1.2") && strstr(err, want),
		    "ember s_client -tls1_2 -groups %s -cipher %s -> openssl s_server (%s): exit %d, out '%s', err '%s'", g,
		    su->ossl_name, key_file[k], rc, out ? out : "", err ? err : "");
		free(out);
		free(err);
		out = err = NULL;
		count++;
	}
	/* a client of both versions (the default) gets TLS 1.2 from the same ClientHello */
	if (k == K_P256) {
		int rc = tn_run(dir, &out, &err,
		    "printf 'both\\nCLOSE\\n' | timeout 20 $E s_client -connect 127.0.0.1:%d -servername ember.test "
		    "-CAfile ca.pem -verify_return_error -brief -ign_eof",
		    s.port);
		CHECK(rc == 0 && out && strstr(out, "htob") && err && strstr(err, "Protocol version: TLSv1.2"),
		    "ember s_client (TLS 1.2 and 1.3) -> openssl s_server -tls1_2: exit %d, out '%s', err '%s'", rc,
		    out ? out : "", err ? err : "");
		free(out);
		free(err);
	}
	free(tn_stop_server(&s, 0));
	return count;
}

/* curl over TLS 1.2, openssl's renegotiation refused, the legacy suite unused unless named. */
static void www_reneg_legacy(void)
{
	tn_server s;
	char *out = NULL, *err = NULL, *sout;
	int rc;

	if (!CHECK(tn_start_server(&s, dir, 0, "www12.log",
	               "$E s_server -accept 127.0.0.1:0 -cert rsa.crt -key rsa.key -www -state -naccept 5 -timeout 10") == 0,
	        "ember s_server -www did not start")) {
		free(tn_stop_server(&s, 0));
		return;
	}
	if (tn_have("curl")) {
		rc = tn_run(dir, &out, &err,
		    "timeout 20 curl -sS --max-time 15 --tlsv1.2 --tls-max 1.2 --cacert ca.pem https://ember.test:%d/ "
		    "--resolve ember.test:%d:127.0.0.1",
		    s.port, s.port);
		CHECK(rc == 0 && out && strstr(out, "Protocol: TLSv1.2") && strstr(out, "ECDHE-RSA-"),
		    "curl --tls-max 1.2 -> ember s_server -www: exit %d, out '%s', err '%s'", rc, out ? out : "",
		    err ? err : "");
		free(out);
		free(err);
	} else {
		t_skip("curl --tls-max 1.2: no curl command");
		rc = tn_run(dir, &out, &err, "printf 'GET / HTTP/1.0\\r\\n\\r\\n' | timeout 20 $E s_client -connect "
		                             "127.0.0.1:%d -tls1_2 -quiet", s.port); /* the slot -naccept counts */
		free(out);
		free(err);
	}
	/* openssl s_client's "R" asks to renegotiate: refused (no_renegotiation), the server goes on */
	rc = tn_run(dir, &out, &err,
	    "(printf 'GET / HTTP/1.0\\n'; sleep 0.5; printf 'R\\n'; sleep 1) | timeout 20 openssl s_client -connect "
	    "127.0.0.1:%d -tls1_2 -CAfile ca.pem -servername ember.test",
	    s.port);
	CHECK(err && strstr(err, "no renegotiation"), "openssl s_client renegotiating: exit %d, err '%s'", rc,
	    err ? err : "");
	free(out);
	free(err);
	/* the legacy suite offered alone, not named by the server: no shared cipher */
	rc = tn_run(dir, &out, &err,
	    "timeout 20 openssl s_client -connect 127.0.0.1:%d -tls1_2 -cipher AES128-SHA -CAfile ca.pem "
	    "-servername ember.test </dev/null",
	    s.port);
	CHECK(rc != 0 && err && strstr(err, "handshake failure"),
	    "openssl s_client -cipher AES128-SHA -> ember s_server defaults: exit %d, err '%s'", rc, err ? err : "");
	free(out);
	free(err);
	/* -msg: openssl's trace of the messages, in the order they go: change_cipher_spec between
	   ClientKeyExchange and Finished */
	rc = tn_run(dir, &out, &err,
	    "printf 'GET / HTTP/1.0\\r\\n\\r\\n' | timeout 20 $E s_client -connect 127.0.0.1:%d -tls1_2 -CAfile ca.pem "
	    "-servername ember.test -verify_return_error -quiet -msg",
	    s.port);
	{
		const char *cke = out ? strstr(out, ">>> TLS 1.2, Handshake [length ") : NULL, *ccs, *fin, *sfin;

		cke = out ? strstr(out, "], ClientKeyExchange\n") : NULL;
		ccs = cke ? strstr(cke, ">>> TLS 1.2, ChangeCipherSpec [length 0001]\n") : NULL;
		fin = ccs ? strstr(ccs, ">>> TLS 1.2, Handshake [length 0010], Finished\n") : NULL;
		sfin = fin ? strstr(fin, "<<< TLS 1.2, Handshake [length 0010], Finished\n") : NULL;
		CHECK(rc == 0 && out && strstr(out, "<<< TLS 1.2, Handshake [length ") && strstr(out, "], ServerHelloDone\n") &&
		          sfin && strstr(sfin, "Protocol: TLSv1.2"),
		    "ember s_client -tls1_2 -msg: exit %d, out '%s', err '%s'", rc, out ? out : "", err ? err : "");
	}
	free(out);
	free(err);
	/* and the server still serves */
	rc = tn_run(dir, &out, &err,
	    "printf 'GET / HTTP/1.0\\r\\n\\r\\n' | timeout 20 $E s_client -connect 127.0.0.1:%d -CAfile ca.pem "
	    "-servername ember.test -verify_return_error -quiet",
	    s.port);
	CHECK(rc == 0 && out && strstr(out, "Protocol: TLSv1.3"), "after renegotiation refused: exit %d, out '%s', err '%s'",
	    rc, out ? out : "", err ? err : "");
	free(out);
	free(err);
	sout = tn_stop_server(&s, 10000);
	free(sout);
}

EMBER_TEST(s_tls12)
{
	static const int keys[] = { K_P256, K_P384, K_ED25519, K_RSA };
	size_t i;
	int turn = 0, a = 0, b = 0;

	if (t_ember_bin == NULL) {
		t_skip("s_tls12: no ember binary (-e)");
		return;
	}
	if (!tn_have("openssl")) {
		t_skip("s_tls12: no openssl command");
		return;
	}
	if (!CHECK(tn_write_pki(dir, sizeof(dir), "s_tls12", key_file, K_MLDSA65), "PKI files in the scratch folder"))
		return;
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		a += ossl_to_ember(keys[i], &turn);
		b += ember_to_ossl(keys[i], &turn);
	}
	t_note("TLS 1.2: openssl s_client -> ember s_server %d connections, ember s_client -> openssl s_server %d", a, b);
	www_reneg_legacy();
}
