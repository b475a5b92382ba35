/*
 * cpu.c - feature detection, cached once, and the EMBER_CPUCAP mask.
 */
#include <stdlib.h>

#include "internal.h"

#if defined(EMBER_X86) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#define EMBER_HAVE_CPUID 1
#endif

#if (defined(EMBER_AARCH64) || defined(EMBER_ARM32)) && defined(__linux__)
#include <sys/auxv.h>
#define EMBER_HAVE_AUXV 1
#endif

static const char *const feature_names[EMBER_CPU_NFEATURES] = {
	"sse2", "ssse3", "sse41", "aesni", "pclmul", "shani", "avx", "avx2",
	"bmi2", "adx", "avx512f", "avx512bw", "avx512vl", "vaes", "vpclmulqdq",
	"avx512ifma", "neon", "aes", "pmull", "sha1", "sha2", "sha512", "sha3"
};

const char *ember_cpu_feature_name(unsigned i)
{
	return i < EMBER_CPU_NFEATURES ? feature_names[i] : NULL;
}

#ifdef EMBER_HAVE_CPUID
static uint64_t xgetbv0(void)
{
	uint32_t lo, hi;
	/* xgetbv with ecx = 0, spelled as bytes for assemblers without the mnemonic */
	__asm__ volatile(".byte 0x0f, 0x01, 0xd0" : "=a"(lo), "=d"(hi) : "c"(0));
	return (uint64_t)hi << 32 | lo;
}

static ember_cpu_id ident;

static uint32_t detect(void)
{
	unsigned a = 0, b, c, d, max;
	uint32_t f = 0;
	uint64_t xcr0 = 0;
	int os_avx = 0, os_avx512 = 0;

	if (!__get_cpuid(0, &max, &b, &c, &d))
		return 0;
	/* the vendor string is EBX, EDX, ECX: "GenuineIntel", "AuthenticAMD" */
	if (b == 0x756e6547 && d == 0x49656e69 && c == 0x6c65746e)
		ident.vendor = EMBER_CPU_VENDOR_INTEL;
	else if (b == 0x68747541 && d == 0x69746e65 && c == 0x444d4163)
		ident.vendor = EMBER_CPU_VENDOR_AMD;
	__get_cpuid(1, &a, &b, &c, &d);
	/* Intel SDM vol. 2A, CPUID leaf 1 EAX: display family and model */
	ident.family = (a >> 8) & 0xf;
	ident.model = (a >> 4) & 0xf;
	if (ident.family == 0xf)
		ident.family += (a >> 20) & 0xff;
	if (ident.family == 0x6 || ident.family >= 0xf)
		ident.model |= ((a >> 16) & 0xf) << 4;
	if (d & (1u << 26)) f |= EMBER_CPU_SSE2;
	if (c & (1u << 9)) f |= EMBER_CPU_SSSE3;
	if (c & (1u << 19)) f |= EMBER_CPU_SSE41;
	if (c & (1u << 25)) f |= EMBER_CPU_AESNI;
	if (c & (1u << 1)) f |= EMBER_CPU_PCLMUL;
	/* AVX state must be enabled by the OS (OSXSAVE, then XCR0 bits 1-2). */
	if (c & (1u << 27)) {
		xcr0 = xgetbv0();
		os_avx = (xcr0 & 0x6) == 0x6;
		os_avx512 = os_avx && (xcr0 & 0xe0) == 0xe0;
	}
	if ((c & (1u << 28)) && os_avx) f |= EMBER_CPU_AVX;
	if (max >= 7) {
		__cpuid_count(7, 0, a, b, c, d);
		if (b & (1u << 29)) f |= EMBER_CPU_SHANI;
		if (b & (1u << 8)) f |= EMBER_CPU_BMI2;
		if (b & (1u << 19)) f |= EMBER_CPU_ADX;
		if (os_avx) {
			if (b & (1u << 5)) f |= EMBER_CPU_AVX2;
			if (c & (1u << 9)) f |= EMBER_CPU_VAES;
			if (c & (1u << 10)) f |= EMBER_CPU_VPCLMULQDQ;
		}
		if (os_avx512) {
			if (b & (1u << 16)) f |= EMBER_CPU_AVX512F;
			if (b & (1u << 30)) f |= EMBER_CPU_AVX512BW;
			if (b & (1u << 31)) f |= EMBER_CPU_AVX512VL;
			if (b & (1u << 21)) f |= EMBER_CPU_AVX512IFMA;
		}
	}
	return f;
}
#elif defined(EMBER_HAVE_AUXV)
static uint32_t detect(void)
{
	uint32_t f = 0;
#if defined(EMBER_AARCH64)
	unsigned long hw = getauxval(AT_HWCAP);
	if (hw & (1ul << 1)) f |= EMBER_CPU_NEON;    /* HWCAP_ASIMD */
	if (hw & (1ul << 3)) f |= EMBER_CPU_ARM_AES; /* HWCAP_AES */
	if (hw & (1ul << 4)) f |= EMBER_CPU_ARM_PMULL;
	if (hw & (1ul << 5)) f |= EMBER_CPU_ARM_SHA1;
	if (hw & (1ul << 6)) f |= EMBER_CPU_ARM_SHA2;
	if (hw & (1ul << 21)) f |= EMBER_CPU_ARM_SHA512;
	if (hw & (1ul << 17)) f |= EMBER_CPU_ARM_SHA3; /* HWCAP_SHA3 (Linux arm64 uapi asm/hwcap.h) */
#else
	unsigned long hw = getauxval(AT_HWCAP), hw2 = getauxval(AT_HWCAP2);
	if (hw & (1ul << 12)) f |= EMBER_CPU_NEON;    /* HWCAP_NEON */
	if (hw2 & (1ul << 0)) f |= EMBER_CPU_ARM_AES; /* HWCAP2_AES */
	if (hw2 & (1ul << 1)) f |= EMBER_CPU_ARM_PMULL;
	if (hw2 & (1ul << 2)) f |= EMBER_CPU_ARM_SHA1;
	if (hw2 & (1ul << 3)) f |= EMBER_CPU_ARM_SHA2;
#endif
	return f;
}
#else
static uint32_t detect(void)
{
	return 0;
}
#endif

#ifndef EMBER_HAVE_CPUID
static const ember_cpu_id ident; /* no CPUID: vendor OTHER, family and model 0 */
#endif

/*
 * The state is computed once; a race between two first callers is benign
 * since both compute the same values.
 */
static volatile int state_ready;
static uint32_t detected, enabled;
static int env_status;
static char bad_word[32];

static int parse(const char *spec, uint32_t *out)
{
	uint32_t f = detected;
	const char *p = spec;

	while (p && *p) {
		const char *e = p;
		size_t n;
		int neg = 0;
		unsigned i;

		while (*e && *e != ',')
			e++;
		n = (size_t)(e - p);
		if (n > 0 && *p == '~') {
			neg = 1;
			p++;
			n--;
		}
		if (n == 4 && !neg && memcmp(p, "none", 4) == 0) {
			f = 0;
		} else if (n == 3 && !neg && memcmp(p, "all", 3) == 0) {
			f = detected;
		} else if (n > 0) {
			for (i = 0; i < EMBER_CPU_NFEATURES; i++)
				if (strlen(feature_names[i]) == n && memcmp(p, feature_names[i], n) == 0)
					break;
			if (i == EMBER_CPU_NFEATURES) {
				size_t k = n + (size_t)neg;
				if (k >= sizeof(bad_word))
					k = sizeof(bad_word) - 1;
				memcpy(bad_word, p - neg, k);
				bad_word[k] = 0;
				return EMBER_EINVAL;
			}
			if (neg)
				f &= ~(1u << i);
			else
				f |= detected & (1u << i);
		}
		p = *e ? e + 1 : e;
	}
	*out = f;
	return 0;
}

static void init_state(void)
{
	const char *env;
	uint32_t f;

	if (state_ready)
		return;
	detected = detect();
	enabled = detected;
	env = getenv("EMBER_CPUCAP");
	if (env != NULL) {
		if (parse(env, &f) == 0) {
			enabled = f;
		} else {
			env_status = EMBER_EINVAL;
			enabled = 0;
		}
	}
	state_ready = 1;
}

uint32_t ember_cpu_features(void)
{
	init_state();
	return enabled;
}

void ember_cpu_identify(ember_cpu_id *id)
{
	init_state();
	*id = ident;
}

uint32_t ember_cpu_detected(void)
{
	init_state();
	return detected;
}

int ember_cpu_has(uint32_t mask)
{
	return (ember_cpu_features() & mask) == mask;
}

int ember_cpu_override(const char *spec, const char **bad)
{
	uint32_t f;

	init_state();
	if (parse(spec ? spec : "", &f) != 0) {
		if (bad)
			*bad = bad_word;
		return EMBER_EINVAL;
	}
	enabled = f;
	env_status = 0;
	return 0;
}

int ember_cpu_status(const char **bad)
{
	init_state();
	if (env_status && bad)
		*bad = bad_word;
	return env_status;
}

void ember_cpu_describe(char *buf, size_t buf_len)
{
	size_t used = 0;
	unsigned i;

	init_state();
	if (buf_len == 0)
		return;
	buf[0] = 0;
	for (i = 0; i < EMBER_CPU_NFEATURES; i++) {
		const char *mark;
		size_t n;
		if (!(detected & (1u << i)))
			continue;
		mark = (enabled & (1u << i)) ? "" : "~";
		n = strlen(mark) + strlen(feature_names[i]) + (used ? 1 : 0);
		if (used + n + 1 > buf_len)
			break;
		if (used)
			buf[used++] = ' ';
		used += (size_t)(strcpy(buf + used, mark), strlen(mark));
		strcpy(buf + used, feature_names[i]);
		used += strlen(feature_names[i]);
	}
	if (used == 0 && buf_len > 4)
		strcpy(buf, "none");
}
