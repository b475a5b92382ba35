/*
 * t_mldsa_impl.c - ML-DSA's implementations (src/pq/mldsa_ref.c,
 * mldsa_avx2.c: mldsa_int.h's mldsa_ops) against each other, and the
 * dispatch:
 *   mldsa_ops_agree: every operation of every supported implementation
 *     gives exactly ref's integers on random inputs over the ranges the
 *     scheme feeds it, and on the edges (NTT and inverse, reduce32, caddq,
 *     A^'s rejection sampling and products for one and two vectors from
 *     any start, ExpandS's rejection sampling (eta 2 and 4), the
 *     challenge's sums, the norm check at its bound, Power2Round,
 *     Decompose, MakeHint at +-gamma2, UseHint; both gamma2);
 *   mldsa_impls_agree: keys, signatures (from msg and rnd, from mu) and
 *     verdicts (valid, and a flipped bit) of each implementation equal
 *     ref's, every set;
 *   mldsa_default: the default is the first supported constant-time entry,
 *     ref under EMBER_CPUCAP=none, avx2 where the CPU has AVX2 and the OS
 *     saves YMM (x86-64), and the operations the API calls are the
 *     default's (mldsa_ops_of, the one place that resolves them).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ember/cpu.h"
#include "ember/mldsa.h"
#include "pq/mldsa_int.h"
#include "test.h"

#define Q MLDSA_Q
#define N MLDSA_N

static const int sets[3] = { EMBER_MLDSA44, EMBER_MLDSA65, EMBER_MLDSA87 };
static const int32_t gammas[2] = { (Q - 1) / 88, (Q - 1) / 32 };

static size_t impls(const ember_mldsa_desc **out, size_t max)
{
	size_t i, n = 0;

	for (i = 0; i < ember_mldsa_count(); i++)
		if (ember_mldsa_supported(ember_mldsa_at(i)) && n < max)
			out[n++] = ember_mldsa_at(i);
	return n;
}

/* uniform in [lo, hi] */
static int32_t rnd_in(int32_t lo, int32_t hi)
{
	uint32_t x;

	t_rand_bytes((uint8_t *)&x, sizeof(x));
	return (int32_t)((int64_t)lo + (int64_t)(x % (uint64_t)((int64_t)hi - lo + 1)));
}

static void rnd_poly(mldsa_poly *a, int32_t lo, int32_t hi)
{
	unsigned i;

	for (i = 0; i < N; i++)
		a->c[i] = rnd_in(lo, hi);
}

static int same(const mldsa_poly *a, const mldsa_poly *b)
{
	return memcmp(a, b, sizeof(*a)) == 0;
}

/* one implementation's operations against ref's; returns the number of comparisons */
static unsigned ops_agree(const char *name, const mldsa_ops *r, const mldsa_ops *o)
{
	static mldsa_poly a, b, c, d, acc0[12], acc1[12];
	static poly_pair pairs[2];
	unsigned it, g, rounds = t_quick ? 20 : 200, done = 0, i;

	for (it = 0; it < rounds; it++) {
		uint8_t buf[168], hint[N];
		uint32_t hm0[N / 32], hm1[N / 32], n0, n1;
		mldsa_chal ch;
		int32_t bound;
		unsigned ctr, nb, slot, k0, k1;

		rnd_poly(&a, it & 1 ? -Q : -(1 << 19), it & 1 ? Q : 1 << 19);
		b = a;
		r->ntt(&a);
		o->ntt(&b);
		done += CHECK(same(&a, &b), "%s: ntt differs", name);
		rnd_poly(&a, -Q + 1, Q - 1);
		b = a;
		r->invntt_tomont(&a);
		o->invntt_tomont(&b);
		done += CHECK(same(&a, &b), "%s: invntt differs", name);
		rnd_poly(&a, it & 1 ? INT32_MIN : -(1 << 28), (1 << 30) + (1 << 29) + ((1 << 29) - (1 << 22) - 1));
		a.c[0] = INT32_MAX - (1 << 22);
		a.c[1] = INT32_MIN;
		b = a;
		r->reduce(&a);
		o->reduce(&b);
		done += CHECK(same(&a, &b), "%s: reduce differs", name);
		rnd_poly(&a, -Q + 1, Q - 1);
		b = a;
		r->caddq(&a);
		o->caddq(&b);
		done += CHECK(same(&a, &b), "%s: caddq differs", name);

		/* A^'s products: nb vectors, from a random start (near the end too), some refused values */
		t_rand_bytes(buf, sizeof(buf));
		for (i = 0; i + 3 <= sizeof(buf); i += 3)
			if (rnd_in(0, 7) == 0)
				buf[i + 2] |= 0x7f, buf[i + 1] = 0xff;
		nb = 1 + (it & 1);
		slot = (it >> 1) & 1;
		ctr = it % 3 == 0 ? (unsigned)rnd_in(200, N - 1) : (unsigned)rnd_in(0, N - 1);
		for (i = 0; i < 2; i++) {
			rnd_poly(&pairs[i].p[0], -9 * Q, 9 * Q);
			rnd_poly(&pairs[i].p[1], -9 * Q, 9 * Q);
		}
		for (i = 0; i < 12; i++)
			rnd_poly(&acc0[i], -5 * Q, 5 * Q);
		memcpy(acc1, acc0, sizeof(acc0));
		k0 = r->rej_mac(acc0, 6, pairs, slot, nb, ctr, buf, sizeof(buf));
		k1 = o->rej_mac(acc1, 6, pairs, slot, nb, ctr, buf, sizeof(buf));
		done += CHECK(k0 == k1 && memcmp(acc0, acc1, sizeof(acc0)) == 0, "%s: rej_mac differs (nb %u, from %u)",
		    name, nb, ctr);

		/* ExpandS's half-bytes: eta 2 and 4, from a random start (near the end too) */
		for (g = 0; g < 2; g++) {
			int8_t e0[N + MLDSA_ETA_SLACK], e1[N + MLDSA_ETA_SLACK];
			uint8_t blk[136];
			unsigned eta = g ? 4 : 2;
			t_rand_bytes(blk, sizeof(blk));
			ctr = it % 3 == 0 ? (unsigned)rnd_in(200, N - 1) : (unsigned)rnd_in(0, N - 1);
			memset(e0, 0, sizeof(e0));
			memset(e1, 0, sizeof(e1));
			k0 = r->rej_eta(e0, ctr, blk, sizeof(blk), eta);
			k1 = o->rej_eta(e1, ctr, blk, sizeof(blk), eta);
			done += CHECK(k0 == k1 && k0 <= N && memcmp(e0, e1, k0) == 0, "%s: rej_eta differs (eta %u, from %u)", name,
			    eta, ctr);
		}

		/* the challenge's sums */
		memset(&ch, 0, sizeof(ch));
		ch.tau = (unsigned)rnd_in(1, MLDSA_MAXTAU);
		for (i = 0; i < ch.tau; i++) {
			ch.pos[i] = (uint8_t)rnd_in(0, N - 1);
			ch.sign[i] = (int8_t)(rnd_in(0, 1) ? 1 : -1);
		}
		rnd_poly(&pairs[0].p[1], -(1 << 13), 1 << 13);
		mldsa_chal_ext(pairs[0].ext);
		rnd_poly(&a, -(1 << 19), 1 << 19);
		b = a;
		r->chal_mac(a.c, &ch, pairs[0].ext, it & 1);
		o->chal_mac(b.c, &ch, pairs[0].ext, it & 1);
		done += CHECK(same(&a, &b), "%s: chal_mac differs (neg %u)", name, it & 1);

		/* the norm check around its bound: below, at, above, negative */
		bound = rnd_in(2, 1 << 20);
		rnd_poly(&a, -(bound - 1), bound - 1);
		if (it % 4 != 0)
			a.c[rnd_in(0, N - 1)] = (it % 4 == 1 ? 1 : -1) * (bound - 1 + (int32_t)(it % 8 >= 4));
		done += CHECK(r->exceeds(&a, bound) == o->exceeds(&a, bound), "%s: exceeds differs (bound %d)", name,
		    (int)bound);

		rnd_poly(&a, 0, Q - 1);
		r->power2round(&b, &c, &a);
		o->power2round(&d, &acc0[0], &a);
		done += CHECK(same(&b, &d) && same(&c, &acc0[0]), "%s: power2round differs", name);

		for (g = 0; g < 2; g++) {
			int32_t g2 = gammas[g];
			rnd_poly(&a, 0, Q - 1);
			for (i = 0; i < 16; i++) /* the class edges and the top class */
				a.c[i] = i >= 8 ? Q - 1 - (int32_t)i
				                : (2 * g2 * rnd_in(0, Q / (2 * g2)) + (int32_t)i - 4 + Q) % Q;
			r->decompose(&b, &c, &a, g2);
			o->decompose(&d, &acc0[0], &a, g2);
			done += CHECK(same(&b, &d) && same(&c, &acc0[0]), "%s: decompose differs (gamma2 %d)", name, (int)g2);
			o->decompose(&d, NULL, &a, g2);
			done += CHECK(same(&b, &d), "%s: decompose without a0 differs", name);
			d = a;
			o->decompose(&d, &acc0[0], &d, g2);
			done += CHECK(same(&b, &d), "%s: decompose in place differs", name);

			/* MakeHint: a0 around +-gamma2 (exactly -gamma2 with a1 zero and not) */
			rnd_poly(&a, -g2 - 3, g2 + 3);
			rnd_poly(&b, 0, g == 0 ? 43 : 15);
			for (i = 0; i < 8; i++) {
				a.c[i] = i < 4 ? -g2 : g2;
				b.c[i] = (int32_t)(i & 1);
			}
			for (i = 0; i < N / 32; i++)
				hm0[i] = hm1[i] = (uint32_t)i; /* ORed into */
			n0 = r->make_hint(hm0, &a, &b, g2);
			n1 = o->make_hint(hm1, &a, &b, g2);
			done += CHECK(n0 == n1 && memcmp(hm0, hm1, sizeof(hm0)) == 0, "%s: make_hint differs (gamma2 %d)", name,
			    (int)g2);

			rnd_poly(&a, 0, Q - 1);
			for (i = 0; i < N; i++)
				hint[i] = (uint8_t)rnd_in(0, 1);
			r->use_hint(&b, &a, hint, g2);
			o->use_hint(&d, &a, hint, g2);
			done += CHECK(same(&b, &d), "%s: use_hint differs (gamma2 %d)", name, (int)g2);
		}
	}
	return done;
}

EMBER_TEST(mldsa_ops_agree)
{
	const ember_mldsa_desc *d[8], *ref = ember_mldsa_find("ref");
	size_t n = impls(d, 8), i;
	unsigned done = 0;

	if (!CHECK(ref != NULL, "no ref implementation"))
		return;
	for (i = 0; i < n; i++)
		if (d[i] != ref)
			done += ops_agree(d[i]->impl, (const mldsa_ops *)ref->ops, (const mldsa_ops *)d[i]->ops);
	if (t_phase == 1)
		t_note("mldsa: %u operation results of %zu implementation(s) equal ref's", done, n - 1);
}

EMBER_TEST(mldsa_impls_agree)
{
	const ember_mldsa_desc *d[8], *ref = ember_mldsa_find("ref");
	size_t n = impls(d, 8), i;
	unsigned s, it, rounds = t_quick ? 2 : 6, compared = 0;

	if (!CHECK(ref != NULL, "no ref implementation"))
		return;
	for (s = 0; s < 3; s++) {
		int set = sets[s];
		size_t pkl = EMBER_MLDSA_PK_LEN(set), skl = EMBER_MLDSA_SK_LEN(set), sl = EMBER_MLDSA_SIG_LEN(set);
		for (it = 0; it < rounds; it++) {
			uint8_t seed[32], rnd[32], msg[64], mu[64], pk0[EMBER_MLDSA_PK_MAX], sk0[EMBER_MLDSA_SK_MAX];
			uint8_t pk1[EMBER_MLDSA_PK_MAX], sk1[EMBER_MLDSA_SK_MAX], sig0[EMBER_MLDSA_SIG_MAX],
			    sig1[EMBER_MLDSA_SIG_MAX];
			t_rand_bytes(seed, sizeof(seed));
			t_rand_bytes(rnd, sizeof(rnd));
			t_rand_bytes(msg, sizeof(msg));
			if (!CHECK(ember_mldsa_keygen_seed_with(ref, set, pk0, pkl, sk0, skl, seed) == 0 &&
			               ember_mldsa_sign_rnd_with(ref, set, sig0, sl, sk0, skl, msg, sizeof(msg), NULL, 0, rnd) ==
			                   0 &&
			               ember_mldsa_mu(set, mu, pk0, pkl, msg, sizeof(msg), NULL, 0) == 0,
			        "mldsa-%d: ref keygen/sign", set))
				continue;
			for (i = 0; i < n; i++) {
				const char *nm = d[i]->impl;
				if (d[i] == ref)
					continue;
				CHECK(ember_mldsa_keygen_seed_with(d[i], set, pk1, pkl, sk1, skl, seed) == 0 &&
				          memcmp(pk0, pk1, pkl) == 0 && memcmp(sk0, sk1, skl) == 0,
				    "%s mldsa-%d: keys differ from ref's (seed %s)", nm, set, t_tohex(seed, 32));
				CHECK(ember_mldsa_public_from_private_with(d[i], set, pk1, pkl, sk0, skl) == 0 &&
				          memcmp(pk0, pk1, pkl) == 0,
				    "%s mldsa-%d: public from private differs", nm, set);
				CHECK(ember_mldsa_sign_rnd_with(d[i], set, sig1, sl, sk0, skl, msg, sizeof(msg), NULL, 0, rnd) == 0 &&
				          memcmp(sig0, sig1, sl) == 0,
				    "%s mldsa-%d: signature differs from ref's (seed %s)", nm, set, t_tohex(seed, 32));
				CHECK(ember_mldsa_sign_mu_with(d[i], set, sig1, sl, sk0, skl, mu, rnd) == 0 &&
				          memcmp(sig0, sig1, sl) == 0,
				    "%s mldsa-%d: signature from mu differs", nm, set);
				CHECK(ember_mldsa_verify_with(d[i], set, pk0, pkl, msg, sizeof(msg), NULL, 0, sig0, sl) == 0 &&
				          ember_mldsa_verify_mu_with(d[i], set, pk0, pkl, mu, sig0, sl) == 0,
				    "%s mldsa-%d: ref's signature refused", nm, set);
				sig1[it % sl] ^= 1;
				CHECK(ember_mldsa_verify_with(d[i], set, pk0, pkl, msg, sizeof(msg), NULL, 0, sig1, sl) ==
				              EMBER_EVERIFY &&
				          ember_mldsa_verify_with(ref, set, pk0, pkl, msg, sizeof(msg), NULL, 0, sig1, sl) ==
				              EMBER_EVERIFY,
				    "%s mldsa-%d: a flipped bit accepted", nm, set);
				compared++;
			}
		}
	}
	if (t_phase == 1)
		t_note("mldsa: %u comparisons of %zu implementation(s) against ref (keygen, public from private, sign "
		       "from msg and from mu, verify)",
		    compared, n - 1);
}

EMBER_TEST(mldsa_default)
{
	const ember_mldsa_desc *def = ember_mldsa_find(NULL), *avx2 = ember_mldsa_find("avx2"), *d[8];
	size_t n = impls(d, 8);

	/* the default is the first supported constant-time entry; portable code under EMBER_CPUCAP=none */
	CHECK(def != NULL && n >= 1 && def == d[0] && (def->flags & EMBER_IMPL_CT), "default %s, first supported %s",
	    def ? def->impl : "none", n ? d[0]->impl : "none");
	/* what keygen, sign and verify call is the default's */
	CHECK(def != NULL && mldsa_ops_of(NULL) == (const mldsa_ops *)def->ops, "the API runs %s's operations",
	    def ? "another implementation than the default" : "none");
	if (t_phase == 2)
		CHECK(def != NULL && strcmp(def->impl, "ref") == 0 && avx2 == NULL, "EMBER_CPUCAP=none: default %s",
		    def ? def->impl : "none");
#if defined(__x86_64__)
	if (ember_cpu_has(EMBER_CPU_AVX2))
		CHECK(def != NULL && def == avx2, "AVX2 present: default %s", def ? def->impl : "none");
	else
		CHECK(avx2 == NULL, "no AVX2, yet avx2 supported");
#else
	CHECK(avx2 == NULL, "avx2 supported off x86-64");
#endif
	CHECK(ember_mldsa_find("nonesuch") == NULL && mldsa_ops_of(ember_mldsa_find("ref")) != NULL,
	    "unknown implementation found, or ref not usable");
	if (t_phase == 1)
		t_note("mldsa: default implementation %s (%zu supported)", def ? def->impl : "none", n);
}
