/*
 * t_chacha20_poly1305.c - ChaCha20, Poly1305 and ChaCha20-Poly1305 (RFC
 * 8439) through every supported implementation, the generic AEAD layer
 * and the per-algorithm calls:
 *   chacha20_poly1305_rfc: RFC 8439's vectors (tests/vectors/chacha20_poly1305.txt),
 *     in place and out of place, ChaCha20 split at block boundaries,
 *     Poly1305 in random pieces;
 *   chacha20_poly1305_wycheproof: chacha20_poly1305_test.json (valid ones
 *     sealed and opened, invalid ones refused with |out| untouched);
 *   chacha20_poly1305_ossl: against the system libcrypto, every length
 *     0..300 and random longer ones, random AAD, both directions;
 *   chacha20_poly1305_impls: every implementation against the portable one
 *     on random data, counters near 2^32, Poly1305 radixes on edge limbs;
 *   chacha20_poly1305_bad_input: every refusal of aead.h;
 *   aead_chacha20_poly1305_registry: descriptors, and the per-algorithm
 *     calls use the registry's default.
 * The implementation of a descriptor is read from its keyed context
 * (src/aead/chacha20_impl.h), so ChaCha20 and Poly1305 are tested alone too.
 */
#include <stdlib.h>
#include <string.h>

#include "ember/aead.h"
#include "ember/chacha.h"
#include "aead/chacha20_impl.h"
#include "ossl.h"
#include "registry.h"
#include "test.h"

#define ALG "chacha20-poly1305"
#define MAX_IMPLS 16

/* The supported descriptors of chacha20-poly1305, in registry order. */
static size_t impls(const ember_aead_desc **d)
{
	size_t i, n = 0;

	for (i = 0; i < ember_aead_count() && n < MAX_IMPLS; i++)
		if (strcmp(ember_aead_at(i)->name, ALG) == 0 && ember_aead_supported(ember_aead_at(i)))
			d[n++] = ember_aead_at(i);
	return n;
}

/* The pair a descriptor keys (its set_key fills the context). */
static ember_chacha20_poly1305_ctx pair_of(const ember_aead_desc *d, const uint8_t key[32])
{
	ember_chacha20_poly1305_ctx c;

	memset(&c, 0, sizeof(c));
	CHECK(d->ctx_size == sizeof(c) && d->set_key(&c, key, 32) == 0, "%s/%s: set_key", d->name, d->impl);
	return c;
}

/* Seal or open through the generic layer with descriptor |d|. */
static int g_run(const ember_aead_desc *d, int open, const uint8_t *key, uint8_t *out, uint8_t *tag,
    size_t tag_len, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in,
    size_t in_len)
{
	ember_aead_ctx c;
	int ret = ember_aead_init(&c, ember_aead_spec_find(ALG), d, key, 32);

	if (ret != 0)
		return ret;
	ret = open ? ember_aead_open(&c, out, tag, tag_len, nonce, nonce_len, aad, aad_len, in, in_len)
	           : ember_aead_seal(&c, out, tag, tag_len, nonce, nonce_len, aad, aad_len, in, in_len);
	ember_aead_clear(&c);
	return ret;
}

/* ChaCha20 by implementation: in |pieces| calls split at random block boundaries. */
static void cc_xor(const ember_chacha20_impl *ci, const uint8_t *key, const uint8_t *nonce, uint32_t ctr,
    uint8_t *out, const uint8_t *in, size_t len, int pieces)
{
	uint32_t k[8], n[3];
	size_t off = 0;

	ember_chacha20_load(k, key, 8);
	ember_chacha20_load(n, nonce, 3);
	while (off < len) {
		size_t m = len - off;
		if (pieces && m > 64)
			m = 64 * (1 + t_rand_below(m / 64));
		ci->xor(k, n, ctr, out + off, in + off, m);
		ctr += (uint32_t)(m / 64);
		off += m;
	}
}

/* Poly1305 by implementation (NULL: the default), in random pieces. */
static void poly(const ember_poly1305_impl *pi, uint8_t tag[16], const uint8_t *key, const uint8_t *msg,
    size_t len)
{
	ember_poly1305_ctx c;
	size_t off = 0;

	if (pi != NULL)
		ember_poly1305_start(&c, pi, key);
	else
		ember_poly1305_init(&c, key);
	while (off < len) {
		size_t m = 1 + t_rand_below(len - off);
		ember_poly1305_update(&c, msg + off, m);
		off += m;
	}
	ember_poly1305_final(&c, tag);
}

/* ---- RFC 8439 ---- */

static void rfc_chacha(const t_vec *v, const ember_aead_desc **d, size_t nd)
{
	uint8_t *key = NULL, *nonce = NULL, *pt = NULL, *ct = NULL, *out = NULL;
	size_t kl, nl, pl, cl, i;
	const char *cs = t_vec_get(v, "Counter");
	uint32_t ctr = cs ? (uint32_t)strtoul(cs, NULL, 10) : 0;

	if (!CHECK(t_vec_bytes(v, "Key", &key, &kl) == 0 && kl == 32 && t_vec_bytes(v, "Nonce", &nonce, &nl) == 0 &&
	               nl == 12 && t_vec_bytes(v, "Plaintext", &pt, &pl) == 0 &&
	               t_vec_bytes(v, "Ciphertext", &ct, &cl) == 0 && pl == cl && cs != NULL,
	        "%s:%u: ChaCha20 stanza needs Key, Nonce, Counter, Plaintext, Ciphertext", v->path, v->line))
		goto done;
	out = malloc(pl + 1);
	for (i = 0; i < nd; i++) {
		ember_chacha20_poly1305_ctx c = pair_of(d[i], key);
		int round;

		for (round = 0; round < 3; round++) {
			/* out of place; in place; in place in pieces, decrypting */
			const uint8_t *src = round == 2 ? ct : pt, *want = round == 2 ? pt : ct;
			if (round > 0)
				memcpy(out, src, pl);
			cc_xor(c.chacha, key, nonce, ctr, out, round > 0 ? out : src, pl, round == 2);
			CHECK(memcmp(out, want, pl) == 0, "%s:%u: ChaCha20 %s (%s) round %d: %s", v->path, v->line,
			    t_vec_get(v, "ChaCha20"), c.chacha->impl, round, t_tohex(out, pl));
		}
	}
	CHECK(ember_chacha20_xor(key, nonce, ctr, out, pt, pl) == 0 && memcmp(out, ct, pl) == 0,
	    "%s:%u: ember_chacha20_xor", v->path, v->line);
done:
	free(key), free(nonce), free(pt), free(ct), free(out);
}

static void rfc_poly(const t_vec *v, const ember_aead_desc **d, size_t nd)
{
	static const uint8_t zero[32];
	uint8_t *key = NULL, *msg = NULL, *want = NULL, tag[16];
	size_t kl, ml, wl, i;

	if (!CHECK(t_vec_bytes(v, "Key", &key, &kl) == 0 && kl == 32 && t_vec_bytes(v, "Message", &msg, &ml) == 0 &&
	               t_vec_bytes(v, "Tag", &want, &wl) == 0 && wl == 16,
	        "%s:%u: Poly1305 stanza needs Key, Message, Tag", v->path, v->line))
		goto done;
	for (i = 0; i < nd; i++) {
		ember_chacha20_poly1305_ctx c = pair_of(d[i], zero);
		poly(c.poly, tag, key, msg, ml);
		CHECK(memcmp(tag, want, 16) == 0, "%s:%u: Poly1305 %s (%s): %s", v->path, v->line,
		    t_vec_get(v, "Poly1305"), c.poly->impl, t_tohex(tag, 16));
	}
	ember_poly1305(tag, key, msg, ml);
	CHECK(memcmp(tag, want, 16) == 0, "%s:%u: ember_poly1305", v->path, v->line);
done:
	free(key), free(msg), free(want);
}

/* One AEAD case, every way: generic layer per implementation (in and out of place) and the one-shot calls. */
static void aead_case(const char *where, const ember_aead_desc **d, size_t nd, const uint8_t *key,
    const uint8_t *nonce, size_t nl, const uint8_t *aad, size_t al, const uint8_t *pt, const uint8_t *ct,
    size_t len, const uint8_t *tag, int valid)
{
	uint8_t *out = malloc(len + 1), got[16];
	size_t i;
	int in_place;

	for (i = 0; i <= nd; i++) {
		const char *impl = i < nd ? d[i]->impl : "one-shot";
		for (in_place = 0; in_place < 2; in_place++) {
			int r;
			if (valid) {
				if (in_place)
					memcpy(out, pt, len);
				r = i < nd ? g_run(d[i], 0, key, out, got, 16, nonce, nl, aad, al, in_place ? out : pt, len)
				           : ember_chacha20_poly1305_seal(key, out, got, 16, nonce, nl, aad, al,
				                 in_place ? out : pt, len);
				CHECK(r == 0 && memcmp(out, ct, len) == 0 && memcmp(got, tag, 16) == 0,
				    "%s: %s seal%s: %d %s", where, impl, in_place ? " in place" : "", r, t_tohex(got, 16));
			}
			memcpy(out, ct, len); /* in place: the ciphertext; else a marker the call must leave */
			if (!in_place && len > 0)
				out[len / 2] ^= 0x5a;
			r = i < nd ? g_run(d[i], 1, key, out, (uint8_t *)tag, 16, nonce, nl, aad, al, in_place ? out : ct, len)
			           : ember_chacha20_poly1305_open(key, out, tag, 16, nonce, nl, aad, al, in_place ? out : ct, len);
			if (valid) {
				CHECK(r == 0 && memcmp(out, pt, len) == 0, "%s: %s open%s: %d", where, impl,
				    in_place ? " in place" : "", r);
			} else {
				if (!in_place && len > 0)
					out[len / 2] ^= 0x5a;
				CHECK(r != 0 && memcmp(out, ct, len) == 0, "%s: %s open%s accepted, or wrote |out|: %d",
				    where, impl, in_place ? " in place" : "", r);
			}
		}
	}
	free(out);
}

static void rfc_aead(const t_vec *v, const ember_aead_desc **d, size_t nd)
{
	uint8_t *key = NULL, *iv = NULL, *aad = NULL, *pt = NULL, *ct = NULL, *tag = NULL;
	size_t kl, nl, al, pl, cl, tl;
	char where[256];

	if (!CHECK(t_vec_bytes(v, "Key", &key, &kl) == 0 && kl == 32 && t_vec_bytes(v, "IV", &iv, &nl) == 0 &&
	               t_vec_bytes(v, "AAD", &aad, &al) == 0 && t_vec_bytes(v, "Plaintext", &pt, &pl) == 0 &&
	               t_vec_bytes(v, "Ciphertext", &ct, &cl) == 0 && t_vec_bytes(v, "Tag", &tag, &tl) == 0 &&
	               pl == cl && tl == 16,
	        "%s:%u: AEAD stanza needs Key, IV, AAD, Plaintext, Ciphertext, Tag", v->path, v->line))
		goto done;
	snprintf(where, sizeof(where), "%s:%u", v->path, v->line);
	aead_case(where, d, nd, key, iv, nl, aad, al, pt, ct, pl, tag, 1);
	tag[15] ^= 1;
	aead_case(where, d, nd, key, iv, nl, aad, al, pt, ct, pl, tag, 0);
done:
	free(key), free(iv), free(aad), free(pt), free(ct), free(tag);
}

EMBER_TEST(chacha20_poly1305_rfc)
{
	static t_vec v;
	const ember_aead_desc *d[MAX_IMPLS];
	size_t nd = impls(d);
	unsigned n[3] = { 0, 0, 0 };
	const char *alg;

	if (!CHECK(t_vec_open(&v, t_path(t_vec_dir, "chacha20_poly1305.txt")) == 0, "no chacha20_poly1305.txt"))
		return;
	CHECK(nd >= 2, "fewer than two chacha20-poly1305 implementations supported");
	while (t_vec_next(&v)) {
		if (t_vec_get(&v, "ChaCha20") != NULL)
			rfc_chacha(&v, d, nd), n[0]++;
		else if (t_vec_get(&v, "Poly1305") != NULL)
			rfc_poly(&v, d, nd), n[1]++;
		else if ((alg = t_vec_get(&v, "AEAD")) != NULL && strcmp(alg, ALG) == 0)
			rfc_aead(&v, d, nd), n[2]++;
	}
	t_vec_close(&v);
	CHECK(n[0] >= 14 && n[1] >= 13 && n[2] >= 2, "RFC 8439 stanzas: %u ChaCha20, %u Poly1305, %u AEAD", n[0],
	    n[1], n[2]);
	if (t_phase == 1)
		t_note("RFC 8439: %u ChaCha20, %u Poly1305, %u AEAD vectors through %zu implementations", n[0], n[1],
		    n[2], nd);
}

/* ---- Wycheproof ---- */

static int hex_of(const tj *o, const char *k, uint8_t **p, size_t *n)
{
	const char *s = tj_str(o, k);
	return s == NULL ? -1 : t_hex(s, p, n);
}

EMBER_TEST(chacha20_poly1305_wycheproof)
{
	const char *path = t_path(t_shared_dir, "wycheproof/testvectors_v1/chacha20_poly1305_test.json");
	const ember_aead_desc *d[MAX_IMPLS];
	size_t nd = impls(d), g, i;
	const tj *groups;
	unsigned valid = 0, invalid = 0;
	tj *j;

	if (t_shared_dir == NULL || (j = tj_load(path)) == NULL) {
		t_skip("Wycheproof chacha20_poly1305_test.json: not found under %s", t_shared_dir ? t_shared_dir : "(no -s)");
		return;
	}
	groups = tj_get(j, "testGroups");
	for (g = 0; groups != NULL && g < groups->n; g++) {
		const tj *tests = tj_get(groups->items[g], "tests");
		for (i = 0; tests != NULL && i < tests->n; i++) {
			const tj *t = tests->items[i];
			uint8_t *key = NULL, *iv = NULL, *aad = NULL, *msg = NULL, *ct = NULL, *tag = NULL;
			size_t kl, nl, al, ml, cl, tl;
			int ok = tj_str(t, "result") != NULL && strcmp(tj_str(t, "result"), "valid") == 0;
			char where[128];

			snprintf(where, sizeof(where), "wycheproof tcId %ld", tj_int(t, "tcId", -1));
			if (!CHECK(hex_of(t, "key", &key, &kl) == 0 && hex_of(t, "iv", &iv, &nl) == 0 &&
			               hex_of(t, "aad", &aad, &al) == 0 && hex_of(t, "msg", &msg, &ml) == 0 &&
			               hex_of(t, "ct", &ct, &cl) == 0 && hex_of(t, "tag", &tag, &tl) == 0 &&
			               kl == 32 && ml == cl && (tl == 16 || (!ok && nl != 12)),
			        "%s: malformed", where)) {
				free(key), free(iv), free(aad), free(msg), free(ct), free(tag);
				continue;
			}
			if (!ok && nl != 12) {
				/* a nonce of another length: refused as such, by every way in */
				uint8_t *out = malloc(ml + 1), tg[16] = { 0 };
				CHECK(g_run(d[0], 1, key, out, tg, 16, iv, nl, aad, al, ct, cl) == EMBER_ENONCE &&
				          g_run(d[0], 0, key, out, tg, 16, iv, nl, aad, al, msg, ml) == EMBER_ENONCE &&
				          ember_chacha20_poly1305_open(key, out, tg, 16, iv, nl, aad, al, ct, cl) == EMBER_ENONCE,
				    "%s: nonce of %zu bytes not refused with EMBER_ENONCE", where, nl);
				free(out);
			} else {
				aead_case(where, d, nd, key, iv, nl, aad, al, msg, ct, ml, tag, ok);
			}
			if (ok)
				valid++;
			else
				invalid++;
			free(key), free(iv), free(aad), free(msg), free(ct), free(tag);
		}
	}
	tj_free(j);
	CHECK(valid + invalid >= 300, "Wycheproof: only %u cases read", valid + invalid);
	if (t_phase == 1)
		t_note("Wycheproof chacha20_poly1305: %u valid, %u invalid through %zu implementations + one-shot",
		    valid, invalid, nd);
}

/* ---- the system's OpenSSL ---- */

/* EVP_CIPHER_CTX_ctrl codes from <openssl/evp.h> */
#define OSSL_AEAD_SET_IVLEN 0x9
#define OSSL_AEAD_GET_TAG 0x10
#define OSSL_AEAD_SET_TAG 0x11

/* One seal (enc) or open with OpenSSL; 0, or -1 when it refuses (a wrong tag on open). */
static int ossl_aead(const ossl_api *o, const void *cipher, int enc, const uint8_t *key, const uint8_t *nonce,
    const uint8_t *aad, size_t al, const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag)
{
	void *ctx = o->EVP_CIPHER_CTX_new();
	int ok, outl = 0, fl = 0;

	ok = ctx != NULL && o->EVP_CipherInit_ex(ctx, cipher, NULL, NULL, NULL, enc) == 1;
	ok = ok && o->EVP_CIPHER_CTX_ctrl(ctx, OSSL_AEAD_SET_IVLEN, 12, NULL) == 1;
	ok = ok && o->EVP_CipherInit_ex(ctx, NULL, NULL, key, nonce, enc) == 1;
	ok = ok && (al == 0 || o->EVP_CipherUpdate(ctx, NULL, &outl, aad, (int)al) == 1);
	ok = ok && o->EVP_CipherUpdate(ctx, out, &outl, in, (int)len) == 1;
	ok = ok && (enc || o->EVP_CIPHER_CTX_ctrl(ctx, OSSL_AEAD_SET_TAG, 16, tag) == 1);
	ok = ok && o->EVP_CipherFinal_ex(ctx, out + outl, &fl) == 1;
	ok = ok && (!enc || o->EVP_CIPHER_CTX_ctrl(ctx, OSSL_AEAD_GET_TAG, 16, tag) == 1);
	if (ctx != NULL)
		o->EVP_CIPHER_CTX_free(ctx);
	return ok ? 0 : -1;
}

EMBER_TEST(chacha20_poly1305_ossl)
{
	enum { MAXLEN = 20000 };
	static uint8_t pt[MAXLEN], a[MAXLEN], b[MAXLEN], aad[300];
	const ember_aead_desc *d[MAX_IMPLS];
	size_t nd = impls(d), len, i, count = 0;
	char err[512];
	const ossl_api *o = ossl_load(err, sizeof(err));
	void *cipher, *stream;

	if (o == NULL) {
		t_skip("differential chacha20-poly1305: %s", err);
		return;
	}
	cipher = ossl_cipher(o, "ChaCha20-Poly1305");
	stream = ossl_cipher(o, "ChaCha20");
	if (cipher == NULL || stream == NULL) {
		t_skip("differential chacha20-poly1305: %s has no ChaCha20-Poly1305", o->version);
		return;
	}
	/* every length 0..300, then random ones up to MAXLEN; phase 2 (portable code only) fewer */
	for (len = 0; len <= 300 + (t_phase == 1 ? 60u : 12u); len++) {
		size_t n = len <= 300 ? len : 301 + t_rand_below(MAXLEN - 301);
		size_t al = t_rand_below(len % 4 == 0 ? 3 : sizeof(aad));
		uint8_t key[32], nonce[16], tag_o[16], tag_e[16];
		int bad = 0;

		t_rand_bytes(key, sizeof(key));
		t_rand_bytes(nonce, sizeof(nonce));
		t_rand_bytes(aad, al);
		t_rand_bytes(pt, n);
		if (!CHECK(ossl_aead(o, cipher, 1, key, nonce, aad, al, pt, n, b, tag_o) == 0, "OpenSSL seal %zu", n))
			break;
		for (i = 0; i < nd; i++) {
			/* ours seals to OpenSSL's ciphertext and tag, and opens it */
			bad |= g_run(d[i], 0, key, a, tag_e, 16, nonce, 12, aad, al, pt, n) != 0 ||
			       memcmp(a, b, n) != 0 || memcmp(tag_e, tag_o, 16) != 0;
			bad |= g_run(d[i], 1, key, a, tag_o, 16, nonce, 12, aad, al, b, n) != 0 || memcmp(a, pt, n) != 0;
			CHECK(!bad, "%s/%s against OpenSSL: %zu bytes, AAD %zu", d[i]->name, d[i]->impl, n, al);
			bad = 0;
		}
		/* OpenSSL opens ours (the default's), and refuses it with a wrong tag */
		CHECK(ember_chacha20_poly1305_seal(key, a, tag_e, 16, nonce, 12, aad, al, pt, n) == 0 &&
		          ossl_aead(o, cipher, 0, key, nonce, aad, al, a, n, b, tag_e) == 0 && memcmp(b, pt, n) == 0,
		    "OpenSSL does not open ours: %zu bytes", n);
		tag_e[n % 16] ^= (uint8_t)(1u << (n % 8));
		CHECK(ossl_aead(o, cipher, 0, key, nonce, aad, al, a, n, b, tag_e) != 0, "OpenSSL accepted a bad tag");
		/* ChaCha20 alone: the EVP IV is the counter (little-endian) then the nonce */
		{
			uint32_t ctr = (uint32_t)t_rand();
			void *ctx = o->EVP_CIPHER_CTX_new();
			int outl = 0;

			if (n > 0 && ((uint64_t)ctr + n / 64 + 1) >> 32)
				ctr = (uint32_t)t_rand_below(1u << 20);
			memmove(nonce + 4, nonce, 12);
			nonce[0] = (uint8_t)ctr, nonce[1] = (uint8_t)(ctr >> 8), nonce[2] = (uint8_t)(ctr >> 16);
			nonce[3] = (uint8_t)(ctr >> 24);
			CHECK(ctx != NULL && o->EVP_CipherInit_ex(ctx, stream, NULL, key, nonce, 1) == 1 &&
			          o->EVP_CipherUpdate(ctx, b, &outl, pt, (int)n) == 1,
			    "OpenSSL ChaCha20");
			if (ctx != NULL)
				o->EVP_CIPHER_CTX_free(ctx);
			for (i = 0; i < nd; i++) {
				ember_chacha20_poly1305_ctx c = pair_of(d[i], key);
				cc_xor(c.chacha, key, nonce + 4, ctr, a, pt, n, (int)(n & 1));
				CHECK(memcmp(a, b, n) == 0, "ChaCha20 %s against OpenSSL: %zu bytes, counter %u",
				    c.chacha->impl, n, (unsigned)ctr);
			}
			CHECK(ember_chacha20_xor(key, nonce + 4, ctr, a, pt, n) == 0 && memcmp(a, b, n) == 0,
			    "ember_chacha20_xor against OpenSSL: %zu bytes", n);
		}
		count++;
	}
	if (t_phase == 1)
		t_note("chacha20-poly1305 against %s: %zu messages (0..300 B and random to %d B) x %zu implementations",
		    o->version, count, MAXLEN, nd);
}

/* ---- implementations against each other ---- */

EMBER_TEST(chacha20_poly1305_impls)
{
	enum { MAXLEN = 4200 };
	static uint8_t in[MAXLEN], want[MAXLEN], got[MAXLEN];
	static const uint8_t ones[64] = {
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff
	};
	const ember_aead_desc *d[MAX_IMPLS];
	size_t nd = impls(d), i, r;

	for (r = 0; r < (t_phase == 1 ? 200u : 40u); r++) {
		uint8_t key[32], nonce[12], t0[16], t1[16];
		/* lengths across the 4/8/16-block steps and their tails; counters up to the last one */
		size_t len = r < 64 ? r * 65 % MAXLEN : t_rand_below(MAXLEN);
		uint32_t ctr = r % 3 == 0 ? (uint32_t)(0xffffffffu - (len + 63) / 64 + 1) : (uint32_t)t_rand();
		int edge = r % 5 == 1;

		if (r % 3 != 0 && ((uint64_t)ctr + (len + 63) / 64) >> 32)
			ctr = 0;
		t_rand_bytes(key, sizeof(key));
		t_rand_bytes(nonce, sizeof(nonce));
		t_rand_bytes(in, len);
		if (edge) {
			/* limbs at their maximum: every message byte 0xff, r with every allowed bit, s all ones */
			memset(in, 0xff, len);
			memcpy(key, ones, 32);
		}
		cc_xor(&ember_chacha20_ref, key, nonce, ctr, want, in, len, 0);
		for (i = 0; i < nd; i++) {
			ember_chacha20_poly1305_ctx c = pair_of(d[i], key);
			cc_xor(c.chacha, key, nonce, ctr, got, in, len, (int)(r & 1));
			CHECK(memcmp(got, want, len) == 0, "ChaCha20 %s: %zu bytes from counter %u differ from ref",
			    c.chacha->impl, len, (unsigned)ctr);
		}
		poly(&ember_poly1305_ref64, t0, key, in, len);
		for (i = 0; i < nd; i++) {
			ember_chacha20_poly1305_ctx c = pair_of(d[i], key);
			poly(c.poly, t1, key, in, len);
			CHECK(memcmp(t0, t1, 16) == 0, "Poly1305 %s and ref64 differ: %zu bytes%s", c.poly->impl, len,
			    edge ? " (maximal limbs)" : "");
		}
		poly(&ember_poly1305_ref32, t1, key, in, len);
		CHECK(memcmp(t0, t1, 16) == 0, "Poly1305 ref64 and ref32 differ: %zu bytes%s", len,
		    edge ? " (maximal limbs)" : "");
		poly(NULL, t1, key, in, len);
		CHECK(memcmp(t0, t1, 16) == 0, "ember_poly1305_init/update/final: %zu bytes", len);
		ember_poly1305(t1, key, in, len);
		CHECK(memcmp(t0, t1, 16) == 0, "ember_poly1305: %zu bytes", len);
	}
}

/* ---- bad input ---- */

EMBER_TEST(chacha20_poly1305_bad_input)
{
	static uint8_t key[32], nonce[13], aad[20], pt[100], ct[100], out[100], mark[100];
	const ember_aead_desc *d[MAX_IMPLS];
	size_t nd = impls(d), i, b;
	uint8_t tag[17], t2[17];

	t_rand_bytes(key, sizeof(key));
	t_rand_bytes(nonce, sizeof(nonce));
	t_rand_bytes(aad, sizeof(aad));
	t_rand_bytes(pt, sizeof(pt));
	memset(mark, 0xa5, sizeof(mark));
	for (i = 0; i <= nd; i++) {
		const ember_aead_desc *dd = i < nd ? d[i] : NULL;
		const char *impl = dd ? dd->impl : "one-shot";
#define SEAL(o, t, tl, n, nl, a, al, in, len)                                          \
	(dd ? g_run(dd, 0, key, o, t, tl, n, nl, a, al, in, len)                   \
	    : ember_chacha20_poly1305_seal(key, o, t, tl, n, nl, a, al, in, len))
#define OPEN(o, t, tl, n, nl, a, al, in, len)                                          \
	(dd ? g_run(dd, 1, key, o, t, tl, n, nl, a, al, in, len)                   \
	    : ember_chacha20_poly1305_open(key, o, t, tl, n, nl, a, al, in, len))
#define UNTOUCHED() (memcmp(out, mark, sizeof(out)) == 0)
		if (!CHECK(SEAL(ct, tag, 16, nonce, 12, aad, 20, pt, 100) == 0, "%s: seal", impl))
			continue;
		/* wrong tag (every byte, one bit), AAD, ciphertext, length, nonce: EMBER_EVERIFY, out not written */
		for (b = 0; b < 16; b++) {
			memcpy(t2, tag, 16);
			t2[b] ^= (uint8_t)(1u << (b % 8));
			memcpy(out, mark, sizeof(out));
			CHECK(OPEN(out, t2, 16, nonce, 12, aad, 20, ct, 100) == EMBER_EVERIFY && UNTOUCHED(),
			    "%s: tag byte %zu flipped", impl, b);
		}
		memcpy(out, mark, sizeof(out));
		aad[3] ^= 1;
		CHECK(OPEN(out, tag, 16, nonce, 12, aad, 20, ct, 100) == EMBER_EVERIFY && UNTOUCHED(), "%s: AAD", impl);
		aad[3] ^= 1;
		CHECK(OPEN(out, tag, 16, nonce, 12, aad, 19, ct, 100) == EMBER_EVERIFY && UNTOUCHED(), "%s: AAD short",
		    impl);
		ct[99] ^= 0x80;
		CHECK(OPEN(out, tag, 16, nonce, 12, aad, 20, ct, 100) == EMBER_EVERIFY && UNTOUCHED(), "%s: ciphertext",
		    impl);
		ct[99] ^= 0x80;
		CHECK(OPEN(out, tag, 16, nonce, 12, aad, 20, ct, 99) == EMBER_EVERIFY && UNTOUCHED(), "%s: truncated",
		    impl);
		CHECK(OPEN(out, tag, 16, nonce + 1, 12, aad, 20, ct, 100) == EMBER_EVERIFY && UNTOUCHED(), "%s: nonce",
		    impl);
		/* lengths and pointers: their own codes, before out is touched */
		CHECK(OPEN(out, tag, 16, nonce, 11, aad, 20, ct, 100) == EMBER_ENONCE && UNTOUCHED(), "%s: nonce 11", impl);
		CHECK(OPEN(out, tag, 16, nonce, 13, aad, 20, ct, 100) == EMBER_ENONCE && UNTOUCHED(), "%s: nonce 13", impl);
		CHECK(SEAL(out, t2, 16, nonce, 0, aad, 20, pt, 100) == EMBER_ENONCE && UNTOUCHED(), "%s: nonce 0", impl);
		CHECK(OPEN(out, tag, 15, nonce, 12, aad, 20, ct, 100) == EMBER_ETAG && UNTOUCHED(), "%s: tag 15", impl);
		CHECK(SEAL(out, t2, 17, nonce, 12, aad, 20, pt, 100) == EMBER_ETAG && UNTOUCHED(), "%s: tag 17", impl);
		CHECK(SEAL(out, t2, 0, nonce, 12, aad, 20, pt, 100) == EMBER_ETAG && UNTOUCHED(), "%s: tag 0", impl);
		CHECK(SEAL(NULL, t2, 16, nonce, 12, aad, 20, pt, 100) == EMBER_EINVAL, "%s: NULL out", impl);
		CHECK(SEAL(out, t2, 16, nonce, 12, aad, 20, NULL, 100) == EMBER_EINVAL && UNTOUCHED(), "%s: NULL in", impl);
		CHECK(SEAL(out, t2, 16, nonce, 12, NULL, 20, pt, 100) == EMBER_EINVAL && UNTOUCHED(), "%s: NULL AAD", impl);
		CHECK(SEAL(out, NULL, 16, nonce, 12, aad, 20, pt, 100) == EMBER_EINVAL && UNTOUCHED(), "%s: NULL tag",
		    impl);
		CHECK(OPEN(out, NULL, 16, nonce, 12, aad, 20, ct, 100) == EMBER_EINVAL && UNTOUCHED(), "%s: NULL tag",
		    impl);
		CHECK(OPEN(out, tag, 16, NULL, 12, aad, 20, ct, 100) == EMBER_EINVAL && UNTOUCHED(), "%s: NULL nonce",
		    impl);
		/* NULL buffers with zero lengths are fine */
		CHECK(SEAL(NULL, t2, 16, nonce, 12, NULL, 0, NULL, 0) == 0 && OPEN(NULL, t2, 16, nonce, 12, NULL, 0, NULL, 0) == 0,
		    "%s: empty message with NULL buffers", impl);
#if SIZE_MAX > 0xffffffffu
		/* over 2^38 - 64 bytes: refused from the length alone (the buffers are 100 bytes) */
		CHECK(SEAL(out, t2, 16, nonce, 12, aad, 20, pt, (size_t)EMBER_CHACHA20_POLY1305_MAX_LEN + 1) == EMBER_ELEN &&
		          UNTOUCHED(),
		    "%s: seal of 2^38 - 63 bytes", impl);
		CHECK(OPEN(out, tag, 16, nonce, 12, aad, 20, ct, (size_t)EMBER_CHACHA20_POLY1305_MAX_LEN + 1) == EMBER_ELEN &&
		          UNTOUCHED(),
		    "%s: open of 2^38 - 63 bytes", impl);
		CHECK(OPEN(out, tag, 16, nonce, 12, aad, 20, ct, SIZE_MAX) == EMBER_ELEN && UNTOUCHED(), "%s: SIZE_MAX", impl);
#endif
		/* the real tag still opens, in place too */
		memcpy(out, ct, 100);
		CHECK(OPEN(out, tag, 16, nonce, 12, aad, 20, out, 100) == 0 && memcmp(out, pt, 100) == 0, "%s: open", impl);
		memset(out, 0xa5, sizeof(out));
	}
	/* the generic layer's own refusals, and the one-shot calls' NULL key */
	{
		ember_aead_ctx c;
		const ember_aead_spec *s = ember_aead_spec_find(ALG);
		CHECK(s != NULL && ember_aead_init(&c, s, d[0], key, 16) == EMBER_EKEYLEN, "16-byte key accepted");
		CHECK(ember_aead_init(&c, s, d[0], NULL, 32) == EMBER_EINVAL, "NULL key accepted");
		CHECK(ember_chacha20_poly1305_seal(NULL, out, tag, 16, nonce, 12, aad, 20, pt, 100) == EMBER_EINVAL &&
		          ember_chacha20_poly1305_open(NULL, out, tag, 16, nonce, 12, aad, 20, ct, 100) == EMBER_EINVAL,
		    "one-shot with a NULL key");
	}
	/* ChaCha20: the 32-bit counter must not wrap; NULL buffers */
	CHECK(ember_chacha20_xor(key, nonce, 0xffffffffu, out, pt, 65) == EMBER_ELEN, "counter wrap accepted");
	CHECK(ember_chacha20_xor(key, nonce, 0xfffffffeu, out, pt, 129) == EMBER_ELEN, "counter wrap accepted");
	CHECK(ember_chacha20_xor(key, nonce, 0xffffffffu, out, pt, 64) == 0, "last counter refused");
	CHECK(ember_chacha20_xor(key, nonce, 0xffffffffu, out, pt, 0) == 0, "empty at the last counter refused");
	CHECK(ember_chacha20_xor(NULL, nonce, 0, out, pt, 1) == EMBER_EINVAL &&
	          ember_chacha20_xor(key, NULL, 0, out, pt, 1) == EMBER_EINVAL &&
	          ember_chacha20_xor(key, nonce, 0, NULL, pt, 1) == EMBER_EINVAL &&
	          ember_chacha20_xor(key, nonce, 0, out, NULL, 1) == EMBER_EINVAL &&
	          ember_chacha20_xor(key, nonce, 0, NULL, NULL, 0) == 0,
	    "ember_chacha20_xor NULL arguments");
}

/* ---- registry ---- */

EMBER_TEST(aead_chacha20_poly1305_registry)
{
	static const uint8_t key[32] = { 1 };
	const ember_aead_desc *d[MAX_IMPLS], *def = ember_aead_find(ALG, NULL);
	ember_chacha20_poly1305_ctx c, want;
	ember_cpu_id me;
	size_t nd = impls(d), i, n = 0;

	ember_cpu_identify(&me);
	if (!CHECK(def != NULL && nd > 0 && def == d[0], "the default is not the first supported descriptor"))
		return;
	CHECK(def == ember_aead_choose(ALG, &me) && ember_aead_find("CHACHA20-POLY1305", NULL) == def,
	    "find and choose disagree");
	for (i = 0; i < ember_aead_count(); i++) {
		const ember_aead_desc *x = ember_aead_at(i);
		if (strcmp(x->name, ALG) != 0)
			continue;
		n++;
		CHECK(x->min_key_len == 32 && x->max_key_len == 32 && x->min_nonce_len == 12 && x->max_nonce_len == 12 &&
		          x->default_nonce_len == 12 && x->tag_lens == (uint32_t)1 << 16 && x->default_tag_len == 16 &&
		          x->ctx_size <= EMBER_AEAD_CTX_MAX && (x->flags & EMBER_IMPL_CT),
		    "%s/%s: descriptor fields", x->name, x->impl);
		if (ember_aead_supported(x))
			CHECK(ember_aead_find(ALG, x->impl) == x, "%s/%s not found by its tag", x->name, x->impl);
	}
	CHECK(n >= 2 && ember_aead_find(ALG, "ref") != NULL && ember_aead_find(ALG, "ref32") != NULL,
	    "the portable pairs (ref, ref32) are not both registered and supported");
	/* the per-algorithm calls (ember_chacha20_xor, ember_poly1305, the one-shot AEAD) use the default's pair */
	ember_chacha20_poly1305_default(&c, key);
	want = pair_of(def, key);
	CHECK(c.chacha == want.chacha && c.poly == want.poly && memcmp(c.key, want.key, sizeof(c.key)) == 0,
	    "the per-algorithm calls do not use the registry's default %s", def->impl);
	if (t_phase == 2)
		CHECK((def->flags & EMBER_IMPL_HW) == 0 && c.chacha == &ember_chacha20_ref,
		    "EMBER_CPUCAP=none: the default %s is not the portable code", def->impl);
	else
		t_note("chacha20-poly1305: %zu implementations supported here, default %s (ChaCha20 %s, Poly1305 %s)", nd,
		    def->impl, c.chacha->impl, c.poly->impl);
}
