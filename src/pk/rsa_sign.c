/*
 * rsa_sign.c - RSA signature schemes: PKCS#1 v1.5 (RFC 8017, 8.2 and 9.2)
 * and PSS (RFC 8017, 8.1 and 9.1, MGF1 in B.2.1).
 */
#include "internal.h"
#include "ember/rsa.h"

/* RFC 8017, 9.2, note 1: the DER DigestInfo prefixes. */
static const struct {
	const char *name;
	uint8_t len;
	uint8_t der[19];
} digest_infos[] = {
	{ "md5", 18, { 0x30, 0x20, 0x30, 0x0c, 0x06, 0x08, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x02, 0x05,
	                 0x05, 0x00, 0x04, 0x10 } },
	{ "sha1", 15, { 0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2b, 0x0e, 0x03, 0x02, 0x1a, 0x05, 0x00, 0x04,
	                  0x14 } },
	{ "ripemd160", 15, { 0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2b, 0x24, 0x03, 0x02, 0x01, 0x05, 0x00,
	                       0x04, 0x14 } },
	{ "sha224", 19, { 0x30, 0x2d, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02,
	                    0x04, 0x05, 0x00, 0x04, 0x1c } },
	{ "sha256", 19, { 0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02,
	                    0x01, 0x05, 0x00, 0x04, 0x20 } },
	{ "sha384", 19, { 0x30, 0x41, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02,
	                    0x02, 0x05, 0x00, 0x04, 0x30 } },
	{ "sha512", 19, { 0x30, 0x51, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02,
	                    0x03, 0x05, 0x00, 0x04, 0x40 } },
	{ "sha512-224", 19, { 0x30, 0x2d, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04,
	                        0x02, 0x05, 0x05, 0x00, 0x04, 0x1c } },
	{ "sha512-256", 19, { 0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04,
	                        0x02, 0x06, 0x05, 0x00, 0x04, 0x20 } },
};

const uint8_t *ember_rsa_digest_info(const char *name, size_t *len)
{
	size_t i;

	for (i = 0; name != NULL && i < sizeof(digest_infos) / sizeof(digest_infos[0]); i++) {
		if (strcmp(name, digest_infos[i].name) == 0) {
			*len = digest_infos[i].len;
			return digest_infos[i].der;
		}
	}
	return NULL;
}

/* EMSA-PKCS1-v1_5 (RFC 8017, 9.2): 00 01 FF..FF 00 DigestInfo digest, |k| bytes. */
static int pkcs1_encode(uint8_t *em, size_t k, const ember_hash_desc *hd, const uint8_t *digest,
    size_t digest_len)
{
	const uint8_t *prefix = NULL;
	size_t plen = 0, tlen;

	if (hd != NULL) {
		prefix = ember_rsa_digest_info(hd->name, &plen);
		if (prefix == NULL)
			return EMBER_ENOTFOUND;
		if (digest_len != hd->digest_len)
			return EMBER_EINVAL;
	} else if (digest_len == 0) {
		/* nothing to sign (OpenSSL refuses an empty payload too) */
		return EMBER_EINVAL;
	}
	/* k >= tLen + 11 (RFC 8017, 9.2 step 3), checked so that no sum can wrap:
	 * without a DigestInfo, digest_len is the caller's and may be anything */
	if (k < plen + 11 || digest_len > k - plen - 11)
		return EMBER_ELEN;
	tlen = plen + digest_len;
	em[0] = 0x00;
	em[1] = 0x01;
	memset(em + 2, 0xff, k - tlen - 3);
	em[k - tlen - 1] = 0x00;
	if (plen)
		memcpy(em + k - tlen, prefix, plen);
	memcpy(em + k - digest_len, digest, digest_len);
	return 0;
}

int ember_rsa_pkcs1_sign(ember_rsa_private_key *k, const ember_hash_desc *hd,
    const uint8_t *digest, size_t digest_len, uint8_t *sig, size_t sig_len)
{
	uint8_t em[EMBER_RSA_MAX_LEN];
	int ret;

	if (sig_len != k->pub.len)
		return EMBER_ELEN;
	if ((ret = pkcs1_encode(em, sig_len, hd, digest, digest_len)) != 0)
		return ret;
	ret = ember_rsa_private_op(k, sig, em, sig_len);
	ember_wipe(em, sizeof(em));
	return ret;
}

int ember_rsa_pkcs1_verify(const ember_rsa_public_key *k, const ember_hash_desc *hd,
    const uint8_t *digest, size_t digest_len, const uint8_t *sig, size_t sig_len)
{
	uint8_t em[EMBER_RSA_MAX_LEN], want[EMBER_RSA_MAX_LEN];
	int ret;

	if (sig_len != k->len)
		return EMBER_EVERIFY;
	if ((ret = pkcs1_encode(want, sig_len, hd, digest, digest_len)) != 0)
		return ret == EMBER_ELEN ? EMBER_EVERIFY : ret;
	if (ember_rsa_public_op(k, em, sig, sig_len) != 0)
		return EMBER_EVERIFY;
	/* one comparison of the whole encoded message: no early exit on any field */
	EMBER_CT_SECRET(em, sig_len);
	ret = ember_memeq(em, want, sig_len);
	EMBER_DECLASSIFY(&ret, sizeof(ret));
	return ret ? 0 : EMBER_EVERIFY;
}

/* A descriptor PSS can use: its digest fits h[] and MGF1 advances (digest_len > 0). */
static int pss_hash_ok(const ember_hash_desc *hd)
{
	return hd->digest_len > 0 && hd->digest_len <= EMBER_MAX_DIGEST_LEN;
}

/* MGF1 (RFC 8017, B.2.1): out ^= MGF1(seed, len). */
static void mgf1_xor(const ember_hash_desc *hd, uint8_t *out, size_t len, const uint8_t *seed,
    size_t seed_len)
{
	uint8_t ctr[4], h[EMBER_MAX_DIGEST_LEN];
	uint32_t counter = 0;
	size_t done = 0, i;

	while (done < len) {
		ember_hash_ctx c;
		size_t take = len - done < hd->digest_len ? len - done : hd->digest_len;

		ember_st32be(ctr, counter++);
		ember_hash_init(&c, hd);
		ember_hash_update(&c, seed, seed_len);
		ember_hash_update(&c, ctr, 4);
		ember_hash_final(&c, h);
		for (i = 0; i < take; i++)
			out[done + i] ^= h[i];
		done += take;
	}
	ember_wipe(h, sizeof(h));
}

/* H = Hash(00 x 8 || mHash || salt) */
static void pss_hash(const ember_hash_desc *hd, uint8_t *h, const uint8_t *mhash, const uint8_t *salt,
    size_t salt_len)
{
	static const uint8_t zeros[8] = { 0 };
	ember_hash_ctx c;

	ember_hash_init(&c, hd);
	ember_hash_update(&c, zeros, 8);
	ember_hash_update(&c, mhash, hd->digest_len);
	ember_hash_update(&c, salt, salt_len);
	ember_hash_final(&c, h);
}

int ember_rsa_pss_sign(ember_rsa_private_key *k, const ember_hash_desc *hd,
    const ember_hash_desc *mgf, const uint8_t *salt, size_t salt_len,
    const uint8_t *digest, size_t digest_len, uint8_t *sig, size_t sig_len)
{
	uint8_t em[EMBER_RSA_MAX_LEN], rsalt[EMBER_RSA_MAX_LEN];
	size_t em_bits, em_len, hlen, db_len, off;
	int ret;

	if (hd == NULL || digest_len != hd->digest_len)
		return EMBER_EINVAL;
	if (mgf == NULL)
		mgf = hd;
	if (!pss_hash_ok(hd) || !pss_hash_ok(mgf))
		return EMBER_EINVAL;
	if (sig_len != k->pub.len)
		return EMBER_ELEN;
	hlen = hd->digest_len;
	em_bits = k->pub.bits - 1;
	em_len = (em_bits + 7) / 8;
	/* RFC 8017, 9.1.1 step 3: emLen >= hLen + sLen + 2, without a sum that can wrap */
	if (em_len < hlen + 2 || salt_len > em_len - hlen - 2)
		return EMBER_ELEN;
	if (salt == NULL) {
		if (ember_random_bytes(rsalt, salt_len) != 0)
			return EMBER_ERANDOM;
		salt = rsalt;
	}
	/* EM = maskedDB || H || 0xbc, right-aligned in sig_len bytes */
	memset(em, 0, sizeof(em));
	off = sig_len - em_len;
	db_len = em_len - hlen - 1;
	pss_hash(hd, em + off + db_len, digest, salt, salt_len);
	em[off + db_len - salt_len - 1] = 0x01;
	memcpy(em + off + db_len - salt_len, salt, salt_len);
	mgf1_xor(mgf, em + off, db_len, em + off + db_len, hlen);
	em[off] &= (uint8_t)(0xff >> (8 * em_len - em_bits));
	em[sig_len - 1] = 0xbc;
	ret = ember_rsa_private_op(k, sig, em, sig_len);
	ember_wipe(em, sizeof(em));
	ember_wipe(rsalt, sizeof(rsalt));
	return ret;
}

int ember_rsa_pss_verify(const ember_rsa_public_key *k, const ember_hash_desc *hd,
    const ember_hash_desc *mgf, size_t salt_len, const uint8_t *digest, size_t digest_len,
    const uint8_t *sig, size_t sig_len)
{
	uint8_t em[EMBER_RSA_MAX_LEN], h[EMBER_MAX_DIGEST_LEN];
	size_t em_bits, em_len, hlen, db_len, off, i, ps;
	unsigned bad = 0;
	uint8_t *db;

	if (hd == NULL || digest_len != hd->digest_len)
		return EMBER_EINVAL;
	if (mgf == NULL)
		mgf = hd;
	if (!pss_hash_ok(hd) || !pss_hash_ok(mgf))
		return EMBER_EINVAL;
	if (sig_len != k->len)
		return EMBER_EVERIFY;
	hlen = hd->digest_len;
	em_bits = k->bits - 1;
	em_len = (em_bits + 7) / 8;
	/* RFC 8017, 9.1.2 step 3: emLen >= hLen + sLen + 2. salt_len is the
	 * caller's full size_t: compare it with what is left, never add it */
	if (em_len < hlen + 2 || (salt_len != EMBER_RSA_PSS_SALT_AUTO && salt_len > em_len - hlen - 2))
		return EMBER_EVERIFY;
	if (ember_rsa_public_op(k, em, sig, sig_len) != 0)
		return EMBER_EVERIFY;
	/* with a known salt length every check below is branch-free (the automatic
	 * length scans for the 0x01 separator: variable time over public data) */
	if (salt_len != EMBER_RSA_PSS_SALT_AUTO)
		EMBER_CT_SECRET(em, sig_len);
	/* RFC 8017, 9.1.2: the public data is checked field by field */
	off = sig_len - em_len;
	for (i = 0; i < off; i++)
		bad |= em[i];
	bad |= em[sig_len - 1] ^ 0xbc;
	db = em + off;
	db_len = em_len - hlen - 1;
	bad |= db[0] & (uint8_t)~(0xff >> (8 * em_len - em_bits));
	mgf1_xor(mgf, db, db_len, db + db_len, hlen);
	db[0] &= (uint8_t)(0xff >> (8 * em_len - em_bits));
	if (salt_len == EMBER_RSA_PSS_SALT_AUTO) {
		for (ps = 0; ps < db_len && db[ps] == 0; ps++)
			;
		if (ps == db_len)
			return EMBER_EVERIFY;
		salt_len = db_len - ps - 1;
	} else {
		ps = db_len - salt_len - 1;
		for (i = 0; i < ps; i++)
			bad |= db[i];
	}
	bad |= db[ps] ^ 0x01;
	pss_hash(hd, h, digest, db + db_len - salt_len, salt_len);
	bad |= (unsigned)(ember_memeq(h, db + db_len, hlen) ^ 1);
	EMBER_DECLASSIFY(&bad, sizeof(bad));
	return bad ? EMBER_EVERIFY : 0;
}
