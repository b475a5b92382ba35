/*
 * mldsa_sample.c - ML-DSA's sampling from hashes for the signing paths
 * (mldsa.c, mldsa_small.c): SampleInBall (FIPS 204, Algorithm 29), which
 * both share, and one polynomial of ExpandMask (Algorithm 34) streamed,
 * for mldsa_small.c (mldsa.c expands the whole mask four sponges at once,
 * inlined into its signing loop's frame). A^ (ExpandA) is sampled where
 * it is multiplied (mldsa.c's matvec, mldsa_small.c's rows), ExpandS in
 * mldsa_keygen.c.
 */
#include "internal.h"
#include "ember/hash.h"
#include "pq/mldsa_int.h"

#define N MLDSA_N

/*
 * One polynomial of ExpandMask, its bytes squeezed 45 (gamma1 2^17: five
 * groups of four coefficients) or 40 (2^19: eight groups of two) at a time
 * and unpacked as they come: 48 bytes of buffer, not 640.
 */
void mldsa_mask_poly(const mldsa_params *p, mldsa_poly *y, const uint8_t rhopp[64], unsigned nonce)
{
	uint8_t in[66], buf[48];
	ember_shake_ctx h;
	unsigned n, step = p->gamma1_bits == 17 ? 20 : 16, chunk = p->gamma1_bits == 17 ? 45 : 40;

	memcpy(in, rhopp, 64);
	in[64] = (uint8_t)nonce;
	in[65] = (uint8_t)(nonce >> 8);
	ember_shake256_init(&h);
	ember_shake_update(&h, in, sizeof(in));
	for (n = 0; n < N; n += step) {
		unsigned cnt = N - n < step ? N - n : step;
		ember_shake_squeeze(&h, buf, cnt == step ? chunk : cnt * (p->gamma1_bits + 1) / 8);
		mldsa_unpack_z_part(y->c + n, buf, cnt, p->gamma1_bits);
	}
	ember_shake_clear(&h);
	ember_wipe(in, sizeof(in));
	ember_wipe(buf, sizeof(buf));
}

/*
 * SampleInBall from c~: the positions and signs of c's tau nonzero
 * coefficients. Called on public data only: a signature's c~, or in
 * signing an attempt's c~ once declassified (see mldsa.c's try_sign).
 */
void mldsa_sample_in_ball(mldsa_chal *c, const uint8_t *ct, size_t ctl, unsigned tau)
{
	uint8_t buf[EMBER_SHAKE256_BLOCK_LEN];
	int8_t dense[N];
	ember_shake_ctx h;
	uint64_t signs = 0;
	unsigned i, pos = 8, t = 0;

	ember_shake256_init(&h);
	ember_shake_update(&h, ct, ctl);
	ember_shake_squeeze(&h, buf, sizeof(buf));
	for (i = 0; i < 8; i++)
		signs |= (uint64_t)buf[i] << (8 * i);
	memset(dense, 0, sizeof(dense));
	for (i = N - tau; i < N; i++) {
		unsigned j;
		do {
			if (pos == sizeof(buf)) {
				ember_shake_squeeze(&h, buf, sizeof(buf));
				pos = 0;
			}
			j = buf[pos++];
		} while (j > i);
		dense[i] = dense[j];
		dense[j] = (int8_t)(1 - 2 * (int)(signs & 1));
		signs >>= 1;
	}
	ember_shake_clear(&h);
	for (i = 0; i < N; i++)
		if (dense[i] != 0) {
			c->pos[t] = (uint8_t)i;
			c->sign[t] = dense[i];
			t++;
		}
	c->tau = t;
}
