/*
 * mlkem-percall.c - ML-KEM-768 keygen, encaps and decaps per call, Ember
 * against mlkem-native (../shared/peers: libmlkem768-c.a, portable C, or
 * libmlkem768-avx2.a), in one process. Samples alternate between the two
 * (a batch of calls each); each operation prints the median, lowest and
 * highest of the per-sample ratios Ember rate / peer rate, and both rates
 * of the last sample. Both sides' round trips are checked first (decaps
 * gives encaps' secret). Thread CPU time. A development aid, not built by
 * make:
 *
 *   make && cc -O2 -std=c99 -D_DEFAULT_SOURCE -Iinclude scripts/mlkem-percall.c \
 *       build/libember.a ../shared/peers/libmlkem768-c.a -o build/mlkem-percall-c
 *   build/mlkem-percall-c [-samples N] [-batch N]
 *
 * EMBER_CPUCAP=none runs Ember's portable code only (its four-way Keccak
 * then falls back to single sponges), the fair match for the portable
 * peer. The first line names Ember's ML-KEM implementation (the registry's
 * default, or -impl NAME: ref, avx2), called through the _with forms with
 * d || z and m drawn from getrandom as the plain calls draw them.
 *
 *   build/mlkem-percall-c [-samples N] [-batch N] [-impl NAME] [-runs N]
 *
 * -runs N (default 3) repeats the whole measurement, each run printing its
 * own medians.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "ember/mlkem.h"

/* the peer's randomness callback and API (mlkem-native, ML-KEM-768) */
int randombytes(uint8_t *out, size_t n);
int randombytes(uint8_t *out, size_t n)
{
	return getrandom(out, n, 0) == (ssize_t)n ? 0 : -1;
}
int PQCP_MLKEM_NATIVE_MLKEM768_keypair(uint8_t *pk, uint8_t *sk);
int PQCP_MLKEM_NATIVE_MLKEM768_enc(uint8_t *ct, uint8_t *ss, const uint8_t *pk);
int PQCP_MLKEM_NATIVE_MLKEM768_dec(uint8_t *ss, const uint8_t *ct, const uint8_t *sk);

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

static uint8_t ek[EMBER_MLKEM768_EK_LEN], dk[EMBER_MLKEM768_DK_LEN], ct[EMBER_MLKEM768_CT_LEN];
static uint8_t pk[EMBER_MLKEM768_EK_LEN], sk[EMBER_MLKEM768_DK_LEN], c2[EMBER_MLKEM768_CT_LEN];
static uint8_t ss[32], ss2[32], s2[32], s3[32];
static const ember_mlkem_desc *impl;

static void ember_op(int op)
{
	uint8_t r[64];

	if (op == 0) {
		if (getrandom(r, 64, 0) == 64)
			ember_mlkem_keygen_seed_with(impl, EMBER_MLKEM768, ek, sizeof(ek), dk, sizeof(dk), r);
	} else if (op == 1) {
		if (getrandom(r, 32, 0) == 32)
			ember_mlkem_encaps_m_with(impl, EMBER_MLKEM768, ct, sizeof(ct), ss, ek, sizeof(ek), r);
	} else {
		ember_mlkem_decaps_with(impl, EMBER_MLKEM768, ss2, dk, sizeof(dk), ct, sizeof(ct));
	}
}

static void peer_op(int op)
{
	if (op == 0)
		PQCP_MLKEM_NATIVE_MLKEM768_keypair(pk, sk);
	else if (op == 1)
		PQCP_MLKEM_NATIVE_MLKEM768_enc(c2, s2, pk);
	else
		PQCP_MLKEM_NATIVE_MLKEM768_dec(s3, c2, sk);
}

int main(int argc, char **argv)
{
	static const char *names[3] = { "keygen", "encaps", "decaps" };
	int samples = 21, batch = 200, runs = 3, run, a, op;
	const char *name = NULL;

	for (a = 1; a + 1 < argc; a += 2) {
		if (strcmp(argv[a], "-samples") == 0)
			samples = atoi(argv[a + 1]);
		else if (strcmp(argv[a], "-batch") == 0)
			batch = atoi(argv[a + 1]);
		else if (strcmp(argv[a], "-runs") == 0)
			runs = atoi(argv[a + 1]);
		else if (strcmp(argv[a], "-impl") == 0)
			name = argv[a + 1];
	}
	if (samples < 1 || samples > MAXS || batch < 1 || runs < 1) {
		fprintf(stderr, "usage: mlkem-percall [-samples 1..%d] [-batch N] [-impl NAME] [-runs N]\n", MAXS);
		return 2;
	}
	impl = ember_mlkem_find(name);
	if (impl == NULL) {
		fprintf(stderr, "mlkem-percall: no ML-KEM implementation %s on this CPU\n", name ? name : "(default)");
		return 2;
	}
	/* both round trips first */
	ember_op(0);
	ember_op(1);
	ember_op(2);
	if (memcmp(ss, ss2, 32) != 0 ||
	    PQCP_MLKEM_NATIVE_MLKEM768_keypair(pk, sk) != 0 || PQCP_MLKEM_NATIVE_MLKEM768_enc(c2, s2, pk) != 0 ||
	    PQCP_MLKEM_NATIVE_MLKEM768_dec(s3, c2, sk) != 0 || memcmp(s2, s3, 32) != 0) {
		fprintf(stderr, "mlkem-percall: a round trip failed\n");
		return 1;
	}
	printf("ML-KEM-768, Ember implementation %s, %d run(s) of %d samples of %d calls, thread CPU time, Ember rate "
	       "/ peer rate\n",
	    impl->impl, runs, samples, batch);
	for (run = 0; run < runs; run++) {
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
			printf("run %d %-7s median %.2f (lowest %.2f, highest %.2f); last sample: ember %.0f/s, peer %.0f/s\n",
			    run + 1, names[op], r[samples / 2], r[0], r[samples - 1], batch / te, batch / tp);
		}
	}
	return 0;
}
