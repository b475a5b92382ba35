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

static const uint16_t all_groups[] = { EMBER_TLS_GROUP_X25519, EMBER_TLS_GROUP_SECP256R1, EMBER_TLS_GROUP_SECP384R1,
	EMBER_TLS_GROUP_X25519MLKEM768 };

EMBER_TEST(tls13_hs_matrix)
{
	size_t k, g, s, done = 0;
	char what[160];

	if (!tt_get_duo())
		return;
	for (k = 0; k < K_COUNT; k++)
		for (g = 0; g < sizeof(all_groups) / sizeof(all_groups[0]); g++)
			for (s = 0; s < 3; s++) {
				const ember_tls13_suite *su = ember_tls13_suite_at(s);

				snprintf(what, sizeof(what), "%s %s %s", ember_tls_group_name(all_groups[g]), tt_key_names[k],
				    su->name);
				tt_duo_setup(tt_D, (int)k, NULL, 0);
				tt_D->ccfg.groups = &all_groups[g];
				tt_D->ccfg.n_groups = 1;
				tt_D->ccfg.suites = &su->id;
				tt_D->ccfg.n_suites = 1;
				if (!tt_duo_start(tt_D))
					continue;
				tt_duo_run(tt_D);
				if (tt_duo_connected(tt_D, what)) {
					CHECK(ember_tls13_conn_group(&tt_D->c) == all_groups[g] &&
					        ember_tls13_conn_group(&tt_D->s) == all_groups[g] &&
					        ember_tls13_conn_suite(&tt_D->c) == su && ember_tls13_conn_suite(&tt_D->s) == su &&
					        ember_tls13_conn_sig(&tt_D->c) == tt_key_sigs[k] && ember_tls13_conn_sig(&tt_D->s) == tt_key_sigs[k] &&
					        !ember_tls13_conn_hrr(&tt_D->c) && !ember_tls13_conn_hrr(&tt_D->s),
					    "%s: negotiated group %04x/%04x sig %04x/%04x", what, ember_tls13_conn_group(&tt_D->c),
					    ember_tls13_conn_group(&tt_D->s), ember_tls13_conn_sig(&tt_D->c), ember_tls13_conn_sig(&tt_D->s));
					tt_duo_send_recv(tt_D, 1, 100, what);
					tt_duo_send_recv(tt_D, 0, t_quick ? 3000 : 40000, what);
					tt_duo_close(tt_D, what);
					done++;
				}
				tt_duo_end(tt_D);
			}
	t_note("%zu handshakes (groups x signatures x suites) completed", done);
}

static void hrr_case(const uint16_t *cg, size_t ncg, const uint16_t *sg, size_t nsg, uint16_t want)
{
	char what[96];

	snprintf(what, sizeof(what), "HRR client %s.. server %s", ember_tls_group_name(cg[0]), ember_tls_group_name(sg[0]));
	tt_duo_setup(tt_D, K_P256, NULL, 0);
	tt_D->ccfg.groups = cg;
	tt_D->ccfg.n_groups = ncg;
	tt_D->scfg.groups = sg;
	tt_D->scfg.n_groups = nsg;
	if (!tt_duo_start(tt_D))
		return;
	tt_duo_run(tt_D);
	if (tt_duo_connected(tt_D, what)) {
		CHECK(ember_tls13_conn_hrr(&tt_D->c) && ember_tls13_conn_hrr(&tt_D->s) && ember_tls13_conn_group(&tt_D->c) == want &&
		        ember_tls13_conn_group(&tt_D->s) == want,
		    "%s: hrr %d/%d group %04x/%04x", what, ember_tls13_conn_hrr(&tt_D->c), ember_tls13_conn_hrr(&tt_D->s),
		    ember_tls13_conn_group(&tt_D->c), ember_tls13_conn_group(&tt_D->s));
		tt_duo_send_recv(tt_D, 1, 1000, what);
		tt_duo_send_recv(tt_D, 0, 1000, what);
	}
	tt_duo_end(tt_D);
}

EMBER_TEST(tls13_hs_hrr)
{
	static const uint16_t x_p256[] = { EMBER_TLS_GROUP_X25519, EMBER_TLS_GROUP_SECP256R1 };
	static const uint16_t p256[] = { EMBER_TLS_GROUP_SECP256R1 };
	static const uint16_t x_hyb[] = { EMBER_TLS_GROUP_X25519, EMBER_TLS_GROUP_X25519MLKEM768 };
	static const uint16_t hyb[] = { EMBER_TLS_GROUP_X25519MLKEM768 };
	static const uint16_t x[] = { EMBER_TLS_GROUP_X25519 };
	static const uint16_t p384[] = { EMBER_TLS_GROUP_SECP384R1 };

	if (!tt_get_duo())
		return;
	hrr_case(x_p256, 2, p256, 1, EMBER_TLS_GROUP_SECP256R1);
	hrr_case(x_hyb, 2, hyb, 1, EMBER_TLS_GROUP_X25519MLKEM768);
	/* nothing in common: handshake_failure from the server */
	tt_duo_setup(tt_D, K_P256, NULL, 0);
	tt_D->ccfg.groups = x;
	tt_D->ccfg.n_groups = 1;
	tt_D->scfg.groups = p384;
	tt_D->scfg.n_groups = 1;
	if (tt_duo_start(tt_D)) {
		tt_duo_run(tt_D);
		tt_duo_failed_with(tt_D, 0, EMBER_TLS_ALERT_HANDSHAKE_FAILURE, "no common group");
	}
	tt_duo_end(tt_D);
	/* no common suite */
	tt_duo_setup(tt_D, K_P256, NULL, 0);
	tt_D->ccfg.suites = (const uint16_t[]){ 0x1301 };
	tt_D->ccfg.n_suites = 1;
	tt_D->scfg.suites = (const uint16_t[]){ 0x1303 };
	tt_D->scfg.n_suites = 1;
	if (tt_duo_start(tt_D)) {
		tt_duo_run(tt_D);
		tt_duo_failed_with(tt_D, 0, EMBER_TLS_ALERT_HANDSHAKE_FAILURE, "no common suite");
	}
	tt_duo_end(tt_D);
	/* no signature scheme the server's key makes */
	tt_duo_setup(tt_D, K_P256, NULL, 0);
	tt_D->ccfg.sig_schemes = (const uint16_t[]){ EMBER_TLS_SIG_ED25519 };
	tt_D->ccfg.n_sig_schemes = 1;
	if (tt_duo_start(tt_D)) {
		tt_duo_run(tt_D);
		tt_duo_failed_with(tt_D, 0, EMBER_TLS_ALERT_HANDSHAKE_FAILURE, "no common signature scheme");
	}
	tt_duo_end(tt_D);
	/* a server flight larger than the server's smallest buffer: its internal_error goes in the
	 * clear, since its ServerHello never left and the client has no handshake key to read it */
	tt_duo_setup(tt_D, K_MLDSA65, NULL, 0);
	if (tt_duo_start(tt_D)) {
		int rs = ember_tls13_server_init(&tt_D->s, &tt_D->scfg, tt_D->sbuf, EMBER_TLS_MAX_RECORD + EMBER_TLS13_MIN_HS_BUF);

		CHECK(rs == 0, "init: server with the smallest buffer: %d", rs);
		tt_duo_run(tt_D);
		tt_duo_failed_with(tt_D, 0, EMBER_TLS_ALERT_INTERNAL_ERROR, "server flight over its buffer");
	}
	tt_duo_end(tt_D);
}

EMBER_TEST(tls13_hs_fragments)
{
	static const uint8_t ccs[6] = { 20, 3, 3, 0, 1, 1 };
	size_t caps[] = { 23, 40, 300 }, i;
	char what[64];

	if (!tt_get_duo())
		return;
	for (i = 0; i < sizeof(caps) / sizeof(caps[0]); i++) {
		snprintf(what, sizeof(what), "pulls of %zu bytes, pushes of 1", caps[i]);
		tt_duo_setup(tt_D, i == 2 ? K_MLDSA65 : K_P256, NULL, 0);
		if (!tt_duo_start(tt_D))
			continue;
		tt_D->out_cap = caps[i];
		tt_D->in_step = 1;
		tt_duo_run(tt_D);
		if (tt_duo_connected(tt_D, what)) {
			tt_D->out_cap = tt_D->in_step = 0;
			tt_duo_send_recv(tt_D, 1, 5000, what);
			tt_duo_send_recv(tt_D, 0, 5000, what);
		}
		tt_duo_end(tt_D);
	}
	/* a change_cipher_spec after the ClientHello and after the server's flight: dropped (RFC 8446 5) */
	tt_duo_setup(tt_D, K_P256, NULL, 0);
	if (tt_duo_start(tt_D)) {
		tt_pull(&tt_D->c, &tt_D->c2s, 0);
		memcpy(tt_D->c2s.buf + tt_D->c2s.len, ccs, sizeof(ccs));
		tt_D->c2s.len += sizeof(ccs);
		tt_push(&tt_D->s, &tt_D->c2s, 0);
		tt_pull(&tt_D->s, &tt_D->s2c, 0);
		memmove(tt_D->s2c.buf + 6, tt_D->s2c.buf, tt_D->s2c.len);
		memcpy(tt_D->s2c.buf, ccs, sizeof(ccs));
		tt_D->s2c.len += sizeof(ccs);
		tt_duo_run(tt_D);
		if (tt_duo_connected(tt_D, "change_cipher_spec dropped"))
			tt_duo_send_recv(tt_D, 1, 10, "after change_cipher_spec");
	}
	tt_duo_end(tt_D);
	/* ... but not before the first ClientHello, nor once connected */
	tt_duo_setup(tt_D, K_P256, NULL, 0);
	if (tt_duo_start(tt_D)) {
		memcpy(tt_D->c2s.buf, ccs, sizeof(ccs));
		tt_D->c2s.len = sizeof(ccs);
		tt_push(&tt_D->s, &tt_D->c2s, 0);
		CHECK(ember_tls13_state(&tt_D->s) == EMBER_TLS13_FAILED &&
		        ember_tls13_alert(&tt_D->s, NULL) == EMBER_TLS_ALERT_UNEXPECTED_MESSAGE,
		    "change_cipher_spec before ClientHello: state %d alert %s", ember_tls13_state(&tt_D->s),
		    tt_alert(ember_tls13_alert(&tt_D->s, NULL)));
	}
	tt_duo_end(tt_D);
	tt_duo_setup(tt_D, K_P256, NULL, 0);
	if (tt_duo_start(tt_D)) {
		tt_duo_run(tt_D);
		if (tt_duo_connected(tt_D, "connected")) {
			memcpy(tt_D->c2s.buf, ccs, sizeof(ccs));
			tt_D->c2s.len = sizeof(ccs);
			tt_duo_run(tt_D);
			CHECK(ember_tls13_state(&tt_D->s) == EMBER_TLS13_FAILED &&
			        ember_tls13_alert(&tt_D->s, NULL) == EMBER_TLS_ALERT_UNEXPECTED_MESSAGE,
			    "change_cipher_spec once connected: state %d alert %s", ember_tls13_state(&tt_D->s),
			    tt_alert(ember_tls13_alert(&tt_D->s, NULL)));
		}
	}
	tt_duo_end(tt_D);
}

/* tt_duo_run(), noting the longest record each side sends (the client's ClientHello left out) */
static void run_watch(tt_duo *d, size_t *cmax, size_t *smax)
{
	int rounds, first = 1;

	*cmax = *smax = 0;
	for (rounds = 0; rounds < 1000000; rounds++) {
		size_t c0 = d->c2s.len, s0 = d->s2c.len, moved, m;

		moved = tt_pull(&d->c, &d->c2s, 0);
		m = tt_max_record(d->c2s.buf + c0, d->c2s.len - c0, first && d->c2s.len > c0);
		first = first && d->c2s.len == c0;
		*cmax = m > *cmax ? m : *cmax;
		moved += tt_push(&d->s, &d->c2s, 0) + tt_pull(&d->s, &d->s2c, 0);
		m = tt_max_record(d->s2c.buf + s0, d->s2c.len - s0, 0);
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

	if (!tt_get_duo())
		return;
	for (code = 1; code <= 4; code++)
		for (small = 0; small <= 1; small++) {
			size_t lim = ((size_t)1 << (8 + code)) + 1 + EMBER_TLS13_TAG_LEN, cmax, smax;
			size_t clen = small ? EMBER_TLS13_MFL_BUF(code) : sizeof(tt_D->cbuf);
			char what[64];

			snprintf(what, sizeof(what), "max_fragment_length %u, %s buffer", code, small ? "smallest" : "full");
			tt_duo_setup(tt_D, K_P256, NULL, 0);
			tt_D->ccfg.max_fragment_length = code;
			CHECK(ember_tls13_client_init(&tt_D->c, &tt_D->ccfg, tt_D->cbuf, clen) == 0 &&
			        ember_tls13_server_init(&tt_D->s, &tt_D->scfg, tt_D->sbuf, sizeof(tt_D->sbuf)) == 0,
			    "%s: init", what);
			run_watch(tt_D, &cmax, &smax);
			if (tt_duo_connected(tt_D, what)) {
				CHECK(tt_D->c.mfl == code && tt_D->s.mfl == code, "%s: in force: client %u server %u", what, tt_D->c.mfl,
				    tt_D->s.mfl);
				CHECK(cmax <= lim && smax <= lim && smax > 0, "%s: handshake records: client %zu server %zu (limit %zu)",
				    what, cmax, smax, lim);
				if (tt_duo_send_recv(tt_D, 1, 5000, what))
					CHECK(tt_D->wmax == lim, "%s: client data records %zu, limit %zu", what, tt_D->wmax, lim);
				if (tt_duo_send_recv(tt_D, 0, 5000, what))
					CHECK(tt_D->wmax == lim, "%s: server data records %zu, limit %zu", what, tt_D->wmax, lim);
			}
			tt_duo_end(tt_D);
		}
	/* a client record over the limit: record_overflow from the server */
	tt_duo_setup(tt_D, K_P256, NULL, 0);
	tt_D->ccfg.max_fragment_length = 1;
	if (tt_duo_start(tt_D)) {
		tt_duo_run(tt_D);
		if (tt_duo_connected(tt_D, "client over the limit")) {
			static uint8_t big[3000];
			size_t n = 0;

			tt_D->c.peer_rsl = 0; /* the client forgets the limit */
			CHECK(ember_tls13_write(&tt_D->c, tt_D->c2s.buf + tt_D->c2s.len, sizeof(tt_D->c2s.buf) - tt_D->c2s.len, &n, big,
			          sizeof(big)) == 0 && tt_max_record(tt_D->c2s.buf + tt_D->c2s.len, n, 0) > 513 + EMBER_TLS13_TAG_LEN,
			    "client over the limit: one record of %zu bytes", n);
			tt_D->c2s.len += n;
			tt_duo_run(tt_D);
			tt_duo_failed_with(tt_D, 0, EMBER_TLS_ALERT_RECORD_OVERFLOW, "client over the limit");
		}
	}
	tt_duo_end(tt_D);
	/* beside a record_size_limit the server answers, max_fragment_length is ignored (RFC 8449 5): a
	   client in the smallest buffer then cannot take the server's records */
	tt_duo_setup(tt_D, K_P256, NULL, 0);
	tt_D->ccfg.max_fragment_length = 1;
	tt_D->ccfg.record_size_limit = tt_D->scfg.record_size_limit = 16385;
	if (CHECK(ember_tls13_client_init(&tt_D->c, &tt_D->ccfg, tt_D->cbuf, EMBER_TLS13_MFL_BUF(1)) == 0 &&
	            ember_tls13_server_init(&tt_D->s, &tt_D->scfg, tt_D->sbuf, sizeof(tt_D->sbuf)) == 0,
	        "record_size_limit wins: init")) {
		tt_duo_run(tt_D);
		tt_duo_failed_with(tt_D, 1, EMBER_TLS_ALERT_RECORD_OVERFLOW, "record_size_limit wins, small client buffer");
	}
	tt_duo_end(tt_D);
	/* an offer of another value than RFC 6066's four: illegal_parameter */
	for (code = 0; code <= 5; code += 5) {
		tt_duo_setup(tt_D, K_P256, NULL, 0);
		tt_D->ccfg.max_fragment_length = 1;
		if (tt_duo_start(tt_D)) {
			size_t i;

			tt_pull(&tt_D->c, &tt_D->c2s, 0);
			for (i = 0; i + sizeof(offer) <= tt_D->c2s.len && memcmp(tt_D->c2s.buf + i, offer, sizeof(offer)) != 0; i++)
				;
			if (CHECK(i + sizeof(offer) <= tt_D->c2s.len, "the offer in the ClientHello")) {
				tt_D->c2s.buf[i + sizeof(offer) - 1] = code;
				tt_duo_run(tt_D);
				CHECK(ember_tls13_state(&tt_D->s) == EMBER_TLS13_FAILED &&
				        ember_tls13_alert(&tt_D->s, NULL) == EMBER_TLS_ALERT_ILLEGAL_PARAMETER,
				    "max_fragment_length %u offered: server state %d alert %s", code, ember_tls13_state(&tt_D->s),
				    tt_alert(ember_tls13_alert(&tt_D->s, NULL)));
			}
		}
		tt_duo_end(tt_D);
	}
	/* configurations refused at init */
	tt_duo_setup(tt_D, K_P256, NULL, 0);
	tt_D->ccfg.max_fragment_length = 5;
	CHECK(ember_tls13_client_init(&tt_D->c, &tt_D->ccfg, tt_D->cbuf, sizeof(tt_D->cbuf)) == EMBER_EINVAL, "client code 5");
	tt_D->ccfg.max_fragment_length = 2;
	CHECK(ember_tls13_client_init(&tt_D->c, &tt_D->ccfg, tt_D->cbuf, EMBER_TLS13_MFL_BUF(2) - 1) == EMBER_ELEN,
	    "client buffer one byte under EMBER_TLS13_MFL_BUF(2)");
	tt_D->scfg.max_fragment_length = 1;
	CHECK(ember_tls13_server_init(&tt_D->s, &tt_D->scfg, tt_D->sbuf, sizeof(tt_D->sbuf)) == EMBER_EINVAL,
	    "server with max_fragment_length set");
	tt_duo_end(tt_D);
}

EMBER_TEST(tls13_hs_keyupdate)
{
	int round;

	if (!tt_get_duo())
		return;
	tt_duo_setup(tt_D, K_ED25519, NULL, 0);
	if (!tt_duo_start(tt_D))
		return;
	tt_duo_run(tt_D);
	if (!tt_duo_connected(tt_D, "keyupdate"))
		return;
	for (round = 0; round < 4; round++) {
		ember_tls13_conn *who = round & 1 ? &tt_D->s : &tt_D->c;
		int request = round < 2;
		uint64_t seq_c = tt_D->c.wr.t13.seq, seq_s = tt_D->s.wr.t13.seq;

		CHECK(ember_tls13_key_update(who, request) == 0, "key_update %d", round);
		tt_duo_run(tt_D);
		CHECK(ember_tls13_state(&tt_D->c) == EMBER_TLS13_CONNECTED && ember_tls13_state(&tt_D->s) == EMBER_TLS13_CONNECTED,
		    "round %d: states %d %d", round, ember_tls13_state(&tt_D->c), ember_tls13_state(&tt_D->s));
		/* the updater's write key is new (sequence 0); with update_requested the peer's too */
		CHECK(((round & 1) ? tt_D->s.wr.t13.seq : tt_D->c.wr.t13.seq) == 0, "round %d: updater's sequence number %llu", round,
		    (unsigned long long)((round & 1) ? tt_D->s.wr.t13.seq : tt_D->c.wr.t13.seq));
		CHECK(request ? ((round & 1) ? tt_D->c.wr.t13.seq : tt_D->s.wr.t13.seq) == 0 :
		                ((round & 1) ? tt_D->c.wr.t13.seq == seq_c : tt_D->s.wr.t13.seq == seq_s),
		    "round %d: the peer's write key %s", round, request ? "not updated" : "updated unasked");
		tt_duo_send_recv(tt_D, 1, 2000, "after KeyUpdate");
		tt_duo_send_recv(tt_D, 0, 2000, "after KeyUpdate");
	}
	tt_duo_end(tt_D);
}

static void verify_case(int anchor_other, const char *name, const uint8_t *leaf, size_t leaf_len, int alert,
    const char *what)
{
	tt_duo_setup(tt_D, K_P256, leaf, leaf_len);
	if (anchor_other) {
		tt_D->anchors[0] = tt_pki.other_ca;
		tt_D->anchor_lens[0] = tt_pki.other_ca_len;
	}
	tt_D->ccfg.server_name = name;
	if (!tt_duo_start(tt_D))
		return;
	tt_duo_run(tt_D);
	tt_duo_failed_with(tt_D, 1, alert, what);
	tt_duo_end(tt_D);
}

EMBER_TEST(tls13_hs_verify)
{
	if (!tt_get_duo())
		return;
	verify_case(0, "other.test", NULL, 0, EMBER_TLS_ALERT_BAD_CERTIFICATE, "wrong server name");
	if (tt_make_other_ca(0))
		verify_case(1, "ember.test", NULL, 0, EMBER_TLS_ALERT_UNKNOWN_CA, "anchor of another CA");
	/* an anchor of the issuer's name and another key: the chain's signature fails */
	if (tt_make_other_ca(1))
		verify_case(1, "ember.test", NULL, 0, EMBER_TLS_ALERT_BAD_CERTIFICATE, "anchor of another CA, same name");
	verify_case(0, "ember.test", tt_pki.expired, tt_pki.expired_len, EMBER_TLS_ALERT_CERTIFICATE_EXPIRED, "expired leaf");
	/* the server signs with a key that is not its certificate's */
	tt_duo_setup(tt_D, K_P256, NULL, 0);
	tt_D->scfg.key = &tt_pki.ca_key;
	if (tt_duo_start(tt_D)) {
		tt_duo_run(tt_D);
		tt_duo_failed_with(tt_D, 1, EMBER_TLS_ALERT_DECRYPT_ERROR, "CertificateVerify by another key");
	}
	tt_duo_end(tt_D);
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

	if (!tt_get_duo())
		return;
	/* the size of the server's flight */
	tt_duo_setup(tt_D, K_P256, NULL, 0);
	if (!tt_duo_start(tt_D))
		return;
	tt_pull(&tt_D->c, &tt_D->c2s, 0);
	tt_push(&tt_D->s, &tt_D->c2s, 0);
	flight = tt_pull(&tt_D->s, &tt_D->s2c, 0) + 2; /* the ECDSA signature may be longer next time */
	tt_duo_end(tt_D);
	CHECK(flight > 500, "server flight of %zu bytes", flight);
	step = t_quick ? flight / 61 + 1 : 1;
	for (i = 0; i < flight; i += step) {
		size_t r = 0;
		int a, version_byte = 0;

		tt_duo_setup(tt_D, K_P256, NULL, 0);
		if (!tt_duo_start(tt_D))
			break;
		tt_pull(&tt_D->c, &tt_D->c2s, 0);
		tt_push(&tt_D->s, &tt_D->c2s, 0);
		tt_pull(&tt_D->s, &tt_D->s2c, 0);
		if (i >= tt_D->s2c.len) { /* this flight is shorter (the ECDSA signature's DER length varies) */
			tt_duo_end(tt_D);
			continue;
		}
		while (r + 5 <= tt_D->s2c.len && r + 5 + ((size_t)tt_D->s2c.buf[r + 3] << 8 | tt_D->s2c.buf[r + 4]) <= i)
			r += 5 + ((size_t)tt_D->s2c.buf[r + 3] << 8 | tt_D->s2c.buf[r + 4]);
		/* legacy_record_version: ignored in a plaintext record (5.1); a protected one's header is authenticated */
		version_byte = (i == r + 1 || i == r + 2) && tt_D->s2c.buf[r] == EMBER_TLS_CT_HANDSHAKE;
		tt_D->s2c.buf[i] ^= (uint8_t)(1u << (i % 8));
		tt_duo_run(tt_D);
		a = ember_tls13_alert(&tt_D->c, NULL);
		if (version_byte) {
			CHECK(ember_tls13_state(&tt_D->c) == EMBER_TLS13_CONNECTED, "record version byte %zu changed: state %d alert %s",
			    i, ember_tls13_state(&tt_D->c), tt_alert(a));
		} else if (!CHECK(ember_tls13_state(&tt_D->c) != EMBER_TLS13_CONNECTED &&
		            (ember_tls13_state(&tt_D->c) == EMBER_TLS13_HANDSHAKE || alert_of_8446(a)),
		        "flight byte %zu changed: client state %d alert %s", i, ember_tls13_state(&tt_D->c), tt_alert(a)))
			bad++;
		tt_duo_end(tt_D);
		if (bad > 5)
			break;
	}
	/* a wrong server Finished, a wrong CertificateVerify signature: sealed under the right keys */
	for (i = 0; i < 2; i++) {
		uint8_t type = i ? HS_CV : HS_FIN;

		tt_duo_setup(tt_D, K_P256, NULL, 0);
		if (!tt_duo_start(tt_D))
			break;
		tt_pull(&tt_D->c, &tt_D->c2s, 0);
		tt_push(&tt_D->s, &tt_D->c2s, 0);
		m = find_msg(tt_D->s.hs + tt_D->s.out_plain, tt_D->s.out_end - tt_D->s.out_plain, type, &mlen);
		if (CHECK(m != NULL, "message %u in the flight", type)) {
			m[mlen - 5] ^= 0x01; /* the last bytes of verify_data, of the DER signature */
			tt_duo_run(tt_D);
			tt_duo_failed_with(tt_D, 1, EMBER_TLS_ALERT_DECRYPT_ERROR, i ? "CertificateVerify changed" : "Finished changed");
		}
		tt_duo_end(tt_D);
	}
	/* a wrong client Finished */
	tt_duo_setup(tt_D, K_P256, NULL, 0);
	if (tt_duo_start(tt_D)) {
		tt_pull(&tt_D->c, &tt_D->c2s, 0);
		tt_push(&tt_D->s, &tt_D->c2s, 0);
		tt_pull(&tt_D->s, &tt_D->s2c, 0);
		tt_push(&tt_D->c, &tt_D->s2c, 0);
		m = find_msg(tt_D->c.hs + tt_D->c.out_plain, tt_D->c.out_end - tt_D->c.out_plain, HS_FIN, &mlen);
		if (CHECK(m != NULL, "client Finished in its flight")) {
			m[mlen - 1] ^= 0x80;
			tt_duo_run(tt_D);
			tt_duo_failed_with(tt_D, 0, EMBER_TLS_ALERT_DECRYPT_ERROR, "client Finished changed");
		}
	}
	tt_duo_end(tt_D);
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

	if (!tt_get_duo())
		return;
	for (hrr = 0; hrr < 2; hrr++) {
		const char *what = hrr ? "probe, HelloRetryRequest" : "probe";

		memset(&cl, 0, sizeof(cl));
		memset(&sl, 0, sizeof(sl));
		cl.open = sl.open = -1;
		tt_duo_setup(tt_D, K_RSA, NULL, 0);
		tt_D->ccfg.probe = probe_record;
		tt_D->ccfg.probe_arg = &cl;
		tt_D->scfg.probe = probe_record;
		tt_D->scfg.probe_arg = &sl;
		if (hrr) {
			tt_D->ccfg.groups = cg;
			tt_D->ccfg.n_groups = 2;
			tt_D->scfg.groups = sg;
			tt_D->scfg.n_groups = 1;
		}
		if (!tt_duo_start(tt_D))
			continue;
		tt_duo_run(tt_D);
		if (tt_duo_connected(tt_D, what)) {
			CHECK(ember_tls13_conn_hrr(&tt_D->c) == hrr, "%s: hrr %d", what, ember_tls13_conn_hrr(&tt_D->c));
			tt_duo_send_recv(tt_D, 1, 100, what);
			tt_duo_send_recv(tt_D, 0, 100, what);
			CHECK(ember_tls13_key_update(&tt_D->c, 1) == 0, "%s: key_update", what);
			tt_duo_run(tt_D);
			tt_duo_send_recv(tt_D, 0, 100, what);
			tt_duo_close(tt_D, what);
			probe_check(&cl, 0, what);
			probe_check(&sl, 1, what);
		}
		tt_duo_end(tt_D);
	}
}
