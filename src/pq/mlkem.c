/*
 * mlkem.c - ML-KEM (FIPS 203): what every implementation shares: the
 * parameter sets, the API, the input checks (7.2, 7.3), the hashes G, H and
 * J around K-PKE, and the implicit rejection's masked selection. K-PKE
 * itself is the implementation's (mlkem_impl.h: mlkem_ref.c, portable;
 * mlkem_avx2.c), taken from the registry's descriptors: the calls without
 * _with use the default for this CPU (ember_mlkem_find(NULL), cached).
 *
 * Stack: ember_mlkem_decaps about 480 bytes over K-PKE's; the deepest
 * operation, any set and implementation, stays below 8 KiB (mlkem_pke.h
 * has the figures).
 */
#include "internal.h"
#include "ember/bn.h"
#include "ember/cpu.h"
#include "ember/hash.h"
#include "ember/mlkem.h"
#include "pq/mlkem_impl.h"

#define POLY_BYTES MLKEM_POLY_BYTES
#define Q MLKEM_Q

/* FIPS 203, 8, Table 2 */
static const mlkem_params params[] = {
	{ 512, 2, 3, 10, 4, EMBER_MLKEM512_EK_LEN, EMBER_MLKEM512_DK_LEN, EMBER_MLKEM512_CT_LEN },
	{ 768, 3, 2, 10, 4, EMBER_MLKEM768_EK_LEN, EMBER_MLKEM768_DK_LEN, EMBER_MLKEM768_CT_LEN },
	{ 1024, 4, 2, 11, 5, EMBER_MLKEM1024_EK_LEN, EMBER_MLKEM1024_DK_LEN, EMBER_MLKEM1024_CT_LEN },
};

static const mlkem_params *params_of(int set)
{
	size_t i;

	for (i = 0; i < sizeof(params) / sizeof(params[0]); i++)
		if (params[i].set == set)
			return &params[i];
	return NULL;
}

/* The compiler must not learn that a value is 0 or 1 (it could branch on it). */
static inline uint32_t ct_opaque(uint32_t x)
{
#if defined(__GNUC__) || defined(__clang__)
	__asm__("" : "+r"(x));
#endif
	return x;
}

/*
 * The operations of |d|, or (NULL) of the registry's default, cached with
 * the enabled features it was chosen under (a race between two first
 * callers is benign: both store the same answer); NULL when |d| is not
 * supported here.
 */
static const mlkem_ops *ops_of(const ember_mlkem_desc *d)
{
	static const ember_mlkem_desc *volatile chosen;
	static volatile uint64_t chosen_key;
	uint64_t key;

	if (d != NULL)
		return ember_mlkem_supported(d) ? (const mlkem_ops *)d->ops : NULL;
	key = (uint64_t)ember_cpu_features() + 1;
	d = chosen;
	if (chosen_key != key || d == NULL) {
		d = ember_mlkem_find(NULL);
		chosen = d;
		chosen_key = key;
	}
	return d != NULL ? (const mlkem_ops *)d->ops : NULL;
}

/* ---- ML-KEM (FIPS 203, 6 and 7) ---- */
static int check_ek(const mlkem_params *p, const uint8_t *ek)
{
	uint32_t bad = 0;
	size_t i;

	/* 7.2: every 12-bit coefficient below q, i.e. ByteEncode12(ByteDecode12(ek)) == ek */
	for (i = 0; i < POLY_BYTES * p->k; i += 3) {
		uint32_t d1 = (ek[i] | (uint32_t)ek[i + 1] << 8) & 0xfff;
		uint32_t d2 = (ek[i + 1] >> 4) | (uint32_t)ek[i + 2] << 4;
		bad |= ((Q - 1) - d1) | ((Q - 1) - d2);
	}
	return (bad >> 31) ? EMBER_ERANGE : 0;
}

static int check_dk(const mlkem_params *p, const uint8_t *dk)
{
	const uint8_t *ek = dk + POLY_BYTES * p->k;
	uint8_t h[32];
	int eq;

	/* 7.3: H(ek) equals the stored h; the verdict is public */
	ember_sha3_256(h, ek, p->ek_len);
	eq = ember_memeq(h, ek + p->ek_len, 32);
	EMBER_DECLASSIFY(&eq, sizeof(eq));
	return eq ? 0 : EMBER_EDECODE;
}

int ember_mlkem_keygen_seed_with(const ember_mlkem_desc *d, int set, uint8_t *ek, size_t ek_len, uint8_t *dk,
    size_t dk_len, const uint8_t seed[EMBER_MLKEM_SEED_LEN])
{
	const mlkem_params *p = params_of(set);
	const mlkem_ops *ops = ops_of(d);
	uint8_t *dk_ek;

	if (p == NULL || ops == NULL || ek == NULL || dk == NULL || seed == NULL)
		return EMBER_EINVAL;
	if (ek_len != p->ek_len || dk_len != p->dk_len)
		return EMBER_ELEN;
	/* Algorithm 16: dk = dk_PKE || ek || H(ek) || z */
	dk_ek = dk + POLY_BYTES * p->k;
	ops->keygen(p, ek, dk, seed);
	memcpy(dk_ek, ek, p->ek_len);
	ember_sha3_256(dk_ek + p->ek_len, ek, p->ek_len);
	memcpy(dk_ek + p->ek_len + 32, seed + 32, 32);
	return 0;
}

int ember_mlkem_keygen_seed(int set, uint8_t *ek, size_t ek_len, uint8_t *dk, size_t dk_len,
    const uint8_t seed[EMBER_MLKEM_SEED_LEN])
{
	return ember_mlkem_keygen_seed_with(NULL, set, ek, ek_len, dk, dk_len, seed);
}

int ember_mlkem_keygen(int set, uint8_t *ek, size_t ek_len, uint8_t *dk, size_t dk_len)
{
	const mlkem_params *p = params_of(set);
	uint8_t seed[EMBER_MLKEM_SEED_LEN];
	int ret;

	if (p == NULL || ek == NULL || dk == NULL)
		return EMBER_EINVAL;
	if (ek_len != p->ek_len || dk_len != p->dk_len)
		return EMBER_ELEN;
	if ((ret = ember_random_bytes(seed, sizeof(seed))) != 0)
		return ret;
	/* the ctgrind build checks what follows with d and z secret */
	EMBER_CT_SECRET(seed, sizeof(seed));
	ret = ember_mlkem_keygen_seed(set, ek, ek_len, dk, dk_len, seed);
	ember_wipe(seed, sizeof(seed));
	return ret;
}

int ember_mlkem_encaps_m_with(const ember_mlkem_desc *d, int set, uint8_t *ct, size_t ct_len,
    uint8_t ss[EMBER_MLKEM_SS_LEN], const uint8_t *ek, size_t ek_len, const uint8_t m[EMBER_MLKEM_M_LEN])
{
	const mlkem_params *p = params_of(set);
	const mlkem_ops *ops = ops_of(d);
	uint8_t in[64], kr[64];
	int ret;

	if (p == NULL || ops == NULL || ct == NULL || ss == NULL || ek == NULL || m == NULL)
		return EMBER_EINVAL;
	if (ct_len != p->ct_len || ek_len != p->ek_len)
		return EMBER_ELEN;
	if ((ret = check_ek(p, ek)) != 0)
		return ret;
	/* Algorithm 17: (K, r) = G(m || H(ek)) */
	memcpy(in, m, 32);
	ember_sha3_256(in + 32, ek, p->ek_len);
	ember_sha3_512(kr, in, sizeof(in));
	ops->encrypt(p, ct, NULL, ek, m, kr + 32);
	memcpy(ss, kr, 32);
	ember_wipe(in, sizeof(in));
	ember_wipe(kr, sizeof(kr));
	return 0;
}

int ember_mlkem_encaps_m(int set, uint8_t *ct, size_t ct_len, uint8_t ss[EMBER_MLKEM_SS_LEN],
    const uint8_t *ek, size_t ek_len, const uint8_t m[EMBER_MLKEM_M_LEN])
{
	return ember_mlkem_encaps_m_with(NULL, set, ct, ct_len, ss, ek, ek_len, m);
}

int ember_mlkem_encaps(int set, uint8_t *ct, size_t ct_len, uint8_t ss[EMBER_MLKEM_SS_LEN], const uint8_t *ek,
    size_t ek_len)
{
	const mlkem_params *p = params_of(set);
	uint8_t m[EMBER_MLKEM_M_LEN];
	int ret;

	if (p == NULL || ct == NULL || ss == NULL || ek == NULL)
		return EMBER_EINVAL;
	if (ct_len != p->ct_len || ek_len != p->ek_len)
		return EMBER_ELEN;
	if ((ret = check_ek(p, ek)) != 0)
		return ret;
	if ((ret = ember_random_bytes(m, sizeof(m))) != 0)
		return ret;
	EMBER_CT_SECRET(m, sizeof(m));
	ret = ember_mlkem_encaps_m(set, ct, ct_len, ss, ek, ek_len, m);
	ember_wipe(m, sizeof(m));
	return ret;
}

int ember_mlkem_decaps_with(const ember_mlkem_desc *d, int set, uint8_t ss[EMBER_MLKEM_SS_LEN], const uint8_t *dk,
    size_t dk_len, const uint8_t *ct, size_t ct_len)
{
	const mlkem_params *p = params_of(set);
	const mlkem_ops *ops = ops_of(d);
	const uint8_t *ek, *h, *z;
	uint8_t in[64], kr[64], kbar[32];
	ember_shake_ctx j;
	uint32_t diff;
	uint8_t mask;
	int ret, i;

	if (p == NULL || ops == NULL || ss == NULL || dk == NULL || ct == NULL)
		return EMBER_EINVAL;
	if (dk_len != p->dk_len || ct_len != p->ct_len)
		return EMBER_ELEN;
	if ((ret = check_dk(p, dk)) != 0)
		return ret;
	/* Algorithm 18 */
	ek = dk + POLY_BYTES * p->k;
	h = ek + p->ek_len;
	z = h + 32;
	ops->decrypt(p, in, dk, ct);
	memcpy(in + 32, h, 32);
	ember_sha3_512(kr, in, sizeof(in)); /* (K', r') = G(m' || h) */
	ember_shake256_init(&j);            /* K_bar = J(z || c) */
	ember_shake_update(&j, z, 32);
	ember_shake_update(&j, ct, ct_len);
	ember_shake_squeeze(&j, kbar, sizeof(kbar));
	ember_shake_clear(&j);
	/* c' compared with c as it is made; K' when equal, else K_bar: a masked selection */
	diff = ops->encrypt(p, NULL, ct, ek, in, kr + 32);
	mask = (uint8_t)(0u - (ct_opaque((diff | (0u - diff)) >> 31)));
	for (i = 0; i < 32; i++)
		ss[i] = (uint8_t)(kr[i] ^ (mask & (kr[i] ^ kbar[i])));
	ember_wipe(in, sizeof(in));
	ember_wipe(kr, sizeof(kr));
	ember_wipe(kbar, sizeof(kbar));
	return 0;
}

int ember_mlkem_decaps(int set, uint8_t ss[EMBER_MLKEM_SS_LEN], const uint8_t *dk, size_t dk_len,
    const uint8_t *ct, size_t ct_len)
{
	return ember_mlkem_decaps_with(NULL, set, ss, dk, dk_len, ct, ct_len);
}

int ember_mlkem_check_ek(int set, const uint8_t *ek, size_t ek_len)
{
	const mlkem_params *p = params_of(set);

	if (p == NULL || ek == NULL)
		return EMBER_EINVAL;
	if (ek_len != p->ek_len)
		return EMBER_ELEN;
	return check_ek(p, ek);
}

int ember_mlkem_check_dk(int set, const uint8_t *dk, size_t dk_len)
{
	const mlkem_params *p = params_of(set);

	if (p == NULL || dk == NULL)
		return EMBER_EINVAL;
	if (dk_len != p->dk_len)
		return EMBER_ELEN;
	return check_dk(p, dk);
}
