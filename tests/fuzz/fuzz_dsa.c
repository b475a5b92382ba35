/*
 * fuzz_dsa.c - DSA verification (FIPS 186-4, 4.7) and the DER signature
 * reader ember_dsa_sig_from_der, Ember against the system's OpenSSL, on
 * signatures and digests the fuzzer chooses.
 *
 * Input (short inputs are padded with zeros):
 *   [0] key: DSA 1024/160, 2048/256 (RFC 6979's) or 512/160 (tools/testkeys.h)
 *   [1] mode: bit 0: the signature is the input's DER (0) or Ember's valid
 *       signature of the digest, as DER, then edited by the input (1);
 *       bit 1: in mode 0, the input is r || s (2 * qlen bytes) to encode
 *       instead of DER
 *   [2] digest length, 1..64 (taken modulo 64, plus 1)
 *   [3] edits in mode 1 (0..4), then 3 bytes each: position (2), xor mask
 *   [16..] the digest, then the signature bytes (the rest)
 * Both verifiers get the same DER. OpenSSL's DSA_verify refuses any
 * encoding that is not exactly the DER it would write; Ember reads the DER
 * strictly and verifies r || s. A disagreement aborts, and so does a DER
 * signature Ember reads whose r || s does not encode back to the same bytes.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ember/dsa.h"
#include "ember/keys.h"
#include "ossl.h"
#include "testkeys.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define NKEYS 3
#define MAX_DER (2 * EMBER_DSA_MAX_QLEN + 16)

static const char *const pems[NKEYS] = { testkey_dsa1024, testkey_dsa2048, testkey_dsa512 };
static ember_pkey keys[NKEYS];
static void *okeys[NKEYS];
static const ossl_api *o;

static void setup(void)
{
	unsigned i;

	o = ossl_load(NULL, 0);
	if (o == NULL || o->BIO_new_mem_buf == NULL || o->PEM_read_bio_PrivateKey == NULL)
		abort();
	for (i = 0; i < NKEYS; i++) {
		void *bio;
		if (ember_pkey_read(&keys[i], (const uint8_t *)pems[i], strlen(pems[i])) != 0 ||
		    keys[i].type != EMBER_PKEY_DSA)
			abort();
		bio = o->BIO_new_mem_buf(pems[i], (int)strlen(pems[i]));
		okeys[i] = o->PEM_read_bio_PrivateKey(bio, NULL, NULL, NULL);
		o->BIO_free(bio);
		if (okeys[i] == NULL)
			abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t in[16 + 64 + MAX_DER + 64], der[MAX_DER + 64], sig[EMBER_DSA_MAX_SIG_LEN], back[MAX_DER];
	const ember_hash_desc *sha256;
	const ember_dsa_key *k;
	size_t der_len = 0, dlen, qlen, back_len, rest, i;
	const uint8_t *digest, *body;
	int ours, theirs, read;
	void *ctx;

	if (o == NULL)
		setup();
	memset(in, 0, sizeof(in));
	memcpy(in, data, size < sizeof(in) ? size : sizeof(in));
	k = &keys[in[0] % NKEYS].u.dsa;
	qlen = EMBER_DSA_QLEN(k);
	dlen = (size_t)in[2] % 64 + 1;
	digest = in + 16;
	body = in + 16 + dlen;
	rest = size > 16 + dlen ? size - 16 - dlen : 0;
	if (rest > MAX_DER + 64)
		rest = MAX_DER + 64;
	if (in[1] & 1) {
		/* Ember's signature, then the edits */
		sha256 = ember_hash_find("sha256", NULL);
		if (sha256 == NULL || ember_dsa_sign(k, sha256, digest, dlen, sig, 2 * qlen) != 0 ||
		    ember_dsa_sig_to_der(sig, 2 * qlen, der, sizeof(der), &der_len) != 0)
			abort();
		for (i = 0; i < (size_t)in[3] % 5; i++) {
			const uint8_t *e = in + 4 + 3 * i;
			der[(e[0] | (size_t)e[1] << 8) % der_len] ^= e[2];
		}
	} else if (in[1] & 2) {
		/* r || s from the input, encoded by Ember */
		if (rest < 2 * qlen || ember_dsa_sig_to_der(body, 2 * qlen, der, sizeof(der), &der_len) != 0)
			return 0;
	} else {
		der_len = rest;
		memcpy(der, body, der_len);
	}

	read = ember_dsa_sig_from_der(der, der_len, sig, 2 * qlen) == 0;
	if (read) {
		/* strict DER: what was read encodes back to the same bytes */
		if (ember_dsa_sig_to_der(sig, 2 * qlen, back, sizeof(back), &back_len) != 0 || back_len != der_len ||
		    memcmp(back, der, der_len) != 0)
			abort();
	}
	ours = read && ember_dsa_verify(k, digest, dlen, sig, 2 * qlen) == 0;

	ctx = o->EVP_PKEY_CTX_new(okeys[in[0] % NKEYS], NULL);
	theirs = ctx && o->EVP_PKEY_verify_init(ctx) == 1 && o->EVP_PKEY_verify(ctx, der, der_len, digest, dlen) == 1;
	o->EVP_PKEY_CTX_free(ctx);
	if (ours != theirs)
		abort();
	/* Ember's own signature, unedited, must verify on both sides */
	if ((in[1] & 1) && in[3] % 5 == 0 && !ours)
		abort();
	return 0;
}
