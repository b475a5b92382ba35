/*
 * ct_keccak.c - the four-way Keccak (src/hash/keccak_x4.h) under ctgrind:
 * every implementation this CPU runs under valgrind absorbs four secret
 * seeds with SHAKE128 and SHAKE256 and squeezes several blocks, as the
 * post-quantum schemes' secret expansions (ML-DSA's ExpandS, ML-KEM's PRF)
 * do. The outputs are declassified only after the last squeeze.
 */
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "ct_extra.h"
#include "hash/keccak_x4.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

/* One implementation: SHAKE128 and SHAKE256 over secret inputs of 33 and 200 bytes (one and two blocks). */
static int run(const ember_keccak_x4_desc *d)
{
	static const size_t lens[] = { 33, 200 };
	uint8_t in[4][200], out[4][2 * 168], ref[4][2 * 168];
	size_t l, i, k;
	int ok = 1;

	for (l = 0; l < sizeof(lens) / sizeof(lens[0]); l++) {
		for (k = 0; k < 2; k++) {
			ember_keccak_x4_ctx c;
			size_t rate = k == 0 ? 168 : 136;
			for (i = 0; i < 4; i++)
				memset(in[i], (int)(0x31 + 7 * i + l), lens[l]);
			SECRET(in, sizeof(in));
			ember_keccak_x4_init(&c, d);
			if (k == 0)
				ember_shake128_x4_absorb_once(&c, in[0], in[1], in[2], in[3], lens[l]);
			else
				ember_shake256_x4_absorb_once(&c, in[0], in[1], in[2], in[3], lens[l]);
			ember_shake_x4_squeezeblocks(&c, out[0], out[1], out[2], out[3], 1);
			ember_shake_x4_squeezeblocks(&c, out[0] + rate, out[1] + rate, out[2] + rate, out[3] + rate, 1);
			ember_keccak_x4_clear(&c);
			PUBLIC(out, sizeof(out));
			PUBLIC(in, sizeof(in));
			/* the answer must be the single-sponge SHAKE's, so the check ran the real thing */
			for (i = 0; i < 4; i++) {
				ember_hash_ctx h;
				const ember_hash_desc *hd = ember_hash_find(k == 0 ? "shake128" : "shake256", NULL);
				if (hd == NULL)
					return 0;
				ember_hash_init(&h, hd);
				ember_hash_update(&h, in[i], lens[l]);
				ember_hash_final_xof(&h, ref[i], 2 * rate);
				if (memcmp(ref[i], out[i], 2 * rate) != 0)
					ok = 0;
			}
		}
	}
	return ok;
}

unsigned ct_keccak(void)
{
	size_t i;
	unsigned done = 0;

	for (i = 0; i < ember_keccak_x4_count(); i++) {
		const ember_keccak_x4_desc *d = ember_keccak_x4_at(i);
		if (!ember_keccak_x4_supported(d)) {
			printf("not run (CPU feature absent under valgrind): keccak-x4/%s\n", d->impl);
			continue;
		}
		if (!(d->flags & EMBER_IMPL_CT)) {
			printf("excluded (not constant-time): keccak-x4/%s\n", d->impl);
			continue;
		}
		if (!run(d)) {
			printf("FAILED: keccak-x4/%s does not give SHAKE's output\n", d->impl);
			continue;
		}
		printf("checked: keccak-x4/%s (SHAKE128 and SHAKE256, 4 secret inputs, 2 blocks out)\n", d->impl);
		done++;
	}
	return done;
}
