/*
 * rc2_tab.c - RC2 (RFC 2268), portable C.
 *
 * NOT constant-time, hence tag "tab" and no EMBER_IMPL_CT: the key
 * expansion looks PITABLE up with key bytes, and each MASH step (RFC 2268
 * section 3.2) indexes the expanded key with data.
 */
#include "internal.h"
#include "ember/cipher.h"

/* RFC 2268 section 2: PITABLE, a permutation of 0..255 built from pi. */
static const uint8_t PITABLE[256] = {
	0xd9, 0x78, 0xf9, 0xc4, 0x19, 0xdd, 0xb5, 0xed, 0x28, 0xe9, 0xfd, 0x79, 0x4a, 0xa0, 0xd8, 0x9d,
	0xc6, 0x7e, 0x37, 0x83, 0x2b, 0x76, 0x53, 0x8e, 0x62, 0x4c, 0x64, 0x88, 0x44, 0x8b, 0xfb, 0xa2,
	0x17, 0x9a, 0x59, 0xf5, 0x87, 0xb3, 0x4f, 0x13, 0x61, 0x45, 0x6d, 0x8d, 0x09, 0x81, 0x7d, 0x32,
	0xbd, 0x8f, 0x40, 0xeb, 0x86, 0xb7, 0x7b, 0x0b, 0xf0, 0x95, 0x21, 0x22, 0x5c, 0x6b, 0x4e, 0x82,
	0x54, 0xd6, 0x65, 0x93, 0xce, 0x60, 0xb2, 0x1c, 0x73, 0x56, 0xc0, 0x14, 0xa7, 0x8c, 0xf1, 0xdc,
	0x12, 0x75, 0xca, 0x1f, 0x3b, 0xbe, 0xe4, 0xd1, 0x42, 0x3d, 0xd4, 0x30, 0xa3, 0x3c, 0xb6, 0x26,
	0x6f, 0xbf, 0x0e, 0xda, 0x46, 0x69, 0x07, 0x57, 0x27, 0xf2, 0x1d, 0x9b, 0xbc, 0x94, 0x43, 0x03,
	0xf8, 0x11, 0xc7, 0xf6, 0x90, 0xef, 0x3e, 0xe7, 0x06, 0xc3, 0xd5, 0x2f, 0xc8, 0x66, 0x1e, 0xd7,
	0x08, 0xe8, 0xea, 0xde, 0x80, 0x52, 0xee, 0xf7, 0x84, 0xaa, 0x72, 0xac, 0x35, 0x4d, 0x6a, 0x2a,
	0x96, 0x1a, 0xd2, 0x71, 0x5a, 0x15, 0x49, 0x74, 0x4b, 0x9f, 0xd0, 0x5e, 0x04, 0x18, 0xa4, 0xec,
	0xc2, 0xe0, 0x41, 0x6e, 0x0f, 0x51, 0xcb, 0xcc, 0x24, 0x91, 0xaf, 0x50, 0xa1, 0xf4, 0x70, 0x39,
	0x99, 0x7c, 0x3a, 0x85, 0x23, 0xb8, 0xb4, 0x7a, 0xfc, 0x02, 0x36, 0x5b, 0x25, 0x55, 0x97, 0x31,
	0x2d, 0x5d, 0xfa, 0x98, 0xe3, 0x8a, 0x92, 0xae, 0x05, 0xdf, 0x29, 0x10, 0x67, 0x6c, 0xba, 0xc9,
	0xd3, 0x00, 0xe6, 0xcf, 0xe1, 0x9e, 0xa8, 0x2c, 0x63, 0x16, 0x01, 0x3f, 0x58, 0xe2, 0x89, 0xa9,
	0x0d, 0x38, 0x34, 0x1b, 0xab, 0x33, 0xff, 0xb0, 0xbb, 0x48, 0x0c, 0x5f, 0xb9, 0xb1, 0xcd, 0x2e,
	0xc5, 0xf3, 0xdb, 0x47, 0xe5, 0xa5, 0x9c, 0x77, 0x0a, 0xa6, 0x20, 0x68, 0xfe, 0x7f, 0xc1, 0xad
};

/* RFC 2268 section 2: key expansion. */
int ember_rc2_set_key(ember_rc2_ctx *c, const uint8_t *key, size_t key_len, unsigned effective_bits)
{
	uint8_t l[128];
	size_t i, t8;
	unsigned tm;

	if (key_len < 1 || key_len > 128)
		return EMBER_EKEYLEN;
	if (effective_bits == 0)
		effective_bits = (unsigned)key_len * 8;
	if (effective_bits > 1024)
		return EMBER_ERANGE;
	memcpy(l, key, key_len);
	for (i = key_len; i < 128; i++)
		l[i] = PITABLE[(l[i - 1] + l[i - key_len]) & 0xff];
	t8 = (effective_bits + 7) / 8;
	tm = 0xffu >> (8 * t8 - effective_bits);
	l[128 - t8] = PITABLE[l[128 - t8] & tm];
	for (i = 128 - t8; i-- > 0;)
		l[i] = PITABLE[l[i + 1] ^ l[i + t8]];
	for (i = 0; i < 64; i++)
		c->k[i] = (uint16_t)(l[2 * i] | l[2 * i + 1] << 8);
	ember_wipe(l, sizeof(l));
	return 0;
}

/*
 * The words are uint16_t so that the additions wrap by themselves and
 * compilers emit 16-bit rotates (rolw on x86) instead of shift/or/mask:
 * the MIX chain is serial, so every instruction on it counts.
 * (a & b) + (~a & c) of RFC 2268 is the bitwise select ((b ^ c) & a) ^ c.
 */
#define ROL16(x, n) ((uint16_t)((x) << (n) | (x) >> (16 - (n))))
#define ROR16(x, n) ((uint16_t)((x) >> (n) | (x) << (16 - (n))))
#define SEL(a, b, c) ((((b) ^ (c)) & (a)) ^ (c))

/* RFC 2268 section 3.1 MIX and 3.2 MASH on words r0..r3. */
#define MIX(k)                                                         \
	do {                                                           \
		r0 = (uint16_t)(r0 + (k)[0] + SEL(r3, r2, r1));        \
		r0 = ROL16(r0, 1);                                     \
		r1 = (uint16_t)(r1 + (k)[1] + SEL(r0, r3, r2));        \
		r1 = ROL16(r1, 2);                                     \
		r2 = (uint16_t)(r2 + (k)[2] + SEL(r1, r0, r3));        \
		r2 = ROL16(r2, 3);                                     \
		r3 = (uint16_t)(r3 + (k)[3] + SEL(r2, r1, r0));        \
		r3 = ROL16(r3, 5);                                     \
	} while (0)

#define MASH(k)                                                        \
	do {                                                           \
		r0 = (uint16_t)(r0 + (k)[r3 & 63]);                    \
		r1 = (uint16_t)(r1 + (k)[r0 & 63]);                    \
		r2 = (uint16_t)(r2 + (k)[r1 & 63]);                    \
		r3 = (uint16_t)(r3 + (k)[r2 & 63]);                    \
	} while (0)

/* Section 4.1 / 4.2: the inverse steps in reverse order. */
#define RMIX(k)                                                        \
	do {                                                           \
		r3 = ROR16(r3, 5);                                     \
		r3 = (uint16_t)(r3 - (k)[3] - SEL(r2, r1, r0));        \
		r2 = ROR16(r2, 3);                                     \
		r2 = (uint16_t)(r2 - (k)[2] - SEL(r1, r0, r3));        \
		r1 = ROR16(r1, 2);                                     \
		r1 = (uint16_t)(r1 - (k)[1] - SEL(r0, r3, r2));        \
		r0 = ROR16(r0, 1);                                     \
		r0 = (uint16_t)(r0 - (k)[0] - SEL(r3, r2, r1));        \
	} while (0)

#define RMASH(k)                                                       \
	do {                                                           \
		r3 = (uint16_t)(r3 - (k)[r2 & 63]);                    \
		r2 = (uint16_t)(r2 - (k)[r1 & 63]);                    \
		r1 = (uint16_t)(r1 - (k)[r0 & 63]);                    \
		r0 = (uint16_t)(r0 - (k)[r3 & 63]);                    \
	} while (0)

/* RFC 2268 section 3.3: 5 MIX, MASH, 6 MIX, MASH, 5 MIX */
#define ENC_BLOCK(k)                                                   \
	do {                                                           \
		MIX(k);                                                \
		MIX(k + 4);                                            \
		MIX(k + 8);                                            \
		MIX(k + 12);                                           \
		MIX(k + 16);                                           \
		MASH(k);                                               \
		MIX(k + 20);                                           \
		MIX(k + 24);                                           \
		MIX(k + 28);                                           \
		MIX(k + 32);                                           \
		MIX(k + 36);                                           \
		MIX(k + 40);                                           \
		MASH(k);                                               \
		MIX(k + 44);                                           \
		MIX(k + 48);                                           \
		MIX(k + 52);                                           \
		MIX(k + 56);                                           \
		MIX(k + 60);                                           \
	} while (0)

/* RFC 2268 section 4.3 */
#define DEC_BLOCK(k)                                                   \
	do {                                                           \
		RMIX(k + 60);                                          \
		RMIX(k + 56);                                          \
		RMIX(k + 52);                                          \
		RMIX(k + 48);                                          \
		RMIX(k + 44);                                          \
		RMASH(k);                                              \
		RMIX(k + 40);                                          \
		RMIX(k + 36);                                          \
		RMIX(k + 32);                                          \
		RMIX(k + 28);                                          \
		RMIX(k + 24);                                          \
		RMIX(k + 20);                                          \
		RMASH(k);                                              \
		RMIX(k + 16);                                          \
		RMIX(k + 12);                                          \
		RMIX(k + 8);                                           \
		RMIX(k + 4);                                           \
		RMIX(k);                                               \
	} while (0)

/* The block is four little-endian 16-bit words R[0..3]. */
#define LD16(p) ((uint16_t)((p)[0] | (p)[1] << 8))
#define ST16(p, v)                                                     \
	do {                                                           \
		(p)[0] = (uint8_t)(v);                                 \
		(p)[1] = (uint8_t)((v) >> 8);                          \
	} while (0)

void ember_rc2_ecb_encrypt(const ember_rc2_ctx *c, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const uint16_t *k = c->k;

	for (; nblocks > 0; nblocks--, in += 8, out += 8) {
		uint16_t r0 = LD16(in), r1 = LD16(in + 2), r2 = LD16(in + 4), r3 = LD16(in + 6);
		ENC_BLOCK(k);
		ST16(out, r0);
		ST16(out + 2, r1);
		ST16(out + 4, r2);
		ST16(out + 6, r3);
	}
}

void ember_rc2_ecb_decrypt(const ember_rc2_ctx *c, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const uint16_t *k = c->k;

	for (; nblocks > 0; nblocks--, in += 8, out += 8) {
		uint16_t r0 = LD16(in), r1 = LD16(in + 2), r2 = LD16(in + 4), r3 = LD16(in + 6);
		DEC_BLOCK(k);
		ST16(out, r0);
		ST16(out + 2, r1);
		ST16(out + 4, r2);
		ST16(out + 6, r3);
	}
}

void ember_rc2_cbc_encrypt(const ember_rc2_ctx *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const uint16_t *k = c->k;
	uint16_t r0 = LD16(iv), r1 = LD16(iv + 2), r2 = LD16(iv + 4), r3 = LD16(iv + 6);

	for (; nblocks > 0; nblocks--, in += 8, out += 8) {
		r0 ^= LD16(in);
		r1 ^= LD16(in + 2);
		r2 ^= LD16(in + 4);
		r3 ^= LD16(in + 6);
		ENC_BLOCK(k);
		ST16(out, r0);
		ST16(out + 2, r1);
		ST16(out + 4, r2);
		ST16(out + 6, r3);
	}
	ST16(iv, r0);
	ST16(iv + 2, r1);
	ST16(iv + 4, r2);
	ST16(iv + 6, r3);
}

void ember_rc2_cbc_decrypt(const ember_rc2_ctx *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const uint16_t *k = c->k;
	uint16_t v0 = LD16(iv), v1 = LD16(iv + 2), v2 = LD16(iv + 4), v3 = LD16(iv + 6);

	for (; nblocks > 0; nblocks--, in += 8, out += 8) {
		/* the ciphertext is read before |out| (which may be |in|) is written */
		uint16_t x0 = LD16(in), x1 = LD16(in + 2), x2 = LD16(in + 4), x3 = LD16(in + 6);
		uint16_t r0 = x0, r1 = x1, r2 = x2, r3 = x3;
		DEC_BLOCK(k);
		ST16(out, r0 ^ v0);
		ST16(out + 2, r1 ^ v1);
		ST16(out + 4, r2 ^ v2);
		ST16(out + 6, r3 ^ v3);
		v0 = x0;
		v1 = x1;
		v2 = x2;
		v3 = x3;
	}
	ST16(iv, v0);
	ST16(iv + 2, v1);
	ST16(iv + 4, v2);
	ST16(iv + 6, v3);
}

void ember_rc2_clear(ember_rc2_ctx *c)
{
	ember_wipe(c, sizeof(*c));
}

/* ---- descriptor adapters ---- */

static int set_key(void *ctx, const uint8_t *key, size_t key_len, unsigned param)
{
	return ember_rc2_set_key(ctx, key, key_len, param);
}

static void enc(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	ember_rc2_ecb_encrypt(ctx, out, in, nblocks);
}

static void dec(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	ember_rc2_ecb_decrypt(ctx, out, in, nblocks);
}

static void cbc_enc(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	ember_rc2_cbc_encrypt(ctx, iv, out, in, nblocks);
}

static void cbc_dec(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	ember_rc2_cbc_decrypt(ctx, iv, out, in, nblocks);
}

const ember_block_desc ember_rc2_tab_desc = {
	"rc2", "tab", 0, 8, 1, 128, sizeof(ember_rc2_ctx), NULL, set_key,
	enc, dec, cbc_enc, cbc_dec, NULL, NULL
};
