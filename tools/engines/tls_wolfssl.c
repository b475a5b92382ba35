/*
 * tls_wolfssl.c - the "wolfssl" engine of `ember speed`: the system's
 * wolfSSL (wolf_tls.c: libwolfssl.so.35, loaded with dlopen) as client and
 * server in one process, for the handshake rows tls13:GROUP:SIG and
 * tls12:GROUP:SIG only (TLS 1.2: wolfSSL's TLS 1.2 methods, the row's
 * one suite by openssl's name, which wolfSSL shares, and no session kept).
 * Run as tls_openssl.c runs libssl: one WOLFSSL_CTX per side made once
 * (certificate, key, trust anchor, the one group, signature scheme and
 * suite of the row), then per handshake two fresh WOLFSSL objects run to
 * completion and freed. The server sends no NewSessionTicket
 * (wolfSSL_CTX_no_ticket_TLSv13), as Ember's sends none. The client
 * verifies the chain (the anchor; wolfSSL checks the dates at the time of
 * the run, inside the certificates' window) and the host name
 * (wolfSSL_check_domain_name), and sends it as SNI.
 *
 * The two sides talk through two memory pipes that wolfSSL's I/O callbacks
 * read and write, so the copies happen inside each side's own calls.
 * Timing as tls_ember.c and tls_openssl.c: the monotonic clock around every
 * call into one side (new, each handshake step, free). wolfSSL has no
 * probe: no -breakdown.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ember/util.h"
#include "speed.h"
#include "speed_tls.h"
#include "tls_engines.h"
#include "wolf_tls.h"

#define PIPE_CAP (1u << 16)

struct hs {
	wolf_tls_ctx *ctx[2]; /* SPEED_TLS_SERVER, SPEED_TLS_CLIENT */
	wolf_pipe to[2];      /* to[side]: what the other side wrote for |side| to read */
	double seconds[2];
	uint64_t bytes[2], handshakes;
	char suite[40];
	uint16_t group;
	int rsa_kx; /* tls12:rsa */
};

void tls_wolfssl_free(void *arg)
{
	struct hs *h = arg;

	if (h == NULL)
		return;
	wolf_tls_ctx_free(h->ctx[0]);
	wolf_tls_ctx_free(h->ctx[1]);
	free(h->to[0].buf);
	free(h->to[1].buf);
	free(h);
}

void *tls_wolfssl_new(const speed_tls_spec *spec, char *err, size_t err_len)
{
	struct hs *h = calloc(1, sizeof(*h));
	wolf_tls_cfg cfg;
	const char *why = NULL;
	int side, kind = WOLF_TLS_FAILED;

	if (h == NULL || (h->to[0].buf = malloc(PIPE_CAP)) == NULL || (h->to[1].buf = malloc(PIPE_CAP)) == NULL) {
		tls_wolfssl_free(h);
		snprintf(err, err_len, "%s: out of memory", spec->word);
		return NULL;
	}
	h->to[0].cap = h->to[1].cap = PIPE_CAP;
	h->rsa_kx = spec->tls12 && spec->n_groups == 0;
	for (side = 0; side < 2; side++) {
		memset(&cfg, 0, sizeof(cfg));
		cfg.server = side == SPEED_TLS_SERVER;
		cfg.tls12 = spec->tls12;
		cfg.suite = spec->suite;
		cfg.group = spec->n_groups > 0 ? spec->groups[0] : 0;
		cfg.group2 = spec->n_groups > 1 ? spec->groups[1] : 0;
		cfg.sig = spec->sig;
		if (cfg.server) {
			cfg.cert = spec->leaf;
			cfg.cert_len = spec->leaf_len;
			cfg.key = spec->key_der;
			cfg.key_len = spec->key_der_len;
		} else {
			cfg.anchor = spec->anchor;
			cfg.anchor_len = spec->anchor_len;
			cfg.host = spec->host;
		}
		h->ctx[side] = wolf_tls_ctx_new(&cfg, &why, &kind);
		if (h->ctx[side] == NULL)
			break;
	}
	if (h->ctx[0] == NULL || h->ctx[1] == NULL) {
		/* a group or signature this wolfSSL predates is "not in this wolfSSL", never a 0.00 row */
		if (kind == WOLF_TLS_NOT_HERE)
			snprintf(err, err_len, "%s: not in this wolfSSL (%s: %s)", spec->word, wolf_tls_version(),
			    strcmp(why, "group") == 0 ? spec->ossl_groups
			    : strcmp(why, "signature scheme") == 0 ? spec->ossl_sigalg
			    : strcmp(why, "suite") == 0 ? spec->suite_name
			                               : why);
		else
			snprintf(err, err_len, "%s: wolfSSL: %s", spec->word, why ? why : "?");
		tls_wolfssl_free(h);
		return NULL;
	}
	return h;
}

/* One call into |side|: new (t NULL), a handshake step, or free; its time goes to |side|. */
static int step(struct hs *h, int side, wolf_tls **t, const char **why)
{
	double t0 = speed_mono_now();
	int r = 0;

	if (*t == NULL) {
		*t = wolf_tls_new(h->ctx[side], &h->to[side], &h->to[!side], why);
		r = *t != NULL ? 0 : -1;
	} else {
		r = wolf_tls_handshake(*t);
	}
	h->seconds[side] += speed_mono_now() - t0;
	return r;
}

int tls_wolfssl_run(void *arg)
{
	struct hs *h = arg;
	wolf_tls *t[2] = { NULL, NULL };
	const char *why;
	int rounds, done[2] = { 0, 0 }, side, ok = 0;
	double t0;

	h->bytes[0] = h->bytes[1] = 0;
	for (side = 0; side < 2; side++) {
		h->to[side].start = h->to[side].end = 0;
		h->to[side].written = 0;
	}
	/* the client first, as tls_openssl.c */
	if (step(h, SPEED_TLS_CLIENT, &t[SPEED_TLS_CLIENT], &why) != 0 ||
	    step(h, SPEED_TLS_SERVER, &t[SPEED_TLS_SERVER], &why) != 0)
		goto out;
	for (rounds = 0; rounds < 16 && done[0] >= 0 && done[1] >= 0; rounds++) {
		if (done[SPEED_TLS_CLIENT] == 0)
			done[SPEED_TLS_CLIENT] = step(h, SPEED_TLS_CLIENT, &t[SPEED_TLS_CLIENT], &why);
		if (done[SPEED_TLS_SERVER] == 0)
			done[SPEED_TLS_SERVER] = step(h, SPEED_TLS_SERVER, &t[SPEED_TLS_SERVER], &why);
		if (done[0] == 1 && done[1] == 1 && h->to[0].start == h->to[0].end && h->to[1].start == h->to[1].end) {
			ok = 1;
			break;
		}
	}
	if (ok) {
		/* what each side wrote is what the other was sent */
		h->bytes[SPEED_TLS_SERVER] = h->to[SPEED_TLS_CLIENT].written;
		h->bytes[SPEED_TLS_CLIENT] = h->to[SPEED_TLS_SERVER].written;
		snprintf(h->suite, sizeof(h->suite), "%s", wolf_tls_suite(t[SPEED_TLS_CLIENT]));
		/* RSA key transport has no group, whatever curve wolfSSL last named */
		h->group = h->rsa_kx ? 0 : (uint16_t)wolf_tls_group(t[SPEED_TLS_CLIENT]);
		h->handshakes++;
	}
out:
	for (side = SPEED_TLS_CLIENT; side >= 0; side--) {
		t0 = speed_mono_now();
		wolf_tls_free(t[side]);
		h->seconds[side] += speed_mono_now() - t0;
	}
	return ok ? 0 : EMBER_EVERIFY;
}

void tls_wolfssl_sides(void *arg, speed_tls_sides *out)
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

/* ---- the engine: handshake rows only ---- */

static int w_probe(char *why, size_t why_len)
{
	const char *w = NULL;

	if (wolf_tls_load(&w) == 0)
		return 0;
	snprintf(why, why_len, "%s", w);
	return -1;
}

static void w_describe(char *buf, size_t len)
{
	snprintf(buf, len, "%s, %s (TLS 1.3 and 1.2 handshakes only)", wolf_tls_version(), WOLF_TLS_SONAME);
}

static size_t w_impls(const speed_row *row, speed_impl *out, size_t max, char *why, size_t why_len)
{
	(void)out;
	(void)max;
	snprintf(why, why_len, "%s: not in the wolfssl engine (it runs the handshake words tls13:GROUP:SIG, tls12:GROUP:SIG)", row->name);
	return 0;
}

/* Never reached: w_impls offers no row. */
static int w_open(const speed_row *row, const char *impl, int decrypt, speed_task **out, char *err, size_t err_len)
{
	(void)impl;
	(void)decrypt;
	*out = NULL;
	snprintf(err, err_len, "%s: not in the wolfssl engine", row->name);
	return EMBER_ENOTSUP;
}

static const char *w_impl_name(const speed_task *t)
{
	(void)t;
	return "wolfssl";
}

static void w_run(speed_task *t, uint8_t *buf, size_t size, uint64_t n)
{
	(void)t;
	(void)buf;
	(void)size;
	(void)n;
}

static const uint8_t *w_output(const speed_task *t, size_t *len)
{
	(void)t;
	*len = 0;
	return NULL;
}

static void w_close(speed_task *t)
{
	(void)t;
}

const speed_engine speed_engine_wolfssl = {
	"wolfssl", 0, w_probe, w_describe, w_impls, w_open, w_impl_name, w_run, w_output, w_close, NULL,
	NULL, NULL, NULL, NULL, NULL,
	tls_wolfssl_new, tls_wolfssl_run, tls_wolfssl_sides, tls_wolfssl_free
};
