/*
 * chacha20_poly1305.c - AEAD_CHACHA20_POLY1305 (RFC 8439, 2.8): the
 * composition of a ChaCha20 and a Poly1305 implementation, the argument
 * checks of ember/aead.h, and the descriptors, one per pair worth naming:
 *
 *   avx512ifma                 ChaCha20 avx512, Poly1305 avx512ifma (eight
 *                              blocks per step in radix 2^44)
 *   avx512, avx2, sse2, neon   that ChaCha20, with the Poly1305 of the word
 *                              size (ref64 where the compiler has a 128-bit
 *                              product, else ref32); on 32-bit ARM neon
 *                              pairs with the NEON Poly1305 (radix 2^26,
 *                              two blocks per vector)
 *   ref                        portable ChaCha20, Poly1305 in radix 2^44
 *   ref32                      portable ChaCha20, Poly1305 in radix 2^26
 *
 * registry_list.h orders them (ref before ref32 where there is a 128-bit
 * product, after it elsewhere: both stay supported, so both are tested on
 * every target); the first supported one is the default, also for
 * ember_chacha20_xor and ember_poly1305 (ember_chacha20_poly1305_default).
 *
 * Seal and open run ChaCha20 and Poly1305 as two passes over the message
 * (it is still in L1 for TLS records); block 0 (the Poly1305 key) is made
 * in the same ChaCha20 call as the message's first 960 bytes. The
 * avx512ifma pair seals a longer message in one pass instead, ChaCha20
 * and Poly1305 stitched (chacha20_poly1305_avx512ifma.c): about 1.3x its two passes
 * at 8-16 KiB on the AVX-512 AMD EPYC of docs/BENCHMARKS.md, where each
 * alone is bound by latency, not by the vector ports.
 */
#include "aead/chacha20_impl.h"
#include "registry.h"
#include "ember/aead.h"

/*
 * RFC 8439, 2.8: Poly1305 under |pkey| over aad | pad16 | ct | pad16 |
 * le64(aad_len) | le64(ct_len). The zero padding completes a block, so
 * every block is a whole one (2^128 added).
 */
static void mac(const ember_poly1305_impl *p, uint8_t tag[16], const uint8_t pkey[32], const uint8_t *aad,
    size_t aad_len, const uint8_t *ct, size_t ct_len)
{
	uint64_t st[EMBER_POLY1305_ST_WORDS];
	uint8_t blk[16];
	size_t rem;

	p->init(st, pkey);
	p->blocks(st, aad, aad_len / 16, 1);
	if ((rem = aad_len % 16) != 0) {
		memset(blk, 0, sizeof(blk));
		memcpy(blk, aad + (aad_len - rem), rem);
		p->blocks(st, blk, 1, 1);
	}
	p->blocks(st, ct, ct_len / 16, 1);
	if ((rem = ct_len % 16) != 0) {
		memset(blk, 0, sizeof(blk));
		memcpy(blk, ct + (ct_len - rem), rem);
		p->blocks(st, blk, 1, 1);
	}
	ember_st64le(blk, (uint64_t)aad_len);
	ember_st64le(blk + 8, (uint64_t)ct_len);
	p->blocks(st, blk, 1, 1);
	p->finish(st, tag);
	ember_wipe(blk, sizeof(blk));
	ember_wipe(st, sizeof(st));
}

/* aead.h's checks, in its order: buffers, nonce length, tag length, message length */
static int check(const void *out, const void *tag, size_t tag_len, const uint8_t *nonce, size_t nonce_len,
    const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t in_len)
{
	if (tag == NULL || ((out == NULL || in == NULL) && in_len != 0) || (aad == NULL && aad_len != 0) ||
	    (nonce == NULL && nonce_len != 0))
		return EMBER_EINVAL;
	if (nonce_len != EMBER_CHACHA20_POLY1305_NONCE_LEN)
		return EMBER_ENONCE;
	if (tag_len != EMBER_CHACHA20_POLY1305_TAG_LEN)
		return EMBER_ETAG;
#if SIZE_MAX > 0xffffffffu
	if ((uint64_t)in_len > EMBER_CHACHA20_POLY1305_MAX_LEN)
		return EMBER_ELEN;
#endif
	return 0;
}

/*
 * RFC 8439, 2.8: the Poly1305 key is block 0, the message is encrypted from
 * block 1 on. The first HEAD bytes of the message are encrypted in the
 * same ChaCha20 call as block 0, in |buf| after it (the rest from block
 * 1 + HEAD / 64 on), so that the Poly1305 key costs no step of its own:
 * sixteen blocks are one step of AVX-512, two of AVX2, four of SSE2 and
 * NEON, and a message of up to 960 bytes takes one call.
 */
#define HEAD EMBER_CHACHA20_POLY1305_HEAD

/* buf[0..32) the Poly1305 key, buf[64..64 + h) in ^ keystream, h = min(in_len, HEAD) */
static size_t head(const ember_chacha20_poly1305_ctx *c, uint8_t buf[64 + HEAD], const uint32_t n[3],
    const uint8_t *in, size_t in_len)
{
	size_t h = in_len < HEAD ? in_len : HEAD;

	memset(buf, 0, 64);
	if (h != 0)
		memcpy(buf + 64, in, h);
	c->chacha->xor(c->key, n, 0, buf, buf, 64 + h);
	return h;
}

#if defined(EMBER_X86) && defined(__x86_64__)
/* the avx512ifma pair's seal: aead_seal's steps, with the rest of the message and the MAC stitched */
static void seal_stitched(const ember_chacha20_poly1305_ctx *c, uint8_t *out, uint8_t *tag, const uint32_t n[3],
    const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t in_len)
{
	uint8_t buf[64 + HEAD], blk[16];
	uint64_t st[EMBER_POLY1305_ST_WORDS];
	size_t done, rem;

	head(c, buf, n, in, in_len);
	memcpy(out, buf + 64, HEAD);
	/* RFC 8439, 2.8: aad | pad16, then the ciphertext (as mac) */
	c->poly->init(st, buf);
	ember_wipe(buf, sizeof(buf));
	c->poly->blocks(st, aad, aad_len / 16, 1);
	if ((rem = aad_len % 16) != 0) {
		memset(blk, 0, sizeof(blk));
		memcpy(blk, aad + (aad_len - rem), rem);
		c->poly->blocks(st, blk, 1, 1);
	}
	done = ember_chacha20_poly1305_avx512ifma_stitch(c->key, n, st, out, in, in_len);
	c->poly->blocks(st, out + done, (in_len - done) / 16, 1);
	if ((rem = in_len % 16) != 0) {
		memset(blk, 0, sizeof(blk));
		memcpy(blk, out + (in_len - rem), rem);
		c->poly->blocks(st, blk, 1, 1);
	}
	ember_st64le(blk, (uint64_t)aad_len);
	ember_st64le(blk + 8, (uint64_t)in_len);
	c->poly->blocks(st, blk, 1, 1);
	c->poly->finish(st, tag);
	ember_wipe(blk, sizeof(blk));
	ember_wipe(st, sizeof(st));
}

#define HAVE_STITCHED 1
#endif

static int aead_seal(const ember_chacha20_poly1305_ctx *c, uint8_t *out, uint8_t *tag, size_t tag_len,
    const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t in_len)
{
	uint8_t buf[64 + HEAD];
	uint32_t n[3];
	size_t h;
	int ret = check(out, tag, tag_len, nonce, nonce_len, aad, aad_len, in, in_len);

	if (ret != 0)
		return ret;
	ember_chacha20_load(n, nonce, 3);
#if defined(HAVE_STITCHED)
	if (in_len > HEAD && c->chacha == &ember_chacha20_avx512 && c->poly == &ember_poly1305_avx512ifma) {
		seal_stitched(c, out, tag, n, aad, aad_len, in, in_len);
		return 0;
	}
#endif
	h = head(c, buf, n, in, in_len);
	if (in_len > h)
		c->chacha->xor(c->key, n, 1 + HEAD / 64, out + h, in + h, in_len - h);
	if (h != 0)
		memcpy(out, buf + 64, h);
	mac(c->poly, tag, buf, aad, aad_len, out, in_len);
	ember_wipe(buf, 64 + h);
	return 0;
}

/*
 * The tag is checked over the ciphertext before anything is written to
 * |out|: the head is decrypted in |buf| and copied out only when the tag
 * matches, the rest decrypted only then. On a mismatch |out| is untouched.
 */
static int aead_open(const ember_chacha20_poly1305_ctx *c, uint8_t *out, const uint8_t *tag, size_t tag_len,
    const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t in_len)
{
	uint8_t buf[64 + HEAD], want[16];
	uint32_t n[3];
	size_t h;
	int ret = check(out, tag, tag_len, nonce, nonce_len, aad, aad_len, in, in_len), ok;

	if (ret != 0)
		return ret;
	ember_chacha20_load(n, nonce, 3);
	h = head(c, buf, n, in, in_len);
	mac(c->poly, want, buf, aad, aad_len, in, in_len);
	ok = ember_memeq(want, tag, sizeof(want));
	/* the verdict is public: a forger learns it anyway */
	EMBER_DECLASSIFY(&ok, sizeof(ok));
	if (!ok) {
		ret = EMBER_EVERIFY;
	} else {
		if (in_len > h)
			c->chacha->xor(c->key, n, 1 + HEAD / 64, out + h, in + h, in_len - h);
		if (h != 0)
			memcpy(out, buf + 64, h);
	}
	ember_wipe(buf, 64 + h);
	ember_wipe(want, sizeof(want));
	return ret;
}

/* ---- the default, and the calls that use it ---- */

void ember_chacha20_poly1305_default(ember_chacha20_poly1305_ctx *c, const uint8_t key[32])
{
	static ember_pick pick;

	/* registry_list.h always lists the portable pairs: there is a default */
	ember_aead_pick(&pick, "chacha20-poly1305")->set_key(c, key, 32);
}

int ember_chacha20_poly1305_seal(const uint8_t key[EMBER_CHACHA20_POLY1305_KEY_LEN], uint8_t *out, uint8_t *tag,
    size_t tag_len, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in,
    size_t in_len)
{
	ember_chacha20_poly1305_ctx c;
	int ret;

	if (key == NULL)
		return EMBER_EINVAL;
	ember_chacha20_poly1305_default(&c, key);
	ret = aead_seal(&c, out, tag, tag_len, nonce, nonce_len, aad, aad_len, in, in_len);
	ember_wipe(&c, sizeof(c));
	return ret;
}

int ember_chacha20_poly1305_open(const uint8_t key[EMBER_CHACHA20_POLY1305_KEY_LEN], uint8_t *out,
    const uint8_t *tag, size_t tag_len, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
    const uint8_t *in, size_t in_len)
{
	ember_chacha20_poly1305_ctx c;
	int ret;

	if (key == NULL)
		return EMBER_EINVAL;
	ember_chacha20_poly1305_default(&c, key);
	ret = aead_open(&c, out, tag, tag_len, nonce, nonce_len, aad, aad_len, in, in_len);
	ember_wipe(&c, sizeof(c));
	return ret;
}

/* ---- the descriptors: typed adapters, no function-pointer casts ---- */

static int set_key(void *ctx, const uint8_t *key, size_t key_len, const ember_chacha20_impl *chacha,
    const ember_poly1305_impl *poly)
{
	ember_chacha20_poly1305_ctx *c = (ember_chacha20_poly1305_ctx *)ctx;

	if (key_len != EMBER_CHACHA20_POLY1305_KEY_LEN)
		return EMBER_EKEYLEN;
	if (key == NULL)
		return EMBER_EINVAL;
	ember_chacha20_load(c->key, key, 8);
	c->chacha = chacha;
	c->poly = poly;
	return 0;
}

static int pair_supported(const ember_chacha20_impl *chacha, const ember_poly1305_impl *poly)
{
	return (chacha->supported == NULL || chacha->supported()) && (poly->supported == NULL || poly->supported());
}

static int d_seal(const void *ctx, uint8_t *out, uint8_t *tag, size_t tag_len, const uint8_t *nonce,
    size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t in_len)
{
	return aead_seal((const ember_chacha20_poly1305_ctx *)ctx, out, tag, tag_len, nonce, nonce_len, aad, aad_len, in,
	    in_len);
}

static int d_open(const void *ctx, uint8_t *out, const uint8_t *tag, size_t tag_len, const uint8_t *nonce,
    size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t in_len)
{
	return aead_open((const ember_chacha20_poly1305_ctx *)ctx, out, tag, tag_len, nonce, nonce_len, aad, aad_len, in,
	    in_len);
}

static void d_clear(void *ctx)
{
	ember_wipe(ctx, sizeof(ember_chacha20_poly1305_ctx));
}

/* the Poly1305 that goes with a vector ChaCha20: the one for this word size */
#if defined(__SIZEOF_INT128__)
#define POLY_NATIVE ember_poly1305_ref64
#else
#define POLY_NATIVE ember_poly1305_ref32
#endif

#define CC20P_DESC(tag, flags, chacha, poly)                                       \
	static int sup_##tag(void) { return pair_supported(&chacha, &poly); }     \
	static int key_##tag(void *ctx, const uint8_t *key, size_t key_len)        \
	{                                                                          \
		return set_key(ctx, key, key_len, &chacha, &poly);                 \
	}                                                                          \
	const ember_aead_desc ember_chacha20_poly1305_##tag##_desc = { "chacha20-poly1305", #tag, flags, 32, 32, \
		12, 12, 12, (uint32_t)1 << 16, 16, sizeof(ember_chacha20_poly1305_ctx), sup_##tag, key_##tag, \
		d_seal, d_open, d_clear }

#if defined(EMBER_X86) && defined(__x86_64__)
CC20P_DESC(avx512ifma, EMBER_IMPL_CT | EMBER_IMPL_HW, ember_chacha20_avx512, ember_poly1305_avx512ifma);
#endif
#if defined(EMBER_X86)
CC20P_DESC(avx512, EMBER_IMPL_CT | EMBER_IMPL_HW, ember_chacha20_avx512, POLY_NATIVE);
CC20P_DESC(avx2, EMBER_IMPL_CT | EMBER_IMPL_HW, ember_chacha20_avx2, POLY_NATIVE);
CC20P_DESC(sse2, EMBER_IMPL_CT | EMBER_IMPL_HW, ember_chacha20_sse2, POLY_NATIVE);
#endif
#if defined(EMBER_ARM32)
CC20P_DESC(neon, EMBER_IMPL_CT | EMBER_IMPL_HW, ember_chacha20_neon, ember_poly1305_neon);
#elif defined(EMBER_AARCH64)
CC20P_DESC(neon, EMBER_IMPL_CT | EMBER_IMPL_HW, ember_chacha20_neon, POLY_NATIVE);
#endif
CC20P_DESC(ref, EMBER_IMPL_CT, ember_chacha20_ref, ember_poly1305_ref64);
CC20P_DESC(ref32, EMBER_IMPL_CT, ember_chacha20_ref, ember_poly1305_ref32);
