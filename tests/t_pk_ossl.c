/*
 * t_pk_ossl.c - signatures across Ember and the system's `openssl` command:
 * for every RSA size and every digest both have, with keys made by either
 * side, Ember signs (pkey_dgst_sign, the code behind `ember dgst -sign`) and
 * `openssl dgst -verify` accepts, and the reverse (pkey_dgst_verify);
 * the same for DSA 1024 and 2048. Also the "Done when" CLI lines:
 * `ember genrsa 2048 | openssl rsa -check`, `ember rsa -pubout`, bad key
 * files. Skipped when the openssl binary is missing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ember/keys.h"
#include "pkeyutil.h"
#include "test.h"

static char dir[64];

static int have_openssl(void)
{
	return system("openssl version >/dev/null 2>&1") == 0;
}

static int sh(const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 1, 2)))
#endif
	;

#include <stdarg.h>

/* Runs a shell command (output discarded); returns its exit status. */
static int sh(const char *fmt, ...)
{
	char cmd[2048];
	va_list ap;
	int r;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	r = system(cmd);
	return WIFEXITED(r) ? WEXITSTATUS(r) : -1;
}

static const char *path(const char *name)
{
	static char buf[8][256];
	static int i;
	i = (i + 1) % 8;
	snprintf(buf[i], sizeof(buf[i]), "%s/%s", dir, name);
	return buf[i];
}

static int setup(void)
{
	if (!have_openssl()) {
		t_skip("openssl command not found: differential signatures skipped");
		return 0;
	}
	snprintf(dir, sizeof(dir), "/tmp/ember-pk-XXXXXX");
	if (mkdtemp(dir) == NULL)
		return 0;
	return 1;
}

static void teardown(void)
{
	sh("rm -rf '%s'", dir);
}

/* Writes a key (PKCS#8 private and SPKI public) to name.pem / name.pub. */
static int write_key(const ember_pkey *k, const char *name)
{
	static uint8_t buf[EMBER_PKEY_MAX_PEM];
	char file[64];
	size_t len;

	snprintf(file, sizeof(file), "%s.pem", name);
	if (ember_pkey_write(k, EMBER_PKEY_PKCS8, 1, buf, sizeof(buf), &len) != 0 ||
	    pkey_write_file("test", path(file), buf, len) != 0)
		return -1;
	snprintf(file, sizeof(file), "%s.pub", name);
	if (ember_pkey_write(k, EMBER_PKEY_SPKI, 1, buf, sizeof(buf), &len) != 0 ||
	    pkey_write_file("test", path(file), buf, len) != 0)
		return -1;
	return 0;
}

/* Digits at the end of |name| ("ember512" -> 512): the key size in bits. */
static unsigned name_bits(const char *name)
{
	while (*name && (*name < '0' || *name > '9'))
		name++;
	return (unsigned)strtoul(name, NULL, 10);
}

/* Both directions for key |name| (name.pem, name.pub exist) and digest |hash|. */
static void cross(const char *name, const char *hash, const uint8_t *data, size_t len)
{
	const ember_hash_desc *d = ember_hash_find(hash, NULL);
	char key[64], pub[64];
	int r;

	snprintf(key, sizeof(key), "%s.pem", name);
	snprintf(pub, sizeof(pub), "%s.pub", name);
	/*
	 * RFC 8017 9.2: the DigestInfo (19 bytes of prefix for SHA-2, 15 for
	 * SHA-1, plus the digest) and 11 bytes of padding must fit the modulus;
	 * a 512-bit key cannot carry SHA-384 or SHA-512, and both sides refuse.
	 */
	if (d != NULL && d->digest_len + (strcmp(hash, "sha1") == 0 ? 15 : 19) + 11 > name_bits(name) / 8) {
		int tok = t_stderr_capture();
		char *msg;
		r = pkey_dgst_sign(hash, path(key), path("sig.ember"), data, len);
		msg = t_stderr_release(tok);
		CHECK(r != 0, "%s %s: Ember signed with a modulus too small for the DigestInfo", name, hash);
		CHECK(msg != NULL && strstr(msg, "signing failed: invalid data length") != NULL && strchr(msg, '\n') &&
		          strchr(msg, '\n')[1] == 0,
		    "%s %s: the refusal is not one line 'signing failed: invalid data length': '%s'", name, hash,
		    msg ? msg : "");
		free(msg);
		CHECK(sh("openssl dgst -%s -sign '%s' -out '%s' '%s' 2>/dev/null", hash, path(key),
		          path("sig.ossl"), path("data")) != 0,
		    "%s %s: openssl signed with a modulus too small for the DigestInfo", name, hash);
		return;
	}
	/* Ember signs, OpenSSL verifies */
	r = pkey_dgst_sign(hash, path(key), path("sig.ember"), data, len);
	if (!CHECK(r == 0, "%s %s: ember sign", name, hash))
		return;
	CHECK(sh("openssl dgst -%s -verify '%s' -signature '%s' '%s' >/dev/null 2>&1", hash, path(pub),
	          path("sig.ember"), path("data")) == 0,
	    "%s %s: openssl does not verify Ember's signature", name, hash);
	/* OpenSSL signs, Ember verifies (with stdout quiet: it prints Verified OK) */
	if (!CHECK(sh("openssl dgst -%s -sign '%s' -out '%s' '%s' 2>/dev/null", hash, path(key), path("sig.ossl"),
	               path("data")) == 0,
	        "%s %s: openssl sign", name, hash))
		return;
	fflush(stdout);
	{
		FILE *saved = stdout;
		FILE *null = fopen("/dev/null", "w");
		if (null)
			stdout = null;
		r = pkey_dgst_verify(hash, path(pub), path("sig.ossl"), data, len);
		CHECK(r == 0, "%s %s: Ember does not verify OpenSSL's signature", name, hash);
		/* a changed message must fail */
		r = pkey_dgst_verify(hash, path(pub), path("sig.ossl"), data, len - 1);
		CHECK(r == 1, "%s %s: changed message verified", name, hash);
		if (null) {
			stdout = saved;
			fclose(null);
		}
	}
}

static const char *hashes[] = { "sha1", "sha224", "sha256", "sha384", "sha512" };

static void cross_all_hashes(const char *name, const uint8_t *data, size_t len, unsigned *skipped)
{
	size_t h;

	for (h = 0; h < sizeof(hashes) / sizeof(hashes[0]); h++) {
		if (ember_hash_find(hashes[h], NULL) == NULL) {
			(*skipped)++;
			continue;
		}
		cross(name, hashes[h], data, len);
	}
}

EMBER_TEST(pk_ossl_rsa)
{
	static const unsigned sizes[] = { 512, 1024, 2048, 3072, 4096 };
	uint8_t data[1000];
	unsigned skipped = 0;
	size_t i;

	if (!setup())
		return;
	t_rand_bytes(data, sizeof(data));
	pkey_write_file("test", path("data"), data, sizeof(data));
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		static ember_pkey k;
		char name[32];
		/* Ember's key: phase 1 all sizes (4096 once), phase 2 up to 2048 */
		if (t_phase == 2 && sizes[i] > 2048)
			continue;
		snprintf(name, sizeof(name), "ember%u", sizes[i]);
		memset(&k, 0, sizeof(k));
		if (!CHECK(ember_rsa_generate(&k.u.rsa, sizes[i], 65537) == 0, "generate %u", sizes[i]))
			continue;
		k.type = EMBER_PKEY_RSA;
		k.has_private = 1;
		CHECK(write_key(&k, name) == 0, "write %s", name);
		CHECK(sh("openssl rsa -in '%s/%s.pem' -check -noout >/dev/null 2>&1", dir, name) == 0,
		    "openssl rejects Ember's %u-bit key", sizes[i]);
		cross_all_hashes(name, data, sizeof(data), &skipped);
		ember_pkey_clear(&k);
		/* OpenSSL's key */
		snprintf(name, sizeof(name), "ossl%u", sizes[i]);
		if (sizes[i] >= 3072 && !t_full)
			continue; /* OpenSSL's own 3072/4096 keygen is slow: -full only */
		if (!CHECK(sh("openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:%u -out '%s/%s.pem' 2>/dev/null"
		               " && openssl pkey -in '%s/%s.pem' -pubout -out '%s/%s.pub' 2>/dev/null",
		               sizes[i], dir, name, dir, name, dir, name) == 0,
		        "openssl genpkey %u", sizes[i]))
			continue;
		cross_all_hashes(name, data, sizeof(data), &skipped);
	}
	if (skipped)
		t_note("%u key/digest pairs skipped: digest not in this build", skipped);
	teardown();
}

EMBER_TEST(pk_ossl_dsa)
{
	static const unsigned sizes[] = { 1024, 2048 };
	uint8_t data[333];
	unsigned skipped = 0;
	size_t i;

	if (!setup())
		return;
	t_rand_bytes(data, sizeof(data));
	pkey_write_file("test", path("data"), data, sizeof(data));
	for (i = 0; i < 2; i++) {
		static ember_pkey k;
		char name[32];
		int r;

		/* Ember's parameters and key */
		if (t_phase == 1 || sizes[i] == 1024) {
			snprintf(name, sizeof(name), "ember-dsa%u", sizes[i]);
			memset(&k, 0, sizeof(k));
			r = ember_dsa_generate_params(&k.u.dsa, sizes[i], sizes[i] == 1024 ? 160 : 256);
			if (CHECK(r == 0 && ember_dsa_generate_key(&k.u.dsa) == 0, "dsa %u params/key", sizes[i])) {
				k.type = EMBER_PKEY_DSA;
				k.has_private = 1;
				CHECK(write_key(&k, name) == 0, "write %s", name);
				CHECK(sh("openssl pkey -in '%s/%s.pem' -check -noout >/dev/null 2>&1", dir, name) == 0,
				    "openssl rejects Ember's DSA %u key", sizes[i]);
				cross_all_hashes(name, data, sizeof(data), &skipped);
			}
			ember_pkey_clear(&k);
		}
		/* OpenSSL's (parameter generation is slow for 2048: phase 1 only) */
		if (t_phase == 2 && sizes[i] == 2048)
			continue;
		snprintf(name, sizeof(name), "ossl-dsa%u", sizes[i]);
		if (!CHECK(sh("openssl genpkey -genparam -algorithm DSA -pkeyopt dsa_paramgen_bits:%u -out '%s/p.pem' 2>/dev/null"
		               " && openssl genpkey -paramfile '%s/p.pem' -out '%s/%s.pem' 2>/dev/null"
		               " && openssl pkey -in '%s/%s.pem' -pubout -out '%s/%s.pub' 2>/dev/null",
		               sizes[i], dir, dir, dir, name, dir, name, dir, name) == 0,
		        "openssl DSA %u", sizes[i]))
			continue;
		cross_all_hashes(name, data, sizeof(data), &skipped);
	}
	if (skipped)
		t_note("%u key/digest pairs skipped: digest not in this build", skipped);
	teardown();
}

/* The CLI: genrsa, rsa -pubout, and bad key files (one line, non-zero, no output file). */
EMBER_TEST(pk_cli)
{
	const char *e = t_ember_bin;

	if (e == NULL || access(e, X_OK) != 0) {
		t_skip("ember binary not given (-e)");
		return;
	}
	if (!setup())
		return;
	CHECK(sh("'%s' genrsa %u > '%s' 2>/dev/null", e, t_phase == 1 ? 2048u : 1024u, path("k.pem")) == 0, "genrsa");
	CHECK(sh("openssl rsa -in '%s' -check -noout >/dev/null 2>&1", path("k.pem")) == 0, "openssl rsa -check");
	CHECK(sh("grep -q 'BEGIN PRIVATE KEY' '%s'", path("k.pem")) == 0, "genrsa writes PKCS#8");
	CHECK(sh("'%s' rsa -in '%s' -pubout -out '%s' 2>/dev/null", e, path("k.pem"), path("pub.pem")) == 0, "rsa -pubout");
	CHECK(sh("openssl pkey -pubin -in '%s' -noout 2>/dev/null", path("pub.pem")) == 0, "openssl reads -pubout");
	CHECK(sh("'%s' rsa -in '%s' -text -noout > '%s' 2>/dev/null && openssl rsa -in '%s' -text -noout > '%s' 2>/dev/null"
	          " && cmp -s '%s' '%s'", e, path("k.pem"), path("t1"), path("k.pem"), path("t2"), path("t1"), path("t2")) == 0,
	    "-text differs from openssl's");
	/* bad files: truncated, garbage, oversized; one line on stderr, exit 1, no -out file */
	sh("head -c 200 '%s' > '%s'; echo garbage > '%s'; head -c 200000 /dev/zero > '%s'", path("k.pem"),
	    path("trunc.pem"), path("garbage.pem"), path("big.pem"));
	{
		const char *bad[] = { "trunc.pem", "garbage.pem", "big.pem", "missing.pem" };
		size_t i;
		for (i = 0; i < 4; i++) {
			CHECK(sh("'%s' rsa -in '%s' -out '%s' 2>'%s'", e, path(bad[i]), path("out.pem"), path("err")) == 1,
			    "%s: exit status", bad[i]);
			CHECK(sh("test $(wc -l < '%s') -eq 1 && grep -q '%s' '%s'", path("err"), bad[i], path("err")) == 0,
			    "%s: not one line naming the file", bad[i]);
			CHECK(access(path("out.pem"), F_OK) != 0, "%s: an output file was left", bad[i]);
			CHECK(sh("'%s' genrsa -out '%s' 99 2>/dev/null", e, path("out.pem")) == 1 &&
			          access(path("out.pem"), F_OK) != 0,
			    "genrsa bad size left a file");
		}
	}
	/* dgst via the tool functions: a bad key file makes no signature file */
	{
		int tok = t_stderr_capture(), r;
		char *msg;
		r = pkey_dgst_sign("sha256", path("garbage.pem"), path("sig"), (const uint8_t *)"x", 1);
		msg = t_stderr_release(tok);
		CHECK(r == 1 && access(path("sig"), F_OK) != 0, "dgst -sign with a bad key");
		CHECK(msg != NULL && strstr(msg, "garbage.pem: not a readable key") != NULL,
		    "dgst -sign with a bad key: message '%s'", msg ? msg : "");
		free(msg);
	}
	teardown();
}
