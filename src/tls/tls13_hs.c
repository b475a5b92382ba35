/*
 * tls13_hs.c - what the client's and the server's handshakes share, under
 * tls13_conn.c's connection: the configured lists, alerts that end the
 * connection, flights and short messages queued for output, traffic keys,
 * handshake message framing, the extension walk, Finished, the
 * application secrets, and the post-handshake messages (NewSessionTicket,
 * KeyUpdate). The calls go one way: tls13_conn.c -> tls13_client.c,
 * tls13_server.c -> tls13_hs.c -> tls13_auth.c and the key schedule.
 */
#include <string.h>

#include "ember/x509.h"
#include "tls13_hs.h"

static const uint16_t default_suites[] = { 0x1301, 0x1302, 0x1303 };
static const uint16_t default_groups[] = { EMBER_TLS_GROUP_X25519, EMBER_TLS_GROUP_SECP256R1,
	EMBER_TLS_GROUP_SECP384R1, EMBER_TLS_GROUP_X25519MLKEM768 };
static const uint16_t default_sigs[] = { EMBER_TLS_SIG_ECDSA_SECP256R1_SHA256, EMBER_TLS_SIG_ECDSA_SECP384R1_SHA384,
	EMBER_TLS_SIG_RSA_PSS_RSAE_SHA256, EMBER_TLS_SIG_RSA_PSS_RSAE_SHA384, EMBER_TLS_SIG_RSA_PSS_RSAE_SHA512,
	EMBER_TLS_SIG_ED25519, EMBER_TLS_SIG_MLDSA44, EMBER_TLS_SIG_MLDSA65, EMBER_TLS_SIG_MLDSA87 };
/* TLS 1.2's: the same, then PKCS#1 v1.5 (as OpenSSL orders them) */
static const uint16_t default_sigs12[] = { EMBER_TLS_SIG_ECDSA_SECP256R1_SHA256, EMBER_TLS_SIG_ECDSA_SECP384R1_SHA384,
	EMBER_TLS_SIG_RSA_PSS_RSAE_SHA256, EMBER_TLS_SIG_RSA_PSS_RSAE_SHA384, EMBER_TLS_SIG_RSA_PSS_RSAE_SHA512,
	EMBER_TLS_SIG_ED25519, EMBER_TLS_SIG_MLDSA44, EMBER_TLS_SIG_MLDSA65, EMBER_TLS_SIG_MLDSA87,
	EMBER_TLS_SIG_RSA_PKCS1_SHA256, EMBER_TLS_SIG_RSA_PKCS1_SHA384, EMBER_TLS_SIG_RSA_PKCS1_SHA512 };

static const struct {
	uint16_t id;
	const char *name;
} group_names[] = {
	{ EMBER_TLS_GROUP_SECP256R1, "secp256r1" },
	{ EMBER_TLS_GROUP_SECP384R1, "secp384r1" },
	{ EMBER_TLS_GROUP_X25519, "x25519" },
	{ EMBER_TLS_GROUP_X25519MLKEM768, "X25519MLKEM768" },
}, sig_names[] = {
	{ EMBER_TLS_SIG_ECDSA_SECP256R1_SHA256, "ecdsa_secp256r1_sha256" },
	{ EMBER_TLS_SIG_ECDSA_SECP384R1_SHA384, "ecdsa_secp384r1_sha384" },
	{ EMBER_TLS_SIG_RSA_PKCS1_SHA256, "rsa_pkcs1_sha256" },
	{ EMBER_TLS_SIG_RSA_PKCS1_SHA384, "rsa_pkcs1_sha384" },
	{ EMBER_TLS_SIG_RSA_PKCS1_SHA512, "rsa_pkcs1_sha512" },
	{ EMBER_TLS_SIG_RSA_PSS_RSAE_SHA256, "rsa_pss_rsae_sha256" },
	{ EMBER_TLS_SIG_RSA_PSS_RSAE_SHA384, "rsa_pss_rsae_sha384" },
	{ EMBER_TLS_SIG_RSA_PSS_RSAE_SHA512, "rsa_pss_rsae_sha512" },
	{ EMBER_TLS_SIG_ED25519, "ed25519" },
	{ EMBER_TLS_SIG_MLDSA44, "mldsa44" },
	{ EMBER_TLS_SIG_MLDSA65, "mldsa65" },
	{ EMBER_TLS_SIG_MLDSA87, "mldsa87" },
};

const char *ember_tls_group_name(uint16_t group)
{
	size_t i;

	for (i = 0; i < sizeof(group_names) / sizeof(group_names[0]); i++)
		if (group_names[i].id == group)
			return group_names[i].name;
	return NULL;
}

const char *ember_tls_sig_name(uint16_t scheme)
{
	size_t i;

	for (i = 0; i < sizeof(sig_names) / sizeof(sig_names[0]); i++)
		if (sig_names[i].id == scheme)
			return sig_names[i].name;
	return NULL;
}

int ember_tls_group_supported(uint16_t group)
{
	return tls13_share_len(group, 0) != 0;
}

int ember_tls_sig_supported(uint16_t scheme)
{
	return ember_tls_sig_name(scheme) != NULL;
}

int tls13_in_list(const uint16_t *list, size_t n, uint16_t v)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (list[i] == v)
			return 1;
	return 0;
}

const uint16_t *tls13_suites(const ember_tls13_conn *c, size_t *n)
{
	if (c->cfg->suites) {
		*n = c->cfg->n_suites;
		return c->cfg->suites;
	}
	*n = sizeof(default_suites) / sizeof(default_suites[0]);
	return default_suites;
}

const uint16_t *tls13_groups(const ember_tls13_conn *c, size_t *n)
{
	if (c->cfg->groups) {
		*n = c->cfg->n_groups;
		return c->cfg->groups;
	}
	*n = sizeof(default_groups) / sizeof(default_groups[0]);
	return default_groups;
}

const uint16_t *tls13_sigs(const ember_tls13_conn *c, size_t *n)
{
	if (c->cfg->sig_schemes) {
		*n = c->cfg->n_sig_schemes;
		return c->cfg->sig_schemes;
	}
	*n = sizeof(default_sigs) / sizeof(default_sigs[0]);
	return default_sigs;
}

static int reason_alert(int reason)
{
	switch (reason) {
	case EMBER_X509_EXPIRED:
	case EMBER_X509_NOT_YET_VALID:
		return EMBER_TLS_ALERT_CERTIFICATE_EXPIRED;
	case EMBER_X509_UNKNOWN_ISSUER:
		return EMBER_TLS_ALERT_UNKNOWN_CA;
	case EMBER_X509_UNSUPPORTED_ALG:
	case EMBER_X509_WEAK_KEY:
	case EMBER_X509_WEAK_HASH:
		return EMBER_TLS_ALERT_UNSUPPORTED_CERTIFICATE;
	default:
		return EMBER_TLS_ALERT_BAD_CERTIFICATE;
	}
}

int tls13_peer_certs(ember_tls13_conn *c, const uint8_t *const *certs, const size_t *lens, size_t n)
{
	ember_x509_cert leaf;
	int ret, reason = EMBER_X509_BAD_ENCODING;

	if (c->cfg->flags & EMBER_TLS13_NO_VERIFY) {
		TLS13_PROBED(c, EMBER_TLS13_PH_VERIFY, ret = ember_x509_parse(&leaf, certs[0], lens[0]));
	} else {
		ember_x509_verify_params p = *c->cfg->verify;

		if (p.host == NULL)
			p.host = c->cfg->server_name;
		TLS13_PROBED(c, EMBER_TLS13_PH_VERIFY,
		    ret = ember_x509_verify_chain(certs, lens, n, &p, &leaf, &reason));
	}
	if (ret)
		return tls13_fail(c, reason_alert(reason), ret);
	if (leaf.spki_len > sizeof(c->peer_spki))
		return tls13_fail(c, EMBER_TLS_ALERT_UNSUPPORTED_CERTIFICATE, EMBER_ELEN);
	memcpy(c->peer_spki, leaf.spki, leaf.spki_len);
	c->peer_spki_len = leaf.spki_len;
	if (c->cfg->peer_chain)
		c->cfg->peer_chain(c->cfg->peer_chain_arg, certs, lens, n);
	return 0;
}

const uint16_t *tls12_sigs(const ember_tls13_conn *c, size_t *n)
{
	if (c->cfg->sig_schemes)
		return tls13_sigs(c, n);
	*n = sizeof(default_sigs12) / sizeof(default_sigs12[0]);
	return default_sigs12;
}

/* Queue a short flight at hs[hs_len..]: protected when the write side has keys. */
void tls13_queue(ember_tls13_conn *c, uint8_t type, const uint8_t *msg, size_t len)
{
	memcpy(c->hs + c->hs_len, msg, len);
	tls_msg(c, 1, type, msg, len);
	c->out_off = c->hs_len;
	c->out_plain = c->wr_on ? c->hs_len : c->hs_len + len;
	c->out_end = c->hs_len + len;
	c->out_type = type;
	c->out_version = TLS12_VERSION;
}

int tls13_fail(ember_tls13_conn *c, int alert, int err)
{
	uint8_t a[2];

	if (c->state == EMBER_TLS13_FAILED)
		return err;
	c->state = EMBER_TLS13_FAILED;
	c->alert = alert;
	c->alert_from_peer = 0;
	c->app_len = 0;
	c->hs_len = 0;
	c->out_off = c->out_plain = c->out_end = 0;
	c->out_rekey = 0;
	c->out_then_close = 0;
	c->out_ccs = 0;
	ember_wipe(c->wr_next, sizeof(c->wr_next));
	if (alert != EMBER_TLS_ALERT_NONE && ember_tls_alert_encode(a, alert) == 0)
		tls13_queue(c, EMBER_TLS_CT_ALERT, a, 2);
	return err;
}

void tls13_flight(ember_tls13_conn *c, size_t plain, size_t end, uint16_t version)
{
	c->out_off = 0;
	c->out_plain = plain;
	c->out_end = end;
	c->out_type = EMBER_TLS_CT_HANDSHAKE;
	c->out_version = version;
}

int tls13_key(ember_tls13_conn *c, ember_tls13_record *r, const uint8_t *secret)
{
	int ret;

	TLS13_PROBED(c, EMBER_TLS13_PH_KEYSCHED, ret = ember_tls13_record_init(r, c->suite, NULL, secret));
	return ret;
}

int tls13_read_key(ember_tls13_conn *c, const uint8_t *secret)
{
	int ret;

	if (secret)
		ret = tls13_key(c, &c->rd.t13, secret);
	else
		TLS13_PROBED(c, EMBER_TLS13_PH_KEYSCHED, ret = ember_tls13_record_key_update(&c->rd.t13));

	if (ret)
		return tls13_fail(c, EMBER_TLS_ALERT_INTERNAL_ERROR, ret);
	c->rd_on = 1;
	c->rd_changed = 1;
	return 0;
}

size_t tls13_msg_begin(tls_out *w, uint8_t type)
{
	size_t at = w->n;

	tls_putn(w, type, 1);
	tls_open(w, 3);
	return at;
}

void tls13_msg_end(ember_tls13_conn *c, tls_out *w, size_t at)
{
	tls_close(w, at + 1, 3);
	if (w->err)
		return;
	TLS13_PROBED(c, EMBER_TLS13_PH_TRANSCRIPT,
	    ember_tls13_transcript_update(&c->tr, w->p + at, w->n - at);
	    if (!c->server && c->suite == NULL && c->suite12 == NULL) ember_tls13_transcript_update(&c->tr2, w->p + at, w->n - at));
	tls_msg(c, 1, EMBER_TLS_CT_HANDSHAKE, w->p + at, w->n - at);
}

int tls13_extensions(ember_tls13_conn *c, tls_in *exts, tls13_ext_fn fn, void *arg, int *alert)
{
	uint16_t seen[64];
	size_t nseen = 0, i;
	int ret;

	while (exts->n) {
		uint16_t type = (uint16_t)tls_getn(exts, 2);
		tls_in body;

		if (!tls_vec(exts, 2, 0, 0xffff, &body) || nseen == sizeof(seen) / sizeof(seen[0])) {
			*alert = EMBER_TLS_ALERT_DECODE_ERROR;
			return EMBER_EDECODE;
		}
		for (i = 0; i < nseen; i++)
			if (seen[i] == type) {
				*alert = EMBER_TLS_ALERT_ILLEGAL_PARAMETER; /* 4.2: one of each type */
				return EMBER_EDECODE;
			}
		seen[nseen++] = type;
		ret = fn(c, arg, type, &body, alert);
		if (ret)
			return ret;
	}
	return 0;
}

int tls13_write_finished(ember_tls13_conn *c, tls_out *w, const uint8_t *base)
{
	uint8_t th[EMBER_TLS13_MAX_HASH_LEN], vd[EMBER_TLS13_MAX_HASH_LEN];
	size_t at, hl = c->hash->digest_len;
	int ret;

	TLS13_PROBED(c, EMBER_TLS13_PH_TRANSCRIPT, ember_tls13_transcript_hash(&c->tr, th));
	TLS13_PROBED(c, EMBER_TLS13_PH_KEYSCHED, ret = ember_tls13_finished(c->hash, base, th, vd));
	if (ret)
		return ret;
	at = tls13_msg_begin(w, HS_FINISHED);
	tls_put(w, vd, hl);
	tls13_msg_end(c, w, at);
	ember_wipe(vd, sizeof(vd));
	return w->err ? EMBER_ELEN : 0;
}

int tls13_check_finished(ember_tls13_conn *c, const uint8_t *msg, size_t len, const uint8_t *base)
{
	uint8_t th[EMBER_TLS13_MAX_HASH_LEN];
	int ret;

	if (len - 4 != c->hash->digest_len)
		return tls13_fail(c, EMBER_TLS_ALERT_DECODE_ERROR, EMBER_EDECODE);
	TLS13_PROBED(c, EMBER_TLS13_PH_TRANSCRIPT, ember_tls13_transcript_hash(&c->tr, th));
	TLS13_PROBED(c, EMBER_TLS13_PH_KEYSCHED,
	    ret = ember_tls13_finished_verify(c->hash, base, th, msg + 4, len - 4));
	EMBER_DECLASSIFY(&ret, sizeof(ret)); /* the verdict is public */
	if (ret)
		return tls13_fail(c, EMBER_TLS_ALERT_DECRYPT_ERROR, EMBER_EVERIFY);
	TLS13_PROBED(c, EMBER_TLS13_PH_TRANSCRIPT, ember_tls13_transcript_update(&c->tr, msg, len));
	return 0;
}

/* See tls13_hs.h. */
int tls13_handshake_keys(ember_tls13_conn *c, uint8_t *ss, size_t ss_size, size_t ss_len)
{
	uint8_t th[EMBER_TLS13_MAX_HASH_LEN];
	int ret;

	TLS13_PROBED(c, EMBER_TLS13_PH_TRANSCRIPT, ember_tls13_transcript_hash(&c->tr, th));
	TLS13_PROBED(c, EMBER_TLS13_PH_KEYSCHED,
	    ret = ember_tls13_ks_init(&c->ks, c->suite, c->hash, NULL, 0);
	    if (!ret) ret = ember_tls13_ks_handshake(&c->ks, ss, ss_len);
	    if (!ret) ret = ember_tls13_ks_derive(&c->ks, EMBER_TLS13_C_HS_TRAFFIC, th, c->c_hs);
	    if (!ret) ret = ember_tls13_ks_derive(&c->ks, EMBER_TLS13_S_HS_TRAFFIC, th, c->s_hs));
	ember_wipe(ss, ss_size);
	if (!ret)
		ret = tls13_key(c, &c->wr.t13, c->server ? c->s_hs : c->c_hs);
	if (!ret)
		c->wr_on = 1;
	return ret;
}

int tls13_app_secrets(ember_tls13_conn *c, uint8_t *c_ap, uint8_t *s_ap)
{
	uint8_t th[EMBER_TLS13_MAX_HASH_LEN];
	int ret;

	TLS13_PROBED(c, EMBER_TLS13_PH_TRANSCRIPT, ember_tls13_transcript_hash(&c->tr, th));
	TLS13_PROBED(c, EMBER_TLS13_PH_KEYSCHED, ret = ember_tls13_ks_master(&c->ks);
	    if (!ret) ret = ember_tls13_ks_derive(&c->ks, EMBER_TLS13_C_AP_TRAFFIC, th, c_ap);
	    if (!ret) ret = ember_tls13_ks_derive(&c->ks, EMBER_TLS13_S_AP_TRAFFIC, th, s_ap));
	return ret;
}


/* ---- After the handshake ---- */

int tls13_post_handshake(ember_tls13_conn *c, size_t mlen)
{
	tls_in r = tls_in_of(c->hs + 4, mlen - 4), v;
	uint8_t request;
	int ret;

	switch (c->hs[0]) {
	case HS_NEW_SESSION_TICKET:
		if (c->server)
			break;
		/* 4.6.1: lifetime, age_add, nonce, ticket, extensions; well-formed, then ignored (no resumption) */
		tls_getn(&r, 4);
		tls_getn(&r, 4);
		tls_vec(&r, 1, 0, 255, &v);
		tls_vec(&r, 2, 1, 0xffff, &v);
		tls_vec(&r, 2, 0, 0xfffe, &v);
		if (r.err || r.n)
			return tls13_fail(c, EMBER_TLS_ALERT_DECODE_ERROR, EMBER_EDECODE);
		return 0;
	case HS_KEY_UPDATE:
		request = (uint8_t)tls_getn(&r, 1);
		if (r.err || r.n)
			return tls13_fail(c, EMBER_TLS_ALERT_DECODE_ERROR, EMBER_EDECODE);
		if (request > 1)
			return tls13_fail(c, EMBER_TLS_ALERT_ILLEGAL_PARAMETER, EMBER_EDECODE);
		ret = tls13_read_key(c, NULL);
		if (ret || !request || c->sent_close)
			return ret;
		/* answer with our own KeyUpdate(update_not_requested), then move our write key (4.6.3) */
		TLS13_PROBED(c, EMBER_TLS13_PH_KEYSCHED,
		    ret = ember_tls13_next_traffic_secret(c->hash, c->wr.t13.secret, c->wr_next));
		if (ret)
			return tls13_fail(c, EMBER_TLS_ALERT_INTERNAL_ERROR, ret);
		memcpy(c->hs + mlen, (const uint8_t[]){ HS_KEY_UPDATE, 0, 0, 1, 0 }, 5);
		tls_msg(c, 1, EMBER_TLS_CT_HANDSHAKE, c->hs + mlen, 5);
		tls13_flight(c, mlen, mlen + 5, TLS12_VERSION);
		c->out_rekey = 1;
		return 0;
	default:
		break;
	}
	return tls13_fail(c, EMBER_TLS_ALERT_UNEXPECTED_MESSAGE, EMBER_EDECODE);
}
