/*
 * s_time.c - `ember s_time`: openssl s_time's counterpart over Ember's
 * TLS 1.3 engine. It opens one connection after another to a server for
 * -time seconds, each a full handshake (TLS 1.3 without PSK: there is no
 * resumption to measure), and reports connections per second of WALL
 * CLOCK time, the distribution of the handshake latency and what was
 * negotiated.
 *
 *   ember s_time [-connect host:port] [-new] [-time s] [-www page]
 *       [-servername name | -noservername] [-CAfile file] [-groups list]
 *       [-sigalgs list] [-ciphersuites list] [-tls1_3] [-timeout s]
 *       [-format text|json]
 *
 * Why wall clock: openssl s_time divides its count by the client's user
 * CPU time (openssl issue 2274), which leaves out the server's work and
 * every wait on the network, the very things a user measuring a router's
 * web server wants; its "connections/user sec" can be many times what the
 * server sustains. Here the latency of one connection runs from the
 * socket's connect() to the client's Finished sent; the rate is the
 * successful connections over the wall-clock span of the whole run,
 * closing included.
 *
 * Each connection: TCP connect, handshake, then without -www a
 * close_notify and the wait for the server to close; with -www "GET page
 * HTTP/1.0" and the response read until the server closes (its bytes are
 * counted). Every connection
 * is bounded by -timeout; a failed one is counted and named, and the run
 * goes on, except that a run whose first connection fails stops there
 * (a wrong port should not cost -time seconds).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ember/util.h"
#include "ember/x509.h"
#include "tlsnet.h"
#include "tool.h"

#define CMD "s_time"
#define ST_MAX_PAGE 1024
#define ST_MAX_ADDRS 8

typedef struct st_opts {
	const char *connect_arg;
	tlsnet_addr addrs[ST_MAX_ADDRS];
	size_t naddrs, ai;          /* the address in use: the first that took a connection */
	const ember_tls13_config *cfg;
	int timeout_s;
	char req[ST_MAX_PAGE + 32]; /* the -www request, "" without -www */
	size_t req_len;
} st_opts;

/* What one successful connection negotiated. */
typedef struct st_neg {
	const char *suite, *version;   /* openssl's names (tlsnet_suite_name, tlsnet_version_name) */
	uint16_t group, sig;
	int hrr;
} st_neg;

static int usage(void)
{
	fprintf(stderr, "usage: ember s_time [-connect host:port] [-new] [-time seconds] [-www page]\n"
	                "                    [-servername name | -noservername] [-CAfile file] [-groups list]\n"
	                "                    [-sigalgs list] [-ciphersuites list] [-cipher list] [-tls1_3 | -tls1_2]\n"
	                "                    [-no_tls1_3 | -no_tls1_2] [-timeout seconds]\n"
	                "                    [-format text|json]\n");
	return 1;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The reason a handshake ended, as s_client names it. */
static void alert_reason(const ember_tls13_conn *c, char *why, size_t why_len)
{
	int from_peer = 0, a = ember_tls13_alert(c, &from_peer);
	const char *an = ember_tls_alert_name(a);

	if (a == EMBER_TLS_ALERT_NONE)
		snprintf(why, why_len, "handshake failed: the server closed the connection");
	else
		snprintf(why, why_len, "handshake failed: alert %s %s", an ? an : "?",
		    from_peer ? "received from the server" : "sent (the server's messages were refused)");
}

/*
 * One connection, bounded by -timeout. 0 with the latency (ms), the
 * application bytes read and what was negotiated; -1 with the reason
 * (-2 when the TCP connect itself failed).
 */
static int one_connection(const st_opts *o, double *lat_ms, uint64_t *bytes, st_neg *neg, char *why, size_t why_len)
{
	static ember_tls13_conn c;
	static tlsnet_io io;
	static uint8_t buf[EMBER_TLS13_CONN_BUF], data[EMBER_TLS_MAX_PLAINTEXT];
	double t0 = now_s(), deadline = t0 + o->timeout_s;
	int fd, tcp_up = 0, hs_done = 0, sent_req = 0, closing = 0, rc = -1, inited = 0, one = 1;

	*bytes = 0;
	fd = tlsnet_connect_start(&o->addrs[o->ai]);
	if (fd < 0) {
		snprintf(why, why_len, "connect: %s", strerror(errno));
		return -2;
	}
	/* no Nagle delay: the request after the client's Finished would wait for the server's delayed ACK */
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	memset(&io, 0, sizeof(io));
	io.fd = fd;
	if (ember_tls13_client_init(&c, o->cfg, buf, sizeof(buf)) != 0) {
		snprintf(why, why_len, "the TLS engine refuses this configuration (-groups, -sigalgs, -ciphersuites)");
		goto out;
	}
	inited = 1;
	for (;;) {
		struct pollfd pf;
		double left;
		int st;

		if (tcp_up) {
			size_t got;
			tlsnet_feed(&io, &c);
			while (ember_tls13_read(&c, data, sizeof(data), &got) == 0 && got > 0) {
				*bytes += got;
				tlsnet_feed(&io, &c);
			}
			if (tlsnet_flush(&io, &c) != 0) {
				snprintf(why, why_len, "send: %s", strerror(errno));
				goto out;
			}
			st = ember_tls13_state(&c);
			if (st == EMBER_TLS13_FAILED && !closing) {
				if (tlsnet_pending(&io, &c))
					tlsnet_flush(&io, &c); /* the alert, if the socket takes it */
				if (hs_done) {
					int fp = 0, a = ember_tls13_alert(&c, &fp);
					snprintf(why, why_len, "after the handshake: alert %s %s",
					    ember_tls_alert_name(a) ? ember_tls_alert_name(a) : "?", fp ? "received" : "sent");
				} else
					alert_reason(&c, why, why_len);
				goto out;
			}
			if (!hs_done && st == EMBER_TLS13_CONNECTED) {
				hs_done = 1;
				*lat_ms = (now_s() - t0) * 1e3;
				neg->suite = tlsnet_suite_name(&c);
				neg->version = tlsnet_version_name(&c);
				neg->group = ember_tls13_conn_group(&c);
				neg->sig = ember_tls13_conn_sig(&c);
				neg->hrr = ember_tls13_conn_hrr(&c);
				if (o->req_len == 0) {
					ember_tls13_close(&c);
					if (tlsnet_flush(&io, &c) != 0) {
						snprintf(why, why_len, "send: %s", strerror(errno));
						goto out;
					}
				}
			}
			if (closing && (io.eof || io.in_len == sizeof(io.in))) {
				rc = 0; /* the server has closed too (or sends on and on): the connection is complete */
				goto out;
			}
			if (hs_done && o->req_len == 0 && !closing && !tlsnet_pending(&io, &c)) {
				/*
				 * close_notify is out. Unlike openssl s_time, wait for the server to close: a
				 * socket closed at once would answer the server's own close_notify with a reset,
				 * which servers log as an error, on every connection.
				 */
				shutdown(fd, SHUT_WR);
				closing = 1;
			}
			if (hs_done && o->req_len && !sent_req && st == EMBER_TLS13_CONNECTED && !tlsnet_pending(&io, &c)) {
				if (tlsnet_send_app(&io, &c, (const uint8_t *)o->req, o->req_len) != 0) {
					snprintf(why, why_len, "the request could not be sent");
					goto out;
				}
				sent_req = 1;
				continue;
			}
			if (hs_done && o->req_len && (c.peer_closed || st == EMBER_TLS13_CLOSED || io.eof)) {
				rc = 0; /* the page has been read to its end */
				goto out;
			}
			if (!hs_done && io.eof && !tlsnet_pending(&io, &c)) {
				snprintf(why, why_len, "the server closed the connection during the handshake");
				goto out;
			}
			pf.events = tlsnet_want(&io, &c);
		} else
			pf.events = POLLOUT;
		pf.fd = fd;
		pf.revents = 0;
		left = deadline - now_s();
		if (left <= 0 && closing) {
			rc = 0; /* the handshake is done and close_notify sent: the server's silence is its own */
			goto out;
		}
		if (left <= 0) {
			snprintf(why, why_len, "%s timed out after %d s",
			    !tcp_up ? "connect" : !hs_done ? "the handshake" : "reading the page", o->timeout_s);
			rc = tcp_up ? -1 : -2;
			goto out;
		}
		if (poll(&pf, 1, (int)ceil(left * 1000)) < 0 && errno != EINTR) {
			snprintf(why, why_len, "poll: %s", strerror(errno));
			goto out;
		}
		if (!tcp_up) {
			int err;
			if (!(pf.revents & (POLLOUT | POLLERR | POLLHUP)))
				continue;
			err = tlsnet_connect_error(fd);
			if (err != 0) {
				snprintf(why, why_len, "connect: %s", strerror(err));
				rc = -2;
				goto out;
			}
			tcp_up = 1;
			continue;
		}
		if ((pf.revents & (POLLIN | POLLHUP | POLLERR)) && tlsnet_recv(&io, &c) != 0) {
			snprintf(why, why_len, "recv: %s", strerror(errno));
			goto out;
		}
	}
out:
	close(fd);
	if (inited)
		ember_tls13_conn_clear(&c);
	return rc;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Nearest-rank percentile of |n| sorted values: the smallest value with at least q of them at or below it. */
static double rank(const double *v, size_t n, double q)
{
	double r = ceil(q * (double)n);
	size_t i = r < 1 ? 0 : (size_t)r - 1;

	return v[i < n ? i : n - 1];
}

static void json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; s && *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch == '"' || ch == '\\')
			fprintf(f, "\\%c", ch);
		else if (ch < 0x20 || ch == 0x7f)
			fprintf(f, "\\u%04x", ch);
		else
			fputc(ch, f);
	}
	fputc('"', f);
}

static int parse_seconds(const char *opt, const char *v, int *out)
{
	char *end;
	long t;

	errno = 0;
	t = strtol(v, &end, 10);
	if (*v == '\0' || *end != '\0' || errno != 0 || t < 1 || t > 86400)
		return tool_error(CMD, "%s %s: not whole seconds from 1 to 86400", opt, v);
	*out = (int)t;
	return 0;
}

/* The page of -www: a path as it goes on the request line: no space, no control character. */
static int set_page(st_opts *o, const char *page)
{
	const unsigned char *p;
	int n;

	if (page[0] == '\0' || strlen(page) > ST_MAX_PAGE)
		return tool_error(CMD, "-www '%s': empty or longer than %d bytes", page, ST_MAX_PAGE);
	for (p = (const unsigned char *)page; *p; p++)
		if (*p <= 0x20 || *p == 0x7f)
			return tool_error(CMD, "-www: the page holds a space or control character (it goes on the request line)");
	n = snprintf(o->req, sizeof(o->req), "GET %s HTTP/1.0\r\n\r\n", page);
	o->req_len = n > 0 ? (size_t)n : 0;
	return 0;
}

int cmd_s_time(int argc, char **argv)
{
	const char *servername = NULL, *cafile = NULL;
	const char *www = NULL, *format = "text";
	static tlsnet_lists lists;
	static tlsnet_certs cas;
	static st_opts o;
	const uint8_t *anchors[TLSNET_MAX_CERTS];
	ember_x509_verify_params vp;
	ember_tls13_config cfg;
	char host[256], why[200], first_why[200] = "";
	int noservername = 0, time_s = 30, i, json, varied = 0, rc = 0;
	double *lat = NULL, t_start, t_end, elapsed, rate;
	size_t nlat = 0, cap = 0, failures = 0, k;
	uint64_t bytes_total = 0;
	st_neg neg, first = { NULL, NULL, 0, 0, 0 };

	memset(&cfg, 0, sizeof(cfg));
	memset(&vp, 0, sizeof(vp));
	memset(&o, 0, sizeof(o));
	o.connect_arg = "localhost:4433";
	o.timeout_s = 10;
	memset(&lists, 0, sizeof(lists)); /* static (its arrays outlive the call); the prompt runs commands again */
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		int has_v = i + 1 < argc;
		if (tlsnet_version_option(&lists, a) || strcmp(a, "-new") == 0)
			continue;
		if (strcmp(a, "-reuse") == 0)
			return tool_error(CMD, "-reuse: session resumption is not implemented (no PSK, no TLS 1.2 session ids or tickets); "
			                       "every connection is a full handshake, as -new");
		if (strcmp(a, "-tls1_1") == 0 || strcmp(a, "-tls1") == 0 || strcmp(a, "-ssl3") == 0 ||
		    strcmp(a, "-dtls") == 0 || strcmp(a, "-dtls1_2") == 0)
			return tool_error(CMD, "%s: not supported (TLS 1.3 and TLS 1.2 only)", a);
		if (strcmp(a, "-noservername") == 0)
			noservername = 1;
		else if (strcmp(a, "-help") == 0)
			return usage();
		else if (a[0] == '-' && has_v) {
			const char *v = argv[++i];
			if (strcmp(a, "-connect") == 0)
				o.connect_arg = v;
			else if (strcmp(a, "-servername") == 0)
				servername = v;
			else if (strcmp(a, "-CAfile") == 0)
				cafile = v;
			else if (tlsnet_lists_option(&lists, a, v))
				continue;
			else if (strcmp(a, "-www") == 0)
				www = v;
			else if (strcmp(a, "-time") == 0) {
				if (parse_seconds(a, v, &time_s))
					return 1;
			} else if (strcmp(a, "-timeout") == 0) {
				if (parse_seconds(a, v, &o.timeout_s))
					return 1;
			} else if (strcmp(a, "-format") == 0) {
				if (strcmp(v, "text") != 0 && strcmp(v, "json") != 0)
					return tool_error(CMD, "-format %s: not text or json", v);
				format = v;
			} else
				return tool_error(CMD, "unknown option %s (see ember s_time -help)", a);
		} else
			return tool_error(CMD, "%s: unknown option or missing value (see ember s_time -help)", a);
	}
	json = strcmp(format, "json") == 0;
	if (www && set_page(&o, www))
		return 1;
	if (tlsnet_lists_apply(CMD, &lists, &cfg))
		return 1;
	if (tlsnet_resolve(CMD, o.connect_arg, host, sizeof(host), o.addrs, ST_MAX_ADDRS, &o.naddrs))
		return 1;
	if (servername == NULL && !noservername && !tlsnet_is_ip(host))
		servername = host; /* as s_client: the host name of -connect */
	cfg.server_name = noservername ? NULL : servername;
	if (cafile) {
		if (tlsnet_certs_load(CMD, "-CAfile", cafile, &cas))
			return 1;
		for (k = 0; k < cas.n; k++)
			anchors[k] = cas.der[k];
		vp.anchors = anchors;
		vp.anchor_lens = cas.len;
		vp.n_anchors = cas.n;
		vp.now = (int64_t)time(NULL);
		vp.host = cfg.server_name;
		cfg.verify = &vp;
	} else
		cfg.flags |= EMBER_TLS13_NO_VERIFY;
	o.cfg = &cfg;
	signal(SIGPIPE, SIG_IGN);
	if (!json) {
		printf("Collecting connection statistics for %d seconds\n", time_s);
		fflush(stdout);
	}
	t_start = now_s();
	do {
		double ms = 0;
		uint64_t b = 0;
		int r;
		memset(&neg, 0, sizeof(neg));
		r = one_connection(&o, &ms, &b, &neg, why, sizeof(why));
		if (r == -2 && nlat == 0 && failures == 0 && o.ai + 1 < o.naddrs) {
			o.ai++; /* as tlsnet_connect: the name's next address (::1, then 127.0.0.1) */
			t_start = now_s(); /* the run starts with the address that answers */
			continue;
		}
		if (r != 0) {
			failures++;
			if (first_why[0] == '\0')
				snprintf(first_why, sizeof(first_why), "%s", why);
			if (nlat == 0) {
				/* the first connection failed: nothing measured, and the next would fail the same way */
				rc = tool_error(CMD, "%s: %s (the first connection failed; nothing measured)", o.connect_arg, why);
				goto out;
			}
			continue;
		}
		if (nlat == cap) {
			double *nl = realloc(lat, (cap ? cap * 2 : 1024) * sizeof(*lat));
			if (nl == NULL) {
				rc = tool_error(CMD, "out of memory after %zu connections", nlat);
				goto out;
			}
			lat = nl;
			cap = cap ? cap * 2 : 1024;
		}
		lat[nlat++] = ms;
		bytes_total += b;
		if (nlat == 1)
			first = neg;
		else if (strcmp(neg.suite, first.suite) != 0 || neg.group != first.group || neg.sig != first.sig)
			varied = 1;
	} while (now_s() - t_start < (double)time_s);
	if (nlat == 0) {
		rc = tool_error(CMD, "%s: no connection completed", o.connect_arg);
		goto out;
	}
	t_end = now_s();
	elapsed = t_end - t_start;
	rate = (double)nlat / elapsed;
	qsort(lat, nlat, sizeof(*lat), cmp_double);
	{
		const char *suite = first.suite ? first.suite : "?", *ver = first.version ? first.version : "?";
		const char *grp = tlsnet_group_name(first.group, NULL);
		const char *sig = ember_tls_sig_name(first.sig) ? ember_tls_sig_name(first.sig) : "?";
		double q[5];
		q[0] = lat[0];
		q[1] = rank(lat, nlat, 0.5);
		q[2] = rank(lat, nlat, 0.9);
		q[3] = rank(lat, nlat, 0.99);
		q[4] = lat[nlat - 1];
		if (json) {
			printf("{\n  \"format\": \"ember-s_time\", \"format_version\": 1,\n");
			printf("  \"tool\": \"ember\", \"version\": \"%s\",\n  \"connect\": ", EMBER_VERSION_TEXT);
			json_string(stdout, o.connect_arg);
			printf(", \"www\": ");
			if (www)
				json_string(stdout, www);
			else
				printf("null");
			printf(",\n  \"time_limit_s\": %d, \"time_s\": %.3f, \"clock\": \"wall\",\n", time_s, elapsed);
			printf("  \"connections\": %zu, \"failures\": %zu, \"first_failure\": ", nlat, failures);
			if (first_why[0])
				json_string(stdout, first_why);
			else
				printf("null");
			printf(",\n  \"conn_per_sec_wall\": %.3f,\n", rate);
			printf("  \"latency_ms\": {\"min\": %.4f, \"median\": %.4f, \"p90\": %.4f, \"p99\": %.4f, \"max\": %.4f},\n",
			    q[0], q[1], q[2], q[3], q[4]);
			printf("  \"protocol\": \"%s\", \"suite\": \"%s\", \"group\": \"%s\", \"sigalg\": \"%s\", "
			       "\"hrr\": %s, \"varied\": %s,\n",
			    ver, suite, grp, sig, first.hrr ? "true" : "false", varied ? "true" : "false");
			printf("  \"bytes_read\": %llu\n}\n", (unsigned long long)bytes_total);
		} else {
			/* openssl s_time's two lines, its CPU figure replaced by wall clock; then Ember's */
			printf("\n%zu connections in %.2fs; %.2f connections/sec (wall clock), bytes read %llu\n", nlat, elapsed,
			    rate, (unsigned long long)bytes_total);
			printf("%zu connections in %ld real seconds, %llu bytes read per connection\n", nlat, (long)elapsed,
			    (unsigned long long)(bytes_total / nlat));
			printf("handshake latency (ms): min %.3f median %.3f p90 %.3f p99 %.3f max %.3f\n", q[0], q[1], q[2],
			    q[3], q[4]);
			printf("negotiated: %s, %s, group %s, signature %s%s%s\n", ver, suite, grp, sig,
			    first.hrr ? ", after a HelloRetryRequest" : "", varied ? " (first connection; later ones differed)" : "");
			if (failures)
				printf("failed connections: %zu (first: %s)\n", failures, first_why);
		}
	}
	if (tool_stdout_finish(CMD))
		rc = 1;
out:
	free(lat);
	tlsnet_certs_free(&cas);
	return rc;
}
