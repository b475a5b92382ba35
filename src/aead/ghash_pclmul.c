/*
 * ghash_pclmul.c - GHASH with PCLMULQDQ (SP 800-38D 6.4), and the
 * composition "x86ni": AES-NI counter mode (aes_x86ni.c's key schedule)
 * with the GHASH of each eight ciphertext blocks worked into the AES
 * rounds of the next eight.
 *
 * Representation: blocks are byte-reversed into registers, so that a
 * register read as a 128-bit integer holds the coefficient of x^i at bit
 * 127 - i. The carry-less product of two such values holds x * a * b
 * (ghash_ct64.c), so the key is kept as H' = H x^-1 and products fold
 * directly into a * H. Eight blocks share one reduction (aggregated
 * reduction: Y' = (Y + X0) H^8 + X1 H^7 + ... + X7 H, the powers of H
 * precomputed), each product three PCLMULQDQ (Karatsuba). The reduction
 * modulo x^128 + x^7 + x^2 + x + 1 is two PCLMULQDQ by the constant
 * 0xC2 << 56 (the x^7 + x^2 + x of P, bit-reflected; see fold()).
 *
 * Constant-time: carry-less multiplication and AES rounds are single
 * instructions with data-independent timing; nothing branches on data.
 * x86 only; elsewhere the descriptor remains with supported() 0.
 */
#include "gcm_impl.h"

#if defined(EMBER_X86)
#include <immintrin.h>

#define CL EMBER_TARGET("aes,pclmul,ssse3")

/* ctx->h.b: G_k = H^k x^-1 at 16 (k - 1), k = 1..8; at 128 + 16 (k - 1) both halves of G_k XORed (Karatsuba) */
#define POW(h, k) LD((h) + 16 * ((k)-1))
#define KAR(h, k) LD((h) + 128 + 16 * ((k)-1))

#define LD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define ST(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))

static int supported(void)
{
	return ember_cpu_has(EMBER_CPU_AESNI | EMBER_CPU_PCLMUL | EMBER_CPU_SSSE3);
}

static CL __m128i bswap(__m128i x)
{
	return _mm_shuffle_epi8(x, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}

/*
 * The 256-bit hi:lo (x^0 at the top of hi) modulo P. The low 128 bits
 * hold x^128 .. x^255; x^(128 + j) = x^j (x^7 + x^2 + x + 1). Folding a
 * 64-bit word w two words up is w itself plus clmul(w, 0xC2 << 56)
 * (shifts right by 1, 2 and 7 across the two words below); done for the
 * lowest word, then for the next one.
 */
static CL __m128i fold(__m128i hi, __m128i lo)
{
	const __m128i k = _mm_set_epi64x(0, (long long)0xC200000000000000ull);
	__m128i m = _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4e), _mm_clmulepi64_si128(lo, k, 0x00));

	return _mm_xor_si128(hi, _mm_xor_si128(_mm_shuffle_epi32(m, 0x4e), _mm_clmulepi64_si128(m, k, 0x00)));
}

/* Unreduced Karatsuba product of x and the power g (kk: g's halves XORed) added into lo, hi, mid. */
#define MULADD(x, g, kk)                                                                           \
	do {                                                                                       \
		__m128i x_ = (x), g_ = (g);                                                        \
		lo = _mm_xor_si128(lo, _mm_clmulepi64_si128(x_, g_, 0x00));                         \
		hi = _mm_xor_si128(hi, _mm_clmulepi64_si128(x_, g_, 0x11));                         \
		mid = _mm_xor_si128(mid,                                                           \
		    _mm_clmulepi64_si128(_mm_xor_si128(x_, _mm_shuffle_epi32(x_, 0x4e)), (kk), 0x00)); \
	} while (0)

/* lo, hi, mid (Karatsuba's middle, lo and hi not yet removed) to the reduced product. */
static CL __m128i reduce(__m128i lo, __m128i hi, __m128i mid)
{
	mid = _mm_xor_si128(mid, _mm_xor_si128(lo, hi));
	lo = _mm_xor_si128(lo, _mm_slli_si128(mid, 8));
	hi = _mm_xor_si128(hi, _mm_srli_si128(mid, 8));
	return fold(hi, lo);
}

static CL __m128i mul(__m128i a, __m128i g)
{
	__m128i lo = _mm_setzero_si128(), hi = lo, mid = lo;
	__m128i kk = _mm_xor_si128(g, _mm_shuffle_epi32(g, 0x4e));

	MULADD(a, g, kk);
	return reduce(lo, hi, mid);
}

static CL void ghash_key(ember_aes_gcm_ctx *ctx, const uint8_t h[16])
{
	uint8_t *p = ctx->h.b;
	__m128i x = bswap(LD(h)), g, t;
	unsigned k;

	/* H' = H x^-1: a left shift by one, and x^-1 = 0xC2..01 added when the bit shifted out was set */
	t = _mm_srai_epi32(_mm_shuffle_epi32(x, 0xff), 31); /* all ones when bit 127 is set */
	g = _mm_or_si128(_mm_slli_epi64(x, 1), _mm_slli_si128(_mm_srli_epi64(x, 63), 8));
	g = _mm_xor_si128(g, _mm_and_si128(t, _mm_set_epi64x((long long)0xC200000000000000ull, 1)));
	x = g;
	for (k = 1; k <= 8; k++) {
		ST(p + 16 * (k - 1), x);
		ST(p + 128 + 16 * (k - 1), _mm_xor_si128(x, _mm_shuffle_epi32(x, 0x4e)));
		/* G_(k+1) = H^(k+1) x^-1: the product of G_k and G_1 carries the extra factor x, which cancels one x^-1 */
		x = mul(x, g);
	}
}

/* Y over n whole blocks, eight to a reduction; Y and the result byte-reversed. */
static CL __m128i ghash_x(const uint8_t *hp, __m128i y, const uint8_t *in, size_t n)
{
	for (; n >= 8; n -= 8, in += 128) {
		__m128i lo = _mm_setzero_si128(), hi = lo, mid = lo;
		MULADD(_mm_xor_si128(y, bswap(LD(in))), POW(hp, 8), KAR(hp, 8));
		MULADD(bswap(LD(in + 16)), POW(hp, 7), KAR(hp, 7));
		MULADD(bswap(LD(in + 32)), POW(hp, 6), KAR(hp, 6));
		MULADD(bswap(LD(in + 48)), POW(hp, 5), KAR(hp, 5));
		MULADD(bswap(LD(in + 64)), POW(hp, 4), KAR(hp, 4));
		MULADD(bswap(LD(in + 80)), POW(hp, 3), KAR(hp, 3));
		MULADD(bswap(LD(in + 96)), POW(hp, 2), KAR(hp, 2));
		MULADD(bswap(LD(in + 112)), POW(hp, 1), KAR(hp, 1));
		y = reduce(lo, hi, mid);
	}
	if (n > 0) {
		__m128i lo = _mm_setzero_si128(), hi = lo, mid = lo;
		size_t j;
		MULADD(_mm_xor_si128(y, bswap(LD(in))), POW(hp, n), KAR(hp, n));
		for (j = 1; j < n; j++)
			MULADD(bswap(LD(in + 16 * j)), POW(hp, n - j), KAR(hp, n - j));
		y = reduce(lo, hi, mid);
	}
	return y;
}

static CL void ghash(const ember_aes_gcm_ctx *ctx, uint8_t y[16], const uint8_t *in, size_t nblocks)
{
	ST(y, bswap(ghash_x(ctx->h.b, bswap(LD(y)), in, nblocks)));
}

static CL __m128i enc1(const uint8_t *sk, unsigned nr, __m128i x)
{
	unsigned r;

	x = _mm_xor_si128(x, LD(sk));
	for (r = 1; r < nr; r++)
		x = _mm_aesenc_si128(x, LD(sk + 16 * r));
	return _mm_aesenclast_si128(x, LD(sk + 16 * nr));
}

#define X8(m) m(0) m(1) m(2) m(3) m(4) m(5) m(6) m(7)
#define AESENC(j) b##j = _mm_aesenc_si128(b##j, k);
/* counter block j of the batch: the counter's low 32 bits (lane 0 after the byte reversal) + j, wrapping */
#define CTR(j) b##j = _mm_xor_si128(bswap(_mm_add_epi32(c, _mm_set_epi32(0, 0, 0, j))), k);
#define LAST(j) b##j = _mm_xor_si128(_mm_aesenclast_si128(b##j, k), LD(in + 16 * j));
#define OUT(j) ST(out + 16 * j, b##j);
/* round r, with the GHASH of block j (of |gh|) beside it */
#define ROUND_GH(r, j)                                                                             \
	k = LD(sk + 16 * (r));                                                                     \
	X8(AESENC)                                                                                 \
	MULADD(bswap(LD(gh + 16 * (j))), POW(hp, 8 - (j)), KAR(hp, 8 - (j)));

/*
 * Eight blocks of GCTR from counter c (byte-reversed), and the GHASH of
 * the eight blocks at |gh| into *y, one per round. |gh| is the previous
 * batch's ciphertext when sealing, this batch's input when opening (read
 * before |out| is written). Returns the next counter.
 */
static CL __m128i batch8(const uint8_t *sk, unsigned nr, const uint8_t *hp, __m128i c, __m128i *y,
    const uint8_t *gh, uint8_t *out, const uint8_t *in)
{
	__m128i b0, b1, b2, b3, b4, b5, b6, b7, k = LD(sk);
	__m128i lo = _mm_setzero_si128(), hi = lo, mid = lo;

	X8(CTR)
	k = LD(sk + 16);
	X8(AESENC)
	MULADD(_mm_xor_si128(*y, bswap(LD(gh))), POW(hp, 8), KAR(hp, 8));
	ROUND_GH(2, 1)
	ROUND_GH(3, 2)
	ROUND_GH(4, 3)
	ROUND_GH(5, 4)
	ROUND_GH(6, 5)
	ROUND_GH(7, 6)
	ROUND_GH(8, 7)
	k = LD(sk + 16 * 9);
	X8(AESENC)
	*y = reduce(lo, hi, mid);
	if (nr > 10) {
		k = LD(sk + 16 * 10);
		X8(AESENC)
		k = LD(sk + 16 * 11);
		X8(AESENC)
		if (nr > 12) {
			k = LD(sk + 16 * 12);
			X8(AESENC)
			k = LD(sk + 16 * 13);
			X8(AESENC)
		}
	}
	k = LD(sk + 16 * nr);
	X8(LAST)
	X8(OUT)
	return _mm_add_epi32(c, _mm_set_epi32(0, 0, 0, 8));
}

/* Eight blocks of GCTR alone (the first batch of a seal: no ciphertext to hash yet). */
static CL __m128i ctr8(const uint8_t *sk, unsigned nr, __m128i c, uint8_t *out, const uint8_t *in)
{
	__m128i b0, b1, b2, b3, b4, b5, b6, b7, k = LD(sk);
	unsigned r;

	X8(CTR)
	for (r = 1; r < nr; r++) {
		k = LD(sk + 16 * r);
		X8(AESENC)
	}
	k = LD(sk + 16 * nr);
	X8(LAST)
	X8(OUT)
	return _mm_add_epi32(c, _mm_set_epi32(0, 0, 0, 8));
}

/*
 * The whole message (gcm_impl.h's run). Eight-block batches stitched
 * with GHASH; then the tail block by block; a short message's AAD,
 * ciphertext and length block are hashed together, one reduction.
 */
static CL void run(const ember_aes_gcm_ctx *ctx, int open, uint8_t tag[16], const uint8_t *iv, size_t iv_len,
    const uint8_t *aad, size_t aad_len, uint8_t *out, const uint8_t *in, size_t len)
{
	const uint8_t *sk = ctx->aes.sk.b, *hp = ctx->h.b;
	unsigned nr = ctx->aes.rounds;
	uint8_t j0[16], buf[128];
	__m128i c, y = _mm_setzero_si128(), ek0;
	size_t total = len, rest, pa = (aad_len + 15) & ~(size_t)15, pl = (len + 15) & ~(size_t)15;

	ember_gcm_j0(ctx, j0, iv, iv_len);
	c = bswap(LD(j0));
	ek0 = enc1(sk, nr, LD(j0));
	if (pa + pl + 16 <= sizeof(buf)) {
		/* short: AAD || C || lengths, padded, in one aggregated pass */
		size_t i;
		memset(buf, 0, pa + pl + 16);
		if (aad_len > 0)
			memcpy(buf, aad, aad_len);
		if (open && len > 0)
			memcpy(buf + pa, in, len);
		for (i = 0; i < len; i += 16) {
			uint8_t ks[16];
			size_t j, n = len - i < 16 ? len - i : 16;
			c = _mm_add_epi32(c, _mm_set_epi32(0, 0, 0, 1));
			ST(ks, enc1(sk, nr, bswap(c)));
			for (j = 0; j < n; j++)
				out[i + j] = in[i + j] ^ ks[j];
			ember_wipe(ks, sizeof(ks));
		}
		if (!open && len > 0)
			memcpy(buf + pa, out, len);
		ember_gcm_len_block(buf + pa + pl, aad_len, len);
		y = ghash_x(hp, y, buf, (pa + pl + 16) / 16);
		ST(tag, _mm_xor_si128(bswap(y), ek0));
		ember_wipe(buf, sizeof(buf));
		ember_wipe(j0, sizeof(j0));
		return;
	}
	y = ghash_x(hp, y, aad, aad_len / 16);
	if (aad_len % 16) {
		memset(buf, 0, 16);
		memcpy(buf, aad + (aad_len & ~(size_t)15), aad_len % 16);
		y = ghash_x(hp, y, buf, 1);
	}
	c = _mm_add_epi32(c, _mm_set_epi32(0, 0, 0, 1));
	if (open) {
		for (; len >= 128; len -= 128, in += 128, out += 128)
			c = batch8(sk, nr, hp, c, &y, in, out, in);
	} else if (len >= 128) {
		c = ctr8(sk, nr, c, out, in);
		for (len -= 128, in += 128, out += 128; len >= 128; len -= 128, in += 128, out += 128)
			c = batch8(sk, nr, hp, c, &y, out - 128, out, in);
		y = ghash_x(hp, y, out - 128, 8);
	}
	/* the tail: whole blocks, then a partial one through buf */
	rest = len & ~(size_t)15;
	if (open)
		y = ghash_x(hp, y, in, rest / 16);
	for (; len >= 16; len -= 16, in += 16, out += 16) {
		ST(out, _mm_xor_si128(LD(in), enc1(sk, nr, bswap(c))));
		c = _mm_add_epi32(c, _mm_set_epi32(0, 0, 0, 1));
	}
	if (!open)
		y = ghash_x(hp, y, out - rest, rest / 16);
	if (len > 0) {
		size_t j;
		memset(buf, 0, 32);
		memcpy(buf, in, len);
		ST(buf + 16, _mm_xor_si128(LD(buf), enc1(sk, nr, bswap(c))));
		memcpy(out, buf + 16, len);
		memset(buf + 16 + len, 0, 16 - len);
		for (j = 0; j < 16; j++)
			buf[j] = open ? buf[j] : buf[16 + j];
		y = ghash_x(hp, y, buf, 1);
	}
	ember_gcm_len_block(buf, aad_len, total);
	y = ghash_x(hp, y, buf, 1);
	ST(tag, _mm_xor_si128(bswap(y), ek0));
	ember_wipe(buf, sizeof(buf));
	ember_wipe(j0, sizeof(j0));
}

static const ember_gcm_impl impl = { supported, ember_aes_x86ni_set_key, ghash_key, ghash, run };

#else /* !EMBER_X86: never supported, never keyed */

#define supported ember_gcm_never
static const ember_gcm_impl impl = { ember_gcm_never, ember_aes_x86ni_set_key, NULL, NULL, NULL };

#endif

EMBER_GCM_DESC(ember_aes_gcm_x86ni_desc, "x86ni", EMBER_IMPL_CT | EMBER_IMPL_HW, supported, impl)
