/*
 * aead.h - authenticated encryption with associated data: AES-GCM and GMAC
 * (SP 800-38D), AES-CCM (SP 800-38C, RFC 3610) and ChaCha20-Poly1305
 * (RFC 8439), behind one interface.
 *
 * Two layers, as in cipher.h:
 *
 *  - Per-algorithm calls in each section below.
 *  - The generic layer: one ember_aead_desc per implementation (so the
 *    benchmark, the tests and TLS reach every AEAD the same way), and
 *    ember_aead_spec, the openssl names ("aes-128-gcm", "chacha20-poly1305")
 *    mapped to an algorithm and a key length.
 *
 * Whole messages only (seal and open take the message at once: a TLS
 * record, a packet). Output and input may be the same buffer (in place) or
 * not overlap at all.
 *
 * open checks the tag in constant time (ember_memeq) and returns
 * EMBER_EVERIFY when it is wrong; then |out| holds no plaintext: the
 * implementations that decrypt and authenticate in one pass zero it before
 * returning, the others check before decrypting. Every call refuses lengths
 * outside the algorithm's limits (nonce, tag, message, AAD) with a distinct
 * code before touching |out|:
 *   EMBER_EINVAL   NULL context, or NULL buffer with a non-zero length
 *   EMBER_ENONCE   nonce length not allowed
 *   EMBER_ETAG     tag length not allowed
 *   EMBER_ELEN     message or AAD too long for the algorithm
 *   EMBER_EVERIFY  open: the tag does not match
 */
#ifndef EMBER_AEAD_H
#define EMBER_AEAD_H

#include <stddef.h>
#include <stdint.h>

#include "cipher.h"
#include "util.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EMBER_AEAD_MAX_KEY_LEN 32
#define EMBER_AEAD_MAX_NONCE_LEN 64   /* GCM allows any length; this API caps it */
#define EMBER_AEAD_MAX_TAG_LEN 16
#define EMBER_AEAD_CTX_MAX 2048

/*
 * ember_aead_desc describes one implementation of one AEAD. |ctx| is
 * ctx_size bytes the caller owns; set_key prepares it (key length as the
 * spec says), clear wipes it. seal writes |in_len| bytes of ciphertext to
 * |out| and the |tag_len|-byte tag to |tag|; open reads the tag from |tag|
 * and writes |in_len| bytes of plaintext to |out| when it matches.
 * nonce/tag limits are the algorithm's; the accepted tag lengths are those
 * of tag_lens (a bit per length: bit n set when n bytes is allowed).
 */
typedef struct ember_aead_desc {
	const char *name;     /* "aes-gcm", "aes-ccm", "chacha20-poly1305" */
	const char *impl;     /* "vaes", "x86ni", "armv8", "neon", "ct", "ct32", "ref" ... */
	unsigned flags;       /* EMBER_IMPL_CT, EMBER_IMPL_HW */
	size_t min_key_len, max_key_len;
	size_t min_nonce_len, max_nonce_len, default_nonce_len;
	uint32_t tag_lens;    /* bit n: an n-byte tag is allowed */
	size_t default_tag_len;
	size_t ctx_size;      /* at most EMBER_AEAD_CTX_MAX */
	int (*supported)(void);
	int (*set_key)(void *ctx, const uint8_t *key, size_t key_len);
	int (*seal)(const void *ctx, uint8_t *out, uint8_t *tag, size_t tag_len, const uint8_t *nonce,
	    size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t in_len);
	int (*open)(const void *ctx, uint8_t *out, const uint8_t *tag, size_t tag_len, const uint8_t *nonce,
	    size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t in_len);
	void (*clear)(void *ctx);
} ember_aead_desc;

/* The openssl AEAD names mapped to an algorithm and a key length. */
typedef struct ember_aead_spec {
	const char *name;     /* "aes-128-gcm" */
	const char *aliases;  /* NULL or space-separated other names: "id-aes128-GCM" */
	const char *alg;      /* descriptor name: "aes-gcm" */
	size_t key_len;       /* bytes */
} ember_aead_spec;

/* A keyed context of any implementation, for the generic calls. */
typedef struct ember_aead_ctx {
	const ember_aead_desc *desc;
	size_t key_len;
	union {
		uint64_t align;
		void *ptr;
		uint8_t bytes[EMBER_AEAD_CTX_MAX];
	} u;
} ember_aead_ctx;

/* ember_aead_count and ember_aead_at enumerate every registered descriptor, in preference order. */
size_t ember_aead_count(void);
const ember_aead_desc *ember_aead_at(size_t i);
/* 1 when this CPU runs |d| (after EMBER_CPUCAP). */
int ember_aead_supported(const ember_aead_desc *d);
/*
 * ember_aead_find: implementation |impl| of AEAD |name| (a descriptor name
 * or a spec name: "aes-128-gcm" finds "aes-gcm"), NULL when absent or not
 * supported; impl NULL: the default, decided as for digests (registry.c).
 */
const ember_aead_desc *ember_aead_find(const char *name, const char *impl);
size_t ember_aead_spec_count(void);
const ember_aead_spec *ember_aead_spec_at(size_t i);
const ember_aead_spec *ember_aead_spec_find(const char *name);

/*
 * ember_aead_init keys |c| with implementation |d| (NULL: the default for
 * the spec's algorithm) for spec |s|; key_len must be the spec's.
 * Returns 0, EMBER_EKEYLEN, EMBER_EINVAL or EMBER_ENOTSUP.
 */
int ember_aead_init(ember_aead_ctx *c, const ember_aead_spec *s, const ember_aead_desc *d, const uint8_t *key,
    size_t key_len);
int ember_aead_seal(const ember_aead_ctx *c, uint8_t *out, uint8_t *tag, size_t tag_len, const uint8_t *nonce,
    size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t in_len);
int ember_aead_open(const ember_aead_ctx *c, uint8_t *out, const uint8_t *tag, size_t tag_len,
    const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in,
    size_t in_len);
void ember_aead_clear(ember_aead_ctx *c);

/*
 * ---- AES-GCM and GMAC (NIST SP 800-38D) ----
 *
 * Keys of 16, 24 or 32 bytes. IVs of any length from 1 byte (12 bytes is
 * the fast and recommended case; other lengths are hashed into the first
 * counter block, SP 800-38D 7.1 step 2); the generic layer caps IVs at
 * EMBER_AEAD_MAX_NONCE_LEN, these calls at 2^61 - 1 bytes. Tags of 16,
 * 15, 14, 13 or 12 bytes; 8 and 4 only on a context where
 * ember_aes_gcm_allow_short_tags was called (SP 800-38D appendix C: the
 * caller then keeps to its limits on message lengths and on the number
 * of failed openings per key). Messages of at most 2^36 - 32 bytes, AAD
 * below 2^61 bytes. Errors and in-place use as for ember_aead_seal/open
 * at the top of this file; open decrypts and authenticates in one pass
 * and zeroes |out| when the tag is wrong.
 *
 * ember_aes_gcm_set_key keys |ctx| with the registry's default
 * composition of AES and GHASH for this CPU (VAES + VPCLMULQDQ, AES-NI +
 * PCLMULQDQ, ARMv8 AESE + PMULL, else the constant-time portable AES and
 * GHASH of the word size); another composition is keyed through its
 * descriptor (ember_aead_find("aes-gcm", "ct")->set_key(ctx, ...)): the
 * descriptors' contexts are ember_aes_gcm_ctx. Returns 0, EMBER_EINVAL,
 * EMBER_EKEYLEN or EMBER_ENOTSUP.
 *
 * GMAC is GCM with an empty message: ember_aes_gmac computes the tag of
 * |aad| alone, ember_aes_gmac_verify checks one (0 or EMBER_EVERIFY).
 */
#define EMBER_GCM_IV_LEN 12
#define EMBER_GCM_TAG_LEN 16

struct ember_gcm_impl; /* private: the composition of AES and GHASH that keyed a context */

typedef struct ember_aes_gcm_ctx {
	const struct ember_gcm_impl *impl; /* NULL until keyed */
	unsigned flags;                    /* 1: 8- and 4-byte tags allowed */
	union {
		uint64_t q[64];
		uint32_t w[128];
		uint8_t b[512];
	} h;                               /* GHASH key: H and its powers, laid out per implementation */
	ember_aes_ctx aes;
} ember_aes_gcm_ctx;

int ember_aes_gcm_set_key(ember_aes_gcm_ctx *ctx, const uint8_t *key, size_t key_len);
/* Allows (|allow| != 0) or refuses again the 8- and 4-byte tags; 0 or EMBER_EINVAL (not keyed). */
int ember_aes_gcm_allow_short_tags(ember_aes_gcm_ctx *ctx, int allow);
int ember_aes_gcm_seal(const ember_aes_gcm_ctx *ctx, uint8_t *out, uint8_t *tag, size_t tag_len,
    const uint8_t *iv, size_t iv_len, const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t in_len);
int ember_aes_gcm_open(const ember_aes_gcm_ctx *ctx, uint8_t *out, const uint8_t *tag, size_t tag_len,
    const uint8_t *iv, size_t iv_len, const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t in_len);
int ember_aes_gmac(const ember_aes_gcm_ctx *ctx, uint8_t *tag, size_t tag_len, const uint8_t *iv, size_t iv_len,
    const uint8_t *aad, size_t aad_len);
int ember_aes_gmac_verify(const ember_aes_gcm_ctx *ctx, const uint8_t *tag, size_t tag_len, const uint8_t *iv,
    size_t iv_len, const uint8_t *aad, size_t aad_len);
/* Wipes the key schedule and the powers of H. */
void ember_aes_gcm_clear(ember_aes_gcm_ctx *ctx);

/*
 * ---- AES-CCM (NIST SP 800-38C, RFC 3610) ----
 *
 * Keys of 16, 24 or 32 bytes; nonces of 7 to 13 bytes (a nonce of n
 * bytes leaves q = 15 - n bytes for the message length: messages below
 * 2^(8q) bytes, so 2^16 - 1 with a 13-byte nonce); tags of 4, 6, 8, 10,
 * 12, 14 or 16 bytes; AAD of any length. CBC-MAC and CTR run through the
 * AES implementation that keyed the context (every AES implementation has
 * a descriptor, "aes-ccm"/<AES tag>; x86ni's runs the two in one loop).
 * Errors and in-place use as for
 * ember_aead_seal/open; open decrypts, then authenticates the plaintext,
 * and zeroes |out| when the tag is wrong.
 * ember_aes_ccm_set_key uses the registry's default; returns 0,
 * EMBER_EINVAL, EMBER_EKEYLEN or EMBER_ENOTSUP.
 */
#define EMBER_CCM_NONCE_LEN 12
#define EMBER_CCM_TAG_LEN 16

struct ember_ccm_impl; /* private: the AES implementation and CCM's loop over it */

typedef struct ember_aes_ccm_ctx {
	const struct ember_ccm_impl *impl; /* NULL until keyed */
	ember_aes_ctx aes;
} ember_aes_ccm_ctx;

int ember_aes_ccm_set_key(ember_aes_ccm_ctx *ctx, const uint8_t *key, size_t key_len);
int ember_aes_ccm_seal(const ember_aes_ccm_ctx *ctx, uint8_t *out, uint8_t *tag, size_t tag_len,
    const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t in_len);
int ember_aes_ccm_open(const ember_aes_ccm_ctx *ctx, uint8_t *out, const uint8_t *tag, size_t tag_len,
    const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t in_len);
void ember_aes_ccm_clear(ember_aes_ccm_ctx *ctx);

#ifdef __cplusplus
}
#endif

#endif
