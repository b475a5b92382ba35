/*
 * des_core.h - the one DES core (FIPS 46-3) shared by DES, DES-EDE3
 * (SP 800-67) and MDC-2 (ISO/IEC 10118-2); not installed.
 *
 * Table-driven and NOT constant-time: the eight SP-box lookups of every
 * round are indexed by key- and data-dependent bits, so cache timing can
 * leak the key. Use DES only for interoperability.
 *
 * Representation (the classic one of the SP-box implementations): a block
 * is two big-endian 32-bit halves. The initial permutation IP is a network
 * of five swap-moves; both halves are then kept rotated left by one bit so
 * that each 6-bit S-box input (the expansion E of FIPS 46-3) is a plain
 * field of R or of R rotated right by 4. ember_des_sp[j][x] is S-box j+1
 * applied to x, followed by the permutation P, rotated left by one bit.
 *
 * A key schedule is 32 words, two per round: for round i, ks[2i] holds the
 * 6-bit subkey groups K1, K3, K5, K7 of FIPS 46-3 in bits 24-29, 16-21,
 * 8-13 and 0-5, and ks[2i+1] holds K2, K4, K6, K8 likewise. Decryption walks
 * the same schedule backwards. The parity bits of the key are ignored (as
 * OpenSSL's DES_set_key_unchecked).
 */
#ifndef EMBER_DES_CORE_H
#define EMBER_DES_CORE_H

#include "internal.h"

extern const uint32_t ember_des_sp[8][64];

/* Expands the 8-byte |key| into the 32-word schedule |ks|. */
void ember_des_key_schedule(uint32_t ks[32], const uint8_t key[8]);

/* One block, in place allowed. */
void ember_des_encrypt_block(const uint32_t ks[32], uint8_t out[8], const uint8_t in[8]);
void ember_des_decrypt_block(const uint32_t ks[32], uint8_t out[8], const uint8_t in[8]);

/* ECB over |nblocks| whole blocks; in place allowed. ks3 is K1, K2, K3. */
void ember_des_ecb(const uint32_t ks[32], uint8_t *out, const uint8_t *in, size_t nblocks, int decrypt);
void ember_des3_ecb(const uint32_t ks3[96], uint8_t *out, const uint8_t *in, size_t nblocks, int decrypt);

/* CBC over |nblocks| whole blocks, |iv| updated for chaining; in place allowed. */
void ember_des_cbc(const uint32_t ks[32], uint8_t iv[8], uint8_t *out, const uint8_t *in,
    size_t nblocks, int decrypt);
void ember_des3_cbc(const uint32_t ks3[96], uint8_t iv[8], uint8_t *out, const uint8_t *in,
    size_t nblocks, int decrypt);

/* FIPS 46-3 IP as swap-moves, then both halves rotated left by one bit. */
#define EMBER_DES_SWAPMOVE(a, b, n, m)                                             \
	do {                                                                       \
		uint32_t t_ = (((a) >> (n)) ^ (b)) & (m);                          \
		(b) ^= t_;                                                         \
		(a) ^= t_ << (n);                                                  \
	} while (0)

#define EMBER_DES_IP(l, r)                                                         \
	do {                                                                       \
		EMBER_DES_SWAPMOVE(l, r, 4, 0x0f0f0f0fu);                          \
		EMBER_DES_SWAPMOVE(l, r, 16, 0x0000ffffu);                         \
		EMBER_DES_SWAPMOVE(r, l, 2, 0x33333333u);                          \
		EMBER_DES_SWAPMOVE(r, l, 8, 0x00ff00ffu);                          \
		EMBER_DES_SWAPMOVE(l, r, 1, 0x55555555u);                          \
		(l) = ember_rotl32(l, 1);                                          \
		(r) = ember_rotl32(r, 1);                                          \
	} while (0)

/* The inverse: FP = IP^-1 (each swap-move is an involution). */
#define EMBER_DES_FP(l, r)                                                         \
	do {                                                                       \
		(l) = ember_rotr32(l, 1);                                          \
		(r) = ember_rotr32(r, 1);                                          \
		EMBER_DES_SWAPMOVE(l, r, 1, 0x55555555u);                          \
		EMBER_DES_SWAPMOVE(r, l, 8, 0x00ff00ffu);                          \
		EMBER_DES_SWAPMOVE(r, l, 2, 0x33333333u);                          \
		EMBER_DES_SWAPMOVE(l, r, 16, 0x0000ffffu);                         \
		EMBER_DES_SWAPMOVE(l, r, 4, 0x0f0f0f0fu);                          \
	} while (0)

/* One round, FIPS 46-3 section 3: l ^= f(r, K) with the subkey words k0, k1. */
#define EMBER_DES_ROUND(sp, l, r, k0, k1)                                          \
	do {                                                                       \
		uint32_t w_ = ember_rotr32(r, 4) ^ (k0);                           \
		uint32_t v_ = (r) ^ (k1);                                          \
		(l) ^= sp[0][(w_ >> 24) & 63] ^ sp[2][(w_ >> 16) & 63] ^           \
		       sp[4][(w_ >> 8) & 63] ^ sp[6][w_ & 63] ^                    \
		       sp[1][(v_ >> 24) & 63] ^ sp[3][(v_ >> 16) & 63] ^           \
		       sp[5][(v_ >> 8) & 63] ^ sp[7][v_ & 63];                     \
	} while (0)

/*
 * The 16 rounds on (l, r) after IP. On return l holds L16 and r holds R16,
 * so the pre-output block R16 L16 is (r, l): swap the roles before FP (or
 * before the next DES of an EDE chain, since FP then IP cancel).
 */
static inline void ember_des_rounds_enc(const uint32_t *ks, uint32_t *lp, uint32_t *rp)
{
	const uint32_t(*sp)[64] = ember_des_sp;
	uint32_t l = *lp, r = *rp;
	int i;

	for (i = 0; i < 32; i += 4) {
		EMBER_DES_ROUND(sp, l, r, ks[i], ks[i + 1]);
		EMBER_DES_ROUND(sp, r, l, ks[i + 2], ks[i + 3]);
	}
	*lp = l;
	*rp = r;
}

static inline void ember_des_rounds_dec(const uint32_t *ks, uint32_t *lp, uint32_t *rp)
{
	const uint32_t(*sp)[64] = ember_des_sp;
	uint32_t l = *lp, r = *rp;
	int i;

	for (i = 30; i >= 0; i -= 4) {
		EMBER_DES_ROUND(sp, l, r, ks[i], ks[i + 1]);
		EMBER_DES_ROUND(sp, r, l, ks[i - 2], ks[i - 1]);
	}
	*lp = l;
	*rp = r;
}

#endif
