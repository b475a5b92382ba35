/*
 * t_s_server.c - `ember s_server` and `ember s_client` over sockets on
 * 127.0.0.1 only: interoperability with openssl s_client / s_server (and
 * curl) in both directions with the chain verified, HelloRetryRequest,
 * and bad input (missing files, a key that does not match, bad ports, a
 * peer sending garbage, a stalled peer, nobody listening).
 *
 * Every server is started here on port 0 (ember prints the port it bound:
 * "ACCEPT 127.0.0.1:PORT") or on a port found free by binding
 * 127.0.0.1:0 (openssl), waited for until it prints ACCEPT (it listens
 * then), and stopped by its process id. Every client runs under
 * `timeout 20`. The PKI is tests/tlsutil.c's, written as PEM files.
 */
#define _POSIX_C_SOURCE 200809L
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdarg.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ember/keys.h"
#include "ember/tls.h"
#include "test.h"
#include "netutil.h"
#include "tlsutil.h"

static char dir[1024];
static const char *const key_file[K_COUNT] = { "p256", "p384", "rsa", "ed25519", "mldsa65" };
static const char *const suites[3] = { "TLS_AES_128_GCM_SHA256", "TLS_AES_256_GCM_SHA384",
	"TLS_CHACHA20_POLY1305_SHA256" };
static const char *const groups[3] = { "X25519", "P-256", "P-384" };
static const char *const ossl_sigs[K_COUNT] = { "ecdsa_secp256r1_sha256", "ecdsa_secp384r1_sha384",
	"rsa_pss_rsae_sha256:rsa_pss_rsae_sha384:rsa_pss_rsae_sha512", "ed25519", NULL };

/* openssl s_client -> ember s_server -rev, every group and suite for key |k|; 1 when all passed. */
static int ossl_to_ember(int k, int full)
{
	tn_server s;
	char *out = NULL, *err = NULL, *sout;
	int gi, si, ok = 1, count = 0;
	int ng = full ? 3 : 1, ns = full ? 3 : 1;

	if (!CHECK(tn_start_server(&s, dir, 0, "srv.log", "$E s_server -accept 127.0.0.1:0 -cert %s.crt -key %s.key -rev -state -naccept %d -timeout 10",
	               key_file[k], key_file[k], ng * ns) == 0,
	        "ember s_server (%s) did not start", key_file[k])) {
		free(tn_stop_server(&s, 0));
		return 0;
	}
	for (gi = 0; gi < ng; gi++)
		for (si = 0; si < ns; si++) {
			int rc = tn_run(dir, &out, &err,
			    "printf 'hello ember %d%d\\nCLOSE\\n' | timeout 20 openssl s_client -connect 127.0.0.1:%d "
			    "-servername ember.test -CAfile ca.pem -verify_return_error -groups %s -ciphersuites %s "
			    "-sigalgs %s -quiet",
			    gi, si, s.port, groups[(gi + k) % 3], suites[(si + k) % 3], ossl_sigs[k]);
			char want[32];
			snprintf(want, sizeof(want), "%d%d rebme olleh", si, gi);
			ok &= CHECK(rc == 0 && out && strstr(out, want) != NULL,
			    "openssl s_client -groups %s -ciphersuites %s -> ember s_server (%s): exit %d, out '%s', err '%s'",
			    groups[(gi + k) % 3], suites[(si + k) % 3], key_file[k], rc, out ? out : "", err ? err : "");
			free(out);
			free(err);
			out = err = NULL;
			count++;
		}
	sout = tn_stop_server(&s, 10000);
	ok &= CHECK(sout && tn_lines(sout) == count && strstr(sout, "ciphersuite=") && strstr(sout, "sigalg="),
	    "s_server -state (%s): %d lines, want %d: %s", key_file[k], tn_lines(sout), count, sout ? sout : "");
	free(sout);
	return ok;
}

/* ember s_client -> openssl s_server -rev, every group and suite for key |k|. */
static int ember_to_ossl(int k, int full)
{
	tn_server s;
	char *out = NULL, *err = NULL;
	int gi, si, ok = 1, port = tn_free_port();
	int ng = full ? 3 : 1, ns = full ? 3 : 1;

	if (!CHECK(port > 0 && tn_start_server(&s, dir, port, "ossl.log", "openssl s_server -accept 127.0.0.1:%d -cert %s.crt -key %s.key -rev",
	                           port, key_file[k], key_file[k]) == 0,
	        "openssl s_server (%s) did not start", key_file[k])) {
		free(tn_stop_server(&s, 0));
		return 0;
	}
	for (gi = 0; gi < ng; gi++)
		for (si = 0; si < ns; si++) {
			int rc = tn_run(dir, &out, &err,
			    "printf 'hello openssl\\nCLOSE\\n' | timeout 20 $E s_client -connect 127.0.0.1:%d "
			    "-servername ember.test -CAfile ca.pem -verify_return_error -groups %s -ciphersuites %s -brief -ign_eof",
			    s.port, groups[(gi + k + 1) % 3], suites[(si + k) % 3]);
			ok &= CHECK(rc == 0 && out && strstr(out, "lssnepo olleh") && err &&
			                strstr(err, "Verification: OK") && strstr(err, suites[(si + k) % 3]),
			    "ember s_client -groups %s -ciphersuites %s -> openssl s_server (%s): exit %d, out '%s', err '%s'",
			    groups[(gi + k + 1) % 3], suites[(si + k) % 3], key_file[k], rc, out ? out : "", err ? err : "");
			free(out);
			free(err);
			out = err = NULL;
		}
	free(tn_stop_server(&s, 0));
	return ok;
}

static void interop(void)
{
	int k, full = t_phase == 1;

	if (!tn_have("openssl")) {
		t_skip("s_server interop: no openssl command");
		return;
	}
	for (k = 0; k < K_MLDSA65; k++) {
		if (ossl_to_ember(k, full))
			t_note("openssl s_client -> ember s_server -rev, %s: %d connections verified and echoed",
			    key_file[k], full ? 9 : 1);
		if (ember_to_ossl(k, full))
			t_note("ember s_client -> openssl s_server -rev, %s: %d connections verified and echoed",
			    key_file[k], full ? 9 : 1);
	}
}

/* The text after |prefix| at the start of a line of |s|, up to the line's end, into |out|; 1 when found. */
static int line_after(const char *s, const char *prefix, char *out, size_t cap)
{
	size_t pl = strlen(prefix), n;
	const char *p = s;

	while (p && *p) {
		if (strncmp(p, prefix, pl) == 0) {
			p += pl;
			n = strcspn(p, "\n");
			if (n >= cap)
				return 0;
			memcpy(out, p, n);
			out[n] = 0;
			return 1;
		}
		p = strchr(p, '\n');
		p = p ? p + 1 : NULL;
	}
	return 0;
}

/* The server's certificate as openssl s_client shows it: -brief's "Peer certificate:" line, and
   without -brief the PEM block openssl x509 reads (its subject in both). */
static void peer_certificate(int port)
{
	char *out = NULL, *err = NULL, theirs[512] = "", ours[512] = "", subj[512] = "";
	int rc;

	rc = tn_run(dir, &out, &err,
	    "timeout 20 openssl s_client -connect 127.0.0.1:%d -servername ember.test -CAfile ca.pem -brief </dev/null",
	    port);
	CHECK(rc == 0 && err && line_after(err, "Peer certificate: ", theirs, sizeof(theirs)),
	    "openssl s_client -brief: exit %d, no Peer certificate line in '%s'", rc, err ? err : "");
	free(out);
	free(err);
	rc = tn_run(dir, &out, &err,
	    "timeout 20 $E s_client -connect 127.0.0.1:%d -servername ember.test -CAfile ca.pem -brief </dev/null", port);
	CHECK(rc == 0 && err && line_after(err, "Peer certificate: ", ours, sizeof(ours)) && strcmp(ours, theirs) == 0,
	    "ember s_client -brief: exit %d, Peer certificate '%s', openssl's '%s' (%s)", rc, ours, theirs,
	    err ? err : "");
	free(out);
	free(err);
	rc = tn_run(dir, &out, &err,
	    "timeout 20 $E s_client -connect 127.0.0.1:%d -servername ember.test -CAfile ca.pem </dev/null | "
	    "openssl x509 -noout -subject -nameopt oneline",
	    port);
	CHECK(rc == 0 && out && line_after(out, "subject=", subj, sizeof(subj)) && strcmp(subj, theirs) == 0,
	    "ember s_client | openssl x509 -subject: exit %d, '%s', want '%s' (%s)", rc, out ? out : "", theirs,
	    err ? err : "");
	free(out);
	free(err);
}

/* ember s_client against openssl s_server -www; HelloRetryRequest from X25519MLKEM768 to X25519. */
static void www_and_hrr(void)
{
	tn_server s;
	char *out = NULL, *err = NULL;
	int rc, port = tn_free_port();

	if (!tn_have("openssl"))
		return;
	if (!CHECK(port > 0 && tn_start_server(&s, dir, port, "ossl.log", "openssl s_server -accept 127.0.0.1:%d -cert p256.crt -key p256.key -www",
	                           port) == 0,
	        "openssl s_server -www did not start")) {
		free(tn_stop_server(&s, 0));
		return;
	}
	rc = tn_run(dir, &out, &err,
	    "printf 'GET / HTTP/1.0\\r\\n\\r\\n' | timeout 20 $E s_client -connect 127.0.0.1:%d -servername ember.test "
	    "-CAfile ca.pem -verify_return_error -quiet",
	    s.port);
	CHECK(rc == 0 && out && strstr(out, "HTTP/1.0 200 ok") && strstr(out, "TLSv1.3"),
	    "ember s_client -> openssl s_server -www: exit %d, out '%.200s', err '%s'", rc, out ? out : "", err ? err : "");
	free(out);
	free(err);
	rc = tn_run(dir, &out, &err,
	    "printf 'GET / HTTP/1.0\\r\\n\\r\\n' | timeout 20 $E s_client -connect 127.0.0.1:%d -servername ember.test "
	    "-CAfile ca.pem -verify_return_error -groups X25519MLKEM768:X25519 -brief -ign_eof",
	    s.port);
	CHECK(rc == 0 && out && strstr(out, "HTTP/1.0 200 ok") && err && strstr(err, "CONNECTION ESTABLISHED") &&
	        strstr(err, "Protocol version: TLSv1.3") && strstr(err, "Verification: OK") &&
	        strstr(err, "Server Temp Key: X25519, 253 bits"),
	    "ember s_client -groups X25519MLKEM768:X25519 -> openssl s_server (HelloRetryRequest): exit %d, err '%s'", rc,
	    err ? err : "");
	free(out);
	free(err);
	peer_certificate(s.port);
	/* max_fragment_length: openssl's page (several KiB) comes in 512-byte records */
	rc = tn_run(dir, &out, &err,
	    "printf 'GET / HTTP/1.0\\r\\n\\r\\n' | timeout 20 $E s_client -connect 127.0.0.1:%d -servername ember.test "
	    "-CAfile ca.pem -verify_return_error -maxfraglen 512 -quiet",
	    s.port);
	CHECK(rc == 0 && out && strstr(out, "HTTP/1.0 200 ok") && strlen(out) > 512,
	    "ember s_client -maxfraglen 512 -> openssl s_server -www: exit %d, %zu bytes, err '%s'", rc,
	    out ? strlen(out) : 0, err ? err : "");
	free(out);
	free(err);
	rc = tn_run(dir, &out, &err, "timeout 20 $E s_client -connect 127.0.0.1:%d -maxfraglen 100 </dev/null", s.port);
	CHECK(rc == 1 && err && tn_lines(err) == 1 && strstr(err, "-maxfraglen 100"), "s_client -maxfraglen 100: exit %d, '%s'",
	    rc, err ? err : "");
	free(out);
	free(err);
	free(tn_stop_server(&s, 0));
}

/* curl and ember s_client against ember s_server -www; ember to ember with ML-DSA-65 and the hybrid. */
static void ember_www(void)
{
	tn_server s;
	char *out = NULL, *err = NULL, *sout;
	int rc;

	if (!CHECK(tn_start_server(&s, dir, 0, "srv.log", "$E s_server -accept 127.0.0.1:0 -cert ed25519.crt -key ed25519.key -www -naccept 2") == 0,
	        "ember s_server -www did not start")) {
		free(tn_stop_server(&s, 0));
		return;
	}
	if (tn_have("curl")) {
		rc = tn_run(dir, &out, &err, "timeout 20 curl -sS --max-time 15 --cacert ca.pem https://ember.test:%d/ --resolve ember.test:%d:127.0.0.1",
		    s.port, s.port);
		CHECK(rc == 0 && out && strstr(out, "Protocol: TLSv1.3") && strstr(out, "Cipher: TLS_"),
		    "curl -> ember s_server -www: exit %d, out '%s', err '%s'", rc, out ? out : "", err ? err : "");
		free(out);
		free(err);
	} else
		t_skip("curl -> ember s_server -www: no curl command (apt-get install curl)");
	rc = tn_run(dir, &out, &err, "printf 'GET / HTTP/1.0\\r\\n\\r\\n' | timeout 20 $E s_client -connect 127.0.0.1:%d -servername ember.test "
	                     "-CAfile ca.pem -verify_return_error -quiet",
	    s.port);
	CHECK(rc == 0 && out && strstr(out, "HTTP/1.0 200 ok") && strstr(out, "Signature: ed25519"),
	    "ember s_client -> ember s_server -www: exit %d, out '%s', err '%s'", rc, out ? out : "", err ? err : "");
	free(out);
	free(err);
	free(tn_stop_server(&s, tn_have("curl") ? 10000 : 0));

	if (!CHECK(tn_start_server(&s, dir, 0, "srv.log", "$E s_server -accept 127.0.0.1:0 -cert mldsa65.crt -key mldsa65.key -rev -state -naccept 1") == 0,
	        "ember s_server (ML-DSA-65) did not start")) {
		free(tn_stop_server(&s, 0));
		return;
	}
	rc = tn_run(dir, &out, &err, "printf 'post-quantum\\nCLOSE\\n' | timeout 20 $E s_client -connect 127.0.0.1:%d -servername ember.test "
	                     "-CAfile ca.pem -verify_return_error -groups X25519MLKEM768 -quiet",
	    s.port);
	CHECK(rc == 0 && out && strstr(out, "mutnauq-tsop"), "ember s_client -> ember s_server, ML-DSA-65 + X25519MLKEM768: exit %d, out '%s', err '%s'",
	    rc, out ? out : "", err ? err : "");
	free(out);
	free(err);
	sout = tn_stop_server(&s, 10000);
	CHECK(sout && strstr(sout, "group=X25519MLKEM768") && strstr(sout, "sigalg=mldsa65"), "s_server -state: '%s'",
	    sout ? sout : "");
	free(sout);
}

/* Bad input: one line and exit 1 for the commands; a dropped connection (with an alert) for the server. */
static void bad_input(void)
{
	tn_server s;
	char *out = NULL, *err = NULL;
	int rc, port, fd, i;
	struct sockaddr_in a;
	uint8_t junk[300], reply[64];

	rc = tn_run(dir, &out, &err, "timeout 20 $E s_server -accept 127.0.0.1:0 -cert missing.pem -key p256.key");
	CHECK(rc == 1 && err && tn_lines(err) == 1 && strstr(err, "missing.pem"), "missing -cert: exit %d, '%s'", rc, err ? err : "");
	free(out);
	free(err);
	rc = tn_run(dir, &out, &err, "timeout 20 $E s_server -accept 127.0.0.1:0 -cert p256.crt -key p384.key");
	CHECK(rc == 1 && err && tn_lines(err) == 1 && strstr(err, "does not match"), "mismatched key: exit %d, '%s'", rc, err ? err : "");
	free(out);
	free(err);
	rc = tn_run(dir, &out, &err, "timeout 20 $E s_server -accept 127.0.0.1:99999 -cert p256.crt -key p256.key");
	CHECK(rc == 1 && err && tn_lines(err) == 1 && strstr(err, "99999"), "bad port: exit %d, '%s'", rc, err ? err : "");
	free(out);
	free(err);
	rc = tn_run(dir, &out, &err, "timeout 20 $E s_server -accept 127.0.0.1:0 -cert p256.crt -key p256.key -tls1_1");
	CHECK(rc == 1 && err && tn_lines(err) == 1 && strstr(err, "-tls1_1: not supported"), "-tls1_1: exit %d, '%s'", rc, err ? err : "");
	free(out);
	free(err);
	rc = tn_run(dir, &out, &err, "timeout 20 $E s_server -accept 127.0.0.1:0 -cert p256.crt -key p256.key -no_tls1_2 -no_tls1_3");
	CHECK(rc == 1 && err && tn_lines(err) == 1 && strstr(err, "no protocol version left"), "-no_tls1_2 -no_tls1_3: exit %d, '%s'", rc, err ? err : "");
	free(out);
	free(err);
	rc = tn_run(dir, &out, &err, "timeout 20 $E s_server -accept 127.0.0.1:0 -cert p256.crt -key p256.key -cipher ECDHE-NOPE");
	CHECK(rc == 1 && err && tn_lines(err) == 1 && strstr(err, "ECDHE-NOPE"), "-cipher ECDHE-NOPE: exit %d, '%s'", rc, err ? err : "");
	free(out);
	free(err);
	rc = tn_run(dir, &out, &err, "timeout 20 $E s_client -connect 127.0.0.1:http0 </dev/null");
	CHECK(rc == 1 && err && tn_lines(err) == 1 && strstr(err, "-connect"), "s_client bad port: exit %d, '%s'", rc, err ? err : "");
	free(out);
	free(err);
	rc = tn_run(dir, &out, &err, "timeout 20 $E s_client -connect 127.0.0.1:%d -groups X25519:nope </dev/null", tn_free_port());
	CHECK(rc == 1 && err && tn_lines(err) == 1 && strstr(err, "nope"), "s_client bad group: exit %d, '%s'", rc, err ? err : "");
	free(out);
	free(err);
	port = tn_free_port();
	rc = tn_run(dir, &out, &err, "timeout 20 $E s_client -connect 127.0.0.1:%d -quiet </dev/null", port);
	{
		/* the culprit named; the reason is "Connection refused" natively, but qemu-user hands SO_ERROR's host
		   number (111) to a MIPS guest untranslated, where strerror calls it "Unknown error 111" */
		char want[64];
		snprintf(want, sizeof(want), "127.0.0.1:%d", port);
		CHECK(rc == 1 && err && tn_lines(err) == 1 && strstr(err, want) &&
		          (strstr(err, "refused") || strstr(err, "error 111")),
		    "s_client, nobody listening: exit %d, '%s'", rc, err ? err : "");
	}
	free(out);
	free(err);

	/* garbage, then a stalled peer, then good clients: the server stays up and serves them */
	if (!CHECK(tn_start_server(&s, dir, 0, "srv.log", "$E s_server -accept 127.0.0.1:0 -cert p256.crt -key p256.key -rev -timeout 2") == 0,
	        "ember s_server did not start")) {
		free(tn_stop_server(&s, 0));
		return;
	}
	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	a.sin_port = htons((uint16_t)s.port);
	t_rand_bytes(junk, sizeof(junk));
	junk[0] = 'G'; /* not a record type: the server answers unexpected_message */
	fd = socket(AF_INET, SOCK_STREAM, 0);
	rc = -1;
	if (fd >= 0 && connect(fd, (struct sockaddr *)&a, sizeof(a)) == 0 && write(fd, junk, sizeof(junk)) == (ssize_t)sizeof(junk)) {
		struct pollfd pf = { fd, POLLIN, 0 };
		if (poll(&pf, 1, 10000) == 1)
			rc = (int)read(fd, reply, sizeof(reply));
	}
	CHECK(rc == 7 && reply[0] == EMBER_TLS_CT_ALERT && reply[5] == 2 && reply[6] == EMBER_TLS_ALERT_UNEXPECTED_MESSAGE,
	    "garbage to s_server: reply of %d bytes, want a plaintext unexpected_message alert", rc);
	if (fd >= 0)
		close(fd);
	/* a stalled peer: connected, silent; another client must still be served meanwhile */
	fd = socket(AF_INET, SOCK_STREAM, 0);
	CHECK(fd >= 0 && connect(fd, (struct sockaddr *)&a, sizeof(a)) == 0, "stalled peer's connect");
	for (i = 0; i < 2; i++) {
		rc = tn_run(dir, &out, &err, "printf 'still up\\nCLOSE\\n' | timeout 20 $E s_client -connect 127.0.0.1:%d -CAfile ca.pem "
		                     "-verify_return_error -servername ember.test -quiet",
		    s.port);
		CHECK(rc == 0 && out && strstr(out, "pu llits"), "client %d after garbage, beside a stalled peer: exit %d, out '%s', err '%s'",
		    i, rc, out ? out : "", err ? err : "");
		free(out);
		free(err);
	}
	if (fd >= 0) {
		struct pollfd pf = { fd, POLLIN, 0 };
		rc = poll(&pf, 1, 15000) == 1 ? (int)read(fd, reply, sizeof(reply)) : -2;
		CHECK(rc == 0 || rc == -1, "stalled peer: not dropped by -timeout (read %d)", rc);
		close(fd);
	}
	/* verification refused: the chain is not under other_ca.pem */
	rc = tn_run(dir, &out, &err, "timeout 20 $E s_client -connect 127.0.0.1:%d -CAfile other_ca.pem -verify_return_error -quiet </dev/null",
	    s.port);
	CHECK(rc == 1 && err && tn_lines(err) == 1 && strstr(err, "alert"), "s_client, unknown CA: exit %d, '%s'", rc, err ? err : "");
	free(out);
	free(err);
	free(tn_stop_server(&s, 0));
}

EMBER_TEST(s_server)
{
	if (t_ember_bin == NULL) {
		t_skip("s_server: no ember binary (-e)");
		return;
	}
	if (!CHECK(tn_write_pki(dir, sizeof(dir), "s_server", key_file, K_COUNT), "PKI files in the scratch folder"))
		return;
	bad_input();
	ember_www();
	www_and_hrr();
	interop();
}
