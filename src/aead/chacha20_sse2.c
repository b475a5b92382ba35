/*
 * chacha20_sse2.c - ChaCha20 (RFC 8439) with SSE2, four blocks at a time
 * (chacha20_x86.h's x4), for every x86-64 core and 32-bit x86 built with
 * SSE2.
 *
 * SSE2 has no rotate and no byte shuffle: a rotation by 16 is two word
 * shuffles, the others two shifts and an or. Constant-time: straight-line
 * vector code. On other targets supported() returns 0 and xor is never
 * called.
 */
#include "aead/chacha20_impl.h"

#if defined(EMBER_X86)
#include <emmintrin.h>

#define X86_TARGET "sse2"
#define R4_16(x) _mm_shufflehi_epi16(_mm_shufflelo_epi16(x, 0xb1), 0xb1)
#define R4_N(x, n) _mm_or_si128(_mm_slli_epi32(x, n), _mm_srli_epi32(x, 32 - (n)))
#define R4_12(x) R4_N(x, 12)
#define R4_8(x) R4_N(x, 8)
#define R4_7(x) R4_N(x, 7)
#include "aead/chacha20_x86.h"

static int supported(void)
{
	return ember_cpu_has(EMBER_CPU_SSE2);
}

static void sse2_xor(const uint32_t key[8], const uint32_t nonce[3], uint32_t counter, uint8_t *out,
    const uint8_t *in, size_t len)
{
	while (len >= 256) {
		x4(key, nonce, counter, out, in, 256);
		counter += 4;
		in += 256;
		out += 256;
		len -= 256;
	}
	if (len > 0)
		x4(key, nonce, counter, out, in, len);
}

#else

static int supported(void)
{
	return 0;
}

static void sse2_xor(const uint32_t key[8], const uint32_t nonce[3], uint32_t counter, uint8_t *out,
    const uint8_t *in, size_t len)
{
	(void)key, (void)nonce, (void)counter, (void)out, (void)in, (void)len;
}

#endif

const ember_chacha20_impl ember_chacha20_sse2 = { "sse2", supported, sse2_xor };
