/*
 * t_x25519mlkem768.c - the X25519MLKEM768 hybrid (include/ember/hybrid.h,
 * draft-ietf-tls-ecdhe-mlkem):
 *   hybrid_lengths: the four sizes (1216, 1120, 64, 2432) against the
 *     draft's sums of the parts;
 *   hybrid_roundtrip: random keys and encapsulations, both sides get the
 *     same 64 bytes, several times;
 *   hybrid_components: the seeded calls equal the concatenations computed
 *     here from ember_mlkem_keygen_seed / _encaps_m / _decaps and
 *     ember_x25519 / _base with the same seed, m and scalars (client share
 *     = ek || X25519 pub, server share = ct || X25519 pub, secret = K ||
 *     X25519 secret, private state = dk || scalar);
 *   hybrid_bad_input: a client share whose ML-KEM part fails the modulus
 *     check (a coefficient q, and 0xfff) is refused with EMBER_ERANGE; a
 *     client or server share with a small-order X25519 point (0, 1, the
 *     order-8 point of RFC 7748's test list) is refused with
 *     EMBER_EZEROSECRET; shares one byte short or long are EMBER_ELEN; a
 *     dk failing its hash check is EMBER_EDECODE; NULL is EMBER_EINVAL; in
 *     every case the outputs are left as they were;
 *   hybrid_tamper: a changed byte in the ciphertext part gives return 0,
 *     an ML-KEM half equal to ember_mlkem_decaps of the changed ciphertext
 *     (the implicit-rejection secret), different from the real one, and
 *     the X25519 half unchanged; a changed X25519 part changes only the
 *     X25519 half.
 */
#include <string.h>

#include "ember/hybrid.h"
#include "test.h"

#define CS_LEN EMBER_X25519MLKEM768_CLIENT_SHARE_LEN
#define SS_LEN EMBER_X25519MLKEM768_SERVER_SHARE_LEN
#define K_LEN EMBER_X25519MLKEM768_SS_LEN
#define PRIV_LEN EMBER_X25519MLKEM768_PRIV_LEN

/* RFC 7748's and Wycheproof's small-order u-coordinates: 0, 1 and a point of order 8 */
static const uint8_t small_order[3][32] = {
	{ 0 },
	{ 1 },
	{ 0xe0, 0xeb, 0x7a, 0x7c, 0x3b, 0x41, 0xb8, 0xae, 0x16, 0x56, 0xe3, 0xfa, 0xf1, 0x9f, 0xc4, 0x6a,
	    0xda, 0x09, 0x8d, 0xeb, 0x9c, 0x32, 0xb1, 0xfd, 0x86, 0x62, 0x05, 0x16, 0x5f, 0x49, 0xb8, 0x00 },
};

EMBER_TEST(hybrid_lengths)
{
	CHECK(CS_LEN == 1216 && CS_LEN == EMBER_MLKEM768_EK_LEN + 32, "client share %d", (int)CS_LEN);
	CHECK(SS_LEN == 1120 && SS_LEN == EMBER_MLKEM768_CT_LEN + 32, "server share %d", (int)SS_LEN);
	CHECK(K_LEN == 64, "shared secret %d", (int)K_LEN);
	CHECK(PRIV_LEN == EMBER_MLKEM768_DK_LEN + 32, "private state %d", (int)PRIV_LEN);
}

EMBER_TEST(hybrid_roundtrip)
{
	static uint8_t cs[CS_LEN], priv[PRIV_LEN], sv[SS_LEN];
	uint8_t k1[K_LEN], k2[K_LEN];
	int i, r;

	for (i = 0; i < 4; i++) {
		r = ember_x25519mlkem768_keygen(cs, priv);
		if (!CHECK(r == 0, "keygen: %d", r))
			return;
		memset(k1, 0xaa, sizeof(k1));
		memset(k2, 0x55, sizeof(k2));
		r = ember_x25519mlkem768_encaps(sv, k1, cs, sizeof(cs));
		CHECK(r == 0, "encaps: %d", r);
		r = ember_x25519mlkem768_decaps(k2, priv, sv, sizeof(sv));
		CHECK(r == 0, "decaps: %d", r);
		CHECK(memcmp(k1, k2, K_LEN) == 0, "round %d: secrets differ: %s", i, t_tohex(k1, K_LEN));
		CHECK(!t_all_eq(k1, 0, 32) && !t_all_eq(k1 + 32, 0, 32), "round %d: a half is zero", i);
	}
	/* the private state's X25519 scalar gives the share's X25519 public key */
	{
		uint8_t pub[32];

		CHECK(ember_x25519_base(pub, priv + EMBER_MLKEM768_DK_LEN) == 0 &&
		        memcmp(pub, cs + EMBER_MLKEM768_EK_LEN, 32) == 0,
		    "client X25519 public key is not the private state's");
	}
	ember_wipe(priv, sizeof(priv));
}

EMBER_TEST(hybrid_components)
{
	static uint8_t cs[CS_LEN], priv[PRIV_LEN], sv[SS_LEN];
	static uint8_t ek[EMBER_MLKEM768_EK_LEN], dk[EMBER_MLKEM768_DK_LEN], ct[EMBER_MLKEM768_CT_LEN];
	uint8_t seed[64], m[32], xc[32], xs[32], xcpub[32], xspub[32], kk[32], kx[32], kx2[32], kd[32];
	uint8_t k1[K_LEN], k2[K_LEN];
	int i, r;

	for (i = 0; i < 3; i++) {
		t_rand_bytes(seed, sizeof(seed));
		t_rand_bytes(m, sizeof(m));
		t_rand_bytes(xc, sizeof(xc));
		t_rand_bytes(xs, sizeof(xs));
		r = ember_x25519mlkem768_keygen_seed(cs, priv, seed, xc);
		CHECK(r == 0, "keygen_seed: %d", r);
		r = ember_x25519mlkem768_encaps_seed(sv, k1, cs, sizeof(cs), m, xs);
		CHECK(r == 0, "encaps_seed: %d", r);
		r = ember_x25519mlkem768_decaps(k2, priv, sv, sizeof(sv));
		CHECK(r == 0, "decaps: %d", r);

		/* the parts, computed alone */
		r = ember_mlkem_keygen_seed(EMBER_MLKEM768, ek, sizeof(ek), dk, sizeof(dk), seed);
		r |= ember_x25519_base(xcpub, xc);
		r |= ember_mlkem_encaps_m(EMBER_MLKEM768, ct, sizeof(ct), kk, ek, sizeof(ek), m);
		r |= ember_x25519_base(xspub, xs);
		r |= ember_x25519(kx, xs, xcpub);
		r |= ember_x25519(kx2, xc, xspub);
		r |= ember_mlkem_decaps(EMBER_MLKEM768, kd, dk, sizeof(dk), ct, sizeof(ct));
		if (!CHECK(r == 0, "seed %s: a component failed", t_tohex(seed, 8)))
			continue;
		CHECK(memcmp(cs, ek, sizeof(ek)) == 0 && memcmp(cs + sizeof(ek), xcpub, 32) == 0,
		    "client share is not ek || X25519 public");
		CHECK(memcmp(priv, dk, sizeof(dk)) == 0 && memcmp(priv + sizeof(dk), xc, 32) == 0,
		    "private state is not dk || X25519 scalar");
		CHECK(memcmp(sv, ct, sizeof(ct)) == 0 && memcmp(sv + sizeof(ct), xspub, 32) == 0,
		    "server share is not ct || X25519 public");
		CHECK(memcmp(k1, kk, 32) == 0 && memcmp(k1 + 32, kx, 32) == 0,
		    "encaps secret is not K || X25519 secret: %s", t_tohex(k1, K_LEN));
		CHECK(memcmp(kd, kk, 32) == 0 && memcmp(kx, kx2, 32) == 0, "the components disagree");
		CHECK(memcmp(k2, k1, K_LEN) == 0, "decaps secret differs from encaps secret");
	}
}

EMBER_TEST(hybrid_bad_input)
{
	static uint8_t cs[CS_LEN + 1], priv[PRIV_LEN], sv[SS_LEN + 1], bad[CS_LEN + 1], badsv[SS_LEN];
	static uint8_t out[SS_LEN];
	uint8_t k[K_LEN], m[32], xs[32];
	size_t i;
	int r;

	t_rand_bytes(m, sizeof(m));
	t_rand_bytes(xs, sizeof(xs));
	if (!CHECK(ember_x25519mlkem768_keygen(cs, priv) == 0, "keygen"))
		return;
	if (!CHECK(ember_x25519mlkem768_encaps(sv, k, cs, CS_LEN) == 0, "encaps"))
		return;

	/* FIPS 203, 7.2: the first coefficient of ek set to q (3329 = 0xd01), then to 0xfff */
	memcpy(bad, cs, CS_LEN);
	bad[0] = 0x01;
	bad[1] = (uint8_t)((bad[1] & 0xf0) | 0x0d);
	for (i = 0; i < 2; i++) {
		memset(out, 0xa5, sizeof(out));
		memset(k, 0x5a, sizeof(k));
		r = ember_x25519mlkem768_encaps(out, k, bad, CS_LEN);
		CHECK(r == EMBER_ERANGE, "modulus check %zu: %d, want EMBER_ERANGE", i, r);
		CHECK(t_all_eq(out, 0xa5, sizeof(out)) && t_all_eq(k, 0x5a, sizeof(k)), "modulus check %zu: output written", i);
		r = ember_x25519mlkem768_encaps_seed(out, k, bad, CS_LEN, m, xs);
		CHECK(r == EMBER_ERANGE, "modulus check %zu (seeded): %d", i, r);
		CHECK(t_all_eq(out, 0xa5, sizeof(out)) && t_all_eq(k, 0x5a, sizeof(k)), "modulus check %zu: output written", i);
		bad[0] = 0xff;
		bad[1] |= 0x0f;
	}
	/* a coefficient of the last polynomial (bytes 1150..1151) equal to q too */
	memcpy(bad, cs, CS_LEN);
	bad[3 * 384 - 2] = (uint8_t)((bad[3 * 384 - 2] & 0x0f) | 0x10);
	bad[3 * 384 - 1] = 0xd0;
	r = ember_x25519mlkem768_encaps(out, k, bad, CS_LEN);
	CHECK(r == EMBER_ERANGE, "modulus check, last coefficient: %d", r);

	/* small-order X25519 points: the client's at encapsulation, the server's at decapsulation */
	for (i = 0; i < 3; i++) {
		memcpy(bad, cs, CS_LEN);
		memcpy(bad + EMBER_MLKEM768_EK_LEN, small_order[i], 32);
		memset(out, 0xa5, sizeof(out));
		memset(k, 0x5a, sizeof(k));
		r = ember_x25519mlkem768_encaps(out, k, bad, CS_LEN);
		CHECK(r == EMBER_EZEROSECRET, "client small-order point %zu: %d, want EMBER_EZEROSECRET", i, r);
		CHECK(t_all_eq(out, 0xa5, sizeof(out)) && t_all_eq(k, 0x5a, sizeof(k)), "small order %zu: output written", i);
		memcpy(badsv, sv, SS_LEN);
		memcpy(badsv + EMBER_MLKEM768_CT_LEN, small_order[i], 32);
		r = ember_x25519mlkem768_decaps(k, priv, badsv, SS_LEN);
		CHECK(r == EMBER_EZEROSECRET, "server small-order point %zu: %d, want EMBER_EZEROSECRET", i, r);
		CHECK(t_all_eq(k, 0x5a, sizeof(k)), "server small order %zu: secret written", i);
	}

	/* wrong lengths */
	memset(k, 0x5a, sizeof(k));
	memset(out, 0xa5, sizeof(out));
	CHECK(ember_x25519mlkem768_encaps(out, k, cs, CS_LEN - 1) == EMBER_ELEN, "client share 1215");
	CHECK(ember_x25519mlkem768_encaps(out, k, cs, CS_LEN + 1) == EMBER_ELEN, "client share 1217");
	CHECK(ember_x25519mlkem768_encaps(out, k, cs, EMBER_MLKEM768_EK_LEN) == EMBER_ELEN, "client share 1184");
	CHECK(ember_x25519mlkem768_encaps(out, k, cs, 0) == EMBER_ELEN, "client share 0");
	CHECK(ember_x25519mlkem768_encaps_seed(out, k, cs, CS_LEN - 1, m, xs) == EMBER_ELEN, "seeded, 1215");
	CHECK(ember_x25519mlkem768_decaps(k, priv, sv, SS_LEN - 1) == EMBER_ELEN, "server share 1119");
	CHECK(ember_x25519mlkem768_decaps(k, priv, sv, SS_LEN + 1) == EMBER_ELEN, "server share 1121");
	CHECK(ember_x25519mlkem768_decaps(k, priv, sv, EMBER_MLKEM768_CT_LEN) == EMBER_ELEN, "server share 1088");
	CHECK(t_all_eq(out, 0xa5, sizeof(out)) && t_all_eq(k, 0x5a, sizeof(k)), "wrong length: output written");

	/* FIPS 203, 7.3: the dk in the private state fails the hash check */
	priv[1152 + 10] ^= 1; /* a byte of the ek stored in dk, after dk_PKE (3 x 384) */
	r = ember_x25519mlkem768_decaps(k, priv, sv, SS_LEN);
	CHECK(r == EMBER_EDECODE, "dk hash check: %d, want EMBER_EDECODE", r);
	CHECK(t_all_eq(k, 0x5a, sizeof(k)), "dk hash check: secret written");
	priv[1152 + 10] ^= 1;

	/* NULL */
	CHECK(ember_x25519mlkem768_keygen(NULL, priv) == EMBER_EINVAL, "keygen NULL share");
	CHECK(ember_x25519mlkem768_keygen(bad, NULL) == EMBER_EINVAL, "keygen NULL priv");
	CHECK(ember_x25519mlkem768_keygen_seed(bad, priv, NULL, xs) == EMBER_EINVAL, "keygen_seed NULL seed");
	CHECK(ember_x25519mlkem768_encaps(NULL, k, cs, CS_LEN) == EMBER_EINVAL, "encaps NULL share");
	CHECK(ember_x25519mlkem768_encaps(out, NULL, cs, CS_LEN) == EMBER_EINVAL, "encaps NULL ss");
	CHECK(ember_x25519mlkem768_encaps(out, k, NULL, CS_LEN) == EMBER_EINVAL, "encaps NULL client share");
	CHECK(ember_x25519mlkem768_encaps_seed(out, k, cs, CS_LEN, NULL, xs) == EMBER_EINVAL, "encaps_seed NULL m");
	CHECK(ember_x25519mlkem768_decaps(NULL, priv, sv, SS_LEN) == EMBER_EINVAL, "decaps NULL ss");
	CHECK(ember_x25519mlkem768_decaps(k, NULL, sv, SS_LEN) == EMBER_EINVAL, "decaps NULL priv");
	CHECK(ember_x25519mlkem768_decaps(k, priv, NULL, SS_LEN) == EMBER_EINVAL, "decaps NULL server share");
	CHECK(t_all_eq(k, 0x5a, sizeof(k)), "NULL: secret written");
	ember_wipe(priv, sizeof(priv));
}

EMBER_TEST(hybrid_tamper)
{
	static uint8_t cs[CS_LEN], priv[PRIV_LEN], sv[SS_LEN], bad[SS_LEN];
	uint8_t k[K_LEN], k2[K_LEN], kj[32];
	static const size_t pos[] = { 0, 1, 500, EMBER_MLKEM768_CT_LEN - 1 };
	size_t i;
	int r;

	if (!CHECK(ember_x25519mlkem768_keygen(cs, priv) == 0, "keygen"))
		return;
	if (!CHECK(ember_x25519mlkem768_encaps(sv, k, cs, CS_LEN) == 0, "encaps"))
		return;
	for (i = 0; i < sizeof(pos) / sizeof(pos[0]); i++) {
		memcpy(bad, sv, SS_LEN);
		bad[pos[i]] ^= (uint8_t)(1u << (i % 8));
		r = ember_x25519mlkem768_decaps(k2, priv, bad, SS_LEN);
		CHECK(r == 0, "ciphertext byte %zu changed: %d, want 0 (implicit rejection)", pos[i], r);
		r = ember_mlkem_decaps(EMBER_MLKEM768, kj, priv, EMBER_MLKEM768_DK_LEN, bad, EMBER_MLKEM768_CT_LEN);
		CHECK(r == 0 && memcmp(k2, kj, 32) == 0, "ciphertext byte %zu: ML-KEM half is not J(z || c')", pos[i]);
		CHECK(memcmp(k2, k, 32) != 0, "ciphertext byte %zu: ML-KEM half unchanged", pos[i]);
		CHECK(memcmp(k2 + 32, k + 32, 32) == 0, "ciphertext byte %zu: X25519 half changed", pos[i]);
	}
	/* the X25519 part changed (low bit of the u-coordinate): only the X25519 half moves */
	memcpy(bad, sv, SS_LEN);
	bad[EMBER_MLKEM768_CT_LEN] ^= 2;
	r = ember_x25519mlkem768_decaps(k2, priv, bad, SS_LEN);
	if (r == 0) {
		CHECK(memcmp(k2, k, 32) == 0, "X25519 part changed: ML-KEM half changed");
		CHECK(memcmp(k2 + 32, k + 32, 32) != 0, "X25519 part changed: X25519 half unchanged");
	} else {
		CHECK(r == EMBER_EZEROSECRET, "X25519 part changed: %d", r);
	}
	ember_wipe(priv, sizeof(priv));
}
