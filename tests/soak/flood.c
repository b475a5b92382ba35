/*
 * flood.c - the soak test's client side (make soak, scripts/soak.sh): a
 * bounded flood of TLS clients (1.3, and 1.2 among the good ones), good and bad, against one
 * `ember s_server -rev` on 127.0.0.1.
 *
 *   flood pki DIR
 *       writes DIR/ca.pem, DIR/server.crt and DIR/server.key: a P-256 CA and
 *       a P-256 leaf for "ember.test", issued now with libember.
 *   flood run -port P -ca FILE [-n N] [-conc K] [-stall S] [-openssl M]
 *       [-timeout T] [-deadline D] [-seed X] [-stallway W]
 *       N sessions (10000) over K worker processes (8), each session one
 *       behaviour drawn at random; S more processes (2) keep a stalled
 *       connection open all along, each of which the server must drop by its
 *       -timeout T (s, 2); about one session in M (50; 0: none) is a spawned
 *       `openssl s_client`. Every good client must be served within D
 *       seconds (30): a bound, not a speed. -stallway W: every stall the
 *       same way (0 silent, 1 half a header, 2 part of a ClientHello, 3 idle
 *       once connected, 4 a ClientHello dripped); default: each at random.
 *
 * The behaviours: a good Ember client (chain verified against FILE, data
 * sent and its reversal checked, close_notify either way); a good openssl
 * s_client; a client that goes away (FIN or RST) after k bytes of its
 * ClientHello, after j bytes of the server's flight, before its Finished,
 * after part of its Finished, or once connected without close_notify; a
 * client that sends garbage (random bytes, or a protected record of
 * random bytes in place of its Finished); the stallers (nothing, half a
 * record header, part of a ClientHello, idle once connected, or a
 * ClientHello dripped a byte at a time).
 *
 * The last line of stdout is "RESULT key=value ...", read by soak.sh: the
 * number of sessions the server must count as handshakes (its -state
 * lines) and of stalls it must drop as timed out. Every failure is one line
 * on stderr; the exit status is 1 when there was any.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ember/keys.h"
#include "ember/tls.h"
#include "ember/x509.h"
#include "flood_io.h"

#define MAX_PROCS 64

/* What one process counts; summed by the parent over a pipe. */
typedef struct tally {
	unsigned long good_ember, good_openssl;   /* served: verified, echoed, closed */
	unsigned long aborted;                    /* went away by design mid-handshake or once connected */
	unsigned long connected_aborts;           /* of those, the ones that finished the handshake first */
	unsigned long garbage;                    /* sent garbage; the server closed the connection */
	unsigned long stalls;                     /* stalled; the server dropped them */
	unsigned long failures;
	long max_good_ms, max_stall_ms;
	unsigned long by_kind[16];
} tally;

enum {
	B_GOOD,
	B_SLOW,        /* a good client that pauses half a -timeout between lines, for 2 x -timeout */
	B_OPENSSL,
	B_CH_PART,     /* k bytes of the ClientHello */
	B_SH_PART,     /* the ClientHello, then j bytes of the server's flight */
	B_NO_FIN,      /* the whole server flight, no Finished */
	B_FIN_PART,    /* part of the Finished flight */
	B_GARBAGE_FIN, /* a record of random bytes in place of the Finished */
	B_NO_CLOSE,    /* connected, data, then FIN without close_notify */
	B_GARBAGE,     /* random bytes from the start */
	B_COUNT
};
static const char *const kind_names[B_COUNT] = { "good", "slow", "openssl", "ch-part", "sh-part", "no-fin", "fin-part",
	"garbage-fin", "no-close", "garbage" };

static struct {
	int port;
	const char *ca_file;
	long n;
	int conc, stall, stall_way, openssl_every, timeout_s, deadline_s;
	unsigned long seed;
	uint8_t ca[CERT_MAX];
	size_t ca_len;
} opt;

static tally T;
static uint64_t rng;
static int proc_id;

static void fail(const char *fmt, ...)
{
	va_list ap;

	T.failures++;
	if (T.failures > 20)
		return;
	fprintf(stderr, "flood: worker %d: ", proc_id);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static uint32_t rnd(void)
{
	/* xorshift64*: reproducible per -seed and worker; the TLS randomness is the library's own */
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return (uint32_t)((rng * 2685821657736338717ULL) >> 32);
}

static uint32_t below(uint32_t n)
{
	return n ? rnd() % n : 0;
}

/* ---- an Ember client driven over a socket ---- */

typedef struct cli {
	int fd;
	ember_tls13_conn c;
	ember_tls13_config cfg;
	ember_x509_verify_params vp;
	const uint8_t *anchors[1];
	uint16_t groups[4], suites[3];
	size_t in_len;
	uint8_t in[EMBER_TLS_MAX_RECORD];
	uint8_t out[EMBER_TLS_MAX_RECORD + 64];
	uint8_t buf[EMBER_TLS13_CONN_BUF];
} cli;

static cli C;

static const uint16_t all_groups[4] = { EMBER_TLS_GROUP_X25519, EMBER_TLS_GROUP_SECP256R1, EMBER_TLS_GROUP_SECP384R1,
	EMBER_TLS_GROUP_X25519MLKEM768 };
static const uint16_t all_suites[3] = { EMBER_TLS13_AES_128_GCM_SHA256, EMBER_TLS13_AES_256_GCM_SHA384,
	EMBER_TLS13_CHACHA20_POLY1305_SHA256 };

/* A client with a random order of groups (the first gets the key share: HelloRetryRequest when the
   server prefers another) and suites; the chain is verified for "ember.test". |may12|: one client in
   four speaks TLS 1.2 (the good ones only: the bad ones' stages are TLS 1.3's flights). */
static int cli_start(int64_t deadline, int may12)
{
	size_t i, ng = 1 + below(4), ns = 1 + below(3);

	memset(&C.cfg, 0, sizeof(C.cfg));
	memset(&C.vp, 0, sizeof(C.vp));
	for (i = 0; i < 4; i++) {
		size_t j = below((uint32_t)(i + 1));
		C.groups[i] = C.groups[j];
		C.groups[j] = all_groups[i];
	}
	for (i = 0; i < 3; i++) {
		size_t j = below((uint32_t)(i + 1));
		C.suites[i] = C.suites[j];
		C.suites[j] = all_suites[i];
	}
	C.cfg.groups = C.groups;
	C.cfg.n_groups = ng;
	C.cfg.suites = C.suites;
	C.cfg.n_suites = ns;
	if (may12 && below(4) == 0) {
		/* one in four speaks TLS 1.2 only, with the default groups (they name the P-256 leaf's
		   curve, as RFC 8422 5.1 wants) and the default ECDHE suites */
		C.cfg.versions = EMBER_TLS_VERSION_1_2;
		C.cfg.groups = NULL;
		C.cfg.n_groups = 0;
	}
	C.anchors[0] = opt.ca;
	C.vp.anchors = C.anchors;
	C.vp.anchor_lens = &opt.ca_len;
	C.vp.n_anchors = 1;
	C.vp.now = (int64_t)time(NULL);
	C.vp.host = "ember.test";
	C.cfg.server_name = "ember.test";
	C.cfg.verify = &C.vp;
	C.in_len = 0;
	C.fd = fl_tcp_connect(opt.port, deadline);
	if (C.fd < 0)
		return -1;
	if (ember_tls13_client_init(&C.c, &C.cfg, C.buf, sizeof(C.buf)) != 0) {
		close(C.fd);
		return -2;
	}
	return 0;
}

static void cli_end(int reset)
{
	fl_drop(C.fd, reset);
	ember_tls13_conn_clear(&C.c);
}

/* Sends what the connection has to send; 0 or -1. */
static int cli_flush(int64_t deadline)
{
	while (ember_tls13_output_pending(&C.c)) {
		size_t n = 0;
		if (ember_tls13_output(&C.c, C.out, sizeof(C.out), &n) != 0 || n == 0)
			return -1;
		if (fl_send_all(C.fd, C.out, n, deadline) != 0)
			return -1;
	}
	return 0;
}

/* Feeds the bytes received to the connection; 1 when it took some. */
static int cli_feed(void)
{
	size_t used, took = 0;

	while (C.in_len > 0 && ember_tls13_state(&C.c) != EMBER_TLS13_FAILED) {
		used = 0;
		if (ember_tls13_input(&C.c, C.in, C.in_len, &used) != 0 || used == 0)
			break;
		memmove(C.in, C.in + used, C.in_len - used);
		C.in_len -= used;
		took += used;
	}
	return took > 0;
}

/* Feeds what is buffered, else receives once and feeds; 1 when something moved, 0 at FIN, -1 reset,
   -2 past the deadline. */
static int cli_recv(int64_t deadline)
{
	ssize_t r;

	if (cli_feed())
		return 1;
	r = fl_recv_some(C.fd, C.in + C.in_len, sizeof(C.in) - C.in_len, deadline);
	if (r <= 0)
		return (int)r;
	C.in_len += (size_t)r;
	cli_feed();
	return 1;
}

/* Runs the handshake until the client's Finished waits to be sent; 0, or -1 after a failure line. */
static int cli_to_finished(int64_t deadline, const char *what)
{
	if (cli_flush(deadline) != 0) {
		fail("%s: could not send the ClientHello", what);
		return -1;
	}
	while (ember_tls13_state(&C.c) == EMBER_TLS13_HANDSHAKE) {
		int r;
		if (ember_tls13_output_pending(&C.c) && cli_flush(deadline) != 0) { /* a second ClientHello */
			fail("%s: send failed during the handshake", what);
			return -1;
		}
		r = cli_recv(deadline);
		if (r <= 0) {
			fail("%s: %s during the handshake", what, r == -2 ? "no answer within the deadline" : r == 0 ?
			    "the server closed the connection" : "connection reset");
			return -1;
		}
	}
	if (ember_tls13_state(&C.c) != EMBER_TLS13_CONNECTED) {
		int from = 0, a = ember_tls13_alert(&C.c, &from);
		fail("%s: handshake failed: alert %s %s", what, ember_tls_alert_name(a) ? ember_tls_alert_name(a) : "?",
		    from ? "received" : "sent");
		return -1;
	}
	return 0;
}

/* A line of random printable bytes, 1..max long, then '\n'; returns its length with the '\n'. */
static size_t rand_line(uint8_t *p, size_t max)
{
	size_t i, n = 1 + below((uint32_t)max);

	for (i = 0; i < n; i++)
		p[i] = (uint8_t)('!' + below(94));
	if (n >= 5 && memcmp(p, "CLOSE", 5) == 0)
		p[0] = '#';
	p[n] = '\n';
	return n + 1;
}

/* (a) a good Ember client: verified handshake, lines reversed, close_notify from us or the server.
   |slow|: four rounds of one line, half a -timeout apart: active, so never dropped as idle. */
static void good_ember(int slow)
{
	static uint8_t msg[6000], want[6000], got[6000];
	int64_t t0 = fl_now_ms(), deadline = t0 + (int64_t)(opt.deadline_s + (slow ? 2 * opt.timeout_s : 0)) * 1000;
	size_t len, wlen, glen, i, lines, round, rounds = slow ? 4 : 1;
	int server_closes = (int)below(2), r, served = 0;

	r = cli_start(deadline, 1);
	if (r != 0) {
		fail("good client: %s", r == -1 ? "connect failed" : "client_init refused");
		return;
	}
	if (cli_to_finished(deadline, "good client") != 0) {
		cli_end(0);
		return;
	}
	for (round = 0; round < rounds; round++) {
		size_t n = 0;
		len = wlen = glen = 0;
		lines = slow ? 1 : 1 + below(3);
		if (round > 0)
			poll(NULL, 0, opt.timeout_s * 500);
		for (i = 0; i < lines; i++) {
			size_t l = rand_line(msg + len, 1500), k;
			for (k = 0; k + 1 < l; k++)
				want[wlen + k] = msg[len + l - 2 - k];
			want[wlen + l - 1] = '\n';
			len += l;
			wlen += l;
		}
		if (server_closes && round + 1 == rounds) {
			memcpy(msg + len, "CLOSE\n", 6);
			len += 6;
		}
		if (cli_flush(deadline) != 0 || ember_tls13_write(&C.c, C.out, sizeof(C.out), &n, msg, len) != 0 ||
		    fl_send_all(C.fd, C.out, n, deadline) != 0) {
			fail("%s client: could not send its Finished and data (round %zu)", slow ? "slow" : "good", round);
			cli_end(0);
			return;
		}
		while (glen < wlen) {
			if (ember_tls13_read(&C.c, got + glen, sizeof(got) - glen, &n) == 0 && n > 0) {
				glen += n;
				continue;
			}
			if (ember_tls13_state(&C.c) != EMBER_TLS13_CONNECTED) {
				fail("%s client: the connection ended (state %d) after %zu of %zu bytes (round %zu)",
				    slow ? "slow" : "good", ember_tls13_state(&C.c), glen, wlen, round);
				cli_end(0);
				return;
			}
			r = cli_recv(deadline);
			if (r <= 0) {
				fail("%s client: %s after %zu of %zu bytes of the reply (round %zu)", slow ? "slow" : "good",
				    r == -2 ? "no answer within the deadline" : "the server closed the connection", glen, wlen,
				    round);
				cli_end(0);
				return;
			}
		}
		if (glen != wlen || memcmp(got, want, wlen) != 0) {
			fail("good client: the reply is not the lines reversed (%zu bytes, want %zu)", glen, wlen);
			cli_end(0);
			return;
		}
	}
	if (server_closes) {
		/* the server's close_notify (after "CLOSE"), answered by ours */
		while (!C.c.peer_closed && ember_tls13_state(&C.c) == EMBER_TLS13_CONNECTED) {
			r = cli_recv(deadline);
			if (r <= 0)
				break;
		}
		if (!C.c.peer_closed) {
			fail("good client: no close_notify from the server after CLOSE (state %d)", ember_tls13_state(&C.c));
			cli_end(0);
			return;
		}
		if (!C.c.sent_close)
			ember_tls13_close(&C.c);
		if (cli_flush(deadline) != 0)
			fail("good client: could not answer the server's close_notify");
		else if (fl_until_closed(C.fd, deadline) != 0)
			fail("good client: the server did not close the connection after the close_notify exchange");
		else
			served = 1;
	} else {
		/* our close_notify, then the server's read by the engine (our read side stays open after ours,
		   RFC 8446 6.1), then FIN */
		ember_tls13_close(&C.c);
		if (cli_flush(deadline) != 0) {
			fail("good client: could not send close_notify");
			cli_end(0);
			return;
		}
		while (!(ember_tls13_close_notify(&C.c) & EMBER_TLS13_CLOSE_RECEIVED) &&
		       ember_tls13_state(&C.c) != EMBER_TLS13_FAILED) {
			r = cli_recv(deadline);
			if (r <= 0)
				break;
		}
		if (!(ember_tls13_close_notify(&C.c) & EMBER_TLS13_CLOSE_RECEIVED))
			fail("good client: no close_notify from the server after ours (state %d)", ember_tls13_state(&C.c));
		else if (fl_until_closed(C.fd, deadline) != 0)
			fail("good client: the server did not close the connection after the close_notify exchange");
		else
			served = 1;
	}
	if (served) {
		long ms = (long)(fl_now_ms() - t0);
		T.good_ember++;
		if (!slow && ms > T.max_good_ms)
			T.max_good_ms = ms;
	}
	cli_end(0);
}

/* (b) openssl s_client, spawned: verified, one line reversed, "CLOSE" ends it. */
static void good_openssl(void)
{
	static const char *const og[3] = { "X25519", "P-256", "P-384" };
	/* TLS 1.2 (one in two): the groups name the P-256 leaf's curve too (RFC 8422 5.1) */
	static const char *const og12[3] = { "X25519:P-256", "P-256", "P-384:P-256" };
	int g = (int)below(3), v12 = (int)below(2);
	char cmd[1024], line[64], want[64], out[4096];
	size_t n = 0, k, l;
	int64_t t0 = fl_now_ms();
	FILE *p;
	int st;

	l = (size_t)snprintf(line, sizeof(line), "soak-%d-%08x", proc_id, (unsigned)rnd());
	for (k = 0; k < l; k++)
		want[k] = line[l - 1 - k];
	want[l] = '\0';
	snprintf(cmd, sizeof(cmd),
	    "printf '%s\\nCLOSE\\n' | timeout %d openssl s_client -connect 127.0.0.1:%d -servername ember.test "
	    "-CAfile '%s' -verify_return_error -groups %s -quiet%s 2>&1",
	    line, opt.deadline_s, opt.port, opt.ca_file, v12 ? og12[g] : og[g], v12 ? " -tls1_2" : "");
	p = popen(cmd, "r");
	if (p == NULL) {
		fail("openssl s_client: cannot run");
		return;
	}
	while (n + 1 < sizeof(out)) {
		size_t r = fread(out + n, 1, sizeof(out) - 1 - n, p);
		if (r == 0)
			break;
		n += r;
	}
	out[n] = '\0';
	st = pclose(p);
	if (st != 0 || strstr(out, want) == NULL) {
		fail("openssl s_client: exit status %d, want '%s' in: %.200s", st, want, out);
		return;
	}
	T.good_openssl++;
	if ((long)(fl_now_ms() - t0) > T.max_good_ms)
		T.max_good_ms = (long)(fl_now_ms() - t0);
}

/* The server must end a connection we wronged: it closes (FIN or reset) within the deadline. */
static void expect_close(const char *what, int64_t deadline)
{
	shutdown(C.fd, SHUT_WR);
	if (fl_until_closed(C.fd, deadline) != 0)
		fail("%s: the server did not close the connection", what);
}

/* (c) and (d): the clients that go away or send garbage. */
static void bad_client(int kind)
{
	int64_t deadline = fl_now_ms() + (int64_t)opt.deadline_s * 1000;
	int reset = (int)below(2), r;
	size_t n = 0, k;
	static uint8_t junk[20000];

	r = cli_start(deadline, 0);
	if (r != 0) {
		fail("%s client: %s", kind_names[kind], r == -1 ? "connect failed" : "client_init refused");
		return;
	}
	switch (kind) {
	case B_CH_PART:
		if (ember_tls13_output(&C.c, C.out, sizeof(C.out), &n) != 0 || n < 2)
			fail("ch-part: no ClientHello");
		else if ((k = below((uint32_t)n)) > 0 && fl_send_all(C.fd, C.out, k, deadline) != 0)
			fail("ch-part: send failed");
		T.aborted++;
		break;
	case B_SH_PART:
		if (cli_flush(deadline) != 0) {
			fail("sh-part: could not send the ClientHello");
			break;
		}
		k = 1 + below(300);
		while (k > 0) {
			ssize_t got = fl_recv_some(C.fd, junk, k, deadline);
			if (got <= 0) {
				fail("sh-part: no server flight (%d)", (int)got);
				break;
			}
			k -= (size_t)got;
		}
		T.aborted++;
		break;
	case B_NO_FIN:
	case B_FIN_PART:
	case B_GARBAGE_FIN:
		if (cli_to_finished(deadline, kind_names[kind]) != 0)
			break;
		if (kind == B_FIN_PART && ember_tls13_output(&C.c, C.out, sizeof(C.out), &n) == 0 && n > 1)
			fl_send_all(C.fd, C.out, 1 + below((uint32_t)n - 1), deadline);
		if (kind == B_GARBAGE_FIN) {
			/* a well-framed protected record the server cannot open: bad_record_mac, then it closes */
			size_t len = 17 + below(300);
			junk[0] = EMBER_TLS_CT_APPLICATION_DATA;
			junk[1] = 3;
			junk[2] = 3;
			junk[3] = (uint8_t)(len >> 8);
			junk[4] = (uint8_t)len;
			for (k = 0; k < len; k++)
				junk[5 + k] = (uint8_t)rnd();
			if (fl_send_all(C.fd, junk, 5 + len, deadline) != 0)
				fail("garbage-fin: send failed");
			else
				expect_close("garbage-fin", deadline);
			reset = 0;
			T.garbage++;
			break;
		}
		T.aborted++;
		break;
	case B_NO_CLOSE: {
		uint8_t line[200];
		size_t l = rand_line(line, 100);
		if (cli_to_finished(deadline, "no-close") != 0)
			break;
		if (cli_flush(deadline) != 0 || ember_tls13_write(&C.c, C.out, sizeof(C.out), &n, line, l) != 0 ||
		    fl_send_all(C.fd, C.out, below(2) ? n : 1 + below((uint32_t)n - 1), deadline) != 0) {
			fail("no-close: could not send its Finished and data");
			break;
		}
		reset = 0; /* a FIN: the Finished must reach the server, which counts the handshake */
		T.aborted++;
		T.connected_aborts++;
		break;
	}
	case B_GARBAGE: {
		size_t len = 1 + below(below(8) ? 600 : (uint32_t)sizeof(junk));
		for (k = 0; k < len; k++)
			junk[k] = (uint8_t)rnd();
		if (below(2)) { /* a handshake record header over random bytes: the parsers, not the framing */
			junk[0] = EMBER_TLS_CT_HANDSHAKE;
			junk[1] = 3;
			junk[2] = 1;
		}
		fl_send_all(C.fd, junk, len, deadline); /* the server may close before it has all: not a failure */
		expect_close("garbage", deadline);
		reset = 0;
		T.garbage++;
		break;
	}
	}
	cli_end(reset);
}

/* (e) a staller: holds a connection open and silent until the server drops it (-timeout). */
static void one_stall(int way)
{
	int64_t t0 = fl_now_ms(), deadline = t0 + (int64_t)(opt.timeout_s + opt.deadline_s) * 1000;
	static const uint8_t half_header[3] = { EMBER_TLS_CT_HANDSHAKE, 3, 1 };
	size_t n = 0, k;
	int r = cli_start(deadline, 0);

	if (r != 0) {
		fail("staller: %s", r == -1 ? "connect failed" : "client_init refused");
		return;
	}
	if (way == 1)
		r = fl_send_all(C.fd, half_header, sizeof(half_header), deadline);
	else if (way == 2)
		r = ember_tls13_output(&C.c, C.out, sizeof(C.out), &n) == 0 && n > 1 ?
		    fl_send_all(C.fd, C.out, 1 + below((uint32_t)n - 1), deadline) : -1;
	else if (way == 3) {
		r = cli_to_finished(deadline, "staller (idle once connected)");
		if (r == 0) {
			r = cli_flush(deadline);
			T.connected_aborts++; /* the server counts its handshake */
		}
	}
	else if (way == 4) {
		/* slow, not silent: the ClientHello a byte at a time, four bytes per -timeout; the server must
		   drop it by -timeout all the same (a handshake not done in time), not after the last byte */
		r = ember_tls13_output(&C.c, C.out, sizeof(C.out), &n) == 0 && n > 1 ? 0 : -1;
		for (k = 0; r == 0 && k < n && fl_now_ms() < deadline; k++) {
			struct pollfd pf = { C.fd, POLLIN, 0 };
			if (send(C.fd, C.out + k, 1, MSG_NOSIGNAL) != 1 || poll(&pf, 1, opt.timeout_s * 250) == 1)
				break; /* dropped, or something came: the server's alert or FIN */
		}
	}
	if (r != 0) {
		fail("staller: could not start its stall (way %d)", way);
		cli_end(0);
		return;
	}
	if (fl_until_closed(C.fd, deadline) != 0)
		fail("staller: not dropped by the server within -timeout %d s + %d s", opt.timeout_s, opt.deadline_s);
	else {
		long ms = (long)(fl_now_ms() - t0);
		T.stalls++;
		if (ms > T.max_stall_ms)
			T.max_stall_ms = ms;
	}
	cli_end(0);
}

static void worker(long sessions)
{
	long i;

	for (i = 0; i < sessions; i++) {
		uint32_t x = below(100);
		int kind;
		if (opt.openssl_every > 0 && below((uint32_t)opt.openssl_every) == 0)
			kind = B_OPENSSL;
		else if (below(200) == 0)
			kind = B_SLOW;
		else if (x < 50)
			kind = B_GOOD;
		else
			kind = B_CH_PART + (int)below(B_COUNT - B_CH_PART);
		T.by_kind[kind]++;
		if (kind == B_GOOD || kind == B_SLOW)
			good_ember(kind == B_SLOW);
		else if (kind == B_OPENSSL)
			good_openssl();
		else
			bad_client(kind);
	}
}

static void staller(int stop_fd)
{
	struct pollfd pf = { stop_fd, POLLIN, 0 };

	while (poll(&pf, 1, 0) == 0)
		one_stall(opt.stall_way >= 0 ? opt.stall_way : (int)below(5));
}

static int run(void)
{
	pid_t pids[MAX_PROCS];
	int fds[MAX_PROCS], stop[2], i, nproc = opt.conc + opt.stall, bad = 0;
	tally sum;
	int64_t t0 = fl_now_ms();

	memset(&sum, 0, sizeof(sum));
	if (pipe(stop) != 0)
		return 1;
	fflush(NULL);
	for (i = 0; i < nproc; i++) {
		int p[2];
		if (pipe(p) != 0)
			return 1;
		pids[i] = fork();
		if (pids[i] < 0) {
			fprintf(stderr, "flood: fork: %s\n", strerror(errno));
			return 1;
		}
		if (pids[i] == 0) {
			close(p[0]);
			close(stop[1]);
			proc_id = i;
			rng = (opt.seed + 1) * 0x9e3779b97f4a7c15ULL + (uint64_t)i * 0x632be59bd9b4e019ULL + 1;
			if (i < opt.conc)
				worker(opt.n / opt.conc + (i < opt.n % opt.conc));
			else
				staller(stop[0]);
			if (write(p[1], &T, sizeof(T)) != (ssize_t)sizeof(T))
				_exit(2);
			close(p[1]);
			exit(0); /* exit, not _exit: a sanitizer build checks this process's leaks too */
		}
		close(p[1]);
		fds[i] = p[0];
	}
	for (i = 0; i < nproc; i++) {
		tally t;
		int st = 0;
		size_t k;
		if (i == opt.conc)
			close(stop[1]); /* the workers are done: the stallers finish their stall and stop */
		if (read(fds[i], &t, sizeof(t)) != (ssize_t)sizeof(t)) {
			fprintf(stderr, "flood: process %d ended without its counts\n", i);
			bad = 1;
			memset(&t, 0, sizeof(t));
		}
		close(fds[i]);
		if (waitpid(pids[i], &st, 0) != pids[i] || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
			fprintf(stderr, "flood: process %d: exit status %d\n", i, st);
			bad = 1;
		}
		sum.good_ember += t.good_ember;
		sum.good_openssl += t.good_openssl;
		sum.aborted += t.aborted;
		sum.connected_aborts += t.connected_aborts;
		sum.garbage += t.garbage;
		sum.stalls += t.stalls;
		sum.failures += t.failures;
		for (k = 0; k < B_COUNT; k++)
			sum.by_kind[k] += t.by_kind[k];
		if (t.max_good_ms > sum.max_good_ms)
			sum.max_good_ms = t.max_good_ms;
		if (t.max_stall_ms > sum.max_stall_ms)
			sum.max_stall_ms = t.max_stall_ms;
	}
	close(stop[0]);
	printf("flood: %ld sessions in %.1f s over %d workers, %d stallers:", opt.n, (fl_now_ms() - t0) / 1000.0, opt.conc,
	    opt.stall);
	for (i = 0; i < B_COUNT; i++)
		printf(" %s %lu", kind_names[i], sum.by_kind[i]);
	printf("\nflood: served %lu of %lu good clients (ember %lu of %lu, slow ones included, openssl %lu of %lu), longest %ld ms; "
	       "%lu aborted by design, %lu garbage closed by the server, %lu stalls dropped (longest %ld ms); %lu failures\n",
	    sum.good_ember + sum.good_openssl, sum.by_kind[B_GOOD] + sum.by_kind[B_SLOW] + sum.by_kind[B_OPENSSL], sum.good_ember,
	    sum.by_kind[B_GOOD] + sum.by_kind[B_SLOW], sum.good_openssl, sum.by_kind[B_OPENSSL], sum.max_good_ms, sum.aborted, sum.garbage,
	    sum.stalls, sum.max_stall_ms, sum.failures);
	printf("RESULT good=%lu attempted=%lu handshakes=%lu stalls=%lu aborted=%lu garbage=%lu failures=%lu max_good_ms=%ld\n",
	    sum.good_ember + sum.good_openssl, sum.by_kind[B_GOOD] + sum.by_kind[B_SLOW] + sum.by_kind[B_OPENSSL],
	    sum.good_ember + sum.good_openssl + sum.connected_aborts, sum.stalls, sum.aborted, sum.garbage, sum.failures,
	    sum.max_good_ms);
	if (sum.good_ember + sum.good_openssl != sum.by_kind[B_GOOD] + sum.by_kind[B_SLOW] + sum.by_kind[B_OPENSSL])
		bad = 1;
	return bad || sum.failures ? 1 : 0;
}

static int num(const char *o, const char *v, long lo, long hi, long *out)
{
	char *end;
	long x = strtol(v, &end, 10);

	if (*v == '\0' || *end != '\0' || x < lo || x > hi) {
		fprintf(stderr, "flood: %s %s: not a number from %ld to %ld\n", o, v, lo, hi);
		return -1;
	}
	*out = x;
	return 0;
}

int main(int argc, char **argv)
{
	int i;

	if (argc == 3 && strcmp(argv[1], "pki") == 0)
		return fl_pki(argv[2]);
	if (argc < 2 || strcmp(argv[1], "run") != 0) {
		fprintf(stderr, "usage: flood pki DIR | flood run -port P -ca FILE [-n N] [-conc K] [-stall S] "
		                "[-openssl M] [-timeout T] [-deadline D] [-seed X] [-stallway 0-4]\n");
		return 1;
	}
	opt.n = 10000;
	opt.conc = 8;
	opt.stall = 2;
	opt.openssl_every = 50;
	opt.timeout_s = 2;
	opt.deadline_s = 30;
	opt.stall_way = -1;
	opt.seed = (unsigned long)time(NULL);
	for (i = 2; i < argc; i++) {
		const char *o = argv[i];
		long v = 0;
		if (i + 1 >= argc) {
			fprintf(stderr, "flood: %s: missing value\n", o);
			return 1;
		}
		if (strcmp(o, "-ca") == 0) {
			opt.ca_file = argv[++i];
			continue;
		}
		if (strcmp(o, "-port") == 0 ? num(o, argv[i + 1], 1, 65535, &v) :
		    strcmp(o, "-n") == 0 ? num(o, argv[i + 1], 1, 100000000L, &v) :
		    strcmp(o, "-conc") == 0 ? num(o, argv[i + 1], 1, MAX_PROCS / 2, &v) :
		    strcmp(o, "-stall") == 0 ? num(o, argv[i + 1], 0, MAX_PROCS / 2, &v) :
		    strcmp(o, "-openssl") == 0 ? num(o, argv[i + 1], 0, 1000000, &v) :
		    strcmp(o, "-timeout") == 0 ? num(o, argv[i + 1], 1, 3600, &v) :
		    strcmp(o, "-deadline") == 0 ? num(o, argv[i + 1], 1, 3600, &v) :
		    strcmp(o, "-seed") == 0 ? num(o, argv[i + 1], 0, 2147483647L, &v) :
		    strcmp(o, "-stallway") == 0 ? num(o, argv[i + 1], 0, 4, &v) : (fprintf(stderr,
		    "flood: unknown option %s\n", o), -1))
			return 1;
		i++;
		if (strcmp(o, "-port") == 0)
			opt.port = (int)v;
		else if (strcmp(o, "-n") == 0)
			opt.n = v;
		else if (strcmp(o, "-conc") == 0)
			opt.conc = (int)v;
		else if (strcmp(o, "-stall") == 0)
			opt.stall = (int)v;
		else if (strcmp(o, "-openssl") == 0)
			opt.openssl_every = (int)v;
		else if (strcmp(o, "-timeout") == 0)
			opt.timeout_s = (int)v;
		else if (strcmp(o, "-deadline") == 0)
			opt.deadline_s = (int)v;
		else if (strcmp(o, "-stallway") == 0)
			opt.stall_way = (int)v;
		else
			opt.seed = (unsigned long)v;
	}
	if (opt.port == 0 || opt.ca_file == NULL) {
		fprintf(stderr, "flood: run needs -port P and -ca FILE\n");
		return 1;
	}
	if (fl_load_ca(opt.ca_file, opt.ca, sizeof(opt.ca), &opt.ca_len) != 0)
		return 1;
	signal(SIGPIPE, SIG_IGN);
	printf("flood: seed %lu (-seed %lu repeats the choices)\n", opt.seed, opt.seed);
	return run();
}
