/*
 * fuzz_diff_rsa_verify.c - RSA PKCS#1 v1.5 verification, Ember against the
 * system's OpenSSL, on signatures whose encoded message the fuzzer chooses:
 * the first 128 bytes are the encoded message EM (its first byte forced to
 * 0 so that EM < n), the next 36 the "digest" verified (as openssl speed
 * signs 36 bytes without a DigestInfo). The signature is EM^d mod n, made
 * with Ember's raw private operation, so every malformed padding reaches
 * both verifiers. Any disagreement aborts.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ember/keys.h"
#include "ember/rsa.h"
#include "ossl.h"
#include "testkeys.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static ember_pkey key;
static ember_rsa_public_key pub;
static const ossl_api *o;
static void *opkey;

static void setup(void)
{
	void *bio;

	if (ember_pkey_read(&key, (const uint8_t *)testkey_rsa1024, strlen(testkey_rsa1024)) != 0)
		abort();
	ember_rsa_public_from_private(&pub, &key.u.rsa);
	o = ossl_load(NULL, 0);
	if (o == NULL || o->BIO_new_mem_buf == NULL || o->PEM_read_bio_PrivateKey == NULL)
		abort();
	bio = o->BIO_new_mem_buf(testkey_rsa1024, (int)strlen(testkey_rsa1024));
	opkey = o->PEM_read_bio_PrivateKey(bio, NULL, NULL, NULL);
	o->BIO_free(bio);
	if (opkey == NULL)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t em[128], sig[128], tbs[36];
	int ours, theirs;
	void *ctx;

	if (o == NULL)
		setup();
	if (size < sizeof(em) + sizeof(tbs))
		return 0;
	memcpy(em, data, sizeof(em));
	em[0] = 0;
	memcpy(tbs, data + sizeof(em), sizeof(tbs));
	if (ember_rsa_private_op(&key.u.rsa, sig, em, sizeof(em)) != 0)
		return 0;
	ours = ember_rsa_pkcs1_verify(&pub, NULL, tbs, sizeof(tbs), sig, sizeof(sig)) == 0;
	ctx = o->EVP_PKEY_CTX_new(opkey, NULL);
	theirs = ctx && o->EVP_PKEY_verify_init(ctx) == 1 &&
	         o->EVP_PKEY_verify(ctx, sig, sizeof(sig), tbs, sizeof(tbs)) == 1;
	o->EVP_PKEY_CTX_free(ctx);
	if (ours != theirs)
		abort();
	return 0;
}
