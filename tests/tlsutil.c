/*
 * tlsutil.c - the TLS 1.3 tests' PKI, pipes and pairs of connections (tlsutil.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ember/mldsa.h"
#include "ember/x509.h"
#include "test.h"
#include "tlsutil.h"

const char *const tt_key_names[K_COUNT] = { "ecdsap256", "ecdsap384", "rsa2048", "ed25519", "mldsa65" };
const uint16_t tt_key_sigs[K_COUNT] = { EMBER_TLS_SIG_ECDSA_SECP256R1_SHA256,
	EMBER_TLS_SIG_ECDSA_SECP384R1_SHA384, EMBER_TLS_SIG_RSA_PSS_RSAE_SHA256, EMBER_TLS_SIG_ED25519,
	EMBER_TLS_SIG_MLDSA65 };

tt_pki_t tt_pki;
int64_t tt_now;

static uint8_t *read_fixture(const char *name, size_t *len)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/../fixtures/keys/%s", t_vec_dir, name);
	return t_read_path(path, len);
}

static int issue(uint8_t *out, size_t *out_len, const char *cn, const uint8_t *issuer_der, size_t issuer_len,
    const ember_pkey *issuer_key, const ember_pkey *subject, int is_ca, int64_t nb, int64_t na)
{
	ember_x509_issue_params p;
	ember_x509_cert issuer;

	memset(&p, 0, sizeof(p));
	p.subject_cn = cn;
	if (issuer_der) {
		if (ember_x509_parse(&issuer, issuer_der, issuer_len))
			return -1;
		p.issuer = &issuer;
	}
	p.issuer_key = issuer_key;
	if (subject->type == EMBER_PKEY_MLDSA65) {
		p.subject_mldsa_pk = subject->u.mldsa.pk;
		p.subject_mldsa_pk_len = EMBER_MLDSA65_PK_LEN;
		p.subject_mldsa_set = 65;
	} else {
		p.subject_key = subject;
	}
	p.serial = t_rand() >> 2 | 1;
	p.not_before = nb;
	p.not_after = na;
	p.is_ca = is_ca;
	p.dns_name = is_ca ? NULL : "ember.test";
	return ember_x509_issue(out, TT_CERT_MAX, out_len, &p);
}

static int ec_key(ember_pkey *k, int curve)
{
	memset(k, 0, sizeof(*k));
	k->type = EMBER_PKEY_EC;
	k->has_private = 1;
	return ember_ecc_generate_key(&k->u.ec, curve);
}

static int other_ca_same_name;

int tt_make_other_ca(int same_name)
{
	other_ca_same_name = same_name;
	return CHECK(issue(tt_pki.other_ca, &tt_pki.other_ca_len, same_name ? "Ember Test CA" : "Other CA", NULL, 0,
	                 &tt_pki.other_ca_key, &tt_pki.other_ca_key, 1, tt_now - 86400, tt_now + 86400 * 365) == 0,
	    "second CA certificate");
}

int tt_make_pki(void)
{
	uint8_t seed[32];
	size_t len = 0;
	uint8_t *pem;
	int i, ok = 1;

	if (tt_pki.ready)
		return tt_pki.ready > 0;
	tt_pki.ready = -1;
	tt_now = (int64_t)time(NULL);
	ok &= CHECK(ec_key(&tt_pki.ca_key, EMBER_ECC_P256) == 0 && ec_key(&tt_pki.other_ca_key, EMBER_ECC_P256) == 0,
	    "CA keys");
	ok &= CHECK(issue(tt_pki.ca, &tt_pki.ca_len, "Ember Test CA", NULL, 0, &tt_pki.ca_key, &tt_pki.ca_key, 1, tt_now - 86400,
	                tt_now + 86400 * 365) == 0,
	    "CA certificate");
	ok &= tt_make_other_ca(0);
	ok &= CHECK(ec_key(&tt_pki.key[K_P256], EMBER_ECC_P256) == 0, "P-256 key");
	ok &= CHECK(ec_key(&tt_pki.key[K_P384], EMBER_ECC_P384) == 0, "P-384 key");
	pem = read_fixture("rsa2048-plain.pem", &len);
	ok &= CHECK(pem && ember_pkey_read(&tt_pki.key[K_RSA], pem, len) == 0, "RSA fixture rsa2048-plain.pem");
	free(pem);
	tt_pki.key[K_ED25519].type = EMBER_PKEY_ED25519;
	tt_pki.key[K_ED25519].has_private = 1;
	t_rand_bytes(seed, sizeof(seed));
	ok &= CHECK(ember_ed25519_keypair(&tt_pki.key[K_ED25519].u.ed25519, seed) == 0, "Ed25519 key");
	tt_pki.key[K_MLDSA65].type = EMBER_PKEY_MLDSA65;
	tt_pki.key[K_MLDSA65].has_private = 1;
	tt_pki.key[K_MLDSA65].u.mldsa.set = EMBER_MLDSA65;
	ok &= CHECK(ember_mldsa_keygen(EMBER_MLDSA65, tt_pki.key[K_MLDSA65].u.mldsa.pk, EMBER_MLDSA65_PK_LEN,
	                tt_pki.key[K_MLDSA65].u.mldsa.sk, EMBER_MLDSA65_SK_LEN) == 0,
	    "ML-DSA-65 key");
	for (i = 0; i < K_COUNT && ok; i++) {
		ok &= CHECK(issue(tt_pki.leaf[i], &tt_pki.leaf_len[i], "ember.test", tt_pki.ca, tt_pki.ca_len, &tt_pki.ca_key, &tt_pki.key[i],
		                0, tt_now - 3600, tt_now + 86400 * 30) == 0,
		    "%s leaf certificate", tt_key_names[i]);
		tt_pki.have[i] = ok;
	}
	ok &= CHECK(issue(tt_pki.expired, &tt_pki.expired_len, "ember.test", tt_pki.ca, tt_pki.ca_len, &tt_pki.ca_key,
	                &tt_pki.key[K_P256], 0, tt_now - 86400 * 60, tt_now - 86400 * 30) == 0,
	    "expired leaf");
	tt_pki.ready = ok ? 1 : -1;
	return ok;
}

/* Moves what |from| has to send into |p|; returns bytes moved. */
size_t tt_pull(ember_tls13_conn *from, tt_pipe *p, size_t cap)
{
	size_t n = 0, room = sizeof(p->buf) - p->len;

	if (cap && cap < room)
		room = cap;
	if (ember_tls13_output(from, p->buf + p->len, room, &n) != 0)
		return n;
	p->len += n;
	return n;
}

/* Feeds |p| into |to|; returns bytes taken. */
size_t tt_push(ember_tls13_conn *to, tt_pipe *p, size_t step)
{
	size_t used = 0, len = p->len;

	if (step && step < len)
		len = step;
	ember_tls13_input(to, p->buf, len, &used);
	memmove(p->buf, p->buf + used, p->len - used);
	p->len -= used;
	return used;
}

const char *tt_alert(int alert)
{
	const char *n = ember_tls_alert_name(alert);

	return n ? n : "?";
}

/* ---- Two connections joined by two pipes ---- */


tt_duo *tt_D;

void tt_duo_setup(tt_duo *d, int key, const uint8_t *leaf, size_t leaf_len)
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

int tt_duo_start(tt_duo *d)
{
	int rc = ember_tls13_client_init(&d->c, &d->ccfg, d->cbuf, sizeof(d->cbuf));
	int rs = ember_tls13_server_init(&d->s, &d->scfg, d->sbuf, sizeof(d->sbuf));

	return CHECK(rc == 0 && rs == 0, "init: client %d server %d", rc, rs);
}


/* Runs both sides until neither moves. */
void tt_duo_run(tt_duo *d)
{
	int rounds;

	for (rounds = 0; rounds < 10000000; rounds++) {
		size_t moved = tt_pull(&d->c, &d->c2s, d->out_cap) + tt_push(&d->s, &d->c2s, d->in_step) +
		    tt_pull(&d->s, &d->s2c, d->out_cap) + tt_push(&d->c, &d->s2c, d->in_step);

		if (moved == 0)
			break;
	}
}


int tt_duo_connected(tt_duo *d, const char *what)
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
int tt_duo_recv_all(tt_duo *d, ember_tls13_conn *to, tt_pipe *p, uint8_t *got, size_t len)
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
size_t tt_max_record(const uint8_t *b, size_t len, int skip_first)
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

int tt_duo_send_recv(tt_duo *d, int from_client, size_t len, const char *what)
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
	d->wmax = tt_max_record(p->buf + p->len, n, 0);
	p->len += n;
	ok = CHECK(ret == 0, "%s: write %zu bytes: %d", what, len, ret) &&
	    CHECK(tt_duo_recv_all(d, to, p, got, len) && memcmp(msg, got, len) == 0, "%s: %zu bytes %s did not arrive intact",
	        what, len, from_client ? "client->server" : "server->client");
	free(msg);
	free(got);
	return ok;
}

void tt_duo_close(tt_duo *d, const char *what)
{
	CHECK(ember_tls13_close(&d->c) == 0, "%s: close", what);
	tt_duo_run(d);
	CHECK(ember_tls13_state(&d->c) == EMBER_TLS13_CLOSED && ember_tls13_state(&d->s) == EMBER_TLS13_CLOSED,
	    "%s: after close_notify: client %d server %d", what, ember_tls13_state(&d->c), ember_tls13_state(&d->s));
}

void tt_duo_end(tt_duo *d)
{
	ember_tls13_conn_clear(&d->c);
	ember_tls13_conn_clear(&d->s);
}

int tt_get_duo(void)
{
	if (tt_D == NULL)
		tt_D = calloc(1, sizeof(*tt_D));
	return CHECK(tt_D != NULL, "out of memory") && tt_make_pki();
}

void tt_duo_failed_with(tt_duo *d, int client_sent, int alert, const char *what)
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
