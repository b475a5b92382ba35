/*
 * ctq_main.c - the driver of `make ctqemu`: constant-time check of the
 * implementations valgrind and cttrace cannot run (ARM NEON, ARMv8 crypto
 * extensions, the Thumb-2 Keccak, the ARM32 bignum backend, and every
 * portable one as the ARM compiler built it), under qemu-user.
 *
 * Usage: ctqemu-driver SECRET   (one digit: 1 or 2)
 *
 * The program lists every check (ctq_sym.c, ctq_pk.c) in a fixed order and
 * runs them one after the other; for check i it calls prepare() with the
 * secret, ctq_begin(i), run(), ctq_end(), then verify(). Two runs (the
 * runner, ctqemu.sh, starts them with the same argv length, environment
 * and address layout) differ only in the secret: the tracer plugin
 * (ctq_plugin.c) hashes the instruction and data addresses of each region
 * between the markers, and the runner requires the two hashes of every
 * region to be equal and every result right. The standard output of the
 * two runs must be the same too (the check list, the results).
 *
 * All data lives in static storage (no malloc) and the check list is built
 * before the first region, so nothing but the secret differs between runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ember/cpu.h"
#include "ctq.h"

#define MAXCHECKS 400

static struct ctq_check checks[MAXCHECKS];
static size_t nchecks, overflow;
uint64_t ctq_rng;

struct ctq_check *ctq_add(void)
{
	if (nchecks == MAXCHECKS) {
		overflow++;
		return NULL;
	}
	return &checks[nchecks++];
}

uint64_t ctq_next64(void)
{
	/* splitmix64 */
	uint64_t z = (ctq_rng += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

void ctq_random_bytes(uint8_t *p, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		p[i] = (uint8_t)ctq_next64();
}

/*
 * The markers. The plugin gets their addresses from nm: a region starts at
 * ctq_begin's first instruction and ends at ctq_end's entry. Different
 * bodies, so that no identical-code folding can merge them.
 */
volatile unsigned ctq_current = ~0u;
__attribute__((noinline, used)) void ctq_begin(unsigned i);
__attribute__((noinline, used)) void ctq_end(void);
__attribute__((noinline, used)) void ctq_begin(unsigned i)
{
	ctq_current = i;
	__asm__ volatile("" ::: "memory");
}

__attribute__((noinline, used)) void ctq_end(void)
{
	__asm__ volatile("" ::: "memory");
	ctq_current = ~0u;
}

int main(int argc, char **argv)
{
	unsigned secret, region = 0, wrong = 0, notrun = 0;
	char feat[256];
	size_t i;

	if (argc != 2 || strlen(argv[1]) != 1 || argv[1][0] < '1' || argv[1][0] > '9') {
		fprintf(stderr, "usage: %s SECRET (one digit, 1-9)\n", argv[0]);
		return 2;
	}
	secret = (unsigned)(argv[1][0] - '0');
	if (ember_cpu_status(NULL) != 0) {
		fprintf(stderr, "ctqemu: bad EMBER_CPUCAP\n");
		return 2;
	}
	ember_cpu_describe(feat, sizeof(feat));
	printf("ctqemu: CPU features: %s\n", feat);
	ctq_pk_checks();
	ctq_sym_checks();
	if (overflow) {
		printf("ctqemu: FAILED: more than %d checks (%zu left out)\n", MAXCHECKS, overflow);
		return 1;
	}
	for (i = 0; i < nchecks; i++) {
		const struct ctq_check *c = &checks[i];
		int bad;

		if (c->not_run[0]) {
			printf("not run (%s): %s\n", c->not_run, c->name);
			notrun++;
			continue;
		}
		if (c->prepare(c, secret) != 0) {
			printf("check %u: FAILED (cannot prepare the inputs): %s\n", region, c->name);
			wrong++;
			continue;
		}
		fflush(stdout);
		ctq_begin(region);
		c->run(c);
		ctq_end();
		bad = c->verify(c);
		printf("check %u leak=%u %s: %s\n", region, c->leak, bad ? "WRONG RESULT" : "right result", c->name);
		wrong += bad != 0;
		region++;
	}
	printf("ctqemu: %u checks run (%u with a wrong result), %u not run\n", region, wrong, notrun);
	return wrong ? 1 : 0;
}
