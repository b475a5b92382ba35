/*
 * bn.h - fixed-size big integers for RSA and DSA.
 *
 * A number is an array of words, least significant first, with an explicit
 * word count that is public (the modulus size, never a secret length). The
 * word is 64 bits where the compiler has a 128-bit product (unsigned
 * __int128), 32 bits otherwise; defining EMBER_BN_LIMB32 forces 32-bit
 * words on any target (the portable 32-bit path is then tested on x86-64 too:
 * `make CPPFLAGS=-DEMBER_BN_LIMB32`). The definition must be the same for
 * the library and its users, since it changes the size of the key structs.
 *
 * No allocation: every work area is bounded by EMBER_MAX_RSA_BITS.
 *
 * Montgomery multiplication is reached through a descriptor
 * (ember_bn_mont_desc), one per implementation ("ref" portable C,
 * "x86adx" MULX/ADX, "avx512ifma" = x86adx plus an AVX-512 IFMA route for
 * public exponents, "umaal" UMAAL on 32-bit ARM, "mips32" MULTU/MADDU on
 * MIPS32), so `ember speed -impl`
 * and the tests can name each; ember_bn_mont_find(NULL) gives the fastest
 * supported one.
 *
 * Constant time: ember_bn_modexp_ct, ember_bn_modinv_ct, ember_bn_mod_ct and
 * the Montgomery products have no branch, loop bound or table index that
 * depends on the values (only on the public word counts and bit lengths).
 * Functions named _vartime are for public data only (RSA e, DSA verification).
 */
#ifndef EMBER_BN_H
#define EMBER_BN_H

#include <stddef.h>
#include <stdint.h>

#include "util.h"

#ifdef __cplusplus
extern "C" {
#endif

#if !defined(EMBER_BN_LIMB32) && defined(__SIZEOF_INT128__)
typedef uint64_t ember_bn_word;
#define EMBER_BN_WORD_BITS 64
#else
#ifndef EMBER_BN_LIMB32
#define EMBER_BN_LIMB32 1
#endif
typedef uint32_t ember_bn_word;
#define EMBER_BN_WORD_BITS 32
#endif

/* Largest RSA modulus (and DSA prime p) handled, in bits. */
#ifndef EMBER_MAX_RSA_BITS
#define EMBER_MAX_RSA_BITS 4096
#endif
#define EMBER_BN_MAX_WORDS (EMBER_MAX_RSA_BITS / EMBER_BN_WORD_BITS)
#define EMBER_BN_WORDS(bits) (((bits) + EMBER_BN_WORD_BITS - 1) / EMBER_BN_WORD_BITS)

struct ember_bn_mont_desc;

/*
 * ember_bn_mont is the Montgomery context of an odd modulus m > 1 of n words:
 * R = 2^(n*EMBER_BN_WORD_BITS). Values "in Montgomery form" are x*R mod m.
 */
typedef struct ember_bn_mont {
	ember_bn_word m[EMBER_BN_MAX_WORDS];
	ember_bn_word rr[EMBER_BN_MAX_WORDS]; /* R^2 mod m */
	ember_bn_word one[EMBER_BN_MAX_WORDS]; /* R mod m */
	ember_bn_word m0inv;                  /* -m^-1 mod 2^EMBER_BN_WORD_BITS */
	size_t n;                             /* words */
	unsigned bits;                        /* bit length of m */
	const struct ember_bn_mont_desc *impl;
	ember_bn_word rr52[EMBER_BN_MAX_WORDS]; /* R'^2 mod m for radix-2^52 backends (see below) */
} ember_bn_mont;

/*
 * One implementation of the Montgomery product. mul: r = a*b/R mod m;
 * sqr: r = a*a/R mod m. Inputs are < m, the output is < m; r may alias
 * a or b. Constant-time.
 */
typedef struct ember_bn_mont_desc {
	const char *name;       /* "bn" */
	const char *impl;       /* "ref", "x86adx", "umaal" */
	unsigned flags;         /* EMBER_IMPL_CT, EMBER_IMPL_HW */
	int (*supported)(void); /* NULL: always */
	void (*mul)(ember_bn_word *r, const ember_bn_word *a, const ember_bn_word *b,
	    const ember_bn_mont *mc);
	void (*sqr)(ember_bn_word *r, const ember_bn_word *a, const ember_bn_mont *mc);
	/*
	 * NULL, or r = b^e mod m for a public e (b < m) by a faster route of its
	 * own (radix 2^52 with R' = 2^(52L), L = ceil((64n + 2) / 52) limbs,
	 * using mc->rr52 = R'^2 mod m); EMBER_ENOTSUP when it does not handle
	 * this size (the caller then uses mul and sqr).
	 */
	int (*exp_public)(ember_bn_word *r, const ember_bn_word *b, const ember_bn_word *e, size_t e_words,
	    const ember_bn_mont *mc);
	/* NULL, or the same for a secret e of e_bits bits, constant-time (fixed window, table scan). */
	int (*exp_ct)(ember_bn_word *r, const ember_bn_word *b, const ember_bn_word *e, unsigned e_bits,
	    const ember_bn_mont *mc);
	/* NULL, or two exp_ct at once (moduli of the same word count), interleaved. */
	int (*exp_ct2)(ember_bn_word *r1, const ember_bn_word *b1, const ember_bn_word *e1,
	    const ember_bn_mont *mc1, ember_bn_word *r2, const ember_bn_word *b2, const ember_bn_word *e2,
	    const ember_bn_mont *mc2, unsigned e_bits);
} ember_bn_mont_desc;

/* Registry of the Montgomery implementations (src/registry.c), fastest first. */
size_t ember_bn_mont_count(void);
const ember_bn_mont_desc *ember_bn_mont_at(size_t i);
/* |impl| NULL: the fastest supported; else that one when this CPU runs it, or NULL. */
const ember_bn_mont_desc *ember_bn_mont_find(const char *impl);
int ember_bn_mont_supported(const ember_bn_mont_desc *d);

/* ---- plain numbers (word arrays) ---- */

/*
 * ember_bn_from_bytes reads the big-endian |len| bytes into |n| words.
 * EMBER_ERANGE when the value does not fit (leading zero bytes are allowed).
 */
int ember_bn_from_bytes(ember_bn_word *r, size_t n, const uint8_t *in, size_t len);
/* ember_bn_to_bytes writes |a| (n words) as exactly |len| big-endian bytes;
 * EMBER_ERANGE when it does not fit. */
int ember_bn_to_bytes(uint8_t *out, size_t len, const ember_bn_word *a, size_t n);
/* ember_bn_bits returns the bit length of |a| (variable time: public values only). */
unsigned ember_bn_bits(const ember_bn_word *a, size_t n);
/* ember_bn_cmp returns -1, 0, 1 (constant time in the values). */
int ember_bn_cmp(const ember_bn_word *a, const ember_bn_word *b, size_t n);
/* r = a + b, r = a - b over n words; return the carry / borrow (0 or 1). */
ember_bn_word ember_bn_add(ember_bn_word *r, const ember_bn_word *a, const ember_bn_word *b, size_t n);
ember_bn_word ember_bn_sub(ember_bn_word *r, const ember_bn_word *a, const ember_bn_word *b, size_t n);
/* r (an + bn words) = a * b, schoolbook; r must not alias a or b. */
void ember_bn_mul(ember_bn_word *r, const ember_bn_word *a, size_t an, const ember_bn_word *b, size_t bn);
/* ember_bn_is_zero returns 1 when a == 0 (constant time). */
int ember_bn_is_zero(const ember_bn_word *a, size_t n);

/*
 * ember_bn_divmod_ct: r (n words) = a (an words) mod m and, when |q| is not
 * NULL, q (an words) = a / m, for any m != 0 of n words. Bit-serial long
 * division: constant time in a and m, cost an*W*n. EMBER_EINVAL when m == 0.
 */
int ember_bn_divmod_ct(ember_bn_word *q, ember_bn_word *r, const ember_bn_word *a, size_t an,
    const ember_bn_word *m, size_t n);

/*
 * ember_bn_modinv_ct: r = a^-1 mod m for odd m > 1 (n words, a < m).
 * EMBER_EINVAL when gcd(a, m) != 1 (only the result, not the path, depends on it).
 */
int ember_bn_modinv_ct(ember_bn_word *r, const ember_bn_word *a, const ember_bn_word *m, size_t n);

/* ---- Montgomery arithmetic ---- */

struct ember_bn_mont;
/*
 * ember_bn_modinv_prime: r = a^-1 = a^(m-2) mod m for a prime m (public)
 * and 0 < a < m; constant time in a. Faster than ember_bn_modinv_ct for
 * small moduli (DSA's q). EMBER_EINVAL when a == 0.
 */
int ember_bn_modinv_prime(ember_bn_word *r, const ember_bn_word *a, const struct ember_bn_mont *mc);

/*
 * ember_bn_mont_init prepares |mc| for the odd modulus m (n words, top word
 * nonzero) with the fastest supported implementation. EMBER_ERANGE when m
 * is even, 1, or longer than EMBER_BN_MAX_WORDS.
 */
int ember_bn_mont_init(ember_bn_mont *mc, const ember_bn_word *m, size_t n);
/* ember_bn_mont_set_impl forces an implementation (EMBER_ENOTSUP when not supported here). */
int ember_bn_mont_set_impl(ember_bn_mont *mc, const ember_bn_mont_desc *d);
/* r = a*R mod m (a < m); r = a/R mod m. */
void ember_bn_to_mont(ember_bn_word *r, const ember_bn_word *a, const ember_bn_mont *mc);
void ember_bn_from_mont(ember_bn_word *r, const ember_bn_word *a, const ember_bn_mont *mc);
/* r = a*b mod m for a, b < m in normal form (two Montgomery products). */
void ember_bn_modmul(ember_bn_word *r, const ember_bn_word *a, const ember_bn_word *b,
    const ember_bn_mont *mc);
/*
 * ember_bn_redc: r = t/R mod m where t has 2n words and t < m*R (Montgomery
 * reduction of a double-length value). Constant-time.
 */
void ember_bn_redc(ember_bn_word *r, const ember_bn_word *t, const ember_bn_mont *mc);

/*
 * ember_bn_modexp_ct: r = b^e mod m, b < m in normal form, e of |e_bits|
 * bits (public length, at least the exponent's real length) in ceil(e_bits/W)
 * words. Fixed window, every table entry read at every step (constant-time
 * table scan), no branch on e.
 */
void ember_bn_modexp_ct(ember_bn_word *r, const ember_bn_word *b, const ember_bn_word *e,
    unsigned e_bits, const ember_bn_mont *mc);
/*
 * ember_bn_modexp_ct2: r1 = b1^e1 mod m1 and r2 = b2^e2 mod m2 (RSA's two
 * CRT halves), both exponents read over e_bits bits; a backend may run the
 * two at once to hide its latencies. Constant-time.
 */
void ember_bn_modexp_ct2(ember_bn_word *r1, const ember_bn_word *b1, const ember_bn_word *e1,
    const ember_bn_mont *mc1, ember_bn_word *r2, const ember_bn_word *b2, const ember_bn_word *e2,
    const ember_bn_mont *mc2, unsigned e_bits);
/* ember_bn_modexp_vartime: same for a public exponent (square and multiply). */
void ember_bn_modexp_vartime(ember_bn_word *r, const ember_bn_word *b, const ember_bn_word *e,
    size_t e_words, const ember_bn_mont *mc);
/*
 * ember_bn_modexp_public: r = b^e mod m for a public e (b < m), with
 * corr = R^e mod m from ember_bn_exp_correction: the base goes into the
 * Montgomery products as it is and one product by corr at the end restores
 * the value, one product fewer than ember_bn_modexp_vartime (RSA's public
 * operation: 18 instead of 19 for e = 65537).
 */
void ember_bn_exp_correction(ember_bn_word *corr, const ember_bn_word *e, size_t e_words,
    const ember_bn_mont *mc);
void ember_bn_modexp_public(ember_bn_word *r, const ember_bn_word *b, const ember_bn_word *e,
    size_t e_words, const ember_bn_word *corr, const ember_bn_mont *mc);
/* ember_bn_modexp2_vartime: r = a^x * b^y mod m for public x, y (joint 2-bit windows). */
void ember_bn_modexp2_vartime(ember_bn_word *r, const ember_bn_word *a, const ember_bn_word *x,
    const ember_bn_word *b, const ember_bn_word *y, size_t e_words, const ember_bn_mont *mc);

/*
 * Fixed-base comb (Lim and Lee, CRYPTO '94, with 4 teeth): for a base used
 * with many exponents of at most 4*d bits, ember_bn_comb_init fills |tab|
 * (16 * n words, Montgomery form) with the products of the subsets of
 * b, b^(2^d), b^(2^2d), b^(2^3d); an exponentiation then costs d squarings
 * and d products. ember_bn_comb_exp_ct reads the table with a constant-time
 * scan (secret exponents); ember_bn_comb_exp2_vartime computes
 * b1^e1 * b2^e2 from two tables (public exponents). Exponents have
 * EMBER_BN_WORDS(4*d) words.
 */
#define EMBER_BN_COMB_ENTRIES 16
void ember_bn_comb_init(ember_bn_word *tab, const ember_bn_word *b, unsigned d, const ember_bn_mont *mc);
void ember_bn_comb_exp_ct(ember_bn_word *r, const ember_bn_word *tab, const ember_bn_word *e, unsigned d,
    const ember_bn_mont *mc);
void ember_bn_comb_exp2_vartime(ember_bn_word *r, const ember_bn_word *tab1, const ember_bn_word *e1,
    const ember_bn_word *tab2, const ember_bn_word *e2, unsigned d, const ember_bn_mont *mc);

/*
 * ember_bn_crt recombines m1 = x mod p and m2 = x mod q (Garner):
 * x = m2 + q * ((m1 - m2) * qinv mod p), qinv = q^-1 mod p given in Montgomery
 * form for p (qinv*R mod p). r has pm->n + qm->n words. Constant-time.
 */
void ember_bn_crt(ember_bn_word *r, const ember_bn_word *m1, const ember_bn_word *m2,
    const ember_bn_word *qinv_mont, const ember_bn_mont *pm, const ember_bn_mont *qm);

/* ---- randomness and primes (src/pk/random.c, src/pk/prime.c) ---- */

/*
 * ember_random_bytes fills |out| from the system's random source
 * (getrandom(2), retried on EINTR and short reads). EMBER_ERANDOM on failure.
 */
int ember_random_bytes(void *out, size_t len);

/*
 * ember_prime_test: Miller-Rabin with |rounds| random bases (0: 40 rounds,
 * error below 2^-80 for any input, chosen by an adversary or not), after
 * trial division by the primes below 2000. 1 when |w| (n words) is a
 * probable prime, 0 when composite (or < 2), EMBER_ERANDOM on failure.
 */
int ember_prime_test(const ember_bn_word *w, size_t n, unsigned rounds);

/*
 * ember_prime_test_lucas: FIPS 186-4 C.3's test for a prime given by
 * someone else (DSA domain parameters): |rounds| Miller-Rabin rounds as
 * ember_prime_test (0: none), then the Lucas probable-prime test of C.3.3
 * (D the first of 5, -7, 9, ... with Jacobi symbol -1; a w with no such D
 * below 4096, every perfect square among them, counts as composite).
 * Variable time: for public values only. Same returns as ember_prime_test.
 */
int ember_prime_test_lucas(const ember_bn_word *w, size_t n, unsigned rounds);

/*
 * ember_prime_rounds returns the number of Miller-Rabin rounds FIPS 186-4
 * (Table C.3, error 2^-100 or the security strength, whichever is lower;
 * FIPS 186-5 Table B.1 for 2048-bit primes) asks for a random prime of |bits|.
 */
unsigned ember_prime_rounds(unsigned bits);

/*
 * ember_prime_generate: a random probable prime p of exactly |bits| bits
 * (the two top bits set, so that a product of two has 2*bits bits) with
 * gcd(p - 1, e) = 1 (|e| odd, 0 to skip the condition), in n words.
 */
int ember_prime_generate(ember_bn_word *p, size_t n, unsigned bits, uint32_t e);

#ifdef __cplusplus
}
#endif

#endif
