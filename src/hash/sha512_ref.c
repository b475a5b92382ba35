/*
 * sha512_ref.c - the SHA-512 block function (for SHA-384, SHA-512,
 * SHA-512/224 and SHA-512/256), portable C (FIPS 180-4, 6.4.2), and its
 * descriptors.
 *
 * Constant-time: no data-dependent branch or index. Initial values, update
 * and final are sha512.c's, shared by every implementation.
 *
 * On 32-bit cores every 64-bit operation becomes two or three instructions;
 * the rounds are unrolled eight at a time with the working variables renamed
 * instead of shifted, which spares 16 register moves per round there.
 */
#include "internal.h"
#include "ember/hash.h"
#include "hash/sha2_impl.h"

/* FIPS 180-4, 4.1.3 */
#define CH(x, y, z) (((x) & ((y) ^ (z))) ^ (z))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))
#define S0(x) (ember_rotr64(x, 28) ^ ember_rotr64(x, 34) ^ ember_rotr64(x, 39))
#define S1(x) (ember_rotr64(x, 14) ^ ember_rotr64(x, 18) ^ ember_rotr64(x, 41))
#define s0(x) (ember_rotr64(x, 1) ^ ember_rotr64(x, 8) ^ ((x) >> 7))
#define s1(x) (ember_rotr64(x, 19) ^ ember_rotr64(x, 61) ^ ((x) >> 6))

/*
 * One round, FIPS 180-4 6.4.2 step 3, with the roles of the eight working
 * variables rotated by the caller: d and h are the ones that change.
 */
#define ROUND(a, b, c, d, e, f, g, h, kw)                                          \
	do {                                                                       \
		uint64_t t1_ = (h) + S1(e) + CH(e, f, g) + (kw);                   \
		(d) += t1_;                                                        \
		(h) = t1_ + S0(a) + MAJ(a, b, c);                                  \
	} while (0)

/* Rounds i .. i+7, the message words W[i .. i+7] + K from wk. */
#define ROUNDS8(i)                                                                 \
	do {                                                                       \
		ROUND(a, b, c, d, e, f, g, h, wk[(i) + 0]);                        \
		ROUND(h, a, b, c, d, e, f, g, wk[(i) + 1]);                        \
		ROUND(g, h, a, b, c, d, e, f, wk[(i) + 2]);                        \
		ROUND(f, g, h, a, b, c, d, e, wk[(i) + 3]);                        \
		ROUND(e, f, g, h, a, b, c, d, wk[(i) + 4]);                        \
		ROUND(d, e, f, g, h, a, b, c, wk[(i) + 5]);                        \
		ROUND(c, d, e, f, g, h, a, b, wk[(i) + 6]);                        \
		ROUND(b, c, d, e, f, g, h, a, wk[(i) + 7]);                        \
	} while (0)

/*
 * FIPS 180-4, 6.4.2. The whole schedule W[0..79] (+ K) is expanded first,
 * then the rounds run eight at a time with the working variables renamed
 * instead of shifted: compact code (a few KB on 32-bit cores, where each
 * 64-bit operation takes two or three instructions and the schedule lives
 * in memory anyway), as fast as a fully unrolled form on the cores tried.
 */
void ember_sha512_ref_blocks(uint64_t *st, const uint8_t *p, size_t nblocks)
{
	uint64_t w[80], wk[80];

	while (nblocks--) {
		uint64_t a = st[0], b = st[1], c = st[2], d = st[3];
		uint64_t e = st[4], f = st[5], g = st[6], h = st[7];
		int i;

		for (i = 0; i < 16; i++) {
			w[i] = ember_ld64be(p + 8 * i);
			wk[i] = w[i] + ember_sha512_k[i];
		}
		for (i = 16; i < 80; i++) {
			w[i] = s1(w[i - 2]) + w[i - 7] + s0(w[i - 15]) + w[i - 16];
			wk[i] = w[i] + ember_sha512_k[i];
		}
		for (i = 0; i < 80; i += 8)
			ROUNDS8(i);
		st[0] += a;
		st[1] += b;
		st[2] += c;
		st[3] += d;
		st[4] += e;
		st[5] += f;
		st[6] += g;
		st[7] += h;
		p += 128;
	}
	ember_wipe(w, sizeof(w));
	ember_wipe(wk, sizeof(wk));
}

void ember_sha512_ref_init(ember_sha512_ctx *c)
{
	ember_sha512_start(c, EMBER_SHA512_LEN, ember_sha512_ref_blocks);
}

void ember_sha384_ref_init(ember_sha384_ctx *c)
{
	ember_sha512_start(c, EMBER_SHA384_LEN, ember_sha512_ref_blocks);
}

void ember_sha512_224_ref_init(ember_sha512_ctx *c)
{
	ember_sha512_start(c, EMBER_SHA512_224_LEN, ember_sha512_ref_blocks);
}

void ember_sha512_256_ref_init(ember_sha512_ctx *c)
{
	ember_sha512_start(c, EMBER_SHA512_256_LEN, ember_sha512_ref_blocks);
}

/* Descriptor adapters: typed wrappers, no function-pointer casts. */
static void d_init512(void *c) { ember_sha512_ref_init((ember_sha512_ctx *)c); }
static void d_init384(void *c) { ember_sha384_ref_init((ember_sha512_ctx *)c); }
static void d_init224(void *c) { ember_sha512_224_ref_init((ember_sha512_ctx *)c); }
static void d_init256(void *c) { ember_sha512_256_ref_init((ember_sha512_ctx *)c); }
static void d_update(void *c, const void *p, size_t n) { ember_sha512_update((ember_sha512_ctx *)c, p, n); }
static void d_final(void *c, uint8_t *out) { ember_sha512_final((ember_sha512_ctx *)c, out); }

const ember_hash_desc ember_sha512_ref_desc = {
	"sha512", "sha2-512", "ref", EMBER_IMPL_CT, 64, 128, sizeof(ember_sha512_ctx),
	NULL, d_init512, d_update, d_final
};

const ember_hash_desc ember_sha384_ref_desc = {
	"sha384", "sha2-384", "ref", EMBER_IMPL_CT, 48, 128, sizeof(ember_sha512_ctx),
	NULL, d_init384, d_update, d_final
};

const ember_hash_desc ember_sha512_224_ref_desc = {
	"sha512-224", "sha512/224 sha2-512/224", "ref", EMBER_IMPL_CT, 28, 128, sizeof(ember_sha512_ctx),
	NULL, d_init224, d_update, d_final
};

const ember_hash_desc ember_sha512_256_ref_desc = {
	"sha512-256", "sha512/256 sha2-512/256", "ref", EMBER_IMPL_CT, 32, 128, sizeof(ember_sha512_ctx),
	NULL, d_init256, d_update, d_final
};
