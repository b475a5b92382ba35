/*
 * t_ecdsa.c - ECDSA over P-256 and P-384 (ember/ecc.h), on every backend
 * this CPU runs (each unit walks the registry's p256 and p384 entries):
 *   ecdsa_rfc6979: RFC 6979 A.2.5 and A.2.6 (tests/vectors/ecdsa_rfc6979.txt):
 *     the public key, r and s exact (deterministic mode), sign_k with K;
 *   ecdsa_nist: CAVP SigGen (given k: exact r, s) and SigVer, P-256 and P-384;
 *   ecdsa_wycheproof: ecdsa_secp256r1_sha256 and _sha512 (DER and P1363),
 *     ecdsa_secp384r1_sha384: valid accepted, invalid rejected;
 *   ecdsa_backends: random keys and digests of every length, the backends
 *     against each other (same Q, same deterministic signature, each
 *     verifying the others'), hedged signatures differing, DER round trips;
 *   ecdsa_bad_input: r or s = 0 or >= n, wrong lengths, strict DER (trailing
 *     bytes, non-minimal or negative INTEGERs ...), bad keys and points;
 *   ecdsa_ossl: against the system's libcrypto, both ways (skipped without it).
 */
#include <stdlib.h>
#include <string.h>

#include "eccutil.h"
#include "test.h"

#define MAXB 8

static void set_all(ember_ecc_key *k, const ember_ec_desc *d)
{
	CHECK(ember_ecc_key_set_impl(k, d) == 0, "set_impl %s/%s", d->name, d->impl);
}

EMBER_TEST(ecdsa_rfc6979)
{
	t_vec v;
	ember_ecc_key key;
	int curve = 0;
	unsigned run = 0, skipped = 0;
	const ember_ec_desc *be[MAXB];
	size_t nb = 0, b;

	memset(&key, 0, sizeof(key));
	if (!CHECK(t_vec_open(&v, t_path(t_vec_dir, "ecdsa_rfc6979.txt")) == 0, "cannot open ecdsa_rfc6979.txt"))
		return;
	while (t_vec_next(&v)) {
		if (t_vec_get(&v, "ECKey") != NULL) {
			uint8_t *x, *ux, *uy;
			size_t xl, uxl, uyl;
			curve = ember_ecc_curve_find(t_vec_get(&v, "Curve"));
			t_vec_bytes(&v, "X", &x, &xl);
			t_vec_bytes(&v, "Ux", &ux, &uxl);
			t_vec_bytes(&v, "Uy", &uy, &uyl);
			nb = ecc_backends(curve, be, MAXB);
			CHECK(nb > 0, "no backend for %s", t_vec_get(&v, "Curve"));
			CHECK(ember_ecc_key_from_private(&key, curve, x, xl) == 0 && memcmp(key.q, ux, uxl) == 0 &&
			          memcmp(key.q + key.len, uy, uyl) == 0,
			    "%s: d G != U", t_vec_get(&v, "ECKey"));
			/* set_impl recomputes Q on each backend: the same U */
			for (b = 0; b < nb; b++)
				set_all(&key, be[b]);
			free(x), free(ux), free(uy);
		} else if (t_vec_get(&v, "ECSig") != NULL) {
			const ember_hash_desc *hd = ember_hash_find(t_vec_get(&v, "SigHash"), NULL);
			uint8_t *msg, *kk, *r, *s, md[EMBER_MAX_DIGEST_LEN], sig[EMBER_ECDSA_MAX_SIG_LEN];
			size_t ml, kl, rl, sl, n = key.len;

			if (hd == NULL) {
				skipped++;
				continue;
			}
			t_vec_bytes(&v, "Msg", &msg, &ml);
			t_vec_bytes(&v, "K", &kk, &kl);
			t_vec_bytes(&v, "R", &r, &rl);
			t_vec_bytes(&v, "S", &s, &sl);
			ember_hash(hd, md, msg, ml);
			for (b = 0; b < nb; b++) {
				set_all(&key, be[b]);
				CHECK(ember_ecdsa_sign(&key, hd, md, hd->digest_len, EMBER_ECDSA_DETERMINISTIC, sig, 2 * n) == 0 &&
				          memcmp(sig, r, n) == 0 && memcmp(sig + n, s, n) == 0,
				    "%s:%u %s: signature differs: %s", v.path, v.line, be[b]->impl, t_tohex(sig, 2 * n));
				memset(sig, 0, sizeof(sig));
				CHECK(ember_ecdsa_sign_k(&key, kk, kl, md, hd->digest_len, sig, 2 * n) == 0 &&
				          memcmp(sig, r, n) == 0 && memcmp(sig + n, s, n) == 0,
				    "%s:%u %s: sign_k differs", v.path, v.line, be[b]->impl);
				CHECK(ember_ecdsa_verify(&key, md, hd->digest_len, sig, 2 * n) == 0, "%s:%u %s: verify", v.path,
				    v.line, be[b]->impl);
				sig[n + 7] ^= 0x10;
				CHECK(ember_ecdsa_verify(&key, md, hd->digest_len, sig, 2 * n) == EMBER_EVERIFY,
				    "%s:%u %s: flipped s accepted", v.path, v.line, be[b]->impl);
				run++;
			}
			free(msg), free(kk), free(r), free(s);
		}
	}
	t_vec_close(&v);
	ember_ecc_key_set_impl(&key, NULL);
	ember_ecc_key_clear(&key);
	t_note("ecdsa_rfc6979.txt: %u signatures reproduced (all backends), %u skipped (digest not built)", run, skipped);
	CHECK(run > 0, "no RFC 6979 signature checked");
}

typedef struct bytes {
	uint8_t *p;
	size_t len;
} bytes;

static void set_hex(bytes *b, const char *hex)
{
	size_t n = strlen(hex);
	char *even = malloc(n + 2);

	free(b->p);
	b->p = NULL;
	b->len = 0;
	even[0] = '0';
	strcpy(even + 1, hex);
	if (t_hex(n % 2 ? even : hex, &b->p, &b->len) != 0)
		b->p = NULL;
	free(even);
}

/* |b| right-aligned into len bytes; 0, or -1 when longer */
static int fit(uint8_t *out, const bytes *b, size_t len)
{
	const uint8_t *p = b->p;
	size_t n = b->len;

	while (n > len && *p == 0)
		p++, n--;
	if (n > len)
		return -1;
	memset(out, 0, len - n);
	memcpy(out + len - n, p, n);
	return 0;
}

/* NIST CAVP 186-3 ECDSA SigGen (|gen|: given k, exact R and S) or SigVer (Result), P-256 and P-384 sections. */
static void nist_file(const char *name, int gen)
{
	const char *path = t_path(t_shared_dir, name);
	FILE *f = path ? fopen(path, "r") : NULL;
	char line[4096], sha[32] = "";
	bytes M = { 0 }, D = { 0 }, QX = { 0 }, QY = { 0 }, K = { 0 }, R = { 0 }, S = { 0 };
	unsigned run = 0, skipped = 0, lineno = 0;
	int curve = 0;

	if (f == NULL) {
		t_skip("%s: not found", name);
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		char *eq, *k, *v, *end;

		lineno++;
		line[strcspn(line, "\r\n")] = 0;
		if (line[0] == '[') {
			/* [P-256,SHA-256] */
			char *comma = strchr(line, ',');
			curve = 0;
			if (comma) {
				*comma = 0;
				curve = ember_ecc_curve_find(line + 1);
				snprintf(sha, sizeof(sha), "%.*s", (int)strcspn(comma + 1, "]"), comma + 1);
			}
			continue;
		}
		if (curve == 0 || (eq = strchr(line, '=')) == NULL)
			continue;
		*eq = 0;
		for (k = line; *k == ' '; k++)
			;
		for (end = eq; end > k && end[-1] == ' '; end--)
			end[-1] = 0;
		for (v = eq + 1; *v == ' '; v++)
			;
		if (strcmp(k, "Msg") == 0)
			set_hex(&M, v);
		else if (strcmp(k, "d") == 0)
			set_hex(&D, v);
		else if (strcmp(k, "Qx") == 0)
			set_hex(&QX, v);
		else if (strcmp(k, "Qy") == 0)
			set_hex(&QY, v);
		else if (strcmp(k, "k") == 0)
			set_hex(&K, v);
		else if (strcmp(k, "R") == 0)
			set_hex(&R, v);
		else if (strcmp(k, "S") == 0)
			set_hex(&S, v);
		if (strcmp(k, gen ? "S" : "Result") != 0)
			continue;
		{
			const ember_hash_desc *hd = ecc_hash(sha);
			const ember_ec_desc *be[MAXB];
			size_t nb = ecc_backends(curve, be, MAXB), len = ember_ecc_curve_len(curve), b;
			uint8_t md[EMBER_MAX_DIGEST_LEN], pt[EMBER_ECC_MAX_POINT_LEN], sig[EMBER_ECDSA_MAX_SIG_LEN];
			uint8_t want[EMBER_ECDSA_MAX_SIG_LEN];
			ember_ecc_key key;

			if (hd == NULL) {
				skipped++;
				continue;
			}
			ember_hash(hd, md, M.p, M.len);
			pt[0] = 4;
			if (fit(pt + 1, &QX, len) != 0 || fit(pt + 1 + len, &QY, len) != 0 || fit(want, &R, len) != 0 ||
			    fit(want + len, &S, len) != 0) {
				CHECK(!gen && v[0] == 'F', "%s:%u: a value too long", name, lineno);
				run++;
				continue;
			}
			for (b = 0; b < nb; b++) {
				int r;
				if (gen) {
					r = ember_ecc_key_from_private(&key, curve, D.p, D.len);
					set_all(&key, be[b]);
					CHECK(r == 0 && memcmp(key.q, pt + 1, 2 * len) == 0, "%s:%u %s: Q differs", name, lineno,
					    be[b]->impl);
					r = ember_ecdsa_sign_k(&key, K.p, K.len, md, hd->digest_len, sig, 2 * len);
					CHECK(r == 0 && memcmp(sig, want, 2 * len) == 0, "%s:%u %s: %s signature differs", name,
					    lineno, be[b]->impl, sha);
					CHECK(ember_ecdsa_verify(&key, md, hd->digest_len, want, 2 * len) == 0,
					    "%s:%u %s: not verified", name, lineno, be[b]->impl);
				} else {
					r = ember_ecc_key_from_public(&key, curve, pt, 1 + 2 * len);
					if (r == 0) {
						set_all(&key, be[b]);
						r = ember_ecdsa_verify(&key, md, hd->digest_len, want, 2 * len);
					}
					CHECK((r == 0) == (v[0] == 'P'), "%s:%u %s: %s verify gave %d, want %s", name, lineno,
					    be[b]->impl, sha, r, v);
				}
				ember_ecc_key_clear(&key);
			}
			run++;
		}
	}
	fclose(f);
	t_note("%s: %u P-256/P-384 cases run on every backend, %u skipped (digest not built)", name, run, skipped);
	CHECK(run > 0, "%s: no P-256/P-384 vectors read", name);
	free(M.p), free(D.p), free(QX.p), free(QY.p), free(K.p), free(R.p), free(S.p);
}

EMBER_TEST(ecdsa_nist)
{
	if (t_shared_dir == NULL || !t_dir_exists(t_path(t_shared_dir, "nist/ecdsa"))) {
		t_skip("NIST ECDSA vectors: ../shared/vectors/nist/ecdsa not found");
		return;
	}
	nist_file("nist/ecdsa/SigGen.txt", 1);
	nist_file("nist/ecdsa/SigVer.rsp", 0);
}

/* ---- Wycheproof ---- */

static void wycheproof_file(const char *file, int curve, int p1363)
{
	const char *path = t_path(t_shared_dir, file);
	tj *j = path ? tj_load(path) : NULL;
	const tj *groups = j ? tj_get(j, "testGroups") : NULL;
	const ember_ec_desc *be[MAXB];
	size_t nb = ecc_backends(curve, be, MAXB), gi, ti, b;
	unsigned valid = 0, invalid = 0, fails = 0;

	if (j == NULL) {
		t_skip("%s: not found", file);
		return;
	}
	for (gi = 0; groups && gi < groups->n; gi++) {
		const tj *g = groups->items[gi], *tests = tj_get(g, "tests");
		const ember_hash_desc *hd = ecc_hash(tj_str(g, "sha"));
		uint8_t *pt = NULL;
		size_t pl;
		ember_ecc_key key;

		if (!CHECK(hd != NULL && t_hex(tj_str(tj_get(g, "publicKey"), "uncompressed"), &pt, &pl) == 0,
		        "%s group %zu: digest or key", file, gi))
			continue;
		if (!CHECK(ember_ecc_key_from_public(&key, curve, pt, pl) == 0, "%s group %zu: key refused", file, gi)) {
			free(pt);
			continue;
		}
		free(pt);
		for (ti = 0; tests && ti < tests->n; ti++) {
			const tj *t = tests->items[ti];
			const char *res = tj_str(t, "result");
			uint8_t *msg = NULL, *sig = NULL, md[EMBER_MAX_DIGEST_LEN];
			size_t ml, sl;

			if (t_hex(tj_str(t, "msg"), &msg, &ml) != 0 || t_hex(tj_str(t, "sig"), &sig, &sl) != 0) {
				CHECK(0, "%s tcId %ld: hex", file, tj_int(t, "tcId", -1));
				continue;
			}
			ember_hash(hd, md, msg, ml);
			for (b = 0; b < nb; b++) {
				int ok;
				set_all(&key, be[b]);
				ok = p1363 ? ember_ecdsa_verify(&key, md, hd->digest_len, sig, sl) == 0
				           : ember_ecdsa_verify_der(&key, md, hd->digest_len, sig, sl) == 0;
				/* no "acceptable" case in these files */
				if (!CHECK(ok == (strcmp(res, "valid") == 0), "%s tcId %ld %s: %s gave %s (%s)", file,
				        tj_int(t, "tcId", -1), be[b]->impl, res, ok ? "accepted" : "rejected", tj_str(t, "comment")))
					fails++;
			}
			valid += strcmp(res, "valid") == 0;
			invalid += strcmp(res, "valid") != 0;
			free(msg), free(sig);
		}
		ember_ecc_key_clear(&key);
	}
	t_note("%s: %u valid, %u invalid, on %zu backends: %u failures", file, valid, invalid, nb, fails);
	CHECK(valid + invalid > 0, "%s: no test read", file);
	tj_free(j);
}

EMBER_TEST(ecdsa_wycheproof)
{
	static const struct {
		const char *file;
		int curve, p1363;
	} files[] = {
		{ "ecdsa_secp256r1_sha256_test.json", EMBER_ECC_P256, 0 },
		{ "ecdsa_secp256r1_sha256_p1363_test.json", EMBER_ECC_P256, 1 },
		{ "ecdsa_secp256r1_sha512_test.json", EMBER_ECC_P256, 0 },
		{ "ecdsa_secp256r1_sha512_p1363_test.json", EMBER_ECC_P256, 1 },
		{ "ecdsa_secp384r1_sha384_test.json", EMBER_ECC_P384, 0 },
	};
	char name[128];
	size_t i;

	if (t_shared_dir == NULL || !t_dir_exists(t_path(t_shared_dir, "wycheproof/testvectors_v1"))) {
		t_skip("Wycheproof ECDSA: ../shared/vectors/wycheproof not found");
		return;
	}
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(name, sizeof(name), "wycheproof/testvectors_v1/%s", files[i].file);
		wycheproof_file(name, files[i].curve, files[i].p1363);
	}
}

/* ---- properties ---- */

static const ember_hash_desc *default_hash(int curve)
{
	return ember_hash_find(curve == EMBER_ECC_P256 ? "sha256" : "sha384", NULL);
}

EMBER_TEST(ecdsa_backends)
{
	static const int curves[] = { EMBER_ECC_P256, EMBER_ECC_P384 };
	static const size_t dlens[] = { 0, 1, 20, 28, 31, 32, 33, 47, 48, 49, 64 };
	size_t ci, iter, b;

	for (ci = 0; ci < 2; ci++) {
		const int curve = curves[ci];
		const size_t len = ember_ecc_curve_len(curve);
		const ember_hash_desc *hd = default_hash(curve);
		const ember_ec_desc *be[MAXB];
		size_t nb = ecc_backends(curve, be, MAXB), rounds = t_quick ? 3 : 12;

		for (iter = 0; iter < rounds; iter++) {
			ember_ecc_key k, pub;
			uint8_t md[64], sig[MAXB][EMBER_ECDSA_MAX_SIG_LEN], h1[96], h2[96], der[EMBER_ECDSA_MAX_DER_LEN];
			uint8_t back[96], pt[EMBER_ECC_MAX_POINT_LEN], q0[96];
			size_t dl = dlens[iter % (sizeof(dlens) / sizeof(dlens[0]))], derlen, ptl;

			if (!CHECK(ember_ecc_generate_key(&k, curve) == 0, "generate_key"))
				return;
			memcpy(q0, k.q, 2 * len);
			t_rand_bytes(md, sizeof(md));
			for (b = 0; b < nb; b++) {
				/* the same Q on every backend (set_impl recomputes it) */
				set_all(&k, be[b]);
				CHECK(ember_ecdsa_sign(&k, hd, md, dl, EMBER_ECDSA_DETERMINISTIC, sig[b], 2 * len) == 0,
				    "%s: sign", be[b]->impl);
				if (b > 0)
					CHECK(memcmp(sig[b], sig[0], 2 * len) == 0, "%s/%s: deterministic signature differs from %s's",
					    be[b]->name, be[b]->impl, be[0]->impl);
				/* hedged: two signatures differ, both verify */
				CHECK(ember_ecdsa_sign(&k, hd, md, dl, 0, h1, 2 * len) == 0 &&
				          ember_ecdsa_sign(&k, NULL, md, dl, 0, h2, 2 * len) == 0 && memcmp(h1, h2, 2 * len) != 0 &&
				          memcmp(h1, sig[0], 2 * len) != 0,
				    "%s: hedged signatures repeat", be[b]->impl);
				CHECK(ember_ecdsa_verify(&k, md, dl, h1, 2 * len) == 0 && ember_ecdsa_verify(&k, md, dl, h2, 2 * len) == 0,
				    "%s: hedged signature not verified (digest of %zu bytes)", be[b]->impl, dl);
			}
			/* every backend verifies every other's, from a public key decoded both ways */
			for (b = 0; b < nb; b++) {
				size_t c2;
				int compressed = (int)(b & 1);
				CHECK(ember_ecc_key_public(&k, compressed, pt, sizeof(pt), &ptl) == 0 &&
				          ptl == (compressed ? 1 + len : 1 + 2 * len) &&
				          ember_ecc_key_from_public(&pub, curve, pt, ptl) == 0 && memcmp(pub.q, q0, 2 * len) == 0,
				    "%s: point encoding round trip (compressed %d)", be[b]->impl, compressed);
				set_all(&pub, be[b]);
				for (c2 = 0; c2 < nb; c2++) {
					CHECK(ember_ecdsa_verify(&pub, md, dl, sig[c2], 2 * len) == 0, "%s does not verify %s's (dl %zu iter %zu)",
					    be[b]->impl, be[c2]->impl, dl, iter);
					memcpy(h1, sig[c2], 2 * len);
					h1[t_rand_below(2 * len)] ^= (uint8_t)(1 << t_rand_below(8));
					CHECK(ember_ecdsa_verify(&pub, md, dl, h1, 2 * len) == EMBER_EVERIFY, "%s: flipped bit accepted",
					    be[b]->impl);
				}
				/* a different digest fails */
				md[0] ^= 0x80;
				CHECK(dl == 0 || ember_ecdsa_verify(&pub, md, dl, sig[0], 2 * len) == EMBER_EVERIFY,
				    "%s: other digest accepted", be[b]->impl);
				md[0] ^= 0x80;
			}
			/* DER round trip */
			CHECK(ember_ecdsa_sig_to_der(sig[0], 2 * len, der, sizeof(der), &derlen) == 0 &&
			          ember_ecdsa_sig_from_der(der, derlen, back, 2 * len) == 0 && memcmp(back, sig[0], 2 * len) == 0 &&
			          ember_ecdsa_verify_der(&k, md, dl, der, derlen) == 0,
			    "DER round trip");
			ember_ecc_key_clear(&k);
		}
		t_note("%s: %zu random keys x %zu backends: Q, deterministic and hedged signatures agree", ember_ecc_curve_name(curve),
		    rounds, nb);
	}
}

/* r || s over a valid key and digest: every case must be refused */
EMBER_TEST(ecdsa_bad_input)
{
	static const int curves[] = { EMBER_ECC_P256, EMBER_ECC_P384 };
	size_t ci;

	for (ci = 0; ci < 2; ci++) {
		const int curve = curves[ci];
		const size_t len = ember_ecc_curve_len(curve);
		const ember_hash_desc *hd = default_hash(curve);
		const ember_ec_desc *be[MAXB];
		size_t nb = ecc_backends(curve, be, MAXB), b, i;
		uint8_t md[48], sig[96], bad[96], n[48], der[160], pt[97], out[96];
		size_t derlen;
		ember_ecc_key k, q;

		/* n, from the fact that n - 1 is a valid scalar and n is not */
		memset(md, 0x5a, sizeof(md));
		CHECK(ember_ecc_generate_key(&k, curve) == 0, "generate");
		CHECK(ember_ecdsa_sign(&k, hd, md, len, 0, sig, 2 * len) == 0, "sign");
		for (b = 0; b < nb; b++) {
			set_all(&k, be[b]);
			memcpy(bad, sig, 2 * len);
			memset(bad, 0, len);
			CHECK(ember_ecdsa_verify(&k, md, len, bad, 2 * len) == EMBER_EVERIFY, "%s: r = 0 accepted", be[b]->impl);
			memcpy(bad, sig, 2 * len);
			memset(bad + len, 0, len);
			CHECK(ember_ecdsa_verify(&k, md, len, bad, 2 * len) == EMBER_EVERIFY, "%s: s = 0 accepted", be[b]->impl);
			memset(bad, 0xff, 2 * len);
			CHECK(ember_ecdsa_verify(&k, md, len, bad, 2 * len) == EMBER_EVERIFY, "%s: r, s > n accepted", be[b]->impl);
			CHECK(ember_ecdsa_verify(&k, md, len, sig, 2 * len - 1) == EMBER_EVERIFY &&
			          ember_ecdsa_verify(&k, md, len, sig, 2 * len + 1) == EMBER_EVERIFY,
			    "%s: wrong signature length accepted", be[b]->impl);
		}
		ember_ecc_key_set_impl(&k, NULL);
		/* r + n and s + n (a P1363 signature of len bytes cannot hold them; r = n itself) */
		{
			static const uint8_t n256[32] = { 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff,
				0xff, 0xff, 0xff, 0xff, 0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84, 0xf3, 0xb9, 0xca, 0xc2,
				0xfc, 0x63, 0x25, 0x51 };
			static const uint8_t n384[48] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
				0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xc7, 0x63, 0x4d,
				0x81, 0xf4, 0x37, 0x2d, 0xdf, 0x58, 0x1a, 0x0d, 0xb2, 0x48, 0xb0, 0xa7, 0x7a, 0xec, 0xec, 0x19,
				0x6a, 0xcc, 0xc5, 0x29, 0x73 };
			memcpy(n, curve == EMBER_ECC_P256 ? n256 : n384, len);
			memcpy(bad, sig, 2 * len);
			memcpy(bad, n, len);
			CHECK(ember_ecdsa_verify(&k, md, len, bad, 2 * len) == EMBER_EVERIFY, "r = n accepted");
			memcpy(bad, sig, 2 * len);
			memcpy(bad + len, n, len);
			CHECK(ember_ecdsa_verify(&k, md, len, bad, 2 * len) == EMBER_EVERIFY, "s = n accepted");
			/* private scalars: 0, n, n + 1 refused; n - 1 accepted */
			CHECK(ember_ecc_key_from_private(&q, curve, n, len) == EMBER_ERANGE, "d = n accepted");
			memset(bad, 0, len);
			CHECK(ember_ecc_key_from_private(&q, curve, bad, len) == EMBER_ERANGE, "d = 0 accepted");
			memcpy(bad, n, len);
			bad[len - 1]--;
			CHECK(ember_ecc_key_from_private(&q, curve, bad, len) == 0, "d = n - 1 refused");
			bad[len - 1] += 2;
			CHECK(ember_ecc_key_from_private(&q, curve, bad, len) == EMBER_ERANGE, "d = n + 1 accepted");
			memset(bad, 0, sizeof(bad));
			bad[0] = 1;
			CHECK(ember_ecc_key_from_private(&q, curve, bad, len + 1) == EMBER_ERANGE, "d of len + 1 bytes accepted");
			/* sign_k: k = 0 and k = n refused */
			CHECK(ember_ecdsa_sign_k(&k, n, len, md, len, out, 2 * len) == EMBER_ERANGE, "k = n accepted");
			memset(bad, 0, len);
			CHECK(ember_ecdsa_sign_k(&k, bad, len, md, len, out, 2 * len) == EMBER_ERANGE, "k = 0 accepted");
		}
		/* strict DER */
		CHECK(ember_ecdsa_sig_to_der(sig, 2 * len, der, sizeof(der), &derlen) == 0, "to_der");
		der[derlen] = 0;
		CHECK(ember_ecdsa_sig_from_der(der, derlen + 1, out, 2 * len) == EMBER_EDECODE &&
		          ember_ecdsa_verify_der(&k, md, len, der, derlen + 1) == EMBER_EVERIFY,
		    "DER with a trailing byte accepted");
		CHECK(ember_ecdsa_sig_from_der(der, derlen - 1, out, 2 * len) == EMBER_EDECODE, "truncated DER accepted");
		{
			/* hand-made SEQUENCEs: each must be refused */
			static const char *const cases[] = {
				"3006020101020101",     /* valid shape (r = s = 1): the control */
				"300702020001020101",   /* r with a needless 0x00 */
				"3006020181020101",     /* r negative */
				"30060200020101",       /* wrong: r empty (length 0) */
				"3081060201010201 01",  /* long-form length for 6 */
				"3007020101020101 00",  /* trailing byte inside the SEQUENCE */
				"3009020101020101020101", /* a third INTEGER */
				"3003020101",           /* s missing */
				"3106020101020101",     /* SET, not SEQUENCE */
				"3006030101020101",     /* BIT STRING for r */
				"308006020101020101",   /* indefinite length */
			};
			for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
				char hex[64];
				uint8_t *d;
				size_t dlen, h = 0, c;
				int r;
				for (c = 0; cases[i][c]; c++)
					if (cases[i][c] != ' ')
						hex[h++] = cases[i][c];
				hex[h] = 0;
				if (t_hex(hex, &d, &dlen) != 0)
					continue;
				r = ember_ecdsa_sig_from_der(d, dlen, out, 2 * len);
				if (i == 0)
					CHECK(r == 0 && out[len - 1] == 1 && out[2 * len - 1] == 1, "DER control case refused");
				else
					CHECK(r != 0, "DER case %zu (%s) accepted", i, cases[i]);
				free(d);
			}
		}
		{
			/* an INTEGER of len + 1 significant bytes */
			uint8_t big[120];
			size_t o = 0;
			big[o++] = 0x30;
			big[o++] = (uint8_t)(2 + len + 1 + 3);
			big[o++] = 0x02;
			big[o++] = (uint8_t)(len + 1);
			big[o++] = 0x01;
			memset(big + o, 0, len);
			o += len;
			memcpy(big + o, "\x02\x01\x01", 3);
			o += 3;
			CHECK(ember_ecdsa_sig_from_der(big, o, out, 2 * len) == EMBER_ERANGE, "r of len + 1 bytes accepted");
		}
		/* points: the identity, hybrid, wrong lengths, x >= p, off the curve */
		ember_ecc_key_public(&k, 0, pt, sizeof(pt), &derlen);
		CHECK(ember_ecc_key_from_public(&q, curve, (const uint8_t *)"\x00", 1) == EMBER_EDECODE, "identity accepted");
		pt[0] = 6 | (k.q[2 * len - 1] & 1);
		CHECK(ember_ecc_key_from_public(&q, curve, pt, 1 + 2 * len) == EMBER_EDECODE, "hybrid point accepted");
		pt[0] = 4;
		CHECK(ember_ecc_key_from_public(&q, curve, pt, 2 * len) == EMBER_EDECODE &&
		          ember_ecc_key_from_public(&q, curve, pt, 2 + 2 * len) == EMBER_EDECODE &&
		          ember_ecc_key_from_public(&q, curve, pt, 0) == EMBER_EDECODE,
		    "wrong point length accepted");
		/* off the curve (each backend's check: t_ecdh.c, through ember_ecdh) */
		pt[2 * len] ^= 1;
		CHECK(ember_ecc_key_from_public(&q, curve, pt, 1 + 2 * len) == EMBER_ERANGE, "point off the curve accepted");
		memset(pt + 1, 0xff, len);
		CHECK(ember_ecc_key_from_public(&q, curve, pt, 1 + 2 * len) == EMBER_ERANGE, "x >= p accepted");
		pt[0] = 2;
		CHECK(ember_ecc_key_from_public(&q, curve, pt, 1 + len) == EMBER_ERANGE, "compressed x >= p accepted");
		ember_ecc_key_clear(&k);
	}
}

/* ---- against the system's libcrypto ---- */

EMBER_TEST(ecdsa_ossl)
{
	static const int curves[] = { EMBER_ECC_P256, EMBER_ECC_P384 };
	char err[512];
	const ecc_ossl *e = ecc_ossl_load(err, sizeof(err));
	size_t ci, iter;
	unsigned done = 0;

	if (e == NULL) {
		t_skip("ECDSA against libcrypto: %s", err);
		return;
	}
	for (ci = 0; ci < 2; ci++) {
		const int curve = curves[ci];
		const size_t len = ember_ecc_curve_len(curve);
		const ember_ec_desc *be[MAXB];
		size_t nb = ecc_backends(curve, be, MAXB);

		for (iter = 0; iter < (t_quick ? 4u : 24u); iter++) {
			ember_ecc_key k;
			uint8_t md[64], sig[96], der[EMBER_ECDSA_MAX_DER_LEN], osig[160];
			size_t dl = 1 + t_rand_below(64), derlen, ol = sizeof(osig);
			void *priv, *pub, *ctx;
			const ember_ec_desc *d = be[iter % nb];

			if (!CHECK(ember_ecc_generate_key(&k, curve) == 0 && ember_ecc_key_set_impl(&k, d) == 0, "key"))
				return;
			t_rand_bytes(md, dl);
			priv = ecc_ossl_private(e, &k);
			pub = ecc_ossl_public(e, &k);
			if (!CHECK(priv != NULL && pub != NULL, "libcrypto refused Ember's %s key", ember_ecc_curve_name(curve)))
				return;
			/* Ember signs (hedged), OpenSSL verifies */
			CHECK(ember_ecdsa_sign(&k, NULL, md, dl, 0, sig, 2 * len) == 0 &&
			          ember_ecdsa_sig_to_der(sig, 2 * len, der, sizeof(der), &derlen) == 0,
			    "%s: sign", d->impl);
			ctx = e->o->EVP_PKEY_CTX_new(pub, NULL);
			CHECK(ctx && e->o->EVP_PKEY_verify_init(ctx) == 1 && e->o->EVP_PKEY_verify(ctx, der, derlen, md, dl) == 1,
			    "%s %s: OpenSSL does not verify Ember's signature (digest of %zu bytes)", ember_ecc_curve_name(curve),
			    d->impl, dl);
			e->o->EVP_PKEY_CTX_free(ctx);
			/* OpenSSL signs, Ember verifies */
			ctx = e->o->EVP_PKEY_CTX_new(priv, NULL);
			CHECK(ctx && e->o->EVP_PKEY_sign_init(ctx) == 1 && e->o->EVP_PKEY_sign(ctx, osig, &ol, md, dl) == 1 &&
			          ember_ecdsa_verify_der(&k, md, dl, osig, ol) == 0,
			    "%s %s: Ember does not verify OpenSSL's signature (digest of %zu bytes)", ember_ecc_curve_name(curve),
			    d->impl, dl);
			e->o->EVP_PKEY_CTX_free(ctx);
			e->o->EVP_PKEY_free(priv);
			e->o->EVP_PKEY_free(pub);
			ember_ecc_key_clear(&k);
			done++;
		}
	}
	t_note("ECDSA against %s: %u keys, signatures verified both ways", e->o->version, done);
}
