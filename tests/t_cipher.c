/*
 * t_cipher.c - every cipher implementation against the project's vector
 * files (stanzas with "Cipher = <openssl name>" in tests/vectors:
 * Key, IV, Plaintext, Ciphertext, optional Param), both directions, in
 * place and out of place, whole and in random pieces; and every
 * implementation against the others of the same cipher on random data.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "ember/cipher.h"
#include "test.h"

/* Runs |len| bytes through a fresh context in pieces (block multiples). */
static int run(const ember_block_desc *d, const ember_cipher_spec *s, const uint8_t *key,
    size_t key_len, unsigned param, const uint8_t *iv, int decrypt, uint8_t *out,
    const uint8_t *in, size_t len, int in_place, int pieces)
{
	ember_cipher_ctx c;
	size_t off = 0, bl = d->block_len;
	int err;

	err = ember_cipher_init(&c, d, s->mode, key, key_len, param, iv, decrypt);
	if (err != 0)
		return err;
	if (in_place) {
		memmove(out, in, len);
		in = out;
	}
	while (off < len) {
		size_t n = len - off;
		if (pieces && n > bl) {
			n = (1 + t_rand_below(n / bl)) * bl;
		}
		err = ember_cipher_update(&c, out + off, in + off, n);
		if (err != 0)
			break;
		off += n;
	}
	ember_cipher_clear(&c);
	return err;
}

static void check_vector(const t_vec *v, const char *name)
{
	const ember_cipher_spec *s = ember_cipher_spec_find(name);
	uint8_t *key = NULL, *iv = NULL, *pt = NULL, *ct = NULL, *out = NULL;
	size_t key_len, iv_len = 0, pt_len, ct_len, i;
	const char *ps = t_vec_get(v, "Param");
	unsigned param;
	int found = 0;

	if (!CHECK(s != NULL, "%s:%u: unknown cipher %s", v->path, v->line, name))
		return;
	param = ps ? (unsigned)strtoul(ps, NULL, 10) : s->param;
	if (t_vec_bytes(v, "Key", &key, &key_len) != 0 || t_vec_bytes(v, "Plaintext", &pt, &pt_len) != 0 ||
	    t_vec_bytes(v, "Ciphertext", &ct, &ct_len) != 0 || pt_len != ct_len) {
		CHECK(0, "%s:%u: stanza needs Key, Plaintext, Ciphertext of equal length", v->path, v->line);
		goto done;
	}
	if (t_vec_get(v, "IV") != NULL && t_vec_bytes(v, "IV", &iv, &iv_len) != 0) {
		CHECK(0, "%s:%u: bad IV", v->path, v->line);
		goto done;
	}
	out = malloc(pt_len + 1);
	for (i = 0; i < ember_block_count(); i++) {
		const ember_block_desc *d = ember_block_at(i);
		int in_place, dir, err;

		if (strcmp(d->name, s->alg) != 0 || !ember_block_supported(d))
			continue;
		found = 1;
		for (dir = 0; dir < 2; dir++) {
			for (in_place = 0; in_place < 2; in_place++) {
				const uint8_t *src = dir ? ct : pt, *want = dir ? pt : ct;
				int dec = dir && s->mode != EMBER_MODE_CTR && s->mode != EMBER_MODE_STREAM;
				err = run(d, s, key, key_len, param, iv, dec, out, src, pt_len, in_place, in_place);
				if (!CHECK(err == 0, "%s:%u: %s/%s init/update: %s", v->path, v->line, d->name,
				        d->impl, err ? "error" : ""))
					continue;
				CHECK(memcmp(out, want, pt_len) == 0, "%s:%u: %s/%s %s%s got %s", v->path,
				    v->line, name, d->impl, dir ? "decrypt" : "encrypt",
				    in_place ? " in place" : "", t_tohex(out, pt_len));
			}
		}
	}
	if (!found)
		t_skip("%s:%u: no implementation of %s in this build", v->path, v->line, s->alg);
done:
	free(key);
	free(iv);
	free(pt);
	free(ct);
	free(out);
}

EMBER_TEST(cipher_vectors)
{
	DIR *dir = opendir(t_vec_dir);
	struct dirent *e;
	int seen = 0;

	if (!CHECK(dir != NULL, "cannot open vector directory %s", t_vec_dir))
		return;
	while ((e = readdir(dir)) != NULL) {
		char path[4096];
		t_vec v;
		size_t n = strlen(e->d_name);

		if (n < 5 || strcmp(e->d_name + n - 4, ".txt") != 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", t_vec_dir, e->d_name);
		if (t_vec_open(&v, path) != 0)
			continue;
		while (t_vec_next(&v)) {
			const char *name = t_vec_get(&v, "Cipher");
			if (name != NULL) {
				check_vector(&v, name);
				seen++;
			}
		}
		t_vec_close(&v);
	}
	closedir(dir);
	if (ember_block_count() > 0)
		CHECK(seen > 0, "no Cipher stanzas found in %s", t_vec_dir);
}

/*
 * Every implementation agrees with the first one registered for the same
 * cipher, for every spec (key length, mode) and random lengths, and
 * decryption inverts encryption.
 */
EMBER_TEST(cipher_properties)
{
	static uint8_t pt[2048 + 16], a[2048 + 16], b[2048 + 16];
	size_t si, i;

	for (si = 0; si < ember_cipher_spec_count(); si++) {
		const ember_cipher_spec *s = ember_cipher_spec_at(si);
		const ember_block_desc *base = NULL;

		for (i = 0; i < ember_block_count(); i++) {
			const ember_block_desc *d = ember_block_at(i);
			int round;

			if (strcmp(d->name, s->alg) != 0 || !ember_block_supported(d))
				continue;
			if (base == NULL)
				base = d;
			for (round = 0; round < 12; round++) {
				uint8_t key[64], iv[16];
				size_t bl = d->block_len;
				size_t len = s->mode == EMBER_MODE_CTR || s->mode == EMBER_MODE_STREAM
				                 ? t_rand_below(2049)
				                 : bl * t_rand_below(2048 / bl + 1);
				int dec_mode = s->mode == EMBER_MODE_ECB || s->mode == EMBER_MODE_CBC;

				t_rand_bytes(key, sizeof(key));
				t_rand_bytes(iv, sizeof(iv));
				t_rand_bytes(pt, len);
				if (!CHECK(run(d, s, key, s->key_len, s->param, iv, 0, a, pt, len, 0, 1) == 0,
				        "%s/%s encrypt failed", s->name, d->impl))
					break;
				if (base != d) {
					run(base, s, key, s->key_len, s->param, iv, 0, b, pt, len, 0, 0);
					if (!CHECK(memcmp(a, b, len) == 0, "%s: %s and %s differ (len %zu)", s->name,
					        d->impl, base->impl, len))
						break;
				}
				run(d, s, key, s->key_len, s->param, iv, dec_mode, b, a, len, round & 1, 1);
				if (!CHECK(memcmp(b, pt, len) == 0, "%s/%s: decrypt(encrypt(x)) != x (len %zu)",
				        s->name, d->impl, len))
					break;
			}
		}
	}
}

/* Bad key lengths and partial blocks are refused, not processed. */
EMBER_TEST(cipher_errors)
{
	size_t i;

	for (i = 0; i < ember_block_count(); i++) {
		const ember_block_desc *d = ember_block_at(i);
		ember_cipher_ctx c;
		uint8_t key[EMBER_MAX_KEY_LEN + 1] = { 0 }, buf[32] = { 0 };
		int mode = d->block_len == 1 ? EMBER_MODE_STREAM : EMBER_MODE_CBC;

		if (!ember_block_supported(d))
			continue;
		CHECK(ember_cipher_init(&c, d, mode, key, d->max_key_len + 1, 0, buf, 0) == EMBER_EKEYLEN,
		    "%s/%s accepts a %zu-byte key", d->name, d->impl, d->max_key_len + 1);
		if (d->min_key_len > 0)
			CHECK(ember_cipher_init(&c, d, mode, key, d->min_key_len - 1, 0, buf, 0) == EMBER_EKEYLEN,
			    "%s/%s accepts a %zu-byte key", d->name, d->impl, d->min_key_len - 1);
		if (d->block_len > 1 && ember_cipher_init(&c, d, mode, key, d->max_key_len, 0, buf, 0) == 0) {
			CHECK(ember_cipher_update(&c, buf, buf, d->block_len + 1) == EMBER_ELEN,
			    "%s/%s accepts a partial block", d->name, d->impl);
			ember_cipher_clear(&c);
		}
	}
}

/*
 * Issue 19, 10a: CBC and CTR without an IV are refused (they used to run
 * with an all-zero IV); ECB and stream ciphers take none.
 */
EMBER_TEST(cipher_null_iv)
{
	size_t i;
	unsigned cbc = 0, ctr = 0;

	for (i = 0; i < ember_block_count(); i++) {
		const ember_block_desc *d = ember_block_at(i);
		uint8_t key[EMBER_MAX_KEY_LEN] = { 0 }, iv[EMBER_MAX_BLOCK_LEN] = { 0 };
		ember_cipher_ctx c;
		int dec, r;

		if (!ember_block_supported(d))
			continue;
		t_rand_bytes(key, sizeof(key));
		for (dec = 0; dec < 2; dec++) {
			if (d->block_len >= 2 && d->encrypt != NULL) {
				r = ember_cipher_init(&c, d, EMBER_MODE_CBC, key, d->max_key_len, 0, NULL, dec);
				CHECK(r == EMBER_EINVAL, "%s/%s: CBC %s with a NULL IV gave %d", d->name, d->impl,
				    dec ? "decryption" : "encryption", r);
				CHECK(c.desc == NULL, "%s/%s: refused CBC context left keyed", d->name, d->impl);
				r = ember_cipher_init(&c, d, EMBER_MODE_CBC, key, d->max_key_len, 0, iv, dec);
				CHECK(r == 0, "%s/%s: CBC with an IV gave %d", d->name, d->impl, r);
				ember_cipher_clear(&c);
				r = ember_cipher_init(&c, d, EMBER_MODE_ECB, key, d->max_key_len, 0, NULL, dec);
				CHECK(r == 0, "%s/%s: ECB with no IV gave %d", d->name, d->impl, r);
				ember_cipher_clear(&c);
				cbc++;
			}
			if (d->ctr != NULL) {
				r = ember_cipher_init(&c, d, EMBER_MODE_CTR, key, d->max_key_len, 0, NULL, dec);
				CHECK(r == EMBER_EINVAL, "%s/%s: CTR with a NULL IV gave %d", d->name, d->impl, r);
				r = ember_cipher_init(&c, d, EMBER_MODE_CTR, key, d->max_key_len, 0, iv, dec);
				CHECK(r == 0, "%s/%s: CTR with an IV gave %d", d->name, d->impl, r);
				ember_cipher_clear(&c);
				ctr++;
			}
			if (d->stream != NULL) {
				r = ember_cipher_init(&c, d, EMBER_MODE_STREAM, key, d->max_key_len, 0, NULL, dec);
				CHECK(r == 0, "%s/%s: stream cipher with no IV gave %d", d->name, d->impl, r);
				ember_cipher_clear(&c);
			}
		}
	}
	CHECK(cbc > 0 && ctr > 0, "no CBC (%u) or CTR (%u) implementation tried", cbc, ctr);
}
