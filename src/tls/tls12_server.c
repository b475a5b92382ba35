/*
 * tls12_server.c - the server's TLS 1.2 handshake (RFC 5246 7.3), taken
 * over from tls13_server.c when the client's highest version is TLS 1.2:
 * ServerHello, Certificate, ServerKeyExchange (ECDHE), ServerHelloDone in
 * one flight; the client's ClientKeyExchange, change_cipher_spec and
 * Finished; then change_cipher_spec and Finished. No session id, no
 * tickets, no resumption; no CertificateRequest; a ClientHello after the
 * handshake (renegotiation) gets a no_renegotiation warning and is dropped.
 *
 * Choices, by the server's own order: the suite among the client's whose
 * authentication the key makes (ECDSA suites: an EC or Ed25519 key, RFC
 * 8422; RSA suites: an RSA key; RSA key transport only when named in
 * tls12_suites), the group among the client's supported_groups (P-256 when
 * it sent none, RFC 8422 5.1.1), the signature scheme among its
 * signature_algorithms (without them, RFC 5246's SHA-1 default is refused:
 * no ECDHE suite). extended_master_secret and renegotiation_info are
 * answered when the client sent them; a client signalling TLS_FALLBACK_SCSV
 * to a server that would have spoken TLS 1.3 gets inappropriate_fallback
 * (RFC 7507), and the server random of a TLS 1.2 answer from a TLS 1.3
 * server ends in "DOWNGRD\1" (RFC 8446 4.1.3).
 */
#include <string.h>

#include "tls13_hs.h"

#define SCSV_RENEGOTIATION 0x00ff /* RFC 5746 3.3 */
#define SCSV_FALLBACK 0x5600      /* RFC 7507 */

static const uint8_t downgrade12[8] = { 'D', 'O', 'W', 'N', 'G', 'R', 'D', 1 };

/* 1 when the two-byte list |l| holds |v|. */
static int in_wire(tls_in l, uint16_t v)
{
	while (l.n >= 2)
		if (tls_getn(&l, 2) == v)
			return 1;
	return 0;
}

/* The suite's authentication takes the key: RSA, or ECDSA/EdDSA; an ECDSA key's curve among the
   client's supported_groups when it sent them (RFC 8422 5.1: they name the certificate's curves too). */
static int key_fits(const ember_pkey *k, const ember_tls12_suite *s, const tls_client_hello *ch)
{
	if (s->auth == EMBER_TLS12_AUTH_RSA)
		return k->type == EMBER_PKEY_RSA;
	if (k->type == EMBER_PKEY_EC && ch->groups.p)
		return in_wire(ch->groups, k->u.ec.curve == EMBER_ECC_P384 ? EMBER_TLS_GROUP_SECP384R1 :
		                                                            EMBER_TLS_GROUP_SECP256R1);
	return k->type == EMBER_PKEY_EC || k->type == EMBER_PKEY_ED25519;
}

/* The group and scheme an ECDHE suite would take (0 when none). */
static void pick_ecdhe(const ember_tls13_conn *c, const tls_client_hello *ch, uint16_t *group, uint16_t *scheme)
{
	const uint16_t *list;
	size_t n, i;

	*group = *scheme = 0;
	list = tls13_groups(c, &n);
	for (i = 0; i < n && *group == 0; i++)
		if (tls12_group_ok(list[i]) &&
		    (ch->groups.p ? in_wire(ch->groups, list[i]) : list[i] == EMBER_TLS_GROUP_SECP256R1))
			*group = list[i];
	if (ch->sigs.p == NULL)
		return;
	/* a scheme whose hash matches the key's curve first (as TLS 1.3 binds them), then any */
	list = tls12_sigs(c, &n);
	for (i = 0; i < 2 * n && *scheme == 0; i++)
		if (in_wire(ch->sigs, list[i % n]) && tls_sig_fits(c->cfg->key, list[i % n], i >= n))
			*scheme = list[i % n];
}

/* ServerHello, Certificate, ServerKeyExchange, ServerHelloDone at |w|. */
static int flight(ember_tls13_conn *c, tls_out *w, const tls_client_hello *ch)
{
	uint8_t content[64 + 4 + 97], *params;
	size_t m, l, e, i, n, len, sig_len = 0;
	int ret;

	m = tls13_msg_begin(w, HS_SERVER_HELLO);
	tls_putn(w, TLS12_VERSION, 2);
	tls_put(w, c->random, 32);
	tls_putn(w, 0, 1); /* no session id: nothing to resume */
	tls_putn(w, c->suite12->id, 2);
	tls_putn(w, 0, 1);
	e = tls_open(w, 2);
	if (ch->reneg || ch->reneg_scsv) {
		static const uint8_t ri[] = { 0xff, 0x01, 0, 1, 0 };

		tls_put(w, ri, sizeof(ri));
	}
	if (c->ems) {
		tls_putn(w, EXT_EXTENDED_MASTER_SECRET, 2);
		tls_putn(w, 0, 2);
	}
	if (c->suite12->kx == EMBER_TLS12_KX_ECDHE) {
		static const uint8_t pf[] = { 0, EXT_EC_POINT_FORMATS, 0, 2, 1, 0 };

		tls_put(w, pf, sizeof(pf));
	}
	tls_close(w, e, 2);
	tls13_msg_end(c, w, m);
	m = tls13_msg_begin(w, HS_CERTIFICATE);
	l = tls_open(w, 3);
	for (i = 0; i < c->cfg->n_chain; i++) {
		tls_putn(w, (uint32_t)c->cfg->chain_lens[i], 3);
		tls_put(w, c->cfg->chain[i], c->cfg->chain_lens[i]);
	}
	tls_close(w, l, 3);
	tls13_msg_end(c, w, m);
	if (c->suite12->kx == EMBER_TLS12_KX_ECDHE) {
		m = tls13_msg_begin(w, HS_SERVER_KEY_EXCHANGE);
		n = tls13_share_len(c->group, 1);
		tls_putn(w, 3, 1); /* named_curve */
		tls_putn(w, c->group, 2);
		tls_putn(w, (uint32_t)n, 1);
		if (w->err || w->cap - w->n < n)
			return EMBER_ELEN;
		params = w->p + w->n - 4;
		TLS13_PROBED(c, EMBER_TLS13_PH_KEX, ret = tls13_share_keygen(c, c->group, w->p + w->n));
		if (ret)
			return ret;
		w->n += n;
		len = tls12_ske_content(c, content, params, 4 + n);
		tls_putn(w, c->sig_scheme, 2);
		l = tls_open(w, 2);
		if (w->err || w->cap - w->n < tls13_sig_max(c->cfg->key))
			return EMBER_ELEN;
		TLS13_PROBED(c, EMBER_TLS13_PH_SIGN,
		    ret = tls13_sign(c->cfg->key, c->sig_scheme, 1, content, len, w->p + w->n, w->cap - w->n, &sig_len));
		if (ret)
			return ret;
		w->n += sig_len;
		tls_close(w, l, 2);
		tls13_msg_end(c, w, m);
	}
	m = tls13_msg_begin(w, HS_SERVER_HELLO_DONE);
	tls13_msg_end(c, w, m);
	return w->err ? EMBER_ELEN : 0;
}

int tls12_server_client_hello(ember_tls13_conn *c, size_t mlen, const tls_client_hello *ch)
{
	const ember_tls12_suite *s = NULL;
	const uint16_t *list;
	uint16_t group = 0, scheme = 0;
	size_t n, i;
	tls_out w;
	int ret;

	if (tls_v13_on(c) && in_wire(ch->suites, SCSV_FALLBACK)) /* RFC 7507 3 */
		return tls13_fail(c, EMBER_TLS_ALERT_INAPPROPRIATE_FALLBACK, EMBER_ENOTSUP);
	pick_ecdhe(c, ch, &group, &scheme);
	list = tls12_suites(c, &n);
	for (i = 0; i < n && s == NULL; i++) {
		const ember_tls12_suite *t = ember_tls12_suite_find(list[i]);

		if (t == NULL || !in_wire(ch->suites, t->id) || !key_fits(c->cfg->key, t, ch))
			continue;
		if (t->kx == EMBER_TLS12_KX_RSA || (group && scheme && ch->point_formats_ok))
			s = t;
	}
	if (s == NULL)
		return tls13_fail(c, EMBER_TLS_ALERT_HANDSHAKE_FAILURE, EMBER_ENOTSUP);
	c->version = TLS12_VERSION;
	c->suite12 = s;
	c->hash = ember_tls12_suite_hash(s);
	ret = EMBER_ENOTSUP;
	if (c->hash)
		TLS13_PROBED(c, EMBER_TLS13_PH_TRANSCRIPT, ret = ember_tls13_transcript_init(&c->tr, c->hash));
	if (ret)
		return tls13_fail(c, EMBER_TLS_ALERT_INTERNAL_ERROR, ret);
	if (s->kx == EMBER_TLS12_KX_ECDHE) {
		c->group = group;
		c->sig_scheme = scheme;
	}
	c->ems = ch->ems;
	c->client_version = ch->legacy_version;
	memcpy(c->peer_random, ch->random, 32);
	ret = ember_random_bytes(c->random, sizeof(c->random));
	if (ret)
		return tls13_fail(c, EMBER_TLS_ALERT_INTERNAL_ERROR, ret);
	if (tls_v13_on(c))
		memcpy(c->random + 24, downgrade12, 8);
	TLS13_PROBED(c, EMBER_TLS13_PH_TRANSCRIPT, ember_tls13_transcript_update(&c->tr, c->hs, mlen));
	w.p = c->hs;
	w.cap = c->hs_cap;
	w.n = mlen;
	w.err = 0;
	ret = flight(c, &w, ch);
	if (ret)
		return tls13_fail(c, EMBER_TLS_ALERT_INTERNAL_ERROR, ret);
	tls13_flight(c, w.n, w.n, TLS12_VERSION);
	c->hs_state = ST_S12_WAIT_CKE;
	return 0;
}

static int client_key_exchange(ember_tls13_conn *c, size_t mlen)
{
	tls_in r = tls_in_of(c->hs + 4, mlen - 4), v;
	uint8_t pms[EMBER_TLS12_MASTER_LEN];
	size_t pms_len = 0;
	int ret, alert = EMBER_TLS_ALERT_ILLEGAL_PARAMETER;

	if (c->suite12->kx == EMBER_TLS12_KX_ECDHE) {
		if (!tls_vec(&r, 1, 1, 255, &v) || r.n)
			return tls13_fail(c, EMBER_TLS_ALERT_DECODE_ERROR, EMBER_EDECODE);
		TLS13_PROBED(c, EMBER_TLS13_PH_KEX, ret = tls13_share_finish(c, v.p, v.n, pms, &pms_len));
		tls13_share_clear(c);
	} else {
		/* 7.4.7.1: the countermeasure answers every bad block as a good one (tls12_keys.c) */
		if (!tls_vec(&r, 2, 0, 0xffff, &v) || r.n)
			return tls13_fail(c, EMBER_TLS_ALERT_DECODE_ERROR, EMBER_EDECODE);
		pms_len = EMBER_TLS12_MASTER_LEN;
		TLS13_PROBED(c, EMBER_TLS13_PH_KEX,
		    ret = ember_tls12_rsa_premaster(&c->cfg->key->u.rsa, v.p, v.n, c->client_version, pms));
		if (ret == EMBER_EDECODE) /* the wrong length: public */
			alert = EMBER_TLS_ALERT_DECODE_ERROR;
		else if (ret)
			alert = EMBER_TLS_ALERT_INTERNAL_ERROR;
	}
	if (ret) {
		ember_wipe(pms, sizeof(pms));
		return tls13_fail(c, alert, ret);
	}
	TLS13_PROBED(c, EMBER_TLS13_PH_TRANSCRIPT, ember_tls13_transcript_update(&c->tr, c->hs, mlen));
	ret = tls12_keys(c, pms, pms_len);
	ember_wipe(pms, sizeof(pms));
	if (ret)
		return tls13_fail(c, EMBER_TLS_ALERT_INTERNAL_ERROR, ret);
	c->ccs_expected = 1;
	c->rd_changed = 1; /* change_cipher_spec next: nothing more in this record */
	c->hs_state = ST_S12_WAIT_FIN;
	return 0;
}

static int client_finished(ember_tls13_conn *c, size_t mlen)
{
	tls_out w;
	int ret = tls12_check_finished(c, mlen);

	if (ret)
		return ret;
	w.p = c->hs;
	w.cap = c->hs_cap;
	w.n = mlen;
	w.err = 0;
	ret = tls12_write_finished(c, &w);
	ember_wipe(c->master, sizeof(c->master));
	if (ret)
		return tls13_fail(c, EMBER_TLS_ALERT_INTERNAL_ERROR, ret);
	tls13_flight(c, mlen, w.n, TLS12_VERSION);
	c->hs_state = ST_CONNECTED;
	c->state = EMBER_TLS13_CONNECTED;
	return 0;
}

int tls12_server_message(ember_tls13_conn *c, size_t mlen)
{
	static const uint8_t no_reneg[2] = { 1, EMBER_TLS_ALERT_NO_RENEGOTIATION };
	uint8_t type = c->hs[0];

	switch (c->hs_state) {
	case ST_S12_WAIT_CKE:
		if (type == HS_CLIENT_KEY_EXCHANGE)
			return client_key_exchange(c, mlen);
		break;
	case ST_S12_WAIT_FIN:
		if (type == HS_FINISHED)
			return client_finished(c, mlen);
		break;
	case ST_CONNECTED:
		if (type != HS_CLIENT_HELLO || c->hs_cap - mlen < sizeof(no_reneg))
			break;
		/* renegotiation: refused with a warning, the ClientHello dropped (RFC 5246 7.2.2) */
		memcpy(c->hs + mlen, no_reneg, sizeof(no_reneg));
		tls_msg(c, 1, EMBER_TLS_CT_ALERT, no_reneg, sizeof(no_reneg));
		tls13_flight(c, mlen, mlen + sizeof(no_reneg), TLS12_VERSION);
		c->out_type = EMBER_TLS_CT_ALERT;
		return 0;
	default:
		break;
	}
	return tls13_fail(c, EMBER_TLS_ALERT_UNEXPECTED_MESSAGE, EMBER_EDECODE);
}
