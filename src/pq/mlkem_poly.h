/*
 * mlkem_poly.h - ML-KEM's polynomial arithmetic in portable C (FIPS 203,
 * 4.3 and 4.2.1), static inline for the implementation files: mlkem_ref.c
 * uses all of it, mlkem_avx2.c what it does not vectorize.
 *
 * Coefficients are int16_t mod q = 3329, as in the Kyber reference code:
 * Montgomery reduction of 16x16->32 products (R = 2^16) and Barrett
 * reduction (multiplier 20159, shift 26), so 32-bit cores multiply in
 * constant time; the only wider product is compression's 32x32->64.
 * Compression is a multiply and a shift by precomputed reciprocals of q
 * (no division of secret data: "KyberSlash"); the constants were checked
 * against the exact rounding for every input in [0, q) and each d.
 *
 * Bounds: "reduced" is the centred representative, |a| <= (q-1)/2, from
 * barrett_reduce; "in (-q, q)" what a Montgomery reduction gives. The NTT
 * returns reduced coefficients; the base products' sums are kept in 32
 * bits (at most four terms of at most 4095 * (1664 + 3328), below 2^15 q)
 * and reduced once.
 */
#ifndef EMBER_MLKEM_POLY_H
#define EMBER_MLKEM_POLY_H

#include "internal.h"
#include "pq/mlkem_impl.h"

#define Q MLKEM_Q
#define N MLKEM_N
#define QINV (-3327) /* q^-1 mod 2^16 */

typedef struct {
	int16_t c[N];
} poly;

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

/* zeta^BitRev7(i) * 2^16 mod q, centred, zeta = 17 (FIPS 203, Appendix A, in Montgomery form) */
static const int16_t mlkem_zetas[128] = {
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

/* the representative of a mod q in [-(q-1)/2, (q-1)/2], any int16_t a */
static inline int16_t barrett_reduce(int16_t a)
{
	int16_t t = (int16_t)((20159 * (int32_t)a + (1 << 25)) >> 26);
	return (int16_t)(a - t * Q);
}

static inline int16_t fqmul(int16_t a, int16_t b)
{
	return mont_reduce((int32_t)a * b);
}

/* a mod q in [0, q) from a representative in (-q, q) */
static inline uint32_t to_unsigned(int16_t a)
{
	return (uint32_t)(a + ((a >> 15) & Q));
}

static inline void ref_poly_reduce(poly *r)
{
	unsigned i;

	for (i = 0; i < N; i++)
		r->c[i] = barrett_reduce(r->c[i]);
}

/* r += a; the sum must fit int16_t */
static inline void ref_poly_add(poly *r, const poly *a)
{
	unsigned i;

	for (i = 0; i < N; i++)
		r->c[i] = (int16_t)(r->c[i] + a->c[i]);
}

/* r -= a; the difference must fit int16_t */
static inline void ref_poly_sub(poly *r, const poly *a)
{
	unsigned i;

	for (i = 0; i < N; i++)
		r->c[i] = (int16_t)(r->c[i] - a->c[i]);
}

/* r = r 2^16 mod q, in (-q, q) (Montgomery form: cancels the base products' 2^-16) */
static inline void ref_poly_tomont(poly *r)
{
	unsigned i;

	for (i = 0; i < N; i++)
		r->c[i] = fqmul(r->c[i], 1353); /* 2^32 mod q */
}

/*
 * One layer of FIPS 203, Algorithm 9, for a constant |len| (the function is
 * inlined per layer so the inner loop has a known trip count, which the
 * compiler can vectorise); no reduction: the coefficients grow by less
 * than q a layer, from below q to below 8q.
 */
static inline void ntt_layer(int16_t *r, unsigned len)
{
	unsigned start, j, k = N / (2 * len);

	for (start = 0; start < N; start += 2 * len) {
		int16_t zeta = mlkem_zetas[k++];
		for (j = start; j < start + len; j++) {
			int16_t t = fqmul(zeta, r[j + len]);
			r[j + len] = (int16_t)(r[j] - t);
			r[j] = (int16_t)(r[j] + t);
		}
	}
}

/* FIPS 203, Algorithm 9: in place, bit-reversed order, input |a| < q, output reduced */
static inline void ref_poly_ntt(poly *p)
{
	ntt_layer(p->c, 128);
	ntt_layer(p->c, 64);
	ntt_layer(p->c, 32);
	ntt_layer(p->c, 16);
	ntt_layer(p->c, 8);
	ntt_layer(p->c, 4);
	ntt_layer(p->c, 2);
	ref_poly_reduce(p);
}

/*
 * One layer of FIPS 203, Algorithm 10 (Gentleman-Sande); the sums are
 * Barrett-reduced when |red| (inlined per layer). From inputs below q in
 * absolute value a layer at most doubles the largest coefficient, so
 * reducing after the third and the sixth layers keeps every value below
 * 8q (2^15 > 26632): 256 reductions instead of 896.
 */
static inline void invntt_layer(int16_t *r, unsigned len, int red)
{
	unsigned start, j, k = N / len - 1;

	for (start = 0; start < N; start += 2 * len) {
		int16_t zeta = mlkem_zetas[k--];
		for (j = start; j < start + len; j++) {
			int16_t t = r[j], s = (int16_t)(t + r[j + len]);
			r[j] = red ? barrett_reduce(s) : s;
			r[j + len] = fqmul(zeta, (int16_t)(r[j + len] - t));
		}
	}
}

/*
 * FIPS 203, Algorithm 10, times 2^16 (cancels the 2^-16 of the base
 * products); input in (-q, q), output in (-q, q) (the last products take
 * inputs below 8q: 8q 1441 < 2^15 q)
 */
static inline void ref_poly_invntt(poly *p)
{
	unsigned j;

	invntt_layer(p->c, 2, 0);
	invntt_layer(p->c, 4, 0);
	invntt_layer(p->c, 8, 1);
	invntt_layer(p->c, 16, 0);
	invntt_layer(p->c, 32, 0);
	invntt_layer(p->c, 64, 1);
	invntt_layer(p->c, 128, 0);
	for (j = 0; j < N; j++)
		p->c[j] = fqmul(p->c[j], 1441); /* 2^32 / 128 mod q */
}

/*
 * r = sum over j < k of a[j] o b[j] (FIPS 203, Algorithms 11 and 12, times
 * 2^-16), in (-q, q): the sums in 32 bits, one Montgomery reduction per
 * coefficient. a: coefficients below 4096 in absolute value (ByteDecode12
 * output or reduced); b: reduced (an NTT's output). |r| may be |a|.
 */
static inline void basemul_acc_k(poly *r, const poly *a, const poly *b, unsigned k)
{
	unsigned i, j;

	for (i = 0; i < N / 4; i++) {
		int16_t zeta = mlkem_zetas[64 + i];
		int32_t r0 = 0, r1 = 0, r2 = 0, r3 = 0;
		for (j = 0; j < k; j++) {
			const int16_t *x = a[j].c + 4 * i, *y = b[j].c + 4 * i;
			int16_t y1z = fqmul(y[1], zeta), y3z = fqmul(y[3], (int16_t)-zeta);
			r0 += (int32_t)x[0] * y[0] + (int32_t)x[1] * y1z;
			r1 += (int32_t)x[0] * y[1] + (int32_t)x[1] * y[0];
			r2 += (int32_t)x[2] * y[2] + (int32_t)x[3] * y3z;
			r3 += (int32_t)x[2] * y[3] + (int32_t)x[3] * y[2];
		}
		r->c[4 * i] = mont_reduce(r0);
		r->c[4 * i + 1] = mont_reduce(r1);
		r->c[4 * i + 2] = mont_reduce(r2);
		r->c[4 * i + 3] = mont_reduce(r3);
	}
}

/* the same, inlined per k so that the sums over j unroll */
static inline void ref_poly_basemul_acc(poly *r, const poly *a, const poly *b, unsigned k)
{
	switch (k) {
	case 1:
		basemul_acc_k(r, a, b, 1);
		break;
	case 2:
		basemul_acc_k(r, a, b, 2);
		break;
	case 3:
		basemul_acc_k(r, a, b, 3);
		break;
	default:
		basemul_acc_k(r, a, b, 4);
		break;
	}
}

/* ---- encodings (FIPS 203, 4.2.1) ---- */

/* ByteEncode12 of coefficients in (-q, q), as canonical ones in [0, q) */
static inline void ref_poly_tobytes(uint8_t r[MLKEM_POLY_BYTES], const poly *a)
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
static inline void ref_poly_frombytes(poly *r, const uint8_t a[MLKEM_POLY_BYTES])
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
static inline uint32_t compress_d(uint32_t x, unsigned d)
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

/*
 * ByteEncode_d(Compress_d(a)) of a polynomial in (-q, q), 32 d bytes, for
 * a constant d (inlined per d), eight coefficients (d bytes) at a time:
 * written to |r|, or (|r| NULL) compared with |cmp|, the differences ORed
 * into the result, so decapsulation holds no second ciphertext.
 */
static inline uint32_t compress_poly_d(uint8_t *r, const uint8_t *cmp, const poly *a, unsigned d)
{
	const unsigned g = d == 10 ? 4 : 8, gb = g * d / 8; /* g coefficients in gb bytes, gb <= 8 */
	uint32_t diff = 0;
	unsigned i, j;

	for (i = 0; i < N / g; i++) {
		uint64_t acc = 0;
		for (j = 0; j < g; j++)
			acc |= (uint64_t)compress_d(to_unsigned(a->c[g * i + j]), d) << (d * j);
		for (j = 0; j < gb; j++) {
			if (r != NULL)
				r[gb * i + j] = (uint8_t)(acc >> (8 * j));
			else
				diff |= (uint8_t)(acc >> (8 * j)) ^ cmp[gb * i + j];
		}
	}
	return diff;
}

/* The same for d = 11 (eleven bytes for eight coefficients: a bit stream) */
static inline uint32_t compress_poly_11(uint8_t *r, const uint8_t *cmp, const poly *a)
{
	uint32_t acc = 0, diff = 0;
	unsigned i, bits = 0;

	for (i = 0; i < N; i++) {
		acc |= compress_d(to_unsigned(a->c[i]), 11) << bits;
		bits += 11;
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

static inline uint32_t ref_poly_compress(uint8_t *r, const uint8_t *cmp, const poly *a, unsigned d)
{
	switch (d) {
	case 4:
		return compress_poly_d(r, cmp, a, 4);
	case 5:
		return compress_poly_d(r, cmp, a, 5);
	case 10:
		return compress_poly_d(r, cmp, a, 10);
	default:
		return compress_poly_11(r, cmp, a);
	}
}

/* Decompress_d(ByteDecode_d(a)): round(q y / 2^d), on public ciphertext bits, for a constant d: g coefficients (gb bytes) at a time */
static inline void decompress_poly_d(poly *r, const uint8_t *a, unsigned d)
{
	const unsigned g = d == 10 ? 4 : 8, gb = g * d / 8;
	unsigned i, j;

	for (i = 0; i < N / g; i++) {
		uint64_t acc = 0;
		for (j = 0; j < gb; j++)
			acc |= (uint64_t)a[gb * i + j] << (8 * j);
		for (j = 0; j < g; j++) {
			uint32_t y = (uint32_t)(acc >> (d * j)) & ((1u << d) - 1);
			r->c[g * i + j] = (int16_t)((y * Q + (1u << (d - 1))) >> d);
		}
	}
}

/* The same for d = 11, as a bit stream */
static inline void decompress_poly_11(poly *r, const uint8_t *a)
{
	uint32_t acc = 0;
	unsigned i, bits = 0;

	for (i = 0; i < N; i++) {
		while (bits < 11) {
			acc |= (uint32_t)*a++ << bits;
			bits += 8;
		}
		r->c[i] = (int16_t)(((acc & 0x7ff) * Q + 1024) >> 11);
		acc >>= 11;
		bits -= 11;
	}
}

static inline void ref_poly_decompress(poly *r, const uint8_t *a, unsigned d)
{
	switch (d) {
	case 4:
		decompress_poly_d(r, a, 4);
		break;
	case 5:
		decompress_poly_d(r, a, 5);
		break;
	case 10:
		decompress_poly_d(r, a, 10);
		break;
	default:
		decompress_poly_11(r, a);
		break;
	}
}

/* Decompress_1(ByteDecode_1(m)): each bit to 0 or (q + 1) / 2, masked */
static inline void ref_poly_frommsg(poly *r, const uint8_t m[32])
{
	unsigned i, j;

	for (i = 0; i < 32; i++)
		for (j = 0; j < 8; j++) {
			uint32_t b = ct_opaque((uint32_t)(m[i] >> j) & 1);
			r->c[8 * i + j] = (int16_t)((0u - b) & ((Q + 1) / 2));
		}
}

/* ByteEncode_1(Compress_1(a)) of a polynomial in (-q, q) */
static inline void ref_poly_tomsg(uint8_t m[32], const poly *a)
{
	unsigned i, j;

	for (i = 0; i < 32; i++) {
		uint32_t byte = 0;
		for (j = 0; j < 8; j++)
			byte |= compress_d(to_unsigned(a->c[8 * i + j]), 1) << j;
		m[i] = (uint8_t)byte;
	}
}

/* ---- sampling (FIPS 203, 4.2.2) ---- */

/*
 * SampleNTT's loop over one block of XOF output (public: rho is part of
 * ek): while two more fit, both candidates are stored and the count
 * advanced by the comparisons (no unpredictable branch), then one at a
 * time.
 */
static inline unsigned ref_rej_uniform(int16_t *r, unsigned len, const uint8_t *buf, unsigned buflen)
{
	unsigned ctr = 0, pos = 0;

	while (ctr + 2 <= len && pos + 3 <= buflen) {
		uint32_t d1 = (buf[pos] | (uint32_t)buf[pos + 1] << 8) & 0xfff;
		uint32_t d2 = (buf[pos + 1] >> 4) | (uint32_t)buf[pos + 2] << 4;
		pos += 3;
		r[ctr] = (int16_t)d1;
		ctr += d1 < Q;
		r[ctr] = (int16_t)d2;
		ctr += d2 < Q;
	}
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

/* SamplePolyCBD_eta (FIPS 203, Algorithm 8) of 64 eta bytes; eta 2 or 3 */
static inline void ref_poly_cbd(poly *r, const uint8_t *buf, unsigned eta)
{
	unsigned i, j;

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
			uint32_t t = buf[3 * i] | (uint32_t)buf[3 * i + 1] << 8 | (uint32_t)buf[3 * i + 2] << 16;
			uint32_t d = (t & 0x249249u) + ((t >> 1) & 0x249249u) + ((t >> 2) & 0x249249u);
			for (j = 0; j < 4; j++) {
				int32_t a = (int32_t)((d >> (6 * j)) & 7);
				int32_t b = (int32_t)((d >> (6 * j + 3)) & 7);
				r->c[4 * i + j] = (int16_t)(a - b);
			}
		}
	}
}

#endif
