/*
 * t_ecdh.c - ECDH over P-256 and P-384 (ember/ecc.h), on every backend
 * this CPU runs:
 *   ecdh_wycheproof: ecdh_secp256r1_test and ecdh_secp384r1_test (peer
 *     keys as DER SubjectPublicKeyInfo, read by eccutil.c's minimal
 *     reader): valid ones give the shared secret, invalid ones are
 *     refused (a key on another curve, explicit parameters, a point off
 *     the curve ...), acceptable ones (compressed points) are counted and,
 *     when accepted, must give the secret;
 *   ecdh_backends: random key pairs, every backend and both directions
 *     giving the same secret, from uncompressed and compressed points;
 *   ecdh_bad_input: points off the curve, coordinates >= p, the identity,
 *     hybrid and wrong-length encodings, x without a square root, on each
 *     backend; wrong output lengths, public-only keys, mixed curves;
 *   ecdh_ossl: against the system's libcrypto's EVP_PKEY_derive.
 */
#include <stdlib.h>
#include <string.h>

#include "eccutil.h"
#include "test.h"

#define MAXB 8

static void wycheproof_file(const char *file, int curve)
{
	const char *path = t_path(t_shared_dir, file);
	tj *j = path ? tj_load(path) : NULL;
	const tj *groups = j ? tj_get(j, "testGroups") : NULL;
	const ember_ec_desc *be[MAXB];
	size_t nb = ecc_backends(curve, be, MAXB), len = ember_ecc_curve_len(curve), gi, ti, b;
	unsigned valid = 0, invalid = 0, acceptable = 0, acc_yes = 0, fails = 0;

	if (j == NULL) {
		t_skip("%s: not found", file);
		return;
	}
	for (gi = 0; groups && gi < groups->n; gi++) {
		const tj *tests = tj_get(groups->items[gi], "tests");
		for (ti = 0; tests && ti < tests->n; ti++) {
			const tj *t = tests->items[ti];
			const char *res = tj_str(t, "result");
			uint8_t *pub = NULL, *priv = NULL, *shared = NULL, out[EMBER_ECC_MAX_LEN];
			size_t publ, privl, sharedl, pl;
			const uint8_t *point;
			int pc, ok_all = -1;
			ember_ecc_key k;

			if (t_hex(tj_str(t, "public"), &pub, &publ) != 0 || t_hex(tj_str(t, "private"), &priv, &privl) != 0 ||
			    t_hex(tj_str(t, "shared"), &shared, &sharedl) != 0) {
				CHECK(0, "%s tcId %ld: hex", file, tj_int(t, "tcId", -1));
				free(pub), free(priv), free(shared);
				continue;
			}
			for (b = 0; b < nb; b++) {
				int ok = ecc_spki_point(pub, publ, &pc, &point, &pl) == 0 && pc == curve &&
				         ember_ecc_key_from_private(&k, curve, priv, privl) == 0 && ember_ecc_key_set_impl(&k, be[b]) == 0 &&
				         ember_ecdh(&k, point, pl, out, len) == 0;
				if (ok && !CHECK(sharedl == len && memcmp(out, shared, len) == 0, "%s tcId %ld %s: wrong shared secret",
				              file, tj_int(t, "tcId", -1), be[b]->impl))
					fails++;
				if (ok_all >= 0 && ok != ok_all)
					CHECK(0, "%s tcId %ld: the backends disagree", file, tj_int(t, "tcId", -1));
				ok_all = ok;
				ember_ecc_key_clear(&k);
			}
			if (strcmp(res, "valid") == 0) {
				valid++;
				if (!CHECK(ok_all == 1, "%s tcId %ld (valid) refused: %s", file, tj_int(t, "tcId", -1), tj_str(t, "comment")))
					fails++;
			} else if (strcmp(res, "invalid") == 0) {
				invalid++;
				if (!CHECK(ok_all == 0, "%s tcId %ld (invalid) accepted: %s", file, tj_int(t, "tcId", -1),
				        tj_str(t, "comment")))
					fails++;
			} else {
				acceptable++;
				acc_yes += ok_all == 1;
			}
			free(pub), free(priv), free(shared);
		}
	}
	t_note("%s: %u valid, %u invalid, %u acceptable (%u accepted: compressed points and the like), %zu backends, %u failures",
	    file, valid, invalid, acceptable, acc_yes, nb, fails);
	CHECK(valid > 0, "%s: no test read", file);
	tj_free(j);
}

EMBER_TEST(ecdh_wycheproof)
{
	if (t_shared_dir == NULL || !t_dir_exists(t_path(t_shared_dir, "wycheproof/testvectors_v1"))) {
		t_skip("Wycheproof ECDH: ../shared/vectors/wycheproof not found");
		return;
	}
	wycheproof_file("wycheproof/testvectors_v1/ecdh_secp256r1_test.json", EMBER_ECC_P256);
	wycheproof_file("wycheproof/testvectors_v1/ecdh_secp384r1_test.json", EMBER_ECC_P384);
}

EMBER_TEST(ecdh_backends)
{
	static const int curves[] = { EMBER_ECC_P256, EMBER_ECC_P384 };
	size_t ci, iter, b;

	for (ci = 0; ci < 2; ci++) {
		const int curve = curves[ci];
		const size_t len = ember_ecc_curve_len(curve);
		const ember_ec_desc *be[MAXB];
		size_t nb = ecc_backends(curve, be, MAXB), rounds = t_quick ? 3 : 16;

		for (iter = 0; iter < rounds; iter++) {
			ember_ecc_key a, bk;
			uint8_t s0[48], s1[48], pa[97], pb[97];
			size_t pal, pbl;
			int comp = (int)(iter & 1);

			if (!CHECK(ember_ecc_generate_key(&a, curve) == 0 && ember_ecc_generate_key(&bk, curve) == 0, "keys"))
				return;
			ember_ecc_key_public(&a, comp, pa, sizeof(pa), &pal);
			ember_ecc_key_public(&bk, comp, pb, sizeof(pb), &pbl);
			CHECK(ember_ecdh(&a, pb, pbl, s0, len) == 0, "ecdh");
			for (b = 0; b < nb; b++) {
				CHECK(ember_ecc_key_set_impl(&a, be[b]) == 0 && ember_ecc_key_set_impl(&bk, be[b]) == 0, "set_impl %s",
				    be[b]->impl);
				memset(s1, 0, sizeof(s1));
				CHECK(ember_ecdh(&a, pb, pbl, s1, len) == 0 && memcmp(s0, s1, len) == 0, "%s: a's secret differs",
				    be[b]->impl);
				memset(s1, 0, sizeof(s1));
				CHECK(ember_ecdh(&bk, pa, pal, s1, len) == 0 && memcmp(s0, s1, len) == 0, "%s: b's secret differs",
				    be[b]->impl);
				memset(s1, 0, sizeof(s1));
				CHECK(ember_ecdh_key(&bk, &a, s1, len) == 0 && memcmp(s0, s1, len) == 0, "%s: ecdh_key differs",
				    be[b]->impl);
			}
			ember_ecc_key_clear(&a);
			ember_ecc_key_clear(&bk);
		}
		t_note("%s: %zu key pairs x %zu backends, both directions, the same secret", ember_ecc_curve_name(curve), rounds, nb);
	}
}

EMBER_TEST(ecdh_bad_input)
{
	static const int curves[] = { EMBER_ECC_P256, EMBER_ECC_P384 };
	size_t ci, b;

	for (ci = 0; ci < 2; ci++) {
		const int curve = curves[ci];
		const size_t len = ember_ecc_curve_len(curve);
		const ember_ec_desc *be[MAXB];
		size_t nb = ecc_backends(curve, be, MAXB), pl, i;
		ember_ecc_key k, peer, pubonly, other;
		uint8_t pt[97], bad[97], out[48];
		unsigned refused = 0;

		CHECK(ember_ecc_generate_key(&k, curve) == 0 && ember_ecc_generate_key(&peer, curve) == 0, "keys");
		CHECK(ember_ecc_generate_key(&other, curve == EMBER_ECC_P256 ? EMBER_ECC_P384 : EMBER_ECC_P256) == 0, "key");
		ember_ecc_key_public(&peer, 0, pt, sizeof(pt), &pl);
		for (b = 0; b < nb; b++) {
			CHECK(ember_ecc_key_set_impl(&k, be[b]) == 0, "set_impl");
			for (i = 0; i < 9; i++) {
				const char *what = "";
				int want = EMBER_ERANGE;
				size_t blen = 1 + 2 * len;
				memcpy(bad, pt, 1 + 2 * len);
				switch (i) {
				case 0: bad[2 * len] ^= 1; what = "y changed (off the curve)"; break;
				case 1: bad[1] ^= 0x40; what = "x changed (off the curve)"; break;
				case 2: memset(bad + 1, 0xff, len); what = "x = 2^bits - 1 >= p"; break;
				case 3: memset(bad + 1 + len, 0xff, len); what = "y >= p"; break;
				case 4: bad[0] = 0; blen = 1; want = EMBER_EDECODE; what = "the identity (0x00)"; break;
				case 5: memset(bad + 1, 0, 2 * len); what = "(0, 0)"; break;
				case 6: bad[0] = 6; want = EMBER_EDECODE; what = "hybrid 0x06"; break;
				case 7: blen = 2 * len; want = EMBER_EDECODE; what = "one byte short"; break;
				default: bad[0] = 2; memset(bad + 1, 0xff, len); blen = 1 + len; what = "compressed x >= p"; break;
				}
				CHECK(ember_ecdh(&k, bad, blen, out, len) == want, "%s %s: %s not refused as %d",
				    ember_ecc_curve_name(curve), be[b]->impl, what, want);
				refused++;
			}
			/* a compressed x with no point: x^3 - 3x + b not a square (search from x = 1) */
			{
				uint8_t c[49];
				int found = 0, x;
				memset(c, 0, sizeof(c));
				c[0] = 2;
				for (x = 1; x < 64 && !found; x++) {
					c[len] = (uint8_t)x;
					if (ember_ecdh(&k, c, 1 + len, out, len) == EMBER_ERANGE)
						found = 1;
				}
				CHECK(found, "%s: no non-residue x found below 64", be[b]->impl);
			}
			CHECK(ember_ecdh(&k, pt, 1 + 2 * len, out, len - 1) == EMBER_ELEN &&
			          ember_ecdh(&k, pt, 1 + 2 * len, out, len + 1) == EMBER_ELEN,
			    "wrong output length accepted");
			CHECK(ember_ecdh_key(&k, &other, out, len) == EMBER_EINVAL, "a peer on another curve accepted");
		}
		CHECK(ember_ecc_key_from_public(&pubonly, curve, pt, 1 + 2 * len) == 0 &&
		          ember_ecdh(&pubonly, pt, 1 + 2 * len, out, len) == EMBER_EINVAL,
		    "ECDH with a public-only key");
		t_note("%s: %u bad peer points refused on %zu backends", ember_ecc_curve_name(curve), refused, nb);
		ember_ecc_key_clear(&k);
		ember_ecc_key_clear(&other);
	}
}

EMBER_TEST(ecdh_ossl)
{
	static const int curves[] = { EMBER_ECC_P256, EMBER_ECC_P384 };
	char err[512];
	const ecc_ossl *e = ecc_ossl_load(err, sizeof(err));
	size_t ci, iter;
	unsigned done = 0;

	if (e == NULL) {
		t_skip("ECDH against libcrypto: %s", err);
		return;
	}
	for (ci = 0; ci < 2; ci++) {
		const int curve = curves[ci];
		const size_t len = ember_ecc_curve_len(curve);
		const ember_ec_desc *be[MAXB];
		size_t nb = ecc_backends(curve, be, MAXB);

		for (iter = 0; iter < (t_quick ? 4u : 24u); iter++) {
			ember_ecc_key a, bk;
			uint8_t s0[48], s1[64], pb[97];
			size_t sl = sizeof(s1), pbl;
			void *pa, *pbk, *ctx;

			if (!CHECK(ember_ecc_generate_key(&a, curve) == 0 && ember_ecc_generate_key(&bk, curve) == 0 &&
			               ember_ecc_key_set_impl(&a, be[iter % nb]) == 0,
			        "keys"))
				return;
			ember_ecc_key_public(&bk, iter & 1, pb, sizeof(pb), &pbl);
			CHECK(ember_ecdh(&a, pb, pbl, s0, len) == 0, "ecdh");
			/* OpenSSL: b's private key with a's public key */
			pa = ecc_ossl_public(e, &a);
			pbk = ecc_ossl_private(e, &bk);
			ctx = pbk ? e->o->EVP_PKEY_CTX_new(pbk, NULL) : NULL;
			CHECK(pa && ctx && e->EVP_PKEY_derive_init(ctx) == 1 && e->EVP_PKEY_derive_set_peer(ctx, pa) == 1 &&
			          e->EVP_PKEY_derive(ctx, s1, &sl) == 1 && sl == len && memcmp(s0, s1, len) == 0,
			    "%s %s: OpenSSL's shared secret differs", ember_ecc_curve_name(curve), be[iter % nb]->impl);
			e->o->EVP_PKEY_CTX_free(ctx);
			e->o->EVP_PKEY_free(pa);
			e->o->EVP_PKEY_free(pbk);
			ember_ecc_key_clear(&a);
			ember_ecc_key_clear(&bk);
			done++;
		}
	}
	t_note("ECDH against %s: %u key pairs, the same shared secrets", e->o->version, done);
}
