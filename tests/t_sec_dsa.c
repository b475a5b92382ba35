/*
 * t_sec_dsa.c - DSA secrets and DSA validation (issue 19, defects 5 and 6).
 *
 *   dsa_sec_stack_*: after a signature the dead stack below the call holds
 *   no copy of k^-1, k or x (plain words, Montgomery form, big-endian bytes).
 *   dsa_sec_params_hostile: hostile domain parameters are refused
 *   (tests/vectors/dsa_hostile.txt: a 64-bit p with a 16-bit q, a
 *   composite q, a composite p), while the RFC 6979 keys still load.
 *   dsa_sec_y_subgroup: a public y outside g's subgroup (1, 2, p - 1, p,
 *   -y) is refused.
 *   dsa_sec_lucas: the Lucas test of ember_prime_test_lucas against an
 *   independent one (the recurrence U_k+1 = P U_k - Q U_k-1) for every odd
 *   number below 8192, and on the 1024- and 2048-bit primes of RFC 6979.
 */
#include <stdlib.h>
#include <string.h>

#include "ember/dsa.h"
#include "ember/keys.h"
#include "test.h"

#if defined(__GNUC__)
#define T_NOINLINE __attribute__((noinline))
#else
#define T_NOINLINE
#endif

/* ---- dead-stack scan ---- */

#define SCAN_LEN (64 * 1024)
#define PAINT 0xa5

/*
 * Both functions below touch a local array only for what it overlaps: the
 * stack the caller's previous call used. Reading it uninitialised is the
 * point, so the warnings about it are off here.
 */
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#endif

/* Fills the SCAN_LEN bytes below the caller's frame with PAINT. */
static T_NOINLINE void paint_stack(void)
{
	volatile uint8_t buf[SCAN_LEN];
	size_t i;

	for (i = 0; i < SCAN_LEN; i++)
		buf[i] = PAINT;
}

/*
 * Copies the SCAN_LEN bytes below the caller's frame (what the previous
 * call left there: this frame lies where its frames were) to |out|.
 */
static T_NOINLINE void copy_stack(uint8_t *out)
{
	volatile uint8_t buf[SCAN_LEN];
	size_t i;

	for (i = 0; i < SCAN_LEN; i++)
		out[i] = buf[i];
}

#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

typedef struct pattern {
	char name[48];
	uint8_t b[EMBER_BN_MAX_WORDS * sizeof(ember_bn_word)];
	size_t len;
} pattern;

/* Offset of the first |p| in |hay| or -1. */
static long find(const uint8_t *hay, size_t n, const pattern *p)
{
	size_t i;

	for (i = 0; i + p->len <= n; i++)
		if (hay[i] == p->b[0] && memcmp(hay + i, p->b, p->len) == 0)
			return (long)i;
	return -1;
}

/* The three forms of secret |v| (qn words mod q) a leak can take in memory. */
static size_t add_forms(pattern *pt, size_t np, const char *what, const ember_bn_word *v, const ember_dsa_key *k)
{
	ember_bn_word m[EMBER_BN_MAX_WORDS];
	const size_t qn = k->mq.n;

	snprintf(pt[np].name, sizeof(pt[np].name), "%s (words)", what);
	memcpy(pt[np].b, v, qn * sizeof(v[0]));
	pt[np++].len = qn * sizeof(v[0]);
	ember_bn_to_mont(m, v, &k->mq);
	snprintf(pt[np].name, sizeof(pt[np].name), "%s (Montgomery form)", what);
	memcpy(pt[np].b, m, qn * sizeof(m[0]));
	pt[np++].len = qn * sizeof(m[0]);
	snprintf(pt[np].name, sizeof(pt[np].name), "%s (big-endian bytes)", what);
	ember_bn_to_bytes(pt[np].b, k->qlen, v, qn);
	pt[np++].len = k->qlen;
	return np;
}

/* The RFC 6979 A.2 keys (tests/vectors/dsa_rfc6979.txt): 1024/160, 2048/256. */
static int rfc6979_keys(ember_dsa_key *keys, int max)
{
	t_vec v;
	int n = 0;

	if (t_vec_open(&v, t_path(t_vec_dir, "dsa_rfc6979.txt")) != 0)
		return 0;
	while (n < max && t_vec_next(&v)) {
		uint8_t *p = NULL, *q = NULL, *g = NULL, *x = NULL, *y = NULL;
		size_t pl, ql, gl, xl, yl;

		if (t_vec_get(&v, "DSAKey") == NULL)
			continue;
		if (t_vec_bytes(&v, "P", &p, &pl) == 0 && t_vec_bytes(&v, "Q", &q, &ql) == 0 &&
		    t_vec_bytes(&v, "G", &g, &gl) == 0 && t_vec_bytes(&v, "X", &x, &xl) == 0 &&
		    t_vec_bytes(&v, "Y", &y, &yl) == 0 &&
		    ember_dsa_key_init(&keys[n], p, pl, q, ql, g, gl, y, yl, x, xl) == 0)
			n++;
		free(p), free(q), free(g), free(x), free(y);
	}
	t_vec_close(&v);
	return n;
}

/*
 * k^-1 = s (z + x r)^-1 mod q from the public signature and the private
 * key, and k itself: what an attacker who reads a leaked k^-1 inverts.
 */
static int derive_kinv(const ember_dsa_key *k, const uint8_t *md, size_t md_len, const uint8_t *sig,
    ember_bn_word *kinv, ember_bn_word *kk)
{
	const size_t qn = k->mq.n, qlen = k->qlen;
	ember_bn_word r[EMBER_BN_MAX_WORDS], s[EMBER_BN_MAX_WORDS], z[EMBER_BN_MAX_WORDS];
	ember_bn_word t[EMBER_BN_MAX_WORDS], d[EMBER_BN_MAX_WORDS], one[EMBER_BN_MAX_WORDS];

	/* q is a whole number of bytes for both keys: z = the leftmost qlen bytes, mod q */
	if (k->mq.bits != 8 * qlen || md_len < qlen)
		return -1;
	ember_bn_from_bytes(r, qn, sig, qlen);
	ember_bn_from_bytes(s, qn, sig + qlen, qlen);
	ember_bn_from_bytes(z, qn, md, qlen);
	if (ember_bn_cmp(z, k->mq.m, qn) >= 0)
		ember_bn_sub(z, z, k->mq.m, qn);
	ember_bn_modmul(t, k->x, r, &k->mq);
	if (ember_bn_add(t, t, z, qn) || ember_bn_cmp(t, k->mq.m, qn) >= 0)
		ember_bn_sub(t, t, k->mq.m, qn);
	if (ember_bn_modinv_prime(d, t, &k->mq) != 0)
		return -1;
	ember_bn_modmul(kinv, s, d, &k->mq);
	if (ember_bn_modinv_prime(kk, kinv, &k->mq) != 0)
		return -1;
	/* k * k^-1 = 1 */
	ember_bn_modmul(t, kk, kinv, &k->mq);
	memset(one, 0, sizeof(one));
	one[0] = 1;
	return memcmp(t, one, qn * sizeof(t[0])) == 0 ? 0 : -1;
}

/*
 * Sign, then look through the 64 KiB below this frame (painted first) for
 * every form of k^-1, k and x. The key's own storage is on the heap.
 */
static void stack_scan(const ember_dsa_key *k, const char *name)
{
	const ember_hash_desc *hd = ember_hash_find("sha256", NULL);
	uint8_t *copy = malloc(SCAN_LEN), md[32], sig[EMBER_DSA_MAX_SIG_LEN], kb[EMBER_DSA_MAX_QLEN];
	pattern *pt = calloc(9, sizeof(*pt));
	ember_bn_word *kinv = calloc(3, EMBER_BN_MAX_WORDS * sizeof(ember_bn_word));
	ember_bn_word *kk = kinv + EMBER_BN_MAX_WORDS, *x = kk + EMBER_BN_MAX_WORDS;
	unsigned round;

	if (!CHECK(hd != NULL && copy != NULL && pt != NULL && kinv != NULL, "%s: set-up", name))
		goto out;
	memcpy(x, k->x, k->mq.n * sizeof(x[0]));
	for (round = 0; round < 4; round++) {
		size_t np = 0, i, used = 0;
		int r;

		t_rand_bytes(md, sizeof(md));
		/* the expected values, computed before the paint covers what this left behind */
		r = ember_dsa_sign(k, hd, md, sizeof(md), sig, 2 * k->qlen);
		if (!CHECK(r == 0 && derive_kinv(k, md, sizeof(md), sig, kinv, kk) == 0,
		        "%s: signature or k^-1 derivation failed (%d)", name, r))
			break;
		CHECK(ember_dsa_rfc6979_k(k, hd, md, sizeof(md), kb) == 0, "%s: rfc6979_k", name);
		{
			ember_bn_word kw[EMBER_BN_MAX_WORDS];
			ember_bn_from_bytes(kw, k->mq.n, kb, k->qlen);
			CHECK(memcmp(kw, kk, k->mq.n * sizeof(kw[0])) == 0, "%s: derived k is not RFC 6979's", name);
		}
		np = add_forms(pt, np, "k^-1", kinv, k);
		np = add_forms(pt, np, "k", kk, k);
		np = add_forms(pt, np, "x", x, k);

		paint_stack();
		r = ember_dsa_sign(k, hd, md, sizeof(md), sig, 2 * k->qlen);
		copy_stack(copy);

		CHECK(r == 0, "%s: sign", name);
		for (i = 0; i < SCAN_LEN; i++)
			used += copy[i] != PAINT;
		/* the scan must cover the signature's frames, else it proves nothing */
		if (!CHECK(used >= 512, "%s: only %zu bytes below the frame changed: not the signer's stack", name,
		        used))
			break;
		for (i = 0; i < np; i++) {
			long off = find(copy, SCAN_LEN, &pt[i]);
			CHECK(off < 0, "%s: %s left on the dead stack, %ld bytes below the caller's frame", name,
			    pt[i].name, (long)SCAN_LEN - off);
		}
		if (round == 0)
			t_note("%s: sign wrote %zu of the %u bytes below its caller; %zu secret forms searched", name,
			    used, SCAN_LEN, np);
	}
out:
	if (kinv != NULL)
		ember_wipe(kinv, 3 * EMBER_BN_MAX_WORDS * sizeof(ember_bn_word));
	free(kinv);
	free(pt);
	free(copy);
}

EMBER_TEST(dsa_sec_stack_secrets)
{
	ember_dsa_key *keys = calloc(2, sizeof(*keys));
	int n = keys ? rfc6979_keys(keys, 2) : 0;
	int i;

	if (!CHECK(n == 2, "dsa_rfc6979.txt: %d keys loaded, want 2", n)) {
		free(keys);
		return;
	}
	for (i = 0; i < n; i++) {
		char name[32];
		snprintf(name, sizeof(name), "DSA %u/%u", keys[i].mp.bits, keys[i].mq.bits);
		stack_scan(&keys[i], name);
		ember_dsa_key_clear(&keys[i]);
	}
	free(keys);
}

/* ---- validation of domain parameters and public keys ---- */

static const char *err_name(int r)
{
	return r == 0 ? "0" : r == EMBER_EKEYLEN ? "EKEYLEN" : r == EMBER_ERANGE ? "ERANGE" : "another error";
}

EMBER_TEST(dsa_sec_params_hostile)
{
	ember_dsa_key *k = calloc(1, sizeof(*k));
	t_vec v;
	unsigned n = 0;

	if (!CHECK(k != NULL, "calloc") || !CHECK(t_vec_open(&v, t_path(t_vec_dir, "dsa_hostile.txt")) == 0,
	                                       "dsa_hostile.txt")) {
		free(k);
		return;
	}
	while (t_vec_next(&v)) {
		const char *name = t_vec_get(&v, "DSAHostile"), *want = t_vec_get(&v, "Expect");
		uint8_t *p = NULL, *q = NULL, *g = NULL, *y = NULL;
		size_t pl, ql, gl, yl;
		int r;

		if (name == NULL)
			continue;
		if (CHECK(want != NULL && t_vec_bytes(&v, "P", &p, &pl) == 0 && t_vec_bytes(&v, "Q", &q, &ql) == 0 &&
		              t_vec_bytes(&v, "G", &g, &gl) == 0 && t_vec_bytes(&v, "Y", &y, &yl) == 0,
		        "%s: stanza incomplete", name)) {
			r = ember_dsa_key_init(k, p, pl, q, ql, g, gl, y, yl, NULL, 0);
			CHECK(strcmp(err_name(r), want) == 0, "%s: ember_dsa_key_init gave %s (%d), want %s", name,
			    err_name(r), r, want);
			/* the same parameters with a private key instead of y: refused the same way */
			r = ember_dsa_key_init(k, p, pl, q, ql, g, gl, NULL, 0, (const uint8_t *)"\x01\x23", 2);
			CHECK(strcmp(err_name(r), want) == 0, "%s with x: ember_dsa_key_init gave %s (%d), want %s", name,
			    err_name(r), r, want);
			n++;
		}
		free(p), free(q), free(g), free(y);
	}
	t_vec_close(&v);
	CHECK(n == 3, "dsa_hostile.txt: %u stanzas, want 3", n);
	ember_dsa_key_clear(k);
	free(k);
}

/* y = 1, 2, p - 1, p and p - y (order 2q: y^q = -1) with the RFC 6979 1024-bit parameters: refused. */
EMBER_TEST(dsa_sec_y_subgroup)
{
	ember_dsa_key *keys = calloc(2, sizeof(*keys));
	uint8_t p[EMBER_MAX_RSA_BITS / 8], q[EMBER_DSA_MAX_QLEN], g[EMBER_MAX_RSA_BITS / 8];
	uint8_t y[EMBER_MAX_RSA_BITS / 8];
	ember_bn_word w[EMBER_BN_MAX_WORDS], t[EMBER_BN_MAX_WORDS];
	size_t pl, ql, pn, i;
	int r;

	if (!CHECK(keys != NULL && rfc6979_keys(keys, 1) == 1, "the RFC 6979 1024-bit key"))
		goto out;
	pn = keys[0].mp.n;
	pl = (keys[0].mp.bits + 7) / 8;
	ql = keys[0].qlen;
	ember_bn_to_bytes(p, pl, keys[0].mp.m, pn);
	ember_bn_to_bytes(q, ql, keys[0].mq.m, keys[0].mq.n);
	ember_bn_to_bytes(g, pl, keys[0].g, pn);
	/* the real y loads */
	ember_bn_to_bytes(y, pl, keys[0].y, pn);
	r = ember_dsa_key_init(&keys[1], p, pl, q, ql, g, pl, y, pl, NULL, 0);
	CHECK(r == 0, "the RFC 6979 y refused (%d)", r);
	for (i = 0; i < 5; i++) {
		static const char *const what[] = { "y = 1", "y = 2", "y = p - 1", "y = p", "y = p - y (order 2q)" };
		memset(w, 0, sizeof(w));
		if (i < 2) {
			w[0] = (ember_bn_word)(i + 1);
		} else if (i == 2) {
			memcpy(w, keys[0].mp.m, pn * sizeof(w[0]));
			w[0] -= 1;
		} else if (i == 3) {
			memcpy(w, keys[0].mp.m, pn * sizeof(w[0]));
		} else {
			memcpy(t, keys[0].mp.m, pn * sizeof(t[0]));
			ember_bn_sub(w, t, keys[0].y, pn);
		}
		ember_bn_to_bytes(y, pl, w, pn);
		r = ember_dsa_key_init(&keys[1], p, pl, q, ql, g, pl, y, pl, NULL, 0);
		CHECK(r == EMBER_ERANGE, "%s: ember_dsa_key_init gave %d, want EMBER_ERANGE", what[i], r);
	}
out:
	if (keys != NULL) {
		ember_dsa_key_clear(&keys[0]);
		ember_dsa_key_clear(&keys[1]);
	}
	free(keys);
}

/* Jacobi symbol (a/n) for odd n > 0, a any integer: the textbook algorithm, apart from prime.c's. */
static int ref_jacobi(long a, long n)
{
	int s = 1;

	a %= n;
	if (a < 0)
		a += n;
	while (a) {
		while (a % 2 == 0) {
			a /= 2;
			if (n % 8 == 3 || n % 8 == 5)
				s = -s;
		}
		{
			long tmp = a;
			a = n;
			n = tmp;
		}
		if (a % 4 == 3 && n % 4 == 3)
			s = -s;
		a %= n;
	}
	return n == 1 ? s : 0;
}

/*
 * FIPS 186-4 C.3.3 for a small odd composite n, by the plain recurrence:
 * D = 5, -7, 9, ... until (D/n) = -1 (0: composite; none below 4096:
 * composite), then U_(n+1) mod n with P = 1, Q = (1 - D)/4.
 */
static int ref_lucas_composite(long n)
{
	long d, D = 0, Q, u0 = 0, u1 = 1, k;
	int j = 0, sign = 1;

	for (d = 5; d < 4096; d += 2, sign = -sign) {
		j = ref_jacobi(sign * d, n);
		if (j != 1) {
			D = sign * d;
			break;
		}
	}
	if (j != -1)
		return 0;
	Q = ((1 - D) / 4) % n;
	if (Q < 0)
		Q += n;
	for (k = 1; k <= n; k++) {
		/* U_k+1 = U_k - Q U_k-1 */
		long u2 = ((u1 - Q * u0) % n + n) % n;
		u0 = u1;
		u1 = u2;
	}
	return u1 == 0;
}

static int small_is_prime(long n)
{
	long r;

	for (r = 2; r * r <= n; r++)
		if (n % r == 0)
			return 0;
	return n > 1;
}

EMBER_TEST(dsa_sec_lucas)
{
	ember_dsa_key *keys = calloc(2, sizeof(*keys));
	ember_bn_word w[EMBER_BN_MAX_WORDS];
	unsigned primes = 0, pseudo = 0, bad = 0;
	int found323 = 0, found377 = 0, r, i;
	long n;

	for (n = 3; n < 8192; n += 2) {
		int prime = small_is_prime(n), want = prime ? 1 : ref_lucas_composite(n);
		memset(w, 0, sizeof(w));
		w[0] = (ember_bn_word)n;
		r = ember_prime_test_lucas(w, 1, 0);
		if (r != want && bad++ < 5)
			CHECK(0, "Lucas test of %ld: %d, want %d (%s)", n, r, want, prime ? "prime" : "composite");
		primes += prime;
		if (!prime && want) {
			pseudo++;
			found323 |= n == 323;
			found377 |= n == 377;
			/* with Miller-Rabin (and its trial division) first, no composite passes */
			r = ember_prime_test_lucas(w, 1, 1);
			CHECK(r == 0, "%ld (a Lucas pseudoprime) with a Miller-Rabin round: %d, want 0", n, r);
		}
	}
	CHECK(bad == 0, "%u of the odd numbers below 8192 judged wrongly", bad);
	/* 323 = 17 * 19 and 377 = 13 * 29 are the first two Lucas pseudoprimes (OEIS A217120) */
	CHECK(found323 && found377, "323 and 377 are Lucas pseudoprimes: the reference disagrees");
	t_note("odd numbers below 8192: %u primes passed, %u Lucas pseudoprimes agree with the reference", primes,
	    pseudo);
	/* the RFC 6979 primes pass; a 1024-bit product of two primes (dsa_hostile.txt) does not */
	if (keys != NULL && rfc6979_keys(keys, 2) == 2) {
		for (i = 0; i < 2; i++) {
			r = ember_prime_test_lucas(keys[i].mp.m, keys[i].mp.n, 0);
			CHECK(r == 1, "RFC 6979 p of %u bits: Lucas gave %d", keys[i].mp.bits, r);
			r = ember_prime_test_lucas(keys[i].mq.m, keys[i].mq.n, 0);
			CHECK(r == 1, "RFC 6979 q of %u bits: Lucas gave %d", keys[i].mq.bits, r);
			/* p * 3 and p + 2 (even: no; p + 2 is odd and almost surely composite) */
			memcpy(w, keys[i].mp.m, keys[i].mp.n * sizeof(w[0]));
			w[0] += 2;
			r = ember_prime_test_lucas(w, keys[i].mp.n, 0);
			CHECK(r == 0 || ember_prime_test(w, keys[i].mp.n, 40) == 1, "p + 2 of %u bits: Lucas gave %d",
			    keys[i].mp.bits, r);
		}
		ember_dsa_key_clear(&keys[0]);
		ember_dsa_key_clear(&keys[1]);
	} else {
		CHECK(0, "the RFC 6979 keys");
	}
	{
		uint8_t *p = NULL;
		size_t pl;
		/* composite-p of dsa_hostile.txt: 1024 bits, p1 * p2 */
		if (CHECK(t_hex("8feea3217c36ebdcdecee0428d66a4bcad84873c72aa2583ef806718c39fe790afe85ca3b6cd1b05b81df84c9ffb"
		                "ca8205a3dfc2525c21c502e6e038bcc02a7b138ce8c3f03df0c274a9f4f2897b7f84b83d91e73df2c950f31a209f"
		                "6386b155619bdcdad44ae8dd74e3bd55b9aff2c12b389102b853bfbf81b3ec8b69603f6d",
		              &p, &pl) == 0,
		        "hex")) {
			ember_bn_from_bytes(w, EMBER_BN_WORDS(1024), p, pl);
			r = ember_prime_test_lucas(w, EMBER_BN_WORDS(1024), 0);
			CHECK(r == 0, "a 1024-bit product of two primes: Lucas alone gave %d", r);
		}
		free(p);
	}
	free(keys);
}
