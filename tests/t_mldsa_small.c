/*
 * t_mldsa_small.c - ML-DSA's small-stack paths (src/pq/mldsa_small.c,
 * EMBER_MLDSA_SMALL_STACK) against the public calls:
 *   mldsa_small_sign: every set and every supported implementation,
 *     random keys, messages and contexts (0 to 255 bytes): mldsa_sign_small's
 *     signature equals ember_mldsa_sign_rnd_with's byte for byte,
 *     deterministic (rnd zero) and hedged with a fixed random rnd, and from
 *     mu as ember_mldsa_sign_mu_with's; each verifies;
 *   mldsa_small_verify: mldsa_verify_small's verdict equals
 *     ember_mldsa_verify_mu_with's on valid signatures, one bit flipped
 *     anywhere (c~, z, hints), z out of range, hints not canonical, the
 *     wrong mu or key;
 *   mldsa_small_keygen: mldsa_make_t_small gives the public key and t0 of
 *     ember_mldsa_keygen_seed_with, and flags an sk with a changed t0;
 *   mldsa_small_vectors: Wycheproof's mldsa_{44,65}_sign_seed_test.json and
 *     mldsa_65_sign_noseed_test.json (valid cases: the signature from mu and
 *     rnd), mldsa_{44,65}_verify_test.json (every case of the set's lengths
 *     and a context of at most 255 bytes: the verdict) through the small
 *     routines directly.
 * In a build with EMBER_MLDSA_SMALL_STACK=1 the public calls are the small
 * ones too; the vectors (here and in t_mldsa.c) then check them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ember/mldsa.h"
#include "pq/mldsa_int.h"
#include "test.h"

static const int sets[3] = { EMBER_MLDSA44, EMBER_MLDSA65, EMBER_MLDSA87 };

static unsigned rnd_below(unsigned n)
{
	uint32_t x;

	t_rand_bytes((uint8_t *)&x, sizeof(x));
	return (unsigned)(x % n);
}

/* one random key of |set| from |d| */
static int key(const ember_mldsa_desc *d, int set, uint8_t *pk, uint8_t *sk)
{
	uint8_t seed[32];

	t_rand_bytes(seed, sizeof(seed));
	return ember_mldsa_keygen_seed_with(d, set, pk, EMBER_MLDSA_PK_LEN(set), sk, EMBER_MLDSA_SK_LEN(set), seed);
}

EMBER_TEST(mldsa_small_sign)
{
	static uint8_t pk[EMBER_MLDSA_PK_MAX], sk[EMBER_MLDSA_SK_MAX], sig[EMBER_MLDSA_SIG_MAX], sig2[EMBER_MLDSA_SIG_MAX];
	uint8_t msg[100], ctx[255], rnd[32], mu[64];
	unsigned s, it, rounds = t_quick ? 2 : 6, same = 0, n;
	size_t i;

	for (i = 0; i < ember_mldsa_count(); i++) {
		const ember_mldsa_desc *d = ember_mldsa_at(i);
		const mldsa_ops *o = mldsa_ops_of(d);
		if (o == NULL)
			continue;
		for (s = 0; s < 3; s++) {
			int set = sets[s];
			const mldsa_params *p = mldsa_params_of(set);
			size_t sl = EMBER_MLDSA_SIG_LEN(set), pkl = EMBER_MLDSA_PK_LEN(set), skl = EMBER_MLDSA_SK_LEN(set);
			if (!CHECK(p != NULL && key(d, set, pk, sk) == 0, "ML-DSA-%d (%s): keygen", set, d->impl))
				continue;
			for (it = 0; it < rounds; it++) {
				size_t ml = rnd_below(sizeof(msg) + 1), cl = it == 0 ? 0 : it == 1 ? 255 : rnd_below(256);
				t_rand_bytes(msg, ml);
				t_rand_bytes(ctx, cl);
				if (it & 1)
					t_rand_bytes(rnd, sizeof(rnd));
				else
					memset(rnd, 0, sizeof(rnd));
				if (it == rounds - 1 && key(d, set, pk, sk) != 0)
					break;
				memset(sig, 0, sl);
				memset(sig2, 0xa5, sl);
				CHECK(ember_mldsa_sign_rnd_with(d, set, sig, sl, sk, skl, msg, ml, ctx, cl, rnd) == 0,
				    "ML-DSA-%d (%s): sign", set, d->impl);
				CHECK(ember_mldsa_mu(set, mu, pk, pkl, msg, ml, ctx, cl) == 0, "mu");
				mldsa_sign_small(o, p, sig2, sk, mu, rnd);
				n = CHECK(memcmp(sig, sig2, sl) == 0, "ML-DSA-%d (%s) round %u (msg %zu, ctx %zu bytes, %s): "
				                                      "small-stack signature differs",
				    set, d->impl, it, ml, cl, it & 1 ? "hedged" : "deterministic");
				same += n;
				CHECK(ember_mldsa_verify_with(d, set, pk, pkl, msg, ml, ctx, cl, sig2, sl) == 0 &&
				          mldsa_verify_small(o, p, pk, mu, sig2) == 0,
				    "ML-DSA-%d (%s): the small signature does not verify", set, d->impl);
				memset(sig2, 0, sl);
				CHECK(ember_mldsa_sign_mu_with(d, set, sig2, sl, sk, skl, mu, rnd) == 0 && memcmp(sig, sig2, sl) == 0,
				    "ML-DSA-%d (%s): sign_mu differs", set, d->impl);
			}
		}
	}
	if (t_phase == 1)
		t_note("mldsa small-stack signing: %u signatures equal the default path's (3 sets, each implementation, "
		       "EMBER_MLDSA_SMALL_STACK=%d in this build)",
		    same, EMBER_MLDSA_SMALL_STACK);
}

/* mldsa_verify_small agrees with ember_mldsa_verify_mu_with on |sig| */
static int agree(const ember_mldsa_desc *d, const mldsa_ops *o, const mldsa_params *p, const uint8_t *pk,
    const uint8_t *mu, const uint8_t *sig, int want)
{
	int a = ember_mldsa_verify_mu_with(d, p->set, pk, p->pk_len, mu, sig, p->sig_len);
	int b = mldsa_verify_small(o, p, pk, mu, sig);

	return CHECK(a == b && a == want, "ML-DSA-%d (%s): verify %d, small %d, want %d", p->set, d->impl, a, b, want);
}

EMBER_TEST(mldsa_small_verify)
{
	static uint8_t pk[EMBER_MLDSA_PK_MAX], sk[EMBER_MLDSA_SK_MAX], sig[EMBER_MLDSA_SIG_MAX], bad[EMBER_MLDSA_SIG_MAX];
	uint8_t mu[64], rnd[32];
	unsigned s, it, rounds = t_quick ? 40 : 200, done = 0;
	size_t i;

	for (i = 0; i < ember_mldsa_count(); i++) {
		const ember_mldsa_desc *d = ember_mldsa_at(i);
		const mldsa_ops *o = mldsa_ops_of(d);
		if (o == NULL)
			continue;
		for (s = 0; s < 3; s++) {
			const mldsa_params *p = mldsa_params_of(sets[s]);
			size_t sl = p->sig_len, zb = 32u * (p->gamma1_bits + 1), hs = p->ctl + p->l * zb;
			if (!CHECK(key(d, p->set, pk, sk) == 0, "keygen"))
				continue;
			t_rand_bytes(mu, sizeof(mu));
			t_rand_bytes(rnd, sizeof(rnd));
			if (!CHECK(ember_mldsa_sign_mu_with(d, p->set, sig, sl, sk, p->sk_len, mu, rnd) == 0, "sign"))
				continue;
			done += agree(d, o, p, pk, mu, sig, 0);
			/* one bit flipped: c~ and the hints always, z at random */
			for (it = 0; it < rounds; it++) {
				size_t at = it < p->ctl ? it : it < p->ctl + p->omega + p->k ? hs + (it - p->ctl) : rnd_below((unsigned)sl);
				memcpy(bad, sig, sl);
				bad[at] ^= (uint8_t)(1u << rnd_below(8));
				done += agree(d, o, p, pk, mu, bad, EMBER_EVERIFY);
			}
			/* z out of range: a field of gamma1 - z all ones (z = gamma1 - (2^(bits+1) - 1)) */
			memcpy(bad, sig, sl);
			memset(bad + p->ctl + zb - 3, 0xff, 3);
			done += agree(d, o, p, pk, mu, bad, EMBER_EVERIFY);
			/* hints not canonical: a row end past omega */
			memcpy(bad, sig, sl);
			bad[hs + p->omega] = (uint8_t)(p->omega + 1);
			done += agree(d, o, p, pk, mu, bad, EMBER_EVERIFY);
			/* the wrong mu, the wrong key */
			mu[0] ^= 1;
			done += agree(d, o, p, pk, mu, sig, EMBER_EVERIFY);
			mu[0] ^= 1;
			pk[40] ^= 4;
			done += agree(d, o, p, pk, mu, sig, EMBER_EVERIFY);
		}
	}
	if (t_phase == 1)
		t_note("mldsa small-stack verification: %u verdicts equal the default path's", done);
}

EMBER_TEST(mldsa_small_keygen)
{
	static uint8_t pk[EMBER_MLDSA_PK_MAX], sk[EMBER_MLDSA_SK_MAX], pk2[EMBER_MLDSA_PK_MAX], sk2[EMBER_MLDSA_SK_MAX];
	unsigned s, it;
	size_t i;

	for (i = 0; i < ember_mldsa_count(); i++) {
		const ember_mldsa_desc *d = ember_mldsa_at(i);
		const mldsa_ops *o = mldsa_ops_of(d);
		if (o == NULL)
			continue;
		for (s = 0; s < 3; s++) {
			const mldsa_params *p = mldsa_params_of(sets[s]);
			for (it = 0; it < 2; it++) {
				if (!CHECK(key(d, p->set, pk, sk) == 0, "keygen"))
					continue;
				/* t1 and t0 made again, t0 into a copy whose t0 was cleared */
				memset(pk2, 0, sizeof(pk2));
				memcpy(pk2, sk, 32);
				memcpy(sk2, sk, p->sk_len);
				memset(sk2 + SK_T0(p), 0, p->sk_len - SK_T0(p));
				CHECK(mldsa_make_t_small(o, p, pk2, sk2 + SK_T0(p), sk2) == 0 && memcmp(pk, pk2, p->pk_len) == 0 &&
				          memcmp(sk, sk2, p->sk_len) == 0,
				    "ML-DSA-%d (%s): small t differs", p->set, d->impl);
				/* compared with sk's t0: equal, then one bit off */
				memset(pk2 + 32, 0, p->pk_len - 32);
				CHECK(mldsa_make_t_small(o, p, pk2, NULL, sk) == 0 && memcmp(pk, pk2, p->pk_len) == 0,
				    "ML-DSA-%d (%s): small t against sk's t0", p->set, d->impl);
				sk2[SK_T0(p) + rnd_below((unsigned)(p->sk_len - SK_T0(p)))] ^= 0x10;
				CHECK(mldsa_make_t_small(o, p, pk2, NULL, sk2) != 0, "ML-DSA-%d (%s): a changed t0 not seen",
				    p->set, d->impl);
			}
		}
	}
}

static int set_of(const char *alg)
{
	if (alg == NULL)
		return 0;
	return strcmp(alg, "ML-DSA-44") == 0 ? 44 : strcmp(alg, "ML-DSA-65") == 0 ? 65 : strcmp(alg, "ML-DSA-87") == 0 ? 87 : 0;
}

/* Wycheproof sign files: each valid case's signature from mu (and rnd) by mldsa_sign_small; the count */
static unsigned sign_vectors(const char *name, int seeded)
{
	static uint8_t mysig[EMBER_MLDSA_SIG_MAX], mypk[EMBER_MLDSA_PK_MAX], mysk[EMBER_MLDSA_SK_MAX];
	const mldsa_ops *o = mldsa_ops_of(NULL);
	unsigned done = 0;
	const tj *groups;
	size_t g, i;
	tj *j = t_wycheproof_load(name);

	if (j == NULL)
		return 0;
	groups = tj_get(j, "testGroups");
	for (g = 0; groups != NULL && g < groups->n; g++) {
		const tj *grp = groups->items[g], *tests = tj_get(grp, "tests");
		const mldsa_params *p = mldsa_params_of(set_of(tj_str(j, "algorithm")));
		size_t key_len = 0, pk_len = 0;
		uint8_t *key = tj_hex(grp, seeded ? "privateSeed" : "privateKey", &key_len);
		uint8_t *pk = tj_hex(grp, "publicKey", &pk_len);
		const uint8_t *sk = key;

		if (p == NULL || key == NULL || tests == NULL)
			goto next;
		if (seeded) {
			if (key_len != 32 || ember_mldsa_keygen_seed(p->set, mypk, p->pk_len, mysk, p->sk_len, key) != 0)
				goto next;
			sk = mysk;
		} else if (key_len != p->sk_len || mldsa_check_sk(p, sk) != 0) {
			goto next;
		}
		for (i = 0; i < tests->n; i++) {
			const tj *t = tests->items[i];
			const char *res = tj_str(t, "result");
			size_t mu_len = 0, sig_len = 0, rnd_len = 0;
			uint8_t *mu = tj_hex(t, "mu", &mu_len), *sig = tj_hex(t, "sig", &sig_len), *rnd = tj_hex(t, "rnd", &rnd_len);
			uint8_t zero[32];

			memset(zero, 0, sizeof(zero));
			if (res != NULL && strcmp(res, "valid") == 0 && mu != NULL && mu_len == 64 && sig != NULL &&
			    sig_len == p->sig_len && (rnd == NULL || rnd_len == 32)) {
				memset(mysig, 0, sizeof(mysig));
				mldsa_sign_small(o, p, mysig, sk, mu, rnd ? rnd : zero);
				done += CHECK(memcmp(mysig, sig, sig_len) == 0, "%s tcId %ld: small-stack signature differs", name,
				    tj_int(t, "tcId", -1));
				if (pk != NULL && pk_len == p->pk_len)
					CHECK(mldsa_verify_small(o, p, pk, mu, sig) == 0, "%s tcId %ld: small verify", name,
					    tj_int(t, "tcId", -1));
			}
			free(mu);
			free(sig);
			free(rnd);
		}
	next:
		free(key);
		free(pk);
	}
	tj_free(j);
	return done;
}

/* Wycheproof verify files: every case of the right lengths and context through mldsa_verify_small; the count */
static unsigned verify_vectors(const char *name)
{
	const mldsa_ops *o = mldsa_ops_of(NULL);
	unsigned done = 0;
	const tj *groups;
	size_t g, i;
	tj *j = t_wycheproof_load(name);

	if (j == NULL)
		return 0;
	groups = tj_get(j, "testGroups");
	for (g = 0; groups != NULL && g < groups->n; g++) {
		const tj *grp = groups->items[g], *tests = tj_get(grp, "tests");
		const mldsa_params *p = mldsa_params_of(set_of(tj_str(j, "algorithm")));
		size_t pk_len = 0;
		uint8_t *pk = tj_hex(grp, "publicKey", &pk_len);

		for (i = 0; p != NULL && pk != NULL && pk_len == p->pk_len && tests != NULL && i < tests->n; i++) {
			const tj *t = tests->items[i];
			const char *res = tj_str(t, "result");
			size_t msg_len = 0, ctx_len = 0, sig_len = 0;
			uint8_t *msg = tj_hex(t, "msg", &msg_len), *ctx = tj_hex(t, "ctx", &ctx_len), *sig = tj_hex(t, "sig", &sig_len);
			uint8_t mu[64];

			if (res != NULL && msg != NULL && sig != NULL && sig_len == p->sig_len && ctx_len <= 255 &&
			    ember_mldsa_mu(p->set, mu, pk, pk_len, msg, msg_len, ctx, ctx_len) == 0) {
				int want = strcmp(res, "valid") == 0 ? 0 : EMBER_EVERIFY, r = mldsa_verify_small(o, p, pk, mu, sig);
				done += CHECK(r == want, "%s tcId %ld: small verify %d, want %d", name, tj_int(t, "tcId", -1), r, want);
			}
			free(msg);
			free(ctx);
			free(sig);
		}
		free(pk);
	}
	tj_free(j);
	return done;
}

EMBER_TEST(mldsa_small_vectors)
{
	unsigned s44 = sign_vectors("mldsa_44_sign_seed_test.json", 1), s65 = sign_vectors("mldsa_65_sign_seed_test.json", 1);
	unsigned s65n = sign_vectors("mldsa_65_sign_noseed_test.json", 0);
	unsigned v44 = verify_vectors("mldsa_44_verify_test.json"), v65 = verify_vectors("mldsa_65_verify_test.json");

	if (t_phase == 1)
		t_note("Wycheproof through the small-stack routines: signatures %u + %u + %u (44, 65, 65 noseed), "
		       "verdicts %u + %u",
		    s44, s65, s65n, v44, v65);
}
