/*
 * t_des_shared.c - DES, DES-EDE3, Blowfish, CAST5 and MDC-2 against the
 * third-party vectors in ../shared/vectors (skipped when absent):
 *
 *   nist/tdes/T{ECB,CBC}*.rsp   NIST CAVP TDES: KAT files (KEYs = single
 *                               DES, also run as EDE3 with K1 = K2 = K3),
 *                               MMT1 (K1 = K2 = K3: single DES too), MMT2 and
 *                               MMT3 (EDE3); ECB and CBC, both sections
 *   kat/blowfish.txt            Schneier/Young: ecb, set_key (1..24-byte keys),
 *                               cbc; cfb64/ofb64 lines are counted and skipped
 *                               (only ECB and CBC are implemented)
 *   kat/cast128.txt             RFC 2144 B.1 and the B.2 maintenance test
 *                               (1,000,000 iterations; phase 1 only)
 *   openssl-evp/evpciph_{des,des3_common,bf,cast5}.txt
 *                               the ECB and CBC entries
 *   kat/mdc2.txt                OpenSSL's MDC-2 examples, pad types 1 and 2
 *
 * plus the project's own MDC-2 pad-type stanzas (tests/vectors/mdc2.txt,
 * "Mdc2PadType =") and checks of the per-algorithm calls of cipher.h.
 * Every vector is run in both directions through every implementation.
 */
#include <stdlib.h>
#include <string.h>

#include "cipher/des_core.h"
#include "ember/cipher.h"
#include "ember/hash.h"
#include "test.h"

/* The shared folder, or NULL after recording a skip. */
static const char *shared(const char *what)
{
	if (t_shared_dir == NULL || !t_dir_exists(t_shared_dir)) {
		t_skip("%s: third-party vectors not found (../shared/vectors)", what);
		return NULL;
	}
	return t_shared_dir;
}

/*
 * Encrypts |pt| and decrypts |ct| (|len| bytes) with every supported
 * implementation of |alg|; |iv| is used for CBC. Returns 1 when all agree.
 */
static int run_vec(const char *alg, int mode, const uint8_t *key, size_t key_len, const uint8_t *iv,
    const uint8_t *pt, const uint8_t *ct, size_t len, const char *where)
{
	uint8_t *out = malloc(len ? len : 1);
	int ok = 1, found = 0, dir;
	size_t i;

	for (i = 0; i < ember_block_count(); i++) {
		const ember_block_desc *d = ember_block_at(i);

		if (strcmp(d->name, alg) != 0 || !ember_block_supported(d))
			continue;
		found = 1;
		for (dir = 0; dir < 2; dir++) {
			ember_cipher_ctx c;
			int err = ember_cipher_init(&c, d, mode, key, key_len, 0, iv, dir);

			if (!CHECK(err == 0, "%s: %s/%s init failed (%d)", where, alg, d->impl, err)) {
				ok = 0;
				continue;
			}
			err = ember_cipher_update(&c, out, dir ? ct : pt, len);
			ember_cipher_clear(&c);
			if (!CHECK(err == 0 && memcmp(out, dir ? pt : ct, len) == 0, "%s: %s/%s %s got %s",
			        where, alg, d->impl, dir ? "decrypt" : "encrypt", t_tohex(out, len)))
				ok = 0;
		}
	}
	if (!CHECK(found, "%s: no implementation of %s", where, alg))
		ok = 0;
	free(out);
	return ok;
}

/* Fetches hex field |key| (NULL if absent or malformed; free it). */
static uint8_t *field(const t_vec *v, const char *key, size_t *len)
{
	uint8_t *p = NULL;

	if (t_vec_get(v, key) == NULL || t_vec_bytes(v, key, &p, len) != 0)
		return NULL;
	return p;
}

/* ---- NIST CAVP TDES ---- */

static const char *const tdes_files[] = {
	"invperm", "permop", "subtab", "varkey", "vartext", "MMT1", "MMT2", "MMT3"
};

static void tdes_file(const char *dir, const char *name, int mode)
{
	char path[4096], where[4200];
	unsigned long n = 0, single = 0;
	t_vec v;

	snprintf(path, sizeof(path), "%s/nist/tdes/%s", dir, name);
	if (!CHECK(t_vec_open(&v, path) == 0, "cannot open %s", path))
		return;
	while (t_vec_next(&v)) {
		uint8_t *k1 = NULL, *k2 = NULL, *k3 = NULL, *iv = NULL, *pt = NULL, *ct = NULL;
		size_t l1 = 0, l2 = 0, l3 = 0, ivl = 0, ptl = 0, ctl = 0;
		uint8_t key3[24];

		if (t_vec_get(&v, "COUNT") == NULL)
			continue;
		snprintf(where, sizeof(where), "%s:%u [%s]", name, v.line, v.section);
		pt = field(&v, "PLAINTEXT", &ptl);
		ct = field(&v, "CIPHERTEXT", &ctl);
		if (t_vec_get(&v, "KEYs") != NULL) {
			k1 = field(&v, "KEYs", &l1);
			k2 = field(&v, "KEYs", &l2);
			k3 = field(&v, "KEYs", &l3);
		} else {
			k1 = field(&v, "KEY1", &l1);
			k2 = field(&v, "KEY2", &l2);
			k3 = field(&v, "KEY3", &l3);
		}
		if (mode == EMBER_MODE_CBC)
			iv = field(&v, "IV", &ivl);
		if (!CHECK(pt && ct && k1 && k2 && k3 && ptl == ctl && ptl % 8 == 0 && l1 == 8 && l2 == 8 &&
		               l3 == 8 && (mode != EMBER_MODE_CBC || (iv && ivl == 8)),
		        "%s: malformed record", where))
			goto next;
		memcpy(key3, k1, 8);
		memcpy(key3 + 8, k2, 8);
		memcpy(key3 + 16, k3, 8);
		run_vec("des-ede3", mode, key3, 24, iv, pt, ct, ptl, where);
		if (memcmp(k1, k2, 8) == 0 && memcmp(k2, k3, 8) == 0) {
			run_vec("des", mode, k1, 8, iv, pt, ct, ptl, where);
			single++;
		}
		n++;
	next:
		free(k1);
		free(k2);
		free(k3);
		free(iv);
		free(pt);
		free(ct);
	}
	t_vec_close(&v);
	t_note("%s: %lu vectors (%lu also as single DES)", name, n, single);
	CHECK(n > 0, "%s: no vectors read", name);
}

EMBER_TEST(des_nist_tdes)
{
	const char *dir = shared("NIST TDES");
	size_t i;

	if (dir == NULL)
		return;
	for (i = 0; i < sizeof(tdes_files) / sizeof(tdes_files[0]); i++) {
		char name[64];
		snprintf(name, sizeof(name), "TECB%s.rsp", tdes_files[i]);
		tdes_file(dir, name, EMBER_MODE_ECB);
		snprintf(name, sizeof(name), "TCBC%s.rsp", tdes_files[i]);
		tdes_file(dir, name, EMBER_MODE_CBC);
	}
}

/* ---- kat/ line files: Blowfish and CAST-128 ---- */

static void kat_block_file(const char *dir, const char *file, const char *alg)
{
	char path[4096], where[4200];
	unsigned long n = 0, skipped = 0, maint = 0;
	t_vec v;

	snprintf(path, sizeof(path), "%s/kat/%s", dir, file);
	if (!CHECK(t_vec_open(&v, path) == 0, "cannot open %s", path))
		return;
	while (t_kat_next(&v)) {
		const char *mode = t_vec_get(&v, "mode"), *test = t_vec_get(&v, "test");
		uint8_t *key = NULL, *iv = NULL, *pt = NULL, *ct = NULL;
		size_t kl = 0, ivl = 0, ptl = 0, ctl = 0;
		int m;

		snprintf(where, sizeof(where), "%s:%u", file, v.line);
		if (test != NULL) {
			maint++; /* handled by the maintenance unit below */
			continue;
		}
		if (mode == NULL || (strcmp(mode, "ecb") != 0 && strcmp(mode, "cbc") != 0)) {
			skipped++;
			continue;
		}
		m = strcmp(mode, "cbc") == 0 ? EMBER_MODE_CBC : EMBER_MODE_ECB;
		key = field(&v, "key", &kl);
		pt = field(&v, "pt", &ptl);
		ct = field(&v, "ct", &ctl);
		if (m == EMBER_MODE_CBC)
			iv = field(&v, "iv", &ivl);
		if (CHECK(key && pt && ct && ptl == ctl && ptl % 8 == 0 && (m == EMBER_MODE_ECB || ivl == 8),
		        "%s: malformed line", where)) {
			run_vec(alg, m, key, kl, iv, pt, ct, ptl, where);
			n++;
		}
		free(key);
		free(iv);
		free(pt);
		free(ct);
	}
	t_vec_close(&v);
	t_note("%s: %lu vectors; %lu cfb64/ofb64 skipped (only ECB and CBC here); %lu maintenance",
	    file, n, skipped, maint);
	CHECK(n > 0, "%s: no vectors read", file);
}

EMBER_TEST(bf_kat)
{
	const char *dir = shared("Blowfish kat");

	if (dir != NULL)
		kat_block_file(dir, "blowfish.txt", "bf");
}


/*
 * RFC 2144 B.2: a = b = the 128-bit key; |iterations| times encrypt both
 * halves of a under key b, then both halves of b under key a.
 */
static void cast5_maintenance(const char *dir)
{
	char path[4096];
	unsigned long n = 0;
	t_vec v;

	snprintf(path, sizeof(path), "%s/kat/cast128.txt", dir);
	if (!CHECK(t_vec_open(&v, path) == 0, "cannot open %s", path))
		return;
	while (t_kat_next(&v)) {
		const char *test = t_vec_get(&v, "test"), *its = t_vec_get(&v, "iterations");
		uint8_t *a = NULL, *b = NULL, *ao = NULL, *bo = NULL;
		size_t al = 0, bl = 0, aol = 0, bol = 0;
		unsigned long i, count;
		ember_cast5_ctx c;

		if (test == NULL || strcmp(test, "maintenance") != 0 || its == NULL)
			continue;
		count = strtoul(its, NULL, 10);
		a = field(&v, "a", &al);
		b = field(&v, "b", &bl);
		ao = field(&v, "a_out", &aol);
		bo = field(&v, "b_out", &bol);
		if (CHECK(a && b && ao && bo && al == 16 && bl == 16 && aol == 16 && bol == 16,
		        "cast128.txt:%u: malformed maintenance line", v.line)) {
			for (i = 0; i < count; i++) {
				ember_cast5_set_key(&c, b, 16);
				ember_cast5_ecb_encrypt(&c, a, a, 2);
				ember_cast5_set_key(&c, a, 16);
				ember_cast5_ecb_encrypt(&c, b, b, 2);
			}
			ember_cast5_clear(&c);
			CHECK(memcmp(a, ao, 16) == 0, "maintenance: a = %s", t_tohex(a, 16));
			CHECK(memcmp(b, bo, 16) == 0, "maintenance: b = %s", t_tohex(b, 16));
			n++;
		}
		free(a);
		free(b);
		free(ao);
		free(bo);
	}
	t_vec_close(&v);
	t_note("cast128.txt: %lu maintenance test(s), %s iterations", n, n ? "1,000,000" : "no");
	CHECK(n > 0, "cast128.txt: no maintenance test read");
}

/* The maintenance test takes about a second: phase 1 only (one implementation). */
EMBER_TEST(cast5_kat)
{
	const char *dir = shared("CAST-128 kat");

	if (dir == NULL)
		return;
	kat_block_file(dir, "cast128.txt", "cast5");
	if (t_phase == 1)
		cast5_maintenance(dir);
	else
		t_note("cast128.txt: maintenance test run in phase 1 only");
}

/* ---- OpenSSL evp_test cipher files: the ECB and CBC entries ---- */

static void evp_file(const char *dir, const char *file)
{
	char path[4096], where[4200];
	unsigned long n = 0, skipped = 0;
	t_vec v;

	snprintf(path, sizeof(path), "%s/openssl-evp/%s", dir, file);
	if (!CHECK(t_vec_open(&v, path) == 0, "cannot open %s", path))
		return;
	while (t_vec_next(&v)) {
		const char *name = t_vec_get(&v, "Cipher");
		const ember_cipher_spec *s;
		uint8_t *key = NULL, *iv = NULL, *pt = NULL, *ct = NULL;
		size_t kl = 0, ivl = 0, ptl = 0, ctl = 0;

		if (name == NULL)
			continue;
		s = ember_cipher_spec_find(name);
		if (s == NULL || (s->mode != EMBER_MODE_ECB && s->mode != EMBER_MODE_CBC) ||
		    t_vec_get(&v, "Result") != NULL) {
			skipped++; /* CFB, OFB, DESX, two-key EDE ... or an expected failure */
			continue;
		}
		snprintf(where, sizeof(where), "%s:%u %s", file, v.line, name);
		key = field(&v, "Key", &kl);
		pt = field(&v, "Plaintext", &ptl);
		ct = field(&v, "Ciphertext", &ctl);
		if (s->mode == EMBER_MODE_CBC)
			iv = field(&v, "IV", &ivl);
		if (CHECK(key && pt && ct && ptl == ctl && ptl % 8 == 0 && (s->mode == EMBER_MODE_ECB || ivl == 8),
		        "%s: malformed stanza", where)) {
			run_vec(s->alg, s->mode, key, kl, iv, pt, ct, ptl, where);
			n++;
		}
		free(key);
		free(iv);
		free(pt);
		free(ct);
	}
	t_vec_close(&v);
	t_note("%s: %lu ECB/CBC vectors, %lu other entries skipped", file, n, skipped);
	CHECK(n > 0, "%s: no vectors read", file);
}

EMBER_TEST(des_bf_cast5_evp)
{
	const char *dir = shared("OpenSSL evp cipher files");

	if (dir == NULL)
		return;
	evp_file(dir, "evpciph_des.txt");
	evp_file(dir, "evpciph_des3_common.txt");
	evp_file(dir, "evpciph_bf.txt");
	evp_file(dir, "evpciph_cast5.txt");
}

/* ---- MDC-2 with both pad types ---- */

static int mdc2_check(const uint8_t *msg, size_t len, unsigned pad, const uint8_t *md, const char *where)
{
	ember_mdc2_ctx c;
	uint8_t out[EMBER_MDC2_LEN];
	size_t split = len / 3;

	ember_mdc2_init(&c);
	c.pad_type = pad;
	ember_mdc2_update(&c, msg, split);
	ember_mdc2_update(&c, msg + split, len - split);
	ember_mdc2_final(&c, out);
	return CHECK(memcmp(out, md, EMBER_MDC2_LEN) == 0, "%s: mdc2 pad %u got %s", where, pad,
	    t_tohex(out, EMBER_MDC2_LEN));
}

EMBER_TEST(mdc2_padding)
{
	const char *dir;
	char path[4096], where[4200];
	unsigned long n = 0;
	t_vec v;

	/* Our own stanzas: "Mdc2PadType = 1|2", Msg, Digest. */
	snprintf(path, sizeof(path), "%s/mdc2.txt", t_vec_dir);
	if (CHECK(t_vec_open(&v, path) == 0, "cannot open %s", path)) {
		while (t_vec_next(&v)) {
			const char *pad = t_vec_get(&v, "Mdc2PadType");
			uint8_t *msg = NULL, *md = NULL;
			size_t ml = 0, mdl = 0;

			if (pad == NULL)
				continue;
			snprintf(where, sizeof(where), "mdc2.txt:%u", v.line);
			msg = field(&v, "Msg", &ml);
			md = field(&v, "Digest", &mdl);
			if (CHECK(msg && md && mdl == EMBER_MDC2_LEN, "%s: malformed stanza", where)) {
				mdc2_check(msg, ml, (unsigned)strtoul(pad, NULL, 10), md, where);
				n++;
			}
			free(msg);
			free(md);
		}
		t_vec_close(&v);
		t_note("tests/vectors/mdc2.txt: %lu pad-type vectors", n);
		CHECK(n > 0, "mdc2.txt: no Mdc2PadType stanzas");
	}

	dir = shared("MDC-2 kat");
	if (dir == NULL)
		return;
	n = 0;
	snprintf(path, sizeof(path), "%s/kat/mdc2.txt", dir);
	if (!CHECK(t_vec_open(&v, path) == 0, "cannot open %s", path))
		return;
	while (t_kat_next(&v)) {
		const char *pad = t_vec_get(&v, "pad");
		uint8_t *msg = NULL, *md = NULL;
		size_t ml = 0, mdl = 0;

		snprintf(where, sizeof(where), "kat/mdc2.txt:%u", v.line);
		msg = field(&v, "msg", &ml);
		md = field(&v, "md", &mdl);
		if (CHECK(msg && md && mdl == EMBER_MDC2_LEN, "%s: malformed line", where)) {
			mdc2_check(msg, ml, pad ? (unsigned)strtoul(pad, NULL, 10) : 1, md, where);
			n++;
		}
		free(msg);
		free(md);
	}
	t_vec_close(&v);
	t_note("kat/mdc2.txt: %lu vectors", n);
	CHECK(n > 0, "kat/mdc2.txt: no vectors read");
}

/* ---- The per-algorithm calls of cipher.h ---- */

/*
 * Key-length checks, and CBC in two calls (IV chaining) against one call
 * and against ECB composed by hand, for each of the four ciphers.
 */
#define API_CHECK(NAME, ctx_t, set_key, ecb_enc, ecb_dec, cbc_enc, cbc_dec, clear, good, bad) \
	do {                                                                               \
		ctx_t c;                                                                   \
		uint8_t key[64], iv[8], iv2[8], pt[64], a[64], b[64], x[8];                \
		size_t i, j;                                                               \
		t_rand_bytes(key, sizeof(key));                                            \
		t_rand_bytes(iv, sizeof(iv));                                              \
		t_rand_bytes(pt, sizeof(pt));                                              \
		CHECK(set_key(&c, key, bad) == EMBER_EKEYLEN, NAME ": %u-byte key accepted", \
		    (unsigned)(bad));                                                      \
		CHECK(set_key(&c, key, good) == 0, NAME ": %u-byte key refused", (unsigned)(good)); \
		memcpy(iv2, iv, 8);                                                        \
		cbc_enc(&c, iv2, a, pt, 3);                                                \
		cbc_enc(&c, iv2, a + 24, pt + 24, 5);                                      \
		memcpy(x, iv, 8);                                                          \
		for (i = 0; i < 8; i++) {                                                  \
			for (j = 0; j < 8; j++)                                            \
				x[j] ^= pt[8 * i + j];                                     \
			ecb_enc(&c, x, x, 1);                                              \
			memcpy(b + 8 * i, x, 8);                                           \
		}                                                                          \
		CHECK(memcmp(a, b, 64) == 0, NAME ": CBC in two calls differs from ECB chaining"); \
		CHECK(memcmp(iv2, a + 56, 8) == 0, NAME ": CBC does not leave the last block in iv"); \
		memcpy(iv2, iv, 8);                                                        \
		cbc_dec(&c, iv2, b, a, 5);                                                 \
		cbc_dec(&c, iv2, b + 40, a + 40, 3);                                       \
		CHECK(memcmp(b, pt, 64) == 0, NAME ": CBC decryption in two calls");       \
		ecb_enc(&c, a, pt, 8);                                                     \
		ecb_dec(&c, b, a, 8);                                                      \
		CHECK(memcmp(b, pt, 64) == 0, NAME ": ECB decryption");                    \
		clear(&c);                                                                 \
	} while (0)

EMBER_TEST(des_bf_cast5_api)
{
	/* The one-block calls of the shared DES core (des_core.h) against ECB. */
	{
		uint32_t ks[32];
		ember_des_ctx c;
		uint8_t key[8], pt[8], a[8], b[8];

		t_rand_bytes(key, sizeof(key));
		t_rand_bytes(pt, sizeof(pt));
		ember_des_key_schedule(ks, key);
		ember_des_set_key(&c, key, 8);
		ember_des_encrypt_block(ks, a, pt);
		ember_des_ecb_encrypt(&c, b, pt, 1);
		CHECK(memcmp(a, b, 8) == 0, "des core: one-block encryption differs from ECB");
		ember_des_decrypt_block(ks, b, a);
		CHECK(memcmp(b, pt, 8) == 0, "des core: one-block decryption does not invert");
		ember_des_clear(&c);
	}
	API_CHECK("des", ember_des_ctx, ember_des_set_key, ember_des_ecb_encrypt, ember_des_ecb_decrypt,
	    ember_des_cbc_encrypt, ember_des_cbc_decrypt, ember_des_clear, 8, 7);
	API_CHECK("des-ede3", ember_des_ede3_ctx, ember_des_ede3_set_key, ember_des_ede3_ecb_encrypt,
	    ember_des_ede3_ecb_decrypt, ember_des_ede3_cbc_encrypt, ember_des_ede3_cbc_decrypt,
	    ember_des_ede3_clear, 24, 16);
	API_CHECK("bf", ember_bf_ctx, ember_bf_set_key, ember_bf_ecb_encrypt, ember_bf_ecb_decrypt,
	    ember_bf_cbc_encrypt, ember_bf_cbc_decrypt, ember_bf_clear, 1 + t_rand_below(56), 57);
	API_CHECK("bf", ember_bf_ctx, ember_bf_set_key, ember_bf_ecb_encrypt, ember_bf_ecb_decrypt,
	    ember_bf_cbc_encrypt, ember_bf_cbc_decrypt, ember_bf_clear, 56, 0);
	API_CHECK("cast5", ember_cast5_ctx, ember_cast5_set_key, ember_cast5_ecb_encrypt,
	    ember_cast5_ecb_decrypt, ember_cast5_cbc_encrypt, ember_cast5_cbc_decrypt, ember_cast5_clear,
	    5 + t_rand_below(12), 4);
	API_CHECK("cast5", ember_cast5_ctx, ember_cast5_set_key, ember_cast5_ecb_encrypt,
	    ember_cast5_ecb_decrypt, ember_cast5_cbc_encrypt, ember_cast5_cbc_decrypt, ember_cast5_clear,
	    16, 17);
}
