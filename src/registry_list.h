/*
 * registry_list.h - every implementation of libember, one line each, in
 * preference order: within an algorithm, the first supported constant-time
 * entry is the default (registry.c). Included by registry.c only, once per
 * table with these macros defined:
 *   EMBER_HASH_IMPL(x)     ember_<x>_desc, an ember_hash_desc
 *   EMBER_BLOCK_IMPL(x)    ember_<x>_desc, an ember_block_desc
 *   EMBER_BN_MONT_IMPL(x)  ember_bn_mont_<x>_desc, an ember_bn_mont_desc
 *   EMBER_AEAD_IMPL(x)     ember_<x>_desc, an ember_aead_desc
 *   EMBER_EC_IMPL(x)       ember_<x>_desc, an ember_ec_desc (a curve backend)
 *   EMBER_MLKEM_IMPL(x)    ember_<x>_desc, an ember_mlkem_desc (ML-KEM's arithmetic)
 *   EMBER_MLDSA_IMPL(x)    ember_<x>_desc, an ember_mldsa_desc (ML-DSA's arithmetic)
 * and their _WHERE(x, RULE) forms, for an implementation that may be the
 * default only on the cores RULE names (registry.c's EMBER_WHERE_RULE:
 * ANY, INTEL), because it was measured to lose elsewhere; each such line
 * says what was measured. Adding an implementation is its file and its
 * line here.
 */

#ifdef EMBER_HASH_IMPL
/* SHA-256 (the ISA descriptors exist only on their own architecture) */
#if defined(EMBER_X86)
EMBER_HASH_IMPL(sha256_x86shani)
#endif
#if defined(EMBER_AARCH64)
EMBER_HASH_IMPL(sha256_armv8)
#endif
#if defined(EMBER_ARM32)
EMBER_HASH_IMPL(sha256_neon)
#endif
EMBER_HASH_IMPL(sha256_ref)

/* SHA-224 */
#if defined(EMBER_X86)
EMBER_HASH_IMPL(sha224_x86shani)
#endif
#if defined(EMBER_AARCH64)
EMBER_HASH_IMPL(sha224_armv8)
#endif
#if defined(EMBER_ARM32)
EMBER_HASH_IMPL(sha224_neon)
#endif
EMBER_HASH_IMPL(sha224_ref)

/* MD2, MD4, MD5, SHA-1, RIPEMD-160 */
EMBER_HASH_IMPL(md2_tab)
/*
 * MD4 and MD5 with AVX-512VL: the default on Intel only. One step is one
 * serial chain three operations deep (vpternlogd, vpaddd, vprold) instead
 * of four in general-purpose registers: 144 cycles a block against 160 on
 * the Intel cores measured (docs/BENCHMARKS.md, round 1). On AMD Zen 5
 * (family 26) the same code runs at 506 MB/s against ref's 918 (md5, 8192
 * B; md4 887 against 1520: issue 20's table), so AMD and other makers keep
 * ref as the default.
 */
#if defined(EMBER_X86) && defined(__x86_64__)
EMBER_HASH_IMPL_WHERE(md4_avx512, INTEL)
#endif
EMBER_HASH_IMPL(md4_ref)
#if defined(EMBER_X86) && defined(__x86_64__)
EMBER_HASH_IMPL_WHERE(md5_avx512, INTEL)
#endif
EMBER_HASH_IMPL(md5_ref)
EMBER_HASH_IMPL(sha1_x86shani)
EMBER_HASH_IMPL(sha1_armv8)
#if defined(EMBER_ARM32)
EMBER_HASH_IMPL(sha1_neon)
#endif
EMBER_HASH_IMPL(sha1_ref)
EMBER_HASH_IMPL(ripemd160_ref)
/* MDC-2 */
EMBER_HASH_IMPL(mdc2_tab)
/* SHA-512, SHA-384, SHA-512/224, SHA-512/256 */
#if defined(EMBER_X86) && defined(__x86_64__)
EMBER_HASH_IMPL(sha512_avx512)
EMBER_HASH_IMPL(sha512_avx2)
#endif
#if defined(EMBER_AARCH64)
EMBER_HASH_IMPL(sha512_armv8)
#endif
#if defined(EMBER_ARM32)
EMBER_HASH_IMPL(sha512_neon)
#endif
EMBER_HASH_IMPL(sha512_ref)
#if defined(EMBER_X86) && defined(__x86_64__)
EMBER_HASH_IMPL(sha384_avx512)
EMBER_HASH_IMPL(sha384_avx2)
#endif
#if defined(EMBER_AARCH64)
EMBER_HASH_IMPL(sha384_armv8)
#endif
#if defined(EMBER_ARM32)
EMBER_HASH_IMPL(sha384_neon)
#endif
EMBER_HASH_IMPL(sha384_ref)
#if defined(EMBER_X86) && defined(__x86_64__)
EMBER_HASH_IMPL(sha512_224_avx512)
EMBER_HASH_IMPL(sha512_224_avx2)
#endif
#if defined(EMBER_AARCH64)
EMBER_HASH_IMPL(sha512_224_armv8)
#endif
#if defined(EMBER_ARM32)
EMBER_HASH_IMPL(sha512_224_neon)
#endif
EMBER_HASH_IMPL(sha512_224_ref)
#if defined(EMBER_X86) && defined(__x86_64__)
EMBER_HASH_IMPL(sha512_256_avx512)
EMBER_HASH_IMPL(sha512_256_avx2)
#endif
#if defined(EMBER_AARCH64)
EMBER_HASH_IMPL(sha512_256_armv8)
#endif
#if defined(EMBER_ARM32)
EMBER_HASH_IMPL(sha512_256_neon)
#endif
EMBER_HASH_IMPL(sha512_256_ref)
/*
 * SHA3-224/256/384/512, SHAKE128/256 (FIPS 202). 32-bit builds: the
 * bit-interleaved ref32 (a 64-bit rotation is two 32-bit ones) before ref
 * (64-bit lanes, each operation two or more instructions there); 64-bit
 * builds the other way round. Both are constant-time and run everywhere.
 * Before them on ARMv7 (Thumb-2) builds, armv7 (constant-time): ref32's
 * words in assembler with the rotations folded into operands, sha3-256 at
 * 8 KiB 62.87 instructions a byte against ref32's 101.36 and Debian 12
 * OpenSSL's keccak1600-armv4 65.87 (qemu -cpu cortex-a9).
 * Before them on 64-bit builds, where the CPU has the instructions:
 * avx512 (one state in five zmm registers), then x86bmi (ref's rounds
 * without lane complementing, ANDN and RORX): sha3-256 at 8192 B, 1.04x
 * and 1.02x OpenSSL 3.0's x86-64 assembler, ref 0.99x (AMD EPYC, Zen 5,
 * family 26; scripts/digest-percall.c, gcc 12 -O2); armv8 (EOR3, RAX1,
 * XAR, BCAX): 14.9 instructions a byte against ref's 32.2 (qemu -cpu max).
 */
#if UINTPTR_MAX == 0xffffffffu
#if defined(EMBER_ARM32)
EMBER_HASH_IMPL(sha3_224_armv7)
EMBER_HASH_IMPL(sha3_256_armv7)
EMBER_HASH_IMPL(sha3_384_armv7)
EMBER_HASH_IMPL(sha3_512_armv7)
EMBER_HASH_IMPL(shake128_armv7)
EMBER_HASH_IMPL(shake256_armv7)
#endif
EMBER_HASH_IMPL(sha3_224_ref32)
EMBER_HASH_IMPL(sha3_224_ref)
EMBER_HASH_IMPL(sha3_256_ref32)
EMBER_HASH_IMPL(sha3_256_ref)
EMBER_HASH_IMPL(sha3_384_ref32)
EMBER_HASH_IMPL(sha3_384_ref)
EMBER_HASH_IMPL(sha3_512_ref32)
EMBER_HASH_IMPL(sha3_512_ref)
EMBER_HASH_IMPL(shake128_ref32)
EMBER_HASH_IMPL(shake128_ref)
EMBER_HASH_IMPL(shake256_ref32)
EMBER_HASH_IMPL(shake256_ref)
#else
EMBER_HASH_IMPL(sha3_224_avx512)
EMBER_HASH_IMPL(sha3_224_x86bmi)
EMBER_HASH_IMPL(sha3_224_armv8)
EMBER_HASH_IMPL(sha3_224_ref)
EMBER_HASH_IMPL(sha3_224_ref32)
EMBER_HASH_IMPL(sha3_256_avx512)
EMBER_HASH_IMPL(sha3_256_x86bmi)
EMBER_HASH_IMPL(sha3_256_armv8)
EMBER_HASH_IMPL(sha3_256_ref)
EMBER_HASH_IMPL(sha3_256_ref32)
EMBER_HASH_IMPL(sha3_384_avx512)
EMBER_HASH_IMPL(sha3_384_x86bmi)
EMBER_HASH_IMPL(sha3_384_armv8)
EMBER_HASH_IMPL(sha3_384_ref)
EMBER_HASH_IMPL(sha3_384_ref32)
EMBER_HASH_IMPL(sha3_512_avx512)
EMBER_HASH_IMPL(sha3_512_x86bmi)
EMBER_HASH_IMPL(sha3_512_armv8)
EMBER_HASH_IMPL(sha3_512_ref)
EMBER_HASH_IMPL(sha3_512_ref32)
EMBER_HASH_IMPL(shake128_avx512)
EMBER_HASH_IMPL(shake128_x86bmi)
EMBER_HASH_IMPL(shake128_armv8)
EMBER_HASH_IMPL(shake128_ref)
EMBER_HASH_IMPL(shake128_ref32)
EMBER_HASH_IMPL(shake256_avx512)
EMBER_HASH_IMPL(shake256_x86bmi)
EMBER_HASH_IMPL(shake256_armv8)
EMBER_HASH_IMPL(shake256_ref)
EMBER_HASH_IMPL(shake256_ref32)
#endif
#endif /* EMBER_HASH_IMPL */

#ifdef EMBER_BLOCK_IMPL
/* AES. avx512 before x86ni: 2.2x faster on CBC decryption at 8192 B
 * (measured on a Xeon with VAES); tab is not constant-time, never a default. */
EMBER_BLOCK_IMPL(aes_avx512)
EMBER_BLOCK_IMPL(aes_x86ni)
EMBER_BLOCK_IMPL(aes_armv8)
EMBER_BLOCK_IMPL(aes_neon) /* 32-bit ARM: VTBX S-box, one block at a time; before the bitsliced ct */
#if UINTPTR_MAX == 0xffffffffu
/* 32-bit builds: the bitsliced ct32 (two blocks in 32-bit words) before
 * ct (four blocks in 64-bit words, each operation two instructions here). */
EMBER_BLOCK_IMPL(aes_ct32)
EMBER_BLOCK_IMPL(aes_ct)
#else
EMBER_BLOCK_IMPL(aes_ct)
EMBER_BLOCK_IMPL(aes_ct32)
#endif
EMBER_BLOCK_IMPL(aes_tab)

/* DES, DES-EDE3 */
EMBER_BLOCK_IMPL(des_tab)
EMBER_BLOCK_IMPL(des_ede3_tab)

/* Blowfish, CAST5 */
EMBER_BLOCK_IMPL(bf_tab)
EMBER_BLOCK_IMPL(cast5_tab)

/* IDEA, RC2, RC5, Camellia, RC4 */
EMBER_BLOCK_IMPL(idea_ref)
EMBER_BLOCK_IMPL(rc2_tab)
EMBER_BLOCK_IMPL(rc5_ref)
EMBER_BLOCK_IMPL(camellia_tab)
EMBER_BLOCK_IMPL(rc4_tab)
#endif /* EMBER_BLOCK_IMPL */

#ifdef EMBER_BN_MONT_IMPL
EMBER_BN_MONT_IMPL(avx512ifma)
EMBER_BN_MONT_IMPL(x86adx)
EMBER_BN_MONT_IMPL(umaal)
/*
 * mips32: MULTU/MADDU rows and a squaring of its own (src/bn/mont_mips32.c),
 * supported, so the default, on every MIPS32 release 1-5 build (no rule: the
 * instructions belong to the ISA the file is built for; ref elsewhere).
 * rsa2048 sign + verify, qemu-mipsel -cpu 24Kf (make insncount): 39199077
 * instructions against ref's 106965627 and OpenSSL's MIPS assembler's
 * 85622417 (0.46x, was 1.25x; docs/BENCHMARKS.md).
 */
EMBER_BN_MONT_IMPL(mips32)
EMBER_BN_MONT_IMPL(ref)
#endif /* EMBER_BN_MONT_IMPL */

#ifdef EMBER_AEAD_IMPL
/* AES-GCM (aes-gcm: 128/192/256-bit keys; the specs in registry.c). One
 * composition of an AES and a GHASH implementation each (src/aead/gcm_impl.h).
 * vaes before x86ni: aes-128-gcm seal of 8192 B in 619 against 1371 ns (Xeon,
 * scripts/gcm-percall.c); neon (aes_neon + VMULL.P8) before the bitsliced pair
 * on 32-bit ARM: 47 against 216 instructions a byte (qemu, Cortex-A9); the
 * portable pair by word size, as the AES block ciphers. */
EMBER_AEAD_IMPL(aes_gcm_vaes)
EMBER_AEAD_IMPL(aes_gcm_x86ni)
EMBER_AEAD_IMPL(aes_gcm_armv8)
EMBER_AEAD_IMPL(aes_gcm_neon)
#if UINTPTR_MAX == 0xffffffffu
EMBER_AEAD_IMPL(aes_gcm_ct32)
EMBER_AEAD_IMPL(aes_gcm_ct)
#else
EMBER_AEAD_IMPL(aes_gcm_ct)
EMBER_AEAD_IMPL(aes_gcm_ct32)
#endif

/* AES-CCM: one per AES implementation (tab is not constant-time, never a default). x86ni
 * (CBC-MAC and CTR stitched, ccm_x86ni.c) before avx512 (two passes): aes-128-ccm seal at
 * 8192 B, 4257 against 4980 ns (Xeon with VAES, scripts/gcm-percall.c). */
EMBER_AEAD_IMPL(aes_ccm_x86ni)
EMBER_AEAD_IMPL(aes_ccm_avx512)
EMBER_AEAD_IMPL(aes_ccm_armv8)
EMBER_AEAD_IMPL(aes_ccm_neon)
#if UINTPTR_MAX == 0xffffffffu
EMBER_AEAD_IMPL(aes_ccm_ct32)
EMBER_AEAD_IMPL(aes_ccm_ct)
#else
EMBER_AEAD_IMPL(aes_ccm_ct)
EMBER_AEAD_IMPL(aes_ccm_ct32)
#endif
EMBER_AEAD_IMPL(aes_ccm_tab)

/* ChaCha20-Poly1305: one descriptor per (ChaCha20, Poly1305) pair, named by
 * the ChaCha20 (chacha20_poly1305.c); the vector ones use the Poly1305 of
 * the word size. ref (radix 2^44) before ref32 (radix 2^26) where the
 * compiler has a 128-bit product, after it elsewhere; both stay supported. */
#if defined(EMBER_X86) && defined(__x86_64__)
EMBER_AEAD_IMPL(chacha20_poly1305_avx512ifma)
#endif
#if defined(EMBER_X86)
EMBER_AEAD_IMPL(chacha20_poly1305_avx512)
EMBER_AEAD_IMPL(chacha20_poly1305_avx2)
EMBER_AEAD_IMPL(chacha20_poly1305_sse2)
#endif
#if defined(EMBER_ARM32) || defined(EMBER_AARCH64)
EMBER_AEAD_IMPL(chacha20_poly1305_neon)
#endif
#if defined(__SIZEOF_INT128__)
EMBER_AEAD_IMPL(chacha20_poly1305_ref)
EMBER_AEAD_IMPL(chacha20_poly1305_ref32)
#else
EMBER_AEAD_IMPL(chacha20_poly1305_ref32)
EMBER_AEAD_IMPL(chacha20_poly1305_ref)
#endif

#endif /* EMBER_AEAD_IMPL */

#ifdef EMBER_EC_IMPL
/* X25519 (the Montgomery ladder over GF(2^255 - 19)). The portable pair by
 * the compiler's products: ref (radix 2^51) before ref32 (radix 2^25.5)
 * where it has a 128-bit one, after it elsewhere; both run everywhere. */
#if defined(EMBER_X86) && defined(__x86_64__)
EMBER_EC_IMPL(x25519_x86adx)
#endif
#if defined(__SIZEOF_INT128__)
EMBER_EC_IMPL(x25519_ref)
EMBER_EC_IMPL(x25519_ref32)
#else
EMBER_EC_IMPL(x25519_ref32)
EMBER_EC_IMPL(x25519_ref)
#endif

/* Ed25519 (the twisted Edwards group over the same field): the same
 * backends in the same order as X25519's (one ops table serves both) */
#if defined(EMBER_X86) && defined(__x86_64__)
EMBER_EC_IMPL(ed25519_x86adx)
#endif
#if defined(__SIZEOF_INT128__)
EMBER_EC_IMPL(ed25519_ref)
EMBER_EC_IMPL(ed25519_ref32)
#else
EMBER_EC_IMPL(ed25519_ref32)
EMBER_EC_IMPL(ed25519_ref)
#endif

/* P-256 (64-bit limbs before 32-bit ones where the compiler has the 128-bit product) */
#if defined(EMBER_X86) && defined(__x86_64__)
EMBER_EC_IMPL(p256_x86adx)
#endif
#if defined(__SIZEOF_INT128__)
EMBER_EC_IMPL(p256_ref)
EMBER_EC_IMPL(p256_ref32)
#else
EMBER_EC_IMPL(p256_ref32)
EMBER_EC_IMPL(p256_ref)
#endif

/* P-384 (as P-256). x86adx: 6011 signatures/s against ref's 3490, ECDH
 * 2188/s against 1146 (AMD EPYC, this project's host; docs/BENCHMARKS.md) */
#if defined(EMBER_X86) && defined(__x86_64__)
EMBER_EC_IMPL(p384_x86adx)
#endif
#if defined(__SIZEOF_INT128__)
EMBER_EC_IMPL(p384_ref)
EMBER_EC_IMPL(p384_ref32)
#else
EMBER_EC_IMPL(p384_ref32)
EMBER_EC_IMPL(p384_ref)
#endif

#endif /* EMBER_EC_IMPL */

#ifdef EMBER_MLKEM_IMPL
/* ML-KEM-512/768/1024 (FIPS 203): avx2 (x86-64) before the portable ref. ML-KEM-768
 * against mlkem-native in one process (AMD EPYC, Zen 5, family 26; scripts/mlkem-percall.c):
 * avx2 0.93-0.98x its AVX2 backend for keygen, 0.91-0.93x encaps, 0.85-0.89x decaps; ref
 * (EMBER_CPUCAP=none) 0.84-0.85x, 0.82-0.86x, 0.74-0.77x its portable C. */
#if defined(EMBER_X86) && defined(__x86_64__)
EMBER_MLKEM_IMPL(mlkem_avx2)
#endif
EMBER_MLKEM_IMPL(mlkem_ref)
#endif /* EMBER_MLKEM_IMPL */

#ifdef EMBER_MLDSA_IMPL
/* ML-DSA-44/65/87 (FIPS 204): avx2 (x86-64) before the portable ref. ML-DSA-65 against
 * mldsa-native's portable C in one process (AMD EPYC, Zen 5; scripts/mldsa-percall.c):
 * avx2 3.6-3.9x keygen, 3.2-3.7x sign, 3.4-3.7x verify; ref (EMBER_CPUCAP=none) 1.11-1.17x,
 * 1.01-1.06x, 1.05-1.08x (docs/BENCHMARKS.md). */
#if defined(EMBER_X86) && defined(__x86_64__)
EMBER_MLDSA_IMPL(mldsa_avx2)
#endif
EMBER_MLDSA_IMPL(mldsa_ref)
#endif /* EMBER_MLDSA_IMPL */
