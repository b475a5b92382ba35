/*
 * poly1305_avx512ifma.c - Poly1305 (RFC 8439, 2.5) with AVX-512 IFMA:
 * eight blocks per step, one in each 64-bit lane, in radix 2^44 (whose
 * limbs vpmadd52luq / vpmadd52huq multiply in one instruction each, low and
 * high 52 bits of the product).
 *
 * Lane j accumulates blocks j, j + 8, j + 16 ...: each step multiplies the
 * lanes by r^8 and adds the next eight blocks; the last one multiplies lane
 * j by r^(8 - j) instead, and the lanes' sum is h (Horner's rule split
 * eight ways). Longer calls run two such sets of lanes on alternate
 * steps, each step then by r^16 (see lanes). r^2 .. r^8 are computed per
 * call with the scalar code, so calls of fewer than MIN_BLOCKS blocks, and
 * the blocks past the last whole step, stay scalar (poly1305_r44.h, whose
 * state this shares).
 *
 * Constant-time: straight-line vector code, the same scalar code as ref64.
 * On other targets supported() returns 0 and the functions are the scalar
 * ones.
 */
#include "aead/chacha20_impl.h"
#include "aead/poly1305_r44.h"

/* below this many blocks the powers of r cost more than the lanes save */
#define MIN_BLOCKS 16

#if defined(EMBER_X86) && defined(__x86_64__)
#include <immintrin.h>

#define TGT EMBER_TARGET("avx512f,avx512ifma")

static int supported(void)
{
	return ember_cpu_has(EMBER_CPU_AVX512F | EMBER_CPU_AVX512IFMA);
}

#include "aead/poly1305_ifma.h"

#define VMUL P1305_VMUL
#define VADD_BLOCKS P1305_VADD_BLOCKS
#define TIMES20 P1305_TIMES20

/*
 * Eight lanes, eight blocks per step; nblocks >= 8. Returns the blocks done
 * (a multiple of 8). From TWO_SETS steps on, two sets of lanes (H and G)
 * take the steps in turn, each multiplied by r^16: a step's chain (three
 * dependent IFMA, then the carries) is latency, and two independent ones
 * fill the ports that one leaves idle (1.2-1.5x at 8-16 KiB on the AMD
 * EPYC of docs/BENCHMARKS.md). The set that took the last step ends with
 * lane j times r^(8 - j), the other with r^(16 - j); r^9 .. r^16 are one
 * vector step, r^8 times the lanes of r^1 .. r^8.
 */
#define TWO_SETS 6
TGT static size_t lanes(uint64_t *st, const uint8_t *p, size_t nblocks, unsigned pad_bit)
{
	P1305_IFMA_CONSTS(pad_bit);
	uint64_t pw[8][3], lane[3][8];
	__m512i H0, H1, H2, G0, G1, G2, R0, R1, R2, S1, S2, L0, L1, L2, K0, K1, K2;
	size_t i, steps = nblocks / 8;

	/* pw[i] = r^(i + 1), up to r^8; L = r^(8 - j) in lane j */
	p1305_ifma_powers(st, pw, lane);
	L0 = _mm512_loadu_si512((const void *)lane[0]);
	L1 = _mm512_loadu_si512((const void *)lane[1]);
	L2 = _mm512_loadu_si512((const void *)lane[2]);
	R0 = _mm512_set1_epi64((long long)pw[7][0]);
	R1 = _mm512_set1_epi64((long long)pw[7][1]);
	R2 = _mm512_set1_epi64((long long)pw[7][2]);
	S1 = _mm512_set1_epi64((long long)(pw[7][1] * 20));
	S2 = _mm512_set1_epi64((long long)(pw[7][2] * 20));

	/* h joins lane 0 with the first block */
	H0 = _mm512_set_epi64(0, 0, 0, 0, 0, 0, 0, (long long)st[0]);
	H1 = _mm512_set_epi64(0, 0, 0, 0, 0, 0, 0, (long long)st[1]);
	H2 = _mm512_set_epi64(0, 0, 0, 0, 0, 0, 0, (long long)st[2]);
	G0 = G1 = G2 = _mm512_setzero_si512();
	VADD_BLOCKS(H0, H1, H2, p);
	if (steps < TWO_SETS) {
		for (i = 1; i < steps; i++) {
			p += 128;
			VMUL(H0, H1, H2, R0, R1, R2, S1, S2);
			VADD_BLOCKS(H0, H1, H2, p);
		}
		TIMES20(S1, L1);
		TIMES20(S2, L2);
		VMUL(H0, H1, H2, L0, L1, L2, S1, S2);
	} else {
		/* K = r^(16 - j) in lane j: r^8 times L; then R = r^16, K's lane 0 */
		K0 = L0, K1 = L1, K2 = L2;
		VMUL(K0, K1, K2, R0, R1, R2, S1, S2);
		R0 = _mm512_permutexvar_epi64(_mm512_setzero_si512(), K0);
		R1 = _mm512_permutexvar_epi64(_mm512_setzero_si512(), K1);
		R2 = _mm512_permutexvar_epi64(_mm512_setzero_si512(), K2);
		TIMES20(S1, R1);
		TIMES20(S2, R2);
		VADD_BLOCKS(G0, G1, G2, p + 128);
		for (i = 2; i + 1 < steps; i += 2) {
			VMUL(H0, H1, H2, R0, R1, R2, S1, S2);
			VMUL(G0, G1, G2, R0, R1, R2, S1, S2);
			VADD_BLOCKS(H0, H1, H2, p + 128 * i);
			VADD_BLOCKS(G0, G1, G2, p + 128 * i + 128);
		}
		if (i < steps) {
			/* an odd number of steps: H takes the last, G ends with K */
			VMUL(H0, H1, H2, R0, R1, R2, S1, S2);
			VADD_BLOCKS(H0, H1, H2, p + 128 * i);
			TIMES20(S1, K1);
			TIMES20(S2, K2);
			VMUL(G0, G1, G2, K0, K1, K2, S1, S2);
			TIMES20(S1, L1);
			TIMES20(S2, L2);
			VMUL(H0, H1, H2, L0, L1, L2, S1, S2);
		} else {
			TIMES20(S1, K1);
			TIMES20(S2, K2);
			VMUL(H0, H1, H2, K0, K1, K2, S1, S2);
			TIMES20(S1, L1);
			TIMES20(S2, L2);
			VMUL(G0, G1, G2, L0, L1, L2, S1, S2);
		}
	}

	/* the lanes' sum */
	p1305_ifma_sum(st, (uint64_t)_mm512_reduce_add_epi64(_mm512_add_epi64(H0, G0)),
	    (uint64_t)_mm512_reduce_add_epi64(_mm512_add_epi64(H1, G1)),
	    (uint64_t)_mm512_reduce_add_epi64(_mm512_add_epi64(H2, G2)));
	ember_wipe(pw, sizeof(pw));
	ember_wipe(lane, sizeof(lane));
	return steps * 8;
}

static void blocks(uint64_t *st, const uint8_t *p, size_t nblocks, unsigned pad_bit)
{
	if (nblocks >= MIN_BLOCKS) {
		size_t done = lanes(st, p, nblocks, pad_bit);
		p += 16 * done;
		nblocks -= done;
	}
	r44_blocks(st, p, nblocks, pad_bit);
}

#else

static int supported(void)
{
	return 0;
}

#define blocks r44_blocks

#endif

const ember_poly1305_impl ember_poly1305_avx512ifma = { "avx512ifma", supported, r44_init, blocks, r44_finish };
