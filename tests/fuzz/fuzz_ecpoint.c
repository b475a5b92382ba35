/*
 * fuzz_ecpoint.c - the elliptic-curve inputs that come from strangers,
 * every backend of a curve against the others on what the fuzzer chooses:
 *
 *   [0] % 5 selects:
 *     0, 1  a SEC 1 point of P-256 / P-384 ([1..]: the encoding): every
 *           backend must give the same verdict and point; an accepted
 *           point encodes back (compressed and uncompressed) to a point
 *           read as the same, and ECDH with a fixed private key gives
 *           every backend the same shared secret
 *     2     Ed25519: [1..32] A, [33..96] R || S, the rest the message:
 *           every backend the same verdict (and ember_ed25519_public_check
 *           refuses what verification refuses for A's sake)
 *     3     X25519: [1..32] scalar, [33..64] u: every backend the same
 *           output and verdict; EMBER_EZEROSECRET exactly for an all-zero result
 *     4     an ECDSA signature in DER ([1] & 1: P-256 or P-384, [2..]: the
 *           DER) under a fixed key and digest: ember_ecdsa_sig_from_der's
 *           r || s must encode back to the same bytes, and every backend
 *           give the same verdict
 * A disagreement or a broken round trip aborts.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ember/ecc.h"
#include "ember/ed25519.h"
#include "ember/x25519.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAXB 8

static size_t backends(const char *curve, const ember_ec_desc **out)
{
	size_t i, n = 0;

	for (i = 0; i < ember_ec_count() && n < MAXB; i++) {
		const ember_ec_desc *d = ember_ec_at(i);
		if (strcmp(d->name, curve) == 0 && ember_ec_supported(d))
			out[n++] = d;
	}
	if (n == 0)
		abort();
	return n;
}

static void point(int curve, const uint8_t *in, size_t len)
{
	static const uint8_t dkey[48] = { 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77 };
	const ember_ec_desc *be[MAXB];
	size_t nb = backends(curve == EMBER_ECC_P256 ? "p256" : "p384", be), clen = ember_ecc_curve_len(curve), b, l;
	uint8_t q0[2 * EMBER_ECC_MAX_LEN], s0[EMBER_ECC_MAX_LEN], s[EMBER_ECC_MAX_LEN], enc[EMBER_ECC_MAX_POINT_LEN];
	ember_ecc_key k, d;
	int r0, r, c;

	/* the default backend decodes; an accepted point encodes back both ways to the same point */
	r0 = ember_ecc_key_from_public(&k, curve, in, len);
	if (r0 == 0) {
		memcpy(q0, k.q, 2 * clen);
		for (c = 0; c < 2; c++)
			if (ember_ecc_key_public(&k, c, enc, sizeof(enc), &l) != 0 || l != (c ? 1 + clen : 1 + 2 * clen) ||
			    ember_ecc_key_from_public(&k, curve, enc, l) != 0 || memcmp(q0, k.q, 2 * clen) != 0)
				abort();
	}
	/* every backend decodes it again in ECDH (its own on_curve and decompress): the same verdict and secret */
	for (b = 0; b < nb; b++) {
		if (ember_ecc_key_from_private(&d, curve, dkey, clen) != 0 || ember_ecc_key_set_impl(&d, be[b]) != 0)
			abort();
		r = ember_ecdh(&d, in, len, s, clen);
		if ((r == 0) != (r0 == 0))
			abort();
		if (r != 0)
			continue;
		if (b == 0)
			memcpy(s0, s, clen);
		else if (memcmp(s0, s, clen) != 0)
			abort();
	}
}

static void ed25519(const uint8_t *in, size_t len)
{
	const ember_ec_desc *be[MAXB];
	size_t nb = backends("ed25519", be), b;
	int r0 = 0, r;

	for (b = 0; b < nb; b++) {
		r = ember_ed25519_verify_with(be[b], in, in + 96, len - 96, in + 32, 64);
		if (b == 0)
			r0 = r;
		else if (r != r0)
			abort();
	}
	/* a key the check accepts is never the reason for a refusal, and the reverse */
	if (r0 == 0 && ember_ed25519_public_check(in) != 0)
		abort();
}

static void x25519(const uint8_t *in)
{
	static const uint8_t zero[32];
	const ember_ec_desc *be[MAXB];
	size_t nb = backends("x25519", be), b;
	uint8_t out0[32], out[32];
	int r0 = 0, r;

	for (b = 0; b < nb; b++) {
		r = ember_x25519_with(be[b], out, in, in + 32);
		if ((r == EMBER_EZEROSECRET) != (memcmp(out, zero, 32) == 0) || (r != 0 && r != EMBER_EZEROSECRET))
			abort();
		if (b == 0) {
			r0 = r;
			memcpy(out0, out, 32);
		} else if (r != r0 || memcmp(out, out0, 32) != 0) {
			abort();
		}
	}
}

static void der(int curve, const uint8_t *in, size_t len)
{
	static const uint8_t dkey[48] = { 0x5e, 0xc0, 0x01 };
	static const uint8_t md[48] = { 0xd1, 0x6e, 0x57 };
	const ember_ec_desc *be[MAXB];
	size_t nb = backends(curve == EMBER_ECC_P256 ? "p256" : "p384", be), clen = ember_ecc_curve_len(curve), b, l;
	uint8_t sig[EMBER_ECDSA_MAX_SIG_LEN], back[EMBER_ECDSA_MAX_DER_LEN];
	ember_ecc_key k;
	int r0 = 0, r;

	if (ember_ecdsa_sig_from_der(in, len, sig, 2 * clen) == 0 &&
	    (ember_ecdsa_sig_to_der(sig, 2 * clen, back, sizeof(back), &l) != 0 || l != len || memcmp(back, in, len) != 0))
		abort();
	for (b = 0; b < nb; b++) {
		if (ember_ecc_key_from_private(&k, curve, dkey, clen) != 0 || ember_ecc_key_set_impl(&k, be[b]) != 0)
			abort();
		r = ember_ecdsa_verify_der(&k, md, clen, in, len);
		if (b == 0)
			r0 = r;
		else if (r != r0)
			abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t in[1 + 96 + 256];
	size_t n = size < sizeof(in) ? size : sizeof(in);

	if (size == 0)
		return 0;
	memset(in, 0, sizeof(in));
	memcpy(in, data, n);
	switch (data[0] % 5) {
	case 0:
	case 1:
		point(data[0] % 5 == 0 ? EMBER_ECC_P256 : EMBER_ECC_P384, data + 1, size - 1);
		break;
	case 2:
		ed25519(in + 1, n > 97 ? n - 1 : 96);
		break;
	case 3:
		x25519(in + 1);
		break;
	default:
		der(size > 1 && (data[1] & 1) ? EMBER_ECC_P384 : EMBER_ECC_P256, data + (size > 1 ? 2 : 1),
		    size > 1 ? size - 2 : 0);
		break;
	}
	return 0;
}
