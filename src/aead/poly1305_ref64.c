/*
 * poly1305_ref64.c - Poly1305 (RFC 8439, 2.5) in radix 2^44
 * (poly1305_r44.h): the implementation for 64-bit cores, where the
 * compiler has the 128-bit product (x86-64 mul, AArch64 mul + umulh).
 * Elsewhere it is correct and tested, only slower than poly1305_ref32.c.
 * Constant-time (see poly1305_r44.h).
 */
#include "aead/chacha20_impl.h"
#include "aead/poly1305_r44.h"

const ember_poly1305_impl ember_poly1305_ref64 = { "ref64", NULL, r44_init, r44_blocks, r44_finish };
