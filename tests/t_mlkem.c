/*
 * t_mlkem.c - ML-KEM (FIPS 203, include/ember/mlkem.h):
 *   mlkem_wycheproof: Wycheproof's mlkem_{512,768,1024}_test.json (key
 *     generation from the seed, the ek, decapsulation of c to K; the
 *     invalid cases: seeds not 64 bytes, which the API's fixed 64-byte
 *     seed cannot take, and ciphertexts of a wrong length: EMBER_ELEN);
 *   mlkem_wycheproof_encaps: mlkem_768_encaps_test.json (c and K from ek
 *     and m; keys of a wrong length EMBER_ELEN, keys failing the modulus
 *     check, ModulusOverflow and others, EMBER_ERANGE, outputs untouched);
 *   mlkem_wycheproof_keygen: mlkem_768_keygen_seed_test.json (ek and the
 *     expanded dk);
 *   mlkem_wycheproof_decaps: mlkem_512_semi_expanded_decaps_test.json
 *     (wrong lengths, dk failing the hash check: EMBER_EDECODE; malleable
 *     ciphertexts);
 *   mlkem_roundtrip: every set, keys from random seeds and from the system
 *     random source, encapsulation with random m both ways, decapsulation
 *     gives the same secret;
 *   mlkem_tamper: every byte of one ML-KEM-512 ciphertext, and a sample of
 *     ML-KEM-768's and ML-KEM-1024's, flipped: decapsulation returns 0 and
 *     J(z || c') computed here with SHAKE256, not K; dk tampered in s, ek,
 *     h and z;
 *   mlkem_bad_input: unknown sets, NULL, every length one off, a
 *     coefficient equal to q, with the outputs left as they were;
 * each of them on every implementation this CPU supports (ember_mlkem_at:
 * ref, avx2 ...; a failure names it), through the _with calls;
 *   mlkem_impls_agree: every supported implementation against ref on
 *     random seeds, messages and ciphertexts (valid and random ones):
 *     the same ek, dk, c and K;
 *   mlkem_default: the calls without _with use the registry's default.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ember/hash.h"
#include "ember/mlkem.h"
#include "test.h"

static const int sets[3] = { EMBER_MLKEM512, EMBER_MLKEM768, EMBER_MLKEM1024 };

/* The implementation under test: the units below call ML-KEM through it. */
static const ember_mlkem_desc *cur;

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
	return t_check(0, file, line, "[mlkem impl %s] %s", cur ? cur->impl : "default", msg);
}
#undef CHECK
#define CHECK(cond, ...) check_impl(!!(cond), __FILE__, __LINE__, __VA_ARGS__)

#define ember_mlkem_keygen_seed(...) ember_mlkem_keygen_seed_with(cur, __VA_ARGS__)
#define ember_mlkem_encaps_m(...) ember_mlkem_encaps_m_with(cur, __VA_ARGS__)
#define ember_mlkem_decaps(...) ember_mlkem_decaps_with(cur, __VA_ARGS__)

/* Every implementation this CPU supports, in the registry's order. */
static size_t impls(const ember_mlkem_desc **out, size_t max)
{
	size_t i, n = 0;

	for (i = 0; i < ember_mlkem_count(); i++)
		if (ember_mlkem_supported(ember_mlkem_at(i)) && n < max)
			out[n++] = ember_mlkem_at(i);
	return n;
}

static void each_impl(void (*body)(void))
{
	const ember_mlkem_desc *d[8];
	size_t i, n = impls(d, 8);

	CHECK(n >= 1 && strcmp(d[n - 1]->impl, "ref") == 0, "no ref implementation");
	for (i = 0; i < n; i++) {
		cur = d[i];
		body();
	}
	cur = NULL;
}

static int set_of(const char *name)
{
	if (name == NULL)
		return 0;
	if (strcmp(name, "ML-KEM-512") == 0)
		return EMBER_MLKEM512;
	if (strcmp(name, "ML-KEM-768") == 0)
		return EMBER_MLKEM768;
	if (strcmp(name, "ML-KEM-1024") == 0)
		return EMBER_MLKEM1024;
	return 0;
}

/* K_bar = J(z || c) = SHAKE256(z || c, 32), FIPS 203 Algorithm 18, computed apart from the library's path */
static void jhash(uint8_t out[32], const uint8_t z[32], const uint8_t *c, size_t c_len)
{
	uint8_t *buf = malloc(32 + c_len);

	if (buf == NULL) {
		memset(out, 0, 32);
		return;
	}
	memcpy(buf, z, 32);
	memcpy(buf + 32, c, c_len);
	ember_shake256(out, 32, buf, 32 + c_len);
	free(buf);
}

static void body_mlkem_wycheproof(void)
{
	static const char *files[3] = { "mlkem_512_test.json", "mlkem_768_test.json", "mlkem_1024_test.json" };
	size_t f, g, i;

	for (f = 0; f < 3; f++) {
		unsigned valid = 0, bad_seed = 0, bad_ct = 0;
		const tj *groups;
		tj *j = t_wycheproof_load(files[f]);

		if (j == NULL)
			continue;
		groups = tj_get(j, "testGroups");
		for (g = 0; groups != NULL && g < groups->n; g++) {
			const tj *tests = tj_get(groups->items[g], "tests");
			int set = set_of(tj_str(groups->items[g], "parameterSet"));
			size_t ekl = EMBER_MLKEM_EK_LEN(set), dkl = EMBER_MLKEM_DK_LEN(set);

			CHECK(set == sets[f], "%s: group %zu: parameter set %s", files[f], g,
			    tj_str(groups->items[g], "parameterSet"));
			for (i = 0; tests != NULL && i < tests->n; i++) {
				const tj *t = tests->items[i];
				const char *res = tj_str(t, "result");
				long id = tj_int(t, "tcId", -1);
				size_t seed_len, ek_len, c_len, k_len;
				uint8_t *seed = tj_hex(t, "seed", &seed_len), *ek = tj_hex(t, "ek", &ek_len);
				uint8_t *c = tj_hex(t, "c", &c_len), *kk = tj_hex(t, "K", &k_len);
				uint8_t myek[EMBER_MLKEM_EK_MAX], mydk[EMBER_MLKEM_DK_MAX], ss[32];
				int r, invalid = res != NULL && strcmp(res, "invalid") == 0;

				if (!CHECK(res != NULL && seed != NULL && c != NULL && kk != NULL, "%s tcId %ld: malformed",
				        files[f], id))
					goto next;
				if (seed_len != EMBER_MLKEM_SEED_LEN) {
					/* the API takes exactly 64 bytes: such a seed cannot be passed */
					CHECK(invalid, "%s tcId %ld: a %zu-byte seed is not invalid", files[f], id, seed_len);
					bad_seed++;
					goto next;
				}
				r = ember_mlkem_keygen_seed(set, myek, ekl, mydk, dkl, seed);
				if (!CHECK(r == 0, "%s tcId %ld: keygen %d", files[f], id, r))
					goto next;
				if (ek != NULL)
					CHECK(ek_len == ekl && memcmp(ek, myek, ekl) == 0, "%s tcId %ld: ek differs", files[f], id);
				CHECK(ember_mlkem_check_ek(set, myek, ekl) == 0 && ember_mlkem_check_dk(set, mydk, dkl) == 0,
				    "%s tcId %ld: own keys fail their checks", files[f], id);
				memset(ss, 0xa5, sizeof(ss));
				r = ember_mlkem_decaps(set, ss, mydk, dkl, c, c_len);
				if (c_len != EMBER_MLKEM_CT_LEN(set)) {
					CHECK(invalid && r == EMBER_ELEN && t_all_eq(ss, 0xa5, 32),
					    "%s tcId %ld: %zu-byte ciphertext: %d (%s)", files[f], id, c_len, r, res);
					bad_ct++;
				} else {
					CHECK(!invalid && r == 0 && k_len == 32 && memcmp(ss, kk, 32) == 0,
					    "%s tcId %ld (%s): %d K %s", files[f], id, res, r, t_tohex(ss, 32));
					valid++;
				}
			next:
				free(seed);
				free(ek);
				free(c);
				free(kk);
			}
		}
		tj_free(j);
		CHECK(valid >= 150 && bad_seed + bad_ct >= 20, "%s: only %u valid, %u invalid cases", files[f], valid,
		    bad_seed + bad_ct);
		if (t_phase == 1)
			t_note("[%s] Wycheproof %s: %u valid; invalid: %u seeds not 64 bytes (not expressible), %u "
			       "ciphertexts of a wrong length (EMBER_ELEN)",
			    cur->impl, files[f], valid, bad_seed, bad_ct);
	}
}

static void body_mlkem_wycheproof_encaps(void)
{
	const char *name = "mlkem_768_encaps_test.json";
	unsigned valid = 0, bad_len = 0, overflow = 0;
	const tj *groups;
	size_t g, i;
	tj *j = t_wycheproof_load(name);

	if (j == NULL)
		return;
	groups = tj_get(j, "testGroups");
	for (g = 0; groups != NULL && g < groups->n; g++) {
		const tj *tests = tj_get(groups->items[g], "tests");
		int set = set_of(tj_str(groups->items[g], "parameterSet"));

		CHECK(set == EMBER_MLKEM768, "%s: parameter set", name);
		for (i = 0; tests != NULL && i < tests->n; i++) {
			const tj *t = tests->items[i];
			const char *res = tj_str(t, "result");
			long id = tj_int(t, "tcId", -1);
			size_t ek_len, m_len, c_len, k_len;
			uint8_t *ek = tj_hex(t, "ek", &ek_len), *m = tj_hex(t, "m", &m_len);
			uint8_t *c = tj_hex(t, "c", &c_len), *kk = tj_hex(t, "K", &k_len);
			uint8_t ct[EMBER_MLKEM768_CT_LEN], ss[32];
			int r;

			if (!CHECK(res != NULL && ek != NULL && m != NULL && m_len == 32 && c != NULL && kk != NULL,
			        "%s tcId %ld: malformed", name, id))
				goto next;
			memset(ct, 0x5a, sizeof(ct));
			memset(ss, 0xa5, sizeof(ss));
			r = ember_mlkem_encaps_m(set, ct, sizeof(ct), ss, ek, ek_len, m);
			if (strcmp(res, "valid") == 0) {
				CHECK(r == 0 && c_len == sizeof(ct) && memcmp(ct, c, sizeof(ct)) == 0 && k_len == 32 &&
				          memcmp(ss, kk, 32) == 0,
				    "%s tcId %ld: %d K %s", name, id, r, t_tohex(ss, 32));
				CHECK(ember_mlkem_check_ek(set, ek, ek_len) == 0, "%s tcId %ld: check_ek", name, id);
				valid++;
			} else {
				int want = ek_len != EMBER_MLKEM768_EK_LEN ? EMBER_ELEN : EMBER_ERANGE;
				CHECK(r == want && t_all_eq(ct, 0x5a, sizeof(ct)) && t_all_eq(ss, 0xa5, 32),
				    "%s tcId %ld (%s, ek %zu bytes): %d, want %d, outputs untouched", name, id, res, ek_len, r,
				    want);
				CHECK(ember_mlkem_check_ek(set, ek, ek_len) == want, "%s tcId %ld: check_ek", name, id);
				if (want == EMBER_ELEN)
					bad_len++;
				else
					overflow++;
				if (tj_has_flag(t, "ModulusOverflow"))
					CHECK(want == EMBER_ERANGE, "%s tcId %ld: ModulusOverflow of another length", name, id);
			}
		next:
			free(ek);
			free(m);
			free(c);
			free(kk);
		}
	}
	tj_free(j);
	CHECK(valid >= 100 && overflow >= 100 && bad_len >= 10, "%s: only %u valid, %u + %u invalid", name, valid,
	    overflow, bad_len);
	if (t_phase == 1)
		t_note("[%s] Wycheproof %s: %u valid; invalid: %u fail the modulus check (EMBER_ERANGE), %u of a wrong "
		       "length (EMBER_ELEN)",
		    cur->impl, name, valid, overflow, bad_len);
}

static void body_mlkem_wycheproof_keygen(void)
{
	const char *name = "mlkem_768_keygen_seed_test.json";
	unsigned n = 0;
	const tj *groups;
	size_t g, i;
	tj *j = t_wycheproof_load(name);

	if (j == NULL)
		return;
	groups = tj_get(j, "testGroups");
	for (g = 0; groups != NULL && g < groups->n; g++) {
		const tj *tests = tj_get(groups->items[g], "tests");
		int set = set_of(tj_str(groups->items[g], "parameterSet"));
		size_t ekl = EMBER_MLKEM_EK_LEN(set), dkl = EMBER_MLKEM_DK_LEN(set);

		CHECK(set != 0, "%s: parameter set", name);
		for (i = 0; tests != NULL && i < tests->n; i++) {
			const tj *t = tests->items[i];
			const char *res = tj_str(t, "result");
			long id = tj_int(t, "tcId", -1);
			size_t seed_len, ek_len, dk_len;
			uint8_t *seed = tj_hex(t, "seed", &seed_len), *ek = tj_hex(t, "ek", &ek_len);
			uint8_t *dk = tj_hex(t, "dk", &dk_len);
			uint8_t myek[EMBER_MLKEM_EK_MAX], mydk[EMBER_MLKEM_DK_MAX];
			int r;

			if (CHECK(res != NULL && strcmp(res, "valid") == 0 && seed != NULL && seed_len == 64 &&
			              ek != NULL && dk != NULL,
			        "%s tcId %ld: malformed or not valid", name, id)) {
				r = ember_mlkem_keygen_seed(set, myek, ekl, mydk, dkl, seed);
				CHECK(r == 0 && ek_len == ekl && dk_len == dkl && memcmp(ek, myek, ekl) == 0 &&
				          memcmp(dk, mydk, dkl) == 0,
				    "%s tcId %ld: %d, keys differ", name, id, r);
				n++;
			}
			free(seed);
			free(ek);
			free(dk);
		}
	}
	tj_free(j);
	CHECK(n >= 100, "%s: only %u cases", name, n);
	if (t_phase == 1)
		t_note("[%s] Wycheproof %s: %u valid key pairs", cur->impl, name, n);
}

static void body_mlkem_wycheproof_decaps(void)
{
	const char *name = "mlkem_512_semi_expanded_decaps_test.json";
	unsigned valid = 0, invalid = 0;
	const tj *groups;
	size_t g, i;
	tj *j = t_wycheproof_load(name);

	if (j == NULL)
		return;
	groups = tj_get(j, "testGroups");
	for (g = 0; groups != NULL && g < groups->n; g++) {
		const tj *tests = tj_get(groups->items[g], "tests");
		int set = set_of(tj_str(groups->items[g], "parameterSet"));

		CHECK(set != 0, "%s: parameter set", name);
		for (i = 0; tests != NULL && i < tests->n; i++) {
			const tj *t = tests->items[i];
			const char *res = tj_str(t, "result");
			long id = tj_int(t, "tcId", -1);
			size_t dk_len, c_len, k_len = 0;
			uint8_t *dk = tj_hex(t, "dk", &dk_len), *c = tj_hex(t, "c", &c_len), *kk = tj_hex(t, "K", &k_len);
			uint8_t ss[32];
			int r;

			if (!CHECK(res != NULL && dk != NULL && c != NULL, "%s tcId %ld: malformed", name, id))
				goto next;
			memset(ss, 0xa5, sizeof(ss));
			r = ember_mlkem_decaps(set, ss, dk, dk_len, c, c_len);
			if (strcmp(res, "valid") == 0) {
				CHECK(r == 0 && kk != NULL && k_len == 32 && memcmp(ss, kk, 32) == 0, "%s tcId %ld: %d K %s",
				    name, id, r, t_tohex(ss, 32));
				valid++;
			} else {
				int want = (dk_len != EMBER_MLKEM_DK_LEN(set) || c_len != EMBER_MLKEM_CT_LEN(set))
				    ? EMBER_ELEN
				    : EMBER_EDECODE;
				CHECK(r == want && t_all_eq(ss, 0xa5, 32), "%s tcId %ld (%s): %d, want %d", name, id,
				    tj_str(t, "comment"), r, want);
				if (tj_has_flag(t, "InvalidDecapsulationKey"))
					CHECK(ember_mlkem_check_dk(set, dk, dk_len) == EMBER_EDECODE,
					    "%s tcId %ld: check_dk passes", name, id);
				invalid++;
			}
		next:
			free(dk);
			free(c);
			free(kk);
		}
	}
	tj_free(j);
	CHECK(valid >= 3 && invalid >= 6, "%s: only %u valid, %u invalid", name, valid, invalid);
	if (t_phase == 1)
		t_note("[%s] Wycheproof %s: %u valid, %u invalid (lengths: EMBER_ELEN; dk failing the hash check: "
		       "EMBER_EDECODE)",
		    cur->impl, name, valid, invalid);
}

static void body_mlkem_roundtrip(void)
{
	unsigned s, n, rounds = t_quick ? 2 : 8;

	for (s = 0; s < 3; s++) {
		int set = sets[s];
		size_t ekl = EMBER_MLKEM_EK_LEN(set), dkl = EMBER_MLKEM_DK_LEN(set), ctl = EMBER_MLKEM_CT_LEN(set);
		unsigned ok = 0;

		for (n = 0; n < rounds; n++) {
			uint8_t seed[64], m[32], ek[EMBER_MLKEM_EK_MAX], dk[EMBER_MLKEM_DK_MAX];
			uint8_t ct[EMBER_MLKEM_CT_MAX], ct2[EMBER_MLKEM_CT_MAX], ss1[32], ss2[32], ss3[32];
			int r;

			if (n == 0) {
				r = ember_mlkem_keygen(set, ek, ekl, dk, dkl);
			} else {
				t_rand_bytes(seed, sizeof(seed));
				r = ember_mlkem_keygen_seed(set, ek, ekl, dk, dkl, seed);
			}
			if (!CHECK(r == 0, "mlkem-%d keygen: %d", set, r))
				continue;
			/* dk holds ek, H(ek) and z at their places */
			CHECK(memcmp(dk + 384 * (ekl / 384), ek, ekl) == 0, "mlkem-%d: ek inside dk", set);
			if (n != 0) {
				uint8_t h[32];
				ember_sha3_256(h, ek, ekl);
				CHECK(memcmp(dk + dkl - 64, h, 32) == 0 && memcmp(dk + dkl - 32, seed + 32, 32) == 0,
				    "mlkem-%d: H(ek) or z misplaced in dk", set);
			}
			CHECK(ember_mlkem_check_ek(set, ek, ekl) == 0 && ember_mlkem_check_dk(set, dk, dkl) == 0,
			    "mlkem-%d: fresh keys fail their checks", set);
			r = ember_mlkem_encaps(set, ct, ctl, ss1, ek, ekl);
			CHECK(r == 0, "mlkem-%d encaps: %d", set, r);
			r = ember_mlkem_decaps(set, ss2, dk, dkl, ct, ctl);
			CHECK(r == 0 && memcmp(ss1, ss2, 32) == 0, "mlkem-%d: decaps %d, secrets differ (seed %llu)", set, r,
			    (unsigned long long)t_seed());
			/* encaps_m is deterministic: the same m gives the same ciphertext and secret */
			t_rand_bytes(m, sizeof(m));
			r = ember_mlkem_encaps_m(set, ct, ctl, ss1, ek, ekl, m);
			r |= ember_mlkem_encaps_m(set, ct2, ctl, ss3, ek, ekl, m);
			CHECK(r == 0 && memcmp(ct, ct2, ctl) == 0 && memcmp(ss1, ss3, 32) == 0,
			    "mlkem-%d: encaps_m not deterministic", set);
			r = ember_mlkem_decaps(set, ss2, dk, dkl, ct, ctl);
			if (CHECK(r == 0 && memcmp(ss1, ss2, 32) == 0, "mlkem-%d: decaps of encaps_m", set))
				ok++;
		}
		CHECK(ok == rounds, "mlkem-%d: %u of %u round trips", set, ok, rounds);
	}
}

static void body_mlkem_tamper(void)
{
	unsigned s;

	for (s = 0; s < 3; s++) {
		int set = sets[s];
		size_t ekl = EMBER_MLKEM_EK_LEN(set), dkl = EMBER_MLKEM_DK_LEN(set), ctl = EMBER_MLKEM_CT_LEN(set);
		size_t pos, step = s == 0 ? 1 : (t_quick ? 97 : 17), tried = 0, rejected = 0;
		uint8_t seed[64], m[32], ek[EMBER_MLKEM_EK_MAX], dk[EMBER_MLKEM_DK_MAX], ct[EMBER_MLKEM_CT_MAX];
		uint8_t ss[32], ss2[32], want[32];
		const uint8_t *z;
		int r;

		t_rand_bytes(seed, sizeof(seed));
		t_rand_bytes(m, sizeof(m));
		if (!CHECK(ember_mlkem_keygen_seed(set, ek, ekl, dk, dkl, seed) == 0 &&
		               ember_mlkem_encaps_m(set, ct, ctl, ss, ek, ekl, m) == 0,
		        "mlkem-%d: keygen/encaps", set))
			continue;
		z = dk + dkl - 32;
		/* every byte (ML-KEM-512) or a sample, with a bit that changes with the position */
		for (pos = 0; pos < ctl; pos += step) {
			uint8_t bit = (uint8_t)(1u << (pos % 8));
			ct[pos] ^= bit;
			jhash(want, z, ct, ctl);
			r = ember_mlkem_decaps(set, ss2, dk, dkl, ct, ctl);
			tried++;
			if (r == 0 && memcmp(ss2, want, 32) == 0 && memcmp(ss2, ss, 32) != 0)
				rejected++;
			else
				CHECK(0, "mlkem-%d: byte %zu flipped: %d, %s", set, pos, r, t_tohex(ss2, 32));
			ct[pos] ^= bit;
		}
		CHECK(tried == rejected && tried >= (s == 0 ? ctl : ctl / step), "mlkem-%d: %zu of %zu tampered ciphertexts "
		      "implicitly rejected", set, rejected, tried);
		if (t_phase == 1)
			t_note("[%s] mlkem-%d: %zu tampered ciphertexts (one bit of %s byte), each J(z || c')", cur->impl, set,
			    tried, s == 0 ? "every" : "a sample of each");
		/* the last byte, every bit */
		for (pos = 0; pos < 8; pos++) {
			ct[ctl - 1] ^= (uint8_t)(1u << pos);
			jhash(want, z, ct, ctl);
			r = ember_mlkem_decaps(set, ss2, dk, dkl, ct, ctl);
			CHECK(r == 0 && memcmp(ss2, want, 32) == 0, "mlkem-%d: last byte bit %zu", set, pos);
			ct[ctl - 1] ^= (uint8_t)(1u << pos);
		}
		r = ember_mlkem_decaps(set, ss2, dk, dkl, ct, ctl);
		CHECK(r == 0 && memcmp(ss2, ss, 32) == 0, "mlkem-%d: the untampered ciphertext after", set);

		/* dk: z changed: the same K for the real ciphertext, J(z' || c) for a wrong one */
		dk[dkl - 1] ^= 1;
		r = ember_mlkem_decaps(set, ss2, dk, dkl, ct, ctl);
		CHECK(r == 0 && memcmp(ss2, ss, 32) == 0, "mlkem-%d: z changed, K changed", set);
		ct[0] ^= 1;
		jhash(want, z, ct, ctl);
		r = ember_mlkem_decaps(set, ss2, dk, dkl, ct, ctl);
		CHECK(r == 0 && memcmp(ss2, want, 32) == 0, "mlkem-%d: z changed, rejection secret", set);
		ct[0] ^= 1;
		dk[dkl - 1] ^= 1;
		/* dk: s changed: K no longer found, the rejection secret instead */
		dk[5] ^= 0x10;
		jhash(want, z, ct, ctl);
		r = ember_mlkem_decaps(set, ss2, dk, dkl, ct, ctl);
		CHECK(r == 0 && memcmp(ss2, want, 32) == 0, "mlkem-%d: s changed: %d", set, r);
		dk[5] ^= 0x10;
		/* dk: ek or h changed: the hash check, ss untouched */
		for (pos = 0; pos < 2; pos++) {
			size_t at = pos == 0 ? dkl - ekl - 64 + 7 : dkl - 64 + 3;
			dk[at] ^= 0x40;
			memset(ss2, 0xa5, sizeof(ss2));
			r = ember_mlkem_decaps(set, ss2, dk, dkl, ct, ctl);
			CHECK(r == EMBER_EDECODE && t_all_eq(ss2, 0xa5, 32) && ember_mlkem_check_dk(set, dk, dkl) == EMBER_EDECODE,
			    "mlkem-%d: %s changed: %d", set, pos == 0 ? "ek in dk" : "h", r);
			dk[at] ^= 0x40;
		}
		CHECK(ember_mlkem_check_dk(set, dk, dkl) == 0, "mlkem-%d: dk restored", set);
	}
}

static void body_mlkem_bad_input(void)
{
	static const int bad_sets[] = { 0, 1, 2, 3, 4, 511, 769, 2048, -768 };
	uint8_t seed[64], m[32], ek[EMBER_MLKEM_EK_MAX + 1], dk[EMBER_MLKEM_DK_MAX + 1], ct[EMBER_MLKEM_CT_MAX + 1];
	uint8_t ss[32], ek2[EMBER_MLKEM_EK_MAX + 1];
	unsigned s, b;
	int r;

	CHECK(EMBER_MLKEM_EK_LEN(512) == 800 && EMBER_MLKEM_DK_LEN(768) == 2400 && EMBER_MLKEM_CT_LEN(1024) == 1568 &&
	          EMBER_MLKEM_EK_LEN(7) == 0,
	    "length macros");
	t_rand_bytes(seed, sizeof(seed));
	t_rand_bytes(m, sizeof(m));
	for (b = 0; b < sizeof(bad_sets) / sizeof(bad_sets[0]); b++) {
		int bs = bad_sets[b];
		CHECK(ember_mlkem_keygen_seed(bs, ek, 800, dk, 1632, seed) == EMBER_EINVAL &&
		          ember_mlkem_keygen(bs, ek, 800, dk, 1632) == EMBER_EINVAL &&
		          ember_mlkem_encaps_m(bs, ct, 768, ss, ek, 800, m) == EMBER_EINVAL &&
		          ember_mlkem_encaps(bs, ct, 768, ss, ek, 800) == EMBER_EINVAL &&
		          ember_mlkem_decaps(bs, ss, dk, 1632, ct, 768) == EMBER_EINVAL &&
		          ember_mlkem_check_ek(bs, ek, 800) == EMBER_EINVAL && ember_mlkem_check_dk(bs, dk, 1632) == EMBER_EINVAL,
		    "set %d not refused", bs);
	}
	for (s = 0; s < 3; s++) {
		int set = sets[s];
		size_t ekl = EMBER_MLKEM_EK_LEN(set), dkl = EMBER_MLKEM_DK_LEN(set), ctl = EMBER_MLKEM_CT_LEN(set);
		uint8_t dk0[EMBER_MLKEM_DK_MAX];
		int d;

		if (!CHECK(ember_mlkem_keygen_seed(set, ek, ekl, dk, dkl, seed) == 0 &&
		               ember_mlkem_encaps_m(set, ct, ctl, ss, ek, ekl, m) == 0,
		        "mlkem-%d: keygen/encaps", set))
			continue;
		memcpy(dk0, dk, dkl);
		/* NULL pointers */
		CHECK(ember_mlkem_keygen_seed(set, NULL, ekl, dk, dkl, seed) == EMBER_EINVAL &&
		          ember_mlkem_keygen_seed(set, ek, ekl, NULL, dkl, seed) == EMBER_EINVAL &&
		          ember_mlkem_keygen_seed(set, ek, ekl, dk, dkl, NULL) == EMBER_EINVAL &&
		          ember_mlkem_keygen(set, NULL, ekl, dk, dkl) == EMBER_EINVAL &&
		          ember_mlkem_encaps_m(set, NULL, ctl, ss, ek, ekl, m) == EMBER_EINVAL &&
		          ember_mlkem_encaps_m(set, ct, ctl, NULL, ek, ekl, m) == EMBER_EINVAL &&
		          ember_mlkem_encaps_m(set, ct, ctl, ss, NULL, ekl, m) == EMBER_EINVAL &&
		          ember_mlkem_encaps_m(set, ct, ctl, ss, ek, ekl, NULL) == EMBER_EINVAL &&
		          ember_mlkem_encaps(set, ct, ctl, NULL, ek, ekl) == EMBER_EINVAL &&
		          ember_mlkem_decaps(set, NULL, dk, dkl, ct, ctl) == EMBER_EINVAL &&
		          ember_mlkem_decaps(set, ss, NULL, dkl, ct, ctl) == EMBER_EINVAL &&
		          ember_mlkem_decaps(set, ss, dk, dkl, NULL, ctl) == EMBER_EINVAL &&
		          ember_mlkem_check_ek(set, NULL, ekl) == EMBER_EINVAL &&
		          ember_mlkem_check_dk(set, NULL, dkl) == EMBER_EINVAL,
		    "mlkem-%d: NULL not refused", set);
		/* every length one off (and another set's): EMBER_ELEN, outputs untouched */
		for (d = -1; d <= 1; d += 2) {
			size_t oek = ekl + (size_t)d, odk = dkl + (size_t)d, oct = ctl + (size_t)d;
			uint8_t ek_b[EMBER_MLKEM_EK_MAX + 1], dk_b[EMBER_MLKEM_DK_MAX + 1], ct_b[EMBER_MLKEM_CT_MAX + 1], ss_b[32];
			memset(ek_b, 0x11, sizeof(ek_b));
			memset(dk_b, 0x22, sizeof(dk_b));
			memset(ct_b, 0x33, sizeof(ct_b));
			memset(ss_b, 0x44, sizeof(ss_b));
			CHECK(ember_mlkem_keygen_seed(set, ek_b, oek, dk_b, dkl, seed) == EMBER_ELEN &&
			          ember_mlkem_keygen_seed(set, ek_b, ekl, dk_b, odk, seed) == EMBER_ELEN &&
			          ember_mlkem_keygen(set, ek_b, oek, dk_b, dkl) == EMBER_ELEN &&
			          ember_mlkem_keygen(set, ek_b, ekl, dk_b, odk) == EMBER_ELEN &&
			          t_all_eq(ek_b, 0x11, sizeof(ek_b)) && t_all_eq(dk_b, 0x22, sizeof(dk_b)),
			    "mlkem-%d: keygen lengths %+d", set, d);
			CHECK(ember_mlkem_encaps_m(set, ct_b, oct, ss_b, ek, ekl, m) == EMBER_ELEN &&
			          ember_mlkem_encaps_m(set, ct_b, ctl, ss_b, ek, oek, m) == EMBER_ELEN &&
			          ember_mlkem_encaps(set, ct_b, oct, ss_b, ek, ekl) == EMBER_ELEN &&
			          ember_mlkem_encaps(set, ct_b, ctl, ss_b, ek, oek) == EMBER_ELEN &&
			          t_all_eq(ct_b, 0x33, sizeof(ct_b)) && t_all_eq(ss_b, 0x44, 32),
			    "mlkem-%d: encaps lengths %+d", set, d);
			CHECK(ember_mlkem_decaps(set, ss_b, dk, odk, ct, ctl) == EMBER_ELEN &&
			          ember_mlkem_decaps(set, ss_b, dk, dkl, ct, oct) == EMBER_ELEN && t_all_eq(ss_b, 0x44, 32),
			    "mlkem-%d: decaps lengths %+d", set, d);
			CHECK(ember_mlkem_check_ek(set, ek, oek) == EMBER_ELEN && ember_mlkem_check_dk(set, dk, odk) == EMBER_ELEN,
			    "mlkem-%d: check lengths %+d", set, d);
		}
		/* another set's lengths */
		{
			int other = sets[(s + 1) % 3];
			CHECK(ember_mlkem_encaps_m(other, ct, EMBER_MLKEM_CT_LEN(other), ss, ek, ekl, m) == EMBER_ELEN &&
			          ember_mlkem_decaps(other, ss, dk, dkl, ct, EMBER_MLKEM_CT_LEN(other)) == EMBER_ELEN,
			    "mlkem-%d: a key of this set under mlkem-%d", set, other);
		}
		/* the modulus check: a coefficient q is refused, q - 1 accepted (first and last coefficient) */
		for (d = 0; d < 2; d++) {
			size_t at = d == 0 ? 0 : ekl - 32 - 3; /* the first pair, or the last pair's high coefficient */
			uint8_t ct_b[EMBER_MLKEM_CT_MAX], ss_b[32];
			unsigned v;
			for (v = 3328; v <= 4095; v += (v == 3329 ? 766 : 1)) {
				memcpy(ek2, ek, ekl);
				if (d == 0) {
					ek2[at] = (uint8_t)v;
					ek2[at + 1] = (uint8_t)((ek2[at + 1] & 0xf0) | (v >> 8));
				} else {
					ek2[at + 1] = (uint8_t)((ek2[at + 1] & 0x0f) | ((v & 0xf) << 4));
					ek2[at + 2] = (uint8_t)(v >> 4);
				}
				memset(ct_b, 0x33, sizeof(ct_b));
				memset(ss_b, 0x44, sizeof(ss_b));
				r = ember_mlkem_encaps_m(set, ct_b, ctl, ss_b, ek2, ekl, m);
				if (v == 3328)
					CHECK(r == 0 && ember_mlkem_check_ek(set, ek2, ekl) == 0, "mlkem-%d: coefficient q - 1: %d",
					    set, r);
				else
					CHECK(r == EMBER_ERANGE && ember_mlkem_check_ek(set, ek2, ekl) == EMBER_ERANGE &&
					          t_all_eq(ct_b, 0x33, sizeof(ct_b)) && t_all_eq(ss_b, 0x44, 32),
					    "mlkem-%d: coefficient %u at %zu: %d", set, v, at, r);
			}
		}
		/* the hash check (7.3) */
		dk[dkl - 40] ^= 1;
		memset(ss, 0x44, sizeof(ss));
		r = ember_mlkem_decaps(set, ss, dk, dkl, ct, ctl);
		CHECK(r == EMBER_EDECODE && t_all_eq(ss, 0x44, 32) && ember_mlkem_check_dk(set, dk, dkl) == EMBER_EDECODE,
		    "mlkem-%d: dk hash check: %d", set, r);
		CHECK(memcmp(dk0, dk, dkl - 40) == 0, "mlkem-%d: dk changed by decaps", set);
	}
}

EMBER_TEST(mlkem_wycheproof)
{
	each_impl(body_mlkem_wycheproof);
}

EMBER_TEST(mlkem_wycheproof_encaps)
{
	each_impl(body_mlkem_wycheproof_encaps);
}

EMBER_TEST(mlkem_wycheproof_keygen)
{
	each_impl(body_mlkem_wycheproof_keygen);
}

EMBER_TEST(mlkem_wycheproof_decaps)
{
	each_impl(body_mlkem_wycheproof_decaps);
}

EMBER_TEST(mlkem_roundtrip)
{
	each_impl(body_mlkem_roundtrip);
}

EMBER_TEST(mlkem_tamper)
{
	each_impl(body_mlkem_tamper);
}

EMBER_TEST(mlkem_bad_input)
{
	each_impl(body_mlkem_bad_input);
}

EMBER_TEST(mlkem_impls_agree)
{
	const ember_mlkem_desc *d[8], *ref = ember_mlkem_find("ref");
	size_t n = impls(d, 8), i;
	unsigned s, it, rounds = t_quick ? 3 : 40, compared = 0;

	if (!CHECK(ref != NULL, "no ref implementation"))
		return;
	for (s = 0; s < 3; s++) {
		int set = sets[s];
		size_t ekl = EMBER_MLKEM_EK_LEN(set), dkl = EMBER_MLKEM_DK_LEN(set), ctl = EMBER_MLKEM_CT_LEN(set);
		for (it = 0; it < rounds; it++) {
			uint8_t seed[64], m[32], ek0[EMBER_MLKEM_EK_MAX], dk0[EMBER_MLKEM_DK_MAX], ct0[EMBER_MLKEM_CT_MAX];
			uint8_t ek1[EMBER_MLKEM_EK_MAX], dk1[EMBER_MLKEM_DK_MAX], ct1[EMBER_MLKEM_CT_MAX], rnd[EMBER_MLKEM_CT_MAX];
			uint8_t ss0[32], ss1[32], k0[32], k1[32], j0[32], j1[32];
			t_rand_bytes(seed, sizeof(seed));
			t_rand_bytes(m, sizeof(m));
			t_rand_bytes(rnd, ctl);
			cur = ref;
			if (!CHECK(ember_mlkem_keygen_seed(set, ek0, ekl, dk0, dkl, seed) == 0 &&
			               ember_mlkem_encaps_m(set, ct0, ctl, ss0, ek0, ekl, m) == 0 &&
			               ember_mlkem_decaps(set, k0, dk0, dkl, ct0, ctl) == 0 &&
			               ember_mlkem_decaps(set, j0, dk0, dkl, rnd, ctl) == 0 && memcmp(ss0, k0, 32) == 0,
			        "mlkem-%d: ref round trip", set))
				continue;
			for (i = 0; i < n; i++) {
				if (d[i] == ref)
					continue;
				cur = d[i];
				CHECK(ember_mlkem_keygen_seed(set, ek1, ekl, dk1, dkl, seed) == 0 && memcmp(ek0, ek1, ekl) == 0 &&
				          memcmp(dk0, dk1, dkl) == 0,
				    "mlkem-%d: keys differ from ref's (seed %s)", set, t_tohex(seed, 64));
				CHECK(ember_mlkem_encaps_m(set, ct1, ctl, ss1, ek0, ekl, m) == 0 && memcmp(ct0, ct1, ctl) == 0 &&
				          memcmp(ss0, ss1, 32) == 0,
				    "mlkem-%d: encapsulation differs from ref's (m %s)", set, t_tohex(m, 32));
				CHECK(ember_mlkem_decaps(set, k1, dk0, dkl, ct0, ctl) == 0 && memcmp(k0, k1, 32) == 0,
				    "mlkem-%d: decapsulation differs from ref's", set);
				CHECK(ember_mlkem_decaps(set, j1, dk0, dkl, rnd, ctl) == 0 && memcmp(j0, j1, 32) == 0,
				    "mlkem-%d: decapsulation of a random ciphertext differs from ref's", set);
				compared++;
			}
		}
	}
	cur = NULL;
	if (t_phase == 1)
		t_note("mlkem: %u comparisons of %zu implementation(s) against ref (keygen, encaps, decaps of valid "
		       "and random ciphertexts)", compared, n - 1);
}

EMBER_TEST(mlkem_default)
{
	const ember_mlkem_desc *def = ember_mlkem_find(NULL), *d[8];
	size_t n = impls(d, 8);

	/* the default is the first supported constant-time entry; portable code under EMBER_CPUCAP=none */
	CHECK(def != NULL && n >= 1 && def == d[0] && (def->flags & EMBER_IMPL_CT), "default %s, first supported %s",
	    def ? def->impl : "none", n ? d[0]->impl : "none");
	if (t_phase == 2)
		CHECK(def != NULL && strcmp(def->impl, "ref") == 0, "EMBER_CPUCAP=none: default %s",
		    def ? def->impl : "none");
	CHECK(ember_mlkem_find("nonesuch") == NULL, "unknown implementation found");
	if (t_phase == 1)
		t_note("mlkem: default implementation %s (%zu supported)", def ? def->impl : "none", n);
}
