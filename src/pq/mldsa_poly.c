/*
 * mldsa_poly.c - ML-DSA's polynomials (FIPS 204): arithmetic mod
 * q = 8380417 on int32_t coefficients with Montgomery reduction of
 * 32x32->64 products (R = 2^32), as the Dilithium reference code, so 32-bit
 * cores multiply in constant time; the number-theoretic transform (FIPS 204,
 * Algorithms 41 and 42); the bit packings of 7.1; the rounding functions of
 * 7.4 by multiply-and-shift (no division, no secret branch); and the
 * product of the sparse challenge c by a polynomial with small coefficients.
 */
#include <string.h>

#include "pq/mldsa_int.h"

#define Q MLDSA_Q
#define N MLDSA_N
#define QINV 58728449 /* q^-1 mod 2^32 */

/* zeta^BitRev8(i) 2^32 mod q, centred, zeta = 1753 (FIPS 204, Appendix B, in Montgomery form; [0] unused) */
const int32_t mldsa_zetas[N] = {
	-4186625, 25847, -2608894, -518909, 237124, -777960, -876248, 466468,
	1826347, 2353451, -359251, -2091905, 3119733, -2884855, 3111497, 2680103,
	2725464, 1024112, -1079900, 3585928, -549488, -1119584, 2619752, -2108549,
	-2118186, -3859737, -1399561, -3277672, 1757237, -19422, 4010497, 280005,
	2706023, 95776, 3077325, 3530437, -1661693, -3592148, -2537516, 3915439,
	-3861115, -3043716, 3574422, -2867647, 3539968, -300467, 2348700, -539299,
	-1699267, -1643818, 3505694, -3821735, 3507263, -2140649, -1600420, 3699596,
	811944, 531354, 954230, 3881043, 3900724, -2556880, 2071892, -2797779,
	-3930395, -1528703, -3677745, -3041255, -1452451, 3475950, 2176455, -1585221,
	-1257611, 1939314, -4083598, -1000202, -3190144, -3157330, -3632928, 126922,
	3412210, -983419, 2147896, 2715295, -2967645, -3693493, -411027, -2477047,
	-671102, -1228525, -22981, -1308169, -381987, 1349076, 1852771, -1430430,
	-3343383, 264944, 508951, 3097992, 44288, -1100098, 904516, 3958618,
	-3724342, -8578, 1653064, -3249728, 2389356, -210977, 759969, -1316856,
	189548, -3553272, 3159746, -1851402, -2409325, -177440, 1315589, 1341330,
	1285669, -1584928, -812732, -1439742, -3019102, -3881060, -3628969, 3839961,
	2091667, 3407706, 2316500, 3817976, -3342478, 2244091, -2446433, -3562462,
	266997, 2434439, -1235728, 3513181, -3520352, -3759364, -1197226, -3193378,
	900702, 1859098, 909542, 819034, 495491, -1613174, -43260, -522500,
	-655327, -3122442, 2031748, 3207046, -3556995, -525098, -768622, -3595838,
	342297, 286988, -2437823, 4108315, 3437287, -3342277, 1735879, 203044,
	2842341, 2691481, -2590150, 1265009, 4055324, 1247620, 2486353, 1595974,
	-3767016, 1250494, 2635921, -3548272, -2994039, 1869119, 1903435, -1050970,
	-1333058, 1237275, -3318210, -1430225, -451100, 1312455, 3306115, -1962642,
	-1279661, 1917081, -2546312, -1374803, 1500165, 777191, 2235880, 3406031,
	-542412, -2831860, -1671176, -1846953, -2584293, -3724270, 594136, -3776993,
	-2013608, 2432395, 2454455, -164721, 1957272, 3369112, 185531, -1207385,
	-3183426, 162844, 1616392, 3014001, 810149, 1652634, -3694233, -1799107,
	-3038916, 3523897, 3866901, 269760, 2213111, -975884, 1717735, 472078,
	-426683, 1723600, -1803090, 1910376, -1667432, -1104333, -260646, -3833893,
	-2939036, -2235985, -420899, -2286327, 183443, -976891, 1612842, -3545687,
	-554416, 3919660, -48306, -1362209, 3937738, 1400424, -846154, 1976782,
};

/* a representative of a mod q in [-6283008, 6283008], for a <= 2^31 - 2^22 - 1 */
static inline int32_t reduce32(int32_t a)
{
	int32_t t = (a + (1 << 22)) >> 23;
	return a - t * Q;
}

/* a + q when a is negative (masked) */
static inline int32_t caddq(int32_t a)
{
	return a + ((a >> 31) & Q);
}

void mldsa_poly_reduce(mldsa_poly *a)
{
	unsigned i;

	for (i = 0; i < N; i++)
		a->c[i] = reduce32(a->c[i]);
}

void mldsa_poly_caddq(mldsa_poly *a)
{
	unsigned i;

	for (i = 0; i < N; i++)
		a->c[i] = caddq(a->c[i]);
}

/* FIPS 204, Algorithm 41: in place, bit-reversed output, coefficients grow by up to 8q */
void mldsa_poly_ntt(mldsa_poly *p)
{
	unsigned len, start, j, k = 0;
	int32_t *a = p->c;

	for (len = 128; len > 0; len >>= 1) {
		for (start = 0; start < N; start = j + len) {
			int32_t zeta = mldsa_zetas[++k];
			for (j = start; j < start + len; j++) {
				int32_t t = mldsa_mont_reduce((int64_t)zeta * a[j + len]);
				a[j + len] = a[j] - t;
				a[j] = a[j] + t;
			}
		}
	}
}

/* FIPS 204, Algorithm 42, times 2^32 (cancels the 2^-32 of the pointwise products); |a_i| < q in, < q out */
void mldsa_poly_invntt_tomont(mldsa_poly *p)
{
	unsigned len, start, j, k = N;
	int32_t *a = p->c;
	const int32_t f = 41978; /* 2^64 / 256 mod q */

	for (len = 1; len < N; len <<= 1) {
		for (start = 0; start < N; start = j + len) {
			int32_t zeta = -mldsa_zetas[--k];
			for (j = start; j < start + len; j++) {
				int32_t t = a[j];
				a[j] = t + a[j + len];
				a[j + len] = mldsa_mont_reduce((int64_t)zeta * (t - a[j + len]));
			}
		}
	}
	for (j = 0; j < N; j++)
		a[j] = mldsa_mont_reduce((int64_t)f * a[j]);
}

void mldsa_chal_ext(int32_t ext[2 * N])
{
	unsigned i;

	for (i = 0; i < N; i++)
		ext[i] = -ext[N + i];
}

/*
 * c a as tau shifted copies of a, added or subtracted: (c a)_n =
 * sum_t s_t a'_{n - p_t} with a'_m = a_m, and -a_{m + 256} for m < 0,
 * which is ext[256 + n - p_t]: every copy one run of 256 over ext, at an
 * offset that depends only on c (public: see mldsa.c); a fixed trip count
 * and no aliasing, so compilers vectorize it. |c a| < 60 2^23 < 2^31.
 */
void mldsa_chal_mac(int32_t *restrict r, const mldsa_chal *c, const int32_t *restrict ext, int neg)
{
	unsigned t, n;

	for (t = 0; t < c->tau; t++) {
		const int32_t *restrict src = ext + N - c->pos[t];
		if ((c->sign[t] < 0) == (neg != 0)) {
			for (n = 0; n < N; n++)
				r[n] += src[n];
		} else {
			for (n = 0; n < N; n++)
				r[n] -= src[n];
		}
	}
}

uint32_t mldsa_poly_exceeds(const mldsa_poly *a, int32_t bound)
{
	uint32_t bad = 0;
	unsigned i;

	for (i = 0; i < N; i++) {
		int32_t s = a->c[i] >> 31;
		int32_t abs = a->c[i] - (s & (2 * a->c[i]));
		bad |= (uint32_t)(bound - 1 - abs);
	}
	return bad >> 31;
}

/* ---- bit packing: BitPack / SimpleBitPack, little-endian fields of |bits| bits ---- */

/* fields = offset - a_i (offset 0 with negate 0: a_i itself) */
static void pack_bits(uint8_t *r, const int32_t *a, unsigned bits, int32_t offset, int negate)
{
	uint64_t acc = 0;
	unsigned i, have = 0;

	for (i = 0; i < N; i++) {
		uint32_t v = (uint32_t)(negate ? offset - a[i] : a[i]);
		acc |= (uint64_t)v << have;
		have += bits;
		while (have >= 8) {
			*r++ = (uint8_t)acc;
			acc >>= 8;
			have -= 8;
		}
	}
}

static void unpack_bits(int32_t *r, const uint8_t *a, unsigned bits, int32_t offset, int negate)
{
	uint64_t acc = 0;
	uint32_t mask = (1u << bits) - 1;
	unsigned i, have = 0;

	for (i = 0; i < N; i++) {
		while (have < bits) {
			acc |= (uint64_t)*a++ << have;
			have += 8;
		}
		r[i] = negate ? offset - (int32_t)((uint32_t)acc & mask) : (int32_t)((uint32_t)acc & mask);
		acc >>= bits;
		have -= bits;
	}
}

void mldsa_pack_t1(uint8_t r[320], const mldsa_poly *a)
{
	pack_bits(r, a->c, 10, 0, 0);
}

void mldsa_unpack_t1(mldsa_poly *r, const uint8_t a[320])
{
	unpack_bits(r->c, a, 10, 0, 0);
}

void mldsa_pack_t0(uint8_t r[416], const mldsa_poly *a)
{
	pack_bits(r, a->c, 13, 1 << 12, 1);
}

void mldsa_unpack_t0(mldsa_poly *r, const uint8_t a[416])
{
	unpack_bits(r->c, a, 13, 1 << 12, 1);
}

void mldsa_pack_eta(uint8_t *r, const int8_t a[MLDSA_N], unsigned eta)
{
	unsigned i, bits = eta == 2 ? 3 : 4, have = 0;
	uint32_t acc = 0;

	for (i = 0; i < N; i++) {
		acc |= (uint32_t)((int32_t)eta - a[i]) << have;
		have += bits;
		while (have >= 8) {
			*r++ = (uint8_t)acc;
			acc >>= 8;
			have -= 8;
		}
	}
}

void mldsa_unpack_eta(mldsa_poly *r, const uint8_t *a, unsigned eta)
{
	unpack_bits(r->c, a, eta == 2 ? 3 : 4, (int32_t)eta, 1);
}

uint32_t mldsa_eta_invalid(const uint8_t *a, size_t len, unsigned eta)
{
	uint32_t bad = 0;
	size_t i;

	if (eta == 4) {
		for (i = 0; i < len; i++)
			bad |= (8u - (a[i] & 15u)) | (8u - (uint32_t)(a[i] >> 4));
	} else {
		for (i = 0; i + 3 <= len; i += 3) {
			uint32_t w = a[i] | (uint32_t)a[i + 1] << 8 | (uint32_t)a[i + 2] << 16;
			unsigned j;
			for (j = 0; j < 8; j++)
				bad |= 4u - ((w >> (3 * j)) & 7u);
		}
	}
	return bad >> 31;
}

/*
 * z (and y, signing's mask, kept packed): the fields gamma1 - z_i of 18
 * bits (four in nine bytes) or 20 bits (two in five), written out per
 * group as the Dilithium reference code does; signing unpacks every y
 * twice and packs z, so the generic loop's cost showed.
 */
void mldsa_pack_z(uint8_t *r, const mldsa_poly *a, unsigned gamma1_bits)
{
	const int32_t g = (int32_t)1 << gamma1_bits;
	unsigned i;

	if (gamma1_bits == 17) {
		for (i = 0; i < N / 4; i++, r += 9) {
			uint32_t t0 = (uint32_t)(g - a->c[4 * i]), t1 = (uint32_t)(g - a->c[4 * i + 1]);
			uint32_t t2 = (uint32_t)(g - a->c[4 * i + 2]), t3 = (uint32_t)(g - a->c[4 * i + 3]);
			r[0] = (uint8_t)t0;
			r[1] = (uint8_t)(t0 >> 8);
			r[2] = (uint8_t)(t0 >> 16 | t1 << 2);
			r[3] = (uint8_t)(t1 >> 6);
			r[4] = (uint8_t)(t1 >> 14 | t2 << 4);
			r[5] = (uint8_t)(t2 >> 4);
			r[6] = (uint8_t)(t2 >> 12 | t3 << 6);
			r[7] = (uint8_t)(t3 >> 2);
			r[8] = (uint8_t)(t3 >> 10);
		}
		return;
	}
	for (i = 0; i < N / 2; i++, r += 5) {
		uint32_t t0 = (uint32_t)(g - a->c[2 * i]), t1 = (uint32_t)(g - a->c[2 * i + 1]);
		r[0] = (uint8_t)t0;
		r[1] = (uint8_t)(t0 >> 8);
		r[2] = (uint8_t)(t0 >> 16 | t1 << 4);
		r[3] = (uint8_t)(t1 >> 4);
		r[4] = (uint8_t)(t1 >> 12);
	}
}

void mldsa_unpack_z_part(int32_t *r, const uint8_t *a, unsigned n, unsigned gamma1_bits)
{
	const int32_t g = (int32_t)1 << gamma1_bits;
	unsigned i;

	if (gamma1_bits == 17) {
		for (i = 0; i < n / 4; i++, a += 9) {
			r[4 * i] = g - (int32_t)((a[0] | (uint32_t)a[1] << 8 | (uint32_t)a[2] << 16) & 0x3ffff);
			r[4 * i + 1] = g - (int32_t)((a[2] >> 2 | (uint32_t)a[3] << 6 | (uint32_t)a[4] << 14) & 0x3ffff);
			r[4 * i + 2] = g - (int32_t)((a[4] >> 4 | (uint32_t)a[5] << 4 | (uint32_t)a[6] << 12) & 0x3ffff);
			r[4 * i + 3] = g - (int32_t)((a[6] >> 6 | (uint32_t)a[7] << 2 | (uint32_t)a[8] << 10) & 0x3ffff);
		}
		return;
	}
	for (i = 0; i < n / 2; i++, a += 5) {
		r[2 * i] = g - (int32_t)((a[0] | (uint32_t)a[1] << 8 | (uint32_t)a[2] << 16) & 0xfffff);
		r[2 * i + 1] = g - (int32_t)(a[2] >> 4 | (uint32_t)a[3] << 4 | (uint32_t)a[4] << 12);
	}
}

void mldsa_unpack_z(mldsa_poly *r, const uint8_t *a, unsigned gamma1_bits)
{
	mldsa_unpack_z_part(r->c, a, N, gamma1_bits);
}

void mldsa_pack_w1(uint8_t *r, const mldsa_poly *a, int32_t gamma2)
{
	pack_bits(r, a->c, gamma2 == (Q - 1) / 88 ? 6 : 4, 0, 0);
}

/* Algorithm 20, HintBitPack: the positions of each row's ones, then each row's end index */
void mldsa_pack_hints(uint8_t *hs, const uint32_t hm[][N / 32], unsigned k, unsigned omega)
{
	unsigned i, n, cnt = 0;

	memset(hs, 0, omega + k);
	for (i = 0; i < k; i++) {
		for (n = 0; n < N; n++)
			if ((hm[i][n / 32] >> (n % 32)) & 1)
				hs[cnt++] = (uint8_t)n;
		hs[omega + i] = (uint8_t)cnt;
	}
}

/*
 * HintBitUnpack's checks (Algorithm 21): per row, an end index not below
 * the last and at most omega, positions strictly increasing, the unused
 * bytes zero. Public data.
 */
int mldsa_hints_valid(const uint8_t *hs, unsigned k, unsigned omega)
{
	unsigned i, idx = 0, n;

	for (i = 0; i < k; i++) {
		unsigned end = hs[omega + i];
		if (end < idx || end > omega)
			return 0;
		for (n = idx + 1; n < end; n++)
			if (hs[n - 1] >= hs[n])
				return 0;
		idx = end;
	}
	for (n = idx; n < omega; n++)
		if (hs[n] != 0)
			return 0;
	return 1;
}

/* ---- rounding (FIPS 204, 7.4) ---- */

void mldsa_power2round(mldsa_poly *a1, mldsa_poly *a0, const mldsa_poly *a)
{
	unsigned i;

	for (i = 0; i < N; i++) {
		int32_t hi = (a->c[i] + (1 << (MLDSA_D - 1)) - 1) >> MLDSA_D;
		a0->c[i] = a->c[i] - (hi << MLDSA_D);
		a1->c[i] = hi;
	}
}

/*
 * Algorithm 36, Decompose: a1 = round(a / (2 gamma2)) by multiply-and-shift
 * (the reference code's constants: exact for every a in [0, q)), with the
 * top class folded to 0 and a0 then taken to a0 - 1.
 */
int32_t mldsa_decompose(int32_t *a0, int32_t a, int32_t gamma2)
{
	int32_t a1 = (a + 127) >> 7;

	if (gamma2 == (Q - 1) / 32) {
		a1 = (a1 * 1025 + (1 << 21)) >> 22;
		a1 &= 15;
	} else {
		a1 = (a1 * 11275 + (1 << 23)) >> 24;
		a1 ^= ((43 - a1) >> 31) & a1;
	}
	*a0 = a - a1 * 2 * gamma2;
	*a0 -= (((Q - 1) / 2 - *a0) >> 31) & Q;
	return a1;
}

uint32_t mldsa_make_hint(int32_t a0, int32_t a1, int32_t gamma2)
{
	uint32_t gt = (uint32_t)(gamma2 - a0) >> 31;
	uint32_t lt = (uint32_t)(a0 + gamma2) >> 31;
	uint32_t x = (uint32_t)(a0 + gamma2);
	uint32_t eq = ((x | (0u - x)) >> 31) ^ 1;
	uint32_t nz = ((uint32_t)a1 | (0u - (uint32_t)a1)) >> 31;

	return gt | lt | (eq & nz);
}

/* Algorithm 40, UseHint (verification: public data, branches allowed) */
int32_t mldsa_use_hint(int32_t a, unsigned hint, int32_t gamma2)
{
	int32_t a0, a1 = mldsa_decompose(&a0, a, gamma2);

	if (hint == 0)
		return a1;
	if (gamma2 == (Q - 1) / 32)
		return a0 > 0 ? (a1 + 1) & 15 : (a1 - 1) & 15;
	if (a0 > 0)
		return a1 == 43 ? 0 : a1 + 1;
	return a1 == 0 ? 43 : a1 - 1;
}
