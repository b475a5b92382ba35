/*
 * mlkem.h - ML-KEM-512, ML-KEM-768 and ML-KEM-1024 (FIPS 203, August 2024),
 * the module-lattice key-encapsulation mechanism.
 *
 *   ember_mlkem_keygen(set, ek, ek_len, dk, dk_len);          a key pair, random d and z
 *   ember_mlkem_encaps(set, ct, ct_len, ss, ek, ek_len);       a ciphertext and its shared secret
 *   ember_mlkem_decaps(set, ss, dk, dk_len, ct, ct_len);       the shared secret of a ciphertext
 *
 * |set| is EMBER_MLKEM512, EMBER_MLKEM768 or EMBER_MLKEM1024 (the numbers
 * 512, 768, 1024). Keys are the standard's byte strings: the encapsulation
 * key ek (ByteEncode12 of t^ || rho) and the expanded decapsulation key dk
 * (dk_PKE || ek || H(ek) || z), not the 64-byte seed form; the _seed and
 * _m forms take the randomness (d || z, m) from the caller, for known
 * answers and for callers that store the seed.
 *
 * Every buffer that varies with the set comes with its length, which must
 * be exactly the set's (EMBER_MLKEM<n>_EK_LEN ...; EMBER_MLKEM_EK_LEN(set)
 * computes it): a buffer of another set, or a truncated one, is refused
 * with EMBER_ELEN before anything is read or written. The 32- and 64-byte
 * values (ss, m, the seed) are fixed arrays.
 *
 * Input checks (FIPS 203, 7.2 and 7.3) are always run:
 *   - encapsulation runs the modulus check on ek (every ByteDecode12
 *     coefficient below q): EMBER_ERANGE when it fails;
 *   - decapsulation runs the hash check on dk (the stored H(ek) equals
 *     H of the stored ek): EMBER_EDECODE when it fails.
 * Both are also callable alone (ember_mlkem_check_ek, ember_mlkem_check_dk).
 * A ciphertext of the right length is never refused: a wrong one gives the
 * implicit-rejection secret J(z || c) (FIPS 203, Algorithm 18), with return
 * 0, and the caller cannot tell the two apart, by the result or by timing.
 *
 * Errors: EMBER_EINVAL (NULL pointer, unknown set), EMBER_ELEN (a length
 * not the set's), EMBER_ERANGE (ek fails the modulus check), EMBER_EDECODE
 * (dk fails the hash check), EMBER_ERANDOM (the system random source
 * failed). On any error no output buffer is written (ss, ct, ek and dk keep
 * what they held).
 *
 * Constant time: key generation, encapsulation and decapsulation take time
 * independent of d, z, m, the secret part of dk and the shared secret; the
 * re-encryption comparison and the selection of K or J(z || c) are masked;
 * compression multiplies and shifts (no division of secret data by q:
 * "KyberSlash"). Only public data drives a branch or an index: the matrix
 * expansion's rejection sampling (from rho, part of ek), the lengths, and
 * the verdicts of the two input checks (both on public data, or on the
 * public parts of dk). Every stack copy of a secret is wiped. No malloc:
 * an operation uses less than 8 KiB of stack, any set (src/pq/mlkem_pke.h).
 *
 * Implementations: descriptors in the registry, as the curves' (ember/ec.h):
 * "ref", portable C (src/pq/mlkem_ref.c: 16x16->32 and 32x32->64 products
 * only, so 32-bit cores run it in constant time), and "avx2" (x86-64,
 * src/pq/mlkem_avx2.c); both constant-time. The calls above use the
 * registry's default for this CPU; the _with forms take a named one
 * (ember_mlkem_find), for tests and benchmarks. The matrix expansion and
 * the noise use the four-way Keccak (src/hash/keccak_x4.h).
 */
#ifndef EMBER_MLKEM_H
#define EMBER_MLKEM_H

#include <stddef.h>
#include <stdint.h>

#include "util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The parameter sets: the numbers are the sets' names, so a set cannot pass for a length of another. */
enum ember_mlkem_set {
	EMBER_MLKEM512 = 512,  /* k = 2, eta1 = 3, du = 10, dv = 4 */
	EMBER_MLKEM768 = 768,  /* k = 3, eta1 = 2, du = 10, dv = 4 */
	EMBER_MLKEM1024 = 1024 /* k = 4, eta1 = 2, du = 11, dv = 5 */
};

#define EMBER_MLKEM_SS_LEN 32   /* the shared secret K */
#define EMBER_MLKEM_SEED_LEN 64 /* d || z of key generation */
#define EMBER_MLKEM_M_LEN 32    /* m of encapsulation */

#define EMBER_MLKEM512_EK_LEN 800
#define EMBER_MLKEM512_DK_LEN 1632
#define EMBER_MLKEM512_CT_LEN 768
#define EMBER_MLKEM768_EK_LEN 1184
#define EMBER_MLKEM768_DK_LEN 2400
#define EMBER_MLKEM768_CT_LEN 1088
#define EMBER_MLKEM1024_EK_LEN 1568
#define EMBER_MLKEM1024_DK_LEN 3168
#define EMBER_MLKEM1024_CT_LEN 1568
/* The largest of each, for buffers that serve every set. */
#define EMBER_MLKEM_EK_MAX EMBER_MLKEM1024_EK_LEN
#define EMBER_MLKEM_DK_MAX EMBER_MLKEM1024_DK_LEN
#define EMBER_MLKEM_CT_MAX EMBER_MLKEM1024_CT_LEN

/* The lengths of a set given as a value (0 for an unknown set). */
#define EMBER_MLKEM_EK_LEN(set) \
	((set) == 512 ? 800u : (set) == 768 ? 1184u : (set) == 1024 ? 1568u : 0u)
#define EMBER_MLKEM_DK_LEN(set) \
	((set) == 512 ? 1632u : (set) == 768 ? 2400u : (set) == 1024 ? 3168u : 0u)
#define EMBER_MLKEM_CT_LEN(set) \
	((set) == 512 ? 768u : (set) == 768 ? 1088u : (set) == 1024 ? 1568u : 0u)

/* One implementation of ML-KEM's arithmetic, as the registry sees it. */
typedef struct ember_mlkem_desc {
	const char *name;       /* "mlkem" */
	const char *impl;       /* "ref", "avx2" */
	unsigned flags;         /* EMBER_IMPL_CT, EMBER_IMPL_HW */
	int (*supported)(void); /* NULL: always */
	const void *ops;        /* the implementation's operations (private type) */
} ember_mlkem_desc;

/* ember_mlkem_count and ember_mlkem_at enumerate every registered implementation, in preference order. */
size_t ember_mlkem_count(void);
const ember_mlkem_desc *ember_mlkem_at(size_t i);
int ember_mlkem_supported(const ember_mlkem_desc *d);
/* Implementation |impl|, or (impl NULL) the default for this CPU; NULL when none or not supported. */
const ember_mlkem_desc *ember_mlkem_find(const char *impl);

/*
 * ember_mlkem_keygen draws d and z (64 bytes) from the system's random
 * source (ember_random_bytes) and writes the key pair of
 * ML-KEM.KeyGen_internal(d, z) (FIPS 203, Algorithm 16). Returns 0,
 * EMBER_ERANDOM, EMBER_ELEN or EMBER_EINVAL (nothing written).
 */
int ember_mlkem_keygen(int set, uint8_t *ek, size_t ek_len, uint8_t *dk, size_t dk_len);

/*
 * ember_mlkem_keygen_seed: the same from |seed| = d || z (FIPS 203,
 * Algorithm 16, ML-KEM.KeyGen_internal; Wycheproof's and ACVP's "seed").
 * Returns 0, EMBER_ELEN or EMBER_EINVAL (nothing written).
 */
int ember_mlkem_keygen_seed(int set, uint8_t *ek, size_t ek_len, uint8_t *dk, size_t dk_len,
    const uint8_t seed[EMBER_MLKEM_SEED_LEN]);

/*
 * ember_mlkem_encaps draws m (32 bytes) from the system's random source and
 * writes ML-KEM.Encaps_internal(ek, m) (FIPS 203, Algorithm 17): the
 * ciphertext to |ct| and the shared secret to |ss|, after the modulus check
 * of |ek|. Returns 0, EMBER_ERANGE (ek fails the check), EMBER_ERANDOM,
 * EMBER_ELEN or EMBER_EINVAL; on error ct and ss are not written.
 */
int ember_mlkem_encaps(int set, uint8_t *ct, size_t ct_len, uint8_t ss[EMBER_MLKEM_SS_LEN], const uint8_t *ek,
    size_t ek_len);

/* ember_mlkem_encaps_m: the same with the caller's |m| (known-answer tests; m must be fresh and secret). */
int ember_mlkem_encaps_m(int set, uint8_t *ct, size_t ct_len, uint8_t ss[EMBER_MLKEM_SS_LEN],
    const uint8_t *ek, size_t ek_len, const uint8_t m[EMBER_MLKEM_M_LEN]);

/*
 * ember_mlkem_decaps writes ML-KEM.Decaps_internal(dk, ct) (FIPS 203,
 * Algorithm 18) to |ss|, after the hash check of |dk|: the shared secret,
 * or for a ciphertext that does not re-encrypt to itself, J(z || ct)
 * (implicit rejection: still 0). Returns 0, EMBER_EDECODE (dk fails the
 * hash check), EMBER_ELEN (dk_len or ct_len not the set's) or EMBER_EINVAL;
 * on error ss is not written.
 */
int ember_mlkem_decaps(int set, uint8_t ss[EMBER_MLKEM_SS_LEN], const uint8_t *dk, size_t dk_len,
    const uint8_t *ct, size_t ct_len);

/*
 * The same three with implementation |d| (NULL: the default); EMBER_EINVAL
 * when |d| is not supported on this CPU.
 */
int ember_mlkem_keygen_seed_with(const ember_mlkem_desc *d, int set, uint8_t *ek, size_t ek_len, uint8_t *dk,
    size_t dk_len, const uint8_t seed[EMBER_MLKEM_SEED_LEN]);
int ember_mlkem_encaps_m_with(const ember_mlkem_desc *d, int set, uint8_t *ct, size_t ct_len,
    uint8_t ss[EMBER_MLKEM_SS_LEN], const uint8_t *ek, size_t ek_len, const uint8_t m[EMBER_MLKEM_M_LEN]);
int ember_mlkem_decaps_with(const ember_mlkem_desc *d, int set, uint8_t ss[EMBER_MLKEM_SS_LEN], const uint8_t *dk,
    size_t dk_len, const uint8_t *ct, size_t ct_len);

/*
 * ember_mlkem_check_ek: FIPS 203, 7.2, the modulus check (ByteEncode12 of
 * ByteDecode12 of ek's first 384 k bytes gives them back: every 12-bit
 * coefficient is below q = 3329). Returns 0, EMBER_ERANGE, EMBER_ELEN or
 * EMBER_EINVAL.
 */
int ember_mlkem_check_ek(int set, const uint8_t *ek, size_t ek_len);

/*
 * ember_mlkem_check_dk: FIPS 203, 7.3, the hash check (H of the ek stored
 * in dk equals the h stored beside it). Returns 0, EMBER_EDECODE,
 * EMBER_ELEN or EMBER_EINVAL. The comparison is constant-time; its verdict
 * is public.
 */
int ember_mlkem_check_dk(int set, const uint8_t *dk, size_t dk_len);

#ifdef __cplusplus
}
#endif

#endif
