/*
 * keccak_impl.h - what the Keccak-f[1600] implementation files
 * (sha3_<impl>.c) share with sha3.c; not installed.
 *
 * sha3.c owns the sponge (FIPS 202, 4): padding, absorbing partial
 * input, squeezing. An implementation supplies a struct ember_keccak_ops:
 * the permutation and the three ways the sponge touches the state. The
 * state is the 25 uint64_t words of ember_sha3_ctx in the implementation's
 * own form (64-bit lanes for ref, bit-interleaved words for ref32), kept in
 * that form between calls; only xor_bytes, absorb and extract convert
 * between it and the byte string of FIPS 202, 3.1.2 (lane x + 5y holds
 * bytes 8(x + 5y) .. 8(x + 5y) + 7, little-endian).
 */
#ifndef EMBER_KECCAK_IMPL_H
#define EMBER_KECCAK_IMPL_H

#include "internal.h"
#include "ember/hash.h"

struct ember_keccak_ops {
	/*
	 * For each of |nblocks| blocks of |rate| bytes at |in|: XOR the block
	 * into the first |rate| bytes of the state, then permute. |rate| is a
	 * multiple of 8, at most 168.
	 */
	void (*absorb)(uint64_t st[25], const uint8_t *in, size_t nblocks, unsigned rate);
	/* XORs |len| bytes at |in| into state bytes |off| .. |off| + |len| - 1 (at most 200). */
	void (*xor_bytes)(uint64_t st[25], const uint8_t *in, unsigned off, size_t len);
	/* Writes state bytes |off| .. |off| + |len| - 1 (at most 200) to |out|. */
	void (*extract)(const uint64_t st[25], uint8_t *out, unsigned off, size_t len);
	/* Keccak-f[1600] (FIPS 202, 3.3). */
	void (*permute)(uint64_t st[25]);
};

/*
 * The byte access of ember_keccak_ops for the implementations that keep
 * FIPS 202's lanes as they are (every one but ref32's bit interleaving):
 * byte i of the state is byte i % 8 of lane i / 8, little-endian.
 */
static inline void ember_keccak_lanes_xor_bytes(uint64_t st[25], const uint8_t *in, unsigned off, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++, off++)
		st[off / 8] ^= (uint64_t)in[i] << (8 * (off % 8));
}

/* Whole lanes as 8-byte stores, the bytes before and after one at a time. */
static inline void ember_keccak_lanes_extract(const uint64_t st[25], uint8_t *out, unsigned off, size_t len)
{
	while (len != 0 && off % 8 != 0) {
		*out++ = (uint8_t)(st[off / 8] >> (8 * (off % 8)));
		off++;
		len--;
	}
	for (; len >= 8; len -= 8, off += 8, out += 8)
		ember_st64le(out, st[off / 8]);
	for (; len != 0; len--, off++)
		*out++ = (uint8_t)(st[off / 8] >> (8 * (off % 8)));
}

/*
 * Bit interleaving (the lanes of sha3_ref32.c and sha3_armv7.c): bits
 * 0, 2, ..., 30 of |x| to bits 0 .. 15, bits 1, 3, ..., 31 to 16 .. 31
 * (four delta swaps), and back.
 */
static inline uint32_t ember_keccak_unzip32(uint32_t x)
{
	uint32_t t;

	t = (x ^ (x >> 1)) & 0x22222222u;
	x ^= t ^ (t << 1);
	t = (x ^ (x >> 2)) & 0x0c0c0c0cu;
	x ^= t ^ (t << 2);
	t = (x ^ (x >> 4)) & 0x00f000f0u;
	x ^= t ^ (t << 4);
	t = (x ^ (x >> 8)) & 0x0000ff00u;
	x ^= t ^ (t << 8);
	return x;
}

static inline uint32_t ember_keccak_zip32(uint32_t x)
{
	uint32_t t;

	t = (x ^ (x >> 8)) & 0x0000ff00u;
	x ^= t ^ (t << 8);
	t = (x ^ (x >> 4)) & 0x00f000f0u;
	x ^= t ^ (t << 4);
	t = (x ^ (x >> 2)) & 0x0c0c0c0cu;
	x ^= t ^ (t << 2);
	t = (x ^ (x >> 1)) & 0x22222222u;
	x ^= t ^ (t << 1);
	return x;
}

/* The lane lo | hi << 32 as the word of its even bits |e| and the word of its odd bits |o|. */
static inline void ember_keccak_interleave(uint32_t lo, uint32_t hi, uint32_t *e, uint32_t *o)
{
	lo = ember_keccak_unzip32(lo);
	hi = ember_keccak_unzip32(hi);
	*e = (lo & 0x0000ffffu) | (hi << 16);
	*o = (lo >> 16) | (hi & 0xffff0000u);
}

static inline void ember_keccak_deinterleave(uint32_t e, uint32_t o, uint32_t *lo, uint32_t *hi)
{
	*lo = ember_keccak_zip32((e & 0x0000ffffu) | (o << 16));
	*hi = ember_keccak_zip32((e >> 16) | (o & 0xffff0000u));
}

/* The domain bits and the first bit of pad10*1, as one byte (FIPS 202, 6.1, 6.2 and B.2) */
#define EMBER_SHA3_SUFFIX 0x06
#define EMBER_SHAKE_SUFFIX 0x1f

/*
 * Zeroes the state and installs |ops|: a SHA-3 digest of |out_len| bytes
 * or (suffix 0x1f) a SHAKE whose descriptor's default output is |out_len|.
 */
void ember_sha3_start(ember_sha3_ctx *c, unsigned rate, unsigned out_len, uint8_t suffix,
    const struct ember_keccak_ops *ops);
/* Pads, writes c->out_len bytes of output and wipes |c| (every descriptor's final). */
void ember_sha3_finish(ember_sha3_ctx *c, uint8_t *out);

/*
 * EMBER_SHA3_DESCS(tag, ops, flags, supported) defines the six descriptors
 * ember_sha3_224_<tag>_desc ... ember_shake256_<tag>_desc of one Keccak
 * implementation, whose struct ember_keccak_ops is |ops|: they differ only
 * in rate, output length and domain suffix (ember_sha3_start), and share
 * update and final. SHAKE's digest_len is OpenSSL's default output length
 * (16 and 32 bytes), its block_len the rate, as for SHA-3 (the HMAC block
 * size of FIPS 202's functions is their rate).
 */
#define EMBER_SHA3_INIT_(fn, alg, suffix, ops)                                                     \
	static void fn(void *c)                                                                      \
	{                                                                                            \
		ember_sha3_start((ember_sha3_ctx *)c, EMBER_##alg##_BLOCK_LEN, EMBER_##alg##_LEN,  \
		    suffix, &(ops));                                                                 \
	}
#define EMBER_SHA3_DESC_(alg, var, name, aliases, tag, flags, supported, init)                     \
	const ember_hash_desc ember_##var##_##tag##_desc = { name, aliases, #tag, flags,           \
		EMBER_##alg##_LEN, EMBER_##alg##_BLOCK_LEN, sizeof(ember_sha3_ctx), supported,     \
		init, d_update, d_final };
#define EMBER_SHA3_DESCS(tag, ops, flags, supported)                                               \
	EMBER_SHA3_INIT_(d_init224, SHA3_224, EMBER_SHA3_SUFFIX, ops)                              \
	EMBER_SHA3_INIT_(d_init256, SHA3_256, EMBER_SHA3_SUFFIX, ops)                              \
	EMBER_SHA3_INIT_(d_init384, SHA3_384, EMBER_SHA3_SUFFIX, ops)                              \
	EMBER_SHA3_INIT_(d_init512, SHA3_512, EMBER_SHA3_SUFFIX, ops)                              \
	EMBER_SHA3_INIT_(d_init_s128, SHAKE128, EMBER_SHAKE_SUFFIX, ops)                           \
	EMBER_SHA3_INIT_(d_init_s256, SHAKE256, EMBER_SHAKE_SUFFIX, ops)                           \
	EMBER_SHA3_DESCS_COMMON_(tag, flags, supported)
#define EMBER_SHA3_DESCS_COMMON_(tag, flags, supported)                                            \
	static void d_update(void *c, const void *p, size_t n)                                     \
	{                                                                                          \
		ember_sha3_update((ember_sha3_ctx *)c, p, n);                                      \
	}                                                                                          \
	static void d_final(void *c, uint8_t *out)                                                 \
	{                                                                                          \
		ember_sha3_finish((ember_sha3_ctx *)c, out);                                       \
	}                                                                                          \
	EMBER_SHA3_DESC_(SHA3_224, sha3_224, "sha3-224", NULL, tag, flags, supported, d_init224)   \
	EMBER_SHA3_DESC_(SHA3_256, sha3_256, "sha3-256", NULL, tag, flags, supported, d_init256)   \
	EMBER_SHA3_DESC_(SHA3_384, sha3_384, "sha3-384", NULL, tag, flags, supported, d_init384)   \
	EMBER_SHA3_DESC_(SHA3_512, sha3_512, "sha3-512", NULL, tag, flags, supported, d_init512)   \
	EMBER_SHA3_DESC_(SHAKE128, shake128, "shake128", "shake-128", tag,                         \
	    (flags) | EMBER_HASH_XOF, supported, d_init_s128)                                      \
	EMBER_SHA3_DESC_(SHAKE256, shake256, "shake256", "shake-256", tag,                         \
	    (flags) | EMBER_HASH_XOF, supported, d_init_s256)

/*
 * EMBER_SHA3_DESCS_ABSENT(tag, flags) defines the same six descriptors for a build
 * that cannot run the implementation (another architecture): supported()
 * is 0, so the registry never picks them, and an init called anyway sets
 * up the default implementation (ember_sha3_256_init ...), as sha1_x86shani.c
 * does off x86.
 */
#define EMBER_SHA3_ABSENT_INIT_(fn, call, type)                                                    \
	static void fn(void *c)                                                                      \
	{                                                                                            \
		call((type *)c);                                                                     \
	}
#define EMBER_SHA3_DESCS_ABSENT(tag, flags)                                                         \
	static int d_unsupported(void)                                                             \
	{                                                                                          \
		return 0;                                                                          \
	}                                                                                          \
	EMBER_SHA3_ABSENT_INIT_(d_init224, ember_sha3_224_init, ember_sha3_ctx)                    \
	EMBER_SHA3_ABSENT_INIT_(d_init256, ember_sha3_256_init, ember_sha3_ctx)                    \
	EMBER_SHA3_ABSENT_INIT_(d_init384, ember_sha3_384_init, ember_sha3_ctx)                    \
	EMBER_SHA3_ABSENT_INIT_(d_init512, ember_sha3_512_init, ember_sha3_ctx)                    \
	EMBER_SHA3_ABSENT_INIT_(d_init_s128, ember_shake128_init, ember_shake_ctx)                 \
	EMBER_SHA3_ABSENT_INIT_(d_init_s256, ember_shake256_init, ember_shake_ctx)                 \
	EMBER_SHA3_DESCS_COMMON_(tag, flags, d_unsupported)

#endif
