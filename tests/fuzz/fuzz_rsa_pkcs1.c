/*
 * fuzz_rsa_pkcs1.c - RSA PKCS#1 v1.5 signing and verification (RFC 8017,
 * 8.2 and 9.2) with the fuzzer's digest, digest length (a full size_t) and
 * encoded message (so every DigestInfo, padding string and trailing byte),
 * checked against the system's OpenSSL wherever both take the parameters,
 * and run under ASan/UBSan everywhere else (a length that is not the
 * digest's, a digest without a DigestInfo in Ember).
 *
 * Input (short inputs are padded with zeros):
 *   [0] key: 1024 or 512 bits
 *   [1] digest: 0 none (the bytes are signed as they are), else names[]
 *   [2] mode: bit 0: EM is input bytes (0) or Ember's valid encoding, then
 *       edited by the input (1); bit 1: the digest length is the 64-bit
 *       field (1) or, when a digest is named, its own length (0)
 *   [3..10] digest_len, little-endian 64 bits (truncated to size_t)
 *   [11] edits in mode 1 (0..4), then 3 bytes each: position (2), xor mask
 *   [32..] EM (raw mode, k bytes), then the digest bytes
 * The digest buffer is 2 * EMBER_RSA_MAX_LEN bytes: a longer length claimed
 * is above k - 11 and must be refused before a byte is read. A
 * disagreement aborts.
 */
#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ember/keys.h"
#include "ember/rsa.h"
#include "ossl.h"
#include "testkeys.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define NKEYS 2

static const char *const names[] = { NULL, "sha256", "sha1", "sha224", "sha384", "sha512", "sha512-224",
	"sha512-256", "md5", "ripemd160", "md4", "md2", "mdc2" };
#define NNAMES (sizeof(names) / sizeof(names[0]))

static ember_pkey keys[NKEYS];
static ember_rsa_public_key pubs[NKEYS];
static void *opkeys[NKEYS];
static const ossl_api *o;
static void *omd[NNAMES];
static int (*set_md)(void *, const void *);

static void setup(void)
{
	const char *pem[NKEYS] = { testkey_rsa1024, testkey_rsa512 };
	size_t i;

	o = ossl_load(NULL, 0);
	if (o == NULL || o->BIO_new_mem_buf == NULL || o->PEM_read_bio_PrivateKey == NULL)
		abort();
	for (i = 0; i < NKEYS; i++) {
		void *bio;

		if (ember_pkey_read(&keys[i], (const uint8_t *)pem[i], strlen(pem[i])) != 0)
			abort();
		ember_rsa_public_from_private(&pubs[i], &keys[i].u.rsa);
		bio = o->BIO_new_mem_buf(pem[i], (int)strlen(pem[i]));
		opkeys[i] = bio ? o->PEM_read_bio_PrivateKey(bio, NULL, NULL, NULL) : NULL;
		o->BIO_free(bio);
		if (opkeys[i] == NULL)
			abort();
	}
	for (i = 1; i < NNAMES; i++)
		omd[i] = ossl_digest(o, names[i]);
	/* a function in OpenSSL 3 (a macro in 1.1: digests are then not compared) */
	*(void **)&set_md = dlsym(o->handle, "EVP_PKEY_CTX_set_signature_md");
}

/* OpenSSL's verdict: 1 valid, 0 invalid, -1 when it does not take the parameters. */
static int ossl_verify(size_t key, size_t hi, const uint8_t *md, size_t md_len, const uint8_t *sig,
    size_t sig_len)
{
	void *ctx;
	int ret = -1;

	if (hi != 0 && (set_md == NULL || omd[hi] == NULL))
		return -1;
	ctx = o->EVP_PKEY_CTX_new(opkeys[key], NULL);
	/* PKCS#1 v1.5 is the default padding */
	if (ctx != NULL && o->EVP_PKEY_verify_init(ctx) == 1 && (hi == 0 || set_md(ctx, omd[hi]) > 0))
		ret = o->EVP_PKEY_verify(ctx, sig, sig_len, md, md_len) == 1;
	o->EVP_PKEY_CTX_free(ctx);
	return ret;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t in[32 + EMBER_RSA_MAX_LEN + 2 * EMBER_RSA_MAX_LEN];
	uint8_t em[EMBER_RSA_MAX_LEN], sig[EMBER_RSA_MAX_LEN];
	const ember_hash_desc *hd = NULL;
	const ember_rsa_public_key *pub;
	const uint8_t *md;
	size_t key, hi, md_len, field, i, dilen = 0;
	uint64_t f64 = 0;
	int mode, ours, theirs, r, sr;

	if (o == NULL)
		setup();
	memset(in, 0, sizeof(in));
	memcpy(in, data, size < sizeof(in) ? size : sizeof(in));
	key = in[0] % NKEYS;
	hi = in[1] % NNAMES;
	mode = in[2];
	for (i = 0; i < 8; i++)
		f64 |= (uint64_t)in[3 + i] << (8 * i);
	field = (size_t)f64;
	pub = &pubs[key];
	if (hi != 0 && (hd = ember_hash_find(names[hi], NULL)) == NULL)
		return 0;
	md = in + 32 + EMBER_RSA_MAX_LEN; /* 2 * EMBER_RSA_MAX_LEN bytes */
	md_len = (mode & 2) || hd == NULL ? field : hd->digest_len;

	/* the signer: what it cannot encode is refused before the digest is read */
	sr = ember_rsa_pkcs1_sign(&keys[key].u.rsa, hd, md, md_len, sig, pub->len);
	if (hd != NULL && ember_rsa_digest_info(hd->name, &dilen) == NULL) {
		if (sr != EMBER_ENOTFOUND)
			abort();
	} else if ((hd != NULL && md_len != hd->digest_len) || (hd == NULL && md_len == 0)) {
		if (sr != EMBER_EINVAL)
			abort();
	} else if (pub->len < 11 + dilen || md_len > pub->len - 11 - dilen) {
		if (sr != EMBER_ELEN)
			abort();
	} else if (sr != 0 || ember_rsa_pkcs1_verify(pub, hd, md, md_len, sig, pub->len) != 0) {
		abort();
	}

	if ((mode & 1) && sr == 0) {
		size_t n = in[11] % 5;

		if (ember_rsa_public_op(pub, em, sig, pub->len) != 0)
			abort();
		for (i = 0; i < n; i++)
			em[(in[12 + 3 * i] | (size_t)in[13 + 3 * i] << 8) % pub->len] ^= in[14 + 3 * i];
	} else {
		memcpy(em, in + 32, pub->len);
	}
	if (ember_rsa_private_op(&keys[key].u.rsa, sig, em, pub->len) != 0)
		return 0; /* EM >= n */
	r = ember_rsa_pkcs1_verify(pub, hd, md, md_len, sig, pub->len);
	if (sr == EMBER_EINVAL || sr == EMBER_ENOTFOUND) {
		/* the same parameter errors on both sides, whatever the signature */
		if (r != sr)
			abort();
		return 0;
	}
	if (r != 0 && r != EMBER_EVERIFY)
		abort();
	ours = r == 0;
	if (ours && sr != 0)
		abort(); /* a length the signer refuses can never verify */
	if (md_len > pub->len)
		return 0; /* OpenSSL compares the length it recovers: nothing to learn */
	theirs = ossl_verify(key, hi, md, md_len, sig, pub->len);
	if (theirs >= 0 && ours != theirs)
		abort();
	return 0;
}
