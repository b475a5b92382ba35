/*
 * p384_const.h - the constants of P-384 (FIPS 186-5 / SP 800-186 3.2.1.4)
 * as little-endian 64-bit limbs, for every P-384 backend: each defines
 * L64(x) as x (64-bit limbs) or as its two 32-bit halves, low first.
 * Montgomery forms are times R = 2^384 (mod p or mod n), the same R for
 * 32- and 64-bit limbs. Derived values computed with Python integers.
 */
#ifndef EMBER_P384_CONST_H
#define EMBER_P384_CONST_H

/* p = 2^384 - 2^128 - 2^96 + 2^32 - 1 */
#define P384_P L64(0x00000000ffffffffull), L64(0xffffffff00000000ull), L64(0xfffffffffffffffeull), \
	L64(0xffffffffffffffffull), L64(0xffffffffffffffffull), L64(0xffffffffffffffffull)
/* n, the order of G */
#define P384_N L64(0xecec196accc52973ull), L64(0x581a0db248b0a77aull), L64(0xc7634d81f4372ddfull), \
	L64(0xffffffffffffffffull), L64(0xffffffffffffffffull), L64(0xffffffffffffffffull)
/* b R mod p */
#define P384_B_MONT L64(0x081188719d412dccull), L64(0xf729add87a4c32ecull), L64(0x77f2209b1920022eull), \
	L64(0xe3374bee94938ae2ull), L64(0xb62b21f41f022094ull), L64(0xcd08114b604fbff9ull)
/* R mod p (1 in Montgomery form) */
#define P384_ONE_MONT L64(0xffffffff00000001ull), L64(0x00000000ffffffffull), L64(0x0000000000000001ull), \
	L64(0x0000000000000000ull), L64(0x0000000000000000ull), L64(0x0000000000000000ull)
/* R^2 mod p and R^2 mod n */
#define P384_RR_P L64(0xfffffffe00000001ull), L64(0x0000000200000000ull), L64(0xfffffffe00000000ull), \
	L64(0x0000000200000000ull), L64(0x0000000000000001ull), L64(0x0000000000000000ull)
#define P384_RR_N L64(0x2d319b2419b409a9ull), L64(0xff3d81e5df1aa419ull), L64(0xbc3e483afcb82947ull), \
	L64(0xd40d49174aab1cc5ull), L64(0x3fb05b7a28266895ull), L64(0x0c84ee012b39bf21ull)
/* -n^-1 and -p^-1 mod 2^64 and mod 2^32 */
#define P384_N0INV64 0x6ed46089e88fdc45ull
#define P384_N0INV32 0xe88fdc45u
#define P384_P0INV64 0x0000000100000001ull
#define P384_P0INV32 0x00000001u
/* exponents: p - 2 (inverse), n - 2 (inverse mod n), (p + 1) / 4 (square root: p = 3 mod 4) */
#define P384_P_MINUS_2 L64(0x00000000fffffffdull), L64(0xffffffff00000000ull), L64(0xfffffffffffffffeull), \
	L64(0xffffffffffffffffull), L64(0xffffffffffffffffull), L64(0xffffffffffffffffull)
#define P384_N_MINUS_2 L64(0xecec196accc52971ull), L64(0x581a0db248b0a77aull), L64(0xc7634d81f4372ddfull), \
	L64(0xffffffffffffffffull), L64(0xffffffffffffffffull), L64(0xffffffffffffffffull)
#define P384_SQRT_EXP L64(0x0000000040000000ull), L64(0xbfffffffc0000000ull), L64(0xffffffffffffffffull), \
	L64(0xffffffffffffffffull), L64(0xffffffffffffffffull), L64(0x3fffffffffffffffull)
/* p - n (r + n < p exactly when r < p - n: ECDSA verification's second candidate) */
#define P384_P_MINUS_N L64(0x1313e696333ad68cull), L64(0xa7e5f24cb74f5885ull), L64(0x389cb27e0bc8d21full), \
	L64(0x0000000000000000ull), L64(0x0000000000000000ull), L64(0x0000000000000000ull)

#endif
