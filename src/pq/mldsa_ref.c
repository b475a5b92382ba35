/*
 * mldsa_ref.c - ML-DSA's portable, constant-time arithmetic: mldsa_poly.c's
 * scalar code (32x32->64 products only) as mldsa_ops, one polynomial at a
 * time, and the descriptor. Runs everywhere; the reference the other
 * implementations match integer for integer (tests/t_mldsa.c).
 */
#include "internal.h"
#include "ember/mldsa.h"
#include "pq/mldsa_int.h"

#define Q MLDSA_Q
#define N MLDSA_N

/*
 * RejNTTPoly's loop (FIPS 204, Algorithm 30, with CoeffFromThreeBytes) over
 * one block of SHAKE128 output, each accepted coefficient a multiplied
 * into the accumulators at its index, one per vector: acc[b k]_n +=
 * a v_b,n 2^-32 with v_b the slot |slot| of pairs[b]. Public: A comes
 * from rho.
 */
static unsigned ref_rej_mac(mldsa_poly *acc, unsigned k, const poly_pair *pairs, unsigned slot, unsigned nb,
    unsigned ctr, const uint8_t *buf, unsigned len)
{
	unsigned pos, b;

	if (nb == 1) {
		int32_t *a = acc[0].c;
		const int32_t *v = pairs[0].p[slot].c;
		for (pos = 0; pos + 3 <= len && ctr < N; pos += 3) {
			uint32_t t = buf[pos] | (uint32_t)buf[pos + 1] << 8 | (uint32_t)(buf[pos + 2] & 0x7f) << 16;
			if (t < Q) {
				a[ctr] += mldsa_mont_reduce((int64_t)t * v[ctr]);
				ctr++;
			}
		}
		return ctr;
	}
	for (pos = 0; pos + 3 <= len && ctr < N; pos += 3) {
		uint32_t t = buf[pos] | (uint32_t)buf[pos + 1] << 8 | (uint32_t)(buf[pos + 2] & 0x7f) << 16;
		if (t < Q) {
			for (b = 0; b < nb; b++)
				acc[b * k].c[ctr] += mldsa_mont_reduce((int64_t)t * pairs[b].p[slot].c[ctr]);
			ctr++;
		}
	}
	return ctr;
}

/*
 * RejBoundedPoly's loop (FIPS 204, Algorithm 31, CoeffFromHalfByte) over
 * one block (ExpandS: mldsa_keygen.c).
 * Which half-bytes are refused (15 of eta = 2, 9 and above of eta = 4) is
 * let leak, as FIPS 204's rejection sampling of s1 and s2 does in every
 * implementation: the refusal of a half-byte says nothing of the
 * coefficients kept (each accepted one is uniform on its range either
 * way). The values are computed without branch or division.
 */
static unsigned ref_rej_eta(int8_t *a, unsigned ctr, const uint8_t *buf, unsigned len, unsigned eta)
{
	unsigned pos, h;

	for (pos = 0; pos < len && ctr < N; pos++) {
		for (h = 0; h < 2 && ctr < N; h++) {
			uint32_t z = h ? (uint32_t)buf[pos] >> 4 : buf[pos] & 15u;
			uint32_t ok = (z - (eta == 2 ? 15u : 9u)) >> 31;
			EMBER_DECLASSIFY(&ok, sizeof(ok));
			/* written always, kept when ok: no branch to mispredict (eta 4 refuses 7 of 16) */
			a[ctr] = (int8_t)(eta == 2 ? 2 - (int32_t)(z - 5 * ((z * 205) >> 10)) : 4 - (int32_t)z);
			ctr += ok;
		}
	}
	return ctr;
}

static void ref_decompose(mldsa_poly *a1, mldsa_poly *a0, const mldsa_poly *a, int32_t gamma2)
{
	unsigned n;

	for (n = 0; n < N; n++) {
		int32_t lo, hi = mldsa_decompose(&lo, a->c[n], gamma2);
		a1->c[n] = hi;
		if (a0 != NULL)
			a0->c[n] = lo;
	}
}

static uint32_t ref_make_hint(uint32_t hm[N / 32], const mldsa_poly *a0, const mldsa_poly *a1, int32_t gamma2)
{
	uint32_t cnt = 0;
	unsigned n;

	for (n = 0; n < N; n++) {
		uint32_t hb = mldsa_make_hint(a0->c[n], a1->c[n], gamma2);
		hm[n / 32] |= hb << (n % 32);
		cnt += hb;
	}
	return cnt;
}

static void ref_use_hint(mldsa_poly *r, const mldsa_poly *a, const uint8_t hint[N], int32_t gamma2)
{
	unsigned n;

	for (n = 0; n < N; n++)
		r->c[n] = mldsa_use_hint(a->c[n], hint[n], gamma2);
}

static const mldsa_ops ref_ops = {
	mldsa_poly_ntt,
	mldsa_poly_invntt_tomont,
	mldsa_poly_reduce,
	mldsa_poly_caddq,
	ref_rej_mac,
	ref_rej_eta,
	mldsa_chal_mac,
	mldsa_poly_exceeds,
	mldsa_power2round,
	ref_decompose,
	ref_make_hint,
	ref_use_hint,
};

const ember_mldsa_desc ember_mldsa_ref_desc = { "mldsa", "ref", EMBER_IMPL_CT, NULL, &ref_ops };
