/*
 * fuzz_mldsa.c - ML-DSA's inputs that come from strangers (signatures,
 * public keys, expanded secret keys), under fixed keys made from fixed
 * seeds and one deterministic signature of a fixed message:
 *
 *   [0] % 3 the set (44, 65, 87); [1] % 3 selects, [2..] the input:
 *     0  a signature to verify: of the set's length it must give 0 exactly
 *        when it is the one valid signature made here (any other accepted
 *        would be a forgery or a non-canonical encoding let through), else
 *        EMBER_EVERIFY, and ember_mldsa_verify_mu must agree; any other
 *        length EMBER_ELEN
 *     1  a public key: the fixed signature verifies under it exactly when
 *        it is the real key; wrong lengths EMBER_ELEN
 *     2  a secret key: signing must give EMBER_ELEN for a wrong length,
 *        EMBER_EDECODE exactly when an s1 or s2 coefficient (decoded here)
 *        is outside [-eta, eta] with sig untouched, else 0, and the
 *        deterministic signature twice the same
 * A disagreement aborts.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ember/mldsa.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const int sets[3] = { EMBER_MLDSA44, EMBER_MLDSA65, EMBER_MLDSA87 };

static struct {
	int ready;
	uint8_t pk[EMBER_MLDSA_PK_MAX], sk[EMBER_MLDSA_SK_MAX], sig[EMBER_MLDSA_SIG_MAX], mu[64];
} keys[3];

static const uint8_t msg[16] = "fuzz_mldsa msg";
static const uint8_t zero[32];

static void setup(unsigned s)
{
	uint8_t seed[32];
	int set = sets[s];
	unsigned i;

	if (keys[s].ready)
		return;
	for (i = 0; i < sizeof(seed); i++)
		seed[i] = (uint8_t)(i * 7 + s);
	if (ember_mldsa_keygen_seed(set, keys[s].pk, EMBER_MLDSA_PK_LEN(set), keys[s].sk, EMBER_MLDSA_SK_LEN(set), seed) !=
	        0 ||
	    ember_mldsa_sign_rnd(set, keys[s].sig, EMBER_MLDSA_SIG_LEN(set), keys[s].sk, EMBER_MLDSA_SK_LEN(set), msg,
	        sizeof(msg), NULL, 0, zero) != 0 ||
	    ember_mldsa_mu(set, keys[s].mu, keys[s].pk, EMBER_MLDSA_PK_LEN(set), msg, sizeof(msg), NULL, 0) != 0)
		abort();
	keys[s].ready = 1;
}

static void verify_sig(unsigned s, const uint8_t *sig, size_t len)
{
	int set = sets[s];
	size_t pkl = EMBER_MLDSA_PK_LEN(set), sl = EMBER_MLDSA_SIG_LEN(set);
	int r = ember_mldsa_verify(set, keys[s].pk, pkl, msg, sizeof(msg), NULL, 0, sig, len);
	int r2 = ember_mldsa_verify_mu(set, keys[s].pk, pkl, keys[s].mu, sig, len);

	if (r != r2)
		abort();
	if (len != sl) {
		if (r != EMBER_ELEN)
			abort();
		return;
	}
	if (r != (memcmp(sig, keys[s].sig, sl) == 0 ? 0 : EMBER_EVERIFY))
		abort();
}

static void verify_pk(unsigned s, const uint8_t *pk, size_t len)
{
	int set = sets[s];
	size_t pkl = EMBER_MLDSA_PK_LEN(set), sl = EMBER_MLDSA_SIG_LEN(set);
	int r = ember_mldsa_verify(set, pk, len, msg, sizeof(msg), NULL, 0, keys[s].sig, sl);

	if (len != pkl) {
		if (r != EMBER_ELEN)
			abort();
		return;
	}
	if (r != (memcmp(pk, keys[s].pk, pkl) == 0 ? 0 : EMBER_EVERIFY))
		abort();
}

/* 1 when the packed s1 || s2 of |sk| holds a coefficient outside [-eta, eta] */
static int sk_bad(int set, const uint8_t *sk)
{
	unsigned k = set == 44 ? 4 : set == 65 ? 6 : 8, l = set == 44 ? 4 : set == 65 ? 5 : 7, i, j;
	const uint8_t *s = sk + 128;

	if (set == 65) {
		for (i = 0; i < (k + l) * 128; i++)
			if ((s[i] & 15) > 8 || (s[i] >> 4) > 8)
				return 1;
		return 0;
	}
	for (i = 0; i < (k + l) * 96; i += 3) {
		uint32_t w = s[i] | (uint32_t)s[i + 1] << 8 | (uint32_t)s[i + 2] << 16;
		for (j = 0; j < 8; j++)
			if (((w >> (3 * j)) & 7) > 4)
				return 1;
	}
	return 0;
}

static void sign_sk(unsigned s, const uint8_t *sk, size_t len)
{
	int set = sets[s];
	size_t skl = EMBER_MLDSA_SK_LEN(set), sl = EMBER_MLDSA_SIG_LEN(set), i;
	uint8_t sig1[EMBER_MLDSA_SIG_MAX], sig2[EMBER_MLDSA_SIG_MAX];
	int r, want;

	memset(sig1, 0xa5, sizeof(sig1));
	r = ember_mldsa_sign_rnd(set, sig1, sl, sk, len, msg, sizeof(msg), NULL, 0, zero);
	want = len != skl ? EMBER_ELEN : sk_bad(set, sk) ? EMBER_EDECODE : 0;
	if (r != want)
		abort();
	if (r != 0) {
		for (i = 0; i < sizeof(sig1); i++)
			if (sig1[i] != 0xa5)
				abort();
		return;
	}
	if (ember_mldsa_sign_rnd(set, sig2, sl, sk, len, msg, sizeof(msg), NULL, 0, zero) != 0 ||
	    memcmp(sig1, sig2, sl) != 0)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned s;

	if (size < 2)
		return 0;
	s = data[0] % 3;
	setup(s);
	switch (data[1] % 3) {
	case 0:
		verify_sig(s, data + 2, size - 2);
		break;
	case 1:
		verify_pk(s, data + 2, size - 2);
		break;
	default:
		sign_sk(s, data + 2, size - 2);
		break;
	}
	return 0;
}
