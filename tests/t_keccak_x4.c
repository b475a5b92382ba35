/*
 * t_keccak_x4.c - the four-way Keccak (src/hash/keccak_x4.h) over every
 * implementation this CPU runs (ref, and avx512, avx2, armv8, neon where
 * supported):
 *   keccak_x4_permute: Keccak-f[1600] of the zero state (a known answer)
 *     and of random states, each against ref's (four runs of the default
 *     single-state permutation);
 *   keccak_x4_shake: absorb-once and squeeze-blocks of SHAKE128 and
 *     SHAKE256 on four random inputs of one length (0 to 3 blocks and the
 *     lengths around the rate, 34 and 66 bytes as ML-KEM and ML-DSA use)
 *     against four single SHAKEs (ember_shake128/256), the blocks
 *     squeezed in one call and in two;
 *   keccak_x4_oneshot: ember_shake128_x4/ember_shake256_x4 at any output
 *     length against the single ones;
 *   keccak_x4_default: the choice (first supported constant-time entry),
 *     init's fallback for NULL and unsupported implementations, the wipe.
 */
#include <stdlib.h>
#include <string.h>

#include "ember/hash.h"
#include "hash/keccak_x4.h"
#include "test.h"

static const ember_keccak_x4_desc *ref_x4(void)
{
	size_t i;

	for (i = 0; i < ember_keccak_x4_count(); i++)
		if (strcmp(ember_keccak_x4_at(i)->impl, "ref") == 0)
			return ember_keccak_x4_at(i);
	return NULL;
}

EMBER_TEST(keccak_x4_permute)
{
	const ember_keccak_x4_desc *ref = ref_x4();
	uint64_t s[25][4], t[25][4];
	size_t i, n;
	int round, impls = 0;

	if (!CHECK(ref != NULL && ember_keccak_x4_supported(ref), "no ref four-way implementation"))
		return;
	for (i = 0; i < ember_keccak_x4_count(); i++) {
		const ember_keccak_x4_desc *d = ember_keccak_x4_at(i);
		unsigned k;

		if (!ember_keccak_x4_supported(d))
			continue;
		impls++;
		/* Keccak-f[1600] of the all-zero state: its first lane is 0xf1258f7940e1dde7 (KeccakF-1600 test vectors) */
		memset(s, 0, sizeof(s));
		ember_keccak_x4_permute(d, s);
		for (k = 0; k < 4; k++)
			CHECK(s[0][k] == 0xf1258f7940e1dde7ull && s[24][k] == s[24][0], "%s: state %u of f(0): lane 0 %016llx",
			    d->impl, k, (unsigned long long)s[0][k]);
		for (round = 0; round < (t_phase == 1 ? 20 : 5); round++) {
			for (n = 0; n < 25; n++)
				for (k = 0; k < 4; k++)
					s[n][k] = t[n][k] = t_rand();
			ember_keccak_x4_permute(d, s);
			ember_keccak_x4_permute(ref, t);
			if (!CHECK(memcmp(s, t, sizeof(s)) == 0, "%s: permutation differs from ref's on random states", d->impl))
				break;
		}
	}
	if (t_phase == 1)
		t_note("keccak_x4_permute: %d implementation(s) on this CPU", impls);
}

/* Four single SHAKEs of the same inputs, |out_len| bytes each */
static void singles(unsigned rate, uint8_t *const want[4], size_t out_len, uint8_t *const in[4], size_t len)
{
	unsigned k;

	for (k = 0; k < 4; k++) {
		if (rate == EMBER_SHAKE128_BLOCK_LEN)
			ember_shake128(want[k], out_len, in[k], len);
		else
			ember_shake256(want[k], out_len, in[k], len);
	}
}

EMBER_TEST(keccak_x4_shake)
{
	static const size_t fixed[] = { 0, 1, 34, 66, 135, 136, 137, 167, 168, 169, 272, 336, 504 };
	enum { MAX_IN = 600, MAX_BLOCKS = 5 };
	uint8_t *in[4], *got[4], *want[4];
	size_t i, checks = 0;
	unsigned k;
	int round, ok = 1;

	for (k = 0; k < 4; k++) {
		in[k] = malloc(MAX_IN);
		got[k] = malloc(MAX_BLOCKS * 168);
		want[k] = malloc(MAX_BLOCKS * 168);
		ok &= in[k] != NULL && got[k] != NULL && want[k] != NULL;
	}
	if (!CHECK(ok, "out of memory"))
		goto done;
	for (i = 0; i < ember_keccak_x4_count(); i++) {
		const ember_keccak_x4_desc *d = ember_keccak_x4_at(i);
		const size_t n_rounds = sizeof(fixed) / sizeof(fixed[0]) + (t_phase == 1 ? 40 : 10);

		if (!ember_keccak_x4_supported(d))
			continue;
		for (round = 0; (size_t)round < 2 * n_rounds; round++) {
			const unsigned rate = round % 2 ? EMBER_SHAKE256_BLOCK_LEN : EMBER_SHAKE128_BLOCK_LEN;
			size_t len = (size_t)round / 2 < sizeof(fixed) / sizeof(fixed[0]) ? fixed[round / 2]
			                                                                    : t_rand_below(MAX_IN + 1);
			size_t nb = 1 + t_rand_below(MAX_BLOCKS), first = t_rand_below(nb + 1);
			ember_keccak_x4_ctx c;

			for (k = 0; k < 4; k++)
				t_rand_bytes(in[k], len);
			singles(rate, want, nb * rate, in, len);
			ember_keccak_x4_init(&c, d);
			if (!CHECK(c.desc == d, "%s: init did not keep the implementation", d->impl))
				break;
			if (rate == EMBER_SHAKE128_BLOCK_LEN)
				ember_shake128_x4_absorb_once(&c, in[0], in[1], in[2], in[3], len);
			else
				ember_shake256_x4_absorb_once(&c, in[0], in[1], in[2], in[3], len);
			/* the blocks in two calls (first may be 0 or all of them) */
			ember_shake_x4_squeezeblocks(&c, got[0], got[1], got[2], got[3], first);
			ember_shake_x4_squeezeblocks(&c, got[0] + first * rate, got[1] + first * rate, got[2] + first * rate,
			    got[3] + first * rate, nb - first);
			ember_keccak_x4_clear(&c);
			for (k = 0; k < 4; k++)
				ok &= memcmp(got[k], want[k], nb * rate) == 0;
			if (!CHECK(ok, "%s: shake%u x4 of %zu-byte inputs, %zu blocks (%zu + %zu) differ from four single ones",
			        d->impl, rate == 168 ? 128u : 256u, len, nb, first, nb - first))
				break;
			checks++;
		}
	}
	if (t_phase == 1)
		t_note("keccak_x4_shake: %zu absorb/squeeze runs against single SHAKEs", checks);
done:
	for (k = 0; k < 4; k++) {
		free(in[k]);
		free(got[k]);
		free(want[k]);
	}
}

EMBER_TEST(keccak_x4_oneshot)
{
	uint8_t in[4][200], got[4][700], want[4][700];
	uint8_t *inp[4], *wantp[4];
	int round;
	unsigned k;

	for (k = 0; k < 4; k++) {
		inp[k] = in[k];
		wantp[k] = want[k];
	}
	for (round = 0; round < (t_phase == 1 ? 60 : 20); round++) {
		const unsigned rate = round % 2 ? EMBER_SHAKE256_BLOCK_LEN : EMBER_SHAKE128_BLOCK_LEN;
		size_t len = t_rand_below(sizeof(in[0]) + 1), out_len = round < 4 ? (size_t)round : t_rand_below(sizeof(got[0]) + 1);
		int ok = 1;

		for (k = 0; k < 4; k++)
			t_rand_bytes(in[k], len);
		memset(got, 0xaa, sizeof(got));
		singles(rate, wantp, out_len, inp, len);
		if (rate == EMBER_SHAKE128_BLOCK_LEN)
			ember_shake128_x4(got[0], got[1], got[2], got[3], out_len, in[0], in[1], in[2], in[3], len);
		else
			ember_shake256_x4(got[0], got[1], got[2], got[3], out_len, in[0], in[1], in[2], in[3], len);
		for (k = 0; k < 4; k++)
			ok &= memcmp(got[k], want[k], out_len) == 0 && (out_len == sizeof(got[k]) || got[k][out_len] == 0xaa);
		if (!CHECK(ok, "shake%u_x4: %zu-byte inputs, %zu-byte outputs differ from single ones (or wrote past them)",
		        rate == 168 ? 128u : 256u, len, out_len))
			break;
	}
}

static int all_zero(const void *p, size_t n)
{
	const uint8_t *b = (const uint8_t *)p;
	size_t i;
	int z = 1;

	for (i = 0; i < n; i++)
		z &= b[i] == 0;
	return z;
}

EMBER_TEST(keccak_x4_default)
{
	const ember_keccak_x4_desc *def = ember_keccak_x4_default(), *first = NULL;
	ember_keccak_x4_ctx c;
	size_t i;
	static const uint8_t msg[34];
	uint8_t o[4][168];

	for (i = 0; i < ember_keccak_x4_count(); i++) {
		const ember_keccak_x4_desc *d = ember_keccak_x4_at(i);
		if (first == NULL && (d->flags & EMBER_IMPL_CT) && ember_keccak_x4_supported(d))
			first = d;
		if (!ember_keccak_x4_supported(d)) {
			/* an implementation this CPU cannot run is never installed */
			ember_keccak_x4_init(&c, d);
			CHECK(c.desc == def, "init with unsupported %s installed %s", d->impl, c.desc->impl);
		}
	}
	CHECK(ember_keccak_x4_at(ember_keccak_x4_count()) == NULL, "ember_keccak_x4_at past the end");
	CHECK(def != NULL && def == first, "the default (%s) is not the first supported entry (%s)", def ? def->impl : "none",
	    first ? first->impl : "none");
	CHECK(t_phase == 1 || strcmp(def->impl, "ref") == 0, "EMBER_CPUCAP=none: default %s, want ref", def->impl);
	ember_keccak_x4_init(&c, NULL);
	CHECK(c.desc == def, "init(NULL) did not install the default");
	ember_shake128_x4_absorb_once(&c, msg, msg, msg, msg, sizeof(msg));
	ember_shake_x4_squeezeblocks(&c, o[0], o[1], o[2], o[3], 1);
	ember_keccak_x4_clear(&c);
	CHECK(all_zero(&c, sizeof(c)), "ember_keccak_x4_clear left bytes");
	CHECK(memcmp(o[0], o[3], sizeof(o[0])) == 0, "four equal inputs gave different outputs");
	if (t_phase == 1)
		t_note("keccak_x4: default %s", def->impl);
}
