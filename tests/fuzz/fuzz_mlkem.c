/*
 * fuzz_mlkem.c - ML-KEM's inputs that come from strangers (ciphertexts,
 * encapsulation keys, stored decapsulation keys), under fixed keys made
 * from fixed seeds:
 *
 *   [0] % 3 the set (512, 768, 1024); [1] % 3 selects, [2..] the input:
 *     0  a ciphertext to decapsulate: of the set's length it must give 0
 *        and, but for the one valid ciphertext made here, J(z || c)
 *        (implicit rejection, recomputed with SHAKE256); the valid one its
 *        K; any other length EMBER_ELEN with ss untouched
 *     1  an encapsulation key: ember_mlkem_check_ek must agree with the
 *        modulus check written out here, and encapsulation with it (fixed
 *        m) must succeed exactly when the check does, deterministically
 *     2  a decapsulation key: ember_mlkem_check_dk must agree with
 *        SHA3-256 of its ek against its h, and decapsulation of a fixed
 *        ciphertext must succeed exactly when the check does
 * A disagreement aborts.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ember/hash.h"
#include "ember/mlkem.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const int sets[3] = { EMBER_MLKEM512, EMBER_MLKEM768, EMBER_MLKEM1024 };

static struct {
	int ready;
	uint8_t ek[EMBER_MLKEM_EK_MAX], dk[EMBER_MLKEM_DK_MAX], ct[EMBER_MLKEM_CT_MAX], ss[32];
} keys[3];

static const uint8_t fixed_m[32] = { 0x6d, 0x6c, 0x6b, 0x65, 0x6d, 1, 2, 3 };

static void setup(unsigned s)
{
	uint8_t seed[64];
	int set = sets[s];
	unsigned i;

	if (keys[s].ready)
		return;
	for (i = 0; i < sizeof(seed); i++)
		seed[i] = (uint8_t)(i * 7 + s);
	if (ember_mlkem_keygen_seed(set, keys[s].ek, EMBER_MLKEM_EK_LEN(set), keys[s].dk, EMBER_MLKEM_DK_LEN(set), seed) != 0 ||
	    ember_mlkem_encaps_m(set, keys[s].ct, EMBER_MLKEM_CT_LEN(set), keys[s].ss, keys[s].ek, EMBER_MLKEM_EK_LEN(set),
	        fixed_m) != 0)
		abort();
	keys[s].ready = 1;
}

static void decaps(unsigned s, const uint8_t *c, size_t len)
{
	int set = sets[s];
	size_t dkl = EMBER_MLKEM_DK_LEN(set), ctl = EMBER_MLKEM_CT_LEN(set);
	uint8_t ss[32], want[32], *buf;
	int r;

	memset(ss, 0xa5, sizeof(ss));
	r = ember_mlkem_decaps(set, ss, keys[s].dk, dkl, c, len);
	if (len != ctl) {
		size_t i;
		if (r != EMBER_ELEN)
			abort();
		for (i = 0; i < 32; i++)
			if (ss[i] != 0xa5)
				abort();
		return;
	}
	if (r != 0)
		abort();
	if (memcmp(c, keys[s].ct, ctl) == 0) {
		if (memcmp(ss, keys[s].ss, 32) != 0)
			abort();
		return;
	}
	if ((buf = malloc(32 + len)) == NULL)
		abort();
	memcpy(buf, keys[s].dk + dkl - 32, 32);
	memcpy(buf + 32, c, len);
	ember_shake256(want, 32, buf, 32 + len);
	free(buf);
	if (memcmp(ss, want, 32) != 0)
		abort();
}

static void check_ek(unsigned s, const uint8_t *ek, size_t len)
{
	int set = sets[s];
	size_t ekl = EMBER_MLKEM_EK_LEN(set), ctl = EMBER_MLKEM_CT_LEN(set), i;
	uint8_t ct1[EMBER_MLKEM_CT_MAX], ct2[EMBER_MLKEM_CT_MAX], ss1[32], ss2[32];
	int r = ember_mlkem_check_ek(set, ek, len), want = 0, e1, e2;

	if (len != ekl) {
		if (r != EMBER_ELEN)
			abort();
		return;
	}
	for (i = 0; i + 32 < ekl; i += 3) {
		unsigned a = ek[i] | (unsigned)(ek[i + 1] & 15) << 8, b = ek[i + 1] >> 4 | (unsigned)ek[i + 2] << 4;
		if (a >= 3329 || b >= 3329)
			want = EMBER_ERANGE;
	}
	if (r != want)
		abort();
	e1 = ember_mlkem_encaps_m(set, ct1, ctl, ss1, ek, len, fixed_m);
	e2 = ember_mlkem_encaps_m(set, ct2, ctl, ss2, ek, len, fixed_m);
	if (e1 != want || e2 != want)
		abort();
	if (want == 0 && (memcmp(ct1, ct2, ctl) != 0 || memcmp(ss1, ss2, 32) != 0))
		abort();
}

static void check_dk(unsigned s, const uint8_t *dk, size_t len)
{
	int set = sets[s];
	size_t dkl = EMBER_MLKEM_DK_LEN(set), ekl = EMBER_MLKEM_EK_LEN(set), ctl = EMBER_MLKEM_CT_LEN(set);
	uint8_t h[32], ss[32];
	int r = ember_mlkem_check_dk(set, dk, len), want;

	if (len != dkl) {
		if (r != EMBER_ELEN || ember_mlkem_decaps(set, ss, dk, len, keys[s].ct, ctl) != EMBER_ELEN)
			abort();
		return;
	}
	ember_sha3_256(h, dk + dkl - 64 - ekl, ekl);
	want = memcmp(h, dk + dkl - 64, 32) == 0 ? 0 : EMBER_EDECODE;
	if (r != want || ember_mlkem_decaps(set, ss, dk, len, keys[s].ct, ctl) != want)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned s;

	if (size < 2)
		return 0;
	s = data[0] % 3;
	setup(s);
	switch (data[1] % 3) {
	case 0:
		decaps(s, data + 2, size - 2);
		break;
	case 1:
		check_ek(s, data + 2, size - 2);
		break;
	default:
		check_dk(s, data + 2, size - 2);
		break;
	}
	return 0;
}
