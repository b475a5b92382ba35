/*
 * t_gcm.c - AES-GCM and GMAC (SP 800-38D), every supported composition
 * ("aes-gcm" descriptors), through the per-algorithm calls
 * (ember_aes_gcm_*, on a context keyed by the descriptor) and the generic
 * layer (ember_aead_*):
 *   gcm_wycheproof   aes_gcm_test.json: valid ones pass; the 0-bit IVs are
 *                    EMBER_ENONCE, modified tags EMBER_EVERIFY (out zeroed);
 *                    IVs over EMBER_AEAD_MAX_NONCE_LEN pass the per-algorithm
 *                    calls and are EMBER_ENONCE in the generic layer
 *   gcm_gmac_wycheproof  aes_gmac_test.json, ember_aes_gmac and _verify
 *   gcm_evp          OpenSSL's evpciph_aes_common.txt GCM stanzas
 *   gcm_ref          against a bit-by-bit model of the specification, on
 *                    random lengths, IVs, tags (8 and 4 bytes allowed), and
 *                    IVs built so that the 32-bit counter wraps inside the
 *                    message: runs everywhere, libcrypto or not
 *   gcm_ossl         against the system libcrypto: every length 0..300, random
 *                    longer ones, random AAD, IVs, tag lengths, in place
 *   gcm_bad_input    every refusal of aead.h, out untouched
 *   gcm_registry     ember_aes_gcm_set_key keys the registry's default
 */
#include <stdlib.h>
#include <string.h>

#include "aeadutil.h"
#include "ember/aead.h"
#include "ember/cipher.h"
#include "test.h"

/* ---- a model: SP 800-38D's algorithms as written, AES through aes_ct ---- */

/* X = X * Y in GF(2^128), SP 800-38D 6.3 Algorithm 1 */
static void ref_mul(uint8_t x[16], const uint8_t y[16])
{
	uint8_t z[16] = { 0 }, v[16];
	unsigned i, j, lsb;

	memcpy(v, y, 16);
	for (i = 0; i < 128; i++) {
		if ((x[i / 8] >> (7 - i % 8)) & 1)
			for (j = 0; j < 16; j++)
				z[j] ^= v[j];
		lsb = v[15] & 1;
		for (j = 15; j > 0; j--)
			v[j] = (uint8_t)(v[j] >> 1 | v[j - 1] << 7);
		v[0] >>= 1;
		if (lsb)
			v[0] ^= 0xe1;
	}
	memcpy(x, z, 16);
}

/* y over |len| bytes, zero-padded */
static void ref_ghash(uint8_t y[16], const uint8_t h[16], const uint8_t *p, size_t len)
{
	size_t i, j;

	for (i = 0; i < len; i += 16) {
		for (j = 0; j < 16 && i + j < len; j++)
			y[j] ^= p[i + j];
		ref_mul(y, h);
	}
}

static void ref_lens(uint8_t b[16], uint64_t a, uint64_t c)
{
	unsigned i;

	for (i = 0; i < 8; i++) {
		b[i] = (uint8_t)((a * 8) >> (56 - 8 * i));
		b[8 + i] = (uint8_t)((c * 8) >> (56 - 8 * i));
	}
}

static void ref_j0(uint8_t j0[16], const uint8_t h[16], const uint8_t *iv, size_t iv_len)
{
	uint8_t lb[16];

	memset(j0, 0, 16);
	if (iv_len == 12) {
		memcpy(j0, iv, 12);
		j0[15] = 1;
		return;
	}
	ref_ghash(j0, h, iv, iv_len);
	ref_lens(lb, 0, iv_len);
	ref_ghash(j0, h, lb, 16);
}

/* SP 800-38D 7.1, out = ciphertext, tag = all 16 bytes */
static void ref_gcm(const uint8_t *key, size_t key_len, const uint8_t *iv, size_t iv_len, const uint8_t *aad,
    size_t aad_len, const uint8_t *in, size_t len, uint8_t *out, uint8_t tag[16])
{
	ember_aes_ctx a;
	uint8_t h[16] = { 0 }, j0[16], cb[16], ks[16], y[16] = { 0 }, lb[16];
	size_t i, j;
	uint32_t c;

	ember_aes_ct_set_key(&a, key, key_len);
	ember_aes_ecb_encrypt(&a, h, h, 16);
	ref_j0(j0, h, iv, iv_len);
	memcpy(cb, j0, 16);
	for (i = 0; i < len; i += 16) {
		c = (uint32_t)cb[12] << 24 | (uint32_t)cb[13] << 16 | (uint32_t)cb[14] << 8 | cb[15];
		c++;
		cb[12] = (uint8_t)(c >> 24), cb[13] = (uint8_t)(c >> 16), cb[14] = (uint8_t)(c >> 8), cb[15] = (uint8_t)c;
		ember_aes_ecb_encrypt(&a, ks, cb, 16);
		for (j = 0; j < 16 && i + j < len; j++)
			out[i + j] = in[i + j] ^ ks[j];
	}
	ref_ghash(y, h, aad, aad_len);
	ref_ghash(y, h, out, len);
	ref_lens(lb, aad_len, len);
	ref_ghash(y, h, lb, 16);
	ember_aes_ecb_encrypt(&a, ks, j0, 16);
	for (j = 0; j < 16; j++)
		tag[j] = y[j] ^ ks[j];
	ember_aes_clear(&a);
}

/* x^-1 = x^(2^128 - 2): 127 squarings and multiplications */
static void ref_inv(uint8_t r[16], const uint8_t x[16])
{
	uint8_t s[16];
	unsigned i;

	memcpy(r, x, 16); /* x^(2^1 - 1) */
	for (i = 1; i < 127; i++) {
		memcpy(s, r, 16);
		ref_mul(r, s);
		ref_mul(r, x); /* x^(2^(i+1) - 1) */
	}
	memcpy(s, r, 16);
	ref_mul(r, s); /* x^(2^128 - 2) */
}

/*
 * A 16-byte IV whose J0 ends in the 32-bit counter |low| (the rest of J0
 * from |fill|): J0 = IV H^2 + L H with L the IV's length block, so
 * IV = (J0 + L H) H^-2.
 */
static void wrap_iv(uint8_t iv[16], const uint8_t *key, size_t key_len, uint32_t low, const uint8_t fill[12])
{
	ember_aes_ctx a;
	uint8_t h[16] = { 0 }, hinv[16], t[16], lb[16];
	unsigned i;

	ember_aes_ct_set_key(&a, key, key_len);
	ember_aes_ecb_encrypt(&a, h, h, 16);
	ember_aes_clear(&a);
	memcpy(iv, fill, 12);
	for (i = 0; i < 4; i++)
		iv[12 + i] = (uint8_t)(low >> (24 - 8 * i));
	ref_lens(lb, 0, 16);
	memcpy(t, lb, 16);
	ref_mul(t, h);
	for (i = 0; i < 16; i++)
		iv[i] ^= t[i];
	ref_inv(hinv, h);
	ref_mul(iv, hinv);
	ref_mul(iv, hinv);
}

/* ---- the per-algorithm calls on a context keyed by |d| ---- */

static int direct(const ember_aead_desc *d, const uint8_t *key, size_t key_len, const uint8_t *iv, size_t iv_len,
    const uint8_t *aad, size_t aad_len, const uint8_t *msg, size_t len, const uint8_t *ct, const uint8_t *tag,
    size_t tag_len, int expect, const char *what)
{
	ember_aes_gcm_ctx c;
	uint8_t *out = malloc(len + 1), t[17];
	int ok = 1, e = d->set_key(&c, key, key_len);
	size_t i;

	if (!CHECK(e == 0, "%s: %s: set_key: %s", what, d->impl, ta_err(e)))
		goto done;
	if (tag_len == 8 || tag_len == 4)
		ember_aes_gcm_allow_short_tags(&c, 1);
	if (expect == 0) {
		memcpy(out, msg, len);
		e = ember_aes_gcm_seal(&c, out, t, tag_len, iv, iv_len, aad, aad_len, out, len);
		ok &= CHECK(e == 0 && memcmp(out, ct, len) == 0 && memcmp(t, tag, tag_len) == 0,
		    "%s: aes-gcm/%s: seal (in place, %zu-byte IV, %zu-byte tag): %s, tag %s", what, d->impl, iv_len,
		    tag_len, ta_err(e), t_tohex(t, tag_len));
		e = ember_aes_gcm_open(&c, out, tag, tag_len, iv, iv_len, aad, aad_len, ct, len);
		ok &= CHECK(e == 0 && memcmp(out, msg, len) == 0, "%s: aes-gcm/%s: open: %s", what, d->impl,
		    ta_err(e));
		memcpy(t, tag, tag_len);
		t[0] ^= 0x80;
		tag = t;
		expect = EMBER_EVERIFY;
	}
	memset(out, 0x55, len + 1);
	e = ember_aes_gcm_open(&c, out, tag, tag_len, iv, iv_len, aad, aad_len, ct, len);
	for (i = 0; i < len && expect == EMBER_EVERIFY; i++)
		ok &= out[i] == 0;
	ok &= CHECK(e == expect && (expect == EMBER_EVERIFY || out[0] == 0x55) && out[len] == 0x55,
	    "%s: aes-gcm/%s: open: %s, want %d (out %s)", what, d->impl, ta_err(e), expect,
	    t_tohex(out, len < 16 ? len : 16));
	ember_aes_gcm_clear(&c);
done:
	free(out);
	return ok;
}

/* ---- Wycheproof ---- */

static void wycheproof(const char *file, int gmac)
{
	const ember_aead_desc *impl[TA_MAX_IMPL];
	size_t nimpl = ta_impls("aes-gcm", impl), gi, ti, i;
	const char *path = t_path(t_shared_dir, file);
	unsigned valid = 0, invalid = 0, generic_refused = 0;
	tj *root;
	const tj *groups;

	if (path == NULL || (root = tj_load(path)) == NULL) {
		t_skip("%s: absent", file);
		return;
	}
	groups = tj_get(root, "testGroups");
	for (gi = 0; groups != NULL && gi < groups->n; gi++) {
		const tj *g = groups->items[gi], *tests = tj_get(g, "tests");
		for (ti = 0; tests != NULL && ti < tests->n; ti++) {
			const tj *tc = tests->items[ti];
			const char *res = tj_str(tc, "result");
			uint8_t *key = NULL, *iv = NULL, *aad = NULL, *msg = NULL, *ct = NULL, *tag = NULL, t[16];
			size_t key_len, iv_len, aad_len = 0, msg_len, ct_len = 0, tag_len;
			long id = tj_int(tc, "tcId", -1);
			int expect, gexpect, modified = 1;
			char what[96];

			if (t_hex(tj_str(tc, "key"), &key, &key_len) || t_hex(tj_str(tc, "iv"), &iv, &iv_len) ||
			    t_hex(tj_str(tc, "msg"), &msg, &msg_len) || t_hex(tj_str(tc, "tag"), &tag, &tag_len) ||
			    (!gmac && (t_hex(tj_str(tc, "aad"), &aad, &aad_len) || t_hex(tj_str(tc, "ct"), &ct, &ct_len))) ||
			    (!gmac && ct_len != msg_len) || res == NULL) {
				CHECK(0, "%s: tcId %ld: malformed", file, id);
				goto next;
			}
			snprintf(what, sizeof(what), "%s tcId %ld", file, id);
			/* the refusals are the IV's: everything else invalid is a wrong tag */
			expect = strcmp(res, "valid") == 0 ? 0 : iv_len == 0 ? EMBER_ENONCE : EMBER_EVERIFY;
			gexpect = expect == 0 && iv_len > EMBER_AEAD_MAX_NONCE_LEN ? EMBER_ENONCE : expect;
			generic_refused += gexpect != expect;
			if (expect == 0)
				valid++;
			else
				invalid++;
			for (i = 0; i < nimpl; i++) {
				if (!gmac) {
					direct(impl[i], key, key_len, iv, iv_len, aad, aad_len, msg, msg_len, ct, tag, tag_len,
					    expect, what);
					ta_generic(impl[i], key, key_len, iv, iv_len, aad, aad_len, msg, msg_len, ct, tag,
					    tag_len, gexpect, what);
					continue;
				}
				/* GMAC: msg is the AAD, the message is empty */
				ta_generic(impl[i], key, key_len, iv, iv_len, msg, msg_len, msg, 0, msg, tag, tag_len,
				    gexpect, what);
				{
					ember_aes_gcm_ctx c;
					int e = impl[i]->set_key(&c, key, key_len), v;
					if (!CHECK(e == 0, "%s: %s: set_key", what, impl[i]->impl))
						continue;
					e = ember_aes_gmac(&c, t, tag_len, iv, iv_len, msg, msg_len);
					v = ember_aes_gmac_verify(&c, tag, tag_len, iv, iv_len, msg, msg_len);
					modified = memcmp(t, tag, tag_len) != 0;
					CHECK(e == (expect == EMBER_ENONCE ? expect : 0) && v == expect &&
					        (expect != 0 || !modified),
					    "%s: aes-gcm/%s: ember_aes_gmac %s, verify %s", what, impl[i]->impl, ta_err(e),
					    ta_err(v));
					ember_aes_gcm_clear(&c);
				}
			}
		next:
			free(key), free(iv), free(aad), free(msg), free(ct), free(tag);
		}
	}
	tj_free(root);
	CHECK(valid + invalid > 0, "%s: no vectors", file);
	if (t_phase == 1 || t_verbose)
		t_note("%s: %u valid, %u invalid (%u valid ones refused by the generic layer's IV cap) x %zu "
		       "compositions x 2 layers",
		    file, valid, invalid, generic_refused, nimpl);
}

EMBER_TEST(gcm_wycheproof)
{
	wycheproof("wycheproof/testvectors_v1/aes_gcm_test.json", 0);
}

EMBER_TEST(gcm_gmac_wycheproof)
{
	wycheproof("wycheproof/testvectors_v1/aes_gmac_test.json", 1);
}

EMBER_TEST(gcm_evp)
{
	const ember_aead_desc *impl[TA_MAX_IMPL];
	size_t nimpl = ta_impls("aes-gcm", impl), i;
	const char *path = t_path(t_shared_dir, "openssl-evp/evpciph_aes_common.txt");
	unsigned count = 0;
	t_vec v;

	if (path == NULL || t_vec_open(&v, path) != 0) {
		t_skip("evpciph_aes_common.txt: absent");
		return;
	}
	while (t_vec_next(&v)) {
		const char *cipher = t_vec_get(&v, "Cipher"), *res = t_vec_get(&v, "Result");
		uint8_t *key = NULL, *iv = NULL, *aad = NULL, *tag = NULL, *pt = NULL, *ct = NULL;
		size_t key_len, iv_len, aad_len, tag_len, pt_len, ct_len;
		int expect;
		char what[96];

		if (cipher == NULL || strstr(cipher, "-gcm") == NULL)
			continue;
		if (t_vec_get(&v, "AAD") == NULL)
			aad = malloc(1), aad_len = 0; /* some stanzas have none */
		else if (t_vec_bytes(&v, "AAD", &aad, &aad_len))
			aad_len = (size_t)-1;
		if (t_vec_bytes(&v, "Key", &key, &key_len) || t_vec_bytes(&v, "IV", &iv, &iv_len) ||
		    aad_len == (size_t)-1 || t_vec_bytes(&v, "Tag", &tag, &tag_len) ||
		    t_vec_bytes(&v, "Plaintext", &pt, &pt_len) || t_vec_bytes(&v, "Ciphertext", &ct, &ct_len) ||
		    pt_len != ct_len) {
			CHECK(0, "%s:%u: malformed", path, v.line);
			goto next;
		}
		expect = res != NULL && strcmp(res, "CIPHERFINAL_ERROR") == 0 ? EMBER_EVERIFY : 0;
		CHECK(res == NULL || expect != 0, "%s:%u: unknown Result %s", path, v.line, res);
		snprintf(what, sizeof(what), "evpciph_aes_common.txt:%u", v.line);
		count++;
		for (i = 0; i < nimpl; i++) {
			direct(impl[i], key, key_len, iv, iv_len, aad, aad_len, pt, pt_len, ct, tag, tag_len, expect, what);
			ta_generic(impl[i], key, key_len, iv, iv_len, aad, aad_len, pt, pt_len, ct, tag, tag_len, expect,
			    what);
		}
	next:
		free(key), free(iv), free(aad), free(tag), free(pt), free(ct);
	}
	t_vec_close(&v);
	CHECK(count > 0, "%s: no GCM stanza", path);
	if (t_phase == 1 || t_verbose)
		t_note("evpciph_aes_common.txt: %u GCM stanzas x %zu compositions x 2 layers", count, nimpl);
}

/* ---- the model, random inputs, and the counter wrap ---- */

EMBER_TEST(gcm_ref)
{
	static const size_t key_lens[3] = { 16, 24, 32 };
	const ember_aead_desc *impl[TA_MAX_IMPL];
	size_t nimpl = ta_impls("aes-gcm", impl), i;
	unsigned r, rounds = t_quick ? 60 : 200, fails = 0;
	uint8_t *msg = malloc(4200), *want = malloc(4200);

	for (r = 0; r < rounds + 36; r++) {
		uint8_t key[32], iv[64], aad[80], tag[16];
		size_t key_len = key_lens[r % 3], iv_len, aad_len = t_rand_below(sizeof(aad) + 1), len, tag_len;

		t_rand_bytes(key, sizeof(key));
		t_rand_bytes(aad, sizeof(aad));
		if (r < rounds) {
			/* random: short and long messages, 12-byte IVs and others */
			len = r % 4 == 0 ? t_rand_below(4097) : t_rand_below(300);
			iv_len = r % 3 == 0 ? 1 + t_rand_below(sizeof(iv)) : 12;
			t_rand_bytes(iv, iv_len);
		} else {
			/* the counter's low 32 bits wrap after 1..18 blocks (0xffffffff is the IV's J0's own) */
			uint8_t fill[12];
			uint32_t before = (uint32_t)(r - rounds) % 18;
			t_rand_bytes(fill, sizeof(fill));
			wrap_iv(iv, key, key_len, 0xffffffffu - before, fill);
			iv_len = 16;
			len = 16 * (before + 1 + t_rand_below(40)) + t_rand_below(16);
		}
		tag_len = r % 7 == 1 ? 8 : r % 7 == 2 ? 4 : 12 + t_rand_below(5);
		t_rand_bytes(msg, len);
		ref_gcm(key, key_len, iv, iv_len, aad, aad_len, msg, len, want, tag);
		for (i = 0; i < nimpl; i++) {
			char what[64];
			snprintf(what, sizeof(what), "model round %u (len %zu, iv %zu)", r, len, iv_len);
			fails += !direct(impl[i], key, key_len, iv, iv_len, aad, aad_len, msg, len, want, tag, tag_len, 0,
			    what);
			if (tag_len >= 12 && iv_len <= EMBER_AEAD_MAX_NONCE_LEN && r % 5 == 0)
				fails += !ta_generic(impl[i], key, key_len, iv, iv_len, aad, aad_len, msg, len, want, tag,
				    tag_len, 0, what);
		}
		if (fails > 5)
			break;
	}
	free(msg), free(want);
	if (t_phase == 1 || t_verbose)
		t_note("gcm model: %u random cases and 36 counter wraps x %zu compositions", rounds, nimpl);
}

/* ---- against libcrypto ---- */

EMBER_TEST(gcm_ossl)
{
	static const char *const names[3] = { "AES-128-GCM", "AES-192-GCM", "AES-256-GCM" };
	const ember_aead_desc *impl[TA_MAX_IMPL];
	size_t nimpl = ta_impls("aes-gcm", impl), i, k;
	char err[512];
	const ossl_api *o = ossl_load(err, sizeof(err));
	void *ciphers[3];
	uint8_t *msg, *a, *b;
	unsigned cases = 0, fails = 0;
	size_t len, max = 301 + 40;

	if (o == NULL) {
		t_skip("gcm against libcrypto: %s", err);
		return;
	}
	for (k = 0; k < 3; k++)
		if ((ciphers[k] = ossl_cipher(o, names[k])) == NULL) {
			t_skip("gcm against libcrypto: %s has no %s", o->version, names[k]);
			while (k-- > 0)
				if (o->EVP_CIPHER_free)
					o->EVP_CIPHER_free(ciphers[k]);
			return;
		}
	msg = malloc(70000), a = malloc(70000), b = malloc(70000);
	/* every length 0..300, then random ones up to 65536 */
	for (len = 0; len < max && fails < 5; len++) {
		size_t n = len <= 300 ? len : 301 + t_rand_below(65536 - 300);
		for (i = 0; i < nimpl; i++) {
			uint8_t key[32], iv[64], aad[96], ta[16], tb[16];
			size_t ki = t_rand_below(3), iv_len = t_rand_below(4) == 0 ? 1 + t_rand_below(64) : 12;
			size_t aad_len = t_rand_below(4) == 0 ? 0 : t_rand_below(sizeof(aad) + 1);
			size_t tag_len = 12 + t_rand_below(5);
			ember_aes_gcm_ctx c;
			int e1, e2;

			t_rand_bytes(key, sizeof(key));
			t_rand_bytes(iv, sizeof(iv));
			t_rand_bytes(aad, sizeof(aad));
			t_rand_bytes(msg, n);
			if (impl[i]->set_key(&c, key, 16 + 8 * ki) != 0) {
				fails++;
				continue;
			}
			cases++;
			/* seal: ours in place half the time */
			memcpy(a, msg, n);
			e1 = ember_aes_gcm_seal(&c, a, ta, tag_len, iv, iv_len, aad, aad_len, len & 1 ? a : msg, n);
			e2 = ta_ossl(o, ciphers[ki], 0, 1, key, iv, iv_len, aad, aad_len, b, msg, n, tb, tag_len);
			if (!CHECK(e1 == 0 && e2 == 0 && memcmp(a, b, n) == 0 && memcmp(ta, tb, tag_len) == 0,
			        "aes-%zu-gcm/%s: len %zu, iv %zu, aad %zu: differs from OpenSSL (%d, %d)", 128 + 64 * ki,
			        impl[i]->impl, n, iv_len, aad_len, e1, e2))
				fails++;
			/* open OpenSSL's, and OpenSSL opens ours */
			e1 = ember_aes_gcm_open(&c, a, tb, tag_len, iv, iv_len, aad, aad_len, b, n);
			e2 = ta_ossl(o, ciphers[ki], 0, 0, key, iv, iv_len, aad, aad_len, b, b, n, ta, tag_len);
			if (!CHECK(e1 == 0 && e2 == 0 && memcmp(a, msg, n) == 0 && memcmp(b, msg, n) == 0,
			        "aes-%zu-gcm/%s: len %zu: open differs from OpenSSL (%d, %d)", 128 + 64 * ki,
			        impl[i]->impl, n, e1, e2))
				fails++;
			ember_aes_gcm_clear(&c);
		}
	}
	for (k = 0; k < 3; k++)
		if (o->EVP_CIPHER_free)
			o->EVP_CIPHER_free(ciphers[k]);
	free(msg), free(a), free(b);
	if (t_phase == 1 || t_verbose)
		t_note("gcm against %s: %u cases (lengths 0..300 and 40 up to 64 KiB) over %zu compositions",
		    o->version, cases, nimpl);
}

/* ---- refusals ---- */

static int untouched(const uint8_t *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] != 0xa5)
			return 0;
	return 1;
}

EMBER_TEST(gcm_bad_input)
{
	static const uint8_t key[32] = { 9 }, iv[80] = { 1 };
	const ember_aead_desc *impl[TA_MAX_IMPL];
	size_t nimpl = ta_impls("aes-gcm", impl), i;
	uint8_t in[64] = { 2 }, out[64], tag[16], t2[16];

	for (i = 0; i < nimpl; i++) {
		const ember_aead_desc *d = impl[i];
		ember_aes_gcm_ctx c, unkeyed;
		ember_aead_ctx g;
		int e;

		memset(&unkeyed, 0, sizeof(unkeyed));
		CHECK(d->set_key(&c, key, 20) == EMBER_EKEYLEN && d->set_key(NULL, key, 16) == EMBER_EINVAL &&
		        d->set_key(&c, NULL, 16) == EMBER_EINVAL,
		    "aes-gcm/%s: set_key refusals", d->impl);
		CHECK(ember_aead_init(&g, ta_spec("aes-gcm", 16), d, key, 24) == EMBER_EKEYLEN,
		    "aes-gcm/%s: init with a key of the wrong length", d->impl);
		if (!CHECK(d->set_key(&c, key, 32) == 0 && ember_aead_init(&g, ta_spec("aes-gcm", 32), d, key, 32) == 0,
		        "aes-gcm/%s: keying", d->impl))
			continue;
#define REFUSED(call, want, what)                                                                                \
	do {                                                                                                     \
		memset(out, 0xa5, sizeof(out));                                                                  \
		e = (call);                                                                                      \
		CHECK(e == (want) && untouched(out, sizeof(out)), "aes-gcm/%s: %s: %s, want %d", d->impl, what, \
		    ta_err(e), want);                                                                            \
	} while (0)
		/* EINVAL */
		REFUSED(ember_aes_gcm_seal(NULL, out, tag, 16, iv, 12, NULL, 0, in, 16), EMBER_EINVAL, "NULL context");
		REFUSED(ember_aes_gcm_seal(&unkeyed, out, tag, 16, iv, 12, NULL, 0, in, 16), EMBER_EINVAL, "unkeyed");
		REFUSED(ember_aes_gcm_seal(&c, out, NULL, 16, iv, 12, NULL, 0, in, 16), EMBER_EINVAL, "NULL tag");
		REFUSED(ember_aes_gcm_seal(&c, NULL, tag, 16, iv, 12, NULL, 0, in, 16), EMBER_EINVAL, "NULL out");
		REFUSED(ember_aes_gcm_open(&c, out, tag, 16, iv, 12, NULL, 0, NULL, 16), EMBER_EINVAL, "NULL in");
		REFUSED(ember_aes_gcm_seal(&c, out, tag, 16, iv, 12, NULL, 5, in, 16), EMBER_EINVAL, "NULL aad");
		REFUSED(ember_aes_gcm_seal(&c, out, tag, 16, NULL, 12, NULL, 0, in, 16), EMBER_EINVAL, "NULL iv");
		REFUSED(ember_aead_seal(&g, out, tag, 16, NULL, 12, NULL, 0, in, 16), EMBER_EINVAL, "generic NULL iv");
		REFUSED(ember_aead_open(&g, NULL, tag, 16, iv, 12, NULL, 0, in, 16), EMBER_EINVAL, "generic NULL out");
		/* ENONCE, before the tag length */
		REFUSED(ember_aes_gcm_seal(&c, out, tag, 16, iv, 0, NULL, 0, in, 16), EMBER_ENONCE, "empty IV");
		REFUSED(ember_aes_gcm_open(&c, out, tag, 3, iv, 0, NULL, 0, in, 16), EMBER_ENONCE, "empty IV, bad tag");
		REFUSED(ember_aead_seal(&g, out, tag, 16, iv, 0, NULL, 0, in, 16), EMBER_ENONCE, "generic empty IV");
		REFUSED(ember_aead_seal(&g, out, tag, 16, iv, 65, NULL, 0, in, 16), EMBER_ENONCE, "generic 65-byte IV");
		CHECK(ember_aes_gcm_seal(&c, out, tag, 16, iv, 80, NULL, 0, in, 16) == 0,
		    "aes-gcm/%s: an 80-byte IV is the per-algorithm calls' to take", d->impl);
		/* ETAG */
		REFUSED(ember_aes_gcm_seal(&c, out, tag, 11, iv, 12, NULL, 0, in, 16), EMBER_ETAG, "11-byte tag");
		REFUSED(ember_aes_gcm_seal(&c, out, tag, 17, iv, 12, NULL, 0, in, 16), EMBER_ETAG, "17-byte tag");
		REFUSED(ember_aes_gcm_seal(&c, out, tag, 0, iv, 12, NULL, 0, in, 16), EMBER_ETAG, "0-byte tag");
		REFUSED(ember_aes_gcm_seal(&c, out, tag, 8, iv, 12, NULL, 0, in, 16), EMBER_ETAG, "8-byte tag, not allowed");
		REFUSED(ember_aes_gcm_open(&c, out, tag, 4, iv, 12, NULL, 0, in, 16), EMBER_ETAG, "4-byte tag, not allowed");
		CHECK(ember_aes_gcm_allow_short_tags(&c, 1) == 0 && ember_aes_gcm_allow_short_tags(&unkeyed, 1) == EMBER_EINVAL,
		    "aes-gcm/%s: allow_short_tags", d->impl);
		e = ember_aes_gcm_seal(&c, out, tag, 8, iv, 12, NULL, 0, in, 16);
		CHECK(e == 0 && ember_aes_gcm_seal(&c, out, t2, 16, iv, 12, NULL, 0, in, 16) == 0 &&
		        memcmp(tag, t2, 8) == 0 && ember_aes_gcm_open(&c, out, tag, 8, iv, 12, NULL, 0, out, 16) == 0 &&
		        memcmp(out, in, 16) == 0 && ember_aes_gcm_seal(&c, out, tag, 4, iv, 12, NULL, 0, in, 16) == 0,
		    "aes-gcm/%s: 8- and 4-byte tags once allowed (the first bytes of the full tag)", d->impl);
		REFUSED(ember_aes_gcm_seal(&c, out, tag, 5, iv, 12, NULL, 0, in, 16), EMBER_ETAG, "5-byte tag");
		REFUSED(ember_aead_seal(&g, out, tag, 8, iv, 12, NULL, 0, in, 16), EMBER_ETAG, "generic 8-byte tag");
		ember_aes_gcm_allow_short_tags(&c, 0);
		REFUSED(ember_aes_gcm_seal(&c, out, tag, 8, iv, 12, NULL, 0, in, 16), EMBER_ETAG, "8-byte tag, refused again");
		/* ELEN: checked before any byte is read, so a short buffer is safe */
		if (sizeof(size_t) > 4) {
			size_t big = (size_t)(((uint64_t)1 << 36) - 31), aad_big = (size_t)((uint64_t)1 << 61);
			REFUSED(ember_aes_gcm_seal(&c, out, tag, 16, iv, 12, NULL, 0, in, big), EMBER_ELEN, "2^36 - 31 bytes");
			REFUSED(ember_aead_open(&g, out, tag, 16, iv, 12, NULL, 0, in, big), EMBER_ELEN, "generic 2^36 - 31");
			REFUSED(ember_aes_gcm_seal(&c, out, tag, 16, iv, 12, in, aad_big, in, 16), EMBER_ELEN, "2^61-byte AAD");
		}
		/* EVERIFY: out zeroed; a truncated ciphertext is a wrong tag too */
		ember_aes_gcm_seal(&c, out, tag, 16, iv, 12, in, 7, in, sizeof(in));
		memcpy(t2, out, 16);
		e = ember_aes_gcm_open(&c, out, tag, 16, iv, 12, in, 7, out, sizeof(in) - 1);
		CHECK(e == EMBER_EVERIFY && out[0] == 0 && out[62] == 0, "aes-gcm/%s: truncated ciphertext: %s", d->impl,
		    ta_err(e));
		ember_aes_gcm_seal(&c, out, tag, 16, iv, 12, in, 7, in, sizeof(in));
		tag[15] ^= 1;
		memcpy(t2, out, 16);
		e = ember_aes_gcm_open(&c, out, tag, 16, iv, 12, in, 7, out, sizeof(in));
		CHECK(e == EMBER_EVERIFY && out[0] == 0 && out[63] == 0 && memcmp(out, t2, 16) != 0,
		    "aes-gcm/%s: wrong tag: %s, out not zeroed", d->impl, ta_err(e));
		ember_aes_gcm_clear(&c);
		CHECK(c.impl == NULL && c.aes.impl == NULL, "aes-gcm/%s: clear", d->impl);
		ember_aead_clear(&g);
#undef REFUSED
	}
	{
		ember_aes_gcm_ctx c;
		CHECK(ember_aes_gcm_set_key(NULL, key, 16) == EMBER_EINVAL && ember_aes_gcm_set_key(&c, key, 15) == EMBER_EKEYLEN,
		    "ember_aes_gcm_set_key refusals");
	}
}

/* ---- the default ---- */

EMBER_TEST(gcm_registry)
{
	static const uint8_t key[16];
	const ember_aead_desc *d = ember_aead_find("aes-gcm", NULL), *s = ember_aead_find("aes-128-gcm", NULL);
	ember_aes_gcm_ctx a, b;
	size_t i, ct = 0, ct32 = 0;

	if (!CHECK(d != NULL && d == s, "aes-gcm: no default, or the spec name finds another"))
		return;
	CHECK((d->flags & EMBER_IMPL_CT) != 0, "aes-gcm: the default %s is not constant-time", d->impl);
	CHECK(ember_aes_gcm_set_key(&a, key, 16) == 0 && d->set_key(&b, key, 16) == 0 && a.impl == b.impl &&
	        a.aes.impl == b.aes.impl,
	    "ember_aes_gcm_set_key did not key the registry's default %s", d->impl);
	if (t_phase == 2)
		CHECK(strcmp(d->impl, sizeof(void *) > 4 ? "ct" : "ct32") == 0,
		    "EMBER_CPUCAP=none: default aes-gcm/%s, want the portable one of the word size", d->impl);
	for (i = 0; i < ember_aead_count(); i++) {
		const ember_aead_desc *x = ember_aead_at(i);
		if (strcmp(x->name, "aes-gcm") != 0)
			continue;
		CHECK(x->ctx_size <= EMBER_AEAD_CTX_MAX && x->tag_lens == 0x1f000u && x->default_tag_len == 16 &&
		        x->default_nonce_len == 12 && x->min_nonce_len == 1 && x->max_nonce_len == EMBER_AEAD_MAX_NONCE_LEN,
		    "aes-gcm/%s: descriptor limits", x->impl);
		if (strcmp(x->impl, "ct") == 0)
			ct = i + 1;
		if (strcmp(x->impl, "ct32") == 0)
			ct32 = i + 1;
	}
	CHECK(ct && ct32 && (sizeof(void *) > 4) == (ct < ct32), "aes-gcm: ct and ct32 not ordered by word size");
	ember_aes_gcm_clear(&a);
	ember_aes_gcm_clear(&b);
}
