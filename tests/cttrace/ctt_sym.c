/*
 * ctt_sym.c - the checks of the AEAD, digest and four-way Keccak
 * implementations valgrind cannot run, found by walking the registry
 * (and keccak_x4.c's list, where the tree has it; see cttrace.c for the
 * tracer).
 *
 * Which ones: every descriptor flagged constant-time that this CPU runs
 * (after EMBER_CPUCAP) but that is not supported when the features are cut
 * down to those valgrind 3.19 shows its guest (`make ctgrind` prints them:
 * sse2 ssse3 sse41 aesni pclmul avx avx2 bmi2). Today that is every
 * AVX-512, VAES/VPCLMULQDQ, IFMA and SHA-NI implementation (the AVX-512
 * Keccak and Keccak-x4 among them); a new one is checked as soon as its
 * registry line exists. The others are make ctgrind's.
 *
 * AEADs: one check per descriptor, key length and direction: the key and
 * the plaintexts are the secrets (two per check), nonce and AAD (13 bytes,
 * as a TLS record's) are public and the same for both. The traced region
 * keys the context (AES key schedule, GHASH powers), seals or opens (with
 * the right tag) every message of the algorithm's list below, and clears
 * the context (open runs the list longest first, seal in its order). Each
 * child then compares with the portable implementation
 * of the same algorithm (the first constant-time descriptor without
 * EMBER_IMPL_HW): seal's ciphertexts and tags must be its, open must
 * return every plaintext (the ciphertexts come from it).
 *
 * Digests: the secret message of 7 blocks less 3 bytes, fed as 5 bytes and
 * the rest (a block assembled in the buffer, five whole blocks in one call,
 * a partial block left), then the final padding over two blocks where the
 * length does not fit (MD/SHA); an XOF squeezes block_len + 8 bytes (two
 * permutations). Five blocks in one call reach the multi-block paths
 * (sha512_avx512.c schedules pairs of blocks from 5 on, and then one
 * block alone). Compared with the portable descriptor's digest.
 */
#define _GNU_SOURCE 1
#include <stdio.h>
#include <string.h>

#if defined(__x86_64__) && defined(__linux__)

#include "ember/aead.h"
#include "ember/cpu.h"
#include "ember/hash.h"
#include "ember/util.h"
#include "cttrace.h"

/* the four-way Keccak of the post-quantum expansions (an internal list of its own), where the tree has it */
#if defined(__has_include)
#if __has_include("hash/keccak_x4.h")
#include "hash/keccak_x4.h"
#define CTT_KECCAK_X4 1
#endif
#endif

enum { SYM_SEAL, SYM_OPEN, SYM_HASH, SYM_X4_128, SYM_X4_256 };

/*
 * The message lengths per AEAD (bytes, public, the same for both secrets):
 * enough to run every path of each SIMD implementation registered today,
 * not more (a step costs 20-70 us).
 *
 * chacha20-poly1305: the first call of ChaCha20 covers block 0 (the
 * Poly1305 key) and up to 960 bytes of message, the second the rest from
 * block 16 on (chacha20_poly1305.c). AVX-512 ChaCha20 runs 16-block steps
 * while more than 8 blocks are left, then one 8- or 4-block step, each
 * whole (straight to |out|) or short (through a stack buffer):
 * 100 (a short 4-block step), 300 (a short 8-block step), 700 (a short
 * 16-block step), 1216 (a whole 16-block step, then a whole 4-block one),
 * 1472 (a whole 16, then a whole 8). Poly1305 with IFMA takes eight-block
 * steps from 16 blocks on and the scalar code below and after them: 100
 * (scalar only), 300 (two steps and scalar blocks), 700 to 1472 (5 to 11
 * steps); AAD, padding and length blocks scalar.
 *
 * aes-gcm (vaes): 31 and 200 take the short path (AAD, message and
 * length block in one pass of at most 16 blocks; the last blocks in one
 * masked register, then in four); 600 the long one: the 16-block step
 * without and with the GHASH of the previous 16 blocks stitched in, the
 * GHASH of the last 16, and a tail of 5.5 blocks over two registers.
 *
 * aes-ccm (avx512: VAES CTR, CBC-MAC through x86ni): 31 (CTR through
 * x86ni only), 300 (one 16-block VAES step, then 2.75 blocks through x86ni;
 * CBC-MAC over 16 blocks per call, then the rest).
 *
 * Another AEAD gets the default list: short, past 256 and past 1024 bytes.
 */
#define MAXMSG 5
#define MAXLEN 1472
#define AAD_LEN 13
static const struct {
	const char *alg;
	size_t n, len[MAXMSG];
} aead_lens[] = {
	{ "chacha20-poly1305", 5, { 100, 300, 700, 1216, 1472 } },
	{ "aes-gcm", 3, { 31, 200, 600 } },
	{ "aes-ccm", 2, { 31, 300 } },
	{ NULL, 3, { 31, 300, 1100 } },
};

/*
 * Keccak x4: four secret inputs (ML-DSA's ExpandS and the PRFs of ML-KEM
 * and ML-DSA hash secret seeds this way) of 170 bytes, absorbed at once:
 * a whole block at either rate (168, 136) and then the last partial one
 * with the padding; then three blocks squeezed per sponge. SHAKE128 and
 * SHAKE256, so both rates' lane conversions run; four permutations each.
 */
#define X4_IN 170
#define X4_BLOCKS 3

/*
 * The planted leaks (-DEMBER_CTTRACE_LEAK) in implementations of the
 * registry, and the message lengths that run through them. A trace stops
 * at its first divergence, so a check expects the leak that its first
 * message reaching one meets first: the first entry below, in this order,
 * whose range holds that message's length.
 */
static const struct {
	const char *alg, *impl;
	unsigned leak;
	size_t min_len, max_len;
} planted[] = {
	/* the 16-block step: an xor call over more than 512 bytes, the first one from 449 bytes of message */
	{ "chacha20-poly1305", "avx512", LEAK_CHACHA, 449, (size_t)-1 },
	{ "chacha20-poly1305", "avx512ifma", LEAK_CHACHA, 449, (size_t)-1 },
	/* the 16-block step of the long path (256 bytes and more), before its last blocks */
	{ "aes-gcm", "vaes", LEAK_GCM, 256, (size_t)-1 },
	/* the last blocks (gctr_tail) of both paths */
	{ "aes-gcm", "vaes", LEAK_GCM_MASK, 1, (size_t)-1 },
};

/* ---- the child's data ---- */

static struct {
	ember_aead_ctx c;
	int init_ret, ret[MAXMSG];
	uint8_t key[EMBER_AEAD_MAX_KEY_LEN], nonce[EMBER_AEAD_MAX_NONCE_LEN], aad[AAD_LEN];
	uint8_t pt[MAXMSG][MAXLEN], ct[MAXMSG][MAXLEN], out[MAXMSG][MAXLEN];
	uint8_t tag[MAXMSG][EMBER_AEAD_MAX_TAG_LEN], chk[MAXLEN], chktag[EMBER_AEAD_MAX_TAG_LEN];
	ember_hash_ctx h;
	uint8_t msg[7 * 168], md[256], mdref[256];
#ifdef CTT_KECCAK_X4
	ember_keccak_x4_ctx x4;
	uint8_t xin[4][X4_IN], xout[4][X4_BLOCKS * 168];
#endif
} sw;

/*
 * c->p: [0] the spec's index, [1] the length list's index; for a digest [0]
 * the message, [1] the output length. Seal runs the list in its order, open
 * longest first: in the leak build each half then meets another planted leak
 * of aes-gcm/vaes first (the masked load of the last blocks, the load of the
 * 16-block step).
 */
static size_t msg_len(const struct ctt_check *c, size_t i)
{
	size_t n = aead_lens[c->p[1]].n;
	return aead_lens[c->p[1]].len[c->op == SYM_OPEN ? n - 1 - i : i];
}

static int aead_prepare(const struct ctt_check *c, unsigned secret)
{
	const ember_aead_desc *d = c->desc, *ref = c->ref;
	const ember_aead_spec *s = ember_aead_spec_at(c->p[0]);
	size_t i, n = aead_lens[c->p[1]].n;

	memset(&sw, 0, sizeof(sw));
	/* public: nonce and AAD */
	ctt_rng = 7;
	ctt_random_bytes(sw.nonce, d->default_nonce_len);
	ctt_random_bytes(sw.aad, AAD_LEN);
	/* secret: the key and the plaintexts */
	ctt_rng = 2000 + secret;
	ctt_random_bytes(sw.key, s->key_len);
	for (i = 0; i < n; i++)
		ctt_random_bytes(sw.pt[i], msg_len(c, i));
	if (c->op == SYM_OPEN) {
		/* the ciphertexts and right tags, from the portable implementation */
		if (ember_aead_init(&sw.c, s, ref, sw.key, s->key_len) != 0)
			return -1;
		for (i = 0; i < n; i++)
			if (ember_aead_seal(&sw.c, sw.ct[i], sw.tag[i], d->default_tag_len, sw.nonce, d->default_nonce_len,
			    sw.aad, AAD_LEN, sw.pt[i], msg_len(c, i)) != 0)
				return -1;
		ember_aead_clear(&sw.c);
	}
	return 0;
}

static void aead_run(const struct ctt_check *c)
{
	const ember_aead_desc *d = c->desc;
	const ember_aead_spec *s = ember_aead_spec_at(c->p[0]);
	size_t i, n = aead_lens[c->p[1]].n;

	sw.init_ret = ember_aead_init(&sw.c, s, d, sw.key, s->key_len);
	for (i = 0; i < n; i++) {
		const size_t len = msg_len(c, i);
		if (c->op == SYM_SEAL)
			sw.ret[i] = ember_aead_seal(&sw.c, sw.out[i], sw.tag[i], d->default_tag_len, sw.nonce,
			    d->default_nonce_len, sw.aad, AAD_LEN, sw.pt[i], len);
		else
			sw.ret[i] = ember_aead_open(&sw.c, sw.out[i], sw.tag[i], d->default_tag_len, sw.nonce,
			    d->default_nonce_len, sw.aad, AAD_LEN, sw.ct[i], len);
	}
	ember_aead_clear(&sw.c);
}

static int aead_verify(const struct ctt_check *c)
{
	const ember_aead_desc *d = c->desc, *ref = c->ref;
	const ember_aead_spec *s = ember_aead_spec_at(c->p[0]);
	size_t i, n = aead_lens[c->p[1]].n;

	if (sw.init_ret != 0)
		return 1;
	for (i = 0; i < n; i++) {
		const size_t len = msg_len(c, i);
		if (sw.ret[i] != 0)
			return 1;
		if (c->op == SYM_OPEN) {
			if (memcmp(sw.out[i], sw.pt[i], len) != 0)
				return 1;
			continue;
		}
		if (ember_aead_init(&sw.c, s, ref, sw.key, s->key_len) != 0 ||
		    ember_aead_seal(&sw.c, sw.chk, sw.chktag, d->default_tag_len, sw.nonce, d->default_nonce_len, sw.aad,
			AAD_LEN, sw.pt[i], len) != 0)
			return 1;
		ember_aead_clear(&sw.c);
		if (memcmp(sw.chk, sw.out[i], len) != 0 || memcmp(sw.chktag, sw.tag[i], d->default_tag_len) != 0)
			return 1;
	}
	return 0;
}

static int hash_prepare(const struct ctt_check *c, unsigned secret)
{
	memset(&sw, 0, sizeof(sw));
	ctt_rng = 3000 + secret;
	ctt_random_bytes(sw.msg, c->p[0]);
	return 0;
}

static void hash_digest(const ember_hash_desc *d, uint8_t *out, size_t len, size_t out_len, size_t first)
{
	ember_hash_init(&sw.h, d);
	ember_hash_update(&sw.h, sw.msg, first);
	ember_hash_update(&sw.h, sw.msg + first, len - first);
	if (d->flags & EMBER_HASH_XOF)
		ember_hash_final_xof(&sw.h, out, out_len);
	else
		ember_hash_final(&sw.h, out);
}

static void hash_run(const struct ctt_check *c)
{
	hash_digest(c->desc, sw.md, c->p[0], c->p[1], 5);
}

static int hash_verify(const struct ctt_check *c)
{
	hash_digest(c->ref, sw.mdref, c->p[0], c->p[1], 0);
	return memcmp(sw.md, sw.mdref, c->p[1]) != 0;
}

#ifdef CTT_KECCAK_X4
static int x4_prepare(const struct ctt_check *c, unsigned secret)
{
	(void)c;
	memset(&sw, 0, sizeof(sw));
	ctt_rng = 4000 + secret;
	ctt_random_bytes(&sw.xin[0][0], sizeof(sw.xin));
	return 0;
}

static void x4_run(const struct ctt_check *c)
{
	ember_keccak_x4_init(&sw.x4, c->desc);
	if (c->op == SYM_X4_128)
		ember_shake128_x4_absorb_once(&sw.x4, sw.xin[0], sw.xin[1], sw.xin[2], sw.xin[3], X4_IN);
	else
		ember_shake256_x4_absorb_once(&sw.x4, sw.xin[0], sw.xin[1], sw.xin[2], sw.xin[3], X4_IN);
	ember_shake_x4_squeezeblocks(&sw.x4, sw.xout[0], sw.xout[1], sw.xout[2], sw.xout[3], X4_BLOCKS);
	ember_keccak_x4_clear(&sw.x4);
}

/* each sponge's output against one SHAKE of its input through the portable digest */
static int x4_verify(const struct ctt_check *c)
{
	const size_t out = X4_BLOCKS * (c->op == SYM_X4_128 ? 168 : 136);
	unsigned k;

	for (k = 0; k < 4; k++) {
		ember_hash_init(&sw.h, c->ref);
		ember_hash_update(&sw.h, sw.xin[k], X4_IN);
		if (ember_hash_final_xof(&sw.h, sw.md, out) != 0 || memcmp(sw.md, sw.xout[k], out) != 0)
			return 1;
	}
	return 0;
}
#endif

/* ---- the walk ---- */

/* ember_cpu_override's words for the features enabled now, restricted to |keep| (NULL: all) */
static void cpu_words(char *buf, size_t len, const char *keep)
{
	uint32_t f = ember_cpu_features();
	size_t used;
	unsigned i;

	used = (size_t)snprintf(buf, len, "none");
	for (i = 0; i < EMBER_CPU_NFEATURES && used < len; i++) {
		const char *name = ember_cpu_feature_name(i);
		size_t n = strlen(name);
		const char *k = keep;
		int kept = keep == NULL;
		while (!kept && k && *k) {
			kept = strncmp(k, name, n) == 0 && (k[n] == ',' || k[n] == 0);
			k = strchr(k, ',');
			k = k ? k + 1 : NULL;
		}
		if ((f & (1u << i)) && kept)
			used += (size_t)snprintf(buf + used, len - used, ",%s", name);
	}
}

/* the portable implementation a check compares with: constant-time, not EMBER_IMPL_HW, supported */
static const ember_aead_desc *aead_ref(const char *name)
{
	size_t i;
	for (i = 0; i < ember_aead_count(); i++) {
		const ember_aead_desc *d = ember_aead_at(i);
		if (strcmp(d->name, name) == 0 && (d->flags & EMBER_IMPL_CT) && !(d->flags & EMBER_IMPL_HW) &&
		    ember_aead_supported(d))
			return d;
	}
	return NULL;
}

static const ember_hash_desc *hash_ref(const char *name)
{
	size_t i;
	for (i = 0; i < ember_hash_count(); i++) {
		const ember_hash_desc *d = ember_hash_at(i);
		if (strcmp(d->name, name) == 0 && (d->flags & EMBER_IMPL_CT) && !(d->flags & EMBER_IMPL_HW) &&
		    ember_hash_supported(d))
			return d;
	}
	return NULL;
}

/* the planted leak check c meets first (its descriptor and lengths set), 0 for none */
static unsigned planted_leak(const struct ctt_check *c)
{
	const ember_aead_desc *d = c->desc;
	size_t i, j;

	for (j = 0; j < aead_lens[c->p[1]].n; j++) {
		const size_t len = msg_len(c, j);
		for (i = 0; i < sizeof(planted) / sizeof(planted[0]); i++)
			if (strcmp(planted[i].alg, d->name) == 0 && strcmp(planted[i].impl, d->impl) == 0 &&
			    len >= planted[i].min_len && len <= planted[i].max_len)
				return planted[i].leak;
	}
	return 0;
}

static void add_aead(const ember_aead_desc *d)
{
	const ember_aead_desc *ref = aead_ref(d->name);
	size_t lens, si, j;
	unsigned op;

	for (lens = 0; aead_lens[lens].alg && strcmp(aead_lens[lens].alg, d->name) != 0; lens++)
		;
	for (si = 0; si < ember_aead_spec_count(); si++) {
		const ember_aead_spec *s = ember_aead_spec_at(si);
		if (strcmp(s->alg, d->name) != 0)
			continue;
		for (op = SYM_SEAL; op <= SYM_OPEN; op++) {
			struct ctt_check *c = ctt_add();
			int used;
			if (c == NULL)
				return;
			used = snprintf(c->name, sizeof(c->name), "aead %s/%s %s, %zu-byte key, lengths", d->name, d->impl,
			    op == SYM_SEAL ? "seal" : "open", s->key_len);
			c->op = op;
			c->p[1] = lens;
			for (j = 0; j < aead_lens[lens].n && used > 0 && (size_t)used < sizeof(c->name); j++)
				used += snprintf(c->name + used, sizeof(c->name) - (size_t)used, " %zu", msg_len(c, j));
			if (ref == NULL)
				snprintf(c->not_run, sizeof(c->not_run), "no portable %s to compare with", d->name);
			else if (d->default_tag_len > EMBER_AEAD_MAX_TAG_LEN || d->default_nonce_len > EMBER_AEAD_MAX_NONCE_LEN)
				snprintf(c->not_run, sizeof(c->not_run), "default nonce or tag longer than aead.h allows");
			c->desc = d;
			c->ref = ref;
			c->p[0] = si;
			c->leak = planted_leak(c);
			c->prepare = aead_prepare;
			c->run = aead_run;
			c->verify = aead_verify;
			if (c->not_run[0] == 0)
				ctt_leaks_here |= c->leak;
		}
	}
}

static void add_hash(const ember_hash_desc *d)
{
	struct ctt_check *c = ctt_add();
	size_t len = 7 * d->block_len - 3, out = d->flags & EMBER_HASH_XOF ? d->block_len + 8 : d->digest_len;

	if (c == NULL)
		return;
	snprintf(c->name, sizeof(c->name), "digest %s/%s, %zu-byte message, %zu bytes out", d->name, d->impl, len, out);
	c->ref = hash_ref(d->name);
	if (c->ref == NULL)
		snprintf(c->not_run, sizeof(c->not_run), "no portable %s to compare with", d->name);
	else if (len > sizeof(sw.msg) || out > sizeof(sw.md))
		snprintf(c->not_run, sizeof(c->not_run), "block or output longer than this check holds");
	c->desc = d;
	c->op = SYM_HASH;
	c->p[0] = len;
	c->p[1] = out;
	c->prepare = hash_prepare;
	c->run = hash_run;
	c->verify = hash_verify;
}

#ifdef CTT_KECCAK_X4
static void add_x4(const ember_keccak_x4_desc *d)
{
	unsigned op;

	for (op = SYM_X4_128; op <= SYM_X4_256; op++) {
		const char *name = op == SYM_X4_128 ? "shake128" : "shake256";
		struct ctt_check *c = ctt_add();
		if (c == NULL)
			return;
		snprintf(c->name, sizeof(c->name), "keccak-x4 %s %s, 4 x %d-byte inputs, %d blocks out", d->impl, name, X4_IN,
		    X4_BLOCKS);
		c->ref = hash_ref(name);
		if (c->ref == NULL)
			snprintf(c->not_run, sizeof(c->not_run), "no portable %s to compare with", name);
		c->desc = d;
		c->op = op;
		c->prepare = x4_prepare;
		c->run = x4_run;
		c->verify = x4_verify;
	}
}
#endif

void ctt_sym_checks(const char *valgrind_features)
{
	char now[400], vg[400], absent[2048] = "";
	/* bit 0: constant-time and supported now; bit 1: also with valgrind's features */
	unsigned char aead_state[256], hash_state[512], x4_state[64];
	size_t i, na = ember_aead_count(), nh = ember_hash_count(), nx = 0, under_vg = 0, used = 0;

	if (na > sizeof(aead_state) || nh > sizeof(hash_state)) {
		fprintf(stderr, "cttrace: more descriptors than this program holds\n");
		na = na > sizeof(aead_state) ? sizeof(aead_state) : na;
		nh = nh > sizeof(hash_state) ? sizeof(hash_state) : nh;
	}
#ifdef CTT_KECCAK_X4
	nx = ember_keccak_x4_count();
	if (nx > sizeof(x4_state))
		nx = sizeof(x4_state);
	for (i = 0; i < nx; i++)
		x4_state[i] = (ember_keccak_x4_at(i)->flags & EMBER_IMPL_CT) && ember_keccak_x4_supported(ember_keccak_x4_at(i));
#endif
	cpu_words(now, sizeof(now), NULL);
	cpu_words(vg, sizeof(vg), valgrind_features);
	for (i = 0; i < na; i++)
		aead_state[i] = (ember_aead_at(i)->flags & EMBER_IMPL_CT) && ember_aead_supported(ember_aead_at(i));
	for (i = 0; i < nh; i++)
		hash_state[i] = (ember_hash_at(i)->flags & EMBER_IMPL_CT) && ember_hash_supported(ember_hash_at(i));
	/* supported() only reads the features: no cached default is computed under the cut-down set */
	if (ember_cpu_override(vg, NULL) == 0) {
		for (i = 0; i < na; i++)
			aead_state[i] |= (unsigned char)(ember_aead_supported(ember_aead_at(i)) << 1);
		for (i = 0; i < nh; i++)
			hash_state[i] |= (unsigned char)(ember_hash_supported(ember_hash_at(i)) << 1);
#ifdef CTT_KECCAK_X4
		for (i = 0; i < nx; i++)
			x4_state[i] |= (unsigned char)(ember_keccak_x4_supported(ember_keccak_x4_at(i)) << 1);
#endif
	}
	if (ember_cpu_override(now, NULL) != 0)
		fprintf(stderr, "cttrace: cannot restore the CPU features (%s)\n", now);

	for (i = 0; i < na; i++) {
		const ember_aead_desc *d = ember_aead_at(i);
		if (aead_state[i] == 1)
			add_aead(d);
		else if (aead_state[i] == 3)
			under_vg++;
		else if ((d->flags & EMBER_IMPL_CT) && (d->flags & EMBER_IMPL_HW) && used < sizeof(absent))
			used += (size_t)snprintf(absent + used, sizeof(absent) - used, " aead %s/%s", d->name, d->impl);
	}
	for (i = 0; i < nh; i++) {
		const ember_hash_desc *d = ember_hash_at(i);
		if (hash_state[i] == 1)
			add_hash(d);
		else if (hash_state[i] == 3)
			under_vg++;
		else if ((d->flags & EMBER_IMPL_CT) && (d->flags & EMBER_IMPL_HW) && used < sizeof(absent))
			used += (size_t)snprintf(absent + used, sizeof(absent) - used, " digest %s/%s", d->name, d->impl);
	}
#ifdef CTT_KECCAK_X4
	for (i = 0; i < nx; i++) {
		const ember_keccak_x4_desc *d = ember_keccak_x4_at(i);
		if (x4_state[i] == 1)
			add_x4(d);
		else if (x4_state[i] == 3)
			under_vg++;
		else if ((d->flags & EMBER_IMPL_CT) && (d->flags & EMBER_IMPL_HW) && used < sizeof(absent))
			used += (size_t)snprintf(absent + used, sizeof(absent) - used, " keccak-x4 %s", d->impl);
	}
#else
	(void)x4_state;
	(void)nx;
#endif
	/* a planted leak whose descriptor left the registry would pass the self-test unseen */
	for (i = 0; i < sizeof(planted) / sizeof(planted[0]); i++) {
		size_t k;
		for (k = 0; k < na && (strcmp(ember_aead_at(k)->name, planted[i].alg) != 0 ||
				       strcmp(ember_aead_at(k)->impl, planted[i].impl) != 0); k++)
			;
		if (k == na) {
			struct ctt_check *c = ctt_add();
			if (c == NULL)
				return;
			snprintf(c->name, sizeof(c->name), "planted leak in aead %s/%s", planted[i].alg, planted[i].impl);
			snprintf(c->not_run, sizeof(c->not_run), "the registry has no such descriptor");
			c->broken = 1;
		}
	}
	printf("cttrace: AEAD, digest and Keccak-x4 descriptors: %zu constant-time ones valgrind runs are make ctgrind's\n",
	    under_vg);
	if (absent[0])
		printf("cttrace: not supported here (CPU or EMBER_CPUCAP), not run:%s\n", absent);
}

#endif
