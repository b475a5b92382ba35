/*
 * aes_ct32.c - bitsliced, constant-time AES in portable C (FIPS 197), two
 * blocks at a time in eight 32-bit words: the 32-bit sibling of aes_ct.c
 * (the layout BearSSL calls aes_ct), written afresh. On 32-bit cores every
 * 64-bit operation of aes_ct.c costs two instructions and serial CBC
 * encryption uses one lane of four; here one of two, on native words.
 *
 * Constant-time: no table, no secret-dependent branch or index (key
 * schedule included); the S-box is the Boyar-Peralta circuit shared with
 * aes_ct.c (aes_ct_sbox.h). Correct on any byte order: bytes are placed
 * into words by ember_ld32le/ember_st32le, never by memory reinterpretation.
 *
 * Layout: q[i] holds bit i of the 32 state bytes of two blocks; byte
 * (row r, column c) of block k sits at bit 8r + 2c + k. ShiftRows then
 * rotates bit pairs inside each byte (row), and MixColumns rotates by bytes.
 */
#include "aes_impl.h"

#define AES_CT_WORD uint32_t
#include "aes_ct_sbox.h"

/*
 * FIPS 197 5.1.2: row r moves left by r columns, i.e. byte r of every bit
 * plane rotates right by 2r bits. Done as two steps on all rows at once:
 * rows 2 and 3 rotate by 4 (a nibble swap), then rows 1 and 3 by 2
 * (13 operations where the seven masked shifts of aes_ct.c's form take 18).
 */
static inline uint32_t shift_rows_word(uint32_t x)
{
	uint32_t t = (x ^ (x >> 4)) & 0x0F0F0000u;

	x ^= t ^ (t << 4);
	return (x & 0x00FF00FFu) | ((x >> 2) & 0x3F003F00u) | ((x << 6) & 0xC000C000u);
}

/* FIPS 197 5.3.1: the same steps backwards (rows 1 and 3 rotate left by 2 first). */
static inline uint32_t inv_shift_rows_word(uint32_t x)
{
	uint32_t t;

	x = (x & 0x00FF00FFu) | ((x << 2) & 0xFC00FC00u) | ((x >> 6) & 0x03000300u);
	t = (x ^ (x >> 4)) & 0x0F0F0000u;
	return x ^ t ^ (t << 4);
}

static void shift_rows(uint32_t *q)
{
	unsigned i;

	for (i = 0; i < 8; i++)
		q[i] = shift_rows_word(q[i]);
}

static void inv_shift_rows(uint32_t *q)
{
	unsigned i;

	for (i = 0; i < 8; i++)
		q[i] = inv_shift_rows_word(q[i]);
}

/*
 * FIPS 197 5.1.3: a0' = 2(a0 ^ a1) ^ a1 ^ a2 ^ a3, and likewise down the
 * column. Rotating a word right by 8 brings row r + 1 onto row r. The
 * doubling (FIPS 197 4.2.1, reduction by x^8 + x^4 + x^3 + x + 1) moves
 * bit plane i to i + 1 and feeds plane 7 back into planes 0, 1, 3 and 4.
 * Writes MixColumns(q0..q7) ^ k to q.
 */
static inline void mix_columns_of(uint32_t *q, const uint32_t *k, uint32_t q0, uint32_t q1, uint32_t q2,
				  uint32_t q3, uint32_t q4, uint32_t q5, uint32_t q6, uint32_t q7)
{
	uint32_t r0 = ember_rotr32(q0, 8), r1 = ember_rotr32(q1, 8), r2 = ember_rotr32(q2, 8);
	uint32_t r3 = ember_rotr32(q3, 8), r4 = ember_rotr32(q4, 8), r5 = ember_rotr32(q5, 8);
	uint32_t r6 = ember_rotr32(q6, 8), r7 = ember_rotr32(q7, 8);
	uint32_t t0 = q0 ^ r0, t1 = q1 ^ r1, t2 = q2 ^ r2, t3 = q3 ^ r3;
	uint32_t t4 = q4 ^ r4, t5 = q5 ^ r5, t6 = q6 ^ r6, t7 = q7 ^ r7;

	q[0] = t7 ^ r0 ^ ember_rotr32(t0, 16) ^ k[0];
	q[1] = t0 ^ t7 ^ r1 ^ ember_rotr32(t1, 16) ^ k[1];
	q[2] = t1 ^ r2 ^ ember_rotr32(t2, 16) ^ k[2];
	q[3] = t2 ^ t7 ^ r3 ^ ember_rotr32(t3, 16) ^ k[3];
	q[4] = t3 ^ t7 ^ r4 ^ ember_rotr32(t4, 16) ^ k[4];
	q[5] = t4 ^ r5 ^ ember_rotr32(t5, 16) ^ k[5];
	q[6] = t5 ^ r6 ^ ember_rotr32(t6, 16) ^ k[6];
	q[7] = t6 ^ r7 ^ ember_rotr32(t7, 16) ^ k[7];
}

/* ShiftRows, MixColumns, AddRoundKey(|k|): the words kept in registers. */
static void shift_mix_add(uint32_t *q, const uint32_t *k)
{
	mix_columns_of(q, k, shift_rows_word(q[0]), shift_rows_word(q[1]), shift_rows_word(q[2]),
		       shift_rows_word(q[3]), shift_rows_word(q[4]), shift_rows_word(q[5]),
		       shift_rows_word(q[6]), shift_rows_word(q[7]));
}

/*
 * FIPS 197 5.3.3, factored as MixColumns after a0 ^= 4(a0 ^ a2),
 * a1 ^= 4(a1 ^ a3) (and the same for a2, a3); u = a ^ (a two rows on),
 * and 4u spelled out on bit planes. AddRoundKey(|k|) comes first, in registers.
 */
static void add_inv_mix_columns(uint32_t *q, const uint32_t *k)
{
	static const uint32_t zero[8] = { 0 };
	uint32_t q0 = q[0] ^ k[0], q1 = q[1] ^ k[1], q2 = q[2] ^ k[2], q3 = q[3] ^ k[3];
	uint32_t q4 = q[4] ^ k[4], q5 = q[5] ^ k[5], q6 = q[6] ^ k[6], q7 = q[7] ^ k[7];
	uint32_t u0 = q0 ^ ember_rotr32(q0, 16), u1 = q1 ^ ember_rotr32(q1, 16);
	uint32_t u2 = q2 ^ ember_rotr32(q2, 16), u3 = q3 ^ ember_rotr32(q3, 16);
	uint32_t u4 = q4 ^ ember_rotr32(q4, 16), u5 = q5 ^ ember_rotr32(q5, 16);
	uint32_t u6 = q6 ^ ember_rotr32(q6, 16), u7 = q7 ^ ember_rotr32(q7, 16);

	mix_columns_of(q, zero, q0 ^ u6, q1 ^ u6 ^ u7, q2 ^ u0 ^ u7, q3 ^ u1 ^ u6, q4 ^ u2 ^ u6 ^ u7,
		       q5 ^ u3 ^ u7, q6 ^ u4, q7 ^ u5);
}

/*
 * Block k's column c (its bytes 4c..4c + 3, rows 0..3 in byte lanes 0..3)
 * goes to word 2c + k; the transpose then puts byte (row r, column c) at
 * bit 8r + 2c + k of every bit plane. |n| blocks (1 or 2) from |in|; a
 * missing block is zero.
 */
static void load2(uint32_t *q, const uint8_t *in, size_t n)
{
	unsigned c;

	for (c = 0; c < 4; c++) {
		q[2 * c] = ember_ld32le(in + 4 * c);
		q[2 * c + 1] = n > 1 ? ember_ld32le(in + 16 + 4 * c) : 0;
	}
	ortho(q);
}

static void store2(uint8_t *out, uint32_t *q, size_t n)
{
	unsigned c;

	ortho(q);
	for (c = 0; c < 4; c++) {
		ember_st32le(out + 4 * c, q[2 * c]);
		if (n > 1)
			ember_st32le(out + 16 + 4 * c, q[2 * c + 1]);
	}
}

/* FIPS 197 5.1: Cipher() on two blocks. */
static void enc2(const uint32_t *sk, unsigned nr, uint32_t *q)
{
	unsigned r;

	add_round_key(q, sk);
	for (r = 1; r < nr; r++) {
		sbox(q);
		shift_mix_add(q, sk + 8 * r);
	}
	sbox(q);
	shift_rows(q);
	add_round_key(q, sk + 8 * nr);
}

/* FIPS 197 5.3: InvCipher() on two blocks. */
static void dec2(const uint32_t *sk, unsigned nr, uint32_t *q)
{
	unsigned r;

	add_round_key(q, sk + 8 * nr);
	for (r = nr - 1; r > 0; r--) {
		inv_shift_rows(q);
		inv_sbox(q);
		add_inv_mix_columns(q, sk + 8 * r);
	}
	inv_shift_rows(q);
	inv_sbox(q);
	add_round_key(q, sk);
}

/*
 * SubWord for the key expansion: the transpose spreads the word's four
 * bytes over four lanes of the circuit (the other words are zero).
 */
static uint32_t sub_word(uint32_t x)
{
	uint32_t q[8] = { 0 }, y;

	q[0] = x;
	ortho(q);
	sbox(q);
	ortho(q);
	y = q[0];
	ember_wipe(q, sizeof(q));
	return y;
}

int ember_aes_ct32_set_key(ember_aes_ctx *ctx, const uint8_t *key, size_t key_len)
{
	uint32_t w[60];
	unsigned nr = ember_aes_rounds(key_len), r, c;

	if (nr == 0)
		return EMBER_EKEYLEN;
	ember_aes_expand(w, key, key_len, sub_word);
	/* Each round key, repeated for the two block lanes, bitsliced:
	 * sk.w[8r .. 8r + 7] is round r's key (see aes_impl.h). */
	for (r = 0; r <= nr; r++) {
		uint32_t *q = ctx->sk.w + 8 * r;
		for (c = 0; c < 4; c++)
			q[2 * c] = q[2 * c + 1] = w[4 * r + c];
		ortho(q);
	}
	ctx->rounds = nr;
	ctx->impl = &ember_aes_ct32_desc;
	ember_wipe(w, sizeof(w));
	return 0;
}

/* the modes and the descriptor, shared with the other bitsliced file */
#define AES_CT_MODES_WORD uint32_t
#define AES_CT_LANES 2
#define AES_CT_LOAD load2
#define AES_CT_STORE store2
#define AES_CT_ENC enc2
#define AES_CT_DEC dec2
#define AES_CT_KEYS(ctx) (ctx)->sk.w
#define AES_CT_XW 4
#define AES_CT_XLD ember_ld32le
#define AES_CT_XST ember_st32le
#define AES_CT_SET_KEY ember_aes_ct32_set_key
#define AES_CT_TAG "ct32"
#define AES_CT_DESC ember_aes_ct32_desc
#include "aes_ct_modes.h"
