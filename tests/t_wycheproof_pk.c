/*
 * t_wycheproof_pk.c - Project Wycheproof public-key files from
 * ../shared/vectors/wycheproof/testvectors_v1: every rsa_signature_*,
 * rsa_pkcs1_*_sig_gen, rsa_pss_*, dsa_* and primality_test file (the last
 * through ember_prime_test, and through ember_prime_test_lucas with one
 * Miller-Rabin round, the DSA loader's test). Valid cases
 * must be accepted (sig_gen: reproduced exactly), invalid ones rejected;
 * acceptable ones are logged with the way Ember went. Keys are read from the
 * groups' DER (SubjectPublicKeyInfo) with Ember's own parser. Groups whose
 * digest is not in this build are skipped and counted. One line per file.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "ember/keys.h"
#include "test.h"

typedef struct tally {
	unsigned valid, invalid, acceptable, acc_yes, failures, skipped;
} tally;

static const ember_hash_desc *hash_of(const char *sha)
{
	char buf[32];
	size_t i, j = 0;

	if (sha == NULL)
		return NULL;
	for (i = 0; sha[i] && j + 1 < sizeof(buf); i++)
		if (sha[i] != '-' || (i > 6 && j >= 6)) /* SHA-512/224 keeps its inner dash */
			buf[j++] = (char)(sha[i] >= 'A' && sha[i] <= 'Z' ? sha[i] - 'A' + 'a' : sha[i]);
	buf[j] = 0;
	return ember_hash_find(buf, NULL);
}

static int hex_of(const tj *o, const char *key, uint8_t **p, size_t *n)
{
	const char *s = tj_str(o, key);
	if (s == NULL)
		return -1;
	return t_hex(s, p, n);
}

/* Records one case: |ok| is whether Ember accepted it. */
static void record(tally *t, const char *file, const tj *test, int ok)
{
	const char *res = tj_str(test, "result");
	long id = tj_int(test, "tcId", -1);

	if (res == NULL)
		return;
	if (strcmp(res, "valid") == 0) {
		t->valid++;
		if (!CHECK(ok, "%s tcId %ld (valid) rejected: %s", file, id, tj_str(test, "comment")))
			t->failures++;
	} else if (strcmp(res, "invalid") == 0) {
		t->invalid++;
		if (!CHECK(!ok, "%s tcId %ld (invalid) accepted: %s", file, id, tj_str(test, "comment")))
			t->failures++;
	} else {
		t->acceptable++;
		t->acc_yes += ok != 0;
	}
}

static void rsa_group(const char *file, const tj *g, int kind, tally *t)
{
	enum { PKCS1_VERIFY, PKCS1_GEN, PSS };
	const ember_hash_desc *hd = hash_of(tj_str(g, "sha"));
	const ember_hash_desc *mgf = kind == PSS ? hash_of(tj_str(g, "mgfSha")) : NULL;
	const tj *tests = tj_get(g, "tests");
	static ember_pkey key;
	ember_rsa_private_key *priv = &key.u.rsa;
	ember_rsa_public_key *pub = &key.u.rsa.pub;
	size_t i;

	if (tests == NULL)
		return;
	if (hd == NULL || (kind == PSS && mgf == NULL)) {
		t->skipped += (unsigned)tests->n;
		return;
	}
	if (kind == PKCS1_GEN) {
		const tj *pk = tj_get(g, "privateKey");
		uint8_t *n = NULL, *e = NULL, *d = NULL;
		size_t nl, el, dl;
		ember_rsa_components c;
		memset(&c, 0, sizeof(c));
		hex_of(pk, "modulus", &n, &nl);
		hex_of(pk, "publicExponent", &e, &el);
		hex_of(pk, "privateExponent", &d, &dl);
		c.n = n, c.n_len = nl, c.e = e, c.e_len = el, c.d = d, c.d_len = dl;
		if (!CHECK(ember_rsa_private_init(priv, &c) == 0, "%s: private key refused", file)) {
			t->failures++;
			free(n), free(e), free(d);
			return;
		}
		free(n), free(e), free(d);
	} else {
		uint8_t *der = NULL;
		size_t dl;
		int r;
		if (hex_of(g, "publicKeyDer", &der, &dl) != 0) {
			CHECK(0, "%s: group without publicKeyDer", file);
			return;
		}
		r = ember_pkey_read(&key, der, dl);
		free(der);
		if (r == EMBER_EKEYLEN) {
			t->skipped += (unsigned)tests->n; /* beyond EMBER_MAX_RSA_BITS */
			return;
		}
		if (!CHECK(r == 0 && key.type == EMBER_PKEY_RSA, "%s: SPKI refused (%d)", file, r)) {
			t->failures++;
			return;
		}
	}
	for (i = 0; i < tests->n; i++) {
		const tj *test = tests->items[i];
		uint8_t *msg = NULL, *sig = NULL, md[EMBER_MAX_DIGEST_LEN], out[EMBER_RSA_MAX_LEN];
		size_t ml, sl;
		int ok;

		if (hex_of(test, "msg", &msg, &ml) != 0 || hex_of(test, "sig", &sig, &sl) != 0) {
			CHECK(0, "%s tcId %ld: bad hex", file, tj_int(test, "tcId", -1));
			free(msg), free(sig);
			continue;
		}
		ember_hash(hd, md, msg, ml);
		if (kind == PKCS1_GEN) {
			ok = ember_rsa_pkcs1_sign(priv, hd, md, hd->digest_len, out, pub->len) == 0 && sl == pub->len &&
			     memcmp(out, sig, sl) == 0;
		} else if (kind == PSS) {
			ok = ember_rsa_pss_verify(pub, hd, mgf, (size_t)tj_int(g, "sLen", 0), md, hd->digest_len, sig,
			         sl) == 0;
		} else {
			ok = ember_rsa_pkcs1_verify(pub, hd, md, hd->digest_len, sig, sl) == 0;
		}
		record(t, file, test, ok);
		free(msg), free(sig);
	}
	ember_pkey_clear(&key);
}

static void dsa_group(const char *file, const tj *g, int p1363, tally *t)
{
	const ember_hash_desc *hd = hash_of(tj_str(g, "sha"));
	const tj *tests = tj_get(g, "tests");
	static ember_pkey key;
	uint8_t *der = NULL;
	size_t dl, i;
	int r;

	if (tests == NULL)
		return;
	if (hd == NULL) {
		t->skipped += (unsigned)tests->n;
		return;
	}
	if (hex_of(g, "publicKeyDer", &der, &dl) != 0) {
		CHECK(0, "%s: group without publicKeyDer", file);
		return;
	}
	r = ember_pkey_read(&key, der, dl);
	free(der);
	if (!CHECK(r == 0 && key.type == EMBER_PKEY_DSA, "%s: DSA SPKI refused (%d)", file, r)) {
		t->failures++;
		return;
	}
	for (i = 0; i < tests->n; i++) {
		const tj *test = tests->items[i];
		uint8_t *msg = NULL, *sig = NULL, md[EMBER_MAX_DIGEST_LEN], raw[EMBER_DSA_MAX_SIG_LEN];
		size_t ml, sl, n = 2 * key.u.dsa.qlen;
		int ok;

		if (hex_of(test, "msg", &msg, &ml) != 0 || hex_of(test, "sig", &sig, &sl) != 0) {
			CHECK(0, "%s tcId %ld: bad hex", file, tj_int(test, "tcId", -1));
			free(msg), free(sig);
			continue;
		}
		ember_hash(hd, md, msg, ml);
		if (p1363)
			ok = ember_dsa_verify(&key.u.dsa, md, hd->digest_len, sig, sl) == 0;
		else
			ok = ember_dsa_sig_from_der(sig, sl, raw, n) == 0 &&
			     ember_dsa_verify(&key.u.dsa, md, hd->digest_len, raw, n) == 0;
		record(t, file, test, ok);
		free(msg), free(sig);
	}
	ember_pkey_clear(&key);
}

static void primality(const char *file, const tj *g, tally *t)
{
	const tj *tests = tj_get(g, "tests");
	size_t i;

	for (i = 0; tests && i < tests->n; i++) {
		const tj *test = tests->items[i];
		uint8_t *v = NULL;
		size_t vl;
		ember_bn_word w[EMBER_BN_MAX_WORDS];
		int ok;

		if (hex_of(test, "value", &v, &vl) != 0) {
			CHECK(0, "%s tcId %ld: bad hex", file, tj_int(test, "tcId", -1));
			continue;
		}
		if (vl > 0 && (v[0] & 0x80)) {
			ok = 0; /* negative (two's complement): not a prime */
		} else if (ember_bn_from_bytes(w, EMBER_BN_MAX_WORDS, v, vl) != 0) {
			t->skipped++;
			free(v);
			continue;
		} else {
			ok = ember_prime_test(w, EMBER_BN_MAX_WORDS, 0) == 1;
			/* the DSA loader's test (one Miller-Rabin round, then Lucas) reaches the same verdict */
			{
				const char *res = tj_str(test, "result");
				int lucas = ember_prime_test_lucas(w, EMBER_BN_MAX_WORDS, 1) == 1;
				if (res != NULL && strcmp(res, "acceptable") != 0)
					CHECK(lucas == (strcmp(res, "valid") == 0), "%s tcId %ld: Miller-Rabin + Lucas says %s, want %s",
					    file, tj_int(test, "tcId", -1), lucas ? "prime" : "composite", res);
			}
		}
		record(t, file, test, ok);
		free(v);
	}
}

static void run_file(const char *dir, const char *name)
{
	char path[4096];
	tj *root;
	const tj *groups;
	tally t;
	size_t i;

	memset(&t, 0, sizeof(t));
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	root = tj_load(path);
	if (!CHECK(root != NULL, "%s: cannot parse", name))
		return;
	groups = tj_get(root, "testGroups");
	for (i = 0; groups && i < groups->n; i++) {
		const tj *g = groups->items[i];
		const char *type = tj_str(g, "type");
		if (type == NULL)
			continue;
		if (strcmp(type, "RsassaPkcs1Verify") == 0)
			rsa_group(name, g, 0, &t);
		else if (strcmp(type, "RsassaPkcs1Generate") == 0)
			rsa_group(name, g, 1, &t);
		else if (strcmp(type, "RsassaPssVerify") == 0)
			rsa_group(name, g, 2, &t);
		else if (strcmp(type, "DsaVerify") == 0)
			dsa_group(name, g, 0, &t);
		else if (strcmp(type, "DsaP1363Verify") == 0)
			dsa_group(name, g, 1, &t);
		else if (strcmp(type, "PrimalityTest") == 0)
			primality(name, g, &t);
	}
	tj_free(root);
	if (t.valid + t.invalid + t.acceptable == 0) {
		if (t.skipped)
			t_skip("%s: all %u cases skipped (digest not in this build)", name, t.skipped);
		else
			CHECK(0, "%s: no test read", name);
		return;
	}
	t_note("%s: %u valid, %u invalid, %u acceptable (%u accepted), %u skipped, %u failures", name, t.valid,
	    t.invalid, t.acceptable, t.acc_yes, t.skipped, t.failures);
}

static int wanted(const char *n)
{
	size_t len = strlen(n);

	if (len < 10 || strcmp(n + len - 10, "_test.json") != 0)
		return 0;
	return strncmp(n, "rsa_signature_", 14) == 0 ||
	       (strncmp(n, "rsa_pkcs1_", 10) == 0 && strstr(n, "_sig_gen_") != NULL) ||
	       strncmp(n, "rsa_pss_", 8) == 0 || strncmp(n, "dsa_", 4) == 0 || strcmp(n, "primality_test.json") == 0;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

EMBER_TEST(wycheproof_pk)
{
	const char *dir = t_path(t_shared_dir, "wycheproof/testvectors_v1");
	char *names[256];
	size_t n = 0, i;
	DIR *d;
	struct dirent *e;

	if (dir == NULL || (d = opendir(dir)) == NULL) {
		t_skip("Wycheproof vectors: ../shared/vectors/wycheproof/testvectors_v1 not found");
		return;
	}
	while ((e = readdir(d)) != NULL && n < 256)
		if (wanted(e->d_name))
			names[n++] = strdup(e->d_name);
	closedir(d);
	qsort(names, n, sizeof(names[0]), cmp_names);
	CHECK(n > 0, "no public-key Wycheproof file found in %s", dir);
	for (i = 0; i < n; i++) {
		/* the 4096-bit signing file is slow with its d-only key: phase 1 only */
		if (t_phase == 2 && !t_full && strstr(names[i], "4096_sig_gen"))
			t_skip("%s: phase 1 only (use -full)", names[i]);
		else
			run_file(dir, names[i]);
		free(names[i]);
	}
}
