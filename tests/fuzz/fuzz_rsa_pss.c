/*
 * fuzz_rsa_pss.c - RSASSA-PSS signing and verification (RFC 8017, 8.1 and
 * 9.1) with the fuzzer's salt length (a full size_t), digest, MGF1 digest
 * and encoded message, checked against the system's OpenSSL wherever
 * OpenSSL takes the parameters, and run under ASan/UBSan everywhere else
 * (a salt length above INT_MAX, a digest OpenSSL does not offer).
 *
 * Input (short inputs are padded with zeros):
 *   [0] key: 1024 bits, 512 bits, or a 1025-bit key made at start-up
 *       (emLen = k - 1: the leading-zero-byte path; made per run, so a crash
 *       on it reproduces with the same input up to whether EM < n)
 *   [1] digest, [2] MGF1 digest (indexes into names[])
 *   [3] mode: bit 0: EM is input bytes (0) or a valid encoding by Ember's
 *       signer, then edited by the input (1); bits 2-3: the salt length
 *       verified: the 64-bit field, automatic, the signer's, or the field
 *       modulo emLen + 2 (around the bound)
 *   [4..11] salt_len, little-endian 64 bits (truncated to size_t)
 *   [12] the signer's salt length in mode 1 (modulo the largest allowed)
 *   [13] edits in mode 1 (0..4), then 3 bytes each: position (2), xor mask
 *   [32..] the digest (hLen bytes), then EM (raw mode) or the salt
 * The signature is EM^d with Ember's raw private operation, so every
 * malformed encoding reaches both verifiers. A disagreement aborts; so does
 * a salt length beyond emLen - hLen - 2 that is not refused.
 */
#include <dlfcn.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ember/keys.h"
#include "ember/rsa.h"
#include "ossl.h"
#include "testkeys.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define NKEYS 3
#define PSS_PADDING 6     /* RSA_PKCS1_PSS_PADDING */
#define PSS_SALT_AUTO (-2) /* RSA_PSS_SALTLEN_AUTO */

static const char *const names[] = { "sha256", "sha1", "sha224", "sha384", "sha512", "sha512-224",
	"sha512-256", "md5", "ripemd160", "md4", "md2", "mdc2" };
#define NNAMES (sizeof(names) / sizeof(names[0]))

static ember_pkey keys[NKEYS];
static ember_rsa_public_key pubs[NKEYS];
static void *opkeys[NKEYS];
static const ossl_api *o;
static void *omd[NNAMES];
static int (*set_padding)(void *, int);
static int (*set_md)(void *, const void *);
static int (*set_mgf1)(void *, const void *);
static int (*set_saltlen)(void *, int);

static void *ossl_key(const char *pem, size_t len)
{
	void *bio = o->BIO_new_mem_buf(pem, (int)len), *k;

	if (bio == NULL)
		abort();
	k = o->PEM_read_bio_PrivateKey(bio, NULL, NULL, NULL);
	o->BIO_free(bio);
	if (k == NULL)
		abort();
	return k;
}

static void setup(void)
{
	static uint8_t pem[EMBER_PKEY_MAX_PEM];
	const char *fixed[2] = { testkey_rsa1024, testkey_rsa512 };
	size_t i, len;

	o = ossl_load(NULL, 0);
	if (o == NULL || o->BIO_new_mem_buf == NULL || o->PEM_read_bio_PrivateKey == NULL)
		abort();
	for (i = 0; i < 2; i++) {
		if (ember_pkey_read(&keys[i], (const uint8_t *)fixed[i], strlen(fixed[i])) != 0)
			abort();
		opkeys[i] = ossl_key(fixed[i], strlen(fixed[i]));
	}
	if (ember_rsa_generate(&keys[2].u.rsa, 1025, 65537) != 0)
		abort();
	keys[2].type = EMBER_PKEY_RSA;
	keys[2].has_private = 1;
	if (ember_pkey_write(&keys[2], EMBER_PKEY_PKCS8, 1, pem, sizeof(pem), &len) != 0)
		abort();
	opkeys[2] = ossl_key((const char *)pem, len);
	for (i = 0; i < NKEYS; i++)
		ember_rsa_public_from_private(&pubs[i], &keys[i].u.rsa);
	for (i = 0; i < NNAMES; i++)
		omd[i] = ossl_digest(o, names[i]);
	/* functions in OpenSSL 3 (macros over EVP_PKEY_CTX_ctrl in 1.1: no comparison there) */
	*(void **)&set_padding = dlsym(o->handle, "EVP_PKEY_CTX_set_rsa_padding");
	*(void **)&set_md = dlsym(o->handle, "EVP_PKEY_CTX_set_signature_md");
	*(void **)&set_mgf1 = dlsym(o->handle, "EVP_PKEY_CTX_set_rsa_mgf1_md");
	*(void **)&set_saltlen = dlsym(o->handle, "EVP_PKEY_CTX_set_rsa_pss_saltlen");
}

/* OpenSSL's verdict: 1 valid, 0 invalid, -1 when it does not take the parameters. */
static int ossl_verify(size_t key, size_t hi, size_t mi, size_t salt_len, const uint8_t *md, size_t md_len,
    const uint8_t *sig, size_t sig_len)
{
	void *ctx;
	int sl, ret = -1;

	if (set_padding == NULL || set_md == NULL || set_mgf1 == NULL || set_saltlen == NULL ||
	    omd[hi] == NULL || omd[mi] == NULL)
		return -1;
	if (salt_len == EMBER_RSA_PSS_SALT_AUTO)
		sl = PSS_SALT_AUTO;
	else if (salt_len <= INT_MAX)
		sl = (int)salt_len;
	else
		return -1;
	ctx = o->EVP_PKEY_CTX_new(opkeys[key], NULL);
	if (ctx != NULL && o->EVP_PKEY_verify_init(ctx) == 1 && set_padding(ctx, PSS_PADDING) > 0 &&
	    set_md(ctx, omd[hi]) > 0 && set_mgf1(ctx, omd[mi]) > 0 && set_saltlen(ctx, sl) > 0)
		ret = o->EVP_PKEY_verify(ctx, sig, sig_len, md, md_len) == 1;
	o->EVP_PKEY_CTX_free(ctx);
	return ret;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t in[32 + EMBER_MAX_DIGEST_LEN + 2 * EMBER_RSA_MAX_LEN];
	uint8_t em[EMBER_RSA_MAX_LEN], sig[EMBER_RSA_MAX_LEN];
	const ember_hash_desc *hd, *mgf;
	const ember_rsa_public_key *pub;
	const uint8_t *md, *rest;
	size_t key, hi, mi, hlen, em_len, max_salt, field, salt_len, i;
	uint64_t f64 = 0;
	int mode, ours, theirs, r;

	if (o == NULL)
		setup();
	memset(in, 0, sizeof(in));
	memcpy(in, data, size < sizeof(in) ? size : sizeof(in));
	key = in[0] % NKEYS;
	hi = in[1] % NNAMES;
	mi = in[2] % NNAMES;
	mode = in[3];
	for (i = 0; i < 8; i++)
		f64 |= (uint64_t)in[4 + i] << (8 * i);
	field = (size_t)f64;
	pub = &pubs[key];
	hd = ember_hash_find(names[hi], NULL);
	mgf = ember_hash_find(names[mi], NULL);
	if (hd == NULL || mgf == NULL)
		return 0;
	hlen = hd->digest_len;
	md = in + 32;
	rest = md + hlen;
	em_len = (pub->bits - 1 + 7) / 8;
	max_salt = em_len >= hlen + 2 ? em_len - hlen - 2 : 0;

	/* the signer refuses a salt it cannot fit before reading it (rest holds 2 * k bytes) */
	r = ember_rsa_pss_sign(&keys[key].u.rsa, hd, mgf, rest, field, md, hlen, sig, pub->len);
	if (em_len < hlen + 2 || field > max_salt) {
		if (r != EMBER_ELEN)
			abort();
	} else if (r != 0 || ember_rsa_pss_verify(pub, hd, mgf, field, md, hlen, sig, pub->len) != 0 ||
	           ember_rsa_pss_verify(pub, hd, mgf, EMBER_RSA_PSS_SALT_AUTO, md, hlen, sig, pub->len) != 0) {
		abort();
	}

	if ((mode & 1) && em_len >= hlen + 2) {
		/* a valid encoding, then the input's edits */
		size_t real = in[12] % (max_salt + 1), n = in[13] % 5;

		if (ember_rsa_pss_sign(&keys[key].u.rsa, hd, mgf, rest, real, md, hlen, sig, pub->len) != 0 ||
		    ember_rsa_public_op(pub, em, sig, pub->len) != 0)
			abort();
		for (i = 0; i < n; i++)
			em[(in[14 + 3 * i] | (size_t)in[15 + 3 * i] << 8) % pub->len] ^= in[16 + 3 * i];
		salt_len = real;
	} else {
		memcpy(em, rest, pub->len);
		if (pub->len > em_len)
			em[0] &= 1; /* the 1025-bit key: keep EM below n half of the time */
		salt_len = field;
	}
	switch ((mode >> 2) & 3) {
	case 0:
		salt_len = field;
		break;
	case 1:
		salt_len = EMBER_RSA_PSS_SALT_AUTO;
		break;
	case 2:
		break;
	default:
		salt_len = field % (em_len + 2);
		break;
	}
	if (ember_rsa_private_op(&keys[key].u.rsa, sig, em, pub->len) != 0)
		return 0; /* EM >= n */
	r = ember_rsa_pss_verify(pub, hd, mgf, salt_len, md, hlen, sig, pub->len);
	if (r != 0 && r != EMBER_EVERIFY)
		abort();
	ours = r == 0;
	if (ours && salt_len != EMBER_RSA_PSS_SALT_AUTO && (em_len < hlen + 2 || salt_len > max_salt))
		abort();
	theirs = ossl_verify(key, hi, mi, salt_len, md, hlen, sig, pub->len);
	if (theirs >= 0 && ours != theirs)
		abort();
	return 0;
}
