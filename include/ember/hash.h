/*
 * hash.h - message digests.
 *
 * Every digest has a caller-owned context and three calls, plus a one-shot:
 *
 *   ember_sha256_init(&c); ember_sha256_update(&c, p, n); ember_sha256_final(&c, md);
 *   ember_sha256(md, p, n);
 *
 * ember_<algo>_init picks the fastest implementation this CPU supports
 * (after EMBER_CPUCAP); ember_<algo>_<impl>_init forces one. The block
 * function is kept in the context, so update and final are shared by all
 * implementations. final wipes the context.
 *
 * The generic layer (ember_hash_*) reaches every implementation through a
 * descriptor; the benchmark and the tests use it to name each one.
 *
 * Implementations and their constant-time status: every digest here is
 * constant-time with respect to the data it hashes (no table lookups or
 * branches on data), except MD2 (S-box lookups indexed by message and state
 * bytes) and MDC-2 (DES S-boxes indexed by chaining values); see docs/SECURITY.md.
 */
#ifndef EMBER_HASH_H
#define EMBER_HASH_H

#include <stddef.h>
#include <stdint.h>

#include "util.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EMBER_MD2_LEN 16
#define EMBER_MD2_BLOCK_LEN 16
#define EMBER_MD4_LEN 16
#define EMBER_MD4_BLOCK_LEN 64
#define EMBER_MD5_LEN 16
#define EMBER_MD5_BLOCK_LEN 64
#define EMBER_SHA1_LEN 20
#define EMBER_SHA1_BLOCK_LEN 64
#define EMBER_SHA224_LEN 28
#define EMBER_SHA256_LEN 32
#define EMBER_SHA256_BLOCK_LEN 64
#define EMBER_SHA384_LEN 48
#define EMBER_SHA512_LEN 64
#define EMBER_SHA512_224_LEN 28
#define EMBER_SHA512_256_LEN 32
#define EMBER_SHA512_BLOCK_LEN 128
#define EMBER_RIPEMD160_LEN 20
#define EMBER_RIPEMD160_BLOCK_LEN 64
#define EMBER_MDC2_LEN 16
#define EMBER_MDC2_BLOCK_LEN 8
/* FIPS 202: the block length of SHA-3 and SHAKE is the sponge's rate */
#define EMBER_SHA3_224_LEN 28
#define EMBER_SHA3_224_BLOCK_LEN 144
#define EMBER_SHA3_256_LEN 32
#define EMBER_SHA3_256_BLOCK_LEN 136
#define EMBER_SHA3_384_LEN 48
#define EMBER_SHA3_384_BLOCK_LEN 104
#define EMBER_SHA3_512_LEN 64
#define EMBER_SHA3_512_BLOCK_LEN 72
/* SHAKE's output has any length; these are the default (OpenSSL's), as the descriptors' digest_len */
#define EMBER_SHAKE128_LEN 16
#define EMBER_SHAKE128_BLOCK_LEN 168
#define EMBER_SHAKE256_LEN 32
#define EMBER_SHAKE256_BLOCK_LEN 136

#define EMBER_MAX_DIGEST_LEN 64
#define EMBER_MAX_HASH_BLOCK_LEN 168 /* SHAKE128's rate */

/* ---- MD2 (RFC 1319) ---- */
typedef struct ember_md2_ctx {
	uint8_t x[48];
	uint8_t c[16];
	uint8_t buf[16];
	size_t num;
} ember_md2_ctx;
void ember_md2_init(ember_md2_ctx *c);
void ember_md2_update(ember_md2_ctx *c, const void *data, size_t len);
void ember_md2_final(ember_md2_ctx *c, uint8_t out[EMBER_MD2_LEN]);
void ember_md2(uint8_t out[EMBER_MD2_LEN], const void *data, size_t len);

/*
 * The Merkle-Damgard digests with 32-bit words share one context shape:
 * chaining value, byte count, partial block and the block function.
 */
typedef struct ember_md4_ctx {
	uint32_t h[4];
	uint64_t count;
	uint8_t buf[64];
	void (*blocks)(uint32_t *h, const uint8_t *p, size_t nblocks);
} ember_md4_ctx;
typedef ember_md4_ctx ember_md5_ctx;

/* ---- MD4 (RFC 1320) ---- */
void ember_md4_init(ember_md4_ctx *c);
void ember_md4_ref_init(ember_md4_ctx *c);
void ember_md4_update(ember_md4_ctx *c, const void *data, size_t len);
void ember_md4_final(ember_md4_ctx *c, uint8_t out[EMBER_MD4_LEN]);
void ember_md4(uint8_t out[EMBER_MD4_LEN], const void *data, size_t len);

/* ---- MD5 (RFC 1321) ---- */
void ember_md5_init(ember_md5_ctx *c);
void ember_md5_ref_init(ember_md5_ctx *c);
void ember_md5_update(ember_md5_ctx *c, const void *data, size_t len);
void ember_md5_final(ember_md5_ctx *c, uint8_t out[EMBER_MD5_LEN]);
void ember_md5(uint8_t out[EMBER_MD5_LEN], const void *data, size_t len);

/* ---- SHA-1 (FIPS 180-4) ---- */
typedef struct ember_sha1_ctx {
	uint32_t h[5];
	uint64_t count;
	uint8_t buf[64];
	void (*blocks)(uint32_t *h, const uint8_t *p, size_t nblocks);
} ember_sha1_ctx;
void ember_sha1_init(ember_sha1_ctx *c);
void ember_sha1_ref_init(ember_sha1_ctx *c);
void ember_sha1_update(ember_sha1_ctx *c, const void *data, size_t len);
void ember_sha1_final(ember_sha1_ctx *c, uint8_t out[EMBER_SHA1_LEN]);
void ember_sha1(uint8_t out[EMBER_SHA1_LEN], const void *data, size_t len);
/*
 * ember_sha1_x86shani_init and ember_sha1_armv8_init force the SHA-NI and
 * the ARMv8 Cryptography Extension implementations; on a CPU without those
 * instructions (after EMBER_CPUCAP), another architecture or a compiler that
 * cannot emit them (clang < 16 without -march=armv8-a+crypto), they set up the
 * portable one instead, so they are always safe to call.
 */
void ember_sha1_x86shani_init(ember_sha1_ctx *c);
void ember_sha1_armv8_init(ember_sha1_ctx *c);
/* The SHA-1 block function of the portable implementation (FIPS 180-4, 6.1.2). */
void ember_sha1_ref_blocks(uint32_t *h, const uint8_t *p, size_t nblocks);

/* ---- RIPEMD-160 ---- */
typedef ember_sha1_ctx ember_ripemd160_ctx;
void ember_ripemd160_init(ember_ripemd160_ctx *c);
void ember_ripemd160_ref_init(ember_ripemd160_ctx *c);
void ember_ripemd160_update(ember_ripemd160_ctx *c, const void *data, size_t len);
void ember_ripemd160_final(ember_ripemd160_ctx *c, uint8_t out[EMBER_RIPEMD160_LEN]);
void ember_ripemd160(uint8_t out[EMBER_RIPEMD160_LEN], const void *data, size_t len);

/* ---- SHA-224 and SHA-256 (FIPS 180-4) ---- */
typedef struct ember_sha256_ctx {
	uint32_t h[8];
	uint64_t count;
	uint8_t buf[64];
	void (*blocks)(uint32_t *h, const uint8_t *p, size_t nblocks);
	unsigned out_len;
} ember_sha256_ctx;
typedef ember_sha256_ctx ember_sha224_ctx;
void ember_sha256_init(ember_sha256_ctx *c);
void ember_sha256_ref_init(ember_sha256_ctx *c);
void ember_sha256_update(ember_sha256_ctx *c, const void *data, size_t len);
void ember_sha256_final(ember_sha256_ctx *c, uint8_t out[EMBER_SHA256_LEN]);
void ember_sha256(uint8_t out[EMBER_SHA256_LEN], const void *data, size_t len);
void ember_sha224_init(ember_sha224_ctx *c);
void ember_sha224_ref_init(ember_sha224_ctx *c);
/*
 * ember_sha256_x86shani_init and ember_sha224_x86shani_init force the SHA-NI
 * implementation (x86 with SHA-NI and SSE4.1); ember_sha256_armv8_init and
 * ember_sha224_armv8_init the ARMv8 crypto extension one (AArch64 with the
 * SHA2 feature). Call them only when ember_hash_find("sha256", "x86shani")
 * (or "armv8") is not NULL; on other targets they are not defined.
 */
void ember_sha256_x86shani_init(ember_sha256_ctx *c);
void ember_sha224_x86shani_init(ember_sha224_ctx *c);
void ember_sha256_armv8_init(ember_sha256_ctx *c);
void ember_sha224_armv8_init(ember_sha224_ctx *c);
void ember_sha224_update(ember_sha224_ctx *c, const void *data, size_t len);
void ember_sha224_final(ember_sha224_ctx *c, uint8_t out[EMBER_SHA224_LEN]);
void ember_sha224(uint8_t out[EMBER_SHA224_LEN], const void *data, size_t len);
/* The SHA-256 block function of the portable implementation (FIPS 180-4, 6.2.2). */
void ember_sha256_ref_blocks(uint32_t *h, const uint8_t *p, size_t nblocks);

/* ---- SHA-384, SHA-512, SHA-512/224, SHA-512/256 (FIPS 180-4) ---- */
typedef struct ember_sha512_ctx {
	uint64_t h[8];
	uint64_t count[2]; /* bytes: [0] low, [1] high */
	uint8_t buf[128];
	void (*blocks)(uint64_t *h, const uint8_t *p, size_t nblocks);
	unsigned out_len;
} ember_sha512_ctx;
typedef ember_sha512_ctx ember_sha384_ctx;
void ember_sha512_init(ember_sha512_ctx *c);
void ember_sha512_ref_init(ember_sha512_ctx *c);
void ember_sha512_update(ember_sha512_ctx *c, const void *data, size_t len);
void ember_sha512_final(ember_sha512_ctx *c, uint8_t out[EMBER_SHA512_LEN]);
void ember_sha512(uint8_t out[EMBER_SHA512_LEN], const void *data, size_t len);
void ember_sha384_init(ember_sha384_ctx *c);
void ember_sha384_ref_init(ember_sha384_ctx *c);
void ember_sha384_update(ember_sha384_ctx *c, const void *data, size_t len);
void ember_sha384_final(ember_sha384_ctx *c, uint8_t out[EMBER_SHA384_LEN]);
void ember_sha384(uint8_t out[EMBER_SHA384_LEN], const void *data, size_t len);
/* SHA-512/224 and SHA-512/256 use ember_sha512_update. */
void ember_sha512_224_init(ember_sha512_ctx *c);
void ember_sha512_224_ref_init(ember_sha512_ctx *c);
void ember_sha512_224_final(ember_sha512_ctx *c, uint8_t out[EMBER_SHA512_224_LEN]);
void ember_sha512_224(uint8_t out[EMBER_SHA512_224_LEN], const void *data, size_t len);
void ember_sha512_256_init(ember_sha512_ctx *c);
void ember_sha512_256_ref_init(ember_sha512_ctx *c);
void ember_sha512_256_final(ember_sha512_ctx *c, uint8_t out[EMBER_SHA512_256_LEN]);
void ember_sha512_256(uint8_t out[EMBER_SHA512_256_LEN], const void *data, size_t len);
/* The SHA-512 block function of the portable implementation (FIPS 180-4, 6.4.2). */
void ember_sha512_ref_blocks(uint64_t *h, const uint8_t *p, size_t nblocks);

/* ---- SHA3-224, SHA3-256, SHA3-384, SHA3-512, SHAKE128, SHAKE256 (FIPS 202) ---- */
/*
 * One sponge context for all six: the Keccak-f[1600] state in the form of
 * the implementation that |ops| names (opaque; ref: 64-bit lanes, ref32:
 * bit-interleaved 32-bit words), no byte buffer: partial input is XORed
 * into the state. ember_sha3_<n>_init and ember_shake<n>_init take the
 * registry's default implementation; ember_hash_find("sha3-256", "ref32")
 * ->init(&c) sets up a named one on the same context.
 */
struct ember_keccak_ops;
typedef struct ember_sha3_ctx {
	uint64_t st[25];
	const struct ember_keccak_ops *ops;
	unsigned rate;      /* bytes absorbed or squeezed per permutation */
	unsigned pos;       /* byte of the current block */
	unsigned out_len;   /* SHA-3: the digest length; SHAKE: the descriptor's default */
	uint8_t suffix;     /* 0x06 SHA-3, 0x1f SHAKE: the domain bits and the first padding bit */
	uint8_t squeezing;  /* SHAKE: 1 once output has been taken */
} ember_sha3_ctx;
typedef ember_sha3_ctx ember_shake_ctx;

void ember_sha3_224_init(ember_sha3_ctx *c);
void ember_sha3_256_init(ember_sha3_ctx *c);
void ember_sha3_384_init(ember_sha3_ctx *c);
void ember_sha3_512_init(ember_sha3_ctx *c);
/* ember_sha3_update absorbs |len| bytes (any of the four SHA-3 digests). */
void ember_sha3_update(ember_sha3_ctx *c, const void *data, size_t len);
void ember_sha3_224_final(ember_sha3_ctx *c, uint8_t out[EMBER_SHA3_224_LEN]);
void ember_sha3_256_final(ember_sha3_ctx *c, uint8_t out[EMBER_SHA3_256_LEN]);
void ember_sha3_384_final(ember_sha3_ctx *c, uint8_t out[EMBER_SHA3_384_LEN]);
void ember_sha3_512_final(ember_sha3_ctx *c, uint8_t out[EMBER_SHA3_512_LEN]);
void ember_sha3_224(uint8_t out[EMBER_SHA3_224_LEN], const void *data, size_t len);
void ember_sha3_256(uint8_t out[EMBER_SHA3_256_LEN], const void *data, size_t len);
void ember_sha3_384(uint8_t out[EMBER_SHA3_384_LEN], const void *data, size_t len);
void ember_sha3_512(uint8_t out[EMBER_SHA3_512_LEN], const void *data, size_t len);

/*
 * SHAKE128 and SHAKE256, extendable output: init, update any number of
 * times, then ember_shake_squeeze as many times as wanted (the output is
 * one stream: squeezing 10 then 20 bytes gives the 30 bytes one squeeze of
 * 30 gives), then ember_shake_clear. No update after the first squeeze.
 */
void ember_shake128_init(ember_shake_ctx *c);
void ember_shake256_init(ember_shake_ctx *c);
void ember_shake_update(ember_shake_ctx *c, const void *data, size_t len);
void ember_shake_squeeze(ember_shake_ctx *c, uint8_t *out, size_t len);
/* ember_shake_clear wipes |c|. */
void ember_shake_clear(ember_shake_ctx *c);
/* One-shots: |out_len| bytes of output for |len| bytes of input. */
void ember_shake128(uint8_t *out, size_t out_len, const void *data, size_t len);
void ember_shake256(uint8_t *out, size_t out_len, const void *data, size_t len);

/* ---- MDC-2 with DES (ISO/IEC 10118-2, as OpenSSL's mdc2) ---- */
typedef struct ember_mdc2_ctx {
	uint8_t h[8], hh[8];
	uint8_t buf[8];
	size_t num;
	unsigned pad_type; /* 1: zero padding (OpenSSL's default), 2: ISO method 2 */
} ember_mdc2_ctx;
void ember_mdc2_init(ember_mdc2_ctx *c);
void ember_mdc2_update(ember_mdc2_ctx *c, const void *data, size_t len);
void ember_mdc2_final(ember_mdc2_ctx *c, uint8_t out[EMBER_MDC2_LEN]);
void ember_mdc2(uint8_t out[EMBER_MDC2_LEN], const void *data, size_t len);

/* ---- Generic layer: one descriptor per implementation ---- */

/*
 * ember_hash_desc describes one implementation of one digest. The function
 * slots take the context as void * and are small typed adapters around the
 * per-algorithm calls; they are never cast.
 */
typedef struct ember_hash_desc {
	const char *name;     /* canonical name, as openssl: "sha256", "ripemd160" */
	const char *aliases;  /* NULL or space-separated other names: "rmd160 ripemd" */
	const char *impl;     /* implementation tag: "ref", "x86shani", "armv8" ... */
	unsigned flags;       /* EMBER_IMPL_CT, EMBER_IMPL_HW, EMBER_HASH_XOF */
	size_t digest_len;    /* for an XOF, the default output length */
	size_t block_len;
	size_t ctx_size;      /* at most EMBER_HASH_CTX_MAX */
	int (*supported)(void); /* NULL: always; else 1 when this CPU runs it */
	void (*init)(void *ctx);
	void (*update)(void *ctx, const void *data, size_t len);
	void (*final)(void *ctx, uint8_t *out);
} ember_hash_desc;

/*
 * EMBER_HASH_XOF flags an extendable-output function (shake128, shake256):
 * ember_hash_final writes digest_len bytes, its default output length, and
 * ember_hash_final_xof any length. HMAC (and so HKDF) refuses it, as
 * OpenSSL does.
 */
#define EMBER_HASH_XOF 0x100u

#define EMBER_HASH_CTX_MAX 256

typedef struct ember_hash_ctx {
	const ember_hash_desc *desc;
	union {
		uint64_t align;
		void *ptr;
		uint8_t bytes[EMBER_HASH_CTX_MAX];
	} u;
} ember_hash_ctx;

/* ember_hash_count and ember_hash_at enumerate every registered descriptor,
 * supported or not, in registry (preference) order. */
size_t ember_hash_count(void);
const ember_hash_desc *ember_hash_at(size_t i);

/*
 * ember_hash_find returns the implementation |impl| of digest |name| (name
 * or alias, case-insensitive), or with |impl| NULL the preferred supported
 * one: constant-time implementations before others. Returns NULL when there
 * is none, or when the named implementation is not supported by this CPU.
 */
const ember_hash_desc *ember_hash_find(const char *name, const char *impl);

/* ember_hash_supported reports whether |d| runs on this CPU (after EMBER_CPUCAP). */
int ember_hash_supported(const ember_hash_desc *d);

void ember_hash_init(ember_hash_ctx *c, const ember_hash_desc *d);
void ember_hash_update(ember_hash_ctx *c, const void *data, size_t len);
/* Writes d->digest_len bytes and wipes the context. */
void ember_hash_final(ember_hash_ctx *c, uint8_t *out);
/* One-shot through a descriptor. */
void ember_hash(const ember_hash_desc *d, uint8_t *out, const void *data, size_t len);
/*
 * ember_hash_final_xof writes |len| bytes of output of an extendable-output
 * function (a descriptor flagged EMBER_HASH_XOF) and wipes the context, as
 * EVP_DigestFinalXOF. Returns 0, or EMBER_EINVAL (nothing written, the
 * context left for ember_hash_final) when the digest is not an XOF.
 */
int ember_hash_final_xof(ember_hash_ctx *c, uint8_t *out, size_t len);

#ifdef __cplusplus
}
#endif

#endif
