/*
 * mac.h - message authentication codes: HMAC (RFC 2104) over any digest.
 *
 * HMAC works with every digest in the registry through its descriptor
 * (ember_hash_find("sha256", NULL) ...), so a new digest or a new
 * implementation of one needs no change here. Nothing is allocated: keys
 * and contexts are caller-owned, and wiped by ember_hmac_final and
 * ember_hmac_key_clear.
 *
 * A key is prepared once (the inner and outer digest states after the
 * padded key block); every message then starts from a copy of those
 * states, so authenticating many short messages under one key costs two
 * digest compressions per message and no key processing:
 *
 *   ember_hmac_key k;
 *   ember_hmac_ctx c;
 *   uint8_t tag[EMBER_MAX_DIGEST_LEN];
 *
 *   ember_hmac_key_init(&k, ember_hash_find("sha256", NULL), key, key_len);
 *   for (each message) {
 *           ember_hmac_init(&c, &k);
 *           ember_hmac_update(&c, msg, msg_len);   (any number of times)
 *           ember_hmac_final(&c, tag);             (writes ember_hmac_len(&c) bytes)
 *   }
 *   ember_hmac_key_clear(&k);
 *
 * or in one call: ember_hmac(desc, tag, key, key_len, msg, msg_len).
 *
 * Verify a received tag with ember_hmac_verify (or ember_memeq), never memcmp.
 *
 * Constant time: as constant-time as the digest implementation used (see
 * hash.h); the key length is not secret (a key longer than the digest's
 * block is hashed first, as RFC 2104 says).
 */
#ifndef EMBER_MAC_H
#define EMBER_MAC_H

#include <stddef.h>
#include <stdint.h>

#include "hash.h"
#include "util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A prepared HMAC key: the digest states after the key XOR ipad / opad block. */
typedef struct ember_hmac_key {
	ember_hash_ctx inner;
	ember_hash_ctx outer;
} ember_hmac_key;

/* One HMAC computation in progress. Self-contained: it does not point at the key. */
typedef struct ember_hmac_ctx {
	ember_hash_ctx inner;
	ember_hash_ctx outer;
} ember_hmac_ctx;

/*
 * ember_hmac_key_init prepares |k| for digest |d| (any supported
 * implementation) from |key_len| bytes at |key|; any length, 0 included.
 * Returns 0, or EMBER_EINVAL when |d| is NULL or is not usable for HMAC
 * (block shorter than the digest, or an extendable-output function:
 * EMBER_HASH_XOF), or EMBER_ENOTSUP when |d| does not run on this CPU.
 */
int ember_hmac_key_init(ember_hmac_key *k, const ember_hash_desc *d, const void *key, size_t key_len);

/* ember_hmac_key_clear wipes |k|. */
void ember_hmac_key_clear(ember_hmac_key *k);

/* ember_hmac_init starts a message under the prepared key |k| (which may then change or go). */
void ember_hmac_init(ember_hmac_ctx *c, const ember_hmac_key *k);

/* ember_hmac_update absorbs |len| bytes at |data|. */
void ember_hmac_update(ember_hmac_ctx *c, const void *data, size_t len);

/*
 * ember_hmac_final writes the ember_hmac_len(c) bytes of the tag to |out|
 * (room for EMBER_MAX_DIGEST_LEN is always enough) and wipes |c|. A
 * truncated tag is a prefix of this one.
 */
void ember_hmac_final(ember_hmac_ctx *c, uint8_t *out);

/* ember_hmac_len is the tag length of |c| (the digest's length); 0 after final. */
size_t ember_hmac_len(const ember_hmac_ctx *c);

/*
 * ember_hmac computes the tag of |len| bytes at |data| under |key| with
 * digest |d| in one call: |d|->digest_len bytes to |out|. Returns 0, or the
 * errors of ember_hmac_key_init.
 */
int ember_hmac(const ember_hash_desc *d, uint8_t *out, const void *key, size_t key_len,
    const void *data, size_t len);

/*
 * ember_hmac_verify checks |tag_len| bytes at |tag| against the first
 * |tag_len| bytes of the tag of |data|, in constant time. Returns 0 when
 * they match, EMBER_EVERIFY when not, EMBER_ELEN when |tag_len| is 0 or
 * longer than the digest, or the errors of ember_hmac_key_init.
 */
int ember_hmac_verify(const ember_hash_desc *d, const void *key, size_t key_len,
    const void *data, size_t len, const uint8_t *tag, size_t tag_len);

#ifdef __cplusplus
}
#endif

#endif
