/*
 * t_ccm.c - AES-CCM (SP 800-38C, RFC 3610) over every supported AES
 * implementation ("aes-ccm" descriptors), through the per-algorithm calls
 * (ember_aes_ccm_*, on a context keyed by the descriptor) and the generic
 * layer:
 *   ccm_wycheproof  aes_ccm_test.json: valid ones pass; nonces outside 7..13
 *                   bytes are EMBER_ENONCE, tags outside 4, 6 .. 16 bytes
 *                   EMBER_ETAG, modified tags EMBER_EVERIFY (out zeroed)
 *   ccm_evp         OpenSSL's evpciph_aes_common.txt CCM stanzas
 *   ccm_ref         against the specification written out here (B0, the AAD
 *                   length encodings of 2, 6 bytes, counters), random sizes
 *   ccm_ossl        against the system libcrypto: every length 0..300, random
 *                   longer ones, every nonce and tag length, AAD up to 70000
 *                   bytes (both length encodings), in place
 *   ccm_bad_input   every refusal of aead.h, the q-byte length limit
 *   ccm_registry    ember_aes_ccm_set_key keys the registry's default
 */
#include <stdlib.h>
#include <string.h>

#include "aeadutil.h"
#include "ember/aead.h"
#include "ember/cipher.h"
#include "test.h"

/* ---- the specification, written out (AES through aes_ct) ---- */

static void ref_ccm(const uint8_t *key, size_t key_len, const uint8_t *n, size_t nlen, const uint8_t *aad,
    size_t alen, const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag, size_t tlen)
{
	ember_aes_ctx a;
	size_t q = 15 - nlen, i, j, hl, total;
	uint8_t *b, x[16] = { 0 }, ctr[16], s[16];

	/* SP 800-38C A.2: B0, then [length encoding || AAD] padded, then the payload padded */
	total = 16 + ((alen ? (alen < 0xff00 ? 2 : 6) + alen : 0) + 15) / 16 * 16 + (len + 15) / 16 * 16;
	b = calloc(total, 1);
	b[0] = (uint8_t)((alen ? 64 : 0) | ((tlen - 2) / 2) << 3 | (q - 1));
	memcpy(b + 1, n, nlen);
	for (i = 0; i < q; i++)
		b[15 - i] = (uint8_t)((uint64_t)len >> (8 * i));
	hl = 16;
	if (alen) {
		if (alen < 0xff00) {
			b[16] = (uint8_t)(alen >> 8), b[17] = (uint8_t)alen, hl = 18;
		} else {
			b[16] = 0xff, b[17] = 0xfe;
			for (i = 0; i < 4; i++)
				b[18 + i] = (uint8_t)((uint64_t)alen >> (24 - 8 * i));
			hl = 22;
		}
		memcpy(b + hl, aad, alen);
		hl = 16 + (hl - 16 + alen + 15) / 16 * 16;
	}
	memcpy(b + hl, in, len);
	ember_aes_ct_set_key(&a, key, key_len);
	for (i = 0; i < total; i += 16) {
		for (j = 0; j < 16; j++)
			x[j] ^= b[i + j];
		ember_aes_ecb_encrypt(&a, x, x, 16);
	}
	/* A.3: Ctr_i = (q - 1) || N || [i]_q */
	memset(ctr, 0, 16);
	ctr[0] = (uint8_t)(q - 1);
	memcpy(ctr + 1, n, nlen);
	ember_aes_ecb_encrypt(&a, s, ctr, 16);
	for (j = 0; j < tlen; j++)
		tag[j] = x[j] ^ s[j];
	for (i = 0; i < len; i += 16) {
		uint64_t c = i / 16 + 1;
		for (j = 0; j < q; j++)
			ctr[15 - j] = (uint8_t)(c >> (8 * j));
		ember_aes_ecb_encrypt(&a, s, ctr, 16);
		for (j = 0; j < 16 && i + j < len; j++)
			out[i + j] = in[i + j] ^ s[j];
	}
	ember_aes_clear(&a);
	free(b);
}

/* The per-algorithm calls on a context keyed by |d|; as ta_generic for |expect|. */
static int direct(const ember_aead_desc *d, const uint8_t *key, size_t key_len, const uint8_t *n, size_t nlen,
    const uint8_t *aad, size_t alen, const uint8_t *msg, size_t len, const uint8_t *ct, const uint8_t *tag,
    size_t tlen, int expect, const char *what)
{
	ember_aes_ccm_ctx c;
	uint8_t *out = malloc(len + 1), t[17];
	int ok = 1, e = d->set_key(&c, key, key_len);
	size_t i;

	if (!CHECK(e == 0, "%s: %s: set_key: %s", what, d->impl, ta_err(e)))
		goto done;
	if (expect == 0) {
		memcpy(out, msg, len);
		e = ember_aes_ccm_seal(&c, out, t, tlen, n, nlen, aad, alen, out, len);
		ok &= CHECK(e == 0 && memcmp(out, ct, len) == 0 && memcmp(t, tag, tlen) == 0,
		    "%s: aes-ccm/%s: seal in place: %s, tag %s", what, d->impl, ta_err(e), t_tohex(t, tlen));
		e = ember_aes_ccm_open(&c, out, tag, tlen, n, nlen, aad, alen, ct, len);
		ok &= CHECK(e == 0 && memcmp(out, msg, len) == 0, "%s: aes-ccm/%s: open: %s", what, d->impl, ta_err(e));
		memcpy(t, tag, tlen);
		t[tlen / 2] ^= 4;
		tag = t;
		expect = EMBER_EVERIFY;
	}
	memset(out, 0x55, len + 1);
	e = ember_aes_ccm_open(&c, out, tag, tlen, n, nlen, aad, alen, ct, len);
	for (i = 0; i < len && expect == EMBER_EVERIFY; i++)
		ok &= out[i] == 0;
	ok &= CHECK(e == expect && (expect == EMBER_EVERIFY || len == 0 || out[0] == 0x55) && out[len] == 0x55,
	    "%s: aes-ccm/%s: open: %s, want %d", what, d->impl, ta_err(e), expect);
	ember_aes_ccm_clear(&c);
done:
	free(out);
	return ok;
}

static int expect_of(size_t nlen, size_t tlen)
{
	if (nlen < 7 || nlen > 13)
		return EMBER_ENONCE;
	if (tlen < 4 || tlen > 16 || tlen % 2)
		return EMBER_ETAG;
	return EMBER_EVERIFY;
}

EMBER_TEST(ccm_wycheproof)
{
	const char *file = "wycheproof/testvectors_v1/aes_ccm_test.json";
	const ember_aead_desc *impl[TA_MAX_IMPL];
	size_t nimpl = ta_impls("aes-ccm", impl), gi, ti, i;
	const char *path = t_path(t_shared_dir, file);
	unsigned valid = 0, refused = 0, wrong_tag = 0;
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
			uint8_t *key = NULL, *iv = NULL, *aad = NULL, *msg = NULL, *ct = NULL, *tag = NULL;
			size_t key_len, iv_len, aad_len, msg_len, ct_len, tag_len;
			long id = tj_int(tc, "tcId", -1);
			int expect;
			char what[96];

			if (t_hex(tj_str(tc, "key"), &key, &key_len) || t_hex(tj_str(tc, "iv"), &iv, &iv_len) ||
			    t_hex(tj_str(tc, "aad"), &aad, &aad_len) || t_hex(tj_str(tc, "msg"), &msg, &msg_len) ||
			    t_hex(tj_str(tc, "ct"), &ct, &ct_len) || t_hex(tj_str(tc, "tag"), &tag, &tag_len) ||
			    res == NULL || ct_len != msg_len) {
				CHECK(0, "%s: tcId %ld: malformed", file, id);
				goto next;
			}
			snprintf(what, sizeof(what), "aes_ccm_test.json tcId %ld", id);
			expect = strcmp(res, "valid") == 0 ? 0 : expect_of(iv_len, tag_len);
			valid += expect == 0;
			wrong_tag += expect == EMBER_EVERIFY;
			refused += expect != 0 && expect != EMBER_EVERIFY;
			for (i = 0; i < nimpl; i++) {
				direct(impl[i], key, key_len, iv, iv_len, aad, aad_len, msg, msg_len, ct, tag, tag_len, expect,
				    what);
				ta_generic(impl[i], key, key_len, iv, iv_len, aad, aad_len, msg, msg_len, ct, tag, tag_len,
				    expect, what);
			}
		next:
			free(key), free(iv), free(aad), free(msg), free(ct), free(tag);
		}
	}
	tj_free(root);
	CHECK(valid > 0 && refused > 0 && wrong_tag > 0, "%s: not every kind of vector read", file);
	if (t_phase == 1 || t_verbose)
		t_note("aes_ccm_test.json: %u valid, %u refused (nonce or tag length), %u wrong tags x %zu "
		       "implementations x 2 layers",
		    valid, refused, wrong_tag, nimpl);
}

EMBER_TEST(ccm_evp)
{
	const ember_aead_desc *impl[TA_MAX_IMPL];
	size_t nimpl = ta_impls("aes-ccm", impl), i;
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
		char what[64];

		if (cipher == NULL || strstr(cipher, "-ccm") == NULL)
			continue;
		if (t_vec_bytes(&v, "Key", &key, &key_len) || t_vec_bytes(&v, "IV", &iv, &iv_len) ||
		    t_vec_bytes(&v, "AAD", &aad, &aad_len) || t_vec_bytes(&v, "Tag", &tag, &tag_len) ||
		    t_vec_bytes(&v, "Plaintext", &pt, &pt_len) || t_vec_bytes(&v, "Ciphertext", &ct, &ct_len) ||
		    pt_len != ct_len) {
			CHECK(0, "%s:%u: malformed", path, v.line);
			goto next;
		}
		/* CCM checks its tag in the one update call: CIPHERUPDATE_ERROR is a wrong tag */
		expect = res != NULL && strcmp(res, "CIPHERUPDATE_ERROR") == 0 ? EMBER_EVERIFY : 0;
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
	CHECK(count > 0, "%s: no CCM stanza", path);
	if (t_phase == 1 || t_verbose)
		t_note("evpciph_aes_common.txt: %u CCM stanzas x %zu implementations x 2 layers", count, nimpl);
}

EMBER_TEST(ccm_ref)
{
	const ember_aead_desc *impl[TA_MAX_IMPL];
	size_t nimpl = ta_impls("aes-ccm", impl), i;
	unsigned r, rounds = t_quick ? 40 : 150, fails = 0;
	uint8_t *aad = malloc(70000), *msg = malloc(3000), *want = malloc(3000);

	t_rand_bytes(aad, 70000);
	for (r = 0; r < rounds && fails < 5; r++) {
		uint8_t key[32], n[13], tag[16];
		size_t key_len = 16 + 8 * (r % 3), nlen = 7 + r % 7, tlen = 4 + 2 * ((r / 7) % 7);
		size_t len = t_rand_below(r % 5 == 0 ? 3000 : 100);
		size_t alen = r % 11 == 3 ? 0xff00 - 1 + r % 3 : r % 4 == 0 ? 0 : t_rand_below(100);
		char what[64];

		if (t_quick && alen > 1000)
			alen = 0xfeff + r % 2; /* both encodings, a shorter 6-byte one under emulation */
		t_rand_bytes(key, sizeof(key));
		t_rand_bytes(n, sizeof(n));
		t_rand_bytes(msg, len);
		ref_ccm(key, key_len, n, nlen, aad, alen, msg, len, want, tag, tlen);
		snprintf(what, sizeof(what), "model round %u (len %zu, aad %zu)", r, len, alen);
		for (i = 0; i < nimpl; i++) {
			fails += !direct(impl[i], key, key_len, n, nlen, aad, alen, msg, len, want, tag, tlen, 0, what);
			if (r % 4 == 1)
				fails += !ta_generic(impl[i], key, key_len, n, nlen, aad, alen, msg, len, want, tag, tlen, 0,
				    what);
		}
	}
	free(aad), free(msg), free(want);
	if (t_phase == 1 || t_verbose)
		t_note("ccm model: %u random cases x %zu implementations", rounds, nimpl);
}

EMBER_TEST(ccm_ossl)
{
	static const char *const names[3] = { "AES-128-CCM", "AES-192-CCM", "AES-256-CCM" };
	const ember_aead_desc *impl[TA_MAX_IMPL];
	size_t nimpl = ta_impls("aes-ccm", impl), i, k, len;
	char err[512];
	const ossl_api *o = ossl_load(err, sizeof(err));
	void *ciphers[3];
	uint8_t *msg, *a, *b, *aad;
	unsigned cases = 0, fails = 0;

	if (o == NULL) {
		t_skip("ccm against libcrypto: %s", err);
		return;
	}
	for (k = 0; k < 3; k++)
		if ((ciphers[k] = ossl_cipher(o, names[k])) == NULL) {
			t_skip("ccm against libcrypto: %s has no %s", o->version, names[k]);
			while (k-- > 0)
				if (o->EVP_CIPHER_free)
					o->EVP_CIPHER_free(ciphers[k]);
			return;
		}
	msg = malloc(70000), a = malloc(70000), b = malloc(70000), aad = malloc(70000);
	for (len = 0; len < 301 + 30 && fails < 5; len++) {
		size_t n = len <= 300 ? len : t_rand_below(65536);
		for (i = 0; i < nimpl; i++) {
			uint8_t key[32], nonce[13], ta[16], tb[16];
			size_t ki = t_rand_below(3), nlen = 7 + t_rand_below(7), tlen = 4 + 2 * t_rand_below(7);
			size_t alen = len % 37 == 5 ? 65279 + t_rand_below(4700) : t_rand_below(4) ? t_rand_below(100) : 0;
			ember_aes_ccm_ctx c;
			int e1, e2;

			if (nlen == 13 && n > 65535)
				nlen = 12;
			t_rand_bytes(key, sizeof(key));
			t_rand_bytes(nonce, sizeof(nonce));
			t_rand_bytes(aad, alen);
			t_rand_bytes(msg, n);
			if (impl[i]->set_key(&c, key, 16 + 8 * ki) != 0) {
				fails++;
				continue;
			}
			cases++;
			memcpy(a, msg, n);
			e1 = ember_aes_ccm_seal(&c, a, ta, tlen, nonce, nlen, aad, alen, len & 1 ? a : msg, n);
			e2 = ta_ossl(o, ciphers[ki], 1, 1, key, nonce, nlen, aad, alen, b, msg, n, tb, tlen);
			if (!CHECK(e1 == 0 && e2 == 0 && memcmp(a, b, n) == 0 && memcmp(ta, tb, tlen) == 0,
			        "aes-%zu-ccm/%s: len %zu, nonce %zu, tag %zu, aad %zu: differs from OpenSSL (%d, %d)",
			        128 + 64 * ki, impl[i]->impl, n, nlen, tlen, alen, e1, e2))
				fails++;
			e1 = ember_aes_ccm_open(&c, a, tb, tlen, nonce, nlen, aad, alen, b, n);
			e2 = ta_ossl(o, ciphers[ki], 1, 0, key, nonce, nlen, aad, alen, b, b, n, ta, tlen);
			if (!CHECK(e1 == 0 && e2 == 0 && memcmp(a, msg, n) == 0 && memcmp(b, msg, n) == 0,
			        "aes-%zu-ccm/%s: len %zu: open differs from OpenSSL (%d, %d)", 128 + 64 * ki, impl[i]->impl,
			        n, e1, e2))
				fails++;
			ember_aes_ccm_clear(&c);
		}
	}
	for (k = 0; k < 3; k++)
		if (o->EVP_CIPHER_free)
			o->EVP_CIPHER_free(ciphers[k]);
	free(msg), free(a), free(b), free(aad);
	if (t_phase == 1 || t_verbose)
		t_note("ccm against %s: %u cases (lengths 0..300 and 30 up to 64 KiB) over %zu implementations",
		    o->version, cases, nimpl);
}

static int untouched(const uint8_t *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] != 0xa5)
			return 0;
	return 1;
}

EMBER_TEST(ccm_bad_input)
{
	static const uint8_t key[32] = { 7 }, nonce[16] = { 3 };
	const ember_aead_desc *impl[TA_MAX_IMPL];
	size_t nimpl = ta_impls("aes-ccm", impl), i;
	uint8_t in[64] = { 2 }, out[64], tag[16], t2[16];

	for (i = 0; i < nimpl; i++) {
		const ember_aead_desc *d = impl[i];
		ember_aes_ccm_ctx c, unkeyed;
		ember_aead_ctx g;
		size_t nl;
		int e;

		memset(&unkeyed, 0, sizeof(unkeyed));
		CHECK(d->set_key(&c, key, 20) == EMBER_EKEYLEN && d->set_key(NULL, key, 16) == EMBER_EINVAL,
		    "aes-ccm/%s: set_key refusals", d->impl);
		if (!CHECK(d->set_key(&c, key, 16) == 0 && ember_aead_init(&g, ta_spec("aes-ccm", 16), d, key, 16) == 0,
		        "aes-ccm/%s: keying", d->impl))
			continue;
#define REFUSED(call, want, what)                                                                                \
	do {                                                                                                     \
		memset(out, 0xa5, sizeof(out));                                                                  \
		e = (call);                                                                                      \
		CHECK(e == (want) && untouched(out, sizeof(out)), "aes-ccm/%s: %s: %s, want %d", d->impl, what, \
		    ta_err(e), want);                                                                            \
	} while (0)
		REFUSED(ember_aes_ccm_seal(NULL, out, tag, 16, nonce, 12, NULL, 0, in, 16), EMBER_EINVAL, "NULL context");
		REFUSED(ember_aes_ccm_seal(&unkeyed, out, tag, 16, nonce, 12, NULL, 0, in, 16), EMBER_EINVAL, "unkeyed");
		REFUSED(ember_aes_ccm_seal(&c, out, NULL, 16, nonce, 12, NULL, 0, in, 16), EMBER_EINVAL, "NULL tag");
		REFUSED(ember_aes_ccm_open(&c, NULL, tag, 16, nonce, 12, NULL, 0, in, 16), EMBER_EINVAL, "NULL out");
		REFUSED(ember_aes_ccm_seal(&c, out, tag, 16, nonce, 12, NULL, 1, in, 16), EMBER_EINVAL, "NULL aad");
		REFUSED(ember_aes_ccm_seal(&c, out, tag, 16, NULL, 12, NULL, 0, in, 16), EMBER_EINVAL, "NULL nonce");
		REFUSED(ember_aead_seal(&g, out, tag, 16, nonce, 12, NULL, 0, NULL, 16), EMBER_EINVAL, "generic NULL in");
		for (nl = 0; nl <= 16; nl++)
			if (nl < 7 || nl > 13) {
				REFUSED(ember_aes_ccm_seal(&c, out, tag, 16, nonce, nl, NULL, 0, in, 16), EMBER_ENONCE,
				    "nonce length");
				REFUSED(ember_aead_open(&g, out, tag, 3, nonce, nl, NULL, 0, in, 16), EMBER_ENONCE,
				    "generic nonce length, bad tag too");
			}
		for (nl = 0; nl <= 17; nl++)
			if (nl < 4 || nl > 16 || nl % 2) {
				REFUSED(ember_aes_ccm_seal(&c, out, tag, nl, nonce, 12, NULL, 0, in, 16), EMBER_ETAG,
				    "tag length");
				REFUSED(ember_aead_open(&g, out, tag, nl, nonce, 12, NULL, 0, in, 16), EMBER_ETAG,
				    "generic tag length");
			}
		/* q = 2 with a 13-byte nonce: 65535 bytes at most; the check comes before any byte is read */
		REFUSED(ember_aes_ccm_seal(&c, out, tag, 16, nonce, 13, NULL, 0, in, 65536), EMBER_ELEN, "65536 bytes, q = 2");
		REFUSED(ember_aead_open(&g, out, tag, 16, nonce, 13, NULL, 0, in, 65536), EMBER_ELEN, "generic, q = 2");
		if (sizeof(size_t) > 4)
			REFUSED(ember_aes_ccm_seal(&c, out, tag, 16, nonce, 12, NULL, 0, in, (size_t)((uint64_t)1 << 24 << 8)),
			    EMBER_ELEN, "2^32 bytes, q = 3");
		/* a truncated ciphertext, then a wrong tag: out zeroed */
		ember_aes_ccm_seal(&c, out, tag, 8, nonce, 11, in, 9, in, sizeof(in));
		e = ember_aes_ccm_open(&c, out, tag, 8, nonce, 11, in, 9, out, sizeof(in) - 1);
		CHECK(e == EMBER_EVERIFY && out[0] == 0 && out[62] == 0, "aes-ccm/%s: truncated ciphertext: %s", d->impl,
		    ta_err(e));
		ember_aes_ccm_seal(&c, out, tag, 8, nonce, 11, in, 9, in, sizeof(in));
		tag[0] ^= 1;
		memcpy(t2, out, 16);
		e = ember_aes_ccm_open(&c, out, tag, 8, nonce, 11, in, 9, out, sizeof(in));
		CHECK(e == EMBER_EVERIFY && out[0] == 0 && out[63] == 0 && memcmp(out, t2, 16) != 0,
		    "aes-ccm/%s: wrong tag: %s, out not zeroed", d->impl, ta_err(e));
		ember_aes_ccm_clear(&c);
		CHECK(c.aes.impl == NULL, "aes-ccm/%s: clear", d->impl);
		ember_aead_clear(&g);
#undef REFUSED
	}
}

EMBER_TEST(ccm_registry)
{
	static const uint8_t key[16];
	const ember_aead_desc *d = ember_aead_find("aes-ccm", NULL), *tab = ember_aead_find("aes-ccm", "tab");
	const ember_block_desc *aes = ember_block_find("aes", NULL);
	ember_aes_ccm_ctx a, b;

	if (!CHECK(d != NULL && aes != NULL, "aes-ccm: no default"))
		return;
	CHECK((d->flags & EMBER_IMPL_CT) != 0 && d != tab, "aes-ccm: the default %s is not constant-time", d->impl);
	CHECK(tab == NULL || (tab->flags & EMBER_IMPL_CT) == 0, "aes-ccm/tab flagged constant-time");
	CHECK(ember_aes_ccm_set_key(&a, key, 16) == 0 && d->set_key(&b, key, 16) == 0 && a.aes.impl == b.aes.impl,
	    "ember_aes_ccm_set_key did not key the registry's default %s", d->impl);
	/* the default's AES is constant-time: the AES list's default, or x86ni's stitched loop over the same schedule */
	CHECK((a.aes.impl->flags & EMBER_IMPL_CT) && (strcmp(d->impl, aes->impl) == 0 ||
	        (strcmp(d->impl, "x86ni") == 0 && strcmp(aes->impl, "avx512") == 0)),
	    "aes-ccm default %s, AES default %s", d->impl, aes->impl);
	if (t_phase == 2)
		CHECK(strcmp(d->impl, sizeof(void *) > 4 ? "ct" : "ct32") == 0,
		    "EMBER_CPUCAP=none: default aes-ccm/%s, want the portable one of the word size", d->impl);
	ember_aes_ccm_clear(&a);
	ember_aes_ccm_clear(&b);
}
