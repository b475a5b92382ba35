/*
 * sha256_ref.c - SHA-224 and SHA-256, portable C (FIPS 180-4).
 *
 * Constant-time: no data-dependent branch or index. The shared init,
 * update and final live here; an accelerated implementation only supplies
 * its block function and an init that installs it.
 */
#include "internal.h"
#include "ember/hash.h"
#include "hash/sha2_impl.h"

/* FIPS 180-4, 4.2.2; shared by every SHA-256 file (sha2_impl.h), aligned for vector loads */
EMBER_HIDDEN const uint32_t ember_sha256_k[64] EMBER_ALIGN(64) = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
};

/* FIPS 180-4, 5.3.3 and 5.3.2 */
static const uint32_t IV256[8] = {
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
};
static const uint32_t IV224[8] = {
	0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4
};

/*
 * FIPS 180-4, 4.1.2. Each Sigma is nested as ROTR^r(x ^ ROTR^s(x ^ ROTR^t(x))):
 * the same five operations, but ARM does each inner xor-with-rotate in one
 * instruction and folds the outer rotate into the add that consumes it, and
 * no compiler can reassociate the xors out of that shape.
 * Maj(a, b, c) = ((a ^ b) & (b ^ c)) ^ b, and a ^ b is the next round's
 * b ^ c, so Maj costs three operations.
 */
#define CH(x, y, z) ((((y) ^ (z)) & (x)) ^ (z))
#define S0(x) ember_rotr32((x) ^ ember_rotr32((x) ^ ember_rotr32(x, 9), 11), 2)
#define S1(x) ember_rotr32((x) ^ ember_rotr32((x) ^ ember_rotr32(x, 14), 5), 6)
#define s0(x) (ember_rotr32(x, 7) ^ ember_rotr32(x, 18) ^ ((x) >> 3))
#define s1(x) (ember_rotr32(x, 17) ^ ember_rotr32(x, 19) ^ ((x) >> 10))

/* FIPS 180-4, 6.2.2 step 2: W[t] for t >= 16, in a 16-word ring. */
#define W(i) (w[i] += s1(w[((i) + 14) & 15]) + w[((i) + 9) & 15] + s0(w[((i) + 1) & 15]))

/* FIPS 180-4, 6.2.2 step 3 with the variables renamed instead of shifted:
 * T1 is accumulated in h, which then becomes the new a. */
#define RND(a, b, c, d, e, f, g, h, k, wt)                                         \
	do {                                                                       \
		uint32_t ab_;                                                      \
		h += (k) + (wt);                                                   \
		h += S1(e) + CH(e, f, g);                                          \
		d += h;                                                            \
		ab_ = (a) ^ (b);                                                   \
		h += S0(a) + ((ab_ & bc) ^ (b));                                   \
		bc = ab_;                                                          \
	} while (0)

#define RND8(i, WT)                                                                \
	do {                                                                       \
		RND(a, b, c, d, e, f, g, hh, k[(i) + 0], WT((i) + 0));             \
		RND(hh, a, b, c, d, e, f, g, k[(i) + 1], WT((i) + 1));             \
		RND(g, hh, a, b, c, d, e, f, k[(i) + 2], WT((i) + 2));             \
		RND(f, g, hh, a, b, c, d, e, k[(i) + 3], WT((i) + 3));             \
		RND(e, f, g, hh, a, b, c, d, k[(i) + 4], WT((i) + 4));             \
		RND(d, e, f, g, hh, a, b, c, k[(i) + 5], WT((i) + 5));             \
		RND(c, d, e, f, g, hh, a, b, k[(i) + 6], WT((i) + 6));             \
		RND(b, c, d, e, f, g, hh, a, k[(i) + 7], WT((i) + 7));             \
	} while (0)

#define L(i) (w[i] = ember_ld32be(p + 4 * (i)))
#define LA(i) (w[i] = ember_ld32be_aligned(p + 4 * (i)))

/*
 * Rounds 0-15 read the block; rounds 16-63 run as three passes of sixteen,
 * where round t uses ring slot t mod 16, a constant in the unrolled body.
 */
void ember_sha256_ref_blocks(uint32_t *h, const uint8_t *p, size_t nblocks)
{
	uint32_t w[16];

	while (nblocks--) {
		uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
		uint32_t e = h[4], f = h[5], g = h[6], hh = h[7];
		uint32_t bc = b ^ c;
		const uint32_t *k = ember_sha256_k;
		int j;

		if (((uintptr_t)p & 3) == 0) {
			RND8(0, LA);
			RND8(8, LA);
		} else {
			RND8(0, L);
			RND8(8, L);
		}
		for (j = 0; j < 3; j++) {
			k += 16;
			RND8(0, W);
			RND8(8, W);
		}
		h[0] += a;
		h[1] += b;
		h[2] += c;
		h[3] += d;
		h[4] += e;
		h[5] += f;
		h[6] += g;
		h[7] += hh;
		p += 64;
	}
	ember_wipe(w, sizeof(w));
}

/* The initial value is chosen by the output length: 28 for SHA-224, else 32. */
void ember_sha256_start(ember_sha256_ctx *c, unsigned out_len, ember_sha256_blocks_fn blocks)
{
	if (out_len != EMBER_SHA224_LEN)
		out_len = EMBER_SHA256_LEN;
	memcpy(c->h, out_len == EMBER_SHA224_LEN ? IV224 : IV256, sizeof(c->h));
	c->count = 0;
	c->blocks = blocks;
	c->out_len = out_len;
}

void ember_sha256_ref_init(ember_sha256_ctx *c)
{
	ember_sha256_start(c, EMBER_SHA256_LEN, ember_sha256_ref_blocks);
}

void ember_sha224_ref_init(ember_sha224_ctx *c)
{
	ember_sha256_start(c, EMBER_SHA224_LEN, ember_sha256_ref_blocks);
}

/* The best block function this CPU supports, in registry order. */
static ember_sha256_blocks_fn best_blocks(void)
{
#if defined(EMBER_X86)
	if (ember_sha256_x86shani_supported())
		return ember_sha256_x86shani_blocks;
#endif
#if defined(EMBER_AARCH64)
	if (ember_sha256_armv8_supported())
		return ember_sha256_armv8_blocks;
#endif
#if defined(EMBER_ARM32)
	if (ember_sha256_neon_supported())
		return ember_sha256_neon_blocks;
#endif
	return ember_sha256_ref_blocks;
}

void ember_sha256_init(ember_sha256_ctx *c)
{
	ember_sha256_start(c, EMBER_SHA256_LEN, best_blocks());
}

void ember_sha224_init(ember_sha224_ctx *c)
{
	ember_sha256_start(c, EMBER_SHA224_LEN, best_blocks());
}

void ember_sha256_update(ember_sha256_ctx *c, const void *data, size_t len)
{
	EMBER_MD_UPDATE(c, 64, data, len);
}

void ember_sha224_update(ember_sha224_ctx *c, const void *data, size_t len)
{
	ember_sha256_update(c, data, len);
}

/*
 * Writes c->out_len bytes (32 for SHA-256, 28 for SHA-224). The store loop
 * has a variable bound on purpose: with a constant one gcc vectorises the
 * byte stores into a long shuffle sequence that costs as much as a block.
 */
static void finish(ember_sha256_ctx *c, uint8_t *out)
{
	unsigned i, n;

	EMBER_MD64_PAD(c, 1);
	n = c->out_len / 4;
	for (i = 0; i < n; i++)
		ember_st32be(out + 4 * i, c->h[i]);
	ember_wipe(c, sizeof(*c));
}

void ember_sha256_final(ember_sha256_ctx *c, uint8_t out[EMBER_SHA256_LEN])
{
	finish(c, out);
}

void ember_sha224_final(ember_sha224_ctx *c, uint8_t out[EMBER_SHA224_LEN])
{
	finish(c, out);
}

EMBER_HASH_ONESHOT(sha256, EMBER_SHA256_LEN)

EMBER_HASH_ONESHOT(sha224, EMBER_SHA224_LEN)

/* Descriptor adapters: typed wrappers, no function-pointer casts. */
static void d_init256(void *c) { ember_sha256_ref_init((ember_sha256_ctx *)c); }
static void d_init224(void *c) { ember_sha224_ref_init((ember_sha224_ctx *)c); }
static void d_update(void *c, const void *p, size_t n) { ember_sha256_update((ember_sha256_ctx *)c, p, n); }
static void d_final(void *c, uint8_t *out) { finish((ember_sha256_ctx *)c, out); }

const ember_hash_desc ember_sha256_ref_desc = {
	"sha256", "sha2-256", "ref", EMBER_IMPL_CT, 32, 64, sizeof(ember_sha256_ctx),
	NULL, d_init256, d_update, d_final
};

const ember_hash_desc ember_sha224_ref_desc = {
	"sha224", "sha2-224", "ref", EMBER_IMPL_CT, 28, 64, sizeof(ember_sha256_ctx),
	NULL, d_init224, d_update, d_final
};
