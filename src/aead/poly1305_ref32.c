/*
 * poly1305_ref32.c - Poly1305 (RFC 8439, 2.5) in radix 2^26: five limbs of
 * 26 bits in 32-bit words, twenty-five 32x32->64-bit products a block (as
 * poly1305-donna-32). The implementation for 32-bit cores (MIPS32, ARMv7,
 * PowerPC, i686), where a 32x32->64 product is one instruction
 * (multu/maddu, umull/umlal, mulhwu + mullw, mul).
 *
 * Constant-time (see poly1305_r26.h, which holds the code).
 */
#include "aead/chacha20_impl.h"
#include "aead/poly1305_r26.h"

const ember_poly1305_impl ember_poly1305_ref32 = { "ref32", NULL, r26_init, r26_blocks, r26_finish };
