/*
 * t_aes_shared.c - every supported AES implementation, through the
 * per-algorithm API (ember_aes_*), against third-party vectors in the shared
 * folder: NIST CAVP AES KAT and MMT files (ECB, CBC; both directions),
 * Wycheproof AES-CBC with PKCS#7, and the RFC 3686 CTR vectors in pyca's
 * collection (their IV is the whole counter block nonce || IV || counter).
 * Also: counter wrap-around and the API's refusals.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "ember/cipher.h"
#include "test.h"

#define MAX_IMPL 16

/* The supported AES implementations, registry order. */
static size_t aes_impls(const ember_block_desc **out)
{
	size_t i, n = 0;

	for (i = 0; i < ember_block_count() && n < MAX_IMPL; i++) {
		const ember_block_desc *d = ember_block_at(i);
		if (strcmp(d->name, "aes") == 0 && ember_block_supported(d))
			out[n++] = d;
	}
	return n;
}

static int key_with(const ember_block_desc *d, ember_aes_ctx *c, const uint8_t *key, size_t key_len)
{
	return d->set_key(c, key, key_len, 0);
}

/* One NIST .rsp file: |cbc| selects the mode. Returns the vectors read. */
static unsigned nist_file(const char *path, int cbc, const ember_block_desc **impl, size_t nimpl)
{
	t_vec v;
	unsigned count = 0;

	if (!CHECK(t_vec_open(&v, path) == 0, "cannot open %s", path))
		return 0;
	while (t_vec_next(&v)) {
		uint8_t *key = NULL, *iv = NULL, *pt = NULL, *ct = NULL, *out = NULL;
		size_t key_len, iv_len = 0, pt_len, ct_len, i;
		int dec = strcmp(v.section, "DECRYPT") == 0;

		if (t_vec_get(&v, "KEY") == NULL)
			continue;
		if (t_vec_bytes(&v, "KEY", &key, &key_len) != 0 ||
		    t_vec_bytes(&v, "PLAINTEXT", &pt, &pt_len) != 0 ||
		    t_vec_bytes(&v, "CIPHERTEXT", &ct, &ct_len) != 0 || pt_len != ct_len ||
		    (cbc && (t_vec_bytes(&v, "IV", &iv, &iv_len) != 0 || iv_len != 16))) {
			CHECK(0, "%s:%u: malformed record", path, v.line);
			goto next;
		}
		count++;
		out = malloc(pt_len + 1);
		for (i = 0; i < nimpl; i++) {
			ember_aes_ctx c;
			uint8_t ivc[16];
			const uint8_t *src = dec ? ct : pt, *want = dec ? pt : ct;
			int err;

			if (!CHECK(key_with(impl[i], &c, key, key_len) == 0, "%s:%u: %s: key refused", path,
				   v.line, impl[i]->impl))
				continue;
			if (cbc) {
				memcpy(ivc, iv, 16);
				err = dec ? ember_aes_cbc_decrypt(&c, ivc, out, src, pt_len)
				          : ember_aes_cbc_encrypt(&c, ivc, out, src, pt_len);
			} else {
				err = dec ? ember_aes_ecb_decrypt(&c, out, src, pt_len)
				          : ember_aes_ecb_encrypt(&c, out, src, pt_len);
			}
			CHECK(err == 0 && memcmp(out, want, pt_len) == 0, "%s:%u: aes/%s %s COUNT %s: got %s",
			      path, v.line, impl[i]->impl, dec ? "decrypt" : "encrypt",
			      t_vec_get(&v, "COUNT"), t_tohex(out, pt_len));
			ember_aes_clear(&c);
		}
	next:
		free(key);
		free(iv);
		free(pt);
		free(ct);
		free(out);
	}
	t_vec_close(&v);
	return count;
}

EMBER_TEST(aes_nist)
{
	const ember_block_desc *impl[MAX_IMPL];
	size_t nimpl = aes_impls(impl);
	const char *dir_path = t_path(t_shared_dir, "nist/aes");
	char dir_copy[4096];
	DIR *dir;
	struct dirent *e;
	unsigned files = 0;

	if (dir_path == NULL || !t_dir_exists(dir_path)) {
		t_skip("NIST AES vectors: folder %s absent", dir_path ? dir_path : "(no shared dir)");
		return;
	}
	snprintf(dir_copy, sizeof(dir_copy), "%s", dir_path);
	dir = opendir(dir_copy);
	if (!CHECK(dir != NULL, "cannot open %s", dir_copy))
		return;
	while ((e = readdir(dir)) != NULL) {
		char path[4096 + 256];
		size_t n = strlen(e->d_name);
		unsigned count;
		int cbc;

		if (n < 8 || strcmp(e->d_name + n - 4, ".rsp") != 0)
			continue;
		if (strncmp(e->d_name, "CBC", 3) == 0)
			cbc = 1;
		else if (strncmp(e->d_name, "ECB", 3) == 0)
			cbc = 0;
		else
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir_copy, e->d_name);
		count = nist_file(path, cbc, impl, nimpl);
		CHECK(count > 0, "%s: no vectors read", path);
		if (t_phase == 1 || t_verbose)
			t_note("%s: %u vectors x %zu implementations", e->d_name, count, nimpl);
		files++;
	}
	closedir(dir);
	CHECK(files > 0, "%s: no ECB/CBC .rsp files", dir_copy);
}

static int hex_field(const tj *t, const char *name, uint8_t **out, size_t *len)
{
	const char *s = tj_str(t, name);
	return s ? t_hex(s, out, len) : -1;
}

EMBER_TEST(aes_wycheproof_cbc)
{
	const ember_block_desc *impl[MAX_IMPL];
	size_t nimpl = aes_impls(impl), g, t, i;
	char path[4096];
	unsigned valid = 0, invalid = 0;
	const tj *groups;
	tj *root;

	if (!t_dir_exists(t_path(t_shared_dir, "wycheproof/testvectors_v1"))) {
		t_skip("Wycheproof AES-CBC: folder absent");
		return;
	}
	snprintf(path, sizeof(path), "%s",
		 t_path(t_shared_dir, "wycheproof/testvectors_v1/aes_cbc_pkcs5_test.json"));
	root = tj_load(path);
	if (!CHECK(root != NULL, "%s: cannot read", path))
		return;
	groups = tj_get(root, "testGroups");
	for (g = 0; groups && g < groups->n; g++) {
		const tj *tests = tj_get(groups->items[g], "tests");
		for (t = 0; tests && t < tests->n; t++) {
			const tj *tc = tests->items[t];
			const char *result = tj_str(tc, "result");
			uint8_t *key = NULL, *iv = NULL, *msg = NULL, *ct = NULL, *buf = NULL;
			size_t key_len, iv_len, msg_len, ct_len;
			long id = tj_int(tc, "tcId", -1);
			int ok_expected;

			if (hex_field(tc, "key", &key, &key_len) || hex_field(tc, "iv", &iv, &iv_len) ||
			    hex_field(tc, "msg", &msg, &msg_len) || hex_field(tc, "ct", &ct, &ct_len) ||
			    result == NULL) {
				CHECK(0, "%s: tcId %ld malformed", path, id);
				goto next;
			}
			ok_expected = strcmp(result, "invalid") != 0;
			if (ok_expected)
				valid++;
			else
				invalid++;
			buf = malloc(msg_len + ct_len + 32);
			for (i = 0; i < nimpl; i++) {
				ember_aes_ctx c;
				uint8_t ivc[16];
				size_t n;
				int err;

				if (iv_len != 16 || key_with(impl[i], &c, key, key_len) != 0) {
					CHECK(!ok_expected, "%s: tcId %ld: aes/%s refused a valid key/IV",
					      path, id, impl[i]->impl);
					continue;
				}
				if (ok_expected) {
					ember_pkcs7_pad(buf, &n, msg, msg_len, 16);
					memcpy(ivc, iv, 16);
					err = ember_aes_cbc_encrypt(&c, ivc, buf, buf, n);
					CHECK(err == 0 && n == ct_len && memcmp(buf, ct, n) == 0,
					      "%s: tcId %ld: aes/%s encryption differs: %s", path, id,
					      impl[i]->impl, t_tohex(buf, n));
				}
				memcpy(ivc, iv, 16);
				err = ember_aes_cbc_decrypt(&c, ivc, buf, ct, ct_len);
				if (err == 0)
					err = ember_pkcs7_unpad(&n, buf, ct_len, 16);
				if (ok_expected)
					CHECK(err == 0 && n == msg_len && memcmp(buf, msg, n) == 0,
					      "%s: tcId %ld: aes/%s decryption failed", path, id,
					      impl[i]->impl);
				else
					CHECK(err != 0,
					      "%s: tcId %ld (%s): aes/%s accepted an invalid ciphertext",
					      path, id, tj_str(tc, "comment"), impl[i]->impl);
				ember_aes_clear(&c);
			}
		next:
			free(key);
			free(iv);
			free(msg);
			free(ct);
			free(buf);
		}
	}
	tj_free(root);
	CHECK(valid + invalid > 0, "%s: no vectors read", path);
	if (t_phase == 1 || t_verbose)
		t_note("aes_cbc_pkcs5_test.json: %u valid, %u invalid x %zu implementations", valid, invalid,
		       nimpl);
}

EMBER_TEST(aes_rfc3686_ctr)
{
	static const char *const files[] = { "aes-128-ctr.txt", "aes-192-ctr.txt", "aes-256-ctr.txt" };
	const ember_block_desc *impl[MAX_IMPL];
	size_t nimpl = aes_impls(impl), f;
	const char *dir = t_path(t_shared_dir, "pyca-cryptography/ciphers/AES/CTR");
	char dir_copy[4096];

	if (dir == NULL || !t_dir_exists(dir)) {
		t_skip("RFC 3686 CTR vectors: folder absent");
		return;
	}
	snprintf(dir_copy, sizeof(dir_copy), "%s", dir);
	for (f = 0; f < sizeof(files) / sizeof(files[0]); f++) {
		char path[4096 + 64];
		unsigned count = 0;
		t_vec v;

		snprintf(path, sizeof(path), "%s/%s", dir_copy, files[f]);
		if (!CHECK(t_vec_open(&v, path) == 0, "cannot open %s", path))
			continue;
		while (t_vec_next(&v)) {
			uint8_t *key = NULL, *iv = NULL, *pt = NULL, *ct = NULL, *out = NULL;
			size_t key_len, iv_len, pt_len, ct_len, i;

			if (t_vec_get(&v, "KEY") == NULL)
				continue;
			if (t_vec_bytes(&v, "KEY", &key, &key_len) || t_vec_bytes(&v, "IV", &iv, &iv_len) ||
			    t_vec_bytes(&v, "PLAINTEXT", &pt, &pt_len) ||
			    t_vec_bytes(&v, "CIPHERTEXT", &ct, &ct_len) || iv_len != 16 || pt_len != ct_len) {
				CHECK(0, "%s:%u: malformed record", path, v.line);
				goto next;
			}
			count++;
			out = malloc(pt_len + 1);
			for (i = 0; i < nimpl; i++) {
				ember_aes_ctx c;
				uint8_t cb[16];
				int dir2;

				if (!CHECK(key_with(impl[i], &c, key, key_len) == 0, "%s: key refused", path))
					continue;
				for (dir2 = 0; dir2 < 2; dir2++) {
					memcpy(cb, iv, 16);
					ember_aes_ctr(&c, cb, out, dir2 ? ct : pt, pt_len);
					CHECK(memcmp(out, dir2 ? pt : ct, pt_len) == 0,
					      "%s:%u: aes/%s CTR %s: got %s", path, v.line, impl[i]->impl,
					      dir2 ? "decrypt" : "encrypt", t_tohex(out, pt_len));
				}
				ember_aes_clear(&c);
			}
		next:
			free(key);
			free(iv);
			free(pt);
			free(ct);
			free(out);
		}
		t_vec_close(&v);
		CHECK(count > 0, "%s: no vectors read", path);
		if (t_phase == 1 || t_verbose)
			t_note("%s: %u vectors x %zu implementations", files[f], count, nimpl);
	}
}

/*
 * The counter is one 128-bit big-endian number: starting near 2^64 - 1 and
 * 2^128 - 1, every implementation must agree with block-at-a-time ECB
 * encryption of the counter values, and leave the same next counter.
 */
EMBER_TEST(aes_ctr_wrap)
{
	static const uint8_t key[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };
	const ember_block_desc *impl[MAX_IMPL];
	size_t nimpl = aes_impls(impl), i, s, j;
	uint8_t in[600], out[600], want[600], cb[16], ref_cb[16];

	t_rand_bytes(in, sizeof(in));
	/* 1, 7, 8, 13, 16, 17 and 32 blocks before a wrap of the low 64 bits, then of all 128 */
	for (s = 0; s < 14; s++) {
		static const uint8_t before[7] = { 1, 7, 8, 13, 16, 17, 32 };
		uint8_t start[16];
		memset(start, 0, sizeof(start));
		memset(start + (s >= 7 ? 0 : 8), 0xff, s >= 7 ? 16 : 8);
		start[15] = (uint8_t)(256 - before[s % 7]);
		start[7] = s >= 7 ? 0xff : 0x42;
		for (i = 0; i < nimpl; i++) {
			ember_aes_ctx c;
			size_t len = 16 * 37 + 5;

			CHECK(key_with(impl[i], &c, key, sizeof(key)) == 0, "aes/%s: key refused",
			      impl[i]->impl);
			/* reference: ECB of successive counter values */
			memcpy(ref_cb, start, 16);
			for (j = 0; j < len; j += 16) {
				uint8_t ks[16];
				size_t k, n = len - j < 16 ? len - j : 16, b;
				ember_aes_ecb_encrypt(&c, ks, ref_cb, 16);
				for (k = 0; k < n; k++)
					want[j + k] = in[j + k] ^ ks[k];
				for (b = 16; b-- > 0;)
					if (++ref_cb[b] != 0)
						break;
			}
			memcpy(cb, start, 16);
			ember_aes_ctr(&c, cb, out, in, len);
			CHECK(memcmp(out, want, len) == 0,
			      "aes/%s: CTR across a counter wrap differs from ECB", impl[i]->impl);
			CHECK(memcmp(cb, ref_cb, 16) == 0, "aes/%s: next counter %s", impl[i]->impl,
			      t_tohex(cb, 16));
			ember_aes_clear(&c);
		}
	}
}

/* Refusals: bad key lengths, partial blocks, unkeyed contexts. */
EMBER_TEST(aes_api_errors)
{
	const ember_block_desc *impl[MAX_IMPL];
	size_t nimpl = aes_impls(impl), i, bad[] = { 0, 8, 15, 17, 20, 31, 33, 64 }, b;
	uint8_t key[64] = { 0 }, buf[48] = { 0 }, iv[16] = { 0 };
	ember_aes_ctx c;

	for (b = 0; b < sizeof(bad) / sizeof(bad[0]); b++) {
		CHECK(ember_aes_set_key(&c, key, bad[b]) == EMBER_EKEYLEN,
		      "ember_aes_set_key accepts %zu bytes", bad[b]);
		for (i = 0; i < nimpl; i++)
			CHECK(key_with(impl[i], &c, key, bad[b]) == EMBER_EKEYLEN,
			      "aes/%s accepts a %zu-byte key", impl[i]->impl, bad[b]);
	}
	CHECK(ember_aes_set_key(&c, key, 16) == 0, "ember_aes_set_key refuses 16 bytes");
	CHECK(c.impl == impl[0], "ember_aes_set_key chose %s, not %s", c.impl ? c.impl->impl : "nothing",
	    impl[0]->impl);
	CHECK((c.impl->flags & EMBER_IMPL_CT) != 0, "default AES %s is not constant-time", c.impl->impl);
	CHECK(ember_aes_cbc_encrypt(&c, iv, buf, buf, 17) == EMBER_ELEN, "CBC accepts 17 bytes");
	CHECK(ember_aes_cbc_decrypt(&c, iv, buf, buf, 47) == EMBER_ELEN, "CBC decrypt accepts 47 bytes");
	CHECK(ember_aes_ecb_encrypt(&c, buf, buf, 1) == EMBER_ELEN, "ECB accepts 1 byte");
	CHECK(ember_aes_ecb_decrypt(&c, buf, buf, 0) == 0, "ECB refuses 0 bytes");
	ember_aes_clear(&c);
	CHECK(ember_aes_cbc_encrypt(&c, iv, buf, buf, 16) == EMBER_EINVAL, "CBC on a cleared context");
	/* each named implementation refuses when unsupported, and keys when supported */
	{
		static int (*const fns[])(ember_aes_ctx *, const uint8_t *, size_t) = {
			ember_aes_ct_set_key, ember_aes_ct32_set_key, ember_aes_tab_set_key,
			ember_aes_x86ni_set_key, ember_aes_avx512_set_key, ember_aes_armv8_set_key,
			ember_aes_neon_set_key
		};
		static const char *const tags[] = { "ct", "ct32", "tab", "x86ni", "avx512", "armv8", "neon" };
		for (i = 0; i < sizeof(tags) / sizeof(tags[0]); i++) {
			const ember_block_desc *d = ember_block_find("aes", tags[i]);
			int err = fns[i](&c, key, 32);
			if (d != NULL)
				CHECK(err == 0 && c.impl == d, "ember_aes_%s_set_key: %d", tags[i], err);
			else
				CHECK(err == EMBER_ENOTSUP, "ember_aes_%s_set_key on an unsupported CPU: %d",
				      tags[i], err);
			ember_aes_clear(&c);
		}
	}
}
