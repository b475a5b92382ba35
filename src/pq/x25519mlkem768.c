/*
 * x25519mlkem768.c - the X25519MLKEM768 hybrid of draft-ietf-tls-ecdhe-mlkem
 * (see include/ember/hybrid.h): ML-KEM-768 and X25519 side by side, the
 * shares and the secrets concatenated, ML-KEM first. No KDF: TLS 1.3's key
 * schedule takes the 64 bytes as its (EC)DHE input.
 *
 * Each call computes into stack buffers and copies out only when every
 * part succeeded, so an error leaves the caller's outputs as they were.
 */
#include "internal.h"
#include "ember/bn.h"
#include "ember/hybrid.h"

#define EK_LEN EMBER_MLKEM768_EK_LEN
#define DK_LEN EMBER_MLKEM768_DK_LEN
#define CT_LEN EMBER_MLKEM768_CT_LEN
#define XK_LEN EMBER_X25519_KEY_LEN

int ember_x25519mlkem768_keygen_seed(uint8_t client_share[EMBER_X25519MLKEM768_CLIENT_SHARE_LEN],
    uint8_t priv[EMBER_X25519MLKEM768_PRIV_LEN], const uint8_t mlkem_seed[EMBER_MLKEM_SEED_LEN],
    const uint8_t x25519_priv[EMBER_X25519_KEY_LEN])
{
	uint8_t xpub[XK_LEN];
	int ret;

	if (client_share == NULL || priv == NULL || mlkem_seed == NULL || x25519_priv == NULL)
		return EMBER_EINVAL;
	/* the public X25519 key first: the ML-KEM call writes both outputs, and cannot fail after it */
	if ((ret = ember_x25519_base(xpub, x25519_priv)) != 0)
		return ret;
	if ((ret = ember_mlkem_keygen_seed(EMBER_MLKEM768, client_share, EK_LEN, priv, DK_LEN, mlkem_seed)) != 0)
		return ret;
	memcpy(client_share + EK_LEN, xpub, XK_LEN);
	memcpy(priv + DK_LEN, x25519_priv, XK_LEN);
	return 0;
}

int ember_x25519mlkem768_keygen(uint8_t client_share[EMBER_X25519MLKEM768_CLIENT_SHARE_LEN],
    uint8_t priv[EMBER_X25519MLKEM768_PRIV_LEN])
{
	uint8_t r[EMBER_MLKEM_SEED_LEN + XK_LEN];
	int ret;

	if (client_share == NULL || priv == NULL)
		return EMBER_EINVAL;
	if ((ret = ember_random_bytes(r, sizeof(r))) != 0)
		return ret;
	/* the ctgrind build checks what follows with d, z and the scalar secret */
	EMBER_CT_SECRET(r, sizeof(r));
	ret = ember_x25519mlkem768_keygen_seed(client_share, priv, r, r + EMBER_MLKEM_SEED_LEN);
	ember_wipe(r, sizeof(r));
	return ret;
}

int ember_x25519mlkem768_encaps_seed(uint8_t server_share[EMBER_X25519MLKEM768_SERVER_SHARE_LEN],
    uint8_t ss[EMBER_X25519MLKEM768_SS_LEN], const uint8_t *client_share, size_t client_share_len,
    const uint8_t m[EMBER_MLKEM_M_LEN], const uint8_t x25519_priv[EMBER_X25519_KEY_LEN])
{
	uint8_t share[EMBER_X25519MLKEM768_SERVER_SHARE_LEN], k[EMBER_X25519MLKEM768_SS_LEN];
	int ret;

	if (server_share == NULL || ss == NULL || client_share == NULL || m == NULL || x25519_priv == NULL)
		return EMBER_EINVAL;
	if (client_share_len != EMBER_X25519MLKEM768_CLIENT_SHARE_LEN)
		return EMBER_ELEN;
	/* FIPS 203, 7.2: ember_mlkem_encaps_m runs the modulus check on ek (EMBER_ERANGE) */
	ret = ember_mlkem_encaps_m(EMBER_MLKEM768, share, CT_LEN, k, client_share, EK_LEN, m);
	if (ret == 0)
		ret = ember_x25519_base(share + CT_LEN, x25519_priv);
	/* RFC 7748, 6.1: a small-order client key gives the all-zero secret, refused (EMBER_EZEROSECRET) */
	if (ret == 0)
		ret = ember_x25519(k + EMBER_MLKEM_SS_LEN, x25519_priv, client_share + EK_LEN);
	if (ret == 0) {
		memcpy(server_share, share, sizeof(share));
		memcpy(ss, k, sizeof(k));
	}
	ember_wipe(k, sizeof(k));
	return ret;
}

int ember_x25519mlkem768_encaps(uint8_t server_share[EMBER_X25519MLKEM768_SERVER_SHARE_LEN],
    uint8_t ss[EMBER_X25519MLKEM768_SS_LEN], const uint8_t *client_share, size_t client_share_len)
{
	uint8_t r[EMBER_MLKEM_M_LEN + XK_LEN];
	int ret;

	if (server_share == NULL || ss == NULL || client_share == NULL)
		return EMBER_EINVAL;
	if (client_share_len != EMBER_X25519MLKEM768_CLIENT_SHARE_LEN)
		return EMBER_ELEN;
	if ((ret = ember_random_bytes(r, sizeof(r))) != 0)
		return ret;
	EMBER_CT_SECRET(r, sizeof(r));
	ret = ember_x25519mlkem768_encaps_seed(server_share, ss, client_share, client_share_len, r,
	    r + EMBER_MLKEM_M_LEN);
	ember_wipe(r, sizeof(r));
	return ret;
}

int ember_x25519mlkem768_decaps(uint8_t ss[EMBER_X25519MLKEM768_SS_LEN],
    const uint8_t priv[EMBER_X25519MLKEM768_PRIV_LEN], const uint8_t *server_share, size_t server_share_len)
{
	uint8_t k[EMBER_X25519MLKEM768_SS_LEN];
	int ret;

	if (ss == NULL || priv == NULL || server_share == NULL)
		return EMBER_EINVAL;
	if (server_share_len != EMBER_X25519MLKEM768_SERVER_SHARE_LEN)
		return EMBER_ELEN;
	/* FIPS 203, 7.3: the hash check on dk (EMBER_EDECODE); a changed ciphertext gives J(z || c), not an error */
	ret = ember_mlkem_decaps(EMBER_MLKEM768, k, priv, DK_LEN, server_share, CT_LEN);
	if (ret == 0)
		ret = ember_x25519(k + EMBER_MLKEM_SS_LEN, priv + DK_LEN, server_share + CT_LEN);
	if (ret == 0)
		memcpy(ss, k, sizeof(k));
	ember_wipe(k, sizeof(k));
	return ret;
}
