/*
 * sha256_ref.c - the SHA-256 block function (SHA-224 too), portable C
 * (FIPS 180-4, 6.2.2), and its descriptors.
 *
 * Constant-time: no data-dependent branch or index. Initial values, update
 * and final are sha256.c's, shared by every implementation.
 */
#include "internal.h"
#include "ember/hash.h"
#include "hash/sha2_impl.h"

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

void ember_sha256_ref_init(ember_sha256_ctx *c)
{
	ember_sha256_start(c, EMBER_SHA256_LEN, ember_sha256_ref_blocks);
}

void ember_sha224_ref_init(ember_sha224_ctx *c)
{
	ember_sha256_start(c, EMBER_SHA224_LEN, ember_sha256_ref_blocks);
}

/* Descriptor adapters: typed wrappers, no function-pointer casts. */
static void d_init256(void *c) { ember_sha256_ref_init((ember_sha256_ctx *)c); }
static void d_init224(void *c) { ember_sha224_ref_init((ember_sha224_ctx *)c); }
static void d_update(void *c, const void *p, size_t n) { ember_sha256_update((ember_sha256_ctx *)c, p, n); }
static void d_final(void *c, uint8_t *out) { ember_sha256_final((ember_sha256_ctx *)c, out); }

const ember_hash_desc ember_sha256_ref_desc = {
	"sha256", "sha2-256", "ref", EMBER_IMPL_CT, 32, 64, sizeof(ember_sha256_ctx),
	NULL, d_init256, d_update, d_final
};

const ember_hash_desc ember_sha224_ref_desc = {
	"sha224", "sha2-224", "ref", EMBER_IMPL_CT, 28, 64, sizeof(ember_sha256_ctx),
	NULL, d_init224, d_update, d_final
};
