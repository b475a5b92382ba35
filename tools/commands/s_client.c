/*
 * s_client.c - `ember s_client`: a TLS 1.3 and 1.2 client in openssl s_client's
 * words. It connects, runs the handshake, prints what openssl prints
 * (-brief: its lines), then copies standard input to the server and the
 * server's data to standard output until either side ends.
 *
 *   ember s_client [-connect host:port] [-servername name | -noservername]
 *       [-CAfile file] [-verify_return_error] [-groups list] [-sigalgs list]
 *       [-ciphersuites list] [-cipher list] [-maxfraglen len] [-tls1_3 | -tls1_2 | -no_tls1_3 | -no_tls1_2]
 *       [-brief] [-msg] [-quiet] [-timeout s]
 *
 * Verification: the engine checks the chain during the handshake against
 * -CAfile's anchors (and the name against -servername), so with -CAfile a
 * failed check always ends the handshake (openssl's -verify_return_error);
 * openssl would continue without it. Without -CAfile the chain is not
 * checked (EMBER_TLS13_NO_VERIFY) and the client says so as openssl says
 * "verify error"; -verify_return_error without -CAfile is refused.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ember/keys.h"
#include "ember/x509.h"
#include "tlsnet.h"
#include "tool.h"

#define CMD "s_client"

static int usage(void)
{
	fprintf(stderr, "usage: ember s_client [-connect host:port] [-servername name | -noservername] [-CAfile file]\n"
	                "                      [-verify_return_error] [-groups list] [-sigalgs list] [-ciphersuites list]\n"
	                "                      [-cipher list] [-maxfraglen 512|1024|2048|4096] [-tls1_3 | -tls1_2]\n"
	                "                      [-no_tls1_3 | -no_tls1_2] [-brief] [-msg] [-quiet] [-timeout seconds]\n");
	return 1;
}

static const char *sig_hash(uint16_t s)
{
	switch (s) {
	case EMBER_TLS_SIG_ECDSA_SECP256R1_SHA256:
	case EMBER_TLS_SIG_RSA_PSS_RSAE_SHA256:
		return "SHA256";
	case EMBER_TLS_SIG_ECDSA_SECP384R1_SHA384:
	case EMBER_TLS_SIG_RSA_PSS_RSAE_SHA384:
		return "SHA384";
	case EMBER_TLS_SIG_RSA_PSS_RSAE_SHA512:
		return "SHA512";
	default:
		return "UNDEF";
	}
}

static const char *sig_type(uint16_t s)
{
	switch (s) {
	case EMBER_TLS_SIG_ECDSA_SECP256R1_SHA256:
	case EMBER_TLS_SIG_ECDSA_SECP384R1_SHA384:
		return "ECDSA";
	case EMBER_TLS_SIG_RSA_PSS_RSAE_SHA256:
	case EMBER_TLS_SIG_RSA_PSS_RSAE_SHA384:
	case EMBER_TLS_SIG_RSA_PSS_RSAE_SHA512:
		return "RSA-PSS";
	case EMBER_TLS_SIG_ED25519:
		return "Ed25519";
	default:
		return ember_tls_sig_name(s) ? ember_tls_sig_name(s) : "?";
	}
}

/* The server's chain as the engine showed it (ember_tls13_config.peer_chain): each certificate's
   subject and issuer in openssl's one-line form, and the leaf's DER for the PEM block. */
#define NAME_CAP 1024
static struct peer {
	size_t n;
	char subject[EMBER_TLS13_MAX_CHAIN][NAME_CAP], issuer[EMBER_TLS13_MAX_CHAIN][NAME_CAP];
	uint8_t leaf[16384];
	size_t leaf_len; /* 0: longer than leaf[], not printed */
} peer;

static void name_line(char *out, const uint8_t *der, size_t len)
{
	if (ember_x509_name_oneline(out, NAME_CAP, der, len) != 0)
		snprintf(out, NAME_CAP, "(a name of %zu bytes this client cannot print)", len);
}

static void on_peer_chain(void *arg, const uint8_t *const *certs, const size_t *lens, size_t n)
{
	struct peer *p = arg;
	ember_x509_cert x;
	size_t i;

	p->n = n;
	for (i = 0; i < n; i++) {
		if (ember_x509_parse(&x, certs[i], lens[i]) == 0) {
			name_line(p->subject[i], x.subject, x.subject_len);
			name_line(p->issuer[i], x.issuer, x.issuer_len);
		} else {
			snprintf(p->subject[i], NAME_CAP, "(not a certificate this client parses)");
			p->issuer[i][0] = 0;
		}
	}
	p->leaf_len = lens[0] <= sizeof(p->leaf) ? lens[0] : 0;
	if (p->leaf_len)
		memcpy(p->leaf, certs[0], lens[0]);
}

/* openssl's "Certificate chain" and "Server certificate" blocks (without its a: and v: lines). */
static void print_chain(FILE *f)
{
	static char pem[16384 * 4 / 3 + 256];
	size_t i, pem_len = 0;

	fprintf(f, "---\nCertificate chain\n");
	for (i = 0; i < peer.n; i++)
		fprintf(f, " %zu s:%s\n   i:%s\n", i, peer.subject[i], peer.issuer[i]);
	fprintf(f, "---\nServer certificate\n");
	if (peer.leaf_len &&
	    ember_pem_encode("CERTIFICATE", peer.leaf, peer.leaf_len, pem, sizeof(pem), &pem_len) == 0)
		fwrite(pem, 1, pem_len, f);
	fprintf(f, "subject=%s\nissuer=%s\n", peer.subject[0], peer.issuer[0]);
}

/* What openssl prints once connected: -brief's lines on standard error; without -brief a
   summary of the same on standard output. */
static void print_connected(const ember_tls13_conn *c, int brief, int verified)
{
	const char *su = tlsnet_suite_name(c), *ver = tlsnet_version_name(c);
	uint16_t sig = ember_tls13_conn_sig(c), grp = ember_tls13_conn_group(c);
	int bits = 0;
	const char *gn = tlsnet_group_name(grp, &bits);
	FILE *f = brief ? stderr : stdout;

	if (brief) {
		fprintf(f, "CONNECTION ESTABLISHED\n");
		fprintf(f, "Protocol version: %s\n", ver);
		fprintf(f, "Ciphersuite: %s\n", su);
		fprintf(f, "Peer certificate: %s\n", peer.n ? peer.subject[0] : "?");
		fprintf(f, "Hash used: %s\n", sig_hash(sig));
		fprintf(f, "Signature type: %s\n", sig_type(sig));
		if (verified)
			fprintf(f, "Verification: OK\n");
		else
			fprintf(f, "Verification error: unable to get local issuer certificate (no -CAfile)\n");
	} else {
		if (peer.n)
			print_chain(f);
		fprintf(f, "---\nNew, %s, Cipher is %s\n", ver, su);
		fprintf(f, "Peer signing digest: %s\nPeer signature type: %s\n", sig_hash(sig), sig_type(sig));
	}
	if (bits)
		fprintf(f, "Server Temp Key: %s, %d bits\n", gn, bits);
	else if (ember_tls_conn_version(c) == 0x0304)
		fprintf(f, "Negotiated TLS1.3 group: %s\n", gn);
	if (!brief)
		fprintf(f, "Verify return code: %s\n---\n",
		    verified ? "0 (ok)" : "20 (unable to get local issuer certificate; no -CAfile)");
	fflush(f);
}

static void say_failure(const ember_tls13_conn *c, const char *host_arg)
{
	int from_peer = 0, a = ember_tls13_alert(c, &from_peer);
	const char *an = ember_tls_alert_name(a);

	if (a == EMBER_TLS_ALERT_NONE)
		tool_error(CMD, "%s: handshake failed: the server closed the connection", host_arg);
	else
		tool_error(CMD, "%s: handshake failed: alert %s %s", host_arg, an ? an : "?",
		    from_peer ? "received from the server" : "sent (the server's messages were refused)");
}

int cmd_s_client(int argc, char **argv)
{
	const char *connect_arg = "localhost:4433", *servername = NULL, *cafile = NULL;
	static tlsnet_lists lists;
	static tlsnet_certs cas;
	static ember_tls13_conn c;
	static tlsnet_io io;
	static uint8_t buf[EMBER_TLS13_CONN_BUF], data[EMBER_TLS_MAX_PLAINTEXT];
	const uint8_t *anchors[TLSNET_MAX_CERTS];
	ember_x509_verify_params vp;
	ember_tls13_config cfg;
	char host[256];
	int brief = 0, quiet = 0, ign_eof = 0, verify_err = 0, noservername = 0, timeout_s = 10;
	int fd, i, rc = 0, reported = 0, stdin_open = 1, closing = 0;
	int64_t deadline;
	size_t k;

	memset(&cfg, 0, sizeof(cfg));
	memset(&vp, 0, sizeof(vp));
	memset(&lists, 0, sizeof(lists)); /* static (its arrays outlive the call); the prompt runs commands again */
	memset(&peer, 0, sizeof(peer));
	cfg.peer_chain = on_peer_chain;
	cfg.peer_chain_arg = &peer;
	for (i = 1; i < argc; i++) {
		const char *o = argv[i];
		int has_v = i + 1 < argc;
		if (tlsnet_version_option(&lists, o))
			continue;
		if (strcmp(o, "-tls1_1") == 0 || strcmp(o, "-tls1") == 0 || strcmp(o, "-ssl3") == 0 ||
		    strcmp(o, "-dtls") == 0 || strcmp(o, "-dtls1_2") == 0)
			return tool_error(CMD, "%s: not supported (TLS 1.3 and TLS 1.2 only)", o);
		if (strcmp(o, "-brief") == 0)
			brief = 1;
		else if (strcmp(o, "-msg") == 0) {
			cfg.msg_cb = tlsnet_msg;
			cfg.msg_cb_arg = stdout;
		}
		else if (strcmp(o, "-quiet") == 0)
			quiet = ign_eof = 1; /* as openssl: -quiet implies -ign_eof */
		else if (strcmp(o, "-ign_eof") == 0)
			ign_eof = 1;
		else if (strcmp(o, "-no_ign_eof") == 0)
			ign_eof = 0;
		else if (strcmp(o, "-verify_return_error") == 0)
			verify_err = 1;
		else if (strcmp(o, "-noservername") == 0)
			noservername = 1;
		else if (strcmp(o, "-help") == 0)
			return usage();
		else if (o[0] == '-' && has_v) {
			const char *v = argv[++i];
			if (strcmp(o, "-connect") == 0)
				connect_arg = v;
			else if (strcmp(o, "-servername") == 0)
				servername = v;
			else if (strcmp(o, "-CAfile") == 0)
				cafile = v;
			else if (tlsnet_lists_option(&lists, o, v))
				continue;
			else if (strcmp(o, "-maxfraglen") == 0) {
				/* RFC 6066's four lengths, as openssl s_client -maxfraglen takes them */
				uint8_t code = strcmp(v, "512") == 0  ? 1 :
				               strcmp(v, "1024") == 0 ? 2 :
				               strcmp(v, "2048") == 0 ? 3 :
				               strcmp(v, "4096") == 0 ? 4 :
				                                        0;
				if (code == 0)
					return tool_error(CMD, "-maxfraglen %s: not 512, 1024, 2048 or 4096", v);
				cfg.max_fragment_length = code;
			} else if (strcmp(o, "-timeout") == 0) {
				char *end;
				long t = strtol(v, &end, 10);
				if (*v == '\0' || *end != '\0' || t < 1 || t > 86400)
					return tool_error(CMD, "-timeout %s: not seconds from 1 to 86400", v);
				timeout_s = (int)t;
			} else
				return tool_error(CMD, "unknown option %s (see ember s_client -help)", o);
		} else
			return tool_error(CMD, "%s: unknown option or missing value (see ember s_client -help)", o);
	}
	if (verify_err && cafile == NULL)
		return tool_error(CMD, "-verify_return_error needs -CAfile (Ember has no default trust store)");
	if (tlsnet_lists_apply(CMD, &lists, &cfg))
		return 1;
	if (cafile) {
		if (tlsnet_certs_load(CMD, "-CAfile", cafile, &cas))
			return 1;
		for (k = 0; k < cas.n; k++)
			anchors[k] = cas.der[k];
		vp.anchors = anchors;
		vp.anchor_lens = cas.len;
		vp.n_anchors = cas.n;
		vp.now = (int64_t)time(NULL);
		cfg.verify = &vp;
	} else
		cfg.flags |= EMBER_TLS13_NO_VERIFY;
	signal(SIGPIPE, SIG_IGN);
	deadline = tlsnet_now_ms() + (int64_t)timeout_s * 1000;
	fd = tlsnet_connect(CMD, connect_arg, timeout_s * 1000, host, sizeof(host));
	if (fd < 0) {
		tlsnet_certs_free(&cas);
		return 1;
	}
	if (servername == NULL && !noservername && !tlsnet_is_ip(host))
		servername = host; /* as openssl 3.0: the host name of -connect */
	cfg.server_name = noservername ? NULL : servername;
	vp.host = cfg.server_name;
	if (!brief && !quiet) {
		printf("CONNECTED(%08X)\n", (unsigned)fd);
		fflush(stdout);
	}
	io.fd = fd;
	if (ember_tls13_client_init(&c, &cfg, buf, sizeof(buf)) != 0) {
		rc = tool_error(CMD, "the TLS engine refuses this configuration (-groups, -sigalgs, -ciphersuites)");
		goto out;
	}
	for (;;) {
		struct pollfd pf[2];
		int n = 1, st, left;
		size_t got;

		tlsnet_feed(&io, &c);
		while (ember_tls13_read(&c, data, sizeof(data), &got) == 0 && got > 0) {
			if (fwrite(data, 1, got, stdout) != got)
				stdin_open = 0;
			fflush(stdout);
			tlsnet_feed(&io, &c);
		}
		if (tlsnet_flush(&io, &c) != 0) {
			rc = tool_error(CMD, "%s: send: %s", connect_arg, strerror(errno));
			goto out;
		}
		st = ember_tls13_state(&c);
		if (st == EMBER_TLS13_CONNECTED && !reported) {
			reported = 1;
			if (!quiet)
				print_connected(&c, brief, cafile != NULL);
			deadline = 0;
		}
		if (st == EMBER_TLS13_FAILED) {
			if (tlsnet_pending(&io, &c))
				tlsnet_flush(&io, &c);
			if (reported) {
				int fp = 0, a = ember_tls13_alert(&c, &fp);
				rc = tool_error(CMD, "%s: connection ended: alert %s %s", connect_arg,
				    ember_tls_alert_name(a) ? ember_tls_alert_name(a) : "?", fp ? "received" : "sent");
			} else {
				say_failure(&c, connect_arg);
				rc = 1;
			}
			goto out;
		}
		if (st == EMBER_TLS13_CLOSED || c.peer_closed) {
			if (c.peer_closed && !c.sent_close) {
				ember_tls13_close(&c);
				tlsnet_flush(&io, &c);
			}
			if (!tlsnet_pending(&io, &c) || io.eof)
				break;
		}
		if (io.eof && !tlsnet_pending(&io, &c)) { /* what is left in io.in is a record cut short */
			if (!reported) {
				rc = tool_error(CMD, "%s: the server closed the connection during the handshake", connect_arg);
				goto out;
			}
			if (!quiet)
				fprintf(stderr, "ember s_client: %s: the server closed the connection without close_notify\n",
				    connect_arg);
			break;
		}
		if (closing && !tlsnet_pending(&io, &c) && c.sent_close)
			break;
		pf[0].fd = fd;
		pf[0].events = tlsnet_want(&io, &c);
		pf[0].revents = 0;
		if (reported && stdin_open && !closing && !tlsnet_pending(&io, &c)) {
			pf[1].fd = 0;
			pf[1].events = POLLIN;
			pf[1].revents = 0;
			n = 2;
		}
		left = 1000;
		if (deadline) {
			int64_t d = deadline - tlsnet_now_ms();
			if (d <= 0) {
				rc = tool_error(CMD, "%s: %s timed out after %d s", connect_arg,
				    reported ? "closing" : "the handshake", timeout_s);
				goto out;
			}
			left = d < 1000 ? (int)d : 1000;
		}
		if (poll(pf, (nfds_t)n, left) < 0 && errno != EINTR) {
			rc = tool_error(CMD, "poll: %s", strerror(errno));
			goto out;
		}
		if (pf[0].revents & (POLLIN | POLLHUP | POLLERR)) {
			if (tlsnet_recv(&io, &c) != 0) {
				rc = tool_error(CMD, "%s: recv: %s", connect_arg, strerror(errno));
				goto out;
			}
		}
		if (n == 2 && (pf[1].revents & (POLLIN | POLLHUP | POLLERR))) {
			ssize_t r = read(0, data, sizeof(data));
			if (r > 0)
				tlsnet_send_app(&io, &c, data, (size_t)r);
			else if (r == 0 || errno != EINTR) {
				stdin_open = 0;
				if (!ign_eof) {
					/* as openssl without -ign_eof: close_notify at the end of input */
					ember_tls13_close(&c);
					closing = 1;
					deadline = tlsnet_now_ms() + (int64_t)timeout_s * 1000;
				}
			}
		}
	}
	if (brief)
		fprintf(stderr, "DONE\n");
out:
	close(fd);
	ember_tls13_conn_clear(&c);
	tlsnet_certs_free(&cas);
	return rc;
}
