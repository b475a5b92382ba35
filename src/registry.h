/*
 * registry.h - the one place that decides which implementation of an
 * algorithm is the default (src/registry.c); not installed.
 *
 * The per-algorithm calls (ember_sha256_init, ember_aes_set_key ...) take
 * their implementation from here, as the descriptor lookups of ember/hash.h
 * and ember/cipher.h do, so a rule that changes the default changes it for
 * every caller at once. An implementation file never includes this header.
 */
#ifndef EMBER_REGISTRY_H
#define EMBER_REGISTRY_H

#include <stdint.h>

#include "ember/aead.h"
#include "ember/cipher.h"
#include "ember/cpu.h"
#include "ember/ec.h"
#include "ember/hash.h"

/*
 * A call site's cached answer: a static the caller owns, zero-initialised,
 * recomputed when the enabled CPU features change (EMBER_CPUCAP,
 * ember_cpu_override), so the lookup by name runs once per process.
 */
typedef struct ember_pick {
	const void *desc;
	uint64_t key; /* enabled features + 1 when desc was picked; 0 before */
} ember_pick;

/*
 * The decision itself, for a CPU identified as |id| (ember_hash_find(name,
 * NULL) is ember_hash_choose(name, this CPU)): among the supported entries
 * of registry_list.h, the first constant-time one whose rule holds on |id|,
 * else the first constant-time one, else the first. Tests pass other ids.
 */
const ember_hash_desc *ember_hash_choose(const char *name, const ember_cpu_id *id);
const ember_block_desc *ember_block_choose(const char *name, const ember_cpu_id *id);
const ember_aead_desc *ember_aead_choose(const char *name, const ember_cpu_id *id);
const ember_ec_desc *ember_ec_choose(const char *name, const ember_cpu_id *id);

/* The default implementation of digest |name| (as ember_hash_find(name, NULL)). */
const ember_hash_desc *ember_hash_pick(ember_pick *p, const char *name);
/* The default implementation of cipher |name| (as ember_block_find(name, NULL)). */
const ember_block_desc *ember_block_pick(ember_pick *p, const char *name);
/* The default implementation of AEAD |name| (as ember_aead_find(name, NULL)). */
const ember_aead_desc *ember_aead_pick(ember_pick *p, const char *name);
/* The default backend of curve |name| (as ember_ec_find(name, NULL)). */
const ember_ec_desc *ember_ec_pick(ember_pick *p, const char *name);

#endif
