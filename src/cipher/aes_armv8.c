/*
 * aes_armv8.c - AES with the ARMv8 Cryptography Extensions on AArch64
 * (FIPS 197; Arm ARM, AESE/AESD/AESMC/AESIMC). AESE is AddRoundKey then
 * ShiftRows and SubBytes, so a round is AESE + AESMC and the last round
 * key is a plain XOR; decryption uses the equivalent inverse cipher keys
 * (FIPS 197 5.3.5), the same layout as aes_x86ni.c.
 *
 * Constant-time: single-instruction rounds, no tables. ECB, CBC
 * decryption and CTR keep four blocks in flight; CBC encryption is serial.
 * AArch64 only; elsewhere the descriptor remains, with supported()
 * returning 0 and slots that are never called.
 */
#include "aes_impl.h"

#if defined(EMBER_AARCH64)
#include <arm_neon.h>

#if defined(__clang__)
#define CE EMBER_TARGET("aes")
#else
#define CE EMBER_TARGET("+crypto")
#endif

static int supported(void)
{
	return ember_cpu_has(EMBER_CPU_ARM_AES);
}

/* SubWord by AESE with a zero key on four equal columns (ShiftRows is then the identity). */
static CE uint32_t sub_word(uint32_t w)
{
	uint8_t b[16];
	unsigned i;

	for (i = 0; i < 4; i++)
		ember_st32le(b + 4 * i, w);
	vst1q_u8(b, vaeseq_u8(vld1q_u8(b), vdupq_n_u8(0)));
	return ember_ld32le(b);
}

static CE void schedule(ember_aes_ctx *ctx, const uint8_t *key, size_t key_len, unsigned nr)
{
	uint32_t w[60];
	uint8_t *ek = ctx->sk.b, *dk = ctx->sk.b + EMBER_AES_DEC_OFF;
	unsigned i;

	ember_aes_expand(w, key, key_len, sub_word);
	for (i = 0; i < 4 * (nr + 1); i++)
		ember_st32le(ek + 4 * i, w[i]);
	vst1q_u8(dk, vld1q_u8(ek + 16 * nr));
	for (i = 1; i < nr; i++)
		vst1q_u8(dk + 16 * i, vaesimcq_u8(vld1q_u8(ek + 16 * (nr - i))));
	vst1q_u8(dk + 16 * nr, vld1q_u8(ek));
	ctx->rounds = nr;
	ember_wipe(w, sizeof(w));
}

int ember_aes_armv8_set_key(ember_aes_ctx *ctx, const uint8_t *key, size_t key_len)
{
	unsigned nr = ember_aes_rounds(key_len);

	if (nr == 0)
		return EMBER_EKEYLEN;
	if (!supported())
		return EMBER_ENOTSUP;
	schedule(ctx, key, key_len, nr);
	ctx->impl = &ember_aes_armv8_desc;
	return 0;
}

static CE uint8x16_t enc1(const uint8_t *sk, unsigned nr, uint8x16_t x)
{
	unsigned r;

	for (r = 0; r + 1 < nr; r++)
		x = vaesmcq_u8(vaeseq_u8(x, vld1q_u8(sk + 16 * r)));
	x = vaeseq_u8(x, vld1q_u8(sk + 16 * (nr - 1)));
	return veorq_u8(x, vld1q_u8(sk + 16 * nr));
}

static CE uint8x16_t dec1(const uint8_t *dk, unsigned nr, uint8x16_t x)
{
	unsigned r;

	for (r = 0; r + 1 < nr; r++)
		x = vaesimcq_u8(vaesdq_u8(x, vld1q_u8(dk + 16 * r)));
	x = vaesdq_u8(x, vld1q_u8(dk + 16 * (nr - 1)));
	return veorq_u8(x, vld1q_u8(dk + 16 * nr));
}

/* Four blocks b0..b3 (locals of the caller) through all rounds. */
#define ENC4(sk, nr)                                                               \
	do {                                                                       \
		unsigned r_;                                                       \
		uint8x16_t k_;                                                     \
		for (r_ = 0; r_ + 1 < (nr); r_++) {                                \
			k_ = vld1q_u8((sk) + 16 * r_);                             \
			b0 = vaesmcq_u8(vaeseq_u8(b0, k_));                        \
			b1 = vaesmcq_u8(vaeseq_u8(b1, k_));                        \
			b2 = vaesmcq_u8(vaeseq_u8(b2, k_));                        \
			b3 = vaesmcq_u8(vaeseq_u8(b3, k_));                        \
		}                                                                  \
		k_ = vld1q_u8((sk) + 16 * ((nr)-1));                               \
		b0 = vaeseq_u8(b0, k_);                                            \
		b1 = vaeseq_u8(b1, k_);                                            \
		b2 = vaeseq_u8(b2, k_);                                            \
		b3 = vaeseq_u8(b3, k_);                                            \
		k_ = vld1q_u8((sk) + 16 * (nr));                                   \
		b0 = veorq_u8(b0, k_);                                             \
		b1 = veorq_u8(b1, k_);                                             \
		b2 = veorq_u8(b2, k_);                                             \
		b3 = veorq_u8(b3, k_);                                             \
	} while (0)

#define DEC4(dk, nr)                                                               \
	do {                                                                       \
		unsigned r_;                                                       \
		uint8x16_t k_;                                                     \
		for (r_ = 0; r_ + 1 < (nr); r_++) {                                \
			k_ = vld1q_u8((dk) + 16 * r_);                             \
			b0 = vaesimcq_u8(vaesdq_u8(b0, k_));                       \
			b1 = vaesimcq_u8(vaesdq_u8(b1, k_));                       \
			b2 = vaesimcq_u8(vaesdq_u8(b2, k_));                       \
			b3 = vaesimcq_u8(vaesdq_u8(b3, k_));                       \
		}                                                                  \
		k_ = vld1q_u8((dk) + 16 * ((nr)-1));                               \
		b0 = vaesdq_u8(b0, k_);                                            \
		b1 = vaesdq_u8(b1, k_);                                            \
		b2 = vaesdq_u8(b2, k_);                                            \
		b3 = vaesdq_u8(b3, k_);                                            \
		k_ = vld1q_u8((dk) + 16 * (nr));                                   \
		b0 = veorq_u8(b0, k_);                                             \
		b1 = veorq_u8(b1, k_);                                             \
		b2 = veorq_u8(b2, k_);                                             \
		b3 = veorq_u8(b3, k_);                                             \
	} while (0)

static CE void ecb_enc(const ember_aes_ctx *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	for (; nblocks >= 4; nblocks -= 4, in += 64, out += 64) {
		uint8x16_t b0 = vld1q_u8(in), b1 = vld1q_u8(in + 16), b2 = vld1q_u8(in + 32),
			   b3 = vld1q_u8(in + 48);
		ENC4(ctx->sk.b, ctx->rounds);
		vst1q_u8(out, b0);
		vst1q_u8(out + 16, b1);
		vst1q_u8(out + 32, b2);
		vst1q_u8(out + 48, b3);
	}
	for (; nblocks > 0; nblocks--, in += 16, out += 16)
		vst1q_u8(out, enc1(ctx->sk.b, ctx->rounds, vld1q_u8(in)));
}

static CE void ecb_dec(const ember_aes_ctx *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const uint8_t *dk = ctx->sk.b + EMBER_AES_DEC_OFF;

	for (; nblocks >= 4; nblocks -= 4, in += 64, out += 64) {
		uint8x16_t b0 = vld1q_u8(in), b1 = vld1q_u8(in + 16), b2 = vld1q_u8(in + 32),
			   b3 = vld1q_u8(in + 48);
		DEC4(dk, ctx->rounds);
		vst1q_u8(out, b0);
		vst1q_u8(out + 16, b1);
		vst1q_u8(out + 32, b2);
		vst1q_u8(out + 48, b3);
	}
	for (; nblocks > 0; nblocks--, in += 16, out += 16)
		vst1q_u8(out, dec1(dk, ctx->rounds, vld1q_u8(in)));
}

/* CBC encryption (SP 800-38A 6.2): serial by nature. */
static CE void cbc_enc(const ember_aes_ctx *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	uint8x16_t x = vld1q_u8(iv);

	for (; nblocks > 0; nblocks--, in += 16, out += 16) {
		x = enc1(ctx->sk.b, ctx->rounds, veorq_u8(x, vld1q_u8(in)));
		vst1q_u8(out, x);
	}
	vst1q_u8(iv, x);
}

/* CBC decryption, four blocks at a time; all ciphertext is read before |out| is written. */
static CE void cbc_dec(const ember_aes_ctx *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const uint8_t *dk = ctx->sk.b + EMBER_AES_DEC_OFF;
	uint8x16_t prev = vld1q_u8(iv);

	for (; nblocks >= 4; nblocks -= 4, in += 64, out += 64) {
		uint8x16_t c0 = vld1q_u8(in), c1 = vld1q_u8(in + 16), c2 = vld1q_u8(in + 32),
			   c3 = vld1q_u8(in + 48);
		uint8x16_t b0 = c0, b1 = c1, b2 = c2, b3 = c3;
		DEC4(dk, ctx->rounds);
		vst1q_u8(out, veorq_u8(b0, prev));
		vst1q_u8(out + 16, veorq_u8(b1, c0));
		vst1q_u8(out + 32, veorq_u8(b2, c1));
		vst1q_u8(out + 48, veorq_u8(b3, c2));
		prev = c3;
	}
	for (; nblocks > 0; nblocks--, in += 16, out += 16) {
		uint8x16_t c = vld1q_u8(in);
		vst1q_u8(out, veorq_u8(dec1(dk, ctx->rounds, c), prev));
		prev = c;
	}
	vst1q_u8(iv, prev);
}

/* CTR (SP 800-38A 6.5), four blocks at a time. */
static CE void ctr(const ember_aes_ctx *ctx, uint8_t *cb, uint8_t *out, const uint8_t *in, size_t len)
{
	uint8_t blk[64];
	size_t j;

	for (; len >= 64; len -= 64, in += 64, out += 64) {
		uint8x16_t b0, b1, b2, b3;
		for (j = 0; j < 4; j++) {
			memcpy(blk + 16 * j, cb, 16);
			ember_aes_ctr_inc(cb);
		}
		b0 = vld1q_u8(blk);
		b1 = vld1q_u8(blk + 16);
		b2 = vld1q_u8(blk + 32);
		b3 = vld1q_u8(blk + 48);
		ENC4(ctx->sk.b, ctx->rounds);
		vst1q_u8(out, veorq_u8(b0, vld1q_u8(in)));
		vst1q_u8(out + 16, veorq_u8(b1, vld1q_u8(in + 16)));
		vst1q_u8(out + 32, veorq_u8(b2, vld1q_u8(in + 32)));
		vst1q_u8(out + 48, veorq_u8(b3, vld1q_u8(in + 48)));
	}
	while (len > 0) {
		size_t n = len < 16 ? len : 16;
		vst1q_u8(blk, enc1(ctx->sk.b, ctx->rounds, vld1q_u8(cb)));
		ember_aes_ctr_inc(cb);
		for (j = 0; j < n; j++)
			out[j] = in[j] ^ blk[j];
		in += n;
		out += n;
		len -= n;
	}
	ember_wipe(blk, sizeof(blk));
}

EMBER_AES_ADAPTERS(ecb_enc, ecb_dec, cbc_enc, cbc_dec, ctr)

#else /* !EMBER_AARCH64: never supported, the slots are never called */

#define AES_UNSUPPORTED_SET_KEY ember_aes_armv8_set_key
#include "aes_unsupported.h"

#endif

EMBER_AES_DESC(ember_aes_armv8_desc, "armv8", EMBER_IMPL_CT | EMBER_IMPL_HW, supported, ember_aes_armv8_set_key);
