/*
 * tls_openssl.c - the "openssl" engine's handshakes (speed.h's hs_*
 * slots): the system's libssl (ossl_tls.c, loaded with dlopen) as client
 * and server in one process over memory BIOs, as OpenSSL's own perftools
 * `handshake` runs it: one SSL_CTX per side made once (certificate, key,
 * trust anchor, the one group, signature algorithm and suite of the row),
 * then per handshake two fresh SSL objects run to completion and freed.
 * The server sends no NewSessionTicket (SSL_CTX_set_num_tickets 0): Ember
 * sends none either, and a ticket is not part of the handshake's cost.
 * The client verifies the chain (the anchor, the host name, the run's time).
 * A TLS 1.2 row runs libssl at TLS 1.2 alone with the row's one suite as
 * its cipher list; its server then keeps no session and sends no ticket
 * (ossl_tls.h), as Ember's.
 *
 * Timing as tls_ember.c: the monotonic clock around every call into one
 * side. libssl has no probe: no -breakdown.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ember/util.h"
#include "ossl_tls.h"
#include "speed.h"
#include "speed_tls.h"
#include "tls_engines.h"

#define PIPE_CAP (1u << 16)

struct hs {
	ossl_tls_ctx *ctx[2]; /* SPEED_TLS_SERVER, SPEED_TLS_CLIENT */
	double seconds[2];
	uint64_t bytes[2], handshakes;
	uint8_t *pipe;
	char suite[40];
	uint16_t group;
};

void tls_openssl_free(void *arg)
{
	struct hs *h = arg;

	if (h == NULL)
		return;
	ossl_tls_ctx_free(h->ctx[0]);
	ossl_tls_ctx_free(h->ctx[1]);
	free(h->pipe);
	free(h);
}

void *tls_openssl_new(const speed_tls_spec *spec, char *err, size_t err_len)
{
	struct hs *h = calloc(1, sizeof(*h));
	const uint8_t *chain[1];
	size_t chain_len[1];
	ossl_tls_cfg cfg;
	const char *why = NULL;
	int side;

	if (h == NULL || (h->pipe = malloc(PIPE_CAP)) == NULL) {
		tls_openssl_free(h);
		snprintf(err, err_len, "%s: out of memory", spec->word);
		return NULL;
	}
	chain[0] = spec->leaf;
	chain_len[0] = spec->leaf_len;
	for (side = 0; side < 2; side++) {
		memset(&cfg, 0, sizeof(cfg));
		cfg.server = side == SPEED_TLS_SERVER;
		cfg.tls12 = spec->tls12;
		if (spec->tls12)
			cfg.cipher_list = spec->suite_name;
		else
			cfg.suites = spec->suite_name;
		cfg.groups = spec->ossl_groups[0] ? spec->ossl_groups : NULL;
		cfg.sigalgs = spec->ossl_sigalg;
		if (cfg.server) {
			cfg.chain = chain;
			cfg.chain_lens = chain_len;
			cfg.n_chain = 1;
			cfg.key = spec->key_der;
			cfg.key_len = spec->key_der_len;
			cfg.tickets = 0;
		} else {
			cfg.anchor = spec->anchor;
			cfg.anchor_len = spec->anchor_len;
			cfg.host = spec->host;
			cfg.check_time = spec->now;
		}
		h->ctx[side] = ossl_tls_ctx_new(&cfg, &why);
		if (h->ctx[side] == NULL)
			break;
	}
	if (h->ctx[0] == NULL || h->ctx[1] == NULL) {
		/* a group or signature this libssl predates is "not in this libssl", never a 0.00 row */
		if (why != NULL && (strcmp(why, "SSL_CTX_set1_groups_list") == 0 || strcmp(why, "SSL_CTX_set1_sigalgs_list") == 0 ||
		                       strcmp(why, "server private key") == 0 || strcmp(why, "server certificate") == 0 ||
		                       strcmp(why, "SSL_CTX_set_cipher_list") == 0))
			snprintf(err, err_len, "%s: not in this libssl (%s: %s)", spec->word, ossl_tls_version(),
			    strcmp(why, "SSL_CTX_set1_groups_list") == 0 ? spec->ossl_groups
			    : strcmp(why, "SSL_CTX_set1_sigalgs_list") == 0 ? spec->ossl_sigalg
			    : strcmp(why, "SSL_CTX_set_cipher_list") == 0   ? spec->suite_name
			                                                    : "the server's key or certificate");
		else
			snprintf(err, err_len, "%s: libssl: %s: %s", spec->word, why ? why : "?", ossl_tls_error());
		tls_openssl_free(h);
		return NULL;
	}
	return h;
}

/* What |from| wrote goes to |to|; returns the bytes moved. */
static size_t move(struct hs *h, ossl_tls *from, int fs, ossl_tls *to, int ts)
{
	double t0 = speed_mono_now(), t1;
	size_t n = ossl_tls_drain(from, h->pipe, PIPE_CAP);

	t1 = speed_mono_now();
	h->seconds[fs] += t1 - t0;
	h->bytes[fs] += n;
	if (n)
		ossl_tls_feed(to, h->pipe, n);
	h->seconds[ts] += speed_mono_now() - t1;
	return n;
}

int tls_openssl_run(void *arg)
{
	struct hs *h = arg;
	ossl_tls *c, *s;
	const char *why;
	double t0 = speed_mono_now(), t1;
	int rounds, cd = 0, sd = 0, ok = 0;

	h->bytes[0] = h->bytes[1] = 0;
	c = ossl_tls_new_in(h->ctx[SPEED_TLS_CLIENT], &why);
	t1 = speed_mono_now();
	h->seconds[SPEED_TLS_CLIENT] += t1 - t0;
	s = ossl_tls_new_in(h->ctx[SPEED_TLS_SERVER], &why);
	h->seconds[SPEED_TLS_SERVER] += speed_mono_now() - t1;
	if (c == NULL || s == NULL)
		goto out;
	for (rounds = 0; rounds < 16 && cd >= 0 && sd >= 0; rounds++) {
		size_t moved;

		t0 = speed_mono_now();
		if (cd == 0)
			cd = ossl_tls_handshake(c);
		h->seconds[SPEED_TLS_CLIENT] += speed_mono_now() - t0;
		moved = move(h, c, SPEED_TLS_CLIENT, s, SPEED_TLS_SERVER);
		t0 = speed_mono_now();
		if (sd == 0)
			sd = ossl_tls_handshake(s);
		h->seconds[SPEED_TLS_SERVER] += speed_mono_now() - t0;
		moved += move(h, s, SPEED_TLS_SERVER, c, SPEED_TLS_CLIENT);
		if (cd == 1 && sd == 1 && moved == 0) {
			ok = 1;
			break;
		}
	}
	if (ok) {
		snprintf(h->suite, sizeof(h->suite), "%s", ossl_tls_suite(c));
		h->group = (uint16_t)ossl_tls_group(c);
		h->handshakes++;
	}
out:
	t0 = speed_mono_now();
	ossl_tls_free(c);
	t1 = speed_mono_now();
	h->seconds[SPEED_TLS_CLIENT] += t1 - t0;
	ossl_tls_free(s);
	h->seconds[SPEED_TLS_SERVER] += speed_mono_now() - t1;
	return ok ? 0 : EMBER_EVERIFY;
}

void tls_openssl_sides(void *arg, speed_tls_sides *out)
{
	struct hs *h = arg;
	int i;

	memset(out, 0, sizeof(*out));
	out->handshakes = h->handshakes;
	for (i = 0; i < 2; i++) {
		out->seconds[i] = h->seconds[i];
		out->bytes[i] = h->bytes[i];
		h->seconds[i] = 0;
	}
	snprintf(out->suite, sizeof(out->suite), "%s", h->suite);
	out->group = h->group;
	h->handshakes = 0;
}
