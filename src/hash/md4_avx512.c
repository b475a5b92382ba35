/*
 * md4_avx512.c - MD4 block function for x86-64 with AVX-512VL (RFC 1320).
 *
 * As md5_avx512.c: MD4 is one serial chain, and a step of round 1 is four
 * operations deep in general-purpose registers after b is known (F takes
 * two, then the add and the rotate), of rounds 2 and 3 three (md4_ref.c).
 * vpternlogd computes F, G and H in one operation and vprold rotates in
 * one, so every step here is three deep: 144 cycles a block instead of
 * 160. The state lives in the low 32-bit lane of four 128-bit registers;
 * no 512-bit register is touched.
 *
 * Constant-time: straight-line code, no data-dependent branch or index.
 * Init, update and final are md4_ref.c's.
 *
 * On targets other than x86-64 the whole file is empty: the descriptor
 * exists only there and its registry line carries the same #if.
 */
#include "internal.h"
#include "ember/hash.h"
#include "hash/md_impl.h"

#if defined(EMBER_X86) && defined(__x86_64__)
#include <immintrin.h>

int ember_md4_avx512_supported(void)
{
	return ember_cpu_has(EMBER_CPU_AVX512F | EMBER_CPU_AVX512VL);
}

/*
 * RFC 1320, 3.4: the round functions as vpternlogd truth tables over
 * (b, c, d) = (0xf0, 0xcc, 0xaa): F = (b & c) | (~b & d), G the majority,
 * H = b ^ c ^ d.
 */
#define F 0xca
#define G 0xe8
#define H 0x96

/*
 * a = (a + f(b, c, d) + X[k] + K) <<< s. The message word and the round
 * constant are added to a first (a is four steps old); PIN keeps the
 * compiler from moving that sum after f, so the chain from b is vpternlogd,
 * vpaddd, vprold.
 */
#define PIN(x) __asm__("" : "+v"(x))
#define STEP(f, a, b, c, d, k, kc, s)                                              \
	do {                                                                       \
		a = _mm_add_epi32(a, _mm_cvtsi32_si128((int)(ember_ld32le(p + 4 * (k)) + (uint32_t)(kc)))); \
		PIN(a);                                                            \
		a = _mm_rol_epi32(_mm_add_epi32(a, _mm_ternarylogic_epi32(b, c, d, f)), s); \
	} while (0)

EMBER_TARGET("avx2,avx512f,avx512vl")
void ember_md4_avx512_blocks(uint32_t *h, const uint8_t *p, size_t nblocks)
{
	EMBER_MD_XMM_LOAD(h);

	while (nblocks--) {
		__m128i a0 = a, b0 = b, c0 = c, d0 = d;

		/* round 1 */
		STEP(F, a, b, c, d, 0, 0, 3);
		STEP(F, d, a, b, c, 1, 0, 7);
		STEP(F, c, d, a, b, 2, 0, 11);
		STEP(F, b, c, d, a, 3, 0, 19);
		STEP(F, a, b, c, d, 4, 0, 3);
		STEP(F, d, a, b, c, 5, 0, 7);
		STEP(F, c, d, a, b, 6, 0, 11);
		STEP(F, b, c, d, a, 7, 0, 19);
		STEP(F, a, b, c, d, 8, 0, 3);
		STEP(F, d, a, b, c, 9, 0, 7);
		STEP(F, c, d, a, b, 10, 0, 11);
		STEP(F, b, c, d, a, 11, 0, 19);
		STEP(F, a, b, c, d, 12, 0, 3);
		STEP(F, d, a, b, c, 13, 0, 7);
		STEP(F, c, d, a, b, 14, 0, 11);
		STEP(F, b, c, d, a, 15, 0, 19);
		/* round 2 */
		STEP(G, a, b, c, d, 0, 0x5a827999, 3);
		STEP(G, d, a, b, c, 4, 0x5a827999, 5);
		STEP(G, c, d, a, b, 8, 0x5a827999, 9);
		STEP(G, b, c, d, a, 12, 0x5a827999, 13);
		STEP(G, a, b, c, d, 1, 0x5a827999, 3);
		STEP(G, d, a, b, c, 5, 0x5a827999, 5);
		STEP(G, c, d, a, b, 9, 0x5a827999, 9);
		STEP(G, b, c, d, a, 13, 0x5a827999, 13);
		STEP(G, a, b, c, d, 2, 0x5a827999, 3);
		STEP(G, d, a, b, c, 6, 0x5a827999, 5);
		STEP(G, c, d, a, b, 10, 0x5a827999, 9);
		STEP(G, b, c, d, a, 14, 0x5a827999, 13);
		STEP(G, a, b, c, d, 3, 0x5a827999, 3);
		STEP(G, d, a, b, c, 7, 0x5a827999, 5);
		STEP(G, c, d, a, b, 11, 0x5a827999, 9);
		STEP(G, b, c, d, a, 15, 0x5a827999, 13);
		/* round 3 */
		STEP(H, a, b, c, d, 0, 0x6ed9eba1, 3);
		STEP(H, d, a, b, c, 8, 0x6ed9eba1, 9);
		STEP(H, c, d, a, b, 4, 0x6ed9eba1, 11);
		STEP(H, b, c, d, a, 12, 0x6ed9eba1, 15);
		STEP(H, a, b, c, d, 2, 0x6ed9eba1, 3);
		STEP(H, d, a, b, c, 10, 0x6ed9eba1, 9);
		STEP(H, c, d, a, b, 6, 0x6ed9eba1, 11);
		STEP(H, b, c, d, a, 14, 0x6ed9eba1, 15);
		STEP(H, a, b, c, d, 1, 0x6ed9eba1, 3);
		STEP(H, d, a, b, c, 9, 0x6ed9eba1, 9);
		STEP(H, c, d, a, b, 5, 0x6ed9eba1, 11);
		STEP(H, b, c, d, a, 13, 0x6ed9eba1, 15);
		STEP(H, a, b, c, d, 3, 0x6ed9eba1, 3);
		STEP(H, d, a, b, c, 11, 0x6ed9eba1, 9);
		STEP(H, c, d, a, b, 7, 0x6ed9eba1, 11);
		STEP(H, b, c, d, a, 15, 0x6ed9eba1, 15);

		EMBER_MD_XMM_ADD();
		p += 64;
	}
	EMBER_MD_XMM_STORE(h);
}

EMBER_MD_DESC(md4, MD4, avx512);

#endif
