/*
 * runner.c - the one test program. Runs every registered unit with all CPU
 * features, then again with EMBER_CPUCAP=none, and prints the closing line
 * "N passed, N failed, N skipped". Exit status 1 on any failure.
 *
 *   ember-test [-d tests/vectors] [-s shared/vectors] [-e ember] [-seed N]
 *              [-k substring] [-x unit,unit] [-v] [-full] [-quick]
 *
 * -x leaves the named units out (printed as excluded, never counted).
 *
 * -quick (used under qemu, where every instruction is emulated) lets the
 * slowest units run a representative subset; each says what it left out.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "ember/cpu.h"
#include "test.h"

#define EMBER_TEST_ENTRY(name) void test_##name(void);
#include "tests_list.h"
#undef EMBER_TEST_ENTRY

static const struct unit {
	const char *name;
	void (*fn)(void);
} units[] = {
#define EMBER_TEST_ENTRY(name) { #name, test_##name },
#include "tests_list.h"
#undef EMBER_TEST_ENTRY
};

const char *t_vec_dir = "tests/vectors";
const char *t_shared_dir = NULL;
const char *t_ember_bin = NULL;
int t_phase = 1;
int t_verbose = 0;
int t_full = 0;
int t_quick = 0;

static unsigned long n_pass, n_fail, n_skip;
static unsigned long u_pass, u_fail;
static const char *cur_unit = "";
static uint64_t seed, rng;

int t_check(int cond, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	if (cond) {
		n_pass++;
		u_pass++;
		return 1;
	}
	n_fail++;
	u_fail++;
	if (u_fail <= 20) {
		printf("FAIL [%s, phase %d] %s:%d: ", cur_unit, t_phase, file, line);
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
		printf("\n");
	} else if (u_fail == 21) {
		printf("FAIL [%s] further failures of this unit not shown\n", cur_unit);
	}
	return 0;
}

void t_skip(const char *fmt, ...)
{
	va_list ap;

	n_skip++;
	if (t_phase != 1)
		return;
	printf("skipped [%s]: ", cur_unit);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

void t_note(const char *fmt, ...)
{
	va_list ap;

	if (t_phase != 1 && !t_verbose)
		return;
	printf("  [%s] ", cur_unit);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

/* xoshiro-like splitmix64: good enough for test data, replayable by seed. */
uint64_t t_rand(void)
{
	uint64_t z = (rng += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

void t_rand_bytes(uint8_t *p, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++) {
		if ((i & 7) == 0) {
			uint64_t r = t_rand();
			size_t k;
			for (k = 0; k < 8 && i + k < n; k++)
				p[i + k] = (uint8_t)(r >> (8 * k));
		}
	}
}

size_t t_rand_below(size_t n)
{
	return n ? (size_t)(t_rand() % n) : 0;
}

uint64_t t_seed(void)
{
	return seed;
}

/* 1 when |name| is one of the comma-separated unit names in |list|. */
static int excluded(const char *list, const char *name)
{
	size_t n = strlen(name);
	const char *p;

	for (p = list; p && *p;) {
		size_t k = strcspn(p, ",");
		if (k == n && strncmp(p, name, n) == 0)
			return 1;
		p += k;
		if (*p == ',')
			p++;
	}
	return 0;
}

static void usage(void)
{
	fprintf(stderr, "usage: ember-test [-d vectors] [-s shared-vectors] [-e ember] "
	    "[-seed N] [-k substring] [-x unit,unit] [-v] [-full] [-quick]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	const char *filter = NULL, *exclude = NULL;
	struct timespec t0, t1;
	const char *bad = NULL;
	size_t i;
	int a, no_features;

	seed = (uint64_t)time(NULL) ^ ((uint64_t)clock() << 32);
	for (a = 1; a < argc; a++) {
		const char *o = argv[a];
		if (strcmp(o, "-v") == 0) {
			t_verbose = 1;
		} else if (strcmp(o, "-full") == 0) {
			t_full = 1;
		} else if (strcmp(o, "-quick") == 0) {
			t_quick = 1;
		} else if (a + 1 < argc && strcmp(o, "-d") == 0) {
			t_vec_dir = argv[++a];
		} else if (a + 1 < argc && strcmp(o, "-s") == 0) {
			t_shared_dir = argv[++a];
		} else if (a + 1 < argc && strcmp(o, "-e") == 0) {
			t_ember_bin = argv[++a];
		} else if (a + 1 < argc && strcmp(o, "-k") == 0) {
			filter = argv[++a];
		} else if (a + 1 < argc && strcmp(o, "-x") == 0) {
			exclude = argv[++a];
		} else if (a + 1 < argc && strcmp(o, "-seed") == 0) {
			char *end;
			seed = strtoull(argv[++a], &end, 0);
			if (*end != 0) {
				fprintf(stderr, "ember-test: bad seed '%s'\n", argv[a]);
				return 2;
			}
		} else {
			usage();
		}
	}
	if (t_shared_dir == NULL)
		t_shared_dir = getenv("EMBER_SHARED_VECTORS");
	if (ember_cpu_status(&bad) != 0) {
		fprintf(stderr, "ember-test: EMBER_CPUCAP: unknown feature '%s'\n", bad);
		return 2;
	}
	printf("ember-test: seed 0x%016llx (replay with -seed 0x%016llx)\n",
	    (unsigned long long)seed, (unsigned long long)seed);
	{
		char feat[256];
		ember_cpu_describe(feat, sizeof(feat));
		printf("ember-test: CPU features: %s\n", feat);
	}
	no_features = ember_cpu_features() == 0;

	for (t_phase = 1; t_phase <= 2; t_phase++) {
		if (t_phase == 2 && no_features) {
			/* nothing to turn off: phase 1 already ran the portable code everywhere */
			printf("ember-test: phase 2 not run: no CPU features to turn off, phase 1 ran the portable code\n");
			break;
		}
		if (t_phase == 2) {
			ember_cpu_override("none", NULL);
			printf("ember-test: phase 2, EMBER_CPUCAP=none (portable code)\n");
		}
		for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
			if (filter && strstr(units[i].name, filter) == NULL)
				continue;
			if (excluded(exclude, units[i].name)) {
				if (t_phase == 1)
					printf("excluded by -x: %s\n", units[i].name);
				continue;
			}
			cur_unit = units[i].name;
			u_pass = u_fail = 0;
			rng = seed ^ (uint64_t)(i + 1) * 0x100000001b3ull ^ (uint64_t)t_phase << 60;
			clock_gettime(CLOCK_MONOTONIC, &t0);
			units[i].fn();
			clock_gettime(CLOCK_MONOTONIC, &t1);
			printf("%-4s %-28s phase %d: %lu passed, %lu failed (%.1f s)\n",
			    u_fail ? "FAIL" : "ok", cur_unit, t_phase, u_pass, u_fail,
			    (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
		}
	}
	printf("%lu passed, %lu failed, %lu skipped\n", n_pass, n_fail, n_skip);
	return n_fail ? 1 : 0;
}
