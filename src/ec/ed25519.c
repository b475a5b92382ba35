/*
 * ed25519.c - Ed25519 (RFC 8032, 5.1) over the default Curve25519 backend,
 * or a named one: key expansion, signing and the verification rule of
 * ember/ed25519.h, with SHA-512 and the scalars modulo L (sc25519.c). The
 * point arithmetic (fixed-base multiplication, decoding, the double
 * multiplication of verification) is the backend's (c25519_tmpl.h).
 */
#include "ec/f25519.h"
#include "registry.h"
#include "ember/bn.h"
#include "ember/ed25519.h"
#include "ember/hash.h"

static ember_pick pick_ed25519;

static const ember_c25519_ops *ed25519_ops(const ember_ec_desc *d, int *err)
{
	if (d == NULL || strcmp(d->name, "ed25519") != 0 || d->ops == NULL) {
		*err = EMBER_EINVAL;
		return NULL;
	}
	if (!ember_ec_supported(d)) {
		*err = EMBER_ENOTSUP;
		return NULL;
	}
	return ember_c25519_ops_of(d);
}

static const ember_ec_desc *ed25519_default(void)
{
	return ember_ec_pick(&pick_ed25519, "ed25519");
}

/* RFC 8032, 5.1.5: h = SHA-512(seed); the scalar s is h[0..31] pruned, the prefix h[32..63]. */
static void expand(uint8_t h[64], const uint8_t seed[32])
{
	ember_sha512(h, seed, 32);
	h[0] &= 248;
	h[31] &= 127;
	h[31] |= 64;
}

int ember_ed25519_keypair_with(const ember_ec_desc *d, ember_ed25519_key *key,
    const uint8_t seed[EMBER_ED25519_SEED_LEN])
{
	const ember_c25519_ops *o;
	uint8_t h[64], pub[32];
	int err = 0;

	if (key == NULL || seed == NULL)
		return EMBER_EINVAL;
	if ((o = ed25519_ops(d, &err)) == NULL)
		return err;
	expand(h, seed);
	o->ed25519_base(pub, h);
	memmove(key->seed, seed, 32); /* |seed| may be key->seed */
	memcpy(key->pub, pub, 32);
	ember_wipe(h, sizeof(h));
	return 0;
}

int ember_ed25519_sign_with(const ember_ec_desc *d, const ember_ed25519_key *key, uint8_t sig[EMBER_ED25519_SIG_LEN],
    const uint8_t *msg, size_t msg_len)
{
	const ember_c25519_ops *o;
	struct {
		uint8_t h[64], nonce[64], hram[64], r[32], k[32];
		ember_sha512_ctx c;
	} s;
	int err = 0;

	if (key == NULL || sig == NULL || (msg == NULL && msg_len != 0))
		return EMBER_EINVAL;
	if ((o = ed25519_ops(d, &err)) == NULL)
		return err;
	expand(s.h, key->seed);
	/* RFC 8032, 5.1.6: r = SHA-512(prefix || M) mod L, R = [r] B */
	ember_sha512_init(&s.c);
	ember_sha512_update(&s.c, s.h + 32, 32);
	if (msg_len != 0)
		ember_sha512_update(&s.c, msg, msg_len);
	ember_sha512_final(&s.c, s.nonce);
	ember_sc25519_reduce(s.r, s.nonce);
	o->ed25519_base(s.k, s.r);
	/* k = SHA-512(R || A || M) mod L; S = (r + k s) mod L (R into sig last: sig may alias msg) */
	ember_sha512_init(&s.c);
	ember_sha512_update(&s.c, s.k, 32);
	ember_sha512_update(&s.c, key->pub, 32);
	if (msg_len != 0)
		ember_sha512_update(&s.c, msg, msg_len);
	ember_sha512_final(&s.c, s.hram);
	memcpy(sig, s.k, 32);
	ember_sc25519_reduce(s.k, s.hram);
	ember_sc25519_muladd(sig + 32, s.k, s.h, s.r);
	ember_wipe(&s, sizeof(s));
	return 0;
}

/* 1 when the low 255 bits of s are p = 2^255 - 19 or more */
static int y_noncanonical(const uint8_t s[32])
{
	int i;

	if ((s[31] & 0x7f) != 0x7f || s[0] < 0xed)
		return 0;
	for (i = 1; i < 31; i++)
		if (s[i] != 0xff)
			return 0;
	return 1;
}

int ember_ed25519_verify_with(const ember_ec_desc *d, const uint8_t pub[EMBER_ED25519_PUBLIC_LEN],
    const uint8_t *msg, size_t msg_len, const uint8_t *sig, size_t sig_len)
{
	const ember_c25519_ops *o;
	ember_sha512_ctx c;
	uint8_t hram[64], k[32], rcheck[32];
	int err = 0;

	if (pub == NULL || sig == NULL || (msg == NULL && msg_len != 0))
		return EMBER_EINVAL;
	if ((o = ed25519_ops(d, &err)) == NULL)
		return err;
	/* the rule of ember/ed25519.h, in its order */
	if (sig_len != EMBER_ED25519_SIG_LEN)
		return EMBER_ELEN;
	if (!ember_sc25519_is_canonical(sig + 32))
		return EMBER_EVERIFY;
	if (y_noncanonical(sig))
		return EMBER_EVERIFY;
	ember_sha512_init(&c);
	ember_sha512_update(&c, sig, 32);
	ember_sha512_update(&c, pub, 32);
	if (msg_len != 0)
		ember_sha512_update(&c, msg, msg_len);
	ember_sha512_final(&c, hram);
	ember_sc25519_reduce(k, hram);
	/* A refused (non-canonical, off the curve, small order), else [S] B - [k] A */
	if (o->ed25519_verify(rcheck, pub, k, sig + 32) != 0)
		return EMBER_EVERIFY;
	return memcmp(rcheck, sig, 32) == 0 ? 0 : EMBER_EVERIFY;
}

int ember_ed25519_keypair(ember_ed25519_key *key, const uint8_t seed[EMBER_ED25519_SEED_LEN])
{
	return ember_ed25519_keypair_with(ed25519_default(), key, seed);
}

int ember_ed25519_generate(ember_ed25519_key *key)
{
	uint8_t seed[32];
	int ret;

	if (key == NULL)
		return EMBER_EINVAL;
	if ((ret = ember_random_bytes(seed, sizeof(seed))) != 0)
		return ret;
	/* the ctgrind build checks what follows with the seed secret */
	EMBER_CT_SECRET(seed, sizeof(seed));
	ret = ember_ed25519_keypair(key, seed);
	ember_wipe(seed, sizeof(seed));
	return ret;
}

int ember_ed25519_public_key(uint8_t pub[EMBER_ED25519_PUBLIC_LEN], const uint8_t seed[EMBER_ED25519_SEED_LEN])
{
	ember_ed25519_key key;
	int ret;

	if (pub == NULL)
		return EMBER_EINVAL;
	ret = ember_ed25519_keypair(&key, seed);
	if (ret == 0)
		memcpy(pub, key.pub, 32);
	ember_ed25519_clear(&key);
	return ret;
}

void ember_ed25519_clear(ember_ed25519_key *key)
{
	if (key != NULL)
		ember_wipe(key, sizeof(*key));
}

int ember_ed25519_sign(const ember_ed25519_key *key, uint8_t sig[EMBER_ED25519_SIG_LEN], const uint8_t *msg,
    size_t msg_len)
{
	return ember_ed25519_sign_with(ed25519_default(), key, sig, msg, msg_len);
}

int ember_ed25519_verify(const uint8_t pub[EMBER_ED25519_PUBLIC_LEN], const uint8_t *msg, size_t msg_len,
    const uint8_t *sig, size_t sig_len)
{
	return ember_ed25519_verify_with(ed25519_default(), pub, msg, msg_len, sig, sig_len);
}

int ember_ed25519_public_check(const uint8_t pub[EMBER_ED25519_PUBLIC_LEN])
{
	const ember_c25519_ops *o;
	int err = 0, r;

	if (pub == NULL)
		return EMBER_EINVAL;
	if ((o = ed25519_ops(ed25519_default(), &err)) == NULL)
		return err;
	r = o->ed25519_check(pub);
	return r == 0 ? 0 : r == -2 ? EMBER_ERANGE : EMBER_EDECODE;
}
