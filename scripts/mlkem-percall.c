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
 * then falls back to four single sponges), the fair match for the
 * portable peer.
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

static void ember_op(int op)
{
	if (op == 0)
		ember_mlkem_keygen(EMBER_MLKEM768, ek, sizeof(ek), dk, sizeof(dk));
	else if (op == 1)
		ember_mlkem_encaps(EMBER_MLKEM768, ct, sizeof(ct), ss, ek, sizeof(ek));
	else
		ember_mlkem_decaps(EMBER_MLKEM768, ss2, dk, sizeof(dk), ct, sizeof(ct));
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
	int samples = 21, batch = 200, a, op;

	for (a = 1; a + 1 < argc; a += 2) {
		if (strcmp(argv[a], "-samples") == 0)
			samples = atoi(argv[a + 1]);
		else if (strcmp(argv[a], "-batch") == 0)
			batch = atoi(argv[a + 1]);
	}
	if (samples < 1 || samples > MAXS || batch < 1) {
		fprintf(stderr, "usage: mlkem-percall [-samples 1..%d] [-batch N]\n", MAXS);
		return 2;
	}
	/* both round trips first */
	if (ember_mlkem_keygen(EMBER_MLKEM768, ek, sizeof(ek), dk, sizeof(dk)) != 0 ||
	    ember_mlkem_encaps(EMBER_MLKEM768, ct, sizeof(ct), ss, ek, sizeof(ek)) != 0 ||
	    ember_mlkem_decaps(EMBER_MLKEM768, ss2, dk, sizeof(dk), ct, sizeof(ct)) != 0 || memcmp(ss, ss2, 32) != 0 ||
	    PQCP_MLKEM_NATIVE_MLKEM768_keypair(pk, sk) != 0 || PQCP_MLKEM_NATIVE_MLKEM768_enc(c2, s2, pk) != 0 ||
	    PQCP_MLKEM_NATIVE_MLKEM768_dec(s3, c2, sk) != 0 || memcmp(s2, s3, 32) != 0) {
		fprintf(stderr, "mlkem-percall: a round trip failed\n");
		return 1;
	}
	printf("ML-KEM-768, %d samples of %d calls, thread CPU time, Ember rate / peer rate\n", samples, batch);
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
