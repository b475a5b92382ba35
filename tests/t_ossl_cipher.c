/*
 * t_ossl_cipher.c - differential test of every cipher spec in the registry
 * that has a supported implementation, against the system's libcrypto
 * (dlopen'd; skipped when absent): random keys, IVs and lengths, every
 * implementation, both directions, padding off, our side in random pieces.
 * New ciphers are covered as soon as they are registered: the OpenSSL name
 * is derived from the spec name (see ossl_cipher_name).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ember/cipher.h"
#include "ossl.h"
#include "test.h"

/* EVP_CIPHER_CTX_ctrl codes from <openssl/evp.h>, stable since 0.9.x. */
#define OSSL_CTRL_SET_RC2_KEY_BITS 0x3
#define OSSL_CTRL_SET_RC5_ROUNDS 0x5

/*
 * OpenSSL's name for a spec. Our spec names are EVP's own names in lower
 * case ("aes-128-cbc", "des-ede3" = DES-EDE3 in ECB, "des-ede3-cbc",
 * "cast5-cbc", "bf-cbc", "rc2-40-cbc", "rc4-40", "idea-cbc", "rc5-cbc",
 * "camellia-256-ecb" ...), so upper-casing maps every one of them.
 */
static void ossl_cipher_name(char *out, size_t out_len, const char *spec)
{
	size_t i;

	for (i = 0; spec[i] && i + 1 < out_len; i++)
		out[i] = (char)toupper((unsigned char)spec[i]);
	out[i] = 0;
}

/* One whole operation with OpenSSL. Returns 0, or -1 when libcrypto refuses. */
static int ossl_run(const ossl_api *o, const void *cipher, const ember_cipher_spec *s, const uint8_t *key,
    const uint8_t *iv, int enc, uint8_t *out, const uint8_t *in, size_t len)
{
	void *ctx = o->EVP_CIPHER_CTX_new();
	int ok, outl = 0, fl = 0;

	ok = ctx != NULL && o->EVP_CipherInit_ex(ctx, cipher, NULL, NULL, NULL, enc) == 1;
	/* variable-length keys (bf, cast5, rc2, rc4): set before the key; a no-op for the others */
	ok = ok && o->EVP_CIPHER_CTX_set_key_length(ctx, (int)s->key_len) == 1;
	if (ok && strcmp(s->alg, "rc2") == 0)
		ok = o->EVP_CIPHER_CTX_ctrl(ctx, OSSL_CTRL_SET_RC2_KEY_BITS, (int)s->param, NULL) == 1;
	if (ok && strcmp(s->alg, "rc5") == 0)
		ok = o->EVP_CIPHER_CTX_ctrl(ctx, OSSL_CTRL_SET_RC5_ROUNDS, (int)s->param, NULL) == 1;
	ok = ok && o->EVP_CipherInit_ex(ctx, NULL, NULL, key, iv, enc) == 1;
	ok = ok && o->EVP_CIPHER_CTX_set_padding(ctx, 0) == 1;
	ok = ok && o->EVP_CipherUpdate(ctx, out, &outl, in, (int)len) == 1;
	ok = ok && o->EVP_CipherFinal_ex(ctx, out + outl, &fl) == 1;
	ok = ok && (size_t)outl + (size_t)fl == len;
	if (ctx != NULL)
		o->EVP_CIPHER_CTX_free(ctx);
	return ok ? 0 : -1;
}

/* Ours, through the generic layer, in random pieces (block multiples but the last for CTR). */
static int ember_run(const ember_block_desc *d, const ember_cipher_spec *s, const uint8_t *key,
		     const uint8_t *iv, int decrypt, uint8_t *out, const uint8_t *in, size_t len)
{
	ember_cipher_ctx c;
	size_t off = 0, bl = d->block_len;
	int err = ember_cipher_init(&c, d, s->mode, key, s->key_len, s->param, iv, decrypt);

	while (err == 0 && off < len) {
		size_t n = len - off;
		if (n > bl && t_rand_below(2))
			n = (1 + t_rand_below(n / bl)) * bl;
		err = ember_cipher_update(&c, out + off, in + off, n);
		off += n;
	}
	ember_cipher_clear(&c);
	return err;
}

EMBER_TEST(ossl_cipher)
{
	static uint8_t pt[4096], a[4096], b[4096];
	char err[512];
	const ossl_api *o = ossl_load(err, sizeof(err));
	unsigned rounds = t_phase == 1 ? 40 : 8;
	size_t si, i;

	if (o == NULL) {
		t_skip("differential ciphers: %s", err);
		return;
	}
	for (si = 0; si < ember_cipher_spec_count(); si++) {
		const ember_cipher_spec *s = ember_cipher_spec_at(si);
		char name[64];
		void *cipher = NULL;
		int have = 0;

		for (i = 0; i < ember_block_count(); i++)
			if (strcmp(ember_block_at(i)->name, s->alg) == 0 &&
			    ember_block_supported(ember_block_at(i)))
				have = 1;
		if (!have)
			continue; /* not in this build, or not on this CPU */
		ossl_cipher_name(name, sizeof(name), s->name);
		cipher = ossl_cipher(o, name);
		if (cipher == NULL) {
			if (t_phase == 1)
				t_skip("%s: %s has no %s", s->name, o->version, name);
			continue;
		}
		for (i = 0; i < ember_block_count(); i++) {
			const ember_block_desc *d = ember_block_at(i);
			unsigned long fails = 0, r;
			int stream = s->mode == EMBER_MODE_CTR || s->mode == EMBER_MODE_STREAM;

			if (strcmp(d->name, s->alg) != 0 || !ember_block_supported(d))
				continue;
			for (r = 0; r < rounds; r++) {
				uint8_t key[EMBER_MAX_KEY_LEN], iv[EMBER_MAX_BLOCK_LEN];
				size_t len = stream ? t_rand_below(2049)
						    : d->block_len * t_rand_below(2048 / d->block_len + 1);
				const uint8_t *ivp =
				    s->mode == EMBER_MODE_CBC || s->mode == EMBER_MODE_CTR ? iv : NULL;
				int e1, e2;

				t_rand_bytes(key, sizeof(key));
				t_rand_bytes(iv, sizeof(iv));
				t_rand_bytes(pt, len);
				if (s->mode == EMBER_MODE_CTR && (r & 3) == 1)
					memset(iv + d->block_len / 2, 0xff,
					       d->block_len / 2 - 1); /* carry across halves */
				if (s->mode == EMBER_MODE_CTR && (r & 7) == 3)
					memset(iv, 0xff, d->block_len - 1); /* wrap of the whole counter */
				/* encrypt: ours == OpenSSL's */
				e1 = ember_run(d, s, key, ivp, 0, a, pt, len);
				e2 = ossl_run(o, cipher, s, key, ivp, 1, b, pt, len);
				if (e2 != 0) {
					CHECK(0, "%s: libcrypto refused the operation (key length %zu)",
					      s->name, s->key_len);
					break;
				}
				if (e1 != 0 || memcmp(a, b, len) != 0) {
					if (fails++ < 3)
						CHECK(0,
						      "%s/%s: encryption differs from OpenSSL (len %zu, key "
						      "%s)",
						      s->name, d->impl, len, t_tohex(key, s->key_len));
					continue;
				}
				/* decrypt OpenSSL's ciphertext: ours == plaintext, OpenSSL agrees */
				e1 = ember_run(d, s, key, ivp, !stream, a, b, len);
				e2 = ossl_run(o, cipher, s, key, ivp, 0, b, b, len);
				if (e1 != 0 || e2 != 0 || memcmp(a, pt, len) != 0 ||
				    memcmp(b, pt, len) != 0) {
					if (fails++ < 3)
						CHECK(0, "%s/%s: decryption differs from OpenSSL (len %zu)",
						      s->name, d->impl, len);
				}
			}
			CHECK(fails == 0, "%s/%s: %lu of %u random cases differ from OpenSSL", s->name,
			      d->impl, fails, rounds);
		}
		if (o->EVP_CIPHER_free)
			o->EVP_CIPHER_free(cipher);
	}
}
