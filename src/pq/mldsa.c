/*
 * mldsa.c - ML-DSA (FIPS 204) in C, constant-time: what every
 * implementation shares. Signing and verification here, with the
 * parameter sets and the matrix-vector product that key generation
 * (mldsa_keygen.c) shares; encodings and the scalar arithmetic are in
 * mldsa_poly.c. The polynomial arithmetic (transforms, products, rounding,
 * norm checks) is the implementation's, taken from the registry's
 * descriptors (mldsa_int.h's mldsa_ops: mldsa_ref.c portable,
 * mldsa_avx2.c): the calls without _with use the default for this CPU
 * (ember_mldsa_find(NULL), cached). Both keep the shapes below and the
 * same stack.
 *
 * Stack, not speed of the last percent, decides the shapes here (a 32-bit
 * embedded core signs with ML-DSA-65 in 32 KiB of stack, verifies in 16):
 *  - the matrix A^ is never held, not even a row: its entries are sampled
 *    four at a time with the four-way Keccak (keccak_x4.h), in column
 *    order, and each coefficient, as rejection sampling accepts it, is
 *    multiplied into the accumulator of its row (matvec); the vector's
 *    entries are transformed one column at a time into two slots;
 *  - s1, s2 and t0 stay packed in sk and are unpacked one polynomial at a
 *    time; the mask y is kept as ExpandMask's bytes (which are its
 *    packing) and unpacked when needed;
 *  - the challenge c (tau coefficients +-1) multiplies s1, s2, t0 and
 *    t1 2^d as tau shifted additions at c's positions (mldsa_poly.c), exact
 *    integers without a transform, cheaper than the NTT route, and nothing
 *    of s1, s2, t0 in NTT form to keep.
 * Signing holds the accumulators (w) and packed masks of the attempts
 * prepared together (sign_internal), four polynomials of temporaries and
 * the hint bitmap; verification the k accumulators and two slots. Peak
 * stack, measured on a painted thread stack (`ember speed -stack`, x86-64,
 * gcc 12 -O2, over an empty call's), every set: avx2 keygen 13.1 KiB, sign
 * 26.1 KiB, verify 13.5 KiB; ref 13.5, 26.5 and 13.9 KiB; for i686 (clang
 * 14 -O2 -fstack-usage, the deepest chain summed, before the descriptors)
 * about 14 KiB, 27 KiB and 14 KiB.
 *
 * EMBER_MLDSA_SMALL_STACK=1 (mldsa_int.h) routes signing, verification
 * and key generation's t through mldsa_small.c instead: no vector held,
 * the same bytes, about 4 KiB of stack for every set, several times the
 * time (figures there).
 *
 * Constant time: what FIPS 204 lets signing leak is declassified, each at
 * its place with the reason (EMBER_DECLASSIFY: the ctgrind build checks
 * that nothing else steers a branch or an index).
 */
#include "internal.h"
#include "hash/keccak_x4.h"
#include "ember/bn.h"
#include "ember/cpu.h"
#include "ember/hash.h"
#include "ember/mldsa.h"
#include "pq/mldsa_int.h"

#define Q MLDSA_Q
#define N MLDSA_N
#define MAXK MLDSA_MAXK
#define MAXL MLDSA_MAXL

/* FIPS 204, 4, Table 1 */
static const mldsa_params params[] = {
	{ 44, 4, 4, 2, 39, 78, 80, 32, 17, (Q - 1) / 88, EMBER_MLDSA44_PK_LEN, EMBER_MLDSA44_SK_LEN,
	    EMBER_MLDSA44_SIG_LEN, 2 },
	{ 65, 6, 5, 4, 49, 196, 55, 48, 19, (Q - 1) / 32, EMBER_MLDSA65_PK_LEN, EMBER_MLDSA65_SK_LEN,
	    EMBER_MLDSA65_SIG_LEN, 2 },
	{ 87, 8, 7, 2, 60, 120, 75, 64, 19, (Q - 1) / 32, EMBER_MLDSA87_PK_LEN, EMBER_MLDSA87_SK_LEN,
	    EMBER_MLDSA87_SIG_LEN, 1 },
};

const mldsa_params *mldsa_params_of(int set)
{
	size_t i;

	for (i = 0; i < sizeof(params) / sizeof(params[0]); i++)
		if (params[i].set == set)
			return &params[i];
	return NULL;
}

/*
 * The operations of |d|, or (NULL) of the registry's default, cached with
 * the enabled features it was chosen under (a race between two first
 * callers is benign: both store the same answer), as mlkem.c's.
 */
const mldsa_ops *mldsa_ops_of(const ember_mldsa_desc *d)
{
	static const ember_mldsa_desc *volatile chosen;
	static volatile uint64_t chosen_key;
	uint64_t key;

	if (d != NULL)
		return ember_mldsa_supported(d) ? (const mldsa_ops *)d->ops : NULL;
	key = (uint64_t)ember_cpu_features() + 1;
	d = chosen;
	if (chosen_key != key || d == NULL) {
		d = ember_mldsa_find(NULL);
		chosen = d;
		chosen_key = key;
	}
	return d != NULL ? (const mldsa_ops *)d->ops : NULL;
}

/* ---- the matrix-vector product, A^ never held ---- */

/* out = NTT(y_j or z_j), packed at |src| (mldsa_vec_fn) */
static void vec_z(const mldsa_ops *o, const mldsa_params *p, mldsa_poly *out, unsigned j, const uint8_t *src)
{
	mldsa_unpack_z(out, src + j * Z_BYTES(p), p->gamma1_bits);
	o->ntt(out);
}

/*
 * For each of |nb| vectors v_b (packed at src + b stride): acc[b k + i] =
 * sum_j A^[i][j] o NTT(v_b,j) (times 2^-32; |acc| < l q), A^[i][j] =
 * RejNTTPoly(rho || j || i) (ExpandA, Algorithm 32), sampled once for all
 * the vectors. Entries in column order, four sponges at once; a group of
 * four spans at most two columns (k >= 4), whose transforms sit in
 * pairs[b].p[j & 1].
 */
void mldsa_matvec(const mldsa_ops *o, const mldsa_params *p, mldsa_poly *acc, poly_pair *pairs, unsigned nb,
    const uint8_t rho[32], mldsa_vec_fn get, const uint8_t *src, size_t stride)
{
	uint8_t buf[4][EMBER_SHAKE128_BLOCK_LEN];
	ember_keccak_x4_ctx c;
	unsigned e, total = p->k * p->l, lane, b;
	int loaded[2] = { -1, -1 };

	memset(acc, 0, nb * p->k * sizeof(mldsa_poly));
	for (e = 0; e < total; e += 4) {
		unsigned cnt = total - e < 4 ? total - e : 4, ii[4], jj[4], ctr[4] = { 0, 0, 0, 0 }, done;

		for (lane = 0; lane < 4; lane++) {
			unsigned idx = e + (lane < cnt ? lane : 0);
			jj[lane] = idx / p->k;
			ii[lane] = idx % p->k;
			if (loaded[jj[lane] & 1] != (int)jj[lane]) {
				for (b = 0; b < nb; b++)
					get(o, p, &pairs[b].p[jj[lane] & 1], jj[lane], src + b * stride);
				loaded[jj[lane] & 1] = (int)jj[lane];
			}
			memcpy(buf[lane], rho, 32);
			buf[lane][32] = (uint8_t)jj[lane];
			buf[lane][33] = (uint8_t)ii[lane];
		}
		ember_keccak_x4_init(&c, NULL);
		ember_shake128_x4_absorb_once(&c, buf[0], buf[1], buf[2], buf[3], 34);
		do {
			ember_shake_x4_squeezeblocks(&c, buf[0], buf[1], buf[2], buf[3], 1);
			done = 1;
			for (lane = 0; lane < cnt; lane++) {
				ctr[lane] = o->rej_mac(acc + ii[lane], p->k, pairs, jj[lane] & 1, nb, ctr[lane], buf[lane],
				    sizeof(buf[lane]));
				if (ctr[lane] < N)
					done = 0;
			}
		} while (!done);
	}
	ember_keccak_x4_clear(&c);
}

/* ---- sampling (FIPS 204, 7.3; SampleInBall and one polynomial of ExpandMask in mldsa_sample.c) ---- */

/*
 * ExpandMask (Algorithm 34): y_r = BitUnpack(H(rho'' || kappa + r, 2), ...);
 * the bytes are kept as they come (they are y's packing, the same as z's),
 * four sponges at once, a lone last one alone.
 */
static void expand_mask(const mldsa_params *p, uint8_t *y, const uint8_t rhopp[64], unsigned kappa)
{
	uint8_t in[4][66];
	unsigned r, lane, zb = Z_BYTES(p);

	for (r = 0; r < p->l; r += 4) {
		unsigned cnt = p->l - r < 4 ? p->l - r : 4;
		for (lane = 0; lane < 4; lane++) {
			unsigned nonce = kappa + r + (lane < cnt ? lane : 0);
			memcpy(in[lane], rhopp, 64);
			in[lane][64] = (uint8_t)nonce;
			in[lane][65] = (uint8_t)(nonce >> 8);
		}
		if (cnt == 1) {
			ember_shake256(y + r * zb, zb, in[0], 66);
		} else {
			/* lanes beyond l repeat lane 0: the same input to the same output */
			uint8_t *o[4];
			for (lane = 0; lane < 4; lane++)
				o[lane] = y + (r + (lane < cnt ? lane : 0)) * zb;
			ember_shake256_x4(o[0], o[1], o[2], o[3], zb, in[0], in[1], in[2], in[3], 66);
		}
	}
	ember_wipe(in, sizeof(in));
}

/* mu = H(tr || M', 64), M' = 0 || |ctx| || ctx || msg (FIPS 204, Algorithms 2, 3 and 7) */
static void compute_mu(uint8_t mu[64], const uint8_t tr[64], const uint8_t *msg, size_t msg_len,
    const uint8_t *ctx, size_t ctx_len)
{
	uint8_t pre[2] = { 0, (uint8_t)ctx_len };
	ember_shake_ctx h;

	ember_shake256_init(&h);
	ember_shake_update(&h, tr, 64);
	ember_shake_update(&h, pre, 2);
	if (ctx_len != 0)
		ember_shake_update(&h, ctx, ctx_len);
	if (msg_len != 0)
		ember_shake_update(&h, msg, msg_len);
	ember_shake_squeeze(&h, mu, 64);
	ember_shake_clear(&h);
}

/* ---- ML-DSA internal (FIPS 204, 6) ---- */

/*
 * One attempt of Algorithm 7's loop with w = NTT^-1(A^ o NTT(y)) in |w|
 * (k polynomials, unreduced; overwritten) and y packed at |y|: c~ and z
 * written to |sig| as they are made; 1 when accepted, sig then whole.
 * pairs[0] holds the (-a || a) of the challenge products, pairs[1] two
 * temporaries (r0 and c t0).
 *
 * Leaks FIPS 204 allows, declassified where they happen: c~ (a hash of
 * w1; the Dilithium analysis (round 3 specification, 5.5; FIPS 204,
 * 3.6.3) shows a rejected attempt's challenge reveals nothing of the key,
 * and the accepted one's is in the signature), hence c's positions and
 * signs, which steer the sparse products; the verdict of each rejection
 * check (z, r0, c t0, the number of hints), not the values checked; the
 * hints themselves once the attempt is accepted (they are the
 * signature's).
 */
static int try_sign(const mldsa_ops *o, const mldsa_params *p, uint8_t *sig, const uint8_t *sk, const uint8_t mu[64], mldsa_poly *w,
    const uint8_t *y, poly_pair pairs[2])
{
	mldsa_poly *tmp = &pairs[1].p[0], *ct0 = &pairs[1].p[1];
	int32_t *ext = pairs[0].ext;
	uint8_t w1[192];
	uint32_t hm[MAXK][N / 32], bad = 0, cnt = 0;
	mldsa_chal chal;
	ember_shake_ctx h;
	unsigned i, j, n, zb = Z_BYTES(p), ctl = p->ctl;
	uint8_t *zs = sig + ctl, *hs = sig + ctl + p->l * zb;
	int ok = 0;

	/* w in [0, q); c~ = H(mu || w1Encode(HighBits(w)), lambda / 4): public (above) */
	ember_shake256_init(&h);
	ember_shake_update(&h, mu, 64);
	for (i = 0; i < p->k; i++) {
		o->reduce(&w[i]);
		o->invntt_tomont(&w[i]);
		o->caddq(&w[i]);
		o->decompose(tmp, NULL, &w[i], p->gamma2);
		mldsa_pack_w1(w1, tmp, p->gamma2);
		ember_shake_update(&h, w1, W1_BYTES(p));
	}
	ember_shake_squeeze(&h, sig, ctl);
	ember_shake_clear(&h);
	EMBER_DECLASSIFY(sig, ctl);
	mldsa_sample_in_ball(&chal, sig, ctl, p->tau);

	/* z = y + c s1, each entry checked (||z|| < gamma1 - beta) and packed */
	for (j = 0; j < p->l && !bad; j++) {
		mldsa_unpack_eta(&pairs[0].p[1], sk + SK_S1(p) + j * ETA_BYTES(p), p->eta);
		mldsa_chal_ext(ext);
		mldsa_unpack_z(tmp, y + j * zb, p->gamma1_bits);
		o->chal_mac(tmp->c, &chal, ext, 0);
		bad = o->exceeds(tmp, (int32_t)(1u << p->gamma1_bits) - (int32_t)p->beta);
		EMBER_DECLASSIFY(&bad, sizeof(bad));
		if (!bad)
			mldsa_pack_z(zs + j * zb, tmp, p->gamma1_bits);
	}
	/*
	 * Row by row, the reference code's form of the checks: w1 = HighBits(w),
	 * r0 = LowBits(w) - c s2 (||r0|| < gamma2 - beta), c t0 (< gamma2), and
	 * the hints MakeHint of r0 + c t0 against w1.
	 */
	memset(hm, 0, sizeof(hm));
	for (i = 0; i < p->k && !bad; i++) {
		mldsa_unpack_eta(&pairs[0].p[1], sk + SK_S1(p) + (p->l + i) * ETA_BYTES(p), p->eta);
		mldsa_chal_ext(ext);
		o->decompose(&w[i], tmp, &w[i], p->gamma2);
		o->chal_mac(tmp->c, &chal, ext, 1);
		bad = o->exceeds(tmp, p->gamma2 - (int32_t)p->beta);
		EMBER_DECLASSIFY(&bad, sizeof(bad));
		if (bad)
			break;
		mldsa_unpack_t0(&pairs[0].p[1], sk + SK_T0(p) + 416 * i);
		mldsa_chal_ext(ext);
		memset(ct0, 0, sizeof(*ct0));
		o->chal_mac(ct0->c, &chal, ext, 0);
		bad = o->exceeds(ct0, p->gamma2);
		EMBER_DECLASSIFY(&bad, sizeof(bad));
		if (bad)
			break;
		for (n = 0; n < N; n++)
			tmp->c[n] += ct0->c[n];
		cnt += o->make_hint(hm[i], tmp, &w[i], p->gamma2);
	}
	if (!bad) {
		EMBER_DECLASSIFY(&cnt, sizeof(cnt));
		if (cnt <= p->omega) {
			/* accepted: the hints are the signature's (HintBitPack, Algorithm 20) */
			EMBER_DECLASSIFY(hm, sizeof(hm));
			mldsa_pack_hints(hs, (const uint32_t(*)[N / 32])hm, p->k, p->omega);
			ok = 1;
		}
	}
	ember_wipe(w1, sizeof(w1));
	ember_wipe(hm, sizeof(hm));
	return ok;
}

/* the largest batch of attempts over the sets: acc polynomials and y bytes */
#define SIGN_ACC 12     /* 2 x 4 (ML-DSA-44), 2 x 6 (65), 1 x 8 (87) */
#define SIGN_Y 6400     /* 2 x 4 x 576, 2 x 5 x 640, 1 x 7 x 640 */

/*
 * Algorithm 7, ML-DSA.Sign_internal, from mu. Attempts are prepared
 * p->batch at a time (kappa, kappa + l, ...: the masks of consecutive
 * attempts) over one sampling of A^, which is most of an attempt's
 * Keccak work, and tried in order: the signature is FIPS 204's, with
 * about 40 % fewer expansions of A^ for ML-DSA-44 and -65 (4.3 and 5.1
 * attempts on average) for the price of a mask and a product sometimes
 * made in vain. ML-DSA-87 (3.9 attempts, the largest k and l) takes one
 * at a time, so every set fits the same stack (SIGN_ACC, SIGN_Y).
 */
static void sign_internal(const mldsa_ops *o, const mldsa_params *p, uint8_t *sig, const uint8_t *sk, const uint8_t mu[64],
    const uint8_t rnd[32])
{
	mldsa_poly w[SIGN_ACC];
	poly_pair pairs[2];
	uint8_t y[SIGN_Y], in[128], rhopp[64];
	unsigned kappa = 0, b, nb = p->batch;
	size_t ys = (size_t)p->l * Z_BYTES(p);

	/* rho'' = H(K || rnd || mu, 64) */
	memcpy(in, sk + 32, 32);
	memcpy(in + 32, rnd, 32);
	memcpy(in + 64, mu, 64);
	ember_shake256(rhopp, 64, in, sizeof(in));
	for (;;) {
		for (b = 0; b < nb; b++)
			expand_mask(p, y + b * ys, rhopp, kappa + b * p->l);
		mldsa_matvec(o, p, w, pairs, nb, sk, vec_z, y, ys);
		for (b = 0; b < nb; b++, kappa += p->l)
			if (try_sign(o, p, sig, sk, mu, w + b * p->k, y + b * ys, pairs))
				goto done;
	}
done:
	ember_wipe(w, sizeof(w));
	ember_wipe(pairs, sizeof(pairs));
	ember_wipe(y, sizeof(y));
	ember_wipe(in, sizeof(in));
	ember_wipe(rhopp, sizeof(rhopp));
}

/* Algorithm 8, ML-DSA.Verify_internal from mu; every input public */
static int verify_internal(const mldsa_ops *o, const mldsa_params *p, const uint8_t *pk, const uint8_t mu[64], const uint8_t *sig)
{
	mldsa_poly w[MAXK];
	poly_pair pr;
	uint8_t w1[192], ct[64], hb[N];
	mldsa_chal chal;
	ember_shake_ctx h;
	unsigned i, j, n, zb = Z_BYTES(p), ctl = p->ctl, idx = 0;
	const uint8_t *zs = sig + ctl, *hs = sig + ctl + p->l * zb;

	if (!mldsa_hints_valid(hs, p->k, p->omega))
		return EMBER_EVERIFY;
	for (j = 0; j < p->l; j++) {
		mldsa_unpack_z(&pr.p[0], zs + j * zb, p->gamma1_bits);
		if (o->exceeds(&pr.p[0], (int32_t)(1u << p->gamma1_bits) - (int32_t)p->beta))
			return EMBER_EVERIFY;
	}
	mldsa_sample_in_ball(&chal, sig, ctl, p->tau);
	/* w'_Approx = NTT^-1(A^ o NTT(z)) - c t1 2^d, then UseHint */
	mldsa_matvec(o, p, w, &pr, 1, pk, vec_z, zs, 0);
	ember_shake256_init(&h);
	ember_shake_update(&h, mu, 64);
	for (i = 0; i < p->k; i++) {
		o->reduce(&w[i]);
		o->invntt_tomont(&w[i]);
		mldsa_unpack_t1(&pr.p[1], pk + 32 + 320 * i);
		for (n = 0; n < N; n++)
			pr.p[1].c[n] <<= MLDSA_D;
		mldsa_chal_ext(pr.ext);
		o->chal_mac(w[i].c, &chal, pr.ext, 1);
		o->reduce(&w[i]);
		o->caddq(&w[i]);
		memset(hb, 0, sizeof(hb));
		for (; idx < hs[p->omega + i]; idx++)
			hb[hs[idx]] = 1;
		o->use_hint(&pr.p[0], &w[i], hb, p->gamma2);
		mldsa_pack_w1(w1, &pr.p[0], p->gamma2);
		ember_shake_update(&h, w1, W1_BYTES(p));
	}
	ember_shake_squeeze(&h, ct, ctl);
	ember_shake_clear(&h);
	return ember_memeq(ct, sig, ctl) ? 0 : EMBER_EVERIFY;
}

/*
 * The path the public calls take: these, or with EMBER_MLDSA_SMALL_STACK=1
 * mldsa_small.c's (the same bytes and verdicts in a few KiB of stack). A
 * constant condition, so that both stay compiled and checked.
 */
static void sign_path(const mldsa_ops *o, const mldsa_params *p, uint8_t *sig, const uint8_t *sk, const uint8_t mu[64],
    const uint8_t rnd[32])
{
	if (EMBER_MLDSA_SMALL_STACK)
		mldsa_sign_small(o, p, sig, sk, mu, rnd);
	else
		sign_internal(o, p, sig, sk, mu, rnd);
}

static int verify_path(const mldsa_ops *o, const mldsa_params *p, const uint8_t *pk, const uint8_t mu[64], const uint8_t *sig)
{
	if (EMBER_MLDSA_SMALL_STACK)
		return mldsa_verify_small(o, p, pk, mu, sig);
	return verify_internal(o, p, pk, mu, sig);
}

/* ---- ML-DSA (FIPS 204, 5) ---- */

/* s1 and s2 within [-eta, eta]: FIPS 204's skDecode assumes it, an imported key may not hold it */
int mldsa_check_sk(const mldsa_params *p, const uint8_t *sk)
{
	uint32_t bad = mldsa_eta_invalid(sk + SK_S1(p), (p->k + p->l) * ETA_BYTES(p), p->eta);

	/* the verdict is public: a malformed key is refused */
	EMBER_DECLASSIFY(&bad, sizeof(bad));
	return bad ? EMBER_EDECODE : 0;
}

int ember_mldsa_mu(int set, uint8_t mu[EMBER_MLDSA_MU_LEN], const uint8_t *pk, size_t pk_len, const uint8_t *msg,
    size_t msg_len, const uint8_t *ctx, size_t ctx_len)
{
	const mldsa_params *p = mldsa_params_of(set);
	uint8_t tr[64];

	if (p == NULL || mu == NULL || pk == NULL || (msg == NULL && msg_len != 0) || (ctx == NULL && ctx_len != 0))
		return EMBER_EINVAL;
	if (pk_len != p->pk_len)
		return EMBER_ELEN;
	if (ctx_len > EMBER_MLDSA_CTX_MAX)
		return EMBER_ERANGE;
	ember_shake256(tr, sizeof(tr), pk, pk_len);
	compute_mu(mu, tr, msg, msg_len, ctx, ctx_len);
	return 0;
}

int ember_mldsa_sign_mu_with(const ember_mldsa_desc *d, int set, uint8_t *sig, size_t sig_len, const uint8_t *sk,
    size_t sk_len, const uint8_t mu[EMBER_MLDSA_MU_LEN], const uint8_t rnd[EMBER_MLDSA_RND_LEN])
{
	const mldsa_params *p = mldsa_params_of(set);
	const mldsa_ops *o = mldsa_ops_of(d);
	int ret;

	if (p == NULL || o == NULL || sig == NULL || sk == NULL || mu == NULL || rnd == NULL)
		return EMBER_EINVAL;
	if (sig_len != p->sig_len || sk_len != p->sk_len)
		return EMBER_ELEN;
	if ((ret = mldsa_check_sk(p, sk)) != 0)
		return ret;
	sign_path(o, p, sig, sk, mu, rnd);
	return 0;
}

int ember_mldsa_sign_mu(int set, uint8_t *sig, size_t sig_len, const uint8_t *sk, size_t sk_len,
    const uint8_t mu[EMBER_MLDSA_MU_LEN], const uint8_t rnd[EMBER_MLDSA_RND_LEN])
{
	return ember_mldsa_sign_mu_with(NULL, set, sig, sig_len, sk, sk_len, mu, rnd);
}

int ember_mldsa_sign_rnd_with(const ember_mldsa_desc *d, int set, uint8_t *sig, size_t sig_len, const uint8_t *sk,
    size_t sk_len, const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len,
    const uint8_t rnd[EMBER_MLDSA_RND_LEN])
{
	const mldsa_params *p = mldsa_params_of(set);
	const mldsa_ops *o = mldsa_ops_of(d);
	uint8_t mu[64];
	int ret;

	if (p == NULL || o == NULL || sig == NULL || sk == NULL || rnd == NULL || (msg == NULL && msg_len != 0) ||
	    (ctx == NULL && ctx_len != 0))
		return EMBER_EINVAL;
	if (sig_len != p->sig_len || sk_len != p->sk_len)
		return EMBER_ELEN;
	if (ctx_len > EMBER_MLDSA_CTX_MAX)
		return EMBER_ERANGE;
	if ((ret = mldsa_check_sk(p, sk)) != 0)
		return ret;
	compute_mu(mu, sk + 64, msg, msg_len, ctx, ctx_len);
	sign_path(o, p, sig, sk, mu, rnd);
	ember_wipe(mu, sizeof(mu));
	return 0;
}

int ember_mldsa_sign_rnd(int set, uint8_t *sig, size_t sig_len, const uint8_t *sk, size_t sk_len,
    const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len, const uint8_t rnd[EMBER_MLDSA_RND_LEN])
{
	return ember_mldsa_sign_rnd_with(NULL, set, sig, sig_len, sk, sk_len, msg, msg_len, ctx, ctx_len, rnd);
}

int ember_mldsa_sign(int set, uint8_t *sig, size_t sig_len, const uint8_t *sk, size_t sk_len, const uint8_t *msg,
    size_t msg_len, const uint8_t *ctx, size_t ctx_len)
{
	const mldsa_params *p = mldsa_params_of(set);
	uint8_t rnd[EMBER_MLDSA_RND_LEN];
	int ret;

	if (p == NULL || sig == NULL || sk == NULL || (msg == NULL && msg_len != 0) || (ctx == NULL && ctx_len != 0))
		return EMBER_EINVAL;
	if (sig_len != p->sig_len || sk_len != p->sk_len)
		return EMBER_ELEN;
	if (ctx_len > EMBER_MLDSA_CTX_MAX)
		return EMBER_ERANGE;
	if ((ret = ember_random_bytes(rnd, sizeof(rnd))) != 0)
		return ret;
	EMBER_CT_SECRET(rnd, sizeof(rnd));
	ret = ember_mldsa_sign_rnd(set, sig, sig_len, sk, sk_len, msg, msg_len, ctx, ctx_len, rnd);
	ember_wipe(rnd, sizeof(rnd));
	return ret;
}

int ember_mldsa_verify_mu_with(const ember_mldsa_desc *d, int set, const uint8_t *pk, size_t pk_len,
    const uint8_t mu[EMBER_MLDSA_MU_LEN], const uint8_t *sig, size_t sig_len)
{
	const mldsa_params *p = mldsa_params_of(set);
	const mldsa_ops *o = mldsa_ops_of(d);

	if (p == NULL || o == NULL || pk == NULL || mu == NULL || sig == NULL)
		return EMBER_EINVAL;
	if (pk_len != p->pk_len || sig_len != p->sig_len)
		return EMBER_ELEN;
	return verify_path(o, p, pk, mu, sig);
}

int ember_mldsa_verify_mu(int set, const uint8_t *pk, size_t pk_len, const uint8_t mu[EMBER_MLDSA_MU_LEN],
    const uint8_t *sig, size_t sig_len)
{
	return ember_mldsa_verify_mu_with(NULL, set, pk, pk_len, mu, sig, sig_len);
}

int ember_mldsa_verify_with(const ember_mldsa_desc *d, int set, const uint8_t *pk, size_t pk_len,
    const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len, const uint8_t *sig, size_t sig_len)
{
	const mldsa_params *p = mldsa_params_of(set);
	const mldsa_ops *o = mldsa_ops_of(d);
	uint8_t mu[64];
	int ret;

	if (p == NULL || o == NULL || pk == NULL || sig == NULL || (msg == NULL && msg_len != 0) ||
	    (ctx == NULL && ctx_len != 0))
		return EMBER_EINVAL;
	if (pk_len != p->pk_len || sig_len != p->sig_len)
		return EMBER_ELEN;
	if ((ret = ember_mldsa_mu(set, mu, pk, pk_len, msg, msg_len, ctx, ctx_len)) != 0)
		return ret;
	return verify_path(o, p, pk, mu, sig);
}

int ember_mldsa_verify(int set, const uint8_t *pk, size_t pk_len, const uint8_t *msg, size_t msg_len,
    const uint8_t *ctx, size_t ctx_len, const uint8_t *sig, size_t sig_len)
{
	return ember_mldsa_verify_with(NULL, set, pk, pk_len, msg, msg_len, ctx, ctx_len, sig, sig_len);
}
