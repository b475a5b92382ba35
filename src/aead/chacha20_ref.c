/*
 * chacha20_ref.c - ChaCha20 (RFC 8439, 2.3 and 2.4), portable C, one
 * block at a time in sixteen 32-bit words: the implementation for cores
 * without vectors (MIPS, PowerPC, i686, ARM without NEON) and the
 * reference the others are tested against.
 *
 * Constant-time: additions, xors and fixed rotations only; the loop bounds
 * depend on the length alone.
 */
#include "aead/chacha20_impl.h"

/* RFC 8439, 2.1 */
#define QR(a, b, c, d)                                                             \
	do {                                                                       \
		a += b;                                                            \
		d = ember_rotl32(d ^ a, 16);                                       \
		c += d;                                                            \
		b = ember_rotl32(b ^ c, 12);                                       \
		a += b;                                                            \
		d = ember_rotl32(d ^ a, 8);                                        \
		c += d;                                                            \
		b = ember_rotl32(b ^ c, 7);                                        \
	} while (0)

/* RFC 8439, 2.3: the block function, its 16 output words in |x|. */
static void block(uint32_t x[16], const uint32_t key[8], const uint32_t nonce[3], uint32_t counter)
{
	uint32_t x0 = EMBER_CHACHA_C0, x1 = EMBER_CHACHA_C1, x2 = EMBER_CHACHA_C2, x3 = EMBER_CHACHA_C3;
	uint32_t x4 = key[0], x5 = key[1], x6 = key[2], x7 = key[3];
	uint32_t x8 = key[4], x9 = key[5], x10 = key[6], x11 = key[7];
	uint32_t x12 = counter, x13 = nonce[0], x14 = nonce[1], x15 = nonce[2];
	int i;

	for (i = 0; i < 10; i++) {
		/* column round, then diagonal round (2.2) */
		QR(x0, x4, x8, x12);
		QR(x1, x5, x9, x13);
		QR(x2, x6, x10, x14);
		QR(x3, x7, x11, x15);
		QR(x0, x5, x10, x15);
		QR(x1, x6, x11, x12);
		QR(x2, x7, x8, x13);
		QR(x3, x4, x9, x14);
	}
	x[0] = x0 + EMBER_CHACHA_C0;
	x[1] = x1 + EMBER_CHACHA_C1;
	x[2] = x2 + EMBER_CHACHA_C2;
	x[3] = x3 + EMBER_CHACHA_C3;
	x[4] = x4 + key[0];
	x[5] = x5 + key[1];
	x[6] = x6 + key[2];
	x[7] = x7 + key[3];
	x[8] = x8 + key[4];
	x[9] = x9 + key[5];
	x[10] = x10 + key[6];
	x[11] = x11 + key[7];
	x[12] = x12 + counter;
	x[13] = x13 + nonce[0];
	x[14] = x14 + nonce[1];
	x[15] = x15 + nonce[2];
}

static void ref_xor(const uint32_t key[8], const uint32_t nonce[3], uint32_t counter, uint8_t *out,
    const uint8_t *in, size_t len)
{
	uint32_t x[16];
	uint8_t ks[64];
	int i;

	while (len >= 64) {
		block(x, key, nonce, counter++);
		for (i = 0; i < 16; i++)
			ember_st32le(out + 4 * i, ember_ld32le(in + 4 * i) ^ x[i]);
		in += 64;
		out += 64;
		len -= 64;
	}
	if (len > 0) {
		block(x, key, nonce, counter);
		for (i = 0; i < 16; i++)
			ember_st32le(ks + 4 * i, x[i]);
		ember_chacha20_xor_bytes(out, in, ks, len);
		ember_wipe(ks, sizeof(ks));
	}
	ember_wipe(x, sizeof(x));
}

const ember_chacha20_impl ember_chacha20_ref = { "ref", NULL, ref_xor };
