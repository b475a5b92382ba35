/*
 * mldsa-percall.c - ML-DSA-65 keygen, sign and verify per call, Ember
 * against mldsa-native (../shared/peers/libmldsa65-c.a, portable C), in one
 * process. Samples alternate between the two (a batch of calls each); each
 * operation prints the median, lowest and highest of the per-sample ratios
 * Ember rate / peer rate, and both rates of the last sample. Both sides'
 * round trips are checked first. Signing takes a 32-byte message (a new
 * one each call) and an empty context, hedged on both sides. Thread CPU
 * time. A development aid, not built by make:
 *
 *   make && cc -O2 -std=c99 -D_DEFAULT_SOURCE -Iinclude scripts/mldsa-percall.c \
 *       build/libember.a ../shared/peers/libmldsa65-c.a -o build/mldsa-percall
 *   build/mldsa-percall [-samples N] [-batch N]
 *
 * EMBER_CPUCAP=none runs Ember's portable code only (its four-way Keccak
 * then falls back to four single sponges), the fair match for the
 * portable peer; without it the four-way Keccak uses AVX2 or AVX-512
 * where the CPU has them.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "ember/mldsa.h"

/* the peer's randomness callback and API (mldsa-native, ML-DSA-65) */
void randombytes(uint8_t *out, size_t n);
void randombytes(uint8_t *out, size_t n)
{
	if (getrandom(out, n, 0) != (ssize_t)n)
		abort();
}
int pqcrystals_dilithium3_ref_keypair(uint8_t *pk, uint8_t *sk);
int pqcrystals_dilithium3_ref_signature(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
    const uint8_t *ctx, size_t ctxlen, const uint8_t *sk);
int pqcrystals_dilithium3_ref_verify(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
    const uint8_t *ctx, size_t ctxlen, const uint8_t *pk);

#define MAXS 101

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static uint8_t pk[EMBER_MLDSA65_PK_LEN], sk[EMBER_MLDSA65_SK_LEN], sig[EMBER_MLDSA65_SIG_LEN], m[32];
static uint8_t pk2[EMBER_MLDSA65_PK_LEN], sk2[EMBER_MLDSA65_SK_LEN], sig2[EMBER_MLDSA65_SIG_LEN], m2[32];
static size_t sig2_len;

static int ember_op(int op)
{
	if (op == 0)
		return ember_mldsa_keygen(EMBER_MLDSA65, pk, sizeof(pk), sk, sizeof(sk));
	if (op == 1) {
		m[0]++;
		return ember_mldsa_sign(EMBER_MLDSA65, sig, sizeof(sig), sk, sizeof(sk), m, sizeof(m), NULL, 0);
	}
	return ember_mldsa_verify(EMBER_MLDSA65, pk, sizeof(pk), m, sizeof(m), NULL, 0, sig, sizeof(sig));
}

static int peer_op(int op)
{
	if (op == 0)
		return pqcrystals_dilithium3_ref_keypair(pk2, sk2);
	if (op == 1) {
		m2[0]++;
		return pqcrystals_dilithium3_ref_signature(sig2, &sig2_len, m2, sizeof(m2), NULL, 0, sk2);
	}
	return pqcrystals_dilithium3_ref_verify(sig2, sig2_len, m2, sizeof(m2), NULL, 0, pk2);
}

int main(int argc, char **argv)
{
	static const char *names[3] = { "keygen", "sign", "verify" };
	int samples = 21, batch = 50, a, op;

	for (a = 1; a + 1 < argc; a += 2) {
		if (strcmp(argv[a], "-samples") == 0)
			samples = atoi(argv[a + 1]);
		else if (strcmp(argv[a], "-batch") == 0)
			batch = atoi(argv[a + 1]);
	}
	if (samples < 1 || samples > MAXS || batch < 1) {
		fprintf(stderr, "usage: mldsa-percall [-samples 1..%d] [-batch N]\n", MAXS);
		return 2;
	}
	/* both round trips first, and each side's signature checked by the other */
	if (ember_op(0) != 0 || ember_op(1) != 0 || ember_op(2) != 0 || peer_op(0) != 0 || peer_op(1) != 0 ||
	    peer_op(2) != 0 || sig2_len != sizeof(sig2) ||
	    ember_mldsa_verify(EMBER_MLDSA65, pk2, sizeof(pk2), m2, sizeof(m2), NULL, 0, sig2, sig2_len) != 0 ||
	    pqcrystals_dilithium3_ref_verify(sig, sizeof(sig), m, sizeof(m), NULL, 0, pk) != 0) {
		fprintf(stderr, "mldsa-percall: a round trip failed\n");
		return 1;
	}
	printf("ML-DSA-65, %d samples of %d calls, thread CPU time, Ember rate / peer rate\n", samples, batch);
	for (op = 0; op < 3; op++) {
		double r[MAXS], te = 0, tp = 0;
		int k, i;
		for (k = 0; k < samples; k++) {
			double t0 = now();
			for (i = 0; i < batch; i++)
				ember_op(op);
			te = now() - t0;
			t0 = now();
			for (i = 0; i < batch; i++)
				peer_op(op);
			tp = now() - t0;
			r[k] = tp / te;
		}
		qsort(r, (size_t)samples, sizeof(double), cmp);
		printf("%-7s median %.2f (lowest %.2f, highest %.2f); last sample: ember %.0f/s, peer %.0f/s\n", names[op],
		    r[samples / 2], r[0], r[samples - 1], batch / te, batch / tp);
	}
	return 0;
}
