/*
 * t_ossl_hash.c - differential test of every digest implementation against
 * the system's libcrypto (loaded with dlopen; skipped when absent): random
 * messages of every length 0..4096 in random splits, seed printed by the runner;
 * and the XOFs (SHAKE) at every output length 0..300 and random longer ones,
 * squeezed in pieces, against EVP_DigestFinalXOF.
 */
#include <stdlib.h>
#include <string.h>

#include "ember/hash.h"
#include "ossl.h"
#include "test.h"

/* OpenSSL's name for each of our digests, where it differs. */
static const char *ossl_name(const char *ours)
{
	if (strcmp(ours, "ripemd160") == 0)
		return "RIPEMD160";
	if (strcmp(ours, "sha512-224") == 0)
		return "SHA512-224";
	if (strcmp(ours, "sha512-256") == 0)
		return "SHA512-256";
	return ours;
}

/* |len| bytes of OpenSSL's XOF output for |msg|; 0, or -1 when it refuses. */
static int ossl_xof(const ossl_api *o, void *ctx, void *md, const uint8_t *msg, size_t msg_len, uint8_t *out,
    size_t len)
{
	if (o->EVP_DigestInit_ex(ctx, md, NULL) != 1 || o->EVP_DigestUpdate(ctx, msg, msg_len) != 1)
		return -1;
	return o->EVP_DigestFinalXOF(ctx, out, len) == 1 ? 0 : -1;
}

/* Ours: the message in two pieces, the output squeezed in three (each piece possibly empty). */
static void ember_xof(const ember_hash_desc *d, const uint8_t *msg, size_t msg_len, uint8_t *out, size_t len)
{
	ember_shake_ctx c;
	size_t cut = t_rand_below(msg_len + 1), o1 = t_rand_below(len + 1), o2 = o1 + t_rand_below(len - o1 + 1);

	d->init(&c);
	ember_shake_update(&c, msg, cut);
	ember_shake_update(&c, msg + cut, msg_len - cut);
	ember_shake_squeeze(&c, out, o1);
	ember_shake_squeeze(&c, out + o1, o2 - o1);
	ember_shake_squeeze(&c, out + o2, len - o2);
	ember_shake_clear(&c);
}

EMBER_TEST(ossl_shake)
{
	static uint8_t msg[2000], a[4000], b[4000];
	char err[512];
	const ossl_api *o = ossl_load(err, sizeof(err));
	size_t i, len;
	int xofs = 0;

	if (o == NULL) {
		t_skip("differential XOFs: %s", err);
		return;
	}
	if (o->EVP_DigestFinalXOF == NULL) {
		t_skip("differential XOFs: %s has no EVP_DigestFinalXOF", o->version);
		return;
	}
	for (i = 0; i < ember_hash_count(); i++) {
		const ember_hash_desc *d = ember_hash_at(i);
		unsigned long fails = 0, n = 0;
		void *md, *ctx;

		if (!ember_hash_supported(d) || !(d->flags & EMBER_HASH_XOF))
			continue;
		md = ossl_digest(o, ossl_name(d->name));
		if (md == NULL) {
			if (t_phase == 1)
				t_skip("%s: not in %s", d->name, o->version);
			continue;
		}
		xofs++;
		ctx = o->EVP_MD_CTX_new();
		/* every output length 0..300 (phase 2: a sample), then 40 random longer ones */
		for (len = 0; len <= 340; len += (t_phase == 1 || len > 300 ? 1 : 7)) {
			size_t out_len = len <= 300 ? len : 301 + t_rand_below(sizeof(a) - 300);
			size_t msg_len = t_rand_below(len % 3 == 0 ? sizeof(msg) + 1 : 400);

			t_rand_bytes(msg, msg_len);
			ember_xof(d, msg, msg_len, a, out_len);
			n++;
			if (ossl_xof(o, ctx, md, msg, msg_len, b, out_len) != 0 || memcmp(a, b, out_len) != 0) {
				if (fails++ < 3)
					CHECK(0, "%s/%s differs from OpenSSL's XOF: message %zu bytes, output %zu", d->name,
					    d->impl, msg_len, out_len);
			}
		}
		CHECK(fails == 0, "%s/%s: %lu of %lu outputs differ from OpenSSL", d->name, d->impl, fails, n);
		o->EVP_MD_CTX_free(ctx);
		if (o->EVP_MD_free)
			o->EVP_MD_free(md);
	}
	if (t_phase == 1)
		t_note("ossl_shake: %d XOF implementation(s) against %s", xofs, o->version);
}

EMBER_TEST(ossl_hash)
{
	static uint8_t msg[4097];
	char err[512];
	const ossl_api *o = ossl_load(err, sizeof(err));
	size_t i, len;

	if (o == NULL) {
		t_skip("differential digests: %s", err);
		return;
	}
	for (i = 0; i < ember_hash_count(); i++) {
		const ember_hash_desc *d = ember_hash_at(i);
		void *md, *ctx;
		unsigned long fails = 0;

		if (!ember_hash_supported(d))
			continue;
		md = ossl_digest(o, ossl_name(d->name));
		if (md == NULL) {
			if (t_phase == 1)
				t_skip("%s: not in %s", d->name, o->version);
			continue;
		}
		ctx = o->EVP_MD_CTX_new();
		/* every length in phase 1; a sample in phase 2 to keep the run short */
		for (len = 0; len <= 4096; len += (t_phase == 1 ? 1 : 61)) {
			uint8_t a[EMBER_MAX_DIGEST_LEN], b[EMBER_MAX_DIGEST_LEN];
			unsigned int blen = 0;
			ember_hash_ctx c;
			size_t cut = t_rand_below(len + 1);

			t_rand_bytes(msg, len);
			ember_hash_init(&c, d);
			ember_hash_update(&c, msg, cut);
			ember_hash_update(&c, msg + cut, len - cut);
			ember_hash_final(&c, a);
			o->EVP_DigestInit_ex(ctx, md, NULL);
			o->EVP_DigestUpdate(ctx, msg, len);
			o->EVP_DigestFinal_ex(ctx, b, &blen);
			if (blen != d->digest_len || memcmp(a, b, blen) != 0) {
				if (fails++ < 3)
					CHECK(0, "%s/%s differs from OpenSSL at length %zu (split %zu)", d->name,
					    d->impl, len, cut);
			}
		}
		CHECK(fails == 0, "%s/%s: %lu lengths differ from OpenSSL", d->name, d->impl, fails);
		o->EVP_MD_CTX_free(ctx);
		if (o->EVP_MD_free)
			o->EVP_MD_free(md);
	}
}
