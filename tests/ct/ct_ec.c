/*
 * ct_ec.c - constant-time checks of the elliptic-curve backends under
 * valgrind (`make ctgrind`): every constant-time ember_ec_desc (X25519,
 * Ed25519, P-256, P-384) that the (valgrind-emulated) CPU runs, with the
 * secrets marked undefined. X25519: the ladder with a secret scalar and a
 * secret peer point (the header promises both), the fixed-base product of
 * a public key, and key generation (the random scalar marked secret inside
 * the library). Ed25519: the key of a secret seed (SHA-512, the comb of
 * [a] B), signing a secret message with a secret seed (the nonce r, [r] B,
 * S = r + k a mod L), and key generation. P-256 and P-384:
 *  - key generation: the random candidate (marked secret inside the
 *    library, EMBER_CT_SECRET) through the range check and d G, and the
 *    public key of a secret d on each backend (ember_ecc_key_set_impl
 *    recomputes Q: the fixed-base comb);
 *  - signing: a secret d, RFC 6979's k (deterministic and hedged: the
 *    random additional data is marked secret inside), k^-1, r and s, and
 *    a given secret k (ember_ecdsa_sign_k);
 *  - ECDH: a secret d times a public point (the variable-base windows).
 * Results that are public (Q, signatures, the shared secret once it is
 * out) are declassified after each call; inside, only the verdicts that
 * are public by design are (a scalar out of range, a rejected k
 * candidate, r or s = 0, a result at infinity).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "ember/ecc.h"
#include "ember/ed25519.h"
#include "ember/x25519.h"
#include "ct_extra.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

static unsigned check_weierstrass(const ember_ec_desc *d, int curve)
{
	const size_t len = ember_ecc_curve_len(curve);
	ember_ecc_key k, peer;
	uint8_t md[48], sig[96], dd[48], kk[48], pt[97], out[48];
	size_t i, pl;
	int r;

	for (i = 0; i < len; i++) {
		dd[i] = (uint8_t)(0x3c + 7 * i);
		kk[i] = (uint8_t)(0x21 + 13 * i);
		md[i] = (uint8_t)(0x90 ^ (5 * i));
	}
	dd[0] = kk[0] = 0x4e; /* below n */
	/* generation (default backend) and Q of a secret d on this backend */
	r = ember_ecc_generate_key(&k, curve);
	PUBLIC(&k, sizeof(k));
	ember_ecc_key_clear(&k);
	SECRET(dd, len);
	r |= ember_ecc_key_from_private(&k, curve, dd, len);
	PUBLIC(k.q, sizeof(k.q));
	SECRET(k.d, len);
	r |= ember_ecc_key_set_impl(&k, d);
	/* signing */
	SECRET(k.d, len);
	r |= ember_ecdsa_sign(&k, NULL, md, len, EMBER_ECDSA_DETERMINISTIC, sig, 2 * len);
	PUBLIC(sig, sizeof(sig));
	r |= ember_ecdsa_sign(&k, NULL, md, len, 0, sig, 2 * len);
	PUBLIC(sig, sizeof(sig));
	SECRET(kk, len);
	r |= ember_ecdsa_sign_k(&k, kk, len, md, len, sig, 2 * len);
	PUBLIC(sig, sizeof(sig));
	/* ECDH with a public peer */
	PUBLIC(&k, sizeof(k));
	r |= ember_ecc_generate_key(&peer, curve);
	PUBLIC(&peer, sizeof(peer));
	ember_ecc_key_public(&peer, 0, pt, sizeof(pt), &pl);
	SECRET(k.d, len);
	r |= ember_ecdh(&k, pt, pl, out, len);
	PUBLIC(out, sizeof(out));
	PUBLIC(&r, sizeof(r));
	ember_ecc_key_clear(&k);
	ember_ecc_key_clear(&peer);
	if (r != 0) {
		printf("FAILED: %s/%s returned an error under valgrind\n", d->name, d->impl);
		return 0;
	}
	printf("checked: %s/%s key generation, d G, ECDSA signing (RFC 6979 k, hedged, given k), ECDH, secret scalars\n",
	    d->name, d->impl);
	return 1;
}

static unsigned check_x25519(const ember_ec_desc *d)
{
	uint8_t sk[32], pk[32], peer[32], out[32];
	int r = 0, i;

	for (i = 0; i < 32; i++) {
		sk[i] = (uint8_t)(0x5a + 11 * i);
		peer[i] = (uint8_t)(0x17 ^ (29 * i));
	}
	peer[31] &= 0x7f;
	/* the public key of a secret scalar: the Edwards comb, then (Z + Y) / (Z - Y) */
	SECRET(sk, sizeof(sk));
	r |= ember_x25519_base_with(d, pk, sk);
	PUBLIC(pk, sizeof(pk));
	/* the ladder: secret scalar, secret peer point (only the all-zero verdict is public) */
	SECRET(sk, sizeof(sk));
	SECRET(peer, sizeof(peer));
	r |= ember_x25519_with(d, out, sk, peer);
	PUBLIC(out, sizeof(out));
	SECRET(sk, sizeof(sk));
	r |= ember_x25519_with(d, out, sk, pk);
	PUBLIC(out, sizeof(out));
	PUBLIC(&r, sizeof(r));
	if (r != 0) {
		printf("FAILED: %s/%s returned an error under valgrind\n", d->name, d->impl);
		return 0;
	}
	printf("checked: %s/%s ladder (secret scalar and peer point), public key of a secret scalar\n", d->name,
	    d->impl);
	return 1;
}

static unsigned check_ed25519(const ember_ec_desc *d)
{
	uint8_t seed[32], msg[77], sig[64];
	ember_ed25519_key k;
	int r = 0, i;

	for (i = 0; i < 32; i++)
		seed[i] = (uint8_t)(0x33 + 17 * i);
	for (i = 0; i < (int)sizeof(msg); i++)
		msg[i] = (uint8_t)(0xa5 ^ (3 * i));
	/* the key of a secret seed: SHA-512, pruning, [a] B by the masked comb */
	SECRET(seed, sizeof(seed));
	r |= ember_ed25519_keypair_with(d, &k, seed);
	PUBLIC(k.pub, sizeof(k.pub));
	/* signing a secret message: r = H(prefix || M) mod L, [r] B, S = r + k a mod L */
	SECRET(k.seed, sizeof(k.seed));
	SECRET(msg, sizeof(msg));
	r |= ember_ed25519_sign_with(d, &k, sig, msg, sizeof(msg));
	PUBLIC(sig, sizeof(sig));
	PUBLIC(msg, sizeof(msg));
	PUBLIC(&k, sizeof(k));
	r |= ember_ed25519_verify_with(d, k.pub, msg, sizeof(msg), sig, sizeof(sig));
	ember_ed25519_clear(&k);
	PUBLIC(&r, sizeof(r));
	if (r != 0) {
		printf("FAILED: %s/%s returned an error under valgrind\n", d->name, d->impl);
		return 0;
	}
	printf("checked: %s/%s key of a secret seed, signing (secret seed and message)\n", d->name, d->impl);
	return 1;
}

/* key generation with the default backends: the random scalar and seed are marked secret inside */
static unsigned check_25519_generate(void)
{
	uint8_t priv[32], pub[32];
	ember_ed25519_key k;
	int r;

	r = ember_x25519_generate(priv, pub);
	PUBLIC(pub, sizeof(pub));
	PUBLIC(priv, sizeof(priv));
	r |= ember_ed25519_generate(&k);
	PUBLIC(&k, sizeof(k));
	ember_ed25519_clear(&k);
	PUBLIC(&r, sizeof(r));
	if (r != 0) {
		printf("FAILED: X25519/Ed25519 key generation returned an error under valgrind\n");
		return 0;
	}
	printf("checked: x25519 and ed25519 key generation (default backends), secret random scalar and seed\n");
	return 1;
}

unsigned ct_ec(void)
{
	unsigned done = 0, failed = 0, n;
	size_t i;

	for (i = 0; i < ember_ec_count(); i++) {
		const ember_ec_desc *d = ember_ec_at(i);
		int curve = strcmp(d->name, "p256") == 0 ? EMBER_ECC_P256 : strcmp(d->name, "p384") == 0 ? EMBER_ECC_P384 : 0;
		int x = strcmp(d->name, "x25519") == 0, ed = strcmp(d->name, "ed25519") == 0;

		if (curve == 0 && !x && !ed) {
			printf("FAILED: ec %s/%s: no constant-time check for this curve in ct_ec.c\n", d->name, d->impl);
			failed++;
			continue;
		}
		if (!ember_ec_supported(d)) {
			printf("not run (CPU feature absent under valgrind): ec %s/%s\n", d->name, d->impl);
			continue;
		}
		if (!(d->flags & EMBER_IMPL_CT)) {
			printf("excluded (not constant-time): ec %s/%s\n", d->name, d->impl);
			continue;
		}
		n = x ? check_x25519(d) : ed ? check_ed25519(d) : check_weierstrass(d, curve);
		done += n;
		failed += !n;
	}
	n = check_25519_generate();
	done += n;
	failed += !n;
	if (failed) {
		/* a check that could not run is a failure of `make ctgrind`, not a line to overlook */
		printf("ctgrind: %u elliptic-curve check(s) FAILED\n", failed);
		exit(1);
	}
	return done;
}
