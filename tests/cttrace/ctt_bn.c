/*
 * ctt_bn.c - the checks of the bignum backends valgrind cannot run
 * (x86adx: MULX/ADCX/ADOX in inline assembly; avx512ifma), the portable
 * one as the control, and ember_memeq (see cttrace.c for the tracer).
 */
#define _GNU_SOURCE 1
#include <stdio.h>
#include <string.h>

#if defined(__x86_64__) && defined(__linux__)

#include "ember/bn.h"
#include "ember/cpu.h"
#include "ember/util.h"
#include "cttrace.h"

#define MAXW EMBER_BN_MAX_WORDS

enum op { OP_MUL, OP_SQR, OP_EXP, OP_EXP2, OP_MEMEQ };

struct bn_check {
	const char *impl; /* bignum backend, NULL for ember_memeq */
	enum op op;
	unsigned bits;   /* modulus bits (each half for OP_EXP2) */
	unsigned e_bits; /* exponent bits for OP_EXP and OP_EXP2 */
	unsigned leak;   /* LEAK_* it runs through */
};

/*
 * Cost: a single step costs 20-70 us on this host (a debug trap per
 * instruction, two children; measured, see the Makefile), and one
 * 2048-bit MULX/ADX product is 11,700 steps. So the exponentiations run
 * over the full 1024- and 2048-bit moduli with 12-bit secret exponents:
 * three 4-bit windows, i.e. the whole code of an RSA exponentiation (the
 * table of powers, the constant-time table scan at every window, the
 * window loop of squarings and a product, the conversions in and out of
 * Montgomery form) with the window loop run twice instead of ~200 times.
 * The window loop's code and addresses do not depend on which window it is
 * in (the window count and the positions are public), and 5-bit windows
 * (e_bits >= 256) change only the public table size. modexp_ct2 is RSA's
 * CRT pair (the halves of RSA-1024 and RSA-2048 private keys) with secret
 * moduli (the primes), bases and exponents.
 */
#define EXP_BITS 12
#define MUL_CHECKS(impl, leak)                                                                  \
	{ impl, OP_MUL, 1024, 0, leak }, { impl, OP_SQR, 1024, 0, leak }, { impl, OP_MUL, 2048, 0, leak }, \
	    { impl, OP_SQR, 2048, 0, leak }

static const struct bn_check bn_checks[] = {
	/* the portable backend, the control (no planted leak reaches it); its exp_ct and exp_ct2 are
	 * exp_radix.c's (2048-bit single exponentiations take the generic chain: see x86adx) */
	MUL_CHECKS("ref", 0),
	{ "ref", OP_EXP, 1024, EXP_BITS, 0 },
	{ "ref", OP_EXP2, 512, EXP_BITS, 0 },
	{ "ref", OP_EXP2, 1024, EXP_BITS, 0 },
	/* MULX/ADX products, bn.c's generic window chain over them; its CRT pair is exp_radix.c's, as ref's */
	MUL_CHECKS("x86adx", LEAK_ADX),
	{ "x86adx", OP_EXP, 1024, EXP_BITS, LEAK_ADX },
	{ "x86adx", OP_EXP, 2048, EXP_BITS, LEAK_ADX },
	/* the same MULX/ADX products; exponentiations (single and CRT pair) in radix 2^52 with IFMA */
	{ "avx512ifma", OP_MUL, 1024, 0, LEAK_ADX },
	{ "avx512ifma", OP_SQR, 2048, 0, LEAK_ADX },
	{ "avx512ifma", OP_EXP, 1024, EXP_BITS, LEAK_IFMA },
	{ "avx512ifma", OP_EXP, 2048, EXP_BITS, LEAK_IFMA },
	{ "avx512ifma", OP_EXP2, 512, EXP_BITS, LEAK_IFMA },
	{ "avx512ifma", OP_EXP2, 1024, EXP_BITS, LEAK_IFMA },
	{ NULL, OP_MEMEQ, 0, 0, LEAK_MEMEQ },
};

static const char *const op_names[] = { "mul", "sqr", "modexp_ct", "modexp_ct2 (CRT pair)", "ember_memeq" };

/* ---- the child: inputs, the traced region, the result check ---- */

struct work {
	ember_bn_mont mc, mc2, ref, ref2;
	ember_bn_word a[MAXW], b[MAXW], e[MAXW], a2[MAXW], e2[MAXW];
	ember_bn_word r[MAXW], r2[MAXW], chk[MAXW], chk2[MAXW];
	uint8_t x[64], y[64];
	int eq;
};
static struct work w;

static void random_words(ember_bn_word *a, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		a[i] = ctt_next64();
}

/* odd, top bit set: n words exactly */
static void random_modulus(ember_bn_word *m, size_t n)
{
	random_words(m, n);
	m[0] |= 1;
	m[n - 1] |= (ember_bn_word)1 << 63;
}

/* below any modulus of n words with its top bit set */
static void random_below(ember_bn_word *a, size_t n)
{
	random_words(a, n);
	a[n - 1] >>= 1;
}

static void random_exponent(ember_bn_word *e, unsigned bits)
{
	size_t n = EMBER_BN_WORDS(bits);
	random_words(e, n);
	if (bits % 64)
		e[n - 1] &= ((ember_bn_word)1 << (bits % 64)) - 1;
	e[(bits - 1) / 64] |= (ember_bn_word)1 << ((bits - 1) % 64);
}

static int mont_for(ember_bn_mont *mc, ember_bn_mont *ref, const ember_bn_word *m, size_t n, const char *impl)
{
	const ember_bn_mont_desc *d = ember_bn_mont_find(impl), *dref = ember_bn_mont_find("ref");

	if (d == NULL || dref == NULL || ember_bn_mont_init(mc, m, n) != 0 || ember_bn_mont_set_impl(mc, d) != 0)
		return -1;
	if (ember_bn_mont_init(ref, m, n) != 0 || ember_bn_mont_set_impl(ref, dref) != 0)
		return -1;
	return 0;
}

/* Inputs of check c for secret number |secret| (the public modulus is the same for all). */
static int prepare(const struct ctt_check *cc, unsigned secret)
{
	const struct bn_check *c = cc->desc;
	ember_bn_word m[MAXW] = { 0 };
	size_t n = EMBER_BN_WORDS(c->bits);

	memset(&w, 0, sizeof(w));
	if (c->op == OP_MEMEQ) {
		/* two unequal buffers: the first byte differs for one secret, only byte 17 for the other */
		size_t i;
		ctt_rng = 77;
		for (i = 0; i < sizeof(w.x); i++)
			w.x[i] = (uint8_t)ctt_next64();
		memcpy(w.y, w.x, sizeof(w.y));
		ctt_rng = 1000 + secret;
		w.x[(secret & 1) ? 17 : 0] ^= (uint8_t)(1 + ctt_next64() % 255);
		return 0;
	}
	if (c->op == OP_EXP2) {
		/* the moduli of the CRT halves are the secret primes */
		ctt_rng = 1000 + secret;
		random_modulus(m, n);
		if (mont_for(&w.mc, &w.ref, m, n, c->impl) != 0)
			return -1;
		random_modulus(m, n);
		if (mont_for(&w.mc2, &w.ref2, m, n, c->impl) != 0)
			return -1;
		random_below(w.a, n);
		random_below(w.a2, n);
		random_exponent(w.e, c->e_bits);
		random_exponent(w.e2, c->e_bits);
		return 0;
	}
	ctt_rng = 42;
	random_modulus(m, n);
	if (mont_for(&w.mc, &w.ref, m, n, c->impl) != 0)
		return -1;
	ctt_rng = 1000 + secret;
	random_below(w.a, n);
	random_below(w.b, n);
	random_exponent(w.e, c->e_bits ? c->e_bits : 64);
	return 0;
}

static void run(const struct ctt_check *cc)
{
	const struct bn_check *c = cc->desc;

	switch (c->op) {
	case OP_MUL:
		w.mc.impl->mul(w.r, w.a, w.b, &w.mc);
		break;
	case OP_SQR:
		w.mc.impl->sqr(w.r, w.a, &w.mc);
		break;
	case OP_EXP:
		ember_bn_modexp_ct(w.r, w.a, w.e, c->e_bits, &w.mc);
		break;
	case OP_EXP2:
		ember_bn_modexp_ct2(w.r, w.a, w.e, &w.mc, w.r2, w.a2, w.e2, &w.mc2, c->e_bits);
		break;
	case OP_MEMEQ:
		w.eq = ember_memeq(w.x, w.y, sizeof(w.x));
		break;
	}
}

/* 0 when the traced operation gave the right answer (by the portable backend, another route). */
static int verify(const struct ctt_check *cc)
{
	const struct bn_check *c = cc->desc;
	size_t n = w.mc.n, ew = EMBER_BN_WORDS(c->e_bits);

	switch (c->op) {
	case OP_MUL:
		w.ref.impl->mul(w.chk, w.a, w.b, &w.ref);
		break;
	case OP_SQR:
		w.ref.impl->mul(w.chk, w.a, w.a, &w.ref);
		break;
	case OP_EXP:
		ember_bn_modexp_vartime(w.chk, w.a, w.e, ew, &w.ref);
		break;
	case OP_EXP2:
		ember_bn_modexp_vartime(w.chk, w.a, w.e, ew, &w.ref);
		ember_bn_modexp_vartime(w.chk2, w.a2, w.e2, ew, &w.ref2);
		if (memcmp(w.chk2, w.r2, n * sizeof(w.r2[0])) != 0)
			return 1;
		break;
	case OP_MEMEQ:
		return w.eq != 0;
	}
	return memcmp(w.chk, w.r, n * sizeof(w.r[0])) != 0;
}

/* "" when this CPU runs backend impl, else the first feature it lacks */
static const char *lacks(const char *impl)
{
	static const struct {
		const char *impl;
		uint32_t bit;
		const char *name;
	} need[] = {
		{ "x86adx", EMBER_CPU_BMI2, "BMI2" },
		{ "x86adx", EMBER_CPU_ADX, "ADX" },
		{ "avx512ifma", EMBER_CPU_BMI2, "BMI2" },
		{ "avx512ifma", EMBER_CPU_ADX, "ADX" },
		{ "avx512ifma", EMBER_CPU_AVX512F, "AVX-512F" },
		{ "avx512ifma", EMBER_CPU_AVX512IFMA, "AVX-512 IFMA" },
	};
	size_t i;

	for (i = 0; i < sizeof(need) / sizeof(need[0]); i++)
		if (strcmp(need[i].impl, impl) == 0 && !ember_cpu_has(need[i].bit))
			return need[i].name;
	if (ember_bn_mont_find(impl) == NULL)
		return "it (the backend is not supported here)";
	return "";
}

void ctt_bn_checks(void)
{
	size_t i;

	for (i = 0; i < sizeof(bn_checks) / sizeof(bn_checks[0]); i++) {
		const struct bn_check *b = &bn_checks[i];
		struct ctt_check *c = ctt_add();

		if (c == NULL)
			return;
		if (b->op == OP_MEMEQ)
			snprintf(c->name, sizeof(c->name), "ember_memeq 64 bytes");
		else if (b->op == OP_EXP2)
			snprintf(c->name, sizeof(c->name), "%s %s 2x%u, %u-bit exponents", b->impl, op_names[b->op], b->bits,
			    b->e_bits);
		else if (b->op == OP_EXP)
			snprintf(c->name, sizeof(c->name), "%s %s %u, %u-bit exponent", b->impl, op_names[b->op], b->bits,
			    b->e_bits);
		else
			snprintf(c->name, sizeof(c->name), "%s %s %u", b->impl, op_names[b->op], b->bits);
		if (b->impl != NULL && lacks(b->impl)[0])
			snprintf(c->not_run, sizeof(c->not_run), "CPU lacks %s", lacks(b->impl));
		else
			ctt_leaks_here |= b->leak;
		c->leak = b->leak;
		c->desc = b;
		c->prepare = prepare;
		c->run = run;
		c->verify = verify;
	}
}

#endif
