/*
 * t_keys_mldsa.c - ML-DSA-44/65/87 keys in key files (RFC 9881) and the key
 * commands:
 *
 *   round trips (DER and PEM) of PKCS#8 in the seed and expandedKey forms
 *   and of SubjectPublicKeyInfo, for each set; "both" (built here) read
 *   back and written as the seed; OneAsymmetricKey with its publicKey;
 *   RFC 9881 Appendix C's example keys (seed 00 01 ... 1f) as known answers;
 *   refusals: "both" whose expanded key is not the seed's (EMBER_ERANGE), an
 *   expanded key whose t0 is not its own (EMBER_ERANGE) or with an s1
 *   coefficient out of range (EMBER_EDECODE), AlgorithmIdentifier
 *   parameters present, wrong lengths, every truncation of a valid DER;
 *   encrypted PKCS#8 (PBES2) round trips, a wrong passphrase refused;
 *   the commands: genpkey (-pkeyopt hexseed: gives RFC 9881's file), pkey
 *   -pubout, -check, -text, pkeyutl -sign/-verify -rawin and dgst, a
 *   changed message refused.
 *
 * A handful of key generations (ML-DSA key generation and the expanded
 * key's check cost about as much as a signature): the unit also runs under
 * qemu. Everything but the known answers runs in phase 1 only (the key
 * files do not depend on the CPU features; ML-DSA itself is t_mldsa.c's).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ember/hash.h"
#include "ember/keys.h"
#include "test.h"

static const int sets[3] = { EMBER_MLDSA44, EMBER_MLDSA65, EMBER_MLDSA87 };
static const int types[3] = { EMBER_PKEY_MLDSA44, EMBER_PKEY_MLDSA65, EMBER_PKEY_MLDSA87 };
static const char *const names[3] = { "ML-DSA-44", "ML-DSA-65", "ML-DSA-87" };

/* A key of set i from |seed|, with the seed (has_seed) or without (the expanded key alone). */
static int make_key(ember_pkey *k, int i, const uint8_t seed[32], int has_seed)
{
	int set = sets[i];

	memset(k, 0, sizeof(*k));
	memcpy(k->u.mldsa.seed, seed, 32);
	if (ember_mldsa_keygen_seed(set, k->u.mldsa.pk, EMBER_MLDSA_PK_LEN(set), k->u.mldsa.sk, EMBER_MLDSA_SK_LEN(set),
	        seed) != 0)
		return -1;
	k->u.mldsa.set = set;
	k->u.mldsa.has_seed = has_seed;
	if (!has_seed)
		memset(k->u.mldsa.seed, 0, 32);
	k->type = types[i];
	k->has_private = 1;
	return 0;
}

static int same_key(const ember_pkey *a, const ember_pkey *b)
{
	const ember_mldsa_pkey *x = &a->u.mldsa, *y = &b->u.mldsa;
	size_t pl = EMBER_MLDSA_PK_LEN(x->set), sl = EMBER_MLDSA_SK_LEN(x->set);

	if (a->type != b->type || a->has_private != b->has_private || x->set != y->set || memcmp(x->pk, y->pk, pl) != 0)
		return 0;
	if (!a->has_private)
		return 1;
	return x->has_seed == y->has_seed && memcmp(x->sk, y->sk, sl) == 0 &&
	    (!x->has_seed || memcmp(x->seed, y->seed, 32) == 0);
}

/* DER header of |tag| with a |len|-byte body, into p; its length. */
static size_t hdr(uint8_t *p, int tag, size_t len)
{
	p[0] = (uint8_t)tag;
	if (len < 0x80) {
		p[1] = (uint8_t)len;
		return 2;
	}
	if (len < 0x100) {
		p[1] = 0x81;
		p[2] = (uint8_t)len;
		return 3;
	}
	p[1] = 0x82;
	p[2] = (uint8_t)(len >> 8);
	p[3] = (uint8_t)len;
	return 4;
}

/*
 * PrivateKeyInfo of set i around the privateKey |priv| (|priv_len| bytes),
 * with the AlgorithmIdentifier's OID followed by |params| (NULL: none).
 */
static size_t pkcs8(uint8_t *out, int i, const uint8_t *params, size_t params_len, const uint8_t *priv,
    size_t priv_len)
{
	static uint8_t body[8192];
	uint8_t alg[64];
	size_t n = 0, a = 0;

	a = hdr(alg, 0x30, 11 + params_len);
	memcpy(alg + a, "\x06\x09\x60\x86\x48\x01\x65\x03\x04\x03", 10);
	alg[a + 10] = (uint8_t)(0x11 + i);
	if (params_len) /* memcpy from NULL is undefined even for 0 bytes */
		memcpy(alg + a + 11, params, params_len);
	a += 11 + params_len;
	memcpy(body, "\x02\x01\x00", 3);
	n = 3;
	memcpy(body + n, alg, a);
	n += a;
	n += hdr(body + n, 0x04, priv_len);
	memcpy(body + n, priv, priv_len);
	n += priv_len;
	a = hdr(out, 0x30, n);
	memcpy(out + a, body, n);
	return a + n;
}

/* RFC 9881's "both": SEQUENCE { OCTET STRING seed, OCTET STRING expandedKey }. */
static size_t both_form(uint8_t *out, const uint8_t *seed, const uint8_t *sk, size_t sk_len)
{
	static uint8_t body[8192];
	size_t n = 0, h;

	n += hdr(body, 0x04, 32);
	memcpy(body + n, seed, 32);
	n += 32;
	n += hdr(body + n, 0x04, sk_len);
	memcpy(body + n, sk, sk_len);
	n += sk_len;
	h = hdr(out, 0x30, n);
	memcpy(out + h, body, n);
	return h + n;
}

static void sha256(uint8_t out[32], const void *p, size_t n)
{
	ember_hash(ember_hash_find("sha256", NULL), out, p, n);
}

static int hex_is(const uint8_t *p, size_t n, const char *hex)
{
	return strlen(hex) == 2 * n && strcmp(t_tohex(p, n), hex) == 0;
}

/* Write |k| in |format| as DER and as PEM, read each back, compare, write again: the same bytes. */
static void roundtrip(const ember_pkey *k, int format, const char *what)
{
	static uint8_t a[EMBER_PKEY_MAX_PEM], b[EMBER_PKEY_MAX_PEM];
	static ember_pkey back, want;
	size_t al, bl;
	int pem, r;

	want = *k;
	if (format == EMBER_PKEY_SPKI) {
		want.has_private = 0;
		memset(want.u.mldsa.sk, 0, sizeof(want.u.mldsa.sk));
	}
	for (pem = 0; pem <= 1; pem++) {
		r = ember_pkey_write(k, format, pem, a, sizeof(a), &al);
		if (!CHECK(r == 0, "%s pem=%d: write %d", what, pem, r))
			continue;
		r = ember_pkey_read(&back, a, al);
		if (!CHECK(r == 0, "%s pem=%d: read back: %d", what, pem, r))
			continue;
		CHECK(same_key(&back, &want), "%s pem=%d: not the key written", what, pem);
		r = ember_pkey_write(&back, format, pem, b, sizeof(b), &bl);
		CHECK(r == 0 && al == bl && memcmp(a, b, al) == 0, "%s pem=%d: second write differs", what, pem);
		CHECK(ember_pkey_write(k, format, pem, b, al - 1, &bl) == EMBER_ELEN, "%s pem=%d: short buffer", what, pem);
		if (pem)
			CHECK(strncmp((char *)a, format == EMBER_PKEY_SPKI ? "-----BEGIN PUBLIC KEY-----\n"
			                                                    : "-----BEGIN PRIVATE KEY-----\n", 27) == 0,
			    "%s: PEM label", what);
	}
	ember_pkey_clear(&back);
}

EMBER_TEST(keys_mldsa_roundtrip)
{
	static ember_pkey k, e, back;
	static uint8_t der[EMBER_PKEY_MAX_DER], both[8192], out[EMBER_PKEY_MAX_PEM];
	uint8_t seed[32];
	size_t i, n, bl, ol;
	char what[64];
	int r;

	if (t_phase != 1)
		return;
	for (i = 0; i < 3; i++) {
		size_t sl = EMBER_MLDSA_SK_LEN(sets[i]);
		t_rand_bytes(seed, sizeof(seed));
		if (!CHECK(make_key(&k, (int)i, seed, 1) == 0, "%s: keygen", names[i]))
			continue;
		e = k;
		e.u.mldsa.has_seed = 0;
		memset(e.u.mldsa.seed, 0, 32);
		snprintf(what, sizeof(what), "%s seed", names[i]);
		roundtrip(&k, EMBER_PKEY_PKCS8, what);
		snprintf(what, sizeof(what), "%s expanded", names[i]);
		roundtrip(&e, EMBER_PKEY_PKCS8, what);
		snprintf(what, sizeof(what), "%s SPKI", names[i]);
		roundtrip(&k, EMBER_PKEY_SPKI, what);
		/* the seed form is 54 bytes; the expanded one the sk with its headers */
		r = ember_pkey_write(&k, EMBER_PKEY_PKCS8, 0, der, sizeof(der), &n);
		CHECK(r == 0 && n == 54 && der[20] == 0x80, "%s: the seed form is not [0] IMPLICIT OCTET STRING (%zu bytes)",
		    names[i], n);
		r = ember_pkey_write(&e, EMBER_PKEY_PKCS8, 0, der, sizeof(der), &n);
		CHECK(r == 0 && n == sl + 28, "%s: the expanded form: %zu bytes", names[i], n);
		/* both: read, the seed kept, written as the seed */
		bl = both_form(both, k.u.mldsa.seed, k.u.mldsa.sk, sl);
		n = pkcs8(der, (int)i, NULL, 0, both, bl);
		r = ember_pkey_read(&back, der, n);
		CHECK(r == 0 && same_key(&back, &k), "%s: both form not read as the key (%d)", names[i], r);
		CHECK(ember_pkey_write(&back, EMBER_PKEY_PKCS8, 0, out, sizeof(out), &ol) == 0 && ol == 54,
		    "%s: both form not written as the seed", names[i]);
		CHECK(ember_pem_encode("PRIVATE KEY", der, n, (char *)out, sizeof(out), &ol) == 0 &&
		          ember_pkey_read(&back, out, ol) == 0 && same_key(&back, &k),
		    "%s: both form in PEM not read", names[i]);
		/* OneAsymmetricKey version 1 with [1] publicKey: read when it is the key's */
		{
			static uint8_t v1[8192];
			size_t pl = EMBER_MLDSA_PK_LEN(sets[i]), h, m;
			/* the body after the outer header: version 0 -> 1, then [1] IMPLICIT BIT STRING appended */
			h = der[1] == 0x82 ? 4 : 2;
			m = n - h;
			memmove(v1, der + h, m);
			v1[2] = 1;
			m += hdr(v1 + m, 0x81, pl + 1);
			v1[m++] = 0;
			memcpy(v1 + m, k.u.mldsa.pk, pl);
			m += pl;
			h = hdr(out, 0x30, m);
			memcpy(out + h, v1, m);
			r = ember_pkey_read(&back, out, h + m);
			CHECK(r == 0 && same_key(&back, &k), "%s: OneAsymmetricKey v1 with its publicKey (%d)", names[i], r);
			out[h + m - 1] ^= 1;
			r = ember_pkey_read(&back, out, h + m);
			CHECK(r == EMBER_ERANGE, "%s: OneAsymmetricKey v1 with another publicKey: %d", names[i], r);
		}
		CHECK(ember_pkey_bits(&k) == 8 * EMBER_MLDSA_PK_LEN(sets[i]), "%s: bits %u", names[i], ember_pkey_bits(&k));
		CHECK(ember_pkey_write(&k, EMBER_PKEY_TRAD, 1, out, sizeof(out), &ol) == EMBER_ENOTSUP &&
		          ember_pkey_write(&k, EMBER_PKEY_PKCS1, 0, out, sizeof(out), &ol) == EMBER_ENOTSUP &&
		          ember_pkey_write(&k, EMBER_PKEY_PARAMS, 1, out, sizeof(out), &ol) == EMBER_ENOTSUP,
		    "%s: a traditional form or parameters written", names[i]);
	}
	CHECK(ember_pkey_name(EMBER_PKEY_MLDSA44) != NULL && strcmp(ember_pkey_name(EMBER_PKEY_MLDSA44), "ML-DSA-44") == 0 &&
	          strcmp(ember_pkey_name(EMBER_PKEY_MLDSA65), "ML-DSA-65") == 0 &&
	          strcmp(ember_pkey_name(EMBER_PKEY_MLDSA87), "ML-DSA-87") == 0,
	    "ember_pkey_name");
	CHECK(ember_pkey_type_of("ml-dsa-44") == EMBER_PKEY_MLDSA44 && ember_pkey_type_of("ML-DSA-65") == EMBER_PKEY_MLDSA65 &&
	          ember_pkey_type_of("Ml-Dsa-87") == EMBER_PKEY_MLDSA87 && ember_pkey_type_of("ML-DSA-88") == EMBER_PKEY_NONE &&
	          ember_pkey_type_of("ML-DSA") == EMBER_PKEY_NONE,
	    "ember_pkey_type_of");
	ember_pkey_clear(&k);
	ember_pkey_clear(&e);
	ember_pkey_clear(&back);
}

/*
 * RFC 9881, Appendix C: the example keys of seed 00 01 02 ... 1f. The seed
 * forms (C.1, C.2, C.3: 54 bytes each) whole; for ML-DSA-44 the SHA-256 of
 * the example expandedKey and "both" private keys and of the public key
 * (SubjectPublicKeyInfo), computed over the RFC's DER.
 */
EMBER_TEST(keys_mldsa_known)
{
	static const char *const seed_der[3] = {
		"3034020100300b060960864801650304031104228020000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
		"3034020100300b060960864801650304031204228020000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
		"3034020100300b060960864801650304031304228020000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
	};
	static const char expanded44_sha256[] = "35cb529103b3a9ed502fecb438a671ff11bb05fb4afa99301d06240883a74106";
	static const char both44_sha256[] = "e355e29f28e537fcf3aff28354016415146d7f801a57136c241bb6e9addfaa30";
	static const char spki44_sha256[] = "837832708c5236d951581f1fddf2b79991b3424a0486d16da1ddad0fd69701be";
	static ember_pkey k, back;
	static uint8_t der[EMBER_PKEY_MAX_DER], both[8192];
	uint8_t seed[32], md[32], *want;
	size_t i, n, wl, bl;
	int r;

	for (i = 0; i < 32; i++)
		seed[i] = (uint8_t)i;
	for (i = 0; i < 3; i++) {
		if (t_phase != 1 && i != 0)
			break; /* phase 2: ML-DSA-44, the portable Keccak under it */
		if (!CHECK(t_hex(seed_der[i], &want, &wl) == 0, "hex"))
			continue;
		r = ember_pkey_read(&k, want, wl);
		CHECK(r == 0 && k.type == types[i] && k.has_private && k.u.mldsa.has_seed && k.u.mldsa.set == sets[i] &&
		          memcmp(k.u.mldsa.seed, seed, 32) == 0,
		    "%s: RFC 9881 C seed form not read (%d)", names[i], r);
		CHECK(ember_pkey_write(&k, EMBER_PKEY_PKCS8, 0, der, sizeof(der), &n) == 0 && n == wl &&
		          memcmp(der, want, n) == 0,
		    "%s: RFC 9881 C seed form not written back", names[i]);
		free(want);
		if (i != 0)
			continue;
		/* ML-DSA-44: the public key and the expanded forms */
		CHECK(ember_pkey_write(&k, EMBER_PKEY_SPKI, 0, der, sizeof(der), &n) == 0, "SPKI write");
		sha256(md, der, n);
		CHECK(n == 1334 && hex_is(md, 32, spki44_sha256), "ML-DSA-44: not RFC 9881's public key (%zu bytes)", n);
		k.u.mldsa.has_seed = 0;
		CHECK(ember_pkey_write(&k, EMBER_PKEY_PKCS8, 0, der, sizeof(der), &n) == 0, "expanded write");
		sha256(md, der, n);
		CHECK(n == 2588 && hex_is(md, 32, expanded44_sha256), "ML-DSA-44: not RFC 9881's expandedKey example");
		r = ember_pkey_read(&back, der, n);
		CHECK(r == 0 && !back.u.mldsa.has_seed && memcmp(back.u.mldsa.pk, k.u.mldsa.pk, 1312) == 0,
		    "ML-DSA-44: RFC 9881's expandedKey example not read (%d)", r);
		bl = both_form(both, seed, k.u.mldsa.sk, 2560);
		n = pkcs8(der, 0, NULL, 0, both, bl);
		sha256(md, der, n);
		CHECK(n == 2626 && hex_is(md, 32, both44_sha256), "ML-DSA-44: not RFC 9881's both example");
		r = ember_pkey_read(&back, der, n);
		CHECK(r == 0 && back.u.mldsa.has_seed && memcmp(back.u.mldsa.pk, k.u.mldsa.pk, 1312) == 0,
		    "ML-DSA-44: RFC 9881's both example not read (%d)", r);
	}
	ember_pkey_clear(&k);
	ember_pkey_clear(&back);
}

/* |der| (n bytes) read: the expected result, and every truncation refused. */
static void refused(const uint8_t *der, size_t n, int want, const char *what)
{
	static ember_pkey k;
	size_t cut, bad = 0;
	int r = ember_pkey_read(&k, der, n);

	CHECK(r == want, "%s: %d, expected %d", what, r, want);
	if (want != 0)
		CHECK(k.type == EMBER_PKEY_NONE, "%s: a refused key left a type", what);
	for (cut = 0; cut < n; cut++)
		bad += ember_pkey_read(&k, der, cut) == 0;
	CHECK(bad == 0, "%s: %zu of %zu truncations read", what, bad, n);
	ember_pkey_clear(&k);
}

EMBER_TEST(keys_mldsa_bad)
{
	static const uint8_t null_params[] = { 0x05, 0x00 };
	static ember_pkey k, e;
	static uint8_t der[EMBER_PKEY_MAX_PEM], both[8192], priv[8192];
	uint8_t seed[32];
	size_t n, bl, sl = EMBER_MLDSA65_SK_LEN, pl = EMBER_MLDSA65_PK_LEN;
	int r;

	if (t_phase != 1)
		return;
	t_rand_bytes(seed, sizeof(seed));
	if (!CHECK(make_key(&k, 1, seed, 1) == 0, "keygen"))
		return;
	e = k;
	e.u.mldsa.has_seed = 0;

	/* valid keys in each form: every truncation refused, never read past the end */
	r = ember_pkey_write(&k, EMBER_PKEY_PKCS8, 0, der, sizeof(der), &n);
	refused(der, n, 0, "seed form");
	r |= ember_pkey_write(&e, EMBER_PKEY_PKCS8, 0, der, sizeof(der), &n);
	refused(der, n, 0, "expanded form");
	bl = both_form(both, seed, k.u.mldsa.sk, sl);
	n = pkcs8(der, 1, NULL, 0, both, bl);
	refused(der, n, 0, "both form");
	r |= ember_pkey_write(&k, EMBER_PKEY_SPKI, 0, der, sizeof(der), &n);
	refused(der, n, 0, "SPKI");
	CHECK(r == 0, "writes");

	/* both: the expanded key is not the seed's */
	both[bl - 100] ^= 1;
	n = pkcs8(der, 1, NULL, 0, both, bl);
	refused(der, n, EMBER_ERANGE, "both with another expanded key");
	/* expanded: t0 (the last bytes) not its own; tr not its own; an s1 coefficient out of [-eta, eta] */
	memcpy(priv, "\x04\x82", 2);
	priv[2] = (uint8_t)(sl >> 8);
	priv[3] = (uint8_t)sl;
	memcpy(priv + 4, k.u.mldsa.sk, sl);
	priv[4 + sl - 1] ^= 0x10;
	n = pkcs8(der, 1, NULL, 0, priv, 4 + sl);
	refused(der, n, EMBER_ERANGE, "expanded key with another t0");
	memcpy(priv + 4, k.u.mldsa.sk, sl);
	priv[4 + 64] ^= 1;
	n = pkcs8(der, 1, NULL, 0, priv, 4 + sl);
	refused(der, n, EMBER_ERANGE, "expanded key with another tr");
	memcpy(priv + 4, k.u.mldsa.sk, sl);
	priv[4 + 128] = 0xff; /* eta 4: nibbles 15 (4 - 15 = -11) */
	n = pkcs8(der, 1, NULL, 0, priv, 4 + sl);
	refused(der, n, EMBER_EDECODE, "expanded key with s1 out of range");

	/* AlgorithmIdentifier parameters present (NULL): refused, private and public */
	memcpy(priv, "\x80\x20", 2);
	memcpy(priv + 2, seed, 32);
	n = pkcs8(der, 1, null_params, 2, priv, 34);
	refused(der, n, EMBER_EDECODE, "PKCS#8 with NULL parameters");
	{
		uint8_t body[4096];
		size_t m = 0;
		m += hdr(body, 0x30, 13);
		memcpy(body + m, "\x06\x09\x60\x86\x48\x01\x65\x03\x04\x03\x12\x05\x00", 13);
		m += 13;
		m += hdr(body + m, 0x03, pl + 1);
		body[m++] = 0;
		memcpy(body + m, k.u.mldsa.pk, pl);
		m += pl;
		n = hdr(der, 0x30, m);
		memcpy(der + n, body, m);
		refused(der, n + m, EMBER_EDECODE, "SPKI with NULL parameters");
	}
	/* wrong lengths: a 31- or 33-byte seed, the seed as expandedKey, another set's sk, a [0] seed inside both */
	memcpy(priv, "\x80\x1f", 2);
	n = pkcs8(der, 1, NULL, 0, priv, 33);
	refused(der, n, EMBER_EDECODE, "31-byte seed");
	memcpy(priv, "\x80\x21", 2);
	n = pkcs8(der, 1, NULL, 0, priv, 35);
	refused(der, n, EMBER_EDECODE, "33-byte seed");
	memcpy(priv, "\x04\x20", 2);
	n = pkcs8(der, 1, NULL, 0, priv, 34);
	refused(der, n, EMBER_EDECODE, "a 32-byte expandedKey");
	memcpy(priv, "\x04\x82\x13\x20", 4); /* ML-DSA-87's 4896 bytes under the ML-DSA-65 OID */
	memset(priv + 4, 0, 4896);
	n = pkcs8(der, 1, NULL, 0, priv, 4 + 4896);
	refused(der, n, EMBER_EDECODE, "ML-DSA-87's length under id-ml-dsa-65");
	bl = both_form(both, seed, k.u.mldsa.sk, sl);
	both[4] = 0x80; /* after the SEQUENCE's 4-byte header: 04 20 -> 80 20 */
	n = pkcs8(der, 1, NULL, 0, both, bl);
	refused(der, n, EMBER_EDECODE, "both with a [0] seed");
	/* the seed form followed by anything */
	memcpy(priv, "\x80\x20", 2);
	memcpy(priv + 2, seed, 32);
	memcpy(priv + 34, "\x05\x00", 2);
	n = pkcs8(der, 1, NULL, 0, priv, 36);
	refused(der, n, EMBER_EDECODE, "seed form with trailing data");
	/* a public key one byte short or long */
	{
		uint8_t body[4096];
		size_t m = 0, cut;
		for (cut = 0; cut < 2; cut++) {
			size_t plen = cut ? pl + 1 : pl - 1;
			m = hdr(body, 0x30, 11);
			memcpy(body + m, "\x06\x09\x60\x86\x48\x01\x65\x03\x04\x03\x12", 11);
			m += 11;
			m += hdr(body + m, 0x03, plen + 1);
			body[m++] = 0;
			memset(body + m, 0x5a, plen);
			m += plen;
			n = hdr(der, 0x30, m);
			memcpy(der + n, body, m);
			refused(der, n + m, EMBER_EDECODE, cut ? "public key one byte long" : "public key one byte short");
		}
	}
	/* the public-key derivation alone */
	{
		uint8_t pk[EMBER_MLDSA65_PK_LEN];
		CHECK(ember_mldsa_public_from_private(EMBER_MLDSA65, pk, sizeof(pk), k.u.mldsa.sk, sl) == 0 &&
		          memcmp(pk, k.u.mldsa.pk, pl) == 0,
		    "ember_mldsa_public_from_private: not the key's public key");
		CHECK(ember_mldsa_public_from_private(EMBER_MLDSA44, pk, sizeof(pk), k.u.mldsa.sk, sl) == EMBER_ELEN &&
		          ember_mldsa_public_from_private(66, pk, sizeof(pk), k.u.mldsa.sk, sl) == EMBER_EINVAL,
		    "ember_mldsa_public_from_private: lengths, sets");
	}
	ember_pkey_clear(&k);
	ember_pkey_clear(&e);
}

/* Encrypted PKCS#8 (PBES2) through the generic path: the seed form and ML-DSA-87's expanded key, the largest. */
EMBER_TEST(keys_mldsa_encrypted)
{
	static ember_pkey k, e, back;
	static uint8_t enc[EMBER_PKEY_MAX_PEM + 1024];
	ember_pbe_params prm;
	uint8_t seed[32];
	size_t n;
	int pem, r;

	if (t_phase != 1)
		return;
	t_rand_bytes(seed, sizeof(seed));
	if (!CHECK(make_key(&k, 2, seed, 1) == 0, "keygen"))
		return;
	e = k;
	e.u.mldsa.has_seed = 0;
	memset(&prm, 0, sizeof(prm));
	prm.iterations = 100;
	for (pem = 0; pem <= 1; pem++) {
		r = ember_pkey_write_pass(&k, EMBER_PKEY_PKCS8, pem, &prm, "pw", 2, enc, sizeof(enc), &n);
		CHECK(r == 0, "ML-DSA-87 seed: encrypted write %d", r);
		r = ember_pkey_read_pass(&back, enc, n, "pw", 2, 0);
		CHECK(r == 0 && same_key(&back, &k), "ML-DSA-87 seed pem=%d: encrypted round trip (%d)", pem, r);
		r = ember_pkey_read_pass(&back, enc, n, "pX", 2, 0);
		CHECK(r == EMBER_EPAD, "ML-DSA-87 seed pem=%d: wrong passphrase: %d", pem, r);
		CHECK(ember_pkey_read(&back, enc, n) == EMBER_ENOTSUP, "pem=%d: read without a passphrase", pem);
		r = ember_pkey_write_pass(&e, EMBER_PKEY_PKCS8, pem, &prm, "pw", 2, enc, sizeof(enc), &n);
		CHECK(r == 0, "ML-DSA-87 expanded: encrypted write %d", r);
		r = ember_pkey_read_pass(&back, enc, n, "pw", 2, 0);
		CHECK(r == 0 && same_key(&back, &e), "ML-DSA-87 expanded pem=%d: encrypted round trip (%d)", pem, r);
	}
	CHECK(ember_pkey_write_pass(&k, EMBER_PKEY_TRAD, 1, &prm, "pw", 2, enc, sizeof(enc), &n) == EMBER_ENOTSUP,
	    "a traditional encrypted ML-DSA key written");
	ember_pkey_clear(&k);
	ember_pkey_clear(&e);
	ember_pkey_clear(&back);
}

/* ---- the commands ---- */

static char dir[64];

/* |fmt| run by sh in |dir| (t_run_in): its exit status. */
#define run(...) t_run_in(dir, __VA_ARGS__)

#define OK(...) (run(__VA_ARGS__) == 0 ? 1 : (run("tail -n 4 log | sed 's/^/    log: /' >&2"), 0))

EMBER_TEST(cli_mldsa)
{
	char cmd[128];

	if (t_phase != 1)
		return;
	if (t_ember_bin == NULL) {
		t_skip("cli_mldsa: no ember binary (-e)");
		return;
	}
	snprintf(dir, sizeof(dir), "/tmp/ember-t-mldsa-XXXXXX");
	if (!CHECK(mkdtemp(dir) != NULL, "mkdtemp"))
		return;
	CHECK(OK("printf 'message to sign' > msg && printf 'message to sign!' > msg2"), "msg");
	/* RFC 9881 C.1's file from its seed */
	CHECK(OK("$E genpkey -algorithm ml-dsa-44 -pkeyopt "
	         "hexseed:000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f -out r.pem && "
	         "printf -- '-----BEGIN PRIVATE KEY-----\\nMDQCAQAwCwYJYIZIAWUDBAMRBCKAIAABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZ\\n"
	         "GhscHR4f\\n-----END PRIVATE KEY-----\\n' | cmp - r.pem"),
	    "genpkey -pkeyopt hexseed: is not RFC 9881 C.1's ML-DSA-44 key");
	CHECK(OK("! $E genpkey -algorithm ML-DSA-44 -pkeyopt hexseed:0001 2>err && test $(wc -l < err) -eq 1"),
	    "a short hexseed not refused in one line");
	/* genpkey, -pubout, sign with the private key, verify with the public one, a changed message refused */
	CHECK(OK("$E genpkey -algorithm ML-DSA-65 -out k.pem && $E pkey -in k.pem -pubout -out p.pem && "
	         "grep -q 'BEGIN PUBLIC KEY' p.pem && $E pkey -in k.pem -check -noout | grep -qx 'Key is valid'"),
	    "genpkey ML-DSA-65, pkey -pubout, -check");
	CHECK(OK("$E pkeyutl -sign -inkey k.pem -rawin -in msg -out s.sig && test $(wc -c < s.sig) -eq 3309 && "
	         "$E pkeyutl -verify -pubin -inkey p.pem -rawin -in msg -sigfile s.sig | "
	         "grep -qx 'Signature Verified Successfully'"),
	    "pkeyutl -sign / -verify with ML-DSA-65");
	CHECK(OK("! $E pkeyutl -verify -pubin -inkey p.pem -rawin -in msg2 -sigfile s.sig > out && "
	         "grep -qx 'Signature Verification Failure' out"),
	    "ML-DSA-65 over another message: not a verification failure with exit 1");
	CHECK(OK("head -c 3308 s.sig > short.sig && ! $E pkeyutl -verify -pubin -inkey p.pem -rawin -in msg "
	         "-sigfile short.sig > out 2>err && grep -qx 'Signature Verification Failure' out && test ! -s err"),
	    "a truncated ML-DSA signature: not a clean verification failure");
	CHECK(OK("! $E pkeyutl -sign -inkey k.pem -in msg -out x.sig 2>err && grep -q -e '-rawin' err"),
	    "pkeyutl -sign without -rawin not refused");
	/* dgst with ML-DSA-87: the message itself */
	CHECK(OK("$E genpkey -algorithm ML-DSA-87 -out k87.pem && $E dgst -sign k87.pem -out d.sig msg && "
	         "test $(wc -c < d.sig) -eq 4627 && $E dgst -verify k87.pem -signature d.sig msg | grep -qx 'Verified OK' && "
	         "! $E dgst -verify k87.pem -signature d.sig msg2 >/dev/null"),
	    "dgst -sign / -verify with ML-DSA-87");
	/* -text as OpenSSL 3.5 lays it out; an encrypted key; DER */
	CHECK(OK("$E pkey -in r.pem -text -noout > t && head -n 3 t | tr -d '\\n' | "
	         "grep -qx 'ML-DSA-44 Private-Key:seed:    00:01:02:03:04:05:06:07:08:09:0a:0b:0c:0d:0e:' && "
	         "grep -qx 'priv:' t && grep -qx 'pub:' t && "
	         "$E pkey -pubin -in p.pem -text -noout | head -n 1 | grep -qx 'ML-DSA-65 Public-Key:'"),
	    "pkey -text layout");
	CHECK(OK("$E pkey -in k87.pem -aes256 -passout pass:pw -out e.pem && grep -q 'ENCRYPTED PRIVATE KEY' e.pem && "
	         "$E pkey -in e.pem -passin pass:pw -out back.pem && cmp back.pem k87.pem && "
	         "$E pkey -in k87.pem -outform DER -out k87.der && $E pkey -in k87.der -inform DER | cmp - k87.pem"),
	    "ML-DSA-87 encrypted and DER round trips through pkey");
	CHECK(OK("! $E pkey -in k.pem -traditional 2>err && test $(wc -l < err) -eq 1"),
	    "pkey -traditional of an ML-DSA key not refused in one line");
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	CHECK(system(cmd) == 0, "rm -rf %s", dir);
}
