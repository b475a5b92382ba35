/*
 * t_sec_rsa.c - regressions for the RSA defects of the security review
 * (issue 19):
 *   3: lengths from the caller (PSS salt_len, PKCS#1 v1.5 digest_len without
 *      a DigestInfo) near SIZE_MAX must be refused before anything is read
 *      or written, on both the signing and the verifying side;
 *   9: key generation with a composite e (15, 21, 0xffffffff) gives primes
 *      with gcd(e, p-1) = gcd(e, q-1) = 1 and a key that signs and verifies.
 * Run under AddressSanitizer too (make sanitize ... -k sec_rsa): an
 * over-read that stays inside a stack buffer is what the plain run misses.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ember/keys.h"
#include "ember/rsa.h"
#include "test.h"
#include "testkeys.h"

static ember_pkey *load_key(const char *pem)
{
	ember_pkey *k = calloc(1, sizeof(*k));

	if (k != NULL && ember_pkey_read(k, (const uint8_t *)pem, strlen(pem)) != 0) {
		free(k);
		k = NULL;
	}
	return k;
}

/* Lengths that overflowed a sum before the fix, and the first ones just too long. */
static void huge_lengths(const char *pem, const char *hash)
{
	ember_pkey *key = load_key(pem);
	const ember_hash_desc *hd = ember_hash_find(hash, NULL);
	ember_rsa_public_key pub;
	uint8_t md[EMBER_MAX_DIGEST_LEN], sig[EMBER_RSA_MAX_LEN], sig2[EMBER_RSA_MAX_LEN];
	/* a digest buffer larger than any modulus: a read of up to its size is legitimate */
	uint8_t raw[2 * EMBER_RSA_MAX_LEN];
	size_t em_len, max_salt, hlen, i;
	const size_t huge[] = { SIZE_MAX - 10, SIZE_MAX - 1, SIZE_MAX - 64, SIZE_MAX - 66, SIZE_MAX / 2,
		SIZE_MAX / 2 + 1, (size_t)1 << 31 };

	if (!CHECK(key != NULL && hd != NULL, "test key or %s missing", hash)) {
		free(key);
		return;
	}
	ember_rsa_public_from_private(&pub, &key->u.rsa);
	hlen = hd->digest_len;
	em_len = (pub.bits - 1 + 7) / 8;
	max_salt = em_len - hlen - 2;
	t_rand_bytes(md, sizeof(md));
	t_rand_bytes(raw, sizeof(raw));

	/* PSS: the largest salt works, one more is refused on both sides */
	CHECK(ember_rsa_pss_sign(&key->u.rsa, hd, NULL, NULL, max_salt, md, hlen, sig, pub.len) == 0,
	    "%u-bit %s: PSS sign with the largest salt (%zu)", pub.bits, hash, max_salt);
	CHECK(ember_rsa_pss_verify(&pub, hd, NULL, max_salt, md, hlen, sig, pub.len) == 0,
	    "%u-bit %s: PSS verify with the largest salt", pub.bits, hash);
	CHECK(ember_rsa_pss_verify(&pub, hd, NULL, EMBER_RSA_PSS_SALT_AUTO, md, hlen, sig, pub.len) == 0,
	    "%u-bit %s: PSS verify, automatic salt length", pub.bits, hash);
	CHECK(ember_rsa_pss_sign(&key->u.rsa, hd, NULL, NULL, max_salt + 1, md, hlen, sig2, pub.len) ==
	          EMBER_ELEN,
	    "%u-bit %s: PSS sign accepts salt %zu", pub.bits, hash, max_salt + 1);
	CHECK(ember_rsa_pss_verify(&pub, hd, NULL, max_salt + 1, md, hlen, sig, pub.len) == EMBER_EVERIFY,
	    "%u-bit %s: PSS verify accepts salt %zu", pub.bits, hash, max_salt + 1);
	for (i = 0; i < sizeof(huge) / sizeof(huge[0]); i++) {
		int r = ember_rsa_pss_verify(&pub, hd, NULL, huge[i], md, hlen, sig, pub.len);
		CHECK(r == EMBER_EVERIFY, "%u-bit %s: PSS verify with salt_len %zu gave %d", pub.bits, hash,
		    huge[i], r);
		r = ember_rsa_pss_sign(&key->u.rsa, hd, NULL, NULL, huge[i], md, hlen, sig2, pub.len);
		CHECK(r == EMBER_ELEN, "%u-bit %s: PSS sign with salt_len %zu gave %d", pub.bits, hash, huge[i], r);
		/* a salt buffer given: still refused before it is read */
		r = ember_rsa_pss_sign(&key->u.rsa, hd, NULL, raw, huge[i], md, hlen, sig2, pub.len);
		CHECK(r == EMBER_ELEN, "%u-bit %s: PSS sign with a salt of %zu gave %d", pub.bits, hash, huge[i], r);
	}

	/* PKCS#1 v1.5 without a DigestInfo: at most k - 11 bytes */
	CHECK(ember_rsa_pkcs1_sign(&key->u.rsa, NULL, raw, pub.len - 11, sig, pub.len) == 0,
	    "%u-bit: PKCS#1 sign of k - 11 raw bytes", pub.bits);
	CHECK(ember_rsa_pkcs1_verify(&pub, NULL, raw, pub.len - 11, sig, pub.len) == 0,
	    "%u-bit: PKCS#1 verify of k - 11 raw bytes", pub.bits);
	CHECK(ember_rsa_pkcs1_sign(&key->u.rsa, NULL, raw, pub.len - 10, sig2, pub.len) == EMBER_ELEN,
	    "%u-bit: PKCS#1 sign of k - 10 raw bytes accepted", pub.bits);
	CHECK(ember_rsa_pkcs1_verify(&pub, NULL, raw, pub.len - 10, sig, pub.len) == EMBER_EVERIFY,
	    "%u-bit: PKCS#1 verify of k - 10 raw bytes accepted", pub.bits);
	for (i = 0; i < sizeof(huge) / sizeof(huge[0]); i++) {
		int r = ember_rsa_pkcs1_sign(&key->u.rsa, NULL, raw, huge[i], sig2, pub.len);
		CHECK(r == EMBER_ELEN, "%u-bit: PKCS#1 sign of %zu raw bytes gave %d", pub.bits, huge[i], r);
		r = ember_rsa_pkcs1_verify(&pub, NULL, raw, huge[i], sig, pub.len);
		CHECK(r == EMBER_EVERIFY, "%u-bit: PKCS#1 verify of %zu raw bytes gave %d", pub.bits, huge[i], r);
		/* with a DigestInfo the length must be the digest's */
		r = ember_rsa_pkcs1_sign(&key->u.rsa, hd, raw, huge[i], sig2, pub.len);
		CHECK(r == EMBER_EINVAL, "%u-bit %s: PKCS#1 sign of a %zu-byte digest gave %d", pub.bits, hash,
		    huge[i], r);
		r = ember_rsa_pkcs1_verify(&pub, hd, raw, huge[i], sig, pub.len);
		CHECK(r == EMBER_EINVAL, "%u-bit %s: PKCS#1 verify of a %zu-byte digest gave %d", pub.bits, hash,
		    huge[i], r);
	}
	ember_pkey_clear(key);
	free(key);
}

EMBER_TEST(sec_rsa_huge_lengths)
{
	huge_lengths(testkey_rsa1024, "sha256");
	huge_lengths(testkey_rsa1024, "sha512");
	huge_lengths(testkey_rsa512, "sha1");
	huge_lengths(testkey_rsa512, "sha384");
	huge_lengths(testkey_rsa2048, "sha256");
}

/*
 * PKCS#1 v1.5 without a DigestInfo and with nothing to sign: refused on both
 * sides (EMBER_EINVAL), as OpenSSL refuses it; fuzz_rsa_pkcs1 found Ember
 * verifying such a signature where OpenSSL does not.
 */
EMBER_TEST(sec_rsa_pkcs1_empty_payload)
{
	ember_pkey *key = load_key(testkey_rsa1024);
	ember_rsa_public_key pub;
	uint8_t sig[EMBER_RSA_MAX_LEN], em[EMBER_RSA_MAX_LEN], one = 0x5a;
	size_t k;
	int r;

	if (!CHECK(key != NULL, "key"))
		return;
	ember_rsa_public_from_private(&pub, &key->u.rsa);
	k = pub.len;
	r = ember_rsa_pkcs1_sign(&key->u.rsa, NULL, &one, 0, sig, k);
	CHECK(r == EMBER_EINVAL, "sign of 0 bytes without a DigestInfo gave %d, want EMBER_EINVAL", r);
	/* 00 01 FF..FF 00 and nothing after it, signed with the raw private operation */
	em[0] = 0x00;
	em[1] = 0x01;
	memset(em + 2, 0xff, k - 3);
	em[k - 1] = 0x00;
	if (CHECK(ember_rsa_private_op(&key->u.rsa, sig, em, k) == 0, "raw private op")) {
		r = ember_rsa_pkcs1_verify(&pub, NULL, &one, 0, sig, k);
		CHECK(r == EMBER_EINVAL, "verify of an empty payload gave %d, want EMBER_EINVAL", r);
	}
	/* one byte still works */
	r = ember_rsa_pkcs1_sign(&key->u.rsa, NULL, &one, 1, sig, k);
	CHECK(r == 0 && ember_rsa_pkcs1_verify(&pub, NULL, &one, 1, sig, k) == 0, "1-byte payload: %d", r);
	ember_pkey_clear(key);
	free(key);
}

/* A 512-bit key cannot hold a SHA-512 PSS encoding (emLen 64 < hLen + 2). */
EMBER_TEST(sec_rsa_pss_short_modulus)
{
	ember_pkey *key = load_key(testkey_rsa512);
	const ember_hash_desc *hd = ember_hash_find("sha512", NULL);
	ember_rsa_public_key pub;
	uint8_t md[64] = { 0 }, sig[64] = { 0 };

	if (!CHECK(key != NULL && hd != NULL, "test key or sha512 missing")) {
		free(key);
		return;
	}
	ember_rsa_public_from_private(&pub, &key->u.rsa);
	CHECK(ember_rsa_pss_sign(&key->u.rsa, hd, NULL, NULL, 0, md, 64, sig, pub.len) == EMBER_ELEN,
	    "sha512 PSS signature with a 512-bit key");
	CHECK(ember_rsa_pss_verify(&pub, hd, NULL, 0, md, 64, sig, pub.len) == EMBER_EVERIFY,
	    "sha512 PSS verification with a 512-bit key");
	CHECK(ember_rsa_pss_verify(&pub, hd, NULL, EMBER_RSA_PSS_SALT_AUTO, md, 64, sig, pub.len) == EMBER_EVERIFY,
	    "sha512 PSS verification (auto salt) with a 512-bit key");
	ember_pkey_clear(key);
	free(key);
}

/* gcd(a mod e, e) for a big-endian |a| of |len| bytes, minus |sub| first (sub <= a). */
static uint32_t gcd_mod(const uint8_t *a, size_t len, uint32_t sub, uint32_t e)
{
	uint64_t r = 0, x, y;
	size_t i;

	for (i = 0; i < len; i++)
		r = ((r << 8) | a[i]) % e;
	x = (r + e - sub % e) % e;
	y = e;
	while (x != 0) {
		uint64_t t = y % x;
		y = x;
		x = t;
	}
	return (uint32_t)y;
}

static uint32_t gcd_m1(const ember_bn_mont *m, uint32_t e)
{
	uint8_t b[EMBER_RSA_MAX_LEN];
	size_t len = m->n * sizeof(ember_bn_word);

	if (ember_bn_to_bytes(b, len, m->m, m->n) != 0)
		return 0;
	return gcd_mod(b, len, 1, e);
}

/* Composite exponents: every try must give a key, and the key must work. */
EMBER_TEST(sec_rsa_generate_composite_e)
{
	static const uint32_t es[] = { 15, 21, 0xffffffffu, 3, 65537, 3234846615u /* 3*5*...*29 */ };
	ember_rsa_private_key *k = malloc(sizeof(*k));
	const ember_hash_desc *hd = ember_hash_find("sha256", NULL);
	size_t i;
	int t;

	for (i = 0; i < sizeof(es) / sizeof(es[0]); i++) {
		for (t = 0; t < 4; t++) {
			unsigned bits = t == 3 ? 1024 : 512;
			ember_rsa_public_key pub;
			uint8_t md[32], sig[EMBER_RSA_MAX_LEN];
			int r = ember_rsa_generate(k, bits, es[i]);

			if (!CHECK(r == 0, "generate %u bits, e = %lu: %d", bits, (unsigned long)es[i], r))
				continue;
			ember_rsa_public_from_private(&pub, k);
			CHECK(pub.bits == bits && pub.e_words == 1 && pub.e[0] == es[i], "e = %lu: key is %u bits",
			    (unsigned long)es[i], pub.bits);
			CHECK(k->has_crt && gcd_m1(&k->mp, es[i]) == 1 && gcd_m1(&k->mq, es[i]) == 1,
			    "e = %lu: gcd(e, p-1) = %lu, gcd(e, q-1) = %lu", (unsigned long)es[i],
			    (unsigned long)gcd_m1(&k->mp, es[i]), (unsigned long)gcd_m1(&k->mq, es[i]));
			t_rand_bytes(md, sizeof(md));
			CHECK(ember_rsa_pkcs1_sign(k, hd, md, 32, sig, pub.len) == 0 &&
			          ember_rsa_pkcs1_verify(&pub, hd, md, 32, sig, pub.len) == 0,
			    "e = %lu: PKCS#1 sign/verify", (unsigned long)es[i]);
			CHECK(ember_rsa_pss_sign(k, hd, NULL, NULL, 20, md, 32, sig, pub.len) == 0 &&
			          ember_rsa_pss_verify(&pub, hd, NULL, 20, md, 32, sig, pub.len) == 0,
			    "e = %lu: PSS sign/verify", (unsigned long)es[i]);
			md[0] ^= 1;
			CHECK(ember_rsa_pss_verify(&pub, hd, NULL, 20, md, 32, sig, pub.len) == EMBER_EVERIFY,
			    "e = %lu: PSS verify of another digest", (unsigned long)es[i]);
			ember_rsa_private_clear(k);
		}
	}
	/* even, 1 and 0 are refused cleanly */
	CHECK(ember_rsa_generate(k, 512, 16) == EMBER_EINVAL, "e = 16 accepted");
	CHECK(ember_rsa_generate(k, 512, 1) == EMBER_EINVAL, "e = 1 accepted");
	CHECK(ember_rsa_generate(k, 512, 0) == EMBER_EINVAL, "e = 0 accepted");
	free(k);
}

/* The prime generator itself: gcd(p - 1, e) = 1 for e with nine distinct prime factors. */
EMBER_TEST(sec_rsa_prime_gcd)
{
	static const uint32_t es[] = { 15, 21, 0xffffffffu, 3234846615u, 9, 3 * 3 * 3 * 3 * 3 * 7 };
	size_t i;
	int t;

	for (i = 0; i < sizeof(es) / sizeof(es[0]); i++) {
		for (t = 0; t < 8; t++) {
			ember_bn_word p[EMBER_BN_WORDS(256)];
			uint8_t b[sizeof(p)];
			int r = ember_prime_generate(p, EMBER_BN_WORDS(256), 256, es[i]);

			if (!CHECK(r == 0, "prime, e = %lu: %d", (unsigned long)es[i], r))
				continue;
			ember_bn_to_bytes(b, sizeof(b), p, EMBER_BN_WORDS(256));
			CHECK(gcd_mod(b, sizeof(b), 1, es[i]) == 1 && ember_bn_bits(p, EMBER_BN_WORDS(256)) == 256,
			    "prime for e = %lu: gcd(p - 1, e) = %lu", (unsigned long)es[i],
			    (unsigned long)gcd_mod(b, sizeof(b), 1, es[i]));
		}
	}
}
