/*
 * chacha20_neon.c - ChaCha20 (RFC 8439) with NEON, four blocks at a time
 * in the vertical layout (vector i holds word i of the four blocks), for
 * 32-bit ARMv7-A (e.g. Cortex-A9) and AArch64.
 *
 * A rotation by 16 is one vrev32.16; the others a shift and a
 * shift-right-insert (vshl + vsri), as NEON has no rotate. ARMv7 has 16
 * q registers for the 16 state rows and the temporaries, so the compiler
 * spills a few; AArch64 has 32. Constant-time: straight-line vector code.
 *
 * Little-endian only (the words are the bytes as loaded). gcc compiles it
 * for any ARMv7-A flags (target attribute "fpu=neon"); clang only when the
 * file is built with NEON enabled. Elsewhere supported() returns 0 and
 * xor is never called.
 */
#include "aead/chacha20_impl.h"

#if defined(EMBER_NATIVE_LE) &&                                                   \
    (defined(EMBER_AARCH64) ||                                                     \
        (defined(EMBER_ARM32) && defined(__GNUC__) && defined(__ARM_ARCH) && __ARM_ARCH >= 7 && \
            (!defined(__ARM_ARCH_PROFILE) || __ARM_ARCH_PROFILE == 'A') &&          \
            (defined(__ARM_NEON) || !defined(__clang__))))
#define CHACHA_NEON 1
#endif

#if defined(CHACHA_NEON)
#include <arm_neon.h>

#if defined(EMBER_ARM32) && !defined(__clang__)
#define NEON_TARGET EMBER_TARGET("fpu=neon")
#else
#define NEON_TARGET
#endif

#define ROT16(x) vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(x)))
#define ROTN(x, n) vsriq_n_u32(vshlq_n_u32(x, n), x, 32 - (n))

/* RFC 8439, 2.1, on four lanes */
#define QR(a, b, c, d)                                                             \
	do {                                                                       \
		a = vaddq_u32(a, b);                                               \
		d = veorq_u32(d, a);                                               \
		d = ROT16(d);                                                      \
		c = vaddq_u32(c, d);                                               \
		b = veorq_u32(b, c);                                               \
		b = ROTN(b, 12);                                                   \
		a = vaddq_u32(a, b);                                               \
		d = veorq_u32(d, a);                                               \
		d = ROTN(d, 8);                                                    \
		c = vaddq_u32(c, d);                                               \
		b = veorq_u32(b, c);                                               \
		b = ROTN(b, 7);                                                    \
	} while (0)

/* rows a b c d (word j of blocks 0..3) to the four words of blocks 0..3 */
#define T4(a, b, c, d)                                                             \
	do {                                                                       \
		uint32x4x2_t ab_ = vtrnq_u32(a, b), cd_ = vtrnq_u32(c, d);         \
		a = vcombine_u32(vget_low_u32(ab_.val[0]), vget_low_u32(cd_.val[0])); \
		b = vcombine_u32(vget_low_u32(ab_.val[1]), vget_low_u32(cd_.val[1])); \
		c = vcombine_u32(vget_high_u32(ab_.val[0]), vget_high_u32(cd_.val[0])); \
		d = vcombine_u32(vget_high_u32(ab_.val[1]), vget_high_u32(cd_.val[1])); \
	} while (0)

static int supported(void)
{
	return ember_cpu_has(EMBER_CPU_NEON);
}

/* Four blocks, counter .. counter + 3: |len| (at most 256) bytes of in ^ keystream. */
NEON_TARGET
static void x4(const uint32_t key[8], const uint32_t nonce[3], uint32_t counter, uint8_t *out, const uint8_t *in,
    size_t len)
{
	static const uint32_t lanes[4] = { 0, 1, 2, 3 };
	const uint32x4_t ctr = vaddq_u32(vdupq_n_u32(counter), vld1q_u32(lanes));
	uint32x4_t x0 = vdupq_n_u32(EMBER_CHACHA_C0), x1 = vdupq_n_u32(EMBER_CHACHA_C1);
	uint32x4_t x2 = vdupq_n_u32(EMBER_CHACHA_C2), x3 = vdupq_n_u32(EMBER_CHACHA_C3);
	uint32x4_t x4 = vdupq_n_u32(key[0]), x5 = vdupq_n_u32(key[1]), x6 = vdupq_n_u32(key[2]);
	uint32x4_t x7 = vdupq_n_u32(key[3]), x8 = vdupq_n_u32(key[4]), x9 = vdupq_n_u32(key[5]);
	uint32x4_t x10 = vdupq_n_u32(key[6]), x11 = vdupq_n_u32(key[7]), x12 = ctr;
	uint32x4_t x13 = vdupq_n_u32(nonce[0]), x14 = vdupq_n_u32(nonce[1]), x15 = vdupq_n_u32(nonce[2]);
	int i;

	for (i = 0; i < 10; i++) {
		/* RFC 8439, 2.2: columns, then diagonals */
		QR(x0, x4, x8, x12);
		QR(x1, x5, x9, x13);
		QR(x2, x6, x10, x14);
		QR(x3, x7, x11, x15);
		QR(x0, x5, x10, x15);
		QR(x1, x6, x11, x12);
		QR(x2, x7, x8, x13);
		QR(x3, x4, x9, x14);
	}
	x0 = vaddq_u32(x0, vdupq_n_u32(EMBER_CHACHA_C0));
	x1 = vaddq_u32(x1, vdupq_n_u32(EMBER_CHACHA_C1));
	x2 = vaddq_u32(x2, vdupq_n_u32(EMBER_CHACHA_C2));
	x3 = vaddq_u32(x3, vdupq_n_u32(EMBER_CHACHA_C3));
	x4 = vaddq_u32(x4, vdupq_n_u32(key[0]));
	x5 = vaddq_u32(x5, vdupq_n_u32(key[1]));
	x6 = vaddq_u32(x6, vdupq_n_u32(key[2]));
	x7 = vaddq_u32(x7, vdupq_n_u32(key[3]));
	x8 = vaddq_u32(x8, vdupq_n_u32(key[4]));
	x9 = vaddq_u32(x9, vdupq_n_u32(key[5]));
	x10 = vaddq_u32(x10, vdupq_n_u32(key[6]));
	x11 = vaddq_u32(x11, vdupq_n_u32(key[7]));
	x12 = vaddq_u32(x12, ctr);
	x13 = vaddq_u32(x13, vdupq_n_u32(nonce[0]));
	x14 = vaddq_u32(x14, vdupq_n_u32(nonce[1]));
	x15 = vaddq_u32(x15, vdupq_n_u32(nonce[2]));
#ifdef EMBER_CTQEMU_LEAK
	/* Test-only (make ctqemu-selftest): a load from |in| at an offset of 0..255 taken from a word of the
	 * keystream, a secret-dependent address (whole 256-byte steps only, so it stays inside |in|). */
	if (len == 256)
		(void)*(const volatile uint8_t *)(in + (vgetq_lane_u32(x0, 0) & 255));
#endif
	T4(x0, x1, x2, x3);
	T4(x4, x5, x6, x7);
	T4(x8, x9, x10, x11);
	T4(x12, x13, x14, x15);
	/* block b is x(b), x(4 + b), x(8 + b), x(12 + b) */
#define BLOCK(b, A, B, C, D, OUT)                                                  \
	OUT(64 * (b), A);                                                          \
	OUT(64 * (b) + 16, B);                                                     \
	OUT(64 * (b) + 32, C);                                                     \
	OUT(64 * (b) + 48, D)
#define ALL(OUT)                                                                   \
	BLOCK(0, x0, x4, x8, x12, OUT);                                            \
	BLOCK(1, x1, x5, x9, x13, OUT);                                            \
	BLOCK(2, x2, x6, x10, x14, OUT);                                           \
	BLOCK(3, x3, x7, x11, x15, OUT)
	if (len == 256) {
#define OUT_XOR(off, v) vst1q_u8(out + (off), veorq_u8(vreinterpretq_u8_u32(v), vld1q_u8(in + (off))))
		ALL(OUT_XOR);
	} else {
		uint8_t ks[256] EMBER_ALIGN(16);
#define OUT_KS(off, v) vst1q_u8(ks + (off), vreinterpretq_u8_u32(v))
		ALL(OUT_KS);
		ember_chacha20_xor_bytes(out, in, ks, len);
		ember_wipe(ks, sizeof(ks));
	}
}

static void neon_xor(const uint32_t key[8], const uint32_t nonce[3], uint32_t counter, uint8_t *out,
    const uint8_t *in, size_t len)
{
	while (len > 0) {
		size_t n = len < 256 ? len : 256;
		x4(key, nonce, counter, out, in, n);
		counter += 4;
		in += n;
		out += n;
		len -= n;
	}
}

#else

static int supported(void)
{
	return 0;
}

static void neon_xor(const uint32_t key[8], const uint32_t nonce[3], uint32_t counter, uint8_t *out,
    const uint8_t *in, size_t len)
{
	(void)key, (void)nonce, (void)counter, (void)out, (void)in, (void)len;
}

#endif

const ember_chacha20_impl ember_chacha20_neon = { "neon", supported, neon_xor };
