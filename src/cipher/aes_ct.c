/*
 * aes_ct.c - bitsliced, constant-time AES in portable C (FIPS 197), four
 * blocks at a time in eight 64-bit words: the "ct64" design (Kaesper and
 * Schwabe's bitslicing as BearSSL's aes_ct64 applies it), written afresh.
 *
 * Constant-time: no table, no secret-dependent branch or index; the S-box
 * is the Boyar-Peralta circuit. The default AES where the CPU has no AES
 * instructions. Correct on any word size and byte order: bytes are placed
 * into words by shifts, never by memory reinterpretation.
 *
 * Layout: q[i] holds bit i of the 64 state bytes of four blocks; byte
 * (row r, column c) of block k sits at bit 16r + 4c + k. ShiftRows then
 * rotates nibbles inside each 16-bit row, and MixColumns rotates by rows.
 */
#include "aes_impl.h"

#define AES_CT_WORD uint64_t
#include "aes_ct_sbox.h"

/* FIPS 197 5.1.2: row r moves left by r columns (nibbles move right by 4r bits here). */
static void shift_rows(uint64_t *q)
{
	unsigned i;

	for (i = 0; i < 8; i++) {
		uint64_t x = q[i];
		q[i] = (x & 0x000000000000FFFFull) | ((x & 0x00000000FFF00000ull) >> 4) |
		       ((x & 0x00000000000F0000ull) << 12) | ((x & 0x0000FF0000000000ull) >> 8) |
		       ((x & 0x000000FF00000000ull) << 8) | ((x & 0xF000000000000000ull) >> 12) |
		       ((x & 0x0FFF000000000000ull) << 4);
	}
}

/* FIPS 197 5.3.1 */
static void inv_shift_rows(uint64_t *q)
{
	unsigned i;

	for (i = 0; i < 8; i++) {
		uint64_t x = q[i];
		q[i] = (x & 0x000000000000FFFFull) | ((x & 0x000000000FFF0000ull) << 4) |
		       ((x & 0x00000000F0000000ull) >> 12) | ((x & 0x0000FF0000000000ull) >> 8) |
		       ((x & 0x000000FF00000000ull) << 8) | ((x & 0xFFF0000000000000ull) >> 4) |
		       ((x & 0x000F000000000000ull) << 12);
	}
}

/*
 * FIPS 197 5.1.3: a0' = 2(a0 ^ a1) ^ a1 ^ a2 ^ a3, and likewise down the
 * column. Rotating a word right by 16 brings row r + 1 onto row r. The
 * doubling (FIPS 197 4.2.1, reduction by x^8 + x^4 + x^3 + x + 1) moves
 * bit plane i to i + 1 and feeds plane 7 back into planes 0, 1, 3 and 4.
 */
static void mix_columns(uint64_t *q)
{
	uint64_t q0 = q[0], q1 = q[1], q2 = q[2], q3 = q[3], q4 = q[4], q5 = q[5], q6 = q[6], q7 = q[7];
	uint64_t r0 = ember_rotr64(q0, 16), r1 = ember_rotr64(q1, 16), r2 = ember_rotr64(q2, 16);
	uint64_t r3 = ember_rotr64(q3, 16), r4 = ember_rotr64(q4, 16), r5 = ember_rotr64(q5, 16);
	uint64_t r6 = ember_rotr64(q6, 16), r7 = ember_rotr64(q7, 16);
	uint64_t t0 = q0 ^ r0, t1 = q1 ^ r1, t2 = q2 ^ r2, t3 = q3 ^ r3;
	uint64_t t4 = q4 ^ r4, t5 = q5 ^ r5, t6 = q6 ^ r6, t7 = q7 ^ r7;

	q[0] = t7 ^ r0 ^ ember_rotr64(t0, 32);
	q[1] = t0 ^ t7 ^ r1 ^ ember_rotr64(t1, 32);
	q[2] = t1 ^ r2 ^ ember_rotr64(t2, 32);
	q[3] = t2 ^ t7 ^ r3 ^ ember_rotr64(t3, 32);
	q[4] = t3 ^ t7 ^ r4 ^ ember_rotr64(t4, 32);
	q[5] = t4 ^ r5 ^ ember_rotr64(t5, 32);
	q[6] = t5 ^ r6 ^ ember_rotr64(t6, 32);
	q[7] = t6 ^ r7 ^ ember_rotr64(t7, 32);
}

/*
 * FIPS 197 5.3.3, factored as MixColumns after a0 ^= 4(a0 ^ a2),
 * a1 ^= 4(a1 ^ a3) (and the same for a2, a3); u = a ^ (a two rows on),
 * and 4u spelled out on bit planes.
 */
static void inv_mix_columns(uint64_t *q)
{
	uint64_t u0 = q[0] ^ ember_rotr64(q[0], 32), u1 = q[1] ^ ember_rotr64(q[1], 32);
	uint64_t u2 = q[2] ^ ember_rotr64(q[2], 32), u3 = q[3] ^ ember_rotr64(q[3], 32);
	uint64_t u4 = q[4] ^ ember_rotr64(q[4], 32), u5 = q[5] ^ ember_rotr64(q[5], 32);
	uint64_t u6 = q[6] ^ ember_rotr64(q[6], 32), u7 = q[7] ^ ember_rotr64(q[7], 32);

	q[0] ^= u6;
	q[1] ^= u6 ^ u7;
	q[2] ^= u0 ^ u7;
	q[3] ^= u1 ^ u6;
	q[4] ^= u2 ^ u6 ^ u7;
	q[5] ^= u3 ^ u7;
	q[6] ^= u4;
	q[7] ^= u5;
	mix_columns(q);
}

/* Bytes a[0..3] to the even byte lanes of a word, b[0..3] to the odd ones. */
static uint64_t interleave(const uint8_t *a, const uint8_t *b)
{
	return (uint64_t)a[0] | (uint64_t)b[0] << 8 | (uint64_t)a[1] << 16 | (uint64_t)b[1] << 24 |
	       (uint64_t)a[2] << 32 | (uint64_t)b[2] << 40 | (uint64_t)a[3] << 48 | (uint64_t)b[3] << 56;
}

static void deinterleave(uint8_t *a, uint8_t *b, uint64_t x)
{
	unsigned i;

	for (i = 0; i < 4; i++) {
		a[i] = (uint8_t)(x >> (16 * i));
		b[i] = (uint8_t)(x >> (16 * i + 8));
	}
}

/*
 * Block k's byte (row r, column c) goes to word (c & 1) * 4 + k, byte lane
 * 2r + (c >> 1); the transpose then puts it at bit 16r + 4c + k of every
 * bit plane. |n| blocks (1..4) from |in|; missing blocks are zero.
 */
static void load4(uint64_t *q, const uint8_t *in, size_t n)
{
	size_t k;

	for (k = 0; k < 4; k++) {
		if (k < n) {
			const uint8_t *b = in + 16 * k;
			q[k] = interleave(b, b + 8);
			q[k + 4] = interleave(b + 4, b + 12);
		} else {
			q[k] = q[k + 4] = 0;
		}
	}
	ortho(q);
}

static void store4(uint8_t *out, uint64_t *q, size_t n)
{
	size_t k;

	ortho(q);
	for (k = 0; k < n; k++) {
		uint8_t *b = out + 16 * k;
		deinterleave(b, b + 8, q[k]);
		deinterleave(b + 4, b + 12, q[k + 4]);
	}
}

/* FIPS 197 5.1: Cipher() on four blocks. */
static void enc4(const uint64_t *sk, unsigned nr, uint64_t *q)
{
	unsigned r;

	add_round_key(q, sk);
	for (r = 1; r < nr; r++) {
		sbox(q);
		shift_rows(q);
		mix_columns(q);
		add_round_key(q, sk + 8 * r);
	}
	sbox(q);
	shift_rows(q);
	add_round_key(q, sk + 8 * nr);
}

/* FIPS 197 5.3: InvCipher() on four blocks. */
static void dec4(const uint64_t *sk, unsigned nr, uint64_t *q)
{
	unsigned r;

	add_round_key(q, sk + 8 * nr);
	for (r = nr - 1; r > 0; r--) {
		inv_shift_rows(q);
		inv_sbox(q);
		add_round_key(q, sk + 8 * r);
		inv_mix_columns(q);
	}
	inv_shift_rows(q);
	inv_sbox(q);
	add_round_key(q, sk);
}

/* SubWord for the key expansion: the four bytes as four lanes of the circuit. */
static uint32_t sub_word(uint32_t x)
{
	uint64_t q[8];
	uint32_t y = 0;
	unsigned i, k;

	for (i = 0; i < 8; i++) {
		q[i] = 0;
		for (k = 0; k < 4; k++)
			q[i] |= (uint64_t)((x >> (8 * k + i)) & 1) << k;
	}
	sbox(q);
	for (i = 0; i < 8; i++)
		for (k = 0; k < 4; k++)
			y |= (uint32_t)((q[i] >> k) & 1) << (8 * k + i);
	ember_wipe(q, sizeof(q));
	return y;
}

int ember_aes_ct_set_key(ember_aes_ctx *ctx, const uint8_t *key, size_t key_len)
{
	uint32_t w[60];
	uint8_t rk[64];
	unsigned nr = ember_aes_rounds(key_len), r, j;

	if (nr == 0)
		return EMBER_EKEYLEN;
	ember_aes_expand(w, key, key_len, sub_word);
	/* Each round key, repeated for the four block lanes, bitsliced. */
	for (r = 0; r <= nr; r++) {
		for (j = 0; j < 4; j++)
			ember_st32le(rk + 4 * j, w[4 * r + j]);
		for (j = 1; j < 4; j++)
			memcpy(rk + 16 * j, rk, 16);
		load4(ctx->sk.q + 8 * r, rk, 4);
	}
	ctx->rounds = nr;
	ctx->impl = &ember_aes_ct_desc;
	ember_wipe(w, sizeof(w));
	ember_wipe(rk, sizeof(rk));
	return 0;
}

/* the modes and the descriptor, shared with the other bitsliced file */
#define AES_CT_MODES_WORD uint64_t
#define AES_CT_LANES 4
#define AES_CT_LOAD load4
#define AES_CT_STORE store4
#define AES_CT_ENC enc4
#define AES_CT_DEC dec4
#define AES_CT_KEYS(ctx) (ctx)->sk.q
#define AES_CT_XW 8
#define AES_CT_XLD ember_ld64le
#define AES_CT_XST ember_st64le
#define AES_CT_SET_KEY ember_aes_ct_set_key
#define AES_CT_TAG "ct"
#define AES_CT_DESC ember_aes_ct_desc
#include "aes_ct_modes.h"
