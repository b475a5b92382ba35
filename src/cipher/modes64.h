/*
 * modes64.h - ECB and CBC for the 64-bit-block ciphers whose block
 * function works on two big-endian 32-bit halves in place (Blowfish,
 * CAST5), plus their descriptor adapters. Not installed.
 *
 * EMBER_MODES64(algo, ctx_t, enc, dec) defines ember_<algo>_ecb_encrypt,
 * _ecb_decrypt, _cbc_encrypt and _cbc_decrypt (as declared in cipher.h)
 * around the static block functions enc(const ctx_t *, uint32_t *l,
 * uint32_t *r) and dec(...), which the compiler inlines into each loop, and
 * the static slots m64_enc, m64_dec, m64_cbce, m64_cbcd for the descriptor.
 */
#ifndef EMBER_MODES64_H
#define EMBER_MODES64_H

#include "internal.h"

#define EMBER_MODES64(algo, ctx_t, enc, dec)                                              \
	void ember_##algo##_ecb_encrypt(const ctx_t *c, uint8_t *out, const uint8_t *in,   \
	    size_t nblocks)                                                                 \
	{                                                                                   \
		while (nblocks--) {                                                         \
			uint32_t l = ember_ld32be(in), r = ember_ld32be(in + 4);           \
			enc(c, &l, &r);                                                     \
			ember_st32be(out, l);                                               \
			ember_st32be(out + 4, r);                                           \
			in += 8;                                                            \
			out += 8;                                                           \
		}                                                                           \
	}                                                                                   \
	void ember_##algo##_ecb_decrypt(const ctx_t *c, uint8_t *out, const uint8_t *in,   \
	    size_t nblocks)                                                                 \
	{                                                                                   \
		while (nblocks--) {                                                         \
			uint32_t l = ember_ld32be(in), r = ember_ld32be(in + 4);           \
			dec(c, &l, &r);                                                     \
			ember_st32be(out, l);                                               \
			ember_st32be(out + 4, r);                                           \
			in += 8;                                                            \
			out += 8;                                                           \
		}                                                                           \
	}                                                                                   \
	void ember_##algo##_cbc_encrypt(const ctx_t *c, uint8_t iv[8], uint8_t *out,       \
	    const uint8_t *in, size_t nblocks)                                              \
	{                                                                                   \
		uint32_t l = ember_ld32be(iv), r = ember_ld32be(iv + 4);                   \
		while (nblocks--) {                                                         \
			l ^= ember_ld32be(in);                                              \
			r ^= ember_ld32be(in + 4);                                          \
			enc(c, &l, &r);                                                     \
			ember_st32be(out, l);                                               \
			ember_st32be(out + 4, r);                                           \
			in += 8;                                                            \
			out += 8;                                                           \
		}                                                                           \
		ember_st32be(iv, l);                                                        \
		ember_st32be(iv + 4, r);                                                    \
	}                                                                                   \
	void ember_##algo##_cbc_decrypt(const ctx_t *c, uint8_t iv[8], uint8_t *out,       \
	    const uint8_t *in, size_t nblocks)                                              \
	{                                                                                   \
		uint32_t il = ember_ld32be(iv), ir = ember_ld32be(iv + 4);                 \
		while (nblocks--) {                                                         \
			uint32_t cl = ember_ld32be(in), cr = ember_ld32be(in + 4);         \
			uint32_t l = cl, r = cr;                                            \
			dec(c, &l, &r);                                                     \
			ember_st32be(out, l ^ il);                                          \
			ember_st32be(out + 4, r ^ ir);                                      \
			il = cl;                                                            \
			ir = cr;                                                            \
			in += 8;                                                            \
			out += 8;                                                           \
		}                                                                           \
		ember_st32be(iv, il);                                                       \
		ember_st32be(iv + 4, ir);                                                   \
	}                                                                                   \
	/* descriptor adapters: typed wrappers, no function-pointer casts */               \
	static void m64_enc(const void *c, uint8_t *out, const uint8_t *in, size_t n)      \
	{                                                                                   \
		ember_##algo##_ecb_encrypt((const ctx_t *)c, out, in, n);                  \
	}                                                                                   \
	static void m64_dec(const void *c, uint8_t *out, const uint8_t *in, size_t n)      \
	{                                                                                   \
		ember_##algo##_ecb_decrypt((const ctx_t *)c, out, in, n);                  \
	}                                                                                   \
	static void m64_cbce(const void *c, uint8_t *iv, uint8_t *out, const uint8_t *in,  \
	    size_t n)                                                                       \
	{                                                                                   \
		ember_##algo##_cbc_encrypt((const ctx_t *)c, iv, out, in, n);              \
	}                                                                                   \
	static void m64_cbcd(const void *c, uint8_t *iv, uint8_t *out, const uint8_t *in,  \
	    size_t n)                                                                       \
	{                                                                                   \
		ember_##algo##_cbc_decrypt((const ctx_t *)c, iv, out, in, n);              \
	}

#endif
