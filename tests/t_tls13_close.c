/*
 * t_tls13_close.c - how a TLS 1.3 connection ends, and what the client
 * is shown of the server's chain, between an Ember client and an Ember
 * server in memory (tlsutil.h's pair):
 *   tls13_hs_half_close: close_notify closes one direction only (RFC 8446
 *     6.1): after the client's, the server still sends and the client
 *     still reads; then the server's close_notify ends the other
 *     direction; the same with the server closing first; nothing is
 *     written after one's own close_notify; a KeyUpdate(update_requested)
 *     reaching a side after its close_notify is read, not answered;
 *   tls13_hs_peer_chain: ember_tls13_config.peer_chain shows the client
 *     the server's certificates as sent, once, verified or (NO_VERIFY)
 *     parsed, and not when the chain is refused.
 */
#include <string.h>

#include "ember/tls.h"
#include "test.h"
#include "tlsutil.h"

static int close_flags(const ember_tls13_conn *c)
{
	return ember_tls13_close_notify(c);
}

/* One side closes; the other keeps sending until it closes in turn. */
static void half_close(int client_first)
{
	tt_duo *d = tt_D;
	ember_tls13_conn *first = client_first ? &d->c : &d->s, *second = client_first ? &d->s : &d->c;
	const char *what = client_first ? "client closes first" : "server closes first";
	uint8_t buf[64];
	size_t n = 0;

	tt_duo_setup(d, K_P256, NULL, 0);
	if (!tt_duo_start(d))
		return;
	tt_duo_run(d);
	if (!tt_duo_connected(d, what))
		goto out;
	CHECK(ember_tls13_close(first) == 0, "%s: close", what);
	tt_duo_run(d);
	CHECK(ember_tls13_state(first) == EMBER_TLS13_CLOSED && close_flags(first) == EMBER_TLS13_CLOSE_SENT &&
		  ember_tls13_state(second) == EMBER_TLS13_CLOSED && close_flags(second) == EMBER_TLS13_CLOSE_RECEIVED,
	    "%s: after one close_notify: states %d/%d flags %d/%d", what, ember_tls13_state(first),
	    ember_tls13_state(second), close_flags(first), close_flags(second));
	/* the side that closed writes nothing more */
	CHECK(ember_tls13_write(first, buf, sizeof(buf), &n, (const uint8_t *)"x", 1) == EMBER_EINVAL && n == 0,
	    "%s: a write after close_notify was taken", what);
	/* the other direction is open: data, a KeyUpdate asking for one back, data again */
	tt_duo_send_recv(d, !client_first, 1000, what);
	CHECK(ember_tls13_key_update(second, 1) != 0, "%s: KeyUpdate on a connection no longer CONNECTED", what);
	tt_duo_send_recv(d, !client_first, t_quick ? 3000 : 20000, what);
	/* the peer's close_notify ends it */
	CHECK(ember_tls13_close(second) == 0, "%s: second close", what);
	tt_duo_run(d);
	CHECK(close_flags(first) == (EMBER_TLS13_CLOSE_SENT | EMBER_TLS13_CLOSE_RECEIVED) &&
		  close_flags(second) == (EMBER_TLS13_CLOSE_SENT | EMBER_TLS13_CLOSE_RECEIVED) &&
		  ember_tls13_state(first) == EMBER_TLS13_CLOSED && ember_tls13_state(second) == EMBER_TLS13_CLOSED,
	    "%s: after both close_notify: flags %d/%d", what, close_flags(first), close_flags(second));
	CHECK(ember_tls13_write(second, buf, sizeof(buf), &n, (const uint8_t *)"x", 1) == EMBER_EINVAL &&
		  ember_tls13_close(first) == EMBER_EINVAL && ember_tls13_close(second) == EMBER_EINVAL,
	    "%s: a write or a close after both close_notify", what);
out:
	tt_duo_end(d);
}

/* A KeyUpdate(update_requested) that reaches a side after its own close_notify: read, not answered. */
static void key_update_after_close(void)
{
	tt_duo *d = tt_D;
	const char *what = "KeyUpdate after the client's close_notify";
	size_t before;

	tt_duo_setup(d, K_ED25519, NULL, 0);
	if (!tt_duo_start(d))
		return;
	tt_duo_run(d);
	if (!tt_duo_connected(d, what))
		goto out;
	/* the server asks for a KeyUpdate while the client's close_notify is on its way */
	CHECK(ember_tls13_key_update(&d->s, 1) == 0 && ember_tls13_close(&d->c) == 0, "%s: queue", what);
	tt_pull(&d->c, &d->c2s, 0);
	tt_pull(&d->s, &d->s2c, 0);
	tt_push(&d->c, &d->s2c, 0);
	before = d->c2s.len;
	tt_pull(&d->c, &d->c2s, 0);
	CHECK(d->c2s.len == before && ember_tls13_state(&d->c) == EMBER_TLS13_CLOSED,
	    "%s: the client answered (%zu bytes) or failed (state %d)", what, d->c2s.len - before,
	    ember_tls13_state(&d->c));
	tt_push(&d->s, &d->c2s, 0);
	/* the server's write key moved on; the client, which read the KeyUpdate, reads under the new one */
	tt_duo_send_recv(d, 0, 500, what);
	CHECK(ember_tls13_state(&d->s) == EMBER_TLS13_CLOSED && close_flags(&d->s) == EMBER_TLS13_CLOSE_RECEIVED,
	    "%s: server state %d flags %d", what, ember_tls13_state(&d->s), close_flags(&d->s));
out:
	tt_duo_end(d);
}

EMBER_TEST(tls13_hs_half_close)
{
	if (!tt_get_duo())
		return;
	half_close(1);
	half_close(0);
	key_update_after_close();
}

/* ---- The server's chain shown to the client ---- */

typedef struct seen {
	int calls;
	size_t n;
	size_t lens[EMBER_TLS13_MAX_CHAIN];
	uint8_t first[TT_CERT_MAX], second[TT_CERT_MAX];
} seen;

static void on_chain(void *arg, const uint8_t *const *certs, const size_t *lens, size_t n)
{
	seen *s = arg;
	size_t i;

	s->calls++;
	s->n = n;
	for (i = 0; i < n && i < EMBER_TLS13_MAX_CHAIN; i++)
		s->lens[i] = lens[i];
	if (n > 0 && lens[0] <= sizeof(s->first))
		memcpy(s->first, certs[0], lens[0]);
	if (n > 1 && lens[1] <= sizeof(s->second))
		memcpy(s->second, certs[1], lens[1]);
}

static void chain_case(int key, int no_verify, int wrong_anchor)
{
	static seen s;
	tt_duo *d = tt_D;
	const char *what = no_verify ? "peer_chain, NO_VERIFY" : wrong_anchor ? "peer_chain, unknown CA" : "peer_chain";

	memset(&s, 0, sizeof(s));
	tt_duo_setup(d, key, NULL, 0);
	d->ccfg.peer_chain = on_chain;
	d->ccfg.peer_chain_arg = &s;
	if (no_verify) {
		d->ccfg.verify = NULL;
		d->ccfg.flags |= EMBER_TLS13_NO_VERIFY;
	}
	if (wrong_anchor) {
		d->anchors[0] = tt_pki.other_ca;
		d->anchor_lens[0] = tt_pki.other_ca_len;
	}
	if (!tt_duo_start(d))
		return;
	tt_duo_run(d);
	if (wrong_anchor) {
		CHECK(ember_tls13_state(&d->c) == EMBER_TLS13_FAILED && s.calls == 0,
		    "%s: state %d, called %d times for a refused chain", what, ember_tls13_state(&d->c), s.calls);
	} else if (tt_duo_connected(d, what)) {
		CHECK(s.calls == 1 && s.n == 2, "%s (%s): %d calls, %zu certificates", what, tt_key_names[key], s.calls,
		    s.n);
		CHECK(s.lens[0] == tt_pki.leaf_len[key] && memcmp(s.first, tt_pki.leaf[key], s.lens[0]) == 0 &&
			  s.lens[1] == tt_pki.ca_len && memcmp(s.second, tt_pki.ca, s.lens[1]) == 0,
		    "%s (%s): not the chain the server sent", what, tt_key_names[key]);
	}
	tt_duo_end(d);
}

EMBER_TEST(tls13_hs_peer_chain)
{
	int k;

	if (!tt_get_duo())
		return;
	for (k = 0; k < K_COUNT; k++)
		if (tt_pki.have[k])
			chain_case(k, 0, 0);
	chain_case(K_P256, 1, 0);
	chain_case(K_P256, 0, 1);
}
