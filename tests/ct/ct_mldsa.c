/*
 * ct_mldsa.c - ML-DSA (src/pq/mldsa*.c) under ctgrind, every set and every
 * implementation this CPU supports (ember_mldsa_at: ref, avx2 ...; the
 * calls from a seed, rnd or mu through the _with forms, the random ones
 * through the default):
 *  - key generation from a secret seed xi (and from the system random
 *    source, marked secret inside the library); rho, which the library
 *    declassifies because it begins pk, may steer the matrix sampling, and
 *    the refusals of ExpandS's rejection sampling are declassified there;
 *  - signing with the secret parts of sk undefined (K, s1, s2, t0; rho and
 *    tr are public) and a secret rnd, from (msg, ctx), from mu, and hedged
 *    (rnd from the system source, marked secret inside): only what
 *    mldsa.c declassifies per attempt (c~, the verdicts of the rejection
 *    checks, the accepted attempt's hints) may steer a branch or an index;
 *  - the small-stack paths (src/pq/mldsa_small.c, called directly: they
 *    are the public calls' only with EMBER_MLDSA_SMALL_STACK=1): signing
 *    from mu with the same secrets (the same signature as the default
 *    path's), and t made again from the secret sk and compared with its
 *    t0 (the verdict declassified by the caller, as
 *    ember_mldsa_public_from_private does); verification of the result.
 * The results are declassified after each call and checked (the keys
 * against a second, public run; each signature verified), so the check ran
 * the real computation.
 */
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "ember/mldsa.h"
#include "pq/mldsa_int.h"
#include "ct_extra.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

unsigned ct_mldsa(void);

/* the secret parts of sk: K (32 bytes at 32) and s1 || s2 || t0 (from 128 to the end) */
static void secret_sk(uint8_t *sk, size_t skl)
{
	SECRET(sk + 32, 32);
	SECRET(sk + 128, skl - 128);
}

static int check_set(const ember_mldsa_desc *d, int set)
{
	size_t pkl = EMBER_MLDSA_PK_LEN(set), skl = EMBER_MLDSA_SK_LEN(set), sl = EMBER_MLDSA_SIG_LEN(set);
	uint8_t seed[32], rnd[32], mu[64], msg[40], ctx[5] = "ctgr";
	uint8_t pk[EMBER_MLDSA_PK_MAX], sk[EMBER_MLDSA_SK_MAX], pk2[EMBER_MLDSA_PK_MAX], sk2[EMBER_MLDSA_SK_MAX];
	uint8_t sig[EMBER_MLDSA_SIG_MAX], sig2[EMBER_MLDSA_SIG_MAX];
	size_t i;
	int r, n;

	for (i = 0; i < sizeof(seed); i++)
		seed[i] = (uint8_t)(3 * i + 1 + (unsigned)set);
	for (i = 0; i < sizeof(rnd); i++)
		rnd[i] = (uint8_t)(5 * i + 2);
	for (i = 0; i < sizeof(msg); i++)
		msg[i] = (uint8_t)(7 * i);

	r = ember_mldsa_keygen_seed_with(d, set, pk2, pkl, sk2, skl, seed);
	if (r != 0)
		return 0;
	SECRET(seed, sizeof(seed));
	r = ember_mldsa_keygen_seed_with(d, set, pk, pkl, sk, skl, seed);
	PUBLIC(&r, sizeof(r));
	PUBLIC(pk, pkl);
	PUBLIC(sk, skl);
	PUBLIC(seed, sizeof(seed));
	if (r != 0 || memcmp(pk, pk2, pkl) != 0 || memcmp(sk, sk2, skl) != 0)
		return 0;

	r = ember_mldsa_keygen(set, pk2, pkl, sk2, skl);
	PUBLIC(&r, sizeof(r));
	PUBLIC(pk2, pkl);
	PUBLIC(sk2, skl);
	if (r != 0)
		return 0;

	/* several messages, so that some signatures take more than one attempt */
	for (n = 0; n < 3; n++) {
		msg[0] = (uint8_t)n;
		secret_sk(sk, skl);
		SECRET(rnd, sizeof(rnd));
		r = ember_mldsa_sign_rnd_with(d, set, sig, sl, sk, skl, msg, sizeof(msg), ctx, 4, rnd);
		PUBLIC(&r, sizeof(r));
		PUBLIC(sig, sl);
		PUBLIC(sk, skl);
		PUBLIC(rnd, sizeof(rnd));
		if (r != 0 || ember_mldsa_verify_with(d, set, pk, pkl, msg, sizeof(msg), ctx, 4, sig, sl) != 0)
			return 0;
	}
	/* from mu, the same signature */
	if (ember_mldsa_mu(set, mu, pk, pkl, msg, sizeof(msg), ctx, 4) != 0)
		return 0;
	secret_sk(sk, skl);
	SECRET(rnd, sizeof(rnd));
	r = ember_mldsa_sign_mu_with(d, set, sig2, sl, sk, skl, mu, rnd);
	PUBLIC(&r, sizeof(r));
	PUBLIC(sig2, sl);
	PUBLIC(sk, skl);
	PUBLIC(rnd, sizeof(rnd));
	if (r != 0 || memcmp(sig, sig2, sl) != 0)
		return 0;
	/* the small-stack path from mu: the same signature; t from sk, compared with its t0 */
	{
		const mldsa_ops *o = mldsa_ops_of(d);
		const mldsa_params *p = mldsa_params_of(set);
		uint8_t pk3[EMBER_MLDSA_PK_MAX];
		uint32_t diff;
		if (o == NULL || p == NULL)
			return 0;
		memset(sig2, 0, sl);
		secret_sk(sk, skl);
		SECRET(rnd, sizeof(rnd));
		mldsa_sign_small(o, p, sig2, sk, mu, rnd);
		PUBLIC(sig2, sl);
		PUBLIC(sk, skl);
		PUBLIC(rnd, sizeof(rnd));
		if (memcmp(sig, sig2, sl) != 0 || mldsa_verify_small(o, p, pk, mu, sig2) != 0)
			return 0;
		memset(pk3, 0, pkl);
		memcpy(pk3, sk, 32);
		secret_sk(sk, skl);
		diff = mldsa_make_t_small(o, p, pk3, NULL, sk);
		PUBLIC(&diff, sizeof(diff));
		PUBLIC(pk3, pkl);
		PUBLIC(sk, skl);
		if (diff != 0 || memcmp(pk, pk3, pkl) != 0)
			return 0;
	}
	/* hedged, with the key of the random seed */
	secret_sk(sk2, skl);
	r = ember_mldsa_sign(set, sig2, sl, sk2, skl, msg, sizeof(msg), NULL, 0);
	PUBLIC(&r, sizeof(r));
	PUBLIC(sig2, sl);
	PUBLIC(sk2, skl);
	if (r != 0 || ember_mldsa_verify(set, pk2, pkl, msg, sizeof(msg), NULL, 0, sig2, sl) != 0)
		return 0;
	return 1;
}

unsigned ct_mldsa(void)
{
	static const int sets[3] = { EMBER_MLDSA44, EMBER_MLDSA65, EMBER_MLDSA87 };
	unsigned s, done = 0;
	size_t i;

	for (i = 0; i < ember_mldsa_count(); i++) {
		const ember_mldsa_desc *d = ember_mldsa_at(i);
		if (!ember_mldsa_supported(d)) {
			printf("skipped: ML-DSA %s (not supported on this CPU)\n", d->impl);
			continue;
		}
		for (s = 0; s < 3; s++) {
			if (!check_set(d, sets[s])) {
				printf("FAILED: ML-DSA-%d (%s) gave a wrong result under valgrind\n", sets[s], d->impl);
				continue;
			}
			printf("checked: ML-DSA-%d (%s) keygen (secret xi), sign (secret K, s1, s2, t0, rnd; from msg, mu, "
			       "hedged; small-stack sign and t)\n",
			    sets[s], d->impl);
			done++;
		}
	}
	return done;
}
