/*
 * md5_ref.c - the MD5 block function, portable C (RFC 1321), and its descriptor;
 * initial value, update and final are md5.c's.
 *
 * Constant-time: no data-dependent branch or index. The 64 steps are
 * unrolled so that the round functions, constants and rotations are all
 * immediates; this is the fastest shape on both 64-bit and 32-bit cores
 * (the working state fits in registers on MIPS32 and ARM).
 */
#include "internal.h"
#include "ember/hash.h"
#include "hash/md_impl.h"

/* RFC 1321, 3.4: the four auxiliary functions. F and I are written with
 * one operation fewer than the RFC's form; G's two halves never share a
 * bit, so it is summed in two independent adds. */
#define F(x, y, z) ((((y) ^ (z)) & (x)) ^ (z))
#define G(x, y, z) (((x) & (z)) + ((y) & ~(z)))
#define H(x, y, z) ((x) ^ (y) ^ (z))
#define I(x, y, z) ((y) ^ ((x) | ~(z)))

/* a = b + ((a + f(b, c, d) + X[k] + T[i]) <<< s); the message word and the
 * constant are added first, off the critical path through b. */
#define STEP(f, a, b, c, d, x, t, s)                                               \
	do {                                                                       \
		a += (x) + (t);                                                    \
		a += f(b, c, d);                                                   \
		a = ember_rotl32(a, s) + b;                                        \
	} while (0)

/*
 * RFC 1321, 3.4: T[i] = floor(2^32 * |sin(i + 1)|). x86 adds a 32-bit
 * constant as an immediate, PowerPC in two adds (addis, addi); MIPS, ARM,
 * AArch64 and RISC-V need two instructions to build one (lui+ori,
 * movw+movt) then the add, but one to load it, so there the constants are
 * read from the table, through a pointer the compiler cannot see through
 * (else it would fold the loads back into immediates).
 */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(__i386__) && !defined(__x86_64__) && !defined(__powerpc__)
#define MD5_T_TABLE 1
static const uint32_t md5_t[64] = {
	0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
	0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
	0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
	0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
	0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
	0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
	0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
	0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391
};
#define T(i, v) t[i]
#else
#define T(i, v) ((uint32_t)(v))
#endif

/*
 * The message words are read in place, one aligned load each, when the
 * block is 4-byte aligned on a little-endian core; otherwise they are first
 * gathered into x[]. The test is on the address, never on the data.
 */
#if defined(EMBER_NATIVE_LE)
#define IN_PLACE(p) (((uintptr_t)(p)&3) == 0)
#else
#define IN_PLACE(p) 0
#endif
#define X(k) ember_ld32_aligned(q + 4 * (k))

static void md5_blocks(uint32_t *h, const uint8_t *p, size_t nblocks)
{
	uint32_t x[16];
#if defined(MD5_T_TABLE)
	const uint32_t *t = md5_t;

	__asm__("" : "+r"(t));
#endif

	while (nblocks--) {
		uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
		const uint8_t *q = p;
		int i;

		if (!IN_PLACE(p)) {
			for (i = 0; i < 16; i++)
				x[i] = ember_ld32le(p + 4 * i);
			q = (const uint8_t *)x;
		}

		/* round 1 */
		STEP(F, a, b, c, d, X(0), T(0, 0xd76aa478), 7);
		STEP(F, d, a, b, c, X(1), T(1, 0xe8c7b756), 12);
		STEP(F, c, d, a, b, X(2), T(2, 0x242070db), 17);
		STEP(F, b, c, d, a, X(3), T(3, 0xc1bdceee), 22);
		STEP(F, a, b, c, d, X(4), T(4, 0xf57c0faf), 7);
		STEP(F, d, a, b, c, X(5), T(5, 0x4787c62a), 12);
		STEP(F, c, d, a, b, X(6), T(6, 0xa8304613), 17);
		STEP(F, b, c, d, a, X(7), T(7, 0xfd469501), 22);
		STEP(F, a, b, c, d, X(8), T(8, 0x698098d8), 7);
		STEP(F, d, a, b, c, X(9), T(9, 0x8b44f7af), 12);
		STEP(F, c, d, a, b, X(10), T(10, 0xffff5bb1), 17);
		STEP(F, b, c, d, a, X(11), T(11, 0x895cd7be), 22);
		STEP(F, a, b, c, d, X(12), T(12, 0x6b901122), 7);
		STEP(F, d, a, b, c, X(13), T(13, 0xfd987193), 12);
		STEP(F, c, d, a, b, X(14), T(14, 0xa679438e), 17);
		STEP(F, b, c, d, a, X(15), T(15, 0x49b40821), 22);
		/* round 2 */
		STEP(G, a, b, c, d, X(1), T(16, 0xf61e2562), 5);
		STEP(G, d, a, b, c, X(6), T(17, 0xc040b340), 9);
		STEP(G, c, d, a, b, X(11), T(18, 0x265e5a51), 14);
		STEP(G, b, c, d, a, X(0), T(19, 0xe9b6c7aa), 20);
		STEP(G, a, b, c, d, X(5), T(20, 0xd62f105d), 5);
		STEP(G, d, a, b, c, X(10), T(21, 0x02441453), 9);
		STEP(G, c, d, a, b, X(15), T(22, 0xd8a1e681), 14);
		STEP(G, b, c, d, a, X(4), T(23, 0xe7d3fbc8), 20);
		STEP(G, a, b, c, d, X(9), T(24, 0x21e1cde6), 5);
		STEP(G, d, a, b, c, X(14), T(25, 0xc33707d6), 9);
		STEP(G, c, d, a, b, X(3), T(26, 0xf4d50d87), 14);
		STEP(G, b, c, d, a, X(8), T(27, 0x455a14ed), 20);
		STEP(G, a, b, c, d, X(13), T(28, 0xa9e3e905), 5);
		STEP(G, d, a, b, c, X(2), T(29, 0xfcefa3f8), 9);
		STEP(G, c, d, a, b, X(7), T(30, 0x676f02d9), 14);
		STEP(G, b, c, d, a, X(12), T(31, 0x8d2a4c8a), 20);
		/* round 3 */
		STEP(H, a, b, c, d, X(5), T(32, 0xfffa3942), 4);
		STEP(H, d, a, b, c, X(8), T(33, 0x8771f681), 11);
		STEP(H, c, d, a, b, X(11), T(34, 0x6d9d6122), 16);
		STEP(H, b, c, d, a, X(14), T(35, 0xfde5380c), 23);
		STEP(H, a, b, c, d, X(1), T(36, 0xa4beea44), 4);
		STEP(H, d, a, b, c, X(4), T(37, 0x4bdecfa9), 11);
		STEP(H, c, d, a, b, X(7), T(38, 0xf6bb4b60), 16);
		STEP(H, b, c, d, a, X(10), T(39, 0xbebfbc70), 23);
		STEP(H, a, b, c, d, X(13), T(40, 0x289b7ec6), 4);
		STEP(H, d, a, b, c, X(0), T(41, 0xeaa127fa), 11);
		STEP(H, c, d, a, b, X(3), T(42, 0xd4ef3085), 16);
		STEP(H, b, c, d, a, X(6), T(43, 0x04881d05), 23);
		STEP(H, a, b, c, d, X(9), T(44, 0xd9d4d039), 4);
		STEP(H, d, a, b, c, X(12), T(45, 0xe6db99e5), 11);
		STEP(H, c, d, a, b, X(15), T(46, 0x1fa27cf8), 16);
		STEP(H, b, c, d, a, X(2), T(47, 0xc4ac5665), 23);
		/* round 4 */
		STEP(I, a, b, c, d, X(0), T(48, 0xf4292244), 6);
		STEP(I, d, a, b, c, X(7), T(49, 0x432aff97), 10);
		STEP(I, c, d, a, b, X(14), T(50, 0xab9423a7), 15);
		STEP(I, b, c, d, a, X(5), T(51, 0xfc93a039), 21);
		STEP(I, a, b, c, d, X(12), T(52, 0x655b59c3), 6);
		STEP(I, d, a, b, c, X(3), T(53, 0x8f0ccc92), 10);
		STEP(I, c, d, a, b, X(10), T(54, 0xffeff47d), 15);
		STEP(I, b, c, d, a, X(1), T(55, 0x85845dd1), 21);
		STEP(I, a, b, c, d, X(8), T(56, 0x6fa87e4f), 6);
		STEP(I, d, a, b, c, X(15), T(57, 0xfe2ce6e0), 10);
		STEP(I, c, d, a, b, X(6), T(58, 0xa3014314), 15);
		STEP(I, b, c, d, a, X(13), T(59, 0x4e0811a1), 21);
		STEP(I, a, b, c, d, X(4), T(60, 0xf7537e82), 6);
		STEP(I, d, a, b, c, X(11), T(61, 0xbd3af235), 10);
		STEP(I, c, d, a, b, X(2), T(62, 0x2ad7d2bb), 15);
		STEP(I, b, c, d, a, X(9), T(63, 0xeb86d391), 21);

		h[0] += a;
		h[1] += b;
		h[2] += c;
		h[3] += d;
		p += 64;
	}
	ember_wipe(x, sizeof(x));
}

void ember_md5_ref_init(ember_md5_ctx *c)
{
	ember_md5_start(c, md5_blocks);
}

EMBER_HASH_ADAPTERS(md5, ember_md5_ref_init)

const ember_hash_desc ember_md5_ref_desc = {
	"md5", NULL, "ref", EMBER_IMPL_CT, EMBER_MD5_LEN, EMBER_MD5_BLOCK_LEN, sizeof(ember_md5_ctx),
	NULL, d_init, d_update, d_final
};
