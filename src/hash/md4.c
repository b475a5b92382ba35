/*
 * md4.c - MD4 (RFC 1320): what every implementation shares. The initial value,
 * update, padding and final; an implementation (md4_<impl>.c) supplies a
 * block function and installs it with ember_md4_start. ember_md4_init takes
 * the implementation registry.c picks.
 */
#include "internal.h"
#include "registry.h"
#include "ember/hash.h"
#include "hash/md_impl.h"

void ember_md4_start(ember_md4_ctx *c, ember_md_blocks_fn blocks)
{
	/* RFC 1320, 3.3 */
	c->h[0] = 0x67452301;
	c->h[1] = 0xefcdab89;
	c->h[2] = 0x98badcfe;
	c->h[3] = 0x10325476;
	c->count = 0;
	c->blocks = blocks;
}

static ember_pick pick;

void ember_md4_init(ember_md4_ctx *c)
{
	ember_hash_pick(&pick, "md4")->init(c);
}

void ember_md4_update(ember_md4_ctx *c, const void *data, size_t len)
{
	EMBER_MD_UPDATE(c, 64, data, len);
}

void ember_md4_final(ember_md4_ctx *c, uint8_t out[EMBER_MD4_LEN])
{
	ember_md_finish_le(c, out);
	ember_wipe(c, sizeof(*c));
}

EMBER_HASH_ONESHOT(md4, EMBER_MD4_LEN)
