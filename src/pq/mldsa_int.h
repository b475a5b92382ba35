/*
 * mldsa_int.h - what src/pq/mldsa.c (the scheme: signing, verification),
 * src/pq/mldsa_keygen.c (key generation), src/pq/mldsa_poly.c (arithmetic
 * mod q, the encodings, the rounding functions), src/pq/mldsa_sample.c
 * (SampleInBall, ExpandMask one polynomial at a time), src/pq/mldsa_small.c (the small-stack paths,
 * EMBER_MLDSA_SMALL_STACK) and the implementations (mldsa_ref.c portable,
 * mldsa_avx2.c) share; not installed. FIPS 204 (August 2024) names in the
 * comments.
 *
 * An implementation is the polynomial arithmetic of mldsa_ops: the
 * transforms, the reductions, the products (A^'s entries into the
 * accumulators, the challenge's shifted sums), the rounding functions and
 * the norm check, each polynomial at a time. The scheme (mldsa.c,
 * mldsa_keygen.c: sampling, hashing, packing, the signing loop) is one
 * for all and calls them through the descriptor the registry chose. Every
 * implementation computes exactly the portable code's integers, so the
 * intermediate values, not only the results, agree.
 */
#ifndef EMBER_MLDSA_INT_H
#define EMBER_MLDSA_INT_H

#include <stddef.h>
#include <stdint.h>

#include "internal.h"
#include "ember/mldsa.h"

#define MLDSA_Q 8380417
#define MLDSA_N 256
#define MLDSA_D 13
#define MLDSA_MAXK 8
#define MLDSA_MAXL 7
#define MLDSA_MAXTAU 60
#define MLDSA_ETA_SLACK 8 /* room after a polynomial that rej_eta may write */

typedef struct {
	int32_t c[MLDSA_N];
} mldsa_poly;

/* The challenge c (SampleInBall): tau positions and signs; public once computed (see mldsa.c). */
typedef struct {
	unsigned tau;
	uint8_t pos[MLDSA_MAXTAU];
	int8_t sign[MLDSA_MAXTAU];
} mldsa_chal;

/* ---- the parameter sets and the matrix-vector product (mldsa.c) ---- */

typedef struct {
	int set;
	unsigned k, l, eta, tau, beta, omega;
	unsigned ctl;         /* bytes of c~: lambda / 4 */
	unsigned gamma1_bits; /* gamma1 = 2^gamma1_bits */
	int32_t gamma2;
	size_t pk_len, sk_len, sig_len;
	unsigned batch; /* signing attempts prepared per expansion of A^ (see mldsa.c's sign_internal) */
} mldsa_params;

/* packed sizes */
#define ETA_BYTES(p) ((p)->eta == 2 ? 96u : 128u)
#define Z_BYTES(p) (32u * ((p)->gamma1_bits + 1))
#define W1_BYTES(p) ((p)->gamma2 == (MLDSA_Q - 1) / 88 ? 192u : 128u)
/* sk = rho || K || tr || s1 || s2 || t0 */
#define SK_S1(p) 128u
#define SK_T0(p) (128u + ((p)->k + (p)->l) * ETA_BYTES(p))

/* two polynomials: matvec's slots, or the (-a || a) of a challenge product */
typedef union {
	mldsa_poly p[2];
	int32_t ext[2 * MLDSA_N];
} poly_pair;

/* One implementation's polynomial arithmetic (its descriptor's ops). */
typedef struct mldsa_ops {
	/* FIPS 204, Algorithm 41 (bit-reversed output, |a| grows by up to 8q), and Algorithm 42 times 2^32 (|a| < q) */
	void (*ntt)(mldsa_poly *a);
	void (*invntt_tomont)(mldsa_poly *a);
	void (*reduce)(mldsa_poly *a); /* reduce32 of each coefficient */
	void (*caddq)(mldsa_poly *a);  /* + q where negative */
	/*
	 * RejNTTPoly's loop over one block of SHAKE128 output (|len| <= 192),
	 * each accepted coefficient a_n multiplied into the accumulators:
	 * acc[b k]_n += a_n v_b,n 2^-32, v_b = pairs[b].p[slot], b < nb;
	 * returns the new count (from |ctr|). Public data (A^ from rho).
	 */
	unsigned (*rej_mac)(mldsa_poly *acc, unsigned k, const poly_pair *pairs, unsigned slot, unsigned nb,
	    unsigned ctr, const uint8_t *buf, unsigned len);
	/*
	 * RejBoundedPoly's loop (Algorithm 31) over one block: coefficients
	 * in [-eta, eta] appended to a from |ctr|; returns the new count (at
	 * most N). May write up to MLDSA_ETA_SLACK entries past it.
	 */
	unsigned (*rej_eta)(int8_t *a, unsigned ctr, const uint8_t *buf, unsigned len, unsigned eta);
	/* mldsa_chal_mac (below) */
	void (*chal_mac)(int32_t *r, const mldsa_chal *c, const int32_t *ext, int neg);
	/* 1 when some |a_i| >= bound (constant time) */
	uint32_t (*exceeds)(const mldsa_poly *a, int32_t bound);
	void (*power2round)(mldsa_poly *a1, mldsa_poly *a0, const mldsa_poly *a);
	/* HighBits into a1 (may be a), LowBits into a0 (NULL: not kept), a in [0, q) (constant time) */
	void (*decompose)(mldsa_poly *a1, mldsa_poly *a0, const mldsa_poly *a, int32_t gamma2);
	/* hm's bits |= MakeHint of (a0_n, a1_n) (as mldsa_make_hint); returns their number (secret; constant time) */
	uint32_t (*make_hint)(uint32_t hm[MLDSA_N / 32], const mldsa_poly *a0, const mldsa_poly *a1, int32_t gamma2);
	/* r_n = UseHint(a_n, hint[n]) (hint 0 or 1; public data) */
	void (*use_hint)(mldsa_poly *r, const mldsa_poly *a, const uint8_t hint[MLDSA_N], int32_t gamma2);
} mldsa_ops;

/* out = NTT(entry j of the vector whose packing starts at |src|) */
typedef void (*mldsa_vec_fn)(const mldsa_ops *o, const mldsa_params *p, mldsa_poly *out, unsigned j,
    const uint8_t *src);

/* The set's parameters (44, 65, 87), NULL for another number. */
const mldsa_params *mldsa_params_of(int set);
/* The operations of |d|, or (NULL) of the registry's default, cached; NULL when |d| is not supported here. */
const mldsa_ops *mldsa_ops_of(const ember_mldsa_desc *d);
/*
 * For each of |nb| vectors v_b (packed at src + b stride, entry j
 * transformed by |get|): acc[b k + i] = sum_j A^[i][j] o NTT(v_b,j) (times
 * 2^-32; |acc| < l q), A^ = ExpandA(rho) sampled once for all the vectors
 * and never held; |pairs| (nb of them) the transforms' room.
 */
void mldsa_matvec(const mldsa_ops *o, const mldsa_params *p, mldsa_poly *acc, poly_pair *pairs, unsigned nb,
    const uint8_t rho[32], mldsa_vec_fn get, const uint8_t *src, size_t stride);
/* s1 and s2 within [-eta, eta] (FIPS 204's skDecode assumes it, an imported key may not hold it): 0 or EMBER_EDECODE */
int mldsa_check_sk(const mldsa_params *p, const uint8_t *sk);

/* ---- sampling shared by both signing paths (mldsa_sample.c; FIPS 204, 7.3) ---- */

/* One polynomial of ExpandMask, y = BitUnpack(H(rho'' || nonce, 2)), streamed (no buffer of its bytes) */
void mldsa_mask_poly(const mldsa_params *p, mldsa_poly *y, const uint8_t rhopp[64], unsigned nonce);
/* SampleInBall (Algorithm 29) from c~ (public data: see mldsa.c's try_sign) */
void mldsa_sample_in_ball(mldsa_chal *c, const uint8_t *ct, size_t ctl, unsigned tau);

/* ---- the small-stack paths (mldsa_small.c) ---- */

/*
 * EMBER_MLDSA_SMALL_STACK (0 or 1, default 0): 1 makes ember_mldsa_sign*,
 * ember_mldsa_verify* and the key generation calls use the routines below
 * (a few KiB of stack instead of 14 to 27, for more time); both are in
 * every build, and give the same bytes and verdicts as the default ones.
 */
#ifndef EMBER_MLDSA_SMALL_STACK
#define EMBER_MLDSA_SMALL_STACK 0
#endif
/* Algorithm 7, ML-DSA.Sign_internal from mu, sk checked (mldsa_check_sk): the default path's signature */
EMBER_HIDDEN void mldsa_sign_small(const mldsa_ops *o, const mldsa_params *p, uint8_t *sig, const uint8_t *sk,
    const uint8_t mu[64], const uint8_t rnd[32]);
/* Algorithm 8, ML-DSA.Verify_internal from mu: 0 or EMBER_EVERIFY */
EMBER_HIDDEN int mldsa_verify_small(const mldsa_ops *o, const mldsa_params *p, const uint8_t *pk, const uint8_t mu[64],
    const uint8_t *sig);
/*
 * t = NTT^-1(A^ o NTT(s1)) + s2 (Algorithm 6) row by row from sk's rho, s1
 * and s2, and Power2Round: t1 into pk after rho, t0 into |t0| or (NULL)
 * compared with sk's (mldsa_keygen.c's make_t: the same contract)
 */
EMBER_HIDDEN uint32_t mldsa_make_t_small(const mldsa_ops *o, const mldsa_params *p, uint8_t *pk, uint8_t *t0,
    const uint8_t *sk);

/* ---- arithmetic mod q (mldsa_poly.c) ---- */

/* a 2^-32 mod q in (-q, q), for |a| < 2^31 q (Montgomery, R = 2^32; q^-1 mod 2^32 = 58728449) */
static inline int32_t mldsa_mont_reduce(int64_t a)
{
	int32_t t = (int32_t)((uint32_t)a * 58728449u);
	return (int32_t)((a - (int64_t)t * MLDSA_Q) >> 32);
}

/* zeta^BitRev8(i) 2^32 mod q, centred ([0] unused): the transforms' constants */
extern const int32_t mldsa_zetas[MLDSA_N];

void mldsa_poly_reduce(mldsa_poly *a);
void mldsa_poly_caddq(mldsa_poly *a);
void mldsa_poly_ntt(mldsa_poly *a);
void mldsa_poly_invntt_tomont(mldsa_poly *a);
/*
 * r += c a (|neg|: r -= c a) in Z[X]/(X^256 + 1), c the challenge, a small
 * (exact integers, no reduction), given as ext = (-a || a): ext[256 + i] =
 * a_i, and mldsa_chal_ext fills ext[0..255] from it.
 */
void mldsa_chal_ext(int32_t ext[2 * MLDSA_N]);
void mldsa_chal_mac(int32_t *r, const mldsa_chal *c, const int32_t *ext, int neg);
/* 1 when some |a_i| >= bound (constant time; the caller declassifies the verdict) */
uint32_t mldsa_poly_exceeds(const mldsa_poly *a, int32_t bound);

/* ---- encodings (FIPS 204, 7.1) ---- */
void mldsa_pack_t1(uint8_t r[320], const mldsa_poly *a);
void mldsa_unpack_t1(mldsa_poly *r, const uint8_t a[320]);
void mldsa_pack_t0(uint8_t r[416], const mldsa_poly *a);
void mldsa_unpack_t0(mldsa_poly *r, const uint8_t a[416]);
/* eta 2: 96 bytes, eta 4: 128 */
void mldsa_pack_eta(uint8_t *r, const int8_t a[MLDSA_N], unsigned eta);
void mldsa_unpack_eta(mldsa_poly *r, const uint8_t *a, unsigned eta);
/* 1 when a packed s holds a value outside [-eta, eta] (constant time) */
uint32_t mldsa_eta_invalid(const uint8_t *a, size_t len, unsigned eta);
/* gamma1 2^17: 576 bytes, 2^19: 640 */
void mldsa_pack_z(uint8_t *r, const mldsa_poly *a, unsigned gamma1_bits);
void mldsa_unpack_z(mldsa_poly *r, const uint8_t *a, unsigned gamma1_bits);
/* the same for |n| coefficients (n a multiple of 4), |a| their (9 n / 4 or 5 n / 2) bytes */
void mldsa_unpack_z_part(int32_t *r, const uint8_t *a, unsigned n, unsigned gamma1_bits);
/* w1Encode of one polynomial: 6 bits (gamma2 (q-1)/88) or 4 bits ((q-1)/32) */
void mldsa_pack_w1(uint8_t *r, const mldsa_poly *a, int32_t gamma2);
/* HintBitPack (Algorithm 20) of k rows of hint bits (public: an accepted attempt's) into omega + k bytes */
void mldsa_pack_hints(uint8_t *hs, const uint32_t hm[][MLDSA_N / 32], unsigned k, unsigned omega);
/* HintBitUnpack's checks (Algorithm 21), public data: 1 when |hs| is a valid encoding */
int mldsa_hints_valid(const uint8_t *hs, unsigned k, unsigned omega);

/* ---- rounding (FIPS 204, 7.4) ---- */
/* Power2Round of a in [0, q): a = a1 2^d + a0 */
void mldsa_power2round(mldsa_poly *a1, mldsa_poly *a0, const mldsa_poly *a);
/* Decompose of a in [0, q): returns a1 (HighBits), a0 (LowBits) in *a0 */
int32_t mldsa_decompose(int32_t *a0, int32_t a, int32_t gamma2);
/* MakeHint in the reference form: a0 the low part with -ct0 folded in, a1 the high bits (constant time) */
uint32_t mldsa_make_hint(int32_t a0, int32_t a1, int32_t gamma2);
/* UseHint of a in [0, q) (public data) */
int32_t mldsa_use_hint(int32_t a, unsigned hint, int32_t gamma2);

#endif
