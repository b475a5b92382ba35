/*
 * exp_radix_x2.h - the two CRT halves' Montgomery product and square of
 * exp_radix.c, in radix 2^RB; included there twice, not installed.
 *
 * The includer defines X2_FN(name) (the functions' names), X2_L (the limb
 * count: c1->l, or a constant), X2_LOOP and X2_INNER (empty, or
 * pragmas that unroll the column loop and the loops inside it whole, for
 * a constant X2_L) and X2_AMM (0: the square alone), and undefines them
 * after. The functions stay out of line: inlined into the exponentiation,
 * the unrolled ones ran 8 % slower.
 */

#if X2_AMM
/*
 * The two products of the CRT halves in one column loop: two independent
 * add/adc chains for the core to overlap.
 */
static __attribute__((noinline)) void X2_FN(amm_x2)(uint64_t *r1, const uint64_t *a1, const uint64_t *b1,
    struct chain *c1, uint64_t *r2, const uint64_t *a2, const uint64_t *b2, struct chain *c2)
{
	const size_t l = X2_L;
	const uint64_t *m1 = c1->m, *m2 = c2->m;
	uint64_t *u1 = c1->u, *u2 = c2->u;
	ember_bn_dword x1 = 0, x2 = 0;
	size_t k, i;

	X2_LOOP for (k = 0; k < l; k++) {
		X2_INNER for (i = 0; i < k; i++) {
			x1 += (ember_bn_dword)a1[i] * b1[k - i];
			x2 += (ember_bn_dword)a2[i] * b2[k - i];
			x1 += (ember_bn_dword)u1[i] * m1[k - i];
			x2 += (ember_bn_dword)u2[i] * m2[k - i];
		}
		x1 += (ember_bn_dword)a1[k] * b1[0];
		x2 += (ember_bn_dword)a2[k] * b2[0];
		u1[k] = ((uint64_t)x1 * c1->k0) & LMASK;
		u2[k] = ((uint64_t)x2 * c2->k0) & LMASK;
		x1 += (ember_bn_dword)u1[k] * m1[0];
		x2 += (ember_bn_dword)u2[k] * m2[0];
		x1 >>= RB;
		x2 >>= RB;
	}
	X2_LOOP for (k = l; k < 2 * l - 1; k++) {
		X2_INNER for (i = k - l + 1; i < l; i++) {
			x1 += (ember_bn_dword)a1[i] * b1[k - i];
			x2 += (ember_bn_dword)a2[i] * b2[k - i];
			x1 += (ember_bn_dword)u1[i] * m1[k - i];
			x2 += (ember_bn_dword)u2[i] * m2[k - i];
		}
		c1->t[k - l] = (uint64_t)x1 & LMASK;
		c2->t[k - l] = (uint64_t)x2 & LMASK;
		x1 >>= RB;
		x2 >>= RB;
	}
	x2_finish(r1, c1, x1, r2, c2, x2, l);
}
#endif

/* The two squares of the CRT halves in one column loop. */
static __attribute__((noinline)) void X2_FN(asqr_x2)(uint64_t *a1, struct chain *c1, uint64_t *a2, struct chain *c2)
{
	const size_t l = X2_L;
	const uint64_t *m1 = c1->m, *m2 = c2->m;
	uint64_t *u1 = c1->u, *u2 = c2->u;
	ember_bn_dword x1 = 0, x2 = 0;
	size_t k, i;

	X2_LOOP for (k = 0; k < 2 * l - 1; k++) {
		ember_bn_dword d1 = 0, d2 = 0;
		size_t lo = k < l ? 0 : k - l + 1, hi = k < l ? k : l;
		X2_INNER for (i = lo; i < k - i; i++) {
			d1 += (ember_bn_dword)a1[i] * a1[k - i];
			d2 += (ember_bn_dword)a2[i] * a2[k - i];
		}
		d1 <<= 1;
		d2 <<= 1;
		if ((k & 1) == 0) {
			d1 += (ember_bn_dword)a1[k / 2] * a1[k / 2];
			d2 += (ember_bn_dword)a2[k / 2] * a2[k / 2];
		}
		x1 += d1;
		x2 += d2;
		X2_INNER for (i = lo; i < hi; i++) {
			x1 += (ember_bn_dword)u1[i] * m1[k - i];
			x2 += (ember_bn_dword)u2[i] * m2[k - i];
		}
		if (k < l) {
			u1[k] = ((uint64_t)x1 * c1->k0) & LMASK;
			u2[k] = ((uint64_t)x2 * c2->k0) & LMASK;
			x1 += (ember_bn_dword)u1[k] * m1[0];
			x2 += (ember_bn_dword)u2[k] * m2[0];
		} else {
			c1->t[k - l] = (uint64_t)x1 & LMASK;
			c2->t[k - l] = (uint64_t)x2 & LMASK;
		}
		x1 >>= RB;
		x2 >>= RB;
	}
	x2_finish(a1, c1, x1, a2, c2, x2, l);
}
