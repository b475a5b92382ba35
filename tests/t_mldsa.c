/*
 * t_mldsa.c - ML-DSA (FIPS 204, include/ember/mldsa.h):
 *   mldsa_wycheproof_verify: Wycheproof's mldsa_{44,65}_verify_test.json:
 *     valid signatures verify (and through ember_mldsa_verify_mu); every
 *     invalid one fails with its code: keys or signatures of a wrong length
 *     EMBER_ELEN, contexts over 255 bytes EMBER_ERANGE, the rest (modified
 *     signatures, z out of range, bad hint encodings, zero keys)
 *     EMBER_EVERIFY;
 *   mldsa_wycheproof_sign_seed: mldsa_{44,65}_sign_seed_test.json: the
 *     public key from the seed, mu from (pk, msg, ctx), the signature from
 *     (msg, ctx, rnd) and from mu ("Internal" cases: mu only), each
 *     verified; contexts over 255 bytes EMBER_ERANGE with sig untouched;
 *     seeds not 32 bytes (not expressible: the API takes exactly 32);
 *   mldsa_wycheproof_sign_noseed: mldsa_65_sign_noseed_test.json: the same
 *     from the expanded sk; sk of a wrong length EMBER_ELEN, s1 or s2 out
 *     of range EMBER_EDECODE, sig untouched;
 *   mldsa_roundtrip: every set, keys from random seeds and the system
 *     source, hedged signatures (two differ, both verify), deterministic
 *     ones (rnd zero: equal), contexts of 0, 1 and 255 bytes, the wrong
 *     message or context refused;
 *   mldsa_tamper: every byte of an ML-DSA-44 signature, a sample of the
 *     others', one bit flipped: EMBER_EVERIFY; the public key tampered;
 *   mldsa_bad_input: unknown sets, NULL, every length one off, ctx of 256
 *     bytes, an sk with an s1 coefficient out of range, outputs untouched.
 * Each of them on every implementation this CPU supports (ember_mldsa_at:
 * ref, avx2 ...; the calls with a seed, rnd or mu go through the _with
 * forms, the random ones through the default); tests/t_mldsa_impl.c
 * compares the implementations and checks the dispatch.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ember/mldsa.h"
#include "test.h"

/* The implementation under test: the units below call ML-DSA through it. */
static const ember_mldsa_desc *cur;

/* CHECK, its message prefixed with the implementation's name */
static int check_impl(int cond, const char *file, int line, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 4, 5)))
#endif
	;
static int check_impl(int cond, const char *file, int line, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	if (cond)
		return t_check(1, file, line, "%s", "");
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return t_check(0, file, line, "[mldsa impl %s] %s", cur ? cur->impl : "default", msg);
}
#undef CHECK
#define CHECK(cond, ...) check_impl(!!(cond), __FILE__, __LINE__, __VA_ARGS__)

#define ember_mldsa_keygen_seed(...) ember_mldsa_keygen_seed_with(cur, __VA_ARGS__)
#define ember_mldsa_sign_rnd(...) ember_mldsa_sign_rnd_with(cur, __VA_ARGS__)
#define ember_mldsa_sign_mu(...) ember_mldsa_sign_mu_with(cur, __VA_ARGS__)
#define ember_mldsa_verify(...) ember_mldsa_verify_with(cur, __VA_ARGS__)
#define ember_mldsa_verify_mu(...) ember_mldsa_verify_mu_with(cur, __VA_ARGS__)

/* body() once per implementation this CPU supports, in the registry's order (ref last) */
static void each_impl(void (*body)(void))
{
	size_t i, n = 0;

	for (i = 0; i < ember_mldsa_count(); i++) {
		if (!ember_mldsa_supported(ember_mldsa_at(i)))
			continue;
		cur = ember_mldsa_at(i);
		body();
		n++;
	}
	cur = NULL;
	CHECK(n >= 1 && strcmp(ember_mldsa_at(ember_mldsa_count() - 1)->impl, "ref") == 0, "no ref implementation");
}

static const int sets[3] = { EMBER_MLDSA44, EMBER_MLDSA65, EMBER_MLDSA87 };

static int set_of(const char *name)
{
	if (name == NULL)
		return 0;
	if (strcmp(name, "ML-DSA-44") == 0)
		return EMBER_MLDSA44;
	if (strcmp(name, "ML-DSA-65") == 0)
		return EMBER_MLDSA65;
	if (strcmp(name, "ML-DSA-87") == 0)
		return EMBER_MLDSA87;
	return 0;
}

static void body_mldsa_wycheproof_verify(void)
{
	static const char *files[2] = { "mldsa_44_verify_test.json", "mldsa_65_verify_test.json" };
	size_t f, g, i;

	for (f = 0; f < 2; f++) {
		unsigned valid = 0, bad_len = 0, bad_ctx = 0, bad_sig = 0;
		const tj *groups;
		tj *j = t_wycheproof_load(files[f]);

		if (j == NULL)
			continue;
		groups = tj_get(j, "testGroups");
		for (g = 0; groups != NULL && g < groups->n; g++) {
			const tj *grp = groups->items[g], *tests = tj_get(grp, "tests");
			int set = set_of(tj_str(j, "algorithm"));
			size_t pk_len;
			uint8_t *pk = tj_hex(grp, "publicKey", &pk_len);

			CHECK(set == sets[f], "%s: algorithm %s", files[f], tj_str(j, "algorithm"));
			for (i = 0; pk != NULL && tests != NULL && i < tests->n; i++) {
				const tj *t = tests->items[i];
				const char *res = tj_str(t, "result");
				long id = tj_int(t, "tcId", -1);
				size_t msg_len, ctx_len = 0, sig_len;
				uint8_t *msg = tj_hex(t, "msg", &msg_len), *ctx = tj_hex(t, "ctx", &ctx_len);
				uint8_t *sig = tj_hex(t, "sig", &sig_len), mu[64];
				int r, want;

				if (!CHECK(res != NULL && msg != NULL && sig != NULL, "%s tcId %ld: malformed", files[f], id))
					goto next;
				r = ember_mldsa_verify(set, pk, pk_len, msg, msg_len, ctx, ctx_len, sig, sig_len);
				if (strcmp(res, "valid") == 0) {
					want = 0;
					valid++;
					CHECK(ember_mldsa_mu(set, mu, pk, pk_len, msg, msg_len, ctx, ctx_len) == 0 &&
					          ember_mldsa_verify_mu(set, pk, pk_len, mu, sig, sig_len) == 0,
					    "%s tcId %ld: verify_mu", files[f], id);
				} else if (pk_len != EMBER_MLDSA_PK_LEN(set) || sig_len != EMBER_MLDSA_SIG_LEN(set)) {
					want = EMBER_ELEN;
					bad_len++;
					CHECK(tj_has_flag(t, "IncorrectPublicKeyLength") || tj_has_flag(t, "IncorrectSignatureLength"),
					    "%s tcId %ld: a wrong length not flagged", files[f], id);
				} else if (ctx_len > 255) {
					want = EMBER_ERANGE;
					bad_ctx++;
					CHECK(tj_has_flag(t, "InvalidContext"), "%s tcId %ld: flags", files[f], id);
				} else {
					want = EMBER_EVERIFY;
					bad_sig++;
				}
				CHECK(r == want, "%s tcId %ld (%s, %s): %d, want %d", files[f], id, res, tj_str(t, "comment"), r,
				    want);
			next:
				free(msg);
				free(ctx);
				free(sig);
			}
			free(pk);
		}
		tj_free(j);
		CHECK(valid >= 60 && bad_len >= 7 && bad_ctx >= 5 && bad_sig >= 80, "%s: only %u valid, %u + %u + %u invalid",
		    files[f], valid, bad_len, bad_ctx, bad_sig);
		if (t_phase == 1)
			t_note("Wycheproof %s: %u valid; invalid: %u wrong lengths (EMBER_ELEN), %u contexts over 255 "
			       "bytes (EMBER_ERANGE), %u bad signatures (EMBER_EVERIFY)",
			    files[f], valid, bad_len, bad_ctx, bad_sig);
	}
}

/*
 * One sign test of a group with key (pk, sk): valid ones from (msg, ctx,
 * rnd) and from mu, invalid ones refused with sig untouched. Returns 1 for
 * a valid case run, 2 for an invalid one, 0 on a malformed vector.
 */
static int sign_case(const char *name, int set, const uint8_t *pk, size_t pk_len, const uint8_t *sk, size_t sk_len,
    const tj *t)
{
	const char *res = tj_str(t, "result");
	long id = tj_int(t, "tcId", -1);
	size_t msg_len = 0, ctx_len = 0, rnd_len = 0, mu_len = 0, sig_len = 0;
	uint8_t *msg = tj_hex(t, "msg", &msg_len), *ctx = tj_hex(t, "ctx", &ctx_len), *rnd = tj_hex(t, "rnd", &rnd_len);
	uint8_t *mu = tj_hex(t, "mu", &mu_len), *sig = tj_hex(t, "sig", &sig_len);
	uint8_t mysig[EMBER_MLDSA_SIG_MAX], mymu[64], zero[32];
	size_t sl = EMBER_MLDSA_SIG_LEN(set);
	int r, ret = 0;

	memset(zero, 0, sizeof(zero));
	if (!CHECK(res != NULL && sig != NULL && (rnd == NULL || rnd_len == 32), "%s tcId %ld: malformed", name, id))
		goto out;
	if (strcmp(res, "valid") == 0) {
		if (!CHECK(mu != NULL && mu_len == 64 && sig_len == sl, "%s tcId %ld: valid without mu or sig", name, id))
			goto out;
		if (msg != NULL) {
			r = ember_mldsa_mu(set, mymu, pk, pk_len, msg, msg_len, ctx, ctx_len);
			CHECK(r == 0 && memcmp(mymu, mu, 64) == 0, "%s tcId %ld: mu %d %s", name, id, r, t_tohex(mymu, 64));
			memset(mysig, 0, sizeof(mysig));
			r = ember_mldsa_sign_rnd(set, mysig, sl, sk, sk_len, msg, msg_len, ctx, ctx_len, rnd ? rnd : zero);
			CHECK(r == 0 && memcmp(mysig, sig, sl) == 0, "%s tcId %ld (%s): sign %d", name, id,
			    tj_str(t, "comment"), r);
			CHECK(ember_mldsa_verify(set, pk, pk_len, msg, msg_len, ctx, ctx_len, sig, sl) == 0,
			    "%s tcId %ld: verify", name, id);
		} else {
			CHECK(tj_has_flag(t, "Internal"), "%s tcId %ld: no msg but not Internal", name, id);
		}
		memset(mysig, 0, sizeof(mysig));
		r = ember_mldsa_sign_mu(set, mysig, sl, sk, sk_len, mu, rnd ? rnd : zero);
		CHECK(r == 0 && memcmp(mysig, sig, sl) == 0, "%s tcId %ld (%s): sign_mu %d", name, id,
		    tj_str(t, "comment"), r);
		CHECK(ember_mldsa_verify_mu(set, pk, pk_len, mu, sig, sl) == 0, "%s tcId %ld: verify_mu", name, id);
		ret = 1;
	} else {
		int want = sk_len != EMBER_MLDSA_SK_LEN(set) ? EMBER_ELEN
		    : ctx_len > 255                          ? EMBER_ERANGE
		                                             : EMBER_EDECODE;
		if (!CHECK(msg != NULL, "%s tcId %ld: invalid without msg", name, id))
			goto out;
		memset(mysig, 0x5a, sizeof(mysig));
		r = ember_mldsa_sign_rnd(set, mysig, sl, sk, sk_len, msg, msg_len, ctx, ctx_len, zero);
		CHECK(r == want && t_all_eq(mysig, 0x5a, sizeof(mysig)), "%s tcId %ld (%s): %d, want %d", name, id,
		    tj_str(t, "comment"), r, want);
		r = ember_mldsa_sign(set, mysig, sl, sk, sk_len, msg, msg_len, ctx, ctx_len);
		CHECK(r == want && t_all_eq(mysig, 0x5a, sizeof(mysig)), "%s tcId %ld: hedged %d", name, id, r);
		if (want == EMBER_ERANGE)
			CHECK(tj_has_flag(t, "InvalidContext") &&
			          ember_mldsa_mu(set, mymu, pk, pk_len, msg, msg_len, ctx, ctx_len) == EMBER_ERANGE,
			    "%s tcId %ld: mu of a long context", name, id);
		if (want == EMBER_EDECODE) {
			CHECK(tj_has_flag(t, "InvalidPrivateKey"), "%s tcId %ld: flags", name, id);
			if (mu != NULL && mu_len == 64) {
				r = ember_mldsa_mu(set, mymu, pk, pk_len, msg, msg_len, ctx, ctx_len);
				CHECK(r == 0 && memcmp(mymu, mu, 64) == 0, "%s tcId %ld: mu", name, id);
				CHECK(ember_mldsa_sign_mu(set, mysig, sl, sk, sk_len, mu, zero) == EMBER_EDECODE &&
				          t_all_eq(mysig, 0x5a, sizeof(mysig)),
				    "%s tcId %ld: sign_mu of a bad key", name, id);
			}
		}
		ret = 2;
	}
out:
	free(msg);
	free(ctx);
	free(rnd);
	free(mu);
	free(sig);
	return ret;
}

static void sign_file(const char *name, int want_set, int seeded, unsigned min_valid, unsigned min_invalid)
{
	unsigned valid = 0, invalid = 0, bad_seed = 0, bad_key = 0;
	const tj *groups;
	size_t g, i;
	tj *j = t_wycheproof_load(name);

	if (j == NULL)
		return;
	groups = tj_get(j, "testGroups");
	for (g = 0; groups != NULL && g < groups->n; g++) {
		const tj *grp = groups->items[g], *tests = tj_get(grp, "tests");
		int set = set_of(tj_str(j, "algorithm"));
		size_t pk_len = 0, key_len = 0, sk_len, pkl = EMBER_MLDSA_PK_LEN(set);
		uint8_t *pk = tj_hex(grp, "publicKey", &pk_len), *key = tj_hex(grp, seeded ? "privateSeed" : "privateKey", &key_len);
		uint8_t mypk[EMBER_MLDSA_PK_MAX], mysk[EMBER_MLDSA_SK_MAX];
		const uint8_t *sk;

		CHECK(set == want_set, "%s: algorithm", name);
		if (!CHECK(key != NULL && tests != NULL, "%s: group %zu malformed", name, g))
			goto next;
		if (seeded) {
			if (key_len != EMBER_MLDSA_SEED_LEN) {
				/* the API takes exactly 32 bytes: such a seed cannot be passed */
				for (i = 0; i < tests->n; i++)
					CHECK(tj_has_flag(tests->items[i], "IncorrectPrivateKeyLength") &&
					          strcmp(tj_str(tests->items[i], "result"), "invalid") == 0,
					    "%s: a %zu-byte seed with a valid case", name, key_len);
				CHECK(pk == NULL, "%s: a public key for a %zu-byte seed", name, key_len);
				bad_seed += (unsigned)tests->n;
				goto next;
			}
			if (!CHECK(ember_mldsa_keygen_seed(set, mypk, pkl, mysk, EMBER_MLDSA_SK_LEN(set), key) == 0,
			        "%s: keygen", name))
				goto next;
			CHECK(pk != NULL && pk_len == pkl && memcmp(pk, mypk, pkl) == 0, "%s: group %zu: public key differs",
			    name, g);
			sk = mysk;
			sk_len = EMBER_MLDSA_SK_LEN(set);
		} else {
			sk = key;
			sk_len = key_len;
			if (sk_len != EMBER_MLDSA_SK_LEN(set))
				bad_key++;
			if (pk == NULL) {
				/* no public key (a key of the wrong length): mu cannot be checked, use any */
				memset(mypk, 0, sizeof(mypk));
				memcpy(mypk, sk, key_len < 32 ? key_len : 32);
			}
		}
		for (i = 0; i < tests->n; i++) {
			int r = sign_case(name, set, pk != NULL ? pk : mypk, pk != NULL ? pk_len : pkl, sk, sk_len,
			    tests->items[i]);
			if (r == 1)
				valid++;
			else if (r == 2)
				invalid++;
		}
	next:
		free(pk);
		free(key);
	}
	tj_free(j);
	CHECK(valid >= min_valid && invalid + bad_seed >= min_invalid, "%s: only %u valid, %u + %u invalid", name,
	    valid, invalid, bad_seed);
	if (t_phase == 1)
		t_note("Wycheproof %s: %u valid (signature from msg and from mu, mu, verification); invalid: %u "
		       "refused (EMBER_ERANGE, EMBER_EDECODE, EMBER_ELEN: %u keys of a wrong length), %u with seeds not "
		       "32 bytes (not expressible)",
		    name, valid, invalid, bad_key, bad_seed);
}

static void body_mldsa_wycheproof_sign_seed(void)
{
	sign_file("mldsa_44_sign_seed_test.json", EMBER_MLDSA44, 1, 80, 4);
	sign_file("mldsa_65_sign_seed_test.json", EMBER_MLDSA65, 1, 100, 4);
}

static void body_mldsa_wycheproof_sign_noseed(void)
{
	sign_file("mldsa_65_sign_noseed_test.json", EMBER_MLDSA65, 0, 70, 5);
}

static void body_mldsa_roundtrip(void)
{
	unsigned s, n, rounds = t_quick ? 1 : 3;

	for (s = 0; s < 3; s++) {
		int set = sets[s];
		size_t pkl = EMBER_MLDSA_PK_LEN(set), skl = EMBER_MLDSA_SK_LEN(set), sl = EMBER_MLDSA_SIG_LEN(set);
		unsigned ok = 0;

		for (n = 0; n < rounds; n++) {
			uint8_t seed[32], rnd[32], msg[100], ctx[255], pk[EMBER_MLDSA_PK_MAX], sk[EMBER_MLDSA_SK_MAX];
			uint8_t pk2[EMBER_MLDSA_PK_MAX], sk2[EMBER_MLDSA_SK_MAX], sig[EMBER_MLDSA_SIG_MAX],
			    sig2[EMBER_MLDSA_SIG_MAX], mu[64];
			size_t ctx_len = n == 0 ? 0 : n == 1 ? 255 : 1, msg_len = t_rand_below(sizeof(msg) + 1);
			int r;

			t_rand_bytes(msg, sizeof(msg));
			t_rand_bytes(ctx, sizeof(ctx));
			if (n == 0) {
				r = ember_mldsa_keygen(set, pk, pkl, sk, skl);
			} else {
				t_rand_bytes(seed, sizeof(seed));
				r = ember_mldsa_keygen_seed(set, pk, pkl, sk, skl, seed);
				r |= ember_mldsa_keygen_seed(set, pk2, pkl, sk2, skl, seed);
				CHECK(r == 0 && memcmp(pk, pk2, pkl) == 0 && memcmp(sk, sk2, skl) == 0,
				    "mldsa-%d: keygen_seed not deterministic", set);
			}
			if (!CHECK(r == 0, "mldsa-%d keygen: %d", set, r))
				continue;
			/* sk begins with pk's rho */
			CHECK(memcmp(pk, sk, 32) == 0, "mldsa-%d: rho", set);
			/* hedged: two signatures differ, both verify */
			r = ember_mldsa_sign(set, sig, sl, sk, skl, msg, msg_len, ctx, ctx_len);
			r |= ember_mldsa_sign(set, sig2, sl, sk, skl, msg, msg_len, ctx, ctx_len);
			CHECK(r == 0 && memcmp(sig, sig2, sl) != 0, "mldsa-%d: hedged signatures equal or failed: %d", set, r);
			r = ember_mldsa_verify(set, pk, pkl, msg, msg_len, ctx, ctx_len, sig, sl);
			r |= ember_mldsa_verify(set, pk, pkl, msg, msg_len, ctx, ctx_len, sig2, sl);
			CHECK(r == 0, "mldsa-%d: verify %d (seed %llu)", set, r, (unsigned long long)t_seed());
			/* deterministic: rnd zero twice gives one signature; sign_mu agrees */
			memset(rnd, 0, sizeof(rnd));
			r = ember_mldsa_sign_rnd(set, sig, sl, sk, skl, msg, msg_len, ctx, ctx_len, rnd);
			r |= ember_mldsa_sign_rnd(set, sig2, sl, sk, skl, msg, msg_len, ctx, ctx_len, rnd);
			CHECK(r == 0 && memcmp(sig, sig2, sl) == 0, "mldsa-%d: deterministic signatures differ", set);
			r = ember_mldsa_mu(set, mu, pk, pkl, msg, msg_len, ctx, ctx_len);
			r |= ember_mldsa_sign_mu(set, sig2, sl, sk, skl, mu, rnd);
			CHECK(r == 0 && memcmp(sig, sig2, sl) == 0 && ember_mldsa_verify_mu(set, pk, pkl, mu, sig, sl) == 0,
			    "mldsa-%d: sign_mu", set);
			/* another message, another context: refused */
			if (msg_len > 0) {
				msg[msg_len / 2] ^= 1;
				CHECK(ember_mldsa_verify(set, pk, pkl, msg, msg_len, ctx, ctx_len, sig, sl) == EMBER_EVERIFY,
				    "mldsa-%d: a changed message verifies", set);
				msg[msg_len / 2] ^= 1;
			}
			CHECK(ember_mldsa_verify(set, pk, pkl, msg, msg_len, ctx, ctx_len == 0 ? 1 : ctx_len - 1, sig, sl) ==
			        EMBER_EVERIFY,
			    "mldsa-%d: another context verifies", set);
			if (CHECK(ember_mldsa_verify(set, pk, pkl, msg, msg_len, ctx, ctx_len, sig, sl) == 0,
			        "mldsa-%d: verify after", set))
				ok++;
		}
		CHECK(ok == rounds, "mldsa-%d: %u of %u round trips", set, ok, rounds);
	}
}

static void body_mldsa_tamper(void)
{
	unsigned s;

	for (s = 0; s < 3; s++) {
		int set = sets[s];
		size_t pkl = EMBER_MLDSA_PK_LEN(set), skl = EMBER_MLDSA_SK_LEN(set), sl = EMBER_MLDSA_SIG_LEN(set);
		size_t pos, step = s == 0 && !t_quick ? 1 : (t_quick ? 97 : 13), tried = 0, rejected = 0;
		uint8_t seed[32], msg[32], pk[EMBER_MLDSA_PK_MAX], sk[EMBER_MLDSA_SK_MAX], sig[EMBER_MLDSA_SIG_MAX];
		int r;

		t_rand_bytes(seed, sizeof(seed));
		t_rand_bytes(msg, sizeof(msg));
		if (!CHECK(ember_mldsa_keygen_seed(set, pk, pkl, sk, skl, seed) == 0 &&
		               ember_mldsa_sign(set, sig, sl, sk, skl, msg, sizeof(msg), NULL, 0) == 0,
		        "mldsa-%d: keygen/sign", set))
			continue;
		/* every byte (ML-DSA-44) or a sample, with a bit that changes with the position; the last byte too */
		for (pos = 0; pos < sl; pos = pos + step < sl || pos == sl - 1 ? pos + step : sl - 1) {
			uint8_t bit = (uint8_t)(1u << (pos % 8));
			sig[pos] ^= bit;
			r = ember_mldsa_verify(set, pk, pkl, msg, sizeof(msg), NULL, 0, sig, sl);
			tried++;
			if (r == EMBER_EVERIFY)
				rejected++;
			else
				CHECK(0, "mldsa-%d: byte %zu bit %u flipped: %d", set, pos, (unsigned)(pos % 8), r);
			sig[pos] ^= bit;
		}
		CHECK(tried == rejected && tried >= (step == 1 ? sl : 20), "mldsa-%d: %zu of %zu tampered signatures refused",
		    set, rejected, tried);
		if (t_phase == 1)
			t_note("mldsa-%d: %zu tampered signatures (one bit of %s byte), each EMBER_EVERIFY", set, tried,
			    step == 1 ? "every" : "a sample of each");
		/* the public key: rho, t1 first and last bytes */
		for (pos = 0; pos < 3; pos++) {
			size_t at = pos == 0 ? 5 : pos == 1 ? 40 : pkl - 1;
			pk[at] ^= 0x04;
			r = ember_mldsa_verify(set, pk, pkl, msg, sizeof(msg), NULL, 0, sig, sl);
			CHECK(r == EMBER_EVERIFY, "mldsa-%d: pk byte %zu changed: %d", set, at, r);
			pk[at] ^= 0x04;
		}
		CHECK(ember_mldsa_verify(set, pk, pkl, msg, sizeof(msg), NULL, 0, sig, sl) == 0, "mldsa-%d: restored", set);
	}
}

static void body_mldsa_bad_input(void)
{
	static const int bad_sets[] = { 0, 1, 43, 45, 64, 86, 88, 512, -65 };
	uint8_t seed[32], rnd[32], mu[64], msg[8] = "message", ctx[256];
	uint8_t pk[EMBER_MLDSA_PK_MAX + 1], sk[EMBER_MLDSA_SK_MAX + 1], sig[EMBER_MLDSA_SIG_MAX + 1];
	unsigned s, b;

	CHECK(EMBER_MLDSA_PK_LEN(44) == 1312 && EMBER_MLDSA_SK_LEN(65) == 4032 && EMBER_MLDSA_SIG_LEN(87) == 4627 &&
	          EMBER_MLDSA_SIG_LEN(7) == 0,
	    "length macros");
	t_rand_bytes(seed, sizeof(seed));
	t_rand_bytes(rnd, sizeof(rnd));
	memset(ctx, 0x43, sizeof(ctx));
	memset(mu, 1, sizeof(mu));
	for (b = 0; b < sizeof(bad_sets) / sizeof(bad_sets[0]); b++) {
		int bs = bad_sets[b];
		CHECK(ember_mldsa_keygen_seed(bs, pk, 1312, sk, 2560, seed) == EMBER_EINVAL &&
		          ember_mldsa_keygen(bs, pk, 1312, sk, 2560) == EMBER_EINVAL &&
		          ember_mldsa_sign(bs, sig, 2420, sk, 2560, msg, 7, NULL, 0) == EMBER_EINVAL &&
		          ember_mldsa_sign_rnd(bs, sig, 2420, sk, 2560, msg, 7, NULL, 0, rnd) == EMBER_EINVAL &&
		          ember_mldsa_sign_mu(bs, sig, 2420, sk, 2560, mu, rnd) == EMBER_EINVAL &&
		          ember_mldsa_verify(bs, pk, 1312, msg, 7, NULL, 0, sig, 2420) == EMBER_EINVAL &&
		          ember_mldsa_verify_mu(bs, pk, 1312, mu, sig, 2420) == EMBER_EINVAL &&
		          ember_mldsa_mu(bs, mu, pk, 1312, msg, 7, NULL, 0) == EMBER_EINVAL,
		    "set %d not refused", bs);
	}
	for (s = 0; s < 3; s++) {
		int set = sets[s], d;
		size_t pkl = EMBER_MLDSA_PK_LEN(set), skl = EMBER_MLDSA_SK_LEN(set), sl = EMBER_MLDSA_SIG_LEN(set);
		uint8_t sig_b[EMBER_MLDSA_SIG_MAX + 1], pk_b[EMBER_MLDSA_PK_MAX + 1], sk_b[EMBER_MLDSA_SK_MAX + 1];
		int r;

		if (!CHECK(ember_mldsa_keygen_seed(set, pk, pkl, sk, skl, seed) == 0 &&
		               ember_mldsa_sign_rnd(set, sig, sl, sk, skl, msg, 7, ctx, 255, rnd) == 0 &&
		               ember_mldsa_verify(set, pk, pkl, msg, 7, ctx, 255, sig, sl) == 0,
		        "mldsa-%d: keygen/sign/verify with a 255-byte context", set))
			continue;
		/* NULL pointers (a message or context of length 0 may be NULL) */
		CHECK(ember_mldsa_keygen_seed(set, NULL, pkl, sk_b, skl, seed) == EMBER_EINVAL &&
		          ember_mldsa_keygen_seed(set, pk_b, pkl, NULL, skl, seed) == EMBER_EINVAL &&
		          ember_mldsa_keygen_seed(set, pk_b, pkl, sk_b, skl, NULL) == EMBER_EINVAL &&
		          ember_mldsa_keygen(set, NULL, pkl, sk_b, skl) == EMBER_EINVAL &&
		          ember_mldsa_sign(set, NULL, sl, sk, skl, msg, 7, NULL, 0) == EMBER_EINVAL &&
		          ember_mldsa_sign(set, sig_b, sl, NULL, skl, msg, 7, NULL, 0) == EMBER_EINVAL &&
		          ember_mldsa_sign(set, sig_b, sl, sk, skl, NULL, 7, NULL, 0) == EMBER_EINVAL &&
		          ember_mldsa_sign(set, sig_b, sl, sk, skl, msg, 7, NULL, 3) == EMBER_EINVAL &&
		          ember_mldsa_sign_rnd(set, sig_b, sl, sk, skl, msg, 7, NULL, 0, NULL) == EMBER_EINVAL &&
		          ember_mldsa_sign_mu(set, sig_b, sl, sk, skl, NULL, rnd) == EMBER_EINVAL &&
		          ember_mldsa_verify(set, NULL, pkl, msg, 7, NULL, 0, sig, sl) == EMBER_EINVAL &&
		          ember_mldsa_verify(set, pk, pkl, msg, 7, NULL, 0, NULL, sl) == EMBER_EINVAL &&
		          ember_mldsa_verify(set, pk, pkl, NULL, 7, NULL, 0, sig, sl) == EMBER_EINVAL &&
		          ember_mldsa_verify_mu(set, pk, pkl, NULL, sig, sl) == EMBER_EINVAL &&
		          ember_mldsa_mu(set, NULL, pk, pkl, msg, 7, NULL, 0) == EMBER_EINVAL,
		    "mldsa-%d: NULL not refused", set);
		r = ember_mldsa_sign(set, sig_b, sl, sk, skl, NULL, 0, NULL, 0);
		CHECK(r == 0 && ember_mldsa_verify(set, pk, pkl, NULL, 0, NULL, 0, sig_b, sl) == 0,
		    "mldsa-%d: empty message as NULL: %d", set, r);
		/* every length one off: EMBER_ELEN, outputs untouched */
		for (d = -1; d <= 1; d += 2) {
			size_t opk = pkl + (size_t)d, osk = skl + (size_t)d, osl = sl + (size_t)d;
			memset(pk_b, 0x11, sizeof(pk_b));
			memset(sk_b, 0x22, sizeof(sk_b));
			memset(sig_b, 0x33, sizeof(sig_b));
			CHECK(ember_mldsa_keygen_seed(set, pk_b, opk, sk_b, skl, seed) == EMBER_ELEN &&
			          ember_mldsa_keygen_seed(set, pk_b, pkl, sk_b, osk, seed) == EMBER_ELEN &&
			          ember_mldsa_keygen(set, pk_b, opk, sk_b, skl) == EMBER_ELEN &&
			          ember_mldsa_keygen(set, pk_b, pkl, sk_b, osk) == EMBER_ELEN && t_all_eq(pk_b, 0x11, sizeof(pk_b)) &&
			          t_all_eq(sk_b, 0x22, sizeof(sk_b)),
			    "mldsa-%d: keygen lengths %+d", set, d);
			CHECK(ember_mldsa_sign(set, sig_b, osl, sk, skl, msg, 7, NULL, 0) == EMBER_ELEN &&
			          ember_mldsa_sign(set, sig_b, sl, sk, osk, msg, 7, NULL, 0) == EMBER_ELEN &&
			          ember_mldsa_sign_rnd(set, sig_b, osl, sk, skl, msg, 7, NULL, 0, rnd) == EMBER_ELEN &&
			          ember_mldsa_sign_mu(set, sig_b, sl, sk, osk, mu, rnd) == EMBER_ELEN &&
			          t_all_eq(sig_b, 0x33, sizeof(sig_b)),
			    "mldsa-%d: sign lengths %+d", set, d);
			CHECK(ember_mldsa_verify(set, pk, opk, msg, 7, ctx, 255, sig, sl) == EMBER_ELEN &&
			          ember_mldsa_verify(set, pk, pkl, msg, 7, ctx, 255, sig, osl) == EMBER_ELEN &&
			          ember_mldsa_verify_mu(set, pk, opk, mu, sig, sl) == EMBER_ELEN &&
			          ember_mldsa_verify_mu(set, pk, pkl, mu, sig, osl) == EMBER_ELEN &&
			          ember_mldsa_mu(set, mu, pk, opk, msg, 7, NULL, 0) == EMBER_ELEN,
			    "mldsa-%d: verify lengths %+d", set, d);
		}
		/* another set's lengths */
		{
			int other = sets[(s + 1) % 3];
			CHECK(ember_mldsa_verify(other, pk, pkl, msg, 7, ctx, 255, sig, sl) == EMBER_ELEN &&
			          ember_mldsa_sign(other, sig_b, EMBER_MLDSA_SIG_LEN(other), sk, skl, msg, 7, NULL, 0) == EMBER_ELEN,
			    "mldsa-%d: keys of this set under mldsa-%d", set, other);
		}
		/* a context of 256 bytes: EMBER_ERANGE (255 verified above) */
		memset(sig_b, 0x33, sizeof(sig_b));
		CHECK(ember_mldsa_sign(set, sig_b, sl, sk, skl, msg, 7, ctx, 256) == EMBER_ERANGE &&
		          ember_mldsa_sign_rnd(set, sig_b, sl, sk, skl, msg, 7, ctx, 256, rnd) == EMBER_ERANGE &&
		          t_all_eq(sig_b, 0x33, sizeof(sig_b)) &&
		          ember_mldsa_verify(set, pk, pkl, msg, 7, ctx, 256, sig, sl) == EMBER_ERANGE &&
		          ember_mldsa_mu(set, mu, pk, pkl, msg, 7, ctx, 256) == EMBER_ERANGE,
		    "mldsa-%d: 256-byte context", set);
		/* s1's first coefficient, then s2's last, out of range: EMBER_EDECODE, sig untouched */
		for (d = 0; d < 2; d++) {
			size_t at = d == 0 ? 128 : skl - 416 * (pkl - 32) / 320 - 1;
			memcpy(sk_b, sk, skl);
			sk_b[at] |= set == EMBER_MLDSA65 ? (d == 0 ? 0x0f : 0xf0) : (d == 0 ? 0x07 : 0xe0);
			memset(sig_b, 0x33, sizeof(sig_b));
			r = ember_mldsa_sign_rnd(set, sig_b, sl, sk_b, skl, msg, 7, NULL, 0, rnd);
			CHECK(r == EMBER_EDECODE && t_all_eq(sig_b, 0x33, sizeof(sig_b)), "mldsa-%d: s%d out of range: %d", set,
			    d + 1, r);
		}
	}
}

EMBER_TEST(mldsa_wycheproof_verify)
{
	each_impl(body_mldsa_wycheproof_verify);
}

EMBER_TEST(mldsa_wycheproof_sign_seed)
{
	each_impl(body_mldsa_wycheproof_sign_seed);
}

EMBER_TEST(mldsa_wycheproof_sign_noseed)
{
	each_impl(body_mldsa_wycheproof_sign_noseed);
}

EMBER_TEST(mldsa_roundtrip)
{
	each_impl(body_mldsa_roundtrip);
}

EMBER_TEST(mldsa_tamper)
{
	each_impl(body_mldsa_tamper);
}

EMBER_TEST(mldsa_bad_input)
{
	each_impl(body_mldsa_bad_input);
}
