/*
 * md_impl.h - what the MD4 and MD5 implementation files share with md4.c
 * and md5.c; not installed.
 *
 * md4.c and md5.c own the initial values, update and final. An
 * implementation file supplies a block function with this signature and
 * installs it with ember_md4_start / ember_md5_start; the default init is
 * the one registry.c picks. No implementation file names another.
 */
#ifndef EMBER_MD_IMPL_H
#define EMBER_MD_IMPL_H

#include "ember/hash.h"

typedef void (*ember_md_blocks_fn)(uint32_t *h, const uint8_t *p, size_t nblocks);

/* Set MD4's (RFC 1320, 3.3) or MD5's (RFC 1321, 3.3) initial value and install |blocks|. */
void ember_md4_start(ember_md4_ctx *c, ember_md_blocks_fn blocks);
void ember_md5_start(ember_md5_ctx *c, ember_md_blocks_fn blocks);

#if defined(EMBER_X86) && defined(__x86_64__)
/*
 * The frame the two block functions share: the state in the low 32-bit
 * lane of four 128-bit registers a, b, c, d (EMBER_MD_XMM_LOAD), the
 * feed-forward after each block (EMBER_MD_XMM_ADD, from a0 .. d0) and the
 * store back (EMBER_MD_XMM_STORE). Used inside the files' target functions,
 * which include <immintrin.h>.
 */
#define EMBER_MD_XMM_LOAD(h)                                                       \
	__m128i a = _mm_cvtsi32_si128((int)(h)[0]), b = _mm_cvtsi32_si128((int)(h)[1]); \
	__m128i c = _mm_cvtsi32_si128((int)(h)[2]), d = _mm_cvtsi32_si128((int)(h)[3])
#define EMBER_MD_XMM_ADD()                                                         \
	do {                                                                       \
		a = _mm_add_epi32(a, a0);                                          \
		b = _mm_add_epi32(b, b0);                                          \
		c = _mm_add_epi32(c, c0);                                          \
		d = _mm_add_epi32(d, d0);                                          \
	} while (0)
#define EMBER_MD_XMM_STORE(h)                                                      \
	do {                                                                       \
		(h)[0] = (uint32_t)_mm_cvtsi128_si32(a);                           \
		(h)[1] = (uint32_t)_mm_cvtsi128_si32(b);                           \
		(h)[2] = (uint32_t)_mm_cvtsi128_si32(c);                           \
		(h)[3] = (uint32_t)_mm_cvtsi128_si32(d);                           \
	} while (0)
#endif

/*
 * EMBER_MD_DESC(alg, ALG, tag) defines ember_<alg>_<tag>_desc for an
 * accelerated block function ember_<alg>_<tag>_blocks with its
 * ember_<alg>_<tag>_supported check: init installs the block function
 * with ember_<alg>_start; update and final are md4.c's or md5.c's.
 */
#define EMBER_MD_DESC(alg, ALG, tag)                                               \
	static void tag##_init(ember_##alg##_ctx *c)                               \
	{                                                                          \
		ember_##alg##_start(c, ember_##alg##_##tag##_blocks);               \
	}                                                                          \
	EMBER_HASH_ADAPTERS(alg, tag##_init)                                       \
	const ember_hash_desc ember_##alg##_##tag##_desc = {                       \
		#alg, NULL, #tag, EMBER_IMPL_CT | EMBER_IMPL_HW, EMBER_##ALG##_LEN, EMBER_##ALG##_BLOCK_LEN, \
		sizeof(ember_##alg##_ctx), ember_##alg##_##tag##_supported, d_init, d_update, d_final \
	}

/*
 * ember_md_finish_le: RFC 1320/1321, 3.1-3.2 padding (0x80, zeros, the bit
 * length in 8 little-endian bytes) and the 16-byte output, for MD4 and MD5.
 * Does not wipe |c|.
 *
 * On 64-bit cores every store to the last block is an aligned 8-byte one,
 * where EMBER_MD64_PAD writes the 0x80 byte alone: the block function's
 * 4-byte load of the word holding it then spans two stores, which an
 * out-of-order core cannot forward, and waits for both to reach the cache,
 * early in the block's dependency chain (a sixth of a 16-byte MD5 on
 * x86-64). The output is written as two 8-byte words for the same reason
 * (HMAC reads the inner digest back at once). Bytes of buf past the
 * message are read and masked off. On 32-bit cores an 8-byte load or store
 * is several instructions, so they keep EMBER_MD64_PAD.
 */
#if UINTPTR_MAX > 0xffffffffu
static inline void ember_md_finish_le(ember_md4_ctx *c, uint8_t out[16])
{
	size_t used = (size_t)(c->count & 63);
	size_t j = used & ~(size_t)7;
	unsigned sh = 8 * (unsigned)(used & 7);
	uint64_t w = ember_ld64le(c->buf + j);

	w = (w & (((uint64_t)1 << sh) - 1)) | ((uint64_t)0x80 << sh);
	ember_st64le(c->buf + j, w);
	if (j == 56) {
		/* no room for the length: one more block */
		c->blocks(c->h, c->buf, 1);
		j = 0;
	} else {
		j += 8;
	}
	for (; j < 56; j += 8)
		ember_st64le(c->buf + j, 0);
	ember_st64le(c->buf + 56, c->count << 3);
	c->blocks(c->h, c->buf, 1);
	ember_st64le(out, (uint64_t)c->h[1] << 32 | c->h[0]);
	ember_st64le(out + 8, (uint64_t)c->h[3] << 32 | c->h[2]);
}
#else
static inline void ember_md_finish_le(ember_md4_ctx *c, uint8_t out[16])
{
	unsigned i;

	EMBER_MD64_PAD(c, 0);
	for (i = 0; i < 4; i++)
		ember_st32le(out + 4 * i, c->h[i]);
}
#endif

#endif
