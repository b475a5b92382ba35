/*
 * padlock.h - VIA/Zhaoxin PadLock, reported, not implemented.
 *
 * The PadLock units (RNG, ACE, ACE2, PHE, PMM) are announced by the Centaur
 * extended CPUID leaves. Ember has no PadLock code and no emulator runs
 * PadLock, so this is detection only: a pure decoder, tested on CPUID
 * values recorded from real processors, and the run-time probe that feeds
 * it. The units are reached, when at all, through the kernel's padlock-aes
 * and padlock-sha drivers (`-engine afalg`).
 */
#ifndef EMBER_PADLOCK_H
#define EMBER_PADLOCK_H

#include <stddef.h>
#include <stdint.h>

/* The units, as bits of padlock_info.present and .enabled. */
#define PADLOCK_RNG 0x01  /* XSTORE */
#define PADLOCK_ACE 0x02  /* XCRYPT: AES ECB/CBC/CFB/OFB */
#define PADLOCK_ACE2 0x04 /* ACE v2: AES CTR, larger keys in hardware */
#define PADLOCK_PHE 0x08  /* PadLock Hash Engine: SHA-1, SHA-256 */
#define PADLOCK_PMM 0x10  /* PadLock Montgomery Multiplier */
#define PADLOCK_NUNITS 5

typedef struct padlock_info {
	int vendor;       /* 1: "CentaurHauls" or "  Shanghai  ", else 0 */
	int leaf;         /* 1: CPUID 0xC0000001 exists (0xC0000000's EAX >= 0xC0000001) */
	unsigned present; /* PADLOCK_* units the CPU has */
	unsigned enabled; /* PADLOCK_* units the CPU has and has switched on */
} padlock_info;

/*
 * padlock_decode fills |out| from CPUID values: |vendor_regs| is leaf 0's
 * vendor string in string order (EBX, EDX, ECX), |max_ext| leaf
 * 0xC0000000's EAX, |edx| leaf 0xC0000001's EDX (bits as Linux's
 * cpufeatures.h word 5: unit present at bit 2, 6, 8, 10, 12; enabled one
 * bit above). |max_ext| and |edx| are ignored unless the vendor is VIA's or
 * Zhaoxin's, and |edx| unless the leaf exists. Returns 1 when at least one
 * unit is present, else 0.
 */
int padlock_decode(const uint32_t vendor_regs[3], uint32_t max_ext, uint32_t edx, padlock_info *out);

/* padlock_detect runs CPUID on this CPU and decodes it (all zero off x86). */
int padlock_detect(padlock_info *out);

/* The short name of one unit ("rng", "ace", "ace2", "phe", "pmm"), NULL past the last. */
const char *padlock_unit_name(unsigned i);

/*
 * padlock_format writes |p| in one line: "not a VIA/Zhaoxin CPU", "no
 * PadLock leaf", or the units present, each marked "(disabled)" when the
 * CPU has not switched it on: "rng ace ace2(disabled) phe pmm".
 */
void padlock_format(const padlock_info *p, char *buf, size_t len);

/* padlock_describe: padlock_format of this CPU ("not an x86 CPU" elsewhere), for speed's header. */
void padlock_describe(char *buf, size_t len);

/*
 * padlock_kernel writes which PadLock drivers |algs| (/proc/crypto, parsed by
 * kcrypto_parse) lists: "padlock-aes: cbc-aes-padlock 400 (first for
 * cbc(aes)) ...; padlock-sha: not listed". Returns how many of them are the
 * first for their name: those are what AF_ALG's bind, hence -engine afalg,
 * reaches.
 */
struct kcrypto_alg;
/*
 * padlock_afalg_offload reads a kernel release ("6.18.44-fc", uname -r):
 * 1 before Linux 7.2, whose AF_ALG still hands requests to the
 * highest-priority driver, hardware ones included; 0 from 7.2 on, where
 * AF_ALG is deprecated and served by software implementations only
 * (Documentation/crypto/userspace-if.rst); -1 when it is not "N.M...".
 */
int padlock_afalg_offload(const char *release);
int padlock_kernel(const struct kcrypto_alg *algs, size_t n, char *buf, size_t len);

#endif
