/*
 * t_keys_mlkem.c - ML-KEM-512/768/1024 keys in key files (RFC 9935,
 * draft-ietf-lamps-kyber-certificates) and the key commands:
 *
 *   round trips (DER and PEM) of PKCS#8 in the seed and expandedKey forms
 *   and of SubjectPublicKeyInfo, for each set; "both" (built here) read
 *   back and written as the seed; OneAsymmetricKey with its publicKey;
 *   the RFC's Appendix C example keys (seed 00 01 ... 3f) as known answers;
 *   refusals: "both" whose expanded key is not the seed's, an expanded key
 *   that fails FIPS 203 7.3's hash check, or whose ek fails 7.2's modulus
 *   check, a public key that fails it (all EMBER_ERANGE), AlgorithmIdentifier
 *   parameters present, wrong lengths, every truncation of a valid DER
 *   (EMBER_EDECODE); encrypted PKCS#8 (PBES2) round trips, a wrong
 *   passphrase refused;
 *   the commands: genpkey (-pkeyopt hexseed: gives the RFC's file), pkey
 *   -pubout, -check, -text, -outform DER, encrypted, pkeyutl -encap with
 *   the public file and -decap with the private one (the same secret),
 *   another key or a changed ciphertext decapsulating to another secret
 *   with exit 0 (implicit rejection, as openssl 3.5), a truncated
 *   ciphertext refused with nothing written, the option refusals.
 *
 * ML-KEM key generation costs about one encapsulation: every unit also runs
 * under qemu whole. Everything but the known answers runs in phase 1 only
 * (the key files do not depend on the CPU features; ML-KEM itself is
 * t_mlkem.c's).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ember/hash.h"
#include "ember/keys.h"
#include "test.h"

static const int sets[3] = { EMBER_MLKEM512, EMBER_MLKEM768, EMBER_MLKEM1024 };
static const int types[3] = { EMBER_PKEY_MLKEM512, EMBER_PKEY_MLKEM768, EMBER_PKEY_MLKEM1024 };
static const char *const names[3] = { "ML-KEM-512", "ML-KEM-768", "ML-KEM-1024" };

/* Where ek sits in dk: after dk_PKE, 384 bytes a rank. */
static size_t ek_off(int set)
{
	return 384 * ((size_t)set / 256);
}

/* A key of set i from |seed|, with the seed (has_seed) or without (the expanded key alone). */
static int make_key(ember_pkey *k, int i, const uint8_t seed[64], int has_seed)
{
	int set = sets[i];

	memset(k, 0, sizeof(*k));
	memcpy(k->u.mlkem.seed, seed, 64);
	if (ember_mlkem_keygen_seed(set, k->u.mlkem.ek, EMBER_MLKEM_EK_LEN(set), k->u.mlkem.dk, EMBER_MLKEM_DK_LEN(set),
	        seed) != 0)
		return -1;
	k->u.mlkem.set = set;
	k->u.mlkem.has_seed = has_seed;
	if (!has_seed)
		memset(k->u.mlkem.seed, 0, 64);
	k->type = types[i];
	k->has_private = 1;
	return 0;
}

static int same_key(const ember_pkey *a, const ember_pkey *b)
{
	const ember_mlkem_pkey *x = &a->u.mlkem, *y = &b->u.mlkem;
	size_t el = EMBER_MLKEM_EK_LEN(x->set), dl = EMBER_MLKEM_DK_LEN(x->set);

	if (a->type != b->type || a->has_private != b->has_private || x->set != y->set || memcmp(x->ek, y->ek, el) != 0)
		return 0;
	if (!a->has_private)
		return 1;
	return x->has_seed == y->has_seed && memcmp(x->dk, y->dk, dl) == 0 &&
	    (!x->has_seed || memcmp(x->seed, y->seed, 64) == 0);
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

/* An AlgorithmIdentifier of set i (id-alg-ml-kem-*), the OID followed by |params| (NULL: none). */
static size_t algid(uint8_t *out, int i, const uint8_t *params, size_t params_len)
{
	size_t a = hdr(out, 0x30, 11 + params_len);

	memcpy(out + a, "\x06\x09\x60\x86\x48\x01\x65\x03\x04\x04", 10);
	out[a + 10] = (uint8_t)(1 + i);
	if (params_len) /* memcpy from NULL is undefined even for 0 bytes */
		memcpy(out + a + 11, params, params_len);
	return a + 11 + params_len;
}

/* PrivateKeyInfo of set i around the privateKey |priv| (|priv_len| bytes). */
static size_t pkcs8(uint8_t *out, int i, const uint8_t *params, size_t params_len, const uint8_t *priv,
    size_t priv_len)
{
	static uint8_t body[8192];
	size_t n, h;

	memcpy(body, "\x02\x01\x00", 3);
	n = 3;
	n += algid(body + n, i, params, params_len);
	n += hdr(body + n, 0x04, priv_len);
	memcpy(body + n, priv, priv_len);
	n += priv_len;
	h = hdr(out, 0x30, n);
	memcpy(out + h, body, n);
	return h + n;
}

/* SubjectPublicKeyInfo of set i around the |pub_len| bytes at |pub|. */
static size_t spki(uint8_t *out, int i, const uint8_t *params, size_t params_len, const uint8_t *pub, size_t pub_len)
{
	static uint8_t body[4096];
	size_t n, h;

	n = algid(body, i, params, params_len);
	n += hdr(body + n, 0x03, pub_len + 1);
	body[n++] = 0;
	memcpy(body + n, pub, pub_len);
	n += pub_len;
	h = hdr(out, 0x30, n);
	memcpy(out + h, body, n);
	return h + n;
}

/* "both": SEQUENCE { OCTET STRING seed, OCTET STRING expandedKey }. */
static size_t both_form(uint8_t *out, const uint8_t *seed, const uint8_t *dk, size_t dk_len)
{
	static uint8_t body[8192];
	size_t n, h;

	n = hdr(body, 0x04, 64);
	memcpy(body + n, seed, 64);
	n += 64;
	n += hdr(body + n, 0x04, dk_len);
	memcpy(body + n, dk, dk_len);
	n += dk_len;
	h = hdr(out, 0x30, n);
	memcpy(out + h, body, n);
	return h + n;
}

/* The expandedKey form's contents: OCTET STRING dk. */
static size_t expanded_form(uint8_t *out, const uint8_t *dk, size_t dk_len)
{
	size_t h = hdr(out, 0x04, dk_len);

	memcpy(out + h, dk, dk_len);
	return h + dk_len;
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
		memset(want.u.mlkem.dk, 0, sizeof(want.u.mlkem.dk));
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

EMBER_TEST(keys_mlkem_roundtrip)
{
	static ember_pkey k, e, back;
	static uint8_t der[EMBER_PKEY_MAX_DER], both[8192], out[EMBER_PKEY_MAX_PEM], v1[8192];
	uint8_t seed[64];
	size_t i, n, bl, ol;
	char what[64];
	int r;

	if (t_phase != 1)
		return;
	for (i = 0; i < 3; i++) {
		size_t dl = EMBER_MLKEM_DK_LEN(sets[i]), el = EMBER_MLKEM_EK_LEN(sets[i]), h, m;
		t_rand_bytes(seed, sizeof(seed));
		if (!CHECK(make_key(&k, (int)i, seed, 1) == 0, "%s: keygen", names[i]))
			continue;
		e = k;
		e.u.mlkem.has_seed = 0;
		memset(e.u.mlkem.seed, 0, 64);
		snprintf(what, sizeof(what), "%s seed", names[i]);
		roundtrip(&k, EMBER_PKEY_PKCS8, what);
		snprintf(what, sizeof(what), "%s expanded", names[i]);
		roundtrip(&e, EMBER_PKEY_PKCS8, what);
		snprintf(what, sizeof(what), "%s SPKI", names[i]);
		roundtrip(&k, EMBER_PKEY_SPKI, what);
		/* the seed form is 86 bytes, [0] IMPLICIT; the expanded one dk with its headers; SPKI ek with 22 */
		r = ember_pkey_write(&k, EMBER_PKEY_PKCS8, 0, der, sizeof(der), &n);
		CHECK(r == 0 && n == 86 && der[20] == 0x80 && der[21] == 0x40,
		    "%s: the seed form is not [0] IMPLICIT OCTET STRING (%zu bytes)", names[i], n);
		r = ember_pkey_write(&e, EMBER_PKEY_PKCS8, 0, der, sizeof(der), &n);
		CHECK(r == 0 && n == dl + 28 && der[24] == 0x04, "%s: the expanded form: %zu bytes", names[i], n);
		r = ember_pkey_write(&k, EMBER_PKEY_SPKI, 0, der, sizeof(der), &n);
		CHECK(r == 0 && n == el + 22 && memcmp(der + n - el, k.u.mlkem.ek, el) == 0, "%s: SPKI is not the raw ek",
		    names[i]);
		/* the public key read from a private key file is the ek inside dk */
		CHECK(memcmp(k.u.mlkem.ek, k.u.mlkem.dk + ek_off(sets[i]), el) == 0, "%s: ek is not in dk", names[i]);
		/* both: read, the seed kept, written as the seed */
		bl = both_form(both, k.u.mlkem.seed, k.u.mlkem.dk, dl);
		n = pkcs8(der, (int)i, NULL, 0, both, bl);
		r = ember_pkey_read(&back, der, n);
		CHECK(r == 0 && same_key(&back, &k), "%s: both form not read as the key (%d)", names[i], r);
		CHECK(ember_pkey_write(&back, EMBER_PKEY_PKCS8, 0, out, sizeof(out), &ol) == 0 && ol == 86,
		    "%s: both form not written as the seed", names[i]);
		CHECK(ember_pem_encode("PRIVATE KEY", der, n, (char *)out, sizeof(out), &ol) == 0 &&
		          ember_pkey_read(&back, out, ol) == 0 && same_key(&back, &k),
		    "%s: both form in PEM not read", names[i]);
		/* OneAsymmetricKey version 1 with [1] publicKey: read when it is the key's, else EMBER_ERANGE */
		h = der[1] == 0x82 ? 4 : 2;
		m = n - h;
		memmove(v1, der + h, m);
		v1[2] = 1;
		m += hdr(v1 + m, 0x81, el + 1);
		v1[m++] = 0;
		memcpy(v1 + m, k.u.mlkem.ek, el);
		m += el;
		h = hdr(out, 0x30, m);
		memcpy(out + h, v1, m);
		r = ember_pkey_read(&back, out, h + m);
		CHECK(r == 0 && same_key(&back, &k), "%s: OneAsymmetricKey v1 with its publicKey (%d)", names[i], r);
		out[h + m - 1] ^= 1;
		r = ember_pkey_read(&back, out, h + m);
		CHECK(r == EMBER_ERANGE, "%s: OneAsymmetricKey v1 with another publicKey: %d", names[i], r);
		CHECK(ember_pkey_bits(&k) == (unsigned)sets[i], "%s: bits %u", names[i], ember_pkey_bits(&k));
		CHECK(ember_pkey_write(&k, EMBER_PKEY_TRAD, 1, out, sizeof(out), &ol) == EMBER_ENOTSUP &&
		          ember_pkey_write(&k, EMBER_PKEY_PKCS1, 0, out, sizeof(out), &ol) == EMBER_ENOTSUP &&
		          ember_pkey_write(&k, EMBER_PKEY_PARAMS, 1, out, sizeof(out), &ol) == EMBER_ENOTSUP,
		    "%s: a traditional form or parameters written", names[i]);
		CHECK(strcmp(ember_pkey_name(types[i]), names[i]) == 0 && ember_pkey_type_of(names[i]) == types[i],
		    "%s: ember_pkey_name / ember_pkey_type_of", names[i]);
	}
	CHECK(ember_pkey_type_of("ml-kem-768") == EMBER_PKEY_MLKEM768 && ember_pkey_type_of("ML-KEM") == EMBER_PKEY_NONE &&
	          ember_pkey_type_of("ML-KEM-7680") == EMBER_PKEY_NONE,
	    "ember_pkey_type_of: case, prefixes");
	ember_pkey_clear(&k);
	ember_pkey_clear(&e);
	ember_pkey_clear(&back);
}

/*
 * RFC 9935 (draft-ietf-lamps-kyber-certificates) Appendix C.1: the example
 * keys of seed 00 01 02 ... 3f. The seed forms (C.1.1.1, C.1.2.1, C.1.3.1:
 * 86 bytes each) whole; for ML-KEM-512 the SHA-256 of C.1.1.2's expanded
 * form and C.1.1.3's both form, over the document's DER; and the SHA-256
 * of the SubjectPublicKeyInfo of the ek inside C.1.1.2's expanded key (not
 * compared with Appendix C.2's text).
 */
EMBER_TEST(keys_mlkem_known)
{
	static const char *const seed_der[3] = {
		"3054020100300b06096086480165030404010442804000010203040506070809"
		"0a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20212223242526272829"
		"2a2b2c2d2e2f303132333435363738393a3b3c3d3e3f",
		"3054020100300b06096086480165030404020442804000010203040506070809"
		"0a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20212223242526272829"
		"2a2b2c2d2e2f303132333435363738393a3b3c3d3e3f",
		"3054020100300b06096086480165030404030442804000010203040506070809"
		"0a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20212223242526272829"
		"2a2b2c2d2e2f303132333435363738393a3b3c3d3e3f",
	};
	static const char expanded512_sha256[] = "38be7feecbbe6e6e466a0d7b5bb53e09040c3678e22fb2c0772c701c2372c858";
	static const char both512_sha256[] = "8426d7497a2ff1a4854b7d1ece4e8f976c721f314c3f653189f8e4b2a2bc5b0d";
	static const char spki512_sha256[] = "0e3c8b89b54202d2545f7aba2e2aaa3cffa7b6191919ad738fab35b4f313cf71";
	/* the first and last bytes of C.1.1.2's dk: dk_PKE starts 70 55 4f d4; z is the seed's second half */
	static const uint8_t dk512_head[4] = { 0x70, 0x55, 0x4f, 0xd4 };
	static ember_pkey k, back;
	static uint8_t der[EMBER_PKEY_MAX_DER], both[8192];
	uint8_t seed[64], md[32], *want;
	size_t i, n, wl, bl;
	int r;

	for (i = 0; i < 64; i++)
		seed[i] = (uint8_t)i;
	for (i = 0; i < 3; i++) {
		if (t_phase != 1 && i != 0)
			break; /* phase 2: ML-KEM-512, the portable code under it */
		if (!CHECK(t_hex(seed_der[i], &want, &wl) == 0, "hex"))
			continue;
		r = ember_pkey_read(&k, want, wl);
		CHECK(r == 0 && k.type == types[i] && k.has_private && k.u.mlkem.has_seed && k.u.mlkem.set == sets[i] &&
		          memcmp(k.u.mlkem.seed, seed, 64) == 0,
		    "%s: RFC 9935 C.1 seed form not read (%d)", names[i], r);
		CHECK(ember_pkey_write(&k, EMBER_PKEY_PKCS8, 0, der, sizeof(der), &n) == 0 && n == wl &&
		          memcmp(der, want, n) == 0,
		    "%s: RFC 9935 C.1 seed form not written back", names[i]);
		free(want);
		if (i != 0)
			continue;
		/* ML-KEM-512: the public key and the expanded forms */
		CHECK(memcmp(k.u.mlkem.dk, dk512_head, 4) == 0 && memcmp(k.u.mlkem.dk + 1600, seed + 32, 32) == 0,
		    "ML-KEM-512: not RFC 9935's dk");
		CHECK(ember_pkey_write(&k, EMBER_PKEY_SPKI, 0, der, sizeof(der), &n) == 0, "SPKI write");
		sha256(md, der, n);
		CHECK(n == 822 && hex_is(md, 32, spki512_sha256), "ML-KEM-512: not the RFC key's public key (%zu bytes)", n);
		k.u.mlkem.has_seed = 0;
		CHECK(ember_pkey_write(&k, EMBER_PKEY_PKCS8, 0, der, sizeof(der), &n) == 0, "expanded write");
		sha256(md, der, n);
		CHECK(n == 1660 && hex_is(md, 32, expanded512_sha256), "ML-KEM-512: not RFC 9935's expanded example");
		r = ember_pkey_read(&back, der, n);
		CHECK(r == 0 && !back.u.mlkem.has_seed && memcmp(back.u.mlkem.ek, k.u.mlkem.ek, 800) == 0,
		    "ML-KEM-512: RFC 9935's expanded example not read (%d)", r);
		bl = both_form(both, seed, k.u.mlkem.dk, 1632);
		n = pkcs8(der, 0, NULL, 0, both, bl);
		sha256(md, der, n);
		CHECK(n == 1730 && hex_is(md, 32, both512_sha256), "ML-KEM-512: not RFC 9935's both example");
		r = ember_pkey_read(&back, der, n);
		CHECK(r == 0 && back.u.mlkem.has_seed && memcmp(back.u.mlkem.ek, k.u.mlkem.ek, 800) == 0,
		    "ML-KEM-512: RFC 9935's both example not read (%d)", r);
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

/* Puts the 12-bit value v (q or more: out of range) as coefficient 0 of |ek|'s t^, the low 8 bits first. */
static void put_coeff0(uint8_t *ek, unsigned v)
{
	ek[0] = (uint8_t)v;
	ek[1] = (uint8_t)((ek[1] & 0xf0) | (v >> 8));
}

EMBER_TEST(keys_mlkem_bad)
{
	static const uint8_t null_params[] = { 0x05, 0x00 };
	static ember_pkey k, e;
	static uint8_t der[EMBER_PKEY_MAX_PEM], both[8192], priv[8192], dk[EMBER_MLKEM_DK_MAX], ek[EMBER_MLKEM_EK_MAX];
	uint8_t seed[64];
	const size_t dl = EMBER_MLKEM768_DK_LEN, el = EMBER_MLKEM768_EK_LEN, off = ek_off(EMBER_MLKEM768);
	size_t n, bl, m;
	int r;

	if (t_phase != 1)
		return;
	t_rand_bytes(seed, sizeof(seed));
	if (!CHECK(make_key(&k, 1, seed, 1) == 0, "keygen"))
		return;
	e = k;
	e.u.mlkem.has_seed = 0;

	/* valid keys in each form: every truncation refused, never read past the end */
	r = ember_pkey_write(&k, EMBER_PKEY_PKCS8, 0, der, sizeof(der), &n);
	refused(der, n, 0, "seed form");
	r |= ember_pkey_write(&e, EMBER_PKEY_PKCS8, 0, der, sizeof(der), &n);
	refused(der, n, 0, "expanded form");
	bl = both_form(both, seed, k.u.mlkem.dk, dl);
	n = pkcs8(der, 1, NULL, 0, both, bl);
	refused(der, n, 0, "both form");
	r |= ember_pkey_write(&k, EMBER_PKEY_SPKI, 0, der, sizeof(der), &n);
	refused(der, n, 0, "SPKI");
	CHECK(r == 0, "writes");

	/* both: the expanded key is not the seed's (a byte of its ek, then of dk_PKE) */
	both[bl - 100] ^= 1;
	n = pkcs8(der, 1, NULL, 0, both, bl);
	refused(der, n, EMBER_ERANGE, "both with another expanded key (ek)");
	bl = both_form(both, seed, k.u.mlkem.dk, dl);
	both[4 + 66 + 4 + 10] ^= 0x20;
	n = pkcs8(der, 1, NULL, 0, both, bl);
	refused(der, n, EMBER_ERANGE, "both with another expanded key (dk_PKE)");

	/* expanded: H(ek) not ek's hash (FIPS 203 7.3), then ek changed without its hash */
	memcpy(dk, k.u.mlkem.dk, dl);
	dk[off + el] ^= 1;
	m = expanded_form(priv, dk, dl);
	n = pkcs8(der, 1, NULL, 0, priv, m);
	refused(der, n, EMBER_ERANGE, "expanded key failing the hash check (H(ek))");
	memcpy(dk, k.u.mlkem.dk, dl);
	dk[off + 5] ^= 1;
	m = expanded_form(priv, dk, dl);
	n = pkcs8(der, 1, NULL, 0, priv, m);
	refused(der, n, EMBER_ERANGE, "expanded key failing the hash check (ek)");
	/* expanded: ek with a coefficient q = 3329 and a hash that matches it: the modulus check (FIPS 203 7.2) */
	memcpy(dk, k.u.mlkem.dk, dl);
	put_coeff0(dk + off, 3329);
	ember_sha3_256(dk + off + el, dk + off, el);
	CHECK(ember_mlkem_check_dk(EMBER_MLKEM768, dk, dl) == 0, "the hash check of the edited dk");
	m = expanded_form(priv, dk, dl);
	n = pkcs8(der, 1, NULL, 0, priv, m);
	refused(der, n, EMBER_ERANGE, "expanded key whose ek fails the modulus check");
	/* SPKI: a coefficient of q, then 4095; q - 1 is fine */
	memcpy(ek, k.u.mlkem.ek, el);
	put_coeff0(ek, 3329);
	n = spki(der, 1, NULL, 0, ek, el);
	refused(der, n, EMBER_ERANGE, "public key with a coefficient of q");
	put_coeff0(ek, 4095);
	n = spki(der, 1, NULL, 0, ek, el);
	refused(der, n, EMBER_ERANGE, "public key with a coefficient of 4095");
	put_coeff0(ek, 3328);
	n = spki(der, 1, NULL, 0, ek, el);
	refused(der, n, 0, "public key with a coefficient of q - 1");

	/* AlgorithmIdentifier parameters present (NULL): refused, private and public */
	memcpy(priv, "\x80\x40", 2);
	memcpy(priv + 2, seed, 64);
	n = pkcs8(der, 1, null_params, 2, priv, 66);
	refused(der, n, EMBER_EDECODE, "PKCS#8 with NULL parameters");
	n = spki(der, 1, null_params, 2, k.u.mlkem.ek, el);
	refused(der, n, EMBER_EDECODE, "SPKI with NULL parameters");
	/* wrong lengths: a 63- or 65-byte seed, the seed as expandedKey, another set's dk, a [0] seed inside both */
	memcpy(priv, "\x80\x3f", 2);
	n = pkcs8(der, 1, NULL, 0, priv, 65);
	refused(der, n, EMBER_EDECODE, "63-byte seed");
	memcpy(priv, "\x80\x41", 2);
	memset(priv + 2, 7, 65);
	n = pkcs8(der, 1, NULL, 0, priv, 67);
	refused(der, n, EMBER_EDECODE, "65-byte seed");
	memcpy(priv, "\x04\x40", 2);
	memcpy(priv + 2, seed, 64);
	n = pkcs8(der, 1, NULL, 0, priv, 66);
	refused(der, n, EMBER_EDECODE, "a 64-byte expandedKey");
	memset(dk, 0, sizeof(dk));
	m = expanded_form(priv, dk, EMBER_MLKEM1024_DK_LEN); /* ML-KEM-1024's 3168 bytes under the ML-KEM-768 OID */
	n = pkcs8(der, 1, NULL, 0, priv, m);
	refused(der, n, EMBER_EDECODE, "ML-KEM-1024's length under id-alg-ml-kem-768");
	m = expanded_form(priv, k.u.mlkem.dk, dl); /* ML-KEM-768's dk under the ML-KEM-512 OID */
	n = pkcs8(der, 0, NULL, 0, priv, m);
	refused(der, n, EMBER_EDECODE, "ML-KEM-768's dk under id-alg-ml-kem-512");
	bl = both_form(both, seed, k.u.mlkem.dk, dl);
	both[4] = 0x80; /* after the SEQUENCE's 4-byte header: 04 40 -> 80 40 */
	n = pkcs8(der, 1, NULL, 0, both, bl);
	refused(der, n, EMBER_EDECODE, "both with a [0] seed");
	/* the seed form followed by anything */
	memcpy(priv, "\x80\x40", 2);
	memcpy(priv + 2, seed, 64);
	memcpy(priv + 66, "\x05\x00", 2);
	n = pkcs8(der, 1, NULL, 0, priv, 68);
	refused(der, n, EMBER_EDECODE, "seed form with trailing data");
	/* a public key one byte short or long */
	memset(ek, 0, sizeof(ek));
	n = spki(der, 1, NULL, 0, ek, el - 1);
	refused(der, n, EMBER_EDECODE, "public key one byte short");
	n = spki(der, 1, NULL, 0, ek, el + 1);
	refused(der, n, EMBER_EDECODE, "public key one byte long");
	ember_pkey_clear(&k);
	ember_pkey_clear(&e);
}

/* Encrypted PKCS#8 (PBES2) through the generic path: the seed form and ML-KEM-1024's expanded key, the largest. */
EMBER_TEST(keys_mlkem_encrypted)
{
	static ember_pkey k, e, back;
	static uint8_t enc[EMBER_PKEY_MAX_PEM + 1024];
	ember_pbe_params prm;
	uint8_t seed[64];
	size_t n;
	int pem, r;

	if (t_phase != 1)
		return;
	t_rand_bytes(seed, sizeof(seed));
	if (!CHECK(make_key(&k, 2, seed, 1) == 0, "keygen"))
		return;
	e = k;
	e.u.mlkem.has_seed = 0;
	memset(&prm, 0, sizeof(prm));
	prm.iterations = 100;
	for (pem = 0; pem <= 1; pem++) {
		r = ember_pkey_write_pass(&k, EMBER_PKEY_PKCS8, pem, &prm, "pw", 2, enc, sizeof(enc), &n);
		CHECK(r == 0, "ML-KEM-1024 seed: encrypted write %d", r);
		r = ember_pkey_read_pass(&back, enc, n, "pw", 2, 0);
		CHECK(r == 0 && same_key(&back, &k), "ML-KEM-1024 seed pem=%d: encrypted round trip (%d)", pem, r);
		r = ember_pkey_read_pass(&back, enc, n, "pX", 2, 0);
		CHECK(r == EMBER_EPAD, "ML-KEM-1024 seed pem=%d: wrong passphrase: %d", pem, r);
		CHECK(ember_pkey_read(&back, enc, n) == EMBER_ENOTSUP, "pem=%d: read without a passphrase", pem);
		r = ember_pkey_write_pass(&e, EMBER_PKEY_PKCS8, pem, &prm, "pw", 2, enc, sizeof(enc), &n);
		CHECK(r == 0, "ML-KEM-1024 expanded: encrypted write %d", r);
		r = ember_pkey_read_pass(&back, enc, n, "pw", 2, 0);
		CHECK(r == 0 && same_key(&back, &e), "ML-KEM-1024 expanded pem=%d: encrypted round trip (%d)", pem, r);
	}
	CHECK(ember_pkey_write_pass(&k, EMBER_PKEY_TRAD, 1, &prm, "pw", 2, enc, sizeof(enc), &n) == EMBER_ENOTSUP,
	    "a traditional encrypted ML-KEM key written");
	ember_pkey_clear(&k);
	ember_pkey_clear(&e);
	ember_pkey_clear(&back);
}

/* ---- the commands ---- */

static char dir[1024];
static char *err_text; /* the last command's standard error */

/* Runs the shell command |fmt| in the scratch folder with E set to the ember binary; its exit status. */
static int run(const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 1, 2)))
#endif
	;
static int run(const char *fmt, ...)
{
	static char cmd[16384], body[8192];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(body, sizeof(body), fmt, ap);
	va_end(ap);
	free(err_text);
	err_text = NULL;
	if (n < 0 || (size_t)n >= sizeof(body) ||
	    (size_t)snprintf(cmd, sizeof(cmd), "cd '%s' && E='%s' && { %s ; } </dev/null", dir, t_ember_bin, body) >=
	        sizeof(cmd))
		return -1;
	return t_run_cmd(cmd, NULL, &err_text);
}

/* 1 when the last command wrote exactly one line to standard error. */
static int one_line(void)
{
	const char *nl = err_text ? strchr(err_text, '\n') : NULL;

	return nl != NULL && nl[1] == 0 && strncmp(err_text, "ember pkeyutl: ", 15) == 0;
}

/* 1 when |name| in the scratch folder does not exist. */
static int absent(const char *name)
{
	char path[2048];
	struct stat st;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >= sizeof(path))
		return 0;
	return stat(path, &st) != 0;
}

/* The file |name| of the scratch folder (malloc'd; NULL when it cannot be read). */
static uint8_t *slurp(const char *name, size_t *len)
{
	char path[2048];

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >= sizeof(path))
		return NULL;
	return t_read_path(path, len);
}

/* 1 when the two files exist, hold |len| bytes each, and are equal (same) or differ (!same). */
static int files(const char *a, const char *b, size_t len, int same)
{
	size_t al = 0, bl = 0;
	uint8_t *x = slurp(a, &al), *y = slurp(b, &bl);
	int ok = x != NULL && y != NULL && al == len && bl == len && (memcmp(x, y, len) == 0) == same;

	free(x);
	free(y);
	return ok;
}

#define LOG_ERR() (err_text && *err_text ? t_note("    stderr: %s", err_text) : (void)0)

EMBER_TEST(keys_mlkem_cli)
{
	static const char rfc512[] = "-----BEGIN PRIVATE KEY-----\n"
	                             "MFQCAQAwCwYJYIZIAWUDBAQBBEKAQAABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZ\n"
	                             "GhscHR4fICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8=\n"
	                             "-----END PRIVATE KEY-----\n";
	static ember_pkey k;
	static uint8_t der[EMBER_PKEY_MAX_DER], priv[4096];
	char seedhex[129], path[2048], cmd[2200];
	uint8_t seed[64], *p;
	size_t i, n, m;
	int st;

	if (t_phase != 1)
		return;
	if (t_ember_bin == NULL) {
		t_skip("keys_mlkem_cli: no ember binary (-e)");
		return;
	}
	if (!CHECK(t_scratch(dir, sizeof(dir), "mlkem") == 0, "scratch path"))
		return;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s' && mkdir '%s'", dir, dir);
	if (!CHECK(t_run_cmd(cmd, NULL, NULL) == 0, "mkdir %s", dir))
		return;
	for (i = 0; i < 64; i++)
		snprintf(seedhex + 2 * i, 3, "%02x", (unsigned)i);

	/* RFC 9935 C.1.1.1's file from its seed */
	st = run("$E genpkey -algorithm ml-kem-512 -pkeyopt hexseed:%s -out r.pem", seedhex);
	p = slurp("r.pem", &n);
	CHECK(st == 0 && p != NULL && n == strlen(rfc512) && memcmp(p, rfc512, n) == 0,
	    "genpkey -pkeyopt hexseed: is not RFC 9935 C.1.1.1's ML-KEM-512 key (exit %d)", st);
	free(p);
	st = run("$E genpkey -algorithm ML-KEM-768 -pkeyopt hexseed:%.64s -out short.pem", seedhex);
	CHECK(st == 1 && err_text && strchr(err_text, '\n') == err_text + strlen(err_text) - 1 && absent("short.pem"),
	    "a 32-byte hexseed for ML-KEM not refused in one line (exit %d)", st);

	/* genpkey, -pubout, -check */
	st = run("$E genpkey -algorithm ML-KEM-768 -out k.pem && $E pkey -in k.pem -pubout -out p.pem && "
	         "grep -q 'BEGIN PUBLIC KEY' p.pem && $E pkey -in k.pem -check -noout | grep -qx 'Key is valid' && "
	         "$E pkey -pubin -in p.pem -pubcheck -noout | grep -qx 'Key is valid' && "
	         "$E genpkey -algorithm ML-KEM-768 -out k2.pem");
	if (!CHECK(st == 0, "genpkey ML-KEM-768, pkey -pubout, -check (exit %d)", st))
		LOG_ERR();

	/* encapsulate to the public file, decapsulate with the private one: one secret */
	st = run("$E pkeyutl -encap -inkey p.pem -pubin -out ct -secret ss1 && "
	         "$E pkeyutl -decap -inkey k.pem -in ct -secret ss2");
	CHECK(st == 0 && files("ct", "ct", EMBER_MLKEM768_CT_LEN, 1) && files("ss1", "ss2", 32, 1),
	    "-encap / -decap: not one 32-byte secret, or not a 1088-byte ciphertext (exit %d)", st);
	/* the public half of a private key file encapsulates too (openssl 3.5 loads -encap's key as public) */
	st = run("$E pkeyutl -encap -inkey k.pem -out ctb -secret ssb1 && $E pkeyutl -decap -inkey k.pem -in ctb -secret ssb2");
	CHECK(st == 0 && files("ssb1", "ssb2", 32, 1) && files("ss1", "ssb1", 32, 0),
	    "-encap with the private key file: not the decapsulated secret, or not a fresh one (exit %d)", st);
	/* implicit rejection: another key, or a changed ciphertext, gives another secret and exit 0 (openssl too) */
	st = run("$E pkeyutl -decap -inkey k2.pem -in ct -secret ss3");
	CHECK(st == 0 && files("ss1", "ss3", 32, 0), "-decap with another key: exit %d, or the same secret", st);
	st = run("cp ct ctx && printf '\\001' | dd of=ctx bs=1 seek=100 conv=notrunc 2>/dev/null && "
	         "$E pkeyutl -decap -inkey k.pem -in ctx -secret ss4");
	CHECK(st == 0 && files("ss1", "ss4", 32, 0), "-decap of a changed ciphertext: exit %d, or the same secret", st);
	/* -decap without -secret writes the secret to -out (openssl 3.5's fallback), or to standard output */
	st = run("$E pkeyutl -decap -inkey k.pem -in ct -out ss5 && $E pkeyutl -decap -inkey k.pem -in ct > ss6");
	CHECK(st == 0 && files("ss1", "ss5", 32, 1) && files("ss1", "ss6", 32, 1), "-decap to -out / stdout (exit %d)", st);
	/* -hexdump: the ciphertext as BIO_dump, the secret raw */
	st = run("$E pkeyutl -encap -inkey p.pem -pubin -hexdump -out cth -secret ssh && head -n 1 cth | grep -q '^0000 - '"
	         " && test $(wc -l < cth) -eq 68");
	CHECK(st == 0 && files("ssh", "ssh", 32, 1), "-encap -hexdump (exit %d)", st);

	/* refusals: one line, exit 1, nothing written */
	st = run("head -c 1087 ct > ct_short && $E pkeyutl -decap -inkey k.pem -in ct_short -secret bad1");
	CHECK(st == 1 && one_line() && absent("bad1"), "a 1087-byte ciphertext: exit %d, or a secret written", st);
	st = run("cat ct ct > ct_long && $E pkeyutl -decap -inkey k.pem -in ct_long -secret bad2");
	CHECK(st == 1 && one_line() && absent("bad2"), "a 2176-byte ciphertext: exit %d, or a secret written", st);
	st = run("$E pkeyutl -encap -inkey p.pem -pubin -out bad3");
	CHECK(st == 1 && one_line() && absent("bad3"), "-encap without -secret: exit %d, or a ciphertext written", st);
	st = run("$E pkeyutl -decap -inkey k.pem -in ct -out bad4 -secret bad5");
	CHECK(st == 1 && one_line() && absent("bad4") && absent("bad5"), "-decap with -out and -secret: exit %d", st);
	st = run("$E pkeyutl -decap -inkey p.pem -pubin -in ct -secret bad6");
	CHECK(st == 1 && one_line() && absent("bad6"), "-decap with a public key: exit %d", st);
	st = run("$E pkeyutl -encap -inkey p.pem -pubin -out bad7 -secret bad7");
	CHECK(st == 1 && one_line() && absent("bad7"), "-encap with -out and -secret one file: exit %d", st);
	st = run("$E pkeyutl -encap -inkey p.pem -pubin -out bad8 -secret nodir/bad9");
	CHECK(st == 1 && one_line() && absent("bad8"), "-encap to an unwritable -secret: exit %d, or a ciphertext", st);
	st = run("$E pkeyutl -encap -inkey p.pem -pubin -out nodir/bad10 -secret bad11");
	CHECK(st == 1 && one_line() && absent("bad11"), "-encap to an unwritable -out: exit %d, or a secret", st);
	st = run("$E pkeyutl -encap -inkey p.pem -pubin -kemop DHKEM -out bad12 -secret bad13");
	CHECK(st == 1 && one_line() && absent("bad12") && absent("bad13"), "-kemop with ML-KEM: exit %d", st);
	st = run("$E pkeyutl -encap -inkey p.pem -pubin -pkeyopt digest:sha256 -out bad14 -secret bad15");
	CHECK(st == 1 && one_line() && absent("bad14") && absent("bad15"), "-pkeyopt with -encap: exit %d", st);
	st = run("$E pkeyutl -sign -inkey k.pem -rawin -in ct -out bad16");
	CHECK(st == 1 && one_line() && absent("bad16"), "-sign with an ML-KEM key: exit %d", st);
	st = run("$E pkeyutl -derive -inkey k.pem -peerkey p.pem -out bad17");
	CHECK(st == 1 && one_line() && absent("bad17"), "-derive with an ML-KEM key: exit %d", st);
	st = run("$E genpkey -algorithm ED25519 -out ed.pem && $E pkeyutl -encap -inkey ed.pem -out bad18 -secret bad19");
	CHECK(st == 1 && one_line() && absent("bad18") && absent("bad19"), "-encap with an Ed25519 key: exit %d", st);
	st = run("$E pkeyutl -sign -inkey ed.pem -rawin -in ct -secret bad20 -out bad21");
	CHECK(st == 1 && one_line() && absent("bad20") && absent("bad21"), "-secret with -sign: exit %d", st);

	/* a key file whose expanded key fails the hash check: one line naming the file, exit 1 */
	t_rand_bytes(seed, sizeof(seed));
	if (CHECK(make_key(&k, 1, seed, 0) == 0, "keygen")) {
		k.u.mlkem.dk[EMBER_MLKEM768_DK_LEN - 40] ^= 1; /* a byte of H(ek) */
		m = expanded_form(priv, k.u.mlkem.dk, EMBER_MLKEM768_DK_LEN);
		n = pkcs8(der, 1, NULL, 0, priv, m);
		snprintf(path, sizeof(path), "%s/badhash.der", dir);
		CHECK(t_write_file(path, der, n) == 0, "write %s", path);
		st = run("$E pkey -in badhash.der -inform DER -out bad22");
		CHECK(st == 1 && err_text && strstr(err_text, "badhash.der") && strstr(err_text, "consistent") &&
		          strchr(err_text, '\n') == err_text + strlen(err_text) - 1 && absent("bad22"),
		    "pkey of an expanded key failing the hash check: exit %d", st);
		st = run("$E pkeyutl -decap -inkey badhash.der -in ct -secret bad23");
		CHECK(st == 1 && one_line() && absent("bad23"), "-decap with an inconsistent key file: exit %d", st);
		ember_pkey_clear(&k);
	}

	/* -text as OpenSSL 3.5 lays it out; DER; an encrypted key */
	st = run("$E pkey -in r.pem -text -noout > t && head -n 3 t | tr -d '\\n' | "
	         "grep -qx 'ML-KEM-512 Private-Key:seed:    00:01:02:03:04:05:06:07:08:09:0a:0b:0c:0d:0e:' && "
	         "grep -qx 'dk:' t && grep -qx 'ek:' t && grep -qx '    70:55:4f:d4:36:34:4f:27:85:b1:b3:b1:ba:c1:84:' t && "
	         "$E pkey -pubin -in p.pem -text -noout | head -n 2 | tr -d '\\n' | grep -qx 'ML-KEM-768 Public-Key:ek:'");
	CHECK(st == 0, "pkey -text layout (exit %d)", st);
	st = run("$E genpkey -algorithm ML-KEM-1024 -out k1024.pem && "
	         "$E pkey -in k1024.pem -aes256 -passout pass:pw -out e.pem && grep -q 'ENCRYPTED PRIVATE KEY' e.pem && "
	         "$E pkey -in e.pem -passin pass:pw -out back.pem && cmp back.pem k1024.pem && "
	         "$E pkey -in k1024.pem -outform DER -out k1024.der && test $(wc -c < k1024.der) -eq 86 && "
	         "$E pkey -in k1024.der -inform DER | cmp - k1024.pem && "
	         "$E pkeyutl -encap -inkey k1024.der -keyform DER -out ct1024 -secret s1024a && "
	         "test $(wc -c < ct1024) -eq 1568 && "
	         "$E pkeyutl -decap -inkey e.pem -passin pass:pw -in ct1024 -secret s1024b && cmp s1024a s1024b");
	CHECK(st == 0, "ML-KEM-1024: encrypted and DER round trips, encap / decap through them (exit %d)", st);
	if (st != 0)
		LOG_ERR();
	st = run("$E pkey -in k.pem -traditional -out bad24");
	CHECK(st == 1 && err_text && strchr(err_text, '\n') == err_text + strlen(err_text) - 1 && absent("bad24"),
	    "pkey -traditional of an ML-KEM key: exit %d", st);

	free(err_text);
	err_text = NULL;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	CHECK(t_run_cmd(cmd, NULL, NULL) == 0, "rm -rf %s", dir);
}
