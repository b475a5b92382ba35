/*
 * t_pbe.c - PBKDF2 and password-protected key files, in the library:
 *   pbe_pbkdf2_vectors: tests/vectors/pbkdf2.txt (RFC 6070, and SHA-2 ones
 *     from `openssl kdf`) over every supported implementation of the digest;
 *   pbe_pbkdf2_ossl: random passwords, salts, counts and lengths against the
 *     system libcrypto's PKCS5_PBKDF2_HMAC, every HMAC digest; EVP_BytesToKey
 *     likewise against ember_bytes_to_key;
 *   pbe_api: the errors of ember_pbkdf2 and ember_bytes_to_key;
 *   pbe_fixtures: the keys OpenSSL 3.0 encrypted (tests/fixtures/keys, see its
 *     README) read with the passphrase and equal to the plain key; a wrong
 *     passphrase, an unsupported scheme and an iteration count over the cap
 *     each refused with its own error, and said by ember_pkey_encryption
 *     without the passphrase;
 *   pbe_roundtrip: RSA and DSA keys written encrypted in every scheme,
 *     cipher and PRF, read back; the iteration cap; a wrong passphrase;
 *   pbe_malformed: every truncation of encrypted DER and PEM, bit flips,
 *     bad headers: an error, never a key that was not there, never a crash;
 *   pbe_cli_ossl: the commands against the `openssl` command (3.0), both
 *     ways, for RSA and DSA keys: every key file format openssl writes
 *     (PKCS#8 PBES2 with PBKDF2-HMAC-SHA256/SHA1 and AES-128/256-CBC or
 *     DES-EDE3-CBC, PEM and DER; traditional PEM -aes256/-des3; plain
 *     PKCS#8 and traditional) read by `ember pkey -passin` and every one
 *     ember writes (pkey, genpkey, genrsa with -passout/-pass) read by
 *     `openssl pkey`; pkeyutl -sign/-verify (digest: and -rawin) and dgst -sign/-verify
 *     (PKCS#1 v1.5, PSS with -sigopt rsa_padding_mode:pss and
 *     rsa_pss_saltlen:N, DSA) with encrypted keys, each signature verified
 *     by the other tool, PKCS#1 v1.5 ones byte for byte.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#include "ember/kdf.h"
#include "ember/keys.h"
#include "ossl.h"
#include "test.h"

#define PASS "ember-test"

EMBER_TEST(pbe_pbkdf2_vectors)
{
	static uint8_t out[256];
	t_vec v;
	int n = 0, slow = 0;

	if (!CHECK(t_vec_open(&v, t_path(t_vec_dir, "pbkdf2.txt")) == 0, "cannot open pbkdf2.txt"))
		return;
	while (t_vec_next(&v)) {
		const char *name = t_vec_get(&v, "PBKDF2"), *it = t_vec_get(&v, "Iterations");
		uint8_t *pass = NULL, *salt = NULL, *dk = NULL;
		size_t pl, sl, dl, i;
		unsigned long iter;

		if (name == NULL)
			continue;
		if (!CHECK(it != NULL && t_vec_bytes(&v, "Password", &pass, &pl) == 0 &&
		               t_vec_bytes(&v, "Salt", &salt, &sl) == 0 && t_vec_bytes(&v, "DK", &dk, &dl) == 0 &&
		               dl <= sizeof(out),
		        "pbkdf2.txt:%u: malformed", v.line))
			goto next;
		iter = strtoul(it, NULL, 10);
		if (t_vec_get(&v, "Slow") != NULL && !t_full) {
			slow++;
			goto next;
		}
		for (i = 0; i < ember_hash_count(); i++) {
			const ember_hash_desc *d = ember_hash_at(i);
			int r;
			if (strcmp(d->name, name) != 0 || !ember_hash_supported(d))
				continue;
			memset(out, 0xee, sizeof(out));
			r = ember_pbkdf2(d, pass, pl, salt, sl, (uint32_t)iter, out, dl);
			CHECK(r == 0 && memcmp(out, dk, dl) == 0 && out[dl] == 0xee, "pbkdf2.txt:%u: %s/%s gave %d, %s",
			    v.line, d->name, d->impl, r, t_tohex(out, dl));
			n++;
		}
	next:
		free(pass);
		free(salt);
		free(dk);
	}
	t_vec_close(&v);
	if (t_phase == 1)
		t_note("pbe_pbkdf2_vectors: %d vector x implementation runs%s", n,
		    slow ? " (RFC 6070's 16,777,216-iteration case needs -full)" : "");
}

static const char *ossl_name(const char *ours)
{
	if (strcmp(ours, "ripemd160") == 0)
		return "RIPEMD160";
	if (strcmp(ours, "sha512-224") == 0)
		return "SHA512-224";
	if (strcmp(ours, "sha512-256") == 0)
		return "SHA512-256";
	return ours;
}

typedef int (*pbkdf2_fn)(const char *, int, const unsigned char *, int, int, const void *, int, unsigned char *);
typedef int (*btk_fn)(const void *, const void *, const unsigned char *, const unsigned char *, int, int,
    unsigned char *, unsigned char *);
typedef int (*cipher_len_fn)(const void *);

EMBER_TEST(pbe_pbkdf2_ossl)
{
	static uint8_t pass[200], salt[100], a[300], b[300], ka[64], kb[64], ia[16], ib[16];
	char err[512];
	const ossl_api *o = ossl_load(err, sizeof(err));
	pbkdf2_fn pbkdf2;
	btk_fn btk;
	size_t i;
	int digests = 0;

	if (o == NULL) {
		t_skip("differential PBKDF2: %s", err);
		return;
	}
	pbkdf2 = (pbkdf2_fn)(uintptr_t)dlsym(o->handle, "PKCS5_PBKDF2_HMAC");
	btk = (btk_fn)(uintptr_t)dlsym(o->handle, "EVP_BytesToKey");
	if (pbkdf2 == NULL || btk == NULL) {
		t_skip("differential PBKDF2: %s has no PKCS5_PBKDF2_HMAC or EVP_BytesToKey", o->version);
		return;
	}
	for (i = 0; i < ember_hash_count(); i++) {
		const ember_hash_desc *d = ember_hash_at(i);
		unsigned long fails = 0;
		int round, rounds = t_phase == 1 ? 24 : 6;
		ember_hmac_key k;
		void *md;

		if (!ember_hash_supported(d) || ember_hmac_key_init(&k, d, "", 0) != 0)
			continue;
		ember_hmac_key_clear(&k);
		if ((md = ossl_digest(o, ossl_name(d->name))) == NULL)
			continue;
		digests++;
		for (round = 0; round < rounds; round++) {
			size_t pl = t_rand_below(round < 4 ? 3 : sizeof(pass) + 1), sl = t_rand_below(sizeof(salt) + 1);
			size_t len = 1 + t_rand_below(sizeof(a));
			int iter = 1 + (int)t_rand_below(round < rounds / 2 ? 4 : 300);
			t_rand_bytes(pass, pl);
			t_rand_bytes(salt, sl);
			if (ember_pbkdf2(d, pass, pl, salt, sl, (uint32_t)iter, a, len) != 0 ||
			    pbkdf2((const char *)pass, (int)pl, salt, (int)sl, iter, md, (int)len, b) != 1 || memcmp(a, b, len) != 0) {
				if (fails++ < 3)
					CHECK(0, "PBKDF2-%s/%s differs from OpenSSL: password %zu, salt %zu, c %d, dkLen %zu", d->name,
					    d->impl, pl, sl, iter, len);
			}
		}
		CHECK(fails == 0, "PBKDF2-%s/%s: %lu of %d differ", d->name, d->impl, fails, rounds);
		/* EVP_BytesToKey over the same digest, for a 32/16 and a 24/8 cipher, salted or not, 1 or 3 rounds */
		{
			static const char *const ciphers[] = { "aes-256-cbc", "des-ede3-cbc" };
			size_t c;
			for (c = 0; c < 2; c++) {
				void *ev = ossl_cipher(o, ciphers[c]);
				size_t kl = c ? 24 : 32, il = c ? 8 : 16;
				int r;
				if (ev == NULL)
					continue;
				for (r = 0; r < 4; r++) {
					size_t pl = t_rand_below(40);
					t_rand_bytes(pass, pl);
					t_rand_bytes(salt, 8);
					CHECK(ember_bytes_to_key(d, r & 1 ? salt : NULL, pass, pl, r < 2 ? 1 : 3, ka, kl, ia, il) == 0 &&
					          btk(ev, md, r & 1 ? salt : NULL, pass, (int)pl, r < 2 ? 1 : 3, kb, ib) == (int)kl &&
					          memcmp(ka, kb, kl) == 0 && memcmp(ia, ib, il) == 0,
					    "EVP_BytesToKey %s/%s %s round %d differs", d->name, d->impl, ciphers[c], r);
				}
			}
		}
		if (o->EVP_MD_free)
			o->EVP_MD_free(md);
	}
	if (t_phase == 1)
		t_note("pbe_pbkdf2_ossl: PBKDF2 and EVP_BytesToKey over %d digest implementation(s) against %s", digests,
		    o->version);
}

EMBER_TEST(pbe_api)
{
	const ember_hash_desc *d = ember_hash_find("sha256", NULL), *md5 = ember_hash_find("md5", NULL);
	uint8_t a[100], b[100], key[32], iv[16];

	if (!CHECK(d != NULL && md5 != NULL, "no sha256 or md5"))
		return;
	CHECK(ember_pbkdf2(NULL, "p", 1, "s", 1, 1, a, 10) == EMBER_EINVAL, "NULL digest accepted");
	CHECK(ember_pbkdf2(d, "p", 1, "s", 1, 0, a, 10) == EMBER_EINVAL, "0 iterations accepted");
	CHECK(ember_pbkdf2(d, NULL, 1, "s", 1, 1, a, 10) == EMBER_EINVAL, "NULL password with a length accepted");
	CHECK(ember_pbkdf2(d, "p", 1, NULL, 1, 1, a, 10) == EMBER_EINVAL, "NULL salt with a length accepted");
	CHECK(ember_pbkdf2(d, "p", 1, "s", 1, 1, NULL, 10) == EMBER_EINVAL, "NULL output with a length accepted");
	CHECK(ember_pbkdf2(ember_hash_find("shake128", NULL), "p", 1, "s", 1, 1, a, 10) == EMBER_EINVAL,
	    "PBKDF2 over SHAKE accepted");
	CHECK(ember_pbkdf2(d, NULL, 0, NULL, 0, 1, NULL, 0) == 0, "empty everything refused");
	/* a shorter output is a prefix of a longer one */
	CHECK(ember_pbkdf2(d, "p", 1, "s", 1, 3, a, 100) == 0 && ember_pbkdf2(d, "p", 1, "s", 1, 3, b, 33) == 0 &&
	          memcmp(a, b, 33) == 0,
	    "prefix property");
	/* EVP_BytesToKey: what `openssl enc -aes-128-cbc -k x -P` prints (-S 0102030405060708; -nosalt; -md md5) */
	{
		static const uint8_t salt[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
		uint8_t *want_k, *want_i;
		size_t kl, il;
		static const char *const cases[][4] = {
			{ "sha256", "s", "9CE4918DC03D977F85D9A21AF197599D", "50616AAB9881D621B4CBBE88150905C7" },
			{ "sha256", "", "2D711642B726B04401627CA9FBAC32F5", "C8530FB1903CC4DB02258717921A4881" },
			{ "md5", "s", "DF39DED3E3F345CEBB53BF088AAC6D3E", "3056C591D7268AA6DCBCB8CE622B9155" },
		};
		size_t i;
		for (i = 0; i < 3; i++) {
			if (t_hex(cases[i][2], &want_k, &kl) != 0 || t_hex(cases[i][3], &want_i, &il) != 0)
				continue;
			CHECK(ember_bytes_to_key(ember_hash_find(cases[i][0], NULL), cases[i][1][0] ? salt : NULL, "x", 1, 1, key,
			          16, iv, 16) == 0 &&
			          memcmp(key, want_k, 16) == 0 && memcmp(iv, want_i, 16) == 0,
			    "EVP_BytesToKey case %zu: key %s", i, t_tohex(key, 16));
			free(want_k);
			free(want_i);
		}
	}
	CHECK(ember_bytes_to_key(d, NULL, "x", 1, 0, key, 16, iv, 16) == EMBER_EINVAL, "count 0 accepted");
	CHECK(ember_bytes_to_key(NULL, NULL, "x", 1, 1, key, 16, iv, 16) == EMBER_EINVAL, "NULL digest accepted");
}

/* A fixture of tests/fixtures/keys, malloc'd (NULL when absent). */
static uint8_t *fixture(const char *name, size_t *len)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/../fixtures/keys/%s", t_vec_dir, name);
	return t_read_path(path, len);
}

/* 1 when two keys are the same private key (their PKCS#8 DER agrees). */
static int same_key(const ember_pkey *a, const ember_pkey *b)
{
	static uint8_t x[EMBER_PKEY_MAX_DER], y[EMBER_PKEY_MAX_DER];
	size_t xl, yl;

	return ember_pkey_write(a, EMBER_PKEY_PKCS8, 0, x, sizeof(x), &xl) == 0 &&
	       ember_pkey_write(b, EMBER_PKEY_PKCS8, 0, y, sizeof(y), &yl) == 0 && xl == yl && memcmp(x, y, xl) == 0;
}

EMBER_TEST(pbe_fixtures)
{
	static const struct {
		const char *file, *plain, *pass;
		int scheme;
		const char *cipher, *prf;
		unsigned long iter;
	} good[] = {
		{ "rsa1024-pbes2-aes256-sha256.pem", "rsa1024-plain.pem", PASS, EMBER_PBE_PKCS8, "aes-256-cbc", "sha256", 2048 },
		{ "rsa1024-pbes2-aes128-sha1.pem", "rsa1024-plain.pem", PASS, EMBER_PBE_PKCS8, "aes-128-cbc", "sha1", 2048 },
		{ "rsa1024-pbes2-des3-sha256.der", "rsa1024-plain.pem", PASS, EMBER_PBE_PKCS8, "des-ede3-cbc", "sha256", 2048 },
		{ "rsa1024-pbes2-aes256-sha512.pem", "rsa1024-plain.pem", PASS, EMBER_PBE_PKCS8, "aes-256-cbc", "sha512", 1000 },
		{ "rsa1024-trad-aes256.pem", "rsa1024-plain.pem", PASS, EMBER_PBE_TRAD, "aes-256-cbc", "md5", 1 },
		{ "rsa1024-trad-des3.pem", "rsa1024-plain.pem", PASS, EMBER_PBE_TRAD, "des-ede3-cbc", "md5", 1 },
		{ "rsa1024-trad-camellia256.pem", "rsa1024-plain.pem", PASS, EMBER_PBE_TRAD, "camellia-256-cbc", "md5", 1 },
		{ "dsa1024-pbes2-aes128-sha256.pem", "dsa1024-plain.pem", PASS, EMBER_PBE_PKCS8, "aes-128-cbc", "sha256", 2048 },
		{ "dsa1024-trad-des3.pem", "dsa1024-plain.pem", PASS, EMBER_PBE_TRAD, "des-ede3-cbc", "md5", 1 },
		{ "rsa-encrypted-pkcs8.pem", NULL, "x", EMBER_PBE_PKCS8, "aes-128-cbc", "sha256", 2048 },
		{ "rsa-encrypted-traditional.pem", NULL, "x", EMBER_PBE_TRAD, "aes-128-cbc", "md5", 1 },
		{ "rsa-encrypted-pkcs8.der", NULL, "x", EMBER_PBE_PKCS8, "aes-128-cbc", "sha256", 2048 },
	};
	static const struct {
		const char *file, *what;
	} unsupported[] = {
		{ "rsa1024-pkcs12pbe-3des.pem", "PKCS#12 PBE 1.2.840.113549.1.12.1.3" },
		{ "rsa1024-scrypt.pem", "scrypt" },
		{ "rsa1024-pbes2-aes256cfb.pem", "PBES2 cipher 2.16.840.1.101.3.4.1.44" },
		{ "rsa1024-trad-aes256cfb.pem", "AES-256-CFB" },
	};
	static ember_pkey k, plain;
	ember_pbe_info info;
	size_t i, len, plen;
	int r;

	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		uint8_t *buf = fixture(good[i].file, &len), *pb;
		if (!CHECK(buf != NULL, "cannot read the fixture %s", good[i].file))
			continue;
		r = ember_pkey_encryption(buf, len, &info);
		CHECK(r == 0 && info.scheme == good[i].scheme && strcmp(info.cipher, good[i].cipher) == 0 &&
		          strcmp(info.prf, good[i].prf) == 0 && info.iterations == good[i].iter,
		    "%s: encryption %d: scheme %d, %s, %s, %llu", good[i].file, r, info.scheme, info.cipher, info.prf,
		    (unsigned long long)info.iterations);
		CHECK(ember_pkey_read(&k, buf, len) == EMBER_ENOTSUP, "%s: read without a passphrase", good[i].file);
		r = ember_pkey_read_pass(&k, buf, len, good[i].pass, strlen(good[i].pass), 0);
		CHECK(r == 0 && k.has_private, "%s: not read with its passphrase: %d", good[i].file, r);
		if (r == 0 && good[i].plain != NULL && (pb = fixture(good[i].plain, &plen)) != NULL) {
			CHECK(ember_pkey_read(&plain, pb, plen) == 0 && same_key(&k, &plain), "%s: not the key of %s",
			    good[i].file, good[i].plain);
			free(pb);
		}
		r = ember_pkey_read_pass(&k, buf, len, "wrong", 5, 0);
		CHECK(r == EMBER_EPAD, "%s: a wrong passphrase gave %d", good[i].file, r);
		if (good[i].iter > 1) {
			r = ember_pkey_read_pass(&k, buf, len, good[i].pass, strlen(good[i].pass), good[i].iter - 1);
			CHECK(r == EMBER_ERANGE, "%s: a cap below the file's count gave %d", good[i].file, r);
		}
		free(buf);
	}
	for (i = 0; i < sizeof(unsupported) / sizeof(unsupported[0]); i++) {
		uint8_t *buf = fixture(unsupported[i].file, &len);
		if (!CHECK(buf != NULL, "cannot read the fixture %s", unsupported[i].file))
			continue;
		r = ember_pkey_encryption(buf, len, &info);
		CHECK(r == 0 && info.scheme == EMBER_PBE_UNSUPPORTED && strcmp(info.cipher, unsupported[i].what) == 0,
		    "%s: encryption %d, scheme %d, '%s'", unsupported[i].file, r, info.scheme, info.cipher);
		CHECK(ember_pkey_read_pass(&k, buf, len, PASS, strlen(PASS), 0) == EMBER_ENOTSUP, "%s: read",
		    unsupported[i].file);
		free(buf);
	}
	{
		uint8_t *buf = fixture("rsa1024-pbes2-iter20m.pem", &len);
		if (CHECK(buf != NULL, "cannot read rsa1024-pbes2-iter20m.pem")) {
			r = ember_pkey_encryption(buf, len, &info);
			CHECK(r == 0 && info.scheme == EMBER_PBE_PKCS8 && info.iterations == 20000000, "iter20m: %d %llu", r,
			    (unsigned long long)info.iterations);
			CHECK(ember_pkey_read_pass(&k, buf, len, PASS, strlen(PASS), 0) == EMBER_ERANGE,
			    "20,000,000 iterations not refused by the default cap");
			free(buf);
		}
	}
	/* plain keys are "not encrypted" */
	{
		uint8_t *buf = fixture("rsa1024-plain.pem", &len);
		if (buf != NULL) {
			CHECK(ember_pkey_encryption(buf, len, &info) == 0 && info.scheme == EMBER_PBE_NONE, "plain key");
			CHECK(ember_pkey_read_pass(&k, buf, len, "any", 3, 0) == 0, "plain key with a passphrase");
			free(buf);
		}
	}
	ember_pkey_clear(&k);
	ember_pkey_clear(&plain);
}

static ember_pkey *test_key(int dsa)
{
	static ember_pkey *keys[2];
	size_t len;
	uint8_t *buf;

	if (keys[dsa] == NULL && (buf = fixture(dsa ? "dsa1024-plain.pem" : "rsa1024-plain.pem", &len)) != NULL) {
		keys[dsa] = calloc(1, sizeof(ember_pkey));
		if (ember_pkey_read(keys[dsa], buf, len) != 0) {
			free(keys[dsa]);
			keys[dsa] = NULL;
		}
		free(buf);
	}
	return keys[dsa];
}

EMBER_TEST(pbe_roundtrip)
{
	static const char *const ciphers[] = { "aes-128-cbc", "aes-192-cbc", "aes-256-cbc", "des-ede3-cbc" };
	static const char *const prfs[] = { "sha1", "sha224", "sha256", "sha384", "sha512", "sha512-224", "sha512-256" };
	static uint8_t out[EMBER_PKEY_MAX_PEM], out2[EMBER_PKEY_MAX_PEM];
	static ember_pkey k;
	ember_pbe_info info;
	size_t c, p, len, len2;
	int dsa, form, r, runs = 0;

	for (dsa = 0; dsa < 2; dsa++) {
		const ember_pkey *key = test_key(dsa);
		if (!CHECK(key != NULL, "test key %d", dsa))
			continue;
		for (c = 0; c < 4; c++) {
			for (p = 0; p < 7; p++) {
				/* 0: PKCS#8 DER, 1: PKCS#8 PEM, 2: traditional PEM (no PRF: once per cipher) */
				for (form = 0; form < 3; form++) {
					ember_pbe_params prm;
					if (form == 2 && p > 0)
						continue;
					memset(&prm, 0, sizeof(prm));
					prm.cipher = ciphers[c];
					prm.prf = prfs[p];
					prm.iterations = 100 + (uint32_t)t_rand_below(100);
					r = ember_pkey_write_pass(key, form == 2 ? EMBER_PKEY_TRAD : EMBER_PKEY_PKCS8, form != 0, &prm,
					    PASS, strlen(PASS), out, sizeof(out), &len);
					if (!CHECK(r == 0, "%s %s %s form %d: write %d", dsa ? "DSA" : "RSA", ciphers[c], prfs[p], form, r))
						continue;
					runs++;
					r = ember_pkey_encryption(out, len, &info);
					CHECK(r == 0 && info.scheme == (form == 2 ? EMBER_PBE_TRAD : EMBER_PBE_PKCS8) &&
					          strcmp(info.cipher, ciphers[c]) == 0 &&
					          strcmp(info.prf, form == 2 ? "md5" : prfs[p]) == 0 &&
					          info.iterations == (form == 2 ? 1 : prm.iterations),
					    "%s form %d: info %d %s %s", ciphers[c], form, info.scheme, info.cipher, info.prf);
					if (form == 1)
						CHECK(len > 37 && memcmp(out, "-----BEGIN ENCRYPTED PRIVATE KEY-----\n", 38) == 0,
						    "PKCS#8 PEM label");
					if (form == 2)
						CHECK(strstr((char *)out, dsa ? "-----BEGIN DSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: "
						                              : "-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: ") ==
						        (char *)out,
						    "traditional headers: %.100s", (char *)out);
					r = ember_pkey_read_pass(&k, out, len, PASS, strlen(PASS), 0);
					CHECK(r == 0 && same_key(&k, key), "%s %s form %d: read back %d", ciphers[c], prfs[p], form, r);
					r = ember_pkey_read_pass(&k, out, len, PASS "!", strlen(PASS) + 1, 0);
					CHECK(r == EMBER_EPAD, "%s %s form %d: wrong passphrase gave %d", ciphers[c], prfs[p], form, r);
					if (form != 2)
						CHECK(ember_pkey_read_pass(&k, out, len, PASS, strlen(PASS), prm.iterations - 1) == EMBER_ERANGE &&
						          ember_pkey_read_pass(&k, out, len, PASS, strlen(PASS), prm.iterations) == 0,
						    "the cap at the file's count");
					/* a second write has a fresh salt and IV */
					if (ember_pkey_write_pass(key, form == 2 ? EMBER_PKEY_TRAD : EMBER_PKEY_PKCS8, form != 0, &prm, PASS,
					        strlen(PASS), out2, sizeof(out2), &len2) == 0)
						CHECK(len2 != len || memcmp(out, out2, len) != 0, "two writes gave the same bytes");
				}
			}
		}
		/* what cannot be written */
		{
			ember_pbe_params prm;
			memset(&prm, 0, sizeof(prm));
			CHECK(ember_pkey_write_pass(key, EMBER_PKEY_TRAD, 0, NULL, "p", 1, out, sizeof(out), &len) == EMBER_ENOTSUP,
			    "traditional DER written");
			CHECK(ember_pkey_write_pass(key, EMBER_PKEY_SPKI, 1, NULL, "p", 1, out, sizeof(out), &len) == EMBER_ENOTSUP,
			    "a public key written encrypted");
			prm.cipher = "aes-128-ctr";
			CHECK(ember_pkey_write_pass(key, EMBER_PKEY_PKCS8, 1, &prm, "p", 1, out, sizeof(out), &len) ==
			          EMBER_ENOTSUP,
			    "CTR accepted");
			prm.cipher = "camellia-128-cbc";
			CHECK(ember_pkey_write_pass(key, EMBER_PKEY_PKCS8, 1, &prm, "p", 1, out, sizeof(out), &len) ==
			          EMBER_ENOTSUP,
			    "PBES2 with a cipher without an OID here");
			CHECK(ember_pkey_write_pass(key, EMBER_PKEY_TRAD, 1, &prm, "p", 1, out, sizeof(out), &len) == 0,
			    "traditional camellia-128-cbc refused");
			prm.cipher = NULL;
			prm.prf = "md5";
			CHECK(ember_pkey_write_pass(key, EMBER_PKEY_PKCS8, 1, &prm, "p", 1, out, sizeof(out), &len) ==
			          EMBER_ENOTSUP,
			    "PBKDF2-HMAC-MD5 written");
			CHECK(ember_pkey_write_pass(key, EMBER_PKEY_PKCS8, 1, NULL, "p", 1, out, 100, &len) == EMBER_ELEN,
			    "short buffer");
			/* the defaults: aes-256-cbc, sha256, 2048, an empty passphrase works */
			CHECK(ember_pkey_write_pass(key, EMBER_PKEY_PKCS8, 1, NULL, "", 0, out, sizeof(out), &len) == 0 &&
			          ember_pkey_encryption(out, len, &info) == 0 && strcmp(info.cipher, "aes-256-cbc") == 0 &&
			          strcmp(info.prf, "sha256") == 0 && info.iterations == EMBER_PBE_DEFAULT_ITER &&
			          ember_pkey_read_pass(&k, out, len, "", 0, 0) == 0,
			    "defaults");
		}
	}
	if (t_phase == 1)
		t_note("pbe_roundtrip: %d encrypted keys written and read back", runs);
	ember_pkey_clear(&k);
}

EMBER_TEST(pbe_malformed)
{
	static uint8_t out[EMBER_PKEY_MAX_PEM], bad[EMBER_PKEY_MAX_PEM];
	static ember_pkey k;
	const ember_pkey *key = test_key(0);
	ember_pbe_params prm;
	ember_pbe_info info;
	size_t len, i;
	int form, accepted = 0;

	if (!CHECK(key != NULL, "test key"))
		return;
	memset(&prm, 0, sizeof(prm));
	prm.iterations = 1;
	for (form = 0; form < 3; form++) {
		CHECK(ember_pkey_write_pass(key, form == 2 ? EMBER_PKEY_TRAD : EMBER_PKEY_PKCS8, form != 0, &prm, PASS,
		          strlen(PASS), out, sizeof(out), &len) == 0,
		    "write form %d", form);
		/* every truncation (PEM: cut anywhere, so also inside the headers and the END line, but for the
		 * END line's own newline, which a PEM file may lack) */
		for (i = 0; i < (form ? len - 1 : len); i += form ? 1 + t_rand_below(3) : 1) {
			memcpy(bad, out, i);
			if (ember_pkey_read_pass(&k, bad, i, PASS, strlen(PASS), 0) == 0)
				CHECK(0, "form %d truncated to %zu of %zu read", form, i, len);
			(void)ember_pkey_encryption(bad, i, &info);
		}
		for (i = 0; i < (t_phase == 1 ? 400u : 80u); i++) {
			size_t bit = t_rand_below(len * 8);
			memcpy(bad, out, len);
			bad[bit / 8] ^= (uint8_t)(1 << (bit % 8));
			if (ember_pkey_read_pass(&k, bad, len, PASS, strlen(PASS), 0) == 0)
				accepted++;
			(void)ember_pkey_encryption(bad, len, &info);
		}
	}
	/* a flip inside an INTEGER's value (RSA's d, dp, dq, qinv are not checked against n) survives CBC
	 * decryption as two damaged blocks, as it survives a plain key's DER (keys_malformed) */
	t_note("pbe_malformed: bit flips that still read as a key: %d", accepted);
	/* headers: each wrong in one way */
	{
		static const char *const pems[] = {
			"-----BEGIN RSA PRIVATE KEY-----\nDEK-Info: AES-128-CBC,000102030405060708090A0B0C0D0E0F\n\nAAAA\n-----END RSA PRIVATE KEY-----\n",
			"-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\n\nAAAA\n-----END RSA PRIVATE KEY-----\n",
			"-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,00010203\n\nAAAAAAAAAAAAAAAAAAAAAA==\n-----END RSA PRIVATE KEY-----\n",
			"-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,0g0102030405060708090A0B0C0D0E0F\n\nAAAAAAAAAAAAAAAAAAAAAA==\n-----END RSA PRIVATE KEY-----\n",
			"-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,000102030405060708090A0B0C0D0E0F\nAAAAAAAAAAAAAAAAAAAAAA==\n-----END RSA PRIVATE KEY-----\n",
			"-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\n DEK-Info: AES-128-CBC,000102030405060708090A0B0C0D0E0F\n\nAAAAAAAAAAAAAAAAAAAAAA==\n-----END RSA PRIVATE KEY-----\n",
			"-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,000102030405060708090A0B0C0D0E0F\nX-Extra: 1\n\nAAAAAAAAAAAAAAAAAAAAAA==\n-----END RSA PRIVATE KEY-----\n",
			"-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,000102030405060708090A0B0C0D0E0F\n\nAAAAAAAAAAAAAAAAAAAAAA==\n-----END RSA PRIVATE KEY-----\n",
			"-----BEGIN ENCRYPTED PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,000102030405060708090A0B0C0D0E0F\n\nMAA=\n-----END ENCRYPTED PRIVATE KEY-----\n",
			"-----BEGIN ENCRYPTED PRIVATE KEY-----\nMAA=\n-----END ENCRYPTED PRIVATE KEY-----\n",
		};
		for (i = 0; i < sizeof(pems) / sizeof(pems[0]); i++) {
			int r = ember_pkey_read_pass(&k, (const uint8_t *)pems[i], strlen(pems[i]), PASS, strlen(PASS), 0);
			CHECK(r != 0, "bad PEM %zu read", i);
		}
		/* the well-formed one (index 7) is a wrong key: one block that never unpads right for this passphrase, or
		 * noise that is no DER */
		CHECK(ember_pkey_encryption((const uint8_t *)pems[7], strlen(pems[7]), &info) == 0 &&
		          info.scheme == EMBER_PBE_TRAD,
		    "well-formed headers not recognised");
		CHECK(ember_pkey_encryption((const uint8_t *)pems[2], strlen(pems[2]), &info) == EMBER_EDECODE,
		    "a short IV not refused");
	}
	ember_pkey_clear(&k);
}

static char cli_dir[64];

/* Runs |fmt| under sh in the scratch directory, $E the ember binary (EMBER_CPUCAP=none in phase 2); 0 when it exits 0. */
#define in_dir(...) (t_run_in(cli_dir, __VA_ARGS__) == 0 ? 0 : -1)

/* The formats openssl writes: the command after "openssl " (K: the plain key, P: the passphrase), and -inform. */
static const struct {
	const char *what, *cmd, *inform;
} ossl_writes[] = {
	{ "PBES2 AES-128-CBC PBKDF2-HMAC-SHA256", "pkcs8 -topk8 -in K.pem -v2 aes-128-cbc -v2prf hmacWithSHA256 -passout pass:P", "PEM" },
	{ "PBES2 AES-256-CBC PBKDF2-HMAC-SHA1", "pkcs8 -topk8 -in K.pem -v2 aes-256-cbc -v2prf hmacWithSHA1 -passout pass:P", "PEM" },
	{ "PBES2 DES-EDE3-CBC PBKDF2-HMAC-SHA256", "pkcs8 -topk8 -in K.pem -v2 des3 -passout pass:P", "PEM" },
	{ "PBES2 AES-256-CBC DER", "pkcs8 -topk8 -in K.pem -v2 aes-256-cbc -outform DER -passout pass:P", "DER" },
	{ "PBES2 AES-128-CBC SHA1 DER", "pkcs8 -topk8 -in K.pem -v2 aes-128-cbc -v2prf hmacWithSHA1 -outform DER -passout pass:P", "DER" },
	{ "pkey -aes256", "pkey -in K.pem -aes256 -passout pass:P", "PEM" },
	{ "traditional -aes256", "T -in K.pem T_OPT -aes256 -passout pass:P", "PEM" },
	{ "traditional -des3", "T -in K.pem T_OPT -des3 -passout pass:P", "PEM" },
	{ "plain PKCS#8", "pkey -in K.pem", "PEM" },
	{ "plain PKCS#8 DER", "pkey -in K.pem -outform DER", "DER" },
	{ "plain traditional", "T -in K.pem T_OPT", "PEM" },
	{ "plain traditional DER", "T -in K.pem T_OPT -outform DER", "DER" },
};

/* What ember writes: the command after "$E " (K, P as above), and the -inform openssl reads it with. */
static const struct {
	const char *what, *cmd, *inform;
} ember_writes[] = {
	{ "pkey -aes128", "pkey -in K.pem -aes128 -passout pass:P", "PEM" },
	{ "pkey -aes256", "pkey -in K.pem -aes256 -passout pass:P", "PEM" },
	{ "pkey -des3", "pkey -in K.pem -des3 -passout pass:P", "PEM" },
	{ "pkey -aes-128-cbc DER", "pkey -in K.pem -aes-128-cbc -passout pass:P -outform DER", "DER" },
	{ "pkey -traditional -aes256", "pkey -in K.pem -traditional -aes256 -passout pass:P", "PEM" },
	{ "pkey -traditional -des3", "pkey -in K.pem -traditional -des3 -passout pass:P", "PEM" },
	{ "pkey -traditional -aes128 (-passout env:)", "pkey -in K.pem -traditional -aes128 -passout env:EMBER_T_P", "PEM" },
	{ "pkey plain", "pkey -in K.pem", "PEM" },
	{ "pkey plain DER", "pkey -in K.pem -outform DER", "DER" },
	{ "pkey -traditional plain", "pkey -in K.pem -traditional", "PEM" },
};

/* |s| with the words K.pem, pass:P, T and T_OPT replaced: the key file, the passphrase, openssl's command for the type. */
static const char *subst(const char *s, int dsa, char *buf, size_t len)
{
	char word[128];
	size_t n = 0;

	buf[0] = 0;
	while (*s) {
		size_t l = strcspn(s, " ");
		const char *w = word;
		snprintf(word, sizeof(word), "%.*s", (int)l, s);
		if (strcmp(word, "K.pem") == 0)
			w = dsa ? "dsa1024-plain.pem" : "rsa1024-plain.pem";
		else if (strcmp(word, "pass:P") == 0)
			w = "pass:ember-pw";
		else if (strcmp(word, "T") == 0)
			w = dsa ? "dsa" : "rsa";
		else if (strcmp(word, "T_OPT") == 0)
			w = dsa ? "" : "-traditional";
		n += (size_t)snprintf(buf + n, n < len ? len - n : 0, "%s%s", n ? " " : "", w);
		s += l;
		while (*s == ' ')
			s++;
	}
	return buf;
}

EMBER_TEST(pbe_cli_ossl)
{
	static const char *const keys[] = { "rsa1024-plain.pem", "dsa1024-plain.pem" };
	char cmd[1024];
	size_t i;
	int dsa, formats = 0, sigs = 0;

	if (t_ember_bin == NULL) {
		t_skip("pbe_cli_ossl: no ember binary given (-e)");
		return;
	}
	if (system("openssl version >/dev/null 2>&1") != 0) {
		t_skip("pbe_cli_ossl: no openssl command");
		return;
	}
	strcpy(cli_dir, "/tmp/ember-t-pbecli-XXXXXX");
	if (!CHECK(mkdtemp(cli_dir) != NULL, "mkdtemp failed"))
		return;
	setenv("EMBER_T_P", "ember-pw", 1);
	for (dsa = 0; dsa < 2; dsa++) {
		const char *T = dsa ? "DSA" : "RSA";
		uint8_t *k;
		size_t len;
		char path[4200];
		if (!CHECK((k = fixture(keys[dsa], &len)) != NULL, "cannot read %s", keys[dsa]))
			continue;
		snprintf(path, sizeof(path), "%s/%s", cli_dir, keys[dsa]);
		t_write_file(path, k, len);
		free(k);
		/* openssl's plain PKCS#8 PEM and public key: what every reading must give */
		if (!CHECK(in_dir("openssl pkey -in %s -out ref.pem && openssl pkey -in %s -pubout -out pub.pem", keys[dsa],
		               keys[dsa]) == 0,
		        "openssl pkey on %s", keys[dsa]))
			continue;

		/* openssl writes, ember reads (and writes it back plain: openssl's bytes) */
		for (i = 0; i < sizeof(ossl_writes) / sizeof(ossl_writes[0]); i++) {
			char c[512];
			subst(ossl_writes[i].cmd, dsa, c, sizeof(c));
			if (!CHECK(in_dir("openssl %s -out f", c) == 0, "%s: openssl %s failed", T, c))
				continue;
			CHECK(in_dir("rm -f g && $E pkey -inform %s -in f -passin pass:ember-pw -out g && cmp -s g ref.pem",
			          ossl_writes[i].inform) == 0,
			    "%s %s (openssl %s): ember pkey -passin does not read it as openssl does", T, ossl_writes[i].what, c);
			if (t_phase == 2)
				continue; /* phase 2 (portable code): the reading only */
			CHECK(in_dir("$E pkey -inform %s -in f -passin pass:ember-pw -pubout | cmp -s - pub.pem",
			          ossl_writes[i].inform) == 0,
			    "%s %s: ember pkey -pubout differs from openssl's", T, ossl_writes[i].what);
			if (strstr(c, "-passout") != NULL)
				CHECK(in_dir("rm -f g; ! $E pkey -inform %s -in f -passin pass:wrong -out g && test ! -e g",
				          ossl_writes[i].inform) == 0,
				    "%s %s: a wrong passphrase read, or left a file", T, ossl_writes[i].what);
			formats++;
		}
		/* ember writes, openssl reads */
		for (i = 0; i < sizeof(ember_writes) / sizeof(ember_writes[0]); i++) {
			char c[512];
			subst(ember_writes[i].cmd, dsa, c, sizeof(c));
			if (!CHECK(in_dir("rm -f f && $E %s -out f", c) == 0, "%s: ember %s failed", T, c))
				continue;
			CHECK(in_dir("rm -f g && openssl pkey -inform %s -in f -passin pass:ember-pw -out g && cmp -s g ref.pem",
			          ember_writes[i].inform) == 0,
			    "%s %s (ember %s): openssl pkey does not read it as the key", T, ember_writes[i].what, c);
			if (strstr(c, "-traditional") != NULL && strstr(c, "-passout") != NULL)
				CHECK(in_dir("head -2 f | grep -q '^Proc-Type: 4,ENCRYPTED$'") == 0, "%s %s: no Proc-Type header", T,
				    ember_writes[i].what);
			formats++;
		}
		CHECK(in_dir("$E pkey -in %s -out g && cmp -s g ref.pem && $E pkey -in %s -traditional -out g && "
		             "openssl %s -in %s %s -out h && cmp -s g h",
		          keys[dsa], keys[dsa], dsa ? "dsa" : "rsa", keys[dsa], dsa ? "" : "-traditional") == 0,
		    "%s: ember's plain PKCS#8 or traditional PEM differs from openssl's bytes", T);
		/* the -passin sources openssl has: env:, file: (first line), fd:, stdin */
		CHECK(in_dir("$E pkey -in %s -aes256 -passout pass:ember-pw -out e.pem && printf 'ember-pw\\nx\\n' >pw && "
		             "$E pkey -in e.pem -passin env:EMBER_T_P | cmp -s - ref.pem && "
		             "$E pkey -in e.pem -passin file:pw | cmp -s - ref.pem && "
		             "$E pkey -in e.pem -passin fd:3 3<pw | cmp -s - ref.pem && "
		             "$E pkey -in e.pem -passin stdin <pw | cmp -s - ref.pem",
		          keys[dsa]) == 0,
		    "%s: -passin env:, file:, fd: or stdin", T);
	}

	/* genpkey, genrsa: new keys written encrypted, checked by openssl (phase 1 only: the writing is
	 * checked above in both phases, the key generation is not this unit's) */
	if (t_phase == 1) {
		CHECK(in_dir("$E genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:1024 -aes256 -pass pass:ember-pw -out n.pem && "
		             "head -1 n.pem | grep -q 'ENCRYPTED PRIVATE KEY' && "
		             "openssl pkey -in n.pem -passin pass:ember-pw -check -noout") == 0,
		    "ember genpkey -algorithm RSA -aes256: openssl pkey -check");
		CHECK(in_dir("$E genrsa -des3 -passout pass:ember-pw -out n.pem 1024 && "
		             "openssl rsa -in n.pem -passin pass:ember-pw -check -noout") == 0,
		    "ember genrsa -des3: openssl rsa -check");
		CHECK(in_dir("$E genpkey -genparam -algorithm DSA -pkeyopt dsa_paramgen_bits:1024 -out prm.pem && "
		             "$E genpkey -paramfile prm.pem -aes128 -pass pass:ember-pw -out n.pem && "
		             "openssl pkey -in n.pem -passin pass:ember-pw -check -noout && "
		             "openssl pkeyparam -in prm.pem -check -noout") == 0,
		    "ember genpkey DSA -aes128: openssl pkey -check");
		CHECK(in_dir("openssl genpkey -genparam -algorithm DSA -pkeyopt dsa_paramgen_bits:1024 -out oprm.pem && "
		             "$E genpkey -paramfile oprm.pem -out n.pem && openssl pkey -in n.pem -check -noout") == 0,
		    "ember genpkey -paramfile of openssl's DSA parameters");
	}

	/* signatures with encrypted keys, both ways: pkeyutl over a SHA-256 digest, dgst over the message */
	for (dsa = 0; dsa < 2; dsa++) {
		static const char *const rsa_opts[] = { "", "rsa_padding_mode:pss rsa_pss_saltlen:32",
			"rsa_padding_mode:pss rsa_pss_saltlen:0", "rsa_padding_mode:pss rsa_pss_saltlen:20",
			"rsa_padding_mode:pss rsa_pss_saltlen:max", "rsa_padding_mode:pss rsa_pss_saltlen:digest rsa_mgf1_md:sha1" };
		size_t o, nopt = dsa ? 1 : t_phase == 2 ? 2 : sizeof(rsa_opts) / sizeof(rsa_opts[0]);
		const char *T = dsa ? "DSA" : "RSA";
		if (!CHECK(in_dir("openssl pkey -in %s -aes256 -passout pass:ember-pw -out ke.pem && "
		                  "openssl pkey -in %s -pubout -out kp.pem && head -c 1000 /dev/urandom >m && "
		                  "openssl dgst -sha256 -binary m >md",
		               keys[dsa], keys[dsa]) == 0,
		        "%s: preparing the signature files", T))
			continue;
		for (o = 0; o < nopt; o++) {
			char pk[256] = "", so[256] = "";
			const char *w = rsa_opts[o];
			/* "a b" -> "-pkeyopt a -pkeyopt b" and "-sigopt a -sigopt b" */
			while (*w) {
				const char *sp = strchr(w, ' ');
				size_t l = sp ? (size_t)(sp - w) : strlen(w);
				snprintf(pk + strlen(pk), sizeof(pk) - strlen(pk), " -pkeyopt %.*s", (int)l, w);
				snprintf(so + strlen(so), sizeof(so) - strlen(so), " -sigopt %.*s", (int)l, w);
				w += l + (sp != NULL);
			}
			/* pkeyutl: ember signs, openssl verifies; openssl signs, ember verifies */
			CHECK(in_dir("rm -f s && $E pkeyutl -sign -inkey ke.pem -passin pass:ember-pw -in md -pkeyopt digest:sha256%s "
			             "-out s && openssl pkeyutl -verify -pubin -inkey kp.pem -in md -sigfile s -pkeyopt digest:sha256%s",
			          pk, pk) == 0,
			    "%s pkeyutl%s: openssl does not verify ember's signature", T, pk);
			CHECK(in_dir("rm -f s && openssl pkeyutl -sign -inkey ke.pem -passin pass:ember-pw -in md -pkeyopt "
			             "digest:sha256%s -out s && $E pkeyutl -verify -pubin -inkey kp.pem -in md -sigfile s -pkeyopt "
			             "digest:sha256%s | grep -q '^Signature Verified Successfully$'",
			          pk, pk) == 0,
			    "%s pkeyutl%s: ember does not verify openssl's signature", T, pk);
			/* dgst -sign/-verify with -passin and -sigopt */
			CHECK(in_dir("rm -f s && $E dgst -sha256 -sign ke.pem -passin pass:ember-pw%s -out s m && "
			             "openssl dgst -sha256 -verify kp.pem%s -signature s m | grep -q '^Verified OK$'",
			          so, so) == 0,
			    "%s dgst%s: openssl does not verify ember's signature", T, so);
			CHECK(in_dir("rm -f s && openssl dgst -sha256 -sign ke.pem -passin pass:ember-pw%s -out s m && "
			             "$E dgst -sha256 -verify kp.pem%s -signature s m | grep -q '^Verified OK$'",
			          so, so) == 0,
			    "%s dgst%s: ember does not verify openssl's signature", T, so);
			/* and a signature of another message is refused by both */
			CHECK(in_dir("echo x >>m && ! $E dgst -sha256 -verify kp.pem%s -signature s m && "
			             "! openssl dgst -sha256 -verify kp.pem%s -signature s m",
			          so, so) == 0,
			    "%s dgst%s: a signature of another message verified", T, so);
			sigs += 5;
		}
		/* pkeyutl -rawin -digest: the message itself, hashed by the tool */
		CHECK(in_dir("rm -f s && $E pkeyutl -sign -rawin -digest sha256 -inkey ke.pem -passin pass:ember-pw -in m -out s "
		             "&& openssl pkeyutl -verify -rawin -digest sha256 -pubin -inkey kp.pem -in m -sigfile s && "
		             "openssl pkeyutl -sign -rawin -digest sha256 -inkey ke.pem -passin pass:ember-pw -in m -out s && "
		             "$E pkeyutl -verify -rawin -digest sha256 -pubin -inkey kp.pem -in m -sigfile s") == 0,
		    "%s pkeyutl -rawin -digest sha256: not verified by the other tool", T);
		sigs += 2;
		if (!dsa)
			CHECK(in_dir("$E dgst -sha256 -sign ke.pem -passin pass:ember-pw -out s1 m && "
			             "openssl dgst -sha256 -sign ke.pem -passin pass:ember-pw -out s2 m && cmp -s s1 s2 && "
			             "$E pkeyutl -sign -inkey ke.pem -passin pass:ember-pw -in md -pkeyopt digest:sha256 -out s1 && "
			             "openssl pkeyutl -sign -inkey ke.pem -passin pass:ember-pw -in md -pkeyopt digest:sha256 -out s2 "
			             "&& cmp -s s1 s2") == 0,
			    "RSA PKCS#1 v1.5 signatures are not openssl's bytes");
	}
	unsetenv("EMBER_T_P");
	if (t_phase == 1)
		t_note("pbe_cli_ossl: %d key file formats both ways, %d signature checks, against the openssl command",
		    formats, sigs);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", cli_dir);
	CHECK(system(cmd) == 0, "cannot remove %s", cli_dir);
}
