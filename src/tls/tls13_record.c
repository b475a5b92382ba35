/*
 * tls13_record.c - the TLS 1.3 record layer (RFC 8446 5): record headers,
 * unprotected records (handshake, alert, change_cipher_spec), protected
 * records over aead.h, and the alerts each failure closes with (6).
 */
#include <string.h>

#include "ember/aead.h"
#include "ember/tls.h"
#include "internal.h"

static void set_alert(int *alert, int a)
{
	if (alert != NULL)
		*alert = a;
}

/* ---- Alerts (6) ---- */

static const struct {
	int code;
	const char *name;
} alert_names[] = {
	{ EMBER_TLS_ALERT_NONE, "none" },
	{ EMBER_TLS_ALERT_CLOSE_NOTIFY, "close_notify" },
	{ EMBER_TLS_ALERT_UNEXPECTED_MESSAGE, "unexpected_message" },
	{ EMBER_TLS_ALERT_BAD_RECORD_MAC, "bad_record_mac" },
	{ EMBER_TLS_ALERT_RECORD_OVERFLOW, "record_overflow" },
	{ EMBER_TLS_ALERT_HANDSHAKE_FAILURE, "handshake_failure" },
	{ EMBER_TLS_ALERT_BAD_CERTIFICATE, "bad_certificate" },
	{ EMBER_TLS_ALERT_UNSUPPORTED_CERTIFICATE, "unsupported_certificate" },
	{ EMBER_TLS_ALERT_CERTIFICATE_REVOKED, "certificate_revoked" },
	{ EMBER_TLS_ALERT_CERTIFICATE_EXPIRED, "certificate_expired" },
	{ EMBER_TLS_ALERT_CERTIFICATE_UNKNOWN, "certificate_unknown" },
	{ EMBER_TLS_ALERT_ILLEGAL_PARAMETER, "illegal_parameter" },
	{ EMBER_TLS_ALERT_UNKNOWN_CA, "unknown_ca" },
	{ EMBER_TLS_ALERT_ACCESS_DENIED, "access_denied" },
	{ EMBER_TLS_ALERT_DECODE_ERROR, "decode_error" },
	{ EMBER_TLS_ALERT_DECRYPT_ERROR, "decrypt_error" },
	{ EMBER_TLS_ALERT_PROTOCOL_VERSION, "protocol_version" },
	{ EMBER_TLS_ALERT_INSUFFICIENT_SECURITY, "insufficient_security" },
	{ EMBER_TLS_ALERT_INTERNAL_ERROR, "internal_error" },
	{ EMBER_TLS_ALERT_INAPPROPRIATE_FALLBACK, "inappropriate_fallback" },
	{ EMBER_TLS_ALERT_USER_CANCELED, "user_canceled" },
	{ EMBER_TLS_ALERT_NO_RENEGOTIATION, "no_renegotiation" },
	{ EMBER_TLS_ALERT_MISSING_EXTENSION, "missing_extension" },
	{ EMBER_TLS_ALERT_UNSUPPORTED_EXTENSION, "unsupported_extension" },
	{ EMBER_TLS_ALERT_UNRECOGNIZED_NAME, "unrecognized_name" },
	{ EMBER_TLS_ALERT_BAD_CERTIFICATE_STATUS_RESPONSE, "bad_certificate_status_response" },
	{ EMBER_TLS_ALERT_UNKNOWN_PSK_IDENTITY, "unknown_psk_identity" },
	{ EMBER_TLS_ALERT_CERTIFICATE_REQUIRED, "certificate_required" },
	{ EMBER_TLS_ALERT_NO_APPLICATION_PROTOCOL, "no_application_protocol" },
};

const char *ember_tls_alert_name(int alert)
{
	size_t i;

	for (i = 0; i < sizeof(alert_names) / sizeof(alert_names[0]); i++)
		if (alert_names[i].code == alert)
			return alert_names[i].name;
	return NULL;
}

int ember_tls_alert_encode(uint8_t out[2], int alert)
{
	if (out == NULL || alert < 0 || alert > 255)
		return EMBER_EINVAL;
	/* 6.2: everything but close_notify and user_canceled is sent as fatal; TLS 1.2's
	   no_renegotiation is always a warning (RFC 5246 7.2.2) */
	out[0] = alert == EMBER_TLS_ALERT_CLOSE_NOTIFY || alert == EMBER_TLS_ALERT_USER_CANCELED ||
	    alert == EMBER_TLS_ALERT_NO_RENEGOTIATION ? 1 : 2;
	out[1] = (uint8_t)alert;
	return 0;
}

/* ---- Record headers and unprotected records (5.1) ---- */

static void put_header(uint8_t *out, uint8_t type, uint16_t version, size_t len)
{
	out[0] = type;
	out[1] = (uint8_t)(version >> 8);
	out[2] = (uint8_t)version;
	out[3] = (uint8_t)(len >> 8);
	out[4] = (uint8_t)len;
}

int ember_tls_record_header(const uint8_t hdr[EMBER_TLS_RECORD_HEADER_LEN], ember_tls_record_hdr *h, int *alert)
{
	set_alert(alert, EMBER_TLS_ALERT_NONE);
	if (hdr == NULL || h == NULL)
		return EMBER_EINVAL;
	h->type = hdr[0];
	h->version = (uint16_t)(hdr[1] << 8 | hdr[2]);
	h->length = (uint16_t)(hdr[3] << 8 | hdr[4]);
	if (h->type < EMBER_TLS_CT_CHANGE_CIPHER_SPEC || h->type > EMBER_TLS_CT_APPLICATION_DATA) {
		set_alert(alert, EMBER_TLS_ALERT_UNEXPECTED_MESSAGE); /* 5: an unexpected record type */
		return EMBER_EDECODE;
	}
	if (h->length > EMBER_TLS_MAX_CIPHERTEXT) {
		set_alert(alert, EMBER_TLS_ALERT_RECORD_OVERFLOW);
		return EMBER_ELEN;
	}
	return 0;
}

int ember_tls_plaintext_write(uint8_t *out, size_t out_cap, size_t *out_len, uint8_t type, uint16_t version,
    const uint8_t *in, size_t in_len)
{
	if (out == NULL || out_len == NULL || in == NULL)
		return EMBER_EINVAL;
	if (type != EMBER_TLS_CT_HANDSHAKE && type != EMBER_TLS_CT_ALERT && type != EMBER_TLS_CT_CHANGE_CIPHER_SPEC)
		return EMBER_EINVAL;
	if (in_len == 0 || in_len > EMBER_TLS_MAX_PLAINTEXT)
		return EMBER_ELEN;
	if (type == EMBER_TLS_CT_CHANGE_CIPHER_SPEC && (in_len != 1 || in[0] != 1))
		return EMBER_EINVAL;
	if (out_cap < EMBER_TLS_RECORD_HEADER_LEN || out_cap - EMBER_TLS_RECORD_HEADER_LEN < in_len)
		return EMBER_ELEN;
	memmove(out + EMBER_TLS_RECORD_HEADER_LEN, in, in_len);
	put_header(out, type, version, in_len);
	*out_len = EMBER_TLS_RECORD_HEADER_LEN + in_len;
	return 0;
}

int ember_tls_plaintext_parse(const uint8_t *rec, size_t rec_len, uint8_t *type, const uint8_t **fragment,
    size_t *fragment_len, int *alert)
{
	ember_tls_record_hdr h;
	const uint8_t *p;
	int ret;

	set_alert(alert, EMBER_TLS_ALERT_NONE);
	if (rec == NULL || type == NULL || fragment == NULL || fragment_len == NULL)
		return EMBER_EINVAL;
	if (rec_len < EMBER_TLS_RECORD_HEADER_LEN) {
		set_alert(alert, EMBER_TLS_ALERT_DECODE_ERROR);
		return EMBER_ELEN;
	}
	if ((ret = ember_tls_record_header(rec, &h, alert)) != 0)
		return ret;
	if (h.type == EMBER_TLS_CT_APPLICATION_DATA) {
		set_alert(alert, EMBER_TLS_ALERT_UNEXPECTED_MESSAGE);
		return EMBER_EDECODE;
	}
	if (h.length > EMBER_TLS_MAX_PLAINTEXT) {
		set_alert(alert, EMBER_TLS_ALERT_RECORD_OVERFLOW);
		return EMBER_ELEN;
	}
	if ((size_t)h.length != rec_len - EMBER_TLS_RECORD_HEADER_LEN) {
		set_alert(alert, EMBER_TLS_ALERT_DECODE_ERROR);
		return EMBER_ELEN;
	}
	p = rec + EMBER_TLS_RECORD_HEADER_LEN;
	/* 5.1: no zero-length handshake or alert fragment; 5: the one change_cipher_spec is 0x01 */
	if (h.length == 0 || (h.type == EMBER_TLS_CT_CHANGE_CIPHER_SPEC && (h.length != 1 || p[0] != 1))) {
		set_alert(alert, EMBER_TLS_ALERT_UNEXPECTED_MESSAGE);
		return EMBER_EDECODE;
	}
	*type = h.type;
	*fragment = p;
	*fragment_len = h.length;
	return 0;
}

/* ---- Protected records (5.2-5.4) ---- */

static int record_key(ember_tls13_record *r, const ember_tls13_suite *s, const ember_aead_desc *aead,
    const uint8_t *key, size_t key_len, const uint8_t *iv)
{
	const ember_aead_spec *spec = ember_aead_spec_find(s->aead);
	int ret;

	if (spec == NULL)
		return EMBER_ENOTSUP;
	if ((ret = ember_aead_init(&r->aead, spec, aead, key, key_len)) != 0)
		return ret;
	memcpy(r->iv, iv, EMBER_TLS13_IV_LEN);
	r->seq = 0;
	r->seq_exhausted = 0;
	return 0;
}

int ember_tls13_record_init_keys(ember_tls13_record *r, const ember_tls13_suite *s,
    const ember_aead_desc *aead, const uint8_t *key, size_t key_len, const uint8_t iv[EMBER_TLS13_IV_LEN])
{
	int ret;

	if (r == NULL || s == NULL || key == NULL || iv == NULL)
		return EMBER_EINVAL;
	memset(r, 0, sizeof(*r));
	if (key_len != s->key_len)
		return EMBER_EKEYLEN;
	if ((ret = record_key(r, s, aead, key, key_len, iv)) != 0) {
		ember_tls13_record_clear(r);
		return ret;
	}
	r->suite = s;
	return 0;
}

/* Keys |r| from r->secret, keeping the AEAD implementation |aead| (NULL: the default). */
static int key_from_secret(ember_tls13_record *r, const ember_aead_desc *aead)
{
	uint8_t key[EMBER_TLS13_MAX_KEY_LEN], iv[EMBER_TLS13_IV_LEN];
	int ret;

	ret = ember_tls13_traffic_keys(r->suite, r->hash, r->secret, key, iv);
	if (ret == 0)
		ret = record_key(r, r->suite, aead, key, r->suite->key_len, iv);
	ember_wipe(key, sizeof(key));
	ember_wipe(iv, sizeof(iv));
	return ret;
}

int ember_tls13_record_init(ember_tls13_record *r, const ember_tls13_suite *s, const ember_aead_desc *aead,
    const uint8_t *traffic_secret)
{
	int ret;

	if (r == NULL || s == NULL || traffic_secret == NULL)
		return EMBER_EINVAL;
	memset(r, 0, sizeof(*r));
	if ((r->hash = ember_tls13_suite_hash(s)) == NULL)
		return EMBER_ENOTSUP;
	if (r->hash->digest_len != s->hash_len || s->hash_len > sizeof(r->secret))
		return EMBER_EINTERNAL;
	r->suite = s;
	memcpy(r->secret, traffic_secret, s->hash_len);
	r->has_secret = 1;
	if ((ret = key_from_secret(r, aead)) != 0) {
		ember_tls13_record_clear(r);
		return ret;
	}
	return 0;
}

int ember_tls13_record_key_update(ember_tls13_record *r)
{
	const ember_aead_desc *aead;
	int ret;

	if (r == NULL || r->suite == NULL || !r->has_secret || r->aead.desc == NULL)
		return EMBER_EINVAL;
	aead = r->aead.desc;
	if ((ret = ember_tls13_next_traffic_secret(r->hash, r->secret, r->secret)) == 0) {
		ember_aead_clear(&r->aead);
		ret = key_from_secret(r, aead);
	}
	if (ret != 0)
		ember_tls13_record_clear(r);
	return ret;
}

void ember_tls13_record_clear(ember_tls13_record *r)
{
	if (r == NULL)
		return;
	if (r->aead.desc != NULL)
		ember_aead_clear(&r->aead);
	ember_wipe(r, sizeof(*r));
}

/* 5.3: the per-record nonce, the iv XOR the sequence number left-padded to 12 bytes. */
static void record_nonce(const ember_tls13_record *r, uint8_t nonce[EMBER_TLS13_IV_LEN])
{
	int i;

	memcpy(nonce, r->iv, EMBER_TLS13_IV_LEN);
	for (i = 0; i < 8; i++)
		nonce[EMBER_TLS13_IV_LEN - 1 - i] ^= (uint8_t)(r->seq >> (8 * i));
}

static void advance(ember_tls13_record *r)
{
	/* 5.3: sequence numbers do not wrap; after 2^64 - 1 the context is done */
	if (r->seq == UINT64_MAX)
		r->seq_exhausted = 1;
	else
		r->seq++;
}

int ember_tls13_record_protect(ember_tls13_record *r, uint8_t *out, size_t out_cap, size_t *out_len,
    uint8_t type, const uint8_t *in, size_t in_len, size_t pad_len)
{
	uint8_t nonce[EMBER_TLS13_IV_LEN];
	uint8_t *body;
	size_t inner, total;
	int ret;

	if (r == NULL || r->aead.desc == NULL || out == NULL || out_len == NULL || (in == NULL && in_len != 0))
		return EMBER_EINVAL;
	body = out + EMBER_TLS_RECORD_HEADER_LEN;
	if (type != EMBER_TLS_CT_HANDSHAKE && type != EMBER_TLS_CT_ALERT && type != EMBER_TLS_CT_APPLICATION_DATA)
		return EMBER_EINVAL;
	if (in_len == 0 && type != EMBER_TLS_CT_APPLICATION_DATA)
		return EMBER_EINVAL; /* 5.1, 5.4: no empty handshake or alert content, padding or not */
	if (in_len > EMBER_TLS_MAX_PLAINTEXT || pad_len > EMBER_TLS_MAX_INNER_PLAINTEXT ||
	    in_len + 1 + pad_len > EMBER_TLS_MAX_INNER_PLAINTEXT)
		return EMBER_ELEN;
	inner = in_len + 1 + pad_len;
	total = EMBER_TLS_RECORD_HEADER_LEN + inner + EMBER_TLS13_TAG_LEN;
	if (out_cap < total)
		return EMBER_ELEN;
	if (r->seq_exhausted)
		return EMBER_ERANGE;
	/* TLSInnerPlaintext: content || ContentType || zeros */
	if (in_len != 0 && in != body)
		memmove(body, in, in_len);
	body[in_len] = type;
	memset(body + in_len + 1, 0, pad_len);
	/* the additional data is the record header: opaque_type 23, legacy_record_version 0x0303, length */
	put_header(out, EMBER_TLS_CT_APPLICATION_DATA, 0x0303, inner + EMBER_TLS13_TAG_LEN);
	record_nonce(r, nonce);
	ret = ember_aead_seal(&r->aead, body, body + inner, EMBER_TLS13_TAG_LEN, nonce, sizeof(nonce), out,
	    EMBER_TLS_RECORD_HEADER_LEN, body, inner);
	if (ret != 0) {
		ember_wipe(out, total);
		return ret;
	}
	advance(r);
	*out_len = total;
	return 0;
}

/*
 * 5.4: the content type is the last non-zero byte of the inner plaintext.
 * Every byte is read, and the position and the type are taken with masks,
 * so that time and memory accesses depend on |len| only, not on where the
 * padding starts. Returns 1 with *pos and *type set, 0 when all are zero.
 */
static int find_type(const uint8_t *p, size_t len, size_t *pos, uint8_t *type)
{
	size_t i, at = 0;
	uint32_t found = 0, t = 0;

	for (i = len; i-- > 0;) {
		uint32_t b = p[i];
		uint32_t nz = (0u - b) >> 31;            /* 1 when b != 0 (b < 2^31) */
		uint32_t take = nz & (found ^ 1u);       /* the first non-zero byte from the end */
		uint32_t m = 0u - take;
		size_t ms = (size_t)0 - (size_t)take;

		at = (at & ~ms) | (i & ms);
		t = (t & ~m) | (b & m);
		found |= nz;
	}
	*pos = at;
	*type = (uint8_t)t;
	return (int)found;
}

int ember_tls13_record_unprotect(ember_tls13_record *r, uint8_t *out, size_t out_cap, const uint8_t *record,
    size_t record_len, uint8_t *type, size_t *content_len, int *alert)
{
	uint8_t nonce[EMBER_TLS13_IV_LEN], t;
	ember_tls_record_hdr h;
	size_t len, inner, pos;
	int ret, found;

	set_alert(alert, EMBER_TLS_ALERT_NONE);
	if (r == NULL || r->aead.desc == NULL || out == NULL || record == NULL || type == NULL || content_len == NULL)
		return EMBER_EINVAL;
	if (record_len < EMBER_TLS_RECORD_HEADER_LEN) {
		set_alert(alert, EMBER_TLS_ALERT_DECODE_ERROR);
		return EMBER_ELEN;
	}
	if ((ret = ember_tls_record_header(record, &h, alert)) != 0)
		return ret;
	if (h.type != EMBER_TLS_CT_APPLICATION_DATA) {
		set_alert(alert, EMBER_TLS_ALERT_UNEXPECTED_MESSAGE);
		return EMBER_EDECODE;
	}
	len = h.length;
	if (len != record_len - EMBER_TLS_RECORD_HEADER_LEN) {
		set_alert(alert, EMBER_TLS_ALERT_DECODE_ERROR);
		return EMBER_ELEN;
	}
	if (len < EMBER_TLS13_TAG_LEN) {
		set_alert(alert, EMBER_TLS_ALERT_BAD_RECORD_MAC);
		return EMBER_EVERIFY;
	}
	inner = len - EMBER_TLS13_TAG_LEN;
	if (inner > EMBER_TLS_MAX_INNER_PLAINTEXT) {
		set_alert(alert, EMBER_TLS_ALERT_RECORD_OVERFLOW);
		return EMBER_ELEN;
	}
	if (out_cap < inner)
		return EMBER_ELEN;
	if (r->seq_exhausted)
		return EMBER_ERANGE;
	record_nonce(r, nonce);
	ret = ember_aead_open(&r->aead, out, record + EMBER_TLS_RECORD_HEADER_LEN + inner, EMBER_TLS13_TAG_LEN, nonce,
	    sizeof(nonce), record, EMBER_TLS_RECORD_HEADER_LEN, record + EMBER_TLS_RECORD_HEADER_LEN, inner);
	if (ret != 0) {
		set_alert(alert, ret == EMBER_EVERIFY ? EMBER_TLS_ALERT_BAD_RECORD_MAC : EMBER_TLS_ALERT_INTERNAL_ERROR);
		return ret;
	}
	advance(r);
	found = find_type(out, inner, &pos, &t);
	/* the content type and length are the record's answer to the caller: public from here */
	EMBER_DECLASSIFY(&found, sizeof(found));
	EMBER_DECLASSIFY(&pos, sizeof(pos));
	EMBER_DECLASSIFY(&t, sizeof(t));
	if (!found) {
		set_alert(alert, EMBER_TLS_ALERT_UNEXPECTED_MESSAGE);
		return EMBER_EDECODE;
	}
	if ((t != EMBER_TLS_CT_ALERT && t != EMBER_TLS_CT_HANDSHAKE && t != EMBER_TLS_CT_APPLICATION_DATA) ||
	    (pos == 0 && t != EMBER_TLS_CT_APPLICATION_DATA)) {
		set_alert(alert, EMBER_TLS_ALERT_UNEXPECTED_MESSAGE);
		return EMBER_EDECODE;
	}
	*type = t;
	*content_len = pos;
	return 0;
}
