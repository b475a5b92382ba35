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
 * 6-bit field of R (bits 0-5, 4-9, ..., 28-31 and 0-1 wrapping around).
 * The SP-boxes are S-box j applied to x, followed by the permutation P,
 * rotated left by one bit: ember_des_sp6 holds S1, S3, S5, S7 interleaved,
 * entry x of S-box j at sp6[x][j] (see EMBER_DES_S6), ember_des_sp8 holds
 * S2, S4, S6, S8 indexed by a whole byte whose top two bits are ignored
 * (each 64-entry row four times), so that the fields of R ^ K2|K4|K6|K8,
 * which sit at bits 0-5 of each byte, are read with a byte extraction and
 * no mask (x86: movzx, or a plain shift for the top byte). 1 KiB + 4 KiB in
 * all.
 *
 * A key schedule is 32 words, two per round: for round i, ks[2i] holds the
 * 6-bit subkey groups K1, K3, K5, K7 of FIPS 46-3 in bits 24-29, 16-21,
 * 8-13 and 0-5, rotated left by 4 bits (to line up with the fields of R),
 * and ks[2i+1] holds K2, K4, K6, K8 in bits 24-29, 16-21, 8-13 and 0-5.
 * Decryption walks the same schedule backwards. The parity bits of the key
 * are ignored (as OpenSSL's DES_set_key_unchecked).
 */
#ifndef EMBER_DES_CORE_H
#define EMBER_DES_CORE_H

#include "internal.h"

extern const uint32_t ember_des_sp6[64][4];
extern const uint32_t ember_des_sp8[4][256];

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

/* The block functions are small and hot: have them inlined into every loop. */
#if defined(__GNUC__) || defined(__clang__)
#define EMBER_DES_INLINE static inline __attribute__((always_inline))
#else
#define EMBER_DES_INLINE static inline
#endif

/*
 * The fields of w sit at bits 4-9, 12-17, 20-25 and 28-1 (wrapping). With
 * the four S-boxes of sp6 interleaved (16 bytes per index x), a field
 * brought to bits 4-9 of u is, masked as u & 0x3f0, already the byte
 * offset of its row: w itself, w >> 8, w >> 16 and rotl(w, 8) need one
 * AND each and no shift back (x86: and + base+index load; MIPS: andi +
 * addu + lw). The pointer is computed in bytes and points to a uint32_t of
 * the table, 4-aligned. In-process against OpenSSL at 16 bytes
 * (scripts/cipher-percall.c): des-cbc 175.6 -> 172.9 ns, des-ede3 462.6
 * -> 455.6 ns.
 */
#define EMBER_DES_S6(sp6, j, u) (*(const uint32_t *)((const unsigned char *)(sp6) + ((u)&0x3f0) + 4 * (j)))

/*
 * The round function f(R, K) of FIPS 46-3 section 3 on w = R ^ K0 and
 * v = R ^ K1 (K0 is stored rotated left by 4, see ember_des_key_schedule,
 * so that R need not be rotated). CBC encryption is a serial chain, so the
 * rounds are written for latency: the eight S-box outputs occupy disjoint
 * bits, so they may be combined with OR and ADD as well as XOR, and mixing
 * the operators as a balanced tree keeps the compiler from re-associating
 * it into a chain of eight dependent XORs. Whole, it serves the last round;
 * EMBER_DES_R below splits the same lookups in two halves.
 */
#define EMBER_DES_F(sp6, sp8, w, v)                                                \
	(((EMBER_DES_S6(sp6, 0, ember_rotl32(w, 8)) | EMBER_DES_S6(sp6, 1, (w) >> 16)) + \
	     (EMBER_DES_S6(sp6, 2, (w) >> 8) | EMBER_DES_S6(sp6, 3, w))) |          \
	    ((sp8[0][(v) >> 24] | sp8[1][(v) >> 16 & 255]) +                       \
	        (sp8[2][(v) >> 8 & 255] | sp8[3][(v)&255])))

/*
 * One round: x ^= f(w, v), and the inputs of the next round, whose R is the
 * new x, are formed as (x ^ K) ^ f. f is not summed first: g, the three
 * SP-boxes of v whose index is one instruction (top byte, low byte, second
 * byte), joined by the fourth, is XORed into x ^ K while the loads of the
 * w half, whose indices take two instructions, are still in flight; h, the
 * w half, then meets it with one XOR. From the last load to the next
 * round's w and v: OR, ADD, XOR (it was OR, ADD, OR, XOR). In-process
 * against OpenSSL at 16 bytes (scripts/cipher-percall.c): des-cbc 188.7 ->
 * 178.4 ns, des-ede3 487 -> 464 ns. The new x is taken back from w
 * (x = w ^ K), one operation instead of two; it is needed only two rounds
 * later, so the dependency costs nothing, and it keeps the round at 13
 * operations besides the loads and indices (12 before), which is what a
 * 32-bit core without out-of-order execution pays.
 */
#define EMBER_DES_R(sp6, sp8, x, w, v, ka, kb)                                     \
	do {                                                                       \
		uint32_t g_, h_, xa_ = (x) ^ (ka), xb_ = (x) ^ (kb);               \
		g_ = (sp8[0][(v) >> 24] | sp8[3][(v)&255]) + sp8[2][(v) >> 8 & 255]; \
		g_ |= sp8[1][(v) >> 16 & 255];                                     \
		h_ = (EMBER_DES_S6(sp6, 0, ember_rotl32(w, 8)) | EMBER_DES_S6(sp6, 1, (w) >> 16)) + \
		     (EMBER_DES_S6(sp6, 2, (w) >> 8) | EMBER_DES_S6(sp6, 3, w));    \
		(w) = (xa_ ^ g_) ^ h_;                                             \
		(v) = (xb_ ^ g_) ^ h_;                                             \
		(x) = (w) ^ (ka);                                                  \
	} while (0)

/*
 * The 16 rounds on (l, r) after IP, reading the schedule from |k| in steps
 * of |step| words: (ks, 2) encrypts, (ks + 30, -2) decrypts. On return l
 * holds L16 and r holds R16, so the pre-output block R16 L16 is (r, l):
 * swap the roles before FP (or before the next DES of an EDE chain, since
 * FP then IP cancel). One copy serves both directions, which keeps the
 * code small; the key pointer arithmetic is off the critical path.
 */
#define EMBER_DES_RK(sp6, sp8, x, w, v, k, step)                                   \
	do {                                                                       \
		(k) += (step);                                                     \
		EMBER_DES_R(sp6, sp8, x, w, v, (k)[0], (k)[1]);                    \
	} while (0)

EMBER_DES_INLINE void ember_des_rounds(const uint32_t *k, ptrdiff_t step, uint32_t *lp, uint32_t *rp)
{
	const uint32_t(*sp6)[4] = ember_des_sp6;
	const uint32_t(*sp8)[256] = ember_des_sp8;
	uint32_t l = *lp, r = *rp, w = r ^ k[0], v = r ^ k[1];

	EMBER_DES_RK(sp6, sp8, l, w, v, k, step);
	EMBER_DES_RK(sp6, sp8, r, w, v, k, step);
	EMBER_DES_RK(sp6, sp8, l, w, v, k, step);
	EMBER_DES_RK(sp6, sp8, r, w, v, k, step);
	EMBER_DES_RK(sp6, sp8, l, w, v, k, step);
	EMBER_DES_RK(sp6, sp8, r, w, v, k, step);
	EMBER_DES_RK(sp6, sp8, l, w, v, k, step);
	EMBER_DES_RK(sp6, sp8, r, w, v, k, step);
	EMBER_DES_RK(sp6, sp8, l, w, v, k, step);
	EMBER_DES_RK(sp6, sp8, r, w, v, k, step);
	EMBER_DES_RK(sp6, sp8, l, w, v, k, step);
	EMBER_DES_RK(sp6, sp8, r, w, v, k, step);
	EMBER_DES_RK(sp6, sp8, l, w, v, k, step);
	EMBER_DES_RK(sp6, sp8, r, w, v, k, step);
	EMBER_DES_RK(sp6, sp8, l, w, v, k, step);
	r ^= EMBER_DES_F(sp6, sp8, w, v);
	*lp = l;
	*rp = r;
}

#endif
