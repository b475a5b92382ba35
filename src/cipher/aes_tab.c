/*
 * aes_tab.c - AES with T-tables (FIPS 197; the "T-table" formulation of
 * Daemen and Rijmen, AES proposal section 5.2.1).
 *
 * NOT CONSTANT-TIME: table indexes depend on the key and data, so cache
 * timing can reveal the key. Flagged 0 (no EMBER_IMPL_CT) and never chosen
 * by default; it exists as a speed baseline for cores without AES
 * instructions and can only be selected by name ("tab").
 *
 * Shape, chosen by counting instructions on MIPS32r2 and Cortex-A9 (see
 * docs/BENCHMARKS.md, "Embedded targets"): the state stays in four words,
 * each table lookup is one byte extract (ubfx/uxtb; srl+andi or ext+sll)
 * and one load, round keys are read as words, the rounds are unrolled, and
 * CBC keeps the chaining value in registers and reads and writes whole
 * words when the buffers are 4-byte aligned on a little-endian core.
 */
#include "aes_impl.h"

#if defined(__GNUC__) || defined(__clang__)
#define AES_INLINE static inline __attribute__((always_inline))
#else
#define AES_INLINE static inline
#endif
/* OPAQUE(p): the compiler no longer knows p's value, so keeps it in a register. */
#if defined(__GNUC__) || defined(__clang__)
#define OPAQUE(p) __asm__("" : "+r"(p))
#else
#define OPAQUE(p) ((void)0)
#endif

/* Multiplication by 2 (that is, x), 4 and 8 in GF(2^8) mod x^8 + x^4 + x^3 + x + 1 (FIPS 197 4.2.1),
 * as constant expressions. */
#define M2(x) ((((x) << 1) ^ (((x) >> 7) * 0x11b)) & 0xff)
#define M4(x) M2(M2(x))
#define M8(x) M2(M4(x))
#define ROTL(v, n) ((uint32_t)((v) << (n) | (v) >> (32 - (n))))

/* One MixColumns column per input byte, byte 0 in the low bits:
 * TE0[x] = (2S[x], S[x], S[x], 3S[x]) and TD0[x] = (14, 9, 13, 11)·S^-1[x];
 * TEk and TDk are the same words rotated left by 8k bits. */
#define TE0_OF(s) ((uint32_t)M2(s) | (uint32_t)(s) << 8 | (uint32_t)(s) << 16 | (uint32_t)(M2(s) ^ (s)) << 24)
#define TD0_OF(s)                                                                                           \
	((uint32_t)(M8(s) ^ M4(s) ^ M2(s)) | (uint32_t)(M8(s) ^ (s)) << 8 | (uint32_t)(M8(s) ^ M4(s) ^ (s)) << 16 | \
	 (uint32_t)(M8(s) ^ M2(s) ^ (s)) << 24)
#define BYTE(s) s,
#define TE0_E(s) TE0_OF(s),
#define TE1_E(s) ROTL(TE0_OF(s), 8),
#define TE2_E(s) ROTL(TE0_OF(s), 16),
#define TE3_E(s) ROTL(TE0_OF(s), 24),
#define TD0_E(s) TD0_OF(s),
#define TD1_E(s) ROTL(TD0_OF(s), 8),
#define TD2_E(s) ROTL(TD0_OF(s), 16),
#define TD3_E(s) ROTL(TD0_OF(s), 24),

static const uint8_t SBOX[256] = { SBOX_LIST(BYTE) };
static const uint8_t INV_SBOX[256] = { INV_SBOX_LIST(BYTE) };

/*
 * AES_TAB_ONE: one 1 KiB table per direction and a rotate per lookup where
 * the rotate is free (ARM and AArch64 fold it into the eor); four tables
 * elsewhere (on MIPS32r2 four rotr fewer per column). Each table is reached
 * through its own pointer that the compiler must keep in a register
 * (OPAQUE): otherwise gcc adds the table's offset to every byte index
 * (MIPS: an addiu per lookup; ARM: an add, since the table sits at an
 * offset from a section anchor) instead of folding it into the load.
 */
#if defined(EMBER_ARM32) || defined(EMBER_AARCH64)
#define AES_TAB_ONE 1
#else
#define AES_TAB_ONE 0
#endif

#if AES_TAB_ONE
static const uint32_t TE[1][256] = { { SBOX_LIST(TE0_E) } };
static const uint32_t TD[1][256] = { { INV_SBOX_LIST(TD0_E) } };
#define TABLES(t, T)                        \
	const uint32_t *t##0 = T[0];        \
	OPAQUE(t##0)
#define TE_(k, i) ember_rotl32(te0[i], 8 * (k))
#define TD_(k, i) ember_rotl32(td0[i], 8 * (k))
#else
static const uint32_t TE[4][256] = {
	{ SBOX_LIST(TE0_E) }, { SBOX_LIST(TE1_E) }, { SBOX_LIST(TE2_E) }, { SBOX_LIST(TE3_E) }
};
static const uint32_t TD[4][256] = {
	{ INV_SBOX_LIST(TD0_E) }, { INV_SBOX_LIST(TD1_E) }, { INV_SBOX_LIST(TD2_E) }, { INV_SBOX_LIST(TD3_E) }
};
#define TABLES(t, T)                                                                     \
	const uint32_t *t##0 = T[0], *t##1 = T[1], *t##2 = T[2], *t##3 = T[3];           \
	OPAQUE(t##0);                                                                     \
	OPAQUE(t##1);                                                                     \
	OPAQUE(t##2);                                                                     \
	OPAQUE(t##3)
#define TE_(k, i) te##k[i]
#define TD_(k, i) td##k[i]
#endif

#define B0(x) ((x) & 0xff)
#define B1(x) (((x) >> 8) & 0xff)
#define B2(x) (((x) >> 16) & 0xff)
#define B3(x) ((x) >> 24)

static uint32_t sub_word(uint32_t w)
{
	return (uint32_t)SBOX[B0(w)] | (uint32_t)SBOX[B1(w)] << 8 | (uint32_t)SBOX[B2(w)] << 16 |
	       (uint32_t)SBOX[B3(w)] << 24;
}

/* InvMixColumns of one column: TD0[S[b]] = (14, 9, 13, 11)·b. */
static uint32_t inv_mix(uint32_t w)
{
	TABLES(td, TD);

	return TD_(0, SBOX[B0(w)]) ^ TD_(1, SBOX[B1(w)]) ^ TD_(2, SBOX[B2(w)]) ^ TD_(3, SBOX[B3(w)]);
}

int ember_aes_tab_set_key(ember_aes_ctx *ctx, const uint8_t *key, size_t key_len)
{
	unsigned nr = ember_aes_rounds(key_len), r, j;
	uint32_t *ek = ctx->sk.w, *dk = ctx->sk.w + EMBER_AES_DEC_WORDS;

	if (nr == 0)
		return EMBER_EKEYLEN;
	ember_aes_expand(ek, key, key_len, sub_word);
	/* FIPS 197 5.3.5: equivalent inverse cipher keys, in order of use. */
	for (r = 0; r <= nr; r++) {
		for (j = 0; j < 4; j++) {
			uint32_t w = ek[4 * (nr - r) + j];
			dk[4 * r + j] = (r == 0 || r == nr) ? w : inv_mix(w);
		}
	}
	ctx->rounds = nr;
	ctx->impl = &ember_aes_tab_desc;
	return 0;
}

/* FIPS 197 5.1: one round, SubBytes, ShiftRows and MixColumns folded into TE,
 * then AddRoundKey with k[0..3]: state s in, state d out. */
#define EROUND(d0, d1, d2, d3, s0, s1, s2, s3, k)                                                   \
	do {                                                                                        \
		d0 = (k)[0] ^ TE_(0, B0(s0)) ^ TE_(1, B1(s1)) ^ TE_(2, B2(s2)) ^ TE_(3, B3(s3));   \
		d1 = (k)[1] ^ TE_(0, B0(s1)) ^ TE_(1, B1(s2)) ^ TE_(2, B2(s3)) ^ TE_(3, B3(s0));   \
		d2 = (k)[2] ^ TE_(0, B0(s2)) ^ TE_(1, B1(s3)) ^ TE_(2, B2(s0)) ^ TE_(3, B3(s1));   \
		d3 = (k)[3] ^ TE_(0, B0(s3)) ^ TE_(1, B1(s0)) ^ TE_(2, B2(s1)) ^ TE_(3, B3(s2));   \
	} while (0)

/* FIPS 197 5.3.5: the equivalent inverse cipher (InvShiftRows moves row r right by r). */
#define DROUND(d0, d1, d2, d3, s0, s1, s2, s3, k)                                                   \
	do {                                                                                        \
		d0 = (k)[0] ^ TD_(0, B0(s0)) ^ TD_(1, B1(s3)) ^ TD_(2, B2(s2)) ^ TD_(3, B3(s1));   \
		d1 = (k)[1] ^ TD_(0, B0(s1)) ^ TD_(1, B1(s0)) ^ TD_(2, B2(s3)) ^ TD_(3, B3(s2));   \
		d2 = (k)[2] ^ TD_(0, B0(s2)) ^ TD_(1, B1(s1)) ^ TD_(2, B2(s0)) ^ TD_(3, B3(s3));   \
		d3 = (k)[3] ^ TD_(0, B0(s3)) ^ TD_(1, B1(s2)) ^ TD_(2, B2(s1)) ^ TD_(3, B3(s0));   \
	} while (0)

/* The last round has no MixColumns: S-box bytes put in place. */
#define LAST(sb, a, b, c, d, k) \
	((k) ^ ((uint32_t)sb[B0(a)] | (uint32_t)sb[B1(b)] << 8 | (uint32_t)sb[B2(c)] << 16 | (uint32_t)sb[B3(d)] << 24))

/*
 * Rounds 1..nr of the cipher on the state words w[0..3], to which the caller
 * has already added round key 0; nr is 10, 12 or 14. Unrolled, with the state
 * alternating between s and t: no loop counter and no moves, and round keys
 * at constant offsets from one pointer. On a Cortex-A9 the counter of a loop
 * is the register that pushes the state out to the stack (6% more
 * instructions). Used once per direction, by the mode functions below, so
 * the unrolled code exists twice, not four times.
 */
AES_INLINE void enc_rounds(const uint32_t *rk, unsigned nr, uint32_t *w)
{
	uint32_t s0 = w[0], s1 = w[1], s2 = w[2], s3 = w[3], t0, t1, t2, t3;
	TABLES(te, TE);

	EROUND(t0, t1, t2, t3, s0, s1, s2, s3, rk + 4);
	EROUND(s0, s1, s2, s3, t0, t1, t2, t3, rk + 8);
	EROUND(t0, t1, t2, t3, s0, s1, s2, s3, rk + 12);
	EROUND(s0, s1, s2, s3, t0, t1, t2, t3, rk + 16);
	EROUND(t0, t1, t2, t3, s0, s1, s2, s3, rk + 20);
	EROUND(s0, s1, s2, s3, t0, t1, t2, t3, rk + 24);
	EROUND(t0, t1, t2, t3, s0, s1, s2, s3, rk + 28);
	EROUND(s0, s1, s2, s3, t0, t1, t2, t3, rk + 32);
	if (nr > 10) {
		EROUND(t0, t1, t2, t3, s0, s1, s2, s3, rk + 36);
		EROUND(s0, s1, s2, s3, t0, t1, t2, t3, rk + 40);
		if (nr > 12) {
			EROUND(t0, t1, t2, t3, s0, s1, s2, s3, rk + 44);
			EROUND(s0, s1, s2, s3, t0, t1, t2, t3, rk + 48);
		}
	}
	rk += 4 * nr - 8;
	EROUND(t0, t1, t2, t3, s0, s1, s2, s3, rk + 4);
	w[0] = LAST(SBOX, t0, t1, t2, t3, rk[8]);
	w[1] = LAST(SBOX, t1, t2, t3, t0, rk[9]);
	w[2] = LAST(SBOX, t2, t3, t0, t1, rk[10]);
	w[3] = LAST(SBOX, t3, t0, t1, t2, rk[11]);
}

AES_INLINE void dec_rounds(const uint32_t *rk, unsigned nr, uint32_t *w)
{
	uint32_t s0 = w[0], s1 = w[1], s2 = w[2], s3 = w[3], t0, t1, t2, t3;
	TABLES(td, TD);

	DROUND(t0, t1, t2, t3, s0, s1, s2, s3, rk + 4);
	DROUND(s0, s1, s2, s3, t0, t1, t2, t3, rk + 8);
	DROUND(t0, t1, t2, t3, s0, s1, s2, s3, rk + 12);
	DROUND(s0, s1, s2, s3, t0, t1, t2, t3, rk + 16);
	DROUND(t0, t1, t2, t3, s0, s1, s2, s3, rk + 20);
	DROUND(s0, s1, s2, s3, t0, t1, t2, t3, rk + 24);
	DROUND(t0, t1, t2, t3, s0, s1, s2, s3, rk + 28);
	DROUND(s0, s1, s2, s3, t0, t1, t2, t3, rk + 32);
	if (nr > 10) {
		DROUND(t0, t1, t2, t3, s0, s1, s2, s3, rk + 36);
		DROUND(s0, s1, s2, s3, t0, t1, t2, t3, rk + 40);
		if (nr > 12) {
			DROUND(t0, t1, t2, t3, s0, s1, s2, s3, rk + 44);
			DROUND(s0, s1, s2, s3, t0, t1, t2, t3, rk + 48);
		}
	}
	rk += 4 * nr - 8;
	DROUND(t0, t1, t2, t3, s0, s1, s2, s3, rk + 4);
	w[0] = LAST(INV_SBOX, t0, t3, t2, t1, rk[8]);
	w[1] = LAST(INV_SBOX, t1, t0, t3, t2, rk[9]);
	w[2] = LAST(INV_SBOX, t2, t1, t0, t3, rk[10]);
	w[3] = LAST(INV_SBOX, t3, t2, t1, t0, rk[11]);
}

/*
 * Block loads and stores as little-endian words. |fast| (from aligned())
 * says all buffers are 4-byte aligned on a little-endian core: then one lw
 * or ldr per word, where the portable byte path costs lwl+lwr on MIPS.
 */
static int aligned(const void *a, const void *b)
{
#if defined(EMBER_NATIVE_LE)
	return (((uintptr_t)a | (uintptr_t)b) & 3) == 0;
#else
	(void)a;
	(void)b;
	return 0;
#endif
}

AES_INLINE uint32_t ld(const uint8_t *p, int fast)
{
	return fast ? ember_ld32_aligned(p) : ember_ld32le(p);
}

AES_INLINE void st(uint8_t *p, uint32_t v, int fast)
{
	if (fast) {
#if defined(__GNUC__) || defined(__clang__)
		p = (uint8_t *)__builtin_assume_aligned(p, 4);
#endif
		memcpy(p, &v, 4);
	} else {
		ember_st32le(p, v);
	}
}

/*
 * ECB (iv NULL) and CBC encryption. The chaining value stays in c0..c3
 * (registers) from block to block; ECB chains with zero.
 */
static void enc_blocks(const ember_aes_ctx *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const uint32_t *rk = ctx->sk.w;
	unsigned nr = ctx->rounds;
	int fast = aligned(in, out);
	uint32_t c0 = 0, c1 = 0, c2 = 0, c3 = 0, w[4];

	if (iv != NULL) {
		c0 = ember_ld32le(iv);
		c1 = ember_ld32le(iv + 4);
		c2 = ember_ld32le(iv + 8);
		c3 = ember_ld32le(iv + 12);
	}
	for (; nblocks > 0; nblocks--, in += 16, out += 16) {
		w[0] = ld(in, fast) ^ c0 ^ rk[0];
		w[1] = ld(in + 4, fast) ^ c1 ^ rk[1];
		w[2] = ld(in + 8, fast) ^ c2 ^ rk[2];
		w[3] = ld(in + 12, fast) ^ c3 ^ rk[3];
		enc_rounds(rk, nr, w);
		st(out, w[0], fast);
		st(out + 4, w[1], fast);
		st(out + 8, w[2], fast);
		st(out + 12, w[3], fast);
		/* both branches assign, so no chaining value is live across the rounds */
		if (iv != NULL) {
			c0 = w[0];
			c1 = w[1];
			c2 = w[2];
			c3 = w[3];
		} else {
			c0 = c1 = c2 = c3 = 0;
		}
	}
	if (iv != NULL) {
		ember_st32le(iv, c0);
		ember_st32le(iv + 4, c1);
		ember_st32le(iv + 8, c2);
		ember_st32le(iv + 12, c3);
	}
}

/*
 * ECB (iv NULL) and CBC decryption. |out| may equal |in|: each ciphertext
 * block is read before its plaintext is written.
 */
static void dec_blocks(const ember_aes_ctx *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const uint32_t *rk = ctx->sk.w + EMBER_AES_DEC_WORDS;
	unsigned nr = ctx->rounds;
	int fast = aligned(in, out);
	uint32_t v0 = 0, v1 = 0, v2 = 0, v3 = 0, c0, c1, c2, c3, w[4];

	if (iv != NULL) {
		v0 = ember_ld32le(iv);
		v1 = ember_ld32le(iv + 4);
		v2 = ember_ld32le(iv + 8);
		v3 = ember_ld32le(iv + 12);
	}
	for (; nblocks > 0; nblocks--, in += 16, out += 16) {
		c0 = ld(in, fast);
		c1 = ld(in + 4, fast);
		c2 = ld(in + 8, fast);
		c3 = ld(in + 12, fast);
		w[0] = c0 ^ rk[0];
		w[1] = c1 ^ rk[1];
		w[2] = c2 ^ rk[2];
		w[3] = c3 ^ rk[3];
		dec_rounds(rk, nr, w);
		st(out, w[0] ^ v0, fast);
		st(out + 4, w[1] ^ v1, fast);
		st(out + 8, w[2] ^ v2, fast);
		st(out + 12, w[3] ^ v3, fast);
		if (iv != NULL) {
			v0 = c0;
			v1 = c1;
			v2 = c2;
			v3 = c3;
		}
	}
	if (iv != NULL) {
		ember_st32le(iv, v0);
		ember_st32le(iv + 4, v1);
		ember_st32le(iv + 8, v2);
		ember_st32le(iv + 12, v3);
	}
}

static void ctr(const ember_aes_ctx *ctx, uint8_t *cb, uint8_t *out, const uint8_t *in, size_t len)
{
	uint8_t ks[16];
	size_t j, n;

	while (len > 0) {
		enc_blocks(ctx, NULL, ks, cb, 1);
		ember_aes_ctr_inc(cb);
		n = len < 16 ? len : 16;
		for (j = 0; j < n; j++)
			out[j] = in[j] ^ ks[j];
		in += n;
		out += n;
		len -= n;
	}
	ember_wipe(ks, sizeof(ks));
}

/* Descriptor adapters: typed wrappers, no function-pointer casts. */
static void d_enc(const void *c, uint8_t *out, const uint8_t *in, size_t n)
{
	enc_blocks((const ember_aes_ctx *)c, NULL, out, in, n);
}
static void d_dec(const void *c, uint8_t *out, const uint8_t *in, size_t n)
{
	dec_blocks((const ember_aes_ctx *)c, NULL, out, in, n);
}
static void d_cbc_enc(const void *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t n)
{
	enc_blocks((const ember_aes_ctx *)c, iv, out, in, n);
}
static void d_cbc_dec(const void *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t n)
{
	dec_blocks((const ember_aes_ctx *)c, iv, out, in, n);
}
static void d_ctr(const void *c, uint8_t *cb, uint8_t *out, const uint8_t *in, size_t len)
{
	ctr((const ember_aes_ctx *)c, cb, out, in, len);
}

EMBER_AES_DESC(ember_aes_tab_desc, "tab", 0, NULL, ember_aes_tab_set_key);
