/*
 * tls12_client.c - the client's TLS 1.2 handshake (RFC 5246 7.3), taken
 * over from tls13_client.c when the ServerHello speaks TLS 1.2:
 * ServerHello, Certificate (the chain verified as in TLS 1.3),
 * ServerKeyExchange (ECDHE: its signature checked), an optional
 * CertificateRequest (answered with an empty Certificate), ServerHelloDone;
 * then ClientKeyExchange, change_cipher_spec and Finished; the server's
 * change_cipher_spec and Finished. No resumption, no renegotiation (a
 * HelloRequest is ignored, 7.4.1.1).
 *
 * What the client requires of the server: the suite offered, the
 * renegotiation_info answer (RFC 5746: without it, a server that could be
 * renegotiated into an attacker's session; OpenSSL 3 refuses it too),
 * uncompressed points, a group offered, a signature scheme offered that
 * the leaf's key makes; extended_master_secret is used when answered (RFC
 * 7627), and a server random ending in "DOWNGRD\1" is refused when TLS 1.3
 * was offered too (RFC 8446 4.1.3).
 */
#include <string.h>

#include "ember/rsa.h"
#include "tls13_hs.h"

static const uint8_t downgrade12[8] = { 'D', 'O', 'W', 'N', 'G', 'R', 'D', 1 };

struct sh12 {
	int reneg, ems;
};

static int sh_ext(ember_tls13_conn *c, void *arg, uint16_t type, tls_in *b, int *alert)
{
	struct sh12 *x = arg;
	tls_in l;

	switch (type) {
	case EXT_RENEGOTIATION_INFO: /* RFC 5746 3.4: empty in an initial handshake */
		if (!tls_vec(b, 1, 0, 0, &l)) {
			*alert = EMBER_TLS_ALERT_HANDSHAKE_FAILURE;
			return EMBER_EDECODE;
		}
		x->reneg = 1;
		break;
	case EXT_EXTENDED_MASTER_SECRET:
		x->ems = 1;
		break;
	case EXT_EC_POINT_FORMATS: /* RFC 8422 5.2: it must list uncompressed */
		if (tls_vec(b, 1, 1, 255, &l) && !memchr(l.p, 0, l.n)) {
			*alert = EMBER_TLS_ALERT_ILLEGAL_PARAMETER;
			return EMBER_EDECODE;
		}
		break;
	case EXT_SERVER_NAME: /* RFC 6066 3: the server used the name; empty */
		if (!c->cfg->server_name)
			goto unsolicited;
		break;
	case EXT_MAX_FRAGMENT_LENGTH: /* RFC 6066 4: the value offered */
		if (!c->cfg->max_fragment_length)
			goto unsolicited;
		if (tls_getn(b, 1) != c->cfg->max_fragment_length && !b->err) {
			*alert = EMBER_TLS_ALERT_ILLEGAL_PARAMETER;
			return EMBER_EDECODE;
		}
		c->mfl = c->cfg->max_fragment_length;
		c->peer_rsl = c->own_rsl = TLS13_MFL_RSL(c->mfl);
		break;
	default:
		goto unsolicited;
	}
	if (b->err || b->n) {
		*alert = EMBER_TLS_ALERT_DECODE_ERROR;
		return EMBER_EDECODE;
	}
	return 0;
unsolicited: /* 7.4.1.4: only what the client offered */
	*alert = EMBER_TLS_ALERT_UNSUPPORTED_EXTENSION;
	return EMBER_EDECODE;
}

int tls12_client_server_hello(ember_tls13_conn *c, size_t mlen)
{
	tls_in r = tls_in_of(c->hs + 4, mlen - 4), sid, exts = { NULL, 0, 0 };
	const uint8_t *random;
	const uint16_t *list;
	const ember_tls12_suite *s;
	struct sh12 x;
	size_t n;
	uint16_t suite;
	int comp, ret, alert = EMBER_TLS_ALERT_DECODE_ERROR;

	memset(&x, 0, sizeof(x));
	tls_getn(&r, 2); /* 03 03: tls13_client.c saw it */
	tls_get(&r, 32, &random);
	tls_vec(&r, 1, 0, 32, &sid);
	suite = (uint16_t)tls_getn(&r, 2);
	comp = (int)tls_getn(&r, 1);
	if (r.n)
		tls_vec(&r, 2, 0, 0xffff, &exts);
	if (r.err || r.n)
		return tls13_fail(c, EMBER_TLS_ALERT_DECODE_ERROR, EMBER_EDECODE);
	ret = tls13_extensions(c, &exts, sh_ext, &x, &alert);
	if (ret)
		return tls13_fail(c, alert, ret);
	if (tls_v13_on(c) && memcmp(random + 24, downgrade12, 8) == 0) /* RFC 8446 4.1.3 */
		return tls13_fail(c, EMBER_TLS_ALERT_ILLEGAL_PARAMETER, EMBER_EDECODE);
	list = tls12_suites(c, &n);
	s = ember_tls12_suite_find(suite);
	/* a session id the client sent would be a resumption it never asked for */
	if (s == NULL || !tls13_in_list(list, n, suite) || comp != 0 ||
	    (sid.n && sid.n == c->sid_len && memcmp(sid.p, c->sid, sid.n) == 0))
		return tls13_fail(c, EMBER_TLS_ALERT_ILLEGAL_PARAMETER, EMBER_EDECODE);
	if (!x.reneg)
		return tls13_fail(c, EMBER_TLS_ALERT_HANDSHAKE_FAILURE, EMBER_ENOTSUP);
	c->version = TLS12_VERSION;
	c->suite12 = s;
	if (s->kx == EMBER_TLS12_KX_RSA)
		c->group = 0; /* no group: the TLS 1.3 share's is not the connection's */
	c->ems = x.ems;
	c->hash = ember_tls12_suite_hash(s);
	if (c->hash == NULL)
		return tls13_fail(c, EMBER_TLS_ALERT_INTERNAL_ERROR, EMBER_ENOTSUP);
	if (c->hash->digest_len == 48)
		c->tr = c->tr2;
	ember_tls13_transcript_clear(&c->tr2);
	tls13_share_clear(c); /* TLS 1.3's share, unused */
	memcpy(c->peer_random, random, 32);
	TLS13_PROBED(c, EMBER_TLS13_PH_TRANSCRIPT, ember_tls13_transcript_update(&c->tr, c->hs, mlen));
	c->hs_state = ST_C12_WAIT_CERT;
	return 0;
}

/* 1 when the leaf's key is the kind the suite authenticates with (RSA, or ECDSA/EdDSA: RFC 8422),
   an ECDSA key on a curve the client offered in supported_groups (RFC 8422 5.1). */
static int leaf_fits(const ember_tls13_conn *c)
{
	ember_pkey pk;
	const uint16_t *groups;
	size_t n;
	int ok;

	if (ember_pkey_read(&pk, c->peer_spki, c->peer_spki_len))
		return 0;
	groups = tls13_groups(c, &n);
	if (c->suite12->auth == EMBER_TLS12_AUTH_RSA)
		ok = pk.type == EMBER_PKEY_RSA;
	else if (pk.type == EMBER_PKEY_EC)
		ok = tls13_in_list(groups, n, pk.u.ec.curve == EMBER_ECC_P384 ? EMBER_TLS_GROUP_SECP384R1 :
		                                                               EMBER_TLS_GROUP_SECP256R1);
	else
		ok = pk.type == EMBER_PKEY_ED25519;
	ember_pkey_clear(&pk);
	return ok;
}

static int certificate(ember_tls13_conn *c, size_t mlen)
{
	tls_in r = tls_in_of(c->hs + 4, mlen - 4), list, cert;
	const uint8_t *certs[EMBER_TLS13_MAX_CHAIN];
	size_t lens[EMBER_TLS13_MAX_CHAIN], n = 0;
	int ret;

	if (!tls_vec(&r, 3, 1, 0xffffff, &list) || r.n)
		return tls13_fail(c, EMBER_TLS_ALERT_DECODE_ERROR, EMBER_EDECODE);
	while (list.n) {
		if (!tls_vec(&list, 3, 1, 0xffffff, &cert))
			return tls13_fail(c, EMBER_TLS_ALERT_DECODE_ERROR, EMBER_EDECODE);
		if (n < EMBER_TLS13_MAX_CHAIN) {
			certs[n] = cert.p;
			lens[n++] = cert.n;
		}
	}
	ret = tls13_peer_certs(c, certs, lens, n);
	if (ret)
		return ret;
	if (!leaf_fits(c))
		return tls13_fail(c, EMBER_TLS_ALERT_UNSUPPORTED_CERTIFICATE, EMBER_EINVAL);
	TLS13_PROBED(c, EMBER_TLS13_PH_TRANSCRIPT, ember_tls13_transcript_update(&c->tr, c->hs, mlen));
	c->hs_state = c->suite12->kx == EMBER_TLS12_KX_ECDHE ? ST_C12_WAIT_SKE : ST_C12_WAIT_SHD;
	return 0;
}

static int server_key_exchange(ember_tls13_conn *c, size_t mlen)
{
	tls_in r = tls_in_of(c->hs + 4, mlen - 4), point, sig;
	const uint8_t *params = r.p;
	uint8_t content[64 + 4 + 255];
	size_t n, len, params_len;
	const uint16_t *list;
	uint16_t group, scheme;
	int ret;

	if (tls_getn(&r, 1) != 3 && !r.err) /* named_curve only (RFC 8422 5.4) */
		return tls13_fail(c, EMBER_TLS_ALERT_ILLEGAL_PARAMETER, EMBER_EDECODE);
	group = (uint16_t)tls_getn(&r, 2);
	tls_vec(&r, 1, 1, 255, &point);
	params_len = (size_t)(r.p - params);
	scheme = (uint16_t)tls_getn(&r, 2);
	tls_vec(&r, 2, 1, 0xffff, &sig);
	if (r.err || r.n)
		return tls13_fail(c, EMBER_TLS_ALERT_DECODE_ERROR, EMBER_EDECODE);
	list = tls13_groups(c, &n);
	if (!tls12_group_ok(group) || !tls13_in_list(list, n, group) || point.n != tls13_share_len(group, 1))
		return tls13_fail(c, EMBER_TLS_ALERT_ILLEGAL_PARAMETER, EMBER_EDECODE);
	list = tls12_sigs(c, &n);
	if (!tls13_in_list(list, n, scheme))
		return tls13_fail(c, EMBER_TLS_ALERT_ILLEGAL_PARAMETER, EMBER_EDECODE);
	len = tls12_ske_content(c, content, params, params_len);
	TLS13_PROBED(c, EMBER_TLS13_PH_VERIFY,
	    ret = tls13_verify(c->peer_spki, c->peer_spki_len, scheme, 1, content, len, sig.p, sig.n));
	if (ret == EMBER_EINVAL) /* the scheme does not fit the leaf's key */
		return tls13_fail(c, EMBER_TLS_ALERT_ILLEGAL_PARAMETER, EMBER_EDECODE);
	if (ret)
		return tls13_fail(c, EMBER_TLS_ALERT_DECRYPT_ERROR, EMBER_EVERIFY);
	c->group = group;
	c->sig_scheme = scheme;
	memcpy(c->peer_point, point.p, point.n);
	c->peer_point_len = point.n;
	TLS13_PROBED(c, EMBER_TLS13_PH_TRANSCRIPT, ember_tls13_transcript_update(&c->tr, c->hs, mlen));
	c->hs_state = ST_C12_WAIT_SHD;
	return 0;
}

static int certificate_request(ember_tls13_conn *c, size_t mlen)
{
	tls_in r = tls_in_of(c->hs + 4, mlen - 4), v;

	/* certificate_types, supported_signature_algorithms, certificate_authorities (7.4.4) */
	tls_vec(&r, 1, 1, 255, &v);
	if (!tls_vec(&r, 2, 2, 0xfffe, &v) || (v.n & 1))
		r.err = 1;
	tls_vec(&r, 2, 0, 0xffff, &v);
	if (r.err || r.n)
		return tls13_fail(c, EMBER_TLS_ALERT_DECODE_ERROR, EMBER_EDECODE);
	if (c->cert_requested)
		return tls13_fail(c, EMBER_TLS_ALERT_UNEXPECTED_MESSAGE, EMBER_EDECODE);
	c->cert_requested = 1;
	TLS13_PROBED(c, EMBER_TLS13_PH_TRANSCRIPT, ember_tls13_transcript_update(&c->tr, c->hs, mlen));
	return 0;
}

/* RSA key transport (7.4.7.1): client_version || 46 random bytes, in PKCS#1 v1.5 (RFC 8017 7.2.1). */
static int rsa_premaster(ember_tls13_conn *c, uint8_t pms[EMBER_TLS12_MASTER_LEN], uint8_t *out, size_t cap,
    size_t *out_len)
{
	ember_pkey pk;
	uint8_t em[1024];
	size_t k, i;
	int ret;

	if (ember_pkey_read(&pk, c->peer_spki, c->peer_spki_len))
		return EMBER_EINVAL;
	k = pk.u.rsa.pub.len;
	ret = EMBER_ELEN;
	if (pk.type == EMBER_PKEY_RSA && k <= sizeof(em) && k <= cap && k >= EMBER_TLS12_MASTER_LEN + 11) {
		pms[0] = 3;
		pms[1] = 3;
		ret = ember_random_bytes(pms + 2, EMBER_TLS12_MASTER_LEN - 2);
		em[0] = 0;
		em[1] = 2;
		if (!ret)
			ret = ember_random_bytes(em + 2, k - 3 - EMBER_TLS12_MASTER_LEN);
		for (i = 2; !ret && i < k - 1 - EMBER_TLS12_MASTER_LEN; i++)
			while (!ret && em[i] == 0) /* the padding string is non-zero */
				ret = ember_random_bytes(em + i, 1);
		em[k - 1 - EMBER_TLS12_MASTER_LEN] = 0;
		memcpy(em + k - EMBER_TLS12_MASTER_LEN, pms, EMBER_TLS12_MASTER_LEN);
		if (!ret)
			ret = ember_rsa_public_op(&pk.u.rsa.pub, out, em, k);
		*out_len = k;
		ember_wipe(em, sizeof(em));
	}
	ember_pkey_clear(&pk);
	return ret;
}

/* ServerHelloDone: the client's flight, [Certificate], ClientKeyExchange, change_cipher_spec, Finished. */
static int server_hello_done(ember_tls13_conn *c, size_t mlen)
{
	uint8_t pms[EMBER_TLS12_MASTER_LEN];
	tls_out w;
	size_t m, l, plain, pms_len = 0, n = 0;
	int ret;

	if (mlen != 4)
		return tls13_fail(c, EMBER_TLS_ALERT_DECODE_ERROR, EMBER_EDECODE);
	TLS13_PROBED(c, EMBER_TLS13_PH_TRANSCRIPT, ember_tls13_transcript_update(&c->tr, c->hs, mlen));
	w.p = c->hs;
	w.cap = c->hs_cap;
	w.n = mlen;
	w.err = 0;
	if (c->cert_requested) { /* 7.4.6: no certificate, an empty list */
		m = tls13_msg_begin(&w, HS_CERTIFICATE);
		tls_putn(&w, 0, 3);
		tls13_msg_end(c, &w, m);
	}
	m = tls13_msg_begin(&w, HS_CLIENT_KEY_EXCHANGE);
	if (c->suite12->kx == EMBER_TLS12_KX_ECDHE) {
		n = tls13_share_len(c->group, 0);
		l = tls_open(&w, 1);
		ret = EMBER_ELEN;
		if (!w.err && w.cap - w.n >= n)
			TLS13_PROBED(c, EMBER_TLS13_PH_KEX,
			    ret = tls13_share_respond(c->group, c->peer_point, c->peer_point_len, w.p + w.n, pms, &pms_len));
		if (ret) {
			ember_wipe(pms, sizeof(pms));
			return tls13_fail(c, ret == EMBER_ELEN || ret == EMBER_ERANDOM ? EMBER_TLS_ALERT_INTERNAL_ERROR :
			    EMBER_TLS_ALERT_ILLEGAL_PARAMETER, ret);
		}
		w.n += n;
		tls_close(&w, l, 1);
	} else {
		l = tls_open(&w, 2);
		ret = EMBER_ELEN;
		if (!w.err)
			TLS13_PROBED(c, EMBER_TLS13_PH_KEX, ret = rsa_premaster(c, pms, w.p + w.n, w.cap - w.n, &n));
		if (ret) {
			ember_wipe(pms, sizeof(pms));
			return tls13_fail(c, EMBER_TLS_ALERT_INTERNAL_ERROR, ret);
		}
		pms_len = EMBER_TLS12_MASTER_LEN;
		w.n += n;
		tls_close(&w, l, 2);
	}
	tls13_msg_end(c, &w, m);
	plain = w.n;
	ret = w.err ? EMBER_ELEN : tls12_keys(c, pms, pms_len);
	ember_wipe(pms, sizeof(pms));
	if (!ret)
		ret = tls12_write_finished(c, &w);
	if (ret)
		return tls13_fail(c, EMBER_TLS_ALERT_INTERNAL_ERROR, ret);
	tls13_flight(c, plain, w.n, TLS12_VERSION);
	c->ccs_expected = 1;
	c->hs_state = ST_C12_WAIT_FIN;
	return 0;
}

int tls12_client_message(ember_tls13_conn *c, size_t mlen)
{
	uint8_t type = c->hs[0];
	int ret;

	switch (c->hs_state) {
	case ST_C12_WAIT_CERT:
		if (type == HS_CERTIFICATE)
			return certificate(c, mlen);
		break;
	case ST_C12_WAIT_SKE:
		if (type == HS_SERVER_KEY_EXCHANGE)
			return server_key_exchange(c, mlen);
		break;
	case ST_C12_WAIT_SHD:
		if (type == HS_CERTIFICATE_REQUEST)
			return certificate_request(c, mlen);
		if (type == HS_SERVER_HELLO_DONE)
			return server_hello_done(c, mlen);
		break;
	case ST_C12_WAIT_FIN:
		if (type != HS_FINISHED)
			break;
		ret = tls12_check_finished(c, mlen);
		if (ret)
			return ret;
		ember_wipe(c->master, sizeof(c->master));
		c->hs_state = ST_CONNECTED;
		c->state = EMBER_TLS13_CONNECTED;
		return 0;
	case ST_CONNECTED:
		if (type == HS_HELLO_REQUEST && mlen == 4)
			return 0; /* no renegotiation: ignored (7.4.1.1) */
		break;
	default:
		break;
	}
	return tls13_fail(c, EMBER_TLS_ALERT_UNEXPECTED_MESSAGE, EMBER_EDECODE);
}
