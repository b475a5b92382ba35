/*
 * sha512.c - SHA-384, SHA-512, SHA-512/224 and SHA-512/256 (FIPS 180-4):
 * what every implementation shares. The four digests share one context
 * (ember_sha512_ctx) and differ only in the initial value and c->out_len.
 * The round constants, initial values, update, padding and final live
 * here; an implementation (sha512_<impl>.c) supplies a block function and
 * installs it with ember_sha512_start. The default calls (ember_sha512_init
 * ...) take the implementation registry.c picks.
 */
#include "internal.h"
#include "registry.h"
#include "ember/hash.h"
#include "hash/sha2_impl.h"

/* FIPS 180-4, 4.2.3; for every SHA-512 block function (sha2_impl.h), aligned for vector loads */
EMBER_HIDDEN const uint64_t ember_sha512_k[80] EMBER_ALIGN(64) = {
	0x428a2f98d728ae22ull, 0x7137449123ef65cdull, 0xb5c0fbcfec4d3b2full, 0xe9b5dba58189dbbcull,
	0x3956c25bf348b538ull, 0x59f111f1b605d019ull, 0x923f82a4af194f9bull, 0xab1c5ed5da6d8118ull,
	0xd807aa98a3030242ull, 0x12835b0145706fbeull, 0x243185be4ee4b28cull, 0x550c7dc3d5ffb4e2ull,
	0x72be5d74f27b896full, 0x80deb1fe3b1696b1ull, 0x9bdc06a725c71235ull, 0xc19bf174cf692694ull,
	0xe49b69c19ef14ad2ull, 0xefbe4786384f25e3ull, 0x0fc19dc68b8cd5b5ull, 0x240ca1cc77ac9c65ull,
	0x2de92c6f592b0275ull, 0x4a7484aa6ea6e483ull, 0x5cb0a9dcbd41fbd4ull, 0x76f988da831153b5ull,
	0x983e5152ee66dfabull, 0xa831c66d2db43210ull, 0xb00327c898fb213full, 0xbf597fc7beef0ee4ull,
	0xc6e00bf33da88fc2ull, 0xd5a79147930aa725ull, 0x06ca6351e003826full, 0x142929670a0e6e70ull,
	0x27b70a8546d22ffcull, 0x2e1b21385c26c926ull, 0x4d2c6dfc5ac42aedull, 0x53380d139d95b3dfull,
	0x650a73548baf63deull, 0x766a0abb3c77b2a8ull, 0x81c2c92e47edaee6ull, 0x92722c851482353bull,
	0xa2bfe8a14cf10364ull, 0xa81a664bbc423001ull, 0xc24b8b70d0f89791ull, 0xc76c51a30654be30ull,
	0xd192e819d6ef5218ull, 0xd69906245565a910ull, 0xf40e35855771202aull, 0x106aa07032bbd1b8ull,
	0x19a4c116b8d2d0c8ull, 0x1e376c085141ab53ull, 0x2748774cdf8eeb99ull, 0x34b0bcb5e19b48a8ull,
	0x391c0cb3c5c95a63ull, 0x4ed8aa4ae3418acbull, 0x5b9cca4f7763e373ull, 0x682e6ff3d6b2b8a3ull,
	0x748f82ee5defb2fcull, 0x78a5636f43172f60ull, 0x84c87814a1f0ab72ull, 0x8cc702081a6439ecull,
	0x90befffa23631e28ull, 0xa4506cebde82bde9ull, 0xbef9a3f7b2c67915ull, 0xc67178f2e372532bull,
	0xca273eceea26619cull, 0xd186b8c721c0c207ull, 0xeada7dd6cde0eb1eull, 0xf57d4f7fee6ed178ull,
	0x06f067aa72176fbaull, 0x0a637dc5a2c898a6ull, 0x113f9804bef90daeull, 0x1b710b35131c471bull,
	0x28db77f523047d84ull, 0x32caab7b40c72493ull, 0x3c9ebe0a15c9bebcull, 0x431d67c49c100d4cull,
	0x4cc5d4becb3e42b6ull, 0x597f299cfc657e2aull, 0x5fcb6fab3ad6faecull, 0x6c44198c4a475817ull
};

/* FIPS 180-4, 5.3.4, 5.3.5 and 5.3.6 (the SHA-512/t values of 5.3.6.1-2) */
static const uint64_t IV512[8] = {
	0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull, 0xa54ff53a5f1d36f1ull,
	0x510e527fade682d1ull, 0x9b05688c2b3e6c1full, 0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull
};
static const uint64_t IV384[8] = {
	0xcbbb9d5dc1059ed8ull, 0x629a292a367cd507ull, 0x9159015a3070dd17ull, 0x152fecd8f70e5939ull,
	0x67332667ffc00b31ull, 0x8eb44a8768581511ull, 0xdb0c2e0d64f98fa7ull, 0x47b5481dbefa4fa4ull
};
static const uint64_t IV512_224[8] = {
	0x8c3d37c819544da2ull, 0x73e1996689dcd4d6ull, 0x1dfab7ae32ff9c82ull, 0x679dd514582f9fcfull,
	0x0f6d2b697bd44da8ull, 0x77e36f7304c48942ull, 0x3f9d85a86a1d36c8ull, 0x1112e6ad91d692a1ull
};
static const uint64_t IV512_256[8] = {
	0x22312194fc2bf72cull, 0x9f555fa3c84c64c2ull, 0x2393b86b6f53b151ull, 0x963877195940eabdull,
	0x96283ee2a88effe3ull, 0xbe5e1e2553863992ull, 0x2b0199fc2c85b8aaull, 0x0eb72ddc81c52ca2ull
};

/* The initial value is chosen by the output length: 48, 28, 32, else 64. */
void ember_sha512_start(ember_sha512_ctx *c, unsigned out_len, ember_sha512_blocks_fn blocks)
{
	const uint64_t *iv;

	switch (out_len) {
	case EMBER_SHA384_LEN: iv = IV384; break;
	case EMBER_SHA512_224_LEN: iv = IV512_224; break;
	case EMBER_SHA512_256_LEN: iv = IV512_256; break;
	default: iv = IV512; out_len = EMBER_SHA512_LEN; break;
	}
	memcpy(c->h, iv, sizeof(c->h));
	c->count[0] = 0;
	c->count[1] = 0;
	c->blocks = blocks;
	c->out_len = out_len;
}

static ember_pick pick512, pick384, pick512_224, pick512_256;

void ember_sha512_init(ember_sha512_ctx *c)
{
	ember_hash_pick(&pick512, "sha512")->init(c);
}

void ember_sha384_init(ember_sha384_ctx *c)
{
	ember_hash_pick(&pick384, "sha384")->init(c);
}

void ember_sha512_224_init(ember_sha512_ctx *c)
{
	ember_hash_pick(&pick512_224, "sha512-224")->init(c);
}

void ember_sha512_256_init(ember_sha512_ctx *c)
{
	ember_hash_pick(&pick512_256, "sha512-256")->init(c);
}

/* The 128-bit byte count: count[0] low, count[1] high (messages < 2^128 bits). */
void ember_sha512_update(ember_sha512_ctx *c, const void *data, size_t len)
{
	const uint8_t *p = (const uint8_t *)data;
	size_t used = (size_t)(c->count[0] & 127);
	uint64_t lo = c->count[0] + (uint64_t)len;

	c->count[1] += lo < c->count[0];
	c->count[0] = lo;
	if (used != 0) {
		size_t take = 128 - used;
		if (take > len)
			take = len;
		memcpy(c->buf + used, p, take);
		p += take;
		len -= take;
		if (used + take < 128)
			return;
		c->blocks(c->h, c->buf, 1);
	}
	if (len >= 128) {
		c->blocks(c->h, p, len / 128);
		p += len & ~(size_t)127;
		len &= 127;
	}
	if (len != 0)
		memcpy(c->buf, p, len);
}

void ember_sha384_update(ember_sha384_ctx *c, const void *data, size_t len)
{
	ember_sha512_update(c, data, len);
}

/*
 * FIPS 180-4, 5.1.2: 0x80, zeros, the message length in bits as a 128-bit
 * big-endian number (pad() leaves the last block in c->buf, unhashed).
 *
 * On 64-bit cores every store to the last block is an aligned 8-byte one
 * (the word holding the 0x80 is read, masked and written back whole; bytes
 * of buf past the message are read and masked off): a byte store of the
 * 0x80 beside the stores of a memset leaves the word holding it in two
 * stores, which an out-of-order core cannot forward to the block
 * function's load, so that load waits for both to reach the cache. On
 * 32-bit cores an 8-byte load or store is several instructions: bytes and
 * memset there.
 */
#if UINTPTR_MAX > 0xffffffffu
static void pad(ember_sha512_ctx *c)
{
	size_t used = (size_t)(c->count[0] & 127);
	size_t j = used & ~(size_t)7;
	unsigned sh = 8 * (unsigned)(used & 7);
	uint64_t w = ember_ld64le(c->buf + j);

	w = (w & (((uint64_t)1 << sh) - 1)) | ((uint64_t)0x80 << sh);
	ember_st64le(c->buf + j, w);
	j += 8;
	if (j > 112) {
		/* no room for the length: one more block */
		for (; j < 128; j += 8)
			ember_st64le(c->buf + j, 0);
		c->blocks(c->h, c->buf, 1);
		j = 0;
	}
	for (; j < 112; j += 8)
		ember_st64le(c->buf + j, 0);
}
#else
static void pad(ember_sha512_ctx *c)
{
	size_t used = (size_t)(c->count[0] & 127);

	c->buf[used++] = 0x80;
	if (used > 112) {
		memset(c->buf + used, 0, 128 - used);
		c->blocks(c->h, c->buf, 1);
		used = 0;
	}
	memset(c->buf + used, 0, 112 - used);
}
#endif

/*
 * The 128-bit length in bits, big-endian, to p. On little-endian 64-bit
 * cores as two 8-byte stores of byte-reversed words (the shifts and masks
 * below are the pattern gcc and clang turn into bswap): the byte stores of
 * ember_st64be, next to the other stores to the context, come out of gcc
 * as some 90 shift, mask and byte-store instructions here, and in more than
 * two stores, which the block function's loads of the words then wait on.
 */
#if UINTPTR_MAX > 0xffffffffu && defined(EMBER_NATIVE_LE)
static uint64_t rev64(uint64_t x)
{
	x = x >> 32 | x << 32;
	x = (x & 0xffff0000ffff0000ull) >> 16 | (x & 0x0000ffff0000ffffull) << 16;
	return (x & 0xff00ff00ff00ff00ull) >> 8 | (x & 0x00ff00ff00ff00ffull) << 8;
}

static void put_len(uint8_t *p, uint64_t hi, uint64_t lo)
{
	hi = rev64(hi);
	lo = rev64(lo);
	memcpy(p, &hi, 8);
	memcpy(p + 8, &lo, 8);
}
#else
static void put_len(uint8_t *p, uint64_t hi, uint64_t lo)
{
	ember_st64be(p, hi);
	ember_st64be(p + 8, lo);
}
#endif

/* Pads, hashes the last block, writes the first c->out_len bytes of the state. */
static void finish(ember_sha512_ctx *c, uint8_t *out)
{
	unsigned i, n;

	pad(c);
	put_len(c->buf + 112, c->count[1] << 3 | c->count[0] >> 61, c->count[0] << 3);
	c->blocks(c->h, c->buf, 1);
	/* a variable bound keeps gcc from vectorising the stores badly (see sha256_ref.c) */
	n = c->out_len / 8;
	for (i = 0; i < n; i++)
		ember_st64be(out + 8 * i, c->h[i]);
	if (c->out_len & 4) /* SHA-512/224: half of the fourth word */
		ember_st32be(out + 8 * n, (uint32_t)(c->h[n] >> 32));
	ember_wipe(c, sizeof(*c));
}

void ember_sha512_final(ember_sha512_ctx *c, uint8_t out[EMBER_SHA512_LEN])
{
	finish(c, out);
}

void ember_sha384_final(ember_sha384_ctx *c, uint8_t out[EMBER_SHA384_LEN])
{
	finish(c, out);
}

void ember_sha512_224_final(ember_sha512_ctx *c, uint8_t out[EMBER_SHA512_224_LEN])
{
	finish(c, out);
}

void ember_sha512_256_final(ember_sha512_ctx *c, uint8_t out[EMBER_SHA512_256_LEN])
{
	finish(c, out);
}

void ember_sha512(uint8_t out[EMBER_SHA512_LEN], const void *data, size_t len)
{
	ember_sha512_ctx c;
	ember_sha512_init(&c);
	ember_sha512_update(&c, data, len);
	finish(&c, out);
}

void ember_sha384(uint8_t out[EMBER_SHA384_LEN], const void *data, size_t len)
{
	ember_sha384_ctx c;
	ember_sha384_init(&c);
	ember_sha512_update(&c, data, len);
	finish(&c, out);
}

void ember_sha512_224(uint8_t out[EMBER_SHA512_224_LEN], const void *data, size_t len)
{
	ember_sha512_ctx c;
	ember_sha512_224_init(&c);
	ember_sha512_update(&c, data, len);
	finish(&c, out);
}

void ember_sha512_256(uint8_t out[EMBER_SHA512_256_LEN], const void *data, size_t len)
{
	ember_sha512_ctx c;
	ember_sha512_256_init(&c);
	ember_sha512_update(&c, data, len);
	finish(&c, out);
}

