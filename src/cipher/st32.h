/*
 * st32.h - a big-endian 32-bit store for the block ciphers' mode loops.
 * Not installed.
 *
 * ember_cst32be stores like ember_st32be, as one 32-bit store where the
 * compiler tells the byte order. With the four byte stores of ember_st32be,
 * gcc 12 (-O2, x86-64) merges the bytes of a whole block into one wide
 * store that it puts together byte by byte through the stack, some 20
 * instructions per word; in CBC the IV written that way is on the chain
 * into the next call. Used by Camellia (in-process against OpenSSL at 16
 * bytes per call: 1.21x -> 1.42x) and DES (1.16x -> 1.21x). Blowfish and
 * CAST5 (modes64.h) measured no better with it (Blowfish 4 % worse).
 */
#ifndef EMBER_CIPHER_ST32_H
#define EMBER_CIPHER_ST32_H

#include "internal.h"

static inline void ember_cst32be(uint8_t *p, uint32_t v)
{
#if defined(EMBER_NATIVE_LE)
	v = __builtin_bswap32(v);
	memcpy(p, &v, 4);
#elif defined(EMBER_NATIVE_BE)
	memcpy(p, &v, 4);
#else
	ember_st32be(p, v);
#endif
}

#endif
