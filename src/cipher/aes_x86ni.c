/*
 * aes_x86ni.c - AES with the x86 AES-NI instructions (FIPS 197; Intel's
 * "AES New Instructions Set" white paper, rev. 3.01, for the instruction
 * semantics and the equivalent-inverse-cipher key schedule).
 *
 * Constant-time: the AES rounds are single instructions whose timing does
 * not depend on the data. The key expansion is the generic FIPS 197 one
 * with SubWord done by AESENCLAST on a broadcast word (ShiftRows is the
 * identity on four equal columns). ECB, CBC decryption and CTR keep eight
 * blocks in flight to fill the AES unit's pipeline; CBC encryption is
 * serial, so it keeps the round keys in registers and takes the first
 * round key and the next plaintext block off the dependency chain: one
 * AES instruction per round is all that stands between two blocks.
 *
 * The body is x86 only; elsewhere the descriptor remains, with
 * supported() returning 0 and slots that are never called. The VAES
 * implementation (aes_vaes.c) reuses the schedule and the serial paths.
 */
#include "aes_impl.h"

#if defined(EMBER_X86)
#include <immintrin.h>

#define NI EMBER_TARGET("aes,ssse3")

static int supported(void)
{
	return ember_cpu_has(EMBER_CPU_AESNI | EMBER_CPU_SSSE3);
}

static NI uint32_t sub_word(uint32_t w)
{
	__m128i x = _mm_aesenclast_si128(_mm_set1_epi32((int)w), _mm_setzero_si128());
	return (uint32_t)_mm_cvtsi128_si32(x);
}

#define LD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define ST(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))

NI int ember_aes_x86ni_schedule(ember_aes_ctx *ctx, const uint8_t *key, size_t key_len)
{
	uint32_t w[60];
	uint8_t *ek = ctx->sk.b, *dk = ctx->sk.b + EMBER_AES_DEC_OFF;
	unsigned nr = ember_aes_rounds(key_len), i;

	if (nr == 0)
		return EMBER_EKEYLEN;
	ember_aes_expand(w, key, key_len, sub_word);
	for (i = 0; i < 4 * (nr + 1); i++)
		ember_st32le(ek + 4 * i, w[i]);
	/* Equivalent inverse cipher (FIPS 197 5.3.5): AESIMC on the middle keys. */
	ST(dk, LD(ek + 16 * nr));
	for (i = 1; i < nr; i++)
		ST(dk + 16 * i, _mm_aesimc_si128(LD(ek + 16 * (nr - i))));
	ST(dk + 16 * nr, LD(ek));
	ctx->rounds = nr;
	ember_wipe(w, sizeof(w));
	return 0;
}

int ember_aes_x86ni_set_key(ember_aes_ctx *ctx, const uint8_t *key, size_t key_len)
{
	int err;

	if (ember_aes_rounds(key_len) == 0)
		return EMBER_EKEYLEN;
	if (!supported())
		return EMBER_ENOTSUP;
	err = ember_aes_x86ni_schedule(ctx, key, key_len);
	if (err == 0)
		ctx->impl = &ember_aes_x86ni_desc;
	return err;
}

/* Eight-block helpers: b0..b7 are locals of the caller. */
#define X8(m) m(0) m(1) m(2) m(3) m(4) m(5) m(6) m(7)
#define XOR_K(j) b##j = _mm_xor_si128(b##j, k);
#define ENC_K(j) b##j = _mm_aesenc_si128(b##j, k);
#define ENCL_K(j) b##j = _mm_aesenclast_si128(b##j, k);
#define DEC_K(j) b##j = _mm_aesdec_si128(b##j, k);
#define DECL_K(j) b##j = _mm_aesdeclast_si128(b##j, k);
#define LOAD_IN(j) b##j = LD(in + 16 * j);

static NI __m128i enc1(const uint8_t *sk, unsigned nr, __m128i x)
{
	unsigned r;

	x = _mm_xor_si128(x, LD(sk));
	for (r = 1; r < nr; r++)
		x = _mm_aesenc_si128(x, LD(sk + 16 * r));
	return _mm_aesenclast_si128(x, LD(sk + 16 * nr));
}

static NI __m128i dec1(const uint8_t *dk, unsigned nr, __m128i x)
{
	unsigned r;

	x = _mm_xor_si128(x, LD(dk));
	for (r = 1; r < nr; r++)
		x = _mm_aesdec_si128(x, LD(dk + 16 * r));
	return _mm_aesdeclast_si128(x, LD(dk + 16 * nr));
}

NI void ember_aes_x86ni_ecb_enc(const ember_aes_ctx *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const uint8_t *sk = ctx->sk.b;
	unsigned nr = ctx->rounds, r;

	for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
		__m128i b0, b1, b2, b3, b4, b5, b6, b7, k = LD(sk);
		X8(LOAD_IN)
		X8(XOR_K)
		for (r = 1; r < nr; r++) {
			k = LD(sk + 16 * r);
			X8(ENC_K)
		}
		k = LD(sk + 16 * nr);
		X8(ENCL_K)
		ST(out, b0); ST(out + 16, b1); ST(out + 32, b2); ST(out + 48, b3);
		ST(out + 64, b4); ST(out + 80, b5); ST(out + 96, b6); ST(out + 112, b7);
	}
	for (; nblocks > 0; nblocks--, in += 16, out += 16)
		ST(out, enc1(sk, nr, LD(in)));
}

NI void ember_aes_x86ni_ecb_dec(const ember_aes_ctx *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const uint8_t *dk = ctx->sk.b + EMBER_AES_DEC_OFF;
	unsigned nr = ctx->rounds, r;

	for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
		__m128i b0, b1, b2, b3, b4, b5, b6, b7, k = LD(dk);
		X8(LOAD_IN)
		X8(XOR_K)
		for (r = 1; r < nr; r++) {
			k = LD(dk + 16 * r);
			X8(DEC_K)
		}
		k = LD(dk + 16 * nr);
		X8(DECL_K)
		ST(out, b0); ST(out + 16, b1); ST(out + 32, b2); ST(out + 48, b3);
		ST(out + 64, b4); ST(out + 80, b5); ST(out + 96, b6); ST(out + 112, b7);
	}
	for (; nblocks > 0; nblocks--, in += 16, out += 16)
		ST(out, dec1(dk, nr, LD(in)));
}

/*
 * CBC encryption (SP 800-38A 6.2), serial. With s = state after the last
 * middle round, the ciphertext is c = AESENCLAST(s, kN) and the next
 * block's first state is c ^ p' ^ k0 = AESENCLAST(s, kN ^ p' ^ k0): the
 * chain is then only the AES instructions; c itself is recovered off the
 * chain by one XOR. ROUNDS applies the middle rounds with k1.. in registers.
 */
#define CBC_ENC_LOOP(ROUNDS, KLAST)                                                \
	do {                                                                       \
		__m128i s = _mm_xor_si128(LD(in), _mm_xor_si128(LD(iv), k0)), m;  \
		for (;;) {                                                         \
			ROUNDS;                                                    \
			if (--nblocks == 0)                                        \
				break;                                             \
			in += 16;                                                  \
			m = _mm_xor_si128(LD(in), k0);                             \
			s = _mm_aesenclast_si128(s, _mm_xor_si128(KLAST, m));     \
			ST(out, _mm_xor_si128(s, m));                              \
			out += 16;                                                 \
		}                                                                  \
		s = _mm_aesenclast_si128(s, KLAST);                                \
		ST(out, s);                                                        \
		ST(iv, s);                                                         \
	} while (0)

#define AESENC(k) s = _mm_aesenc_si128(s, k)
#define R9                                                                     \
	AESENC(k1); AESENC(k2); AESENC(k3); AESENC(k4); AESENC(k5);            \
	AESENC(k6); AESENC(k7); AESENC(k8); AESENC(k9)

static NI void cbc_enc10(const uint8_t *sk, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	__m128i k0 = LD(sk), k1 = LD(sk + 16), k2 = LD(sk + 32), k3 = LD(sk + 48), k4 = LD(sk + 64);
	__m128i k5 = LD(sk + 80), k6 = LD(sk + 96), k7 = LD(sk + 112), k8 = LD(sk + 128);
	__m128i k9 = LD(sk + 144), k10 = LD(sk + 160);

	CBC_ENC_LOOP(R9, k10);
}

static NI void cbc_enc12(const uint8_t *sk, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	__m128i k0 = LD(sk), k1 = LD(sk + 16), k2 = LD(sk + 32), k3 = LD(sk + 48), k4 = LD(sk + 64);
	__m128i k5 = LD(sk + 80), k6 = LD(sk + 96), k7 = LD(sk + 112), k8 = LD(sk + 128);
	__m128i k9 = LD(sk + 144), k10 = LD(sk + 160), k11 = LD(sk + 176), k12 = LD(sk + 192);

	CBC_ENC_LOOP(R9; AESENC(k10); AESENC(k11), k12);
}

static NI void cbc_enc14(const uint8_t *sk, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	__m128i k0 = LD(sk), k1 = LD(sk + 16), k2 = LD(sk + 32), k3 = LD(sk + 48), k4 = LD(sk + 64);
	__m128i k5 = LD(sk + 80), k6 = LD(sk + 96), k7 = LD(sk + 112), k8 = LD(sk + 128);
	__m128i k9 = LD(sk + 144), k10 = LD(sk + 160), k11 = LD(sk + 176), k12 = LD(sk + 192);
	__m128i k13 = LD(sk + 208), k14 = LD(sk + 224);

	CBC_ENC_LOOP(R9; AESENC(k10); AESENC(k11); AESENC(k12); AESENC(k13), k14);
}

void ember_aes_x86ni_cbc_enc(const ember_aes_ctx *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in,
			     size_t nblocks)
{
	if (nblocks == 0)
		return;
	if (ctx->rounds == 10)
		cbc_enc10(ctx->sk.b, iv, out, in, nblocks);
	else if (ctx->rounds == 12)
		cbc_enc12(ctx->sk.b, iv, out, in, nblocks);
	else
		cbc_enc14(ctx->sk.b, iv, out, in, nblocks);
}

/*
 * CBC decryption, eight blocks in parallel. The XOR with the previous
 * ciphertext goes from the last block down, so that with out == in each
 * ciphertext block is read before it is overwritten.
 */
NI void ember_aes_x86ni_cbc_dec(const ember_aes_ctx *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in,
				size_t nblocks)
{
	const uint8_t *dk = ctx->sk.b + EMBER_AES_DEC_OFF;
	unsigned nr = ctx->rounds, r;
	__m128i prev = LD(iv);

	for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
		__m128i b0, b1, b2, b3, b4, b5, b6, b7, k = LD(dk), last;
		X8(LOAD_IN)
		last = b7;
		X8(XOR_K)
		for (r = 1; r < nr; r++) {
			k = LD(dk + 16 * r);
			X8(DEC_K)
		}
		k = LD(dk + 16 * nr);
		X8(DECL_K)
		ST(out + 112, _mm_xor_si128(b7, LD(in + 96)));
		ST(out + 96, _mm_xor_si128(b6, LD(in + 80)));
		ST(out + 80, _mm_xor_si128(b5, LD(in + 64)));
		ST(out + 64, _mm_xor_si128(b4, LD(in + 48)));
		ST(out + 48, _mm_xor_si128(b3, LD(in + 32)));
		ST(out + 32, _mm_xor_si128(b2, LD(in + 16)));
		ST(out + 16, _mm_xor_si128(b1, LD(in)));
		ST(out, _mm_xor_si128(b0, prev));
		prev = last;
	}
	for (; nblocks > 0; nblocks--, in += 16, out += 16) {
		__m128i c = LD(in);
		ST(out, _mm_xor_si128(dec1(dk, nr, c), prev));
		prev = c;
	}
	ST(iv, prev);
}

/* Big-endian 128-bit counter blocks: the counter is kept as two integers. */
static NI __m128i ctr_block(uint64_t hi, uint64_t lo)
{
	const __m128i bswap = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
	return _mm_shuffle_epi8(_mm_set_epi64x((long long)hi, (long long)lo), bswap);
}

/* CTR (SP 800-38A 6.5), eight blocks in parallel. */
NI void ember_aes_x86ni_ctr(const ember_aes_ctx *ctx, uint8_t *ctr, uint8_t *out, const uint8_t *in,
			    size_t len)
{
	const uint8_t *sk = ctx->sk.b;
	unsigned nr = ctx->rounds, r;
	uint64_t hi = ember_ld64be(ctr), lo = ember_ld64be(ctr + 8);

	for (; len >= 128; len -= 128, in += 128, out += 128) {
		__m128i b0, b1, b2, b3, b4, b5, b6, b7, k;
		if (lo <= UINT64_MAX - 7) {
			/* no carry into the high half inside this batch */
			const __m128i bswap =
			    _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
			__m128i c = _mm_set_epi64x((long long)hi, (long long)lo);
			b0 = _mm_shuffle_epi8(c, bswap);
			b1 = _mm_shuffle_epi8(_mm_add_epi64(c, _mm_set_epi64x(0, 1)), bswap);
			b2 = _mm_shuffle_epi8(_mm_add_epi64(c, _mm_set_epi64x(0, 2)), bswap);
			b3 = _mm_shuffle_epi8(_mm_add_epi64(c, _mm_set_epi64x(0, 3)), bswap);
			b4 = _mm_shuffle_epi8(_mm_add_epi64(c, _mm_set_epi64x(0, 4)), bswap);
			b5 = _mm_shuffle_epi8(_mm_add_epi64(c, _mm_set_epi64x(0, 5)), bswap);
			b6 = _mm_shuffle_epi8(_mm_add_epi64(c, _mm_set_epi64x(0, 6)), bswap);
			b7 = _mm_shuffle_epi8(_mm_add_epi64(c, _mm_set_epi64x(0, 7)), bswap);
		} else {
#define CTR_SLOW(j) b##j = ctr_block(hi + (lo + j < lo), lo + j);
			X8(CTR_SLOW)
#undef CTR_SLOW
		}
		lo += 8;
		hi += lo < 8;
		k = LD(sk);
		X8(XOR_K)
		for (r = 1; r < nr; r++) {
			k = LD(sk + 16 * r);
			X8(ENC_K)
		}
		k = LD(sk + 16 * nr);
		X8(ENCL_K)
		ST(out, _mm_xor_si128(b0, LD(in)));
		ST(out + 16, _mm_xor_si128(b1, LD(in + 16)));
		ST(out + 32, _mm_xor_si128(b2, LD(in + 32)));
		ST(out + 48, _mm_xor_si128(b3, LD(in + 48)));
		ST(out + 64, _mm_xor_si128(b4, LD(in + 64)));
		ST(out + 80, _mm_xor_si128(b5, LD(in + 80)));
		ST(out + 96, _mm_xor_si128(b6, LD(in + 96)));
		ST(out + 112, _mm_xor_si128(b7, LD(in + 112)));
	}
	for (; len > 0;) {
		__m128i ks = enc1(sk, nr, ctr_block(hi, lo));
		lo++;
		hi += lo == 0;
		if (len >= 16) {
			ST(out, _mm_xor_si128(ks, LD(in)));
			in += 16;
			out += 16;
			len -= 16;
		} else {
			uint8_t buf[16];
			size_t j;
			ST(buf, ks);
			for (j = 0; j < len; j++)
				out[j] = in[j] ^ buf[j];
			ember_wipe(buf, sizeof(buf));
			len = 0;
		}
	}
	/* one vector store, so that the next call's loads are forwarded from it */
	ST(ctr, ctr_block(hi, lo));
}

EMBER_AES_ADAPTERS(ember_aes_x86ni_ecb_enc, ember_aes_x86ni_ecb_dec, ember_aes_x86ni_cbc_enc,
    ember_aes_x86ni_cbc_dec, ember_aes_x86ni_ctr)

#else /* !EMBER_X86: never supported, the slots are never called */

#define AES_UNSUPPORTED_SET_KEY ember_aes_x86ni_set_key
#include "aes_unsupported.h"

#endif

EMBER_AES_DESC(ember_aes_x86ni_desc, "x86ni", EMBER_IMPL_CT | EMBER_IMPL_HW, supported, ember_aes_x86ni_set_key);
