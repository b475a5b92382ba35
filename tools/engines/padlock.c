/*
 * padlock.c - VIA/Zhaoxin PadLock detection (see padlock.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "kengine.h"
#include "padlock.h"

#if (defined(__i386__) || defined(__x86_64__)) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#define PADLOCK_HAVE_CPUID 1
#endif

static const char *const unit_names[PADLOCK_NUNITS] = { "rng", "ace", "ace2", "phe", "pmm" };
/* Linux arch/x86/include/asm/cpufeatures.h, word 5 (CPUID 0xC0000001 EDX):
 * XSTORE 2, XCRYPT 6, ACE2 8, PHE 10, PMM 12; each unit's _EN bit is the next one up. */
static const unsigned unit_bits[PADLOCK_NUNITS] = { 2, 6, 8, 10, 12 };

const char *padlock_unit_name(unsigned i)
{
	return i < PADLOCK_NUNITS ? unit_names[i] : NULL;
}

/* The 12 vendor bytes from the registers in string order, each little-endian. */
static void vendor_string(const uint32_t regs[3], char out[13])
{
	int i, k;

	for (i = 0; i < 3; i++)
		for (k = 0; k < 4; k++)
			out[i * 4 + k] = (char)(regs[i] >> (8 * k) & 0xff);
	out[12] = 0;
}

int padlock_decode(const uint32_t vendor_regs[3], uint32_t max_ext, uint32_t edx, padlock_info *out)
{
	char v[13];
	unsigned i;

	memset(out, 0, sizeof(*out));
	vendor_string(vendor_regs, v);
	/* VIA (and Zhaoxin's early parts) say "CentaurHauls"; Zhaoxin "  Shanghai  " */
	if (memcmp(v, "CentaurHauls", 12) != 0 && memcmp(v, "  Shanghai  ", 12) != 0)
		return 0;
	out->vendor = 1;
	/* as Linux's centaur.c/zhaoxin.c: leaf 0xC0000001 only when 0xC0000000 reaches it */
	if (max_ext < 0xC0000001u)
		return 0;
	out->leaf = 1;
	for (i = 0; i < PADLOCK_NUNITS; i++) {
		if (!(edx >> unit_bits[i] & 1))
			continue;
		out->present |= 1u << i;
		if (edx >> (unit_bits[i] + 1) & 1)
			out->enabled |= 1u << i;
	}
	return out->present != 0;
}

int padlock_detect(padlock_info *out)
{
#ifdef PADLOCK_HAVE_CPUID
	unsigned a, b, c, d, max_ext = 0, edx = 0;
	uint32_t regs[3];

	if (!__get_cpuid(0, &a, &b, &c, &d)) {
		memset(out, 0, sizeof(*out));
		return 0;
	}
	regs[0] = b;
	regs[1] = d;
	regs[2] = c;
	if (padlock_decode(regs, 0, 0, out) == 0 && out->vendor) {
		/* the Centaur leaves are read only on a Centaur/Zhaoxin CPU: elsewhere
		 * 0xC0000000 is not defined (Intel answers with its highest basic leaf's data) */
		__cpuid(0xC0000000u, max_ext, b, c, d);
		if (max_ext >= 0xC0000001u)
			__cpuid(0xC0000001u, a, b, c, edx);
	}
	return padlock_decode(regs, max_ext, edx, out);
#else
	memset(out, 0, sizeof(*out));
	return 0;
#endif
}

void padlock_format(const padlock_info *p, char *buf, size_t len)
{
	size_t used = 0;
	unsigned i;

	if (len == 0)
		return;
	buf[0] = 0;
	if (!p->vendor) {
		snprintf(buf, len, "not a VIA/Zhaoxin CPU");
		return;
	}
	if (!p->leaf || p->present == 0) {
		snprintf(buf, len, "no PadLock unit (a VIA/Zhaoxin CPU without CPUID 0xC0000001 units)");
		return;
	}
	for (i = 0; i < PADLOCK_NUNITS && used < len; i++) {
		int n;
		if (!(p->present >> i & 1))
			continue;
		n = snprintf(buf + used, len - used, "%s%s%s", used ? " " : "", unit_names[i],
		    p->enabled >> i & 1 ? "" : "(disabled)");
		if (n < 0)
			break;
		used += (size_t)n;
	}
}

void padlock_describe(char *buf, size_t len)
{
#ifdef PADLOCK_HAVE_CPUID
	padlock_info p;

	padlock_detect(&p);
	padlock_format(&p, buf, len);
#else
	snprintf(buf, len, "not an x86 CPU");
#endif
}

/* Appends to |buf| as snprintf, keeping the NUL within |len|. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void put(char *buf, size_t len, const char *fmt, ...)
{
	size_t used = strlen(buf);
	va_list ap;

	if (used + 1 >= len)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
}

int padlock_kernel(const struct kcrypto_alg *algs, size_t n, char *buf, size_t len)
{
	/* the drivers' names in drivers/crypto/padlock-aes.c and padlock-sha.c */
	static const char *const mods[2] = { "padlock-aes", "padlock-sha" };
	static const char *const marks[2][2] = { { "aes-padlock", NULL }, { "sha1-padlock", "sha256-padlock" } };
	int first = 0, m;

	if (len == 0)
		return 0;
	buf[0] = 0;
	for (m = 0; m < 2; m++) {
		size_t i, listed = 0;
		put(buf, len, "%s%s:", m ? "; " : "", mods[m]);
		for (i = 0; i < n; i++) {
			const kcrypto_alg *top = NULL;
			int k, hit = 0;
			for (k = 0; k < 2; k++)
				if (marks[m][k] && strstr(algs[i].driver, marks[m][k]) != NULL)
					hit = 1;
			if (!hit)
				continue;
			listed++;
			kcrypto_drivers(algs, n, algs[i].name, &top, 1);
			put(buf, len, " %s %ld", algs[i].driver, algs[i].priority);
			if (top == &algs[i] && !algs[i].internal) {
				put(buf, len, " (first for %s)", algs[i].name);
				first++;
			} else {
				put(buf, len, " (%s for %s)", algs[i].internal ? "internal" : "not first", algs[i].name);
			}
		}
		if (listed == 0)
			put(buf, len, " not listed");
	}
	return first;
}

int padlock_afalg_offload(const char *release)
{
	unsigned long major = 0, minor = 0;
	const char *p = release;

	if (*p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9' && major < 100000; p++)
		major = major * 10 + (unsigned long)(*p - '0');
	if (*p++ != '.' || *p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9' && minor < 100000; p++)
		minor = minor * 10 + (unsigned long)(*p - '0');
	return major < 7 || (major == 7 && minor < 2);
}
