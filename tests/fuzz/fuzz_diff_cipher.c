/*
 * fuzz_diff_cipher.c - every cipher implementation against the system's
 * OpenSSL on the same key, IV and data, both directions, padding off;
 * aborts on any difference. Specs OpenSSL lacks (or refuses with the chosen
 * key length or parameter) are skipped.
 *
 * Input: byte 0 selects the cipher spec, byte 1 the split point of our
 * side's two update calls, byte 2 flags (bit 0: a key length and parameter
 * other than the spec's, for the variable-key ciphers; bit 1: ours in
 * place), byte 3 and 4 the key length and parameter under bit 0; then the
 * key, the IV (one block, for CBC and CTR) and the data.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ember/cipher.h"
#include "ossl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* EVP_CIPHER_CTX_ctrl codes from <openssl/evp.h>, as tests/t_ossl_cipher.c. */
#define OSSL_CTRL_SET_RC2_KEY_BITS 0x3
#define OSSL_CTRL_SET_RC5_ROUNDS 0x5

#define MAX_DATA 4096
#define MAX_SPECS 128

/* One whole operation with OpenSSL. Returns 0, or -1 when libcrypto refuses. */
static int ossl_run(const ossl_api *o, const void *cipher, const char *alg, size_t key_len, unsigned param,
    const uint8_t *key, const uint8_t *iv, int enc, uint8_t *out, const uint8_t *in, size_t len)
{
	void *ctx = o->EVP_CIPHER_CTX_new();
	int ok, outl = 0, fl = 0;

	ok = ctx != NULL && o->EVP_CipherInit_ex(ctx, cipher, NULL, NULL, NULL, enc) == 1;
	ok = ok && o->EVP_CIPHER_CTX_set_key_length(ctx, (int)key_len) == 1;
	if (ok && strcmp(alg, "rc2") == 0)
		ok = o->EVP_CIPHER_CTX_ctrl(ctx, OSSL_CTRL_SET_RC2_KEY_BITS, (int)param, NULL) == 1;
	if (ok && strcmp(alg, "rc5") == 0)
		ok = o->EVP_CIPHER_CTX_ctrl(ctx, OSSL_CTRL_SET_RC5_ROUNDS, (int)param, NULL) == 1;
	ok = ok && o->EVP_CipherInit_ex(ctx, NULL, NULL, key, iv, enc) == 1;
	ok = ok && o->EVP_CIPHER_CTX_set_padding(ctx, 0) == 1;
	ok = ok && o->EVP_CipherUpdate(ctx, out, &outl, in, (int)len) == 1;
	ok = ok && o->EVP_CipherFinal_ex(ctx, out + outl, &fl) == 1;
	ok = ok && (size_t)outl + (size_t)fl == len;
	if (ctx != NULL)
		o->EVP_CIPHER_CTX_free(ctx);
	return ok ? 0 : -1;
}

/* Ours in two update calls split at |cut|; in place when |inplace|. Aborts when keying fails. */
static void ember_run(const ember_block_desc *d, int mode, const uint8_t *key, size_t key_len, unsigned param,
    const uint8_t *iv, int decrypt, uint8_t *out, const uint8_t *in, size_t len, size_t cut, int inplace)
{
	ember_cipher_ctx c;

	if (ember_cipher_init(&c, d, mode, key, key_len, param, iv, decrypt) != 0)
		abort(); /* the key length and parameter are in the descriptor's range */
	if (inplace) {
		memmove(out, in, len);
		in = out;
	}
	if (ember_cipher_update(&c, out, in, cut) != 0 || ember_cipher_update(&c, out + cut, in + cut, len - cut) != 0)
		abort();
	ember_cipher_clear(&c);
}

/* The EVP_CIPHER for spec |i|, fetched once; NULL when OpenSSL lacks it. */
static void *cipher_for(const ossl_api *o, size_t i)
{
	static void *cache[MAX_SPECS];
	static unsigned char tried[MAX_SPECS];
	const ember_cipher_spec *s = ember_cipher_spec_at(i);
	char name[64];
	size_t k;

	if (i >= MAX_SPECS)
		return NULL;
	if (!tried[i]) {
		/* OpenSSL's name is ours upper-cased ("des-ede3-cbc" -> "DES-EDE3-CBC") */
		for (k = 0; s->name[k] && k + 1 < sizeof(name); k++)
			name[k] = (char)toupper((unsigned char)s->name[k]);
		name[k] = 0;
		cache[i] = ossl_cipher(o, name);
		tried[i] = 1;
	}
	return cache[i];
}

/* The ciphers whose key length (and RC2 bits / RC5 rounds) OpenSSL lets the caller choose. */
static int variable_key(const char *alg)
{
	return strcmp(alg, "bf") == 0 || strcmp(alg, "cast5") == 0 || strcmp(alg, "rc2") == 0 ||
	       strcmp(alg, "rc4") == 0 || strcmp(alg, "rc5") == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const ossl_api *o;
	static uint8_t a[MAX_DATA], b[MAX_DATA], back[MAX_DATA];
	static const unsigned rc5_rounds[] = { 8, 12, 16 };
	const ember_cipher_spec *s;
	const uint8_t *key, *iv, *msg;
	size_t key_len, bl = 0, len, cut, i, min_key = 0, max_key = 0;
	unsigned param, split;
	void *cipher;
	int stream, inplace, ran = 0;

	if (o == NULL) {
		o = ossl_load(NULL, 0);
		if (o == NULL)
			abort();
	}
	if (size < 5 || ember_cipher_spec_count() == 0)
		return 0;
	i = data[0] % ember_cipher_spec_count();
	s = ember_cipher_spec_at(i);
	for (cut = 0; cut < ember_block_count(); cut++) {
		const ember_block_desc *d = ember_block_at(cut);
		if (strcmp(d->name, s->alg) == 0 && ember_block_supported(d)) {
			bl = d->block_len;
			min_key = d->min_key_len;
			max_key = d->max_key_len;
		}
	}
	if (bl == 0)
		return 0; /* not in this build, or not on this CPU */
	cipher = cipher_for(o, i);
	if (cipher == NULL)
		return 0;

	key_len = s->key_len;
	param = s->param;
	if ((data[2] & 1) && variable_key(s->alg)) {
		key_len = min_key + data[3] % (max_key - min_key + 1);
		if (strcmp(s->alg, "rc2") == 0)
			param = 1 + (unsigned)data[4] * 4; /* effective bits 1..1021 */
		else if (strcmp(s->alg, "rc5") == 0)
			param = rc5_rounds[data[4] % 3]; /* the only rounds OpenSSL accepts */
	}
	inplace = (data[2] & 2) != 0;
	split = data[1];
	stream = s->mode == EMBER_MODE_CTR || s->mode == EMBER_MODE_STREAM;
	data += 5;
	size -= 5;
	if (size < key_len + bl)
		return 0;
	key = data;
	iv = s->mode == EMBER_MODE_CBC || s->mode == EMBER_MODE_CTR ? data + key_len : NULL;
	msg = data + key_len + bl;
	len = size - key_len - bl;
	if (len > MAX_DATA)
		len = MAX_DATA;
	if (!stream)
		len -= len % bl;
	/* our first call ends on a block boundary (CTR drops a partial block's keystream) */
	cut = bl > 1 ? (split % (len / bl + 1)) * bl : split % (len + 1);

	for (i = 0; i < ember_block_count(); i++) {
		const ember_block_desc *d = ember_block_at(i);

		if (strcmp(d->name, s->alg) != 0 || !ember_block_supported(d))
			continue;
		if (!ran) {
			/* OpenSSL's answers, once per input */
			if (ossl_run(o, cipher, s->alg, key_len, param, key, iv, 1, b, msg, len) != 0)
				return 0; /* refused: a key length or parameter this OpenSSL does not take */
			if (ossl_run(o, cipher, s->alg, key_len, param, key, iv, 0, back, msg, len) != 0)
				abort(); /* encrypted, yet refuses to decrypt */
			ran = 1;
		}
		/* encryption: the same ciphertext */
		ember_run(d, s->mode, key, key_len, param, iv, 0, a, msg, len, cut, inplace);
		if (memcmp(a, b, len) != 0)
			abort();
		/* decryption of the data taken as ciphertext: the same plaintext */
		ember_run(d, s->mode, key, key_len, param, iv, !stream, a, msg, len, cut, inplace);
		if (memcmp(a, back, len) != 0)
			abort();
		/* and ours decrypts OpenSSL's ciphertext back to the data */
		ember_run(d, s->mode, key, key_len, param, iv, !stream, a, b, len, cut, inplace);
		if (memcmp(a, msg, len) != 0)
			abort();
	}
	return 0;
}
