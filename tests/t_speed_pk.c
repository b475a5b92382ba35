/*
 * t_speed_pk.c - the public-key hooks of `ember speed`: every word's
 * built-in key passes its self-test (round trip + known answer), a user key
 * file works, and unknown words, missing, garbage, truncated, mismatched
 * key files give a one-line reason.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ember/keys.h"
#include "speed_pk.h"
#include "test.h"

static const char *all_words[] = { "rsa512", "rsa1024", "rsa2048", "rsa3072", "rsa4096",
	"dsa512", "dsa1024", "dsa2048" };

EMBER_TEST(speed_pk_words)
{
	char err[256];
	size_t i;

	for (i = 0; i < sizeof(all_words) / sizeof(all_words[0]); i++) {
		speed_pk *k;
		CHECK(speed_pk_known(all_words[i]), "%s unknown", all_words[i]);
		CHECK(speed_pk_bits(all_words[i]) == (unsigned)atoi(all_words[i] + 3), "%s bits", all_words[i]);
		k = speed_pk_new(all_words[i], NULL, err, sizeof(err));
		if (!CHECK(k != NULL, "%s: %s", all_words[i], err))
			continue;
		CHECK(speed_pk_selftest(k) == 0, "%s: selftest", all_words[i]);
		CHECK(speed_pk_sign(k) == 0 && speed_pk_verify(k) == 0, "%s: sign/verify", all_words[i]);
		speed_pk_free(k);
	}
	CHECK(!speed_pk_known("rsa8192") && !speed_pk_known("ecdsap256") && speed_pk_bits("md5") == 0,
	    "unknown words");
	CHECK(speed_pk_new("rsa8192", NULL, err, sizeof(err)) == NULL && strchr(err, '\n') == NULL, "rsa8192");
}

EMBER_TEST(speed_pk_keyfile)
{
	static ember_pkey key;
	static uint8_t pem[EMBER_PKEY_MAX_PEM];
	char path[] = "/tmp/ember-speedpk-XXXXXX";
	char err[256];
	size_t len;
	speed_pk *k;
	int fd = mkstemp(path);

	if (!CHECK(fd >= 0, "mkstemp"))
		return;
	close(fd);
	CHECK(ember_rsa_generate(&key.u.rsa, 1024, 65537) == 0, "generate");
	key.type = EMBER_PKEY_RSA;
	key.has_private = 1;
	CHECK(ember_pkey_write(&key, EMBER_PKEY_PKCS8, 1, pem, sizeof(pem), &len) == 0, "write");
	t_write_file(path, pem, len);
	k = speed_pk_new("rsa1024", path, err, sizeof(err));
	CHECK(k != NULL && speed_pk_selftest(k) == 0, "user key: %s", k ? "selftest" : err);
	speed_pk_free(k);
	/* size and type mismatches */
	CHECK(speed_pk_new("rsa2048", path, err, sizeof(err)) == NULL && strstr(err, "1024-bit"), "size: %s", err);
	CHECK(speed_pk_new("dsa1024", path, err, sizeof(err)) == NULL, "type mismatch accepted");
	/* truncated, garbage, public-only, missing */
	t_write_file(path, pem, len / 2);
	CHECK(speed_pk_new("rsa1024", path, err, sizeof(err)) == NULL && strstr(err, path), "truncated: %s", err);
	t_write_file(path, "garbage\n", 8);
	CHECK(speed_pk_new("rsa1024", path, err, sizeof(err)) == NULL, "garbage accepted");
	CHECK(ember_pkey_write(&key, EMBER_PKEY_SPKI, 1, pem, sizeof(pem), &len) == 0, "write public");
	t_write_file(path, pem, len);
	CHECK(speed_pk_new("rsa1024", path, err, sizeof(err)) == NULL, "public key accepted for signing");
	remove(path);
	CHECK(speed_pk_new("rsa1024", path, err, sizeof(err)) == NULL && strstr(err, "cannot open"), "missing: %s", err);
	ember_pkey_clear(&key);
}
