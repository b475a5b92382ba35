/*
 * sha1_x86shani.c - SHA-1 with the x86 SHA extensions (SHA-NI).
 *
 * Constant-time (no data-dependent branch or index). Only the block
 * function is here; init, update and final are sha1.c's. The
 * descriptor exists on every architecture; off x86 supported() returns 0
 * and ember_sha1_x86shani_init sets up the default implementation.
 *
 * Each SHA1RNDS4 performs four steps of FIPS 180-4, 6.1.2 on the packed
 * state ABCD (A in the high lane); SHA1NEXTE derives the E of the next four
 * steps and adds it to their message words; SHA1MSG1/SHA1MSG2 and a XOR
 * compute the schedule four words at a time.
 */
#include "internal.h"
#include "ember/hash.h"
#include "hash/sha2_impl.h"

#if defined(EMBER_X86)
#include <immintrin.h>

static int supported(void)
{
	return ember_cpu_has(EMBER_CPU_SHANI | EMBER_CPU_SSE41);
}

/*
 * Steps 4i..4i+3 for i = 3..16. ma holds the schedule words of group i;
 * mb, mc, md those of groups i+1, i+2, i+3 (mod 4), still partial: SHA1MSG2
 * completes mb, the XOR adds group i's words (W[t-8]) into mc, SHA1MSG1
 * starts md. e is turned into this group's E + W; en keeps ABCD, from
 * which SHA1NEXTE derives the next group's E.
 */
#define GROUP(e, en, ma, mb, mc, md, f)                                            \
	e = _mm_sha1nexte_epu32(e, ma);                                            \
	en = abcd;                                                                 \
	mb = _mm_sha1msg2_epu32(mb, ma);                                           \
	abcd = _mm_sha1rnds4_epu32(abcd, e, f);                                    \
	md = _mm_sha1msg1_epu32(md, ma);                                           \
	mc = _mm_xor_si128(mc, ma)

EMBER_TARGET("sha,sse4.1")
static void sha1_shani_blocks(uint32_t *h, const uint8_t *p, size_t nblocks)
{
	const __m128i bswap = _mm_set_epi64x(0x0001020304050607LL, 0x08090a0b0c0d0e0fLL);
	__m128i abcd, e0, e1, abcd_save, e0_save, m0, m1, m2, m3;

	/* A..D with A in the high lane, as SHA1RNDS4 wants; E in the high lane of e0 */
	abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)(const void *)h), 0x1b);
	e0 = _mm_set_epi32((int)h[4], 0, 0, 0);

	while (nblocks--) {
		abcd_save = abcd;
		e0_save = e0;

		/* steps 0-3 */
		m0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)p), bswap);
		e0 = _mm_add_epi32(e0, m0);
		e1 = abcd;
		abcd = _mm_sha1rnds4_epu32(abcd, e0, 0);

		/* steps 4-7 */
		m1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p + 16)), bswap);
		e1 = _mm_sha1nexte_epu32(e1, m1);
		e0 = abcd;
		abcd = _mm_sha1rnds4_epu32(abcd, e1, 0);
		m0 = _mm_sha1msg1_epu32(m0, m1);

		/* steps 8-11 */
		m2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p + 32)), bswap);
		e0 = _mm_sha1nexte_epu32(e0, m2);
		e1 = abcd;
		abcd = _mm_sha1rnds4_epu32(abcd, e0, 0);
		m1 = _mm_sha1msg1_epu32(m1, m2);
		m0 = _mm_xor_si128(m0, m2);

		m3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p + 48)), bswap);
		GROUP(e1, e0, m3, m0, m1, m2, 0);  /* 12-15 */
		GROUP(e0, e1, m0, m1, m2, m3, 0);  /* 16-19 */
		GROUP(e1, e0, m1, m2, m3, m0, 1);  /* 20-23 */
		GROUP(e0, e1, m2, m3, m0, m1, 1);  /* 24-27 */
		GROUP(e1, e0, m3, m0, m1, m2, 1);  /* 28-31 */
		GROUP(e0, e1, m0, m1, m2, m3, 1);  /* 32-35 */
		GROUP(e1, e0, m1, m2, m3, m0, 1);  /* 36-39 */
		GROUP(e0, e1, m2, m3, m0, m1, 2);  /* 40-43 */
		GROUP(e1, e0, m3, m0, m1, m2, 2);  /* 44-47 */
		GROUP(e0, e1, m0, m1, m2, m3, 2);  /* 48-51 */
		GROUP(e1, e0, m1, m2, m3, m0, 2);  /* 52-55 */
		GROUP(e0, e1, m2, m3, m0, m1, 2);  /* 56-59 */
		GROUP(e1, e0, m3, m0, m1, m2, 3);  /* 60-63 */
		GROUP(e0, e1, m0, m1, m2, m3, 3);  /* 64-67 */

		/* steps 68-71: W[76..79] is completed, no new words started */
		e1 = _mm_sha1nexte_epu32(e1, m1);
		e0 = abcd;
		m2 = _mm_sha1msg2_epu32(m2, m1);
		abcd = _mm_sha1rnds4_epu32(abcd, e1, 3);
		m3 = _mm_xor_si128(m3, m1);

		/* steps 72-75 */
		e0 = _mm_sha1nexte_epu32(e0, m2);
		e1 = abcd;
		m3 = _mm_sha1msg2_epu32(m3, m2);
		abcd = _mm_sha1rnds4_epu32(abcd, e0, 3);

		/* steps 76-79 */
		e1 = _mm_sha1nexte_epu32(e1, m3);
		e0 = abcd;
		abcd = _mm_sha1rnds4_epu32(abcd, e1, 3);

		/* add the chaining value (E via SHA1NEXTE, which rotates A by 30) */
		e0 = _mm_sha1nexte_epu32(e0, e0_save);
		abcd = _mm_add_epi32(abcd, abcd_save);
		p += 64;
	}
	_mm_storeu_si128((__m128i *)(void *)h, _mm_shuffle_epi32(abcd, 0x1b));
	h[4] = (uint32_t)_mm_extract_epi32(e0, 3);
}
#undef GROUP

void ember_sha1_x86shani_init(ember_sha1_ctx *c)
{
	if (supported())
		ember_sha1_start(c, sha1_shani_blocks);
	else
		ember_sha1_init(c);
}

#else /* !EMBER_X86 */

static int supported(void)
{
	return 0;
}

void ember_sha1_x86shani_init(ember_sha1_ctx *c)
{
	ember_sha1_init(c);
}

#endif

EMBER_HASH_ADAPTERS(sha1, ember_sha1_x86shani_init)

const ember_hash_desc ember_sha1_x86shani_desc = {
	"sha1", NULL, "x86shani", EMBER_IMPL_CT | EMBER_IMPL_HW, EMBER_SHA1_LEN, EMBER_SHA1_BLOCK_LEN,
	sizeof(ember_sha1_ctx), supported, d_init, d_update, d_final
};
