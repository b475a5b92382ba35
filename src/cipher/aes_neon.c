/*
 * aes_neon.c - constant-time AES (FIPS 197) for 32-bit ARM with NEON
 * (ARMv7-A, e.g. Cortex-A9), one block per vector.
 *
 * SubBytes looks every byte up in the whole 256-byte S-box with VTBL/VTBX:
 * the box is loaded 32 bytes at a time (eight loads, always the same
 * addresses, in the same order), and each 32-byte piece answers the bytes
 * whose index falls in it (VTBX leaves the others as they are; the index
 * drops by 32 between pieces). Table lookups inside registers take the
 * same time for every index, so neither an address nor an instruction
 * depends on the key or the data: constant-time, where T-tables are not,
 * and one block at a time, where the bitsliced ct wants eight (CBC
 * encryption has one).
 *
 * ShiftRows is a VTBL permutation (folded into SubBytes' first lookup
 * index); MixColumns is out = 2(a ^ r1) ^ r1 ^ rot16(a ^ r1), r1 the
 * column rotated by one byte, 10 instructions for four columns.
 * Decryption runs the inverse cipher on the same round keys, backwards:
 * InvMixColumns = MixColumns after a ^= 4(a ^ rot16(a)) (the matrix
 * factorisation of "The Design of Rijndael", 4.1.3).
 *
 * The key expansion is aes.c's, with SubWord through the same lookups.
 * The lookups are inline asm: VTBX on a four-register table needs the
 * registers consecutive, which intrinsics leave to the register allocator.
 * 32-bit ARMv7-A only (gcc for any flags, through the "fpu=neon" target
 * attribute; clang when the flags enable NEON); elsewhere the descriptor
 * remains, with supported() returning 0 and slots that are never called.
 */
#include "aes_impl.h"

#if defined(EMBER_ARM32) && defined(__GNUC__) && defined(__ARM_ARCH) && __ARM_ARCH >= 7 && \
    (!defined(__ARM_ARCH_PROFILE) || __ARM_ARCH_PROFILE == 'A') && \
    (defined(__ARM_NEON) || !defined(__clang__))
#include <arm_neon.h>

/* clang gets here only with NEON enabled for the whole file, and knows no "fpu=neon" */
#if defined(__clang__)
#define NEON_TARGET
#else
#define NEON_TARGET EMBER_TARGET("fpu=neon")
#endif

#define BYTE(s) s,
static const uint8_t SBOX[256] EMBER_ALIGN(16) = { SBOX_LIST(BYTE) };
static const uint8_t INV_SBOX[256] EMBER_ALIGN(16) = { INV_SBOX_LIST(BYTE) };

/* index vectors: ShiftRows, InvShiftRows (byte 4c + r is row r of column c) */
static const uint8_t SR[16] EMBER_ALIGN(16) = { 0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 1, 6, 11 };
static const uint8_t ISR[16] EMBER_ALIGN(16) = { 0, 13, 10, 7, 4, 1, 14, 11, 8, 5, 2, 15, 12, 9, 6, 3 };

static int supported(void)
{
	return ember_cpu_has(EMBER_CPU_NEON);
}

/* One 32-byte piece of the box: 1 load, 2 lookups, then the index drops by 32. */
#define PIECE(op)                                                  \
	"vld1.8 {d16-d19}, [%[t]]!\n\t"                               \
	op " %e[o], {d16-d19}, %e[i]\n\t"                             \
	op " %f[o], {d16-d19}, %f[i]\n\t"                             \
	"vsub.i8 %q[i], %q[i], %q[c32]\n\t"

/*
 * box[x[p[j]]] for each byte j: the permutation p (ShiftRows or its
 * inverse, a lookup in x itself) gives the index i, then the substitution;
 * 33 instructions.
 */
static NEON_TARGET inline uint8x16_t subst(uint8x16_t x, const uint8_t *box, uint8x16_t p, uint8x16_t c32)
{
	uint8x16_t o, i;
	const uint8_t *t = box;

	__asm__("vtbl.8 %e[i], {%e[x], %f[x]}, %e[p]\n\t"
		"vtbl.8 %f[i], {%e[x], %f[x]}, %f[p]\n\t"
		PIECE("vtbl.8") PIECE("vtbx.8") PIECE("vtbx.8") PIECE("vtbx.8")
		PIECE("vtbx.8") PIECE("vtbx.8") PIECE("vtbx.8")
		"vld1.8 {d16-d19}, [%[t]]\n\t"
		"vtbx.8 %e[o], {d16-d19}, %e[i]\n\t"
		"vtbx.8 %f[o], {d16-d19}, %f[i]"
		: [o] "=&w"(o), [i] "=&w"(i), [t] "+r"(t)
		: [x] "w"(x), [p] "w"(p), [c32] "w"(c32), "m"(*(const uint8_t(*)[256])box)
		: "d16", "d17", "d18", "d19");
	return o;
}

/* 2a in GF(2^8) for each byte (FIPS 197 4.2.1) */
static NEON_TARGET inline uint8x16_t xtime(uint8x16_t a)
{
	uint8x16_t hi = vreinterpretq_u8_s8(vshrq_n_s8(vreinterpretq_s8_u8(a), 7));

	return veorq_u8(vshlq_n_u8(a, 1), vandq_u8(hi, vdupq_n_u8(0x1b)));
}

/* FIPS 197 5.1.3 on four columns */
static NEON_TARGET inline uint8x16_t mix_columns(uint8x16_t a)
{
	uint32x4_t w = vreinterpretq_u32_u8(a);
	uint8x16_t r1 = vreinterpretq_u8_u32(vsliq_n_u32(vshrq_n_u32(w, 8), w, 24));
	uint8x16_t t = veorq_u8(a, r1);

	return veorq_u8(veorq_u8(xtime(t), r1), vreinterpretq_u8_u16(vrev32q_u16(vreinterpretq_u16_u8(t))));
}

/* FIPS 197 5.3.3 as MixColumns after a ^= 4(a ^ rot16(a)) */
static NEON_TARGET inline uint8x16_t inv_mix_columns(uint8x16_t a)
{
	uint8x16_t t = veorq_u8(a, vreinterpretq_u8_u16(vrev32q_u16(vreinterpretq_u16_u8(a))));

	return mix_columns(veorq_u8(a, xtime(xtime(t))));
}

static NEON_TARGET uint8x16_t enc1(const uint8_t *rk, unsigned nr, uint8x16_t x)
{
	const uint8x16_t sr = vld1q_u8(SR), c32 = vdupq_n_u8(32);
	unsigned r;

	x = veorq_u8(x, vld1q_u8(rk));
	for (r = 1; r < nr; r++)
		x = veorq_u8(mix_columns(subst(x, SBOX, sr, c32)), vld1q_u8(rk + 16 * r));
	return veorq_u8(subst(x, SBOX, sr, c32), vld1q_u8(rk + 16 * nr));
}

static NEON_TARGET uint8x16_t dec1(const uint8_t *rk, unsigned nr, uint8x16_t x)
{
	const uint8x16_t isr = vld1q_u8(ISR), c32 = vdupq_n_u8(32);
	unsigned r;

	x = veorq_u8(x, vld1q_u8(rk + 16 * nr));
	for (r = nr - 1; r > 0; r--)
		x = inv_mix_columns(veorq_u8(subst(x, INV_SBOX, isr, c32), vld1q_u8(rk + 16 * r)));
	return veorq_u8(subst(x, INV_SBOX, isr, c32), vld1q_u8(rk));
}

/* SubWord for the key expansion: the word in all four columns, so ShiftRows moves nothing. */
static NEON_TARGET uint32_t sub_word(uint32_t w)
{
	uint8x16_t x = vreinterpretq_u8_u32(vdupq_n_u32(w));

	return vgetq_lane_u32(vreinterpretq_u32_u8(subst(x, SBOX, vld1q_u8(SR), vdupq_n_u8(32))), 0);
}

int ember_aes_neon_set_key(ember_aes_ctx *ctx, const uint8_t *key, size_t key_len)
{
	unsigned nr = ember_aes_rounds(key_len), i;
	uint32_t w[60];

	if (nr == 0)
		return EMBER_EKEYLEN;
	if (!supported())
		return EMBER_ENOTSUP;
	ember_aes_expand(w, key, key_len, sub_word);
	for (i = 0; i < 4 * (nr + 1); i++)
		ember_st32le(ctx->sk.b + 4 * i, w[i]);
	ember_wipe(w, sizeof(w));
	ctx->rounds = nr;
	ctx->impl = &ember_aes_neon_desc;
	return 0;
}

static NEON_TARGET void d_enc(const void *c, uint8_t *out, const uint8_t *in, size_t n)
{
	const ember_aes_ctx *ctx = (const ember_aes_ctx *)c;

	for (; n > 0; n--, in += 16, out += 16)
		vst1q_u8(out, enc1(ctx->sk.b, ctx->rounds, vld1q_u8(in)));
}

static NEON_TARGET void d_dec(const void *c, uint8_t *out, const uint8_t *in, size_t n)
{
	const ember_aes_ctx *ctx = (const ember_aes_ctx *)c;

	for (; n > 0; n--, in += 16, out += 16)
		vst1q_u8(out, dec1(ctx->sk.b, ctx->rounds, vld1q_u8(in)));
}

static NEON_TARGET void d_cbc_enc(const void *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t n)
{
	const ember_aes_ctx *ctx = (const ember_aes_ctx *)c;
	uint8x16_t v = vld1q_u8(iv);

	for (; n > 0; n--, in += 16, out += 16) {
		v = enc1(ctx->sk.b, ctx->rounds, veorq_u8(v, vld1q_u8(in)));
		vst1q_u8(out, v);
	}
	vst1q_u8(iv, v);
}

static NEON_TARGET void d_cbc_dec(const void *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t n)
{
	const ember_aes_ctx *ctx = (const ember_aes_ctx *)c;
	uint8x16_t v = vld1q_u8(iv);

	/* in place: the ciphertext block is read before its plaintext is stored */
	for (; n > 0; n--, in += 16, out += 16) {
		uint8x16_t x = vld1q_u8(in);
		vst1q_u8(out, veorq_u8(dec1(ctx->sk.b, ctx->rounds, x), v));
		v = x;
	}
	vst1q_u8(iv, v);
}

static NEON_TARGET void d_ctr(const void *c, uint8_t *cb, uint8_t *out, const uint8_t *in, size_t len)
{
	const ember_aes_ctx *ctx = (const ember_aes_ctx *)c;
	uint8_t ks[16];
	size_t i;

	for (; len >= 16; len -= 16, in += 16, out += 16) {
		vst1q_u8(out, veorq_u8(vld1q_u8(in), enc1(ctx->sk.b, ctx->rounds, vld1q_u8(cb))));
		ember_aes_ctr_inc(cb);
	}
	if (len > 0) {
		vst1q_u8(ks, enc1(ctx->sk.b, ctx->rounds, vld1q_u8(cb)));
		for (i = 0; i < len; i++)
			out[i] = in[i] ^ ks[i];
		ember_aes_ctr_inc(cb);
		ember_wipe(ks, sizeof(ks));
	}
}

#else /* no ARMv7-A NEON: never supported, the slots are never called */

#define AES_UNSUPPORTED_SET_KEY ember_aes_neon_set_key
#include "aes_unsupported.h"

#endif

EMBER_AES_DESC(ember_aes_neon_desc, "neon", EMBER_IMPL_CT | EMBER_IMPL_HW, supported, ember_aes_neon_set_key);
