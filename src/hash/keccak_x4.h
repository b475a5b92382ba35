/*
 * keccak_x4.h - four Keccak-f[1600] states at once, and SHAKE128/256 on
 * them, for the post-quantum schemes' expansions (not installed).
 *
 * ML-KEM's matrix expansion (FIPS 203, Algorithm 13 SampleNTT inside
 * K-PKE.KeyGen and K-PKE.Encrypt) hashes k^2 seeds rho || j || i of 34
 * bytes with SHAKE128 and reads the outputs in 168-byte blocks; ML-DSA's
 * ExpandA (FIPS 204, Algorithm 32) does the same with rho || s || r, and
 * ExpandS and the PRFs hash equal-length inputs with SHAKE256. Four such
 * sponges side by side run in one pass of a vector implementation:
 *
 *   ember_keccak_x4_ctx c;
 *   ember_keccak_x4_init(&c, NULL);                       the default implementation
 *   ember_shake128_x4_absorb_once(&c, in0, in1, in2, in3, 34);
 *   ember_shake_x4_squeezeblocks(&c, out0, out1, out2, out3, 3);   3 x 168 bytes each
 *   ... more blocks while rejection sampling needs them ...
 *   ember_keccak_x4_clear(&c);
 *
 * The implementations are descriptors as the digests' are: ref (four
 * sponges of the default SHAKE, sha3.c's), and vector ones in
 * sha3_x4_<impl>.c. keccak_x4.c lists them, fastest first, and its
 * ember_keccak_x4_default is the one place that picks among them.
 */
#ifndef EMBER_KECCAK_X4_H
#define EMBER_KECCAK_X4_H

#include "internal.h"
#include "ember/hash.h"

/*
 * One implementation of the four-way permutation. permute is Keccak-f[1600]
 * (FIPS 202, 3.3) on four states held lane by lane: lane i (FIPS 202's
 * x + 5y) of state k is s[i][k], so each lane position is one 256-bit
 * load. ref's permute runs the default single-state implementation four
 * times.
 */
typedef struct ember_keccak_x4_desc {
	const char *impl;       /* "avx512", "avx2", "armv8", "neon", "ref" */
	unsigned flags;         /* EMBER_IMPL_CT, EMBER_IMPL_HW */
	int (*supported)(void); /* NULL: always; else 1 when this CPU runs it */
	void (*permute)(uint64_t s[25][4]);
} ember_keccak_x4_desc;

/* The vector implementations (sha3_x4_<impl>.c); each exists on every target, supported() 0 off its own. */
extern const ember_keccak_x4_desc ember_keccak_x4_avx512_desc;
extern const ember_keccak_x4_desc ember_keccak_x4_avx2_desc;
extern const ember_keccak_x4_desc ember_keccak_x4_armv8_desc;
extern const ember_keccak_x4_desc ember_keccak_x4_neon_desc;

/* Four sponges: the state in the form of the implementation that absorbed into it. */
typedef struct ember_keccak_x4_ctx {
	union {
		uint64_t s[25][4];   /* a vector implementation's lanes */
		ember_sha3_ctx one[4]; /* ref: four single sponges */
	} u;
	const ember_keccak_x4_desc *desc;
	unsigned rate; /* 168 SHAKE128, 136 SHAKE256, once absorbed */
} ember_keccak_x4_ctx;

/* ember_keccak_x4_count and ember_keccak_x4_at list every implementation, fastest first. */
size_t ember_keccak_x4_count(void);
const ember_keccak_x4_desc *ember_keccak_x4_at(size_t i);
/* ember_keccak_x4_supported: 1 when this CPU runs |d| (EMBER_CPUCAP applied). */
int ember_keccak_x4_supported(const ember_keccak_x4_desc *d);
/* ember_keccak_x4_default returns the first supported constant-time implementation. */
const ember_keccak_x4_desc *ember_keccak_x4_default(void);

/* ember_keccak_x4_permute runs |d|'s permutation (NULL: the default) on |s|. */
void ember_keccak_x4_permute(const ember_keccak_x4_desc *d, uint64_t s[25][4]);

/* ember_keccak_x4_init makes |c| use |d| (NULL, or one this CPU cannot run: the default). */
void ember_keccak_x4_init(ember_keccak_x4_ctx *c, const ember_keccak_x4_desc *d);

/*
 * ember_shake128_x4_absorb_once and ember_shake256_x4_absorb_once start four
 * sponges, absorb in0..in3 (|len| bytes each) into them and pad (FIPS 202,
 * 6.2), ready to squeeze.
 */
void ember_shake128_x4_absorb_once(ember_keccak_x4_ctx *c, const uint8_t *in0, const uint8_t *in1,
    const uint8_t *in2, const uint8_t *in3, size_t len);
void ember_shake256_x4_absorb_once(ember_keccak_x4_ctx *c, const uint8_t *in0, const uint8_t *in1,
    const uint8_t *in2, const uint8_t *in3, size_t len);

/*
 * ember_shake_x4_squeezeblocks writes the next |nblocks| whole blocks (the
 * rate: 168 or 136 bytes each) of each sponge's output to out0..out3.
 */
void ember_shake_x4_squeezeblocks(ember_keccak_x4_ctx *c, uint8_t *out0, uint8_t *out1, uint8_t *out2,
    uint8_t *out3, size_t nblocks);

/* ember_keccak_x4_clear wipes |c|. */
void ember_keccak_x4_clear(ember_keccak_x4_ctx *c);

/*
 * ember_shake128_x4 and ember_shake256_x4: four one-shot SHAKEs of inputs
 * of one length |in_len| and outputs of one length |out_len| (any), with
 * the default implementation.
 */
void ember_shake128_x4(uint8_t *out0, uint8_t *out1, uint8_t *out2, uint8_t *out3, size_t out_len,
    const uint8_t *in0, const uint8_t *in1, const uint8_t *in2, const uint8_t *in3, size_t in_len);
void ember_shake256_x4(uint8_t *out0, uint8_t *out1, uint8_t *out2, uint8_t *out3, size_t out_len,
    const uint8_t *in0, const uint8_t *in1, const uint8_t *in2, const uint8_t *in3, size_t in_len);

#endif
