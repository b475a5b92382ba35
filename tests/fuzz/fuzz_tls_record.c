/*
 * fuzz_tls_record.c - the TLS 1.3 record layer (tls.h) on fuzzer-chosen
 * records. Aborts when:
 *   - ember_tls_record_header, ember_tls_plaintext_parse or
 *     ember_tls13_record_unprotect return a code, or an alert, tls.h does
 *     not list for them, or succeed on what they must refuse (a length
 *     over the limits, an inner type other than alert, handshake or
 *     application data);
 *   - unprotect succeeds but protecting the content again, with the
 *     padding it had, under the same key and sequence number, does not
 *     give back exactly the record (so no forged or misparsed record is
 *     accepted);
 *   - a record protected here (flag bit 0: the data as content) does not
 *     open to the same content and type, or opens after one byte changed
 *     (bit 1).
 *
 * TLS 1.2 (tls12.h; byte 0 past the three TLS 1.3 suites picks one of the
 * seven TLS 1.2 ones): the same checks with ember_tls12_record_unprotect
 * (protocol_version also allowed), a record that opens checked against the
 * limits (CBC: content at most the fragment less IV, MAC and padding
 * byte), and under bit 0 a record protected here opens (and fails after
 * one byte changed under bit 1); the CBC suite's constant-time opening
 * runs on garbage of every length, under the sanitizers.
 *
 * Input: byte 0 the suite (of the ten), 1 flags, 2 the content type for
 * bit 0, 3-4 the padding for bit 0 (big-endian, capped), 5-6 the byte to
 * change for bit 1; the rest is the record (or the content under bit 0).
 * The traffic secret is fixed: records that open come from bit 0's path
 * or from the fuzzer finding a tag, which is the bug this would catch.
 */
#include <stdlib.h>
#include <string.h>

#include "ember/tls.h"
#include "ember/tls12.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint8_t rec[EMBER_TLS_MAX_RECORD + 64], out[EMBER_TLS_MAX_RECORD + 64], again[EMBER_TLS_MAX_RECORD + 64];

static int alert_ok(int a)
{
	return a == EMBER_TLS_ALERT_NONE || a == EMBER_TLS_ALERT_DECODE_ERROR || a == EMBER_TLS_ALERT_UNEXPECTED_MESSAGE ||
	    a == EMBER_TLS_ALERT_RECORD_OVERFLOW || a == EMBER_TLS_ALERT_BAD_RECORD_MAC;
}

static void plaintext(const uint8_t *p, size_t n)
{
	ember_tls_record_hdr h;
	const uint8_t *frag;
	size_t flen;
	uint8_t type;
	int alert = 99, ret;

	if (n >= 5) {
		ret = ember_tls_record_header(p, &h, &alert);
		if (ret == 0 && (h.type < 20 || h.type > 23 || h.length > EMBER_TLS_MAX_CIPHERTEXT))
			abort();
		if (ret != 0 && ret != EMBER_EDECODE && ret != EMBER_ELEN)
			abort();
	}
	alert = 99;
	ret = ember_tls_plaintext_parse(p, n, &type, &frag, &flen, &alert);
	if (!alert_ok(alert))
		abort();
	if (ret == 0 && (frag != p + 5 || flen != n - 5 || flen == 0 || flen > EMBER_TLS_MAX_PLAINTEXT ||
	                    (type != 20 && type != 21 && type != 22) || (type == 20 && (flen != 1 || frag[0] != 1))))
		abort();
	if (ret != 0 && ret != EMBER_EDECODE && ret != EMBER_ELEN)
		abort();
}

static void tls12(const ember_tls12_suite *s, uint8_t flags, uint8_t want_type, size_t at, const uint8_t *data,
    size_t n)
{
	static const uint8_t key[32] = { 0x24, 9, 8, 7 }, mac_key[20] = { 0x77, 1 }, iv[12] = { 3, 1, 4, 1, 5 };
	ember_tls12_record w, r;
	size_t rec_len, clen, frag;
	uint8_t type;
	int alert = 99, ret;

	if (ember_tls12_record_init(&w, s, NULL, mac_key, s->mac_key_len, key, s->key_len, iv, s->fixed_iv_len) != 0 ||
	    ember_tls12_record_init(&r, s, NULL, mac_key, s->mac_key_len, key, s->key_len, iv, s->fixed_iv_len) != 0)
		abort();
	if (flags & 1) {
		if (n > EMBER_TLS_MAX_PLAINTEXT)
			n = EMBER_TLS_MAX_PLAINTEXT;
		ret = ember_tls12_record_protect(&w, rec, sizeof(rec), &rec_len, want_type, data, n);
		if (ret != 0) {
			if (!(ret == EMBER_EINVAL && n == 0 && want_type != 23))
				abort();
			goto done;
		}
		if (flags & 2)
			rec[at % rec_len] ^= (uint8_t)(1 + (flags >> 2));
		ret = ember_tls12_record_unprotect(&r, out, sizeof(out), rec, rec_len, &type, &clen, &alert);
		if (flags & 2) {
			if (ret == 0)
				abort();
		} else if (ret != 0 || type != want_type || clen != n || memcmp(out, data, n) != 0) {
			abort();
		}
		goto done;
	}
	memcpy(rec, data, n);
	ret = ember_tls12_record_unprotect(&r, out, sizeof(out), rec, n, &type, &clen, &alert);
	if (!alert_ok(alert) && alert != EMBER_TLS_ALERT_PROTOCOL_VERSION)
		abort();
	if (ret == 0) {
		frag = n - 5;
		if ((type != 21 && type != 22 && type != 23) || (clen == 0 && type != 23) || r.seq != 1 ||
		    clen > EMBER_TLS_MAX_PLAINTEXT ||
		    clen > (s->aead ? frag - 16 : frag - 16 - 20 - 1))
			abort();
	} else if (ret != EMBER_EDECODE && ret != EMBER_ELEN && ret != EMBER_EVERIFY) {
		abort();
	}
done:
	ember_tls12_record_clear(&w);
	ember_tls12_record_clear(&r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uint8_t secret[48] = { 0x42, 1, 2, 3, 4, 5, 6, 7, 8, 9 };
	const ember_tls13_suite *s;
	ember_tls13_record w, r;
	size_t n, rec_len, clen, again_len, pad, at;
	uint8_t flags, type;
	int alert = 99, ret;

	if (size < 7)
		return 0;
	flags = data[1];
	pad = (size_t)(data[3] << 8 | data[4]) % 512;
	at = (size_t)(data[5] << 8 | data[6]);
	n = size - 7;
	if (n > sizeof(rec))
		n = sizeof(rec);
	if (data[0] % 10 >= 3) {
		static const uint8_t types[3] = { 21, 22, 23 };

		tls12(ember_tls12_suite_at((size_t)(data[0] % 10 - 3)), flags, types[data[2] % 3], at, data + 7, n);
		return 0;
	}
	s = ember_tls13_suite_at(data[0] % 3);
	data += 7;
	if (ember_tls13_record_init(&w, s, NULL, secret) != 0 || ember_tls13_record_init(&r, s, NULL, secret) != 0)
		abort();

	if (flags & 1) {
		static const uint8_t types[3] = { 21, 22, 23 };
		uint8_t want_type = types[data[-5] % 3];

		if (n > EMBER_TLS_MAX_PLAINTEXT)
			n = EMBER_TLS_MAX_PLAINTEXT;
		ret = ember_tls13_record_protect(&w, rec, sizeof(rec), &rec_len, want_type, data, n, pad);
		if (ret != 0) {
			if (ret != EMBER_ELEN && !(ret == EMBER_EINVAL && n == 0 && want_type != 23))
				abort();
			goto done;
		}
		if (flags & 2) {
			rec[at % rec_len] ^= (uint8_t)(1 + (flags >> 2));
		}
		ret = ember_tls13_record_unprotect(&r, out, sizeof(out), rec, rec_len, &type, &clen, &alert);
		if (flags & 2) {
			if (ret == 0)
				abort();
		} else if (ret != 0 || type != want_type || clen != n || memcmp(out, data, n) != 0) {
			abort();
		}
		goto done;
	}

	plaintext(data, n);
	memcpy(rec, data, n);
	ret = ember_tls13_record_unprotect(&r, out, sizeof(out), rec, n, &type, &clen, &alert);
	if (!alert_ok(alert))
		abort();
	if (ret == 0) {
		size_t inner = n - 5 - 16;

		if ((type != 21 && type != 22 && type != 23) || clen >= inner || inner > EMBER_TLS_MAX_INNER_PLAINTEXT ||
		    (clen == 0 && type != 23) || r.seq != 1)
			abort();
		/* what opened must be exactly what protecting it gives */
		if (ember_tls13_record_protect(&w, again, sizeof(again), &again_len, type, out, clen, inner - clen - 1) != 0 ||
		    again_len != n || memcmp(again, rec, n) != 0)
			abort();
	} else if (ret != EMBER_EDECODE && ret != EMBER_ELEN && ret != EMBER_EVERIFY) {
		abort();
	}
done:
	ember_tls13_record_clear(&w);
	ember_tls13_record_clear(&r);
	return 0;
}
