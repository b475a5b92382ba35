/*
 * tls12_record.c - TLS 1.2 records (RFC 5246 6.2.3): what every suite
 * checks, and the AEAD suites (6.2.3.3): AES-GCM with an explicit nonce
 * (RFC 5288 3) and ChaCha20-Poly1305 with a nonce from the sequence number
 * (RFC 7905 2), over aead.h. The CBC suite's records are tls12_cbc.c's.
 */
#include <string.h>

#include "ember/aead.h"
#include "tls12_int.h"

static void set_alert(int *alert, int a)
{
	if (alert != NULL)
		*alert = a;
}

int ember_tls12_record_init(ember_tls12_record *r, const ember_tls12_suite *s, const ember_aead_desc *aead,
    const uint8_t *mac_key, size_t mac_key_len, const uint8_t *key, size_t key_len, const uint8_t *iv,
    size_t iv_len)
{
	const ember_aead_spec *spec;
	int ret;

	if (r == NULL || s == NULL || key == NULL || (iv == NULL && iv_len) || (mac_key == NULL && mac_key_len))
		return EMBER_EINVAL;
	memset(r, 0, sizeof(*r));
	if (key_len != s->key_len || iv_len != s->fixed_iv_len || iv_len > sizeof(r->iv) ||
	    mac_key_len != s->mac_key_len || mac_key_len > sizeof(r->u.cbc.mac_key))
		return EMBER_EINVAL;
	if (s->bulk == EMBER_TLS12_BULK_AES_CBC_SHA) {
		if ((ret = ember_aes_set_key(&r->u.cbc.aes, key, key_len)) != 0) {
			ember_wipe(r, sizeof(*r));
			return ret;
		}
		memcpy(r->u.cbc.mac_key, mac_key, mac_key_len);
		r->suite = s;
		return 0;
	}
	if (s->aead == NULL || (spec = ember_aead_spec_find(s->aead)) == NULL)
		return EMBER_ENOTSUP;
	if ((ret = ember_aead_init(&r->u.aead, spec, aead, key, key_len)) != 0) {
		memset(r, 0, sizeof(*r));
		return ret;
	}
	r->suite = s;
	memcpy(r->iv, iv, iv_len);
	return 0;
}

void ember_tls12_record_clear(ember_tls12_record *r)
{
	if (r == NULL)
		return;
	if (r->suite != NULL && r->suite->bulk == EMBER_TLS12_BULK_AES_CBC_SHA)
		ember_aes_clear(&r->u.cbc.aes);
	else if (r->suite != NULL && r->u.aead.desc != NULL)
		ember_aead_clear(&r->u.aead);
	ember_wipe(r, sizeof(*r));
}

/* The 12-byte nonce of a record: GCM salt || nonce_explicit, or ChaCha20's IV ^ (0^32 || seq). */
static void record_nonce(const ember_tls12_record *r, const uint8_t *explicit_nonce, uint8_t nonce[12])
{
	int i;

	if (r->suite->bulk == EMBER_TLS12_BULK_AES_GCM) {
		memcpy(nonce, r->iv, 4);
		memcpy(nonce + 4, explicit_nonce, EMBER_TLS12_EXPLICIT_NONCE_LEN);
		return;
	}
	memcpy(nonce, r->iv, 12);
	for (i = 0; i < 8; i++)
		nonce[11 - i] ^= (uint8_t)(r->seq >> (8 * i));
}

static size_t explicit_len(const ember_tls12_record *r)
{
	return r->suite->bulk == EMBER_TLS12_BULK_AES_GCM ? EMBER_TLS12_EXPLICIT_NONCE_LEN : 0;
}

int ember_tls12_record_protect(ember_tls12_record *r, uint8_t *out, size_t out_cap, size_t *out_len,
    uint8_t type, const uint8_t *in, size_t in_len)
{
	uint8_t nonce[12], aad[13];
	uint8_t *body;
	size_t ex, total;
	int ret;

	if (r == NULL || r->suite == NULL || out == NULL || out_len == NULL || (in == NULL && in_len != 0))
		return EMBER_EINVAL;
	if (type != EMBER_TLS_CT_HANDSHAKE && type != EMBER_TLS_CT_ALERT && type != EMBER_TLS_CT_APPLICATION_DATA)
		return EMBER_EINVAL;
	if (in_len == 0 && type != EMBER_TLS_CT_APPLICATION_DATA)
		return EMBER_EINVAL; /* 6.2.1: no empty handshake or alert fragment */
	if (in_len > EMBER_TLS_MAX_PLAINTEXT)
		return EMBER_ELEN;
	if (r->seq_exhausted)
		return EMBER_ERANGE;
	if (r->suite->bulk == EMBER_TLS12_BULK_AES_CBC_SHA)
		return tls12_cbc_protect(r, out, out_cap, out_len, type, in, in_len);
	ex = explicit_len(r);
	total = EMBER_TLS_RECORD_HEADER_LEN + ex + in_len + EMBER_TLS12_TAG_LEN;
	if (out_cap < total)
		return EMBER_ELEN;
	body = out + EMBER_TLS_RECORD_HEADER_LEN + ex;
	if (in_len != 0 && in != body)
		memmove(body, in, in_len);
	out[0] = type;
	out[1] = 0x03;
	out[2] = 0x03;
	out[3] = (uint8_t)((total - EMBER_TLS_RECORD_HEADER_LEN) >> 8);
	out[4] = (uint8_t)(total - EMBER_TLS_RECORD_HEADER_LEN);
	/* RFC 5288 3: nonce_explicit is the sequence number, never repeated under one key */
	if (ex)
		ember_st64be(out + EMBER_TLS_RECORD_HEADER_LEN, r->seq);
	record_nonce(r, out + EMBER_TLS_RECORD_HEADER_LEN, nonce);
	tls12_record_aad(r, type, in_len, aad);
	ret = ember_aead_seal(&r->u.aead, body, body + in_len, EMBER_TLS12_TAG_LEN, nonce, sizeof(nonce), aad,
	    sizeof(aad), body, in_len);
	ember_wipe(nonce, sizeof(nonce));
	if (ret != 0) {
		ember_wipe(out, total);
		return ret;
	}
	tls12_record_advance(r);
	*out_len = total;
	return 0;
}

/* An AEAD suite's record (its header checked): the content into |out|, *clen; the alert on failure. */
static int aead_open(ember_tls12_record *r, uint8_t *out, size_t out_cap, const uint8_t *record, size_t frag,
    uint8_t t, size_t *clen, int *alert)
{
	uint8_t nonce[12], aad[13];
	const uint8_t *body = record + EMBER_TLS_RECORD_HEADER_LEN;
	size_t ex = explicit_len(r), n;
	int ret;

	if (frag < ex + EMBER_TLS12_TAG_LEN) {
		set_alert(alert, EMBER_TLS_ALERT_BAD_RECORD_MAC);
		return EMBER_EVERIFY;
	}
	n = frag - ex - EMBER_TLS12_TAG_LEN;
	if (n > EMBER_TLS_MAX_PLAINTEXT) {
		set_alert(alert, EMBER_TLS_ALERT_RECORD_OVERFLOW);
		return EMBER_ELEN;
	}
	if (out_cap < n)
		return EMBER_ELEN;
	record_nonce(r, body, nonce);
	tls12_record_aad(r, t, n, aad);
	ret = ember_aead_open(&r->u.aead, out, body + ex + n, EMBER_TLS12_TAG_LEN, nonce, sizeof(nonce), aad,
	    sizeof(aad), body + ex, n);
	ember_wipe(nonce, sizeof(nonce));
	if (ret != 0) {
		set_alert(alert, EMBER_TLS_ALERT_BAD_RECORD_MAC);
		return EMBER_EVERIFY;
	}
	*clen = n;
	return 0;
}

int ember_tls12_record_unprotect(ember_tls12_record *r, uint8_t *out, size_t out_cap, const uint8_t *record,
    size_t record_len, uint8_t *type, size_t *content_len, int *alert)
{
	uint8_t t;
	size_t frag, clen = 0;
	int ret;

	set_alert(alert, EMBER_TLS_ALERT_NONE);
	if (r == NULL || r->suite == NULL || record == NULL || type == NULL ||
	    content_len == NULL || (out == NULL && out_cap))
		return EMBER_EINVAL;
	if (r->seq_exhausted)
		return EMBER_ERANGE;
	if (record_len < EMBER_TLS_RECORD_HEADER_LEN ||
	    ((size_t)record[3] << 8 | record[4]) != record_len - EMBER_TLS_RECORD_HEADER_LEN) {
		set_alert(alert, EMBER_TLS_ALERT_DECODE_ERROR);
		return EMBER_ELEN;
	}
	t = record[0];
	if (t != EMBER_TLS_CT_HANDSHAKE && t != EMBER_TLS_CT_ALERT && t != EMBER_TLS_CT_APPLICATION_DATA) {
		set_alert(alert, EMBER_TLS_ALERT_UNEXPECTED_MESSAGE);
		return EMBER_EDECODE;
	}
	if (record[1] != 0x03 || record[2] != 0x03) { /* the negotiated version, in every record after the hello */
		set_alert(alert, EMBER_TLS_ALERT_PROTOCOL_VERSION);
		return EMBER_EDECODE;
	}
	frag = record_len - EMBER_TLS_RECORD_HEADER_LEN;
	if (frag > EMBER_TLS12_MAX_CIPHERTEXT) {
		set_alert(alert, EMBER_TLS_ALERT_RECORD_OVERFLOW);
		return EMBER_ELEN;
	}
	if (r->suite->bulk != EMBER_TLS12_BULK_AES_CBC_SHA) {
		ret = aead_open(r, out, out_cap, record, frag, t, &clen, alert);
	} else {
		ret = tls12_cbc_open(r, out, out_cap, record + EMBER_TLS_RECORD_HEADER_LEN, frag, t, &clen);
		if (ret == EMBER_EVERIFY)
			set_alert(alert, EMBER_TLS_ALERT_BAD_RECORD_MAC);
		else if (ret == 0 && clen > EMBER_TLS_MAX_PLAINTEXT) { /* a CBC record's length shows once opened */
			set_alert(alert, EMBER_TLS_ALERT_RECORD_OVERFLOW);
			ret = EMBER_ELEN;
		}
	}
	if (ret != 0)
		return ret;
	if (clen == 0 && t != EMBER_TLS_CT_APPLICATION_DATA) {
		set_alert(alert, EMBER_TLS_ALERT_UNEXPECTED_MESSAGE);
		return EMBER_EDECODE;
	}
	tls12_record_advance(r);
	*type = t;
	*content_len = clen;
	return 0;
}
