/*
 * mldsa.h - ML-DSA-44, ML-DSA-65 and ML-DSA-87 (FIPS 204, August 2024),
 * the module-lattice digital signature algorithm ("pure" ML-DSA, with
 * FIPS 204's context string).
 *
 *   ember_mldsa_keygen(set, pk, pk_len, sk, sk_len);                  a key pair, random seed xi
 *   ember_mldsa_sign(set, sig, sig_len, sk, sk_len, msg, msg_len, ctx, ctx_len);    hedged
 *   ember_mldsa_verify(set, pk, pk_len, msg, msg_len, ctx, ctx_len, sig, sig_len);  0 or EMBER_EVERIFY
 *
 * |set| is EMBER_MLDSA44, EMBER_MLDSA65 or EMBER_MLDSA87 (the numbers 44,
 * 65, 87). Keys and signatures are the standard's byte strings: pk =
 * pkEncode(rho, t1), sk = skEncode(rho, K, tr, s1, s2, t0) (the expanded
 * form, not the 32-byte seed; ember_mldsa_keygen_seed makes both from the
 * seed, for callers that store the seed), sig = sigEncode(c~, z, h).
 *
 * Every buffer that varies with the set comes with its length, which must
 * be exactly the set's (EMBER_MLDSA<n>_PK_LEN ...; EMBER_MLDSA_PK_LEN(set)
 * computes it): EMBER_ELEN otherwise, before anything is read or written.
 * The 32- and 64-byte values (seed, rnd, mu) are fixed arrays. A message or
 * context of length 0 may be NULL.
 *
 * Errors: EMBER_EINVAL (NULL pointer, unknown set), EMBER_ELEN (a key or
 * signature length not the set's), EMBER_ERANGE (a context longer than 255
 * bytes), EMBER_EVERIFY (the signature does not verify: wrong, malformed,
 * z out of range, hints not canonical), EMBER_EDECODE (sk holds an s1 or s2
 * coefficient outside [-eta, eta]), EMBER_ERANDOM (the system random source
 * failed). On any error no output buffer is written.
 *
 * Constant time: key generation and signing take time independent of the
 * seed, K, s1, s2, t0, rnd and the mask y, but for what FIPS 204 lets leak
 * and the code declassifies explicitly (src/pq/mldsa.c): rho (public, in
 * pk), the rejection sampling of s1 and s2 (which nibbles of the PRF output
 * were refused, not the values kept), and per signing attempt the challenge
 * c~ and the verdicts of the rejection checks (a rejected attempt's z, r0
 * and hints stay secret; the accepted one's are the signature). Rounding is
 * multiply-and-shift, no division of secret data. Verification handles
 * public data only. Every stack copy of a secret is wiped. No malloc.
 *
 * Stack: the matrix A is never held: its entries are sampled four at a time
 * (src/hash/keccak_x4.h) and multiplied into the accumulators as their
 * coefficients come, and s1, s2 and t0 stay packed in sk. Measured peak
 * (x86-64, gcc 12 -O2, any set, either implementation): key generation
 * 14 KiB, signing 26.5 KiB (two attempts prepared per sampling of A for
 * ML-DSA-44 and -65), verification 14 KiB; src/pq/mldsa.c has the
 * figures of each and the 32-bit estimates. Built with
 * -DEMBER_MLDSA_SMALL_STACK=1 (a compile-time option; default 0), signing,
 * verification and key generation's t hold no vector of polynomials at
 * all (src/pq/mldsa_small.c: A times the vector one row at a time, the
 * vector's entries rebuilt per row, w recomputed for the hints): ML-DSA-65
 * signs in 4.4 KiB on x86-64 and 3.5 KiB on ARMv7, the same signatures, at
 * about 3x the work to sign and 1.3x to verify.
 *
 * Implementations: descriptors in the registry, as ML-KEM's (ember/mlkem.h):
 * "ref", portable C (src/pq/mldsa_ref.c: 32x32->64 products only, so
 * 32-bit cores run it in constant time), and "avx2" (x86-64,
 * src/pq/mldsa_avx2.c: the transforms, products, rounding and norm checks
 * on eight coefficients a register); both constant-time, both the same
 * stack. The calls above use the registry's default for this CPU; the
 * _with forms below take a named one (ember_mldsa_find).
 */
#ifndef EMBER_MLDSA_H
#define EMBER_MLDSA_H

#include <stddef.h>
#include <stdint.h>

#include "util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The parameter sets (FIPS 204, Table 1): the numbers are the sets' names. */
enum ember_mldsa_set {
	EMBER_MLDSA44 = 44, /* k = 4, l = 4, eta = 2, tau = 39, gamma1 = 2^17 */
	EMBER_MLDSA65 = 65, /* k = 6, l = 5, eta = 4, tau = 49, gamma1 = 2^19 */
	EMBER_MLDSA87 = 87  /* k = 8, l = 7, eta = 2, tau = 60, gamma1 = 2^19 */
};

#define EMBER_MLDSA_SEED_LEN 32 /* xi of key generation */
#define EMBER_MLDSA_RND_LEN 32  /* rnd of signing (all zero: the deterministic variant) */
#define EMBER_MLDSA_MU_LEN 64   /* the message representative mu */
#define EMBER_MLDSA_CTX_MAX 255 /* the longest context string */

#define EMBER_MLDSA44_PK_LEN 1312
#define EMBER_MLDSA44_SK_LEN 2560
#define EMBER_MLDSA44_SIG_LEN 2420
#define EMBER_MLDSA65_PK_LEN 1952
#define EMBER_MLDSA65_SK_LEN 4032
#define EMBER_MLDSA65_SIG_LEN 3309
#define EMBER_MLDSA87_PK_LEN 2592
#define EMBER_MLDSA87_SK_LEN 4896
#define EMBER_MLDSA87_SIG_LEN 4627
/* The largest of each, for buffers that serve every set. */
#define EMBER_MLDSA_PK_MAX EMBER_MLDSA87_PK_LEN
#define EMBER_MLDSA_SK_MAX EMBER_MLDSA87_SK_LEN
#define EMBER_MLDSA_SIG_MAX EMBER_MLDSA87_SIG_LEN

/* The lengths of a set given as a value (0 for an unknown set). */
#define EMBER_MLDSA_PK_LEN(set) ((set) == 44 ? 1312u : (set) == 65 ? 1952u : (set) == 87 ? 2592u : 0u)
#define EMBER_MLDSA_SK_LEN(set) ((set) == 44 ? 2560u : (set) == 65 ? 4032u : (set) == 87 ? 4896u : 0u)
#define EMBER_MLDSA_SIG_LEN(set) ((set) == 44 ? 2420u : (set) == 65 ? 3309u : (set) == 87 ? 4627u : 0u)

/* One implementation of ML-DSA's polynomial arithmetic, as the registry sees it. */
typedef struct ember_mldsa_desc {
	const char *name;       /* "mldsa" */
	const char *impl;       /* "ref", "avx2" */
	unsigned flags;         /* EMBER_IMPL_CT, EMBER_IMPL_HW */
	int (*supported)(void); /* NULL: always */
	const void *ops;        /* the implementation's operations (private type) */
} ember_mldsa_desc;

/* ember_mldsa_count and ember_mldsa_at enumerate every registered implementation, in preference order. */
size_t ember_mldsa_count(void);
const ember_mldsa_desc *ember_mldsa_at(size_t i);
int ember_mldsa_supported(const ember_mldsa_desc *d);
/* Implementation |impl|, or (impl NULL) the default for this CPU; NULL when none or not supported. */
const ember_mldsa_desc *ember_mldsa_find(const char *impl);

/*
 * ember_mldsa_keygen draws xi (32 bytes) from the system's random source
 * (ember_random_bytes) and writes ML-DSA.KeyGen_internal(xi) (FIPS 204,
 * Algorithm 6). Returns 0, EMBER_ERANDOM, EMBER_ELEN or EMBER_EINVAL.
 */
int ember_mldsa_keygen(int set, uint8_t *pk, size_t pk_len, uint8_t *sk, size_t sk_len);

/* ember_mldsa_keygen_seed: the same from the caller's |seed| xi (Wycheproof's "privateSeed", ACVP's "seed"). */
int ember_mldsa_keygen_seed(int set, uint8_t *pk, size_t pk_len, uint8_t *sk, size_t sk_len,
    const uint8_t seed[EMBER_MLDSA_SEED_LEN]);

/*
 * ember_mldsa_public_from_private writes the public key of the expanded
 * private key |sk| (pk = rho || t1, t1 from A s1 + s2, FIPS 204 Algorithm
 * 6), for a key stored without its seed (RFC 9881's expandedKey). |sk| is
 * checked as it is read: EMBER_EDECODE for an s1 or s2 coefficient outside
 * [-eta, eta], EMBER_ERANGE when its t0 or tr is not the one its s1, s2
 * and rho give (a damaged or forged key); EMBER_ELEN, EMBER_EINVAL.
 */
int ember_mldsa_public_from_private(int set, uint8_t *pk, size_t pk_len, const uint8_t *sk, size_t sk_len);

/*
 * ember_mldsa_sign writes the hedged signature ML-DSA.Sign(sk, msg, ctx)
 * (FIPS 204, Algorithm 2: a fresh 32-byte rnd from the system's random
 * source; M' = 0 || |ctx| || ctx || msg) to |sig| (exactly the set's
 * length). Returns 0, EMBER_ERANGE (ctx_len > 255), EMBER_EDECODE (sk
 * malformed), EMBER_ERANDOM, EMBER_ELEN or EMBER_EINVAL.
 */
int ember_mldsa_sign(int set, uint8_t *sig, size_t sig_len, const uint8_t *sk, size_t sk_len, const uint8_t *msg,
    size_t msg_len, const uint8_t *ctx, size_t ctx_len);

/* ember_mldsa_sign_rnd: the same with the caller's |rnd| (all zero: the deterministic variant). */
int ember_mldsa_sign_rnd(int set, uint8_t *sig, size_t sig_len, const uint8_t *sk, size_t sk_len,
    const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len, const uint8_t rnd[EMBER_MLDSA_RND_LEN]);

/*
 * ember_mldsa_verify: ML-DSA.Verify(pk, msg, sig, ctx) (FIPS 204, Algorithm
 * 3). Returns 0 when the signature is valid, EMBER_EVERIFY when not,
 * EMBER_ERANGE (ctx_len > 255), EMBER_ELEN (pk_len or sig_len not the
 * set's) or EMBER_EINVAL.
 */
int ember_mldsa_verify(int set, const uint8_t *pk, size_t pk_len, const uint8_t *msg, size_t msg_len,
    const uint8_t *ctx, size_t ctx_len, const uint8_t *sig, size_t sig_len);

/*
 * The internal interface (FIPS 204, 6.2 and 6.3) over the message
 * representative mu = H(tr || M', 64), tr = H(pk, 64), for "external mu"
 * callers and the NIST / Wycheproof vectors given as mu:
 *   ember_mldsa_mu computes mu for (pk, msg, ctx) (EMBER_ERANGE for
 *     ctx_len > 255, EMBER_ELEN, EMBER_EINVAL);
 *   ember_mldsa_sign_mu is ML-DSA.Sign_internal from mu and rnd;
 *   ember_mldsa_verify_mu is ML-DSA.Verify_internal from mu.
 */
int ember_mldsa_mu(int set, uint8_t mu[EMBER_MLDSA_MU_LEN], const uint8_t *pk, size_t pk_len, const uint8_t *msg,
    size_t msg_len, const uint8_t *ctx, size_t ctx_len);
int ember_mldsa_sign_mu(int set, uint8_t *sig, size_t sig_len, const uint8_t *sk, size_t sk_len,
    const uint8_t mu[EMBER_MLDSA_MU_LEN], const uint8_t rnd[EMBER_MLDSA_RND_LEN]);
int ember_mldsa_verify_mu(int set, const uint8_t *pk, size_t pk_len, const uint8_t mu[EMBER_MLDSA_MU_LEN],
    const uint8_t *sig, size_t sig_len);

/*
 * The same with implementation |d| (NULL: the default), for tests and
 * benchmarks; EMBER_EINVAL when |d| is not supported on this CPU. Every
 * implementation gives the same keys and signatures.
 */
int ember_mldsa_keygen_seed_with(const ember_mldsa_desc *d, int set, uint8_t *pk, size_t pk_len, uint8_t *sk,
    size_t sk_len, const uint8_t seed[EMBER_MLDSA_SEED_LEN]);
int ember_mldsa_public_from_private_with(const ember_mldsa_desc *d, int set, uint8_t *pk, size_t pk_len,
    const uint8_t *sk, size_t sk_len);
int ember_mldsa_sign_rnd_with(const ember_mldsa_desc *d, int set, uint8_t *sig, size_t sig_len, const uint8_t *sk,
    size_t sk_len, const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len,
    const uint8_t rnd[EMBER_MLDSA_RND_LEN]);
int ember_mldsa_sign_mu_with(const ember_mldsa_desc *d, int set, uint8_t *sig, size_t sig_len, const uint8_t *sk,
    size_t sk_len, const uint8_t mu[EMBER_MLDSA_MU_LEN], const uint8_t rnd[EMBER_MLDSA_RND_LEN]);
int ember_mldsa_verify_with(const ember_mldsa_desc *d, int set, const uint8_t *pk, size_t pk_len,
    const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len, const uint8_t *sig, size_t sig_len);
int ember_mldsa_verify_mu_with(const ember_mldsa_desc *d, int set, const uint8_t *pk, size_t pk_len,
    const uint8_t mu[EMBER_MLDSA_MU_LEN], const uint8_t *sig, size_t sig_len);

#ifdef __cplusplus
}
#endif

#endif
