/*
 * t_tls13_record.c - the TLS 1.3 record layer (tls.h); RFC 8448's records
 * are checked in t_tls13_keysched.c with the rest of its trace.
 *   tls13_record_suites: for each suite and each supported implementation
 *     of its AEAD (sealing with it, opening with the default and the other
 *     way round): round trips of every content type with and without
 *     padding, sizes at the limits (2^14 content, 2^14 + 1 inner
 *     plaintext accepted; one byte more refused on both sides), in-place
 *     use, sequence numbers advancing and checked (a skipped or replayed
 *     record fails), every header byte, a ciphertext byte and a tag byte
 *     changed (refused, with the alert of RFC 8446), KeyUpdate on both
 *     sides;
 *   tls13_record_inner: inner plaintexts sealed by hand: all zero, a
 *     change_cipher_spec or unknown inner type, empty handshake and alert,
 *     an over-long inner plaintext, a short record, each refused with
 *     unexpected_message, record_overflow or bad_record_mac; the padding
 *     scan at every padding length of a small record;
 *   tls13_record_seq: the last sequence number 2^64 - 1 used, then refused
 *     (no wrap) on both sides;
 *   tls13_plaintext: TLSPlaintext framing and parsing, header checks,
 *     change_cipher_spec, alert names and encoding.
 */
#include <stdlib.h>
#include <string.h>

#include "ember/aead.h"
#include "ember/tls.h"
#include "test.h"

#define REC_MAX (EMBER_TLS_MAX_RECORD + 64)

static uint8_t buf_in[REC_MAX], buf_rec[REC_MAX], buf_out[REC_MAX];

/* Protect with |w|, unprotect with |r|; 1 when the content and type came back. */
static int round_trip(ember_tls13_record *w, ember_tls13_record *r, uint8_t type, size_t n, size_t pad,
    const char *what)
{
	size_t rec_len = 0, clen = 0;
	uint8_t t = 0;
	int ret, alert = 0;

	t_rand_bytes(buf_in, n);
	ret = ember_tls13_record_protect(w, buf_rec, sizeof(buf_rec), &rec_len, type, buf_in, n, pad);
	if (!CHECK(ret == 0 && rec_len == 5 + n + 1 + pad + 16, "%s: protect %zu + pad %zu: %d", what, n, pad, ret))
		return 0;
	ret = ember_tls13_record_unprotect(r, buf_out, sizeof(buf_out), buf_rec, rec_len, &t, &clen, &alert);
	return CHECK(ret == 0 && t == type && clen == n && memcmp(buf_out, buf_in, n) == 0,
	    "%s: unprotect %zu + pad %zu: %d alert %d type %u len %zu", what, n, pad, ret, alert, t, clen);
}

static void one_pair(const ember_tls13_suite *s, const ember_aead_desc *wd, const ember_aead_desc *rd)
{
	uint8_t secret[48], t;
	ember_tls13_record w, r;
	char what[128];
	size_t rec_len, clen, i, pos[10];
	uint64_t seq;
	int ret, alert;

	snprintf(what, sizeof(what), "%s %s->%s", s->name, wd ? wd->impl : "default", rd ? rd->impl : "default");
	t_rand_bytes(secret, sizeof(secret));
	if (!CHECK(ember_tls13_record_init(&w, s, wd, secret) == 0 && ember_tls13_record_init(&r, s, rd, secret) == 0,
	        "%s: record_init", what))
		return;

	/* types, padding, sizes at the limits */
	round_trip(&w, &r, EMBER_TLS_CT_HANDSHAKE, 1, 0, what);
	round_trip(&w, &r, EMBER_TLS_CT_ALERT, 2, 0, what);
	round_trip(&w, &r, EMBER_TLS_CT_APPLICATION_DATA, 0, 0, what);
	round_trip(&w, &r, EMBER_TLS_CT_APPLICATION_DATA, 0, 100, what);
	round_trip(&w, &r, EMBER_TLS_CT_APPLICATION_DATA, 1000, 255, what);
	round_trip(&w, &r, EMBER_TLS_CT_HANDSHAKE, 37, 1, what);
	round_trip(&w, &r, EMBER_TLS_CT_APPLICATION_DATA, EMBER_TLS_MAX_PLAINTEXT, 0, what);
	round_trip(&w, &r, EMBER_TLS_CT_APPLICATION_DATA, 0, EMBER_TLS_MAX_PLAINTEXT, what);
	round_trip(&w, &r, EMBER_TLS_CT_APPLICATION_DATA, 5000, EMBER_TLS_MAX_PLAINTEXT - 5000, what);
	CHECK(w.seq == 9 && r.seq == 9, "%s: sequence numbers %llu %llu", what, (unsigned long long)w.seq,
	    (unsigned long long)r.seq);
	/* one byte more is refused, nothing sent, the sequence number kept */
	CHECK(ember_tls13_record_protect(&w, buf_rec, sizeof(buf_rec), &rec_len, EMBER_TLS_CT_APPLICATION_DATA, buf_in,
	          EMBER_TLS_MAX_PLAINTEXT + 1, 0) == EMBER_ELEN,
	    "%s: 2^14 + 1 content", what);
	CHECK(ember_tls13_record_protect(&w, buf_rec, sizeof(buf_rec), &rec_len, EMBER_TLS_CT_APPLICATION_DATA, buf_in,
	          EMBER_TLS_MAX_PLAINTEXT, 1) == EMBER_ELEN,
	    "%s: 2^14 content + 1 padding", what);
	CHECK(ember_tls13_record_protect(&w, buf_rec, sizeof(buf_rec), &rec_len, EMBER_TLS_CT_APPLICATION_DATA, buf_in,
	          0, EMBER_TLS_MAX_PLAINTEXT + 1) == EMBER_ELEN,
	    "%s: 2^14 + 1 padding", what);
	CHECK(ember_tls13_record_protect(&w, buf_rec, 5 + 10 + 1 + 16 - 1, &rec_len, EMBER_TLS_CT_APPLICATION_DATA,
	          buf_in, 10, 0) == EMBER_ELEN,
	    "%s: output one byte short", what);
	CHECK(ember_tls13_record_protect(&w, buf_rec, sizeof(buf_rec), &rec_len, EMBER_TLS_CT_HANDSHAKE, buf_in, 0, 5) ==
	              EMBER_EINVAL &&
	          ember_tls13_record_protect(&w, buf_rec, sizeof(buf_rec), &rec_len, EMBER_TLS_CT_ALERT, buf_in, 0, 0) ==
	              EMBER_EINVAL &&
	          ember_tls13_record_protect(&w, buf_rec, sizeof(buf_rec), &rec_len, EMBER_TLS_CT_CHANGE_CIPHER_SPEC,
	              buf_in, 1, 0) == EMBER_EINVAL,
	    "%s: empty handshake, empty alert, change_cipher_spec refused", what);
	CHECK(w.seq == 9, "%s: refusals keep the sequence number", what);

	/* in place: the content already at record + 5 */
	t_rand_bytes(buf_in, 300);
	memcpy(buf_rec + 5, buf_in, 300);
	ret = ember_tls13_record_protect(&w, buf_rec, sizeof(buf_rec), &rec_len, EMBER_TLS_CT_APPLICATION_DATA,
	    buf_rec + 5, 300, 7);
	CHECK(ret == 0 && rec_len == 5 + 300 + 1 + 7 + 16, "%s: in-place protect %d", what, ret);
	ret = ember_tls13_record_unprotect(&r, buf_rec + 5, rec_len - 5, buf_rec, rec_len, &t, &clen, &alert);
	CHECK(ret == 0 && clen == 300 && memcmp(buf_rec + 5, buf_in, 300) == 0, "%s: in-place unprotect %d", what, ret);

	/* tampering: each header byte, a ciphertext byte, a tag byte */
	ret = ember_tls13_record_protect(&w, buf_rec, sizeof(buf_rec), &rec_len, EMBER_TLS_CT_HANDSHAKE, buf_in, 100, 3);
	CHECK(ret == 0, "%s: protect", what);
	seq = r.seq;
	for (i = 0; i < 5; i++)
		pos[i] = i;
	pos[5] = 5, pos[6] = 46, pos[7] = 87, pos[8] = rec_len - 16, pos[9] = rec_len - 1;
	for (i = 0; i < 10; i++) {
		size_t at = pos[i];
		int want, want_alert;

		buf_rec[at] ^= 0x01;
		ret = ember_tls13_record_unprotect(&r, buf_out, sizeof(buf_out), buf_rec, rec_len, &t, &clen, &alert);
		if (at == 0) { /* 23 -> 22: not a protected record */
			want = EMBER_EDECODE;
			want_alert = EMBER_TLS_ALERT_UNEXPECTED_MESSAGE;
		} else if (at == 3 || at == 4) { /* the length no longer the record's */
			want = EMBER_ELEN;
			want_alert = EMBER_TLS_ALERT_DECODE_ERROR;
		} else { /* the version (in the additional data), the ciphertext, the tag */
			want = EMBER_EVERIFY;
			want_alert = EMBER_TLS_ALERT_BAD_RECORD_MAC;
		}
		CHECK(ret == want && alert == want_alert && r.seq == seq, "%s: byte %zu changed: %d alert %d", what, at, ret,
		    alert);
		buf_rec[at] ^= 0x01;
	}
	/* the untouched record still opens; then it cannot be replayed */
	ret = ember_tls13_record_unprotect(&r, buf_out, sizeof(buf_out), buf_rec, rec_len, &t, &clen, &alert);
	CHECK(ret == 0 && t == EMBER_TLS_CT_HANDSHAKE && clen == 100, "%s: untouched: %d", what, ret);
	ret = ember_tls13_record_unprotect(&r, buf_out, sizeof(buf_out), buf_rec, rec_len, &t, &clen, &alert);
	CHECK(ret == EMBER_EVERIFY && alert == EMBER_TLS_ALERT_BAD_RECORD_MAC, "%s: replayed: %d", what, ret);
	/* a skipped record: the next one does not open */
	ret = ember_tls13_record_protect(&w, buf_rec, sizeof(buf_rec), &rec_len, EMBER_TLS_CT_APPLICATION_DATA, buf_in, 10,
	    0);
	ret |= ember_tls13_record_protect(&w, buf_rec, sizeof(buf_rec), &rec_len, EMBER_TLS_CT_APPLICATION_DATA, buf_in,
	    10, 0);
	CHECK(ret == 0, "%s: protect two", what);
	ret = ember_tls13_record_unprotect(&r, buf_out, sizeof(buf_out), buf_rec, rec_len, &t, &clen, &alert);
	CHECK(ret == EMBER_EVERIFY, "%s: skipped record: %d", what, ret);
	r.seq++;
	ret = ember_tls13_record_unprotect(&r, buf_out, sizeof(buf_out), buf_rec, rec_len, &t, &clen, &alert);
	CHECK(ret == 0 && r.seq == w.seq, "%s: in step again: %d", what, ret);

	/* KeyUpdate on both sides: sequence numbers from 0, the new secret is 7.2's */
	{
		uint8_t next[48];
		const ember_aead_desc *wdesc = w.aead.desc;

		CHECK(ember_tls13_next_traffic_secret(w.hash, w.secret, next) == 0, "%s: next secret", what);
		CHECK(ember_tls13_record_key_update(&w) == 0 && ember_tls13_record_key_update(&r) == 0, "%s: key_update", what);
		CHECK(w.seq == 0 && r.seq == 0 && memcmp(w.secret, next, s->hash_len) == 0 && w.aead.desc == wdesc,
		    "%s: after key_update", what);
		round_trip(&w, &r, EMBER_TLS_CT_APPLICATION_DATA, 64, 0, what);
		CHECK(ember_tls13_record_key_update(&w) == 0, "%s: key_update writer only", what);
		ret = ember_tls13_record_protect(&w, buf_rec, sizeof(buf_rec), &rec_len, EMBER_TLS_CT_APPLICATION_DATA,
		    buf_in, 10, 0);
		r.seq = w.seq - 1;
		ret |= ember_tls13_record_unprotect(&r, buf_out, sizeof(buf_out), buf_rec, rec_len, &t, &clen, &alert);
		CHECK(ret == EMBER_EVERIFY, "%s: the old key does not open the new record: %d", what, ret);
	}
	ember_tls13_record_clear(&w);
	ember_tls13_record_clear(&r);
	CHECK(w.aead.desc == NULL && w.suite == NULL, "%s: record_clear", what);
}

EMBER_TEST(tls13_record_suites)
{
	size_t i, j;

	for (i = 0; ember_tls13_suite_at(i) != NULL; i++) {
		const ember_tls13_suite *s = ember_tls13_suite_at(i);
		const ember_aead_spec *spec = ember_aead_spec_find(s->aead);
		size_t n = 0;

		if (!CHECK(spec != NULL && ember_tls13_suite_hash(s) != NULL, "%s: AEAD or digest missing", s->name))
			continue;
		one_pair(s, NULL, NULL);
		for (j = 0; j < ember_aead_count(); j++) {
			const ember_aead_desc *d = ember_aead_at(j);

			if (strcmp(d->name, spec->alg) != 0 || !ember_aead_supported(d))
				continue;
			one_pair(s, d, NULL);
			one_pair(s, NULL, d);
			n++;
		}
		CHECK(n > 0, "%s: no %s implementation", s->name, spec->alg);
	}
}

/* Seals |inner| (any bytes) as the next record of |r|, as a peer that breaks the rules would. */
static size_t seal_raw(ember_tls13_record *r, const uint8_t *inner, size_t n, uint8_t *rec)
{
	uint8_t nonce[12];
	size_t len = n + 16;
	int i;

	rec[0] = 23, rec[1] = 3, rec[2] = 3, rec[3] = (uint8_t)(len >> 8), rec[4] = (uint8_t)len;
	memcpy(nonce, r->iv, 12);
	for (i = 0; i < 8; i++)
		nonce[11 - i] ^= (uint8_t)(r->seq >> (8 * i));
	memmove(rec + 5, inner, n);
	if (ember_aead_seal(&r->aead, rec + 5, rec + 5 + n, 16, nonce, 12, rec, 5, rec + 5, n) != 0)
		return 0;
	return 5 + len;
}

EMBER_TEST(tls13_record_inner)
{
	const ember_tls13_suite *s = ember_tls13_suite_find(EMBER_TLS13_AES_128_GCM_SHA256);
	static uint8_t inner[EMBER_TLS_MAX_INNER_PLAINTEXT + 2];
	uint8_t secret[32], t;
	ember_tls13_record w, r;
	size_t rec_len, clen, n;
	int ret, alert;

	t_rand_bytes(secret, sizeof(secret));
	if (!CHECK(ember_tls13_record_init(&w, s, NULL, secret) == 0 && ember_tls13_record_init(&r, s, NULL, secret) == 0,
	        "record_init"))
		return;
#define OPEN() ember_tls13_record_unprotect(&r, buf_out, sizeof(buf_out), buf_rec, rec_len, &t, &clen, &alert)
#define REFUSED(want, want_alert, what)                                                                          \
	do {                                                                                                     \
		ret = OPEN();                                                                                    \
		CHECK(ret == (want) && alert == (want_alert), "%s: %d alert %d", what, ret, alert);              \
		w.seq = r.seq = r.seq + 1; /* a failed record is not counted: step past it for the next case */ \
	} while (0)

	/* 5.4: no non-zero byte: unexpected_message */
	memset(inner, 0, 64);
	rec_len = seal_raw(&w, inner, 64, buf_rec);
	REFUSED(EMBER_EDECODE, EMBER_TLS_ALERT_UNEXPECTED_MESSAGE, "all-zero inner plaintext");
	rec_len = seal_raw(&w, inner, 0, buf_rec);
	REFUSED(EMBER_EDECODE, EMBER_TLS_ALERT_UNEXPECTED_MESSAGE, "empty inner plaintext");
	rec_len = seal_raw(&w, inner, 1, buf_rec);
	REFUSED(EMBER_EDECODE, EMBER_TLS_ALERT_UNEXPECTED_MESSAGE, "one zero byte");
	/* inner types that cannot be protected */
	inner[0] = 'x', inner[1] = EMBER_TLS_CT_CHANGE_CIPHER_SPEC;
	rec_len = seal_raw(&w, inner, 2, buf_rec);
	REFUSED(EMBER_EDECODE, EMBER_TLS_ALERT_UNEXPECTED_MESSAGE, "protected change_cipher_spec");
	inner[1] = 24;
	rec_len = seal_raw(&w, inner, 2, buf_rec);
	REFUSED(EMBER_EDECODE, EMBER_TLS_ALERT_UNEXPECTED_MESSAGE, "inner type 24");
	inner[0] = EMBER_TLS_CT_HANDSHAKE, inner[1] = 0, inner[2] = 0;
	rec_len = seal_raw(&w, inner, 3, buf_rec);
	REFUSED(EMBER_EDECODE, EMBER_TLS_ALERT_UNEXPECTED_MESSAGE, "empty handshake content");
	inner[0] = EMBER_TLS_CT_ALERT;
	rec_len = seal_raw(&w, inner, 1, buf_rec);
	REFUSED(EMBER_EDECODE, EMBER_TLS_ALERT_UNEXPECTED_MESSAGE, "empty alert content");
	inner[0] = EMBER_TLS_CT_APPLICATION_DATA;
	rec_len = seal_raw(&w, inner, 2, buf_rec);
	ret = OPEN();
	CHECK(ret == 0 && t == EMBER_TLS_CT_APPLICATION_DATA && clen == 0, "empty application data: %d", ret);
	w.seq = r.seq;

	/* 5.4: the inner plaintext at most 2^14 + 1; one more is record_overflow, before any decryption */
	memset(inner, 0, sizeof(inner));
	inner[0] = 1;
	inner[EMBER_TLS_MAX_INNER_PLAINTEXT] = EMBER_TLS_CT_APPLICATION_DATA;
	rec_len = seal_raw(&w, inner, EMBER_TLS_MAX_INNER_PLAINTEXT + 1, buf_rec);
	REFUSED(EMBER_ELEN, EMBER_TLS_ALERT_RECORD_OVERFLOW, "inner plaintext of 2^14 + 2");
	inner[EMBER_TLS_MAX_INNER_PLAINTEXT] = 0;
	inner[EMBER_TLS_MAX_INNER_PLAINTEXT - 1] = EMBER_TLS_CT_APPLICATION_DATA;
	rec_len = seal_raw(&w, inner, EMBER_TLS_MAX_INNER_PLAINTEXT, buf_rec);
	ret = OPEN();
	CHECK(ret == 0 && clen == EMBER_TLS_MAX_PLAINTEXT, "inner plaintext of 2^14 + 1: %d", ret);
	w.seq = r.seq;
	/* 5.2: a record over 2^14 + 256 is record_overflow whatever it holds */
	memset(buf_rec, 0, 5 + EMBER_TLS_MAX_CIPHERTEXT + 1);
	buf_rec[0] = 23, buf_rec[1] = 3, buf_rec[2] = 3;
	buf_rec[3] = (uint8_t)((EMBER_TLS_MAX_CIPHERTEXT + 1) >> 8), buf_rec[4] = (uint8_t)(EMBER_TLS_MAX_CIPHERTEXT + 1);
	rec_len = 5 + EMBER_TLS_MAX_CIPHERTEXT + 1;
	REFUSED(EMBER_ELEN, EMBER_TLS_ALERT_RECORD_OVERFLOW, "record of 2^14 + 257");
	/* shorter than a tag: bad_record_mac; no header: decode_error */
	buf_rec[3] = 0, buf_rec[4] = 15;
	rec_len = 5 + 15;
	REFUSED(EMBER_EVERIFY, EMBER_TLS_ALERT_BAD_RECORD_MAC, "15-byte record");
	rec_len = 4;
	REFUSED(EMBER_ELEN, EMBER_TLS_ALERT_DECODE_ERROR, "4 bytes");
	/* the output buffer: room for the inner plaintext */
	inner[0] = 'a', inner[1] = EMBER_TLS_CT_APPLICATION_DATA;
	rec_len = seal_raw(&w, inner, 2, buf_rec);
	ret = ember_tls13_record_unprotect(&r, buf_out, 1, buf_rec, rec_len, &t, &clen, &alert);
	CHECK(ret == EMBER_ELEN && alert == EMBER_TLS_ALERT_NONE, "output of 1 byte for 2: %d", ret);
	ret = ember_tls13_record_unprotect(&r, buf_out, 2, buf_rec, rec_len, &t, &clen, &alert);
	CHECK(ret == 0 && clen == 1 && buf_out[0] == 'a', "output of 2 bytes: %d", ret);
	w.seq = r.seq;

	/* the padding scan: a type at every position of a 300-byte inner plaintext, zeros after it */
	for (n = 0; n < 300; n += (n < 20 || n > 280) ? 1 : 13) {
		t_rand_bytes(inner, n); /* zero bytes among them are content: the type is the last non-zero byte */
		inner[n] = EMBER_TLS_CT_APPLICATION_DATA;
		memset(inner + n + 1, 0, 300 - n - 1);
		rec_len = seal_raw(&w, inner, 300, buf_rec);
		ret = OPEN();
		CHECK(ret == 0 && t == EMBER_TLS_CT_APPLICATION_DATA && clen == n && memcmp(buf_out, inner, n) == 0,
		    "content %zu, padding %zu: %d len %zu", n, 300 - n - 1, ret, clen);
		w.seq = r.seq;
	}
	/* zero bytes inside the content are content */
	memset(inner, 0, 10);
	inner[3] = 9;
	inner[10] = EMBER_TLS_CT_HANDSHAKE;
	memset(inner + 11, 0, 5);
	rec_len = seal_raw(&w, inner, 16, buf_rec);
	ret = OPEN();
	CHECK(ret == 0 && t == EMBER_TLS_CT_HANDSHAKE && clen == 10 && buf_out[3] == 9, "zeros in content: %d %zu", ret,
	    clen);
#undef REFUSED
#undef OPEN
	ember_tls13_record_clear(&w);
	ember_tls13_record_clear(&r);
}

EMBER_TEST(tls13_record_seq)
{
	const ember_tls13_suite *s = ember_tls13_suite_find(EMBER_TLS13_CHACHA20_POLY1305_SHA256);
	uint8_t key[32], iv[12], t;
	ember_tls13_record w, r;
	size_t rec_len, clen;
	int ret, alert, i;

	t_rand_bytes(key, sizeof(key));
	t_rand_bytes(iv, sizeof(iv));
	if (!CHECK(ember_tls13_record_init_keys(&w, s, NULL, key, 32, iv) == 0 &&
	               ember_tls13_record_init_keys(&r, s, NULL, key, 32, iv) == 0,
	        "record_init_keys"))
		return;
	CHECK(ember_tls13_record_init_keys(&w, s, NULL, key, 16, iv) == EMBER_EKEYLEN, "16-byte key for ChaCha20");
	ember_tls13_record_init_keys(&w, s, NULL, key, 32, iv);
	CHECK(ember_tls13_record_key_update(&w) == EMBER_EINVAL, "no KeyUpdate without a secret");
	ember_tls13_record_init_keys(&w, s, NULL, key, 32, iv);
	w.seq = r.seq = UINT64_MAX - 1;
	for (i = 0; i < 2; i++) {
		ret = ember_tls13_record_protect(&w, buf_rec, sizeof(buf_rec), &rec_len, EMBER_TLS_CT_APPLICATION_DATA,
		    (const uint8_t *)"hi", 2, 0);
		ret |= ember_tls13_record_unprotect(&r, buf_out, sizeof(buf_out), buf_rec, rec_len, &t, &clen, &alert);
		CHECK(ret == 0 && clen == 2, "sequence number 2^64 - %d: %d", 2 - i, ret);
	}
	CHECK(w.seq_exhausted && r.seq_exhausted && w.seq == UINT64_MAX, "exhausted after 2^64 - 1");
	ret = ember_tls13_record_protect(&w, buf_rec, sizeof(buf_rec), &rec_len, EMBER_TLS_CT_APPLICATION_DATA,
	    (const uint8_t *)"hi", 2, 0);
	CHECK(ret == EMBER_ERANGE, "no wrap when sending: %d", ret);
	/* a record the peer sealed at sequence number 0 must not open at a wrapped 0 */
	ret = ember_tls13_record_unprotect(&r, buf_out, sizeof(buf_out), buf_rec, rec_len, &t, &clen, &alert);
	CHECK(ret == EMBER_ERANGE && alert == EMBER_TLS_ALERT_NONE, "no wrap when receiving: %d", ret);
	ember_tls13_record_clear(&w);
	ember_tls13_record_clear(&r);
}

EMBER_TEST(tls13_plaintext)
{
	static const uint8_t ch[] = { 1, 0, 0, 2, 3, 3 };
	uint8_t rec[64], type, a[2];
	const uint8_t *frag;
	ember_tls_record_hdr h;
	size_t len, flen;
	int alert, ret;

	CHECK(ember_tls_plaintext_write(rec, sizeof(rec), &len, EMBER_TLS_CT_HANDSHAKE, 0x0301, ch, sizeof(ch)) == 0 &&
	          len == 11 && memcmp(rec, "\x16\x03\x01\x00\x06", 5) == 0 && memcmp(rec + 5, ch, 6) == 0,
	    "plaintext_write handshake");
	ret = ember_tls_plaintext_parse(rec, len, &type, &frag, &flen, &alert);
	CHECK(ret == 0 && type == EMBER_TLS_CT_HANDSHAKE && frag == rec + 5 && flen == 6, "plaintext_parse: %d", ret);
	CHECK(ember_tls_record_header(rec, &h, &alert) == 0 && h.type == 22 && h.version == 0x0301 && h.length == 6,
	    "record_header");
	/* a length that is not the record's */
	CHECK(ember_tls_plaintext_parse(rec, len - 1, &type, &frag, &flen, &alert) == EMBER_ELEN &&
	          alert == EMBER_TLS_ALERT_DECODE_ERROR,
	    "short record");
	CHECK(ember_tls_plaintext_parse(rec, 4, &type, &frag, &flen, &alert) == EMBER_ELEN &&
	          alert == EMBER_TLS_ALERT_DECODE_ERROR,
	    "no header");
	/* in place */
	memcpy(rec + 5, ch, sizeof(ch));
	CHECK(ember_tls_plaintext_write(rec, sizeof(rec), &len, EMBER_TLS_CT_HANDSHAKE, 0x0303, rec + 5, 6) == 0 &&
	          memcmp(rec + 5, ch, 6) == 0 && rec[2] == 3,
	    "plaintext_write in place");
	CHECK(ember_tls_plaintext_write(rec, 10, &len, EMBER_TLS_CT_HANDSHAKE, 0x0303, ch, 6) == EMBER_ELEN,
	    "output too small");
	CHECK(ember_tls_plaintext_write(rec, sizeof(rec), &len, EMBER_TLS_CT_HANDSHAKE, 0x0303, ch, 0) == EMBER_ELEN,
	    "empty fragment");
	CHECK(ember_tls_plaintext_write(rec, sizeof(rec), &len, EMBER_TLS_CT_APPLICATION_DATA, 0x0303, ch, 6) ==
	          EMBER_EINVAL,
	    "plaintext application data");
	/* change_cipher_spec: the one byte 01 */
	CHECK(ember_tls_plaintext_write(rec, sizeof(rec), &len, EMBER_TLS_CT_CHANGE_CIPHER_SPEC, 0x0303,
	          (const uint8_t *)"\x01", 1) == 0 &&
	          len == 6 && memcmp(rec, "\x14\x03\x03\x00\x01\x01", 6) == 0,
	    "change_cipher_spec");
	CHECK(ember_tls_plaintext_parse(rec, len, &type, &frag, &flen, &alert) == 0 && type == 20 && flen == 1,
	    "parse change_cipher_spec");
	rec[5] = 2;
	CHECK(ember_tls_plaintext_parse(rec, len, &type, &frag, &flen, &alert) == EMBER_EDECODE &&
	          alert == EMBER_TLS_ALERT_UNEXPECTED_MESSAGE,
	    "change_cipher_spec 02");
	CHECK(ember_tls_plaintext_write(rec, sizeof(rec), &len, EMBER_TLS_CT_CHANGE_CIPHER_SPEC, 0x0303,
	          (const uint8_t *)"\x01\x01", 2) == EMBER_EINVAL,
	    "change_cipher_spec of 2 bytes");
	memcpy(rec, "\x14\x03\x03\x00\x02\x01\x01", 7);
	CHECK(ember_tls_plaintext_parse(rec, 7, &type, &frag, &flen, &alert) == EMBER_EDECODE &&
	          alert == EMBER_TLS_ALERT_UNEXPECTED_MESSAGE,
	    "parse change_cipher_spec of 2 bytes");
	/* empty handshake or alert fragments; application data in the clear; unknown types */
	memcpy(rec, "\x16\x03\x03\x00\x00", 5);
	CHECK(ember_tls_plaintext_parse(rec, 5, &type, &frag, &flen, &alert) == EMBER_EDECODE &&
	          alert == EMBER_TLS_ALERT_UNEXPECTED_MESSAGE,
	    "empty handshake fragment");
	memcpy(rec, "\x17\x03\x03\x00\x01\x00", 6);
	CHECK(ember_tls_plaintext_parse(rec, 6, &type, &frag, &flen, &alert) == EMBER_EDECODE &&
	          alert == EMBER_TLS_ALERT_UNEXPECTED_MESSAGE,
	    "application data in the clear");
	memcpy(rec, "\x18\x03\x03\x00\x01\x00", 6);
	CHECK(ember_tls_record_header(rec, &h, &alert) == EMBER_EDECODE && alert == EMBER_TLS_ALERT_UNEXPECTED_MESSAGE,
	    "type 24");
	rec[0] = 19;
	CHECK(ember_tls_record_header(rec, &h, &alert) == EMBER_EDECODE, "type 19");
	/* lengths: 2^14 + 256 for any header, 2^14 for a plaintext record */
	memcpy(rec, "\x17\x03\x03\x41\x00", 5);
	CHECK(ember_tls_record_header(rec, &h, &alert) == 0 && h.length == 0x4100, "header length 2^14 + 256");
	rec[4] = 1;
	CHECK(ember_tls_record_header(rec, &h, &alert) == EMBER_ELEN && alert == EMBER_TLS_ALERT_RECORD_OVERFLOW,
	    "header length 2^14 + 257");
	{
		static uint8_t big[5 + EMBER_TLS_MAX_PLAINTEXT + 1];

		memset(big, 0x42, sizeof(big));
		CHECK(ember_tls_plaintext_write(big, sizeof(big), &len, EMBER_TLS_CT_HANDSHAKE, 0x0303, big + 5,
		          EMBER_TLS_MAX_PLAINTEXT) == 0 &&
		          ember_tls_plaintext_parse(big, len, &type, &frag, &flen, &alert) == 0 &&
		          flen == EMBER_TLS_MAX_PLAINTEXT,
		    "2^14 plaintext");
		CHECK(ember_tls_plaintext_write(big, sizeof(big), &len, EMBER_TLS_CT_HANDSHAKE, 0x0303, big + 5,
		          EMBER_TLS_MAX_PLAINTEXT + 1) == EMBER_ELEN,
		    "2^14 + 1 plaintext written");
		big[3] = 0x40, big[4] = 0x01;
		CHECK(ember_tls_plaintext_parse(big, sizeof(big), &type, &frag, &flen, &alert) == EMBER_ELEN &&
		          alert == EMBER_TLS_ALERT_RECORD_OVERFLOW,
		    "2^14 + 1 plaintext parsed");
	}

	/* alerts */
	CHECK(strcmp(ember_tls_alert_name(EMBER_TLS_ALERT_BAD_RECORD_MAC), "bad_record_mac") == 0 &&
	          strcmp(ember_tls_alert_name(EMBER_TLS_ALERT_NONE), "none") == 0 && ember_tls_alert_name(1) == NULL,
	    "alert names");
	CHECK(ember_tls_alert_encode(a, EMBER_TLS_ALERT_CLOSE_NOTIFY) == 0 && a[0] == 1 && a[1] == 0, "close_notify");
	CHECK(ember_tls_alert_encode(a, EMBER_TLS_ALERT_RECORD_OVERFLOW) == 0 && a[0] == 2 && a[1] == 22,
	    "record_overflow fatal");
	CHECK(ember_tls_alert_encode(a, EMBER_TLS_ALERT_USER_CANCELED) == 0 && a[0] == 1 && a[1] == 90, "user_canceled");
	CHECK(ember_tls_alert_encode(a, EMBER_TLS_ALERT_NONE) == EMBER_EINVAL && ember_tls_alert_encode(a, 256) == EMBER_EINVAL,
	    "no alert to encode");
}
