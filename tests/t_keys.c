/*
 * t_keys.c - key files: DER/PEM write -> read -> write round trips in every
 * format for RSA and DSA keys; the strict parser against truncations, bit
 * flips, trailing garbage, indefinite and non-minimal lengths, non-minimal
 * and negative integers, encrypted PEM; DSA signature DER round trips;
 * password-protected keys through the tools' reader (its messages).
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ember/keys.h"
#include "pkeyutil.h"
#include "test.h"

static ember_pkey *rsa_key(void)
{
	static ember_pkey *k;

	if (k == NULL) {
		k = calloc(1, sizeof(*k));
		if (ember_rsa_generate(&k->u.rsa, 1024, 65537) != 0)
			return NULL;
		k->type = EMBER_PKEY_RSA;
		k->has_private = 1;
	}
	return k;
}

/* The RFC 6979 A.2.1 DSA key, from tests/vectors. */
static ember_pkey *dsa_key(void)
{
	static ember_pkey *k;
	t_vec v;

	if (k != NULL)
		return k;
	if (t_vec_open(&v, t_path(t_vec_dir, "dsa_rfc6979.txt")) != 0)
		return NULL;
	while (t_vec_next(&v)) {
		uint8_t *p, *q, *g, *x, *y;
		size_t pl, ql, gl, xl, yl;
		if (t_vec_get(&v, "DSAKey") == NULL)
			continue;
		t_vec_bytes(&v, "P", &p, &pl);
		t_vec_bytes(&v, "Q", &q, &ql);
		t_vec_bytes(&v, "G", &g, &gl);
		t_vec_bytes(&v, "X", &x, &xl);
		t_vec_bytes(&v, "Y", &y, &yl);
		k = calloc(1, sizeof(*k));
		if (ember_dsa_key_init(&k->u.dsa, p, pl, q, ql, g, gl, y, yl, x, xl) == 0) {
			k->type = EMBER_PKEY_DSA;
			k->has_private = 1;
		}
		free(p), free(q), free(g), free(x), free(y);
		break;
	}
	t_vec_close(&v);
	return k;
}

static void roundtrip(const ember_pkey *k, int format, const char *what)
{
	static uint8_t a[EMBER_PKEY_MAX_PEM], b[EMBER_PKEY_MAX_PEM];
	static ember_pkey back;
	size_t al, bl;
	int pem;

	for (pem = 0; pem <= 1; pem++) {
		int r = ember_pkey_write(k, format, pem, a, sizeof(a), &al);
		if (!CHECK(r == 0, "%s pem=%d: write %d", what, pem, r))
			continue;
		r = ember_pkey_read(&back, a, al);
		if (!CHECK(r == 0, "%s pem=%d: read back %d", what, pem, r))
			continue;
		CHECK(back.type == k->type, "%s: type", what);
		CHECK(back.has_private == (format != EMBER_PKEY_SPKI && !(format == EMBER_PKEY_PKCS1 && !k->has_private)),
		    "%s: has_private %d", what, back.has_private);
		r = ember_pkey_write(&back, format, pem, b, sizeof(b), &bl);
		CHECK(r == 0 && al == bl && memcmp(a, b, al) == 0, "%s pem=%d: second write differs", what, pem);
		/* too small an output buffer */
		CHECK(ember_pkey_write(k, format, pem, b, al - 1, &bl) == EMBER_ELEN, "%s: short buffer", what);
	}
}

EMBER_TEST(keys_roundtrip)
{
	ember_pkey *r = rsa_key(), *d = dsa_key();
	static ember_pkey pub;
	static uint8_t buf[EMBER_PKEY_MAX_PEM];
	size_t len;

	if (!CHECK(r != NULL && d != NULL, "test keys"))
		return;
	roundtrip(r, EMBER_PKEY_PKCS8, "rsa pkcs8");
	roundtrip(r, EMBER_PKEY_PKCS1, "rsa pkcs1");
	roundtrip(r, EMBER_PKEY_SPKI, "rsa spki");
	roundtrip(d, EMBER_PKEY_PKCS8, "dsa pkcs8");
	roundtrip(d, EMBER_PKEY_TRAD, "dsa trad");
	roundtrip(d, EMBER_PKEY_SPKI, "dsa spki");
	CHECK(ember_pkey_write(d, EMBER_PKEY_PKCS1, 0, buf, sizeof(buf), &len) == EMBER_ENOTSUP, "dsa pkcs1");
	/* a public key: public formats only */
	CHECK(ember_pkey_write(r, EMBER_PKEY_SPKI, 0, buf, sizeof(buf), &len) == 0 &&
	          ember_pkey_read(&pub, buf, len) == 0 && !pub.has_private,
	    "read public");
	roundtrip(&pub, EMBER_PKEY_PKCS1, "rsa public pkcs1");
	CHECK(ember_pkey_write(&pub, EMBER_PKEY_PKCS8, 0, buf, sizeof(buf), &len) == EMBER_ENOTSUP, "public pkcs8");
	/* the key read back signs and verifies */
	{
		static ember_pkey priv;
		uint8_t md[32] = { 1, 2, 3 }, sig[128];
		const ember_hash_desc *hd = ember_hash_find("sha256", NULL);
		CHECK(ember_pkey_write(r, EMBER_PKEY_PKCS1, 1, buf, sizeof(buf), &len) == 0 &&
		          ember_pkey_read(&priv, buf, len) == 0,
		    "pkcs1 pem");
		CHECK(ember_rsa_pkcs1_sign(&priv.u.rsa, hd, md, 32, sig, 128) == 0 &&
		          ember_rsa_pkcs1_verify(&pub.u.rsa.pub, hd, md, 32, sig, 128) == 0,
		    "sign with the key read back");
		ember_pkey_clear(&priv);
	}
}

/* Every truncation and many bit flips: an error or a key, never a crash. */
EMBER_TEST(keys_malformed)
{
	ember_pkey *r = rsa_key(), *d = dsa_key();
	static uint8_t der[EMBER_PKEY_MAX_DER], bad[EMBER_PKEY_MAX_DER + 16];
	static ember_pkey k;
	const ember_pkey *keys[2];
	size_t len, i, ki;
	unsigned accepted = 0;

	if (!CHECK(r != NULL && d != NULL, "test keys"))
		return;
	keys[0] = r;
	keys[1] = d;
	for (ki = 0; ki < 2; ki++) {
		int f;
		for (f = EMBER_PKEY_PKCS8; f <= EMBER_PKEY_SPKI; f++) {
			if (!CHECK(ember_pkey_write(keys[ki], f, 0, der, sizeof(der), &len) == 0, "write"))
				continue;
			for (i = 0; i < len; i++)
				CHECK(ember_pkey_read(&k, der, i) != 0, "key %zu format %d truncated to %zu accepted", ki, f, i);
			memcpy(bad, der, len);
			bad[len] = 0;
			CHECK(ember_pkey_read(&k, bad, len + 1) == EMBER_EDECODE, "trailing byte accepted");
			for (i = 0; i < (t_phase == 1 ? 300u : 60u); i++) {
				size_t bit = t_rand_below(len * 8);
				memcpy(bad, der, len);
				bad[bit / 8] ^= (uint8_t)(1 << (bit % 8));
				if (ember_pkey_read(&k, bad, len) == 0)
					accepted++; /* a flip inside a value may still give a valid key */
			}
		}
	}
	t_note("bit flips that still parsed as a valid key (inside integer values): %u", accepted);
	/* hand-made malformed encodings */
	{
		static const struct {
			const char *hex, *why;
		} cases[] = {
			{ "3080020100", "indefinite length" },
			{ "308105020100", "non-minimal length (0x81 for < 128)" },
			{ "30820003020100", "non-minimal length (2 bytes)" },
			{ "3003020200", "integer 00 alone is fine but truncated" },
			{ "300602020001020100", "non-minimal integer 00 01" },
			{ "30060202ff80020100", "negative integer" },
			{ "3f00", "high tag number" },
			{ "", "empty" },
			{ "30", "lone tag" },
			{ "3085ffffffffff", "huge length" },
		};
		for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
			uint8_t *b;
			size_t bl;
			if (t_hex(cases[i].hex, &b, &bl) != 0)
				continue;
			CHECK(ember_pkey_read(&k, b, bl) != 0, "%s accepted", cases[i].why);
			free(b);
		}
	}
	/* PEM: encrypted, bad base64, missing END, garbage */
	{
		static const char *pems[] = {
			"-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,00\n\nAAAA\n-----END RSA PRIVATE KEY-----\n",
			"-----BEGIN PRIVATE KEY-----\nMII*\n-----END PRIVATE KEY-----\n",
			"-----BEGIN PRIVATE KEY-----\nMIIB\n",
			"-----BEGIN PRIVATE KEY-----\nMA==MA==\n-----END PRIVATE KEY-----\n",
			"-----BEGIN ENCRYPTED PRIVATE KEY-----\nMAA=\n-----END ENCRYPTED PRIVATE KEY-----\n",
			"hello, world\n",
		};
		for (i = 0; i < sizeof(pems) / sizeof(pems[0]); i++)
			CHECK(ember_pkey_read(&k, (const uint8_t *)pems[i], strlen(pems[i])) != 0, "bad PEM %zu accepted", i);
	}
	ember_pkey_clear(&k);
}

EMBER_TEST(keys_dsa_sig_der)
{
	uint8_t sig[40], back[40], der[64];
	size_t len, i;

	for (i = 0; i < 50; i++) {
		t_rand_bytes(sig, sizeof(sig));
		if (i % 5 == 0)
			memset(sig, 0, 3); /* leading zeros */
		if (i % 7 == 0)
			sig[20] |= 0x80; /* s needs a sign byte */
		CHECK(ember_dsa_sig_to_der(sig, 40, der, sizeof(der), &len) == 0, "to_der");
		CHECK(ember_dsa_sig_from_der(der, len, back, 40) == 0 && memcmp(sig, back, 40) == 0, "from_der");
		CHECK(ember_dsa_sig_from_der(der, len - 1, back, 40) != 0, "truncated accepted");
	}
}

/* Reads a fixture of tests/fixtures/keys into a malloc'd buffer (NULL when absent). */
static uint8_t *fixture(const char *name, size_t *len)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/../fixtures/keys/%s", t_vec_dir, name);
	return t_read_path(path, len);
}

/* Writes |n| bytes to a scratch file and returns its path (NULL on error). */
static const char *scratch_file(const char *name, const uint8_t *p, size_t n)
{
	static char path[4096];

	if (t_scratch(path, sizeof(path), name) != 0 || t_write_file(path, p, n) != 0)
		return NULL;
	return path;
}

/* pkey_load_ex on |path| with standard input from /dev/null (never a terminal to prompt on); its stderr in *err. */
static int load_quiet(const char *path, const char *passin, int has_passin, ember_pkey *k, char **err)
{
	pkey_in in;
	int tok, saved = dup(0), null = open("/dev/null", O_RDONLY), r;

	memset(&in, 0, sizeof(in));
	in.passin = passin;
	in.has_passin = has_passin;
	if (null >= 0) {
		dup2(null, 0);
		close(null);
	}
	tok = t_stderr_capture();
	r = pkey_load_ex("rsa", path, &in, k);
	*err = t_stderr_release(tok);
	if (saved >= 0) {
		dup2(saved, 0);
		close(saved);
	}
	return r;
}

static int one_line(const char *s)
{
	return s != NULL && s[0] != 0 && strchr(s, '\n') == s + strlen(s) - 1;
}

/*
 * Password-protected keys through the tools' reader (pkey_load_ex, behind
 * every key command): read with -passin; a wrong passphrase is one line
 * "bad decrypt or wrong passphrase" naming the file; no -passin with
 * standard input not a terminal is one line naming the file and saying
 * what to do (-passin, or for a command without it, ember pkey); every
 * truncation of the DER fixture is one line, never a key.
 */
EMBER_TEST(keys_encrypted)
{
	static const char *const names[] = { "rsa-encrypted-pkcs8.pem", "rsa-encrypted-traditional.pem",
		"rsa-encrypted-pkcs8.der" };
	static ember_pkey k;
	size_t i, len, n;
	char *err;
	int r, hits;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		uint8_t *buf = fixture(names[i], &len);
		const char *path;
		if (!CHECK(buf != NULL, "cannot read the fixture %s", names[i]))
			continue;
		path = scratch_file(names[i], buf, len);
		if (!CHECK(path != NULL, "cannot write a scratch copy of %s", names[i])) {
			free(buf);
			continue;
		}
		r = ember_pkey_read(&k, buf, len);
		CHECK(r == EMBER_ENOTSUP, "%s: read without a passphrase (%d)", names[i], r);
		r = load_quiet(path, "pass:x", 1, &k, &err);
		CHECK(r == 0 && k.has_private && k.type == EMBER_PKEY_RSA && err != NULL && err[0] == 0,
		    "%s: not read with -passin pass:x: '%s'", names[i], err ? err : "");
		free(err);
		r = load_quiet(path, "pass:y", 1, &k, &err);
		CHECK(r == 1 && one_line(err) && strstr(err, path) != NULL &&
		          strstr(err, "bad decrypt or wrong passphrase") != NULL,
		    "%s: wrong passphrase: '%s'", names[i], err ? err : "");
		free(err);
		r = load_quiet(path, NULL, 1, &k, &err);
		CHECK(r == 1 && one_line(err) && strstr(err, path) != NULL && strstr(err, "-passin") != NULL &&
		          strstr(err, "not a terminal") != NULL,
		    "%s: no -passin: '%s'", names[i], err ? err : "");
		free(err);
		r = load_quiet(path, NULL, 0, &k, &err);
		CHECK(r == 1 && one_line(err) && strstr(err, path) != NULL && strstr(err, "ember pkey -in") != NULL,
		    "%s: a command without -passin: '%s'", names[i], err ? err : "");
		free(err);
		if (buf[0] == 0x30) {
			/* every truncation is refused in one line (the outer length must fit), never read past its end */
			for (n = 0, hits = 0; n < len; n++) {
				path = scratch_file("cut.der", buf, n);
				r = load_quiet(path, "pass:x", 1, &k, &err);
				hits += r == 0 || !one_line(err);
				free(err);
			}
			CHECK(hits == 0, "%s: %d of %zu truncations read or not refused in one line", names[i], hits, len);
		}
		free(buf);
	}
	ember_pkey_clear(&k);
}
