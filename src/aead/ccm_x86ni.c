/*
 * ccm_x86ni.c - AES-CCM's payload with AES-NI (SP 800-38C 6.1 step 4 and
 * 6.2), the CBC-MAC and CTR of each block in one loop: "aes-ccm"/"x86ni".
 *
 * The CBC-MAC is a chain of AES encryptions, one block after the other,
 * so a block costs the latency of the AES rounds however wide the AES
 * unit; CTR's blocks are independent. Run apart (ccm.c), CTR is a second
 * pass; here each block's CTR rounds (two blocks ahead, so that opening
 * has the plaintext before the MAC wants it) sit between the chain's
 * rounds, in the AES unit's idle slots. As in aes_x86ni.c's CBC, the next
 * block enters the chain inside the last round's key (AESENCLAST with
 * k_last ^ p ^ k_0): the chain is the AES instructions alone.
 *
 * B0, the AAD and the tag are ccm.c's; the key schedule is aes_x86ni.c's.
 * Constant-time as aes_x86ni.c; branches on lengths only. x86 only;
 * elsewhere the descriptor remains with supported() 0.
 */
#include "ccm_impl.h"

#if defined(EMBER_X86)
#include <immintrin.h>

#define NI EMBER_TARGET("aes,ssse3")
#define LD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define ST(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))

static NI __m128i bswap(__m128i x)
{
	return _mm_shuffle_epi8(x, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}

/* Block i of |len| bytes at p: whole, or the last one zero-padded. */
static NI __m128i load_block(const uint8_t *p, size_t len, size_t i)
{
	uint8_t b[16];
	__m128i v;

	if (len - 16 * i >= 16)
		return LD(p + 16 * i);
	memset(b, 0, 16);
	memcpy(b, p + 16 * i, len - 16 * i);
	v = LD(b);
	ember_wipe(b, sizeof(b));
	return v;
}

/* The first n bytes all ones (n < 16 for a partial block, else all 16). */
static NI __m128i ones(size_t n)
{
	static const uint8_t f[32] = { 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255 };
	return LD(f + 16 - (n < 16 ? n : 16));
}

/* Encrypts counter block c (byte-reversed) alone. */
static NI __m128i enc_ctr(const uint8_t *sk, unsigned nr, __m128i c)
{
	__m128i s = _mm_xor_si128(bswap(c), LD(sk));
	unsigned r;

	for (r = 1; r < nr; r++)
		s = _mm_aesenc_si128(s, LD(sk + 16 * r));
	return _mm_aesenclast_si128(s, LD(sk + 16 * nr));
}

static NI void payload(const ember_aes_ctx *aes, int open, uint8_t x[16], const uint8_t ctr[16], uint8_t *out,
    const uint8_t *in, size_t len)
{
	const uint8_t *sk = aes->sk.b;
	const unsigned nr = aes->rounds;
	const __m128i k0 = LD(sk), kl = LD(sk + 16 * nr), one = _mm_set_epi64x(0, 1);
	/* q <= 8 counter bytes that never carry out (ccm.c): a 64-bit add on the reversed block */
	__m128i c = bswap(LD(ctr)), ka, kb, m, p;
	size_t n = (len + 15) / 16, i;

	ka = enc_ctr(sk, nr, c);
	c = _mm_add_epi64(c, one);
	kb = enc_ctr(sk, nr, c);
	c = _mm_add_epi64(c, one);
	p = _mm_and_si128(_mm_xor_si128(load_block(in, len, 0), open ? ka : _mm_setzero_si128()), ones(len));
	/* the chain's state after its first round key: MAC ^ P_0 ^ k_0 */
	m = _mm_xor_si128(_mm_xor_si128(LD(x), p), k0);
	for (i = 0; i < n; i++) {
		size_t rest = len - 16 * i;
		__m128i t = _mm_xor_si128(bswap(c), k0), o = open ? p : _mm_xor_si128(p, ka);
		unsigned r;

		/* out: the plaintext P_i (open) or P_i ^ keystream (seal) */
		if (rest >= 16) {
			ST(out + 16 * i, o);
		} else {
			uint8_t b[16];
			ST(b, o);
			memcpy(out + 16 * i, b, rest);
			ember_wipe(b, sizeof(b));
		}
		/* the chain's rounds for block i, and the keystream of block i + 2 beside them */
		for (r = 1; r < nr; r++) {
			__m128i k = LD(sk + 16 * r);
			m = _mm_aesenc_si128(m, k);
			t = _mm_aesenc_si128(t, k);
		}
		t = _mm_aesenclast_si128(t, kl);
		c = _mm_add_epi64(c, one);
		ka = kb;
		kb = t;
		if (i + 1 < n) {
			p = load_block(in, len, i + 1);
			if (open)
				p = _mm_and_si128(_mm_xor_si128(p, ka), ones(len - 16 * (i + 1)));
			m = _mm_aesenclast_si128(m, _mm_xor_si128(kl, _mm_xor_si128(p, k0)));
		} else {
			m = _mm_aesenclast_si128(m, kl);
		}
	}
	ST(x, m);
}

EMBER_CCM_DESC(x86ni, EMBER_IMPL_CT | EMBER_IMPL_HW, payload)

#else /* !EMBER_X86: never supported (aes_x86ni's supported() is 0), never keyed */

EMBER_CCM_DESC(x86ni, EMBER_IMPL_CT | EMBER_IMPL_HW, NULL)

#endif
