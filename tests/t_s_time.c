/*
 * t_s_time.c - `ember s_time` against `ember s_server -www` and (when the
 * openssl command is there) `openssl s_server -www`, on 127.0.0.1 only:
 * connections counted, the latency percentiles in order, the negotiated
 * group and suite the ones asked for, the JSON document read back and by
 * `ember compare`; and bad input (nobody listening, bad -time, unknown
 * option, -reuse, a chain under another CA), each one line and exit 1.
 *
 * s_time_json_reader: the reader of those documents (speedparse_stime.c)
 * in process, on documents written here: the two rows and their values,
 * and the documents it refuses.
 *
 * Servers are started as t_s_server.c starts them: ember on port 0 (it
 * prints "ACCEPT 127.0.0.1:PORT"), openssl on a port found free by
 * binding 127.0.0.1:0; each waited for until it prints ACCEPT and stopped
 * by its process id. Every command runs under `timeout 20`, every s_time
 * with -time 1: nothing here asserts a speed.
 */
#define _POSIX_C_SOURCE 200809L
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ember/keys.h"
#include "speedparse.h"
#include "test.h"
#include "netutil.h"
#include "tlsutil.h"

static char dir[1024];
/* ca.pem, other_ca.pem, p256.crt and p256.key in the scratch folder */
static const char *const p256_only[1] = { "p256" };

/* Runs a command expected to fail: exit 1, one line on stderr holding |want| (and |want2| when not NULL). */
static void refused(const char *what, const char *want, const char *want2, const char *fmt, ...)
{
	char body[2048];
	char *out = NULL, *err = NULL;
	va_list ap;
	int rc;

	va_start(ap, fmt);
	vsnprintf(body, sizeof(body), fmt, ap);
	va_end(ap);
	rc = tn_run(dir, &out, &err, "%s", body);
	CHECK(rc == 1 && err && tn_lines(err) == 1 && strstr(err, want) && (want2 == NULL || strstr(err, want2)),
	    "%s: exit %d, stderr '%s' (want one line with '%s')", what, rc, err ? err : "", want);
	free(out);
	free(err);
}

/* The text report: a count above zero, min <= median <= p90 <= p99 <= max, the lines openssl's shape promises. */
static void check_text_v(const char *what, const char *out, const char *group, const char *negotiated)
{
	const char *p = out ? strstr(out, "connections in ") : NULL, *l;
	unsigned long n = 0;
	double secs = 0, rate = 0, q[5] = { 0, 0, 0, 0, 0 };
	char want[64];

	while (p && p > out && p[-1] != '\n')
		p--;
	CHECK(p && sscanf(p, "%lu connections in %lfs; %lf connections/sec (wall clock), bytes read", &n, &secs, &rate) == 3 &&
	          n > 0 && secs >= 1.0 && rate > 0,
	    "%s: no 'N connections in T s; R connections/sec (wall clock)' line with N > 0: '%s'", what, out ? out : "");
	l = out ? strstr(out, "handshake latency (ms): ") : NULL;
	CHECK(l && sscanf(l, "handshake latency (ms): min %lf median %lf p90 %lf p99 %lf max %lf", &q[0], &q[1], &q[2], &q[3],
	                &q[4]) == 5 && q[0] > 0 && q[0] <= q[1] && q[1] <= q[2] && q[2] <= q[3] && q[3] <= q[4],
	    "%s: latency percentiles missing or out of order: '%s'", what, out ? out : "");
	snprintf(want, sizeof(want), "group %s,", group);
	CHECK(out && strstr(out, negotiated) && strstr(out, want),
	    "%s: no '%s ... %s' line: '%s'", what, negotiated, want, out ? out : "");
}

static void check_text(const char *what, const char *out, const char *group)
{
	check_text_v(what, out, group, "negotiated: TLSv1.3, TLS_");
}

/* The JSON document at dir/|name|: its fields, the group and suite asked for, bytes read with -www. */
static void check_json(const char *what, const char *name, const char *group, const char *suite, int www)
{
	tj *j = tj_load(t_path(dir, name));
	const tj *lat, *v;
	double q[5] = { 0, 0, 0, 0, 0 };
	static const char *const qk[5] = { "min", "median", "p90", "p99", "max" };
	int i, ok = 1;

	if (!CHECK(j != NULL && j->type == TJ_OBJ, "%s: %s does not parse as a JSON object", what, name)) {
		tj_free(j);
		return;
	}
	CHECK(tj_str(j, "format") && strcmp(tj_str(j, "format"), "ember-s_time") == 0 && tj_str(j, "tool") &&
	          strcmp(tj_str(j, "tool"), "ember") == 0 && tj_str(j, "version") && tj_str(j, "connect"),
	    "%s: format, tool, version or connect missing", what);
	CHECK(tj_int(j, "connections", 0) > 0 && tj_int(j, "failures", -1) == 0, "%s: connections %ld, failures %ld", what,
	    tj_int(j, "connections", 0), tj_int(j, "failures", -1));
	v = tj_get(j, "conn_per_sec_wall");
	CHECK(v && v->type == TJ_NUM && v->num > 0, "%s: conn_per_sec_wall missing or not above 0", what);
	v = tj_get(j, "time_s");
	CHECK(v && v->type == TJ_NUM && v->num >= 1.0, "%s: time_s missing or under -time 1", what);
	lat = tj_get(j, "latency_ms");
	for (i = 0; i < 5; i++) {
		v = lat ? tj_get(lat, qk[i]) : NULL;
		ok &= v && v->type == TJ_NUM;
		q[i] = v && v->type == TJ_NUM ? v->num : -1;
	}
	CHECK(ok && q[0] > 0 && q[0] <= q[1] && q[1] <= q[2] && q[2] <= q[3] && q[3] <= q[4],
	    "%s: latency_ms %g %g %g %g %g not min <= median <= p90 <= p99 <= max", what, q[0], q[1], q[2], q[3], q[4]);
	CHECK(tj_str(j, "protocol") && strcmp(tj_str(j, "protocol"), "TLSv1.3") == 0, "%s: protocol", what);
	CHECK(tj_str(j, "group") && strcmp(tj_str(j, "group"), group) == 0, "%s: group '%s', asked for %s", what,
	    tj_str(j, "group") ? tj_str(j, "group") : "(none)", group);
	CHECK(tj_str(j, "sigalg") && strcmp(tj_str(j, "sigalg"), "ecdsa_secp256r1_sha256") == 0, "%s: sigalg '%s'", what,
	    tj_str(j, "sigalg") ? tj_str(j, "sigalg") : "(none)");
	if (suite)
		CHECK(tj_str(j, "suite") && strcmp(tj_str(j, "suite"), suite) == 0, "%s: suite '%s', asked for %s", what,
		    tj_str(j, "suite") ? tj_str(j, "suite") : "(none)", suite);
	v = tj_get(j, "bytes_read");
	CHECK(v && v->type == TJ_NUM && (www ? v->num > 0 : v->num == 0), "%s: bytes_read %g (-www: %d)", what,
	    v ? v->num : -1, www);
	tj_free(j);
}

static void bad_input(void)
{
	int port = tn_free_port();
	char want[64];

	snprintf(want, sizeof(want), "127.0.0.1:%d", port);
	/* the culprit named; "Connection refused" natively, "Unknown error 111" under qemu-user on MIPS,
	   which hands SO_ERROR's host number to the guest untranslated (as t_s_server.c) */
	{
		char *out = NULL, *err = NULL;
		int rc = tn_run(dir, &out, &err, "timeout 20 $E s_time -connect 127.0.0.1:%d -time 1", port);
		CHECK(rc == 1 && err && tn_lines(err) == 1 && strstr(err, want) && (strstr(err, "refused") || strstr(err, "error 111")),
		    "s_time, nobody listening: exit %d, '%s'", rc, err ? err : "");
		free(out);
		free(err);
	}
	refused("-time 0", "-time 0", NULL, "timeout 20 $E s_time -connect 127.0.0.1:%d -time 0", port);
	refused("-time x", "-time 1x", NULL, "timeout 20 $E s_time -connect 127.0.0.1:%d -time 1x", port);
	refused("-time without a value", "-time", "missing value", "timeout 20 $E s_time -connect 127.0.0.1:%d -time", port);
	refused("unknown option", "-bogus", NULL, "timeout 20 $E s_time -connect 127.0.0.1:%d -bogus 1", port);
	refused("-reuse", "-reuse", "resumption", "timeout 20 $E s_time -connect 127.0.0.1:%d -reuse", port);
	refused("-format xml", "xml", NULL, "timeout 20 $E s_time -connect 127.0.0.1:%d -format xml", port);
	refused("-groups nope", "nope", NULL, "timeout 20 $E s_time -connect 127.0.0.1:%d -groups X25519:nope", port);
	refused("-www with a space", "-www", NULL, "timeout 20 $E s_time -connect 127.0.0.1:%d -www '/a b'", port);
	refused("bad -connect", "-connect", NULL, "timeout 20 $E s_time -connect 127.0.0.1:http0");
}

/* Against ember s_server -www: text, JSON (-groups secp256r1 -www /, then a suite asked for), compare, a foreign CA. */
static void against_ember(void)
{
	tn_server s;
	char *out = NULL, *err = NULL;
	int rc;

	if (!CHECK(tn_start_server(&s, dir, 0, "srv.log", "$E s_server -accept 127.0.0.1:0 -cert p256.crt -key p256.key -www -quiet") == 0,
	        "ember s_server -www did not start")) {
		free(tn_stop_server(&s, 0));
		return;
	}
	rc = tn_run(dir, &out, &err, "timeout 20 $E s_time -connect 127.0.0.1:%d -servername ember.test -CAfile ca.pem -time 1", s.port);
	CHECK(rc == 0, "s_time -> ember s_server: exit %d, err '%s'", rc, err ? err : "");
	check_text("s_time -> ember s_server (text)", out, "X25519");
	free(out);
	free(err);

	rc = tn_run(dir, NULL, &err, "timeout 20 $E s_time -connect 127.0.0.1:%d -servername ember.test -CAfile ca.pem -time 1 "
	                     "-groups secp256r1 -www / -format json > a.json", s.port);
	CHECK(rc == 0, "s_time -www / -format json -> ember s_server: exit %d, err '%s'", rc, err ? err : "");
	free(err);
	check_json("s_time -groups secp256r1 -www / -> ember s_server", "a.json", "P-256", NULL, 1);

	rc = tn_run(dir, NULL, &err, "timeout 20 $E s_time -connect 127.0.0.1:%d -servername ember.test -CAfile ca.pem -time 1 "
	                     "-groups P-256 -ciphersuites TLS_CHACHA20_POLY1305_SHA256 -format json > b.json", s.port);
	CHECK(rc == 0, "s_time -ciphersuites -> ember s_server: exit %d, err '%s'", rc, err ? err : "");
	free(err);
	check_json("s_time -ciphersuites TLS_CHACHA20_POLY1305_SHA256 -> ember s_server", "b.json", "P-256",
	    "TLS_CHACHA20_POLY1305_SHA256", 0);

	/* TLS 1.2: the protocol and openssl's suite name in the text and in the document */
	rc = tn_run(dir, &out, &err, "timeout 20 $E s_time -connect 127.0.0.1:%d -servername ember.test -CAfile ca.pem -time 1 "
	                     "-tls1_2", s.port);
	CHECK(rc == 0, "s_time -tls1_2 -> ember s_server: exit %d, err '%s'", rc, err ? err : "");
	check_text_v("s_time -tls1_2 -> ember s_server (text)", out, "X25519", "negotiated: TLSv1.2, ECDHE-ECDSA-AES128-GCM-SHA256");
	free(out);
	free(err);
	rc = tn_run(dir, NULL, &err, "timeout 20 $E s_time -connect 127.0.0.1:%d -servername ember.test -CAfile ca.pem -time 1 "
	                     "-tls1_2 -cipher ECDHE-ECDSA-CHACHA20-POLY1305 -format json > c.json", s.port);
	CHECK(rc == 0, "s_time -tls1_2 -cipher -> ember s_server: exit %d, err '%s'", rc, err ? err : "");
	free(err);
	{
		tj *j = tj_load(t_path(dir, "c.json"));
		CHECK(j && tj_str(j, "protocol") && strcmp(tj_str(j, "protocol"), "TLSv1.2") == 0 && tj_str(j, "suite") &&
		          strcmp(tj_str(j, "suite"), "ECDHE-ECDSA-CHACHA20-POLY1305") == 0,
		    "s_time -tls1_2 -format json: protocol '%s' suite '%s'", j && tj_str(j, "protocol") ? tj_str(j, "protocol") : "",
		    j && tj_str(j, "suite") ? tj_str(j, "suite") : "");
		tj_free(j);
	}
	rc = tn_run(dir, &out, &err, "timeout 20 $E compare c.json c.json");
	CHECK(rc == 0 && out && strstr(out, "s_time:tls12:x25519:ecdsa_secp256r1_sha256 conn"),
	    "ember compare c.json c.json (TLS 1.2 s_time): exit %d, out '%s', err '%s'", rc, out ? out : "", err ? err : "");
	free(out);
	free(err);

	/* ember compare reads both: the connections/s and the median's rate side by side */
	rc = tn_run(dir, &out, &err, "timeout 20 $E compare a.json b.json");
	CHECK(rc == 0 && out && strstr(out, "s_time:tls13:p256:ecdsa_secp256r1_sha256 conn") &&
	          strstr(out, "s_time:tls13:p256:ecdsa_secp256r1_sha256 median-rate") && strstr(out, "a.json") &&
	          strstr(out, "b.json"),
	    "ember compare a.json b.json (s_time documents): exit %d, out '%s', err '%s'", rc, out ? out : "", err ? err : "");
	free(out);
	free(err);

	/* the first connection refused (a chain under another CA): nothing measured, one line */
	rc = tn_run(dir, &out, &err, "timeout 20 $E s_time -connect 127.0.0.1:%d -servername ember.test -CAfile other_ca.pem -time 1",
	    s.port);
	CHECK(rc == 1 && err && tn_lines(err) == 1 && strstr(err, "alert") && strstr(err, "first connection"),
	    "s_time, unknown CA: exit %d, '%s'", rc, err ? err : "");
	free(out);
	free(err);
	free(tn_stop_server(&s, 0));
}

/* Against openssl s_server -www: the group asked for, the page read. */
static void against_openssl(void)
{
	tn_server s;
	char *err = NULL;
	int rc, port = tn_free_port();

	if (!tn_have("openssl")) {
		t_skip("s_time -> openssl s_server: no openssl command");
		return;
	}
	if (!CHECK(port > 0 && tn_start_server(&s, dir, port, "ossl.log", "openssl s_server -accept 127.0.0.1:%d -cert p256.crt -key p256.key -www",
	                           port) == 0,
	        "openssl s_server -www did not start")) {
		free(tn_stop_server(&s, 0));
		return;
	}
	rc = tn_run(dir, NULL, &err, "timeout 20 $E s_time -connect 127.0.0.1:%d -servername ember.test -CAfile ca.pem -time 1 "
	                     "-groups secp256r1 -www / -format json > ossl.json", s.port);
	CHECK(rc == 0, "s_time -> openssl s_server -www: exit %d, err '%s'", rc, err ? err : "");
	free(err);
	check_json("s_time -groups secp256r1 -www / -> openssl s_server", "ossl.json", "P-256", NULL, 1);
	free(tn_stop_server(&s, 0));
}

EMBER_TEST(s_time)
{
	if (t_ember_bin == NULL) {
		t_skip("s_time: no ember binary (-e)");
		return;
	}
	if (!CHECK(tn_write_pki(dir, sizeof(dir), "s_time", p256_only, 1), "PKI files in the scratch folder"))
		return;
	bad_input();
	against_ember();
	if (t_phase == 1)
		against_openssl();
}

/* The s_time document as `ember compare` reads it: two rows; what it refuses. */
EMBER_TEST(s_time_json_reader)
{
	static const char good[] =
	    "{\"format\": \"ember-s_time\", \"format_version\": 1, \"tool\": \"ember\", \"version\": \"0.1.0\",\n"
	    " \"connect\": \"192.0.2.1:443\", \"www\": \"/\", \"time_limit_s\": 30, \"time_s\": 30.0, \"clock\": \"wall\",\n"
	    " \"connections\": 1200, \"failures\": 0, \"first_failure\": null, \"conn_per_sec_wall\": 40.5,\n"
	    " \"latency_ms\": {\"min\": 1.5, \"median\": 2.5, \"p90\": 3, \"p99\": 4, \"max\": 9},\n"
	    " \"protocol\": \"TLSv1.3\", \"suite\": \"TLS_AES_128_GCM_SHA256\", \"group\": \"P-256\",\n"
	    " \"sigalg\": \"ecdsa_secp256r1_sha256\", \"hrr\": false, \"varied\": false, \"bytes_read\": 4000}\n";
	static const struct {
		const char *what, *from, *to, *want;
	} bad[] = {
		{ "no group", "\"group\": \"P-256\"", "\"grp\": \"P-256\"", "group" },
		{ "a group with a space", "\"group\": \"P-256\"", "\"group\": \"P 256\"", "group" },
		{ "no rate", "\"conn_per_sec_wall\"", "\"conn_per_sec_cpu\"", "conn_per_sec_wall" },
		{ "a median of 0", "\"median\": 2.5", "\"median\": 0", "median" },
		{ "no connection", "\"connections\": 1200", "\"connections\": 0", "no connection" },
		{ "a control character", "192.0.2.1:443", "192.0.2.1:443\\u001b[2J", "control character" },
		{ "an unknown protocol", "\"protocol\": \"TLSv1.3\"", "\"protocol\": \"SSLv3\"", "protocol" },
	};
	sp_file f;
	char err[256], doc[2048];
	const sp_row *conn, *med;
	size_t i;

	if (CHECK(sp_parse("good.json", good, strlen(good), &f, NULL, err, sizeof(err)) == 0, "good s_time document: %s", err)) {
		conn = sp_find(&f, "s_time:tls13:p256:ecdsa_secp256r1_sha256", "conn", 0);
		med = sp_find(&f, "s_time:tls13:p256:ecdsa_secp256r1_sha256", "median-rate", 0);
		CHECK(f.nrows == 2 && conn && med && t_near(conn->value, 40.5) && t_near(med->value, 400.0),
		    "s_time document: %zu rows, conn %g, median-rate %g (want 2 rows, 40.5, 1000 / 2.5 = 400)", f.nrows,
		    conn ? conn->value : -1, med ? med->value : -1);
		CHECK(f.version && strcmp(f.version, "Ember 0.1.0") == 0 && f.engine && strstr(f.engine, "192.0.2.1:443"),
		    "s_time document: version '%s', engine '%s'", f.version ? f.version : "", f.engine ? f.engine : "");
		sp_free(&f);
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const char *at = strstr(good, bad[i].from);
		size_t pre = at ? (size_t)(at - good) : 0;
		if (!CHECK(at != NULL, "%s: test document lacks '%s'", bad[i].what, bad[i].from))
			continue;
		snprintf(doc, sizeof(doc), "%.*s%s%s", (int)pre, good, bad[i].to, at + strlen(bad[i].from));
		err[0] = 0;
		if (!CHECK(sp_parse("bad.json", doc, strlen(doc), &f, NULL, err, sizeof(err)) != 0 && strstr(err, bad[i].want),
		        "s_time document with %s: accepted or wrong error '%s'", bad[i].what, err))
			sp_free(&f);
	}
}
