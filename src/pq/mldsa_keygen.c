/*
 * mldsa_keygen.c - ML-DSA (FIPS 204) key generation, and a public key
 * recomputed from an expanded private key (key files without the seed),
 * over mldsa.c's parameter sets and matrix-vector product (A^ never held),
 * with the arithmetic of the chosen implementation (mldsa_int.h).
 * Stack: see mldsa.c.
 */
#include "internal.h"
#include "hash/keccak_x4.h"
#include "ember/bn.h"
#include "ember/hash.h"
#include "ember/mldsa.h"
#include "pq/mldsa_int.h"

#define N MLDSA_N
#define MAXK MLDSA_MAXK

/* out = NTT(s_j), s packed at |src| (mldsa_vec_fn) */
static void vec_eta(const mldsa_ops *o, const mldsa_params *p, mldsa_poly *out, unsigned j, const uint8_t *src)
{
	mldsa_unpack_eta(out, src + j * ETA_BYTES(p), p->eta);
	o->ntt(out);
}

/* ---- sampling (FIPS 204, 7.3) ---- */

/*
 * ExpandS (Algorithm 33): s1 || s2 packed at |s| (sk's), from rho' (64
 * bytes); RejBoundedPoly's loop is the implementation's (rej_eta), each
 * row with the MLDSA_ETA_SLACK entries it may write past the count.
 */
static void expand_s(const mldsa_ops *o, const mldsa_params *p, uint8_t *s, const uint8_t rhop[64])
{
	uint8_t in[4][66], buf[4][EMBER_SHAKE256_BLOCK_LEN];
	int8_t a[4][N + MLDSA_ETA_SLACK];
	ember_keccak_x4_ctx c;
	unsigned r, lane, n = p->k + p->l;

	for (r = 0; r < n; r += 4) {
		unsigned cnt = n - r < 4 ? n - r : 4, ctr[4] = { 0, 0, 0, 0 }, done;
		for (lane = 0; lane < 4; lane++) {
			unsigned rr = r + (lane < cnt ? lane : 0);
			memcpy(in[lane], rhop, 64);
			in[lane][64] = (uint8_t)rr;
			in[lane][65] = (uint8_t)(rr >> 8);
		}
		ember_keccak_x4_init(&c, NULL);
		ember_shake256_x4_absorb_once(&c, in[0], in[1], in[2], in[3], 66);
		do {
			ember_shake_x4_squeezeblocks(&c, buf[0], buf[1], buf[2], buf[3], 1);
			done = 1;
			for (lane = 0; lane < cnt; lane++) {
				ctr[lane] = o->rej_eta(a[lane], ctr[lane], buf[lane], sizeof(buf[lane]), p->eta);
				if (ctr[lane] < N)
					done = 0;
			}
		} while (!done);
		for (lane = 0; lane < cnt; lane++)
			mldsa_pack_eta(s + (r + lane) * ETA_BYTES(p), a[lane], p->eta);
	}
	ember_keccak_x4_clear(&c);
	ember_wipe(in, sizeof(in));
	ember_wipe(buf, sizeof(buf));
	ember_wipe(a, sizeof(a));
}

/*
 * t = NTT^-1(A^ o NTT(s1)) + s2 from sk's rho, s1 and s2 (Algorithm 6),
 * row by row, and its Power2Round: t1 packed into pk after rho; t0 packed
 * into |t0| (key generation: sk's own) or, |t0| NULL, compared with sk's
 * t0. Returns that difference, 0 when equal or not compared (secret: the
 * caller declassifies the verdict).
 */
static uint32_t make_t_all(const mldsa_ops *o, const mldsa_params *p, uint8_t *pk, uint8_t *t0, const uint8_t *sk)
{
	mldsa_poly acc[MAXK];
	poly_pair pr;
	uint8_t row[416];
	uint32_t diff = 0;
	unsigned i, n, b;

	mldsa_matvec(o, p, acc, &pr, 1, sk, vec_eta, sk + SK_S1(p), 0);
	for (i = 0; i < p->k; i++) {
		o->reduce(&acc[i]);
		o->invntt_tomont(&acc[i]);
		mldsa_unpack_eta(&pr.p[0], sk + SK_S1(p) + (p->l + i) * ETA_BYTES(p), p->eta);
		for (n = 0; n < N; n++)
			acc[i].c[n] += pr.p[0].c[n];
		o->caddq(&acc[i]);
		o->power2round(&pr.p[1], &pr.p[0], &acc[i]);
		mldsa_pack_t1(pk + 32 + 320 * i, &pr.p[1]);
		if (t0 != NULL) {
			mldsa_pack_t0(t0 + 416 * i, &pr.p[0]);
			continue;
		}
		mldsa_pack_t0(row, &pr.p[0]);
		for (b = 0; b < sizeof(row); b++)
			diff |= (uint32_t)(row[b] ^ sk[SK_T0(p) + 416 * i + b]);
	}
	ember_wipe(acc, sizeof(acc));
	ember_wipe(&pr, sizeof(pr));
	ember_wipe(row, sizeof(row));
	return diff;
}

/* make_t_all, or with EMBER_MLDSA_SMALL_STACK=1 mldsa_small.c's row-by-row form (the same bytes) */
static uint32_t make_t(const mldsa_ops *o, const mldsa_params *p, uint8_t *pk, uint8_t *t0, const uint8_t *sk)
{
	if (EMBER_MLDSA_SMALL_STACK)
		return mldsa_make_t_small(o, p, pk, t0, sk);
	return make_t_all(o, p, pk, t0, sk);
}

/* Algorithm 6, ML-DSA.KeyGen_internal */
static void keygen_internal(const mldsa_ops *o, const mldsa_params *p, uint8_t *pk, uint8_t *sk, const uint8_t seed[32])
{
	uint8_t in[34], rr[128]; /* rho || rho' || K */

	memcpy(in, seed, 32);
	in[32] = (uint8_t)p->k;
	in[33] = (uint8_t)p->l;
	ember_shake256(rr, sizeof(rr), in, sizeof(in));
	/* rho is public: it begins pk */
	EMBER_DECLASSIFY(rr, 32);
	memcpy(pk, rr, 32);
	memcpy(sk, rr, 32);
	memcpy(sk + 32, rr + 96, 32);
	expand_s(o, p, sk + SK_S1(p), rr + 32);
	/* t1 into pk, t0 into sk */
	make_t(o, p, pk, sk + SK_T0(p), sk);
	ember_shake256(sk + 64, 64, pk, p->pk_len); /* tr = H(pk, 64) */
	ember_wipe(in, sizeof(in));
	ember_wipe(rr, sizeof(rr));
}

/* ---- ML-DSA.KeyGen (FIPS 204, 5.1) ---- */

int ember_mldsa_keygen_seed_with(const ember_mldsa_desc *d, int set, uint8_t *pk, size_t pk_len, uint8_t *sk,
    size_t sk_len, const uint8_t seed[EMBER_MLDSA_SEED_LEN])
{
	const mldsa_params *p = mldsa_params_of(set);
	const mldsa_ops *o = mldsa_ops_of(d);

	if (p == NULL || o == NULL || pk == NULL || sk == NULL || seed == NULL)
		return EMBER_EINVAL;
	if (pk_len != p->pk_len || sk_len != p->sk_len)
		return EMBER_ELEN;
	keygen_internal(o, p, pk, sk, seed);
	return 0;
}

int ember_mldsa_keygen_seed(int set, uint8_t *pk, size_t pk_len, uint8_t *sk, size_t sk_len,
    const uint8_t seed[EMBER_MLDSA_SEED_LEN])
{
	return ember_mldsa_keygen_seed_with(NULL, set, pk, pk_len, sk, sk_len, seed);
}

int ember_mldsa_keygen(int set, uint8_t *pk, size_t pk_len, uint8_t *sk, size_t sk_len)
{
	const mldsa_params *p = mldsa_params_of(set);
	const mldsa_ops *o = mldsa_ops_of(NULL);
	uint8_t seed[EMBER_MLDSA_SEED_LEN];
	int ret;

	if (p == NULL || o == NULL || pk == NULL || sk == NULL)
		return EMBER_EINVAL;
	if (pk_len != p->pk_len || sk_len != p->sk_len)
		return EMBER_ELEN;
	if ((ret = ember_random_bytes(seed, sizeof(seed))) != 0)
		return ret;
	/* the ctgrind build checks what follows with xi secret */
	EMBER_CT_SECRET(seed, sizeof(seed));
	keygen_internal(o, p, pk, sk, seed);
	ember_wipe(seed, sizeof(seed));
	return 0;
}

/*
 * pk = pkEncode(rho, t1) from an expanded sk alone (FIPS 204, Algorithm 6's
 * t = NTT^-1(A^ o NTT(s1)) + s2 and Power2Round, with rho from sk), for key
 * files that hold sk without the seed. sk must be consistent: its t0 the
 * low part of that t and its tr = H(pk, 64), else EMBER_ERANGE (verdicts
 * declassified; the values compared stay secret).
 */
int ember_mldsa_public_from_private_with(const ember_mldsa_desc *d, int set, uint8_t *pk, size_t pk_len,
    const uint8_t *sk, size_t sk_len)
{
	const mldsa_params *p = mldsa_params_of(set);
	const mldsa_ops *o = mldsa_ops_of(d);
	uint8_t mine[EMBER_MLDSA_PK_MAX], tr[64];
	uint32_t diff;
	int ret;

	if (p == NULL || o == NULL || pk == NULL || sk == NULL)
		return EMBER_EINVAL;
	if (pk_len != p->pk_len || sk_len != p->sk_len)
		return EMBER_ELEN;
	if ((ret = mldsa_check_sk(p, sk)) != 0)
		return ret;
	memcpy(mine, sk, 32); /* rho: public */
	diff = make_t(o, p, mine, NULL, sk);
	ember_shake256(tr, sizeof(tr), mine, p->pk_len);
	diff |= (uint32_t)!ember_memeq(tr, sk + 64, sizeof(tr));
	EMBER_DECLASSIFY(&diff, sizeof(diff));
	if (diff == 0)
		memcpy(pk, mine, p->pk_len);
	return diff == 0 ? 0 : EMBER_ERANGE;
}

int ember_mldsa_public_from_private(int set, uint8_t *pk, size_t pk_len, const uint8_t *sk, size_t sk_len)
{
	return ember_mldsa_public_from_private_with(NULL, set, pk, pk_len, sk, sk_len);
}
