/*
 * mldsa_small.c - ML-DSA (FIPS 204) signing, verification and the t of key
 * generation in a few KiB of stack, for EMBER_MLDSA_SMALL_STACK=1
 * (mldsa_int.h): the strategy of pqm4's "stack" variants (Greconici,
 * Kannwischer, Sprenkels, "Compact Dilithium implementations on Cortex-M3
 * and Cortex-M4", TCHES 2021(1)), carried further: no vector of
 * polynomials is held, only single polynomials that are recomputed or
 * streamed. The bytes and verdicts are mldsa.c's and mldsa_keygen.c's
 * (tests/t_mldsa_small.c compares them), and the leaks those allow are
 * the only ones here.
 *
 *  - A^ y, A^ z and A^ s1 row by row (row): entry A^[i][j] sampled with
 *    one SHAKE128 and multiplied into the row's accumulator as rejection
 *    sampling accepts each coefficient; the vector's entry j recomputed
 *    for every row: y_j from ExpandMask (streamed, mldsa_mask_poly), z_j
 *    from the signature, s1_j from sk, then its NTT. Two polynomials live:
 *    the accumulator and the entry.
 *  - Signing does each attempt in three passes: the rows of w give w1,
 *    absorbed into c~'s hash as they come (challenge); then z_j = y_j + c
 *    s1_j with y_j recomputed, checked and packed into the signature one
 *    at a time (z_entry); then, once z passed, w's rows are computed again
 *    (a second A^ y, the price of not holding w: k polynomials) and each
 *    row's r0 = LowBits(w) - c s2, c t0 and hints are made and checked
 *    (hint_row). The hints are kept as a bitmap (k x 32 bytes) until the
 *    attempt is accepted, as mldsa.c does.
 *  - s1, s2, t0 and t1 stay packed and are unpacked one polynomial at a
 *    time; c's products are tau shifted sums over a polynomial (the runs
 *    of chal_mac) or, for c t0, whose value must be checked before it is
 *    added, coefficient by coefficient (chal_coef): no third polynomial.
 * The implementation's transforms and reductions are used (mldsa_ops); the
 * sampling of A^ and the per-coefficient rounding are the portable scalar
 * code, which every implementation equals integer for integer.
 *
 * Peak stack, every set (2026-12-03, painted stack over an empty call's):
 * x86-64 gcc 12 -O2, `EMBER_CPUCAP=none ember speed -stack` of an
 * EMBER_MLDSA_SMALL_STACK=1 build, keygen / sign / verify 4144 / 4368 /
 * 4144-4208 bytes (default path 13840 / 27136 / 14208); armhf (gcc 12
 * -O2 -mcpu=cortex-a9, qemu-arm, scripts/mldsa-stack.c) sign 3464, verify
 * 3456-3504 (default 26312, 13504). About 0.7 KiB of it is the Keccak
 * permutation's frame on x86-64. Cost, instructions under qemu-arm
 * (cortex-a9, the same 8 messages): signing 3.0x (ML-DSA-44), 3.2x (65),
 * 3.0x (87) the default path's, verification 1.3x; the second A^ y of each
 * attempt that passes z, the k-fold ExpandMask and NTT of y, and one-lane
 * instead of four-lane Keccak make the difference.
 *
 * Constant time: as mldsa.c. c~ is declassified once made (FIPS 204
 * lets it leak: see mldsa.c's try_sign), so c's positions and signs may
 * steer loops and indices; each rejection check's verdict is declassified
 * where it is made, the accepted attempt's hints once accepted. A^ comes
 * from rho (public). Nothing else steers a branch or an index.
 */
#include "internal.h"
#include "ember/hash.h"
#include "pq/mldsa_int.h"

#define Q MLDSA_Q
#define N MLDSA_N
#define MAXK MLDSA_MAXK

/* Each pass's polynomials in its own frame: inlined, their frames would add up. */
#if defined(__GNUC__) || defined(__clang__)
#define MLDSA_NOINLINE __attribute__((noinline))
#else
#define MLDSA_NOINLINE
#endif

/* ---- A^ times a vector, one row at a time ---- */

/*
 * acc += A^[i][j] o v (times 2^-32): RejNTTPoly(rho || j || i) (FIPS 204,
 * Algorithms 30 and 32), squeezed 24 bytes (eight candidates, a seventh
 * of a SHAKE128 block) at a time, each accepted coefficient multiplied in
 * at its index (public: A^ comes from rho).
 */
static MLDSA_NOINLINE void mac_entry(mldsa_poly *acc, const mldsa_poly *v, const uint8_t rho[32], unsigned i,
    unsigned j)
{
	uint8_t buf[24], in[34];
	ember_shake_ctx h;
	unsigned ctr = 0, pos;

	memcpy(in, rho, 32);
	in[32] = (uint8_t)j;
	in[33] = (uint8_t)i;
	ember_shake128_init(&h);
	ember_shake_update(&h, in, sizeof(in));
	while (ctr < N) {
		ember_shake_squeeze(&h, buf, sizeof(buf));
		for (pos = 0; pos < sizeof(buf) && ctr < N; pos += 3) {
			uint32_t t = buf[pos] | (uint32_t)buf[pos + 1] << 8 | (uint32_t)(buf[pos + 2] & 0x7f) << 16;
			if (t < Q) {
				acc->c[ctr] += mldsa_mont_reduce((int64_t)t * v->c[ctr]);
				ctr++;
			}
		}
	}
	ember_shake_clear(&h);
}

/*
 * acc = sum_j A^[i][j] o NTT(v_j) (times 2^-32, |acc| < l q: mldsa.c's
 * matvec's row i, the same integers), v_j made by |get| from |src| for
 * this row alone.
 */
static MLDSA_NOINLINE void row(const mldsa_ops *o, const mldsa_params *p, mldsa_poly *acc, const uint8_t rho[32],
    unsigned i, mldsa_vec_fn get, const uint8_t *src)
{
	mldsa_poly v;
	unsigned j;

	memset(acc, 0, sizeof(*acc));
	for (j = 0; j < p->l; j++) {
		get(o, p, &v, j, src);
		mac_entry(acc, &v, rho, i, j);
	}
	ember_wipe(&v, sizeof(v));
}

/* NTT(y_j), y from ExpandMask: |src| is rho'' || kappa (two bytes, little-endian) (mldsa_vec_fn) */
static void vec_mask(const mldsa_ops *o, const mldsa_params *p, mldsa_poly *out, unsigned j, const uint8_t *src)
{
	mldsa_mask_poly(p, out, src, (src[64] | (unsigned)src[65] << 8) + j);
	o->ntt(out);
}

/* NTT(z_j), z packed at |src| (mldsa_vec_fn) */
static void vec_z(const mldsa_ops *o, const mldsa_params *p, mldsa_poly *out, unsigned j, const uint8_t *src)
{
	mldsa_unpack_z(out, src + j * Z_BYTES(p), p->gamma1_bits);
	o->ntt(out);
}

/* NTT(s_j), s packed at |src| (mldsa_vec_fn) */
static void vec_eta(const mldsa_ops *o, const mldsa_params *p, mldsa_poly *out, unsigned j, const uint8_t *src)
{
	mldsa_unpack_eta(out, src + j * ETA_BYTES(p), p->eta);
	o->ntt(out);
}

/* ---- the challenge's products (exact integers, as mldsa_chal_mac) ---- */

/* r += c a (|neg|: r -= c a): for each of c's terms s X^p, the runs a_0..a_{255-p} at p and -a_{256-p}.. at 0 */
static void chal_mac(int32_t *r, const mldsa_chal *c, const int32_t *a, int neg)
{
	unsigned t, n;

	for (t = 0; t < c->tau; t++) {
		unsigned pp = c->pos[t];
		if ((c->sign[t] < 0) == (neg != 0)) {
			for (n = 0; n < pp; n++)
				r[n] -= a[n + N - pp];
			for (n = pp; n < N; n++)
				r[n] += a[n - pp];
		} else {
			for (n = 0; n < pp; n++)
				r[n] += a[n + N - pp];
			for (n = pp; n < N; n++)
				r[n] -= a[n - pp];
		}
	}
}

/* (c a)_n alone */
static int32_t chal_coef(const mldsa_chal *c, const int32_t *a, unsigned n)
{
	int32_t v = 0, x;
	unsigned t;

	for (t = 0; t < c->tau; t++) {
		unsigned pp = c->pos[t];
		x = n >= pp ? a[n - pp] : -a[n + N - pp];
		v += c->sign[t] < 0 ? -x : x;
	}
	return v;
}

/* ---- signing (FIPS 204, Algorithm 7) ---- */

/*
 * c~ = H(mu || w1Encode(HighBits(w)), lambda / 4) into sig, w = NTT^-1(A^
 * o NTT(y)) made and absorbed row by row; public once made (mldsa.c's
 * try_sign says why), so declassified here. Each row's w1Encode is made in
 * the signature's z field, free until z_entry writes it (and z_0, which
 * covers it, is written by every accepted attempt).
 */
static MLDSA_NOINLINE void challenge(const mldsa_ops *o, const mldsa_params *p, uint8_t *sig, const uint8_t *sk,
    const uint8_t mu[64], const uint8_t src[66])
{
	mldsa_poly w;
	uint8_t *w1 = sig + p->ctl;
	ember_shake_ctx h;
	unsigned i;

	ember_shake256_init(&h);
	ember_shake_update(&h, mu, 64);
	for (i = 0; i < p->k; i++) {
		row(o, p, &w, sk, i, vec_mask, src);
		o->reduce(&w);
		o->invntt_tomont(&w);
		o->caddq(&w);
		o->decompose(&w, NULL, &w, p->gamma2);
		mldsa_pack_w1(w1, &w, p->gamma2);
		ember_shake_update(&h, w1, W1_BYTES(p));
	}
	ember_shake_squeeze(&h, sig, p->ctl);
	ember_shake_clear(&h);
	EMBER_DECLASSIFY(sig, p->ctl);
	ember_wipe(&w, sizeof(w));
	ember_wipe(w1, W1_BYTES(p));
}

/* z_j = y_j + c s1_j, checked (||z_j|| < gamma1 - beta) and, when it passes, packed into |zs|; the verdict */
static MLDSA_NOINLINE uint32_t z_entry(const mldsa_ops *o, const mldsa_params *p, uint8_t *zs, const uint8_t *sk,
    const mldsa_chal *chal, const uint8_t src[66], unsigned j)
{
	mldsa_poly y, s;
	uint32_t bad;

	mldsa_mask_poly(p, &y, src, (src[64] | (unsigned)src[65] << 8) + j);
	mldsa_unpack_eta(&s, sk + SK_S1(p) + j * ETA_BYTES(p), p->eta);
	chal_mac(y.c, chal, s.c, 0);
	bad = o->exceeds(&y, (int32_t)(1u << p->gamma1_bits) - (int32_t)p->beta);
	EMBER_DECLASSIFY(&bad, sizeof(bad));
	if (!bad)
		mldsa_pack_z(zs + j * Z_BYTES(p), &y, p->gamma1_bits);
	ember_wipe(&y, sizeof(y));
	ember_wipe(&s, sizeof(s));
	return bad;
}

/*
 * Row i of the checks, w = w_i in [0, q) (overwritten): r0 = LowBits(w) -
 * c s2 (||r0|| < gamma2 - beta), c t0 (< gamma2), and the hints MakeHint
 * of r0 + c t0 against HighBits(w) into |hm| (mldsa.c's order and forms).
 * The verdict; *cnt += the number of hints (secret).
 */
static MLDSA_NOINLINE uint32_t hint_row(const mldsa_params *p, mldsa_poly *w, const uint8_t *sk,
    const mldsa_chal *chal, unsigned i, uint32_t hm[N / 32], uint32_t *cnt)
{
	mldsa_poly a;
	uint8_t hi[N];
	uint32_t bad = 0;
	unsigned n;

	for (n = 0; n < N; n++) {
		int32_t lo;
		hi[n] = (uint8_t)mldsa_decompose(&lo, w->c[n], p->gamma2);
		w->c[n] = lo;
	}
	mldsa_unpack_eta(&a, sk + SK_S1(p) + (p->l + i) * ETA_BYTES(p), p->eta);
	chal_mac(w->c, chal, a.c, 1);
	bad = mldsa_poly_exceeds(w, p->gamma2 - (int32_t)p->beta);
	EMBER_DECLASSIFY(&bad, sizeof(bad));
	if (!bad) {
		/* c t0 a coefficient at a time, checked and added (exceeds' test) */
		mldsa_unpack_t0(&a, sk + SK_T0(p) + 416 * i);
		for (n = 0; n < N; n++) {
			int32_t v = chal_coef(chal, a.c, n), s = v >> 31;
			bad |= (uint32_t)(p->gamma2 - 1 - (v - (s & (2 * v))));
			w->c[n] += v;
		}
		bad >>= 31;
		EMBER_DECLASSIFY(&bad, sizeof(bad));
	}
	if (!bad)
		for (n = 0; n < N; n++) {
			uint32_t hb = mldsa_make_hint(w->c[n], hi[n], p->gamma2);
			hm[n / 32] |= hb << (n % 32);
			*cnt += hb;
		}
	ember_wipe(&a, sizeof(a));
	ember_wipe(hi, sizeof(hi));
	return bad;
}

/*
 * The rows of the checks, w computed again row by row, and the number of
 * hints: 1 when the attempt is accepted, its hints then packed into |hs|
 * (HintBitPack; the hints are the signature's once accepted).
 */
static MLDSA_NOINLINE int hint_rows(const mldsa_ops *o, const mldsa_params *p, uint8_t *hs, const uint8_t *sk,
    const mldsa_chal *chal, const uint8_t src[66])
{
	mldsa_poly w;
	uint32_t hm[MAXK][N / 32], bad = 0, cnt = 0;
	unsigned i;
	int ok = 0;

	memset(hm, 0, sizeof(hm));
	for (i = 0; i < p->k && !bad; i++) {
		row(o, p, &w, sk, i, vec_mask, src);
		o->reduce(&w);
		o->invntt_tomont(&w);
		o->caddq(&w);
		bad = hint_row(p, &w, sk, chal, i, hm[i], &cnt);
	}
	if (!bad) {
		EMBER_DECLASSIFY(&cnt, sizeof(cnt));
		if (cnt <= p->omega) {
			EMBER_DECLASSIFY(hm, sizeof(hm));
			mldsa_pack_hints(hs, (const uint32_t(*)[N / 32])hm, p->k, p->omega);
			ok = 1;
		}
	}
	ember_wipe(&w, sizeof(w));
	ember_wipe(hm, sizeof(hm));
	return ok;
}

/* One attempt with mask nonces from kappa (in src): 1 when accepted, sig then whole (mldsa.c's try_sign) */
static int attempt(const mldsa_ops *o, const mldsa_params *p, uint8_t *sig, const uint8_t *sk, const uint8_t mu[64],
    const uint8_t src[66])
{
	mldsa_chal chal;
	uint32_t bad = 0;
	unsigned j;

	challenge(o, p, sig, sk, mu, src);
	mldsa_sample_in_ball(&chal, sig, p->ctl, p->tau);
	for (j = 0; j < p->l && !bad; j++)
		bad = z_entry(o, p, sig + p->ctl, sk, &chal, src, j);
	return !bad && hint_rows(o, p, sig + p->ctl + p->l * Z_BYTES(p), sk, &chal, src);
}

/* rho'' = H(K || rnd || mu, 64) */
static MLDSA_NOINLINE void rho_pp(uint8_t rhopp[64], const uint8_t *sk, const uint8_t mu[64], const uint8_t rnd[32])
{
	uint8_t in[128];

	memcpy(in, sk + 32, 32);
	memcpy(in + 32, rnd, 32);
	memcpy(in + 64, mu, 64);
	ember_shake256(rhopp, 64, in, sizeof(in));
	ember_wipe(in, sizeof(in));
}

void mldsa_sign_small(const mldsa_ops *o, const mldsa_params *p, uint8_t *sig, const uint8_t *sk, const uint8_t mu[64],
    const uint8_t rnd[32])
{
	uint8_t src[66]; /* rho'' || kappa */
	unsigned kappa;

	rho_pp(src, sk, mu, rnd);
	for (kappa = 0;; kappa += p->l) {
		src[64] = (uint8_t)kappa;
		src[65] = (uint8_t)(kappa >> 8);
		if (attempt(o, p, sig, sk, mu, src))
			break;
	}
	ember_wipe(src, sizeof(src));
}

/* ---- verification (FIPS 204, Algorithm 8): every input public ---- */

/* w'_Approx's row i from w = NTT^-1(A^ o NTT(z))_i (overwritten): w - c t1_i 2^d, UseHint, w1Encode, absorbed; *idx the hints' cursor */
static MLDSA_NOINLINE void verify_finish(const mldsa_ops *o, const mldsa_params *p, ember_shake_ctx *h, mldsa_poly *w,
    const uint8_t *pk, const uint8_t *sig, const mldsa_chal *chal, unsigned i, unsigned *idx)
{
	mldsa_poly a;
	uint8_t hb[N], w1[192];
	const uint8_t *hs = sig + p->ctl + p->l * Z_BYTES(p);
	unsigned n;

	mldsa_unpack_t1(&a, pk + 32 + 320 * i);
	for (n = 0; n < N; n++)
		a.c[n] <<= MLDSA_D;
	chal_mac(w->c, chal, a.c, 1);
	o->reduce(w);
	o->caddq(w);
	memset(hb, 0, sizeof(hb));
	for (; *idx < hs[p->omega + i]; (*idx)++)
		hb[hs[*idx]] = 1;
	o->use_hint(&a, w, hb, p->gamma2);
	mldsa_pack_w1(w1, &a, p->gamma2);
	ember_shake_update(h, w1, W1_BYTES(p));
}

static MLDSA_NOINLINE void verify_row(const mldsa_ops *o, const mldsa_params *p, ember_shake_ctx *h,
    const uint8_t *pk, const uint8_t *sig, const mldsa_chal *chal, unsigned i, unsigned *idx)
{
	mldsa_poly w;

	row(o, p, &w, pk, i, vec_z, sig + p->ctl);
	o->reduce(&w);
	o->invntt_tomont(&w);
	verify_finish(o, p, h, &w, pk, sig, chal, i, idx);
}

/* ||z_j|| < gamma1 - beta for every j */
static MLDSA_NOINLINE int z_valid(const mldsa_ops *o, const mldsa_params *p, const uint8_t *zs)
{
	mldsa_poly z;
	unsigned j;

	for (j = 0; j < p->l; j++) {
		mldsa_unpack_z(&z, zs + j * Z_BYTES(p), p->gamma1_bits);
		if (o->exceeds(&z, (int32_t)(1u << p->gamma1_bits) - (int32_t)p->beta))
			return 0;
	}
	return 1;
}

int mldsa_verify_small(const mldsa_ops *o, const mldsa_params *p, const uint8_t *pk, const uint8_t mu[64],
    const uint8_t *sig)
{
	uint8_t ct[64];
	mldsa_chal chal;
	ember_shake_ctx h;
	unsigned i, idx = 0;

	if (!mldsa_hints_valid(sig + p->ctl + p->l * Z_BYTES(p), p->k, p->omega) || !z_valid(o, p, sig + p->ctl))
		return EMBER_EVERIFY;
	mldsa_sample_in_ball(&chal, sig, p->ctl, p->tau);
	ember_shake256_init(&h);
	ember_shake_update(&h, mu, 64);
	for (i = 0; i < p->k; i++)
		verify_row(o, p, &h, pk, sig, &chal, i, &idx);
	ember_shake_squeeze(&h, ct, p->ctl);
	ember_shake_clear(&h);
	return ember_memeq(ct, sig, p->ctl) ? 0 : EMBER_EVERIFY;
}

/* ---- key generation's t (FIPS 204, Algorithm 6) ---- */

/* t_i = w + s2_i (w = row i of NTT^-1(A^ o NTT(s1))), Power2Round: t1 into pk, t0 into |t0| or compared; the difference */
static MLDSA_NOINLINE uint32_t t_row(const mldsa_ops *o, const mldsa_params *p, uint8_t *pk, uint8_t *t0,
    const uint8_t *sk, mldsa_poly *w, unsigned i)
{
	mldsa_poly a;
	uint8_t packed[416];
	uint32_t diff = 0;
	unsigned n;

	o->reduce(w);
	o->invntt_tomont(w);
	mldsa_unpack_eta(&a, sk + SK_S1(p) + (p->l + i) * ETA_BYTES(p), p->eta);
	for (n = 0; n < N; n++)
		w->c[n] += a.c[n];
	o->caddq(w);
	mldsa_power2round(&a, w, w); /* in place: the portable one reads each a_n before writing it */
	mldsa_pack_t1(pk + 32 + 320 * i, &a);
	if (t0 != NULL) {
		mldsa_pack_t0(t0 + 416 * i, w);
	} else {
		mldsa_pack_t0(packed, w);
		for (n = 0; n < sizeof(packed); n++)
			diff |= (uint32_t)(packed[n] ^ sk[SK_T0(p) + 416 * i + n]);
	}
	ember_wipe(&a, sizeof(a));
	ember_wipe(packed, sizeof(packed));
	return diff;
}

uint32_t mldsa_make_t_small(const mldsa_ops *o, const mldsa_params *p, uint8_t *pk, uint8_t *t0, const uint8_t *sk)
{
	mldsa_poly w;
	uint32_t diff = 0;
	unsigned i;

	for (i = 0; i < p->k; i++) {
		row(o, p, &w, sk, i, vec_eta, sk + SK_S1(p));
		diff |= t_row(o, p, pk, t0, sk, &w, i);
	}
	ember_wipe(&w, sizeof(w));
	return diff;
}
