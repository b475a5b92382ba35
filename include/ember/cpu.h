/*
 * cpu.h - CPU feature detection and the EMBER_CPUCAP override.
 *
 * Features are detected once (CPUID + XGETBV on x86, getauxval on ARM Linux)
 * and cached. The environment variable EMBER_CPUCAP masks them, so that every
 * implementation can be tested and benchmarked on one machine:
 *
 *   EMBER_CPUCAP=none              no optional feature at all: portable code
 *   EMBER_CPUCAP=~aesni,~shani     everything except AES-NI and SHA-NI
 *   EMBER_CPUCAP=none,aesni        only AES-NI (when the CPU has it)
 *
 * Words are applied left to right; "all" restores every detected feature.
 * A feature the CPU lacks is never turned on. An unknown word is an error:
 * the library then behaves as with "none" (portable code is always correct)
 * and ember_cpu_status() reports the word, so that tools can refuse to run.
 */
#ifndef EMBER_CPU_H
#define EMBER_CPU_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* x86 */
#define EMBER_CPU_SSE2        (1u << 0)
#define EMBER_CPU_SSSE3       (1u << 1)
#define EMBER_CPU_SSE41       (1u << 2)
#define EMBER_CPU_AESNI       (1u << 3)
#define EMBER_CPU_PCLMUL      (1u << 4)
#define EMBER_CPU_SHANI       (1u << 5)
#define EMBER_CPU_AVX         (1u << 6)
#define EMBER_CPU_AVX2        (1u << 7)
#define EMBER_CPU_BMI2        (1u << 8)
#define EMBER_CPU_ADX         (1u << 9)
#define EMBER_CPU_AVX512F     (1u << 10)
#define EMBER_CPU_AVX512BW    (1u << 11)
#define EMBER_CPU_AVX512VL    (1u << 12)
#define EMBER_CPU_VAES        (1u << 13)
#define EMBER_CPU_VPCLMULQDQ  (1u << 14)
#define EMBER_CPU_AVX512IFMA  (1u << 15)
/* ARM / AArch64 */
#define EMBER_CPU_NEON        (1u << 16)
#define EMBER_CPU_ARM_AES     (1u << 17)
#define EMBER_CPU_ARM_PMULL   (1u << 18)
#define EMBER_CPU_ARM_SHA1    (1u << 19)
#define EMBER_CPU_ARM_SHA2    (1u << 20)
#define EMBER_CPU_ARM_SHA512  (1u << 21)
#define EMBER_CPU_ARM_SHA3    (1u << 22) /* ARMv8.2 EOR3, RAX1, XAR, BCAX (FEAT_SHA3) */

#define EMBER_CPU_NFEATURES 23

/*
 * ember_cpu_features returns the detected features minus those masked by
 * EMBER_CPUCAP (or by ember_cpu_override). Cheap after the first call.
 */
uint32_t ember_cpu_features(void);

/* ember_cpu_detected returns the features the CPU and OS really have. */
uint32_t ember_cpu_detected(void);

/* ember_cpu_has returns 1 when every bit of |mask| is in ember_cpu_features(). */
int ember_cpu_has(uint32_t mask);

/*
 * ember_cpu_override replaces the EMBER_CPUCAP mask with |spec| (same
 * syntax; NULL or "" means "all"). On an unknown word it returns EMBER_EINVAL,
 * changes nothing, and points |*bad| (when not NULL) at a static copy of the word.
 */
int ember_cpu_override(const char *spec, const char **bad);

/*
 * ember_cpu_status returns 0 when EMBER_CPUCAP was read without error, or
 * EMBER_EINVAL and the offending word in |*bad|.
 */
int ember_cpu_status(const char **bad);

/*
 * The CPU's maker and model, which the registry's rules read where an
 * implementation wins on some cores and loses on others (src/registry_list.h).
 * EMBER_CPUCAP does not change them.
 */
enum { EMBER_CPU_VENDOR_OTHER, EMBER_CPU_VENDOR_INTEL, EMBER_CPU_VENDOR_AMD };
typedef struct ember_cpu_id {
	int vendor;      /* EMBER_CPU_VENDOR_*: x86 CPUID's vendor string; OTHER elsewhere */
	unsigned family; /* x86: CPUID family, extended family added; 0 elsewhere */
	unsigned model;  /* x86: CPUID model, extended model added; 0 elsewhere */
} ember_cpu_id;

/* ember_cpu_identify fills |id| (detected once, cached). */
void ember_cpu_identify(ember_cpu_id *id);

/* ember_cpu_feature_name returns the EMBER_CPUCAP word for bit |i|, or NULL. */
const char *ember_cpu_feature_name(unsigned i);

/*
 * ember_cpu_describe writes the enabled features as space-separated words
 * into |buf| (always NUL-terminated); masked ones are shown as "~word".
 */
void ember_cpu_describe(char *buf, size_t buf_len);

#ifdef __cplusplus
}
#endif

#endif
