/*
 * pbkdf2.c - PBKDF2 (RFC 8018, 5.2) over the descriptor-based HMAC of hmac.c.
 */
#include "internal.h"
#include "ember/kdf.h"

int ember_pbkdf2(const ember_hash_desc *d, const void *pass, size_t pass_len, const void *salt, size_t salt_len,
    uint32_t iterations, uint8_t *out, size_t out_len)
{
	uint8_t u[EMBER_MAX_DIGEST_LEN], t[EMBER_MAX_DIGEST_LEN], ctr[4];
	ember_hmac_key k;
	ember_hmac_ctx c;
	size_t h_len, done, n, j;
	uint32_t block, it;
	int err;

	if (d == NULL || (pass == NULL && pass_len != 0) || (salt == NULL && salt_len != 0) ||
	    (out == NULL && out_len != 0) || iterations == 0)
		return EMBER_EINVAL;
	h_len = d->digest_len;
	/* RFC 8018, 5.2 step 1: dkLen <= (2^32 - 1) * hLen (only reachable where size_t is wider) */
	if (out_len != 0 && (out_len - 1) / h_len >= 0xffffffffu)
		return EMBER_ELEN;
	/* the password is the HMAC key of every PRF call: prepared once */
	err = ember_hmac_key_init(&k, d, pass, pass_len);
	if (err != 0)
		return err;
	/* T_i = U_1 ^ U_2 ^ ... ^ U_c, U_1 = PRF(P, S || INT(i)), U_j = PRF(P, U_{j-1}) */
	for (done = 0, block = 1; done < out_len; done += n, block++) {
		ctr[0] = (uint8_t)(block >> 24);
		ctr[1] = (uint8_t)(block >> 16);
		ctr[2] = (uint8_t)(block >> 8);
		ctr[3] = (uint8_t)block;
		ember_hmac_init(&c, &k);
		ember_hmac_update(&c, salt, salt_len);
		ember_hmac_update(&c, ctr, 4);
		ember_hmac_final(&c, u);
		memcpy(t, u, h_len);
		for (it = 1; it < iterations; it++) {
			ember_hmac_init(&c, &k);
			ember_hmac_update(&c, u, h_len);
			ember_hmac_final(&c, u);
			for (j = 0; j < h_len; j++)
				t[j] ^= u[j];
		}
		n = out_len - done < h_len ? out_len - done : h_len;
		memcpy(out + done, t, n);
	}
	ember_hmac_key_clear(&k);
	ember_wipe(u, sizeof(u));
	ember_wipe(t, sizeof(t));
	return 0;
}
