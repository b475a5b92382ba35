/*
 * rc5_ref.c - RC5-32/r/b (Rivest, "The RC5 Encryption Algorithm"; RFC 2040),
 * portable C. 32-bit words, 64-bit block, 1..255 rounds, 0..255-byte key.
 *
 * Constant-time where variable-amount rotates (or shifts) are: the
 * cipher's rotations are by data-dependent amounts by design. That holds
 * on every CPU Ember targets (x86, ARM, AArch64, MIPS32, PowerPC, RISC-V:
 * rotate/shift instructions with fixed latency; ember_rotl32 is branchless)
 * and the code has no secret-dependent branch or table index, so the
 * descriptor is flagged EMBER_IMPL_CT. It would not hold on a core whose
 * shifter takes one cycle per bit position (some 8/16-bit microcontrollers).
 */
#include "internal.h"
#include "ember/cipher.h"

#define P32 0xb7e15163u
#define Q32 0x9e3779b9u

/* Rivest section 4.3: key expansion. */
int ember_rc5_set_key(ember_rc5_ctx *c, const uint8_t *key, size_t key_len, unsigned rounds)
{
	uint32_t l[64], a = 0, b = 0;
	size_t t, u, i, j, n, k;

	if (key_len > 255)
		return EMBER_EKEYLEN;
	if (rounds == 0)
		rounds = 12;
	if (rounds > EMBER_RC5_MAX_ROUNDS)
		return EMBER_ERANGE;
	/* L: the key as little-endian words, c = max(1, ceil(b / 4)) of them */
	u = key_len ? (key_len + 3) / 4 : 1;
	memset(l, 0, sizeof(l));
	for (i = key_len; i-- > 0;)
		l[i / 4] = (l[i / 4] << 8) + key[i];
	t = 2 * (size_t)rounds + 2;
	c->s[0] = P32;
	for (i = 1; i < t; i++)
		c->s[i] = c->s[i - 1] + Q32;
	n = 3 * (t > u ? t : u);
	for (k = 0, i = 0, j = 0; k < n; k++) {
		a = c->s[i] = ember_rotl32(c->s[i] + a + b, 3);
		b = l[j] = ember_rotl32(l[j] + a + b, (a + b) & 31);
		if (++i == t)
			i = 0;
		if (++j == u)
			j = 0;
	}
	c->rounds = rounds;
	ember_wipe(l, sizeof(l));
	return 0;
}

/* Rivest section 4.1 */
static inline void enc_words(const ember_rc5_ctx *c, uint32_t *w)
{
	const uint32_t *s = c->s + 2;
	uint32_t a = w[0] + c->s[0], b = w[1] + c->s[1];
	unsigned r;

	for (r = c->rounds; r > 0; r--) {
		a = ember_rotl32(a ^ b, b & 31) + s[0];
		b = ember_rotl32(b ^ a, a & 31) + s[1];
		s += 2;
	}
	w[0] = a;
	w[1] = b;
}

/* Rivest section 4.2 */
static inline void dec_words(const ember_rc5_ctx *c, uint32_t *w)
{
	const uint32_t *s = c->s + 2 * c->rounds;
	uint32_t a = w[0], b = w[1];
	unsigned r;

	for (r = c->rounds; r > 0; r--) {
		b = ember_rotr32(b - s[1], a & 31) ^ a;
		a = ember_rotr32(a - s[0], b & 31) ^ b;
		s -= 2;
	}
	w[0] = a - c->s[0];
	w[1] = b - c->s[1];
}

void ember_rc5_ecb_encrypt(const ember_rc5_ctx *c, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	uint32_t w[2];

	while (nblocks--) {
		w[0] = ember_ld32le(in);
		w[1] = ember_ld32le(in + 4);
		enc_words(c, w);
		ember_st32le(out, w[0]);
		ember_st32le(out + 4, w[1]);
		in += 8;
		out += 8;
	}
}

void ember_rc5_ecb_decrypt(const ember_rc5_ctx *c, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	uint32_t w[2];

	while (nblocks--) {
		w[0] = ember_ld32le(in);
		w[1] = ember_ld32le(in + 4);
		dec_words(c, w);
		ember_st32le(out, w[0]);
		ember_st32le(out + 4, w[1]);
		in += 8;
		out += 8;
	}
}

void ember_rc5_cbc_encrypt(const ember_rc5_ctx *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	uint32_t w[2];

	w[0] = ember_ld32le(iv);
	w[1] = ember_ld32le(iv + 4);
	while (nblocks--) {
		w[0] ^= ember_ld32le(in);
		w[1] ^= ember_ld32le(in + 4);
		enc_words(c, w);
		ember_st32le(out, w[0]);
		ember_st32le(out + 4, w[1]);
		in += 8;
		out += 8;
	}
	ember_st32le(iv, w[0]);
	ember_st32le(iv + 4, w[1]);
}

void ember_rc5_cbc_decrypt(const ember_rc5_ctx *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	uint32_t v0 = ember_ld32le(iv), v1 = ember_ld32le(iv + 4), w[2], x0, x1;

	while (nblocks--) {
		x0 = ember_ld32le(in);
		x1 = ember_ld32le(in + 4);
		w[0] = x0;
		w[1] = x1;
		dec_words(c, w);
		ember_st32le(out, w[0] ^ v0);
		ember_st32le(out + 4, w[1] ^ v1);
		v0 = x0;
		v1 = x1;
		in += 8;
		out += 8;
	}
	ember_st32le(iv, v0);
	ember_st32le(iv + 4, v1);
}

void ember_rc5_clear(ember_rc5_ctx *c)
{
	ember_wipe(c, sizeof(*c));
}

/* ---- descriptor adapters ---- */

static int set_key(void *ctx, const uint8_t *key, size_t key_len, unsigned param)
{
	return ember_rc5_set_key(ctx, key, key_len, param);
}

static void enc(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	ember_rc5_ecb_encrypt(ctx, out, in, nblocks);
}

static void dec(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	ember_rc5_ecb_decrypt(ctx, out, in, nblocks);
}

static void cbc_enc(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	ember_rc5_cbc_encrypt(ctx, iv, out, in, nblocks);
}

static void cbc_dec(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	ember_rc5_cbc_decrypt(ctx, iv, out, in, nblocks);
}

const ember_block_desc ember_rc5_ref_desc = {
	"rc5", "ref", EMBER_IMPL_CT, 8, 0, 255, sizeof(ember_rc5_ctx), NULL, set_key,
	enc, dec, cbc_enc, cbc_dec, NULL, NULL
};
