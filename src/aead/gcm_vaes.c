/*
 * gcm_vaes.c - AES-GCM with VAES and VPCLMULQDQ on AVX-512, the
 * composition "vaes": sixteen counter blocks in flight (four 512-bit
 * registers of four blocks) through the AES rounds, and the GHASH of
 * sixteen ciphertext blocks worked into those rounds (the previous
 * sixteen when sealing, the same ones when opening), one reduction per
 * sixteen blocks.
 *
 * GHASH as ghash_pclmul.c (byte-reversed blocks, the key as H x^-1, the
 * reduction by 0xC2 << 56), four blocks per instruction: the powers
 * H^16 .. H^1 are stored in that order, so the n blocks of a final group
 * meet H^n .. H^1 by starting n powers from the end, and masked loads
 * zero-pad a partial last block and stop at the table's end. Products
 * are schoolbook (four VPCLMULQDQ a register of blocks, no Karatsuba
 * shuffles); the four lanes are reduced side by side, then XORed.
 * Counters: the 32-bit add of SP 800-38D's inc32 on byte-reversed
 * blocks, so a counter wraps within its 32 bits.
 *
 * The AES key schedule is aes_vaes.c's (aes_x86ni.c's layout). The
 * registry lists this composition first where the CPU has it.
 * Constant-time: VAES, VPCLMULQDQ and masked moves have data-independent
 * timing; masks depend on lengths only. x86 only; elsewhere the
 * descriptor remains with supported() 0.
 */
#include "gcm_impl.h"

#if defined(EMBER_X86)
#include <immintrin.h>

#define VP EMBER_TARGET("aes,pclmul,ssse3,avx2,vaes,vpclmulqdq,avx512f,avx512bw,avx512vl")

static int supported(void)
{
	return ember_cpu_has(EMBER_CPU_AESNI | EMBER_CPU_PCLMUL | EMBER_CPU_SSSE3 | EMBER_CPU_AVX2 | EMBER_CPU_VAES |
	    EMBER_CPU_VPCLMULQDQ | EMBER_CPU_AVX512F | EMBER_CPU_AVX512BW | EMBER_CPU_AVX512VL);
}

/* ctx->h.b: H^k x^-1 at 16 (16 - k), k = 16 .. 1 */
#define LD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define ST(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))
#define LDZ(p) _mm512_loadu_si512((const void *)(p))
#define STZ(p, v) _mm512_storeu_si512((void *)(p), (v))
#define RK(sk, r) _mm512_broadcast_i32x4(LD((sk) + 16 * (r)))

static VP __m128i bswap(__m128i x)
{
	return _mm_shuffle_epi8(x, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}

static VP __m512i bswapz(__m512i x)
{
	return _mm512_shuffle_epi8(x,
	    _mm512_broadcast_i32x4(_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)));
}

/* 128-bit product for the key schedule: ghash_pclmul.c's reduce() in schoolbook form */
static VP __m128i fold(__m128i hi, __m128i lo)
{
	const __m128i k = _mm_set_epi64x(0, (long long)0xC200000000000000ull);
	__m128i m = _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4e), _mm_clmulepi64_si128(lo, k, 0x00));

	return _mm_xor_si128(hi, _mm_xor_si128(_mm_shuffle_epi32(m, 0x4e), _mm_clmulepi64_si128(m, k, 0x00)));
}

static VP __m128i mul(__m128i a, __m128i b)
{
	__m128i lo = _mm_clmulepi64_si128(a, b, 0x00), hi = _mm_clmulepi64_si128(a, b, 0x11);
	__m128i mid = _mm_xor_si128(_mm_clmulepi64_si128(a, b, 0x01), _mm_clmulepi64_si128(a, b, 0x10));

	return fold(_mm_xor_si128(hi, _mm_srli_si128(mid, 8)), _mm_xor_si128(lo, _mm_slli_si128(mid, 8)));
}

static VP void ghash_key(ember_aes_gcm_ctx *ctx, const uint8_t h[16])
{
	__m128i x = bswap(LD(h)), g, t;
	unsigned k;

	/* H' = H x^-1 (ghash_pclmul.c) */
	t = _mm_srai_epi32(_mm_shuffle_epi32(x, 0xff), 31);
	g = _mm_or_si128(_mm_slli_epi64(x, 1), _mm_slli_si128(_mm_srli_epi64(x, 63), 8));
	g = _mm_xor_si128(g, _mm_and_si128(t, _mm_set_epi64x((long long)0xC200000000000000ull, 1)));
	x = g;
	for (k = 1; k <= 16; k++) {
		ST(ctx->h.b + 16 * (16 - k), x);
		x = mul(x, g);
	}
}

/* The accumulators of products: lo, hi and the two middle terms. */
#define ZMUL(x, p)                                                                                     \
	do {                                                                                           \
		__m512i x_ = (x), p_ = (p);                                                            \
		lo = _mm512_xor_si512(lo, _mm512_clmulepi64_epi128(x_, p_, 0x00));                    \
		hi = _mm512_xor_si512(hi, _mm512_clmulepi64_epi128(x_, p_, 0x11));                    \
		mid = _mm512_ternarylogic_epi64(mid, _mm512_clmulepi64_epi128(x_, p_, 0x01),          \
		    _mm512_clmulepi64_epi128(x_, p_, 0x10), 0x96);                                    \
	} while (0)

/* lo, hi, mid of four lanes to the reduced sum of the four products. */
static VP __m128i reduce4(__m512i lo, __m512i hi, __m512i mid)
{
	const __m512i k = _mm512_broadcast_i32x4(_mm_set_epi64x(0, (long long)0xC200000000000000ull));
	__m512i m, r;
	__m128i a, b, c, d;

	lo = _mm512_xor_si512(lo, _mm512_bslli_epi128(mid, 8));
	hi = _mm512_xor_si512(hi, _mm512_bsrli_epi128(mid, 8));
	m = _mm512_xor_si512(_mm512_shuffle_epi32(lo, _MM_PERM_BADC), _mm512_clmulepi64_epi128(lo, k, 0x00));
	r = _mm512_ternarylogic_epi64(hi, _mm512_shuffle_epi32(m, _MM_PERM_BADC), _mm512_clmulepi64_epi128(m, k, 0x00),
	    0x96);
	a = _mm512_castsi512_si128(r);
	b = _mm512_extracti32x4_epi32(r, 1);
	c = _mm512_extracti32x4_epi32(r, 2);
	d = _mm512_extracti32x4_epi32(r, 3);
	return _mm_xor_si128(_mm_ternarylogic_epi64(a, b, c, 0x96), d);
}

/* y (lane 0, byte-reversed) as a 512-bit register with three zero lanes */
#define Y0(y) _mm512_maskz_broadcast_i32x4(0x000f, (y))

/* A byte mask for the first |n| bytes of 64 (n may exceed 64). */
static inline __mmask64 bytes_mask(size_t n)
{
	return n >= 64 ? ~(__mmask64)0 : (((__mmask64)1 << n) - 1);
}

/* y over |len| bytes, the last partial block zero-padded; sixteen blocks to a reduction. */
static VP __m128i ghash_z(const uint8_t *hp, __m128i y, const uint8_t *in, size_t len)
{
	const __m512i p0 = LDZ(hp), p1 = LDZ(hp + 64), p2 = LDZ(hp + 128), p3 = LDZ(hp + 192);

	for (; len >= 256; len -= 256, in += 256) {
		__m512i lo = _mm512_setzero_si512(), hi = lo, mid = lo;
		ZMUL(_mm512_xor_si512(bswapz(LDZ(in)), Y0(y)), p0);
		ZMUL(bswapz(LDZ(in + 64)), p1);
		ZMUL(bswapz(LDZ(in + 128)), p2);
		ZMUL(bswapz(LDZ(in + 192)), p3);
		y = reduce4(lo, hi, mid);
	}
	if (len > 0) {
		/* n blocks meet H^n .. H^1: the powers from 16 - n on */
		size_t n = (len + 15) / 16, i;
		const uint8_t *pw = hp + 16 * (16 - n);
		__m512i lo = _mm512_setzero_si512(), hi = lo, mid = lo, x = Y0(y);
		for (i = 0; 64 * i < 16 * n; i++) {
			__mmask64 m = bytes_mask(len - 64 * i), mp = bytes_mask(16 * n - 64 * i);
			x = _mm512_xor_si512(x, bswapz(_mm512_maskz_loadu_epi8(m, in + 64 * i)));
			ZMUL(x, _mm512_maskz_loadu_epi8(mp, pw + 64 * i));
			x = _mm512_setzero_si512();
		}
		y = reduce4(lo, hi, mid);
	}
	return y;
}

static VP void ghash(const ember_aes_gcm_ctx *ctx, uint8_t y[16], const uint8_t *in, size_t nblocks)
{
	ST(y, bswap(ghash_z(ctx->h.b, bswap(LD(y)), in, 16 * nblocks)));
}

static VP __m128i enc1(const uint8_t *sk, unsigned nr, __m128i x)
{
	unsigned r;

	x = _mm_xor_si128(x, LD(sk));
	for (r = 1; r < nr; r++)
		x = _mm_aesenc_si128(x, LD(sk + 16 * r));
	return _mm_aesenclast_si128(x, LD(sk + 16 * nr));
}

/* the counters of four lanes: c (byte-reversed, broadcast) + j, + j + 1 ... in the low 32 bits */
#define INC(j) _mm512_set_epi32(0, 0, 0, (j) + 3, 0, 0, 0, (j) + 2, 0, 0, 0, (j) + 1, 0, 0, 0, (j))
#define AES4(k_)                                                                                       \
	do {                                                                                           \
		__m512i kk_ = (k_);                                                                    \
		b0 = _mm512_aesenc_epi128(b0, kk_);                                                    \
		b1 = _mm512_aesenc_epi128(b1, kk_);                                                    \
		b2 = _mm512_aesenc_epi128(b2, kk_);                                                    \
		b3 = _mm512_aesenc_epi128(b3, kk_);                                                    \
	} while (0)

/*
 * Sixteen blocks of GCTR from the broadcast counter *c, out = in ^ keystream,
 * and, when |gh| is not NULL, the GHASH of the sixteen blocks at |gh| into
 * *y between the rounds (|gh| is read before |out| is written).
 */
static VP void blocks16(const uint8_t *sk, unsigned nr, const uint8_t *hp, __m512i *c, __m128i *y,
    const uint8_t *gh, uint8_t *out, const uint8_t *in)
{
	__m512i k0 = RK(sk, 0), cc = *c;
	__m512i b0 = _mm512_xor_si512(bswapz(_mm512_add_epi32(cc, INC(0))), k0);
	__m512i b1 = _mm512_xor_si512(bswapz(_mm512_add_epi32(cc, INC(4))), k0);
	__m512i b2 = _mm512_xor_si512(bswapz(_mm512_add_epi32(cc, INC(8))), k0);
	__m512i b3 = _mm512_xor_si512(bswapz(_mm512_add_epi32(cc, INC(12))), k0);

	*c = _mm512_add_epi32(cc, _mm512_broadcast_i32x4(_mm_set_epi32(0, 0, 0, 16)));
	if (gh != NULL) {
		__m512i lo = _mm512_setzero_si512(), hi = lo, mid = lo;
		__m512i x0 = _mm512_xor_si512(bswapz(LDZ(gh)), Y0(*y)), x1 = bswapz(LDZ(gh + 64));
		__m512i x2 = bswapz(LDZ(gh + 128)), x3 = bswapz(LDZ(gh + 192));
		AES4(RK(sk, 1));
		ZMUL(x0, LDZ(hp));
		AES4(RK(sk, 2));
		ZMUL(x1, LDZ(hp + 64));
		AES4(RK(sk, 3));
		ZMUL(x2, LDZ(hp + 128));
		AES4(RK(sk, 4));
		ZMUL(x3, LDZ(hp + 192));
		AES4(RK(sk, 5));
		*y = reduce4(lo, hi, mid);
	} else {
		AES4(RK(sk, 1));
		AES4(RK(sk, 2));
		AES4(RK(sk, 3));
		AES4(RK(sk, 4));
		AES4(RK(sk, 5));
	}
#ifdef EMBER_CTTRACE_LEAK
	{
		/* Test-only (make cttrace-selftest): a 512-bit load from the powers of H at an offset of
		 * 0..255 bytes taken from a byte of the state after five rounds, a secret-dependent address;
		 * ANDed with a zero the compiler cannot see through, so the blocks are unchanged. */
		__m512i z_ = _mm512_setzero_si512();
		__asm__("" : "+v"(z_));
		b0 = _mm512_or_si512(b0, _mm512_and_si512(z_,
		    LDZ(hp + (_mm_extract_epi8(_mm512_castsi512_si128(b0), 0) & 255))));
	}
#endif
	AES4(RK(sk, 6));
	AES4(RK(sk, 7));
	AES4(RK(sk, 8));
	AES4(RK(sk, 9));
	if (nr > 10) {
		AES4(RK(sk, 10));
		AES4(RK(sk, 11));
		if (nr > 12) {
			AES4(RK(sk, 12));
			AES4(RK(sk, 13));
		}
	}
	k0 = RK(sk, nr);
	STZ(out, _mm512_xor_si512(_mm512_aesenclast_epi128(b0, k0), LDZ(in)));
	STZ(out + 64, _mm512_xor_si512(_mm512_aesenclast_epi128(b1, k0), LDZ(in + 64)));
	STZ(out + 128, _mm512_xor_si512(_mm512_aesenclast_epi128(b2, k0), LDZ(in + 128)));
	STZ(out + 192, _mm512_xor_si512(_mm512_aesenclast_epi128(b3, k0), LDZ(in + 192)));
}

/*
 * GCTR over the last len < 256 bytes with masked loads and stores (one
 * register when len <= 64), the ciphertext also left in ct[0..3], zero
 * past |len| (the input when opening, the output when sealing), for a
 * GHASH from registers: a read of |out| right after its masked store
 * would wait for the store (some hundred cycles measured here).
 */
static VP void gctr_tail(const uint8_t *sk, unsigned nr, __m512i c, int open, uint8_t *out, const uint8_t *in,
    size_t len, __m512i ct[4])
{
	unsigned r;

#ifdef EMBER_CTTRACE_LEAK
	{
		/* Test-only (make cttrace-selftest): a masked 512-bit load from the round keys at a fixed
		 * address whose byte mask is a word of round key 1, a secret mask (which bytes are read);
		 * ANDed with a zero the compiler cannot see through, so the counters are unchanged. */
		__m512i z_ = _mm512_setzero_si512();
		__asm__("" : "+v"(z_));
		c = _mm512_or_si512(c, _mm512_and_si512(z_,
		    _mm512_maskz_loadu_epi8((__mmask64)(uint32_t)_mm_cvtsi128_si32(LD(sk + 16)), sk)));
	}
#endif
	if (len <= 64) {
		__mmask64 m = bytes_mask(len);
		__m512i x = _mm512_maskz_loadu_epi8(m, in);
		__m512i b0 = _mm512_xor_si512(bswapz(_mm512_add_epi32(c, INC(0))), RK(sk, 0));
		for (r = 1; r < nr; r++)
			b0 = _mm512_aesenc_epi128(b0, RK(sk, r));
		b0 = _mm512_xor_si512(_mm512_aesenclast_epi128(b0, RK(sk, nr)), x);
		_mm512_mask_storeu_epi8(out, m, b0);
		ct[0] = open ? x : _mm512_maskz_mov_epi8(m, b0);
	} else {
		__m512i k0 = RK(sk, 0), b0, b1, b2, b3, x[4];
		__mmask64 m[4];
		unsigned j;
		for (j = 0; j < 4; j++) {
			m[j] = len > 64 * j ? bytes_mask(len - 64 * j) : 0;
			x[j] = _mm512_maskz_loadu_epi8(m[j], in + 64 * j);
		}
		b0 = _mm512_xor_si512(bswapz(_mm512_add_epi32(c, INC(0))), k0);
		b1 = _mm512_xor_si512(bswapz(_mm512_add_epi32(c, INC(4))), k0);
		b2 = _mm512_xor_si512(bswapz(_mm512_add_epi32(c, INC(8))), k0);
		b3 = _mm512_xor_si512(bswapz(_mm512_add_epi32(c, INC(12))), k0);
		for (r = 1; r < nr; r++)
			AES4(RK(sk, r));
		k0 = RK(sk, nr);
		b0 = _mm512_xor_si512(_mm512_aesenclast_epi128(b0, k0), x[0]);
		b1 = _mm512_xor_si512(_mm512_aesenclast_epi128(b1, k0), x[1]);
		b2 = _mm512_xor_si512(_mm512_aesenclast_epi128(b2, k0), x[2]);
		b3 = _mm512_xor_si512(_mm512_aesenclast_epi128(b3, k0), x[3]);
		_mm512_mask_storeu_epi8(out, m[0], b0);
		_mm512_mask_storeu_epi8(out + 64, m[1], b1);
		_mm512_mask_storeu_epi8(out + 128, m[2], b2);
		_mm512_mask_storeu_epi8(out + 192, m[3], b3);
		ct[0] = open ? x[0] : _mm512_maskz_mov_epi8(m[0], b0);
		ct[1] = open ? x[1] : _mm512_maskz_mov_epi8(m[1], b1);
		ct[2] = open ? x[2] : _mm512_maskz_mov_epi8(m[2], b2);
		ct[3] = open ? x[3] : _mm512_maskz_mov_epi8(m[3], b3);
	}
}

/*
 * A short message, whose padded AAD, ciphertext and length block make at
 * most sixteen blocks: all of them against H^n .. H^1 in one pass, one
 * reduction. Block i meets the power at pw + 16 i; a register of four
 * blocks loads its four powers from there (past the sixteen, inside
 * ctx->h, only where the blocks are zero).
 */
static VP __m128i run_short(const uint8_t *sk, unsigned nr, const uint8_t *hp, __m512i c, int open,
    const uint8_t *aad, size_t aad_len, uint8_t *out, const uint8_t *in, size_t len)
{
	size_t pa = (aad_len + 15) & ~(size_t)15, pl = (len + 15) & ~(size_t)15, n = (pa + pl) / 16 + 1, i;
	const uint8_t *pw = hp + 16 * (16 - n);
	__m512i lo = _mm512_setzero_si512(), hi = lo, mid = lo, ct[4];
	uint8_t lb[16];

	for (i = 0; 64 * i < aad_len; i++)
		ZMUL(bswapz(_mm512_maskz_loadu_epi8(bytes_mask(aad_len - 64 * i), aad + 64 * i)), LDZ(pw + 64 * i));
	if (len > 0) {
		gctr_tail(sk, nr, c, open, out, in, len, ct);
		for (i = 0; 64 * i < len; i++)
			ZMUL(bswapz(ct[i]), LDZ(pw + pa + 64 * i));
	}
	ember_gcm_len_block(lb, aad_len, len);
	ZMUL(Y0(bswap(LD(lb))), LDZ(hp + 16 * 15));
	return reduce4(lo, hi, mid);
}

/* The whole message (gcm_impl.h's run). */
static VP void run(const ember_aes_gcm_ctx *ctx, int open, uint8_t tag[16], const uint8_t *iv, size_t iv_len,
    const uint8_t *aad, size_t aad_len, uint8_t *out, const uint8_t *in, size_t len)
{
	const uint8_t *sk = ctx->aes.sk.b, *hp = ctx->h.b;
	unsigned nr = ctx->aes.rounds;
	uint8_t j0[16];
	size_t total = len;
	__m128i y = _mm_setzero_si128(), ek0;
	__m512i c, ct[4];

	ember_gcm_j0(ctx, j0, iv, iv_len);
	ek0 = enc1(sk, nr, LD(j0));
	/* the first data counter J0 + 1, broadcast to the four lanes */
	c = _mm512_broadcast_i32x4(_mm_add_epi32(bswap(LD(j0)), _mm_set_epi32(0, 0, 0, 1)));
	ember_wipe(j0, sizeof(j0));
	if (((aad_len + 15) & ~(size_t)15) + ((len + 15) & ~(size_t)15) + 16 <= 256) {
		y = run_short(sk, nr, hp, c, open, aad, aad_len, out, in, len);
		ST(tag, _mm_xor_si128(bswap(y), ek0));
		return;
	}
	if (aad_len > 0)
		y = ghash_z(hp, y, aad, aad_len);
	if (open) {
		for (; len >= 256; len -= 256, in += 256, out += 256)
			blocks16(sk, nr, hp, &c, &y, in, out, in);
	} else if (len >= 256) {
		blocks16(sk, nr, hp, &c, &y, NULL, out, in);
		for (len -= 256, in += 256, out += 256; len >= 256; len -= 256, in += 256, out += 256)
			blocks16(sk, nr, hp, &c, &y, out - 256, out, in);
		y = ghash_z(hp, y, out - 256, 256);
	}
	if (len > 0) {
		/* the last blocks from registers: n of them against H^n .. H^1 */
		size_t n = (len + 15) / 16, i;
		const uint8_t *pw = hp + 16 * (16 - n);
		__m512i lo = _mm512_setzero_si512(), hi = lo, mid = lo;
		gctr_tail(sk, nr, c, open, out, in, len, ct);
		ct[0] = _mm512_xor_si512(bswapz(ct[0]), Y0(y));
		ZMUL(ct[0], LDZ(pw));
		for (i = 1; 64 * i < len; i++)
			ZMUL(bswapz(ct[i]), LDZ(pw + 64 * i));
		y = reduce4(lo, hi, mid);
	}
	ember_gcm_len_block(j0, aad_len, total);
	y = mul(_mm_xor_si128(y, bswap(LD(j0))), LD(hp + 16 * 15));
	ST(tag, _mm_xor_si128(bswap(y), ek0));
}

static const ember_gcm_impl impl = { supported, ember_aes_avx512_set_key, ghash_key, ghash, run };

#else /* !EMBER_X86: never supported, never keyed */

#define supported ember_gcm_never
static const ember_gcm_impl impl = { ember_gcm_never, ember_aes_avx512_set_key, NULL, NULL, NULL };

#endif

EMBER_GCM_DESC(ember_aes_gcm_vaes_desc, "vaes", EMBER_IMPL_CT | EMBER_IMPL_HW, supported, impl)
