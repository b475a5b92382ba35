/*
 * internal.h - helpers shared by the implementations; not installed.
 *
 * Loads and stores go byte by byte: no type punning, no unaligned access on
 * strict-alignment cores; compilers fold them into single loads (and bswap)
 * where the target allows.
 */
#ifndef EMBER_INTERNAL_H
#define EMBER_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ember/cpu.h"
#include "ember/util.h"

/*
 * x86 ISA paths (AES-NI, SHA-NI, AVX...) are built for x86-64, and for
 * 32-bit x86 only when the target flags already assume SSE2: a build for a
 * VIA C3 or Pentium II (-march=c3, Debian's default i686) must not contain a
 * single SSE or CMOV instruction, even behind a CPUID check.
 */
#if defined(__x86_64__) || (defined(__i386__) && defined(__SSE2__))
#define EMBER_X86 1
#endif
#if defined(__aarch64__)
#define EMBER_AARCH64 1
#endif
#if defined(__arm__)
#define EMBER_ARM32 1
#endif

/* Per-function ISA selection, so one set of CFLAGS serves every file. */
#if defined(__GNUC__) || defined(__clang__)
#define EMBER_TARGET(x) __attribute__((target(x)))
#define EMBER_UNUSED __attribute__((unused))
#define EMBER_ALIGN(n) __attribute__((aligned(n)))
/* Data shared between the library's files but not exported: addressed PC-relative, not through the GOT. */
#define EMBER_HIDDEN __attribute__((visibility("hidden")))
#else
#define EMBER_TARGET(x)
#define EMBER_UNUSED
#define EMBER_ALIGN(n)
#define EMBER_HIDDEN
#endif

/*
 * EMBER_NATIVE_LE / EMBER_NATIVE_BE: the target's byte order, when the
 * compiler tells it (gcc, clang). Code uses them only to pick a faster
 * path; without either the portable byte-by-byte path is taken.
 */
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define EMBER_NATIVE_LE 1
#elif defined(__BYTE_ORDER__) && defined(__ORDER_BIG_ENDIAN__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define EMBER_NATIVE_BE 1
#endif

/*
 * ember_ld32_aligned: a 32-bit load in the target's byte order from a
 * 4-byte aligned |p|: one lw / ldr, where the byte loads of ember_ld32le
 * become lwl+lwr on MIPS. |p| MUST be 4-byte aligned.
 */
static inline uint32_t ember_ld32_aligned(const uint8_t *p)
{
	uint32_t v;
#if defined(__GNUC__) || defined(__clang__)
	p = (const uint8_t *)__builtin_assume_aligned(p, 4);
#endif
	memcpy(&v, p, 4);
	return v;
}

/*
 * EMBER_DECLASSIFY marks a value computed from secrets as public, for
 * outcomes that are public by design (a fault check's verdict, a rejected
 * nonce candidate). It does something only in the `make ctgrind` build,
 * where valgrind's memcheck tracks secrets as undefined memory.
 */
#ifdef EMBER_CTGRIND
#include <valgrind/memcheck.h>
#define EMBER_DECLASSIFY(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
/* EMBER_CT_SECRET marks data as secret from inside (a recovered encoded message). */
#define EMBER_CT_SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#else
#define EMBER_DECLASSIFY(p, n) ((void)0)
#define EMBER_CT_SECRET(p, n) ((void)0)
#endif

static inline uint32_t ember_ld32le(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint32_t ember_ld32be(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

/* ember_ld32be from a 4-byte aligned |p|: lw (+ wsbh, rotr on little-endian
 * MIPS32r2), ldr + rev on ARM. |p| MUST be 4-byte aligned. */
static inline uint32_t ember_ld32be_aligned(const uint8_t *p)
{
#if defined(__GNUC__) || defined(__clang__)
	p = (const uint8_t *)__builtin_assume_aligned(p, 4);
#endif
	return ember_ld32be(p);
}

static inline uint64_t ember_ld64be(const uint8_t *p)
{
	return (uint64_t)ember_ld32be(p) << 32 | ember_ld32be(p + 4);
}

static inline uint64_t ember_ld64le(const uint8_t *p)
{
	return (uint64_t)ember_ld32le(p + 4) << 32 | ember_ld32le(p);
}

static inline void ember_st32le(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

static inline void ember_st32be(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static inline void ember_st64be(uint8_t *p, uint64_t v)
{
	ember_st32be(p, (uint32_t)(v >> 32));
	ember_st32be(p + 4, (uint32_t)v);
}

static inline void ember_st64le(uint8_t *p, uint64_t v)
{
	ember_st32le(p, (uint32_t)v);
	ember_st32le(p + 4, (uint32_t)(v >> 32));
}

/* Rotates written so that gcc and clang emit rotr on MIPS32r2 and ror on ARM. */
/* An ASCII letter in lower case, any other byte as it is (no locale: protocol names). */
static inline int ember_ascii_lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* 1 when the NUL-terminated |a| and |b| are equal but for ASCII case. */
static inline int ember_streq_nocase(const char *a, const char *b)
{
	size_t j;

	for (j = 0; a[j] != '\0' && ember_ascii_lower((unsigned char)a[j]) == ember_ascii_lower((unsigned char)b[j]); j++)
		;
	return a[j] == '\0' && b[j] == '\0';
}

static inline uint32_t ember_rotl32(uint32_t x, unsigned n)
{
	return (x << (n & 31)) | (x >> ((32 - n) & 31));
}

static inline uint32_t ember_rotr32(uint32_t x, unsigned n)
{
	return (x >> (n & 31)) | (x << ((32 - n) & 31));
}

static inline uint64_t ember_rotr64(uint64_t x, unsigned n)
{
	return (x >> (n & 63)) | (x << ((64 - n) & 63));
}

static inline uint64_t ember_rotl64(uint64_t x, unsigned n)
{
	return (x << (n & 63)) | (x >> ((64 - n) & 63));
}

/*
 * ember_md_update is the buffering shared by every Merkle-Damgard digest
 * whose block function has the form blocks(state, p, nblocks). |buf| holds
 * count % block_len bytes; whole blocks are passed straight from |p|.
 * |block_len| is a power of two.
 */
#define EMBER_MD_UPDATE(c, block_len, data, len)                                   \
	do {                                                                       \
		const uint8_t *p_ = (const uint8_t *)(data);                      \
		size_t n_ = (len);                                                 \
		size_t used_ = (size_t)((c)->count & ((block_len)-1));            \
		(c)->count += n_;                                                  \
		if (used_ != 0) {                                                  \
			size_t take_ = (block_len)-used_;                          \
			if (take_ > n_)                                            \
				take_ = n_;                                        \
			memcpy((c)->buf + used_, p_, take_);                       \
			p_ += take_;                                               \
			n_ -= take_;                                               \
			if (used_ + take_ < (block_len))                           \
				break;                                             \
			(c)->blocks((c)->h, (c)->buf, 1);                          \
		}                                                                  \
		if (n_ >= (block_len)) {                                           \
			(c)->blocks((c)->h, p_, n_ / (block_len));                 \
			p_ += n_ & ~(size_t)((block_len)-1);                       \
			n_ &= (block_len)-1;                                       \
		}                                                                  \
		if (n_ != 0)                                                       \
			memcpy((c)->buf, p_, n_);                                  \
	} while (0)

/* ember_NAME(out, data, len): NAME's init, update and final on a context on the stack. */
#define EMBER_HASH_ONESHOT(name, len_)                                                 \
	void ember_##name(uint8_t out[len_], const void *data, size_t len)          \
	{                                                                          \
		ember_##name##_ctx c;                                              \
		ember_##name##_init(&c);                                           \
		ember_##name##_update(&c, data, len);                              \
		ember_##name##_final(&c, out);                                     \
	}

/*
 * A hash descriptor's adapters, typed wrappers with no function-pointer
 * casts: d_init calls |init| (the implementation's own), d_update and
 * d_final the public update and final of NAME.
 */
#define EMBER_HASH_ADAPTERS(name, init)                                            \
	static void d_init(void *c) { init((ember_##name##_ctx *)c); }            \
	static void d_update(void *c, const void *p, size_t n) { ember_##name##_update((ember_##name##_ctx *)c, p, n); } \
	static void d_final(void *c, uint8_t *out) { ember_##name##_final((ember_##name##_ctx *)c, out); }

/*
 * Final padding for the 64-byte-block digests: 0x80, zeros, then the bit
 * length in 8 bytes, big-endian (|be| = 1: SHA-1, SHA-256) or little-endian
 * (MD4, MD5, RIPEMD-160).
 */
#define EMBER_MD64_PAD(c, be)                                                      \
	do {                                                                       \
		size_t used_ = (size_t)((c)->count & 63);                         \
		uint64_t bits_ = (c)->count << 3;                                  \
		(c)->buf[used_++] = 0x80;                                          \
		if (used_ > 56) {                                                  \
			memset((c)->buf + used_, 0, 64 - used_);                   \
			(c)->blocks((c)->h, (c)->buf, 1);                          \
			used_ = 0;                                                 \
		}                                                                  \
		memset((c)->buf + used_, 0, 56 - used_);                           \
		if (be)                                                            \
			ember_st64be((c)->buf + 56, bits_);                        \
		else                                                               \
			ember_st64le((c)->buf + 56, bits_);                        \
		(c)->blocks((c)->h, (c)->buf, 1);                                  \
	} while (0)

#endif
