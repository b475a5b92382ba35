/*
 * aes_vaes.c - AES with VAES and AVX-512 (FIPS 197): the AES-NI round
 * instructions on four blocks per 512-bit register, four registers in
 * flight (16 blocks) for ECB, CBC decryption and CTR. CBC encryption is
 * serial and gains nothing from wide registers: it, the short tails and
 * the key schedule are the AES-NI ones (aes_x86ni.c), so the context
 * layout is the same.
 *
 * Constant-time as aes_x86ni.c. Registered ahead of x86ni only because it
 * measured faster on CBC decryption at 8192 bytes (see the registry).
 * x86 only; elsewhere the descriptor remains with supported() returning 0
 * and slots that are never called.
 */
#include "aes_impl.h"

#if defined(EMBER_X86)
#include <immintrin.h>

#define VAES EMBER_TARGET("aes,ssse3,vaes,avx512f,avx512bw")

static int supported(void)
{
	return ember_cpu_has(EMBER_CPU_AESNI | EMBER_CPU_SSSE3 | EMBER_CPU_VAES | EMBER_CPU_AVX512F |
	                     EMBER_CPU_AVX512BW);
}

int ember_aes_avx512_set_key(ember_aes_ctx *ctx, const uint8_t *key, size_t key_len)
{
	int err;

	if (ember_aes_rounds(key_len) == 0)
		return EMBER_EKEYLEN;
	if (!supported())
		return EMBER_ENOTSUP;
	err = ember_aes_x86ni_schedule(ctx, key, key_len);
	if (err == 0)
		ctx->impl = &ember_aes_avx512_desc;
	return err;
}

#define LD4(p) _mm512_loadu_si512((const void *)(p))
#define ST4(p, v) _mm512_storeu_si512((void *)(p), (v))
#define RK(p) _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)(p)))

/* 16 blocks in b0..b3 (locals of the caller), round keys from |sk|. */
#define ROUNDS16(sk, nr, OP, OPLAST)                                               \
	do {                                                                       \
		__m512i k_ = RK(sk);                                               \
		unsigned r_;                                                       \
		b0 = _mm512_xor_si512(b0, k_);                                     \
		b1 = _mm512_xor_si512(b1, k_);                                     \
		b2 = _mm512_xor_si512(b2, k_);                                     \
		b3 = _mm512_xor_si512(b3, k_);                                     \
		for (r_ = 1; r_ < (nr); r_++) {                                    \
			k_ = RK((sk) + 16 * r_);                                   \
			b0 = OP(b0, k_);                                           \
			b1 = OP(b1, k_);                                           \
			b2 = OP(b2, k_);                                           \
			b3 = OP(b3, k_);                                           \
		}                                                                  \
		k_ = RK((sk) + 16 * (nr));                                         \
		b0 = OPLAST(b0, k_);                                               \
		b1 = OPLAST(b1, k_);                                               \
		b2 = OPLAST(b2, k_);                                               \
		b3 = OPLAST(b3, k_);                                               \
	} while (0)

static VAES void ecb_enc(const ember_aes_ctx *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	for (; nblocks >= 16; nblocks -= 16, in += 256, out += 256) {
		__m512i b0 = LD4(in), b1 = LD4(in + 64), b2 = LD4(in + 128), b3 = LD4(in + 192);
		ROUNDS16(ctx->sk.b, ctx->rounds, _mm512_aesenc_epi128, _mm512_aesenclast_epi128);
		ST4(out, b0);
		ST4(out + 64, b1);
		ST4(out + 128, b2);
		ST4(out + 192, b3);
	}
	if (nblocks > 0)
		ember_aes_x86ni_ecb_enc(ctx, out, in, nblocks);
}

static VAES void ecb_dec(const ember_aes_ctx *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const uint8_t *dk = ctx->sk.b + EMBER_AES_DEC_OFF;

	for (; nblocks >= 16; nblocks -= 16, in += 256, out += 256) {
		__m512i b0 = LD4(in), b1 = LD4(in + 64), b2 = LD4(in + 128), b3 = LD4(in + 192);
		ROUNDS16(dk, ctx->rounds, _mm512_aesdec_epi128, _mm512_aesdeclast_epi128);
		ST4(out, b0);
		ST4(out + 64, b1);
		ST4(out + 128, b2);
		ST4(out + 192, b3);
	}
	if (nblocks > 0)
		ember_aes_x86ni_ecb_dec(ctx, out, in, nblocks);
}

/*
 * CBC decryption (SP 800-38A 6.2), 16 blocks at a time. The previous
 * ciphertext of each block is the register shifted up by one 128-bit lane
 * (VALIGNQ by six 64-bit elements), with the lane before taken from the
 * register below (or the IV). All ciphertext is loaded before anything is
 * stored, so out == in works.
 */
static VAES void cbc_dec(const ember_aes_ctx *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in,
			 size_t nblocks)
{
	const uint8_t *dk = ctx->sk.b + EMBER_AES_DEC_OFF;

	if (nblocks >= 16) {
		__m512i prev = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)iv));
		for (; nblocks >= 16; nblocks -= 16, in += 256, out += 256) {
			__m512i c0 = LD4(in), c1 = LD4(in + 64), c2 = LD4(in + 128), c3 = LD4(in + 192);
			__m512i b0 = c0, b1 = c1, b2 = c2, b3 = c3;
			ROUNDS16(dk, ctx->rounds, _mm512_aesdec_epi128, _mm512_aesdeclast_epi128);
			ST4(out, _mm512_xor_si512(b0, _mm512_alignr_epi64(c0, prev, 6)));
			ST4(out + 64, _mm512_xor_si512(b1, _mm512_alignr_epi64(c1, c0, 6)));
			ST4(out + 128, _mm512_xor_si512(b2, _mm512_alignr_epi64(c2, c1, 6)));
			ST4(out + 192, _mm512_xor_si512(b3, _mm512_alignr_epi64(c3, c2, 6)));
			prev = c3;
		}
		_mm_storeu_si128((__m128i *)(void *)iv, _mm512_extracti32x4_epi32(prev, 3));
	}
	if (nblocks > 0)
		ember_aes_x86ni_cbc_dec(ctx, iv, out, in, nblocks);
}

/* CTR (SP 800-38A 6.5), 16 blocks at a time while the low 64 counter bits do not wrap. */
static VAES void ctr(const ember_aes_ctx *ctx, uint8_t *cb, uint8_t *out, const uint8_t *in, size_t len)
{
	const __m512i bswap = _mm512_broadcast_i32x4(
	    _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
	const __m512i inc0 = _mm512_set_epi64(0, 3, 0, 2, 0, 1, 0, 0);
	const __m512i four = _mm512_set_epi64(0, 4, 0, 4, 0, 4, 0, 4);

	while (len >= 256) {
		uint64_t hi = ember_ld64be(cb), lo = ember_ld64be(cb + 8);
		__m512i c, b0, b1, b2, b3;

		if (lo > UINT64_MAX - 15) {
			/* a carry into the high half inside these 16 blocks: rare, do it serially */
			ember_aes_x86ni_ctr(ctx, cb, out, in, 256);
			in += 256;
			out += 256;
			len -= 256;
			continue;
		}
		c = _mm512_add_epi64(_mm512_broadcast_i32x4(_mm_set_epi64x((long long)hi, (long long)lo)),
				     inc0);
		b0 = _mm512_shuffle_epi8(c, bswap);
		c = _mm512_add_epi64(c, four);
		b1 = _mm512_shuffle_epi8(c, bswap);
		c = _mm512_add_epi64(c, four);
		b2 = _mm512_shuffle_epi8(c, bswap);
		c = _mm512_add_epi64(c, four);
		b3 = _mm512_shuffle_epi8(c, bswap);
		ROUNDS16(ctx->sk.b, ctx->rounds, _mm512_aesenc_epi128, _mm512_aesenclast_epi128);
		ST4(out, _mm512_xor_si512(b0, LD4(in)));
		ST4(out + 64, _mm512_xor_si512(b1, LD4(in + 64)));
		ST4(out + 128, _mm512_xor_si512(b2, LD4(in + 128)));
		ST4(out + 192, _mm512_xor_si512(b3, LD4(in + 192)));
		lo += 16;
		hi += lo < 16;
		/* one vector store, so that the next loads are forwarded from it */
		_mm_storeu_si128((__m128i *)(void *)cb,
				 _mm_shuffle_epi8(_mm_set_epi64x((long long)hi, (long long)lo),
						  _mm512_castsi512_si128(bswap)));
		in += 256;
		out += 256;
		len -= 256;
	}
	if (len > 0)
		ember_aes_x86ni_ctr(ctx, cb, out, in, len);
}

EMBER_AES_ADAPTERS(ecb_enc, ecb_dec, ember_aes_x86ni_cbc_enc, cbc_dec, ctr)

#else /* !EMBER_X86: never supported, the slots are never called */

#define AES_UNSUPPORTED_SET_KEY ember_aes_avx512_set_key
#include "aes_unsupported.h"

#endif

EMBER_AES_DESC(ember_aes_avx512_desc, "avx512", EMBER_IMPL_CT | EMBER_IMPL_HW, supported, ember_aes_avx512_set_key);
