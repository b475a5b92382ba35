/*
 * hkdf.c - HKDF (RFC 5869) over the descriptor-based HMAC of hmac.c.
 */
#include "internal.h"
#include "ember/kdf.h"

int ember_hkdf_extract(const ember_hash_desc *d, const void *salt, size_t salt_len, const void *ikm,
    size_t ikm_len, uint8_t *prk)
{
	if (d == NULL || prk == NULL || (salt == NULL && salt_len != 0) || (ikm == NULL && ikm_len != 0))
		return EMBER_EINVAL;
	/* RFC 5869, 2.2: PRK = HMAC-Hash(salt, IKM). A salt of HashLen zeros and an empty one are the
	 * same HMAC key (K0 is the key zero-padded to the block), so the empty salt needs no case. */
	return ember_hmac(d, prk, salt, salt_len, ikm, ikm_len);
}

int ember_hkdf_expand(const ember_hash_desc *d, const uint8_t *prk, size_t prk_len, const void *info,
    size_t info_len, uint8_t *out, size_t out_len)
{
	uint8_t t[EMBER_MAX_DIGEST_LEN];
	ember_hmac_key k;
	ember_hmac_ctx c;
	size_t hash_len, done, n;
	uint8_t i;
	int err;

	if (d == NULL || (prk == NULL && prk_len != 0) || (info == NULL && info_len != 0) ||
	    (out == NULL && out_len != 0))
		return EMBER_EINVAL;
	hash_len = d->digest_len;
	/* RFC 5869, 2.3: L <= 255 * HashLen (the block counter is one octet) */
	if (out_len > 255 * hash_len) /* hash_len <= EMBER_MAX_DIGEST_LEN: no overflow */
		return EMBER_ELEN;
	err = ember_hmac_key_init(&k, d, prk, prk_len);
	if (err != 0)
		return err;
	/* T(0) is empty; T(i) = HMAC-Hash(PRK, T(i - 1) | info | i), i = 1 .. ceil(L / HashLen) */
	for (done = 0, i = 1; done < out_len; done += n, i++) {
		ember_hmac_init(&c, &k);
		if (i > 1)
			ember_hmac_update(&c, t, hash_len);
		ember_hmac_update(&c, info, info_len);
		ember_hmac_update(&c, &i, 1);
		ember_hmac_final(&c, t);
		n = out_len - done < hash_len ? out_len - done : hash_len;
		memcpy(out + done, t, n);
	}
	ember_hmac_key_clear(&k);
	ember_wipe(t, sizeof(t));
	return 0;
}

int ember_hkdf(const ember_hash_desc *d, const void *salt, size_t salt_len, const void *ikm, size_t ikm_len,
    const void *info, size_t info_len, uint8_t *out, size_t out_len)
{
	uint8_t prk[EMBER_MAX_DIGEST_LEN];
	int err;

	if (d == NULL)
		return EMBER_EINVAL;
	if (out_len > 255 * d->digest_len)
		return EMBER_ELEN;
	err = ember_hkdf_extract(d, salt, salt_len, ikm, ikm_len, prk);
	if (err == 0)
		err = ember_hkdf_expand(d, prk, d->digest_len, info, info_len, out, out_len);
	ember_wipe(prk, sizeof(prk));
	return err;
}
