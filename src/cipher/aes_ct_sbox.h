/*
 * aes_ct_sbox.h - the bitsliced AES S-box and its inverse, the round-key
 * addition and the bit transposition, for any word type: aes_ct.c (uint64_t
 * words, four blocks) and the fixsliced aes_ct32.c (uint32_t words, two
 * blocks). Not installed.
 *
 * A template, deliberately without an include guard: define AES_CT_WORD
 * to the word type, then include this file once; it defines the functions
 * sbox(), inv_affine(), inv_sbox(), add_round_key() and ortho() on
 * AES_CT_WORD q[8] (q[i] is bit plane i of every byte in the state) and
 * undefines its macros. Optionally, before including it:
 *   AES_CT_FN            the functions' storage class and attributes
 *                        (default: static; aes_ct32.c forces them inline)
 *   AES_CT_SBOX_NO_NOT   drop the affine constants (0x63 from sbox(), 0x05
 *                        from inv_affine(), the NOTs): sbox() computes
 *                        S(x) ^ 0x63, inv_affine() the linear part only, for
 *                        a caller that folds 0x63 into its round keys
 * Being plain functions, each file compiles them exactly as if written out
 * for its own word type.
 */
#ifndef AES_CT_WORD
#error "define AES_CT_WORD before including aes_ct_sbox.h"
#endif
#ifndef AES_CT_FN
#define AES_CT_FN static
#endif
#ifdef AES_CT_SBOX_NO_NOT
#define AES_CT_NOT(x) (x)
#else
#define AES_CT_NOT(x) (~(x))
#endif

/*
 * The S-box as a circuit of 113 gates (109 without the NOTs): J. Boyar and
 * R. Peralta, "A depth-16 circuit for the AES S-box" (2011), and "A new
 * combinational logic minimization technique with applications to
 * cryptology" (SEA 2010). Input bit u0 is the most significant bit: u0 = q[7].
 */
AES_CT_FN void sbox(AES_CT_WORD *q)
{
#ifdef EMBER_AES_FLOOR
	/* Measurement only, never a build anyone runs: the S-box removed, so that counting the
	   rest gives the floor under which no circuit of this shape can bring the cipher
	   (scripts/aes-ct32-count.c, docs/BENCHMARKS.md). The results are wrong. */
	if (q != NULL)
		return;
#endif
	AES_CT_WORD u0 = q[7], u1 = q[6], u2 = q[5], u3 = q[4], u4 = q[3], u5 = q[2], u6 = q[1], u7 = q[0];
	AES_CT_WORD t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14, t15, t16, t17, t18, t19;
	AES_CT_WORD t20, t21, t22, t23, t24, t25, t26, t27;
	AES_CT_WORD m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14, m15, m16, m17, m18, m19;
	AES_CT_WORD m20, m21, m22, m23, m24, m25, m26, m27, m28, m29, m30, m31, m32, m33, m34, m35, m36;
	AES_CT_WORD m37, m38, m39, m40, m41, m42, m43, m44, m45, m46, m47, m48, m49, m50, m51, m52, m53;
	AES_CT_WORD m54, m55, m56, m57, m58, m59, m60, m61, m62, m63;
	AES_CT_WORD l0, l1, l2, l3, l4, l5, l6, l7, l8, l9, l10, l11, l12, l13, l14, l15, l16, l17, l18;
	AES_CT_WORD l19, l20, l21, l22, l23, l24, l25, l26, l27, l28, l29;

	/* top linear transform */
	t1 = u0 ^ u3;
	t2 = u0 ^ u5;
	t3 = u0 ^ u6;
	t4 = u3 ^ u5;
	t5 = u4 ^ u6;
	t6 = t1 ^ t5;
	t7 = u1 ^ u2;
	t8 = u7 ^ t6;
	t9 = u7 ^ t7;
	t10 = t6 ^ t7;
	t11 = u1 ^ u5;
	t12 = u2 ^ u5;
	t13 = t3 ^ t4;
	t14 = t6 ^ t11;
	t15 = t5 ^ t11;
	t16 = t5 ^ t12;
	t17 = t9 ^ t16;
	t18 = u3 ^ u7;
	t19 = t7 ^ t18;
	t20 = t1 ^ t19;
	t21 = u6 ^ u7;
	t22 = t7 ^ t21;
	t23 = t2 ^ t22;
	t24 = t2 ^ t10;
	t25 = t20 ^ t17;
	t26 = t3 ^ t16;
	t27 = t1 ^ t12;

	/* shared non-linear middle: inversion in GF(2^4)^2 */
	m1 = t13 & t6;
	m2 = t23 & t8;
	m3 = t14 ^ m1;
	m4 = t19 & u7;
	m5 = m4 ^ m1;
	m6 = t3 & t16;
	m7 = t22 & t9;
	m8 = t26 ^ m6;
	m9 = t20 & t17;
	m10 = m9 ^ m6;
	m11 = t1 & t15;
	m12 = t4 & t27;
	m13 = m12 ^ m11;
	m14 = t2 & t10;
	m15 = m14 ^ m11;
	m16 = m3 ^ m2;
	m17 = m5 ^ t24;
	m18 = m8 ^ m7;
	m19 = m10 ^ m15;
	m20 = m16 ^ m13;
	m21 = m17 ^ m15;
	m22 = m18 ^ m13;
	m23 = m19 ^ t25;
	m24 = m22 ^ m23;
	m25 = m22 & m20;
	m26 = m21 ^ m25;
	m27 = m20 ^ m21;
	m28 = m23 ^ m25;
	m29 = m28 & m27;
	m30 = m26 & m24;
	m31 = m20 & m23;
	m32 = m27 & m31;
	m33 = m27 ^ m25;
	m34 = m21 & m22;
	m35 = m24 & m34;
	m36 = m24 ^ m25;
	m37 = m21 ^ m29;
	m38 = m32 ^ m33;
	m39 = m23 ^ m30;
	m40 = m35 ^ m36;
	m41 = m38 ^ m40;
	m42 = m37 ^ m39;
	m43 = m37 ^ m38;
	m44 = m39 ^ m40;
	m45 = m42 ^ m41;
	m46 = m44 & t6;
	m47 = m40 & t8;
	m48 = m39 & u7;
	m49 = m43 & t16;
	m50 = m38 & t9;
	m51 = m37 & t17;
	m52 = m42 & t15;
	m53 = m45 & t27;
	m54 = m41 & t10;
	m55 = m44 & t13;
	m56 = m40 & t23;
	m57 = m39 & t19;
	m58 = m43 & t3;
	m59 = m38 & t22;
	m60 = m37 & t20;
	m61 = m42 & t1;
	m62 = m45 & t4;
	m63 = m41 & t2;

	/* bottom linear transform, with the affine constant 0x63 as NOTs (unless AES_CT_SBOX_NO_NOT) */
	l0 = m61 ^ m62;
	l1 = m50 ^ m56;
	l2 = m46 ^ m48;
	l3 = m47 ^ m55;
	l4 = m54 ^ m58;
	l5 = m49 ^ m61;
	l6 = m62 ^ l5;
	l7 = m46 ^ l3;
	l8 = m51 ^ m59;
	l9 = m52 ^ m53;
	l10 = m53 ^ l4;
	l11 = m60 ^ l2;
	l12 = m48 ^ m51;
	l13 = m50 ^ l0;
	l14 = m52 ^ m61;
	l15 = m55 ^ l1;
	l16 = m56 ^ l0;
	l17 = m57 ^ l1;
	l18 = m58 ^ l8;
	l19 = m63 ^ l4;
	l20 = l0 ^ l1;
	l21 = l1 ^ l7;
	l22 = l3 ^ l12;
	l23 = l18 ^ l2;
	l24 = l15 ^ l9;
	l25 = l6 ^ l10;
	l26 = l7 ^ l9;
	l27 = l8 ^ l10;
	l28 = l11 ^ l14;
	l29 = l11 ^ l17;
	q[7] = l6 ^ l24;
	q[6] = AES_CT_NOT(l16 ^ l26);
	q[5] = AES_CT_NOT(l19 ^ l28);
	q[4] = l6 ^ l21;
	q[3] = l20 ^ l22;
	q[2] = l25 ^ l29;
	q[1] = AES_CT_NOT(l13 ^ l27);
	q[0] = AES_CT_NOT(l6 ^ l23);
}

/*
 * Inverse of the S-box's affine map (FIPS 197 5.3.2):
 * b_i = b'_{i+2} ^ b'_{i+5} ^ b'_{i+7} ^ 0x05_i. Since S = A(inv(x)),
 * S^-1 = A^-1 o S o A^-1. Without the constants (AES_CT_SBOX_NO_NOT) the
 * same holds of the linear part L: sbox() is L(x^-1), its inverse
 * y -> L^-1(sbox(L^-1(y))).
 */
AES_CT_FN void inv_affine(AES_CT_WORD *q)
{
	AES_CT_WORD q0 = q[0], q1 = q[1], q2 = q[2], q3 = q[3], q4 = q[4], q5 = q[5], q6 = q[6], q7 = q[7];
	AES_CT_WORD a = q2 ^ q5, b = q3 ^ q6, c = q4 ^ q7;

	q[0] = AES_CT_NOT(a ^ q7);
	q[1] = b ^ q0;
	q[2] = AES_CT_NOT(c ^ q1);
	q[3] = a ^ q0;
	q[4] = b ^ q1;
	q[5] = c ^ q2;
	q[6] = q0 ^ q3 ^ q5;
	q[7] = q1 ^ q4 ^ q6;
}

AES_CT_FN void inv_sbox(AES_CT_WORD *q)
{
	inv_affine(q);
	sbox(q);
	inv_affine(q);
}

AES_CT_FN void add_round_key(AES_CT_WORD *q, const AES_CT_WORD *sk)
{
	unsigned i;

	for (i = 0; i < 8; i++)
		q[i] ^= sk[i];
}

/*
 * Transposes the 8x8 bit blocks between words: word k, bit 8m + i
 * <-> word i, bit 8m + k. Its own inverse. Each step exchanges the bits of
 * |y| under |m| with those of |x| under m << s. The masks are written for
 * 64 bits; the cast keeps their low half for 32-bit words. Written out:
 * as two loops over s and i, GCC 12 -O2 does not unroll it (16 % more
 * instructions per byte for aes_ct32.c on MIPS32r2).
 */
#define SWAPMOVE(x, y, m, s)                                                   \
	do {                                                                   \
		AES_CT_WORD t_ = (((x) >> (s)) ^ (y)) & (AES_CT_WORD)(m);      \
		(y) ^= t_;                                                     \
		(x) ^= t_ << (s);                                              \
	} while (0)

AES_CT_FN void ortho(AES_CT_WORD *q)
{
	AES_CT_WORD q0 = q[0], q1 = q[1], q2 = q[2], q3 = q[3], q4 = q[4], q5 = q[5], q6 = q[6], q7 = q[7];

	SWAPMOVE(q0, q1, 0x5555555555555555ull, 1);
	SWAPMOVE(q2, q3, 0x5555555555555555ull, 1);
	SWAPMOVE(q4, q5, 0x5555555555555555ull, 1);
	SWAPMOVE(q6, q7, 0x5555555555555555ull, 1);
	SWAPMOVE(q0, q2, 0x3333333333333333ull, 2);
	SWAPMOVE(q1, q3, 0x3333333333333333ull, 2);
	SWAPMOVE(q4, q6, 0x3333333333333333ull, 2);
	SWAPMOVE(q5, q7, 0x3333333333333333ull, 2);
	SWAPMOVE(q0, q4, 0x0F0F0F0F0F0F0F0Full, 4);
	SWAPMOVE(q1, q5, 0x0F0F0F0F0F0F0F0Full, 4);
	SWAPMOVE(q2, q6, 0x0F0F0F0F0F0F0F0Full, 4);
	SWAPMOVE(q3, q7, 0x0F0F0F0F0F0F0F0Full, 4);
	q[0] = q0, q[1] = q1, q[2] = q2, q[3] = q3, q[4] = q4, q[5] = q5, q[6] = q6, q[7] = q7;
}

#undef SWAPMOVE
#undef AES_CT_NOT
#undef AES_CT_SBOX_NO_NOT
#undef AES_CT_FN
#undef AES_CT_WORD
