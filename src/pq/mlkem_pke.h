/*
 * mlkem_pke.h - K-PKE (FIPS 203, 5) written once over an implementation's
 * polynomial arithmetic: included by mlkem_ref.c and mlkem_avx2.c after
 * they define poly and these (mlkem_poly.h has the portable ones and
 * states their bounds):
 *   poly_ntt poly_invntt poly_basemul_acc poly_reduce poly_add poly_tomont
 *   poly_tobytes poly_frombytes poly_compress poly_decompress poly_frommsg
 *   poly_tomsg poly_cbd rej_uniform
 * It defines static pke_keygen, pke_encrypt and pke_decrypt, the slots of
 * the implementation's mlkem_ops.
 *
 * Stack: the matrix is expanded one row at a time (the four-way Keccak
 * makes the up to four polynomials of a row at once) and multiplied into
 * the row's first polynomial; the noise comes four PRF outputs at a time
 * from the four-way SHAKE256, squeezed into the row's space before the
 * row is used; keys are decoded one polynomial at a time; decapsulation
 * compares the re-encryption with c as it is made. An operation holds two
 * vectors of k polynomials (512 bytes each, sized for k = 4), and
 * encryption the PRF output of e1 and e2 (128 bytes each) until used.
 * Measured on a painted thread stack (gcc 12 -O2, x86-64, any set, after
 * the first call's CPU detection): keygen 6.4 KiB, encaps 7.0, decaps 7.2
 * with avx2; with ref under EMBER_CPUCAP=none (the portable Keccak)
 * keygen 6.8, encaps 7.4, decaps 7.7 KiB.
 */
#include "hash/keccak_x4.h"
#include "ember/hash.h"

#if defined(__GNUC__) || defined(__clang__)
#define MLKEM_NOINLINE __attribute__((noinline))
#else
#define MLKEM_NOINLINE
#endif

#define PRF_BYTES (2 * EMBER_SHAKE256_BLOCK_LEN) /* 64 eta bytes, eta <= 3, in whole blocks */

/*
 * 1 when the four-way Keccak is a vector one; else (ref: four single
 * sponges one after the other) the lanes a call would leave unused cost
 * as much as the others, so the expansions below run only the sponges
 * they need, one at a time.
 */
static int x4_is_vector(void)
{
	return (ember_keccak_x4_default()->flags & EMBER_IMPL_HW) != 0;
}

/*
 * Row i of A^ (K-PKE.KeyGen: A^[i][j] = SampleNTT(rho || j || i)), or of its
 * transpose (K-PKE.Encrypt: rho || i || j), FIPS 203 Algorithms 13 and 14:
 * the k sponges of a row side by side in the four-way Keccak, one 168-byte
 * block at a time (lanes beyond k repeat lane 0 and are ignored); or,
 * without a vector four-way Keccak, the k sponges one after the other.
 */
static MLKEM_NOINLINE void gen_row(poly row[MLKEM_MAXK], const uint8_t rho[32], unsigned i, unsigned k,
    int transposed)
{
	uint8_t buf[4][168]; /* first the four seeds */
	unsigned ctr[4] = { 0, 0, 0, 0 }, j, done;
	ember_keccak_x4_ctx c;

	for (j = 0; j < 4; j++) {
		unsigned jj = j < k ? j : 0;
		memcpy(buf[j], rho, 32);
		buf[j][32] = (uint8_t)(transposed ? i : jj);
		buf[j][33] = (uint8_t)(transposed ? jj : i);
	}
	if (!x4_is_vector()) {
		ember_shake_ctx *one = &c.u.one[0];
		for (j = 0; j < k; j++) {
			ember_shake128_init(one);
			ember_shake_update(one, buf[j], 34);
			while (ctr[j] < N) {
				ember_shake_squeeze(one, buf[0], sizeof(buf[0]));
				ctr[j] += rej_uniform(row[j].c + ctr[j], N - ctr[j], buf[0], sizeof(buf[0]));
			}
		}
		ember_shake_clear(one);
		return;
	}
	ember_keccak_x4_init(&c, NULL);
	ember_shake128_x4_absorb_once(&c, buf[0], buf[1], buf[2], buf[3], 34);
	do {
		ember_shake_x4_squeezeblocks(&c, buf[0], buf[1], buf[2], buf[3], 1);
		done = 1;
		for (j = 0; j < k; j++) {
			if (ctr[j] < N)
				ctr[j] += rej_uniform(row[j].c + ctr[j], N - ctr[j], buf[j], sizeof(buf[j]));
			if (ctr[j] < N)
				done = 0;
		}
	} while (!done);
	ember_keccak_x4_clear(&c);
}

/*
 * PRF_eta(seed, nonce + l) for the lanes l < |lanes| (FIPS 203, (4.3)):
 * 64 eta bytes each (eta 2: one SHAKE256 block, 3: two), to out + l *
 * PRF_BYTES; four at once in a vector four-way Keccak, else one by one.
 */
static MLKEM_NOINLINE void prf_x4(uint8_t *out, const uint8_t seed[32], unsigned nonce, unsigned eta,
    unsigned lanes)
{
	uint8_t in[4][33];
	ember_keccak_x4_ctx c;
	unsigned l;

	for (l = 0; l < 4; l++) {
		memcpy(in[l], seed, 32);
		in[l][32] = (uint8_t)(nonce + l);
	}
	if (!x4_is_vector()) {
		for (l = 0; l < lanes; l++)
			ember_shake256(out + l * PRF_BYTES, 64 * eta, in[l], 33);
	} else {
		ember_keccak_x4_init(&c, NULL);
		ember_shake256_x4_absorb_once(&c, in[0], in[1], in[2], in[3], 33);
		ember_shake_x4_squeezeblocks(&c, out, out + PRF_BYTES, out + 2 * PRF_BYTES, out + 3 * PRF_BYTES,
		    eta == 2 ? 1 : 2);
		ember_keccak_x4_clear(&c);
	}
	ember_wipe(in, sizeof(in));
}

/* Algorithm 13: ek (384 k + 32 bytes) and dk_PKE (384 k) from d */
static void pke_keygen(const mlkem_params *p, uint8_t *ek, uint8_t *dk_pke, const uint8_t d[32])
{
	poly s[MLKEM_MAXK], row[MLKEM_MAXK]; /* row: the PRF output, then A^'s row and the sums */
	uint8_t in[33], rs[64];             /* rho || sigma */
	unsigned i, l, k = p->k;

	memcpy(in, d, 32);
	in[32] = (uint8_t)k; /* the domain separation FIPS 203 added to Kyber */
	ember_sha3_512(rs, in, sizeof(in));
	/* rho is public: it ends ek */
	EMBER_DECLASSIFY(rs, 32);
	/*
	 * s (nonces 0 .. k-1) and e (k .. 2k-1), four at a time; e^ waits in
	 * ek, as ByteEncode12, until its row of t^ replaces it.
	 */
	for (i = 0; i < 2 * k; i += 4) {
		uint8_t *buf = (uint8_t *)row;
		prf_x4(buf, rs + 32, i, p->eta1, 2 * k - i < 4 ? 2 * k - i : 4);
		for (l = 0; l < 4 && i + l < 2 * k; l++) {
			unsigned n = i + l;
			poly *t = n < k ? &s[n] : &row[3];
			poly_cbd(t, buf + l * PRF_BYTES, p->eta1);
			poly_ntt(t);
			if (n >= k)
				poly_tobytes(ek + MLKEM_POLY_BYTES * (n - k), t);
		}
	}
	for (i = 0; i < k; i++) {
		gen_row(row, rs, i, k, 0);
		poly_basemul_acc(&row[0], row, s, k);
		poly_tomont(&row[0]);
		poly_frombytes(&row[1], ek + MLKEM_POLY_BYTES * i);
		poly_add(&row[0], &row[1]);
		poly_reduce(&row[0]);
		poly_tobytes(ek + MLKEM_POLY_BYTES * i, &row[0]);
	}
	memcpy(ek + MLKEM_POLY_BYTES * k, rs, 32);
	for (i = 0; i < k; i++)
		poly_tobytes(dk_pke + MLKEM_POLY_BYTES * i, &s[i]);
	ember_wipe(s, sizeof(s));
	ember_wipe(row, sizeof(row));
	ember_wipe(in, sizeof(in));
	ember_wipe(rs, sizeof(rs));
}

/*
 * Algorithm 14: c (ct_len bytes) from ek, m and the randomness r, written
 * to |ct|; or, |ct| NULL, compared with |cmp|: the result is 0 when equal.
 */
static uint32_t pke_encrypt(const mlkem_params *p, uint8_t *ct, const uint8_t *cmp, const uint8_t *ek,
    const uint8_t m[32], const uint8_t r[32])
{
	poly y[MLKEM_MAXK], row[MLKEM_MAXK];   /* row: the PRF output, then A^T's row and the sums */
	uint8_t e[MLKEM_MAXK + 1][64 * 2];     /* PRF_2 of e1 and e2, until used */
	unsigned i, j, l, k = p->k;
	uint32_t diff = 0;
	size_t off;

	/* y (nonces 0 .. k-1, eta1), e1 (k .. 2k-1) and e2 (2k, eta2 = 2), four at a time */
	for (i = 0; i < 2 * k + 1; i += 4) {
		uint8_t *buf = (uint8_t *)row;
		/* a batch of y and e1 uses eta1's length: one block covers eta2's 128 bytes */
		prf_x4(buf, r, i, i < k ? p->eta1 : 2, 2 * k + 1 - i < 4 ? 2 * k + 1 - i : 4);
		for (l = 0; l < 4 && i + l < 2 * k + 1; l++) {
			unsigned n = i + l;
			if (n < k) {
				poly_cbd(&y[n], buf + l * PRF_BYTES, p->eta1);
				poly_ntt(&y[n]);
			} else {
				memcpy(e[n - k], buf + l * PRF_BYTES, sizeof(e[0]));
			}
		}
	}
	/* u = NTT^-1(A^T o y^) + e1, row by row */
	for (i = 0; i < k; i++) {
		gen_row(row, ek + MLKEM_POLY_BYTES * k, i, k, 1);
		poly_basemul_acc(&row[0], row, y, k);
		poly_invntt(&row[0]);
		poly_cbd(&row[1], e[i], 2);
		poly_add(&row[0], &row[1]);
		poly_reduce(&row[0]);
		off = 32 * p->du * i;
		diff |= poly_compress(ct ? ct + off : NULL, cmp ? cmp + off : NULL, &row[0], p->du);
	}
	/* v = NTT^-1(t^T o y^) + e2 + Decompress_1(m) */
	for (j = 0; j < k; j++)
		poly_frombytes(&row[j], ek + MLKEM_POLY_BYTES * j);
	poly_basemul_acc(&row[0], row, y, k);
	poly_invntt(&row[0]);
	poly_cbd(&row[1], e[k], 2);
	poly_add(&row[0], &row[1]);
	poly_frommsg(&row[1], m);
	poly_add(&row[0], &row[1]);
	poly_reduce(&row[0]);
	off = 32 * p->du * k;
	diff |= poly_compress(ct ? ct + off : NULL, cmp ? cmp + off : NULL, &row[0], p->dv);
	ember_wipe(y, sizeof(y));
	ember_wipe(row, sizeof(row));
	ember_wipe(e, sizeof(e));
	return diff;
}

/* Algorithm 15: m from dk_PKE and c (its frame is gone before decapsulation re-encrypts) */
static void pke_decrypt(const mlkem_params *p, uint8_t m[32], const uint8_t *dk_pke, const uint8_t *ct)
{
	poly s[MLKEM_MAXK], u[MLKEM_MAXK];
	unsigned j, k = p->k;

	for (j = 0; j < k; j++) {
		poly_decompress(&u[j], ct + 32 * p->du * j, p->du);
		poly_ntt(&u[j]);
		poly_frombytes(&s[j], dk_pke + MLKEM_POLY_BYTES * j);
	}
	poly_basemul_acc(&s[0], s, u, k);
	poly_invntt(&s[0]);
	/* w = v - NTT^-1(s^T o NTT(u)) */
	poly_decompress(&u[0], ct + 32 * p->du * k, p->dv);
	poly_sub(&u[0], &s[0]);
	poly_reduce(&u[0]);
	poly_tomsg(m, &u[0]);
	ember_wipe(s, sizeof(s));
	ember_wipe(u, sizeof(u));
}
