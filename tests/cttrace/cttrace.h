/*
 * cttrace.h - what the tracer (cttrace.c) and the families of checks
 * (ctt_bn.c: bignum backends and ember_memeq; ctt_sym.c: AEADs and digests
 * walked from the registry; ctt_ec.c: curve backends walked from the
 * registry) share.
 *
 * A check is prepared, run and verified in a forked child: prepare()
 * builds the inputs of secret number |secret| (1, 2 ...) from a seed, the
 * tracer single-steps run() between the markers, verify() then compares
 * the result with the portable implementation computed by another route.
 * Every function of a check runs in the child only, after all setup.
 */
#ifndef CTTRACE_CTTRACE_H
#define CTTRACE_CTTRACE_H

#include <stddef.h>
#include <stdint.h>

/* the planted leaks a check runs through (the build with -DEMBER_CTTRACE_LEAK) */
#define LEAK_ADX 1u     /* mont_x86adx.c: branch inside the MULX/ADCX/ADOX row loop */
#define LEAK_IFMA 2u    /* mont_avx512ifma.c: load indexed by the digit y in amm_digit */
#define LEAK_MEMEQ 4u   /* util.c (EMBER_CTGRIND_LEAK): ember_memeq's early exit */
#define LEAK_CHACHA 8u  /* chacha20_avx512.c: load indexed by a keystream word in the 16-block step */
#define LEAK_GCM 16u    /* gcm_vaes.c: 512-bit load indexed by a state byte in the 16-block step */
#define LEAK_GCM_MASK 32u /* gcm_vaes.c: masked load under a round-key mask in the last blocks */
#define LEAK_COUNT 6

struct ctt_check {
	char name[160];
	unsigned leak;       /* LEAK_* it runs through */
	char not_run[96];    /* "" or why it cannot run on this CPU ("CPU lacks ADX"), or why it is broken */
	int broken;          /* the check could not be built: a failure, not a "not run" */
	int (*prepare)(const struct ctt_check *c, unsigned secret); /* 0, or the check cannot start */
	void (*run)(const struct ctt_check *c);                     /* the traced operation */
	int (*verify)(const struct ctt_check *c);                   /* 0 when the result is right */
	/* the family's parameters */
	const void *desc, *ref; /* a descriptor, and the portable one it is compared with */
	unsigned op;
	size_t p[4];
};

/* ctt_add appends a check to the list (NULL when it is full: a fatal error of the program). */
struct ctt_check *ctt_add(void);

/* splitmix64 from a seed set by the check: every child derives the same public inputs */
extern uint64_t ctt_rng;
uint64_t ctt_next64(void);
void ctt_random_bytes(uint8_t *p, size_t n);

/* The families: each appends its checks, in the order they are run. */
void ctt_bn_checks(void);
/* valgrind_features: the x86 features valgrind 3.19 shows its guest (cpu.h's words) */
void ctt_sym_checks(const char *valgrind_features);
void ctt_ec_checks(const char *valgrind_features);

/*
 * ctt_leaks_here: the planted leaks whose code this CPU runs, set by the
 * families while they list their checks; the leak build requires each of
 * them to be caught by at least one check.
 */
extern unsigned ctt_leaks_here;

#endif
