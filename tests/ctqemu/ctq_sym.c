/*
 * ctq_sym.c - the symmetric checks of `make ctqemu` (see ctq_main.c), found
 * by walking the registry: every descriptor flagged constant-time that
 * this CPU (the qemu -cpu model, after EMBER_CPUCAP) runs, portable ones
 * included (ctgrind checks them as the host compiler built them, not as the
 * ARM one did). A constant-time descriptor it does not run is listed as
 * "not run", as make ctgrind does.
 *
 * The operations are those of tests/cttrace/ctt_sym.c (AEADs, digests,
 * Keccak x4) and tests/ct/ (block ciphers as ctgrind.c, HMAC keys as
 * ct_extra.c), with two secrets instead of valgrind's undefined bytes:
 *  - block ciphers: per cipher spec (key length) of each ECB, CBC and CTR
 *    mode: key and nine blocks of plaintext secret; the region keys the
 *    context, encrypts (CTR: 9 blocks less 3 bytes, in two calls), and for
 *    ECB and CBC keys again and decrypts the ciphertext, then clears;
 *  - AEADs: per key length, seal and open (with the right tag) of secret
 *    messages of 31, 300 and 1100 bytes (short, past 256 and past 1024
 *    bytes: every block count of the NEON and ARMv8 paths, whole 256-byte
 *    ChaCha20 steps and a short one, GHASH's 4-block aggregation and its
 *    tail) under a secret key, public 12-byte nonce and 13-byte AAD;
 *  - digests and XOFs: a secret message of 7 blocks less 3 bytes fed as 5
 *    bytes and the rest (ctt_sym.c's reasons), XOFs squeeze block + 8 bytes;
 *  - HMAC (every non-XOF digest): secret keys of 20, 64 and 131 bytes (the
 *    last hashed first) and a secret 200-byte message, the prepared-key
 *    path, the one-call form and ember_hmac_verify of the right tag;
 *  - Keccak x4: SHAKE128 and SHAKE256 over four secret 170-byte inputs,
 *    three blocks squeezed.
 * Each result is compared with another implementation of the algorithm
 * that this CPU runs (a portable constant-time one first), so a check
 * cannot pass by computing nothing.
 */
#include <stdio.h>
#include <string.h>

#include "ember/aead.h"
#include "ember/cipher.h"
#include "ember/hash.h"
#include "ember/mac.h"
#include "hash/keccak_x4.h"
#include "ctq.h"

enum { SYM_BLOCK, SYM_SEAL, SYM_OPEN, SYM_HASH, SYM_HMAC, SYM_X4_128, SYM_X4_256 };

#define NMSG 3
#define MAXLEN 1100
static const size_t aead_lens[NMSG] = { 31, 300, 1100 };
#define AAD_LEN 13
#define BLOCKS 9
#define X4_IN 170
#define X4_BLOCKS 3
#define HMAC_MSG 200
static const size_t hmac_keys[3] = { 20, 64, 131 };

static struct {
	ember_aead_ctx a;
	ember_cipher_ctx c;
	ember_hash_ctx h;
	ember_hmac_key hk;
	ember_hmac_ctx hc;
	ember_keccak_x4_ctx x4;
	int ret[NMSG + 8];
	uint8_t key[160], iv[16], nonce[EMBER_AEAD_MAX_NONCE_LEN], aad[AAD_LEN];
	uint8_t pt[NMSG][MAXLEN], ct[NMSG][MAXLEN], out[NMSG][MAXLEN], chk[MAXLEN];
	uint8_t tag[NMSG][EMBER_AEAD_MAX_TAG_LEN], chktag[EMBER_AEAD_MAX_TAG_LEN];
	uint8_t msg[7 * 168], md[4][256], mdref[256];
	uint8_t xin[4][X4_IN], xout[4][X4_BLOCKS * 168];
} sw;

/* ---- block ciphers: c->p[0] the cipher spec ---- */

static size_t block_msg_len(const ember_block_desc *d, int mode)
{
	return BLOCKS * d->block_len - (mode == EMBER_MODE_CTR ? 3 : 0);
}

static int block_prepare(const struct ctq_check *c, unsigned secret)
{
	memset(&sw, 0, sizeof(sw));
	ctq_rng = 7;
	ctq_random_bytes(sw.iv, sizeof(sw.iv));
	ctq_rng = 5000 + secret;
	ctq_random_bytes(sw.key, sizeof(sw.key));
	ctq_random_bytes(sw.pt[0], sizeof(sw.pt[0]));
	(void)c;
	return 0;
}

/* encrypt (CTR: in two calls, the first a whole number of blocks), then decrypt for ECB and CBC */
static void block_do(const ember_block_desc *d, const ember_cipher_spec *s, uint8_t *ct, uint8_t *back, int *ret)
{
	const size_t len = block_msg_len(d, s->mode), first = s->mode == EMBER_MODE_CTR ? 4 * d->block_len : len;

	ret[0] = ember_cipher_init(&sw.c, d, s->mode, sw.key, s->key_len, s->param, sw.iv, 0);
	ret[1] = ember_cipher_update(&sw.c, ct, sw.pt[0], first);
	ret[2] = first < len ? ember_cipher_update(&sw.c, ct + first, sw.pt[0] + first, len - first) : 0;
	ember_cipher_clear(&sw.c);
	if (s->mode == EMBER_MODE_CTR)
		return;
	ret[3] = ember_cipher_init(&sw.c, d, s->mode, sw.key, s->key_len, s->param, sw.iv, 1);
	ret[4] = ember_cipher_update(&sw.c, back, ct, len);
	ember_cipher_clear(&sw.c);
}

static void block_run(const struct ctq_check *c)
{
	block_do(c->desc, ember_cipher_spec_at(c->p[0]), sw.ct[0], sw.out[0], sw.ret);
}

static int block_verify(const struct ctq_check *c)
{
	const ember_block_desc *d = c->desc;
	const ember_cipher_spec *s = ember_cipher_spec_at(c->p[0]);
	const size_t len = block_msg_len(d, s->mode);
	int i;

	for (i = 0; i < 5; i++)
		if (sw.ret[i] != 0)
			return 1;
	if (s->mode != EMBER_MODE_CTR && memcmp(sw.out[0], sw.pt[0], len) != 0)
		return 1;
	block_do(c->ref, s, sw.ct[1], sw.out[1], sw.ret + 5);
	return sw.ret[5] != 0 || memcmp(sw.ct[0], sw.ct[1], len) != 0;
}

/* ---- AEADs: c->p[0] the spec; seal runs the lengths in order, open longest first ---- */

static size_t msg_len(const struct ctq_check *c, size_t i)
{
	return aead_lens[c->op == SYM_OPEN ? NMSG - 1 - i : i];
}

static int aead_prepare(const struct ctq_check *c, unsigned secret)
{
	const ember_aead_desc *d = c->desc;
	const ember_aead_spec *s = ember_aead_spec_at(c->p[0]);
	size_t i;

	memset(&sw, 0, sizeof(sw));
	ctq_rng = 7;
	ctq_random_bytes(sw.nonce, d->default_nonce_len);
	ctq_random_bytes(sw.aad, AAD_LEN);
	ctq_rng = 2000 + secret;
	ctq_random_bytes(sw.key, s->key_len);
	for (i = 0; i < NMSG; i++)
		ctq_random_bytes(sw.pt[i], msg_len(c, i));
	if (c->op == SYM_OPEN) {
		/* the ciphertexts and right tags, from the other implementation */
		if (ember_aead_init(&sw.a, s, c->ref, sw.key, s->key_len) != 0)
			return -1;
		for (i = 0; i < NMSG; i++)
			if (ember_aead_seal(&sw.a, sw.ct[i], sw.tag[i], d->default_tag_len, sw.nonce, d->default_nonce_len,
			    sw.aad, AAD_LEN, sw.pt[i], msg_len(c, i)) != 0)
				return -1;
		ember_aead_clear(&sw.a);
	}
	return 0;
}

static void aead_run(const struct ctq_check *c)
{
	const ember_aead_desc *d = c->desc;
	const ember_aead_spec *s = ember_aead_spec_at(c->p[0]);
	size_t i;

	sw.ret[NMSG] = ember_aead_init(&sw.a, s, d, sw.key, s->key_len);
	for (i = 0; i < NMSG; i++) {
		if (c->op == SYM_SEAL)
			sw.ret[i] = ember_aead_seal(&sw.a, sw.out[i], sw.tag[i], d->default_tag_len, sw.nonce,
			    d->default_nonce_len, sw.aad, AAD_LEN, sw.pt[i], msg_len(c, i));
		else
			sw.ret[i] = ember_aead_open(&sw.a, sw.out[i], sw.tag[i], d->default_tag_len, sw.nonce,
			    d->default_nonce_len, sw.aad, AAD_LEN, sw.ct[i], msg_len(c, i));
	}
	ember_aead_clear(&sw.a);
}

static int aead_verify(const struct ctq_check *c)
{
	const ember_aead_desc *d = c->desc;
	const ember_aead_spec *s = ember_aead_spec_at(c->p[0]);
	size_t i;

	if (sw.ret[NMSG] != 0)
		return 1;
	for (i = 0; i < NMSG; i++) {
		const size_t len = msg_len(c, i);
		if (sw.ret[i] != 0)
			return 1;
		if (c->op == SYM_OPEN) {
			if (memcmp(sw.out[i], sw.pt[i], len) != 0)
				return 1;
			continue;
		}
		if (ember_aead_init(&sw.a, s, c->ref, sw.key, s->key_len) != 0 ||
		    ember_aead_seal(&sw.a, sw.chk, sw.chktag, d->default_tag_len, sw.nonce, d->default_nonce_len, sw.aad,
			AAD_LEN, sw.pt[i], len) != 0)
			return 1;
		ember_aead_clear(&sw.a);
		if (memcmp(sw.chk, sw.out[i], len) != 0 || memcmp(sw.chktag, sw.tag[i], d->default_tag_len) != 0)
			return 1;
	}
	return 0;
}

/* ---- digests and HMAC: c->p[0] the message length, c->p[1] the output length ---- */

static int hash_prepare(const struct ctq_check *c, unsigned secret)
{
	(void)c;
	memset(&sw, 0, sizeof(sw));
	ctq_rng = 3000 + secret;
	ctq_random_bytes(sw.msg, sizeof(sw.msg));
	ctq_random_bytes(sw.key, sizeof(sw.key));
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

static void hash_run(const struct ctq_check *c)
{
	hash_digest(c->desc, sw.md[0], c->p[0], c->p[1], 5);
}

static int hash_verify(const struct ctq_check *c)
{
	hash_digest(c->ref, sw.mdref, c->p[0], c->p[1], 0);
	return memcmp(sw.md[0], sw.mdref, c->p[1]) != 0;
}

/* md[k] the tag under key length k by the prepared key (77 bytes, then the rest); md[3] by the one call */
static void hmac_run(const struct ctq_check *c)
{
	const ember_hash_desc *d = c->desc;
	size_t k;

	for (k = 0; k < 3; k++) {
		sw.ret[k] = ember_hmac_key_init(&sw.hk, d, sw.key, hmac_keys[k]);
		ember_hmac_init(&sw.hc, &sw.hk);
		ember_hmac_update(&sw.hc, sw.msg, 77);
		ember_hmac_update(&sw.hc, sw.msg + 77, HMAC_MSG - 77);
		ember_hmac_final(&sw.hc, sw.md[k]);
		ember_hmac_key_clear(&sw.hk);
		sw.ret[3 + k] = ember_hmac_verify(d, sw.key, hmac_keys[k], sw.msg, HMAC_MSG, sw.md[k], d->digest_len);
	}
	sw.ret[6] = ember_hmac(d, sw.md[3], sw.key, hmac_keys[2], sw.msg, HMAC_MSG);
}

static int hmac_verify(const struct ctq_check *c)
{
	const ember_hash_desc *d = c->desc;
	size_t k;

	for (k = 0; k < 7; k++)
		if (sw.ret[k] != 0)
			return 1;
	for (k = 0; k < 3; k++)
		if (ember_hmac(c->ref, sw.mdref, sw.key, hmac_keys[k], sw.msg, HMAC_MSG) != 0 ||
		    memcmp(sw.mdref, sw.md[k], d->digest_len) != 0)
			return 1;
	return memcmp(sw.md[3], sw.md[2], d->digest_len) != 0;
}

/* ---- Keccak x4 ---- */

static int x4_prepare(const struct ctq_check *c, unsigned secret)
{
	(void)c;
	memset(&sw, 0, sizeof(sw));
	ctq_rng = 4000 + secret;
	ctq_random_bytes(&sw.xin[0][0], sizeof(sw.xin));
	return 0;
}

static void x4_run(const struct ctq_check *c)
{
	ember_keccak_x4_init(&sw.x4, c->desc);
	if (c->op == SYM_X4_128)
		ember_shake128_x4_absorb_once(&sw.x4, sw.xin[0], sw.xin[1], sw.xin[2], sw.xin[3], X4_IN);
	else
		ember_shake256_x4_absorb_once(&sw.x4, sw.xin[0], sw.xin[1], sw.xin[2], sw.xin[3], X4_IN);
	ember_shake_x4_squeezeblocks(&sw.x4, sw.xout[0], sw.xout[1], sw.xout[2], sw.xout[3], X4_BLOCKS);
	ember_keccak_x4_clear(&sw.x4);
}

/* each sponge's output against one SHAKE of its input through a single-sponge digest */
static int x4_verify(const struct ctq_check *c)
{
	const size_t out = X4_BLOCKS * (c->op == SYM_X4_128 ? 168 : 136);
	unsigned k;

	for (k = 0; k < 4; k++) {
		ember_hash_init(&sw.h, c->ref);
		ember_hash_update(&sw.h, sw.xin[k], X4_IN);
		if (ember_hash_final_xof(&sw.h, sw.md[0], out) != 0 || memcmp(sw.md[0], sw.xout[k], out) != 0)
			return 1;
	}
	return 0;
}

/* ---- the walk ---- */

/*
 * The implementation a check compares with: another one of the same
 * algorithm that this CPU runs, constant-time and portable first, then any
 * other; the descriptor itself (a weaker check, said in its name) when it
 * is the only one.
 */
#define OTHER(type, count, at, supported)                                                                    \
	static const type *other_##type(const type *d)                                                      \
	{                                                                                                    \
		const type *best = NULL;                                                                     \
		size_t i;                                                                                    \
		for (i = 0; i < count(); i++) {                                                              \
			const type *o = at(i);                                                               \
			if (o == d || strcmp(o->name, d->name) != 0 || !supported(o))                        \
				continue;                                                                    \
			if ((o->flags & EMBER_IMPL_CT) && !(o->flags & EMBER_IMPL_HW))                       \
				return o;                                                                    \
			if (best == NULL)                                                                    \
				best = o;                                                                    \
		}                                                                                            \
		return best;                                                                                 \
	}
OTHER(ember_block_desc, ember_block_count, ember_block_at, ember_block_supported)
OTHER(ember_aead_desc, ember_aead_count, ember_aead_at, ember_aead_supported)
OTHER(ember_hash_desc, ember_hash_count, ember_hash_at, ember_hash_supported)

static struct ctq_check *add(const char *what, const char *name, const char *impl, const void *desc,
    const void *ref)
{
	struct ctq_check *c = ctq_add();
	if (c == NULL)
		return NULL;
	snprintf(c->name, sizeof(c->name), "%s %s/%s", what, name, impl);
	c->desc = desc;
	c->ref = ref ? ref : desc;
	return c;
}

/* appends to c's name */
static void name_add(struct ctq_check *c, const char *s)
{
	size_t n = strlen(c->name);
	snprintf(c->name + n, sizeof(c->name) - n, "%s", s);
}

static void add_block(const ember_block_desc *d)
{
	const ember_block_desc *ref = other_ember_block_desc(d);
	static const char *const modes[] = { "", "ecb", "cbc", "ctr" };
	char buf[128];
	size_t si;

	for (si = 0; si < ember_cipher_spec_count(); si++) {
		const ember_cipher_spec *s = ember_cipher_spec_at(si);
		struct ctq_check *c;
		if (strcmp(s->alg, d->name) != 0 || s->mode < EMBER_MODE_ECB || s->mode > EMBER_MODE_CTR ||
		    d->block_len > sizeof(sw.iv))
			continue;
		c = add("cipher", d->name, d->impl, d, ref);
		if (c == NULL)
			return;
		snprintf(buf, sizeof(buf), " %s (%s), %zu-byte key, %zu bytes%s%s", modes[s->mode], s->name, s->key_len,
		    block_msg_len(d, s->mode), s->mode == EMBER_MODE_CTR ? "" : " both ways",
		    ref ? "" : " (no other implementation to compare with)");
		name_add(c, buf);
		c->op = SYM_BLOCK;
		c->p[0] = si;
		c->prepare = block_prepare;
		c->run = block_run;
		c->verify = block_verify;
	}
}

static void add_aead(const ember_aead_desc *d)
{
	const ember_aead_desc *ref = other_ember_aead_desc(d);
	char buf[128];
	size_t si;
	unsigned op;

	for (si = 0; si < ember_aead_spec_count(); si++) {
		const ember_aead_spec *s = ember_aead_spec_at(si);
		if (strcmp(s->alg, d->name) != 0)
			continue;
		for (op = SYM_SEAL; op <= SYM_OPEN; op++) {
			struct ctq_check *c = add("aead", d->name, d->impl, d, ref);
			if (c == NULL)
				return;
			c->op = op;
			snprintf(buf, sizeof(buf), " %s, %zu-byte key, lengths %zu %zu %zu%s", op == SYM_SEAL ? "seal" : "open",
			    s->key_len, msg_len(c, 0), msg_len(c, 1), msg_len(c, 2),
			    ref ? "" : " (no other implementation to compare with)");
			name_add(c, buf);
			if (ref == NULL && op == SYM_OPEN)
				snprintf(c->not_run, sizeof(c->not_run), "no other %s to make its ciphertexts", d->name);
			else if (d->default_tag_len > EMBER_AEAD_MAX_TAG_LEN || d->default_nonce_len > sizeof(sw.nonce))
				snprintf(c->not_run, sizeof(c->not_run), "default nonce or tag longer than aead.h allows");
			/* the planted NEON leak: ChaCha20's whole 4-block steps (300 and 1100 bytes have one) */
			if (strcmp(d->name, "chacha20-poly1305") == 0 && strcmp(d->impl, "neon") == 0)
				c->leak = CTQ_LEAK_NEON;
			c->p[0] = si;
			c->prepare = aead_prepare;
			c->run = aead_run;
			c->verify = aead_verify;
		}
	}
}

static void add_hash(const ember_hash_desc *d)
{
	const ember_hash_desc *ref = other_ember_hash_desc(d);
	const size_t len = 7 * d->block_len - 3, out = d->flags & EMBER_HASH_XOF ? d->block_len + 8 : d->digest_len;
	const char *none = ref ? "" : " (no other implementation to compare with)";
	char buf[128];
	struct ctq_check *c = add("digest", d->name, d->impl, d, ref);

	if (c == NULL)
		return;
	snprintf(buf, sizeof(buf), ", %zu-byte message, %zu bytes out%s", len, out, none);
	name_add(c, buf);
	if (len > sizeof(sw.msg) || out > sizeof(sw.md[0]))
		snprintf(c->not_run, sizeof(c->not_run), "block or output longer than this check holds");
	c->op = SYM_HASH;
	c->p[0] = len;
	c->p[1] = out;
	c->prepare = hash_prepare;
	c->run = hash_run;
	c->verify = hash_verify;
	if (d->flags & EMBER_HASH_XOF)
		return;
	c = add("hmac", d->name, d->impl, d, ref);
	if (c == NULL)
		return;
	snprintf(buf, sizeof(buf), ", keys of 20, 64 and 131 bytes, %d-byte message, verify%s", HMAC_MSG, none);
	name_add(c, buf);
	c->op = SYM_HMAC;
	/* ember_hmac_verify calls ember_memeq, but on equal tags: the planted early exit is not taken */
	c->prepare = hash_prepare;
	c->run = hmac_run;
	c->verify = hmac_verify;
}

static void add_x4(const ember_keccak_x4_desc *d)
{
	unsigned op;

	for (op = SYM_X4_128; op <= SYM_X4_256; op++) {
		const char *name = op == SYM_X4_128 ? "shake128" : "shake256";
		struct ctq_check *c = ctq_add();
		if (c == NULL)
			return;
		snprintf(c->name, sizeof(c->name), "keccak-x4 %s %s, 4 x %d-byte inputs, %d blocks out", d->impl, name, X4_IN,
		    X4_BLOCKS);
		c->ref = ember_hash_find(name, NULL);
		if (c->ref == NULL)
			snprintf(c->not_run, sizeof(c->not_run), "no %s digest to compare with", name);
		c->desc = d;
		c->op = op;
		c->prepare = x4_prepare;
		c->run = x4_run;
		c->verify = x4_verify;
	}
}

/* a constant-time descriptor this CPU does not run: listed, not checked */
static void not_run(const char *what, const char *name, const char *impl)
{
	struct ctq_check *c = ctq_add();
	if (c == NULL)
		return;
	snprintf(c->name, sizeof(c->name), "%s %s/%s", what, name, impl);
	snprintf(c->not_run, sizeof(c->not_run), "not supported on this target and qemu -cpu");
}

void ctq_sym_checks(void)
{
	size_t i;

	for (i = 0; i < ember_block_count(); i++) {
		const ember_block_desc *d = ember_block_at(i);
		if (!(d->flags & EMBER_IMPL_CT))
			continue;
		if (ember_block_supported(d))
			add_block(d);
		else
			not_run("cipher", d->name, d->impl);
	}
	for (i = 0; i < ember_aead_count(); i++) {
		const ember_aead_desc *d = ember_aead_at(i);
		if (!(d->flags & EMBER_IMPL_CT))
			continue;
		if (ember_aead_supported(d))
			add_aead(d);
		else
			not_run("aead", d->name, d->impl);
	}
	for (i = 0; i < ember_hash_count(); i++) {
		const ember_hash_desc *d = ember_hash_at(i);
		if (!(d->flags & EMBER_IMPL_CT))
			continue;
		if (ember_hash_supported(d))
			add_hash(d);
		else
			not_run("digest", d->name, d->impl);
	}
	for (i = 0; i < ember_keccak_x4_count(); i++) {
		const ember_keccak_x4_desc *d = ember_keccak_x4_at(i);
		if (!(d->flags & EMBER_IMPL_CT))
			continue;
		if (ember_keccak_x4_supported(d))
			add_x4(d);
		else
			not_run("keccak-x4", "keccak-x4", d->impl);
	}
}
