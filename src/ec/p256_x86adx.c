/*
 * p256_x86adx.c - P-256 with MULX, ADCX and ADOX (Broadwell and later,
 * Zen): the field's product, square, addition, subtraction and small
 * multiples in inline assembly, and the same for the squares mod n; the
 * point arithmetic of k G, signing and ECDH in p256_x86adx_pt.h, the rest
 * (verification, point checks) ecp_point.h's over these. Constant-time
 * (no branch, no secret-dependent address: see ecp_point.h).
 *
 * The product is CIOS, one row of a b_i with two carry chains (ADCX for
 * the low halves, ADOX for the high halves), then one step of p256_fe64.h's
 * reduction: the low word q cancels itself (p's low word is 2^64 - 1 and
 * -p^-1 = 1), q 2^96 is a shift, and q (2^256 - 2^224 + 2^192) one MULX
 * by 2^64 - 2^32 + 1; then one subtraction of p kept or not by CMOV. The
 * square is the schoolbook's ten MULX, then its low half reduced by the
 * same four steps and added to its high half. Every value is fully
 * reduced (below p), in and out.
 */
#include "ec/ecp_impl.h"

/*
 * The inline assembly needs more registers than clang 14 will allocate
 * ("inline assembly requires more registers than available") and than gcc
 * has at -O0: such builds get the descriptors with supported() = 0, and the
 * registry picks the next backend (ref).
 */
#if defined(EMBER_X86) && defined(__x86_64__) && defined(__SIZEOF_INT128__) && !defined(__clang__) && defined(__OPTIMIZE__)

#define P256_FE64_HAVE_MUL 1
/* p256_fe64.h's C addition and subtraction under other names: the assembly below replaces them */
#define fe_add p256_fe64_add
#define fe_sub p256_fe64_sub
#include "ec/p256_fe64.h"
#undef fe_add
#undef fe_sub

static const uint64_t p256_p1 = 0x00000000ffffffffull;
static const uint64_t p256_p3 = 0xffffffff00000001ull;

/*
 * A field element as four memory operands %[x0]..%[x3] (on the stack: no
 * address register), one a word: "8+%[x]" of one operand would read
 * "8+(%rax)" when the address has no displacement, which GAS takes with a
 * warning.
 */
#define FE_M(n, x) [n##0] "m"((x)[0]), [n##1] "m"((x)[1]), [n##2] "m"((x)[2]), [n##3] "m"((x)[3])
#define FE_OUT(n, x) [n##0] "=m"((x)[0]), [n##1] "=m"((x)[1]), [n##2] "=m"((x)[2]), [n##3] "=m"((x)[3])
#define FE_PM [p1] "m"(p256_p1), [p3] "m"(p256_p3)

/*
 * Register-level steps on four words t0..t3 (operand strings: X(name) or
 * "%%rdx"), for the additions below and the products fused with one.
 */
#define X(n) "%[" #n "]"

/* (t0..t3, top) - p, kept unless it borrows (then t0..t3); u0..u3 scratch */
#define P256_CSUB_X(t0, t1, t2, t3, u0, u1, u2, u3, top)                           \
	"mov " t0 ", " u0 "\n\t"                                                    \
	"mov " t1 ", " u1 "\n\t"                                                    \
	"mov " t2 ", " u2 "\n\t"                                                    \
	"mov " t3 ", " u3 "\n\t"                                                    \
	"sub $-1, " u0 "\n\t"                                                       \
	"sbb %[p1], " u1 "\n\t"                                                     \
	"sbb $0, " u2 "\n\t"                                                        \
	"sbb %[p3], " u3 "\n\t"                                                     \
	"sbb $0, " top "\n\t"                                                       \
	"cmovnc " u0 ", " t0 "\n\t"                                                 \
	"cmovnc " u1 ", " t1 "\n\t"                                                 \
	"cmovnc " u2 ", " t2 "\n\t"                                                 \
	"cmovnc " u3 ", " t3 "\n\t"

/* (t0..t3, top) = 2 (t0..t3) */
#define P256_DBLR_X(t0, t1, t2, t3, top)                                           \
	"mov $0, " top "\n\t"                                                       \
	"add " t0 ", " t0 "\n\t"                                                    \
	"adc " t1 ", " t1 "\n\t"                                                    \
	"adc " t2 ", " t2 "\n\t"                                                    \
	"adc " t3 ", " t3 "\n\t"                                                    \
	"adc $0, " top "\n\t"

/* (t0..t3, top) = (t0..t3) + the four words at operand a */
#define P256_ADDM_X(a, t0, t1, t2, t3, top)                                        \
	"mov $0, " top "\n\t"                                                       \
	"add %[" #a "0], " t0 "\n\t"                                               \
	"adc %[" #a "1], " t1 "\n\t"                                               \
	"adc %[" #a "2], " t2 "\n\t"                                               \
	"adc %[" #a "3], " t3 "\n\t"                                               \
	"adc $0, " top "\n\t"

/* (t0..t3) -= the four words at operand b, plus p when it borrows; u0, u1, u3 scratch */
#define P256_SUBM_X(b, t0, t1, t2, t3, u0, u1, u3)                                 \
	"sub %[" #b "0], " t0 "\n\t"                                               \
	"sbb %[" #b "1], " t1 "\n\t"                                               \
	"sbb %[" #b "2], " t2 "\n\t"                                               \
	"sbb %[" #b "3], " t3 "\n\t"                                               \
	"sbb " u0 ", " u0 "\n\t"                                                    \
	"mov " u0 ", " u1 "\n\t"                                                    \
	"mov " u0 ", " u3 "\n\t"                                                    \
	"shr $32, " u1 "\n\t"                                                       \
	"and %[p3], " u3 "\n\t"                                                     \
	"add " u0 ", " t0 "\n\t"                                                    \
	"adc " u1 ", " t1 "\n\t"                                                    \
	"adc $0, " t2 "\n\t"                                                        \
	"adc " u3 ", " t3 "\n\t"

#define P256_STORE_X(r, t0, t1, t2, t3)                                            \
	"mov " t0 ", %[" #r "0]\n\t"                                               \
	"mov " t1 ", %[" #r "1]\n\t"                                               \
	"mov " t2 ", %[" #r "2]\n\t"                                               \
	"mov " t3 ", %[" #r "3]\n\t"

/*
 * The product, reduced row by row (CIOS with P-256's reduction step):
 * six accumulator words x0..x5 renamed as the accumulator moves down a
 * word, lo, hi and %rdx: nine registers, against the square's eleven, so
 * that the operands' address registers fit beside them. After each
 * reduction the accumulator is below 2p (its top word 0 or 1).
 */

/* q = x_q: (x_q, y1..y4, t) + q p, whose low word is 0, moved down a word into (y1..y4, t); x_q scratch */
#define P256_MRED(q, y1, y2, y3, y4, t)                                            \
	"mov %[" #q "], %%rdx\n\t"                                                 \
	"mov %[" #q "], %[lo]\n\t"                                                 \
	"shl $32, %[lo]\n\t"                                                       \
	"shr $32, %[" #q "]\n\t"                                                   \
	"add %[lo], %[" #y1 "]\n\t"                                                \
	"adc %[" #q "], %[" #y2 "]\n\t"                                            \
	"mulx %[p3], %[lo], %[hi]\n\t"                                             \
	"adc %[lo], %[" #y3 "]\n\t"                                                \
	"adc %[hi], %[" #y4 "]\n\t"                                                \
	"adc $0, %[" #t "]\n\t"

/* (x1..x5, x0) = (x1..x5) + a b_i, x0 the new top */
#define P256_MROW(i, x1, x2, x3, x4, x5, x0)                                       \
	"mov %[b" #i "], %%rdx\n\t"                                                \
	"xor %k[" #x0 "], %k[" #x0 "]\n\t"                                         \
	"mulx %[a0], %[lo], %[hi]\n\t"                                             \
	"adcx %[lo], %[" #x1 "]\n\t"                                               \
	"adox %[hi], %[" #x2 "]\n\t"                                               \
	"mulx %[a1], %[lo], %[hi]\n\t"                                             \
	"adcx %[lo], %[" #x2 "]\n\t"                                               \
	"adox %[hi], %[" #x3 "]\n\t"                                               \
	"mulx %[a2], %[lo], %[hi]\n\t"                                             \
	"adcx %[lo], %[" #x3 "]\n\t"                                               \
	"adox %[hi], %[" #x4 "]\n\t"                                               \
	"mulx %[a3], %[lo], %[hi]\n\t"                                             \
	"adcx %[lo], %[" #x4 "]\n\t"                                               \
	"adox %[hi], %[" #x5 "]\n\t"                                               \
	"adcx %[" #x0 "], %[" #x5 "]\n\t"                                          \
	"adox %[" #x0 "], %[" #x0 "]\n\t"                                          \
	"adc $0, %[" #x0 "]\n\t"

#define P256_MONT_MUL                                                              \
	"mov %[b0], %%rdx\n\t"                                                     \
	"mulx %[a0], %[x0], %[x1]\n\t"                                             \
	"mulx %[a1], %[lo], %[x2]\n\t"                                             \
	"add %[lo], %[x1]\n\t"                                                     \
	"mulx %[a2], %[lo], %[x3]\n\t"                                             \
	"adc %[lo], %[x2]\n\t"                                                     \
	"mulx %[a3], %[lo], %[x4]\n\t"                                             \
	"adc %[lo], %[x3]\n\t"                                                     \
	"adc $0, %[x4]\n\t"                                                        \
	"xor %k[x5], %k[x5]\n\t"                                                   \
	P256_MRED(x0, x1, x2, x3, x4, x5)                                          \
	P256_MROW(1, x1, x2, x3, x4, x5, x0)                                       \
	P256_MRED(x1, x2, x3, x4, x5, x0)                                          \
	P256_MROW(2, x2, x3, x4, x5, x0, x1)                                       \
	P256_MRED(x2, x3, x4, x5, x0, x1)                                          \
	P256_MROW(3, x3, x4, x5, x0, x1, x2)                                       \
	P256_MRED(x3, x4, x5, x0, x1, x2)                                          \
	"mov %[x4], %[x3]\n\t" /* (x4, x5, x0, x1, x2) - p, kept unless it borrows */ \
	"mov %[x5], %[lo]\n\t"                                                     \
	"mov %[x0], %[hi]\n\t"                                                     \
	"mov %[x1], %%rdx\n\t"                                                     \
	"sub $-1, %[x4]\n\t"                                                       \
	"sbb %[p1], %[x5]\n\t"                                                     \
	"sbb $0, %[x0]\n\t"                                                        \
	"sbb %[p3], %[x1]\n\t"                                                     \
	"sbb $0, %[x2]\n\t"                                                        \
	"cmovc %[x3], %[x4]\n\t"                                                   \
	"cmovc %[lo], %[x5]\n\t"                                                   \
	"cmovc %[hi], %[x0]\n\t"                                                   \
	"cmovc %%rdx, %[x1]\n\t"

/*
 * One reduction step of the low half alone, q = x0: (x1, x2, x3, x0) =
 * (x0..x3 + q p) / 2^64, below 2^192 + p < 2^256, so the top word x0 =
 * hi(q p3) + carry takes no carry out (and none goes into the high half).
 */
#define P256_REDC(x0, x1, x2, x3)                                                  \
	"mov %[" #x0 "], %%rdx\n\t"                                               \
	"mov %[" #x0 "], %[lo]\n\t"                                               \
	"shl $32, %[lo]\n\t"                                                       \
	"shr $32, %[" #x0 "]\n\t"                                                  \
	"add %[lo], %[" #x1 "]\n\t"                                               \
	"adc %[" #x0 "], %[" #x2 "]\n\t"                                          \
	"mulx %[p3], %[lo], %[" #x0 "]\n\t"                                       \
	"adc %[lo], %[" #x3 "]\n\t"                                               \
	"adc $0, %[" #x0 "]\n\t"

/* (t4..t7, hi) - p, kept unless it borrows (then t4..t7) */
#define P256_FINAL                                                                 \
	"mov %[t4], %[t0]\n\t"                                                     \
	"mov %[t5], %[t1]\n\t"                                                     \
	"mov %[t6], %[t2]\n\t"                                                     \
	"mov %[t7], %[t3]\n\t"                                                     \
	"mov $0xffffffff, %k[lo]\n\t"                                              \
	"sub $-1, %[t4]\n\t"                                                       \
	"sbb %[lo], %[t5]\n\t"                                                     \
	"sbb $0, %[t6]\n\t"                                                        \
	"sbb %[p3], %[t7]\n\t"                                                     \
	"sbb $0, %[hi]\n\t"                                                        \
	"cmovc %[t0], %[t4]\n\t"                                                   \
	"cmovc %[t1], %[t5]\n\t"                                                   \
	"cmovc %[t2], %[t6]\n\t"                                                   \
	"cmovc %[t3], %[t7]\n\t"

/*
 * The low half reduced by four steps to R = (L + Q p) / 2^256 <= p, in
 * t0..t3, then added to the high half H < p: H + R < 2p, below 2^257
 * (hi the top bit), then P256_FINAL.
 */
#define P256_REDUCE                                                                \
	P256_REDC(t0, t1, t2, t3)                                                  \
	P256_REDC(t1, t2, t3, t0)                                                  \
	P256_REDC(t2, t3, t0, t1)                                                  \
	P256_REDC(t3, t0, t1, t2)                                                  \
	"xor %k[hi], %k[hi]\n\t"                                         \
	"add %[t0], %[t4]\n\t"                                                     \
	"adc %[t1], %[t5]\n\t"                                                     \
	"adc %[t2], %[t6]\n\t"                                                     \
	"adc %[t3], %[t7]\n\t"                                                     \
	"adc $0, %[hi]\n\t"                                                        \
	P256_FINAL

/*
 * The operands are memory operands (a stack temporary is addressed from
 * %rsp, no register: about 5% of ECDH against pointers in registers).
 * Three operands of base + index each (table entries), the asm's nine
 * registers and a frame pointer do not all fit (gcc: "impossible
 * constraints" under -fno-omit-frame-pointer or a sanitizer): a product
 * with table entries (the exponentiations) is fe_mul_pin, whose addresses
 * are made single registers first.
 */
#define P256_MUL_ASM(rp, ap, bp)                                                   \
	__asm__(P256_MONT_MUL P256_STORE_X(r, X(x4), X(x5), X(x0), X(x1))          \
	    : [x0] "=&r"(x0), [x1] "=&r"(x1), [x2] "=&r"(x2), [x3] "=&r"(x3), [x4] "=&r"(x4), [x5] "=&r"(x5), \
	    [lo] "=&r"(lo), [hi] "=&r"(hi), FE_OUT(r, rp)                          \
	    : FE_M(a, ap), FE_M(b, bp), [p1] "m"(p256_p1), [p3] "m"(p256_p3)       \
	    : "rdx", "cc")

static inline __attribute__((always_inline)) void fe_mul(fe r, const fe a, const fe b)
{
	uint64_t x0, x1, x2, x3, x4, x5, lo, hi;

	P256_MUL_ASM(r, a, b);
}

static inline void fe_mul_pin(fe r, const fe a, const fe b)
{
	uint64_t x0, x1, x2, x3, x4, x5, lo, hi;
	const uint64_t *ap = a, *bp = b;
	uint64_t *rp = r;

	__asm__("" : "+r"(ap), "+r"(bp), "+r"(rp));
	P256_MUL_ASM(rp, ap, bp);
}

/* r = 3 a b: the product stored, doubled, and the stored product added back */
static inline __attribute__((always_inline)) void fe_mul_tpl(fe r, const fe a, const fe b)
{
	uint64_t x0, x1, x2, x3, x4, x5, lo, hi;

	__asm__(P256_MONT_MUL P256_STORE_X(r, X(x4), X(x5), X(x0), X(x1))
	    P256_DBLR_X(X(x4), X(x5), X(x0), X(x1), X(x2))
	    P256_CSUB_X(X(x4), X(x5), X(x0), X(x1), X(x3), X(lo), X(hi), "%%rdx", X(x2))
	    P256_ADDM_X(r, X(x4), X(x5), X(x0), X(x1), X(x2))
	    P256_CSUB_X(X(x4), X(x5), X(x0), X(x1), X(x3), X(lo), X(hi), "%%rdx", X(x2))
	    P256_STORE_X(r, X(x4), X(x5), X(x0), X(x1))
	    : [x0] "=&r"(x0), [x1] "=&r"(x1), [x2] "=&r"(x2), [x3] "=&r"(x3), [x4] "=&r"(x4), [x5] "=&r"(x5),
	    [lo] "=&r"(lo), [hi] "=&r"(hi), FE_OUT(r, r)
	    : FE_M(a, a), FE_M(b, b), [p1] "m"(p256_p1), [p3] "m"(p256_p3)
	    : "rdx", "cc");
}

/* r = a b - c */
static inline __attribute__((always_inline)) void fe_mul_sub(fe r, const fe a, const fe b, const fe c)
{
	uint64_t x0, x1, x2, x3, x4, x5, lo, hi;

	__asm__(P256_MONT_MUL P256_SUBM_X(c, X(x4), X(x5), X(x0), X(x1), X(x2), X(x3), X(lo))
	    P256_STORE_X(r, X(x4), X(x5), X(x0), X(x1))
	    : [x0] "=&r"(x0), [x1] "=&r"(x1), [x2] "=&r"(x2), [x3] "=&r"(x3), [x4] "=&r"(x4), [x5] "=&r"(x5),
	    [lo] "=&r"(lo), [hi] "=&r"(hi), FE_OUT(r, r)
	    : FE_M(a, a), FE_M(b, b), FE_M(c, c), [p1] "m"(p256_p1), [p3] "m"(p256_p3)
	    : "rdx", "cc");
}

/*
 * t[0..7] (in registers) = a^2: the six cross products once (they sum
 * below 2^448, so t1..t6 hold them), doubled by one ADC chain into t7,
 * then the four squares on the diagonal: 10 MULX against the product's 16.
 */
#define P256_SQR_ROWS                                                              \
	"mov 0(%[a]), %%rdx\n\t"                                                   \
	"mulx 8(%[a]), %[t1], %[t2]\n\t"                                           \
	"mulx 16(%[a]), %[lo], %[t3]\n\t"                                          \
	"add %[lo], %[t2]\n\t"                                                     \
	"mulx 24(%[a]), %[lo], %[t4]\n\t"                                          \
	"adc %[lo], %[t3]\n\t"                                                     \
	"adc $0, %[t4]\n\t"                                                        \
	"mov 8(%[a]), %%rdx\n\t"                                                   \
	"mulx 24(%[a]), %[lo], %[t5]\n\t"                                          \
	"add %[lo], %[t4]\n\t"                                                     \
	"adc $0, %[t5]\n\t"                                                        \
	"mov 16(%[a]), %%rdx\n\t"                                                  \
	"mulx 24(%[a]), %[lo], %[t6]\n\t"                                          \
	"add %[lo], %[t5]\n\t"                                                     \
	"adc $0, %[t6]\n\t"                                                        \
	"mov 8(%[a]), %%rdx\n\t"                                                   \
	"mulx 16(%[a]), %[lo], %[hi]\n\t"                                          \
	"add %[lo], %[t3]\n\t"                                                     \
	"adc %[hi], %[t4]\n\t"                                                     \
	"adc $0, %[t5]\n\t"                                                        \
	"adc $0, %[t6]\n\t"                                                        \
	"xor %k[t7], %k[t7]\n\t"                                                   \
	"add %[t1], %[t1]\n\t"                                                     \
	"adc %[t2], %[t2]\n\t"                                                     \
	"adc %[t3], %[t3]\n\t"                                                     \
	"adc %[t4], %[t4]\n\t"                                                     \
	"adc %[t5], %[t5]\n\t"                                                     \
	"adc %[t6], %[t6]\n\t"                                                     \
	"adc %[t7], %[t7]\n\t"                                                     \
	"mov 0(%[a]), %%rdx\n\t"                                                   \
	"mulx %%rdx, %[t0], %[hi]\n\t"                                             \
	"add %[hi], %[t1]\n\t"                                                     \
	"mov 8(%[a]), %%rdx\n\t"                                                   \
	"mulx %%rdx, %[lo], %[hi]\n\t"                                             \
	"adc %[lo], %[t2]\n\t"                                                     \
	"adc %[hi], %[t3]\n\t"                                                     \
	"mov 16(%[a]), %%rdx\n\t"                                                  \
	"mulx %%rdx, %[lo], %[hi]\n\t"                                             \
	"adc %[lo], %[t4]\n\t"                                                     \
	"adc %[hi], %[t5]\n\t"                                                     \
	"mov 24(%[a]), %%rdx\n\t"                                                  \
	"mulx %%rdx, %[lo], %[hi]\n\t"                                             \
	"adc %[lo], %[t6]\n\t"                                                     \
	"adc %[hi], %[t7]\n\t"

static inline __attribute__((always_inline)) void fe_sqr(fe r, const fe a)
{
	uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;

	__asm__(P256_SQR_ROWS P256_REDUCE
	    : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
	    [t6] "=&r"(t6), [t7] "=&r"(t7), [lo] "=&r"(lo), [hi] "=&r"(hi)
	    : [a] "r"(a), [p3] "m"(p256_p3), "m"(*(const uint64_t(*)[4])a)
	    : "rdx", "cc");
	r[0] = t4;
	r[1] = t5;
	r[2] = t6;
	r[3] = t7;
}

/* r = 8 a^2 (the doubling's 8 gamma^2): the square in t4..t7, doubled three times in registers */
static inline __attribute__((always_inline)) void fe_sqr_opl(fe r, const fe a)
{
	uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;

	__asm__(P256_SQR_ROWS P256_REDUCE
	    P256_DBLR_X(X(t4), X(t5), X(t6), X(t7), X(hi))
	    P256_CSUB_X(X(t4), X(t5), X(t6), X(t7), X(t0), X(t1), X(t2), X(t3), X(hi))
	    P256_DBLR_X(X(t4), X(t5), X(t6), X(t7), X(hi))
	    P256_CSUB_X(X(t4), X(t5), X(t6), X(t7), X(t0), X(t1), X(t2), X(t3), X(hi))
	    P256_DBLR_X(X(t4), X(t5), X(t6), X(t7), X(hi))
	    P256_CSUB_X(X(t4), X(t5), X(t6), X(t7), X(t0), X(t1), X(t2), X(t3), X(hi))
	    : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
	    [t6] "=&r"(t6), [t7] "=&r"(t7), [lo] "=&r"(lo), [hi] "=&r"(hi)
	    : [a] "r"(a), "m"(*(const uint64_t(*)[4])a), [p1] "m"(p256_p1), [p3] "m"(p256_p3)
	    : "rdx", "cc");
	r[0] = t4;
	r[1] = t5;
	r[2] = t6;
	r[3] = t7;
}

/* r = a^2 - b - c */
static inline __attribute__((always_inline)) void fe_sqr_sub2(fe r, const fe a, const fe b, const fe c)
{
	uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;

	__asm__(P256_SQR_ROWS P256_REDUCE
	    P256_SUBM_X(b, X(t4), X(t5), X(t6), X(t7), X(t0), X(t1), X(t3))
	    P256_SUBM_X(c, X(t4), X(t5), X(t6), X(t7), X(t0), X(t1), X(t3))
	    : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
	    [t6] "=&r"(t6), [t7] "=&r"(t7), [lo] "=&r"(lo), [hi] "=&r"(hi)
	    : [a] "r"(a), "m"(*(const uint64_t(*)[4])a), FE_M(b, b), FE_M(c, c), [p3] "m"(p256_p3)
	    : "rdx", "cc");
	r[0] = t4;
	r[1] = t5;
	r[2] = t6;
	r[3] = t7;
}

/*
 * Addition, subtraction and small multiples, fully reduced in and out,
 * through memory operands (a point formula's temporaries are on the
 * stack: no address register): the sum (t0..t3, top) below 2p, then one
 * subtraction of p kept or not by CMOV; the difference plus p masked by
 * its borrow. About 3x the C with 128-bit carries of p256_fe64.h.
 */

/* (t0..t3) + top 2^256 - p, kept unless it borrows (then t0..t3); u0..u3 scratch */
#define P256_CSUB P256_CSUB_X(X(t0), X(t1), X(t2), X(t3), X(u0), X(u1), X(u2), X(u3), X(top))

#define P256_STORE(r) P256_STORE_X(r, X(t0), X(t1), X(t2), X(t3))

#define P256_LOAD(a)                                                               \
	"mov %[" #a "0], %[t0]\n\t"                                               \
	"mov %[" #a "1], %[t1]\n\t"                                               \
	"mov %[" #a "2], %[t2]\n\t"                                              \
	"mov %[" #a "3], %[t3]\n\t"

/* (t0..t3, top) = (t0..t3) + the four words at a */
#define P256_ADDM(a) P256_ADDM_X(a, X(t0), X(t1), X(t2), X(t3), X(top))

/* (t0..t3, top) = 2 (t0..t3) */
#define P256_DBLR P256_DBLR_X(X(t0), X(t1), X(t2), X(t3), X(top))

#define P256_REGS                                                                  \
	[t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [u0] "=&r"(u0), [u1] "=&r"(u1), \
	    [u2] "=&r"(u2), [u3] "=&r"(u3), [top] "=&r"(top)

static inline void fe_add(fe r, const fe a, const fe b)
{
	uint64_t t0, t1, t2, t3, u0, u1, u2, u3, top;

	__asm__(P256_LOAD(a) P256_ADDM(b) P256_CSUB P256_STORE(r)
	    : P256_REGS, FE_OUT(r, r)
	    : FE_M(a, a), FE_M(b, b), FE_PM
	    : "cc");
}

/* r = 4a */
static inline void fe_qpl(fe r, const fe a)
{
	uint64_t t0, t1, t2, t3, u0, u1, u2, u3, top;

	__asm__(P256_LOAD(a) P256_DBLR P256_CSUB P256_DBLR P256_CSUB P256_STORE(r)
	    : P256_REGS, FE_OUT(r, r)
	    : FE_M(a, a), FE_PM
	    : "cc");
}

/* (t0..t3) -= the four words at b, plus p when it borrows; u0, u1, u3 scratch */
#define P256_SUBM(b) P256_SUBM_X(b, X(t0), X(t1), X(t2), X(t3), X(u0), X(u1), X(u3))

static inline void fe_sub(fe r, const fe a, const fe b)
{
	uint64_t t0, t1, t2, t3, u0, u1, u3;

	__asm__(P256_LOAD(a) P256_SUBM(b) P256_STORE(r)
	    : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [u0] "=&r"(u0), [u1] "=&r"(u1),
	    [u3] "=&r"(u3), FE_OUT(r, r)
	    : FE_M(a, a), FE_M(b, b), FE_PM
	    : "cc");
}

/* r = a - b - c - d */
static inline void fe_sub3(fe r, const fe a, const fe b, const fe c, const fe d)
{
	uint64_t t0, t1, t2, t3, u0, u1, u3;

	__asm__(P256_LOAD(a) P256_SUBM(b) P256_SUBM(c) P256_SUBM(d) P256_STORE(r)
	    : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [u0] "=&r"(u0), [u1] "=&r"(u1),
	    [u3] "=&r"(u3), FE_OUT(r, r)
	    : FE_M(a, a), FE_M(b, b), FE_M(c, c), FE_M(d, d), FE_PM
	    : "cc");
}

/*
 * The product mod n (k^-1 in signing, s^-1 in verification: 330 products
 * each, a third of a signature's time in ecp_mont.h's C): CIOS with
 * ecp_x86adx.h's rows, q = t0 (-n^-1 mod 2^64).
 */
#include "ec/ecp_x86adx.h"

static const uint64_t sc_n0inv = SC_N0INV;

#define ECP_ADX_Q(x)                                                               \
	"mov " ADX_R(x) ", %%rdx\n\t"                                              \
	"imul %[n0], %%rdx\n\t"

#define ECP_HAVE_SC_MONT_MUL 1
static inline void sc_mont_mul(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
	uint64_t r0, r1, r2, r3, r4, r5, lo, hi;
	const uint64_t *ap = a, *bp = b;

	__asm__(ADX4_MONT_MUL
	    : [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3), [r4] "=&r"(r4), [r5] "=&r"(r5),
	    [lo] "=&r"(lo), [hi] "=&r"(hi), [a] "+&r"(ap), [b] "+&r"(bp)
	    : [p] "m"(*(const uint64_t(*)[4])SC_N), [n0] "m"(sc_n0inv), "m"(*(const uint64_t(*)[4])a),
	    "m"(*(const uint64_t(*)[4])b)
	    : "rdx", "cc");
	r[0] = r4;
	r[1] = r5;
	r[2] = r0;
	r[3] = r1;
}
#undef ECP_ADX_Q

/*
 * a^2 mod n (Montgomery), the squarings of the inversions mod n (four in
 * five of their products): P256_SQR_ROWS' ten MULX, then the low half
 * reduced alone as in P256_REDUCE but by q = t_i (-n^-1) and q n (four
 * MULX a step, the low word cancelled to zero and reused as the step's top
 * word: (L + q n) / 2^64 < 2^256 takes no carry out), added to the high
 * half (H + R < 2n) and one subtraction of n kept or not by CMOV.
 */
/* n's words (P256_N), one static each: an operand of its own, RIP-relative */
static const uint64_t sc_nw0 = 0xf3b9cac2fc632551ull, sc_nw1 = 0xbce6faada7179e84ull, sc_nw2 = 0xffffffffffffffffull,
		      sc_nw3 = 0xffffffff00000000ull;

#define SC_REDC(x0, x1, x2, x3)                                                    \
	"mov %[" #x0 "], %%rdx\n\t"                                                \
	"imul %[n0], %%rdx\n\t"                                                    \
	"xor %k[lo], %k[lo]\n\t"                                                   \
	"mulx %[nw0], %[lo], %[hi]\n\t"                                            \
	"adcx %[lo], %[" #x0 "]\n\t"                                               \
	"adox %[hi], %[" #x1 "]\n\t"                                               \
	"mulx %[nw1], %[lo], %[hi]\n\t"                                            \
	"adcx %[lo], %[" #x1 "]\n\t"                                               \
	"adox %[hi], %[" #x2 "]\n\t"                                               \
	"mulx %[nw2], %[lo], %[hi]\n\t"                                            \
	"adcx %[lo], %[" #x2 "]\n\t"                                               \
	"adox %[hi], %[" #x3 "]\n\t"                                               \
	"mulx %[nw3], %[lo], %[hi]\n\t"                                            \
	"adcx %[lo], %[" #x3 "]\n\t"                                               \
	"adox %[hi], %[" #x0 "]\n\t"                                               \
	"mov $0, %k[lo]\n\t"                                                       \
	"adcx %[lo], %[" #x0 "]\n\t"

static inline void sc_mont_sqr(uint64_t *r, const uint64_t *a)
{
	uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;

	__asm__(P256_SQR_ROWS SC_REDC(t0, t1, t2, t3) SC_REDC(t1, t2, t3, t0) SC_REDC(t2, t3, t0, t1)
	    SC_REDC(t3, t0, t1, t2)
	    "xor %k[hi], %k[hi]\n\t"
	    "add %[t0], %[t4]\n\t"
	    "adc %[t1], %[t5]\n\t"
	    "adc %[t2], %[t6]\n\t"
	    "adc %[t3], %[t7]\n\t"
	    "adc $0, %[hi]\n\t"
	    "mov %[t4], %[t0]\n\t"
	    "mov %[t5], %[t1]\n\t"
	    "mov %[t6], %[t2]\n\t"
	    "mov %[t7], %[t3]\n\t"
	    "sub %[nw0], %[t4]\n\t"
	    "sbb %[nw1], %[t5]\n\t"
	    "sbb %[nw2], %[t6]\n\t"
	    "sbb %[nw3], %[t7]\n\t"
	    "sbb $0, %[hi]\n\t"
	    "cmovc %[t0], %[t4]\n\t"
	    "cmovc %[t1], %[t5]\n\t"
	    "cmovc %[t2], %[t6]\n\t"
	    "cmovc %[t3], %[t7]\n\t"
	    : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
	    [t6] "=&r"(t6), [t7] "=&r"(t7), [lo] "=&r"(lo), [hi] "=&r"(hi)
	    : [a] "r"(a), "m"(*(const uint64_t(*)[4])a), [n0] "m"(sc_n0inv), [nw0] "m"(sc_nw0), [nw1] "m"(sc_nw1),
	    [nw2] "m"(sc_nw2), [nw3] "m"(sc_nw3)
	    : "rdx", "cc");
	r[0] = t4;
	r[1] = t5;
	r[2] = t6;
	r[3] = t7;
}

#include "ec/ecp_point.h"
#include "ec/p256_x86adx_pt.h"

/*
 * k G, signing, ECDH and decompression are p256_x86adx_pt.h's;
 * verification and the point check ecp_point.h's. Its own k G, signing,
 * ECDH and decompression are referenced only by this unused table, which
 * gcc drops with them, so that the shared header needs no switch.
 */
static const ecp_ops generic_ops __attribute__((unused)) = ECP_OPS;
static const ecp_ops ops = { ECP_LEN, p256_base_mul, p256_ecdh, p256_sign, ecp_verify, ecp_on_curve, p256_decompress };

static int supported(void)
{
	return ember_cpu_has(EMBER_CPU_BMI2 | EMBER_CPU_ADX);
}

const ember_ec_desc ember_p256_x86adx_desc = { "p256", "x86adx", EMBER_IMPL_CT | EMBER_IMPL_HW, supported, &ops };

#else
static int never(void)
{
	return 0;
}

const ember_ec_desc ember_p256_x86adx_desc = { "p256", "x86adx", EMBER_IMPL_CT | EMBER_IMPL_HW, never, NULL };
#endif
