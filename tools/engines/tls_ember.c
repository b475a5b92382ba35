/*
 * tls_ember.c - the "ember" engine's handshakes (speed.h's hs_* slots):
 * an Ember client and an Ember server (include/ember/tls.h) in one
 * process, records moved between them through one memory pipe. Each
 * handshake starts from nothing: both connections initialised, run to
 * CONNECTED, wiped. The client verifies the server's chain (the harness's
 * CA as anchor, "ember.test" as the name, the run's time). A TLS 1.2 row
 * runs the same connections with versions EMBER_TLS_VERSION_1_2 and its
 * one suite named on both sides (the legacy RSA key transport suite is
 * taken only when named).
 *
 * Timing: the monotonic clock is read around every call into one side
 * (init, input, output, clear) and the time added to that side; with
 * -breakdown the library's probe (ember_tls13_config.probe) reads it again
 * around each primitive and adds the time to the phase (speed_tls.h).
 */
#include <stdlib.h>
#include <string.h>

#include "ember/tls.h"
#include "ember/tls12.h"
#include "ember/util.h"
#include "ember/x509.h"
#include "speed.h"
#include "speed_tls.h"
#include "tls_engines.h"

#define PIPE_CAP (1u << 16) /* a whole flight: an ML-DSA-65 certificate and signature fit many times */

struct side {
	ember_tls13_config cfg;
	ember_tls13_conn c;
	uint8_t *buf;
	double seconds;
	double phase[SPEED_TLS_NPHASE];
	double t_in;     /* the probe's: the start of the current phase */
	uint64_t bytes;
};

struct hs {
	const speed_tls_spec *spec;
	struct side s[2];        /* SPEED_TLS_SERVER, SPEED_TLS_CLIENT */
	ember_x509_verify_params vp;
	const uint8_t *chain[1];
	size_t chain_len[1];
	const uint8_t *anchors[1];
	size_t anchor_len[1];
	uint16_t groups[2], suite, sig;
	uint8_t *pipe;           /* one flight at a time: it is empty between the turns */
	uint64_t handshakes;
	char suite_name[40];
	uint16_t got_group;
};

/* The phases of tls.h's probe are speed_tls.h's, in the same order. */
typedef char tls_phase_check[(int)EMBER_TLS13_PH_KEX == (int)SPEED_TLS_PH_KEX &&
        (int)EMBER_TLS13_PH_RECORD == (int)SPEED_TLS_PH_RECORD && (int)EMBER_TLS13_PH_COUNT == (int)SPEED_TLS_PH_OTHER ? 1 : -1];

/* -breakdown: the library's probe (include/ember/tls.h), one side's clock per phase. */
static void probe(void *arg, int phase, int end)
{
	struct side *s = arg;

	if (!end)
		s->t_in = speed_mono_now();
	else if (phase >= 0 && phase < EMBER_TLS13_PH_COUNT)
		s->phase[phase] += speed_mono_now() - s->t_in;
}

static void free_hs(struct hs *h)
{
	int i;

	if (h == NULL)
		return;
	for (i = 0; i < 2; i++)
		free(h->s[i].buf);
	free(h->pipe);
	free(h);
}

void *tls_ember_new(const speed_tls_spec *spec, char *err, size_t err_len)
{
	struct hs *h = calloc(1, sizeof(*h));
	int i;

	if (h != NULL) {
		h->pipe = malloc(PIPE_CAP);
		for (i = 0; i < 2; i++)
			h->s[i].buf = malloc(EMBER_TLS13_CONN_BUF);
	}
	if (h == NULL || h->pipe == NULL || h->s[0].buf == NULL || h->s[1].buf == NULL) {
		free_hs(h);
		snprintf(err, err_len, "%s: out of memory", spec->word);
		return NULL;
	}
	h->spec = spec;
	memcpy(h->groups, spec->groups, sizeof(h->groups));
	h->suite = spec->suite;
	h->sig = spec->sig;
	h->chain[0] = spec->leaf;
	h->chain_len[0] = spec->leaf_len;
	h->anchors[0] = spec->anchor;
	h->anchor_len[0] = spec->anchor_len;
	h->vp.anchors = h->anchors;
	h->vp.anchor_lens = h->anchor_len;
	h->vp.n_anchors = 1;
	h->vp.now = spec->now;
	for (i = 0; i < 2; i++) {
		ember_tls13_config *c = &h->s[i].cfg;
		if (spec->tls12) {
			c->versions = EMBER_TLS_VERSION_1_2;
			c->tls12_suites = &h->suite;
			c->n_tls12_suites = 1;
		} else {
			c->suites = &h->suite;
			c->n_suites = 1;
		}
		c->groups = spec->n_groups ? h->groups : NULL; /* tls12:rsa: no group to offer */
		c->n_groups = spec->n_groups;
		c->sig_schemes = &h->sig;
		c->n_sig_schemes = 1;
		if (spec->breakdown) {
			c->probe = probe;
			c->probe_arg = &h->s[i];
		}
	}
	h->s[SPEED_TLS_SERVER].cfg.chain = h->chain;
	h->s[SPEED_TLS_SERVER].cfg.chain_lens = h->chain_len;
	h->s[SPEED_TLS_SERVER].cfg.n_chain = 1;
	h->s[SPEED_TLS_SERVER].cfg.key = (ember_pkey *)(uintptr_t)spec->key; /* signing changes RSA's blinding */
	h->s[SPEED_TLS_CLIENT].cfg.server_name = spec->host;
	h->s[SPEED_TLS_CLIENT].cfg.verify = &h->vp;
	if ((spec->group != 0 && !ember_tls_group_supported(spec->group)) || !ember_tls_sig_supported(spec->sig) ||
	    (spec->tls12 && ember_tls12_suite_find(spec->suite) == NULL)) {
		snprintf(err, err_len, "%s: not in this build", spec->word);
		free_hs(h);
		return NULL;
	}
	return h;
}

/* Moves what side |from| has to send to side |to|; returns the bytes moved, or -1 on a failure. */
static long turn(struct hs *h, int from, int to)
{
	struct side *a = &h->s[from], *b = &h->s[to];
	size_t n = 0, used = 0, off = 0;
	double t0 = speed_mono_now(), t1;
	int ret = ember_tls13_output(&a->c, h->pipe, PIPE_CAP, &n);

	t1 = speed_mono_now();
	a->seconds += t1 - t0;
	if (ret != 0)
		return -1;
	a->bytes += n;
	while (off < n) {
		ret = ember_tls13_input(&b->c, h->pipe + off, n - off, &used);
		if (ret != 0 || used == 0)
			break;
		off += used;
	}
	b->seconds += speed_mono_now() - t1;
	return ret != 0 || off < n ? -1 : (long)n;
}

int tls_ember_run(void *arg)
{
	struct hs *h = arg;
	struct side *sv = &h->s[SPEED_TLS_SERVER], *cl = &h->s[SPEED_TLS_CLIENT];
	double t0 = speed_mono_now(), t1;
	int ret, rounds, done = 0;

	sv->bytes = cl->bytes = 0;
	ret = ember_tls13_client_init(&cl->c, &cl->cfg, cl->buf, EMBER_TLS13_CONN_BUF);
	t1 = speed_mono_now();
	cl->seconds += t1 - t0;
	if (ret == 0)
		ret = ember_tls13_server_init(&sv->c, &sv->cfg, sv->buf, EMBER_TLS13_CONN_BUF);
	sv->seconds += speed_mono_now() - t1;
	if (ret != 0)
		return ret;
	for (rounds = 0; rounds < 16 && !done; rounds++) {
		long a = turn(h, SPEED_TLS_CLIENT, SPEED_TLS_SERVER), b;

		if (a < 0)
			break;
		b = turn(h, SPEED_TLS_SERVER, SPEED_TLS_CLIENT);
		if (b < 0)
			break;
		done = ember_tls13_state(&sv->c) == EMBER_TLS13_CONNECTED &&
		       ember_tls13_state(&cl->c) == EMBER_TLS13_CONNECTED && a == 0 && b == 0;
	}
	if (done) {
		const ember_tls13_suite *s = ember_tls13_conn_suite(&cl->c);
		const ember_tls12_suite *s12 = ember_tls12_conn_suite(&cl->c);
		/* TLS 1.2's suite by openssl's name, as the row names it */
		snprintf(h->suite_name, sizeof(h->suite_name), "%s", s ? s->name : s12 ? s12->ossl_name : "");
		/* RSA key transport has no group, whatever ember_tls13_conn_group holds then */
		h->got_group = s12 && s12->kx == EMBER_TLS12_KX_RSA ? 0 : ember_tls13_conn_group(&cl->c);
		h->handshakes++;
	} else {
		int from_peer = 0, a = ember_tls13_alert(&cl->c, &from_peer);
		ret = a == EMBER_TLS_ALERT_NONE ? ember_tls13_alert(&sv->c, &from_peer) : a;
		ret = ret == EMBER_TLS_ALERT_BAD_CERTIFICATE || ret == EMBER_TLS_ALERT_DECRYPT_ERROR ? EMBER_EVERIFY
		                                                                                     : EMBER_EDECODE;
	}
	t0 = speed_mono_now();
	ember_tls13_conn_clear(&cl->c);
	t1 = speed_mono_now();
	cl->seconds += t1 - t0;
	ember_tls13_conn_clear(&sv->c);
	sv->seconds += speed_mono_now() - t1;
	return done ? 0 : ret;
}

void tls_ember_sides(void *arg, speed_tls_sides *out)
{
	struct hs *h = arg;
	int i, p;

	memset(out, 0, sizeof(*out));
	out->handshakes = h->handshakes;
	for (i = 0; i < 2; i++) {
		out->seconds[i] = h->s[i].seconds;
		out->bytes[i] = h->s[i].bytes;
		for (p = 0; p < SPEED_TLS_NPHASE; p++)
			out->phase[i][p] = h->s[i].phase[p];
		h->s[i].seconds = 0;
		memset(h->s[i].phase, 0, sizeof(h->s[i].phase));
	}
	out->has_phases = h->spec->breakdown;
	snprintf(out->suite, sizeof(out->suite), "%s", h->suite_name);
	out->group = h->got_group;
	h->handshakes = 0;
}

void tls_ember_free(void *arg)
{
	free_hs(arg);
}
