/*
 * t_misc_shared.c - IDEA, RC2, RC5, Camellia and RC4 against the
 * third-party vectors in ../shared/vectors: the kat/ line files, pyca's
 * Camellia-CBC and IDEA-CBC files, and Wycheproof's Camellia-CBC-PKCS#7
 * set. Every supported implementation of each cipher is run.
 */
#include <stdlib.h>
#include <string.h>

#include "ember/cipher.h"
#include "test.h"

static t_vec vbuf;

/* 1 when the shared folder is there; records a skip otherwise. */
static int have_shared(const char *what)
{
	if (t_shared_dir == NULL || !t_dir_exists(t_shared_dir)) {
		t_skip("%s: shared vector folder not available", what);
		return 0;
	}
	return 1;
}

/*
 * One block-cipher known answer for every implementation of |alg|:
 * encrypt(pt) == ct and decrypt(ct) == pt, |iterations| times in a row
 * for the encryption (IDEA's ct100/ct1000). Returns the number of
 * implementations run.
 */
static int check_block(const char *where, const char *alg, int mode, const uint8_t *key, size_t key_len,
    unsigned param, const uint8_t *iv, const uint8_t *pt, const uint8_t *ct, size_t len, unsigned long iterations)
{
	uint8_t *buf = malloc(len ? len : 1);
	size_t i;
	int ran = 0;

	for (i = 0; i < ember_block_count(); i++) {
		const ember_block_desc *d = ember_block_at(i);
		ember_cipher_ctx c;
		unsigned long it;
		int err;

		if (strcmp(d->name, alg) != 0 || !ember_block_supported(d))
			continue;
		ran++;
		err = ember_cipher_init(&c, d, mode, key, key_len, param, iv, 0);
		if (!CHECK(err == 0, "%s: %s/%s init failed (%d)", where, alg, d->impl, err))
			continue;
		memcpy(buf, pt, len);
		for (it = 0; it < iterations; it++)
			ember_cipher_update(&c, buf, buf, len);
		ember_cipher_clear(&c);
		CHECK(memcmp(buf, ct, len) == 0, "%s: %s/%s encrypt got %s", where, alg, d->impl, t_tohex(buf, len));
		if (iterations != 1)
			continue;
		err = ember_cipher_init(&c, d, mode, key, key_len, param, iv, 1);
		if (!CHECK(err == 0, "%s: %s/%s init failed (%d)", where, alg, d->impl, err))
			continue;
		ember_cipher_update(&c, buf, ct, len);
		ember_cipher_clear(&c);
		CHECK(memcmp(buf, pt, len) == 0, "%s: %s/%s decrypt got %s", where, alg, d->impl, t_tohex(buf, len));
	}
	free(buf);
	return ran;
}

/* Runs the kat/<file>.txt lines of a block cipher. |kind| selects the extra fields. */
enum { K_PLAIN, K_IDEA, K_RC2, K_RC5 };

static void kat_block(const char *file, const char *alg, int kind)
{
	char path[4096], where[4200];
	t_vec *v = &vbuf;
	unsigned long n = 0, skipped = 0;

	if (!have_shared(file))
		return;
	snprintf(path, sizeof(path), "%s/kat/%s", t_shared_dir, file);
	if (t_vec_open(v, path) != 0) {
		t_skip("%s: not found", path);
		return;
	}
	while (t_kat_next(v)) {
		uint8_t *key = NULL, *iv = NULL, *pt = NULL, *ct = NULL, *ct100 = NULL, *ct1000 = NULL;
		size_t key_len = 0, iv_len = 0, pt_len = 0, ct_len = 0, l100 = 0, l1000 = 0;
		const char *mode_s = t_vec_get(v, "mode");
		int mode = mode_s && strcmp(mode_s, "cbc") == 0 ? EMBER_MODE_CBC : EMBER_MODE_ECB;
		unsigned param = 0;

		snprintf(where, sizeof(where), "%s:%u", path, v->line);
		if (mode_s == NULL || (strcmp(mode_s, "ecb") != 0 && strcmp(mode_s, "cbc") != 0) ||
		    t_vec_bytes(v, "key", &key, &key_len) != 0 || t_vec_bytes(v, "pt", &pt, &pt_len) != 0 ||
		    t_vec_bytes(v, "ct", &ct, &ct_len) != 0 || pt_len != ct_len ||
		    (mode == EMBER_MODE_CBC && t_vec_bytes(v, "iv", &iv, &iv_len) != 0)) {
			CHECK(0, "%s: malformed line", where);
			goto next;
		}
		if (kind == K_RC2) {
			const char *e = t_vec_get(v, "effbits");
			if (!CHECK(e != NULL, "%s: no effbits", where))
				goto next;
			param = (unsigned)strtoul(e, NULL, 10);
		}
		if (kind == K_RC5) {
			const char *w = t_vec_get(v, "w"), *r = t_vec_get(v, "r");
			if (!CHECK(w != NULL && r != NULL, "%s: no w/r", where))
				goto next;
			param = (unsigned)strtoul(r, NULL, 10);
			/* Only RC5-32; rounds = 0 cannot be asked for (param 0 selects the default 12). */
			if (strcmp(w, "32") != 0 || param == 0) {
				skipped++;
				goto next;
			}
		}
		if (check_block(where, alg, mode, key, key_len, param, iv, pt, ct, pt_len, 1) == 0) {
			t_skip("%s: no implementation of %s in this build", file, alg);
			t_vec_close(v);
			free(key), free(iv), free(pt), free(ct);
			return;
		}
		n++;
		if (kind == K_IDEA && t_phase == 1 && t_vec_get(v, "ct100") != NULL) {
			if (t_vec_bytes(v, "ct100", &ct100, &l100) != 0 || t_vec_bytes(v, "ct1000", &ct1000, &l1000) != 0 ||
			    l100 != pt_len || l1000 != pt_len) {
				CHECK(0, "%s: malformed ct100/ct1000", where);
				goto next;
			}
			check_block(where, alg, mode, key, key_len, param, iv, pt, ct100, pt_len, 100);
			check_block(where, alg, mode, key, key_len, param, iv, pt, ct1000, pt_len, 1000);
		}
	next:
		free(key);
		free(iv);
		free(pt);
		free(ct);
		free(ct100);
		free(ct1000);
	}
	t_vec_close(v);
	CHECK(n > 0, "%s: no vectors read", path);
	if (skipped)
		t_note("kat/%s: %lu vectors (%lu with rounds 0 or w != 32 not applicable)", file, n, skipped);
	else
		t_note("kat/%s: %lu vectors", file, n);
}

EMBER_TEST(misc_kat_camellia)
{
	kat_block("camellia.txt", "camellia", K_PLAIN);
}

EMBER_TEST(misc_kat_idea)
{
	kat_block("idea.txt", "idea", K_IDEA);
}

EMBER_TEST(misc_kat_rc2)
{
	kat_block("rc2.txt", "rc2", K_RC2);
}

EMBER_TEST(misc_kat_rc5)
{
	kat_block("rc5.txt", "rc5", K_RC5);
}

/* kat/rc4.txt: 16 keystream bytes at |offset|, for every implementation. */
EMBER_TEST(misc_kat_rc4)
{
	char path[4096];
	t_vec *v = &vbuf;
	unsigned long n = 0;
	int impls = 0;
	size_t i;

	if (!have_shared("rc4.txt"))
		return;
	for (i = 0; i < ember_block_count(); i++)
		if (strcmp(ember_block_at(i)->name, "rc4") == 0 && ember_block_supported(ember_block_at(i)))
			impls++;
	if (impls == 0) {
		t_skip("rc4.txt: no implementation of rc4 in this build");
		return;
	}
	snprintf(path, sizeof(path), "%s/kat/rc4.txt", t_shared_dir);
	if (t_vec_open(v, path) != 0) {
		t_skip("%s: not found", path);
		return;
	}
	while (t_kat_next(v)) {
		uint8_t *key = NULL, *ks = NULL, buf[4096 + 16];
		size_t key_len, ks_len;
		const char *off_s = t_vec_get(v, "offset");
		unsigned long off = off_s ? strtoul(off_s, NULL, 10) : 0;

		if (t_vec_bytes(v, "key", &key, &key_len) != 0 || t_vec_bytes(v, "ks", &ks, &ks_len) != 0 ||
		    off_s == NULL || ks_len != 16 || off > 4096) {
			CHECK(0, "%s:%u: malformed line", path, v->line);
			free(key);
			free(ks);
			continue;
		}
		for (i = 0; i < ember_block_count(); i++) {
			const ember_block_desc *d = ember_block_at(i);
			ember_cipher_ctx c;
			size_t pos = 0;

			if (strcmp(d->name, "rc4") != 0 || !ember_block_supported(d))
				continue;
			if (!CHECK(ember_cipher_init(&c, d, EMBER_MODE_STREAM, key, key_len, 0, NULL, 0) == 0,
			        "%s:%u: rc4/%s init", path, v->line, d->impl))
				continue;
			memset(buf, 0, off + 16);
			/* in uneven pieces, so the state carries across calls */
			while (pos < off + 16) {
				size_t take = 1 + t_rand_below(off + 16 - pos);
				ember_cipher_update(&c, buf + pos, buf + pos, take);
				pos += take;
			}
			ember_cipher_clear(&c);
			CHECK(memcmp(buf + off, ks, 16) == 0, "%s:%u: rc4/%s offset %lu got %s", path, v->line,
			    d->impl, off, t_tohex(buf + off, 16));
		}
		n++;
		free(key);
		free(ks);
	}
	t_vec_close(v);
	CHECK(n > 0, "%s: no vectors read", path);
	t_note("kat/rc4.txt: %lu vectors", n);
}

/* pyca NIST-style CBC files: KEY, IV, PLAINTEXT, CIPHERTEXT per COUNT stanza. */
static void pyca_cbc(const char *rel, const char *alg)
{
	char path[4096], where[4200];
	t_vec *v = &vbuf;
	unsigned long n = 0;

	if (!have_shared(rel))
		return;
	snprintf(path, sizeof(path), "%s/pyca-cryptography/%s", t_shared_dir, rel);
	if (t_vec_open(v, path) != 0) {
		t_skip("%s: not found", path);
		return;
	}
	while (t_vec_next(v)) {
		uint8_t *key = NULL, *iv = NULL, *pt = NULL, *ct = NULL;
		size_t key_len, iv_len, pt_len, ct_len;

		if (t_vec_get(v, "KEY") == NULL)
			continue;
		snprintf(where, sizeof(where), "%s:%u", path, v->line);
		if (t_vec_bytes(v, "KEY", &key, &key_len) == 0 && t_vec_bytes(v, "IV", &iv, &iv_len) == 0 &&
		    t_vec_bytes(v, "PLAINTEXT", &pt, &pt_len) == 0 && t_vec_bytes(v, "CIPHERTEXT", &ct, &ct_len) == 0 &&
		    pt_len == ct_len) {
			if (check_block(where, alg, EMBER_MODE_CBC, key, key_len, 0, iv, pt, ct, pt_len, 1) == 0) {
				t_skip("%s: no implementation of %s in this build", rel, alg);
				free(key), free(iv), free(pt), free(ct);
				t_vec_close(v);
				return;
			}
			n++;
		} else {
			CHECK(0, "%s: malformed stanza", where);
		}
		free(key);
		free(iv);
		free(pt);
		free(ct);
	}
	t_vec_close(v);
	CHECK(n > 0, "%s: no vectors read", path);
	t_note("pyca %s: %lu vectors", rel, n);
}

EMBER_TEST(misc_pyca_cbc)
{
	pyca_cbc("ciphers/Camellia/camellia-cbc.txt", "camellia");
	pyca_cbc("ciphers/IDEA/idea-cbc.txt", "idea");
}

/*
 * Wycheproof camellia_cbc_pkcs5_test.json: valid => CBC(msg + PKCS#7
 * padding) == ct and decrypting ct then unpadding gives msg; invalid =>
 * decryption then unpadding fails (or, for a ciphertext that is not a
 * block multiple or empty, is refused before that).
 */
EMBER_TEST(misc_wycheproof_camellia_cbc)
{
	char path[4096];
	const tj *groups, *root;
	tj *doc;
	unsigned long valid = 0, invalid = 0;
	size_t gi, ti, i;

	if (!have_shared("camellia_cbc_pkcs5_test.json"))
		return;
	if (ember_block_find("camellia", NULL) == NULL) {
		t_skip("camellia_cbc_pkcs5_test.json: no camellia in this build");
		return;
	}
	snprintf(path, sizeof(path), "%s/wycheproof/testvectors_v1/camellia_cbc_pkcs5_test.json", t_shared_dir);
	doc = tj_load(path);
	if (doc == NULL) {
		t_skip("%s: not found or unreadable", path);
		return;
	}
	root = doc;
	groups = tj_get(root, "testGroups");
	if (!CHECK(groups != NULL && groups->type == TJ_ARR, "%s: no testGroups", path)) {
		tj_free(doc);
		return;
	}
	for (gi = 0; gi < groups->n; gi++) {
		const tj *tests = tj_get(groups->items[gi], "tests");
		if (tests == NULL || tests->type != TJ_ARR)
			continue;
		for (ti = 0; ti < tests->n; ti++) {
			const tj *t = tests->items[ti];
			const char *res = tj_str(t, "result");
			long id = tj_int(t, "tcId", -1);
			uint8_t *key = NULL, *iv = NULL, *msg = NULL, *ct = NULL, *buf = NULL;
			size_t key_len, iv_len, msg_len, ct_len;
			int ok = res != NULL;

			ok = ok && tj_str(t, "key") && t_hex(tj_str(t, "key"), &key, &key_len) == 0;
			ok = ok && tj_str(t, "iv") && t_hex(tj_str(t, "iv"), &iv, &iv_len) == 0;
			ok = ok && tj_str(t, "msg") && t_hex(tj_str(t, "msg"), &msg, &msg_len) == 0;
			ok = ok && tj_str(t, "ct") && t_hex(tj_str(t, "ct"), &ct, &ct_len) == 0;
			if (!CHECK(ok && iv_len == 16, "%s: tcId %ld malformed", path, id))
				goto next;
			buf = malloc(msg_len + ct_len + 32);
			for (i = 0; i < ember_block_count(); i++) {
				const ember_block_desc *d = ember_block_at(i);
				ember_cipher_ctx c;
				size_t out_len = 0;
				int err;

				if (strcmp(d->name, "camellia") != 0 || !ember_block_supported(d))
					continue;
				if (strcmp(res, "valid") == 0) {
					ember_pkcs7_pad(buf, &out_len, msg, msg_len, 16);
					err = ember_cipher_init(&c, d, EMBER_MODE_CBC, key, key_len, 0, iv, 0);
					err = err ? err : ember_cipher_update(&c, buf, buf, out_len);
					ember_cipher_clear(&c);
					if (!CHECK(err == 0 && out_len == ct_len && memcmp(buf, ct, ct_len) == 0,
					        "%s: tcId %ld camellia/%s encrypt mismatch", path, id, d->impl))
						continue;
					err = ember_cipher_init(&c, d, EMBER_MODE_CBC, key, key_len, 0, iv, 1);
					err = err ? err : ember_cipher_update(&c, buf, ct, ct_len);
					ember_cipher_clear(&c);
					err = err ? err : ember_pkcs7_unpad(&out_len, buf, ct_len, 16);
					CHECK(err == 0 && out_len == msg_len && memcmp(buf, msg, msg_len) == 0,
					    "%s: tcId %ld camellia/%s decrypt mismatch", path, id, d->impl);
				} else {
					/* a non-block-multiple ciphertext is refused by update itself */
					err = ember_cipher_init(&c, d, EMBER_MODE_CBC, key, key_len, 0, iv, 1);
					err = err ? err : ember_cipher_update(&c, buf, ct, ct_len);
					ember_cipher_clear(&c);
					err = err ? err : ember_pkcs7_unpad(&out_len, buf, ct_len, 16);
					CHECK(err != 0, "%s: tcId %ld (%s) camellia/%s accepted an invalid ciphertext", path,
					    id, res, d->impl);
				}
			}
			if (strcmp(res, "valid") == 0)
				valid++;
			else
				invalid++;
		next:
			free(key);
			free(iv);
			free(msg);
			free(ct);
			free(buf);
		}
	}
	tj_free(doc);
	CHECK(valid + invalid > 0, "%s: no vectors read", path);
	t_note("wycheproof camellia_cbc_pkcs5: %lu valid, %lu invalid", valid, invalid);
}
