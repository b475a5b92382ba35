/*
 * p256_const.h - the constants of P-256 (FIPS 186-5 / SP 800-186 3.2.1.3)
 * as little-endian 64-bit limbs, for every P-256 backend: each defines
 * L64(x) as x (64-bit limbs) or as its two 32-bit halves, low first.
 * Montgomery forms are times R = 2^256 (mod p or mod n), the same R for
 * 32- and 64-bit limbs. Derived values computed with Python integers.
 */
#ifndef EMBER_P256_CONST_H
#define EMBER_P256_CONST_H

/* p = 2^256 - 2^224 + 2^192 + 2^96 - 1 */
#define P256_P L64(0xffffffffffffffffull), L64(0x00000000ffffffffull), L64(0x0000000000000000ull), L64(0xffffffff00000001ull)
/* n, the order of G */
#define P256_N L64(0xf3b9cac2fc632551ull), L64(0xbce6faada7179e84ull), L64(0xffffffffffffffffull), L64(0xffffffff00000000ull)
/* b R mod p */
#define P256_B_MONT L64(0xd89cdf6229c4bddfull), L64(0xacf005cd78843090ull), L64(0xe5a220abf7212ed6ull), L64(0xdc30061d04874834ull)
/* R mod p (1 in Montgomery form) */
#define P256_ONE_MONT L64(0x0000000000000001ull), L64(0xffffffff00000000ull), L64(0xffffffffffffffffull), L64(0x00000000fffffffeull)
/* R^2 mod p and R^2 mod n */
#define P256_RR_P L64(0x0000000000000003ull), L64(0xfffffffbffffffffull), L64(0xfffffffffffffffeull), L64(0x00000004fffffffdull)
#define P256_RR_N L64(0x83244c95be79eea2ull), L64(0x4699799c49bd6fa6ull), L64(0x2845b2392b6bec59ull), L64(0x66e12d94f3d95620ull)
/* -n^-1 mod 2^64 and mod 2^32 (-p^-1 is 1 for both word sizes) */
#define P256_N0INV64 0xccd1c8aaee00bc4full
#define P256_N0INV32 0xee00bc4fu
/* exponents: p - 2 (inverse), n - 2 (inverse mod n), (p + 1) / 4 (square root: p = 3 mod 4) */
#define P256_P_MINUS_2 L64(0xfffffffffffffffdull), L64(0x00000000ffffffffull), L64(0x0000000000000000ull), L64(0xffffffff00000001ull)
#define P256_N_MINUS_2 L64(0xf3b9cac2fc63254full), L64(0xbce6faada7179e84ull), L64(0xffffffffffffffffull), L64(0xffffffff00000000ull)
#define P256_SQRT_EXP L64(0x0000000000000000ull), L64(0x0000000040000000ull), L64(0x4000000000000000ull), L64(0x3fffffffc0000000ull)
/* p - n (r + n < p exactly when r < p - n: ECDSA verification's second candidate) */
#define P256_P_MINUS_N L64(0x0c46353d039cdaaeull), L64(0x4319055358e8617bull), L64(0x0000000000000000ull), L64(0x0000000000000000ull)

#endif
