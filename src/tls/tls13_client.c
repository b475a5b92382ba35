/*
 * tls13_client.c - the client's handshake (RFC 8446 2, A.1): ClientHello,
 * a HelloRetryRequest answered once, ServerHello, EncryptedExtensions, an
 * optional CertificateRequest (answered with an empty Certificate),
 * Certificate (the chain verified by x509.h), CertificateVerify,
 * Finished; then NewSessionTicket (ignored) and KeyUpdate.
 *
 * Until ServerHello names the suite the client cannot know the transcript
 * hash, so it runs two (SHA-256 in tr, SHA-384 in tr2) and keeps one.
 */
#include <string.h>

#include "ember/x509.h"
#include "tls13_hs.h"

/* SHA-256("HelloRetryRequest"), ServerHello.random of a HelloRetryRequest (4.1.3) */
static const uint8_t hrr_random[32] = { 0xcf, 0x21, 0xad, 0x74, 0xe5, 0x9a, 0x61, 0x11, 0xbe, 0x1d, 0x8c, 0x02,
	0x1e, 0x65, 0xb8, 0x91, 0xc2, 0xa2, 0x11, 0x16, 0x7a, 0xbb, 0x8c, 0x5e, 0x07, 0x9e, 0x09, 0xe2, 0xc8, 0xa8,
	0x33, 0x9c };

/* Writes a ClientHello at hs[at..] (the first, or the second after a HelloRetryRequest). */
static int client_hello(ember_tls13_conn *c, size_t at)
{
	tls_out w;
	size_t m, e, x, l, i, n, sl;
	const uint16_t *list;
	int ret;

	w.p = c->hs;
	w.cap = c->hs_cap;
	w.n = at;
	w.err = 0;
	m = tls13_msg_begin(&w, HS_CLIENT_HELLO);
	tls_putn(&w, TLS12_VERSION, 2);
	tls_put(&w, c->random, 32);
	tls_putn(&w, (uint32_t)c->sid_len, 1);
	tls_put(&w, c->sid, c->sid_len);
	l = tls_open(&w, 2);
	if (tls_v13_on(c)) {
		list = tls13_suites(c, &n);
		for (i = 0; i < n; i++)
			tls_putn(&w, list[i], 2);
	}
	if (tls_v12_on(c)) {
		list = tls12_suites(c, &n);
		for (i = 0; i < n; i++)
			tls_putn(&w, list[i], 2);
	}
	tls_close(&w, l, 2);
	tls_putn(&w, 0x0100, 2); /* compression_methods: null only */
	e = tls_open(&w, 2);
	if (c->cfg->server_name) {
		sl = strlen(c->cfg->server_name);
		if (sl == 0 || sl > 255)
			return EMBER_EINVAL;
		tls_putn(&w, EXT_SERVER_NAME, 2);
		x = tls_open(&w, 2);
		l = tls_open(&w, 2);
		tls_putn(&w, 0, 1); /* host_name */
		tls_putn(&w, (uint32_t)sl, 2);
		tls_put(&w, c->cfg->server_name, sl);
		tls_close(&w, l, 2);
		tls_close(&w, x, 2);
	}
	list = tls13_groups(c, &n);
	tls_putn(&w, EXT_SUPPORTED_GROUPS, 2);
	x = tls_open(&w, 2);
	l = tls_open(&w, 2);
	for (i = 0; i < n; i++)
		if (tls_v13_on(c) || tls12_group_ok(list[i])) /* TLS 1.2 alone: its groups only */
			tls_putn(&w, list[i], 2);
	tls_close(&w, l, 2);
	tls_close(&w, x, 2);
	list = tls_v12_on(c) ? tls12_sigs(c, &n) : tls13_sigs(c, &n);
	tls_putn(&w, EXT_SIGNATURE_ALGORITHMS, 2);
	x = tls_open(&w, 2);
	l = tls_open(&w, 2);
	for (i = 0; i < n; i++)
		tls_putn(&w, list[i], 2);
	tls_close(&w, l, 2);
	tls_close(&w, x, 2);
	if (tls_v12_on(c)) {
		/* RFC 8422 5.1.2 (uncompressed points), RFC 7627, RFC 5746 (an initial handshake: empty) */
		static const uint8_t ext12[] = { 0, EXT_EC_POINT_FORMATS, 0, 2, 1, 0, 0, EXT_EXTENDED_MASTER_SECRET, 0, 0,
			0xff, 0x01, 0, 1, 0 };

		tls_put(&w, ext12, sizeof(ext12));
	}
	if (tls_v13_on(c)) {
		int both = tls_v12_on(c);

		tls_putn(&w, EXT_SUPPORTED_VERSIONS, 2);
		tls_putn(&w, both ? 5 : 3, 2);
		tls_putn(&w, both ? 4 : 2, 1);
		tls_putn(&w, TLS13_VERSION, 2);
		if (both)
			tls_putn(&w, TLS12_VERSION, 2);
	}
	if (c->cfg->max_fragment_length) {
		tls_putn(&w, EXT_MAX_FRAGMENT_LENGTH, 2);
		tls_putn(&w, 1, 2);
		tls_putn(&w, c->cfg->max_fragment_length, 1);
	}
	if (c->cfg->record_size_limit) {
		tls_putn(&w, EXT_RECORD_SIZE_LIMIT, 2);
		tls_putn(&w, 2, 2);
		tls_putn(&w, c->cfg->record_size_limit, 2);
	}
	if (c->cookie_len) {
		tls_putn(&w, EXT_COOKIE, 2);
		tls_putn(&w, (uint32_t)(c->cookie_len + 2), 2);
		tls_putn(&w, (uint32_t)c->cookie_len, 2);
		tls_put(&w, c->cookie, c->cookie_len);
	}
	if (!tls_v13_on(c)) { /* TLS 1.2 alone: no key share (its key exchange comes after ServerHello) */
		tls_close(&w, e, 2);
		tls13_msg_end(c, &w, m);
		if (w.err)
			return EMBER_ELEN;
		tls13_flight(c, w.n, w.n, 0x0301);
		return 0;
	}
	n = tls13_share_len(c->group, 0);
	tls_putn(&w, EXT_KEY_SHARE, 2);
	tls_putn(&w, (uint32_t)(n + 6), 2);
	tls_putn(&w, (uint32_t)(n + 4), 2);
	tls_putn(&w, c->group, 2);
	tls_putn(&w, (uint32_t)n, 2);
	if (w.err || w.cap - w.n < n)
		return EMBER_ELEN;
	TLS13_PROBED(c, EMBER_TLS13_PH_KEX, ret = tls13_share_keygen(c, c->group, w.p + w.n));
	if (ret)
		return ret;
	w.n += n;
	tls_close(&w, e, 2);
	tls13_msg_end(c, &w, m);
	if (w.err)
		return EMBER_ELEN;
	tls13_flight(c, w.n, w.n, at == 0 ? 0x0301 : TLS12_VERSION);
	return 0;
}

int tls13_client_start(ember_tls13_conn *c)
{
	size_t n;
	const uint16_t *groups = tls13_groups(c, &n);
	int ret;

	TLS13_PROBED(c, EMBER_TLS13_PH_TRANSCRIPT,
	    ret = ember_tls13_transcript_init(&c->tr, ember_hash_find("sha256", NULL));
	    if (!ret) ret = ember_tls13_transcript_init(&c->tr2, ember_hash_find("sha384", NULL)));
	if (!ret)
		ret = ember_random_bytes(c->random, sizeof(c->random));
	/* a session id of 32 bytes: the middlebox compatibility mode of D.4 (the server echoes it); none
	   from a TLS 1.2 client, which resumes nothing */
	c->sid_len = tls_v13_on(c) ? sizeof(c->sid) : 0;
	if (!ret)
		ret = ember_random_bytes(c->sid, sizeof(c->sid));
	if (ret)
		return ret;
	c->group = groups[0];
	c->hs_state = ST_C_WAIT_SH;
	return client_hello(c, 0);
}

/* ---- ServerHello and HelloRetryRequest ---- */

struct sh_exts {
	int hrr;
	int version_seen, share_seen, cookie_seen, tls12_ext;
	uint16_t version, group;
	tls_in share;
	tls_in cookie;
};

static int sh_ext(ember_tls13_conn *c, void *arg, uint16_t type, tls_in *b, int *alert)
{
	struct sh_exts *x = arg;

	(void)c;
	switch (type) {
	case EXT_SUPPORTED_VERSIONS:
		x->version = (uint16_t)tls_getn(b, 2);
		x->version_seen = 1;
		break;
	case EXT_KEY_SHARE:
		x->group = (uint16_t)tls_getn(b, 2);
		if (!x->hrr)
			tls_vec(b, 2, 1, 0xffff, &x->share);
		x->share_seen = 1;
		break;
	case EXT_COOKIE:
		if (!x->hrr) {
			*alert = EMBER_TLS_ALERT_UNSUPPORTED_EXTENSION;
			return EMBER_EDECODE;
		}
		tls_vec(b, 2, 1, 0xffff, &x->cookie);
		x->cookie_seen = 1;
		break;
	case EXT_EC_POINT_FORMATS:
	case EXT_EXTENDED_MASTER_SECRET:
	case EXT_RENEGOTIATION_INFO:
	case EXT_SERVER_NAME:
	case EXT_MAX_FRAGMENT_LENGTH:
		/* a TLS 1.2 ServerHello's (tls12_client.c reads them); TLS 1.3's ServerHello has none */
		x->tls12_ext = 1;
		b->n = 0;
		break;
	default: /* nothing else was offered that a ServerHello may answer (4.2) */
		*alert = EMBER_TLS_ALERT_UNSUPPORTED_EXTENSION;
		return EMBER_EDECODE;
	}
	if (b->err || b->n) {
		*alert = EMBER_TLS_ALERT_DECODE_ERROR;
		return EMBER_EDECODE;
	}
	return 0;
}

static int server_hello(ember_tls13_conn *c, size_t mlen)
{
	const uint8_t *random, *sid;
	tls_in r = tls_in_of(c->hs + 4, mlen - 4), sidv, exts;
	struct sh_exts x;
	uint8_t ss[64];
	size_t n, ss_len = 0;
	const uint16_t *list;
	const ember_tls13_suite *s;
	uint16_t version, suite;
	int comp, ret, alert = EMBER_TLS_ALERT_DECODE_ERROR;

	memset(&x, 0, sizeof(x));
	version = (uint16_t)tls_getn(&r, 2);
	tls_get(&r, 32, &random);
	tls_vec(&r, 1, 0, 32, &sidv);
	suite = (uint16_t)tls_getn(&r, 2);
	comp = (int)tls_getn(&r, 1);
	if (!r.err && r.n == 0 && version <= TLS12_VERSION) { /* a TLS 1.2 ServerHello without extensions */
		if (version == TLS12_VERSION && tls_v12_on(c))
			return tls12_client_server_hello(c, mlen);
		return tls13_fail(c, EMBER_TLS_ALERT_PROTOCOL_VERSION, EMBER_ENOTSUP);
	}
	tls_vec(&r, 2, 0, 0xffff, &exts);
	if (r.err || r.n)
		return tls13_fail(c, EMBER_TLS_ALERT_DECODE_ERROR, EMBER_EDECODE);
	x.hrr = memcmp(random, hrr_random, 32) == 0;
	ret = tls13_extensions(c, &exts, sh_ext, &x, &alert);
	if (ret)
		return tls13_fail(c, alert, ret);
	if (!x.version_seen) { /* a server of TLS 1.2 or older (4.1.3) */
		if (version == TLS12_VERSION && tls_v12_on(c) && !c->hrr)
			return tls12_client_server_hello(c, mlen);
		return tls13_fail(c, EMBER_TLS_ALERT_PROTOCOL_VERSION, EMBER_ENOTSUP);
	}
	if (x.tls12_ext) /* offered for TLS 1.2 only */
		return tls13_fail(c, EMBER_TLS_ALERT_UNSUPPORTED_EXTENSION, EMBER_EDECODE);
	if (!tls_v13_on(c)) /* a TLS 1.2 client that did not offer it (4.2.1) */
		return tls13_fail(c, EMBER_TLS_ALERT_ILLEGAL_PARAMETER, EMBER_EDECODE);
	if (x.version != TLS13_VERSION || version != TLS12_VERSION)
		return tls13_fail(c, EMBER_TLS_ALERT_ILLEGAL_PARAMETER, EMBER_EDECODE);
	sid = sidv.p;
	list = tls13_suites(c, &n);
	s = ember_tls13_suite_find(suite);
	if (sidv.n != c->sid_len || memcmp(sid, c->sid, c->sid_len) != 0 || comp != 0 || s == NULL ||
	    !tls13_in_list(list, n, suite) || (c->suite != NULL && c->suite != s))
		return tls13_fail(c, EMBER_TLS_ALERT_ILLEGAL_PARAMETER, EMBER_EDECODE);
	if (c->suite == NULL) {
		c->version = TLS13_VERSION;
		c->suite = s;
		c->hash = ember_tls13_suite_hash(s);
		if (c->hash == NULL)
			return tls13_fail(c, EMBER_TLS_ALERT_INTERNAL_ERROR, EMBER_ENOTSUP);
		if (c->hash->digest_len == 48)
			c->tr = c->tr2;
		ember_tls13_transcript_clear(&c->tr2);
	}
	if (x.hrr) {
		list = tls13_groups(c, &n);
		if (c->hrr) /* a second HelloRetryRequest */
			return tls13_fail(c, EMBER_TLS_ALERT_UNEXPECTED_MESSAGE, EMBER_EDECODE);
		/* 4.1.4: a group offered and not already shared; a change to make */
		if ((x.share_seen && (!tls13_in_list(list, n, x.group) || x.group == c->group)) ||
		    (!x.share_seen && !x.cookie_seen) || (x.cookie_seen && x.cookie.n > sizeof(c->cookie)))
			return tls13_fail(c, EMBER_TLS_ALERT_ILLEGAL_PARAMETER, EMBER_EDECODE);
		c->hrr = 1;
		if (x.share_seen)
			c->group = x.group;
		if (x.cookie_seen) {
			memcpy(c->cookie, x.cookie.p, x.cookie.n);
			c->cookie_len = x.cookie.n;
		}
		TLS13_PROBED(c, EMBER_TLS13_PH_TRANSCRIPT,
		    ember_tls13_transcript_hrr(&c->tr); ember_tls13_transcript_update(&c->tr, c->hs, mlen));
		ret = client_hello(c, mlen);
		return ret ? tls13_fail(c, EMBER_TLS_ALERT_INTERNAL_ERROR, ret) : 0;
	}
	if (!x.share_seen)
		return tls13_fail(c, EMBER_TLS_ALERT_MISSING_EXTENSION, EMBER_EDECODE);
	if (x.group != c->group)
		return tls13_fail(c, EMBER_TLS_ALERT_ILLEGAL_PARAMETER, EMBER_EDECODE);
	TLS13_PROBED(c, EMBER_TLS13_PH_TRANSCRIPT, ember_tls13_transcript_update(&c->tr, c->hs, mlen));
	TLS13_PROBED(c, EMBER_TLS13_PH_KEX, ret = tls13_share_finish(c, x.share.p, x.share.n, ss, &ss_len));
	tls13_share_clear(c);
	if (ret) {
		ember_wipe(ss, sizeof(ss));
		return tls13_fail(c, EMBER_TLS_ALERT_ILLEGAL_PARAMETER, ret);
	}
	ret = tls13_handshake_keys(c, ss, sizeof(ss), ss_len);
	if (ret)
		return tls13_fail(c, EMBER_TLS_ALERT_INTERNAL_ERROR, ret);
	c->hs_state = ST_C_WAIT_EE;
	return tls13_read_key(c, c->s_hs);
}

/* ---- EncryptedExtensions, CertificateRequest ---- */

/* Extensions that exist but may not come in EncryptedExtensions (4.2): illegal_parameter. */
static int not_in_ee(uint16_t type)
{
	return type == EXT_SIGNATURE_ALGORITHMS || type == EXT_PRE_SHARED_KEY || type == EXT_SUPPORTED_VERSIONS ||
	    type == EXT_COOKIE || type == EXT_PSK_KEY_EXCHANGE_MODES || type == EXT_CERTIFICATE_AUTHORITIES ||
	    type == EXT_SIGNATURE_ALGORITHMS_CERT || type == EXT_KEY_SHARE || type == 48 /* oid_filters */ ||
	    type == 49 /* post_handshake_auth */;
}

static int ee_ext(ember_tls13_conn *c, void *arg, uint16_t type, tls_in *b, int *alert)
{
	(void)arg;
	if (type == EXT_SUPPORTED_GROUPS) /* the server's preference, for later connections: noted, not used */
		return 0;
	if (type == EXT_SERVER_NAME && c->cfg->server_name && b->n == 0)
		return 0;
	if (type == EXT_RECORD_SIZE_LIMIT && c->cfg->record_size_limit) { /* RFC 8449 4 */
		uint16_t v = (uint16_t)tls_getn(b, 2);

		if (b->err || b->n) {
			*alert = EMBER_TLS_ALERT_DECODE_ERROR;
			return EMBER_EDECODE;
		}
		if (v < TLS13_RSL_MIN || v > TLS13_RSL_MAX || c->mfl) { /* RFC 8449 5: not both */
			*alert = EMBER_TLS_ALERT_ILLEGAL_PARAMETER;
			return EMBER_EDECODE;
		}
		c->peer_rsl = v;
		c->own_rsl = c->cfg->record_size_limit;
		return 0;
	}
	if (type == EXT_MAX_FRAGMENT_LENGTH && c->cfg->max_fragment_length) { /* RFC 6066 4 */
		uint8_t v = (uint8_t)tls_getn(b, 1);

		if (b->err || b->n) {
			*alert = EMBER_TLS_ALERT_DECODE_ERROR;
			return EMBER_EDECODE;
		}
		if (v != c->cfg->max_fragment_length || c->peer_rsl) { /* the value offered, and alone */
			*alert = EMBER_TLS_ALERT_ILLEGAL_PARAMETER;
			return EMBER_EDECODE;
		}
		c->mfl = v;
		c->peer_rsl = c->own_rsl = TLS13_MFL_RSL(v);
		return 0;
	}
	*alert = not_in_ee(type) ? EMBER_TLS_ALERT_ILLEGAL_PARAMETER : EMBER_TLS_ALERT_UNSUPPORTED_EXTENSION;
	return EMBER_EDECODE;
}

static int encrypted_extensions(ember_tls13_conn *c, size_t mlen)
{
	tls_in r = tls_in_of(c->hs + 4, mlen - 4), exts;
	int ret, alert = EMBER_TLS_ALERT_DECODE_ERROR;

	if (!tls_vec(&r, 2, 0, 0xffff, &exts) || r.n)
		return tls13_fail(c, EMBER_TLS_ALERT_DECODE_ERROR, EMBER_EDECODE);
	ret = tls13_extensions(c, &exts, ee_ext, NULL, &alert);
	if (ret)
		return tls13_fail(c, alert, ret);
	TLS13_PROBED(c, EMBER_TLS13_PH_TRANSCRIPT, ember_tls13_transcript_update(&c->tr, c->hs, mlen));
	c->hs_state = ST_C_WAIT_CERT_CR;
	return 0;
}

static int cr_ext(ember_tls13_conn *c, void *arg, uint16_t type, tls_in *b, int *alert)
{
	(void)c;
	if (type == EXT_SIGNATURE_ALGORITHMS) {
		tls_in l;

		if (!tls_vec(b, 2, 2, 0xfffe, &l) || b->n || (l.n & 1)) {
			*alert = EMBER_TLS_ALERT_DECODE_ERROR;
			return EMBER_EDECODE;
		}
		*(int *)arg = 1;
	}
	return 0; /* others (certificate_authorities, oid_filters ...) do not matter to an empty answer */
}

static int certificate_request(ember_tls13_conn *c, size_t mlen)
{
	tls_in r = tls_in_of(c->hs + 4, mlen - 4), ctx, exts;
	int ret, sigs = 0, alert = EMBER_TLS_ALERT_DECODE_ERROR;

	if (!tls_vec(&r, 1, 0, 255, &ctx) || !tls_vec(&r, 2, 0, 0xffff, &exts) || r.n)
		return tls13_fail(c, EMBER_TLS_ALERT_DECODE_ERROR, EMBER_EDECODE);
	ret = tls13_extensions(c, &exts, cr_ext, &sigs, &alert);
	if (ret)
		return tls13_fail(c, alert, ret);
	if (!sigs)
		return tls13_fail(c, EMBER_TLS_ALERT_MISSING_EXTENSION, EMBER_EDECODE);
	memcpy(c->cr_ctx, ctx.p, ctx.n);
	c->cr_ctx_len = ctx.n;
	c->cert_requested = 1;
	TLS13_PROBED(c, EMBER_TLS13_PH_TRANSCRIPT, ember_tls13_transcript_update(&c->tr, c->hs, mlen));
	c->hs_state = ST_C_WAIT_CERT;
	return 0;
}

/* ---- Certificate, CertificateVerify ---- */

static int certificate(ember_tls13_conn *c, size_t mlen)
{
	tls_in r = tls_in_of(c->hs + 4, mlen - 4), ctx, list;
	const uint8_t *certs[EMBER_TLS13_MAX_CHAIN];
	size_t lens[EMBER_TLS13_MAX_CHAIN], n = 0;
	int ret;

	if (!tls_vec(&r, 1, 0, 255, &ctx) || !tls_vec(&r, 3, 0, 0xffffff, &list) || r.n)
		return tls13_fail(c, EMBER_TLS_ALERT_DECODE_ERROR, EMBER_EDECODE);
	if (ctx.n) /* 4.4.2: empty in the server's Certificate */
		return tls13_fail(c, EMBER_TLS_ALERT_ILLEGAL_PARAMETER, EMBER_EDECODE);
	while (list.n) {
		tls_in cert, exts;

		if (!tls_vec(&list, 3, 1, 0xffffff, &cert) || !tls_vec(&list, 2, 0, 0xffff, &exts))
			return tls13_fail(c, EMBER_TLS_ALERT_DECODE_ERROR, EMBER_EDECODE);
		if (n < EMBER_TLS13_MAX_CHAIN) { /* more may follow; the chain to verify is the first eight */
			certs[n] = cert.p;
			lens[n++] = cert.n;
		}
	}
	if (n == 0) /* 4.4.2.4 */
		return tls13_fail(c, EMBER_TLS_ALERT_DECODE_ERROR, EMBER_EDECODE);
	ret = tls13_peer_certs(c, certs, lens, n);
	if (ret)
		return ret;
	TLS13_PROBED(c, EMBER_TLS13_PH_TRANSCRIPT, ember_tls13_transcript_update(&c->tr, c->hs, mlen));
	c->hs_state = ST_C_WAIT_CV;
	return 0;
}

static int certificate_verify(ember_tls13_conn *c, size_t mlen)
{
	tls_in r = tls_in_of(c->hs + 4, mlen - 4), sig;
	uint8_t th[EMBER_TLS13_MAX_HASH_LEN], content[160];
	size_t n, len;
	const uint16_t *list = tls13_sigs(c, &n);
	uint16_t scheme = (uint16_t)tls_getn(&r, 2);
	int ret;

	if (!tls_vec(&r, 2, 1, 0xffff, &sig) || r.n)
		return tls13_fail(c, EMBER_TLS_ALERT_DECODE_ERROR, EMBER_EDECODE);
	if (!tls13_in_list(list, n, scheme) || tls_sig_pkcs1(scheme)) /* 4.4.3: a scheme offered, not PKCS#1 */
		return tls13_fail(c, EMBER_TLS_ALERT_ILLEGAL_PARAMETER, EMBER_EDECODE);
	TLS13_PROBED(c, EMBER_TLS13_PH_TRANSCRIPT, ember_tls13_transcript_hash(&c->tr, th));
	len = tls13_cv_content(content, 1, th, c->hash->digest_len);
	TLS13_PROBED(c, EMBER_TLS13_PH_VERIFY,
	    ret = tls13_verify(c->peer_spki, c->peer_spki_len, scheme, 0, content, len, sig.p, sig.n));
	if (ret == EMBER_EINVAL) /* the scheme does not fit the leaf's key */
		return tls13_fail(c, EMBER_TLS_ALERT_ILLEGAL_PARAMETER, EMBER_EDECODE);
	if (ret)
		return tls13_fail(c, EMBER_TLS_ALERT_DECRYPT_ERROR, EMBER_EVERIFY);
	c->sig_scheme = scheme;
	TLS13_PROBED(c, EMBER_TLS13_PH_TRANSCRIPT, ember_tls13_transcript_update(&c->tr, c->hs, mlen));
	c->hs_state = ST_C_WAIT_FIN;
	return 0;
}

/* ---- Finished, and the client's last flight ---- */

static int server_finished(ember_tls13_conn *c, size_t mlen)
{
	uint8_t c_ap[EMBER_TLS13_MAX_HASH_LEN], s_ap[EMBER_TLS13_MAX_HASH_LEN];
	tls_out w;
	size_t m;
	int ret = tls13_check_finished(c, c->hs, mlen, c->s_hs);

	if (ret)
		return ret;
	ret = tls13_app_secrets(c, c_ap, s_ap);
	if (ret)
		return tls13_fail(c, EMBER_TLS_ALERT_INTERNAL_ERROR, ret);
	w.p = c->hs;
	w.cap = c->hs_cap;
	w.n = mlen;
	w.err = 0;
	if (c->cert_requested) { /* 4.4.2: no certificate to send, an empty list; no CertificateVerify */
		m = tls13_msg_begin(&w, HS_CERTIFICATE);
		tls_putn(&w, (uint32_t)c->cr_ctx_len, 1);
		tls_put(&w, c->cr_ctx, c->cr_ctx_len);
		tls_putn(&w, 0, 3);
		tls13_msg_end(c, &w, m);
	}
	ret = tls13_write_finished(c, &w, c->c_hs);
	if (ret || w.err) {
		ember_wipe(c_ap, sizeof(c_ap));
		ember_wipe(s_ap, sizeof(s_ap));
		return tls13_fail(c, EMBER_TLS_ALERT_INTERNAL_ERROR, ret ? ret : EMBER_ELEN);
	}
	tls13_flight(c, mlen, w.n, TLS12_VERSION);
	memcpy(c->wr_next, c_ap, sizeof(c_ap));
	c->out_rekey = 1;
	ret = tls13_read_key(c, s_ap);
	ember_wipe(c_ap, sizeof(c_ap));
	ember_wipe(s_ap, sizeof(s_ap));
	ember_wipe(c->c_hs, sizeof(c->c_hs));
	ember_wipe(c->s_hs, sizeof(c->s_hs));
	if (ret)
		return ret;
	c->hs_state = ST_CONNECTED;
	c->state = EMBER_TLS13_CONNECTED;
	return 0;
}

int tls13_client_message(ember_tls13_conn *c, size_t mlen)
{
	static const uint8_t expect[] = { 0, HS_SERVER_HELLO, HS_ENCRYPTED_EXTENSIONS, HS_CERTIFICATE, HS_CERTIFICATE,
		HS_CERTIFICATE_VERIFY, HS_FINISHED };
	uint8_t type = c->hs[0];

	if (c->version == TLS12_VERSION)
		return tls12_client_message(c, mlen);
	if (c->hs_state == ST_CONNECTED)
		return tls13_post_handshake(c, mlen);
	if (c->hs_state == ST_C_WAIT_CERT_CR && type == HS_CERTIFICATE_REQUEST)
		return certificate_request(c, mlen);
	if (c->hs_state < ST_C_WAIT_SH || c->hs_state > ST_C_WAIT_FIN || type != expect[c->hs_state])
		return tls13_fail(c, EMBER_TLS_ALERT_UNEXPECTED_MESSAGE, EMBER_EDECODE);
	switch (c->hs_state) {
	case ST_C_WAIT_SH:
		return server_hello(c, mlen);
	case ST_C_WAIT_EE:
		return encrypted_extensions(c, mlen);
	case ST_C_WAIT_CERT_CR:
	case ST_C_WAIT_CERT:
		return certificate(c, mlen);
	case ST_C_WAIT_CV:
		return certificate_verify(c, mlen);
	default:
		return server_finished(c, mlen);
	}
}
