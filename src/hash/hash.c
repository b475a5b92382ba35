/*
 * hash.c - the generic digest layer over descriptors.
 */
#include "internal.h"
#include "ember/hash.h"

void ember_hash_init(ember_hash_ctx *c, const ember_hash_desc *d)
{
	c->desc = d;
	d->init(c->u.bytes);
}

void ember_hash_update(ember_hash_ctx *c, const void *data, size_t len)
{
	c->desc->update(c->u.bytes, data, len);
}

/*
 * Every descriptor's final wipes its own context (t_hash checks each
 * registered one); wiping it again here cost a tenth of a 16-byte digest.
 */
void ember_hash_final(ember_hash_ctx *c, uint8_t *out)
{
	c->desc->final(c->u.bytes, out);
}

void ember_hash(const ember_hash_desc *d, uint8_t *out, const void *data, size_t len)
{
	ember_hash_ctx c;

	ember_hash_init(&c, d);
	ember_hash_update(&c, data, len);
	ember_hash_final(&c, out);
}
