/*
 * t_hkdf.c - HKDF (RFC 5869) over every HMAC digest implementation:
 *   hkdf_wycheproof: <shared>/wycheproof/testvectors_v1/hkdf_sha{256,512}_test.json,
 *     valid outputs through the one-shot and through Extract + Expand,
 *     "SizeTooLarge" refused with EMBER_ELEN and nothing written;
 *   hkdf_ossl: random salts, keys, infos and lengths (up to the 255 x HashLen
 *     limit) against an HKDF built on the system libcrypto's HMAC(), for
 *     every digest HMAC takes (SHA-3 included);
 *   hkdf_api: the errors, the length limit at its edge, an empty salt equal
 *     to HashLen zeros, Expand's output a prefix of a longer one.
 */
#include <stdlib.h>
#include <string.h>

#include "ember/hash.h"
#include "ember/kdf.h"
#include "ember/mac.h"
#include "ossl.h"
#include "test.h"

/* 255 x 64: the longest output of any digest here */
#define OKM_MAX (255 * EMBER_MAX_DIGEST_LEN)

static void wycheproof_file(const char *file, const char *name)
{
	char rel[256];
	const char *path;
	unsigned long valid = 0, invalid = 0;
	const tj *groups;
	tj *root;
	size_t g, t, i;
	static uint8_t out[OKM_MAX + 64], out2[OKM_MAX + 64];

	snprintf(rel, sizeof(rel), "wycheproof/testvectors_v1/%s", file);
	path = t_path(t_shared_dir, rel);
	root = tj_load(path);
	if (!CHECK(root != NULL, "%s: cannot read", path))
		return;
	groups = tj_get(root, "testGroups");
	for (g = 0; groups && groups->type == TJ_ARR && g < groups->n; g++) {
		const tj *tests = tj_get(groups->items[g], "tests");

		for (t = 0; tests && tests->type == TJ_ARR && t < tests->n; t++) {
			const tj *tc = tests->items[t];
			const char *ikm_s = tj_str(tc, "ikm"), *salt_s = tj_str(tc, "salt"), *info_s = tj_str(tc, "info");
			const char *okm_s = tj_str(tc, "okm"), *result = tj_str(tc, "result");
			long id = tj_int(tc, "tcId", -1), size = tj_int(tc, "size", -1);
			uint8_t *ikm = NULL, *salt = NULL, *info = NULL, *okm = NULL;
			size_t ikm_len, salt_len, info_len, okm_len;
			int is_valid;

			if (!CHECK(ikm_s && salt_s && info_s && okm_s && result && size >= 0 &&
			               t_hex(ikm_s, &ikm, &ikm_len) == 0 && t_hex(salt_s, &salt, &salt_len) == 0 &&
			               t_hex(info_s, &info, &info_len) == 0 && t_hex(okm_s, &okm, &okm_len) == 0,
			        "%s: tcId %ld: malformed", path, id))
				goto next;
			is_valid = strcmp(result, "valid") == 0;
			if (!CHECK(is_valid || strcmp(result, "invalid") == 0, "%s: tcId %ld: result '%s'", path, id, result))
				goto next;
			if (!CHECK((size_t)size <= OKM_MAX + 64 && (!is_valid || okm_len == (size_t)size),
			        "%s: tcId %ld: size %ld", path, id, size))
				goto next;
			for (i = 0; i < ember_hash_count(); i++) {
				const ember_hash_desc *d = ember_hash_at(i);
				uint8_t prk[EMBER_MAX_DIGEST_LEN];
				int r;

				if (strcmp(d->name, name) != 0 || !ember_hash_supported(d))
					continue;
				memset(out, 0xee, (size_t)size);
				r = ember_hkdf(d, salt, salt_len, ikm, ikm_len, info, info_len, out, (size_t)size);
				if (is_valid) {
					CHECK(r == 0 && memcmp(out, okm, okm_len) == 0, "%s: tcId %ld: %s/%s returned %d, got %s",
					    path, id, d->name, d->impl, r, t_tohex(out, okm_len < 64 ? okm_len : 64));
					r = ember_hkdf_extract(d, salt, salt_len, ikm, ikm_len, prk);
					if (r == 0)
						r = ember_hkdf_expand(d, prk, d->digest_len, info, info_len, out2, (size_t)size);
					CHECK(r == 0 && memcmp(out2, okm, okm_len) == 0, "%s: tcId %ld: %s/%s Extract + Expand",
					    path, id, d->name, d->impl);
				} else {
					size_t j;
					int untouched = 1;
					for (j = 0; j < (size_t)size; j++)
						untouched &= out[j] == 0xee;
					CHECK(r == EMBER_ELEN && untouched, "%s: tcId %ld: %s/%s returned %d for size %ld (%s)",
					    path, id, d->name, d->impl, r, size, untouched ? "nothing written" : "output written");
					memset(prk, 0, sizeof(prk));
					CHECK(ember_hkdf_expand(d, prk, d->digest_len, info, info_len, out, (size_t)size) ==
					        EMBER_ELEN,
					    "%s: tcId %ld: %s/%s Expand accepted size %ld", path, id, d->name, d->impl, size);
				}
			}
			if (is_valid)
				valid++;
			else
				invalid++;
		next:
			free(ikm);
			free(salt);
			free(info);
			free(okm);
		}
	}
	tj_free(root);
	CHECK(valid > 0 && invalid > 0, "%s: %lu valid, %lu invalid: expected both", path, valid, invalid);
	if (t_phase == 1)
		t_note("wycheproof %s: %lu valid, %lu invalid (refused)", file, valid, invalid);
}

EMBER_TEST(hkdf_wycheproof)
{
	if (t_shared_dir == NULL || !t_dir_exists(t_path(t_shared_dir, "wycheproof/testvectors_v1"))) {
		t_skip("Wycheproof HKDF: shared vectors folder not found");
		return;
	}
	wycheproof_file("hkdf_sha256_test.json", "sha256");
	wycheproof_file("hkdf_sha512_test.json", "sha512");
}

/* ---- against OpenSSL's HMAC ---- */

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

/* RFC 5869 written out over OpenSSL's one-shot HMAC(). 0, or -1 when it refuses. */
static int ref_hkdf(const ossl_api *o, void *md, size_t hash_len, const uint8_t *salt, size_t salt_len,
    const uint8_t *ikm, size_t ikm_len, const uint8_t *info, size_t info_len, uint8_t *out, size_t len)
{
	static const uint8_t zeros[EMBER_MAX_DIGEST_LEN];
	static uint8_t buf[EMBER_MAX_DIGEST_LEN + 300 + 1];
	uint8_t prk[EMBER_MAX_DIGEST_LEN], t[EMBER_MAX_DIGEST_LEN] = { 0 };
	unsigned int n = 0;
	size_t done = 0, tlen = 0;
	unsigned i;

	if (salt_len == 0) {
		salt = zeros;
		salt_len = hash_len;
	}
	if (o->HMAC(md, salt, (int)salt_len, ikm, ikm_len, prk, &n) == NULL || n != hash_len)
		return -1;
	for (i = 1; done < len; i++) {
		memcpy(buf, t, tlen);
		memcpy(buf + tlen, info, info_len);
		buf[tlen + info_len] = (uint8_t)i;
		if (o->HMAC(md, prk, (int)hash_len, buf, tlen + info_len + 1, t, &n) == NULL || n != hash_len)
			return -1;
		tlen = hash_len;
		memcpy(out + done, t, len - done < hash_len ? len - done : hash_len);
		done += len - done < hash_len ? len - done : hash_len;
	}
	return 0;
}

EMBER_TEST(hkdf_ossl)
{
	static uint8_t salt[200], ikm[300], info[300], a[OKM_MAX], b[OKM_MAX];
	char err[512];
	const ossl_api *o = ossl_load(err, sizeof(err));
	size_t i;
	int digests = 0;

	if (o == NULL) {
		t_skip("differential HKDF: %s", err);
		return;
	}
	for (i = 0; i < ember_hash_count(); i++) {
		const ember_hash_desc *d = ember_hash_at(i);
		const size_t max = 255 * d->digest_len;
		unsigned long fails = 0;
		int round, rounds = t_phase == 1 ? 40 : 10;
		ember_hmac_key k;
		void *md;

		if (!ember_hash_supported(d))
			continue;
		if (ember_hmac_key_init(&k, d, "", 0) != 0) {
			/* no HMAC over it (an XOF, or MDC-2's 8-byte block): HKDF refuses it too */
			CHECK(ember_hkdf(d, NULL, 0, NULL, 0, NULL, 0, a, 16) == EMBER_EINVAL, "%s/%s: HKDF accepted it",
			    d->name, d->impl);
			continue;
		}
		ember_hmac_key_clear(&k);
		md = ossl_digest(o, ossl_name(d->name));
		if (md == NULL) {
			if (t_phase == 1)
				t_skip("HKDF-%s: not in %s", d->name, o->version);
			continue;
		}
		digests++;
		for (round = 0; round < rounds; round++) {
			size_t salt_len = round == 0 ? 0 : t_rand_below(sizeof(salt) + 1);
			size_t ikm_len = t_rand_below(sizeof(ikm) + 1), info_len = t_rand_below(sizeof(info) + 1);
			/* the limit itself, one block and a byte, short, and anything up to the limit */
			size_t len = round == 1 ? max : round == 2 ? d->digest_len + 1 : round < 8 ? t_rand_below(100)
			                                                                            : t_rand_below(max + 1);

			t_rand_bytes(salt, salt_len);
			t_rand_bytes(ikm, ikm_len);
			t_rand_bytes(info, info_len);
			if (ember_hkdf(d, salt, salt_len, ikm, ikm_len, info, info_len, a, len) != 0 ||
			    ref_hkdf(o, md, d->digest_len, salt, salt_len, ikm, ikm_len, info, info_len, b, len) != 0 ||
			    memcmp(a, b, len) != 0) {
				if (fails++ < 3)
					CHECK(0, "HKDF-%s/%s differs from OpenSSL's HMAC: salt %zu, ikm %zu, info %zu, L %zu",
					    d->name, d->impl, salt_len, ikm_len, info_len, len);
			}
		}
		CHECK(fails == 0, "HKDF-%s/%s: %lu of %d differ", d->name, d->impl, fails, rounds);
		CHECK(ember_hkdf(d, NULL, 0, "k", 1, NULL, 0, a, max + 1) == EMBER_ELEN, "HKDF-%s/%s: L = %zu accepted",
		    d->name, d->impl, max + 1);
		if (o->EVP_MD_free)
			o->EVP_MD_free(md);
	}
	if (t_phase == 1)
		t_note("hkdf_ossl: HKDF over %d digest implementation(s) against %s's HMAC", digests, o->version);
}

/* ---- the API ---- */

EMBER_TEST(hkdf_api)
{
	const ember_hash_desc *d = ember_hash_find("sha256", NULL);
	const ember_hash_desc *s3 = ember_hash_find("sha3-256", NULL);
	static const uint8_t zeros[64];
	static uint8_t a[255 * 32 + 2], b[255 * 32 + 2];
	uint8_t prk[EMBER_MAX_DIGEST_LEN], prk2[EMBER_MAX_DIGEST_LEN];

	if (!CHECK(d != NULL && s3 != NULL, "no sha256 or sha3-256"))
		return;
	CHECK(ember_hkdf(NULL, NULL, 0, "k", 1, NULL, 0, a, 32) == EMBER_EINVAL, "NULL digest accepted");
	CHECK(ember_hkdf_extract(NULL, NULL, 0, "k", 1, prk) == EMBER_EINVAL, "extract: NULL digest accepted");
	CHECK(ember_hkdf_expand(NULL, prk, 32, NULL, 0, a, 32) == EMBER_EINVAL, "expand: NULL digest accepted");
	CHECK(ember_hkdf_extract(d, NULL, 3, "k", 1, prk) == EMBER_EINVAL, "NULL salt with a length accepted");
	CHECK(ember_hkdf_extract(d, NULL, 0, NULL, 5, prk) == EMBER_EINVAL, "NULL ikm with a length accepted");
	CHECK(ember_hkdf_expand(d, prk, 32, NULL, 4, a, 32) == EMBER_EINVAL, "NULL info with a length accepted");
	CHECK(ember_hkdf_expand(d, prk, 32, NULL, 0, NULL, 32) == EMBER_EINVAL, "NULL output with a length accepted");
	CHECK(ember_hkdf(ember_hash_find("shake128", NULL), NULL, 0, "k", 1, NULL, 0, a, 16) == EMBER_EINVAL,
	    "HKDF over SHAKE accepted");
	CHECK(ember_hkdf(d, NULL, 0, "k", 1, NULL, 0, NULL, 0) == 0, "an empty output refused");

	/* the limit: 255 x HashLen accepted, one more byte refused with nothing written */
	memset(a, 0xee, sizeof(a));
	CHECK(ember_hkdf(d, "s", 1, "k", 1, "i", 1, a, 255 * 32 + 1) == EMBER_ELEN && a[0] == 0xee && a[255 * 32] == 0xee,
	    "L = 255 x 32 + 1 accepted or written");
	CHECK(ember_hkdf(d, "s", 1, "k", 1, "i", 1, a, 255 * 32) == 0 && a[255 * 32] == 0xee, "L = 255 x 32 refused");
	/* a shorter output is a prefix of a longer one (same PRK and info) */
	CHECK(ember_hkdf(d, "s", 1, "k", 1, "i", 1, b, 77) == 0 && memcmp(a, b, 77) == 0, "prefix property");
	CHECK(ember_hkdf(s3, "s", 1, "k", 1, "i", 1, b, 255 * 32 + 1) == EMBER_ELEN, "HKDF-SHA3-256: limit");
	CHECK(ember_hkdf(s3, "s", 1, "k", 1, "i", 1, b, 255 * 32) == 0 && memcmp(a, b, 32) != 0, "HKDF-SHA3-256");

	/* RFC 5869, 2.2: no salt is HashLen zeros */
	CHECK(ember_hkdf_extract(d, NULL, 0, "ikm", 3, prk) == 0 && ember_hkdf_extract(d, zeros, 32, "ikm", 3, prk2) == 0 &&
	          memcmp(prk, prk2, 32) == 0,
	    "empty salt differs from HashLen zeros");
	CHECK(ember_hkdf_extract(s3, NULL, 0, "ikm", 3, prk) == 0 && ember_hkdf_extract(s3, zeros, 32, "ikm", 3, prk2) == 0 &&
	          memcmp(prk, prk2, 32) == 0,
	    "HKDF-SHA3-256: empty salt differs from HashLen zeros");
}
