/*
 * aes_ct32.c - bitsliced, constant-time AES in portable C (FIPS 197), two
 * blocks at a time in eight 32-bit words, fixsliced: A. Adomnicai and
 * T. Peyrin, "Fixslicing AES-like Ciphers", TCHES 2021(1), their 32-bit
 * "fully fixsliced" form. On 32-bit cores every 64-bit operation of
 * aes_ct.c costs two instructions and serial CBC encryption uses one lane
 * of four; here one of two, on native words.
 *
 * Constant-time: no table, no secret-dependent branch or index (key
 * schedule included); the S-box is the Boyar-Peralta circuit. Correct on
 * any byte order: bytes are placed into words by ember_ld32le/ember_st32le,
 * never by memory reinterpretation.
 *
 * Layout: q[i] holds bit i of the 32 state bytes of two blocks; byte
 * (row r, column c) of block k sits at bit 8r + 2s + k of every plane,
 * where s is its slot in row r (s = c as loaded). No round computes
 * ShiftRows: after round n the slots have drifted by d = n mod 4, column c
 * of row r sitting in slot c + d r (mod 4). MixColumns reads the state
 * where it is (bringing row r + 1 onto row r becomes a word rotation plus,
 * when d is not 0, a rotation by 2d bits inside each byte: four variants)
 * and the key schedule stores round key n at the same drift (InvShiftRows
 * applied n mod 4 times). A 10- or 14-round cipher ends at drift 2 and pays
 * one nibble swap of rows 1 and 3; a 12-round one ends at drift 0. The
 * S-box's affine constant 0x63 is folded into round keys 1..Nr (MixColumns
 * and the drift keep a constant that is equal in every byte), so the
 * circuit has no NOT. Decryption undoes the same steps in reverse order,
 * with the same round keys.
 */
#include "aes_impl.h"

/* The S-box and the rounds live in registers inside the cipher's loop, not behind calls. */
#if defined(__GNUC__) || defined(__clang__)
#define EMBER_AES_FIX_INLINE static inline __attribute__((always_inline))
#else
#define EMBER_AES_FIX_INLINE static inline
#endif
/*
 * GCC's first scheduling pass, left free, moves the S-box's gates away from
 * their uses and spills what no longer fits in registers; weighing register
 * pressure there saves about one instruction in twenty on MIPS32r2 at -O2
 * (counted under qemu; no change on ARM, PowerPC or i686). Only the two
 * cipher functions ask for it; without it the results are the same.
 */
#if defined(__GNUC__) && !defined(__clang__)
#define EMBER_AES_FIX_CIPHER __attribute__((optimize("sched-pressure"))) static void
#else
#define EMBER_AES_FIX_CIPHER static void
#endif

/* The S-box circuit without its NOTs (0x63 is in the round keys), its inverse, AddRoundKey, the transpose. */
#define AES_CT_WORD uint32_t
#define AES_CT_FN EMBER_AES_FIX_INLINE
#define AES_CT_SBOX_NO_NOT
#include "aes_ct_sbox.h"

/*
 * Row r + 1 (ROT1_d) and row r + 2 (ROT2_d) of every column brought onto
 * row r at drift d: a word rotation by 8 (16) bits and, for slots that
 * moved, by 2d (4d) bits inside each byte, done as two word rotations
 * merged under a mask (bits that cross into the next byte take the other).
 */
static inline uint32_t rot_merge(uint32_t x, unsigned a, unsigned b, uint32_t m)
{
	uint32_t s = ember_rotr32(x, a), t = ember_rotr32(x, b);

	return t ^ ((s ^ t) & m);
}

#define ROT1_0(x) ember_rotr32(x, 8)
#define ROT1_1(x) rot_merge(x, 10, 2, 0x3F3F3F3Fu)
#define ROT1_2(x) rot_merge(x, 12, 4, 0x0F0F0F0Fu)
#define ROT1_3(x) rot_merge(x, 14, 6, 0x03030303u)
#define ROT2_0(x) ember_rotr32(x, 16)
#define ROT2_1(x) rot_merge(x, 20, 12, 0x0F0F0F0Fu)
#define ROT2_2 ROT2_0
#define ROT2_3 ROT2_1

/*
 * FIPS 197 5.1.3 at drift d: a0' = 2(a0 ^ a1) ^ a1 ^ (a2 ^ a3), and likewise
 * down the column, then AddRoundKey(|k|). The doubling (FIPS 197 4.2.1,
 * reduction by x^8 + x^4 + x^3 + x + 1) moves bit plane i to i + 1 and
 * feeds plane 7 back into planes 0, 1, 3 and 4. |k| is read with constant
 * indices, so a static array of zeros costs no instruction.
 */
#define MIX_STEP(R1, R2, a, k)                                                  \
	do {                                                                    \
		uint32_t b7 = R1(a[7]), y7 = a[7] ^ b7, b_, y_, yp_;            \
		b_ = R1(a[0]), y_ = a[0] ^ b_;                                  \
		a[0] = y7 ^ b_ ^ R2(y_) ^ k[0], yp_ = y_;                       \
		b_ = R1(a[1]), y_ = a[1] ^ b_;                                  \
		a[1] = yp_ ^ y7 ^ b_ ^ R2(y_) ^ k[1], yp_ = y_;                 \
		b_ = R1(a[2]), y_ = a[2] ^ b_;                                  \
		a[2] = yp_ ^ b_ ^ R2(y_) ^ k[2], yp_ = y_;                      \
		b_ = R1(a[3]), y_ = a[3] ^ b_;                                  \
		a[3] = yp_ ^ y7 ^ b_ ^ R2(y_) ^ k[3], yp_ = y_;                 \
		b_ = R1(a[4]), y_ = a[4] ^ b_;                                  \
		a[4] = yp_ ^ y7 ^ b_ ^ R2(y_) ^ k[4], yp_ = y_;                 \
		b_ = R1(a[5]), y_ = a[5] ^ b_;                                  \
		a[5] = yp_ ^ b_ ^ R2(y_) ^ k[5], yp_ = y_;                      \
		b_ = R1(a[6]), y_ = a[6] ^ b_;                                  \
		a[6] = yp_ ^ b_ ^ R2(y_) ^ k[6];                                \
		a[7] = y_ ^ b7 ^ R2(y7) ^ k[7];                                 \
	} while (0)

/*
 * FIPS 197 5.3.3 at drift d, after AddRoundKey(|k|): InvMixColumns factored
 * as MixColumns after a0 ^= 4(a0 ^ a2), a1 ^= 4(a1 ^ a3) (and the same for
 * a2, a3); u = a ^ (a two rows on), and 4u spelled out on bit planes.
 */
#define INV_MIX_STEP(R1, R2, q, k)                                                                     \
	do {                                                                                           \
		static const uint32_t zero_[8] = { 0 };                                                \
		uint32_t a[8], u0, u1, u2, u3, u4, u5, u6, u7;                                         \
		a[0] = q[0] ^ k[0], a[1] = q[1] ^ k[1], a[2] = q[2] ^ k[2], a[3] = q[3] ^ k[3];        \
		a[4] = q[4] ^ k[4], a[5] = q[5] ^ k[5], a[6] = q[6] ^ k[6], a[7] = q[7] ^ k[7];        \
		u0 = a[0] ^ R2(a[0]), u1 = a[1] ^ R2(a[1]), u2 = a[2] ^ R2(a[2]), u3 = a[3] ^ R2(a[3]); \
		u4 = a[4] ^ R2(a[4]), u5 = a[5] ^ R2(a[5]), u6 = a[6] ^ R2(a[6]), u7 = a[7] ^ R2(a[7]); \
		a[0] ^= u6, a[1] ^= u6 ^ u7, a[2] ^= u0 ^ u7, a[3] ^= u1 ^ u6;                         \
		a[4] ^= u2 ^ u6 ^ u7, a[5] ^= u3 ^ u7, a[6] ^= u4, a[7] ^= u5;                          \
		MIX_STEP(R1, R2, a, zero_);                                                            \
		memcpy(q, a, sizeof(a));                                                               \
	} while (0)

/*
 * MixColumns and AddRoundKey-InvMixColumns at drift d, one function each
 * (mix0 .. mix3, add_inv_mix0 .. add_inv_mix3), and BY_DRIFT: the one place
 * that picks fn<d>(q, k) for a round's drift |d| (public). The switch stays
 * in the cipher's loop, over calls with a fixed drift: a single function
 * switching inside on |d| costs 0.9 % more instructions per byte on MIPS32r2
 * (counted under qemu; GCC 12 compiles the two forms differently).
 */
#define DRIFT_FNS(d)                                                                   \
	EMBER_AES_FIX_INLINE void mix##d(uint32_t *q, const uint32_t *k)               \
	{                                                                              \
		MIX_STEP(ROT1_##d, ROT2_##d, q, k);                                    \
	}                                                                              \
	EMBER_AES_FIX_INLINE void add_inv_mix##d(uint32_t *q, const uint32_t *k)       \
	{                                                                              \
		INV_MIX_STEP(ROT1_##d, ROT2_##d, q, k);                                \
	}
DRIFT_FNS(0)
DRIFT_FNS(1)
DRIFT_FNS(2)
DRIFT_FNS(3)

#define BY_DRIFT(fn, d, q, k)              \
	do {                               \
		switch (d) {               \
		case 0:                    \
			fn##0(q, k);       \
			break;             \
		case 1:                    \
			fn##1(q, k);       \
			break;             \
		case 2:                    \
			fn##2(q, k);       \
			break;             \
		default:                   \
			fn##3(q, k);       \
			break;             \
		}                          \
	} while (0)

/*
 * ShiftRows twice (its own inverse): rows 1 and 3 move by two columns, a
 * nibble swap inside bytes 1 and 3. Brings drift 2 back to 0.
 */
EMBER_AES_FIX_INLINE void shift_rows2(uint32_t *q)
{
	unsigned i;

	for (i = 0; i < 8; i++) {
		uint32_t t = (q[i] ^ (q[i] >> 4)) & 0x0F000F00u;
		q[i] ^= t ^ (t << 4);
	}
}

/* FIPS 197 5.3.1 on one bit plane at drift 0: byte r rotates left by 2r bits (key schedule only). */
static uint32_t inv_shift_rows_word(uint32_t x)
{
	uint32_t t;

	x = (x & 0x00FF00FFu) | ((x << 2) & 0xFC00FC00u) | ((x >> 6) & 0x03000300u);
	t = (x ^ (x >> 4)) & 0x0F0F0000u;
	return x ^ t ^ (t << 4);
}

/*
 * Block k's column c (its bytes 4c..4c + 3, rows 0..3 in byte lanes 0..3)
 * goes to word 2c + k, the form enc2() and dec2() take and give back (their
 * transposes then put byte (row r, column c) at bit 8r + 2c + k of every
 * bit plane). |n| blocks (1 or 2) from |in|; a missing block is zero.
 */
static void load2(uint32_t *q, const uint8_t *in, size_t n)
{
	unsigned c;

	for (c = 0; c < 4; c++) {
		q[2 * c] = ember_ld32le(in + 4 * c);
		q[2 * c + 1] = n > 1 ? ember_ld32le(in + 16 + 4 * c) : 0;
	}
}

static void store2(uint8_t *out, uint32_t *q, size_t n)
{
	unsigned c;

	for (c = 0; c < 4; c++) {
		ember_st32le(out + 4 * c, q[2 * c]);
		if (n > 1)
			ember_st32le(out + 16 + 4 * c, q[2 * c + 1]);
	}
}

/*
 * FIPS 197 5.1: Cipher() on two blocks, |qs| in and out in load2()'s column
 * words. Round n's MixColumns works at drift n mod 4 (1, 2, 3, 0, 1, ...);
 * the round count is public. The state is a local copy, which the compiler
 * may keep in registers; |qs| is the caller's to wipe.
 */
EMBER_AES_FIX_CIPHER enc2(const uint32_t *sk, unsigned nr, uint32_t *qs)
{
	uint32_t q[8];
	unsigned r;

	memcpy(q, qs, sizeof(q));
	ortho(q);
	add_round_key(q, sk);
	for (r = 1; r < nr; r++) {
		sbox(q);
		BY_DRIFT(mix, r % 4, q, sk + 8 * r);
	}
	sbox(q);
	add_round_key(q, sk + 8 * nr);
	if (nr % 4 == 2)
		shift_rows2(q);
	ortho(q);
	memcpy(qs, q, sizeof(q));
}

/* FIPS 197 5.3: InvCipher() on two blocks, enc2's steps undone in reverse. */
EMBER_AES_FIX_CIPHER dec2(const uint32_t *sk, unsigned nr, uint32_t *qs)
{
	uint32_t q[8];
	unsigned r;

	memcpy(q, qs, sizeof(q));
	ortho(q);
	if (nr % 4 == 2)
		shift_rows2(q);
	add_round_key(q, sk + 8 * nr);
	for (r = nr - 1; r > 0; r--) {
		inv_sbox(q);
		BY_DRIFT(add_inv_mix, r % 4, q, sk + 8 * r);
	}
	inv_sbox(q);
	add_round_key(q, sk);
	ortho(q);
	memcpy(qs, q, sizeof(q));
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
	y = q[0] ^ 0x63636363u;
	ember_wipe(q, sizeof(q));
	return y;
}

int ember_aes_ct32_set_key(ember_aes_ctx *ctx, const uint8_t *key, size_t key_len)
{
	uint32_t w[60];
	unsigned nr = ember_aes_rounds(key_len), r, c, i;

	if (nr == 0)
		return EMBER_EKEYLEN;
	ember_aes_expand(w, key, key_len, sub_word);
	/*
	 * Each round key, repeated for the two block lanes, bitsliced, at its
	 * round's drift, and for rounds 1..Nr with the S-box constant 0x63
	 * (bit planes 0, 1, 5 and 6) added: sk.w[8r .. 8r + 7] is round r's
	 * key (see aes_impl.h).
	 */
	for (r = 0; r <= nr; r++) {
		uint32_t *q = ctx->sk.w + 8 * r;
		for (c = 0; c < 4; c++)
			q[2 * c] = q[2 * c + 1] = w[4 * r + c];
		ortho(q);
		for (i = 0; i < 8; i++)
			for (c = 0; c < r % 4; c++)
				q[i] = inv_shift_rows_word(q[i]);
		if (r > 0) {
			q[0] = ~q[0];
			q[1] = ~q[1];
			q[5] = ~q[5];
			q[6] = ~q[6];
		}
	}
	ctx->rounds = nr;
	ctx->impl = &ember_aes_ct32_desc;
	ember_wipe(w, sizeof(w));
	return 0;
}

/*
 * CBC and CTR here; ECB and the descriptor from aes_ct_modes.h (at the end).
 * Unlike aes_ct_modes.h's, these modes stage no block in a byte buffer:
 * CBC's chaining value and CTR's counter are kept as the column words
 * load2() would read, and the XOR with the data is done on those words.
 * aes_ct_modes.h's byte-buffer CBC and CTR over load2()/store2() (4-byte
 * XOR chunks) cost, counted on MIPS32r2 at 8192 bytes, 187.52 instead of
 * 183.28 instructions per byte in CBC encryption, 119.96 instead of 114.97
 * in CBC decryption and 100.00 instead of 94.78 in CTR. In place
 * (out == in) is allowed: every block is read before it is written.
 */
/* CBC encryption is serial: one block in the first lane, the other zero (never written out). */
static void cbc_enc(const ember_aes_ctx *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	uint32_t q[8], v[4];
	unsigned c;

	for (c = 0; c < 4; c++)
		v[c] = ember_ld32le(iv + 4 * c);
	for (; nblocks > 0; nblocks--, in += 16, out += 16) {
		for (c = 0; c < 4; c++) {
			q[2 * c] = v[c] ^ ember_ld32le(in + 4 * c);
			q[2 * c + 1] = 0;
		}
		enc2(ctx->sk.w, ctx->rounds, q);
		for (c = 0; c < 4; c++) {
			v[c] = q[2 * c];
			ember_st32le(out + 4 * c, v[c]);
		}
	}
	for (c = 0; c < 4; c++)
		ember_st32le(iv + 4 * c, v[c]);
	ember_wipe(q, sizeof(q));
}

static void cbc_dec(const ember_aes_ctx *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	uint32_t q[8], v[4], x[8];
	unsigned c;

	for (c = 0; c < 4; c++)
		v[c] = ember_ld32le(iv + 4 * c);
	while (nblocks > 0) {
		size_t n = nblocks < 2 ? nblocks : 2;
		for (c = 0; c < 4; c++) {
			q[2 * c] = x[2 * c] = ember_ld32le(in + 4 * c);
			q[2 * c + 1] = x[2 * c + 1] = n > 1 ? ember_ld32le(in + 16 + 4 * c) : 0;
		}
		dec2(ctx->sk.w, ctx->rounds, q);
		for (c = 0; c < 4; c++) {
			ember_st32le(out + 4 * c, q[2 * c] ^ v[c]);
			if (n > 1)
				ember_st32le(out + 16 + 4 * c, q[2 * c + 1] ^ x[2 * c]);
			v[c] = x[2 * c + n - 1];
		}
		in += 16 * n;
		out += 16 * n;
		nblocks -= n;
	}
	for (c = 0; c < 4; c++)
		ember_st32le(iv + 4 * c, v[c]);
	ember_wipe(q, sizeof(q));
}

/* ember_ld32le of the bytes ember_st32be writes: the byte swap of |x|. */
static inline uint32_t swap32(uint32_t x)
{
	return (x >> 24) | ((x >> 8) & 0xFF00u) | ((x << 8) & 0xFF0000u) | (x << 24);
}

/*
 * SP 800-38A 6.5 with a 128-bit big-endian counter. A partial last block
 * still uses up (increments) its counter, as in every AES implementation here.
 */
static void ctr(const ember_aes_ctx *ctx, uint8_t *cb, uint8_t *out, const uint8_t *in, size_t len)
{
	uint32_t q[8];
	uint64_t hi = ember_ld64be(cb), lo = ember_ld64be(cb + 8);
	uint8_t ks[32];
	size_t j;
	unsigned c, k;

	while (len > 0) {
		size_t n = len < 32 ? len : 32, nb = (n + 15) / 16;
		for (k = 0; k < 2; k++) {
			q[k] = swap32((uint32_t)(hi >> 32));
			q[2 + k] = swap32((uint32_t)hi);
			q[4 + k] = swap32((uint32_t)(lo >> 32));
			q[6 + k] = swap32((uint32_t)lo);
			if (k < nb) {
				lo++;
				hi += 1 ^ ((lo | (0 - lo)) >> 63); /* carry without a branch */
			}
		}
		enc2(ctx->sk.w, ctx->rounds, q);
		if (n == 32) {
			for (c = 0; c < 4; c++) {
				ember_st32le(out + 4 * c, ember_ld32le(in + 4 * c) ^ q[2 * c]);
				ember_st32le(out + 16 + 4 * c, ember_ld32le(in + 16 + 4 * c) ^ q[2 * c + 1]);
			}
		} else {
			for (c = 0; c < 4; c++) {
				ember_st32le(ks + 4 * c, q[2 * c]);
				ember_st32le(ks + 16 + 4 * c, q[2 * c + 1]);
			}
			for (j = 0; j < n; j++)
				out[j] = in[j] ^ ks[j];
			ember_wipe(ks, sizeof(ks));
		}
		in += n;
		out += n;
		len -= n;
	}
	ember_st64be(cb, hi);
	ember_st64be(cb + 8, lo);
	ember_wipe(q, sizeof(q));
}

/* ECB and the descriptor, shared with aes_ct.c; CBC and CTR are the ones above. */
#define AES_CT_MODES_WORD uint32_t
#define AES_CT_LANES 2
#define AES_CT_LOAD load2
#define AES_CT_STORE store2
#define AES_CT_ENC enc2
#define AES_CT_DEC dec2
#define AES_CT_KEYS(ctx) (ctx)->sk.w
#define AES_CT_OWN_CBC_CTR
#define AES_CT_SET_KEY ember_aes_ct32_set_key
#define AES_CT_TAG "ct32"
#define AES_CT_DESC ember_aes_ct32_desc
#include "aes_ct_modes.h"
