/*
 * t_tls13_hs.c - TLS 1.3 handshakes between an Ember client and an Ember
 * server in memory (tls.h), with chains issued at test time (x509.h):
 *   tls13_hs_matrix: every group x signature scheme x suite completes, the
 *     client verifying the chain and the name; data both ways; close_notify;
 *   tls13_hs_hrr: the server wants a group the client did not share:
 *     HelloRetryRequest, then the handshake completes on that group; a
 *     server that accepts none of the client's groups ends it with
 *     handshake_failure;
 *   tls13_hs_fragments: output pulled a few bytes at a time (handshake
 *     messages split over many records) and input fed one byte at a time;
 *     a change_cipher_spec among the handshake records dropped;
 *   tls13_hs_keyupdate: KeyUpdate both ways, with and without
 *     update_requested, data after each;
 *   tls13_hs_verify: a wrong name, an unknown anchor, an expired leaf:
 *     the client ends with bad_certificate, unknown_ca,
 *     certificate_expired; the server sees the alert;
 *   tls13_hs_tamper: each byte of the server's flight changed in turn (a
 *     sample under -quick): the client never connects, and ends with an
 *     alert of RFC 8446; a wrong Finished or CertificateVerify signature
 *     (resealed under the right key) gives decrypt_error;
 *   tls13_hs_probe: the phase probe of ember_tls13_config sees every phase
 *     each side has, balanced and never nested.
 */
#include <stdlib.h>
#include <string.h>

#include "ember/keys.h"
#include "ember/mldsa.h"
#include "ember/tls.h"
#include "ember/x509.h"
#include "test.h"
#include "tlsutil.h"

#define HS_CV 15
#define HS_FIN 20

/* ---- Two connections joined by two pipes ---- */

typedef struct duo {
	ember_tls13_config ccfg, scfg;
	ember_x509_verify_params vp;
	const uint8_t *anchors[1];
	size_t anchor_lens[1];
	const uint8_t *chain[2];
	size_t chain_lens[2];
	ember_tls13_conn c, s;
	uint8_t cbuf[EMBER_TLS13_CONN_BUF], sbuf[EMBER_TLS13_CONN_BUF];
	tt_pipe c2s, s2c;
	size_t out_cap, in_step; /* how much each pull and each push moves (0: all) */
	size_t wmax;             /* send_recv: the longest record the write made */
} duo;

static duo *D;

static void duo_setup(duo *d, int key, const uint8_t *leaf, size_t leaf_len)
{
	memset(&d->ccfg, 0, sizeof(d->ccfg));
	memset(&d->scfg, 0, sizeof(d->scfg));
	memset(&d->vp, 0, sizeof(d->vp));
	d->anchors[0] = tt_pki.ca;
	d->anchor_lens[0] = tt_pki.ca_len;
	d->vp.anchors = d->anchors;
	d->vp.anchor_lens = d->anchor_lens;
	d->vp.n_anchors = 1;
	d->vp.now = tt_now;
	d->ccfg.verify = &d->vp;
	d->ccfg.server_name = "ember.test";
	d->chain[0] = leaf ? leaf : tt_pki.leaf[key];
	d->chain_lens[0] = leaf ? leaf_len : tt_pki.leaf_len[key];
	d->chain[1] = tt_pki.ca;
	d->chain_lens[1] = tt_pki.ca_len;
	d->scfg.chain = d->chain;
	d->scfg.chain_lens = d->chain_lens;
	d->scfg.n_chain = 2;
	d->scfg.key = &tt_pki.key[key];
	d->c2s.len = d->s2c.len = 0;
	d->out_cap = d->in_step = 0;
}

static int duo_start(duo *d)
{
	int rc = ember_tls13_client_init(&d->c, &d->ccfg, d->cbuf, sizeof(d->cbuf));
	int rs = ember_tls13_server_init(&d->s, &d->scfg, d->sbuf, sizeof(d->sbuf));

	return CHECK(rc == 0 && rs == 0, "init: client %d server %d", rc, rs);
}


/* Runs both sides until neither moves. */
static void run(duo *d)
{
	int rounds;

	for (rounds = 0; rounds < 10000000; rounds++) {
		size_t moved = tt_pull(&d->c, &d->c2s, d->out_cap) + tt_push(&d->s, &d->c2s, d->in_step) +
		    tt_pull(&d->s, &d->s2c, d->out_cap) + tt_push(&d->c, &d->s2c, d->in_step);

		if (moved == 0)
			break;
	}
}


static int connected(duo *d, const char *what)
{
	int ca, sa, cp, sp;

	ca = ember_tls13_alert(&d->c, &cp);
	sa = ember_tls13_alert(&d->s, &sp);
	return CHECK(ember_tls13_state(&d->c) == EMBER_TLS13_CONNECTED && ember_tls13_state(&d->s) == EMBER_TLS13_CONNECTED,
	    "%s: not connected: client state %d alert %s%s, server state %d alert %s%s", what,
	    ember_tls13_state(&d->c), tt_alert(ca), cp ? " (received)" : "", ember_tls13_state(&d->s),
	    tt_alert(sa), sp ? " (received)" : "");
}

/* Delivers |len| bytes of |from|'s pipe to |to| and reads them back; 1 when they all came. */
static int recv_all(duo *d, ember_tls13_conn *to, tt_pipe *p, uint8_t *got, size_t len)
{
	size_t total = 0, n;
	int rounds;

	(void)d;
	for (rounds = 0; rounds < 100000 && total < len; rounds++) {
		size_t moved = tt_push(to, p, 0);

		n = 0;
		ember_tls13_read(to, got + total, len - total, &n);
		total += n;
		if (moved == 0 && n == 0)
			break;
	}
	return total == len;
}

/* The longest record among the whole records in b[0..len) (the first one left out when skip_first). */
static size_t max_record(const uint8_t *b, size_t len, int skip_first)
{
	size_t off = 0, m = 0;

	while (off + EMBER_TLS_RECORD_HEADER_LEN <= len) {
		size_t l = (size_t)b[off + 3] << 8 | b[off + 4];

		if (!skip_first && l > m)
			m = l;
		skip_first = 0;
		off += EMBER_TLS_RECORD_HEADER_LEN + l;
	}
	return m;
}

static int send_recv(duo *d, int from_client, size_t len, const char *what)
{
	ember_tls13_conn *from = from_client ? &d->c : &d->s, *to = from_client ? &d->s : &d->c;
	tt_pipe *p = from_client ? &d->c2s : &d->s2c;
	uint8_t *msg = malloc(len), *got = malloc(len);
	size_t n = 0;
	int ret, ok;

	if (msg == NULL || got == NULL) {
		free(msg);
		free(got);
		return CHECK(0, "out of memory");
	}
	t_rand_bytes(msg, len);
	ret = ember_tls13_write(from, p->buf + p->len, sizeof(p->buf) - p->len, &n, msg, len);
	d->wmax = max_record(p->buf + p->len, n, 0);
	p->len += n;
	ok = CHECK(ret == 0, "%s: write %zu bytes: %d", what, len, ret) &&
	    CHECK(recv_all(d, to, p, got, len) && memcmp(msg, got, len) == 0, "%s: %zu bytes %s did not arrive intact",
	        what, len, from_client ? "client->server" : "server->client");
	free(msg);
	free(got);
	return ok;
}

static void closing(duo *d, const char *what)
{
	CHECK(ember_tls13_close(&d->c) == 0, "%s: close", what);
	run(d);
	CHECK(ember_tls13_state(&d->c) == EMBER_TLS13_CLOSED && ember_tls13_state(&d->s) == EMBER_TLS13_CLOSED,
	    "%s: after close_notify: client %d server %d", what, ember_tls13_state(&d->c), ember_tls13_state(&d->s));
}

static void duo_end(duo *d)
{
	ember_tls13_conn_clear(&d->c);
	ember_tls13_conn_clear(&d->s);
}

static int get_duo(void)
{
	if (D == NULL)
		D = calloc(1, sizeof(*D));
	return CHECK(D != NULL, "out of memory") && tt_make_pki();
}

static const uint16_t all_groups[] = { EMBER_TLS_GROUP_X25519, EMBER_TLS_GROUP_SECP256R1, EMBER_TLS_GROUP_SECP384R1,
	EMBER_TLS_GROUP_X25519MLKEM768 };

EMBER_TEST(tls13_hs_matrix)
{
	size_t k, g, s, done = 0;
	char what[160];

	if (!get_duo())
		return;
	for (k = 0; k < K_COUNT; k++)
		for (g = 0; g < sizeof(all_groups) / sizeof(all_groups[0]); g++)
			for (s = 0; s < 3; s++) {
				const ember_tls13_suite *su = ember_tls13_suite_at(s);

				snprintf(what, sizeof(what), "%s %s %s", ember_tls_group_name(all_groups[g]), tt_key_names[k],
				    su->name);
				duo_setup(D, (int)k, NULL, 0);
				D->ccfg.groups = &all_groups[g];
				D->ccfg.n_groups = 1;
				D->ccfg.suites = &su->id;
				D->ccfg.n_suites = 1;
				if (!duo_start(D))
					continue;
				run(D);
				if (connected(D, what)) {
					CHECK(ember_tls13_conn_group(&D->c) == all_groups[g] &&
					        ember_tls13_conn_group(&D->s) == all_groups[g] &&
					        ember_tls13_conn_suite(&D->c) == su && ember_tls13_conn_suite(&D->s) == su &&
					        ember_tls13_conn_sig(&D->c) == tt_key_sigs[k] && ember_tls13_conn_sig(&D->s) == tt_key_sigs[k] &&
					        !ember_tls13_conn_hrr(&D->c) && !ember_tls13_conn_hrr(&D->s),
					    "%s: negotiated group %04x/%04x sig %04x/%04x", what, ember_tls13_conn_group(&D->c),
					    ember_tls13_conn_group(&D->s), ember_tls13_conn_sig(&D->c), ember_tls13_conn_sig(&D->s));
					send_recv(D, 1, 100, what);
					send_recv(D, 0, t_quick ? 3000 : 40000, what);
					closing(D, what);
					done++;
				}
				duo_end(D);
			}
	t_note("%zu handshakes (groups x signatures x suites) completed", done);
}

static void hrr_case(const uint16_t *cg, size_t ncg, const uint16_t *sg, size_t nsg, uint16_t want)
{
	char what[96];

	snprintf(what, sizeof(what), "HRR client %s.. server %s", ember_tls_group_name(cg[0]), ember_tls_group_name(sg[0]));
	duo_setup(D, K_P256, NULL, 0);
	D->ccfg.groups = cg;
	D->ccfg.n_groups = ncg;
	D->scfg.groups = sg;
	D->scfg.n_groups = nsg;
	if (!duo_start(D))
		return;
	run(D);
	if (connected(D, what)) {
		CHECK(ember_tls13_conn_hrr(&D->c) && ember_tls13_conn_hrr(&D->s) && ember_tls13_conn_group(&D->c) == want &&
		        ember_tls13_conn_group(&D->s) == want,
		    "%s: hrr %d/%d group %04x/%04x", what, ember_tls13_conn_hrr(&D->c), ember_tls13_conn_hrr(&D->s),
		    ember_tls13_conn_group(&D->c), ember_tls13_conn_group(&D->s));
		send_recv(D, 1, 1000, what);
		send_recv(D, 0, 1000, what);
	}
	duo_end(D);
}

/* The side that failed sent |alert|, and the other received it. */
static void failed_with(duo *d, int client_sent, int alert, const char *what)
{
	ember_tls13_conn *snd = client_sent ? &d->c : &d->s, *rcv = client_sent ? &d->s : &d->c;
	int sp = 1, rp = 0, sa = ember_tls13_alert(snd, &sp), ra = ember_tls13_alert(rcv, &rp);

	CHECK(ember_tls13_state(snd) == EMBER_TLS13_FAILED && sa == alert && !sp,
	    "%s: %s: state %d alert %s (from peer %d), expected %s sent", what, client_sent ? "client" : "server",
	    ember_tls13_state(snd), tt_alert(sa), sp, tt_alert(alert));
	CHECK(ember_tls13_state(rcv) == EMBER_TLS13_FAILED && ra == alert && rp,
	    "%s: %s: state %d alert %s (from peer %d), expected %s received", what, client_sent ? "server" : "client",
	    ember_tls13_state(rcv), tt_alert(ra), rp, tt_alert(alert));
}

EMBER_TEST(tls13_hs_hrr)
{
	static const uint16_t x_p256[] = { EMBER_TLS_GROUP_X25519, EMBER_TLS_GROUP_SECP256R1 };
	static const uint16_t p256[] = { EMBER_TLS_GROUP_SECP256R1 };
	static const uint16_t x_hyb[] = { EMBER_TLS_GROUP_X25519, EMBER_TLS_GROUP_X25519MLKEM768 };
	static const uint16_t hyb[] = { EMBER_TLS_GROUP_X25519MLKEM768 };
	static const uint16_t x[] = { EMBER_TLS_GROUP_X25519 };
	static const uint16_t p384[] = { EMBER_TLS_GROUP_SECP384R1 };

	if (!get_duo())
		return;
	hrr_case(x_p256, 2, p256, 1, EMBER_TLS_GROUP_SECP256R1);
	hrr_case(x_hyb, 2, hyb, 1, EMBER_TLS_GROUP_X25519MLKEM768);
	/* nothing in common: handshake_failure from the server */
	duo_setup(D, K_P256, NULL, 0);
	D->ccfg.groups = x;
	D->ccfg.n_groups = 1;
	D->scfg.groups = p384;
	D->scfg.n_groups = 1;
	if (duo_start(D)) {
		run(D);
		failed_with(D, 0, EMBER_TLS_ALERT_HANDSHAKE_FAILURE, "no common group");
	}
	duo_end(D);
	/* no common suite */
	duo_setup(D, K_P256, NULL, 0);
	D->ccfg.suites = (const uint16_t[]){ 0x1301 };
	D->ccfg.n_suites = 1;
	D->scfg.suites = (const uint16_t[]){ 0x1303 };
	D->scfg.n_suites = 1;
	if (duo_start(D)) {
		run(D);
		failed_with(D, 0, EMBER_TLS_ALERT_HANDSHAKE_FAILURE, "no common suite");
	}
	duo_end(D);
	/* no signature scheme the server's key makes */
	duo_setup(D, K_P256, NULL, 0);
	D->ccfg.sig_schemes = (const uint16_t[]){ EMBER_TLS_SIG_ED25519 };
	D->ccfg.n_sig_schemes = 1;
	if (duo_start(D)) {
		run(D);
		failed_with(D, 0, EMBER_TLS_ALERT_HANDSHAKE_FAILURE, "no common signature scheme");
	}
	duo_end(D);
	/* a server flight larger than the server's smallest buffer: its internal_error goes in the
	 * clear, since its ServerHello never left and the client has no handshake key to read it */
	duo_setup(D, K_MLDSA65, NULL, 0);
	if (duo_start(D)) {
		int rs = ember_tls13_server_init(&D->s, &D->scfg, D->sbuf, EMBER_TLS_MAX_RECORD + EMBER_TLS13_MIN_HS_BUF);

		CHECK(rs == 0, "init: server with the smallest buffer: %d", rs);
		run(D);
		failed_with(D, 0, EMBER_TLS_ALERT_INTERNAL_ERROR, "server flight over its buffer");
	}
	duo_end(D);
}

EMBER_TEST(tls13_hs_fragments)
{
	static const uint8_t ccs[6] = { 20, 3, 3, 0, 1, 1 };
	size_t caps[] = { 23, 40, 300 }, i;
	char what[64];

	if (!get_duo())
		return;
	for (i = 0; i < sizeof(caps) / sizeof(caps[0]); i++) {
		snprintf(what, sizeof(what), "pulls of %zu bytes, pushes of 1", caps[i]);
		duo_setup(D, i == 2 ? K_MLDSA65 : K_P256, NULL, 0);
		if (!duo_start(D))
			continue;
		D->out_cap = caps[i];
		D->in_step = 1;
		run(D);
		if (connected(D, what)) {
			D->out_cap = D->in_step = 0;
			send_recv(D, 1, 5000, what);
			send_recv(D, 0, 5000, what);
		}
		duo_end(D);
	}
	/* a change_cipher_spec after the ClientHello and after the server's flight: dropped (RFC 8446 5) */
	duo_setup(D, K_P256, NULL, 0);
	if (duo_start(D)) {
		tt_pull(&D->c, &D->c2s, 0);
		memcpy(D->c2s.buf + D->c2s.len, ccs, sizeof(ccs));
		D->c2s.len += sizeof(ccs);
		tt_push(&D->s, &D->c2s, 0);
		tt_pull(&D->s, &D->s2c, 0);
		memmove(D->s2c.buf + 6, D->s2c.buf, D->s2c.len);
		memcpy(D->s2c.buf, ccs, sizeof(ccs));
		D->s2c.len += sizeof(ccs);
		run(D);
		if (connected(D, "change_cipher_spec dropped"))
			send_recv(D, 1, 10, "after change_cipher_spec");
	}
	duo_end(D);
	/* ... but not before the first ClientHello, nor once connected */
	duo_setup(D, K_P256, NULL, 0);
	if (duo_start(D)) {
		memcpy(D->c2s.buf, ccs, sizeof(ccs));
		D->c2s.len = sizeof(ccs);
		tt_push(&D->s, &D->c2s, 0);
		CHECK(ember_tls13_state(&D->s) == EMBER_TLS13_FAILED &&
		        ember_tls13_alert(&D->s, NULL) == EMBER_TLS_ALERT_UNEXPECTED_MESSAGE,
		    "change_cipher_spec before ClientHello: state %d alert %s", ember_tls13_state(&D->s),
		    tt_alert(ember_tls13_alert(&D->s, NULL)));
	}
	duo_end(D);
	duo_setup(D, K_P256, NULL, 0);
	if (duo_start(D)) {
		run(D);
		if (connected(D, "connected")) {
			memcpy(D->c2s.buf, ccs, sizeof(ccs));
			D->c2s.len = sizeof(ccs);
			run(D);
			CHECK(ember_tls13_state(&D->s) == EMBER_TLS13_FAILED &&
			        ember_tls13_alert(&D->s, NULL) == EMBER_TLS_ALERT_UNEXPECTED_MESSAGE,
			    "change_cipher_spec once connected: state %d alert %s", ember_tls13_state(&D->s),
			    tt_alert(ember_tls13_alert(&D->s, NULL)));
		}
	}
	duo_end(D);
}

/* run(), noting the longest record each side sends (the client's ClientHello left out) */
static void run_watch(duo *d, size_t *cmax, size_t *smax)
{
	int rounds, first = 1;

	*cmax = *smax = 0;
	for (rounds = 0; rounds < 1000000; rounds++) {
		size_t c0 = d->c2s.len, s0 = d->s2c.len, moved, m;

		moved = tt_pull(&d->c, &d->c2s, 0);
		m = max_record(d->c2s.buf + c0, d->c2s.len - c0, first && d->c2s.len > c0);
		first = first && d->c2s.len == c0;
		*cmax = m > *cmax ? m : *cmax;
		moved += tt_push(&d->s, &d->c2s, 0) + tt_pull(&d->s, &d->s2c, 0);
		m = max_record(d->s2c.buf + s0, d->s2c.len - s0, 0);
		*smax = m > *smax ? m : *smax;
		moved += tt_push(&d->c, &d->s2c, 0);
		if (moved == 0)
			break;
	}
}

/* max_fragment_length (RFC 6066) both ways, in the smallest client buffer, and its refusals */
EMBER_TEST(tls13_hs_mfl)
{
	static const uint8_t offer[] = { 0x00, 0x01, 0x00, 0x01, 0x01 };
	uint8_t code;
	int small;

	if (!get_duo())
		return;
	for (code = 1; code <= 4; code++)
		for (small = 0; small <= 1; small++) {
			size_t lim = ((size_t)1 << (8 + code)) + 1 + EMBER_TLS13_TAG_LEN, cmax, smax;
			size_t clen = small ? EMBER_TLS13_MFL_BUF(code) : sizeof(D->cbuf);
			char what[64];

			snprintf(what, sizeof(what), "max_fragment_length %u, %s buffer", code, small ? "smallest" : "full");
			duo_setup(D, K_P256, NULL, 0);
			D->ccfg.max_fragment_length = code;
			CHECK(ember_tls13_client_init(&D->c, &D->ccfg, D->cbuf, clen) == 0 &&
			        ember_tls13_server_init(&D->s, &D->scfg, D->sbuf, sizeof(D->sbuf)) == 0,
			    "%s: init", what);
			run_watch(D, &cmax, &smax);
			if (connected(D, what)) {
				CHECK(D->c.mfl == code && D->s.mfl == code, "%s: in force: client %u server %u", what, D->c.mfl,
				    D->s.mfl);
				CHECK(cmax <= lim && smax <= lim && smax > 0, "%s: handshake records: client %zu server %zu (limit %zu)",
				    what, cmax, smax, lim);
				if (send_recv(D, 1, 5000, what))
					CHECK(D->wmax == lim, "%s: client data records %zu, limit %zu", what, D->wmax, lim);
				if (send_recv(D, 0, 5000, what))
					CHECK(D->wmax == lim, "%s: server data records %zu, limit %zu", what, D->wmax, lim);
			}
			duo_end(D);
		}
	/* a client record over the limit: record_overflow from the server */
	duo_setup(D, K_P256, NULL, 0);
	D->ccfg.max_fragment_length = 1;
	if (duo_start(D)) {
		run(D);
		if (connected(D, "client over the limit")) {
			static uint8_t big[3000];
			size_t n = 0;

			D->c.peer_rsl = 0; /* the client forgets the limit */
			CHECK(ember_tls13_write(&D->c, D->c2s.buf + D->c2s.len, sizeof(D->c2s.buf) - D->c2s.len, &n, big,
			          sizeof(big)) == 0 && max_record(D->c2s.buf + D->c2s.len, n, 0) > 513 + EMBER_TLS13_TAG_LEN,
			    "client over the limit: one record of %zu bytes", n);
			D->c2s.len += n;
			run(D);
			failed_with(D, 0, EMBER_TLS_ALERT_RECORD_OVERFLOW, "client over the limit");
		}
	}
	duo_end(D);
	/* beside a record_size_limit the server answers, max_fragment_length is ignored (RFC 8449 5): a
	   client in the smallest buffer then cannot take the server's records */
	duo_setup(D, K_P256, NULL, 0);
	D->ccfg.max_fragment_length = 1;
	D->ccfg.record_size_limit = D->scfg.record_size_limit = 16385;
	if (CHECK(ember_tls13_client_init(&D->c, &D->ccfg, D->cbuf, EMBER_TLS13_MFL_BUF(1)) == 0 &&
	            ember_tls13_server_init(&D->s, &D->scfg, D->sbuf, sizeof(D->sbuf)) == 0,
	        "record_size_limit wins: init")) {
		run(D);
		failed_with(D, 1, EMBER_TLS_ALERT_RECORD_OVERFLOW, "record_size_limit wins, small client buffer");
	}
	duo_end(D);
	/* an offer of another value than RFC 6066's four: illegal_parameter */
	for (code = 0; code <= 5; code += 5) {
		duo_setup(D, K_P256, NULL, 0);
		D->ccfg.max_fragment_length = 1;
		if (duo_start(D)) {
			size_t i;

			tt_pull(&D->c, &D->c2s, 0);
			for (i = 0; i + sizeof(offer) <= D->c2s.len && memcmp(D->c2s.buf + i, offer, sizeof(offer)) != 0; i++)
				;
			if (CHECK(i + sizeof(offer) <= D->c2s.len, "the offer in the ClientHello")) {
				D->c2s.buf[i + sizeof(offer) - 1] = code;
				run(D);
				CHECK(ember_tls13_state(&D->s) == EMBER_TLS13_FAILED &&
				        ember_tls13_alert(&D->s, NULL) == EMBER_TLS_ALERT_ILLEGAL_PARAMETER,
				    "max_fragment_length %u offered: server state %d alert %s", code, ember_tls13_state(&D->s),
				    tt_alert(ember_tls13_alert(&D->s, NULL)));
			}
		}
		duo_end(D);
	}
	/* configurations refused at init */
	duo_setup(D, K_P256, NULL, 0);
	D->ccfg.max_fragment_length = 5;
	CHECK(ember_tls13_client_init(&D->c, &D->ccfg, D->cbuf, sizeof(D->cbuf)) == EMBER_EINVAL, "client code 5");
	D->ccfg.max_fragment_length = 2;
	CHECK(ember_tls13_client_init(&D->c, &D->ccfg, D->cbuf, EMBER_TLS13_MFL_BUF(2) - 1) == EMBER_ELEN,
	    "client buffer one byte under EMBER_TLS13_MFL_BUF(2)");
	D->scfg.max_fragment_length = 1;
	CHECK(ember_tls13_server_init(&D->s, &D->scfg, D->sbuf, sizeof(D->sbuf)) == EMBER_EINVAL,
	    "server with max_fragment_length set");
	duo_end(D);
}

EMBER_TEST(tls13_hs_keyupdate)
{
	int round;

	if (!get_duo())
		return;
	duo_setup(D, K_ED25519, NULL, 0);
	if (!duo_start(D))
		return;
	run(D);
	if (!connected(D, "keyupdate"))
		return;
	for (round = 0; round < 4; round++) {
		ember_tls13_conn *who = round & 1 ? &D->s : &D->c;
		int request = round < 2;
		uint64_t seq_c = D->c.wr.seq, seq_s = D->s.wr.seq;

		CHECK(ember_tls13_key_update(who, request) == 0, "key_update %d", round);
		run(D);
		CHECK(ember_tls13_state(&D->c) == EMBER_TLS13_CONNECTED && ember_tls13_state(&D->s) == EMBER_TLS13_CONNECTED,
		    "round %d: states %d %d", round, ember_tls13_state(&D->c), ember_tls13_state(&D->s));
		/* the updater's write key is new (sequence 0); with update_requested the peer's too */
		CHECK(((round & 1) ? D->s.wr.seq : D->c.wr.seq) == 0, "round %d: updater's sequence number %llu", round,
		    (unsigned long long)((round & 1) ? D->s.wr.seq : D->c.wr.seq));
		CHECK(request ? ((round & 1) ? D->c.wr.seq : D->s.wr.seq) == 0 :
		                ((round & 1) ? D->c.wr.seq == seq_c : D->s.wr.seq == seq_s),
		    "round %d: the peer's write key %s", round, request ? "not updated" : "updated unasked");
		send_recv(D, 1, 2000, "after KeyUpdate");
		send_recv(D, 0, 2000, "after KeyUpdate");
	}
	duo_end(D);
}

static void verify_case(int anchor_other, const char *name, const uint8_t *leaf, size_t leaf_len, int alert,
    const char *what)
{
	duo_setup(D, K_P256, leaf, leaf_len);
	if (anchor_other) {
		D->anchors[0] = tt_pki.other_ca;
		D->anchor_lens[0] = tt_pki.other_ca_len;
	}
	D->ccfg.server_name = name;
	if (!duo_start(D))
		return;
	run(D);
	failed_with(D, 1, alert, what);
	duo_end(D);
}

EMBER_TEST(tls13_hs_verify)
{
	if (!get_duo())
		return;
	verify_case(0, "other.test", NULL, 0, EMBER_TLS_ALERT_BAD_CERTIFICATE, "wrong server name");
	if (tt_make_other_ca(0))
		verify_case(1, "ember.test", NULL, 0, EMBER_TLS_ALERT_UNKNOWN_CA, "anchor of another CA");
	/* an anchor of the issuer's name and another key: the chain's signature fails */
	if (tt_make_other_ca(1))
		verify_case(1, "ember.test", NULL, 0, EMBER_TLS_ALERT_BAD_CERTIFICATE, "anchor of another CA, same name");
	verify_case(0, "ember.test", tt_pki.expired, tt_pki.expired_len, EMBER_TLS_ALERT_CERTIFICATE_EXPIRED, "expired leaf");
	/* the server signs with a key that is not its certificate's */
	duo_setup(D, K_P256, NULL, 0);
	D->scfg.key = &tt_pki.ca_key;
	if (duo_start(D)) {
		run(D);
		failed_with(D, 1, EMBER_TLS_ALERT_DECRYPT_ERROR, "CertificateVerify by another key");
	}
	duo_end(D);
}

/* The message of |type| in the plaintext flight |f| (len bytes), or NULL. */
static uint8_t *find_msg(uint8_t *f, size_t len, uint8_t type, size_t *mlen)
{
	size_t at = 0;

	while (at + 4 <= len) {
		size_t l = (size_t)f[at + 1] << 16 | (size_t)f[at + 2] << 8 | f[at + 3];

		if (f[at] == type) {
			*mlen = 4 + l;
			return f + at;
		}
		at += 4 + l;
	}
	return NULL;
}

static int alert_of_8446(int a)
{
	switch (a) {
	case EMBER_TLS_ALERT_BAD_RECORD_MAC:
	case EMBER_TLS_ALERT_DECODE_ERROR:
	case EMBER_TLS_ALERT_ILLEGAL_PARAMETER:
	case EMBER_TLS_ALERT_UNEXPECTED_MESSAGE:
	case EMBER_TLS_ALERT_RECORD_OVERFLOW:
	case EMBER_TLS_ALERT_DECRYPT_ERROR:
	case EMBER_TLS_ALERT_PROTOCOL_VERSION:
	case EMBER_TLS_ALERT_UNSUPPORTED_EXTENSION:
	case EMBER_TLS_ALERT_MISSING_EXTENSION:
	case EMBER_TLS_ALERT_HANDSHAKE_FAILURE:
		return 1;
	default:
		return 0;
	}
}

EMBER_TEST(tls13_hs_tamper)
{
	size_t flight = 0, i, step, mlen = 0, bad = 0;
	uint8_t *m;

	if (!get_duo())
		return;
	/* the size of the server's flight */
	duo_setup(D, K_P256, NULL, 0);
	if (!duo_start(D))
		return;
	tt_pull(&D->c, &D->c2s, 0);
	tt_push(&D->s, &D->c2s, 0);
	flight = tt_pull(&D->s, &D->s2c, 0) + 2; /* the ECDSA signature may be longer next time */
	duo_end(D);
	CHECK(flight > 500, "server flight of %zu bytes", flight);
	step = t_quick ? flight / 61 + 1 : 1;
	for (i = 0; i < flight; i += step) {
		size_t r = 0;
		int a, version_byte = 0;

		duo_setup(D, K_P256, NULL, 0);
		if (!duo_start(D))
			break;
		tt_pull(&D->c, &D->c2s, 0);
		tt_push(&D->s, &D->c2s, 0);
		tt_pull(&D->s, &D->s2c, 0);
		if (i >= D->s2c.len) { /* this flight is shorter (the ECDSA signature's DER length varies) */
			duo_end(D);
			continue;
		}
		while (r + 5 <= D->s2c.len && r + 5 + ((size_t)D->s2c.buf[r + 3] << 8 | D->s2c.buf[r + 4]) <= i)
			r += 5 + ((size_t)D->s2c.buf[r + 3] << 8 | D->s2c.buf[r + 4]);
		/* legacy_record_version: ignored in a plaintext record (5.1); a protected one's header is authenticated */
		version_byte = (i == r + 1 || i == r + 2) && D->s2c.buf[r] == EMBER_TLS_CT_HANDSHAKE;
		D->s2c.buf[i] ^= (uint8_t)(1u << (i % 8));
		run(D);
		a = ember_tls13_alert(&D->c, NULL);
		if (version_byte) {
			CHECK(ember_tls13_state(&D->c) == EMBER_TLS13_CONNECTED, "record version byte %zu changed: state %d alert %s",
			    i, ember_tls13_state(&D->c), tt_alert(a));
		} else if (!CHECK(ember_tls13_state(&D->c) != EMBER_TLS13_CONNECTED &&
		            (ember_tls13_state(&D->c) == EMBER_TLS13_HANDSHAKE || alert_of_8446(a)),
		        "flight byte %zu changed: client state %d alert %s", i, ember_tls13_state(&D->c), tt_alert(a)))
			bad++;
		duo_end(D);
		if (bad > 5)
			break;
	}
	/* a wrong server Finished, a wrong CertificateVerify signature: sealed under the right keys */
	for (i = 0; i < 2; i++) {
		uint8_t type = i ? HS_CV : HS_FIN;

		duo_setup(D, K_P256, NULL, 0);
		if (!duo_start(D))
			break;
		tt_pull(&D->c, &D->c2s, 0);
		tt_push(&D->s, &D->c2s, 0);
		m = find_msg(D->s.hs + D->s.out_plain, D->s.out_end - D->s.out_plain, type, &mlen);
		if (CHECK(m != NULL, "message %u in the flight", type)) {
			m[mlen - 5] ^= 0x01; /* the last bytes of verify_data, of the DER signature */
			run(D);
			failed_with(D, 1, EMBER_TLS_ALERT_DECRYPT_ERROR, i ? "CertificateVerify changed" : "Finished changed");
		}
		duo_end(D);
	}
	/* a wrong client Finished */
	duo_setup(D, K_P256, NULL, 0);
	if (duo_start(D)) {
		tt_pull(&D->c, &D->c2s, 0);
		tt_push(&D->s, &D->c2s, 0);
		tt_pull(&D->s, &D->s2c, 0);
		tt_push(&D->c, &D->s2c, 0);
		m = find_msg(D->c.hs + D->c.out_plain, D->c.out_end - D->c.out_plain, HS_FIN, &mlen);
		if (CHECK(m != NULL, "client Finished in its flight")) {
			m[mlen - 1] ^= 0x80;
			run(D);
			failed_with(D, 0, EMBER_TLS_ALERT_DECRYPT_ERROR, "client Finished changed");
		}
	}
	duo_end(D);
}

/* ---- The phase probe (ember_tls13_config.probe) ---- */

typedef struct probe_log {
	int open;                                   /* the phase begun and not ended, -1: none */
	unsigned begins[EMBER_TLS13_PH_COUNT], ends[EMBER_TLS13_PH_COUNT];
	unsigned bad;                               /* nested, unbalanced or out-of-range calls */
	char why[120];
} probe_log;

static void probe_record(void *arg, int phase, int end)
{
	probe_log *l = arg;

	if (phase < 0 || phase >= EMBER_TLS13_PH_COUNT || (end != 0 && end != 1)) {
		if (!l->bad++)
			snprintf(l->why, sizeof(l->why), "probe(%d, %d): out of range", phase, end);
		return;
	}
	if (end == 0) {
		if (l->open != -1 && !l->bad++)
			snprintf(l->why, sizeof(l->why), "phase %d begun inside phase %d", phase, l->open);
		l->open = phase;
		l->begins[phase]++;
	} else {
		if (l->open != phase && !l->bad++)
			snprintf(l->why, sizeof(l->why), "phase %d ended while %d was open", phase, l->open);
		l->open = -1;
		l->ends[phase]++;
	}
}

static void probe_check(const probe_log *l, int server, const char *what)
{
	static const char *const names[EMBER_TLS13_PH_COUNT] = { "kex", "sign", "verify", "keysched", "transcript",
		"record" };
	const char *side = server ? "server" : "client";
	int ph;

	CHECK(l->bad == 0 && l->open == -1, "%s, %s: %u bad probe calls (%s), phase %d left open", what, side, l->bad,
	    l->why, l->open);
	for (ph = 0; ph < EMBER_TLS13_PH_COUNT; ph++) {
		/* the client signs nothing (no client certificate), the server verifies nothing */
		int want = !((ph == EMBER_TLS13_PH_SIGN && !server) || (ph == EMBER_TLS13_PH_VERIFY && server));

		CHECK(l->begins[ph] == l->ends[ph], "%s, %s: phase %s begun %u times, ended %u", what, side, names[ph],
		    l->begins[ph], l->ends[ph]);
		CHECK(want ? l->begins[ph] > 0 : l->begins[ph] == 0, "%s, %s: phase %s seen %u times, expected %s", what,
		    side, names[ph], l->begins[ph], want ? "some" : "none");
	}
}

/*
 * tls13_hs_probe: a full handshake (and one through a HelloRetryRequest),
 * data both ways and close_notify with a probe on each side: every phase
 * each side has is seen, begins and ends balance, and no phase begins
 * inside another.
 */
EMBER_TEST(tls13_hs_probe)
{
	static const uint16_t cg[] = { EMBER_TLS_GROUP_X25519, EMBER_TLS_GROUP_SECP256R1 };
	static const uint16_t sg[] = { EMBER_TLS_GROUP_SECP256R1 };
	probe_log cl, sl;
	int hrr;

	if (!get_duo())
		return;
	for (hrr = 0; hrr < 2; hrr++) {
		const char *what = hrr ? "probe, HelloRetryRequest" : "probe";

		memset(&cl, 0, sizeof(cl));
		memset(&sl, 0, sizeof(sl));
		cl.open = sl.open = -1;
		duo_setup(D, K_RSA, NULL, 0);
		D->ccfg.probe = probe_record;
		D->ccfg.probe_arg = &cl;
		D->scfg.probe = probe_record;
		D->scfg.probe_arg = &sl;
		if (hrr) {
			D->ccfg.groups = cg;
			D->ccfg.n_groups = 2;
			D->scfg.groups = sg;
			D->scfg.n_groups = 1;
		}
		if (!duo_start(D))
			continue;
		run(D);
		if (connected(D, what)) {
			CHECK(ember_tls13_conn_hrr(&D->c) == hrr, "%s: hrr %d", what, ember_tls13_conn_hrr(&D->c));
			send_recv(D, 1, 100, what);
			send_recv(D, 0, 100, what);
			CHECK(ember_tls13_key_update(&D->c, 1) == 0, "%s: key_update", what);
			run(D);
			send_recv(D, 0, 100, what);
			closing(D, what);
			probe_check(&cl, 0, what);
			probe_check(&sl, 1, what);
		}
		duo_end(D);
	}
}
