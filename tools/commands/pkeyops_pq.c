/*
 * pkeyops_pq.c - the post-quantum key types of the key commands (pkeyops.h):
 * ML-DSA's generation, text, check and signatures, ML-KEM's generation,
 * text, check and key encapsulation, in openssl 3.5's words and layouts.
 * Their entries of pkeyops.c's table are at the end.
 */
#include <stdlib.h>
#include <string.h>

#include "pkeyops_int.h"
#include "tool.h"

/* ---- ML-DSA-44, -65, -87 (FIPS 204; keys as RFC 9881) ---- */

/* OpenSSL 3.5's ossl_ml_dsa_key_to_text: "ML-DSA-65 Private-Key:", seed: (when known), priv:, pub: */
static void mldsa_print(FILE *f, const ember_pkey *k, int pub)
{
	const ember_mldsa_pkey *m = &k->u.mldsa;
	const char *name = ember_pkey_name(k->type);

	if (k->has_private && !pub) {
		fprintf(f, "%s Private-Key:\n", name);
		if (m->has_seed)
			pkey_print_buf(f, "seed:", m->seed, EMBER_MLDSA_SEED_LEN);
		pkey_print_buf(f, "priv:", m->sk, EMBER_MLDSA_SK_LEN(m->set));
	} else {
		fprintf(f, "%s Public-Key:\n", name);
	}
	pkey_print_buf(f, "pub:", m->pk, EMBER_MLDSA_PK_LEN(m->set));
}

/* The public key (and the expanded key, when the seed is known) are the private key's. */
static int mldsa_check(ember_pkey *k, char *why, size_t why_len)
{
	const ember_mldsa_pkey *m = &k->u.mldsa;
	size_t pk_len = EMBER_MLDSA_PK_LEN(m->set), sk_len = EMBER_MLDSA_SK_LEN(m->set);
	uint8_t pk[EMBER_MLDSA_PK_MAX], sk[EMBER_MLDSA_SK_MAX];
	int bad;

	if (!k->has_private)
		return 0;
	if (m->has_seed)
		bad = ember_mldsa_keygen_seed(m->set, pk, pk_len, sk, sk_len, m->seed) != 0 ||
		    !ember_memeq(sk, m->sk, sk_len);
	else
		bad = ember_mldsa_public_from_private(m->set, pk, pk_len, m->sk, sk_len) != 0;
	bad = bad || memcmp(pk, m->pk, pk_len) != 0;
	ember_wipe(sk, sizeof(sk));
	if (bad)
		snprintf(why, why_len, "the public key is not the private key's");
	return bad;
}

/* -pkeyopt hexseed:<2 n hex digits>: an n-byte seed into g (ML-DSA's 32 bytes, ML-KEM's 64). 0, or 1 after one line. */
static int hex_seed(const char *cmd, pkey_gen *g, const char *name, const char *value, size_t n)
{
	size_t i;

	for (i = 0; i < 2 * n && value[i] != 0; i++)
		if (strchr("0123456789abcdefABCDEF", value[i]) == NULL)
			break;
	if (i != 2 * n || value[2 * n] != 0)
		return tool_error(cmd, "-pkeyopt %s:%s: not %zu bytes in hex (%zu hex digits)", name, value, n, 2 * n);
	for (i = 0; i < n; i++) {
		char byte[3] = { value[2 * i], value[2 * i + 1], 0 };
		g->seed[i] = (uint8_t)strtoul(byte, NULL, 16);
	}
	g->has_seed = 1;
	return 0;
}

/* openssl 3.5's -pkeyopt hexseed:<64 hex digits> (the FIPS 204 seed xi); no other option */
static int mldsa_gen_opt(const char *cmd, pkey_gen *g, const char *name, const char *value)
{
	if (strcmp(name, "hexseed") != 0)
		return -1;
	return hex_seed(cmd, g, name, value, EMBER_MLDSA_SEED_LEN);
}

static int mldsa_gen_key(const char *cmd, const pkey_gen *g, ember_pkey *k, int type, int set)
{
	ember_mldsa_pkey *m = &k->u.mldsa;
	int ret = 0;

	memset(k, 0, sizeof(*k));
	if (g->has_seed)
		memcpy(m->seed, g->seed, EMBER_MLDSA_SEED_LEN);
	else
		ret = ember_random_bytes(m->seed, EMBER_MLDSA_SEED_LEN);
	if (ret == 0)
		ret = ember_mldsa_keygen_seed(set, m->pk, EMBER_MLDSA_PK_LEN(set), m->sk, EMBER_MLDSA_SK_LEN(set), m->seed);
	if (ret != 0)
		return tool_error(cmd, "Error generating %s key: %s", ember_pkey_name(type), ember_strerror(ret));
	m->set = set;
	m->has_seed = 1;
	k->type = type;
	k->has_private = 1;
	return 0;
}

static int mldsa44_gen_key(const char *cmd, const pkey_gen *g, ember_pkey *k)
{
	return mldsa_gen_key(cmd, g, k, EMBER_PKEY_MLDSA44, EMBER_MLDSA44);
}

static int mldsa65_gen_key(const char *cmd, const pkey_gen *g, ember_pkey *k)
{
	return mldsa_gen_key(cmd, g, k, EMBER_PKEY_MLDSA65, EMBER_MLDSA65);
}

static int mldsa87_gen_key(const char *cmd, const pkey_gen *g, ember_pkey *k)
{
	return mldsa_gen_key(cmd, g, k, EMBER_PKEY_MLDSA87, EMBER_MLDSA87);
}

/* Pure ML-DSA (FIPS 204, Algorithm 2) of the message itself, empty context, hedged: message_only. */
static int mldsa_sign(ember_pkey *k, const pkey_sigopts *so, const ember_hash_desc *hd, const uint8_t *in,
    size_t in_len, uint8_t *sig, size_t *sig_len)
{
	const ember_mldsa_pkey *m = &k->u.mldsa;

	if (so->pss || hd != NULL)
		return EMBER_EINVAL;
	*sig_len = EMBER_MLDSA_SIG_LEN(m->set);
	return ember_mldsa_sign(m->set, sig, *sig_len, m->sk, EMBER_MLDSA_SK_LEN(m->set), in, in_len, NULL, 0);
}

static int mldsa_verify(ember_pkey *k, const pkey_sigopts *so, const ember_hash_desc *hd, const uint8_t *in,
    size_t in_len, const uint8_t *sig, size_t sig_len)
{
	const ember_mldsa_pkey *m = &k->u.mldsa;

	if (so->pss || hd != NULL)
		return EMBER_EINVAL;
	/* a signature of another length is a failed verification (EMBER_ELEN from the library), not an error */
	return ember_mldsa_verify(m->set, m->pk, EMBER_MLDSA_PK_LEN(m->set), in, in_len, NULL, 0, sig, sig_len) == 0
	    ? 0
	    : EMBER_EVERIFY;
}

/* ---- ML-KEM-512, -768, -1024 (FIPS 203; keys as RFC 9935) ---- */

/* OpenSSL 3.5's ossl_ml_kem_key_to_text: "ML-KEM-768 Private-Key:", seed: (when known), dk:, ek: */
static void mlkem_print(FILE *f, const ember_pkey *k, int pub)
{
	const ember_mlkem_pkey *m = &k->u.mlkem;
	const char *name = ember_pkey_name(k->type);

	if (k->has_private && !pub) {
		fprintf(f, "%s Private-Key:\n", name);
		if (m->has_seed)
			pkey_print_buf(f, "seed:", m->seed, EMBER_MLKEM_SEED_LEN);
		pkey_print_buf(f, "dk:", m->dk, EMBER_MLKEM_DK_LEN(m->set));
	} else {
		fprintf(f, "%s Public-Key:\n", name);
	}
	pkey_print_buf(f, "ek:", m->ek, EMBER_MLKEM_EK_LEN(m->set));
}

/*
 * The expanded key is the seed's (when known), passes FIPS 203 7.3's hash
 * check, and holds the public key; the public key passes 7.2's modulus check.
 */
static int mlkem_check(ember_pkey *k, char *why, size_t why_len)
{
	const ember_mlkem_pkey *m = &k->u.mlkem;
	size_t ek_len = EMBER_MLKEM_EK_LEN(m->set), dk_len = EMBER_MLKEM_DK_LEN(m->set);
	uint8_t ek[EMBER_MLKEM_EK_MAX], dk[EMBER_MLKEM_DK_MAX];
	int bad = 0;

	if (ember_mlkem_check_ek(m->set, m->ek, ek_len) != 0) {
		snprintf(why, why_len, "the public key fails the modulus check (FIPS 203 7.2)");
		return 1;
	}
	if (!k->has_private)
		return 0;
	if (m->has_seed)
		bad = ember_mlkem_keygen_seed(m->set, ek, ek_len, dk, dk_len, m->seed) != 0 || !ember_memeq(dk, m->dk, dk_len);
	ember_wipe(dk, sizeof(dk));
	if (bad) {
		snprintf(why, why_len, "the expanded key is not the seed's");
		return 1;
	}
	if (ember_mlkem_check_dk(m->set, m->dk, dk_len) != 0) {
		snprintf(why, why_len, "the expanded key fails the hash check (FIPS 203 7.3)");
		return 1;
	}
	/* ek sits after dk_PKE, 384 bytes a rank (the set's number over 256) */
	if (memcmp(m->dk + 384 * ((size_t)m->set / 256), m->ek, ek_len) != 0) {
		snprintf(why, why_len, "the public key is not the private key's");
		return 1;
	}
	return 0;
}

/* openssl 3.5's -pkeyopt hexseed:<128 hex digits> (FIPS 203's d || z); no other option */
static int mlkem_gen_opt(const char *cmd, pkey_gen *g, const char *name, const char *value)
{
	if (strcmp(name, "hexseed") != 0)
		return -1;
	return hex_seed(cmd, g, name, value, EMBER_MLKEM_SEED_LEN);
}

static int mlkem_gen_key(const char *cmd, const pkey_gen *g, ember_pkey *k, int type, int set)
{
	ember_mlkem_pkey *m = &k->u.mlkem;
	int ret = 0;

	memset(k, 0, sizeof(*k));
	if (g->has_seed)
		memcpy(m->seed, g->seed, EMBER_MLKEM_SEED_LEN);
	else
		ret = ember_random_bytes(m->seed, EMBER_MLKEM_SEED_LEN);
	if (ret == 0)
		ret = ember_mlkem_keygen_seed(set, m->ek, EMBER_MLKEM_EK_LEN(set), m->dk, EMBER_MLKEM_DK_LEN(set), m->seed);
	if (ret != 0)
		return tool_error(cmd, "Error generating %s key: %s", ember_pkey_name(type), ember_strerror(ret));
	m->set = set;
	m->has_seed = 1;
	k->type = type;
	k->has_private = 1;
	return 0;
}

static int mlkem512_gen_key(const char *cmd, const pkey_gen *g, ember_pkey *k)
{
	return mlkem_gen_key(cmd, g, k, EMBER_PKEY_MLKEM512, EMBER_MLKEM512);
}

static int mlkem768_gen_key(const char *cmd, const pkey_gen *g, ember_pkey *k)
{
	return mlkem_gen_key(cmd, g, k, EMBER_PKEY_MLKEM768, EMBER_MLKEM768);
}

static int mlkem1024_gen_key(const char *cmd, const pkey_gen *g, ember_pkey *k)
{
	return mlkem_gen_key(cmd, g, k, EMBER_PKEY_MLKEM1024, EMBER_MLKEM1024);
}

/* FIPS 203 ML-KEM.Encaps (Algorithm 20): m from the system's random source, ek's modulus check first. */
static int mlkem_encap(const ember_pkey *k, uint8_t *ct, size_t *ct_len, uint8_t *ss, size_t *ss_len)
{
	const ember_mlkem_pkey *m = &k->u.mlkem;

	*ct_len = EMBER_MLKEM_CT_LEN(m->set);
	*ss_len = EMBER_MLKEM_SS_LEN;
	return ember_mlkem_encaps(m->set, ct, *ct_len, ss, m->ek, EMBER_MLKEM_EK_LEN(m->set));
}

/* FIPS 203 ML-KEM.Decaps (Algorithm 21): a ciphertext of the set's length always gives a secret. */
static int mlkem_decap(const ember_pkey *k, const uint8_t *ct, size_t ct_len, uint8_t *ss, size_t *ss_len)
{
	const ember_mlkem_pkey *m = &k->u.mlkem;

	*ss_len = EMBER_MLKEM_SS_LEN;
	return ember_mlkem_decaps(m->set, ss, m->dk, EMBER_MLKEM_DK_LEN(m->set), ct, ct_len);
}

/* ---- the table's entries ---- */

const pkey_ops pkey_ops_mldsa44 = { EMBER_PKEY_MLDSA44, "ML-DSA-44", mldsa_gen_opt, NULL, mldsa44_gen_key, mldsa_print,
	mldsa_check, mldsa_sign, mldsa_verify, NULL, 1, NULL, NULL };
const pkey_ops pkey_ops_mldsa65 = { EMBER_PKEY_MLDSA65, "ML-DSA-65", mldsa_gen_opt, NULL, mldsa65_gen_key, mldsa_print,
	mldsa_check, mldsa_sign, mldsa_verify, NULL, 1, NULL, NULL };
const pkey_ops pkey_ops_mldsa87 = { EMBER_PKEY_MLDSA87, "ML-DSA-87", mldsa_gen_opt, NULL, mldsa87_gen_key, mldsa_print,
	mldsa_check, mldsa_sign, mldsa_verify, NULL, 1, NULL, NULL };
const pkey_ops pkey_ops_mlkem512 = { EMBER_PKEY_MLKEM512, "ML-KEM-512", mlkem_gen_opt, NULL, mlkem512_gen_key,
	mlkem_print, mlkem_check, NULL, NULL, NULL, 0, mlkem_encap, mlkem_decap };
const pkey_ops pkey_ops_mlkem768 = { EMBER_PKEY_MLKEM768, "ML-KEM-768", mlkem_gen_opt, NULL, mlkem768_gen_key,
	mlkem_print, mlkem_check, NULL, NULL, NULL, 0, mlkem_encap, mlkem_decap };
const pkey_ops pkey_ops_mlkem1024 = { EMBER_PKEY_MLKEM1024, "ML-KEM-1024", mlkem_gen_opt, NULL, mlkem1024_gen_key,
	mlkem_print, mlkem_check, NULL, NULL, NULL, 0, mlkem_encap, mlkem_decap };
