/*
 * chacha20_avx512.c - ChaCha20 (RFC 8439) with AVX-512: sixteen blocks at
 * a time in zmm registers, then eight (ymm) and four (xmm) for the rest,
 * every rotation one vprold (AVX-512VL for the narrower registers), so a
 * quarter round is twelve instructions on any width.
 *
 * The sixteen-block step's output is two transposes: 4x4 words within
 * each 128-bit lane, then 4x4 of 128-bit lanes (vshufi32x4) across the
 * four registers that hold one block's words. Constant-time: straight-line
 * vector code. On other targets supported() returns 0 and xor is never
 * called.
 */
#include "aead/chacha20_impl.h"

#if defined(EMBER_X86)
#include <immintrin.h>

#define X86_TARGET "avx2,avx512f,avx512vl"
#define X86_YMM 1
#define R4_16(x) _mm_rol_epi32(x, 16)
#define R4_12(x) _mm_rol_epi32(x, 12)
#define R4_8(x) _mm_rol_epi32(x, 8)
#define R4_7(x) _mm_rol_epi32(x, 7)
#define R8_16(x) _mm256_rol_epi32(x, 16)
#define R8_12(x) _mm256_rol_epi32(x, 12)
#define R8_8(x) _mm256_rol_epi32(x, 8)
#define R8_7(x) _mm256_rol_epi32(x, 7)
#include "aead/chacha20_x86.h"
#include "aead/chacha20_x16.h"

#define R16_16(x) _mm512_rol_epi32(x, 16)
#define R16_12(x) _mm512_rol_epi32(x, 12)
#define R16_8(x) _mm512_rol_epi32(x, 8)
#define R16_7(x) _mm512_rol_epi32(x, 7)
#define QR16(a, b, c, d) X86_QR(_mm512_add_epi32, _mm512_xor_si512, R16_16, R16_12, R16_8, R16_7, a, b, c, d)
#define LD16(p) _mm512_loadu_si512((const void *)(p))
#define ST16(p, v) _mm512_storeu_si512((void *)(p), v)

static int supported(void)
{
	return ember_cpu_has(EMBER_CPU_AVX2 | EMBER_CPU_AVX512F | EMBER_CPU_AVX512VL);
}

/*
 * Sixteen blocks, counter .. counter + 15: |len| (at most 1024) bytes of
 * in ^ keystream, a short step through a stack buffer (one zmm step costs
 * about 1.4 ymm or xmm ones here). Lane 4L + k (128-bit lane L, word k)
 * is block 4L + k; after the in-lane transposes, x(b), x(4+b), x(8+b),
 * x(12+b) hold words 0-3, 4-7, 8-11, 12-15 of blocks b, 4+b, 8+b, 12+b in
 * their lanes 0..3, and the lane transpose makes each block one register.
 */
EMBER_TARGET(X86_TARGET)
static void x16(const uint32_t key[8], const uint32_t nonce[3], uint32_t counter, uint8_t *out, const uint8_t *in,
    size_t len)
{
	const __m512i ctr = _mm512_add_epi32(_mm512_set1_epi32((int)counter),
	    _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0));
	X86_INIT(__m512i, _mm512_set1_epi32, ctr);
	typedef __m512i T;

	X86_ROUNDS(QR16);
#ifdef EMBER_CTTRACE_LEAK
	/* Test-only (make cttrace-selftest): a load from |in| (len > 512 bytes here) at an offset of 0..255
	 * taken from a word of the keystream, a secret-dependent address. */
	(void)*(const volatile uint8_t *)(in + ((uint32_t)_mm_cvtsi128_si32(_mm512_castsi512_si128(x0)) & 255));
#endif
	X86_ADD_INPUT(_mm512, _mm512_set1_epi32, ctr);
	X86_T4(_mm512, x0, x1, x2, x3);
	X86_T4(_mm512, x4, x5, x6, x7);
	X86_T4(_mm512, x8, x9, x10, x11);
	X86_T4(_mm512, x12, x13, x14, x15);
	if (len == 1024) {
#define X16_XOR(off, v) ST16(out + (off), _mm512_xor_si512(v, LD16(in + (off))))
		X16_ALL(X16_XOR);
	} else {
		uint8_t ks[1024] EMBER_ALIGN(64);
#define X16_KS(off, v) ST16(ks + (off), v)
		X16_ALL(X16_KS);
		ember_chacha20_xor_bytes(out, in, ks, len);
		ember_wipe(ks, sizeof(ks));
	}
}

static void avx512_xor(const uint32_t key[8], const uint32_t nonce[3], uint32_t counter, uint8_t *out,
    const uint8_t *in, size_t len)
{
	/* zmm steps while more than eight blocks are left, then one ymm or xmm step */
	while (len > 512) {
		size_t n = len < 1024 ? len : 1024;
		x16(key, nonce, counter, out, in, n);
		counter += 16;
		in += n;
		out += n;
		len -= n;
	}
	if (len > 256)
		x8(key, nonce, counter, out, in, len);
	else if (len > 0)
		x4(key, nonce, counter, out, in, len);
}

#else

static int supported(void)
{
	return 0;
}

static void avx512_xor(const uint32_t key[8], const uint32_t nonce[3], uint32_t counter, uint8_t *out,
    const uint8_t *in, size_t len)
{
	(void)key, (void)nonce, (void)counter, (void)out, (void)in, (void)len;
}

#endif

const ember_chacha20_impl ember_chacha20_avx512 = { "avx512", supported, avx512_xor };
