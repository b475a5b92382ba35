/*
 * t_tls12.c - TLS 1.2's pieces (tls12.h):
 *   tls12_prf: the SHA-256 PRF test vector posted to the IETF TLS list
 *     (msg03416, 100 bytes of "test label"), and random secrets, labels,
 *     two-part seeds and lengths (1 to 300 bytes, SHA-256 and SHA-384)
 *     against libcrypto's TLS1-PRF (dlopen; that part skipped when absent);
 *   tls12_keys: the master secret (RFC 7627's extended one and the
 *     original), the key block cut in 6.3's order for every suite, and
 *     Finished, each against the PRF's own output; the suite table and its
 *     names;
 *   tls12_record: for every AEAD suite and every implementation of its
 *     AEAD, records built here from RFC 5246 6.2.3.3 with libcrypto's
 *     AES-GCM and ChaCha20-Poly1305 (salt || seq, or IV ^ seq; seq || type
 *     || version || length as additional data) equal Ember's protect byte
 *     for byte and open under unprotect; a change to any byte, a skipped
 *     record, a length out of range, an empty handshake record: the alert
 *     tls12.h names;
 *   tls12_cbc: the legacy suite's records: protect's equal 6.2.3.2's built
 *     here (Ember's AES-CBC and HMAC-SHA1) under the IV it chose and open;
 *     records with every padding length 0-255 and content of 0 to 1200
 *     bytes open; each fault (a MAC bit, a padding byte, padding_length
 *     past the MAC, the MAC of another sequence number, a content bit, a
 *     length not in blocks, too short, any bit of IV or ciphertext) gets
 *     the same EMBER_EVERIFY and bad_record_mac, the sequence number kept;
 *   tls12_rsa_premaster: RSA key transport's blocks, good and with each
 *     fault (first byte, block type, a zero in the padding, no separator,
 *     M of 47 or 49 bytes, another version in M), under the 2048-bit
 *     fixture key: every class returns 0 and 03 03 || 46 bytes, the
 *     message only when good, fresh random bytes otherwise.
 */
#include <stdlib.h>
#include <string.h>

#include "ember/aead.h"
#include "ember/cipher.h"
#include "ember/hash.h"
#include "ember/keys.h"
#include "ember/mac.h"
#include "ember/rsa.h"
#include "ember/tls12.h"
#include "ossl.h"
#include "test.h"

#define NID_TLS1_PRF 1021 /* OpenSSL's obj_mac.h */

static const ember_hash_desc *sha(const char *name)
{
	return ember_hash_find(name, NULL);
}

/* OpenSSL's TLS1-PRF of label || s1 || s2: 0, or -1 when it refuses. */
static int ossl_prf(const ossl_api *o, const char *md_name, const uint8_t *secret, size_t slen, const char *label,
    const uint8_t *s1, size_t n1, const uint8_t *s2, size_t n2, uint8_t *out, size_t out_len)
{
	void *md = ossl_digest(o, md_name), *ctx = o->EVP_PKEY_CTX_new_id(NID_TLS1_PRF, NULL);
	size_t len = out_len;
	int ok = md != NULL && ctx != NULL && o->EVP_PKEY_derive_init(ctx) == 1 &&
	         o->EVP_PKEY_CTX_set_tls1_prf_md(ctx, md) == 1 &&
	         o->EVP_PKEY_CTX_set1_tls1_prf_secret(ctx, secret, (int)slen) == 1 &&
	         o->EVP_PKEY_CTX_add1_tls1_prf_seed(ctx, (const unsigned char *)label, (int)strlen(label)) == 1 &&
	         (n1 == 0 || o->EVP_PKEY_CTX_add1_tls1_prf_seed(ctx, s1, (int)n1) == 1) &&
	         (n2 == 0 || o->EVP_PKEY_CTX_add1_tls1_prf_seed(ctx, s2, (int)n2) == 1) &&
	         o->EVP_PKEY_derive(ctx, out, &len) == 1 && len == out_len;

	if (ctx != NULL)
		o->EVP_PKEY_CTX_free(ctx);
	return ok ? 0 : -1;
}

EMBER_TEST(tls12_prf)
{
	/* https://www.ietf.org/mail-archive/web/tls/current/msg03416.html (P_SHA256) */
	static const char *secret_hex = "9bbe436ba940f017b17652849a71db35", *seed_hex = "a0ba9f936cda311827a6f796ffd5198c",
			  *want_hex = "e3f229ba727be17b8d122620557cd453c2aab21d07c3d495329b52d4e61edb5a6b301791e90d35c9"
				      "c9a46b4e14baf9af0fa022f7077def17abfd3797c0564bab4fbc91666e9def9b97fce34f796789baa4"
				      "8082d122ee42c5a72e5a5110fff70187347b66";
	uint8_t *secret = NULL, *seed = NULL, *want = NULL, got[300], ref[300], s1[80], s2[80];
	size_t sl = 0, dl = 0, wl = 0;
	char label[40], err[512];
	const ossl_api *o;
	size_t i, n = t_quick ? 40 : 400, compared = 0;
	unsigned long fails = 0;

	if (!CHECK(t_hex(secret_hex, &secret, &sl) == 0 && t_hex(seed_hex, &seed, &dl) == 0 &&
		       t_hex(want_hex, &want, &wl) == 0 && sl == 16 && dl == 16 && wl == 100,
		"hex")) {
		free(secret);
		free(seed);
		free(want);
		return;
	}
	CHECK(ember_tls12_prf(sha("sha256"), secret, 16, "test label", seed, 16, NULL, 0, got, 100) == 0 &&
		  memcmp(got, want, 100) == 0,
	    "the IETF P_SHA256 vector");
	/* the seed cut anywhere gives the same bytes */
	CHECK(ember_tls12_prf(sha("sha256"), secret, 16, "test label", seed, 5, seed + 5, 11, got, 100) == 0 &&
		  memcmp(got, want, 100) == 0,
	    "the IETF vector with its seed in two parts");
	CHECK(ember_tls12_prf(NULL, secret, 16, "x", seed, 16, NULL, 0, got, 10) == EMBER_EINVAL &&
		  ember_tls12_prf(sha("sha256"), secret, 16, NULL, seed, 16, NULL, 0, got, 10) == EMBER_EINVAL &&
		  ember_tls12_prf(sha("sha256"), secret, 16, "x", NULL, 3, NULL, 0, got, 10) == EMBER_EINVAL,
	    "NULL arguments");
	free(secret);
	free(seed);
	free(want);
	o = ossl_load(err, sizeof(err));
	if (o == NULL || !o->EVP_PKEY_CTX_new_id || !o->EVP_PKEY_CTX_set_tls1_prf_md ||
	    !o->EVP_PKEY_CTX_set1_tls1_prf_secret || !o->EVP_PKEY_CTX_add1_tls1_prf_seed || !o->EVP_PKEY_derive_init ||
	    !o->EVP_PKEY_derive || !o->EVP_PKEY_CTX_free) {
		t_skip("the PRF against libcrypto: %s", o ? "no TLS1-PRF in it" : err);
		return;
	}
	for (i = 0; i < n; i++) {
		const char *md = i & 1 ? "sha384" : "sha256";
		size_t slen = t_rand_below(65), n1 = t_rand_below(sizeof(s1) + 1), n2 = t_rand_below(sizeof(s2) + 1);
		size_t llen = 1 + t_rand_below(sizeof(label) - 1), olen = 1 + t_rand_below(sizeof(got)), k;
		uint8_t sec[64];

		t_rand_bytes(sec, slen);
		t_rand_bytes(s1, n1);
		t_rand_bytes(s2, n2);
		for (k = 0; k < llen; k++)
			label[k] = (char)('a' + t_rand_below(26));
		label[llen] = 0;
		if (ossl_prf(o, md, sec, slen, label, s1, n1, s2, n2, ref, olen) != 0)
			continue;
		compared++;
		if (ember_tls12_prf(sha(md), sec, slen, label, s1, n1, s2, n2, got, olen) != 0 ||
		    memcmp(got, ref, olen) != 0) {
			if (fails++ < 3)
				CHECK(0, "PRF %s: secret %zu label %zu seeds %zu+%zu, %zu bytes differ from libcrypto's", md,
				    slen, llen, n1, n2, olen);
		}
	}
	CHECK(fails == 0 && compared > n / 2, "%lu of %zu PRF outputs differ from %s (%zu of %zu compared)", fails,
	    compared, o->version, compared, n);
}

EMBER_TEST(tls12_keys)
{
	uint8_t pms[48], cr[32], sr[32], hash[48], master[48], ref[200], fin[12];
	ember_tls12_keys k;
	size_t i;

	t_rand_bytes(pms, sizeof(pms));
	t_rand_bytes(cr, sizeof(cr));
	t_rand_bytes(sr, sizeof(sr));
	t_rand_bytes(hash, sizeof(hash));
	/* RFC 7627 4 and RFC 5246 8.1 */
	CHECK(ember_tls12_master_secret(sha("sha256"), pms, 48, hash, 32, cr, sr, master) == 0 &&
		  ember_tls12_prf(sha("sha256"), pms, 48, "extended master secret", hash, 32, NULL, 0, ref, 48) == 0 &&
		  memcmp(master, ref, 48) == 0,
	    "extended master secret");
	CHECK(ember_tls12_master_secret(sha("sha384"), pms, 48, NULL, 0, cr, sr, master) == 0 &&
		  ember_tls12_prf(sha("sha384"), pms, 48, "master secret", cr, 32, sr, 32, ref, 48) == 0 &&
		  memcmp(master, ref, 48) == 0,
	    "master secret without the extension");
	CHECK(ember_tls12_master_secret(sha("sha256"), pms, 48, NULL, 0, NULL, sr, master) == EMBER_EINVAL,
	    "no client random");
	/* 6.3: client MAC, server MAC, client key, server key, client IV, server IV; server random first */
	for (i = 0; ember_tls12_suite_at(i); i++) {
		const ember_tls12_suite *s = ember_tls12_suite_at(i);
		const ember_hash_desc *d = ember_tls12_suite_hash(s);
		size_t m = s->mac_key_len, kl = s->key_len, il = s->fixed_iv_len;

		CHECK(d != NULL && strcmp(d->name, s->hash) == 0, "%s: PRF digest", s->name);
		if (d == NULL)
			continue;
		CHECK(ember_tls12_key_block(s, d, master, cr, sr, &k) == 0 &&
			  ember_tls12_prf(d, master, 48, "key expansion", sr, 32, cr, 32, ref, 2 * (m + kl + il)) == 0 &&
			  memcmp(k.client_mac, ref, m) == 0 && memcmp(k.server_mac, ref + m, m) == 0 &&
			  memcmp(k.client_key, ref + 2 * m, kl) == 0 && memcmp(k.server_key, ref + 2 * m + kl, kl) == 0 &&
			  memcmp(k.client_iv, ref + 2 * (m + kl), il) == 0 &&
			  memcmp(k.server_iv, ref + 2 * (m + kl) + il, il) == 0,
		    "%s: key block order", s->name);
		CHECK(ember_tls12_suite_find(s->id) == s && ember_tls12_suite_by_name(s->name) == s &&
			  ember_tls12_suite_by_name(s->ossl_name) == s,
		    "%s: found by code point and both names", s->name);
		CHECK((s->legacy != 0) == (s->kx == EMBER_TLS12_KX_RSA) && (s->aead == NULL) == (s->mac_key_len != 0),
		    "%s: legacy flag, AEAD or MAC", s->name);
		ember_wipe(&k, sizeof(k));
	}
	CHECK(ember_tls12_suite_at(7) == NULL && ember_tls12_suite_find(0x1301) == NULL &&
		  ember_tls12_suite_by_name("ecdhe-rsa-aes128-gcm-sha256") ==
			  ember_tls12_suite_find(EMBER_TLS12_ECDHE_RSA_AES_128_GCM_SHA256),
	    "seven suites; a TLS 1.3 code point is not one; names are case-insensitive");
	/* 7.4.9 */
	CHECK(ember_tls12_finished(sha("sha256"), master, 0, hash, fin) == 0 &&
		  ember_tls12_prf(sha("sha256"), master, 48, "client finished", hash, 32, NULL, 0, ref, 12) == 0 &&
		  memcmp(fin, ref, 12) == 0,
	    "client Finished");
	CHECK(ember_tls12_finished(sha("sha384"), master, 1, hash, fin) == 0 &&
		  ember_tls12_prf(sha("sha384"), master, 48, "server finished", hash, 48, NULL, 0, ref, 12) == 0 &&
		  memcmp(fin, ref, 12) == 0,
	    "server Finished");
}

/* ---- Records ---- */

#define OSSL_AEAD_SET_IVLEN 0x9
#define OSSL_AEAD_GET_TAG 0x10

/* A record of RFC 5246 6.2.3.3 sealed by libcrypto; its length, 0 when libcrypto refuses. */
static size_t ossl_record(const ossl_api *o, const ember_tls12_suite *s, const uint8_t *key, const uint8_t *iv,
    uint64_t seq, uint8_t type, const uint8_t *in, size_t len, uint8_t *out)
{
	const char *name = s->bulk == EMBER_TLS12_BULK_CHACHA20_POLY1305 ? "ChaCha20-Poly1305" :
	                   s->key_len == 16                              ? "AES-128-GCM" :
	                                                                   "AES-256-GCM";
	void *cipher = ossl_cipher(o, name), *ctx = o->EVP_CIPHER_CTX_new();
	uint8_t nonce[12], aad[13];
	size_t ex = s->bulk == EMBER_TLS12_BULK_AES_GCM ? 8 : 0, i, frag = ex + len + 16;
	int ok, outl = 0, fl = 0;

	for (i = 0; i < 8; i++)
		aad[i] = (uint8_t)(seq >> (56 - 8 * i));
	aad[8] = type;
	aad[9] = 3;
	aad[10] = 3;
	aad[11] = (uint8_t)(len >> 8);
	aad[12] = (uint8_t)len;
	if (ex) { /* RFC 5288 3: salt || nonce_explicit, which Ember sets to the sequence number */
		memcpy(nonce, iv, 4);
		memcpy(nonce + 4, aad, 8);
		memcpy(out + 5, aad, 8);
	} else { /* RFC 7905 2 */
		memcpy(nonce, iv, 12);
		for (i = 0; i < 8; i++)
			nonce[4 + i] ^= aad[i];
	}
	out[0] = type;
	out[1] = 3;
	out[2] = 3;
	out[3] = (uint8_t)(frag >> 8);
	out[4] = (uint8_t)frag;
	ok = cipher != NULL && ctx != NULL && o->EVP_CipherInit_ex(ctx, cipher, NULL, NULL, NULL, 1) == 1;
	ok = ok && o->EVP_CIPHER_CTX_ctrl(ctx, OSSL_AEAD_SET_IVLEN, 12, NULL) == 1;
	ok = ok && o->EVP_CipherInit_ex(ctx, NULL, NULL, key, nonce, 1) == 1;
	ok = ok && o->EVP_CipherUpdate(ctx, NULL, &outl, aad, 13) == 1;
	ok = ok && (len == 0 || o->EVP_CipherUpdate(ctx, out + 5 + ex, &outl, in, (int)len) == 1);
	ok = ok && o->EVP_CipherFinal_ex(ctx, out + 5 + ex + len, &fl) == 1;
	ok = ok && o->EVP_CIPHER_CTX_ctrl(ctx, OSSL_AEAD_GET_TAG, 16, out + 5 + ex + len) == 1;
	if (ctx != NULL)
		o->EVP_CIPHER_CTX_free(ctx);
	return ok ? 5 + frag : 0;
}

/* Opens |rec| with |rd|; 1 when it is refused with |want_alert| and the sequence number stays. */
static int refused(ember_tls12_record *rd, const uint8_t *rec, size_t len, int want_alert)
{
	static uint8_t out[EMBER_TLS12_MAX_CIPHERTEXT + 64];
	uint64_t seq = rd->seq;
	uint8_t type;
	size_t clen;
	int alert = -1, ret = ember_tls12_record_unprotect(rd, out, sizeof(out), rec, len, &type, &clen, &alert);

	return ret != 0 && alert == want_alert && rd->seq == seq;
}

/* Every way a record can be refused (tls12.h's table). */
static void refusals(const ossl_api *o, const ember_tls12_suite *s, const ember_aead_desc *d, const char *what)
{
	static uint8_t rec[EMBER_TLS_RECORD_HEADER_LEN + EMBER_TLS12_MAX_CIPHERTEXT + 64], rec2[sizeof(rec)],
	    bad[sizeof(rec)], big[EMBER_TLS_MAX_PLAINTEXT + 1], out[sizeof(rec)];
	ember_tls12_record w, rd;
	uint8_t key[32], iv[12], type;
	size_t len = 0, len2 = 0, clen, i, bad_n = 0, ex = s->bulk == EMBER_TLS12_BULK_AES_GCM ? 8 : 0;
	int alert;

	t_rand_bytes(key, sizeof(key));
	t_rand_bytes(iv, sizeof(iv));
	if (!CHECK(ember_tls12_record_init(&w, s, d, NULL, 0, key, s->key_len, iv, s->fixed_iv_len) == 0 &&
		       ember_tls12_record_init(&rd, s, d, NULL, 0, key, s->key_len, iv, s->fixed_iv_len) == 0,
		"%s: init", what))
		return;
	CHECK(ember_tls12_record_protect(&w, rec, sizeof(rec), &len, EMBER_TLS_CT_HANDSHAKE,
		  (const uint8_t *)"abcdefgh", 8) == 0 &&
		  ember_tls12_record_protect(&w, rec2, sizeof(rec2), &len2, EMBER_TLS_CT_APPLICATION_DATA, NULL, 0) == 0 &&
		  len == 5 + ex + 8 + 16 && len2 == 5 + ex + 16,
	    "%s: protect %zu and %zu bytes", what, len, len2);
	/* every byte changed in turn: the type (unknown: unexpected_message; another: the tag sees it), the
	   version (protocol_version), the length (decode_error), nonce, ciphertext, tag (bad_record_mac) */
	for (i = 0; i < len; i++) {
		int want;

		memcpy(bad, rec, len);
		bad[i] ^= (uint8_t)(1u << (i % 8));
		if (i == 0)
			want = bad[0] >= 21 && bad[0] <= 23 ? EMBER_TLS_ALERT_BAD_RECORD_MAC :
			                                       EMBER_TLS_ALERT_UNEXPECTED_MESSAGE;
		else if (i < 3)
			want = EMBER_TLS_ALERT_PROTOCOL_VERSION;
		else if (i < 5)
			want = EMBER_TLS_ALERT_DECODE_ERROR;
		else
			want = EMBER_TLS_ALERT_BAD_RECORD_MAC;
		if (!refused(&rd, bad, len, want) && bad_n++ < 3)
			CHECK(0, "%s: byte %zu changed: not refused with alert %d", what, i, want);
	}
	CHECK(bad_n == 0, "%s: %zu changed records not refused as they should be", what, bad_n);
	/* a record out of order, then the right one, then the one after */
	CHECK(refused(&rd, rec2, len2, EMBER_TLS_ALERT_BAD_RECORD_MAC), "%s: a skipped record", what);
	CHECK(ember_tls12_record_unprotect(&rd, out, sizeof(out), rec, len, &type, &clen, &alert) == 0 &&
		  type == EMBER_TLS_CT_HANDSHAKE && clen == 8 && memcmp(out, "abcdefgh", 8) == 0 &&
		  ember_tls12_record_unprotect(&rd, out, sizeof(out), rec2, len2, &type, &clen, &alert) == 0 &&
		  type == EMBER_TLS_CT_APPLICATION_DATA && clen == 0 && rd.seq == 2,
	    "%s: the records open in order after the refusals", what);
	/* sizes */
	memcpy(bad, rec, len);
	bad[3] = 0;
	bad[4] = (uint8_t)(ex + 15);
	CHECK(refused(&rd, bad, 5 + ex + 15, EMBER_TLS_ALERT_BAD_RECORD_MAC), "%s: shorter than the tag", what);
	bad[3] = (uint8_t)((EMBER_TLS12_MAX_CIPHERTEXT + 1) >> 8);
	bad[4] = (uint8_t)(EMBER_TLS12_MAX_CIPHERTEXT + 1);
	CHECK(refused(&rd, bad, 5 + EMBER_TLS12_MAX_CIPHERTEXT + 1, EMBER_TLS_ALERT_RECORD_OVERFLOW),
	    "%s: a fragment over 2^14 + 2048", what);
	bad[3] = (uint8_t)((EMBER_TLS_MAX_PLAINTEXT + 1 + ex + 16) >> 8);
	bad[4] = (uint8_t)(EMBER_TLS_MAX_PLAINTEXT + 1 + ex + 16);
	CHECK(refused(&rd, bad, 5 + EMBER_TLS_MAX_PLAINTEXT + 1 + ex + 16, EMBER_TLS_ALERT_RECORD_OVERFLOW),
	    "%s: content over 2^14", what);
	CHECK(ember_tls12_record_protect(&w, rec, sizeof(rec), &len, EMBER_TLS_CT_APPLICATION_DATA, big,
		  sizeof(big)) == EMBER_ELEN &&
		  ember_tls12_record_protect(&w, rec, sizeof(rec), &len, EMBER_TLS_CT_ALERT, NULL, 0) == EMBER_EINVAL &&
		  ember_tls12_record_protect(&w, rec, sizeof(rec), &len, EMBER_TLS_CT_CHANGE_CIPHER_SPEC,
		      (const uint8_t *)"\1", 1) == EMBER_EINVAL &&
		  ember_tls12_record_protect(&w, rec, 5 + ex + 16 + 7, &len, EMBER_TLS_CT_HANDSHAKE,
		      (const uint8_t *)"abcdefgh", 8) == EMBER_ELEN,
	    "%s: protect refuses 2^14 + 1 bytes, an empty alert, change_cipher_spec, a short buffer", what);
	/* an empty handshake record, sealed by libcrypto at the reader's sequence number */
	if (o != NULL && (len = ossl_record(o, s, key, iv, rd.seq, EMBER_TLS_CT_HANDSHAKE, NULL, 0, rec)) != 0)
		CHECK(refused(&rd, rec, len, EMBER_TLS_ALERT_UNEXPECTED_MESSAGE), "%s: an empty handshake record", what);
	/* the last sequence number, then none */
	w.seq = UINT64_MAX;
	CHECK(ember_tls12_record_protect(&w, rec, sizeof(rec), &len, EMBER_TLS_CT_APPLICATION_DATA,
		  (const uint8_t *)"x", 1) == 0 &&
		  ember_tls12_record_protect(&w, rec, sizeof(rec), &len, EMBER_TLS_CT_APPLICATION_DATA,
		      (const uint8_t *)"x", 1) == EMBER_ERANGE,
	    "%s: after record 2^64 - 1", what);
	ember_tls12_record_clear(&w);
	ember_tls12_record_clear(&rd);
}

/* Records of random lengths and types, in sequence, against libcrypto's. */
static void against_ossl(const ossl_api *o, const ember_tls12_suite *s, const ember_aead_desc *d, const char *what)
{
	static uint8_t in[EMBER_TLS_MAX_PLAINTEXT], a[EMBER_TLS_RECORD_HEADER_LEN + EMBER_TLS12_MAX_CIPHERTEXT],
	    b[sizeof(a)], out[sizeof(a)];
	static const uint8_t types[3] = { EMBER_TLS_CT_HANDSHAKE, EMBER_TLS_CT_ALERT, EMBER_TLS_CT_APPLICATION_DATA };
	ember_tls12_record w, rd;
	uint8_t key[32], iv[12], type;
	size_t i, n = t_quick ? 6 : 40, fails = 0, len, blen, clen;
	int alert;

	t_rand_bytes(key, sizeof(key));
	t_rand_bytes(iv, sizeof(iv));
	if (ember_tls12_record_init(&w, s, d, NULL, 0, key, s->key_len, iv, s->fixed_iv_len) != 0 ||
	    ember_tls12_record_init(&rd, s, d, NULL, 0, key, s->key_len, iv, s->fixed_iv_len) != 0) {
		CHECK(0, "%s: init", what);
		return;
	}
	for (i = 0; i < n; i++) {
		uint8_t t = types[t_rand_below(3)];
		size_t l = i == n - 1 ? EMBER_TLS_MAX_PLAINTEXT : t_rand_below(i & 1 ? 2000 : 40);

		if (l == 0 && t != EMBER_TLS_CT_APPLICATION_DATA)
			l = 1;
		t_rand_bytes(in, l);
		blen = ossl_record(o, s, key, iv, w.seq, t, in, l, b);
		if (blen == 0) {
			fails++;
			continue;
		}
		if (ember_tls12_record_protect(&w, a, sizeof(a), &len, t, in, l) != 0 || len != blen ||
		    memcmp(a, b, len) != 0 ||
		    ember_tls12_record_unprotect(&rd, out, sizeof(out), b, blen, &type, &clen, &alert) != 0 || type != t ||
		    clen != l || memcmp(out, in, l) != 0)
			fails++;
	}
	CHECK(fails == 0, "%s: %zu of %zu records differ from libcrypto's or do not open", what, fails, n);
	ember_tls12_record_clear(&w);
	ember_tls12_record_clear(&rd);
}

EMBER_TEST(tls12_record)
{
	char err[512], what[160];
	const ossl_api *o = ossl_load(err, sizeof(err));
	size_t i, j, runs = 0;

	if (o == NULL)
		t_skip("TLS 1.2 records against libcrypto: %s", err);
	for (i = 0; ember_tls12_suite_at(i); i++) {
		const ember_tls12_suite *s = ember_tls12_suite_at(i);
		const ember_aead_spec *spec;
		ember_tls12_record r;
		uint8_t key[32] = { 0 }, iv[12] = { 0 };

		if (s->aead == NULL) {
			CHECK(ember_tls12_record_init(&r, s, NULL, NULL, 0, key, s->key_len, iv, 0) == EMBER_EINVAL &&
				  ember_tls12_record_init(&r, s, NULL, key, 20, key, s->key_len, iv, 12) == EMBER_EINVAL,
			    "%s: a CBC suite without a MAC key, or with an IV", s->name);
			continue;
		}
		spec = ember_aead_spec_find(s->aead);
		CHECK(ember_tls12_record_init(&r, s, NULL, NULL, 0, key, s->key_len + 1, iv, s->fixed_iv_len) ==
			      EMBER_EINVAL &&
			  ember_tls12_record_init(&r, s, NULL, NULL, 0, key, s->key_len, iv, s->fixed_iv_len + 1) ==
			      EMBER_EINVAL &&
			  ember_tls12_record_init(&r, s, NULL, key, 20, key, s->key_len, iv, s->fixed_iv_len) == EMBER_EINVAL,
		    "%s: wrong key or IV lengths, a MAC key", s->name);
		for (j = 0; spec && j < ember_aead_count(); j++) {
			const ember_aead_desc *d = ember_aead_at(j);

			if (strcmp(d->name, spec->alg) != 0 || !ember_aead_supported(d))
				continue;
			snprintf(what, sizeof(what), "%s (%s)", s->ossl_name, d->impl);
			refusals(o, s, d, what);
			if (o != NULL)
				against_ossl(o, s, d, what);
			runs++;
		}
	}
	CHECK(runs >= 6, "only %zu suite x implementation pairs ran", runs);
}

/* ---- The CBC suite (6.2.3.2) ---- */

enum { CBC_OK, CBC_MAC, CBC_PAD_BYTE, CBC_PAD_LONG, CBC_SEQ, CBC_CONTENT, CBC_FAULTS };
static const char *const cbc_fault_names[CBC_FAULTS] = { "none", "a MAC bit", "a padding byte",
	"padding_length past the MAC", "the MAC of another sequence number", "a content bit after the MAC" };

/* A record built here with Ember's AES-CBC and HMAC-SHA1 (tested on their own against OpenSSL): IV ||
   AES-CBC(content || HMAC-SHA1 || pad + 1 bytes of pad), with one fault put in the plaintext. */
static size_t cbc_record(const uint8_t mac_key[20], const uint8_t key[16], const uint8_t iv[16], uint64_t seq,
    uint8_t type, const uint8_t *in, size_t len, size_t pad, int fault, uint8_t *out)
{
	const ember_hash_desc *sha1 = ember_hash_find("sha1", NULL);
	ember_hmac_ctx c;
	ember_hmac_key k;
	ember_aes_ctx aes;
	uint8_t hdr[13], civ[16], *p = out + 5 + 16;
	size_t plen = len + 20 + pad + 1, i;

	for (i = 0; i < 8; i++)
		hdr[i] = (uint8_t)((seq + (fault == CBC_SEQ)) >> (56 - 8 * i));
	hdr[8] = type;
	hdr[9] = 3;
	hdr[10] = 3;
	hdr[11] = (uint8_t)(len >> 8);
	hdr[12] = (uint8_t)len;
	memcpy(p, in, len);
	ember_hmac_key_init(&k, sha1, mac_key, 20);
	ember_hmac_init(&c, &k);
	ember_hmac_update(&c, hdr, 13);
	ember_hmac_update(&c, p, len);
	ember_hmac_final(&c, p + len);
	memset(p + len + 20, (int)pad, pad + 1);
	if (fault == CBC_MAC)
		p[len + t_rand_below(20)] ^= (uint8_t)(1u << t_rand_below(8));
	if (fault == CBC_PAD_BYTE && pad > 0)
		p[plen - 2 - t_rand_below(pad)] ^= (uint8_t)(1u + t_rand_below(255));
	if (fault == CBC_PAD_LONG)
		p[plen - 1] = (uint8_t)(plen - 20 + t_rand_below(256 - (plen - 20))); /* pad + 21 > plen, pad <= 255 */
	if (fault == CBC_CONTENT && len > 0)
		p[t_rand_below(len)] ^= 0x40;
	out[0] = type;
	out[1] = 3;
	out[2] = 3;
	out[3] = (uint8_t)((16 + plen) >> 8);
	out[4] = (uint8_t)(16 + plen);
	memcpy(out + 5, iv, 16);
	memcpy(civ, iv, 16);
	ember_aes_set_key(&aes, key, 16);
	ember_aes_cbc_encrypt(&aes, civ, p, p, plen);
	ember_aes_clear(&aes);
	ember_hmac_key_clear(&k);
	return 5 + 16 + plen;
}

/* A padding_length that makes content || MAC || padding whole blocks: the shortest, or a random longer one. */
static size_t cbc_pad(size_t len, int longest)
{
	size_t p0 = (16 - (len + 21) % 16) % 16;

	return longest ? p0 + 16 * t_rand_below((255 - p0) / 16 + 1) : p0;
}

EMBER_TEST(tls12_cbc)
{
	static uint8_t in[EMBER_TLS_MAX_PLAINTEXT], a[EMBER_TLS_RECORD_HEADER_LEN + EMBER_TLS12_MAX_CIPHERTEXT],
	    b[sizeof(a)], out[sizeof(a)];
	const ember_tls12_suite *s = ember_tls12_suite_find(EMBER_TLS12_RSA_AES_128_CBC_SHA);
	ember_tls12_record w, rd;
	uint8_t mac_key[20], key[16], type;
	size_t i, len, blen, clen, n = t_quick ? 60 : 600, fails = 0, wrong[CBC_FAULTS] = { 0 };
	int alert, f;

	t_rand_bytes(mac_key, sizeof(mac_key));
	t_rand_bytes(key, sizeof(key));
	if (!CHECK(s != NULL && s->legacy &&
		       ember_tls12_record_init(&w, s, NULL, mac_key, 20, key, 16, NULL, 0) == 0 &&
		       ember_tls12_record_init(&rd, s, NULL, mac_key, 20, key, 16, NULL, 0) == 0,
		"cbc: init"))
		return;
	/* protect: the record of 6.2.3.2 with the shortest padding, under the IV it chose; open takes it */
	for (i = 0; i < n / 4; i++) {
		uint8_t t = i % 3 == 0 ? EMBER_TLS_CT_APPLICATION_DATA : i % 3 == 1 ? EMBER_TLS_CT_HANDSHAKE : EMBER_TLS_CT_ALERT;

		len = i == 0 ? 0 : i == 1 ? EMBER_TLS_MAX_PLAINTEXT : 1 + t_rand_below(300);
		t_rand_bytes(in, len);
		if (ember_tls12_record_protect(&w, a, sizeof(a), &blen, t, in, len) != 0 ||
		    blen != cbc_record(mac_key, key, a + 5, w.seq - 1, t, in, len, cbc_pad(len, 0), CBC_OK, b) ||
		    memcmp(a, b, blen) != 0 ||
		    ember_tls12_record_unprotect(&rd, out, sizeof(out), a, blen, &type, &clen, &alert) != 0 || type != t ||
		    clen != len || memcmp(out, in, len) != 0)
			fails++;
	}
	CHECK(fails == 0, "cbc: %zu of %zu protected records not as 6.2.3.2 builds them, or not opened", fails, n / 4);
	/* open: every padding length, content from 0 bytes to beyond the 256-byte window, and each fault */
	fails = 0;
	for (i = 0; i < n; i++) {
		uint8_t iv[16];
		size_t pad;

		f = (int)(i % CBC_FAULTS);
		len = i < 256 ? i : t_rand_below(i & 1 ? 40 : 1200);
		if (f == CBC_CONTENT && len == 0)
			len = 1;
		pad = cbc_pad(len, i & 2);
		if (f == CBC_PAD_BYTE && pad == 0)
			pad = 16;
		if (f == CBC_PAD_LONG && len + 21 + pad >= 256) {
			len = t_rand_below(100);
			pad = cbc_pad(len, 0);
		}
		t_rand_bytes(in, len);
		t_rand_bytes(iv, sizeof(iv));
		blen = cbc_record(mac_key, key, iv, rd.seq, EMBER_TLS_CT_APPLICATION_DATA, in, len, pad, f, b);
		alert = -1;
		if (f == CBC_OK) {
			if (ember_tls12_record_unprotect(&rd, out, sizeof(out), b, blen, &type, &clen, &alert) != 0 ||
			    clen != len || memcmp(out, in, len) != 0)
				wrong[f]++;
		} else if (!refused(&rd, b, blen, EMBER_TLS_ALERT_BAD_RECORD_MAC)) {
			wrong[f]++;
		}
	}
	for (f = 0; f < CBC_FAULTS; f++)
		CHECK(wrong[f] == 0, "cbc: %zu records with %s %s", wrong[f], cbc_fault_names[f],
		    f == CBC_OK ? "did not open" : "were not refused with bad_record_mac");
	/* lengths: not whole blocks, no room for IV + MAC + padding byte; every byte of a record changed */
	blen = cbc_record(mac_key, key, in, rd.seq, EMBER_TLS_CT_HANDSHAKE, (const uint8_t *)"hello", 5, cbc_pad(5, 0),
	    CBC_OK, b);
	memcpy(a, b, blen);
	a[4] = (uint8_t)(a[4] - 1);
	CHECK(refused(&rd, a, blen - 1, EMBER_TLS_ALERT_BAD_RECORD_MAC), "cbc: a fragment one byte short of blocks");
	a[3] = 0;
	a[4] = 32;
	CHECK(refused(&rd, a, 5 + 32, EMBER_TLS_ALERT_BAD_RECORD_MAC), "cbc: IV and one block");
	fails = 0;
	for (i = 5; i < blen; i++) {
		memcpy(a, b, blen);
		a[i] ^= (uint8_t)(1u << (i % 8));
		fails += !refused(&rd, a, blen, EMBER_TLS_ALERT_BAD_RECORD_MAC);
	}
	CHECK(fails == 0, "cbc: %zu of %zu one-bit changes of IV or ciphertext not refused", fails, blen - 5);
	CHECK(ember_tls12_record_unprotect(&rd, out, sizeof(out), b, blen, &type, &clen, &alert) == 0 && clen == 5 &&
		  memcmp(out, "hello", 5) == 0,
	    "cbc: the record opens after every refusal");
	ember_tls12_record_clear(&w);
	ember_tls12_record_clear(&rd);
}

/* ---- RSA key transport (7.4.7.1) ---- */

enum { PMS_OK, PMS_FIRST, PMS_BT, PMS_ZERO_PS, PMS_NO_SEP, PMS_LONG, PMS_SHORT, PMS_VERSION, PMS_CLASSES };
static const char *const pms_names[PMS_CLASSES] = { "a good block", "a first byte not 00", "a block type not 02",
	"a zero byte in the padding", "no 00 before M", "M of 49 bytes", "M of 47 bytes", "another version in M" };

/* The EncryptedPreMasterSecret of |m| (48 bytes) for key |k|, with one fault of class |c|. */
static int rsa_pms_block(ember_rsa_private_key *k, const uint8_t m[48], int c, uint8_t *out)
{
	uint8_t em[512];
	size_t len = k->pub.len, sep = len - 49, i, mlen = 48;

	if (c == PMS_LONG)
		sep--, mlen = 49;
	if (c == PMS_SHORT)
		sep++, mlen = 47;
	em[0] = c == PMS_FIRST ? 1 : 0;
	em[1] = c == PMS_BT ? 1 : 2;
	t_rand_bytes(em + 2, sep - 2);
	for (i = 2; i < sep; i++)
		em[i] |= (uint8_t)(em[i] == 0); /* non-zero */
	if (c == PMS_ZERO_PS)
		em[2 + t_rand_below(sep - 2)] = 0;
	em[sep] = c == PMS_NO_SEP ? 0x5a : 0;
	if (mlen == 49) { /* 03 || m */
		em[sep + 1] = 0x03;
		memcpy(em + sep + 2, m, 48);
	} else { /* m, or m without its first byte */
		memcpy(em + sep + 1, m + (48 - mlen), mlen);
	}
	if (c == PMS_VERSION)
		em[sep + 2] ^= 1;
	return ember_rsa_public_op(&k->pub, out, em, len);
}

EMBER_TEST(tls12_rsa_premaster)
{
	static ember_pkey key;
	uint8_t *pem, m[48], enc[512], pms[48], pms2[48];
	char path[4096];
	size_t plen, i, wrong[PMS_CLASSES] = { 0 };
	int c, n = t_quick ? 2 : 8;

	snprintf(path, sizeof(path), "%s/../fixtures/keys/rsa2048-plain.pem", t_vec_dir);
	pem = t_read_path(path, &plen);
	if (!CHECK(pem && ember_pkey_read(&key, pem, plen) == 0 && key.type == EMBER_PKEY_RSA, "RSA fixture %s", path)) {
		free(pem);
		return;
	}
	free(pem);
	for (i = 0; i < (size_t)n; i++)
		for (c = 0; c < PMS_CLASSES; c++) {
			int r1, r2;

			t_rand_bytes(m, sizeof(m));
			m[0] = 0x03;
			m[1] = 0x03;
			if (rsa_pms_block(&key.u.rsa, m, c, enc) != 0) {
				wrong[c]++;
				continue;
			}
			r1 = ember_tls12_rsa_premaster(&key.u.rsa, enc, key.u.rsa.pub.len, 0x0303, pms);
			r2 = ember_tls12_rsa_premaster(&key.u.rsa, enc, key.u.rsa.pub.len, 0x0303, pms2);
			/* the same answer for every class: 0 and 48 bytes starting 03 03; the message itself only when
			   the block is good, else random bytes (two calls differ) */
			if (r1 != 0 || r2 != 0 || pms[0] != 3 || pms[1] != 3 || pms2[0] != 3 || pms2[1] != 3)
				wrong[c]++;
			else if (c == PMS_OK ? memcmp(pms, m, 48) != 0 || memcmp(pms2, m, 48) != 0 :
			                       memcmp(pms + 2, m + 2, 46) == 0 || memcmp(pms + 2, pms2 + 2, 46) == 0)
				wrong[c]++;
		}
	for (c = 0; c < PMS_CLASSES; c++)
		CHECK(wrong[c] == 0, "RSA pre-master secret, %s: %zu of %d not answered as 7.4.7.1 says", pms_names[c],
		    wrong[c], n);
	CHECK(ember_tls12_rsa_premaster(&key.u.rsa, enc, key.u.rsa.pub.len - 1, 0x0303, pms) == EMBER_EDECODE,
	    "RSA pre-master secret: a ciphertext of the wrong length");
	memset(enc, 0xff, key.u.rsa.pub.len); /* above n: the same answer as a bad block */
	CHECK(ember_tls12_rsa_premaster(&key.u.rsa, enc, key.u.rsa.pub.len, 0x0303, pms) == 0 && pms[0] == 3 &&
		  pms[1] == 3,
	    "RSA pre-master secret: a ciphertext at or above n");
	ember_rsa_private_clear(&key.u.rsa);
}
