/*
 * sha3.c - SHA3-224, SHA3-256, SHA3-384, SHA3-512, SHAKE128 and SHAKE256
 * (FIPS 202): the sponge every Keccak implementation shares. Rates,
 * padding, absorbing and squeezing live here; an implementation
 * (sha3_<impl>.c) supplies the permutation and the state's conversions
 * (struct ember_keccak_ops, keccak_impl.h) and installs them with
 * ember_sha3_start. The default calls (ember_sha3_256_init ...) take the
 * implementation registry.c picks.
 */
#include "internal.h"
#include "registry.h"
#include "ember/hash.h"
#include "hash/keccak_impl.h"

void ember_sha3_start(ember_sha3_ctx *c, unsigned rate, unsigned out_len, uint8_t suffix,
    const struct ember_keccak_ops *ops)
{
	memset(c->st, 0, sizeof(c->st));
	c->ops = ops;
	c->rate = rate;
	c->pos = 0;
	c->out_len = out_len;
	c->suffix = suffix;
	c->squeezing = 0;
}

static ember_pick pick224, pick256, pick384, pick512, pick_s128, pick_s256;

void ember_sha3_224_init(ember_sha3_ctx *c)
{
	ember_hash_pick(&pick224, "sha3-224")->init(c);
}

void ember_sha3_256_init(ember_sha3_ctx *c)
{
	ember_hash_pick(&pick256, "sha3-256")->init(c);
}

void ember_sha3_384_init(ember_sha3_ctx *c)
{
	ember_hash_pick(&pick384, "sha3-384")->init(c);
}

void ember_sha3_512_init(ember_sha3_ctx *c)
{
	ember_hash_pick(&pick512, "sha3-512")->init(c);
}

void ember_shake128_init(ember_shake_ctx *c)
{
	ember_hash_pick(&pick_s128, "shake128")->init(c);
}

void ember_shake256_init(ember_shake_ctx *c)
{
	ember_hash_pick(&pick_s256, "shake256")->init(c);
}

/*
 * FIPS 202, 4 (the sponge's absorbing): bytes go straight into the state,
 * whole blocks through the implementation's absorb, the rest XORed at
 * c->pos. The block is permuted as soon as it is full, so c->pos < rate
 * between calls.
 */
void ember_sha3_update(ember_sha3_ctx *c, const void *data, size_t len)
{
	const uint8_t *p = (const uint8_t *)data;
	const unsigned rate = c->rate;
	unsigned pos = c->pos;

	if (len == 0)
		return;
	if (pos != 0) {
		size_t take = rate - pos;
		if (take > len)
			take = len;
		c->ops->xor_bytes(c->st, p, pos, take);
		p += take;
		len -= take;
		pos += (unsigned)take;
		if (pos < rate) {
			c->pos = pos;
			return;
		}
		c->ops->permute(c->st);
		pos = 0;
	}
	if (len >= rate) {
		size_t n = len / rate;
		c->ops->absorb(c->st, p, n, rate);
		p += n * rate;
		len -= n * rate;
	}
	if (len != 0)
		c->ops->xor_bytes(c->st, p, 0, len);
	c->pos = (unsigned)len;
}

void ember_shake_update(ember_shake_ctx *c, const void *data, size_t len)
{
	ember_sha3_update(c, data, len);
}

/*
 * FIPS 202, 5.1 and 6: the domain bits (01 for SHA-3, 1111 for SHAKE)
 * and pad10*1, as the suffix byte at c->pos and 0x80 in the block's last
 * byte (the same byte when c->pos = rate - 1), then the last permutation.
 */
static void pad(ember_sha3_ctx *c)
{
	uint8_t b = c->suffix;

	c->ops->xor_bytes(c->st, &b, c->pos, 1);
	b = 0x80;
	c->ops->xor_bytes(c->st, &b, c->rate - 1, 1);
	c->ops->permute(c->st);
	c->pos = 0;
	c->squeezing = 1;
}

/* The squeezing of FIPS 202, 4: rate bytes per permutation, continuing where the last call stopped. */
void ember_shake_squeeze(ember_shake_ctx *c, uint8_t *out, size_t len)
{
	if (!c->squeezing)
		pad(c);
	while (len != 0) {
		size_t take;
		if (c->pos == c->rate) {
			c->ops->permute(c->st);
			c->pos = 0;
		}
		take = c->rate - c->pos;
		if (take > len)
			take = len;
		c->ops->extract(c->st, out, c->pos, take);
		out += take;
		len -= take;
		c->pos += (unsigned)take;
	}
}

void ember_shake_clear(ember_shake_ctx *c)
{
	ember_wipe(c, sizeof(*c));
}

/* Every digest's final: out_len bytes (at most the rate, for SHA-3), then the wipe. */
void ember_sha3_finish(ember_sha3_ctx *c, uint8_t *out)
{
	ember_shake_squeeze(c, out, c->out_len);
	ember_wipe(c, sizeof(*c));
}

void ember_sha3_224_final(ember_sha3_ctx *c, uint8_t out[EMBER_SHA3_224_LEN])
{
	ember_sha3_finish(c, out);
}

void ember_sha3_256_final(ember_sha3_ctx *c, uint8_t out[EMBER_SHA3_256_LEN])
{
	ember_sha3_finish(c, out);
}

void ember_sha3_384_final(ember_sha3_ctx *c, uint8_t out[EMBER_SHA3_384_LEN])
{
	ember_sha3_finish(c, out);
}

void ember_sha3_512_final(ember_sha3_ctx *c, uint8_t out[EMBER_SHA3_512_LEN])
{
	ember_sha3_finish(c, out);
}

void ember_sha3_224(uint8_t out[EMBER_SHA3_224_LEN], const void *data, size_t len)
{
	ember_sha3_ctx c;
	ember_sha3_224_init(&c);
	ember_sha3_update(&c, data, len);
	ember_sha3_finish(&c, out);
}

void ember_sha3_256(uint8_t out[EMBER_SHA3_256_LEN], const void *data, size_t len)
{
	ember_sha3_ctx c;
	ember_sha3_256_init(&c);
	ember_sha3_update(&c, data, len);
	ember_sha3_finish(&c, out);
}

void ember_sha3_384(uint8_t out[EMBER_SHA3_384_LEN], const void *data, size_t len)
{
	ember_sha3_ctx c;
	ember_sha3_384_init(&c);
	ember_sha3_update(&c, data, len);
	ember_sha3_finish(&c, out);
}

void ember_sha3_512(uint8_t out[EMBER_SHA3_512_LEN], const void *data, size_t len)
{
	ember_sha3_ctx c;
	ember_sha3_512_init(&c);
	ember_sha3_update(&c, data, len);
	ember_sha3_finish(&c, out);
}

void ember_shake128(uint8_t *out, size_t out_len, const void *data, size_t len)
{
	ember_shake_ctx c;
	ember_shake128_init(&c);
	ember_sha3_update(&c, data, len);
	ember_shake_squeeze(&c, out, out_len);
	ember_wipe(&c, sizeof(c));
}

void ember_shake256(uint8_t *out, size_t out_len, const void *data, size_t len)
{
	ember_shake_ctx c;
	ember_shake256_init(&c);
	ember_sha3_update(&c, data, len);
	ember_shake_squeeze(&c, out, out_len);
	ember_wipe(&c, sizeof(c));
}

/*
 * The generic layer's XOF output (hash.h). It lives here rather than in
 * hash.c because every XOF in the registry is a SHAKE, whose descriptors
 * keep an ember_sha3_ctx in the generic context: hash.c stays free of any
 * one algorithm's context.
 */
int ember_hash_final_xof(ember_hash_ctx *c, uint8_t *out, size_t len)
{
	ember_sha3_ctx *s;

	if (c->desc == NULL || !(c->desc->flags & EMBER_HASH_XOF))
		return EMBER_EINVAL;
	s = (ember_sha3_ctx *)(void *)c->u.bytes;
	ember_shake_squeeze(s, out, len);
	ember_wipe(s, sizeof(*s));
	return 0;
}
