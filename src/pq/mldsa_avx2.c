/*
 * mldsa_avx2.c - ML-DSA's arithmetic with AVX2, x86-64: the NTT and its
 * inverse, the reductions, the rejection sampling of A^ (from four-way
 * SHAKE128 output) with its products into the accumulators, the rejection
 * sampling of s1 and s2, the challenge's shifted sums, Power2Round,
 * Decompose, MakeHint, UseHint and the norm check, on eight coefficients
 * a register (mldsa_int.h's mldsa_ops), and the descriptor. Hashing,
 * packing and the signing loop stay the scheme's (mldsa.c,
 * mldsa_keygen.c, mldsa_poly.c), so the stack is the portable code's.
 *
 * Every vector operation computes exactly what the portable code does on
 * each coefficient, so both implementations give the same integers at
 * every step (tests/t_mldsa_impl.c compares them). Montgomery products
 * (R = 2^32) as the AVX2 Dilithium code does: vpmuldq multiplies the even
 * lanes (and the odd ones shifted down) into 64-bit products a z; the low
 * half of a (z q^-1) is t, and since a z - t q has a zero low half, its
 * high half is hi(a z) - hi(t q), taken with one 32-bit subtraction; the
 * odd lanes' results are blended back in. The NTT's layers 128 ... 16
 * pair whole registers (zeta broadcast); layers 8, 4, 2 and 1 work on two
 * registers at a time, regrouped by 128-bit, 64-bit and 32-bit
 * interleaves so that each butterfly pairs whole registers, with the
 * zetas of those layers (and their products with q^-1) in tables in the
 * matching order (mldsa_avx2_tab.h). The inverse runs the same steps
 * backwards, with no reduction between layers, as the portable one.
 *
 * Constant time: straight-line vector code on secret data; the tables are
 * read at fixed positions or, in rejection sampling, at indices made of
 * which samples were refused (public for A^, which comes from rho;
 * declassified for s1 and s2, as the portable loop does: the refusals say
 * nothing of the values kept, which are moved by a byte shuffle); the norm
 * check and MakeHint reduce their verdicts with masks (no branch on a
 * coefficient: the caller declassifies the verdict only, as for the
 * portable code). UseHint (verification) handles public data. The
 * descriptor exists on every architecture; off x86-64 it is unsupported.
 */
#include "internal.h"
#include "ember/mldsa.h"

#if defined(EMBER_X86) && defined(__x86_64__)
#include <immintrin.h>

#include "pq/mldsa_int.h"

#define Q MLDSA_Q
#define N MLDSA_N
#define QINV 58728449 /* q^-1 mod 2^32 */

static int supported(void)
{
	return ember_cpu_has(EMBER_CPU_AVX2);
}

typedef __m256i V;

#define LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)

#include "pq/mldsa_avx2_tab.h"

/* a z 2^-32 per lane (mldsa_mont_reduce of the product, exactly), zq = z q^-1 mod 2^32; z and zq broadcast */
EMBER_TARGET("avx2") static inline V montmul_b(V a, V z, V zq)
{
	const V q = _mm256_set1_epi32(Q);
	V ao = _mm256_srli_epi64(a, 32);
	V pe = _mm256_mul_epi32(a, z), po = _mm256_mul_epi32(ao, z);
	V te = _mm256_mul_epi32(_mm256_mul_epi32(a, zq), q), to = _mm256_mul_epi32(_mm256_mul_epi32(ao, zq), q);

	pe = _mm256_srli_epi64(_mm256_sub_epi32(pe, te), 32);
	return _mm256_blend_epi32(pe, _mm256_sub_epi32(po, to), 0xaa);
}

/* the same with z and zq differing per lane */
EMBER_TARGET("avx2") static inline V montmul(V a, V z, V zq)
{
	const V q = _mm256_set1_epi32(Q);
	V ao = _mm256_srli_epi64(a, 32), zo = _mm256_srli_epi64(z, 32), zqo = _mm256_srli_epi64(zq, 32);
	V pe = _mm256_mul_epi32(a, z), po = _mm256_mul_epi32(ao, zo);
	V te = _mm256_mul_epi32(_mm256_mul_epi32(a, zq), q), to = _mm256_mul_epi32(_mm256_mul_epi32(ao, zqo), q);

	pe = _mm256_srli_epi64(_mm256_sub_epi32(pe, te), 32);
	return _mm256_blend_epi32(pe, _mm256_sub_epi32(po, to), 0xaa);
}

/* a b 2^-32 per lane, both varying: t from the product's low half */
EMBER_TARGET("avx2") static inline V montmul_vv(V a, V b)
{
	const V q = _mm256_set1_epi32(Q), qinv = _mm256_set1_epi32(QINV);
	V pe = _mm256_mul_epi32(a, b);
	V po = _mm256_mul_epi32(_mm256_srli_epi64(a, 32), _mm256_srli_epi64(b, 32));
	V te = _mm256_mul_epi32(_mm256_mul_epi32(pe, qinv), q), to = _mm256_mul_epi32(_mm256_mul_epi32(po, qinv), q);

	pe = _mm256_srli_epi64(_mm256_sub_epi32(pe, te), 32);
	return _mm256_blend_epi32(pe, _mm256_sub_epi32(po, to), 0xaa);
}

#define ZT(r, i) _mm256_load_si256((const __m256i *)(const void *)tab[r][i])

/* (even lanes of x, even of y), (odd of x, odd of y), interleaved: the 32-bit regrouping, its own inverse */
#define SWAP32(lo, hi, x, y) \
	do { \
		lo = _mm256_blend_epi32(x, _mm256_slli_epi64(y, 32), 0xaa); \
		hi = _mm256_blend_epi32(_mm256_srli_epi64(x, 32), y, 0xaa); \
	} while (0)

/* FIPS 204, Algorithm 41, as mldsa_poly_ntt */
EMBER_TARGET("avx2") static void avx2_ntt(mldsa_poly *p)
{
	int32_t *a = p->c;
	unsigned len, start, j, k = 0, r;

	for (len = 128; len >= 16; len >>= 1) {
		for (start = 0; start < N; start += 2 * len) {
			V z = _mm256_set1_epi32(mldsa_zetas[++k]), zq = _mm256_set1_epi32(zetas_qinv[k]);
			for (j = start; j < start + len; j += 8) {
				V x = LOAD(a + j), t = montmul_b(LOAD(a + j + len), z, zq);
				STORE(a + j + len, _mm256_sub_epi32(x, t));
				STORE(a + j, _mm256_add_epi32(x, t));
			}
		}
	}
	for (r = 0; r < 16; r++) {
		const int32_t(*tab)[6][8] = ntt_in;
		V x = LOAD(a + 16 * r), y = LOAD(a + 16 * r + 8), t, lo, hi;

		/* len 8: x and y */
		t = montmul_b(y, _mm256_set1_epi32(mldsa_zetas[16 + r]), _mm256_set1_epi32(zetas_qinv[16 + r]));
		y = _mm256_sub_epi32(x, t);
		x = _mm256_add_epi32(x, t);
		/* len 4: the halves of x, of y */
		lo = _mm256_permute2x128_si256(x, y, 0x20);
		hi = _mm256_permute2x128_si256(x, y, 0x31);
		t = montmul(hi, ZT(r, 0), ZT(r, 1));
		hi = _mm256_sub_epi32(lo, t);
		lo = _mm256_add_epi32(lo, t);
		/* len 2 */
		x = _mm256_unpacklo_epi64(lo, hi);
		y = _mm256_unpackhi_epi64(lo, hi);
		t = montmul(y, ZT(r, 2), ZT(r, 3));
		y = _mm256_sub_epi32(x, t);
		x = _mm256_add_epi32(x, t);
		/* len 1 */
		SWAP32(lo, hi, x, y);
		t = montmul(hi, ZT(r, 4), ZT(r, 5));
		hi = _mm256_sub_epi32(lo, t);
		lo = _mm256_add_epi32(lo, t);
		/* back to the standard order */
		SWAP32(x, y, lo, hi);
		lo = _mm256_unpacklo_epi64(x, y);
		hi = _mm256_unpackhi_epi64(x, y);
		STORE(a + 16 * r, _mm256_permute2x128_si256(lo, hi, 0x20));
		STORE(a + 16 * r + 8, _mm256_permute2x128_si256(lo, hi, 0x31));
	}
}

/* the Gentleman-Sande butterfly of mldsa_poly_invntt_tomont: x + y, (x - y) zeta 2^-32 */
#define GS(x, y, z, zq, mm) \
	do { \
		V t_ = x; \
		x = _mm256_add_epi32(t_, y); \
		y = mm(_mm256_sub_epi32(t_, y), z, zq); \
	} while (0)

/* FIPS 204, Algorithm 42, times 2^32, as mldsa_poly_invntt_tomont */
EMBER_TARGET("avx2") static void avx2_invntt_tomont(mldsa_poly *p)
{
	const V f = _mm256_set1_epi32(41978), fq = _mm256_set1_epi32(-8395782); /* 2^64 / 256 mod q, times q^-1 */
	int32_t *a = p->c;
	unsigned len, start, j, k = 16, r;

	for (r = 0; r < 16; r++) {
		const int32_t(*tab)[6][8] = invntt_in;
		V x = LOAD(a + 16 * r), y = LOAD(a + 16 * r + 8), lo, hi;

		lo = _mm256_permute2x128_si256(x, y, 0x20);
		hi = _mm256_permute2x128_si256(x, y, 0x31);
		x = _mm256_unpacklo_epi64(lo, hi);
		y = _mm256_unpackhi_epi64(lo, hi);
		SWAP32(lo, hi, x, y);
		GS(lo, hi, ZT(r, 0), ZT(r, 1), montmul); /* len 1 */
		SWAP32(x, y, lo, hi);
		GS(x, y, ZT(r, 2), ZT(r, 3), montmul); /* len 2 */
		lo = _mm256_unpacklo_epi64(x, y);
		hi = _mm256_unpackhi_epi64(x, y);
		GS(lo, hi, ZT(r, 4), ZT(r, 5), montmul); /* len 4 */
		x = _mm256_permute2x128_si256(lo, hi, 0x20);
		y = _mm256_permute2x128_si256(lo, hi, 0x31);
		GS(x, y, _mm256_set1_epi32(-mldsa_zetas[31 - r]), _mm256_set1_epi32(-zetas_qinv[31 - r]), montmul_b);
		STORE(a + 16 * r, x);
		STORE(a + 16 * r + 8, y);
	}
	for (len = 16; len < N; len <<= 1) {
		for (start = 0; start < N; start += 2 * len) {
			V z, zq;
			--k;
			z = _mm256_set1_epi32(-mldsa_zetas[k]);
			zq = _mm256_set1_epi32(-zetas_qinv[k]);
			for (j = start; j < start + len; j += 8) {
				V x = LOAD(a + j), y = LOAD(a + j + len);
				GS(x, y, z, zq, montmul_b);
				STORE(a + j, x);
				STORE(a + j + len, y);
			}
		}
	}
	for (j = 0; j < N; j += 8)
		STORE(a + j, montmul_b(LOAD(a + j), f, fq));
}

/* reduce32: a - round(a / 2^23) q, with t q = (t << 23) - (t << 13) + t */
EMBER_TARGET("avx2") static void avx2_reduce(mldsa_poly *p)
{
	const V h = _mm256_set1_epi32(1 << 22);
	unsigned i;

	for (i = 0; i < N; i += 8) {
		V a = LOAD(p->c + i), t = _mm256_srai_epi32(_mm256_add_epi32(a, h), 23);
		V tq = _mm256_add_epi32(_mm256_sub_epi32(_mm256_slli_epi32(t, 23), _mm256_slli_epi32(t, 13)), t);
		STORE(p->c + i, _mm256_sub_epi32(a, tq));
	}
}

EMBER_TARGET("avx2") static void avx2_caddq(mldsa_poly *p)
{
	const V q = _mm256_set1_epi32(Q);
	unsigned i;

	for (i = 0; i < N; i += 8) {
		V a = LOAD(p->c + i);
		STORE(p->c + i, _mm256_add_epi32(a, _mm256_and_si256(_mm256_srai_epi32(a, 31), q)));
	}
}

/*
 * RejNTTPoly's loop over one block (mldsa_ops.rej_mac), public data: eight
 * three-byte candidates a step (the 128-bit halves hold bytes 0..15 and
 * 8..23, so one byte shuffle spreads them over the lanes), the accepted
 * ones packed to the front by vpermd (rej_idx), then multiplied into each
 * accumulator eight at a time over the run of indices they fill. A step
 * may accept more than the polynomial still needs; those are dropped, as
 * the scalar loop would never read them.
 */
EMBER_TARGET("avx2") static unsigned avx2_rej_mac(mldsa_poly *acc, unsigned k, const poly_pair *pairs,
    unsigned slot, unsigned nb, unsigned ctr, const uint8_t *buf, unsigned len)
{
	const V shuf = _mm256_setr_epi8(0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1, 4, 5, 6, -1, 7, 8, 9, -1,
	    10, 11, 12, -1, 13, 14, 15, -1);
	const V mask = _mm256_set1_epi32(0x7fffff), q = _mm256_set1_epi32(Q);
	int32_t got[64 + 8] EMBER_ALIGN(32);
	unsigned pos, cnt = 0, b, i;

	for (pos = 0; pos + 24 <= len && pos < 3 * 64 && ctr + cnt < N; pos += 24) {
		__m128i lo = _mm_loadu_si128((const __m128i *)(const void *)(buf + pos));
		__m128i hi = _mm_loadu_si128((const __m128i *)(const void *)(buf + pos + 8));
		V f = _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1), idx;
		unsigned m;
		f = _mm256_and_si256(_mm256_shuffle_epi8(f, shuf), mask);
		m = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(q, f)));
		idx = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(const void *)rej_idx[m]));
		f = _mm256_permutevar8x32_epi32(f, idx);
		STORE(got + cnt, f);
		cnt += rej_cnt[m];
	}
	for (; pos + 3 <= len && pos < 3 * 64 && ctr + cnt < N; pos += 3) {
		uint32_t t = buf[pos] | (uint32_t)buf[pos + 1] << 8 | (uint32_t)(buf[pos + 2] & 0x7f) << 16;
		got[cnt] = (int32_t)t;
		cnt += t < Q;
	}
	if (cnt > N - ctr)
		cnt = N - ctr;
	for (b = 0; b < nb; b++) {
		int32_t *a = acc[b * k].c + ctr;
		const int32_t *v = pairs[b].p[slot].c + ctr;
		for (i = 0; i + 8 <= cnt; i += 8)
			STORE(a + i, _mm256_add_epi32(LOAD(a + i), montmul_vv(LOAD(got + i), LOAD(v + i))));
		for (; i < cnt; i++)
			a[i] += mldsa_mont_reduce((int64_t)got[i] * v[i]);
	}
	return ctr + cnt;
}

/*
 * RejBoundedPoly's loop (mldsa_ops.rej_eta): sixteen half-bytes a step as
 * bytes, the values computed for all (z mod 5 by two masked
 * subtractions), the accepted ones packed to the front by a byte shuffle
 * (rej_idx), eight at a time. Which half-bytes are refused is declassified,
 * as in the portable loop; the values stay secret (a shuffle by a public
 * index). Writes up to 8 entries past the count (a has N + 8).
 */
EMBER_TARGET("avx2") static unsigned avx2_rej_eta(int8_t *a, unsigned ctr, const uint8_t *buf, unsigned len,
    unsigned eta)
{
	const __m128i low = _mm_set1_epi8(15), bound = _mm_set1_epi8(eta == 2 ? 15 : 9);
	const __m128i e = _mm_set1_epi8((char)eta), nine = _mm_set1_epi8(9), four = _mm_set1_epi8(4);
	unsigned pos, h;

	for (pos = 0; pos + 8 <= len && ctr < N; pos += 8) {
		__m128i b = _mm_loadl_epi64((const __m128i *)(const void *)(buf + pos)), z, v;
		uint32_t m;
		z = _mm_unpacklo_epi8(_mm_and_si128(b, low), _mm_and_si128(_mm_srli_epi16(b, 4), low));
		m = (uint32_t)_mm_movemask_epi8(_mm_cmpgt_epi8(bound, z));
		EMBER_DECLASSIFY(&m, sizeof(m));
		if (eta == 2) {
			z = _mm_sub_epi8(z, _mm_and_si128(_mm_cmpgt_epi8(z, nine), _mm_set1_epi8(10)));
			z = _mm_sub_epi8(z, _mm_and_si128(_mm_cmpgt_epi8(z, four), _mm_set1_epi8(5)));
		}
		v = _mm_sub_epi8(e, z);
		for (h = 0; h < 2 && ctr < N; h++) {
			unsigned mh = (m >> (8 * h)) & 255;
			__m128i idx = _mm_loadl_epi64((const __m128i *)(const void *)rej_idx[mh]);
			_mm_storel_epi64((__m128i *)(void *)(a + ctr), _mm_shuffle_epi8(h ? _mm_srli_si128(v, 8) : v, idx));
			ctr += rej_cnt[mh];
		}
	}
	for (; pos < len && ctr < N; pos++) {
		for (h = 0; h < 2 && ctr < N; h++) {
			uint32_t z = h ? (uint32_t)buf[pos] >> 4 : buf[pos] & 15u;
			uint32_t ok = (z - (eta == 2 ? 15u : 9u)) >> 31;
			EMBER_DECLASSIFY(&ok, sizeof(ok));
			a[ctr] = (int8_t)(eta == 2 ? 2 - (int32_t)(z - 5 * ((z * 205) >> 10)) : 4 - (int32_t)z);
			ctr += ok;
		}
	}
	return ctr < N ? ctr : N;
}

/*
 * mldsa_chal_mac: tau runs of 256 over ext at offsets c gives (public),
 * 64 coefficients at a time held in eight registers.
 */
#define RUN8(op) \
	do { \
		a0 = op(a0, LOAD(src)); \
		a1 = op(a1, LOAD(src + 8)); \
		a2 = op(a2, LOAD(src + 16)); \
		a3 = op(a3, LOAD(src + 24)); \
		a4 = op(a4, LOAD(src + 32)); \
		a5 = op(a5, LOAD(src + 40)); \
		a6 = op(a6, LOAD(src + 48)); \
		a7 = op(a7, LOAD(src + 56)); \
	} while (0)

EMBER_TARGET("avx2") static void avx2_chal_mac(int32_t *r, const mldsa_chal *c, const int32_t *ext, int neg)
{
	unsigned t, n;

	for (n = 0; n < N; n += 64) {
		V a0 = LOAD(r + n), a1 = LOAD(r + n + 8), a2 = LOAD(r + n + 16), a3 = LOAD(r + n + 24);
		V a4 = LOAD(r + n + 32), a5 = LOAD(r + n + 40), a6 = LOAD(r + n + 48), a7 = LOAD(r + n + 56);
		for (t = 0; t < c->tau; t++) {
			const int32_t *src = ext + N - c->pos[t] + n;
			if ((c->sign[t] < 0) == (neg != 0))
				RUN8(_mm256_add_epi32);
			else
				RUN8(_mm256_sub_epi32);
		}
		STORE(r + n, a0);
		STORE(r + n + 8, a1);
		STORE(r + n + 16, a2);
		STORE(r + n + 24, a3);
		STORE(r + n + 32, a4);
		STORE(r + n + 40, a5);
		STORE(r + n + 48, a6);
		STORE(r + n + 56, a7);
	}
}

/* the lanes of a mask, to 0 or 1 without a branch */
EMBER_TARGET("avx2") static inline uint32_t any_lane(V m)
{
	uint32_t x = (uint32_t)_mm256_movemask_epi8(m);
	return (x | (0u - x)) >> 31;
}

EMBER_TARGET("avx2") static uint32_t avx2_exceeds(const mldsa_poly *a, int32_t bound)
{
	const V b = _mm256_set1_epi32(bound - 1);
	V bad = _mm256_setzero_si256();
	unsigned i;

	for (i = 0; i < N; i += 8)
		bad = _mm256_or_si256(bad, _mm256_cmpgt_epi32(_mm256_abs_epi32(LOAD(a->c + i)), b));
	return any_lane(bad);
}

EMBER_TARGET("avx2") static void avx2_power2round(mldsa_poly *a1, mldsa_poly *a0, const mldsa_poly *a)
{
	const V h = _mm256_set1_epi32((1 << (MLDSA_D - 1)) - 1);
	unsigned i;

	for (i = 0; i < N; i += 8) {
		V x = LOAD(a->c + i), hi = _mm256_srai_epi32(_mm256_add_epi32(x, h), MLDSA_D);
		STORE(a0->c + i, _mm256_sub_epi32(x, _mm256_slli_epi32(hi, MLDSA_D)));
		STORE(a1->c + i, hi);
	}
}

/* mldsa_decompose on eight lanes: a1 returned, a0 in *lo */
EMBER_TARGET("avx2") static inline V decompose8(V *lo, V a, int32_t gamma2)
{
	V a1 = _mm256_srai_epi32(_mm256_add_epi32(a, _mm256_set1_epi32(127)), 7), a0, hi;

	if (gamma2 == (Q - 1) / 32) {
		a1 = _mm256_mullo_epi32(a1, _mm256_set1_epi32(1025));
		a1 = _mm256_srai_epi32(_mm256_add_epi32(a1, _mm256_set1_epi32(1 << 21)), 22);
		a1 = _mm256_and_si256(a1, _mm256_set1_epi32(15));
	} else {
		a1 = _mm256_mullo_epi32(a1, _mm256_set1_epi32(11275));
		a1 = _mm256_srai_epi32(_mm256_add_epi32(a1, _mm256_set1_epi32(1 << 23)), 24);
		a1 = _mm256_xor_si256(a1,
		    _mm256_and_si256(_mm256_srai_epi32(_mm256_sub_epi32(_mm256_set1_epi32(43), a1), 31), a1));
	}
	a0 = _mm256_sub_epi32(a, _mm256_mullo_epi32(a1, _mm256_set1_epi32(2 * gamma2)));
	hi = _mm256_srai_epi32(_mm256_sub_epi32(_mm256_set1_epi32((Q - 1) / 2), a0), 31);
	a0 = _mm256_sub_epi32(a0, _mm256_and_si256(hi, _mm256_set1_epi32(Q)));
	*lo = a0;
	return a1;
}

EMBER_TARGET("avx2") static void avx2_decompose(mldsa_poly *a1, mldsa_poly *a0, const mldsa_poly *a,
    int32_t gamma2)
{
	unsigned i;

	for (i = 0; i < N; i += 8) {
		V lo, hi = decompose8(&lo, LOAD(a->c + i), gamma2);
		STORE(a1->c + i, hi);
		if (a0 != NULL)
			STORE(a0->c + i, lo);
	}
}

/* mldsa_make_hint's cases as masks: a0 > gamma2, a0 < -gamma2, or a0 = -gamma2 with a1 nonzero */
EMBER_TARGET("avx2") static uint32_t avx2_make_hint(uint32_t hm[N / 32], const mldsa_poly *a0,
    const mldsa_poly *a1, int32_t gamma2)
{
	const V g = _mm256_set1_epi32(gamma2), ng = _mm256_set1_epi32(-gamma2), zero = _mm256_setzero_si256();
	V cnt = zero;
	unsigned i;
	uint32_t sum[8], total = 0;

	for (i = 0; i < N; i += 8) {
		V x = LOAD(a0->c + i), y = LOAD(a1->c + i);
		V h = _mm256_or_si256(_mm256_cmpgt_epi32(x, g), _mm256_cmpgt_epi32(ng, x));
		h = _mm256_or_si256(h, _mm256_andnot_si256(_mm256_cmpeq_epi32(y, zero), _mm256_cmpeq_epi32(x, ng)));
		hm[i / 32] |= (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(h)) << (i % 32);
		cnt = _mm256_sub_epi32(cnt, h);
	}
	STORE(sum, cnt);
	for (i = 0; i < 8; i++)
		total += sum[i];
	ember_wipe(sum, sizeof(sum));
	return total;
}

/* Algorithm 40 on eight lanes (verification: public data) */
EMBER_TARGET("avx2") static void avx2_use_hint(mldsa_poly *r, const mldsa_poly *a, const uint8_t hint[N],
    int32_t gamma2)
{
	const V zero = _mm256_setzero_si256();
	unsigned i;

	for (i = 0; i < N; i += 8) {
		V lo, hi = decompose8(&lo, LOAD(a->c + i), gamma2);
		V h = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(const void *)(hint + i)));
		V pos = _mm256_cmpgt_epi32(lo, zero);
		/* +1 where a0 > 0, -1 elsewhere, where hinted */
		V d = _mm256_sub_epi32(_mm256_and_si256(pos, h), _mm256_andnot_si256(pos, h));
		hi = _mm256_add_epi32(hi, d);
		if (gamma2 == (Q - 1) / 32) {
			hi = _mm256_and_si256(hi, _mm256_set1_epi32(15));
		} else {
			hi = _mm256_blendv_epi8(hi, _mm256_set1_epi32(43), _mm256_cmpgt_epi32(zero, hi));
			hi = _mm256_andnot_si256(_mm256_cmpgt_epi32(hi, _mm256_set1_epi32(43)), hi);
		}
		STORE(r->c + i, hi);
	}
}

static const mldsa_ops avx2_ops = {
	avx2_ntt,
	avx2_invntt_tomont,
	avx2_reduce,
	avx2_caddq,
	avx2_rej_mac,
	avx2_rej_eta,
	avx2_chal_mac,
	avx2_exceeds,
	avx2_power2round,
	avx2_decompose,
	avx2_make_hint,
	avx2_use_hint,
};

const ember_mldsa_desc ember_mldsa_avx2_desc = { "mldsa", "avx2", EMBER_IMPL_CT | EMBER_IMPL_HW, supported,
	&avx2_ops };

#else

static int supported(void)
{
	return 0;
}

const ember_mldsa_desc ember_mldsa_avx2_desc = { "mldsa", "avx2", EMBER_IMPL_CT | EMBER_IMPL_HW, supported,
	NULL };

#endif
