/*
 * tls12_hs.c - what TLS 1.2's client (tls12_client.c) and server
 * (tls12_server.c) share in the engine's connection: the suites and
 * groups TLS 1.2 takes, ServerKeyExchange's signed content, the master
 * secret and the records keyed from it, and Finished (RFC 5246 7.4.9).
 * Calls go tls12_client.c, tls12_server.c -> here -> tls12_keys.c,
 * tls12_record.c and tls13_hs.c's plumbing.
 */
#include <string.h>

#include "tls13_hs.h"

/* The ECDHE suites in the engine's order (tls12_keys.c); the legacy suite only when named. */
static const uint16_t default_suites12[] = { EMBER_TLS12_ECDHE_ECDSA_AES_128_GCM_SHA256,
	EMBER_TLS12_ECDHE_ECDSA_AES_256_GCM_SHA384, EMBER_TLS12_ECDHE_ECDSA_CHACHA20_POLY1305,
	EMBER_TLS12_ECDHE_RSA_AES_128_GCM_SHA256, EMBER_TLS12_ECDHE_RSA_AES_256_GCM_SHA384,
	EMBER_TLS12_ECDHE_RSA_CHACHA20_POLY1305 };

const uint16_t *tls12_suites(const ember_tls13_conn *c, size_t *n)
{
	if (c->cfg->tls12_suites) {
		*n = c->cfg->n_tls12_suites;
		return c->cfg->tls12_suites;
	}
	*n = sizeof(default_suites12) / sizeof(default_suites12[0]);
	return default_suites12;
}

int tls12_group_ok(uint16_t group)
{
	return group == EMBER_TLS_GROUP_X25519 || group == EMBER_TLS_GROUP_SECP256R1 ||
	       group == EMBER_TLS_GROUP_SECP384R1;
}

size_t tls12_ske_content(const ember_tls13_conn *c, uint8_t *out, const uint8_t *params, size_t params_len)
{
	/* client_random, server_random, then ServerECDHParams (7.4.3; RFC 8422 5.4) */
	memcpy(out, c->server ? c->peer_random : c->random, 32);
	memcpy(out + 32, c->server ? c->random : c->peer_random, 32);
	memcpy(out + 64, params, params_len);
	return 64 + params_len;
}

int tls12_keys(ember_tls13_conn *c, uint8_t *pms, size_t pms_len)
{
	const ember_tls12_suite *s = c->suite12;
	const uint8_t *cr = c->server ? c->peer_random : c->random, *sr = c->server ? c->random : c->peer_random;
	uint8_t session_hash[EMBER_TLS13_MAX_HASH_LEN];
	ember_tls12_keys k;
	int ret;

	if (c->ems)
		TLS13_PROBED(c, EMBER_TLS13_PH_TRANSCRIPT, ember_tls13_transcript_hash(&c->tr, session_hash));
	TLS13_PROBED(c, EMBER_TLS13_PH_KEYSCHED,
	    ret = ember_tls12_master_secret(c->hash, pms, pms_len, c->ems ? session_hash : NULL, c->hash->digest_len,
		cr, sr, c->master);
	    if (!ret) ret = ember_tls12_key_block(s, c->hash, c->master, cr, sr, &k));
	ember_wipe(pms, pms_len);
	if (ret)
		return ret;
	/* each side writes with its own keys and reads with the other's; neither is on before the
	   change_cipher_spec that starts it */
	TLS13_PROBED(c, EMBER_TLS13_PH_KEYSCHED,
	    ret = ember_tls12_record_init(&c->wr.t12, s, NULL, c->server ? k.server_mac : k.client_mac, s->mac_key_len,
		c->server ? k.server_key : k.client_key, s->key_len, c->server ? k.server_iv : k.client_iv,
		s->fixed_iv_len);
	    if (!ret) ret = ember_tls12_record_init(&c->rd.t12, s, NULL, c->server ? k.client_mac : k.server_mac,
		s->mac_key_len, c->server ? k.client_key : k.server_key, s->key_len,
		c->server ? k.client_iv : k.server_iv, s->fixed_iv_len));
	ember_wipe(&k, sizeof(k));
	return ret;
}

static int finished(ember_tls13_conn *c, int server, uint8_t vd[EMBER_TLS12_VERIFY_LEN])
{
	uint8_t th[EMBER_TLS13_MAX_HASH_LEN];
	int ret;

	TLS13_PROBED(c, EMBER_TLS13_PH_TRANSCRIPT, ember_tls13_transcript_hash(&c->tr, th));
	TLS13_PROBED(c, EMBER_TLS13_PH_KEYSCHED, ret = ember_tls12_finished(c->hash, c->master, server, th, vd));
	return ret;
}

int tls12_write_finished(ember_tls13_conn *c, tls_out *w)
{
	static const uint8_t one = 1;
	uint8_t vd[EMBER_TLS12_VERIFY_LEN];
	size_t at;
	int ret = finished(c, c->server, vd);

	if (ret)
		return ret;
	/* change_cipher_spec leaves between the flight's plain part and this Finished (tls13_conn.c) */
	c->out_ccs = 1;
	tls_msg(c, 1, EMBER_TLS_CT_CHANGE_CIPHER_SPEC, &one, 1);
	at = tls13_msg_begin(w, HS_FINISHED);
	tls_put(w, vd, sizeof(vd));
	tls13_msg_end(c, w, at);
	ember_wipe(vd, sizeof(vd));
	return w->err ? EMBER_ELEN : 0;
}

int tls12_check_finished(ember_tls13_conn *c, size_t mlen)
{
	uint8_t vd[EMBER_TLS12_VERIFY_LEN];
	int ret, eq;

	if (!c->rd_on) /* Finished before the peer's change_cipher_spec (7.4.9) */
		return tls13_fail(c, EMBER_TLS_ALERT_UNEXPECTED_MESSAGE, EMBER_EDECODE);
	if (mlen != 4 + EMBER_TLS12_VERIFY_LEN)
		return tls13_fail(c, EMBER_TLS_ALERT_DECODE_ERROR, EMBER_EDECODE);
	ret = finished(c, !c->server, vd);
	if (ret)
		return tls13_fail(c, EMBER_TLS_ALERT_INTERNAL_ERROR, ret);
	eq = ember_memeq(vd, c->hs + 4, sizeof(vd));
	ember_wipe(vd, sizeof(vd));
	EMBER_DECLASSIFY(&eq, sizeof(eq)); /* the verdict is public */
	if (!eq)
		return tls13_fail(c, EMBER_TLS_ALERT_DECRYPT_ERROR, EMBER_EVERIFY);
	TLS13_PROBED(c, EMBER_TLS13_PH_TRANSCRIPT, ember_tls13_transcript_update(&c->tr, c->hs, mlen));
	return 0;
}
