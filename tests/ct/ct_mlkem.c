/*
 * ct_mlkem.c - ML-KEM (src/pq/mlkem*.c) under ctgrind, every set and every
 * implementation this CPU supports (ember_mlkem_at: ref, avx2 ...):
 *  - key generation from a secret seed d || z (and from the system random
 *    source, marked secret inside the library); only rho, which the
 *    library declassifies because it ends ek, may steer the matrix
 *    expansion's rejection sampling;
 *  - encapsulation with a secret m under a public ek (and with a random m);
 *  - decapsulation with the secret parts of dk undefined (dk_PKE, the
 *    vector s, and z; its ek and H(ek) are public, so the hash check's
 *    verdict and the matrix expansion are too) of the valid ciphertext and
 *    of a tampered one: the re-encryption comparison and the choice of K
 *    or J(z || c) must not branch.
 * The results are declassified after each call and checked, so the check
 * ran the real computation.
 */
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "ember/mlkem.h"
#include "ct_extra.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

static int check_set(const ember_mlkem_desc *d, int set)
{
	size_t ekl = EMBER_MLKEM_EK_LEN(set), dkl = EMBER_MLKEM_DK_LEN(set), ctl = EMBER_MLKEM_CT_LEN(set);
	size_t sl = dkl - ekl - 64; /* dk_PKE: 384 k bytes */
	uint8_t seed[64], m[32], ek[EMBER_MLKEM_EK_MAX], dk[EMBER_MLKEM_DK_MAX], ct[EMBER_MLKEM_CT_MAX];
	uint8_t ek2[EMBER_MLKEM_EK_MAX], dk2[EMBER_MLKEM_DK_MAX], ss[32], ss2[32], ss3[32];
	size_t i;
	int r;

	for (i = 0; i < sizeof(seed); i++)
		seed[i] = (uint8_t)(3 * i + 1);
	for (i = 0; i < sizeof(m); i++)
		m[i] = (uint8_t)(5 * i + 2);

	SECRET(seed, sizeof(seed));
	r = ember_mlkem_keygen_seed_with(d, set, ek, ekl, dk, dkl, seed);
	PUBLIC(&r, sizeof(r));
	PUBLIC(ek, ekl);
	PUBLIC(dk, dkl);
	PUBLIC(seed, sizeof(seed));
	if (r != 0)
		return 0;

	r = ember_mlkem_keygen(set, ek2, ekl, dk2, dkl);
	PUBLIC(&r, sizeof(r));
	PUBLIC(ek2, ekl);
	PUBLIC(dk2, dkl);
	if (r != 0)
		return 0;

	SECRET(m, sizeof(m));
	r = ember_mlkem_encaps_m_with(d, set, ct, ctl, ss, ek, ekl, m);
	PUBLIC(&r, sizeof(r));
	PUBLIC(ct, ctl);
	PUBLIC(ss, sizeof(ss));
	PUBLIC(m, sizeof(m));
	if (r != 0)
		return 0;

	r = ember_mlkem_encaps(set, ct + 0, ctl, ss3, ek2, ekl);
	PUBLIC(&r, sizeof(r));
	PUBLIC(ct, ctl);
	PUBLIC(ss3, sizeof(ss3));
	if (r != 0)
		return 0;
	/* back to the ciphertext of m under ek */
	r = ember_mlkem_encaps_m_with(d, set, ct, ctl, ss, ek, ekl, m);
	if (r != 0)
		return 0;

	/* the valid ciphertext, then a tampered one */
	for (i = 0; i < 2; i++) {
		if (i == 1)
			ct[ctl / 2] ^= 0x08;
		SECRET(dk, sl);
		SECRET(dk + dkl - 32, 32);
		r = ember_mlkem_decaps_with(d, set, ss2, dk, dkl, ct, ctl);
		PUBLIC(&r, sizeof(r));
		PUBLIC(ss2, sizeof(ss2));
		PUBLIC(dk, dkl);
		if (r != 0 || (memcmp(ss, ss2, 32) == 0) != (i == 0))
			return 0;
	}
	return 1;
}

unsigned ct_mlkem(void)
{
	static const int sets[3] = { EMBER_MLKEM512, EMBER_MLKEM768, EMBER_MLKEM1024 };
	unsigned s, done = 0;
	size_t i;

	for (i = 0; i < ember_mlkem_count(); i++) {
		const ember_mlkem_desc *d = ember_mlkem_at(i);
		if (!ember_mlkem_supported(d)) {
			printf("skipped: ML-KEM %s (not supported on this CPU)\n", d->impl);
			continue;
		}
		for (s = 0; s < 3; s++) {
			if (!check_set(d, sets[s])) {
				printf("FAILED: ML-KEM-%d (%s) gave a wrong result under valgrind\n", sets[s], d->impl);
				continue;
			}
			printf("checked: ML-KEM-%d (%s) keygen (secret d, z), encaps (secret m), decaps (secret s, z; valid "
			       "and tampered ciphertext)\n",
			    sets[s], d->impl);
			done++;
		}
	}
	return done;
}
