/*
 * chacha20_x86.h - the four-block (xmm) and eight-block (ymm) ChaCha20
 * steps, a template included by chacha20_sse2.c, chacha20_avx2.c and
 * chacha20_avx512.c, each with its own instruction set:
 *
 *   X86_TARGET          the target attribute string ("sse2", "avx2" ...)
 *   R4_16 .. R4_7(x)    rotations left of an __m128i's words by 16, 12, 8, 7
 *   X86_YMM, R8_16 .. R8_7(x)   the same for __m256i, to get x8 too
 *
 * The layout is the standard "vertical" one (RFC 8439's block function on
 * N blocks at once): vector i holds word i of the N blocks, so the
 * quarter rounds are plain lane-wise operations and the only shuffles are
 * the transposes at the end. Constant-time: no branch or index on data.
 * Not a header of its own: no include guard, one inclusion per file.
 */

/* RFC 8439, 2.1, on N lanes */
#define X86_QR(ADD, XOR, R16, R12, R8, R7, a, b, c, d)                             \
	do {                                                                       \
		a = ADD(a, b);                                                     \
		d = R16(XOR(d, a));                                                \
		c = ADD(c, d);                                                     \
		b = R12(XOR(b, c));                                                \
		a = ADD(a, b);                                                     \
		d = R8(XOR(d, a));                                                 \
		c = ADD(c, d);                                                     \
		b = R7(XOR(b, c));                                                 \
	} while (0)

/* RFC 8439, 2.2: ten double rounds (columns, then diagonals) */
#define X86_ROUNDS(QR)                                                             \
	do {                                                                       \
		int r_;                                                            \
		for (r_ = 0; r_ < 10; r_++) {                                      \
			QR(x0, x4, x8, x12);                                       \
			QR(x1, x5, x9, x13);                                       \
			QR(x2, x6, x10, x14);                                      \
			QR(x3, x7, x11, x15);                                      \
			QR(x0, x5, x10, x15);                                      \
			QR(x1, x6, x11, x12);                                      \
			QR(x2, x7, x8, x13);                                       \
			QR(x3, x4, x9, x14);                                       \
		}                                                                  \
	} while (0)

/* rows a b c d (word j of the lanes' blocks, four lanes per 128 bits) to one block's 4 words each */
#define X86_T4(OP, a, b, c, d)                                                     \
	do {                                                                       \
		T t0_ = OP##_unpacklo_epi32(a, b), t1_ = OP##_unpacklo_epi32(c, d); \
		T t2_ = OP##_unpackhi_epi32(a, b), t3_ = OP##_unpackhi_epi32(c, d); \
		a = OP##_unpacklo_epi64(t0_, t1_);                                 \
		b = OP##_unpackhi_epi64(t0_, t1_);                                 \
		c = OP##_unpacklo_epi64(t2_, t3_);                                 \
		d = OP##_unpackhi_epi64(t2_, t3_);                                 \
	} while (0)

/* the block function's final addition: the input words again */
#define X86_ADD_INPUT(OP, SET1, ctr)                                               \
	do {                                                                       \
		x0 = OP##_add_epi32(x0, SET1((int)EMBER_CHACHA_C0));              \
		x1 = OP##_add_epi32(x1, SET1((int)EMBER_CHACHA_C1));              \
		x2 = OP##_add_epi32(x2, SET1((int)EMBER_CHACHA_C2));              \
		x3 = OP##_add_epi32(x3, SET1((int)EMBER_CHACHA_C3));              \
		x4 = OP##_add_epi32(x4, SET1((int)key[0]));                       \
		x5 = OP##_add_epi32(x5, SET1((int)key[1]));                       \
		x6 = OP##_add_epi32(x6, SET1((int)key[2]));                       \
		x7 = OP##_add_epi32(x7, SET1((int)key[3]));                       \
		x8 = OP##_add_epi32(x8, SET1((int)key[4]));                       \
		x9 = OP##_add_epi32(x9, SET1((int)key[5]));                       \
		x10 = OP##_add_epi32(x10, SET1((int)key[6]));                     \
		x11 = OP##_add_epi32(x11, SET1((int)key[7]));                     \
		x12 = OP##_add_epi32(x12, ctr);                                   \
		x13 = OP##_add_epi32(x13, SET1((int)nonce[0]));                   \
		x14 = OP##_add_epi32(x14, SET1((int)nonce[1]));                   \
		x15 = OP##_add_epi32(x15, SET1((int)nonce[2]));                   \
	} while (0)

#define X86_INIT(T, SET1, ctr)                                                     \
	T x0 = SET1((int)EMBER_CHACHA_C0), x1 = SET1((int)EMBER_CHACHA_C1);       \
	T x2 = SET1((int)EMBER_CHACHA_C2), x3 = SET1((int)EMBER_CHACHA_C3);       \
	T x4 = SET1((int)key[0]), x5 = SET1((int)key[1]), x6 = SET1((int)key[2]); \
	T x7 = SET1((int)key[3]), x8 = SET1((int)key[4]), x9 = SET1((int)key[5]); \
	T x10 = SET1((int)key[6]), x11 = SET1((int)key[7]), x12 = ctr;            \
	T x13 = SET1((int)nonce[0]), x14 = SET1((int)nonce[1]), x15 = SET1((int)nonce[2])

#define QR4(a, b, c, d) X86_QR(_mm_add_epi32, _mm_xor_si128, R4_16, R4_12, R4_8, R4_7, a, b, c, d)
#define LD4(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define ST4(p, v) _mm_storeu_si128((__m128i *)(void *)(p), v)

/*
 * Four blocks, counter .. counter + 3: |len| (at most 256) bytes of
 * in ^ keystream to |out|. A short step goes through a stack buffer.
 */
EMBER_TARGET(X86_TARGET)
static void x4(const uint32_t key[8], const uint32_t nonce[3], uint32_t counter, uint8_t *out, const uint8_t *in,
    size_t len)
{
	const __m128i ctr = _mm_add_epi32(_mm_set1_epi32((int)counter), _mm_set_epi32(3, 2, 1, 0));
	X86_INIT(__m128i, _mm_set1_epi32, ctr);
	typedef __m128i T;

	X86_ROUNDS(QR4);
	X86_ADD_INPUT(_mm, _mm_set1_epi32, ctr);
	X86_T4(_mm, x0, x1, x2, x3);
	X86_T4(_mm, x4, x5, x6, x7);
	X86_T4(_mm, x8, x9, x10, x11);
	X86_T4(_mm, x12, x13, x14, x15);
	/* block b is x(b), x(4 + b), x(8 + b), x(12 + b) */
#define X4_BLOCK(b, A, B, C, D, OUT)                                               \
	OUT(64 * (b), A);                                                          \
	OUT(64 * (b) + 16, B);                                                     \
	OUT(64 * (b) + 32, C);                                                     \
	OUT(64 * (b) + 48, D)
#define X4_ALL(OUT)                                                                \
	X4_BLOCK(0, x0, x4, x8, x12, OUT);                                         \
	X4_BLOCK(1, x1, x5, x9, x13, OUT);                                         \
	X4_BLOCK(2, x2, x6, x10, x14, OUT);                                        \
	X4_BLOCK(3, x3, x7, x11, x15, OUT)
	if (len == 256) {
#define X4_XOR(off, v) ST4(out + (off), _mm_xor_si128(v, LD4(in + (off))))
		X4_ALL(X4_XOR);
	} else {
		uint8_t ks[256] EMBER_ALIGN(16);
#define X4_KS(off, v) ST4(ks + (off), v)
		X4_ALL(X4_KS);
		ember_chacha20_xor_bytes(out, in, ks, len);
		ember_wipe(ks, sizeof(ks));
	}
}

#if defined(X86_YMM)
#define QR8(a, b, c, d) X86_QR(_mm256_add_epi32, _mm256_xor_si256, R8_16, R8_12, R8_8, R8_7, a, b, c, d)
#define LD8(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define ST8(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)

/*
 * Eight blocks, counter .. counter + 7: |len| (at most 512) bytes of
 * in ^ keystream to |out|, a short step through a stack buffer. Lanes 0-3
 * (low halves) are blocks 0-3 and lanes 4-7 blocks 4-7, so after the
 * in-half transposes a block's 64 bytes are the low (or high) halves of
 * four registers.
 */
EMBER_TARGET(X86_TARGET)
static void x8(const uint32_t key[8], const uint32_t nonce[3], uint32_t counter, uint8_t *out, const uint8_t *in,
    size_t len)
{
	const __m256i ctr = _mm256_add_epi32(_mm256_set1_epi32((int)counter), _mm256_set_epi32(7, 6, 5, 4, 3, 2, 1, 0));
	X86_INIT(__m256i, _mm256_set1_epi32, ctr);
	typedef __m256i T;

	X86_ROUNDS(QR8);
	X86_ADD_INPUT(_mm256, _mm256_set1_epi32, ctr);
	X86_T4(_mm256, x0, x1, x2, x3);
	X86_T4(_mm256, x4, x5, x6, x7);
	X86_T4(_mm256, x8, x9, x10, x11);
	X86_T4(_mm256, x12, x13, x14, x15);
	/* block b: low halves of x(b), x(4+b) then x(8+b), x(12+b); block b + 4: the high halves */
#define X8_BLOCK(b, A, B, C, D, OUT)                                               \
	OUT(64 * (b), _mm256_permute2x128_si256(A, B, 0x20));                      \
	OUT(64 * (b) + 32, _mm256_permute2x128_si256(C, D, 0x20));                 \
	OUT(64 * (b) + 256, _mm256_permute2x128_si256(A, B, 0x31));                \
	OUT(64 * (b) + 288, _mm256_permute2x128_si256(C, D, 0x31))
#define X8_ALL(OUT)                                                                \
	X8_BLOCK(0, x0, x4, x8, x12, OUT);                                         \
	X8_BLOCK(1, x1, x5, x9, x13, OUT);                                         \
	X8_BLOCK(2, x2, x6, x10, x14, OUT);                                        \
	X8_BLOCK(3, x3, x7, x11, x15, OUT)
	if (len == 512) {
#define X8_XOR(off, v) ST8(out + (off), _mm256_xor_si256(v, LD8(in + (off))))
		X8_ALL(X8_XOR);
	} else {
		uint8_t ks[512] EMBER_ALIGN(32);
#define X8_KS(off, v) ST8(ks + (off), v)
		X8_ALL(X8_KS);
		ember_chacha20_xor_bytes(out, in, ks, len);
		ember_wipe(ks, sizeof(ks));
	}
}
#endif
