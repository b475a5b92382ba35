/*
 * ctq.h - what the driver of `make ctqemu` (ctq_main.c) and its families of
 * checks (ctq_sym.c: block ciphers, AEADs, digests, HMAC, Keccak x4;
 * ctq_pk.c: bignum backends, ember_memeq, curve backends) share.
 *
 * The driver is cross-compiled for an ARM target and run twice under
 * qemu-user with the tracer plugin (ctq_plugin.c), once per secret: each
 * check's prepare() builds the inputs of that secret from a seed, run() is
 * the traced region (between ctq_begin and ctq_end), verify() then
 * compares the result with another implementation of the same algorithm.
 */
#ifndef CTQEMU_CTQ_H
#define CTQEMU_CTQ_H

#include <stddef.h>
#include <stdint.h>

/* the planted leaks a check runs through (the self-test build) */
#define CTQ_LEAK_MEMEQ 1u  /* util.c (-DEMBER_CTGRIND_LEAK): ember_memeq's early exit, a branch */
#define CTQ_LEAK_NEON 2u   /* chacha20_neon.c (-DEMBER_CTQEMU_LEAK): a load indexed by a keystream word */

struct ctq_check {
	char name[160];
	char not_run[120];  /* "" or why this CPU (qemu -cpu model) does not run it */
	unsigned leak;      /* CTQ_LEAK_* its traced region runs through */
	int (*prepare)(const struct ctq_check *c, unsigned secret); /* 0, or the check cannot start */
	void (*run)(const struct ctq_check *c);                     /* the traced operation */
	int (*verify)(const struct ctq_check *c);                   /* 0 when the result is right */
	const void *desc, *ref; /* a descriptor, and another implementation it is compared with */
	unsigned op;
	size_t p[4];
};

/* ctq_add appends a check (NULL when the list is full: the driver then fails). */
struct ctq_check *ctq_add(void);

/* splitmix64 from a seed set by the check: the public inputs are the same in both runs */
extern uint64_t ctq_rng;
uint64_t ctq_next64(void);
void ctq_random_bytes(uint8_t *p, size_t n);

void ctq_sym_checks(void);
void ctq_pk_checks(void);

#endif
