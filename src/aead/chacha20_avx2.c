/*
 * chacha20_avx2.c - ChaCha20 (RFC 8439) with AVX2: eight blocks at a time
 * in ymm registers (chacha20_x86.h's x8), then four in xmm for the rest.
 *
 * Rotations by 16 and 8 are one byte shuffle (vpshufb), by 12 and 7 two
 * shifts and an or. Constant-time: straight-line vector code. On other
 * targets supported() returns 0 and xor is never called.
 */
#include "aead/chacha20_impl.h"

#if defined(EMBER_X86)
#include <immintrin.h>

#define X86_TARGET "avx2"
#define X86_YMM 1
/* byte shuffles that rotate each 32-bit word left by 16 and by 8 */
#define SH16_4 _mm_set_epi8(13, 12, 15, 14, 9, 8, 11, 10, 5, 4, 7, 6, 1, 0, 3, 2)
#define SH8_4 _mm_set_epi8(14, 13, 12, 15, 10, 9, 8, 11, 6, 5, 4, 7, 2, 1, 0, 3)
#define R4_16(x) _mm_shuffle_epi8(x, SH16_4)
#define R4_8(x) _mm_shuffle_epi8(x, SH8_4)
#define R4_N(x, n) _mm_or_si128(_mm_slli_epi32(x, n), _mm_srli_epi32(x, 32 - (n)))
#define R4_12(x) R4_N(x, 12)
#define R4_7(x) R4_N(x, 7)
#define R8_16(x) _mm256_shuffle_epi8(x, _mm256_broadcastsi128_si256(SH16_4))
#define R8_8(x) _mm256_shuffle_epi8(x, _mm256_broadcastsi128_si256(SH8_4))
#define R8_N(x, n) _mm256_or_si256(_mm256_slli_epi32(x, n), _mm256_srli_epi32(x, 32 - (n)))
#define R8_12(x) R8_N(x, 12)
#define R8_7(x) R8_N(x, 7)
#include "aead/chacha20_x86.h"

static int supported(void)
{
	return ember_cpu_has(EMBER_CPU_AVX2);
}

static void avx2_xor(const uint32_t key[8], const uint32_t nonce[3], uint32_t counter, uint8_t *out,
    const uint8_t *in, size_t len)
{
	while (len > 256) {
		size_t n = len < 512 ? len : 512;
		x8(key, nonce, counter, out, in, n);
		counter += 8;
		in += n;
		out += n;
		len -= n;
	}
	/* at most four blocks left: one xmm step */
	while (len > 0) {
		size_t n = len < 256 ? len : 256;
		x4(key, nonce, counter, out, in, n);
		counter += 4;
		in += n;
		out += n;
		len -= n;
	}
}

#else

static int supported(void)
{
	return 0;
}

static void avx2_xor(const uint32_t key[8], const uint32_t nonce[3], uint32_t counter, uint8_t *out,
    const uint8_t *in, size_t len)
{
	(void)key, (void)nonce, (void)counter, (void)out, (void)in, (void)len;
}

#endif

const ember_chacha20_impl ember_chacha20_avx2 = { "avx2", supported, avx2_xor };
