/*
 * keccak_x4.c - four SHAKE128/256 sponges at once (keccak_x4.h): the list
 * of four-way implementations and the choice among them, the portable one
 * (ref: four sponges of the default single-state SHAKE), and the sponge
 * around the vector ones' permutation (FIPS 202, 4 and 6.2).
 *
 * The choice lives here rather than in registry.c because the registry's
 * tables hold digests, ciphers, AEADs, curves and Montgomery backends,
 * none of which fits a bare permutation; it follows the registry's rule
 * (the first supported constant-time entry, recomputed when EMBER_CPUCAP
 * changes the enabled features).
 */
#include "internal.h"
#include "ember/cpu.h"
#include "ember/hash.h"
#include "hash/keccak_impl.h"
#include "hash/keccak_x4.h"

/*
 * ref's permutation: each state through the default SHAKE128's own
 * permutation, converted into and out of its form by its byte access (so
 * it holds for ref32's interleaved words as for 64-bit lanes). The sponge
 * functions below never take this path for ref: they run four sponges.
 */
static void ref_permute(uint64_t s[25][4])
{
	ember_sha3_ctx c;
	uint8_t b[200];
	unsigned i, k;

	for (k = 0; k < 4; k++) {
		ember_shake128_init(&c);
		for (i = 0; i < 25; i++)
			ember_st64le(b + 8 * i, s[i][k]);
		c.ops->xor_bytes(c.st, b, 0, sizeof(b));
		c.ops->permute(c.st);
		c.ops->extract(c.st, b, 0, sizeof(b));
		for (i = 0; i < 25; i++)
			s[i][k] = ember_ld64le(b + 8 * i);
	}
	ember_wipe(b, sizeof(b));
	ember_wipe(&c, sizeof(c));
}

static const ember_keccak_x4_desc ref_desc = { "ref", EMBER_IMPL_CT, NULL, ref_permute };

/*
 * Fastest first. avx512 (AVX-512VL: vpternlogq, vprolq on 256-bit
 * registers, all 25 lanes in registers) before avx2; armv8 (the SHA-3
 * instructions) before neon. Four permutations in one call against four
 * of the fastest single one (sha3_avx512.c's): avx512 3.97x as fast,
 * avx2 2.37x (AMD EPYC, Zen 5, family 26; medians of paired samples).
 * Under qemu-aarch64 -cpu max, instructions per four: armv8 3864 against
 * 4 x 1872 of sha3_armv8.c's (1.94x fewer), neon 9680 against 4 x 4205
 * of sha3_ref.c's (1.74x fewer; 2.5x more than armv8's four).
 */
static const ember_keccak_x4_desc *const x4_table[] = {
	&ember_keccak_x4_avx512_desc,
	&ember_keccak_x4_avx2_desc,
	&ember_keccak_x4_armv8_desc,
	&ember_keccak_x4_neon_desc,
	&ref_desc,
};

#define X4_N (sizeof(x4_table) / sizeof(x4_table[0]))

size_t ember_keccak_x4_count(void)
{
	return X4_N;
}

const ember_keccak_x4_desc *ember_keccak_x4_at(size_t i)
{
	return i < X4_N ? x4_table[i] : NULL;
}

int ember_keccak_x4_supported(const ember_keccak_x4_desc *d)
{
	return d != NULL && d->permute != NULL && (d->supported == NULL || d->supported());
}

/*
 * The one decision: the first supported constant-time entry of x4_table,
 * cached with the enabled features it was made under (a race between two
 * first callers is benign: both store the same answer).
 */
const ember_keccak_x4_desc *ember_keccak_x4_default(void)
{
	static const ember_keccak_x4_desc *volatile chosen;
	static volatile uint64_t chosen_key;
	uint64_t key = (uint64_t)ember_cpu_features() + 1;
	size_t i;

	if (chosen_key == key && chosen != NULL)
		return chosen;
	for (i = 0; i < X4_N; i++) {
		if ((x4_table[i]->flags & EMBER_IMPL_CT) && ember_keccak_x4_supported(x4_table[i]))
			break;
	}
	chosen = i < X4_N ? x4_table[i] : &ref_desc;
	chosen_key = key;
	return chosen;
}

void ember_keccak_x4_permute(const ember_keccak_x4_desc *d, uint64_t s[25][4])
{
	if (!ember_keccak_x4_supported(d))
		d = ember_keccak_x4_default();
	d->permute(s);
}

void ember_keccak_x4_init(ember_keccak_x4_ctx *c, const ember_keccak_x4_desc *d)
{
	memset(c, 0, sizeof(*c));
	c->desc = ember_keccak_x4_supported(d) ? d : ember_keccak_x4_default();
}

/*
 * FIPS 202, 4 and 6.2: whole blocks of each input into its state, then
 * the last partial block, SHAKE's domain bits and pad10*1.
 */
static void absorb_once(ember_keccak_x4_ctx *c, const uint8_t *in0, const uint8_t *in1, const uint8_t *in2,
    const uint8_t *in3, size_t len, unsigned rate)
{
	const uint8_t *in[4];
	unsigned i, k;

	in[0] = in0;
	in[1] = in1;
	in[2] = in2;
	in[3] = in3;
	c->rate = rate;
	if (c->desc == &ref_desc) {
		for (k = 0; k < 4; k++) {
			if (rate == EMBER_SHAKE128_BLOCK_LEN)
				ember_shake128_init(&c->u.one[k]);
			else
				ember_shake256_init(&c->u.one[k]);
			ember_shake_update(&c->u.one[k], in[k], len);
		}
		return;
	}
	memset(c->u.s, 0, sizeof(c->u.s));
	for (; len >= rate; len -= rate) {
		for (k = 0; k < 4; k++) {
			for (i = 0; i < rate / 8; i++)
				c->u.s[i][k] ^= ember_ld64le(in[k] + 8 * i);
			in[k] += rate;
		}
		c->desc->permute(c->u.s);
	}
	for (k = 0; k < 4; k++) {
		for (i = 0; i < len; i++)
			c->u.s[i / 8][k] ^= (uint64_t)in[k][i] << (8 * (i % 8));
		c->u.s[len / 8][k] ^= (uint64_t)EMBER_SHAKE_SUFFIX << (8 * (len % 8));
		c->u.s[(rate - 1) / 8][k] ^= (uint64_t)0x80 << 56;
	}
}

void ember_shake128_x4_absorb_once(ember_keccak_x4_ctx *c, const uint8_t *in0, const uint8_t *in1,
    const uint8_t *in2, const uint8_t *in3, size_t len)
{
	absorb_once(c, in0, in1, in2, in3, len, EMBER_SHAKE128_BLOCK_LEN);
}

void ember_shake256_x4_absorb_once(ember_keccak_x4_ctx *c, const uint8_t *in0, const uint8_t *in1,
    const uint8_t *in2, const uint8_t *in3, size_t len)
{
	absorb_once(c, in0, in1, in2, in3, len, EMBER_SHAKE256_BLOCK_LEN);
}

/* FIPS 202, 4, squeezing: permute, then the first rate bytes of each state, little-endian lanes. */
void ember_shake_x4_squeezeblocks(ember_keccak_x4_ctx *c, uint8_t *out0, uint8_t *out1, uint8_t *out2,
    uint8_t *out3, size_t nblocks)
{
	uint8_t *out[4];
	const unsigned rate = c->rate;
	unsigned i, k;

	out[0] = out0;
	out[1] = out1;
	out[2] = out2;
	out[3] = out3;
	if (c->desc == &ref_desc) {
		for (k = 0; k < 4; k++)
			ember_shake_squeeze(&c->u.one[k], out[k], nblocks * rate);
		return;
	}
	while (nblocks--) {
		c->desc->permute(c->u.s);
		for (k = 0; k < 4; k++) {
			for (i = 0; i < rate / 8; i++)
				ember_st64le(out[k] + 8 * i, c->u.s[i][k]);
			out[k] += rate;
		}
	}
}

void ember_keccak_x4_clear(ember_keccak_x4_ctx *c)
{
	ember_wipe(c, sizeof(*c));
}

/* |out_len| bytes of each: whole blocks straight to the outputs, the tail through a block on the stack. */
static void shake_x4(uint8_t *out0, uint8_t *out1, uint8_t *out2, uint8_t *out3, size_t out_len,
    const uint8_t *in0, const uint8_t *in1, const uint8_t *in2, const uint8_t *in3, size_t in_len, unsigned rate)
{
	ember_keccak_x4_ctx c;
	uint8_t tail[4][EMBER_SHAKE128_BLOCK_LEN];
	size_t n = out_len / rate, rest = out_len % rate;

	ember_keccak_x4_init(&c, NULL);
	absorb_once(&c, in0, in1, in2, in3, in_len, rate);
	ember_shake_x4_squeezeblocks(&c, out0, out1, out2, out3, n);
	if (rest != 0) {
		ember_shake_x4_squeezeblocks(&c, tail[0], tail[1], tail[2], tail[3], 1);
		memcpy(out0 + n * rate, tail[0], rest);
		memcpy(out1 + n * rate, tail[1], rest);
		memcpy(out2 + n * rate, tail[2], rest);
		memcpy(out3 + n * rate, tail[3], rest);
		ember_wipe(tail, sizeof(tail));
	}
	ember_keccak_x4_clear(&c);
}

void ember_shake128_x4(uint8_t *out0, uint8_t *out1, uint8_t *out2, uint8_t *out3, size_t out_len,
    const uint8_t *in0, const uint8_t *in1, const uint8_t *in2, const uint8_t *in3, size_t in_len)
{
	shake_x4(out0, out1, out2, out3, out_len, in0, in1, in2, in3, in_len, EMBER_SHAKE128_BLOCK_LEN);
}

void ember_shake256_x4(uint8_t *out0, uint8_t *out1, uint8_t *out2, uint8_t *out3, size_t out_len,
    const uint8_t *in0, const uint8_t *in1, const uint8_t *in2, const uint8_t *in3, size_t in_len)
{
	shake_x4(out0, out1, out2, out3, out_len, in0, in1, in2, in3, in_len, EMBER_SHAKE256_BLOCK_LEN);
}
