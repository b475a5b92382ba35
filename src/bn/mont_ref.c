/*
 * mont_ref.c - Montgomery multiplication and squaring, portable C.
 *
 * Words are 64 bits with a 128-bit product (unsigned __int128) or 32 bits
 * with a 64-bit product (see ember/bn.h). The product is the coarsely
 * integrated operand scanning form (Koc, Acar, Kaliski, "Analyzing and
 * comparing Montgomery multiplication algorithms", 1996): one pass per word
 * of b that adds a*b[i] and u*m together. Squaring computes the full square
 * (each cross product once, doubled) and then reduces (REDC), which saves
 * about a quarter of the word products.
 *
 * Constant-time: every loop bound is the public word count; the final
 * subtraction is masked.
 */
#include "bn/bn_internal.h"

static void mont_mul_ref(ember_bn_word *r, const ember_bn_word *a, const ember_bn_word *b,
    const ember_bn_mont *mc)
{
	const ember_bn_word *m = mc->m;
	const ember_bn_word m0 = mc->m0inv;
	const size_t n = mc->n;
	ember_bn_word t[BN_MAXW + 1];
	size_t i, j;

	memset(t, 0, (n + 1) * sizeof(t[0]));
	for (i = 0; i < n; i++) {
		ember_bn_word bi = b[i];
		ember_bn_dword p = (ember_bn_dword)a[0] * bi + t[0];
		ember_bn_word u = (ember_bn_word)p * m0;
		ember_bn_dword q = (ember_bn_dword)u * m[0] + (ember_bn_word)p;
		ember_bn_word c1 = (ember_bn_word)(p >> BN_W);
		ember_bn_word c2 = (ember_bn_word)(q >> BN_W);
		ember_bn_dword s;

		for (j = 1; j < n; j++) {
			p = (ember_bn_dword)a[j] * bi + t[j] + c1;
			c1 = (ember_bn_word)(p >> BN_W);
			q = (ember_bn_dword)u * m[j] + (ember_bn_word)p + c2;
			c2 = (ember_bn_word)(q >> BN_W);
			t[j - 1] = (ember_bn_word)q;
		}
		s = (ember_bn_dword)t[n] + c1 + c2;
		t[n - 1] = (ember_bn_word)s;
		t[n] = (ember_bn_word)(s >> BN_W);
	}
	bn_final_sub(r, t, t[n], m, n);
}

/* Montgomery reduction of the 2n words at t (t < m*R); t is overwritten. */
void ember_bn_redc_ref(ember_bn_word *r, ember_bn_word *t, const ember_bn_mont *mc)
{
	const ember_bn_word *m = mc->m;
	const ember_bn_word m0 = mc->m0inv;
	const size_t n = mc->n;
	ember_bn_word top = 0;
	size_t i, j;

	for (i = 0; i < n; i++) {
		ember_bn_word u = t[i] * m0;
		ember_bn_word c = 0;
		ember_bn_dword s;

		for (j = 0; j < n; j++) {
			ember_bn_dword p = (ember_bn_dword)u * m[j] + t[i + j] + c;
			t[i + j] = (ember_bn_word)p;
			c = (ember_bn_word)(p >> BN_W);
		}
		s = (ember_bn_dword)t[i + n] + c + top;
		t[i + n] = (ember_bn_word)s;
		top = (ember_bn_word)(s >> BN_W);
	}
	bn_final_sub(r, t + n, top, m, n);
}

static void mont_sqr_ref(ember_bn_word *r, const ember_bn_word *a, const ember_bn_mont *mc)
{
	const size_t n = mc->n;
	ember_bn_word t[2 * BN_MAXW];
	ember_bn_word c;
	size_t i, j;

	/* cross products a[i]*a[j], i < j */
	memset(t, 0, 2 * n * sizeof(t[0]));
	for (i = 0; i < n; i++) {
		c = 0;
		for (j = i + 1; j < n; j++) {
			ember_bn_dword p = (ember_bn_dword)a[i] * a[j] + t[i + j] + c;
			t[i + j] = (ember_bn_word)p;
			c = (ember_bn_word)(p >> BN_W);
		}
		t[i + n] = c;
	}
	/* double them */
	c = 0;
	for (i = 1; i < 2 * n; i++) {
		ember_bn_word w = t[i];
		t[i] = (w << 1) | c;
		c = w >> (BN_W - 1);
	}
	/* add the squares a[i]^2 */
	c = 0;
	for (i = 0; i < n; i++) {
		ember_bn_dword p = (ember_bn_dword)a[i] * a[i];
		ember_bn_dword s = (ember_bn_dword)t[2 * i] + (ember_bn_word)p + c;
		t[2 * i] = (ember_bn_word)s;
		s = (ember_bn_dword)t[2 * i + 1] + (ember_bn_word)(p >> BN_W) + (ember_bn_word)(s >> BN_W);
		t[2 * i + 1] = (ember_bn_word)s;
		c = (ember_bn_word)(s >> BN_W);
	}
	ember_bn_redc_ref(r, t, mc);
}

const ember_bn_mont_desc ember_bn_mont_ref_desc = {
	"bn", "ref", EMBER_IMPL_CT, NULL, mont_mul_ref, mont_sqr_ref
};
