/*
 * t_hmac.c - HMAC over every digest implementation: the RFC 2202 / RFC 4231
 * vectors of tests/vectors/hmac.txt, one-shot against incremental at every
 * split point, key reuse, the API's errors, a differential test against
 * OpenSSL's HMAC() on random keys and messages, and the third-party sets
 * (NIST HMAC.rsp, Wycheproof hmac_sha*_test.json, kat/hmac.txt).
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "ember/hash.h"
#include "ember/mac.h"
#include "ossl.h"
#include "test.h"

/* The canonical name of digest |name| in this build, or NULL when it is not registered. */
static const char *canonical(const char *name)
{
	const ember_hash_desc *d = ember_hash_find(name, NULL);
	size_t i;

	if (d != NULL)
		return d->name;
	/* registered but unsupported everywhere would still be found by ember_hash_at */
	for (i = 0; i < ember_hash_count(); i++)
		if (strcmp(ember_hash_at(i)->name, name) == 0)
			return ember_hash_at(i)->name;
	return NULL;
}

/*
 * Checks one vector against every supported implementation of digest
 * |name|: one-shot, incremental (at every split point when |all_splits|,
 * else at one random split), and a second message under the same prepared
 * key. |mac_len| may be shorter than the digest (a truncated tag).
 * Returns the number of implementations tried.
 */
static int check_hmac(const char *name, const uint8_t *key, size_t key_len, const uint8_t *msg,
    size_t msg_len, const uint8_t *mac, size_t mac_len, int all_splits, const char *where)
{
	const char *cname = canonical(name);
	int tried = 0;
	size_t i;

	if (cname == NULL)
		return 0;
	for (i = 0; i < ember_hash_count(); i++) {
		const ember_hash_desc *d = ember_hash_at(i);
		uint8_t out[EMBER_MAX_DIGEST_LEN];
		ember_hmac_key k;
		ember_hmac_ctx c;
		size_t split, from, to;
		int err;

		if (strcmp(d->name, cname) != 0 || !ember_hash_supported(d))
			continue;
		tried++;
		if (!CHECK(mac_len > 0 && mac_len <= d->digest_len, "%s: %s/%s tag length %zu", where,
		        d->name, d->impl, mac_len))
			continue;
		err = ember_hmac(d, out, key, key_len, msg, msg_len);
		if (!CHECK(err == 0 && memcmp(out, mac, mac_len) == 0, "%s: %s/%s one-shot got %s", where,
		        d->name, d->impl, t_tohex(out, mac_len)))
			continue;
		CHECK(ember_hmac_verify(d, key, key_len, msg, msg_len, mac, mac_len) == 0,
		    "%s: %s/%s verify refused the right tag", where, d->name, d->impl);

		if (!CHECK(ember_hmac_key_init(&k, d, key, key_len) == 0, "%s: key_init", where))
			continue;
		if (all_splits) {
			from = 0;
			to = msg_len;
		} else {
			from = to = t_rand_below(msg_len + 1);
		}
		for (split = from; split <= to; split++) {
			ember_hmac_init(&c, &k);
			CHECK(ember_hmac_len(&c) == d->digest_len, "%s: ember_hmac_len", where);
			ember_hmac_update(&c, msg, split);
			ember_hmac_update(&c, msg + split, msg_len - split);
			ember_hmac_final(&c, out);
			if (!CHECK(memcmp(out, mac, mac_len) == 0, "%s: %s/%s split at %zu got %s", where,
			        d->name, d->impl, split, t_tohex(out, mac_len)))
				break;
		}
		/* the prepared key is unchanged by use: a second message gives the same tag */
		ember_hmac_init(&c, &k);
		ember_hmac_update(&c, "other message", 13);
		ember_hmac_final(&c, out);
		ember_hmac_init(&c, &k);
		ember_hmac_update(&c, msg, msg_len);
		ember_hmac_final(&c, out);
		CHECK(memcmp(out, mac, mac_len) == 0, "%s: %s/%s key reuse", where, d->name, d->impl);
		ember_hmac_key_clear(&k);
	}
	return tried;
}

EMBER_TEST(hmac_vectors)
{
	const char *path = t_path(t_vec_dir, "hmac.txt");
	unsigned long n = 0, skipped = 0;
	t_vec v;

	if (!CHECK(t_vec_open(&v, path) == 0, "cannot open %s", path))
		return;
	while (t_vec_next(&v)) {
		const char *name = t_vec_get(&v, "HMAC");
		uint8_t *key = NULL, *msg = NULL, *mac = NULL;
		size_t key_len, msg_len, mac_len;
		char where[256];

		if (name == NULL)
			continue;
		snprintf(where, sizeof(where), "%s:%u", path, v.line);
		if (t_vec_bytes(&v, "Key", &key, &key_len) != 0 || t_vec_bytes(&v, "Msg", &msg, &msg_len) != 0 ||
		    t_vec_bytes(&v, "Mac", &mac, &mac_len) != 0) {
			CHECK(0, "%s: stanza needs Key, Msg and Mac", where);
		} else if (check_hmac(name, key, key_len, msg, msg_len, mac, mac_len, 1, where) == 0) {
			if (skipped++ == 0 || t_verbose)
				t_skip("%s: HMAC-%s: %s is not in this build", where, name, name);
		} else {
			n++;
		}
		free(key);
		free(msg);
		free(mac);
	}
	t_vec_close(&v);
	CHECK(n > 0, "%s: no usable HMAC stanza", path);
	if (t_phase == 1)
		t_note("hmac.txt: %lu vectors checked, %lu for digests not in this build", n, skipped);
}

/* Errors, wiping, verify refusing wrong tags. */
EMBER_TEST(hmac_api)
{
	const ember_hash_desc *d = ember_hash_find("sha256", NULL);
	uint8_t out[EMBER_MAX_DIGEST_LEN], tag[EMBER_MAX_DIGEST_LEN];
	ember_hmac_key k;
	ember_hmac_ctx c;
	size_t i;
	int clean = 1;

	if (!CHECK(d != NULL, "no sha256"))
		return;
	CHECK(ember_hmac(NULL, out, "k", 1, "m", 1) == EMBER_EINVAL, "NULL digest accepted");
	CHECK(ember_hmac_key_init(&k, NULL, "k", 1) == EMBER_EINVAL, "NULL digest accepted by key_init");
	CHECK(ember_hmac_key_init(&k, d, NULL, 5) == EMBER_EINVAL, "NULL key with a length accepted");
	CHECK(ember_hmac(d, out, NULL, 0, NULL, 0) == 0, "empty key and message refused");

	CHECK(ember_hmac(d, tag, "key", 3, "msg", 3) == 0, "hmac failed");
	CHECK(ember_hmac_verify(d, "key", 3, "msg", 3, tag, 32) == 0, "verify refused");
	CHECK(ember_hmac_verify(d, "key", 3, "msg", 3, tag, 16) == 0, "verify refused a truncated tag");
	CHECK(ember_hmac_verify(d, "key", 3, "msg", 3, tag, 0) == EMBER_ELEN, "empty tag accepted");
	CHECK(ember_hmac_verify(d, "key", 3, "msg", 3, tag, 33) == EMBER_ELEN, "long tag accepted");
	for (i = 0; i < 32; i++) {
		tag[i] ^= 1;
		CHECK(ember_hmac_verify(d, "key", 3, "msg", 3, tag, 32) == EMBER_EVERIFY,
		    "verify accepted a tag with byte %zu changed", i);
		tag[i] ^= 1;
	}
	CHECK(ember_hmac_verify(d, "kez", 3, "msg", 3, tag, 32) == EMBER_EVERIFY, "wrong key accepted");

	/* final wipes the context, key_clear the key */
	CHECK(ember_hmac_key_init(&k, d, "key", 3) == 0, "key_init failed");
	ember_hmac_init(&c, &k);
	ember_hmac_update(&c, "msg", 3);
	ember_hmac_final(&c, out);
	CHECK(memcmp(out, tag, 32) == 0, "incremental differs from one-shot");
	/* the live part of both digest states (what init copied in) and the pointers */
	for (i = 0; i < d->ctx_size; i++)
		clean &= c.inner.u.bytes[i] == 0 && c.outer.u.bytes[i] == 0;
	CHECK(clean && c.inner.desc == NULL && c.outer.desc == NULL, "context not wiped at final");
	CHECK(ember_hmac_len(&c) == 0, "ember_hmac_len after final");
	ember_hmac_key_clear(&k);
	clean = 1;
	for (i = 0; i < sizeof(k); i++)
		clean &= ((const uint8_t *)&k)[i] == 0;
	CHECK(clean, "key not wiped by key_clear");
}

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

/* Random keys of 0..200 bytes and messages of 0..1000 bytes against OpenSSL's HMAC(). */
EMBER_TEST(hmac_ossl)
{
	static uint8_t key[200], msg[1000];
	char err[512];
	const ossl_api *o = ossl_load(err, sizeof(err));
	size_t i;

	if (o == NULL) {
		t_skip("differential HMAC: %s", err);
		return;
	}
	for (i = 0; i < ember_hash_count(); i++) {
		const ember_hash_desc *d = ember_hash_at(i);
		unsigned long fails = 0;
		int round, rounds = t_phase == 1 ? 300 : 60;
		void *md;

		/* an XOF (SHAKE) is no HMAC hash: both libraries refuse it (t_sha3.c checks ours) */
		if (!ember_hash_supported(d) || (d->flags & EMBER_HASH_XOF))
			continue;
		md = ossl_digest(o, ossl_name(d->name));
		if (md == NULL) {
			if (t_phase == 1)
				t_skip("HMAC-%s: not in %s", d->name, o->version);
			continue;
		}
		for (round = 0; round < rounds; round++) {
			uint8_t a[EMBER_MAX_DIGEST_LEN], b[EMBER_MAX_DIGEST_LEN];
			size_t key_len = round < 8 ? (size_t)round * 25 : t_rand_below(sizeof(key) + 1);
			size_t msg_len = round < 8 ? (size_t)round * 125 : t_rand_below(sizeof(msg) + 1);
			size_t cut = t_rand_below(msg_len + 1);
			unsigned int blen = 0;
			ember_hmac_key k;
			ember_hmac_ctx c;

			t_rand_bytes(key, key_len);
			t_rand_bytes(msg, msg_len);
			if (!CHECK(ember_hmac_key_init(&k, d, key, key_len) == 0, "%s/%s key_init", d->name, d->impl))
				break;
			ember_hmac_init(&c, &k);
			ember_hmac_update(&c, msg, cut);
			ember_hmac_update(&c, msg + cut, msg_len - cut);
			ember_hmac_final(&c, a);
			ember_hmac_key_clear(&k);
			if (o->HMAC(md, key, (int)key_len, msg, msg_len, b, &blen) == NULL || blen != d->digest_len ||
			    memcmp(a, b, blen) != 0) {
				if (fails++ < 3)
					CHECK(0, "HMAC-%s/%s differs from OpenSSL: key %zu bytes, message %zu bytes",
					    d->name, d->impl, key_len, msg_len);
			}
		}
		CHECK(fails == 0, "HMAC-%s/%s: %lu of %d differ from OpenSSL", d->name, d->impl, fails, rounds);
		if (o->EVP_MD_free)
			o->EVP_MD_free(md);
	}
}

/* ---- third-party sets ---- */

/* NIST CAVP HMAC.rsp: [L=n] selects the digest by its output length. */
static void nist_hmac(const char *dir)
{
	const char *path = t_path(dir, "nist/hmac/HMAC.rsp");
	unsigned long n = 0, skipped = 0;
	t_vec v;

	if (t_vec_open(&v, path) != 0) {
		t_skip("%s: not found", path);
		return;
	}
	while (t_vec_next(&v)) {
		const char *name = NULL, *tlen = t_vec_get(&v, "Tlen"), *klen = t_vec_get(&v, "Klen");
		uint8_t *key = NULL, *msg = NULL, *mac = NULL;
		size_t key_len, msg_len, mac_len;
		char where[256];

		if (t_vec_get(&v, "Mac") == NULL)
			continue;
		snprintf(where, sizeof(where), "%s:%u [%s]", path, v.line, v.section);
		if (strcmp(v.section, "L=20") == 0)
			name = "sha1";
		else if (strcmp(v.section, "L=28") == 0)
			name = "sha224";
		else if (strcmp(v.section, "L=32") == 0)
			name = "sha256";
		else if (strcmp(v.section, "L=48") == 0)
			name = "sha384";
		else if (strcmp(v.section, "L=64") == 0)
			name = "sha512";
		if (!CHECK(name != NULL, "%s: unknown section", where))
			continue;
		if (t_vec_bytes(&v, "Key", &key, &key_len) != 0 || t_vec_bytes(&v, "Msg", &msg, &msg_len) != 0 ||
		    t_vec_bytes(&v, "Mac", &mac, &mac_len) != 0 || tlen == NULL || klen == NULL) {
			CHECK(0, "%s: record needs Klen, Tlen, Key, Msg and Mac", where);
		} else if (CHECK(strtoul(tlen, NULL, 10) == mac_len && strtoul(klen, NULL, 10) == key_len,
		               "%s: Klen/Tlen disagree with Key/Mac", where)) {
			if (check_hmac(name, key, key_len, msg, msg_len, mac, mac_len, 0, where) == 0)
				skipped++;
			else
				n++;
		}
		free(key);
		free(msg);
		free(mac);
	}
	t_vec_close(&v);
	CHECK(n + skipped > 0, "%s: no vectors", path);
	if (skipped)
		t_skip("%s: %lu vectors for digests not in this build", path,
		    skipped);
	if (t_phase == 1)
		t_note("nist/hmac/HMAC.rsp: %lu vectors", n);
}

/* Wycheproof hmac_<digest>_test.json: valid tags must match, invalid ones must not. */
static void wycheproof_hmac(const char *dir, const char *file, const char *name)
{
	char rel[256];
	const char *path;
	unsigned long valid = 0, invalid = 0;
	const tj *groups;
	tj *root;
	size_t g, t;

	snprintf(rel, sizeof(rel), "wycheproof/testvectors_v1/%s", file);
	path = t_path(dir, rel);
	if (canonical(name) == NULL) {
		t_skip("%s: HMAC-%s: %s is not in this build", path, name, name);
		return;
	}
	root = tj_load(path);
	if (!CHECK(root != NULL, "%s: cannot read", path))
		return;
	groups = tj_get(root, "testGroups");
	for (g = 0; groups && groups->type == TJ_ARR && g < groups->n; g++) {
		const tj *grp = groups->items[g];
		const tj *tests = tj_get(grp, "tests");
		long tag_bits = tj_int(grp, "tagSize", -1);

		for (t = 0; tests && tests->type == TJ_ARR && t < tests->n; t++) {
			const tj *tc = tests->items[t];
			const char *k = tj_str(tc, "key"), *m = tj_str(tc, "msg"), *tag = tj_str(tc, "tag");
			const char *result = tj_str(tc, "result");
			uint8_t *key = NULL, *msg = NULL, *want = NULL, out[EMBER_MAX_DIGEST_LEN];
			const ember_hash_desc *d = ember_hash_find(name, NULL);
			size_t key_len, msg_len, want_len, i;
			long id = tj_int(tc, "tcId", -1);

			if (!CHECK(k && m && tag && result && tag_bits > 0 && tag_bits % 8 == 0 &&
			               t_hex(k, &key, &key_len) == 0 && t_hex(m, &msg, &msg_len) == 0 &&
			               t_hex(tag, &want, &want_len) == 0,
			        "%s: tcId %ld: malformed", path, id)) {
				free(key);
				free(msg);
				free(want);
				continue;
			}
			if (strcmp(result, "valid") == 0) {
				char where[300];
				snprintf(where, sizeof(where), "%s: tcId %ld", path, id);
				CHECK(want_len == (size_t)tag_bits / 8, "%s: tag length", where);
				check_hmac(name, key, key_len, msg, msg_len, want, want_len, 0, where);
				valid++;
			} else if (strcmp(result, "invalid") == 0) {
				/* a modified or wrongly sized tag: every implementation must refuse it */
				for (i = 0; i < ember_hash_count(); i++) {
					const ember_hash_desc *e = ember_hash_at(i);
					if (strcmp(e->name, d->name) != 0 || !ember_hash_supported(e))
						continue;
					ember_hmac(e, out, key, key_len, msg, msg_len);
					CHECK(want_len != (size_t)tag_bits / 8 || memcmp(out, want, want_len) != 0,
					    "%s: tcId %ld: %s/%s accepts an invalid tag", path, id, e->name, e->impl);
					if (want_len > 0 && want_len <= e->digest_len)
						CHECK(ember_hmac_verify(e, key, key_len, msg, msg_len, want, want_len) != 0 ||
						          want_len != (size_t)tag_bits / 8,
						    "%s: tcId %ld: %s/%s verify accepts an invalid tag", path, id, e->name,
						    e->impl);
				}
				invalid++;
			} else {
				CHECK(0, "%s: tcId %ld: unexpected result '%s'", path, id, result);
			}
			free(key);
			free(msg);
			free(want);
		}
	}
	tj_free(root);
	CHECK(valid + invalid > 0, "%s: no vectors", path);
	if (t_phase == 1)
		t_note("wycheproof %s: %lu valid, %lu invalid", file, valid, invalid);
}

/* kat/hmac.txt: hash=... key=... msg=... mac=... lines. */
static void kat_hmac(const char *dir)
{
	const char *path = t_path(dir, "kat/hmac.txt");
	unsigned long n = 0, skipped = 0;
	char missing[128] = "";
	t_vec v;

	if (t_vec_open(&v, path) != 0) {
		t_skip("%s: not found", path);
		return;
	}
	v.line = 0;
	while (t_kat_next(&v)) {
		const char *name = t_vec_get(&v, "hash");
		uint8_t *key = NULL, *msg = NULL, *mac = NULL;
		size_t key_len, msg_len, mac_len;
		char where[256];

		snprintf(where, sizeof(where), "%s:%u", path, v.line);
		if (name == NULL || t_vec_bytes(&v, "key", &key, &key_len) != 0 ||
		    t_vec_bytes(&v, "msg", &msg, &msg_len) != 0 || t_vec_bytes(&v, "mac", &mac, &mac_len) != 0) {
			CHECK(0, "%s: line needs hash, key, msg and mac", where);
		} else if (check_hmac(name, key, key_len, msg, msg_len, mac, mac_len, 0, where) == 0) {
			skipped++;
			if (strstr(missing, name) == NULL && strlen(missing) + strlen(name) + 2 < sizeof(missing)) {
				strcat(missing, missing[0] ? " " : "");
				strcat(missing, name);
			}
		} else {
			n++;
		}
		free(key);
		free(msg);
		free(mac);
	}
	t_vec_close(&v);
	CHECK(n + skipped > 0, "%s: no vectors", path);
	if (skipped)
		t_skip("%s: %lu vectors for digests not in this build: %s", path, skipped, missing);
	if (t_phase == 1)
		t_note("kat/hmac.txt: %lu vectors", n);
}

EMBER_TEST(hmac_shared)
{
	char dir[4096];
	DIR *dh;
	struct dirent *e;
	int files = 0;

	if (t_shared_dir == NULL || !t_dir_exists(t_shared_dir)) {
		t_skip("shared HMAC vectors: %s not available", t_shared_dir ? t_shared_dir : "(no -s)");
		return;
	}
	nist_hmac(t_shared_dir);

	/* every wycheproof/testvectors_v1/hmac_<digest>_test.json */
	snprintf(dir, sizeof(dir), "%s", t_path(t_shared_dir, "wycheproof/testvectors_v1"));
	dh = opendir(dir);
	if (CHECK(dh != NULL, "%s: cannot open", dir)) {
		while ((e = readdir(dh)) != NULL) {
			char name[64];
			size_t n = strlen(e->d_name), j;

			if (n <= 15 || strncmp(e->d_name, "hmac_", 5) != 0 ||
			    strcmp(e->d_name + n - 10, "_test.json") != 0 || n - 15 >= sizeof(name))
				continue;
			/* hmac_sha512_256_test.json names sha512-256 */
			memcpy(name, e->d_name + 5, n - 15);
			name[n - 15] = 0;
			for (j = 0; name[j]; j++)
				if (name[j] == '_')
					name[j] = '-';
			wycheproof_hmac(t_shared_dir, e->d_name, name);
			files++;
		}
		closedir(dh);
		CHECK(files > 0, "%s: no hmac_*_test.json files", dir);
	}
	kat_hmac(t_shared_dir);
}
