/*
 * x4bench: Keccak-f[1600] four-way (keccak_x4.h) against four single
 * permutations (each shake128 descriptor's ops->permute).
 *   x4bench time [N]          host: ns per x4 call / per 4 singles, median of samples, alternating
 *   x4bench x4 IMPL N         run N x4 permutations (for instruction counting)
 *   x4bench one IMPL N        run N single permutations (shake128 IMPL)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "ember/hash.h"
#include "hash/keccak_impl.h"
#include "hash/keccak_x4.h"

static uint64_t S[25][4];
static ember_sha3_ctx C;

static const ember_keccak_x4_desc *x4_by(const char *n)
{
	size_t i;
	for (i = 0; i < ember_keccak_x4_count(); i++)
		if (strcmp(ember_keccak_x4_at(i)->impl, n) == 0)
			return ember_keccak_x4_at(i);
	return NULL;
}

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

static int cmpd(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

#define SAMPLES 301
#define MAXI 16

int main(int argc, char **argv)
{
	size_t i, j;
	if (argc >= 4 && strcmp(argv[1], "x4") == 0) {
		const ember_keccak_x4_desc *d = x4_by(argv[2]);
		long n = atol(argv[3]);
		if (!d || !ember_keccak_x4_supported(d)) { fprintf(stderr, "x4 %s unsupported\n", argv[2]); return 2; }
		while (n--) ember_keccak_x4_permute(d, S);
		printf("%016llx\n", (unsigned long long)S[0][0]);
		return 0;
	}
	if (argc >= 4 && strcmp(argv[1], "one") == 0) {
		const ember_hash_desc *d = ember_hash_find("shake128", argv[2]);
		long n = atol(argv[3]);
		if (!d || !ember_hash_supported(d)) { fprintf(stderr, "one %s unsupported\n", argv[2]); return 2; }
		d->init(&C);
		while (n--) C.ops->permute(C.st);
		printf("%016llx\n", (unsigned long long)C.st[0]);
		return 0;
	}
	if (argc >= 2 && strcmp(argv[1], "time") == 0) {
		long n = argc > 2 ? atol(argv[2]) : 2000;
		const char *names[MAXI]; int isx4[MAXI]; const void *dd[MAXI]; size_t m = 0;
		static double t[MAXI][SAMPLES];
		for (i = 0; i < ember_keccak_x4_count() && m < MAXI; i++)
			if (ember_keccak_x4_supported(ember_keccak_x4_at(i))) {
				names[m] = ember_keccak_x4_at(i)->impl; isx4[m] = 1; dd[m++] = ember_keccak_x4_at(i);
			}
		for (i = 0; i < ember_hash_count() && m < MAXI; i++) {
			const ember_hash_desc *d = ember_hash_at(i);
			if (strcmp(d->name, "shake128") == 0 && ember_hash_supported(d)) {
				names[m] = d->impl; isx4[m] = 0; dd[m++] = d;
			}
		}
		for (j = 0; j < SAMPLES; j++)
			for (i = 0; i < m; i++) {
				long k; double t0;
				if (isx4[i]) {
					const ember_keccak_x4_desc *d = dd[i];
					t0 = now();
					for (k = 0; k < n; k++) ember_keccak_x4_permute(d, S);
				} else {
					const ember_hash_desc *d = dd[i];
					d->init(&C);
					t0 = now();
					for (k = 0; k < 4 * n; k++) C.ops->permute(C.st);
				}
				t[i][j] = (now() - t0) / n;
			}
		{
			/* paired: per sample, the fastest single's 4 permutations over each entry's time */
			static double r[SAMPLES];
			size_t best = m;
			double bm = 1e30;
			for (i = 0; i < m; i++) {
				double tmp[SAMPLES];
				memcpy(tmp, t[i], sizeof(tmp));
				qsort(tmp, SAMPLES, sizeof(double), cmpd);
				if (!isx4[i] && tmp[SAMPLES / 2] < bm) { bm = tmp[SAMPLES / 2]; best = i; }
			}
			for (i = 0; i < m && best < m; i++) {
				for (j = 0; j < SAMPLES; j++) r[j] = t[best][j] / t[i][j];
				qsort(r, SAMPLES, sizeof(double), cmpd);
				printf("paired speedup of %-3s %-8s over 4 x single %s: median %.2f\n", isx4[i] ? "x4" : "1x4", names[i], names[best], r[SAMPLES / 2]);
			}
		}
		for (i = 0; i < m; i++) {
			qsort(t[i], SAMPLES, sizeof(double), cmpd);
			printf("%-4s %-8s ns per 4 permutations: median %8.1f  min %8.1f\n", isx4[i] ? "x4" : "1x4",
			    names[i], t[i][SAMPLES / 2], t[i][0]);
		}
		return 0;
	}
	fprintf(stderr, "usage\n");
	return 1;
}
