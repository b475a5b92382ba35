/*
 * mlkem.c - ML-KEM (FIPS 203) in portable, constant-time C: one
 * implementation for every target, so no descriptor (see mlkem.h).
 *
 * Arithmetic mod q = 3329 on int16_t coefficients, as the Kyber reference
 * code: Montgomery reduction of 16x16->32 products (R = 2^16) and Barrett
 * reduction (multiplier 20159, shift 26), so 32-bit cores multiply in
 * constant time; the only wider product is compression's 32x32->64.
 * Compression is a multiply and a shift by precomputed reciprocals of q
 * (no division of secret data: "KyberSlash"); the constants were checked
 * against the exact rounding for every input in [0, q) and each d when
 * written, and the known answers of tests/t_mlkem.c run every one of them.
 *
 * Stack: the matrix is expanded one row at a time (the four-way Keccak
 * makes the up to four polynomials of a row at once) and multiplied into
 * the row's first polynomial, keys are decoded one polynomial at a time,
 * and decapsulation compares the re-encryption with c as it is made, so an
 * operation holds two vectors of k polynomials (512 bytes each, sized for
 * k = 4 in every set) and little else. Measured with -fstack-usage (gcc 12,
 * -O2, x86-64): pke_encrypt 4320 bytes, pke_keygen 4384, gen_row 1712,
 * pke_decrypt 1648 (not inlined, so its frame is gone before the
 * re-encryption), ember_mlkem_decaps 480; with the squeeze (112) and the
 * Keccak permutation below (712 for avx2, 1136 for the portable x4 path)
 * the deepest chain is about 7.8 KiB for any set.
 */
#include "internal.h"
#include "hash/keccak_x4.h"
#include "ember/bn.h"
#include "ember/hash.h"
#include "ember/mlkem.h"

#define Q 3329
#define N 256
#define QINV (-3327) /* q^-1 mod 2^16 */
#define MAXK 4
#define POLY_BYTES 384 /* ByteEncode12 of one polynomial */

typedef struct {
	int16_t c[N];
} poly;

typedef struct {
	int set;
	unsigned k, eta1, du, dv; /* eta2 is 2 in every set */
	size_t ek_len, dk_len, ct_len;
} mlkem_params;

/* FIPS 203, 8, Table 2 */
static const mlkem_params params[] = {
	{ 512, 2, 3, 10, 4, EMBER_MLKEM512_EK_LEN, EMBER_MLKEM512_DK_LEN, EMBER_MLKEM512_CT_LEN },
	{ 768, 3, 2, 10, 4, EMBER_MLKEM768_EK_LEN, EMBER_MLKEM768_DK_LEN, EMBER_MLKEM768_CT_LEN },
	{ 1024, 4, 2, 11, 5, EMBER_MLKEM1024_EK_LEN, EMBER_MLKEM1024_DK_LEN, EMBER_MLKEM1024_CT_LEN },
};

static const mlkem_params *params_of(int set)
{
	size_t i;

	for (i = 0; i < sizeof(params) / sizeof(params[0]); i++)
		if (params[i].set == set)
			return &params[i];
	return NULL;
}

/* The operations' big frames apart, not summed into their caller's. */
#if defined(__GNUC__) || defined(__clang__)
#define MLKEM_NOINLINE __attribute__((noinline))
#else
#define MLKEM_NOINLINE
#endif

/*
 * The compiler must not learn that a value is 0 or 1 (it could branch on
 * it: clang turned the Kyber reference's message decoding into a branch).
 */

static inline uint32_t ct_opaque(uint32_t x)
{
#if defined(__GNUC__) || defined(__clang__)
	__asm__("" : "+r"(x));
#endif
	return x;
}

/* ---- arithmetic mod q ---- */

/* zeta^BitRev7(i) * 2^16 mod q, centred, zeta = 17 (FIPS 203, Appendix A, in Montgomery form) */
static const int16_t zetas[128] = {
	-1044, -758, -359, -1517, 1493, 1422, 287, 202, -171, 622, 1577, 182, 962, -1202, -1474, 1468,
	573, -1325, 264, 383, -829, 1458, -1602, -130, -681, 1017, 732, 608, -1542, 411, -205, -1571,
	1223, 652, -552, 1015, -1293, 1491, -282, -1544, 516, -8, -320, -666, -1618, -1162, 126, 1469,
	-853, -90, -271, 830, 107, -1421, -247, -951, -398, 961, -1508, -725, 448, -1065, 677, -1275,
	-1103, 430, 555, 843, -1251, 871, 1550, 105, 422, 587, 177, -235, -291, -460, 1574, 1653,
	-246, 778, 1159, -147, -777, 1483, -602, 1119, -1590, 644, -872, 349, 418, 329, -156, -75,
	817, 1097, 603, 610, 1322, -1285, -1465, 384, -1215, -136, 1218, -1335, -874, 220, -1187, -1659,
	-1185, -1530, -1278, 794, -1510, -854, -870, 478, -108, -308, 996, 991, 958, -1460, 1522, 1628,
};

/* a 2^-16 mod q in (-q, q), for |a| < 2^15 q */
static inline int16_t mont_reduce(int32_t a)
{
	int16_t t = (int16_t)((int32_t)(int16_t)a * QINV);
	return (int16_t)((a - (int32_t)t * Q) >> 16);
}

/* the representative of a mod q in [-(q-1)/2, (q-1)/2] */
static inline int16_t barrett_reduce(int16_t a)
{
	int16_t t = (int16_t)((20159 * (int32_t)a + (1 << 25)) >> 26);
	return (int16_t)(a - t * Q);
}

static inline int16_t fqmul(int16_t a, int16_t b)
{
	return mont_reduce((int32_t)a * b);
}

/* a mod q in [0, q) from a centred representative in (-q, q) */
static inline uint32_t to_unsigned(int16_t a)
{
	return (uint32_t)(a + ((a >> 15) & Q));
}

static void poly_reduce(poly *r)
{
	unsigned i;

	for (i = 0; i < N; i++)
		r->c[i] = barrett_reduce(r->c[i]);
}

static void poly_add(poly *r, const poly *a)
{
	unsigned i;

	for (i = 0; i < N; i++)
		r->c[i] = (int16_t)(r->c[i] + a->c[i]);
}

/* FIPS 203, Algorithm 9: in place, output reduced (bit-reversed order) */
static void poly_ntt(poly *p)
{
	unsigned len, start, j, k = 1;
	int16_t *r = p->c;

	for (len = 128; len >= 2; len >>= 1) {
		for (start = 0; start < N; start = j + len) {
			int16_t zeta = zetas[k++];
			for (j = start; j < start + len; j++) {
				int16_t t = fqmul(zeta, r[j + len]);
				r[j + len] = (int16_t)(r[j] - t);
				r[j] = (int16_t)(r[j] + t);
			}
		}
	}
	poly_reduce(p);
}

/* FIPS 203, Algorithm 10, times 2^16 (cancels the 2^-16 of the base products) */
static void poly_invntt(poly *p)
{
	unsigned len, start, j, k = 127;
	int16_t *r = p->c;
	const int16_t f = 1441; /* 2^32 / 128 mod q */

	for (len = 2; len <= 128; len <<= 1) {
		for (start = 0; start < N; start = j + len) {
			int16_t zeta = zetas[k--];
			for (j = start; j < start + len; j++) {
				int16_t t = r[j];
				r[j] = barrett_reduce((int16_t)(t + r[j + len]));
				r[j + len] = fqmul(zeta, (int16_t)(r[j + len] - t));
			}
		}
	}
	for (j = 0; j < N; j++)
		r[j] = fqmul(r[j], f);
}

/*
 * r = a o b, or (|add|) r += a o b (FIPS 203, Algorithms 11 and 12, times
 * 2^-16), unreduced: up to four sums of terms below 2q stay in int16_t; the
 * caller reduces. |r| may be |a|.
 */
static void poly_basemul(poly *r, const poly *a, const poly *b, int add)
{
	unsigned i;

	for (i = 0; i < N / 4; i++) {
		unsigned s;
		for (s = 0; s < 2; s++) {
			unsigned x = 4 * i + 2 * s;
			int16_t zeta = (int16_t)(s ? -zetas[64 + i] : zetas[64 + i]);
			int16_t a0 = a->c[x], a1 = a->c[x + 1], b0 = b->c[x], b1 = b->c[x + 1];
			int16_t r0 = add ? r->c[x] : 0, r1 = add ? r->c[x + 1] : 0;
			r->c[x] = (int16_t)(r0 + fqmul(fqmul(a1, b1), zeta) + fqmul(a0, b0));
			r->c[x + 1] = (int16_t)(r1 + fqmul(a0, b1) + fqmul(a1, b0));
		}
	}
}

/* ---- encodings (FIPS 203, 4.2.1) ---- */

/* ByteEncode12 of a reduced polynomial: canonical coefficients in [0, q) */
static void poly_tobytes(uint8_t r[POLY_BYTES], const poly *a)
{
	unsigned i;

	for (i = 0; i < N / 2; i++) {
		uint32_t t0 = to_unsigned(a->c[2 * i]), t1 = to_unsigned(a->c[2 * i + 1]);
		r[3 * i] = (uint8_t)t0;
		r[3 * i + 1] = (uint8_t)((t0 >> 8) | (t1 << 4));
		r[3 * i + 2] = (uint8_t)(t1 >> 4);
	}
}

/* ByteDecode12 without the reduction: coefficients up to 4095, which every product here accepts */
static void poly_frombytes(poly *r, const uint8_t a[POLY_BYTES])
{
	unsigned i;

	for (i = 0; i < N / 2; i++) {
		r->c[2 * i] = (int16_t)((a[3 * i] | (uint16_t)a[3 * i + 1] << 8) & 0xfff);
		r->c[2 * i + 1] = (int16_t)((a[3 * i + 1] >> 4) | (uint16_t)a[3 * i + 2] << 4);
	}
}

/*
 * Compress_d (FIPS 203, 4.2.1, (4.7)) of x in [0, q): round(2^d x / q) mod
 * 2^d, as (2^d x + q/2) * ceil(2^s / q) >> s with s large enough that the
 * product equals the quotient for every x (the Kyber reference's constants).
 */
static inline uint32_t compress(uint32_t x, unsigned d)
{
	switch (d) {
	case 1:
		return (((x << 1) + 1665) * 80635u >> 28) & 1;
	case 4:
		return (((x << 4) + 1665) * 80635u >> 28) & 0xf;
	case 5:
		return (((x << 5) + 1664) * 40318u >> 27) & 0x1f;
	case 10:
		return (uint32_t)((uint64_t)((x << 10) + 1665) * 1290167u >> 32) & 0x3ff;
	default: /* 11 */
		return (uint32_t)((uint64_t)((x << 11) + 1664) * 645084u >> 31) & 0x7ff;
	}
}

/* Decompress_d: round(q y / 2^d), on public ciphertext bits */
static inline int16_t decompress(uint32_t y, unsigned d)
{
	return (int16_t)((y * Q + (1u << (d - 1))) >> d);
}

/*
 * ByteEncode_d(Compress_d(a)) of a reduced polynomial, 32 d bytes: written
 * to |r|, or (|r| NULL) compared with |cmp|, the differences ORed into the
 * result, so decapsulation holds no second ciphertext.
 */
static uint32_t poly_compress(uint8_t *r, const uint8_t *cmp, const poly *a, unsigned d)
{
	uint32_t acc = 0, diff = 0;
	unsigned i, bits = 0;

	for (i = 0; i < N; i++) {
		acc |= compress(to_unsigned(a->c[i]), d) << bits;
		bits += d;
		while (bits >= 8) {
			if (r != NULL)
				*r++ = (uint8_t)acc;
			else
				diff |= (uint8_t)acc ^ *cmp++;
			acc >>= 8;
			bits -= 8;
		}
	}
	return diff;
}

/* Decompress_d(ByteDecode_d(a)) */
static void poly_decompress(poly *r, const uint8_t *a, unsigned d)
{
	uint32_t acc = 0, mask = (1u << d) - 1;
	unsigned i, bits = 0;

	for (i = 0; i < N; i++) {
		while (bits < d) {
			acc |= (uint32_t)*a++ << bits;
			bits += 8;
		}
		r->c[i] = decompress(acc & mask, d);
		acc >>= d;
		bits -= d;
	}
}

/* Decompress_1(ByteDecode_1(m)): each bit to 0 or (q + 1) / 2, masked */
static void poly_frommsg(poly *r, const uint8_t m[32])
{
	unsigned i, j;

	for (i = 0; i < 32; i++)
		for (j = 0; j < 8; j++) {
			uint32_t b = ct_opaque((uint32_t)(m[i] >> j) & 1);
			r->c[8 * i + j] = (int16_t)((0u - b) & ((Q + 1) / 2));
		}
}

/* ByteEncode_1(Compress_1(a)) of a reduced polynomial */
static void poly_tomsg(uint8_t m[32], const poly *a)
{
	unsigned i, j;

	for (i = 0; i < 32; i++) {
		uint32_t byte = 0;
		for (j = 0; j < 8; j++)
			byte |= compress(to_unsigned(a->c[8 * i + j]), 1) << j;
		m[i] = (uint8_t)byte;
	}
}

/* ---- sampling (FIPS 203, 4.2.2) ---- */

/* SampleNTT's loop over one block of XOF output (public: rho is part of ek) */
static unsigned rej_uniform(int16_t *r, unsigned len, const uint8_t *buf, unsigned buflen)
{
	unsigned ctr = 0, pos = 0;

	while (ctr < len && pos + 3 <= buflen) {
		uint32_t d1 = (buf[pos] | (uint32_t)buf[pos + 1] << 8) & 0xfff;
		uint32_t d2 = (buf[pos + 1] >> 4) | (uint32_t)buf[pos + 2] << 4;
		pos += 3;
		if (d1 < Q)
			r[ctr++] = (int16_t)d1;
		if (ctr < len && d2 < Q)
			r[ctr++] = (int16_t)d2;
	}
	return ctr;
}

/*
 * Row i of A^ (K-PKE.KeyGen: A^[i][j] = SampleNTT(rho || j || i)), or of its
 * transpose (K-PKE.Encrypt: rho || i || j), FIPS 203 Algorithms 13 and 14:
 * the k sponges of a row side by side in the four-way Keccak, one 168-byte
 * block at a time. Lanes beyond k repeat lane 0 and are ignored.
 */
static void gen_row(poly row[MAXK], const uint8_t rho[32], unsigned i, unsigned k, int transposed)
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

/* SamplePolyCBD_eta(PRF_eta(seed, nonce)), FIPS 203 Algorithm 8 and (4.3); eta 2 or 3 */
static void getnoise(poly *r, const uint8_t seed[32], unsigned nonce, unsigned eta)
{
	uint8_t in[33], buf[3 * 64];
	unsigned i, j;

	memcpy(in, seed, 32);
	in[32] = (uint8_t)nonce;
	ember_shake256(buf, 64 * eta, in, sizeof(in));
	if (eta == 2) {
		for (i = 0; i < N / 8; i++) {
			uint32_t t = ember_ld32le(buf + 4 * i);
			uint32_t d = (t & 0x55555555u) + ((t >> 1) & 0x55555555u);
			for (j = 0; j < 8; j++) {
				int32_t a = (int32_t)((d >> (4 * j)) & 3);
				int32_t b = (int32_t)((d >> (4 * j + 2)) & 3);
				r->c[8 * i + j] = (int16_t)(a - b);
			}
		}
	} else {
		for (i = 0; i < N / 4; i++) {
			uint32_t t = buf[3 * i] | (uint32_t)buf[3 * i + 1] << 8 |
			    (uint32_t)buf[3 * i + 2] << 16;
			uint32_t d = (t & 0x249249u) + ((t >> 1) & 0x249249u) + ((t >> 2) & 0x249249u);
			for (j = 0; j < 4; j++) {
				int32_t a = (int32_t)((d >> (6 * j)) & 7);
				int32_t b = (int32_t)((d >> (6 * j + 3)) & 7);
				r->c[4 * i + j] = (int16_t)(a - b);
			}
		}
	}
	ember_wipe(in, sizeof(in));
	ember_wipe(buf, sizeof(buf));
}

/* ---- K-PKE (FIPS 203, 5) ---- */

/* Algorithm 13: ek (384 k + 32 bytes) and dk_PKE (384 k) from d */
static void pke_keygen(const mlkem_params *p, uint8_t *ek, uint8_t *dk_pke, const uint8_t d[32])
{
	poly s[MAXK], row[MAXK]; /* row[0] then sums, row[1] holds the noise */
	uint8_t in[33], rs[64]; /* rho || sigma */
	unsigned i, j, k = p->k;

	memcpy(in, d, 32);
	in[32] = (uint8_t)k; /* the domain separation FIPS 203 added to Kyber */
	ember_sha3_512(rs, in, sizeof(in));
	/* rho is public: it ends ek */
	EMBER_DECLASSIFY(rs, 32);
	for (i = 0; i < k; i++) {
		getnoise(&s[i], rs + 32, i, p->eta1);
		poly_ntt(&s[i]);
	}
	for (i = 0; i < k; i++) {
		gen_row(row, rs, i, k, 0);
		for (j = 0; j < k; j++)
			poly_basemul(&row[0], &row[j], &s[j], j != 0);
		poly_reduce(&row[0]);
		/* to Montgomery form: cancels the base products' 2^-16 */
		for (j = 0; j < N; j++)
			row[0].c[j] = fqmul(row[0].c[j], 1353); /* 2^32 mod q */
		getnoise(&row[1], rs + 32, k + i, p->eta1);
		poly_ntt(&row[1]);
		poly_add(&row[0], &row[1]);
		poly_reduce(&row[0]);
		poly_tobytes(ek + POLY_BYTES * i, &row[0]);
	}
	memcpy(ek + POLY_BYTES * k, rs, 32);
	for (i = 0; i < k; i++)
		poly_tobytes(dk_pke + POLY_BYTES * i, &s[i]);
	ember_wipe(s, sizeof(s));
	ember_wipe(row, sizeof(row));
	ember_wipe(in, sizeof(in));
	ember_wipe(rs, sizeof(rs));
}

/*
 * Algorithm 14: c (ct_len bytes) from ek, m and the randomness r, written
 * to |ct|; or, |ct| NULL, compared with |cmp|: the result is 0 when equal.
 */
static MLKEM_NOINLINE uint32_t pke_encrypt(const mlkem_params *p, uint8_t *ct, const uint8_t *cmp,
    const uint8_t *ek, const uint8_t m[32], const uint8_t r[32])
{
	poly y[MAXK], row[MAXK]; /* row[0] then sums, row[1] holds the noise */
	unsigned i, j, k = p->k;
	uint32_t diff = 0;
	size_t off;

	for (i = 0; i < k; i++) {
		getnoise(&y[i], r, i, p->eta1);
		poly_ntt(&y[i]);
	}
	/* u = NTT^-1(A^T o y^) + e1, row by row */
	for (i = 0; i < k; i++) {
		gen_row(row, ek + POLY_BYTES * k, i, k, 1);
		for (j = 0; j < k; j++)
			poly_basemul(&row[0], &row[j], &y[j], j != 0);
		poly_reduce(&row[0]);
		poly_invntt(&row[0]);
		getnoise(&row[1], r, k + i, 2);
		poly_add(&row[0], &row[1]);
		poly_reduce(&row[0]);
		off = 32 * p->du * i;
		diff |= poly_compress(ct ? ct + off : NULL, cmp ? cmp + off : NULL, &row[0], p->du);
	}
	/* v = NTT^-1(t^T o y^) + e2 + Decompress_1(m) */
	for (j = 0; j < k; j++) {
		poly_frombytes(&row[1], ek + POLY_BYTES * j);
		poly_basemul(&row[0], &row[1], &y[j], j != 0);
	}
	poly_reduce(&row[0]);
	poly_invntt(&row[0]);
	getnoise(&row[1], r, 2 * k, 2);
	poly_add(&row[0], &row[1]);
	poly_frommsg(&row[1], m);
	poly_add(&row[0], &row[1]);
	poly_reduce(&row[0]);
	off = 32 * p->du * k;
	diff |= poly_compress(ct ? ct + off : NULL, cmp ? cmp + off : NULL, &row[0], p->dv);
	ember_wipe(y, sizeof(y));
	ember_wipe(row, sizeof(row));
	return diff;
}

/* Algorithm 15: m from dk_PKE and c */
static MLKEM_NOINLINE void pke_decrypt(const mlkem_params *p, uint8_t m[32], const uint8_t *dk_pke,
    const uint8_t *ct)
{
	poly acc, s, u;
	unsigned j, k = p->k;

	for (j = 0; j < k; j++) {
		poly_decompress(&u, ct + 32 * p->du * j, p->du);
		poly_ntt(&u);
		poly_frombytes(&s, dk_pke + POLY_BYTES * j);
		poly_basemul(&acc, &s, &u, j != 0);
	}
	poly_reduce(&acc);
	poly_invntt(&acc);
	/* w = v - NTT^-1(s^T o NTT(u)) */
	poly_decompress(&u, ct + 32 * p->du * k, p->dv);
	for (j = 0; j < N; j++)
		u.c[j] = (int16_t)(u.c[j] - acc.c[j]);
	poly_reduce(&u);
	poly_tomsg(m, &u);
	ember_wipe(&acc, sizeof(acc));
	ember_wipe(&s, sizeof(s));
	ember_wipe(&u, sizeof(u));
}

/* ---- ML-KEM (FIPS 203, 6 and 7) ---- */

static int check_ek(const mlkem_params *p, const uint8_t *ek)
{
	uint32_t bad = 0;
	size_t i;

	/* 7.2: every 12-bit coefficient below q, i.e. ByteEncode12(ByteDecode12(ek)) == ek */
	for (i = 0; i < POLY_BYTES * p->k; i += 3) {
		uint32_t d1 = (ek[i] | (uint32_t)ek[i + 1] << 8) & 0xfff;
		uint32_t d2 = (ek[i + 1] >> 4) | (uint32_t)ek[i + 2] << 4;
		bad |= ((Q - 1) - d1) | ((Q - 1) - d2);
	}
	return (bad >> 31) ? EMBER_ERANGE : 0;
}

static int check_dk(const mlkem_params *p, const uint8_t *dk)
{
	const uint8_t *ek = dk + POLY_BYTES * p->k;
	uint8_t h[32];
	int eq;

	/* 7.3: H(ek) equals the stored h; the verdict is public */
	ember_sha3_256(h, ek, p->ek_len);
	eq = ember_memeq(h, ek + p->ek_len, 32);
	EMBER_DECLASSIFY(&eq, sizeof(eq));
	return eq ? 0 : EMBER_EDECODE;
}

int ember_mlkem_keygen_seed(int set, uint8_t *ek, size_t ek_len, uint8_t *dk, size_t dk_len,
    const uint8_t seed[EMBER_MLKEM_SEED_LEN])
{
	const mlkem_params *p = params_of(set);
	uint8_t *dk_ek;

	if (p == NULL || ek == NULL || dk == NULL || seed == NULL)
		return EMBER_EINVAL;
	if (ek_len != p->ek_len || dk_len != p->dk_len)
		return EMBER_ELEN;
	/* Algorithm 16: dk = dk_PKE || ek || H(ek) || z */
	dk_ek = dk + POLY_BYTES * p->k;
	pke_keygen(p, ek, dk, seed);
	memcpy(dk_ek, ek, p->ek_len);
	ember_sha3_256(dk_ek + p->ek_len, ek, p->ek_len);
	memcpy(dk_ek + p->ek_len + 32, seed + 32, 32);
	return 0;
}

int ember_mlkem_keygen(int set, uint8_t *ek, size_t ek_len, uint8_t *dk, size_t dk_len)
{
	const mlkem_params *p = params_of(set);
	uint8_t seed[EMBER_MLKEM_SEED_LEN];
	int ret;

	if (p == NULL || ek == NULL || dk == NULL)
		return EMBER_EINVAL;
	if (ek_len != p->ek_len || dk_len != p->dk_len)
		return EMBER_ELEN;
	if ((ret = ember_random_bytes(seed, sizeof(seed))) != 0)
		return ret;
	/* the ctgrind build checks what follows with d and z secret */
	EMBER_CT_SECRET(seed, sizeof(seed));
	ret = ember_mlkem_keygen_seed(set, ek, ek_len, dk, dk_len, seed);
	ember_wipe(seed, sizeof(seed));
	return ret;
}

int ember_mlkem_encaps_m(int set, uint8_t *ct, size_t ct_len, uint8_t ss[EMBER_MLKEM_SS_LEN],
    const uint8_t *ek, size_t ek_len, const uint8_t m[EMBER_MLKEM_M_LEN])
{
	const mlkem_params *p = params_of(set);
	uint8_t in[64], kr[64];
	int ret;

	if (p == NULL || ct == NULL || ss == NULL || ek == NULL || m == NULL)
		return EMBER_EINVAL;
	if (ct_len != p->ct_len || ek_len != p->ek_len)
		return EMBER_ELEN;
	if ((ret = check_ek(p, ek)) != 0)
		return ret;
	/* Algorithm 17: (K, r) = G(m || H(ek)) */
	memcpy(in, m, 32);
	ember_sha3_256(in + 32, ek, p->ek_len);
	ember_sha3_512(kr, in, sizeof(in));
	pke_encrypt(p, ct, NULL, ek, m, kr + 32);
	memcpy(ss, kr, 32);
	ember_wipe(in, sizeof(in));
	ember_wipe(kr, sizeof(kr));
	return 0;
}

int ember_mlkem_encaps(int set, uint8_t *ct, size_t ct_len, uint8_t ss[EMBER_MLKEM_SS_LEN], const uint8_t *ek,
    size_t ek_len)
{
	const mlkem_params *p = params_of(set);
	uint8_t m[EMBER_MLKEM_M_LEN];
	int ret;

	if (p == NULL || ct == NULL || ss == NULL || ek == NULL)
		return EMBER_EINVAL;
	if (ct_len != p->ct_len || ek_len != p->ek_len)
		return EMBER_ELEN;
	if ((ret = check_ek(p, ek)) != 0)
		return ret;
	if ((ret = ember_random_bytes(m, sizeof(m))) != 0)
		return ret;
	EMBER_CT_SECRET(m, sizeof(m));
	ret = ember_mlkem_encaps_m(set, ct, ct_len, ss, ek, ek_len, m);
	ember_wipe(m, sizeof(m));
	return ret;
}

int ember_mlkem_decaps(int set, uint8_t ss[EMBER_MLKEM_SS_LEN], const uint8_t *dk, size_t dk_len,
    const uint8_t *ct, size_t ct_len)
{
	const mlkem_params *p = params_of(set);
	const uint8_t *ek, *h, *z;
	uint8_t in[64], kr[64], kbar[32];
	ember_shake_ctx j;
	uint32_t diff;
	uint8_t mask;
	int ret, i;

	if (p == NULL || ss == NULL || dk == NULL || ct == NULL)
		return EMBER_EINVAL;
	if (dk_len != p->dk_len || ct_len != p->ct_len)
		return EMBER_ELEN;
	if ((ret = check_dk(p, dk)) != 0)
		return ret;
	/* Algorithm 18 */
	ek = dk + POLY_BYTES * p->k;
	h = ek + p->ek_len;
	z = h + 32;
	pke_decrypt(p, in, dk, ct);
	memcpy(in + 32, h, 32);
	ember_sha3_512(kr, in, sizeof(in)); /* (K', r') = G(m' || h) */
	ember_shake256_init(&j);            /* K_bar = J(z || c) */
	ember_shake_update(&j, z, 32);
	ember_shake_update(&j, ct, ct_len);
	ember_shake_squeeze(&j, kbar, sizeof(kbar));
	ember_shake_clear(&j);
	/* c' compared with c as it is made; K' when equal, else K_bar: a masked selection */
	diff = pke_encrypt(p, NULL, ct, ek, in, kr + 32);
	mask = (uint8_t)(0u - (ct_opaque((diff | (0u - diff)) >> 31)));
	for (i = 0; i < 32; i++)
		ss[i] = (uint8_t)(kr[i] ^ (mask & (kr[i] ^ kbar[i])));
	ember_wipe(in, sizeof(in));
	ember_wipe(kr, sizeof(kr));
	ember_wipe(kbar, sizeof(kbar));
	return 0;
}

int ember_mlkem_check_ek(int set, const uint8_t *ek, size_t ek_len)
{
	const mlkem_params *p = params_of(set);

	if (p == NULL || ek == NULL)
		return EMBER_EINVAL;
	if (ek_len != p->ek_len)
		return EMBER_ELEN;
	return check_ek(p, ek);
}

int ember_mlkem_check_dk(int set, const uint8_t *dk, size_t dk_len)
{
	const mlkem_params *p = params_of(set);

	if (p == NULL || dk == NULL)
		return EMBER_EINVAL;
	if (dk_len != p->dk_len)
		return EMBER_ELEN;
	return check_dk(p, dk);
}
