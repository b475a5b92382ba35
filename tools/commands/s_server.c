/*
 * s_server.c - `ember s_server`: a TLS 1.3 and 1.2 server in openssl s_server's
 * words, over a poll() loop of non-blocking sockets and a fixed pool of
 * connection slots allocated once at start.
 *
 *   ember s_server [-accept [host:]port] -cert file -key file [-pass src]
 *       [-CAfile file] [-groups list] [-sigalgs list] [-ciphersuites list] [-cipher list]
 *       [-tls1_3 | -tls1_2 | -no_tls1_3 | -no_tls1_2] [-www | -rev | -echo] [-naccept n] [-timeout s] [-state] [-msg] [-quiet]
 *
 * The pool: SRV_SLOTS slots, each an ember_tls13_conn, its
 * EMBER_TLS13_CONN_BUF bytes and the pump's two record buffers (about
 * 80 KB a slot, 640 KB in all): a router-class device with 64 to 256 MB
 * serves a handful of administrators or test clients, and eight
 * handshakes at once already take its CPU. A ninth client waits in the
 * listen backlog until a slot frees.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stddef.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "ember/keys.h"
#include "ember/x509.h"
#include "pass.h"
#include "pkeyutil.h"
#include "tlsnet.h"
#include "tool.h"

#define SRV_SLOTS 8
#define SRV_LINE 4096
#define CMD "s_server"

enum { MODE_STDIO, MODE_ECHO, MODE_REV, MODE_WWW };

typedef struct srv_slot {
	int used;
	unsigned id;
	int reported, closing, draining;
	int64_t start_ms, last_ms;
	char peer[64];
	size_t line_len;
	uint8_t line[SRV_LINE];
	ember_tls13_conn c;
	tlsnet_io io;
	uint8_t buf[EMBER_TLS13_CONN_BUF];
} srv_slot;

typedef struct srv {
	int mode, quiet, state;
	long naccept;          /* -1: no limit */
	int timeout_ms;
	unsigned accepted;
	ember_tls13_config cfg;
	srv_slot *slots;
} srv;

/* SIGTERM: the loop closes every connection and returns, so the command exits 0 with everything freed
   (a leak checker then sees the whole run; openssl's s_server just dies). */
static volatile sig_atomic_t srv_stop;

static void on_term(int sig)
{
	srv_stop = sig;
}

static int usage(void)
{
	fprintf(stderr, "usage: ember s_server [-accept [host:]port] -cert file -key file [-pass src] [-CAfile file]\n"
	                "                      [-groups list] [-sigalgs list] [-ciphersuites list] [-cipher list]\n"
	                "                      [-tls1_3 | -tls1_2 | -no_tls1_3 | -no_tls1_2]\n"
	                "                      [-www | -rev | -echo] [-naccept n] [-timeout seconds] [-state] [-msg]\n"
	                "                      [-quiet]\n");
	return 1;
}

static void slot_log(const srv *s, const srv_slot *sl, const char *what)
{
	if (!s->quiet)
		fprintf(stderr, "ember s_server: connection %u from %s: %s\n", sl->id, sl->peer, what);
}

static void slot_drop(srv *s, srv_slot *sl)
{
	(void)s;
	close(sl->io.fd);
	ember_tls13_conn_clear(&sl->c);
	sl->used = 0;
}

/* The -www page: protocol and suite, never a file. */
static size_t www_page(const srv_slot *sl, const uint8_t *req, size_t req_len, char *out, size_t cap)
{
	const char *su = tlsnet_suite_name(&sl->c), *ver = tlsnet_version_name(&sl->c);
	int n;

	if (req_len < 4 || memcmp(req, "GET ", 4) != 0) {
		n = snprintf(out, cap, "HTTP/1.0 400 Bad Request\r\nContent-type: text/plain\r\n\r\n"
		                       "ember s_server -www answers GET only\r\n");
	} else {
		n = snprintf(out, cap,
		    "HTTP/1.0 200 ok\r\nContent-type: text/html\r\n\r\n"
		    "<HTML><BODY BGCOLOR=\"#ffffff\">\n<pre>\n\nember s_server -www\n"
		    "Protocol: %s\nCipher: %s\nGroup: %s\nSignature: %s\n"
		    "New, %s, Cipher is %s\n</pre></BODY></HTML>\r\n\r\n",
		    ver, su, tlsnet_group_name(ember_tls13_conn_group(&sl->c), NULL),
		    ember_tls_sig_name(ember_tls13_conn_sig(&sl->c)) ? ember_tls_sig_name(ember_tls13_conn_sig(&sl->c))
		                                                        : "?",
		    ver, su);
	}
	return n < 0 ? 0 : (size_t)n < cap ? (size_t)n : cap - 1;
}

/* -rev: each whole line back reversed (without its "\r\n"), as openssl's -rev. */
static size_t rev_lines(srv_slot *sl, const uint8_t *p, size_t n, uint8_t *out)
{
	size_t i, o = 0;

	for (i = 0; i < n; i++) {
		int nl = p[i] == '\n';
		if (!nl)
			sl->line[sl->line_len++] = p[i];
		if (nl || sl->line_len == SRV_LINE) {
			size_t k = sl->line_len;
			if (nl && k >= 5 && memcmp(sl->line, "CLOSE", 5) == 0) {
				sl->line_len = 0;
				sl->closing = 2; /* as openssl's -rev: "CLOSE" ends the connection */
				return o;
			}
			while (k > 0 && sl->line[k - 1] == '\r')
				k--;
			while (k > 0)
				out[o++] = sl->line[--k];
			if (nl)
				out[o++] = '\n';
			sl->line_len = 0;
		}
	}
	return o;
}

/* -state: one line per connection once its handshake is done (CLOSED comes only after CONNECTED). */
static void report(const srv *s, srv_slot *sl)
{
	int st = ember_tls13_state(&sl->c);
	const char *sig;

	if (sl->reported || (st != EMBER_TLS13_CONNECTED && st != EMBER_TLS13_CLOSED))
		return;
	sl->reported = 1;
	if (!s->state)
		return;
	sig = ember_tls_sig_name(ember_tls13_conn_sig(&sl->c));
	printf("CONNECTION %u %s protocol=%s group=%s sigalg=%s ciphersuite=%s handshake=%lld ms%s\n", sl->id, sl->peer,
	    tlsnet_version_name(&sl->c), tlsnet_group_name(ember_tls13_conn_group(&sl->c), NULL), sig ? sig : "?",
	    tlsnet_suite_name(&sl->c),
	    (long long)(tlsnet_now_ms() - sl->start_ms), ember_tls13_conn_hrr(&sl->c) ? " (HelloRetryRequest)" : "");
	fflush(stdout);
}

/* Application data of one connection, as the mode says; 1 when something moved. */
static int slot_app(const srv *s, srv_slot *sl)
{
	static uint8_t in[SRV_LINE], out[2 * SRV_LINE + 16];
	static char page[2048];
	size_t n = 0, o;

	report(s, sl);
	if (sl->closing || ember_tls13_state(&sl->c) != EMBER_TLS13_CONNECTED || tlsnet_pending(&sl->io, &sl->c))
		return 0;
	if (ember_tls13_read(&sl->c, in, sizeof(in), &n) != 0 || n == 0)
		return 0;
	switch (s->mode) {
	case MODE_STDIO:
		fwrite(in, 1, n, stdout);
		fflush(stdout);
		break;
	case MODE_ECHO:
		tlsnet_send_app(&sl->io, &sl->c, in, n);
		break;
	case MODE_REV:
		o = rev_lines(sl, in, n, out);
		if (o > 0)
			tlsnet_send_app(&sl->io, &sl->c, out, o);
		if (sl->closing == 2) {
			tlsnet_flush(&sl->io, &sl->c);
			if (tlsnet_pending(&sl->io, &sl->c))
				sl->closing = 3; /* close once the reply is out */
			else
				ember_tls13_close(&sl->c);
		}
		break;
	case MODE_WWW: {
		size_t k = n < SRV_LINE - sl->line_len ? n : SRV_LINE - sl->line_len, len;
		memcpy(sl->line + sl->line_len, in, k);
		sl->line_len += k;
		sl->line[sl->line_len < SRV_LINE ? sl->line_len : SRV_LINE - 1] = '\0';
		if (sl->line_len < SRV_LINE && strstr((char *)sl->line, "\r\n\r\n") == NULL &&
		    strstr((char *)sl->line, "\n\n") == NULL)
			break;
		len = www_page(sl, sl->line, sl->line_len, page, sizeof(page));
		tlsnet_send_app(&sl->io, &sl->c, (const uint8_t *)page, len);
		ember_tls13_close(&sl->c);
		sl->closing = 1;
		break;
	}
	}
	return 1;
}

/* Runs one connection as far as it goes; 0, or -1 when it is to be dropped. */
static int slot_run(srv *s, srv_slot *sl, short rev)
{
	int st, moved;
	int64_t now = tlsnet_now_ms();

	if (rev & (POLLIN | POLLHUP | POLLERR)) {
		/* activity: bytes received, whether still buffered or already taken by the connection (a
		   peer whose every record is consumed at once is not idle) */
		uint64_t before = sl->c.bytes_in + sl->io.in_len;
		int was_eof = sl->io.eof;
		if (tlsnet_recv(&sl->io, &sl->c) != 0) {
			slot_log(s, sl, "socket error");
			return -1;
		}
		if (sl->c.bytes_in + sl->io.in_len != before || sl->io.eof != was_eof)
			sl->last_ms = now;
	}
	do {
		moved = slot_app(s, sl);
		tlsnet_feed(&sl->io, &sl->c);
		if (tlsnet_flush(&sl->io, &sl->c) != 0) {
			slot_log(s, sl, "socket error on send");
			return -1;
		}
	} while (moved && !tlsnet_pending(&sl->io, &sl->c));
	st = ember_tls13_state(&sl->c);
	report(s, sl);
	if (sl->closing == 3 && !tlsnet_pending(&sl->io, &sl->c)) {
		ember_tls13_close(&sl->c);
		sl->closing = 1;
		tlsnet_flush(&sl->io, &sl->c);
	}
	if (st == EMBER_TLS13_FAILED && !sl->draining && !tlsnet_pending(&sl->io, &sl->c)) {
		int from_peer = 0, a = ember_tls13_alert(&sl->c, &from_peer);
		char msg[96];
		snprintf(msg, sizeof(msg), "alert %s %s", ember_tls_alert_name(a) ? ember_tls_alert_name(a) : "?",
		    from_peer ? "received" : "sent");
		slot_log(s, sl, msg);
	}
	if (st == EMBER_TLS13_CLOSED && sl->c.peer_closed && !sl->c.sent_close) {
		ember_tls13_close(&sl->c);
		tlsnet_flush(&sl->io, &sl->c);
	}
	if (st == EMBER_TLS13_FAILED || st == EMBER_TLS13_CLOSED) {
		/* the alert or close_notify out first, then our FIN, then what the peer still sends is
		   drained (a close with unread bytes would reset the connection and lose our last records) */
		if (tlsnet_pending(&sl->io, &sl->c) && !sl->io.eof)
			return s->timeout_ms > 0 && now - sl->last_ms > s->timeout_ms ? -1 : 0;
		if (!sl->draining) {
			shutdown(sl->io.fd, SHUT_WR);
			sl->draining = 1;
			sl->last_ms = now;
		}
		sl->io.in_len = 0;
		return sl->io.eof || now - sl->last_ms > 2000 ? -1 : 0;
	}
	if (sl->io.eof) {
		if (st != EMBER_TLS13_CONNECTED || sl->io.in_len > 0)
			slot_log(s, sl, "the peer closed the connection mid-record or mid-handshake");
		return -1;
	}
	if (s->timeout_ms > 0 && now - sl->last_ms > s->timeout_ms) {
		slot_log(s, sl, "timed out: dropped");
		return -1;
	}
	/* a slow peer (a byte now and then) is not idle, but its handshake must still end in time */
	if (s->timeout_ms > 0 && st == EMBER_TLS13_HANDSHAKE && now - sl->start_ms > s->timeout_ms) {
		slot_log(s, sl, "timed out: handshake not done within -timeout: dropped");
		return -1;
	}
	return 0;
}

static void do_accept(srv *s, int lfd)
{
	for (;;) {
		struct sockaddr_storage ss;
		socklen_t sl_len = sizeof(ss);
		srv_slot *sl = NULL;
		char h[INET6_ADDRSTRLEN] = "?";
		unsigned port = 0;
		size_t i;
		int fd;

		if (s->naccept >= 0 && s->accepted >= (unsigned long)s->naccept)
			return;
		for (i = 0; i < SRV_SLOTS; i++)
			if (!s->slots[i].used) {
				sl = &s->slots[i];
				break;
			}
		if (sl == NULL)
			return;
		fd = accept(lfd, (struct sockaddr *)&ss, &sl_len);
		if (fd < 0)
			return;
		if (tlsnet_nonblock(fd) != 0) {
			close(fd);
			continue;
		}
		if (ss.ss_family == AF_INET) {
			const struct sockaddr_in *a = (const struct sockaddr_in *)&ss;
			inet_ntop(AF_INET, &a->sin_addr, h, sizeof(h));
			port = ntohs(a->sin_port);
		} else if (ss.ss_family == AF_INET6) {
			const struct sockaddr_in6 *a = (const struct sockaddr_in6 *)&ss;
			inet_ntop(AF_INET6, &a->sin6_addr, h, sizeof(h));
			port = ntohs(a->sin6_port);
		}
		memset(&sl->io, 0, offsetof(tlsnet_io, in));
		sl->io.fd = fd;
		sl->id = ++s->accepted;
		snprintf(sl->peer, sizeof(sl->peer), "%s:%u", h, port);
		sl->reported = sl->closing = sl->draining = 0;
		sl->line_len = 0;
		sl->start_ms = sl->last_ms = tlsnet_now_ms();
		if (ember_tls13_server_init(&sl->c, &s->cfg, sl->buf, sizeof(sl->buf)) != 0) {
			slot_log(s, sl, "cannot start the TLS connection");
			close(fd);
			continue;
		}
		sl->used = 1;
	}
}

/* Default mode: a chunk of standard input to every connected client (read only when all can take it). */
static int do_stdin(srv *s)
{
	static uint8_t b[SRV_LINE];
	ssize_t n = read(0, b, sizeof(b));
	size_t i;

	if (n <= 0)
		return n == 0 || errno != EINTR ? -1 : 0;
	for (i = 0; i < SRV_SLOTS; i++) {
		srv_slot *sl = &s->slots[i];
		if (sl->used && ember_tls13_state(&sl->c) == EMBER_TLS13_CONNECTED) {
			tlsnet_send_app(&sl->io, &sl->c, b, (size_t)n);
			tlsnet_flush(&sl->io, &sl->c);
		}
	}
	return 0;
}

static int serve(srv *s, int lfd)
{
	struct pollfd pf[SRV_SLOTS + 2];
	int idx[SRV_SLOTS + 2];
	int stdin_open = s->mode == MODE_STDIO;

	for (;;) {
		int n = 0, busy = 0, free_slot = 0, stdin_ok = 1, i, rc;
		int accepting = s->naccept < 0 || s->accepted < (unsigned long)s->naccept;

		if (srv_stop) {
			for (i = 0; i < SRV_SLOTS; i++)
				if (s->slots[i].used) {
					slot_log(s, &s->slots[i], "closed: the server was terminated");
					slot_drop(s, &s->slots[i]);
				}
			if (!s->quiet)
				fprintf(stderr, "ember s_server: terminated (signal %d) after %u connections\n", (int)srv_stop,
				    s->accepted);
			return 0;
		}
		for (i = 0; i < SRV_SLOTS; i++) {
			srv_slot *sl = &s->slots[i];
			if (!sl->used) {
				free_slot = 1;
				continue;
			}
			busy = 1;
			if (ember_tls13_state(&sl->c) == EMBER_TLS13_CONNECTED && tlsnet_pending(&sl->io, &sl->c))
				stdin_ok = 0;
			pf[n].fd = sl->io.fd;
			pf[n].events = tlsnet_want(&sl->io, &sl->c);
			pf[n].revents = 0;
			idx[n++] = i;
		}
		if (!accepting && !busy)
			return 0;
		if (accepting && free_slot) {
			pf[n].fd = lfd;
			pf[n].events = POLLIN;
			pf[n].revents = 0;
			idx[n++] = -1;
		}
		if (stdin_open && busy && stdin_ok) {
			pf[n].fd = 0;
			pf[n].events = POLLIN;
			pf[n].revents = 0;
			idx[n++] = -2;
		}
		rc = poll(pf, (nfds_t)n, 250);
		if (rc < 0 && errno != EINTR)
			return tool_error(CMD, "poll: %s", strerror(errno));
		for (i = 0; i < n; i++) {
			if (idx[i] == -1) {
				if (pf[i].revents & POLLIN)
					do_accept(s, lfd);
			} else if (idx[i] == -2) {
				if ((pf[i].revents & (POLLIN | POLLHUP)) && do_stdin(s) != 0)
					stdin_open = 0;
			} else {
				srv_slot *sl = &s->slots[idx[i]];
				if (sl->used && slot_run(s, sl, pf[i].revents) != 0)
					slot_drop(s, sl);
			}
		}
		/* new connections have had no turn yet; the timeouts need a turn without events */
		for (i = 0; i < SRV_SLOTS; i++) {
			srv_slot *sl = &s->slots[i];
			if (sl->used && slot_run(s, sl, 0) != 0)
				slot_drop(s, sl);
		}
	}
}

/* The chain sent: the -cert file's certificates, then -CAfile's issuers of the last one, up to (not
   including) a self-signed root, as openssl's automatic chain building finds them. */
static void build_chain(tlsnet_certs *ca, const uint8_t **chain, size_t *lens, size_t *n)
{
	size_t guard;

	for (guard = 0; guard < TLSNET_MAX_CERTS && *n < EMBER_TLS13_MAX_CHAIN; guard++) {
		ember_x509_cert last, x;
		size_t i;
		int found = 0;

		if (ember_x509_parse(&last, chain[*n - 1], lens[*n - 1]) != 0 ||
		    (last.issuer_len == last.subject_len && memcmp(last.issuer, last.subject, last.issuer_len) == 0))
			return;
		for (i = 0; i < ca->n && !found; i++) {
			if (ember_x509_parse(&x, ca->der[i], ca->len[i]) != 0 || x.subject_len != last.issuer_len ||
			    memcmp(x.subject, last.issuer, x.subject_len) != 0)
				continue;
			found = 1;
			if (x.issuer_len == x.subject_len && memcmp(x.issuer, x.subject, x.issuer_len) == 0)
				return;
			chain[*n] = ca->der[i];
			lens[(*n)++] = ca->len[i];
		}
		if (!found)
			return;
	}
}

int cmd_s_server(int argc, char **argv)
{
	const char *accept_arg = "4433", *cert = NULL, *keyf = NULL, *passin = NULL, *cafile = NULL;
	static tlsnet_lists lists;
	static const uint8_t *chain[EMBER_TLS13_MAX_CHAIN];
	static size_t lens[EMBER_TLS13_MAX_CHAIN];
	static tlsnet_certs certs, cas;
	static ember_pkey key;
	static uint8_t spki[EMBER_PKEY_MAX_DER];
	srv s;
	char bound[128];
	size_t i, n_chain = 0, spki_len = 0;
	int lfd, rc;
	pkey_in ki;
	ember_x509_cert leaf;

	memset(&s, 0, sizeof(s));
	s.naccept = -1;
	s.timeout_ms = 30000;
	memset(&lists, 0, sizeof(lists)); /* static (its arrays outlive the call); the prompt runs commands again */
	for (i = 1; i < (size_t)argc; i++) {
		const char *o = argv[i];
		int has_v = i + 1 < (size_t)argc;
		if (tlsnet_version_option(&lists, o))
			continue;
		if (strcmp(o, "-tls1_1") == 0 || strcmp(o, "-tls1") == 0 || strcmp(o, "-ssl3") == 0 ||
		    strcmp(o, "-dtls") == 0 || strcmp(o, "-dtls1_2") == 0)
			return tool_error(CMD, "%s: not supported (TLS 1.3 and TLS 1.2 only)", o);
		if (strcmp(o, "-www") == 0)
			s.mode = MODE_WWW;
		else if (strcmp(o, "-rev") == 0)
			s.mode = MODE_REV;
		else if (strcmp(o, "-echo") == 0)
			s.mode = MODE_ECHO;
		else if (strcmp(o, "-quiet") == 0)
			s.quiet = 1;
		else if (strcmp(o, "-state") == 0)
			s.state = 1;
		else if (strcmp(o, "-msg") == 0) {
			s.cfg.msg_cb = tlsnet_msg;
			s.cfg.msg_cb_arg = stdout;
		}
		else if (strcmp(o, "-help") == 0)
			return usage();
		else if (o[0] == '-' && has_v) {
			const char *v = argv[++i];
			char *end;
			if (strcmp(o, "-accept") == 0 || strcmp(o, "-port") == 0)
				accept_arg = v;
			else if (strcmp(o, "-cert") == 0)
				cert = v;
			else if (strcmp(o, "-key") == 0)
				keyf = v;
			else if (strcmp(o, "-pass") == 0 || strcmp(o, "-passin") == 0)
				passin = v;
			else if (strcmp(o, "-CAfile") == 0)
				cafile = v;
			else if (tlsnet_lists_option(&lists, o, v))
				continue;
			else if (strcmp(o, "-naccept") == 0) {
				s.naccept = strtol(v, &end, 10);
				if (*v == '\0' || *end != '\0' || s.naccept < 1 || s.naccept > 1000000000L)
					return tool_error(CMD, "-naccept %s: not a count from 1", v);
			} else if (strcmp(o, "-timeout") == 0) {
				long t = strtol(v, &end, 10);
				if (*v == '\0' || *end != '\0' || t < 0 || t > 86400)
					return tool_error(CMD, "-timeout %s: not seconds from 0 (none) to 86400", v);
				s.timeout_ms = (int)t * 1000;
			} else
				return tool_error(CMD, "unknown option %s (see ember s_server -help)", o);
		} else
			return tool_error(CMD, "%s: unknown option or missing value (see ember s_server -help)", o);
	}
	if (cert == NULL)
		return tool_error(CMD, "-cert FILE is required (the server's certificate)");
	if (keyf == NULL)
		keyf = cert; /* as openssl: the key may be in the certificate's file */
	if (tlsnet_lists_apply(CMD, &lists, &s.cfg))
		return 1;
	if (tlsnet_certs_load(CMD, "-cert", cert, &certs))
		return 1;
	if (cafile && tlsnet_certs_load(CMD, "-CAfile", cafile, &cas)) {
		tlsnet_certs_free(&certs);
		return 1;
	}
	memset(&ki, 0, sizeof(ki));
	ki.passin = passin;
	ki.has_passin = 1;
	rc = pkey_load_ex(CMD, keyf, &ki, &key);
	if (rc == 0 && !key.has_private)
		rc = tool_error(CMD, "-key %s: a public key; the server needs the private key", keyf);
	if (rc == 0 && (ember_x509_parse(&leaf, certs.der[0], certs.len[0]) != 0 ||
	                   ember_pkey_write(&key, EMBER_PKEY_SPKI, 0, spki, sizeof(spki), &spki_len) != 0 ||
	                   spki_len != leaf.spki_len || memcmp(spki, leaf.spki, spki_len) != 0))
		rc = tool_error(CMD, "-key %s: does not match the certificate of -cert %s", keyf, cert);
	if (rc != 0)
		goto out;
	for (i = 0; i < certs.n && n_chain < EMBER_TLS13_MAX_CHAIN; i++) {
		chain[n_chain] = certs.der[i];
		lens[n_chain++] = certs.len[i];
	}
	build_chain(&cas, chain, lens, &n_chain);
	s.cfg.chain = chain;
	s.cfg.chain_lens = lens;
	s.cfg.n_chain = n_chain;
	s.cfg.key = &key;
	s.slots = calloc(SRV_SLOTS, sizeof(srv_slot));
	if (s.slots == NULL) {
		rc = tool_error(CMD, "out of memory for %d connection slots", SRV_SLOTS);
		goto out;
	}
	{
		/* a configuration the engine refuses (no suite, group or scheme it supports) fails here,
		   before the first client */
		if (ember_tls13_server_init(&s.slots[0].c, &s.cfg, s.slots[0].buf, sizeof(s.slots[0].buf)) != 0) {
			rc = tool_error(CMD, "the TLS engine refuses this configuration (key type, -sigalgs, -groups)");
			goto out;
		}
		ember_tls13_conn_clear(&s.slots[0].c);
	}
	signal(SIGPIPE, SIG_IGN);
	{
		struct sigaction sa;
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_term;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGTERM, &sa, NULL); /* no SA_RESTART: poll returns EINTR at once */
	}
	lfd = tlsnet_listen(CMD, accept_arg, bound, sizeof(bound));
	if (lfd < 0) {
		rc = 1;
		goto out;
	}
	printf("ACCEPT %s\n", bound);
	fflush(stdout);
	rc = serve(&s, lfd);
	close(lfd);
out:
	free(s.slots);
	ember_pkey_clear(&key);
	tlsnet_certs_free(&certs);
	tlsnet_certs_free(&cas);
	return rc;
}
