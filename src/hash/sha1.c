/*
 * sha1.c - SHA-1 (FIPS 180-4): what every implementation shares. The
 * initial value, update, padding and final; an implementation
 * (sha1_<impl>.c) supplies a block function and installs it with
 * ember_sha1_start. ember_sha1_init takes the implementation registry.c
 * picks.
 */
#include "internal.h"
#include "registry.h"
#include "ember/hash.h"
#include "hash/sha2_impl.h"

/* FIPS 180-4, 5.3.1 */
void ember_sha1_start(ember_sha1_ctx *c, ember_sha1_blocks_fn blocks)
{
	c->h[0] = 0x67452301;
	c->h[1] = 0xefcdab89;
	c->h[2] = 0x98badcfe;
	c->h[3] = 0x10325476;
	c->h[4] = 0xc3d2e1f0;
	c->count = 0;
	c->blocks = blocks;
}

static ember_pick pick1;

void ember_sha1_init(ember_sha1_ctx *c)
{
	ember_hash_pick(&pick1, "sha1")->init(c);
}

void ember_sha1_update(ember_sha1_ctx *c, const void *data, size_t len)
{
	EMBER_MD_UPDATE(c, 64, data, len);
}

void ember_sha1_final(ember_sha1_ctx *c, uint8_t out[EMBER_SHA1_LEN])
{
	unsigned i;

	EMBER_MD64_PAD(c, 1);
	for (i = 0; i < 5; i++)
		ember_st32be(out + 4 * i, c->h[i]);
	ember_wipe(c, sizeof(*c));
}

EMBER_HASH_ONESHOT(sha1, EMBER_SHA1_LEN)
