/*
 * ghash_pmull.c - GHASH with the ARMv8 PMULL instructions (SP 800-38D
 * 6.4), and the composition "armv8": AESE/AESMC counter mode on
 * aes_armv8.c's key schedule with the GHASH of each eight ciphertext
 * blocks worked into the AES rounds of the next eight.
 *
 * The arithmetic is ghash_pclmul.c's, lane for lane: blocks byte-reversed
 * into registers (lane 0 the low 64 bits), the key kept as H x^-1, eight
 * blocks to a reduction with the powers H^8 .. H^1 precomputed, three
 * PMULL a product (Karatsuba), the reduction two PMULL by 0xC2 << 56.
 *
 * Constant-time: PMULL and the AES instructions have data-independent
 * timing; nothing branches on data. Little-endian AArch64 only; elsewhere
 * the descriptor remains with supported() 0.
 */
#include "gcm_impl.h"

/* little-endian only: the lane arithmetic below reads a byte-reversed block as the 128-bit integer */
#if defined(EMBER_AARCH64) && !defined(__AARCH64EB__)
#include <arm_neon.h>

#if defined(__clang__)
#define CE EMBER_TARGET("aes")
#else
#define CE EMBER_TARGET("+crypto")
#endif

/* ctx->h.b: G_k = H^k x^-1 at 16 (k - 1), k = 1..8; at 128 + 16 (k - 1) both halves of G_k XORed */
#define POW(h, k) vld1q_u8((h) + 16 * ((k)-1))
#define KAR(h, k) vld1q_u8((h) + 128 + 16 * ((k)-1))

static int supported(void)
{
	return ember_cpu_has(EMBER_CPU_ARM_AES | EMBER_CPU_ARM_PMULL);
}

static CE inline uint8x16_t rev(uint8x16_t x)
{
	x = vrev64q_u8(x);
	return vextq_u8(x, x, 8);
}

static CE inline uint8x16_t swap(uint8x16_t x)
{
	return vextq_u8(x, x, 8);
}

/* low lanes' and high lanes' carry-less products */
static CE inline uint8x16_t pmull_lo(uint8x16_t a, uint8x16_t b)
{
	return vreinterpretq_u8_p128(vmull_p64((poly64_t)vgetq_lane_u64(vreinterpretq_u64_u8(a), 0),
	    (poly64_t)vgetq_lane_u64(vreinterpretq_u64_u8(b), 0)));
}

static CE inline uint8x16_t pmull_hi(uint8x16_t a, uint8x16_t b)
{
	return vreinterpretq_u8_p128(vmull_high_p64(vreinterpretq_p64_u8(a), vreinterpretq_p64_u8(b)));
}

/* ghash_pclmul.c's fold(): the 256-bit hi:lo modulo P */
static CE inline uint8x16_t fold(uint8x16_t hi, uint8x16_t lo)
{
	const uint8x16_t k = vreinterpretq_u8_u64(vdupq_n_u64(0xC200000000000000ull));
	uint8x16_t m = veorq_u8(swap(lo), pmull_lo(lo, k));

	return veorq_u8(hi, veorq_u8(swap(m), pmull_lo(m, k)));
}

#define MULADD(x, g, kk)                                                                           \
	do {                                                                                       \
		uint8x16_t x_ = (x), g_ = (g);                                                     \
		lo = veorq_u8(lo, pmull_lo(x_, g_));                                               \
		hi = veorq_u8(hi, pmull_hi(x_, g_));                                               \
		mid = veorq_u8(mid, pmull_lo(veorq_u8(x_, swap(x_)), (kk)));                       \
	} while (0)

static CE inline uint8x16_t reduce(uint8x16_t lo, uint8x16_t hi, uint8x16_t mid)
{
	const uint8x16_t z = vdupq_n_u8(0);

	mid = veorq_u8(mid, veorq_u8(lo, hi));
	lo = veorq_u8(lo, vextq_u8(z, mid, 8));
	hi = veorq_u8(hi, vextq_u8(mid, z, 8));
	return fold(hi, lo);
}

static CE uint8x16_t mul(uint8x16_t a, uint8x16_t g)
{
	uint8x16_t lo = vdupq_n_u8(0), hi = lo, mid = lo;

	MULADD(a, g, veorq_u8(g, swap(g)));
	return reduce(lo, hi, mid);
}

static CE void ghash_key(ember_aes_gcm_ctx *ctx, const uint8_t h[16])
{
	uint64_t hi = ember_ld64be(h), lo = ember_ld64be(h + 8), m = 0 - (hi >> 63);
	uint8x16_t x, g;
	unsigned k;

	/* H' = H x^-1 (ghash_ct64.c) */
	hi = (hi << 1) | (lo >> 63);
	lo <<= 1;
	hi ^= m & 0xC200000000000000ull;
	lo ^= m & 1;
	g = vreinterpretq_u8_u64(vcombine_u64(vcreate_u64(lo), vcreate_u64(hi)));
	x = g;
	for (k = 1; k <= 8; k++) {
		vst1q_u8(ctx->h.b + 16 * (k - 1), x);
		vst1q_u8(ctx->h.b + 128 + 16 * (k - 1), veorq_u8(x, swap(x)));
		x = mul(x, g);
	}
}

/* Y over n whole blocks, eight to a reduction; Y byte-reversed. */
static CE uint8x16_t ghash_x(const uint8_t *hp, uint8x16_t y, const uint8_t *in, size_t n)
{
	for (; n >= 8; n -= 8, in += 128) {
		uint8x16_t lo = vdupq_n_u8(0), hi = lo, mid = lo;
		MULADD(veorq_u8(y, rev(vld1q_u8(in))), POW(hp, 8), KAR(hp, 8));
		MULADD(rev(vld1q_u8(in + 16)), POW(hp, 7), KAR(hp, 7));
		MULADD(rev(vld1q_u8(in + 32)), POW(hp, 6), KAR(hp, 6));
		MULADD(rev(vld1q_u8(in + 48)), POW(hp, 5), KAR(hp, 5));
		MULADD(rev(vld1q_u8(in + 64)), POW(hp, 4), KAR(hp, 4));
		MULADD(rev(vld1q_u8(in + 80)), POW(hp, 3), KAR(hp, 3));
		MULADD(rev(vld1q_u8(in + 96)), POW(hp, 2), KAR(hp, 2));
		MULADD(rev(vld1q_u8(in + 112)), POW(hp, 1), KAR(hp, 1));
		y = reduce(lo, hi, mid);
	}
	if (n > 0) {
		uint8x16_t lo = vdupq_n_u8(0), hi = lo, mid = lo;
		size_t j;
		MULADD(veorq_u8(y, rev(vld1q_u8(in))), POW(hp, n), KAR(hp, n));
		for (j = 1; j < n; j++)
			MULADD(rev(vld1q_u8(in + 16 * j)), POW(hp, n - j), KAR(hp, n - j));
		y = reduce(lo, hi, mid);
	}
	return y;
}

static CE void ghash(const ember_aes_gcm_ctx *ctx, uint8_t y[16], const uint8_t *in, size_t nblocks)
{
	vst1q_u8(y, rev(ghash_x(ctx->h.b, rev(vld1q_u8(y)), in, nblocks)));
}

static CE uint8x16_t enc1(const uint8_t *sk, unsigned nr, uint8x16_t x)
{
	unsigned r;

	for (r = 0; r + 1 < nr; r++)
		x = vaesmcq_u8(vaeseq_u8(x, vld1q_u8(sk + 16 * r)));
	x = vaeseq_u8(x, vld1q_u8(sk + 16 * (nr - 1)));
	return veorq_u8(x, vld1q_u8(sk + 16 * nr));
}

/* counter block: J0's first 12 bytes, then the 32-bit counter c, big-endian */
static CE inline uint8x16_t ctr_block(uint8x16_t j0, uint32_t c)
{
	return vreinterpretq_u8_u32(vsetq_lane_u32(vgetq_lane_u32(vreinterpretq_u32_u8(vrev32q_u8(
	    vreinterpretq_u8_u32(vdupq_n_u32(c)))), 0), vreinterpretq_u32_u8(j0), 3));
}

#define X8(m) m(0) m(1) m(2) m(3) m(4) m(5) m(6) m(7)
#define AESR(j) b##j = vaesmcq_u8(vaeseq_u8(b##j, k));
#define CTR(j) b##j = ctr_block(j0, c + j);
#define LAST(j) b##j = veorq_u8(veorq_u8(vaeseq_u8(b##j, k), kl), vld1q_u8(in + 16 * j));
#define OUT(j) vst1q_u8(out + 16 * j, b##j);
#define ROUND_GH(r, j)                                                                             \
	k = vld1q_u8(sk + 16 * (r));                                                               \
	X8(AESR)                                                                                   \
	if (gh != NULL)                                                                            \
		MULADD(rev(vld1q_u8(gh + 16 * (j))), POW(hp, 8 - (j)), KAR(hp, 8 - (j)));

/*
 * Eight blocks of GCTR from counter c, and, when |gh| is not NULL, the
 * GHASH of the eight blocks there into *y, beside the rounds (|gh|: the
 * previous ciphertext when sealing, this input when opening).
 */
static CE void batch8(const uint8_t *sk, unsigned nr, const uint8_t *hp, uint8x16_t j0, uint32_t c, uint8x16_t *y,
    const uint8_t *gh, uint8_t *out, const uint8_t *in)
{
	uint8x16_t b0, b1, b2, b3, b4, b5, b6, b7, k = vld1q_u8(sk), kl;
	uint8x16_t lo = vdupq_n_u8(0), hi = lo, mid = lo;
	unsigned r;

	X8(CTR)
	X8(AESR)
	if (gh != NULL)
		MULADD(veorq_u8(*y, rev(vld1q_u8(gh))), POW(hp, 8), KAR(hp, 8));
	ROUND_GH(1, 1)
	ROUND_GH(2, 2)
	ROUND_GH(3, 3)
	ROUND_GH(4, 4)
	ROUND_GH(5, 5)
	ROUND_GH(6, 6)
	ROUND_GH(7, 7)
	if (gh != NULL)
		*y = reduce(lo, hi, mid);
	for (r = 8; r + 1 < nr; r++) {
		k = vld1q_u8(sk + 16 * r);
		X8(AESR)
	}
	k = vld1q_u8(sk + 16 * (nr - 1));
	kl = vld1q_u8(sk + 16 * nr);
	X8(LAST)
	X8(OUT)
}

/* The whole message (gcm_impl.h's run): ghash_pclmul.c's shape. */
static CE void run(const ember_aes_gcm_ctx *ctx, int open, uint8_t tag[16], const uint8_t *iv, size_t iv_len,
    const uint8_t *aad, size_t aad_len, uint8_t *out, const uint8_t *in, size_t len)
{
	const uint8_t *sk = ctx->aes.sk.b, *hp = ctx->h.b;
	unsigned nr = ctx->aes.rounds;
	uint8_t jb[16], buf[128];
	uint8x16_t j0, y = vdupq_n_u8(0), ek0;
	uint32_t c;
	size_t total = len, rest, i, pa = (aad_len + 15) & ~(size_t)15, pl = (len + 15) & ~(size_t)15;

	ember_gcm_j0(ctx, jb, iv, iv_len);
	j0 = vld1q_u8(jb);
	c = ember_ld32be(jb + 12) + 1;
	ek0 = enc1(sk, nr, j0);
	if (pa + pl + 16 <= sizeof(buf)) {
		/* short: AAD || C || lengths, padded, in one aggregated pass */
		memset(buf, 0, pa + pl + 16);
		if (aad_len > 0)
			memcpy(buf, aad, aad_len);
		if (open && len > 0)
			memcpy(buf + pa, in, len);
		for (i = 0; i < len; i += 16, c++) {
			uint8_t ks[16];
			size_t j, n = len - i < 16 ? len - i : 16;
			vst1q_u8(ks, enc1(sk, nr, ctr_block(j0, c)));
			for (j = 0; j < n; j++)
				out[i + j] = in[i + j] ^ ks[j];
			ember_wipe(ks, sizeof(ks));
		}
		if (!open && len > 0)
			memcpy(buf + pa, out, len);
		ember_gcm_len_block(buf + pa + pl, aad_len, len);
		y = ghash_x(hp, y, buf, (pa + pl + 16) / 16);
		vst1q_u8(tag, veorq_u8(rev(y), ek0));
		ember_wipe(buf, sizeof(buf));
		ember_wipe(jb, sizeof(jb));
		return;
	}
	y = ghash_x(hp, y, aad, aad_len / 16);
	if (aad_len % 16) {
		memset(buf, 0, 16);
		memcpy(buf, aad + (aad_len & ~(size_t)15), aad_len % 16);
		y = ghash_x(hp, y, buf, 1);
	}
	if (open) {
		for (; len >= 128; len -= 128, in += 128, out += 128, c += 8)
			batch8(sk, nr, hp, j0, c, &y, in, out, in);
	} else if (len >= 128) {
		batch8(sk, nr, hp, j0, c, &y, NULL, out, in);
		for (len -= 128, in += 128, out += 128, c += 8; len >= 128; len -= 128, in += 128, out += 128, c += 8)
			batch8(sk, nr, hp, j0, c, &y, out - 128, out, in);
		y = ghash_x(hp, y, out - 128, 8);
	}
	rest = len & ~(size_t)15;
	if (open)
		y = ghash_x(hp, y, in, rest / 16);
	for (; len >= 16; len -= 16, in += 16, out += 16, c++)
		vst1q_u8(out, veorq_u8(vld1q_u8(in), enc1(sk, nr, ctr_block(j0, c))));
	if (!open)
		y = ghash_x(hp, y, out - rest, rest / 16);
	if (len > 0) {
		size_t j;
		memset(buf, 0, 32);
		memcpy(buf, in, len);
		vst1q_u8(buf + 16, veorq_u8(vld1q_u8(buf), enc1(sk, nr, ctr_block(j0, c))));
		memcpy(out, buf + 16, len);
		memset(buf + 16 + len, 0, 16 - len);
		for (j = 0; j < 16; j++)
			buf[j] = open ? buf[j] : buf[16 + j];
		y = ghash_x(hp, y, buf, 1);
	}
	ember_gcm_len_block(buf, aad_len, total);
	y = ghash_x(hp, y, buf, 1);
	vst1q_u8(tag, veorq_u8(rev(y), ek0));
	ember_wipe(buf, sizeof(buf));
	ember_wipe(jb, sizeof(jb));
}

static const ember_gcm_impl impl = { supported, ember_aes_armv8_set_key, ghash_key, ghash, run };

#else /* not little-endian AArch64: never supported, never keyed */

#define supported ember_gcm_never
static const ember_gcm_impl impl = { ember_gcm_never, ember_aes_armv8_set_key, NULL, NULL, NULL };

#endif

EMBER_GCM_DESC(ember_aes_gcm_armv8_desc, "armv8", EMBER_IMPL_CT | EMBER_IMPL_HW, supported, impl)
