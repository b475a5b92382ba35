/*
 * sha256.c - SHA-224 and SHA-256 (FIPS 180-4): what every implementation
 * shares. The round constants, the initial values, update, padding and
 * final; an implementation (sha256_<impl>.c) supplies a block function and
 * installs it with ember_sha256_start. The default calls (ember_sha256_init
 * ...) take the implementation registry.c picks.
 */
#include "internal.h"
#include "registry.h"
#include "ember/hash.h"
#include "hash/sha2_impl.h"

/* FIPS 180-4, 4.2.2; for every SHA-256 block function (sha2_impl.h), aligned for vector loads */
EMBER_HIDDEN const uint32_t ember_sha256_k[64] EMBER_ALIGN(64) = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
};

/* FIPS 180-4, 5.3.3 and 5.3.2 */
static const uint32_t IV256[8] = {
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
};
static const uint32_t IV224[8] = {
	0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4
};

/* The initial value is chosen by the output length: 28 for SHA-224, else 32. */
void ember_sha256_start(ember_sha256_ctx *c, unsigned out_len, ember_sha256_blocks_fn blocks)
{
	if (out_len != EMBER_SHA224_LEN)
		out_len = EMBER_SHA256_LEN;
	memcpy(c->h, out_len == EMBER_SHA224_LEN ? IV224 : IV256, sizeof(c->h));
	c->count = 0;
	c->blocks = blocks;
	c->out_len = out_len;
}

static ember_pick pick256, pick224;

void ember_sha256_init(ember_sha256_ctx *c)
{
	ember_hash_pick(&pick256, "sha256")->init(c);
}

void ember_sha224_init(ember_sha224_ctx *c)
{
	ember_hash_pick(&pick224, "sha224")->init(c);
}

void ember_sha256_update(ember_sha256_ctx *c, const void *data, size_t len)
{
	EMBER_MD_UPDATE(c, 64, data, len);
}

void ember_sha224_update(ember_sha224_ctx *c, const void *data, size_t len)
{
	ember_sha256_update(c, data, len);
}

/*
 * Writes c->out_len bytes (32 for SHA-256, 28 for SHA-224). The store loop
 * has a variable bound on purpose: with a constant one gcc vectorises the
 * byte stores into a long shuffle sequence that costs as much as a block.
 */
static void finish(ember_sha256_ctx *c, uint8_t *out)
{
	unsigned i, n;

	EMBER_MD64_PAD(c, 1);
	n = c->out_len / 4;
	for (i = 0; i < n; i++)
		ember_st32be(out + 4 * i, c->h[i]);
	ember_wipe(c, sizeof(*c));
}

void ember_sha256_final(ember_sha256_ctx *c, uint8_t out[EMBER_SHA256_LEN])
{
	finish(c, out);
}

void ember_sha224_final(ember_sha224_ctx *c, uint8_t out[EMBER_SHA224_LEN])
{
	finish(c, out);
}

EMBER_HASH_ONESHOT(sha256, EMBER_SHA256_LEN)

EMBER_HASH_ONESHOT(sha224, EMBER_SHA224_LEN)

