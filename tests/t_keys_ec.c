/*
 * t_keys_ec.c - key files of EC (P-256, P-384), X25519 and Ed25519 keys:
 *
 *   keys_ec_roundtrip: write -> read -> write in every format (PKCS#8,
 *     SPKI, "EC PRIVATE KEY"; DER and PEM), encrypted PKCS#8 (PBES2) and
 *     traditional encrypted PEM (-aes256, -des3) for EC, encrypted PKCS#8
 *     for X25519 and Ed25519; names, bits, formats a type has not.
 *   keys_ec_known: fixed files: OpenSSL 3's P-256 and P-384 keys in each
 *     form (ember writes OpenSSL's bytes), RFC 8410 10.3's Ed25519 keys
 *     (v0 and the v1 OneAsymmetricKey with attributes and public key), RFC
 *     7748 6.1's X25519 key, a compressed point, "EC PARAMETERS".
 *   keys_ec_bad: what is refused and how: explicit curve parameters,
 *     other curves, d of the wrong length or out of range, public keys that
 *     are not the private key's, points off the curve, parameters in an
 *     RFC 8410 AlgorithmIdentifier, wrong lengths, bad PKCS#8 versions,
 *     trailing bytes, every truncation.
 *   keys_ec_ossl: against the `openssl` command (skipped without it):
 *     keys openssl generates in each format are read and written back to
 *     the same bytes; encrypted files both ways.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ember/keys.h"
#include "test.h"

#define NKEYS 4
static const char *const key_names[NKEYS] = { "P-256", "P-384", "X25519", "Ed25519" };

/* One fresh key of each type (made once). */
static ember_pkey *test_key(int i)
{
	static ember_pkey keys[NKEYS];
	static int made;

	if (!made) {
		int ok = ember_ecc_generate_key(&keys[0].u.ec, EMBER_ECC_P256) == 0 &&
		    ember_ecc_generate_key(&keys[1].u.ec, EMBER_ECC_P384) == 0 &&
		    ember_x25519_generate(keys[2].u.x25519.priv, keys[2].u.x25519.pub) == 0 &&
		    ember_ed25519_generate(&keys[3].u.ed25519) == 0;
		if (!ok)
			return NULL;
		keys[0].type = keys[1].type = EMBER_PKEY_EC;
		keys[2].type = EMBER_PKEY_X25519;
		keys[3].type = EMBER_PKEY_ED25519;
		keys[0].has_private = keys[1].has_private = keys[2].has_private = keys[3].has_private = 1;
		made = 1;
	}
	return &keys[i];
}

/* ---- a small DER builder for hand-made inputs ---- */

typedef struct dbuf {
	uint8_t b[2048];
	size_t n;
} dbuf;

static void put(dbuf *d, const void *p, size_t n)
{
	if (d->n + n <= sizeof(d->b)) {
		memcpy(d->b + d->n, p, n);
		d->n += n;
	}
}

static void put_hex(dbuf *d, const char *hex)
{
	uint8_t *b;
	size_t n;

	if (t_hex(hex, &b, &n) == 0) {
		put(d, b, n);
		free(b);
	}
}

/* tag, definite length, contents */
static void put_tlv(dbuf *d, int tag, const void *p, size_t n)
{
	uint8_t h[4];
	size_t hn = 0;

	h[hn++] = (uint8_t)tag;
	if (n >= 0x100) {
		h[hn++] = 0x82;
		h[hn++] = (uint8_t)(n >> 8);
	} else if (n >= 0x80) {
		h[hn++] = 0x81;
	}
	h[hn++] = (uint8_t)n;
	put(d, h, hn);
	put(d, p, n);
}

static void wrap(dbuf *d, int tag, const dbuf *inner)
{
	put_tlv(d, tag, inner->b, inner->n);
}

/* BIT STRING without unused bits */
static void put_bits(dbuf *d, int tag, const uint8_t *p, size_t n)
{
	dbuf in = { { 0 }, 1 };

	put(&in, p, n);
	wrap(d, tag, &in);
}

static const char hex_oid_ec[] = "06072a8648ce3d0201";
static const char hex_oid_p256[] = "06082a8648ce3d030107";
static const char hex_oid_p384[] = "06052b81040022";

/*
 * ECPrivateKey of d (|dl| bytes) with an optional [0] parameters element
 * (hex, NULL: none) and [1] point (NULL: none); |version| normally 1.
 */
static void ecpk(dbuf *out, int version, const uint8_t *d, size_t dl, const char *params_hex, const uint8_t *pt,
    size_t ptl)
{
	dbuf seq = { { 0 }, 0 }, c = { { 0 }, 0 };
	uint8_t v = (uint8_t)version;

	put_tlv(&seq, 0x02, &v, 1);
	put_tlv(&seq, 0x04, d, dl);
	if (params_hex != NULL) {
		put_hex(&c, params_hex);
		wrap(&seq, 0xa0, &c);
		c.n = 0;
	}
	if (pt != NULL) {
		put_bits(&c, 0x03, pt, ptl);
		wrap(&seq, 0xa1, &c);
	}
	wrap(out, 0x30, &seq);
}

/* PrivateKeyInfo / OneAsymmetricKey: version, AlgorithmIdentifier (hex of its contents), OCTET STRING, [1] public */
static void pkcs8(dbuf *out, int version, const char *alg_hex, const dbuf *priv, const uint8_t *pub, size_t pub_len)
{
	dbuf seq = { { 0 }, 0 }, alg = { { 0 }, 0 };
	uint8_t v = (uint8_t)version;

	put_tlv(&seq, 0x02, &v, 1);
	put_hex(&alg, alg_hex);
	wrap(&seq, 0x30, &alg);
	wrap(&seq, 0x04, priv);
	if (pub != NULL)
		put_bits(&seq, 0x81, pub, pub_len);
	wrap(out, 0x30, &seq);
}

static void spki(dbuf *out, const char *alg_hex, const uint8_t *pub, size_t pub_len)
{
	dbuf seq = { { 0 }, 0 }, alg = { { 0 }, 0 };

	put_hex(&alg, alg_hex);
	wrap(&seq, 0x30, &alg);
	put_bits(&seq, 0x03, pub, pub_len);
	wrap(out, 0x30, &seq);
}

/* ---- round trips ---- */

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
		CHECK(back.type == k->type && back.has_private == (format != EMBER_PKEY_SPKI) && !back.params_only,
		    "%s pem=%d: type %d has_private %d", what, pem, back.type, back.has_private);
		CHECK(ember_pkey_bits(&back) == ember_pkey_bits(k), "%s: bits %u", what, ember_pkey_bits(&back));
		r = ember_pkey_write(&back, format, pem, b, sizeof(b), &bl);
		CHECK(r == 0 && al == bl && memcmp(a, b, al) == 0, "%s pem=%d: second write differs", what, pem);
		CHECK(ember_pkey_write(k, format, pem, b, al - 1, &bl) == EMBER_ELEN, "%s: short buffer", what);
		/* the same public key */
		{
			static uint8_t p1[EMBER_PKEY_MAX_DER], p2[EMBER_PKEY_MAX_DER];
			size_t l1, l2;
			CHECK(ember_pkey_write(k, EMBER_PKEY_SPKI, 0, p1, sizeof(p1), &l1) == 0 &&
			          ember_pkey_write(&back, EMBER_PKEY_SPKI, 0, p2, sizeof(p2), &l2) == 0 && l1 == l2 &&
			          memcmp(p1, p2, l1) == 0,
			    "%s pem=%d: public key differs after reading", what, pem);
		}
	}
	ember_pkey_clear(&back);
}

/* Written encrypted, read with the passphrase: the same key; refused without it or with another. */
static void enc_roundtrip(const ember_pkey *k, int format, int pem, const char *cipher, const char *what)
{
	static uint8_t enc[EMBER_PKEY_MAX_PEM + 1024], a[EMBER_PKEY_MAX_DER], b[EMBER_PKEY_MAX_DER];
	static ember_pkey back;
	ember_pbe_params p;
	ember_pbe_info info;
	size_t el, al, bl;
	int r;

	memset(&p, 0, sizeof(p));
	p.cipher = cipher;
	p.iterations = 1000;
	r = ember_pkey_write_pass(k, format, pem, &p, "ember-pw", 8, enc, sizeof(enc), &el);
	if (!CHECK(r == 0, "%s: write_pass %d", what, r))
		return;
	CHECK(ember_pkey_encryption(enc, el, &info) == 0 &&
	          info.scheme == (format == EMBER_PKEY_PKCS8 ? EMBER_PBE_PKCS8 : EMBER_PBE_TRAD) &&
	          strcmp(info.cipher, cipher) == 0,
	    "%s: encryption info scheme %d cipher %s", what, info.scheme, info.cipher);
	if (format == EMBER_PKEY_TRAD)
	{
		static const char head[] = "-----BEGIN EC PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: ";
		CHECK(el > sizeof(head) && memcmp(enc, head, sizeof(head) - 1) == 0, "%s: not an encrypted EC PRIVATE KEY block",
		    what);
	}
	CHECK(ember_pkey_read(&back, enc, el) == EMBER_ENOTSUP, "%s: read without a passphrase", what);
	r = ember_pkey_read_pass(&back, enc, el, "wrong-pw", 8, 0);
	CHECK(r == EMBER_EPAD, "%s: wrong passphrase gave %d", what, r);
	r = ember_pkey_read_pass(&back, enc, el, "ember-pw", 8, 0);
	if (!CHECK(r == 0 && back.type == k->type && back.has_private, "%s: read_pass %d", what, r))
		return;
	CHECK(ember_pkey_write(k, EMBER_PKEY_PKCS8, 0, a, sizeof(a), &al) == 0 &&
	          ember_pkey_write(&back, EMBER_PKEY_PKCS8, 0, b, sizeof(b), &bl) == 0 && al == bl && memcmp(a, b, al) == 0,
	    "%s: another key after decryption", what);
	ember_pkey_clear(&back);
}

EMBER_TEST(keys_ec_roundtrip)
{
	static uint8_t buf[EMBER_PKEY_MAX_PEM];
	static ember_pkey pub;
	size_t len, i;
	int r;

	for (i = 0; i < NKEYS; i++) {
		ember_pkey *k = test_key((int)i);
		char what[64];
		if (!CHECK(k != NULL, "cannot make the %s key", key_names[i]))
			return;
		snprintf(what, sizeof(what), "%s pkcs8", key_names[i]);
		roundtrip(k, EMBER_PKEY_PKCS8, what);
		snprintf(what, sizeof(what), "%s spki", key_names[i]);
		roundtrip(k, EMBER_PKEY_SPKI, what);
		if (k->type == EMBER_PKEY_EC) {
			snprintf(what, sizeof(what), "%s EC PRIVATE KEY", key_names[i]);
			roundtrip(k, EMBER_PKEY_TRAD, what);
			CHECK(ember_pkey_write(k, EMBER_PKEY_TRAD, 1, buf, sizeof(buf), &len) == 0 &&
			          strncmp((char *)buf, "-----BEGIN EC PRIVATE KEY-----\n", 31) == 0,
			    "%s: traditional label", key_names[i]);
			snprintf(what, sizeof(what), "%s trad -aes256", key_names[i]);
			enc_roundtrip(k, EMBER_PKEY_TRAD, 1, "aes-256-cbc", what);
			snprintf(what, sizeof(what), "%s trad -des3", key_names[i]);
			enc_roundtrip(k, EMBER_PKEY_TRAD, 1, "des-ede3-cbc", what);
		} else {
			CHECK(ember_pkey_write(k, EMBER_PKEY_TRAD, 1, buf, sizeof(buf), &len) == EMBER_ENOTSUP,
			    "%s: a traditional form", key_names[i]);
			CHECK(ember_pkey_write_pass(k, EMBER_PKEY_TRAD, 1, NULL, "x", 1, buf, sizeof(buf), &len) ==
			          EMBER_ENOTSUP,
			    "%s: an encrypted traditional form", key_names[i]);
		}
		CHECK(ember_pkey_write(k, EMBER_PKEY_PKCS1, 0, buf, sizeof(buf), &len) == EMBER_ENOTSUP, "%s: PKCS#1",
		    key_names[i]);
		/* the parameters of a key: the curve for EC (ember_pkey_der writes any key's, as for DSA), none for the others */
		r = ember_pkey_write(k, EMBER_PKEY_PARAMS, 1, buf, sizeof(buf), &len);
		if (k->type == EMBER_PKEY_EC)
			CHECK(r == 0 && strcmp((char *)buf, k->u.ec.curve == EMBER_ECC_P256 ?
			                           "-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n-----END EC PARAMETERS-----\n" :
			                           "-----BEGIN EC PARAMETERS-----\nBgUrgQQAIg==\n-----END EC PARAMETERS-----\n") == 0,
			    "%s: parameters of a key: %d", key_names[i], r);
		else
			CHECK(r == EMBER_ENOTSUP, "%s: parameters of a key: %d", key_names[i], r);
		snprintf(what, sizeof(what), "%s pkcs8 PBES2 aes-256-cbc PEM", key_names[i]);
		enc_roundtrip(k, EMBER_PKEY_PKCS8, 1, "aes-256-cbc", what);
		snprintf(what, sizeof(what), "%s pkcs8 PBES2 aes-128-cbc DER", key_names[i]);
		enc_roundtrip(k, EMBER_PKEY_PKCS8, 0, "aes-128-cbc", what);
		/* the public key alone: public formats only */
		r = ember_pkey_write(k, EMBER_PKEY_SPKI, 0, buf, sizeof(buf), &len);
		if (CHECK(r == 0 && ember_pkey_read(&pub, buf, len) == 0 && !pub.has_private && pub.type == k->type,
		        "%s: public key read", key_names[i])) {
			CHECK(ember_pkey_write(&pub, EMBER_PKEY_PKCS8, 0, buf, sizeof(buf), &len) == EMBER_ENOTSUP &&
			          ember_pkey_write(&pub, EMBER_PKEY_TRAD, 0, buf, sizeof(buf), &len) == EMBER_ENOTSUP &&
			          ember_pkey_write_pass(&pub, EMBER_PKEY_PKCS8, 1, NULL, "x", 1, buf, sizeof(buf), &len) ==
			              EMBER_ENOTSUP,
			    "%s: a private form of a public key", key_names[i]);
			if (k->type == EMBER_PKEY_EC)
				CHECK(memcmp(pub.u.ec.q, k->u.ec.q, 2 * k->u.ec.len) == 0 && pub.u.ec.curve == k->u.ec.curve,
				    "%s: public point", key_names[i]);
			else if (k->type == EMBER_PKEY_X25519)
				CHECK(memcmp(pub.u.x25519.pub, k->u.x25519.pub, 32) == 0, "%s: public key", key_names[i]);
			else
				CHECK(memcmp(pub.u.ed25519.pub, k->u.ed25519.pub, 32) == 0, "%s: public key", key_names[i]);
		}
	}
	/* bits and names as OpenSSL's */
	CHECK(ember_pkey_bits(test_key(0)) == 256 && ember_pkey_bits(test_key(1)) == 384 &&
	          ember_pkey_bits(test_key(2)) == 253 && ember_pkey_bits(test_key(3)) == 256,
	    "bits %u %u %u %u", ember_pkey_bits(test_key(0)), ember_pkey_bits(test_key(1)), ember_pkey_bits(test_key(2)),
	    ember_pkey_bits(test_key(3)));
	CHECK(strcmp(ember_pkey_name(EMBER_PKEY_EC), "EC") == 0 && strcmp(ember_pkey_name(EMBER_PKEY_X25519), "X25519") == 0 &&
	          strcmp(ember_pkey_name(EMBER_PKEY_ED25519), "ED25519") == 0,
	    "names");
	CHECK(ember_pkey_type_of("ec") == EMBER_PKEY_EC && ember_pkey_type_of("x25519") == EMBER_PKEY_X25519 &&
	          ember_pkey_type_of("Ed25519") == EMBER_PKEY_ED25519 && ember_pkey_type_of("ED448") == EMBER_PKEY_NONE,
	    "ember_pkey_type_of");
	/* d with a leading zero byte is written at the curve's length (OpenSSL's padding) and read back */
	{
		static ember_pkey z;
		uint8_t d[32];
		size_t j;
		for (j = 0; j < 32; j++)
			d[j] = (uint8_t)j; /* d[0] = 0 */
		z.type = EMBER_PKEY_EC;
		z.has_private = 1;
		if (CHECK(ember_ecc_key_from_private(&z.u.ec, EMBER_ECC_P256, d, 32) == 0, "d = 00 01 02 ...")) {
			static const uint8_t head[] = { 0x04, 0x20, 0x00, 0x01, 0x02 };
			CHECK(ember_pkey_write(&z, EMBER_PKEY_TRAD, 0, buf, sizeof(buf), &len) == 0 && len > 10 &&
			          memcmp(buf + 5, head, sizeof(head)) == 0,
			    "d with a leading zero not padded: %s", t_tohex(buf, len < 16 ? len : 16));
			roundtrip(&z, EMBER_PKEY_TRAD, "P-256 d with a leading zero");
			roundtrip(&z, EMBER_PKEY_PKCS8, "P-256 d with a leading zero, pkcs8");
		}
		ember_pkey_clear(&z);
		CHECK(z.type == 0 && z.u.ec.d[1] == 0 && z.u.ec.curve == 0, "ember_pkey_clear left the EC key");
	}
	ember_pkey_clear(&pub);
}

/* ---- known answers ---- */

/* OpenSSL 3.0's files of one key: genpkey's PKCS#8, pkey -traditional, pkey -pubout, ec -conv_form compressed -pubout. */
static const struct {
	const char *pkcs8, *trad, *spki, *spki_compressed;
	unsigned bits;
} ossl_ec[] = {
	{ "-----BEGIN PRIVATE KEY-----\n"
	  "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgrGEx2czkpJL108pH\n"
	  "OfAQL3nfhHOJJrKSxmGFXhy+yJOhRANCAAQSnvvpxP2bBIDmR5L92BZNZji9z7Xj\n"
	  "2s7QV8wD+G/6Tg5Sy5UQsB9DRird0m4EdrkkNNZJbgv/uOJKOSS02D+X\n"
	  "-----END PRIVATE KEY-----\n",
	    "-----BEGIN EC PRIVATE KEY-----\n"
	    "MHcCAQEEIKxhMdnM5KSS9dPKRznwEC9534RziSayksZhhV4cvsiToAoGCCqGSM49\n"
	    "AwEHoUQDQgAEEp776cT9mwSA5keS/dgWTWY4vc+149rO0FfMA/hv+k4OUsuVELAf\n"
	    "Q0Yq3dJuBHa5JDTWSW4L/7jiSjkktNg/lw==\n"
	    "-----END EC PRIVATE KEY-----\n",
	    "-----BEGIN PUBLIC KEY-----\n"
	    "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEEp776cT9mwSA5keS/dgWTWY4vc+1\n"
	    "49rO0FfMA/hv+k4OUsuVELAfQ0Yq3dJuBHa5JDTWSW4L/7jiSjkktNg/lw==\n"
	    "-----END PUBLIC KEY-----\n",
	    "-----BEGIN PUBLIC KEY-----\n"
	    "MDkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDIgADEp776cT9mwSA5keS/dgWTWY4vc+1\n"
	    "49rO0FfMA/hv+k4=\n"
	    "-----END PUBLIC KEY-----\n",
	    256 },
	{ "-----BEGIN PRIVATE KEY-----\n"
	  "MIG2AgEAMBAGByqGSM49AgEGBSuBBAAiBIGeMIGbAgEBBDDC9pvtVClEbyma3ALF\n"
	  "bVHSnMFeTfD0QGrNMnLs7v1U30eas5VSrvjpTh+7kiwCub+hZANiAAQostuNf4u/\n"
	  "NkspI5xG3MaXjATC4XUfe5emmJNwfhBatedYLlrkT0pGXyqISh7dvkDXfTJvtf/x\n"
	  "qhvP1avzRvIuNXp9+0gl3/D/xk6GuaK9Nw/Zh3PV1jfcNnsKCpji17M=\n"
	  "-----END PRIVATE KEY-----\n",
	    "-----BEGIN EC PRIVATE KEY-----\n"
	    "MIGkAgEBBDDC9pvtVClEbyma3ALFbVHSnMFeTfD0QGrNMnLs7v1U30eas5VSrvjp\n"
	    "Th+7kiwCub+gBwYFK4EEACKhZANiAAQostuNf4u/NkspI5xG3MaXjATC4XUfe5em\n"
	    "mJNwfhBatedYLlrkT0pGXyqISh7dvkDXfTJvtf/xqhvP1avzRvIuNXp9+0gl3/D/\n"
	    "xk6GuaK9Nw/Zh3PV1jfcNnsKCpji17M=\n"
	    "-----END EC PRIVATE KEY-----\n",
	    "-----BEGIN PUBLIC KEY-----\n"
	    "MHYwEAYHKoZIzj0CAQYFK4EEACIDYgAEKLLbjX+LvzZLKSOcRtzGl4wEwuF1H3uX\n"
	    "ppiTcH4QWrXnWC5a5E9KRl8qiEoe3b5A130yb7X/8aobz9Wr80byLjV6fftIJd/w\n"
	    "/8ZOhrmivTcP2Ydz1dY33DZ7CgqY4tez\n"
	    "-----END PUBLIC KEY-----\n",
	    "-----BEGIN PUBLIC KEY-----\n"
	    "MEYwEAYHKoZIzj0CAQYFK4EEACIDMgADKLLbjX+LvzZLKSOcRtzGl4wEwuF1H3uX\n"
	    "ppiTcH4QWrXnWC5a5E9KRl8qiEoe3b5A\n"
	    "-----END PUBLIC KEY-----\n",
	    384 },
};

/* RFC 8410 10.3: the Ed25519 private key, its public key, and the v1 OneAsymmetricKey with attributes and public key. */
static const char rfc8410_priv[] = "-----BEGIN PRIVATE KEY-----\n"
				   "MC4CAQAwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVhC\n"
				   "-----END PRIVATE KEY-----\n";
static const char rfc8410_pub[] = "-----BEGIN PUBLIC KEY-----\n"
				  "MCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=\n"
				  "-----END PUBLIC KEY-----\n";
static const char rfc8410_v1[] = "-----BEGIN PRIVATE KEY-----\n"
				 "MHICAQEwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVhC\n"
				 "oB8wHQYKKoZIhvcNAQkJFDEPDA1DdXJkbGUgQ2hhaXJzgSEAGb9ECWmEzf6FQbrB\n"
				 "Z9w7lshQhqowtrbLDFw4rXAxZuE=\n"
				 "-----END PRIVATE KEY-----\n";
static const char rfc8410_seed[] = "d4ee72dbf913584ad5b6d8f1f769f8ad3afe7c28cbf1d4fbe097a88f44755842";
static const char rfc8410_pubhex[] = "19bf44096984cdfe8541bac167dc3b96c85086aa30b6b6cb0c5c38ad703166e1";

/* RFC 7748 6.1: Alice's X25519 key */
static const char x_alice_priv[] = "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a";
static const char x_alice_pub[] = "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a";

/* |text| read and written back in |format| (PEM) to the same text. */
static int same_text(const char *text, int format, ember_pkey *k, const char *what)
{
	static char out[EMBER_PKEY_MAX_PEM];
	size_t len;
	int r = ember_pkey_read(k, (const uint8_t *)text, strlen(text));

	if (!CHECK(r == 0, "%s: read %d", what, r))
		return 0;
	r = ember_pkey_write(k, format, 1, (uint8_t *)out, sizeof(out), &len);
	return CHECK(r == 0 && len == strlen(text) && memcmp(out, text, len) == 0, "%s: written as\n%s", what,
	    r == 0 ? out : "(error)");
}

static int hex_is(const uint8_t *p, size_t n, const char *hex)
{
	return strcmp(t_tohex(p, n), hex) == 0;
}

EMBER_TEST(keys_ec_known)
{
	static ember_pkey k, k2;
	static char out[EMBER_PKEY_MAX_PEM];
	size_t i, len;
	int r;

	for (i = 0; i < sizeof(ossl_ec) / sizeof(ossl_ec[0]); i++) {
		const char *c = i ? "P-384" : "P-256";
		char what[64];
		snprintf(what, sizeof(what), "%s PKCS#8", c);
		if (same_text(ossl_ec[i].pkcs8, EMBER_PKEY_PKCS8, &k, what)) {
			CHECK(k.type == EMBER_PKEY_EC && k.has_private && ember_pkey_bits(&k) == ossl_ec[i].bits &&
			          k.u.ec.curve == (i ? EMBER_ECC_P384 : EMBER_ECC_P256),
			    "%s: type %d bits %u", what, k.type, ember_pkey_bits(&k));
			/* OpenSSL's other forms of the same key, from the PKCS#8 file */
			CHECK(ember_pkey_write(&k, EMBER_PKEY_TRAD, 1, (uint8_t *)out, sizeof(out), &len) == 0 &&
			          strcmp(out, ossl_ec[i].trad) == 0,
			    "%s: EC PRIVATE KEY differs from openssl's:\n%s", c, out);
			CHECK(ember_pkey_write(&k, EMBER_PKEY_SPKI, 1, (uint8_t *)out, sizeof(out), &len) == 0 &&
			          strcmp(out, ossl_ec[i].spki) == 0,
			    "%s: public key differs from openssl's:\n%s", c, out);
		}
		snprintf(what, sizeof(what), "%s EC PRIVATE KEY", c);
		same_text(ossl_ec[i].trad, EMBER_PKEY_TRAD, &k, what);
		snprintf(what, sizeof(what), "%s SPKI", c);
		same_text(ossl_ec[i].spki, EMBER_PKEY_SPKI, &k, what);
		/* a compressed point: read, the same point, written uncompressed */
		r = ember_pkey_read(&k2, (const uint8_t *)ossl_ec[i].spki_compressed, strlen(ossl_ec[i].spki_compressed));
		if (CHECK(r == 0 && k2.type == EMBER_PKEY_EC && !k2.has_private, "%s: compressed point read %d", c, r)) {
			CHECK(memcmp(k.u.ec.q, k2.u.ec.q, 2 * k.u.ec.len) == 0, "%s: compressed point decoded wrong", c);
			CHECK(ember_pkey_write(&k2, EMBER_PKEY_SPKI, 1, (uint8_t *)out, sizeof(out), &len) == 0 &&
			          strcmp(out, ossl_ec[i].spki) == 0,
			    "%s: compressed point not written back uncompressed", c);
		}
	}
	/* RFC 8410 10.3 */
	if (same_text(rfc8410_priv, EMBER_PKEY_PKCS8, &k, "RFC 8410 Ed25519 private key")) {
		CHECK(k.type == EMBER_PKEY_ED25519 && k.has_private && hex_is(k.u.ed25519.seed, 32, rfc8410_seed) &&
		          hex_is(k.u.ed25519.pub, 32, rfc8410_pubhex),
		    "RFC 8410 Ed25519: seed or public key");
		CHECK(ember_pkey_write(&k, EMBER_PKEY_SPKI, 1, (uint8_t *)out, sizeof(out), &len) == 0 &&
		          strcmp(out, rfc8410_pub) == 0,
		    "RFC 8410 Ed25519: public key written as\n%s", out);
	}
	if (same_text(rfc8410_pub, EMBER_PKEY_SPKI, &k, "RFC 8410 Ed25519 public key"))
		CHECK(k.type == EMBER_PKEY_ED25519 && !k.has_private && hex_is(k.u.ed25519.pub, 32, rfc8410_pubhex),
		    "RFC 8410 Ed25519 public key");
	r = ember_pkey_read(&k, (const uint8_t *)rfc8410_v1, strlen(rfc8410_v1));
	if (CHECK(r == 0, "RFC 8410 v1 OneAsymmetricKey: read %d", r)) {
		CHECK(k.type == EMBER_PKEY_ED25519 && k.has_private && hex_is(k.u.ed25519.pub, 32, rfc8410_pubhex),
		    "RFC 8410 v1: key");
		/* written as OpenSSL does: version 0, no attributes, no public key */
		CHECK(ember_pkey_write(&k, EMBER_PKEY_PKCS8, 1, (uint8_t *)out, sizeof(out), &len) == 0 &&
		          strcmp(out, rfc8410_priv) == 0,
		    "RFC 8410 v1 written back as\n%s", out);
	}
	/* RFC 7748 6.1, as PKCS#8 */
	{
		dbuf p8 = { { 0 }, 0 }, in = { { 0 }, 0 };
		static uint8_t der[EMBER_PKEY_MAX_DER];
		put_hex(&in, "0420");
		put_hex(&in, x_alice_priv);
		pkcs8(&p8, 0, "06032b656e", &in, NULL, 0);
		r = ember_pkey_read(&k, p8.b, p8.n);
		if (CHECK(r == 0, "RFC 7748 X25519 key: read %d", r)) {
			CHECK(k.type == EMBER_PKEY_X25519 && k.has_private && hex_is(k.u.x25519.priv, 32, x_alice_priv) &&
			          hex_is(k.u.x25519.pub, 32, x_alice_pub),
			    "RFC 7748 X25519: public key %s", t_tohex(k.u.x25519.pub, 32));
			CHECK(ember_pkey_write(&k, EMBER_PKEY_PKCS8, 0, der, sizeof(der), &len) == 0 && len == p8.n &&
			          memcmp(der, p8.b, len) == 0,
			    "RFC 7748 X25519: written back differently");
			CHECK(ember_pkey_write(&k, EMBER_PKEY_SPKI, 0, der, sizeof(der), &len) == 0 && len == 44 &&
			          hex_is(der, 12, "302a300506032b656e032100") && hex_is(der + 12, 32, x_alice_pub),
			    "RFC 7748 X25519: SPKI %s", t_tohex(der, len));
		}
		/* the same as v1 with its public key */
		p8.n = 0;
		{
			uint8_t *pub;
			size_t pl;
			if (t_hex(x_alice_pub, &pub, &pl) == 0) {
				pkcs8(&p8, 1, "06032b656e", &in, pub, pl);
				CHECK(ember_pkey_read(&k2, p8.b, p8.n) == 0 && hex_is(k2.u.x25519.priv, 32, x_alice_priv),
				    "RFC 7748 X25519 as a v1 OneAsymmetricKey");
				free(pub);
			}
		}
	}
	/* EC PARAMETERS: openssl ecparam -name prime256v1 / secp384r1 (PEM), and DER */
	{
		static const char *const prm[] = {
			"-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n-----END EC PARAMETERS-----\n",
			"-----BEGIN EC PARAMETERS-----\nBgUrgQQAIg==\n-----END EC PARAMETERS-----\n",
		};
		static const uint8_t der256[] = { 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07 };
		for (i = 0; i < 2; i++) {
			r = ember_pkey_read_params(&k, (const uint8_t *)prm[i], strlen(prm[i]));
			if (!CHECK(r == 0, "EC PARAMETERS %zu: %d", i, r))
				continue;
			CHECK(k.type == EMBER_PKEY_EC && k.params_only && !k.has_private &&
			          k.u.ec.curve == (i ? EMBER_ECC_P384 : EMBER_ECC_P256) && ember_pkey_bits(&k) == (i ? 384u : 256u),
			    "EC PARAMETERS %zu: the curve", i);
			CHECK(ember_pkey_write(&k, EMBER_PKEY_PARAMS, 1, (uint8_t *)out, sizeof(out), &len) == 0 &&
			          strcmp(out, prm[i]) == 0,
			    "EC PARAMETERS %zu written as\n%s", i, out);
			CHECK(ember_pkey_write(&k, EMBER_PKEY_SPKI, 1, (uint8_t *)out, sizeof(out), &len) == EMBER_ENOTSUP,
			    "EC PARAMETERS: written as a key");
			CHECK(ember_pkey_read(&k2, (const uint8_t *)prm[i], strlen(prm[i])) != 0, "EC PARAMETERS read as a key");
		}
		r = ember_pkey_read_params(&k, der256, sizeof(der256));
		CHECK(r == 0 && k.u.ec.curve == EMBER_ECC_P256 && k.params_only, "EC PARAMETERS DER: %d", r);
		CHECK(ember_pkey_write(&k, EMBER_PKEY_PARAMS, 0, (uint8_t *)out, sizeof(out), &len) == 0 &&
		          len == sizeof(der256) && memcmp(out, der256, len) == 0,
		    "EC PARAMETERS DER written back");
		CHECK(ember_pkey_read_params(&k, der256, sizeof(der256) - 1) != 0, "EC PARAMETERS truncated");
	}
	ember_pkey_clear(&k);
	ember_pkey_clear(&k2);
}

/* ---- refusals ---- */

/* `openssl ec -param_enc explicit -no_public -outform DER` of a P-256 key: explicit ECParameters in [0] */
static const char explicit_key[] =
	"308201220201010420d0d0a2eba8e001b956920f1591d638265bb478542f07bcfe8611bd62ca3f7b9ea081fa3081f7020101302c0607"
	"2a8648ce3d0101022100ffffffff00000001000000000000000000000000ffffffffffffffffffffffff305b0420ffffffff0000000100"
	"0000000000000000000000fffffffffffffffffffffffc04205ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2"
	"604b031500c49d360886e704936a6678e1139d26b7819f7e900441046b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a139"
	"45d898c2964fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5022100ffffffff00000000ffffffffffffff"
	"ffbce6faada7179e84f3b9cac2fc632551020101";

static const char p256_n[] = "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551";

static void expect(const dbuf *d, int want, const char *what)
{
	static ember_pkey k;
	int r = ember_pkey_read(&k, d->b, d->n);

	CHECK(r == want, "%s: %d, expected %d", what, r, want);
	ember_pkey_clear(&k);
}

EMBER_TEST(keys_ec_bad)
{
	ember_pkey *p256 = test_key(0), *p384 = test_key(1), *ed = test_key(3);
	static uint8_t der[EMBER_PKEY_MAX_DER + 1];
	static ember_pkey k;
	uint8_t pt[EMBER_ECC_MAX_POINT_LEN], pt384[EMBER_ECC_MAX_POINT_LEN];
	size_t ptl, pt384l, len, i;
	dbuf b, in;
	int r;

	if (!CHECK(p256 && p384 && ed, "test keys"))
		return;
	ember_ecc_key_public(&p256->u.ec, 0, pt, sizeof(pt), &ptl);
	ember_ecc_key_public(&p384->u.ec, 0, pt384, sizeof(pt384), &pt384l);

	/* explicit curve parameters: openssl's key, the same parameters in an SPKI and in a PKCS#8, implicitCA */
	memset(&b, 0, sizeof(b));
	put_hex(&b, explicit_key);
	expect(&b, EMBER_ENOTSUP, "EC PRIVATE KEY with explicit parameters");
	{
		char alg[1024];
		/* the ECParameters SEQUENCE is the contents of [0] (a0 81 fa at byte 41): bytes 44 to the end */
		snprintf(alg, sizeof(alg), "%s%s", hex_oid_ec, explicit_key + 2 * 44);
		memset(&b, 0, sizeof(b));
		spki(&b, alg, pt, ptl);
		expect(&b, EMBER_ENOTSUP, "SPKI with explicit parameters");
		memset(&b, 0, sizeof(b));
		memset(&in, 0, sizeof(in));
		ecpk(&in, 1, p256->u.ec.d, 32, NULL, pt, ptl);
		pkcs8(&b, 0, alg, &in, NULL, 0);
		expect(&b, EMBER_ENOTSUP, "PKCS#8 with explicit parameters");
		memset(&b, 0, sizeof(b));
		snprintf(alg, sizeof(alg), "%s0500", hex_oid_ec);
		spki(&b, alg, pt, ptl);
		expect(&b, EMBER_ENOTSUP, "SPKI with implicitCA");
		/* another named curve: secp256k1 1.3.132.0.10 */
		memset(&b, 0, sizeof(b));
		snprintf(alg, sizeof(alg), "%s06052b8104000a", hex_oid_ec);
		spki(&b, alg, pt, ptl);
		expect(&b, EMBER_ENOTSUP, "SPKI on secp256k1");
		memset(&b, 0, sizeof(b));
		ecpk(&b, 1, p256->u.ec.d, 32, "06052b8104000a", NULL, 0);
		expect(&b, EMBER_ENOTSUP, "EC PRIVATE KEY on secp256k1");
		/* no parameters at all, two OIDs */
		memset(&b, 0, sizeof(b));
		spki(&b, hex_oid_ec, pt, ptl);
		expect(&b, EMBER_EDECODE, "SPKI without a curve");
		memset(&b, 0, sizeof(b));
		snprintf(alg, sizeof(alg), "%s%s%s", hex_oid_ec, hex_oid_p256, hex_oid_p256);
		spki(&b, alg, pt, ptl);
		expect(&b, EMBER_EDECODE, "SPKI with two curves");
	}
	{
		/* EC PARAMETERS: explicit (openssl ecparam -param_enc explicit: the [0] contents above), implicitCA */
		static const char implicit_ca[] = "-----BEGIN EC PARAMETERS-----\nBQA=\n-----END EC PARAMETERS-----\n";
		memset(&b, 0, sizeof(b));
		put_hex(&b, explicit_key + 2 * 44);
		r = ember_pkey_read_params(&k, b.b, b.n);
		CHECK(r == EMBER_ENOTSUP, "EC PARAMETERS explicit: %d", r);
		r = ember_pkey_read_params(&k, (const uint8_t *)implicit_ca, strlen(implicit_ca));
		CHECK(r == EMBER_ENOTSUP, "EC PARAMETERS implicitCA: %d", r);
	}

	/* ECPrivateKey: the good one, then each field wrong */
	memset(&b, 0, sizeof(b));
	ecpk(&b, 1, p256->u.ec.d, 32, hex_oid_p256, pt, ptl);
	expect(&b, 0, "hand-made EC PRIVATE KEY");
	memset(&b, 0, sizeof(b));
	ecpk(&b, 1, p256->u.ec.d, 32, hex_oid_p256, NULL, 0);
	expect(&b, 0, "EC PRIVATE KEY without the public key");
	if (ember_pkey_read(&k, b.b, b.n) == 0)
		CHECK(memcmp(k.u.ec.q, p256->u.ec.q, 64) == 0, "public key computed");
	{
		/* compressed public key in [1]: accepted */
		uint8_t c[40];
		size_t cl;
		ember_ecc_key_public(&p256->u.ec, 1, c, sizeof(c), &cl);
		memset(&b, 0, sizeof(b));
		ecpk(&b, 1, p256->u.ec.d, 32, hex_oid_p256, c, cl);
		expect(&b, 0, "EC PRIVATE KEY with a compressed public key");
	}
	memset(&b, 0, sizeof(b));
	ecpk(&b, 1, p256->u.ec.d, 32, NULL, pt, ptl);
	expect(&b, EMBER_EDECODE, "EC PRIVATE KEY without a curve");
	memset(&b, 0, sizeof(b));
	ecpk(&b, 0, p256->u.ec.d, 32, hex_oid_p256, pt, ptl);
	expect(&b, EMBER_EDECODE, "EC PRIVATE KEY version 0");
	memset(&b, 0, sizeof(b));
	ecpk(&b, 1, p256->u.ec.d + 1, 31, hex_oid_p256, NULL, 0);
	expect(&b, EMBER_EDECODE, "d of 31 bytes");
	{
		uint8_t d33[33] = { 0 };
		memcpy(d33 + 1, p256->u.ec.d, 32);
		memset(&b, 0, sizeof(b));
		ecpk(&b, 1, d33, 33, hex_oid_p256, NULL, 0);
		expect(&b, EMBER_EDECODE, "d of 33 bytes");
		memset(&b, 0, sizeof(b));
		ecpk(&b, 1, p256->u.ec.d, 32, hex_oid_p384, NULL, 0);
		expect(&b, EMBER_EDECODE, "a P-256 d on P-384");
	}
	{
		uint8_t d[32];
		memset(d, 0, sizeof(d));
		memset(&b, 0, sizeof(b));
		ecpk(&b, 1, d, 32, hex_oid_p256, NULL, 0);
		expect(&b, EMBER_ERANGE, "d = 0");
		memset(&b, 0, sizeof(b));
		in.n = 0;
		put_hex(&in, p256_n);
		ecpk(&b, 1, in.b, 32, hex_oid_p256, NULL, 0);
		expect(&b, EMBER_ERANGE, "d = n");
	}
	/* a public key that is not d G: another key's, off the curve, malformed */
	{
		uint8_t other[65];
		memcpy(other, pt, ptl);
		other[64] ^= 1; /* y + 1 or -1: off the curve */
		memset(&b, 0, sizeof(b));
		ecpk(&b, 1, p256->u.ec.d, 32, hex_oid_p256, other, ptl);
		expect(&b, EMBER_ERANGE, "EC PRIVATE KEY with a point off the curve");
		memset(&b, 0, sizeof(b));
		spki(&b, "06072a8648ce3d020106082a8648ce3d030107", other, ptl);
		expect(&b, EMBER_ERANGE, "SPKI with a point off the curve");
		other[0] = 0x05;
		memset(&b, 0, sizeof(b));
		spki(&b, "06072a8648ce3d020106082a8648ce3d030107", other, ptl);
		expect(&b, EMBER_EDECODE, "SPKI with point tag 05");
		memset(&b, 0, sizeof(b));
		spki(&b, "06072a8648ce3d020106082a8648ce3d030107", pt, ptl - 1);
		expect(&b, EMBER_EDECODE, "SPKI with a short point");
		memset(&b, 0, sizeof(b));
		spki(&b, "06072a8648ce3d020106052b81040022", pt, ptl);
		expect(&b, EMBER_EDECODE, "SPKI with a P-256 point on P-384");
		if (CHECK(ember_ecc_generate_key(&k.u.ec, EMBER_ECC_P256) == 0, "second key")) {
			ember_ecc_key_public(&k.u.ec, 0, other, sizeof(other), &len);
			memset(&b, 0, sizeof(b));
			ecpk(&b, 1, p256->u.ec.d, 32, hex_oid_p256, other, len);
			expect(&b, EMBER_ERANGE, "EC PRIVATE KEY with another key's public key");
			memset(&in, 0, sizeof(in));
			ecpk(&in, 1, p256->u.ec.d, 32, NULL, other, len);
			memset(&b, 0, sizeof(b));
			pkcs8(&b, 0, "06072a8648ce3d020106082a8648ce3d030107", &in, NULL, 0);
			expect(&b, EMBER_ERANGE, "PKCS#8 EC with another key's public key");
		}
		ember_pkey_clear(&k);
	}
	/* PKCS#8's ECPrivateKey with [0]: the same curve is accepted, another refused */
	memset(&in, 0, sizeof(in));
	ecpk(&in, 1, p256->u.ec.d, 32, hex_oid_p256, pt, ptl);
	memset(&b, 0, sizeof(b));
	pkcs8(&b, 0, "06072a8648ce3d020106082a8648ce3d030107", &in, NULL, 0);
	expect(&b, 0, "PKCS#8 EC with [0] of the same curve");
	memset(&b, 0, sizeof(b));
	pkcs8(&b, 0, "06072a8648ce3d020106052b81040022", &in, NULL, 0);
	expect(&b, EMBER_EDECODE, "PKCS#8 EC on P-384 with [0] P-256");
	/* v1 with the public key: EC's uncompressed point accepted, another one refused */
	memset(&in, 0, sizeof(in));
	ecpk(&in, 1, p256->u.ec.d, 32, NULL, pt, ptl);
	memset(&b, 0, sizeof(b));
	pkcs8(&b, 1, "06072a8648ce3d020106082a8648ce3d030107", &in, pt, ptl);
	expect(&b, 0, "PKCS#8 v1 EC with its public key");
	memset(&b, 0, sizeof(b));
	pkcs8(&b, 1, "06072a8648ce3d020106082a8648ce3d030107", &in, pt384, pt384l);
	expect(&b, EMBER_ERANGE, "PKCS#8 v1 EC with another public key");

	/* RFC 8410 */
	{
		static const char *const algs[] = { "06032b6570", "06032b656e" };
		uint8_t pub[33];
		for (i = 0; i < 2; i++) {
			const char *t = i ? "X25519" : "Ed25519";
			const uint8_t *key = i ? test_key(2)->u.x25519.priv : ed->u.ed25519.seed;
			const uint8_t *kpub = i ? test_key(2)->u.x25519.pub : ed->u.ed25519.pub;
			char alg[64], what[96];
			size_t n;
			memset(&in, 0, sizeof(in));
			put_tlv(&in, 0x04, key, 32);
			memset(&b, 0, sizeof(b));
			pkcs8(&b, 0, algs[i], &in, NULL, 0);
			snprintf(what, sizeof(what), "%s: hand-made PKCS#8", t);
			expect(&b, 0, what);
			memset(&b, 0, sizeof(b));
			pkcs8(&b, 1, algs[i], &in, kpub, 32);
			snprintf(what, sizeof(what), "%s: v1 with the public key", t);
			expect(&b, 0, what);
			memcpy(pub, kpub, 32);
			pub[5] ^= 0x10;
			memset(&b, 0, sizeof(b));
			pkcs8(&b, 1, algs[i], &in, pub, 32);
			snprintf(what, sizeof(what), "%s: v1 with another public key", t);
			expect(&b, EMBER_ERANGE, what);
			memset(&b, 0, sizeof(b));
			pkcs8(&b, 1, algs[i], &in, kpub, 31);
			snprintf(what, sizeof(what), "%s: v1 with a short public key", t);
			expect(&b, EMBER_ERANGE, what);
			memset(&b, 0, sizeof(b));
			pkcs8(&b, 0, algs[i], &in, kpub, 32);
			snprintf(what, sizeof(what), "%s: v0 with a public key", t);
			expect(&b, EMBER_EDECODE, what);
			memset(&b, 0, sizeof(b));
			pkcs8(&b, 2, algs[i], &in, NULL, 0);
			snprintf(what, sizeof(what), "%s: version 2", t);
			expect(&b, EMBER_EDECODE, what);
			/* parameters present in the AlgorithmIdentifier: NULL, or anything */
			for (n = 0; n < 2; n++) {
				snprintf(alg, sizeof(alg), "%s%s", algs[i], n ? "06032b6570" : "0500");
				memset(&b, 0, sizeof(b));
				pkcs8(&b, 0, alg, &in, NULL, 0);
				snprintf(what, sizeof(what), "%s: PKCS#8 with parameters %zu", t, n);
				expect(&b, EMBER_EDECODE, what);
				memset(&b, 0, sizeof(b));
				spki(&b, alg, kpub, 32);
				snprintf(what, sizeof(what), "%s: SPKI with parameters %zu", t, n);
				expect(&b, EMBER_EDECODE, what);
			}
			/* wrong lengths: the private key 31 or 33 bytes, not wrapped, wrapped twice; SPKI 31, 33 */
			for (n = 31; n <= 33; n += 2) {
				uint8_t big[33] = { 0 };
				memcpy(big, key, 32);
				memset(&in, 0, sizeof(in));
				put_tlv(&in, 0x04, big, n);
				memset(&b, 0, sizeof(b));
				pkcs8(&b, 0, algs[i], &in, NULL, 0);
				snprintf(what, sizeof(what), "%s: a %zu-byte private key", t, n);
				expect(&b, EMBER_EDECODE, what);
				memset(&b, 0, sizeof(b));
				memcpy(big, kpub, 32);
				spki(&b, algs[i], big, n);
				snprintf(what, sizeof(what), "%s: a %zu-byte public key", t, n);
				expect(&b, EMBER_EDECODE, what);
			}
			memset(&in, 0, sizeof(in));
			put(&in, key, 32);
			memset(&b, 0, sizeof(b));
			pkcs8(&b, 0, algs[i], &in, NULL, 0);
			snprintf(what, sizeof(what), "%s: the private key not in an inner OCTET STRING", t);
			expect(&b, EMBER_EDECODE, what);
			memset(&in, 0, sizeof(in));
			put_tlv(&in, 0x04, key, 32);
			put_hex(&in, "0500");
			memset(&b, 0, sizeof(b));
			pkcs8(&b, 0, algs[i], &in, NULL, 0);
			snprintf(what, sizeof(what), "%s: bytes after the inner OCTET STRING", t);
			expect(&b, EMBER_EDECODE, what);
		}
		/* an Ed25519 public key that is no point, or of small order (the identity: y = 1) */
		memset(pub, 0xff, 32);
		pub[31] = 0x7f; /* y = 2^255 - 1 >= p: not canonical */
		memset(&b, 0, sizeof(b));
		spki(&b, algs[0], pub, 32);
		expect(&b, EMBER_EDECODE, "Ed25519 SPKI with y >= p");
		memset(pub, 0, 32);
		pub[0] = 1;
		memset(&b, 0, sizeof(b));
		spki(&b, algs[0], pub, 32);
		expect(&b, EMBER_ERANGE, "Ed25519 SPKI of the identity");
	}

	/* every key, every format: trailing bytes, every truncation, bit flips never crash */
	for (i = 0; i < NKEYS; i++) {
		int f;
		for (f = EMBER_PKEY_PKCS8; f <= EMBER_PKEY_TRAD; f++) {
			size_t n, accepted = 0;
			if (f == EMBER_PKEY_PKCS1 || (f == EMBER_PKEY_TRAD && test_key((int)i)->type != EMBER_PKEY_EC))
				continue;
			if (!CHECK(ember_pkey_write(test_key((int)i), f, 0, der, sizeof(der) - 1, &len) == 0, "write"))
				continue;
			der[len] = 0;
			r = ember_pkey_read(&k, der, len + 1);
			CHECK(r == EMBER_EDECODE, "%s format %d: a trailing byte gave %d", key_names[i], f, r);
			for (n = 0; n < len; n++)
				CHECK(ember_pkey_read(&k, der, n) != 0, "%s format %d: truncated to %zu accepted", key_names[i], f, n);
			for (n = 0; n < 200; n++) {
				size_t bit = t_rand_below(len * 8);
				der[bit / 8] ^= (uint8_t)(1 << (bit % 8));
				accepted += ember_pkey_read(&k, der, len) == 0;
				der[bit / 8] ^= (uint8_t)(1 << (bit % 8));
			}
			CHECK(accepted < 200, "%s format %d: every bit flip accepted", key_names[i], f);
		}
	}
	ember_pkey_clear(&k);
}

/* ---- against openssl ---- */

static char ossl_dir[64];

static int sh(const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 1, 2)))
#endif
	;
static int sh(const char *fmt, ...)
{
	char cmd[2048], body[1536];
	va_list ap;
	int st;

	va_start(ap, fmt);
	vsnprintf(body, sizeof(body), fmt, ap);
	va_end(ap);
	snprintf(cmd, sizeof(cmd), "cd '%s' && { %s ; } </dev/null >>log 2>&1", ossl_dir, body);
	st = system(cmd);
	return st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

/* The file |name| of ossl_dir, malloc'd (NULL when absent). */
static uint8_t *slurp(const char *name, size_t *len)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/%s", ossl_dir, name);
	return t_read_path(path, len);
}

static int spew(const char *name, const uint8_t *p, size_t n)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/%s", ossl_dir, name);
	return t_write_file(path, p, n);
}

/* openssl's file |name| read (with |pass| when not NULL) and written back in |format| to the bytes of |ref|. */
static void same_as_ossl(const char *t, const char *name, const char *pass, int format, int pem, const char *ref)
{
	static uint8_t out[EMBER_PKEY_MAX_PEM];
	static ember_pkey k;
	uint8_t *in, *want;
	size_t len, wl, ol;
	int r;

	in = slurp(name, &len);
	want = slurp(ref, &wl);
	if (CHECK(in != NULL && want != NULL, "%s: openssl did not write %s or %s", t, name, ref)) {
		r = pass ? ember_pkey_read_pass(&k, in, len, pass, strlen(pass), 0) : ember_pkey_read(&k, in, len);
		if (CHECK(r == 0, "%s: %s (openssl's) not read: %d", t, name, r)) {
			r = ember_pkey_write(&k, format, pem, out, sizeof(out), &ol);
			CHECK(r == 0 && ol == wl && memcmp(out, want, wl) == 0, "%s: %s written back differs from openssl's %s",
			    t, name, ref);
		}
	}
	free(in);
	free(want);
	ember_pkey_clear(&k);
}

EMBER_TEST(keys_ec_ossl)
{
	static const struct {
		const char *name, *gen;
		int ec;
	} types[] = {
		{ "P-256", "-algorithm EC -pkeyopt ec_paramgen_curve:P-256", 1 },
		{ "P-384", "-algorithm EC -pkeyopt ec_paramgen_curve:P-384", 1 },
		{ "X25519", "-algorithm X25519", 0 },
		{ "Ed25519", "-algorithm ED25519", 0 },
	};
	static uint8_t buf[EMBER_PKEY_MAX_PEM + 1024];
	static ember_pkey k;
	size_t i, len;
	int rounds = t_phase == 1 ? 3 : 1, n;

	if (system("openssl version >/dev/null 2>&1") != 0) {
		t_skip("keys_ec_ossl: no openssl command");
		return;
	}
	strcpy(ossl_dir, "/tmp/ember-t-keysec-XXXXXX");
	if (!CHECK(mkdtemp(ossl_dir) != NULL, "mkdtemp failed"))
		return;
	for (n = 0; n < rounds; n++) {
		for (i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
			const char *t = types[i].name;
			if (!CHECK(sh("openssl genpkey %s -out k.pem && openssl pkey -in k.pem -pubout -out pub.pem && "
			              "openssl pkey -in k.pem -pubout -outform DER -out pub.der && "
			              "openssl pkcs8 -topk8 -nocrypt -in k.pem -outform DER -out k8.der",
			               types[i].gen) == 0,
			        "%s: openssl genpkey", t))
				continue;
			same_as_ossl(t, "k.pem", NULL, EMBER_PKEY_PKCS8, 1, "k.pem");
			same_as_ossl(t, "k8.der", NULL, EMBER_PKEY_PKCS8, 0, "k8.der");
			same_as_ossl(t, "pub.pem", NULL, EMBER_PKEY_SPKI, 1, "pub.pem");
			same_as_ossl(t, "pub.der", NULL, EMBER_PKEY_SPKI, 0, "pub.der");
			same_as_ossl(t, "k.pem", NULL, EMBER_PKEY_SPKI, 1, "pub.pem");
			/* openssl's encrypted PKCS#8 */
			if (CHECK(sh("openssl pkey -in k.pem -aes256 -passout pass:pw -out e.pem && "
			             "openssl pkcs8 -topk8 -in k.pem -v2 aes-128-cbc -outform DER -passout pass:pw -out e.der") == 0,
			        "%s: openssl encrypts", t)) {
				same_as_ossl(t, "e.pem", "pw", EMBER_PKEY_PKCS8, 1, "k.pem");
				same_as_ossl(t, "e.der", "pw", EMBER_PKEY_PKCS8, 1, "k.pem");
			}
			if (types[i].ec) {
				/* openssl pkey -outform DER writes an EC key in its traditional form */
				if (CHECK(sh("openssl pkey -in k.pem -traditional -out t.pem && openssl ec -in k.pem -out ec.pem && "
				             "openssl pkey -in k.pem -outform DER -out t.der && "
				             "openssl ec -in k.pem -aes256 -passout pass:pw -out te.pem && "
				             "openssl ec -in k.pem -des3 -passout pass:pw -out td.pem && "
				             "openssl ec -in k.pem -pubout -conv_form compressed -out pc.pem") == 0,
				        "%s: openssl ec", t)) {
					same_as_ossl(t, "t.pem", NULL, EMBER_PKEY_TRAD, 1, "t.pem");
					same_as_ossl(t, "ec.pem", NULL, EMBER_PKEY_TRAD, 1, "t.pem");
					same_as_ossl(t, "t.der", NULL, EMBER_PKEY_TRAD, 0, "t.der");
					same_as_ossl(t, "t.der", NULL, EMBER_PKEY_PKCS8, 1, "k.pem");
					same_as_ossl(t, "te.pem", "pw", EMBER_PKEY_TRAD, 1, "t.pem");
					same_as_ossl(t, "td.pem", "pw", EMBER_PKEY_TRAD, 1, "t.pem");
					same_as_ossl(t, "pc.pem", NULL, EMBER_PKEY_SPKI, 1, "pub.pem");
				}
			}
			/* ember writes encrypted, openssl reads the key */
			{
				uint8_t *in;
				size_t il;
				ember_pbe_params p;
				memset(&p, 0, sizeof(p));
				p.cipher = "aes-256-cbc";
				in = slurp("k.pem", &il);
				if (CHECK(in != NULL && ember_pkey_read(&k, in, il) == 0, "%s: read k.pem", t)) {
					CHECK(ember_pkey_write_pass(&k, EMBER_PKEY_PKCS8, 1, &p, "pw", 2, buf, sizeof(buf), &len) == 0 &&
					          spew("me.pem", buf, len) == 0 &&
					          sh("openssl pkey -in me.pem -passin pass:pw -out g.pem && cmp -s g.pem k.pem") == 0,
					    "%s: openssl does not read ember's encrypted PKCS#8 as the key", t);
					if (types[i].ec) {
						p.cipher = "des-ede3-cbc";
						CHECK(ember_pkey_write_pass(&k, EMBER_PKEY_TRAD, 1, &p, "pw", 2, buf, sizeof(buf), &len) == 0 &&
						          spew("mt.pem", buf, len) == 0 &&
						          sh("openssl ec -in mt.pem -passin pass:pw -out g.pem && cmp -s g.pem t.pem && "
						             "openssl pkey -in mt.pem -passin pass:pw -check -noout") == 0,
						    "%s: openssl does not read ember's encrypted EC PRIVATE KEY as the key", t);
					}
				}
				free(in);
			}
		}
	}
	/* a P-256 d with a leading zero byte: openssl reads ember's padded encoding as the same key */
	{
		uint8_t d[32];
		size_t j;
		for (j = 0; j < 32; j++)
			d[j] = (uint8_t)(j * 7);
		memset(&k, 0, sizeof(k));
		k.type = EMBER_PKEY_EC;
		k.has_private = 1;
		CHECK(ember_ecc_key_from_private(&k.u.ec, EMBER_ECC_P256, d, 32) == 0 &&
		          ember_pkey_write(&k, EMBER_PKEY_TRAD, 1, buf, sizeof(buf), &len) == 0 && spew("z.pem", buf, len) == 0 &&
		          sh("openssl ec -in z.pem -out g.pem && cmp -s g.pem z.pem && openssl pkey -in z.pem -check -noout") == 0,
		    "openssl does not write ember's P-256 key with a leading zero byte of d the same");
	}
	/* EC PARAMETERS: ecparam and genpkey -genparam; explicit ones refused */
	if (CHECK(sh("openssl ecparam -name prime256v1 -out p1.pem && "
	             "openssl genpkey -genparam -algorithm EC -pkeyopt ec_paramgen_curve:P-384 -out p2.pem && "
	             "openssl ecparam -name prime256v1 -outform DER -out p1.der && "
	             "openssl ecparam -name prime256v1 -param_enc explicit -out px.pem && "
	             "openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out k.pem && "
	             "openssl ec -in k.pem -param_enc explicit -out kx.pem && "
	             "openssl ec -in k.pem -param_enc explicit -pubout -out kxp.pem") == 0,
	        "openssl ecparam")) {
		static const char *const prm[] = { "p1.pem", "p2.pem", "p1.der" };
		static const char *const bad[] = { "kx.pem", "kxp.pem" };
		for (i = 0; i < 3; i++) {
			uint8_t *in, *out = buf;
			size_t il;
			int r;
			in = slurp(prm[i], &il);
			if (!CHECK(in != NULL, "%s", prm[i]))
				continue;
			r = ember_pkey_read_params(&k, in, il);
			CHECK(r == 0 && k.params_only && k.type == EMBER_PKEY_EC &&
			          ember_pkey_write(&k, EMBER_PKEY_PARAMS, i < 2, out, sizeof(buf), &len) == 0 && len == il &&
			          memcmp(out, in, il) == 0,
			    "openssl's %s: read %d, or written back differently", prm[i], r);
			free(in);
		}
		{
			uint8_t *in = slurp("px.pem", &len);
			int r = in ? ember_pkey_read_params(&k, in, len) : -1;
			CHECK(r == EMBER_ENOTSUP, "openssl's explicit EC PARAMETERS: %d", r);
			free(in);
		}
		for (i = 0; i < 2; i++) {
			uint8_t *in = slurp(bad[i], &len);
			int r = in ? ember_pkey_read(&k, in, len) : -1;
			CHECK(r == EMBER_ENOTSUP, "openssl's %s (explicit parameters): %d", bad[i], r);
			free(in);
		}
	}
	ember_pkey_clear(&k);
	sh("rm -f log *.pem *.der");
	rmdir(ossl_dir);
}
