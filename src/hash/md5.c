/*
 * md5.c - MD5 (RFC 1321): what every implementation shares. The initial value,
 * update, padding and final; an implementation (md5_<impl>.c) supplies a
 * block function and installs it with ember_md5_start. ember_md5_init takes
 * the implementation registry.c picks.
 */
#include "internal.h"
#include "registry.h"
#include "ember/hash.h"
#include "hash/md_impl.h"

void ember_md5_start(ember_md5_ctx *c, ember_md_blocks_fn blocks)
{
	/* RFC 1321, 3.3 */
	c->h[0] = 0x67452301;
	c->h[1] = 0xefcdab89;
	c->h[2] = 0x98badcfe;
	c->h[3] = 0x10325476;
	c->count = 0;
	c->blocks = blocks;
}

static ember_pick pick;

void ember_md5_init(ember_md5_ctx *c)
{
	ember_hash_pick(&pick, "md5")->init(c);
}

void ember_md5_update(ember_md5_ctx *c, const void *data, size_t len)
{
	EMBER_MD_UPDATE(c, 64, data, len);
}

void ember_md5_final(ember_md5_ctx *c, uint8_t out[EMBER_MD5_LEN])
{
	ember_md_finish_le(c, out);
	ember_wipe(c, sizeof(*c));
}

EMBER_HASH_ONESHOT(md5, EMBER_MD5_LEN)
