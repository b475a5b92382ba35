/*
 * idea_ref.c - IDEA (Lai and Massey, 1991), portable C.
 *
 * Constant-time: multiplication modulo 2^16+1 (with 0 standing for 2^16)
 * is computed without branches or tables (mul() below), and the inverses
 * for the decryption schedule by a fixed exponentiation (Fermat). It
 * relies on the 32-bit multiply having data-independent timing, which is
 * true of the cores Ember targets; some old ARM7/Cortex-M3-class cores
 * with early-terminating multipliers are the known exception.
 */
#include "internal.h"
#include "ember/cipher.h"

/*
 * a * b mod 2^16+1 for a, b in 0..0xffff, 0 meaning 2^16. When the
 * product p is non-zero neither operand was 2^16 and, as 2^16 = -1 mod
 * 2^16+1, p = hi*2^16 + lo = lo - hi (+ 2^16+1 when that is negative).
 * When p is 0 one operand (or both) was 2^16 = -1, and the result is
 * 1 - a - b (mod 2^16). Both are computed and one is selected by mask.
 */
static inline uint32_t mul(uint32_t a, uint32_t b)
{
	uint32_t p = a * b;
	uint32_t lo = p & 0xffff, hi = p >> 16;
	uint32_t r1 = lo - hi;
	uint32_t r0 = 1 - a - b;
	uint32_t z = (((p | (0u - p)) >> 31) & 1) - 1; /* all ones when p == 0 */

	r1 += r1 >> 31; /* lo < hi: add 2^16+1, i.e. +1 mod 2^16 */
	return ((r1 & ~z) | (r0 & z)) & 0xffff;
}

/* x^(2^16 - 1) = x^-1 mod 2^16+1 (a prime); maps 0 (2^16 = -1) to itself. */
static uint32_t inv(uint32_t x)
{
	uint32_t r = x;
	int i;

	for (i = 0; i < 15; i++)
		r = mul(mul(r, r), x);
	return r;
}

int ember_idea_set_key(ember_idea_ctx *c, const uint8_t *key, size_t key_len)
{
	uint16_t *ek = c->ek, *dk = c->dk;
	int i;

	if (key_len != 16)
		return EMBER_EKEYLEN;
	/* 52 subkeys: the key as 8 big-endian words, then the 128-bit key
	 * rotated left 25 bits for each further 8 (Lai's thesis, 3.4) */
	for (i = 0; i < 8; i++)
		ek[i] = (uint16_t)(key[2 * i] << 8 | key[2 * i + 1]);
	for (i = 8; i < 52; i++) {
		int base = i & ~7, pos = i & 7;
		const uint16_t *prev = ek + base - 8;
		ek[i] = (uint16_t)(prev[(pos + 1) & 7] << 9 | prev[(pos + 2) & 7] >> 7);
	}
	/*
	 * Decryption subkeys: the inverse operations in reverse order. Round r
	 * (0-based) of decryption uses the output-transform keys of encryption
	 * round 8 - r, with the two additions swapped except for the first and
	 * last round, and the MA keys of encryption round 7 - r.
	 */
	for (i = 0; i < 9; i++) {
		const uint16_t *e = ek + 48 - 6 * i;
		uint16_t *d = dk + 6 * i;
		int swap = i != 0 && i != 8;

		d[0] = (uint16_t)inv(e[0]);
		d[1] = (uint16_t)(0u - e[swap ? 2 : 1]);
		d[2] = (uint16_t)(0u - e[swap ? 1 : 2]);
		d[3] = (uint16_t)inv(e[3]);
		if (i < 8) {
			d[4] = e[-2];
			d[5] = e[-1];
		}
	}
	return 0;
}

/* Lai-Massey rounds; the block as four big-endian 16-bit words. */
static void crypt_block(const uint16_t *k, uint8_t *out, const uint8_t *in)
{
	uint32_t x1 = (uint32_t)in[0] << 8 | in[1], x2 = (uint32_t)in[2] << 8 | in[3];
	uint32_t x3 = (uint32_t)in[4] << 8 | in[5], x4 = (uint32_t)in[6] << 8 | in[7];
	uint32_t s2, s3, t;
	int r;

	for (r = 0; r < 8; r++) {
		x1 = mul(x1, k[0]);
		x2 = (x2 + k[1]) & 0xffff;
		x3 = (x3 + k[2]) & 0xffff;
		x4 = mul(x4, k[3]);
		/* MA structure */
		s3 = mul(x1 ^ x3, k[4]);
		s2 = mul(((x2 ^ x4) + s3) & 0xffff, k[5]);
		s3 = (s3 + s2) & 0xffff;
		x1 ^= s2;
		x4 ^= s3;
		/* x2, x3 each take the MA output of the other and swap */
		t = x2 ^ s3;
		x2 = x3 ^ s2;
		x3 = t;
		k += 6;
	}
	/* output transformation (undoes the last swap) */
	x1 = mul(x1, k[0]);
	t = (x3 + k[1]) & 0xffff;
	x3 = (x2 + k[2]) & 0xffff;
	x2 = t;
	x4 = mul(x4, k[3]);
	out[0] = (uint8_t)(x1 >> 8);
	out[1] = (uint8_t)x1;
	out[2] = (uint8_t)(x2 >> 8);
	out[3] = (uint8_t)x2;
	out[4] = (uint8_t)(x3 >> 8);
	out[5] = (uint8_t)x3;
	out[6] = (uint8_t)(x4 >> 8);
	out[7] = (uint8_t)x4;
}

void ember_idea_ecb_encrypt(const ember_idea_ctx *c, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	for (; nblocks > 0; nblocks--, in += 8, out += 8)
		crypt_block(c->ek, out, in);
}

void ember_idea_ecb_decrypt(const ember_idea_ctx *c, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	for (; nblocks > 0; nblocks--, in += 8, out += 8)
		crypt_block(c->dk, out, in);
}

void ember_idea_cbc_encrypt(const ember_idea_ctx *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	uint8_t b[8];
	int i;

	memcpy(b, iv, 8);
	for (; nblocks > 0; nblocks--, in += 8, out += 8) {
		for (i = 0; i < 8; i++)
			b[i] ^= in[i];
		crypt_block(c->ek, b, b);
		memcpy(out, b, 8);
	}
	memcpy(iv, b, 8);
}

void ember_idea_cbc_decrypt(const ember_idea_ctx *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	uint8_t v[8], x[8], b[8];
	int i;

	memcpy(v, iv, 8);
	for (; nblocks > 0; nblocks--, in += 8, out += 8) {
		memcpy(x, in, 8);
		crypt_block(c->dk, b, x);
		for (i = 0; i < 8; i++)
			out[i] = b[i] ^ v[i];
		memcpy(v, x, 8);
	}
	memcpy(iv, v, 8);
	ember_wipe(b, sizeof(b));
}

void ember_idea_clear(ember_idea_ctx *c)
{
	ember_wipe(c, sizeof(*c));
}

/* ---- descriptor adapters ---- */

static int set_key(void *ctx, const uint8_t *key, size_t key_len, unsigned param)
{
	(void)param;
	return ember_idea_set_key(ctx, key, key_len);
}

static void enc(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	ember_idea_ecb_encrypt(ctx, out, in, nblocks);
}

static void dec(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	ember_idea_ecb_decrypt(ctx, out, in, nblocks);
}

static void cbc_enc(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	ember_idea_cbc_encrypt(ctx, iv, out, in, nblocks);
}

static void cbc_dec(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	ember_idea_cbc_decrypt(ctx, iv, out, in, nblocks);
}

const ember_block_desc ember_idea_ref_desc = {
	"idea", "ref", EMBER_IMPL_CT, 8, 16, 16, sizeof(ember_idea_ctx), NULL, set_key,
	enc, dec, cbc_enc, cbc_dec, NULL, NULL
};
