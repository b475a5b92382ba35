/*
 * registry.c - every implementation's descriptor, in preference order
 * (fastest first within an algorithm), the openssl cipher names, and the
 * one decision of which implementation is an algorithm's default: the
 * first supported constant-time one in these lists (ember_hash_find,
 * ember_block_find, ember_bn_mont_find). The per-algorithm calls
 * (ember_sha256_init, ember_aes_set_key ...) ask here too, through
 * registry.h's cached picks; no other file chooses.
 *
 * Adding an implementation: write src/<family>/<algo>_<impl>.c defining
 * one const descriptor, then add its line to registry_list.h. The tests
 * and `ember speed` enumerate these tables; nothing else changes.
 */
#include <ctype.h>
#include <stdint.h>

#include "internal.h"
#include "registry.h"
#include "ember/aead.h"
#include "ember/bn.h"
#include "ember/ec.h"
#include "ember/cipher.h"
#include "ember/hash.h"
#include "ember/mldsa.h"
#include "ember/mlkem.h"

/* ---- the tables: registry_list.h, expanded for declarations, descriptors and rules ---- */

/*
 * Where an entry may be the default (the _WHERE entries of registry_list.h):
 * a rule on the CPU's maker and model, for an implementation that wins on
 * some cores and loses on others. Elsewhere it stays supported and can be
 * named (-impl, ember_hash_find(name, impl)); it is only not the default.
 */
enum { EMBER_WHERE_ANY, EMBER_WHERE_INTEL };

static int where_holds(unsigned char where, const ember_cpu_id *id)
{
	switch (where) {
	case EMBER_WHERE_INTEL:
		return id->vendor == EMBER_CPU_VENDOR_INTEL;
	default:
		return 1;
	}
}

#define EMBER_HASH_IMPL(x) extern const ember_hash_desc ember_##x##_desc;
#define EMBER_HASH_IMPL_WHERE(x, w) EMBER_HASH_IMPL(x)
#define EMBER_BLOCK_IMPL(x) extern const ember_block_desc ember_##x##_desc;
#define EMBER_BLOCK_IMPL_WHERE(x, w) EMBER_BLOCK_IMPL(x)
#define EMBER_BN_MONT_IMPL(x) extern const ember_bn_mont_desc ember_bn_mont_##x##_desc;
#define EMBER_BN_MONT_IMPL_WHERE(x, w) EMBER_BN_MONT_IMPL(x)
#define EMBER_AEAD_IMPL(x) extern const ember_aead_desc ember_##x##_desc;
#define EMBER_AEAD_IMPL_WHERE(x, w) EMBER_AEAD_IMPL(x)
#define EMBER_EC_IMPL(x) extern const ember_ec_desc ember_##x##_desc;
#define EMBER_EC_IMPL_WHERE(x, w) EMBER_EC_IMPL(x)
#define EMBER_MLKEM_IMPL(x) extern const ember_mlkem_desc ember_##x##_desc;
#define EMBER_MLKEM_IMPL_WHERE(x, w) EMBER_MLKEM_IMPL(x)
#define EMBER_MLDSA_IMPL(x) extern const ember_mldsa_desc ember_##x##_desc;
#define EMBER_MLDSA_IMPL_WHERE(x, w) EMBER_MLDSA_IMPL(x)
#include "registry_list.h"
#undef EMBER_MLKEM_IMPL
#undef EMBER_MLKEM_IMPL_WHERE
#undef EMBER_MLDSA_IMPL
#undef EMBER_MLDSA_IMPL_WHERE
#undef EMBER_HASH_IMPL
#undef EMBER_HASH_IMPL_WHERE
#undef EMBER_BLOCK_IMPL
#undef EMBER_BLOCK_IMPL_WHERE
#undef EMBER_BN_MONT_IMPL
#undef EMBER_BN_MONT_IMPL_WHERE
#undef EMBER_AEAD_IMPL
#undef EMBER_AEAD_IMPL_WHERE
#undef EMBER_EC_IMPL
#undef EMBER_EC_IMPL_WHERE

static const ember_hash_desc *const hash_table[] = {
#define EMBER_HASH_IMPL(x) &ember_##x##_desc,
#define EMBER_HASH_IMPL_WHERE(x, w) EMBER_HASH_IMPL(x)
#include "registry_list.h"
#undef EMBER_HASH_IMPL
#undef EMBER_HASH_IMPL_WHERE
};

static const unsigned char hash_where[] = {
#define EMBER_HASH_IMPL(x) EMBER_WHERE_ANY,
#define EMBER_HASH_IMPL_WHERE(x, w) EMBER_WHERE_##w,
#include "registry_list.h"
#undef EMBER_HASH_IMPL
#undef EMBER_HASH_IMPL_WHERE
};

static const ember_block_desc *const block_table[] = {
#define EMBER_BLOCK_IMPL(x) &ember_##x##_desc,
#define EMBER_BLOCK_IMPL_WHERE(x, w) EMBER_BLOCK_IMPL(x)
#include "registry_list.h"
#undef EMBER_BLOCK_IMPL
#undef EMBER_BLOCK_IMPL_WHERE
	NULL /* end of ciphers */
};

static const unsigned char block_where[] = {
#define EMBER_BLOCK_IMPL(x) EMBER_WHERE_ANY,
#define EMBER_BLOCK_IMPL_WHERE(x, w) EMBER_WHERE_##w,
#include "registry_list.h"
#undef EMBER_BLOCK_IMPL
#undef EMBER_BLOCK_IMPL_WHERE
	EMBER_WHERE_ANY
};

static const ember_aead_desc *const aead_table[] = {
#define EMBER_AEAD_IMPL(x) &ember_##x##_desc,
#define EMBER_AEAD_IMPL_WHERE(x, w) EMBER_AEAD_IMPL(x)
#include "registry_list.h"
#undef EMBER_AEAD_IMPL
#undef EMBER_AEAD_IMPL_WHERE
	NULL /* end of AEADs */
};

static const unsigned char aead_where[] = {
#define EMBER_AEAD_IMPL(x) EMBER_WHERE_ANY,
#define EMBER_AEAD_IMPL_WHERE(x, w) EMBER_WHERE_##w,
#include "registry_list.h"
#undef EMBER_AEAD_IMPL
#undef EMBER_AEAD_IMPL_WHERE
	EMBER_WHERE_ANY
};

static const ember_ec_desc *const ec_table[] = {
#define EMBER_EC_IMPL(x) &ember_##x##_desc,
#define EMBER_EC_IMPL_WHERE(x, w) EMBER_EC_IMPL(x)
#include "registry_list.h"
#undef EMBER_EC_IMPL
#undef EMBER_EC_IMPL_WHERE
	NULL /* end of elliptic-curve backends */
};

static const unsigned char ec_where[] = {
#define EMBER_EC_IMPL(x) EMBER_WHERE_ANY,
#define EMBER_EC_IMPL_WHERE(x, w) EMBER_WHERE_##w,
#include "registry_list.h"
#undef EMBER_EC_IMPL
#undef EMBER_EC_IMPL_WHERE
	EMBER_WHERE_ANY
};

static const ember_mlkem_desc *const mlkem_table[] = {
#define EMBER_MLKEM_IMPL(x) &ember_##x##_desc,
#define EMBER_MLKEM_IMPL_WHERE(x, w) EMBER_MLKEM_IMPL(x)
#include "registry_list.h"
#undef EMBER_MLKEM_IMPL
#undef EMBER_MLKEM_IMPL_WHERE
	NULL /* end of ML-KEM implementations */
};

static const unsigned char mlkem_where[] = {
#define EMBER_MLKEM_IMPL(x) EMBER_WHERE_ANY,
#define EMBER_MLKEM_IMPL_WHERE(x, w) EMBER_WHERE_##w,
#include "registry_list.h"
#undef EMBER_MLKEM_IMPL
#undef EMBER_MLKEM_IMPL_WHERE
	EMBER_WHERE_ANY
};

static const ember_mldsa_desc *const mldsa_table[] = {
#define EMBER_MLDSA_IMPL(x) &ember_##x##_desc,
#define EMBER_MLDSA_IMPL_WHERE(x, w) EMBER_MLDSA_IMPL(x)
#include "registry_list.h"
#undef EMBER_MLDSA_IMPL
#undef EMBER_MLDSA_IMPL_WHERE
	NULL /* end of ML-DSA implementations */
};

static const unsigned char mldsa_where[] = {
#define EMBER_MLDSA_IMPL(x) EMBER_WHERE_ANY,
#define EMBER_MLDSA_IMPL_WHERE(x, w) EMBER_WHERE_##w,
#include "registry_list.h"
#undef EMBER_MLDSA_IMPL
#undef EMBER_MLDSA_IMPL_WHERE
	EMBER_WHERE_ANY
};

static const ember_bn_mont_desc *const bn_mont_table[] = {
#define EMBER_BN_MONT_IMPL(x) &ember_bn_mont_##x##_desc,
#define EMBER_BN_MONT_IMPL_WHERE(x, w) EMBER_BN_MONT_IMPL(x)
#include "registry_list.h"
#undef EMBER_BN_MONT_IMPL
#undef EMBER_BN_MONT_IMPL_WHERE
};

static const unsigned char bn_mont_where[] = {
#define EMBER_BN_MONT_IMPL(x) EMBER_WHERE_ANY,
#define EMBER_BN_MONT_IMPL_WHERE(x, w) EMBER_WHERE_##w,
#include "registry_list.h"
#undef EMBER_BN_MONT_IMPL
#undef EMBER_BN_MONT_IMPL_WHERE
};

/*
 * The cipher names are EVP's (so `ember enc` accepts what `openssl enc`
 * does): "des-ede3" is ECB and "des-ede3-cbc" (alias des3) is CBC. The
 * speed command maps its own words (its "des-ede3" row is CBC) onto these.
 */
static const ember_cipher_spec spec_table[] = {
	{ "aes-128-ecb", NULL, "aes", 16, 0, EMBER_MODE_ECB },
	{ "aes-192-ecb", NULL, "aes", 24, 0, EMBER_MODE_ECB },
	{ "aes-256-ecb", NULL, "aes", 32, 0, EMBER_MODE_ECB },
	{ "aes-128-cbc", "aes128", "aes", 16, 0, EMBER_MODE_CBC },
	{ "aes-192-cbc", "aes192", "aes", 24, 0, EMBER_MODE_CBC },
	{ "aes-256-cbc", "aes256", "aes", 32, 0, EMBER_MODE_CBC },
	{ "aes-128-ctr", NULL, "aes", 16, 0, EMBER_MODE_CTR },
	{ "aes-192-ctr", NULL, "aes", 24, 0, EMBER_MODE_CTR },
	{ "aes-256-ctr", NULL, "aes", 32, 0, EMBER_MODE_CTR },
	{ "camellia-128-ecb", NULL, "camellia", 16, 0, EMBER_MODE_ECB },
	{ "camellia-192-ecb", NULL, "camellia", 24, 0, EMBER_MODE_ECB },
	{ "camellia-256-ecb", NULL, "camellia", 32, 0, EMBER_MODE_ECB },
	{ "camellia-128-cbc", "camellia128", "camellia", 16, 0, EMBER_MODE_CBC },
	{ "camellia-192-cbc", "camellia192", "camellia", 24, 0, EMBER_MODE_CBC },
	{ "camellia-256-cbc", "camellia256", "camellia", 32, 0, EMBER_MODE_CBC },
	{ "des-ecb", NULL, "des", 8, 0, EMBER_MODE_ECB },
	{ "des-cbc", "des", "des", 8, 0, EMBER_MODE_CBC },
	{ "des-ede3", "des-ede3-ecb", "des-ede3", 24, 0, EMBER_MODE_ECB },
	{ "des-ede3-cbc", "des3", "des-ede3", 24, 0, EMBER_MODE_CBC },
	{ "bf-ecb", NULL, "bf", 16, 0, EMBER_MODE_ECB },
	{ "bf-cbc", "bf blowfish", "bf", 16, 0, EMBER_MODE_CBC },
	{ "cast5-ecb", NULL, "cast5", 16, 0, EMBER_MODE_ECB },
	{ "cast5-cbc", "cast cast-cbc", "cast5", 16, 0, EMBER_MODE_CBC },
	{ "idea-ecb", NULL, "idea", 16, 0, EMBER_MODE_ECB },
	{ "idea-cbc", "idea", "idea", 16, 0, EMBER_MODE_CBC },
	{ "rc2-ecb", NULL, "rc2", 16, 128, EMBER_MODE_ECB },
	{ "rc2-cbc", "rc2", "rc2", 16, 128, EMBER_MODE_CBC },
	{ "rc2-40-cbc", NULL, "rc2", 5, 40, EMBER_MODE_CBC },
	{ "rc2-64-cbc", NULL, "rc2", 8, 64, EMBER_MODE_CBC },
	{ "rc5-ecb", NULL, "rc5", 16, 12, EMBER_MODE_ECB },
	{ "rc5-cbc", "rc5", "rc5", 16, 12, EMBER_MODE_CBC },
	{ "rc4", NULL, "rc4", 16, 0, EMBER_MODE_STREAM },
	{ "rc4-40", NULL, "rc4", 5, 0, EMBER_MODE_STREAM },
};

/* The AEAD names of openssl's EVP (and TLS's): algorithm and key length. */
static const ember_aead_spec aead_spec_table[] = {
	{ "aes-128-gcm", "id-aes128-gcm", "aes-gcm", 16 },
	{ "aes-192-gcm", "id-aes192-gcm", "aes-gcm", 24 },
	{ "aes-256-gcm", "id-aes256-gcm", "aes-gcm", 32 },
	{ "aes-128-ccm", "id-aes128-ccm", "aes-ccm", 16 },
	{ "aes-192-ccm", "id-aes192-ccm", "aes-ccm", 24 },
	{ "aes-256-ccm", "id-aes256-ccm", "aes-ccm", 32 },
	{ "chacha20-poly1305", NULL, "chacha20-poly1305", 32 },
};

/* ---- lookup ---- */

static int name_eq(const char *a, const char *b, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		if (tolower((unsigned char)a[i]) != tolower((unsigned char)b[i]) || b[i] == 0)
			return 0;
	return b[n] == 0;
}

/* 1 when |want| equals |name| or one word of the space-separated |aliases|. */
static int matches(const char *want, const char *name, const char *aliases)
{
	const char *p;

	if (name_eq(name, want, strlen(name)))
		return 1;
	for (p = aliases; p && *p;) {
		size_t n = strcspn(p, " ");
		if (n && name_eq(p, want, n))
			return 1;
		p += n;
		while (*p == ' ')
			p++;
	}
	return 0;
}

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

size_t ember_hash_count(void)
{
	return NELEM(hash_table);
}

const ember_hash_desc *ember_hash_at(size_t i)
{
	return i < NELEM(hash_table) ? hash_table[i] : NULL;
}

int ember_hash_supported(const ember_hash_desc *d)
{
	return d && (d->supported == NULL || d->supported());
}

/*
 * The default among the entries named |name|, in list order: the first
 * supported constant-time one whose rule holds on |id|; else the first
 * supported constant-time one; else the first supported one.
 */
const ember_hash_desc *ember_hash_choose(const char *name, const ember_cpu_id *id)
{
	const ember_hash_desc *ct = NULL, *any = NULL;
	size_t i;

	if (name == NULL)
		return NULL;
	for (i = 0; i < NELEM(hash_table); i++) {
		const ember_hash_desc *d = hash_table[i];
		if (!matches(name, d->name, d->aliases) || !ember_hash_supported(d))
			continue;
		if (d->flags & EMBER_IMPL_CT) {
			if (where_holds(hash_where[i], id))
				return d;
			if (ct == NULL)
				ct = d;
		}
		if (any == NULL)
			any = d;
	}
	return ct ? ct : any;
}

const ember_hash_desc *ember_hash_find(const char *name, const char *impl)
{
	ember_cpu_id id;
	size_t i;

	if (name == NULL)
		return NULL;
	if (impl == NULL) {
		ember_cpu_identify(&id);
		return ember_hash_choose(name, &id);
	}
	for (i = 0; i < NELEM(hash_table); i++) {
		const ember_hash_desc *d = hash_table[i];
		if (matches(name, d->name, d->aliases) && strcmp(impl, d->impl) == 0)
			return ember_hash_supported(d) ? d : NULL;
	}
	return NULL;
}

size_t ember_block_count(void)
{
	return NELEM(block_table) - 1;
}

const ember_block_desc *ember_block_at(size_t i)
{
	return i < ember_block_count() ? block_table[i] : NULL;
}

int ember_block_supported(const ember_block_desc *d)
{
	return d && (d->supported == NULL || d->supported());
}

/* As ember_hash_choose. */
const ember_block_desc *ember_block_choose(const char *name, const ember_cpu_id *id)
{
	const ember_block_desc *ct = NULL, *any = NULL;
	size_t i;

	if (name == NULL)
		return NULL;
	for (i = 0; i < ember_block_count(); i++) {
		const ember_block_desc *d = block_table[i];
		if (!matches(name, d->name, NULL) || !ember_block_supported(d))
			continue;
		if (d->flags & EMBER_IMPL_CT) {
			if (where_holds(block_where[i], id))
				return d;
			if (ct == NULL)
				ct = d;
		}
		if (any == NULL)
			any = d;
	}
	return ct ? ct : any;
}

const ember_block_desc *ember_block_find(const char *name, const char *impl)
{
	ember_cpu_id id;
	size_t i;

	if (name == NULL)
		return NULL;
	if (impl == NULL) {
		ember_cpu_identify(&id);
		return ember_block_choose(name, &id);
	}
	for (i = 0; i < ember_block_count(); i++) {
		const ember_block_desc *d = block_table[i];
		if (matches(name, d->name, NULL) && strcmp(impl, d->impl) == 0)
			return ember_block_supported(d) ? d : NULL;
	}
	return NULL;
}

size_t ember_cipher_spec_count(void)
{
	return NELEM(spec_table);
}

const ember_cipher_spec *ember_cipher_spec_at(size_t i)
{
	return i < NELEM(spec_table) ? &spec_table[i] : NULL;
}

const ember_cipher_spec *ember_cipher_spec_find(const char *name)
{
	size_t i;

	if (name == NULL)
		return NULL;
	for (i = 0; i < NELEM(spec_table); i++)
		if (matches(name, spec_table[i].name, spec_table[i].aliases))
			return &spec_table[i];
	return NULL;
}

size_t ember_bn_mont_count(void)
{
	return NELEM(bn_mont_table);
}

const ember_bn_mont_desc *ember_bn_mont_at(size_t i)
{
	return i < NELEM(bn_mont_table) ? bn_mont_table[i] : NULL;
}

int ember_bn_mont_supported(const ember_bn_mont_desc *d)
{
	return d && (d->supported == NULL || d->supported());
}

const ember_bn_mont_desc *ember_bn_mont_find(const char *impl)
{
	const ember_bn_mont_desc *first = NULL;
	ember_cpu_id id;
	size_t i;

	ember_cpu_identify(&id);
	for (i = 0; i < NELEM(bn_mont_table); i++) {
		const ember_bn_mont_desc *d = bn_mont_table[i];
		if (impl != NULL) {
			if (strcmp(impl, d->impl) == 0)
				return ember_bn_mont_supported(d) ? d : NULL;
			continue;
		}
		if (!ember_bn_mont_supported(d))
			continue;
		if (where_holds(bn_mont_where[i], &id))
			return d;
		if (first == NULL)
			first = d;
	}
	return first;
}

/* ---- AEADs ---- */

size_t ember_aead_count(void)
{
	return NELEM(aead_table) - 1;
}

const ember_aead_desc *ember_aead_at(size_t i)
{
	return i < ember_aead_count() ? aead_table[i] : NULL;
}

int ember_aead_supported(const ember_aead_desc *d)
{
	return d && (d->supported == NULL || d->supported());
}

size_t ember_aead_spec_count(void)
{
	return NELEM(aead_spec_table);
}

const ember_aead_spec *ember_aead_spec_at(size_t i)
{
	return i < NELEM(aead_spec_table) ? &aead_spec_table[i] : NULL;
}

const ember_aead_spec *ember_aead_spec_find(const char *name)
{
	size_t i;

	if (name == NULL)
		return NULL;
	for (i = 0; i < NELEM(aead_spec_table); i++)
		if (matches(name, aead_spec_table[i].name, aead_spec_table[i].aliases))
			return &aead_spec_table[i];
	return NULL;
}

/* As ember_hash_choose; |name| may be a spec name ("aes-128-gcm"). */
const ember_aead_desc *ember_aead_choose(const char *name, const ember_cpu_id *id)
{
	const ember_aead_spec *s = ember_aead_spec_find(name);
	const ember_aead_desc *ct = NULL, *any = NULL;
	size_t i;

	if (name == NULL)
		return NULL;
	if (s != NULL)
		name = s->alg;
	for (i = 0; i < ember_aead_count(); i++) {
		const ember_aead_desc *d = aead_table[i];
		if (!matches(name, d->name, NULL) || !ember_aead_supported(d))
			continue;
		if (d->flags & EMBER_IMPL_CT) {
			if (where_holds(aead_where[i], id))
				return d;
			if (ct == NULL)
				ct = d;
		}
		if (any == NULL)
			any = d;
	}
	return ct ? ct : any;
}

const ember_aead_desc *ember_aead_find(const char *name, const char *impl)
{
	const ember_aead_spec *s = ember_aead_spec_find(name);
	ember_cpu_id id;
	size_t i;

	if (name == NULL)
		return NULL;
	if (impl == NULL) {
		ember_cpu_identify(&id);
		return ember_aead_choose(name, &id);
	}
	if (s != NULL)
		name = s->alg;
	for (i = 0; i < ember_aead_count(); i++) {
		const ember_aead_desc *d = aead_table[i];
		if (matches(name, d->name, NULL) && strcmp(impl, d->impl) == 0)
			return ember_aead_supported(d) ? d : NULL;
	}
	return NULL;
}

/* ---- elliptic-curve backends ---- */

size_t ember_ec_count(void)
{
	return NELEM(ec_table) - 1;
}

const ember_ec_desc *ember_ec_at(size_t i)
{
	return i < ember_ec_count() ? ec_table[i] : NULL;
}

int ember_ec_supported(const ember_ec_desc *d)
{
	return d && (d->supported == NULL || d->supported());
}

/* As ember_hash_choose. */
const ember_ec_desc *ember_ec_choose(const char *name, const ember_cpu_id *id)
{
	const ember_ec_desc *ct = NULL, *any = NULL;
	size_t i;

	if (name == NULL)
		return NULL;
	for (i = 0; i < ember_ec_count(); i++) {
		const ember_ec_desc *d = ec_table[i];
		if (!matches(name, d->name, NULL) || !ember_ec_supported(d))
			continue;
		if (d->flags & EMBER_IMPL_CT) {
			if (where_holds(ec_where[i], id))
				return d;
			if (ct == NULL)
				ct = d;
		}
		if (any == NULL)
			any = d;
	}
	return ct ? ct : any;
}

const ember_ec_desc *ember_ec_find(const char *name, const char *impl)
{
	ember_cpu_id id;
	size_t i;

	if (name == NULL)
		return NULL;
	if (impl == NULL) {
		ember_cpu_identify(&id);
		return ember_ec_choose(name, &id);
	}
	for (i = 0; i < ember_ec_count(); i++) {
		const ember_ec_desc *d = ec_table[i];
		if (matches(name, d->name, NULL) && strcmp(impl, d->impl) == 0)
			return ember_ec_supported(d) ? d : NULL;
	}
	return NULL;
}

/* ---- ML-KEM and ML-DSA implementations: one shape, written once ---- */

/*
 * ember_<fam>_count, _at, _supported and _find over <fam>_table and
 * <fam>_where: find(NULL) chooses as ember_hash_choose does over one
 * algorithm's entries (the first constant-time one whose rule holds on this
 * core, else the first constant-time one, else the first supported);
 * find(impl) is that implementation when this CPU runs it.
 */
#define PQ_IMPLS(fam)                                                                  \
	size_t ember_##fam##_count(void)                                               \
	{                                                                              \
		return NELEM(fam##_table) - 1;                                          \
	}                                                                              \
	const ember_##fam##_desc *ember_##fam##_at(size_t i)                           \
	{                                                                              \
		return i < ember_##fam##_count() ? fam##_table[i] : NULL;               \
	}                                                                              \
	int ember_##fam##_supported(const ember_##fam##_desc *d)                       \
	{                                                                              \
		return d && d->ops != NULL && (d->supported == NULL || d->supported()); \
	}                                                                              \
	const ember_##fam##_desc *ember_##fam##_find(const char *impl)                 \
	{                                                                              \
		const ember_##fam##_desc *ct = NULL, *any = NULL;                       \
		ember_cpu_id id;                                                        \
		size_t i;                                                               \
		ember_cpu_identify(&id);                                                \
		for (i = 0; i < ember_##fam##_count(); i++) {                           \
			const ember_##fam##_desc *d = fam##_table[i];                   \
			if (impl != NULL) {                                             \
				if (strcmp(impl, d->impl) == 0)                         \
					return ember_##fam##_supported(d) ? d : NULL;   \
				continue;                                               \
			}                                                               \
			if (!ember_##fam##_supported(d))                                \
				continue;                                               \
			if (d->flags & EMBER_IMPL_CT) {                                 \
				if (where_holds(fam##_where[i], &id))                   \
					return d;                                       \
				if (ct == NULL)                                         \
					ct = d;                                         \
			}                                                               \
			if (any == NULL)                                                \
				any = d;                                                \
		}                                                                       \
		return ct ? ct : any;                                                   \
	}

PQ_IMPLS(mlkem)
PQ_IMPLS(mldsa)

/* ---- the default per call site, cached ---- */

enum { PICK_HASH, PICK_BLOCK, PICK_AEAD, PICK_EC };

static const void *pick(ember_pick *p, const char *name, int kind)
{
	const uint64_t key = (uint64_t)ember_cpu_features() + 1;
	const void *d = p->desc;

	if (p->key != key || d == NULL) {
		d = kind == PICK_BLOCK ? (const void *)ember_block_find(name, NULL)
		    : kind == PICK_AEAD ? (const void *)ember_aead_find(name, NULL)
		    : kind == PICK_EC   ? (const void *)ember_ec_find(name, NULL)
		                        : (const void *)ember_hash_find(name, NULL);
		p->desc = d;
		p->key = key;
	}
	return d;
}

const ember_hash_desc *ember_hash_pick(ember_pick *p, const char *name)
{
	return (const ember_hash_desc *)pick(p, name, PICK_HASH);
}

const ember_block_desc *ember_block_pick(ember_pick *p, const char *name)
{
	return (const ember_block_desc *)pick(p, name, PICK_BLOCK);
}

const ember_aead_desc *ember_aead_pick(ember_pick *p, const char *name)
{
	return (const ember_aead_desc *)pick(p, name, PICK_AEAD);
}

const ember_ec_desc *ember_ec_pick(ember_pick *p, const char *name)
{
	return (const ember_ec_desc *)pick(p, name, PICK_EC);
}
