/*
 * sha256_x86shani.c - SHA-224 and SHA-256 block function with the x86 SHA
 * extensions (SHA-NI: sha256rnds2, sha256msg1, sha256msg2) and SSE4.1.
 *
 * Constant-time: straight-line vector code, no data-dependent branch or
 * index. Init, update and final are sha256_ref.c's; this file supplies the
 * block function and the inits that install it.
 *
 * On targets other than x86 the whole file is empty: the descriptors exist
 * only on x86 and their registry lines carry the same #if.
 */
#include "internal.h"
#include "ember/hash.h"
#include "hash/sha2_impl.h"

#if defined(EMBER_X86)
#include <immintrin.h>

int ember_sha256_x86shani_supported(void)
{
	return ember_cpu_has(EMBER_CPU_SHANI | EMBER_CPU_SSE41);
}

/*
 * Four rounds 4i..4i+3 on the message words in |cur| (W[4i..4i+3]).
 * sha256rnds2 does two rounds on the state split as ABEF / CDGH, taking
 * W+K from the low 64 bits of its third operand. Interleaved with them,
 * the schedule (FIPS 180-4, 6.2.2 step 1) for four words ahead: msg1 adds
 * sigma0 of the next words into |prev|, and msg2 completes |next| from
 * sigma1 of |cur| after the W[t-7] terms are added by the alignr.
 */
#define QROUND(i, cur)                                                             \
	msg = _mm_add_epi32(cur, _mm_load_si128((const __m128i *)(ember_sha256_k + 4 * (i)))); \
	st1 = _mm_sha256rnds2_epu32(st1, st0, msg)
#define QROUND_END()                                                               \
	msg = _mm_shuffle_epi32(msg, 0x0e);                                        \
	st0 = _mm_sha256rnds2_epu32(st0, st1, msg)
#define MSG2(cur, prev, next)                                                      \
	tmp = _mm_alignr_epi8(cur, prev, 4);                                       \
	next = _mm_add_epi32(next, tmp);                                           \
	next = _mm_sha256msg2_epu32(next, cur)
#define MSG1(prev, cur) prev = _mm_sha256msg1_epu32(prev, cur)

#define Q_NONE(i, cur) QROUND(i, cur); QROUND_END()
#define Q_M1(i, cur, prev) QROUND(i, cur); QROUND_END(); MSG1(prev, cur)
#define Q_FULL(i, cur, prev, next) QROUND(i, cur); MSG2(cur, prev, next); QROUND_END(); MSG1(prev, cur)
#define Q_M2(i, cur, prev, next) QROUND(i, cur); MSG2(cur, prev, next); QROUND_END()

/*
 * The block loop, compiled twice: with legacy SSE encodings, and with the
 * VEX ones when the CPU has AVX. The latter's three-operand forms need no
 * register copies (ten instead of thirty-nine movdqa per block). The
 * sha256rnds2 latency chain mostly hides the difference (measured: equal
 * on an idle core, 1-3% faster on a busy one, most on single blocks).
 * sha256rnds2 has only the legacy encoding; mixing it with VEX-128 code
 * costs nothing.
 */
EMBER_TARGET("sha,sse4.1")
static inline __attribute__((always_inline)) void blocks_body(uint32_t *h, const uint8_t *p, size_t nblocks)
{
	const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bll, 0x0405060700010203ll);
	__m128i st0, st1, tmp, msg, m0, m1, m2, m3, save0, save1;

	/* a b c d / e f g h in memory to the ABEF / CDGH lanes sha256rnds2 wants */
	tmp = _mm_loadu_si128((const __m128i *)(const void *)h);
	st1 = _mm_loadu_si128((const __m128i *)(const void *)(h + 4));
	tmp = _mm_shuffle_epi32(tmp, 0xb1);
	st1 = _mm_shuffle_epi32(st1, 0x1b);
	st0 = _mm_alignr_epi8(tmp, st1, 8);
	st1 = _mm_blend_epi16(st1, tmp, 0xf0);

	while (nblocks--) {
		save0 = st0;
		save1 = st1;
		m0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)p), bswap);
		m1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p + 16)), bswap);
		m2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p + 32)), bswap);
		m3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p + 48)), bswap);

		Q_NONE(0, m0);
		Q_M1(1, m1, m0);
		Q_M1(2, m2, m1);
		Q_FULL(3, m3, m2, m0);
		Q_FULL(4, m0, m3, m1);
		Q_FULL(5, m1, m0, m2);
		Q_FULL(6, m2, m1, m3);
		Q_FULL(7, m3, m2, m0);
		Q_FULL(8, m0, m3, m1);
		Q_FULL(9, m1, m0, m2);
		Q_FULL(10, m2, m1, m3);
		Q_FULL(11, m3, m2, m0);
		Q_FULL(12, m0, m3, m1);
		Q_M2(13, m1, m0, m2);
		Q_M2(14, m2, m1, m3);
		Q_NONE(15, m3);

		st0 = _mm_add_epi32(st0, save0);
		st1 = _mm_add_epi32(st1, save1);
		p += 64;
	}

	/* back to a b c d / e f g h */
	tmp = _mm_shuffle_epi32(st0, 0x1b);
	st1 = _mm_shuffle_epi32(st1, 0xb1);
	st0 = _mm_blend_epi16(tmp, st1, 0xf0);
	st1 = _mm_alignr_epi8(st1, tmp, 8);
	_mm_storeu_si128((__m128i *)(void *)h, st0);
	_mm_storeu_si128((__m128i *)(void *)(h + 4), st1);
}

EMBER_TARGET("sha,sse4.1")
static void blocks_sse(uint32_t *h, const uint8_t *p, size_t nblocks)
{
	blocks_body(h, p, nblocks);
}

EMBER_TARGET("sha,sse4.1,avx")
static void blocks_avx(uint32_t *h, const uint8_t *p, size_t nblocks)
{
	blocks_body(h, p, nblocks);
}

void ember_sha256_x86shani_blocks(uint32_t *h, const uint8_t *p, size_t nblocks)
{
	if (ember_cpu_has(EMBER_CPU_AVX))
		blocks_avx(h, p, nblocks);
	else
		blocks_sse(h, p, nblocks);
}

void ember_sha256_x86shani_init(ember_sha256_ctx *c)
{
	ember_sha256_start(c, EMBER_SHA256_LEN, ember_sha256_x86shani_blocks);
}

void ember_sha224_x86shani_init(ember_sha224_ctx *c)
{
	ember_sha256_start(c, EMBER_SHA224_LEN, ember_sha256_x86shani_blocks);
}

/* Descriptor adapters: typed wrappers, no function-pointer casts. */
static void d_init256(void *c) { ember_sha256_x86shani_init((ember_sha256_ctx *)c); }
static void d_init224(void *c) { ember_sha224_x86shani_init((ember_sha224_ctx *)c); }
static void d_update(void *c, const void *p, size_t n) { ember_sha256_update((ember_sha256_ctx *)c, p, n); }
static void d_final256(void *c, uint8_t *out) { ember_sha256_final((ember_sha256_ctx *)c, out); }
static void d_final224(void *c, uint8_t *out) { ember_sha224_final((ember_sha224_ctx *)c, out); }

const ember_hash_desc ember_sha256_x86shani_desc = {
	"sha256", "sha2-256", "x86shani", EMBER_IMPL_CT | EMBER_IMPL_HW, 32, 64, sizeof(ember_sha256_ctx),
	ember_sha256_x86shani_supported, d_init256, d_update, d_final256
};

const ember_hash_desc ember_sha224_x86shani_desc = {
	"sha224", "sha2-224", "x86shani", EMBER_IMPL_CT | EMBER_IMPL_HW, 28, 64, sizeof(ember_sha256_ctx),
	ember_sha256_x86shani_supported, d_init224, d_update, d_final224
};

#endif
