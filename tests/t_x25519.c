/*
 * t_x25519.c - X25519 (RFC 7748) through every supported backend (the
 * "x25519" descriptors of ember/ec.h) and the default calls:
 *   x25519_rfc: RFC 7748's vectors (tests/vectors/x25519.txt): section
 *     5.2's two, its iterations (1 and 1,000 through every backend; the
 *     1,000,000 one under -full, with the default), section 6.1's exchange;
 *   x25519_wycheproof: x25519_test.json through every backend; the
 *     "acceptable" cases logged with the way Ember went (the all-zero
 *     shared secrets refused with EMBER_EZEROSECRET, every other one
 *     computed as RFC 7748 defines it);
 *   x25519_ossl: against the system libcrypto, both directions: public
 *     keys, shared secrets of Ember's keys with OpenSSL's and the reverse,
 *     and random 32-byte peer keys (top bit set, values >= p) that both
 *     must compute, or both refuse;
 *   x25519_impls: every backend against the portable one on random keys,
 *     and the fixed-base path against the ladder on u = 9;
 *   x25519_bad_input: small-order points (canonical, non-canonical, with
 *     bit 255 set), NULL arguments, descriptors of another curve;
 *   x25519_registry: the default per build and CPU (phase 2: the portable
 *     one of the word size), and the plain calls agree with it.
 */
#include <stdlib.h>
#include <string.h>

#include "ember/ec.h"
#include "ember/x25519.h"
#include "ossl.h"
#include "test.h"

#define MAX_IMPLS 8
#define NID_X25519 1034 /* OpenSSL's EVP_PKEY_X25519 */

static size_t impls(const ember_ec_desc **d)
{
	size_t i, n = 0;

	for (i = 0; i < ember_ec_count() && n < MAX_IMPLS; i++)
		if (strcmp(ember_ec_at(i)->name, "x25519") == 0 && ember_ec_supported(ember_ec_at(i)))
			d[n++] = ember_ec_at(i);
	return n;
}

static int hex32(const t_vec *v, const char *key, uint8_t out[32])
{
	uint8_t *p = NULL;
	size_t n = 0;
	int ok = t_vec_bytes(v, key, &p, &n) == 0 && n == 32;

	if (ok)
		memcpy(out, p, 32);
	free(p);
	return ok ? 0 : -1;
}

/* k = u = 9, then n times (k, u) = (X25519(k, u), k) */
static void iterate(const ember_ec_desc *d, uint8_t k[32], unsigned long n)
{
	uint8_t u[32], r[32];
	unsigned long i;

	memset(k, 0, 32);
	memset(u, 0, 32);
	k[0] = u[0] = 9;
	for (i = 0; i < n; i++) {
		ember_x25519_with(d, r, k, u);
		memcpy(u, k, 32);
		memcpy(k, r, 32);
	}
}

EMBER_TEST(x25519_rfc)
{
	static t_vec v;
	const ember_ec_desc *d[MAX_IMPLS];
	size_t nd = impls(d), i;
	unsigned n = 0, iters = 0;

	if (!CHECK(t_vec_open(&v, t_path(t_vec_dir, "x25519.txt")) == 0, "no x25519.txt"))
		return;
	CHECK(nd >= 2, "fewer than two x25519 backends supported");
	while (t_vec_next(&v)) {
		uint8_t a[32], b[32], c[32], e[32], s[32], out[32], out2[32];
		const char *it = t_vec_get(&v, "Iterations");

		if (t_vec_get(&v, "X25519") != NULL) {
			if (!CHECK(hex32(&v, "Scalar", a) == 0 && hex32(&v, "U", b) == 0 && hex32(&v, "Output", c) == 0,
			        "%s:%u: stanza needs Scalar, U, Output", v.path, v.line))
				continue;
			for (i = 0; i < nd; i++)
				CHECK(ember_x25519_with(d[i], out, a, b) == 0 && memcmp(out, c, 32) == 0, "%s:%u: %s: %s",
				    v.path, v.line, d[i]->impl, t_tohex(out, 32));
			CHECK(ember_x25519(out, a, b) == 0 && memcmp(out, c, 32) == 0, "%s:%u: ember_x25519", v.path, v.line);
			n++;
		} else if (t_vec_get(&v, "X25519-Iterate") != NULL && it != NULL) {
			unsigned long count = strtoul(it, NULL, 10);
			if (!CHECK(hex32(&v, "Output", c) == 0, "%s:%u: no Output", v.path, v.line))
				continue;
			if (count > 1000) {
				if (!t_full) {
					t_skip("RFC 7748 5.2: %lu iterations (run with -full)", count);
					continue;
				}
				iterate(ember_ec_find("x25519", NULL), out, count);
				CHECK(memcmp(out, c, 32) == 0, "%s:%u: %lu iterations: %s", v.path, v.line, count,
				    t_tohex(out, 32));
				iters++;
				continue;
			}
			for (i = 0; i < nd; i++) {
				iterate(d[i], out, count);
				CHECK(memcmp(out, c, 32) == 0, "%s:%u: %s, %lu iterations: %s", v.path, v.line, d[i]->impl,
				    count, t_tohex(out, 32));
			}
			iters++;
		} else if (t_vec_get(&v, "X25519-DH") != NULL) {
			if (!CHECK(hex32(&v, "PrivateA", a) == 0 && hex32(&v, "PublicA", b) == 0 &&
			               hex32(&v, "PrivateB", c) == 0 && hex32(&v, "PublicB", e) == 0 &&
			               hex32(&v, "Shared", s) == 0,
			        "%s:%u: stanza needs PrivateA, PublicA, PrivateB, PublicB, Shared", v.path, v.line))
				continue;
			for (i = 0; i < nd; i++) {
				CHECK(ember_x25519_base_with(d[i], out, a) == 0 && memcmp(out, b, 32) == 0,
				    "%s:%u: %s: Alice's public key", v.path, v.line, d[i]->impl);
				CHECK(ember_x25519_base_with(d[i], out, c) == 0 && memcmp(out, e, 32) == 0,
				    "%s:%u: %s: Bob's public key", v.path, v.line, d[i]->impl);
				CHECK(ember_x25519_with(d[i], out, a, e) == 0 && ember_x25519_with(d[i], out2, c, b) == 0 &&
				          memcmp(out, s, 32) == 0 && memcmp(out2, s, 32) == 0,
				    "%s:%u: %s: shared secret", v.path, v.line, d[i]->impl);
			}
			CHECK(ember_x25519_public_key(out, a) == 0 && memcmp(out, b, 32) == 0, "ember_x25519_public_key");
			n++;
		}
	}
	t_vec_close(&v);
	CHECK(n >= 3 && iters >= 2, "x25519.txt: %u vectors, %u iteration runs", n, iters);
	if (t_phase == 1)
		t_note("RFC 7748: %u vectors and %u iteration counts through %zu backends", n, iters, nd);
}

/* ---- Wycheproof ---- */

static int hex_of(const tj *o, const char *k, uint8_t *out, size_t want)
{
	const char *s = tj_str(o, k);
	uint8_t *p = NULL;
	size_t n = 0;
	int ok = s != NULL && t_hex(s, &p, &n) == 0 && n == want;

	if (ok)
		memcpy(out, p, want);
	free(p);
	return ok ? 0 : -1;
}

static int all_zero(const uint8_t *p, size_t n)
{
	uint8_t acc = 0;
	size_t i;

	for (i = 0; i < n; i++)
		acc |= p[i];
	return acc == 0;
}

EMBER_TEST(x25519_wycheproof)
{
	const char *path = t_path(t_shared_dir, "wycheproof/testvectors_v1/x25519_test.json");
	const ember_ec_desc *d[MAX_IMPLS];
	size_t nd = impls(d), g, i, k;
	unsigned valid = 0, acc_zero = 0, acc_done = 0, invalid = 0;
	const tj *groups;
	tj *j;

	if (t_shared_dir == NULL || (j = tj_load(path)) == NULL) {
		t_skip("Wycheproof x25519_test.json: not found under %s", t_shared_dir ? t_shared_dir : "(no -s)");
		return;
	}
	groups = tj_get(j, "testGroups");
	for (g = 0; groups != NULL && g < groups->n; g++) {
		const tj *tests = tj_get(groups->items[g], "tests");
		for (i = 0; tests != NULL && i < tests->n; i++) {
			const tj *t = tests->items[i];
			const char *res = tj_str(t, "result");
			uint8_t pub[32], priv[32], shared[32], out[32];
			long id = tj_int(t, "tcId", -1);

			if (!CHECK(res != NULL && hex_of(t, "public", pub, 32) == 0 && hex_of(t, "private", priv, 32) == 0 &&
			               hex_of(t, "shared", shared, 32) == 0,
			        "wycheproof x25519 tcId %ld: malformed", id))
				continue;
			for (k = 0; k < nd; k++) {
				int r = ember_x25519_with(d[k], out, priv, pub);
				if (all_zero(shared, 32)) {
					/* RFC 7748 6.1's check, as OpenSSL: refused, whatever the verdict */
					CHECK(r == EMBER_EZEROSECRET, "wycheproof x25519 tcId %ld (%s): all-zero secret not refused: %d",
					    id, d[k]->impl, r);
				} else if (strcmp(res, "invalid") == 0) {
					CHECK(r != 0, "wycheproof x25519 tcId %ld (%s): invalid case accepted", id, d[k]->impl);
				} else {
					CHECK(r == 0 && memcmp(out, shared, 32) == 0, "wycheproof x25519 tcId %ld (%s, %s): %d %s", id,
					    d[k]->impl, res, r, t_tohex(out, 32));
				}
			}
			if (strcmp(res, "valid") == 0)
				valid++;
			else if (strcmp(res, "invalid") == 0)
				invalid++;
			else if (all_zero(shared, 32)) {
				acc_zero++;
				if (t_phase == 1 && t_verbose)
					t_note("wycheproof x25519 tcId %ld acceptable (%s): refused, all-zero shared secret", id,
					    tj_str(t, "comment"));
			} else {
				acc_done++;
				if (t_phase == 1 && t_verbose)
					t_note("wycheproof x25519 tcId %ld acceptable (%s): computed as RFC 7748", id,
					    tj_str(t, "comment"));
			}
		}
	}
	tj_free(j);
	CHECK(valid + acc_zero + acc_done + invalid >= 500, "x25519_test.json: only %u cases",
	    valid + acc_zero + acc_done + invalid);
	if (t_phase == 1)
		t_note("Wycheproof x25519: %u valid, %u invalid; acceptable: %u refused (all-zero shared secret: "
		       "LowOrderPublic/ZeroSharedSecret, EMBER_EZEROSECRET as OpenSSL), %u computed as RFC 7748 "
		       "(Twist, NonCanonicalPublic, EdgeCase*: accepted, the RFC's value); %zu backends (-v lists each)",
		    valid, invalid, acc_zero, acc_done, nd);
}

/* ---- OpenSSL ---- */

static void *o_key(const ossl_api *o, int priv, const uint8_t k[32])
{
	return priv ? o->EVP_PKEY_new_raw_private_key(NID_X25519, NULL, k, 32)
	            : o->EVP_PKEY_new_raw_public_key(NID_X25519, NULL, k, 32);
}

/* OpenSSL's X25519(priv, pub): 0, or -1 when it refuses */
static int o_derive(const ossl_api *o, uint8_t out[32], const uint8_t priv[32], const uint8_t pub[32])
{
	void *a = o_key(o, 1, priv), *b = o_key(o, 0, pub), *c = a ? o->EVP_PKEY_CTX_new(a, NULL) : NULL;
	size_t len = 32;
	int ok = a && b && c && o->EVP_PKEY_derive_init(c) == 1 && o->EVP_PKEY_derive_set_peer(c, b) == 1 &&
	         o->EVP_PKEY_derive(c, out, &len) == 1 && len == 32;

	if (c)
		o->EVP_PKEY_CTX_free(c);
	if (a)
		o->EVP_PKEY_free(a);
	if (b)
		o->EVP_PKEY_free(b);
	return ok ? 0 : -1;
}

static int o_public(const ossl_api *o, uint8_t pub[32], const uint8_t priv[32])
{
	void *a = o_key(o, 1, priv);
	size_t len = 32;
	int ok = a && o->EVP_PKEY_get_raw_public_key(a, pub, &len) == 1 && len == 32;

	if (a)
		o->EVP_PKEY_free(a);
	return ok ? 0 : -1;
}

EMBER_TEST(x25519_ossl)
{
	char err[512];
	const ossl_api *o = ossl_load(err, sizeof(err));
	int n = t_quick ? 20 : 200, i, refused = 0;

	if (o == NULL) {
		t_skip("differential x25519: %s", err);
		return;
	}
	if (!o->EVP_PKEY_new_raw_private_key || !o->EVP_PKEY_get_raw_public_key || !o->EVP_PKEY_derive) {
		t_skip("differential x25519: %s has no raw X25519 keys", o->version);
		return;
	}
	for (i = 0; i < n; i++) {
		uint8_t a[32], b[32], pa[32], pb[32], oa[32], ob[32], s1[32], s2[32], u[32];
		int re, ro;

		t_rand_bytes(a, 32);
		t_rand_bytes(b, 32);
		if (!CHECK(ember_x25519_generate(a, pa) == 0, "ember_x25519_generate"))
			return;
		CHECK(ember_x25519_public_key(pb, b) == 0 && o_public(o, ob, b) == 0 && memcmp(pb, ob, 32) == 0,
		    "public key of %s differs from OpenSSL's", t_tohex(b, 32));
		CHECK(o_public(o, oa, a) == 0 && memcmp(pa, oa, 32) == 0, "generated key: OpenSSL's public key differs");
		/* Ember's private key with OpenSSL's public key, and the reverse */
		CHECK(ember_x25519(s1, a, ob) == 0 && o_derive(o, s2, b, pa) == 0 && memcmp(s1, s2, 32) == 0,
		    "shared secret differs: %s", t_tohex(s1, 32));
		/* any 32 bytes as the peer key: the same result, or both refuse */
		t_rand_bytes(u, 32);
		if (i % 4 == 1)
			u[31] |= 0x80;
		if (i % 4 == 2) /* at or above p: 2^255 - 19 + small */
			memset(u + 1, 0xff, 30), u[31] = 0x7f, u[0] = (uint8_t)(0xed + t_rand_below(19));
		re = ember_x25519(s1, a, u);
		ro = o_derive(o, s2, a, u);
		CHECK((re == 0) == (ro == 0) && (re != 0 || memcmp(s1, s2, 32) == 0), "peer %s: Ember %d, OpenSSL %d",
		    t_tohex(u, 32), re, ro);
		refused += re != 0;
	}
	if (t_phase == 1)
		t_note("differential x25519 against %s: %d key pairs, both directions, %d random peer keys (%d refused by "
		       "both)",
		    o->version, n, n, refused);
}

/* ---- backends against each other ---- */

EMBER_TEST(x25519_impls)
{
	const ember_ec_desc *d[MAX_IMPLS], *ref = ember_ec_find("x25519", "ref");
	size_t nd = impls(d), k;
	int n = t_quick ? 16 : 200, i;
	static const uint8_t nine[32] = { 9 };

	if (!CHECK(ref != NULL, "no x25519/ref"))
		return;
	for (i = 0; i < n; i++) {
		uint8_t s[32], u[32], want[32], got[32], base[32];
		int rw, rg;

		t_rand_bytes(s, 32);
		t_rand_bytes(u, 32);
		if (i % 3 == 0)
			memset(u + 1 + t_rand_below(30), 0xff, 1); /* limbs at their edges */
		if (i == 1)
			memset(u, 0xff, 32);
		if (i == 2)
			memset(s, 0xff, 32);
		if (i == 3)
			memset(s, 0, 32);
		rw = ember_x25519_with(ref, want, s, u);
		for (k = 0; k < nd; k++) {
			rg = ember_x25519_with(d[k], got, s, u);
			CHECK(rg == rw && memcmp(got, want, 32) == 0, "%s against ref: scalar %s", d[k]->impl, t_tohex(s, 32));
			CHECK(ember_x25519_base_with(d[k], base, s) == 0 && ember_x25519_with(d[k], got, s, nine) == 0 &&
			          memcmp(base, got, 32) == 0,
			    "%s: fixed base and ladder on 9 differ", d[k]->impl);
		}
	}
}

/* ---- bad input ---- */

EMBER_TEST(x25519_bad_input)
{
	/* u-coordinates of small order (on the curve or its twist), canonical and not */
	static const char *const small[] = {
		"0000000000000000000000000000000000000000000000000000000000000000", /* 0: order 2 */
		"0100000000000000000000000000000000000000000000000000000000000000", /* 1 */
		"e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800", /* order 8 */
		"5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157", /* order 8 */
		"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* p - 1 */
		"edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* p = 0, non-canonical */
		"eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* p + 1 = 1, non-canonical */
	};
	const ember_ec_desc *d[MAX_IMPLS], *ed = ember_ec_find("ed25519", NULL);
	size_t nd = impls(d), i, k;
	uint8_t s[32], u[32], out[32];
	int top;

	t_rand_bytes(s, 32);
	for (i = 0; i < sizeof(small) / sizeof(small[0]); i++) {
		uint8_t *p = NULL;
		size_t len;
		if (!CHECK(t_hex(small[i], &p, &len) == 0 && len == 32, "bad test data"))
			continue;
		for (top = 0; top < 2; top++) {
			memcpy(u, p, 32);
			u[31] |= (uint8_t)(top << 7); /* bit 255 is ignored: the same point */
			for (k = 0; k < nd; k++) {
				memset(out, 0x55, 32);
				CHECK(ember_x25519_with(d[k], out, s, u) == EMBER_EZEROSECRET && all_zero(out, 32),
				    "%s: small-order %s not refused with EMBER_EZEROSECRET", d[k]->impl, t_tohex(u, 32));
			}
			CHECK(ember_x25519(out, s, u) == EMBER_EZEROSECRET, "ember_x25519: small-order %s", t_tohex(u, 32));
		}
		free(p);
	}
	CHECK(strcmp(ember_strerror(EMBER_EZEROSECRET), "unknown error") != 0, "EMBER_EZEROSECRET has no text");
	memset(u, 0, 32);
	u[0] = 9;
	CHECK(ember_x25519(NULL, s, u) == EMBER_EINVAL && ember_x25519(out, NULL, u) == EMBER_EINVAL &&
	          ember_x25519(out, s, NULL) == EMBER_EINVAL && ember_x25519_base(NULL, s) == EMBER_EINVAL &&
	          ember_x25519_base(out, NULL) == EMBER_EINVAL && ember_x25519_generate(NULL, out) == EMBER_EINVAL &&
	          ember_x25519_generate(out, NULL) == EMBER_EINVAL,
	    "NULL arguments not refused with EMBER_EINVAL");
	CHECK(ember_x25519_with(NULL, out, s, u) == EMBER_EINVAL && ember_x25519_with(ed, out, s, u) == EMBER_EINVAL &&
	          ember_x25519_base_with(ed, out, s) == EMBER_EINVAL,
	    "a NULL or ed25519 descriptor not refused");
}

/* ---- the default ---- */

EMBER_TEST(x25519_registry)
{
	const ember_ec_desc *dflt = ember_ec_find("x25519", NULL), *d[MAX_IMPLS];
	const char *want;
	size_t nd = impls(d), k;
	uint8_t s[32], u[32], a[32], b[32];

	if (!CHECK(dflt != NULL && nd > 0, "no default x25519 backend"))
		return;
	/* the first supported constant-time entry: the list's first supported one here */
	CHECK(dflt == d[0] && (dflt->flags & EMBER_IMPL_CT), "default %s is not the first supported (%s)", dflt->impl,
	    d[0]->impl);
	if (t_phase == 2) {
#if defined(__SIZEOF_INT128__)
		want = "ref";
#else
		want = "ref32";
#endif
		CHECK(strcmp(dflt->impl, want) == 0, "EMBER_CPUCAP=none: default %s, want %s", dflt->impl, want);
	}
	for (k = 0; k < nd; k++)
		CHECK(ember_ec_find("x25519", d[k]->impl) == d[k], "find %s", d[k]->impl);
	CHECK(ember_ec_find("x25519", "no-such") == NULL, "an unknown backend found");
	t_rand_bytes(s, 32);
	t_rand_bytes(u, 32);
	CHECK(ember_x25519(a, s, u) == ember_x25519_with(dflt, b, s, u) && memcmp(a, b, 32) == 0,
	    "ember_x25519 and the default backend differ");
	if (t_phase == 1)
		t_note("x25519 backends supported here: %zu, default %s", nd, dflt->impl);
}
