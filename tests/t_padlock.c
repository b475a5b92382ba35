/*
 * t_padlock.c - VIA/Zhaoxin PadLock detection and the kernel's drivers
 * from /proc/crypto (tools/engines/padlock.c, kengine.c).
 *
 * No emulator implements PadLock, so the decoder is tested on CPUID values
 * recorded on real processors. Each record below is copied from a dump in
 * libcpuid's test suite (https://github.com/anrieff/libcpuid, tests/),
 * made with its cpuid_tool on the named processor; the dump's lines read
 * "CPUID leaf: EAX-EBX-ECX-EDX". The bits are Linux's
 * arch/x86/include/asm/cpufeatures.h word 5 (CPUID 0xC0000001 EDX):
 * XSTORE 2/3, XCRYPT 6/7, ACE2 8/9, PHE 10/11, PMM 12/13 (present/enabled).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "kengine.h"
#include "padlock.h"
#include "test.h"

#define ALL (PADLOCK_RNG | PADLOCK_ACE | PADLOCK_ACE2 | PADLOCK_PHE | PADLOCK_PMM)

/* leaf 0's EBX, EDX, ECX (string order) for "CentaurHauls", as every record below has it */
static const uint32_t centaur[3] = { 0x746e6543, 0x48727561, 0x736c7561 };

static const struct {
	const char *cpu, *source;
	uint32_t max_ext, edx;
	unsigned present, enabled;
} recorded[] = {
	/* CPUID c0000000: c0000001-...; c0000001: ...-0000001d. Nehemiah stepping 3:
	 * the RNG only (ACE came with later Nehemiah steppings) */
	{ "VIA C3 Nehemiah (family 6 model 9 stepping 3)",
	    "https://github.com/anrieff/libcpuid/blob/0ce318ee58db683d27de5ded93db8d9468bd8bee/tests/via/nehemiah/c3.test",
	    0xC0000001, 0x0000001D, PADLOCK_RNG, PADLOCK_RNG },
	/* CPUID C0000000: C0000002-...; C0000001: ...-00003FCC */
	{ "VIA C7 Esther 1500 MHz (family 6 model 10 stepping 9)",
	    "https://github.com/anrieff/libcpuid/blob/0ce318ee58db683d27de5ded93db8d9468bd8bee/tests/via/esther/c7.test",
	    0xC0000002, 0x00003FCC, ALL, ALL },
	/* CPUID C0000000: C0000004-...; C0000001: 000006F2-...-00070DCC: ACE2 present, not enabled; no PMM */
	{ "VIA Nano L2200 Isaiah (family 6 model 15 stepping 2)",
	    "https://github.com/anrieff/libcpuid/blob/959edc34e742268e875e4fce315a476f00f642df/tests/via/isaiah/nano-l-2000.test",
	    0xC0000004, 0x00070DCC, PADLOCK_RNG | PADLOCK_ACE | PADLOCK_ACE2 | PADLOCK_PHE,
	    PADLOCK_RNG | PADLOCK_ACE | PADLOCK_PHE },
	/* CPUID C0000000: C0000005-...; C0000001: 000307B2-...-1EC03DFF (vendor "CentaurHauls", not "  Shanghai  ") */
	{ "Zhaoxin KaiXian KX-6000G LuJiaZui (family 7 model 59)",
	    "https://github.com/anrieff/libcpuid/blob/0ce318ee58db683d27de5ded93db8d9468bd8bee/tests/zhaoxin/lujiazui/kaixian-kx-6000g.test",
	    0xC0000005, 0x1EC03DFF, ALL, PADLOCK_RNG | PADLOCK_ACE | PADLOCK_PHE | PADLOCK_PMM },
	/* CPUID C0000000: C0000005-...; C0000001: 000507B3-...-1EC33DFF (vendor "CentaurHauls") */
	{ "Zhaoxin KaiSheng KH-40000 YongFeng (family 7 model 91)",
	    "https://github.com/anrieff/libcpuid/blob/3b8b7dfaf8b9c955f84d14f79e3cc83dd79e0347/tests/zhaoxin/yongfeng/kaisheng-hk-40000.test",
	    0xC0000005, 0x1EC33DFF, ALL, PADLOCK_RNG | PADLOCK_ACE | PADLOCK_PHE | PADLOCK_PMM },
};

EMBER_TEST(padlock_decode_recorded)
{
	size_t i;

	for (i = 0; i < sizeof(recorded) / sizeof(recorded[0]); i++) {
		padlock_info p;
		int r = padlock_decode(centaur, recorded[i].max_ext, recorded[i].edx, &p);
		CHECK(r == 1 && p.vendor == 1 && p.leaf == 1, "%s: decode %d vendor %d leaf %d (%s)", recorded[i].cpu, r,
		    p.vendor, p.leaf, recorded[i].source);
		CHECK(p.present == recorded[i].present && p.enabled == recorded[i].enabled,
		    "%s: present %#x enabled %#x, want %#x %#x (%s)", recorded[i].cpu, p.present, p.enabled,
		    recorded[i].present, recorded[i].enabled, recorded[i].source);
	}
}

EMBER_TEST(padlock_decode_format)
{
	padlock_info p;
	char buf[160];

	padlock_decode(centaur, 0xC0000004, 0x00070DCC, &p); /* the Nano above */
	padlock_format(&p, buf, sizeof(buf));
	CHECK(strcmp(buf, "rng ace ace2(disabled) phe") == 0, "Nano: %s", buf);
	padlock_decode(centaur, 0xC0000002, 0x00003FCC, &p); /* the C7 above */
	padlock_format(&p, buf, sizeof(buf));
	CHECK(strcmp(buf, "rng ace ace2 phe pmm") == 0, "C7: %s", buf);
	/* cut short: still NUL-terminated within the buffer */
	padlock_format(&p, buf, 6);
	CHECK(strlen(buf) <= 5 && strncmp(buf, "rng a", strlen(buf)) == 0, "short buffer: %s", buf);
	CHECK(strcmp(padlock_unit_name(4), "pmm") == 0 && padlock_unit_name(PADLOCK_NUNITS) == NULL, "unit names");
}

EMBER_TEST(padlock_decode_other_cpus)
{
	/* "GenuineIntel" and "AuthenticAMD" as leaf 0 gives them (EBX, EDX, ECX): no PadLock
	 * whatever the other values (Intel answers 0xC0000000 with data of its last basic leaf) */
	static const uint32_t intel[3] = { 0x756e6547, 0x49656e69, 0x6c65746e };
	static const uint32_t amd[3] = { 0x68747541, 0x69746e65, 0x444d4163 };
	/* not recorded: "  Shanghai  " built from its bytes (no dump with this vendor string was
	 * found; every Zhaoxin dump found says "CentaurHauls") */
	static const uint32_t shanghai[3] = { 0x68532020, 0x68676e61, 0x20206961 };
	padlock_info p;
	char buf[80];
	int r;

	r = padlock_decode(intel, 0xC0000005, 0xFFFFFFFF, &p);
	CHECK(r == 0 && !p.vendor && !p.leaf && p.present == 0 &&
	    p.enabled == 0, "Intel: vendor %d present %#x", p.vendor, p.present);
	padlock_format(&p, buf, sizeof(buf));
	CHECK(strcmp(buf, "not a VIA/Zhaoxin CPU") == 0, "Intel: %s", buf);
	r = padlock_decode(amd, 0xC0000001, 0x3FCC, &p);
	CHECK(r == 0 && !p.vendor && p.present == 0, "AMD: present %#x",
	    p.present);
	r = padlock_decode(shanghai, 0xC0000001, 0x3FCC, &p);
	CHECK(r == 1 && p.vendor && p.present == ALL && p.enabled == ALL,
	    "\"  Shanghai  \": vendor %d present %#x", p.vendor, p.present);
}

EMBER_TEST(padlock_decode_no_leaf_or_disabled)
{
	padlock_info p;
	char buf[120];
	int r;

	/* the C7's EDX, but 0xC0000000 does not reach 0xC0000001: the EDX is not read */
	r = padlock_decode(centaur, 0xC0000000, 0x3FCC, &p);
	CHECK(r == 0 && p.vendor && !p.leaf && p.present == 0,
	    "max 0xC0000000: leaf %d present %#x", p.leaf, p.present);
	r = padlock_decode(centaur, 0, 0x3FCC, &p);
	CHECK(r == 0 && p.vendor && !p.leaf && p.present == 0,
	    "max 0: leaf %d present %#x", p.leaf, p.present);
	padlock_format(&p, buf, sizeof(buf));
	CHECK(strncmp(buf, "no PadLock unit", 15) == 0, "no leaf: %s", buf);
	/* every unit present, none enabled (the BIOS or an MSR left them off) */
	r = padlock_decode(centaur, 0xC0000001, 0x1544, &p);
	CHECK(r == 1 && p.present == ALL && p.enabled == 0,
	    "present, disabled: present %#x enabled %#x", p.present, p.enabled);
	padlock_format(&p, buf, sizeof(buf));
	CHECK(strcmp(buf, "rng(disabled) ace(disabled) ace2(disabled) phe(disabled) pmm(disabled)") == 0, "disabled: %s",
	    buf);
	/* an enable bit without its present bit means nothing */
	r = padlock_decode(centaur, 0xC0000001, 0x2A88, &p);
	CHECK(r == 0 && p.present == 0 && p.enabled == 0,
	    "enable bits alone: present %#x enabled %#x", p.present, p.enabled);
}

/* This CPU: the probe agrees with the decoder, and on x86 speaks of PadLock. */
EMBER_TEST(padlock_describe_here)
{
	padlock_info p;
	char buf[160], again[160];

	padlock_detect(&p);
	padlock_format(&p, again, sizeof(again));
	padlock_describe(buf, sizeof(buf));
#if defined(__i386__) || defined(__x86_64__)
	CHECK(strcmp(buf, again) == 0, "describe %s, format %s", buf, again);
#else
	CHECK(strcmp(buf, "not an x86 CPU") == 0 && p.present == 0, "describe: %s", buf);
#endif
	CHECK(buf[0] != 0, "empty description");
}

static char *fixture(const char *name, size_t *len)
{
	char path[4096];
	FILE *f;
	char *buf;
	long n;

	snprintf(path, sizeof(path), "%s/../fixtures/proc-crypto/%s", t_vec_dir, name);
	f = fopen(path, "rb");
	if (!CHECK(f != NULL, "%s: %s", path, strerror(errno)))
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	if (buf == NULL || fread(buf, 1, (size_t)n, f) != (size_t)n) {
		CHECK(0, "%s: cannot read", path);
		free(buf);
		fclose(f);
		return NULL;
	}
	fclose(f);
	buf[n] = 0;
	*len = (size_t)n;
	return buf;
}

/* Counts "\nname " line starts independently of the parser. */
static int count_names(const char *text)
{
	int n = strncmp(text, "name ", 5) == 0;
	const char *p = text;

	while ((p = strstr(p, "\nname ")) != NULL) {
		n++;
		p++;
	}
	return n;
}

EMBER_TEST(kcrypto_parse_via_written)
{
	size_t len, k;
	char *text = fixture("via-padlock-written.txt", &len), buf[1024];
	kcrypto_alg algs[32];
	const kcrypto_alg *d[4];
	int n;

	if (text == NULL)
		return;
	n = kcrypto_parse(text, len, algs, 32);
	CHECK(n == 11 && n == count_names(text), "entries: %d, name lines %d", n, count_names(text));
	k = kcrypto_drivers(algs, (size_t)n, "cbc(aes)", d, 4);
	CHECK(k == 1 && strcmp(d[0]->driver, "cbc-aes-padlock") == 0 && d[0]->priority == 400 &&
	    strcmp(d[0]->module, "padlock_aes") == 0 && strcmp(d[0]->type, "skcipher") == 0 && d[0]->selftest == 1 &&
	    !d[0]->internal, "cbc(aes): %zu, %s %ld %s", k, k ? d[0]->driver : "", k ? d[0]->priority : 0L,
	    k ? d[0]->module : "");
	k = kcrypto_drivers(algs, (size_t)n, "ecb(aes)", d, 4);
	CHECK(k == 1 && strcmp(d[0]->driver, "ecb-aes-padlock") == 0 && d[0]->priority == 400, "ecb(aes)");
	k = kcrypto_drivers(algs, (size_t)n, "aes", d, 4);
	CHECK(k == 2 && strcmp(d[0]->driver, "aes-padlock") == 0 && d[0]->priority == 300 &&
	    strcmp(d[1]->driver, "aes-generic") == 0 && d[1]->priority == 100, "aes: %zu", k);
	k = kcrypto_drivers(algs, (size_t)n, "sha1", d, 4);
	CHECK(k == 2 && strcmp(d[0]->driver, "sha1-padlock") == 0 && d[0]->priority == 300 &&
	    strcmp(d[0]->module, "padlock_sha") == 0 && strcmp(d[1]->driver, "sha1-generic") == 0, "sha1: %zu", k);
	/* max 1 still returns the first, though the generic one is not listed first */
	k = kcrypto_drivers(algs, (size_t)n, "sha256", d, 1);
	CHECK(k == 2 && strcmp(d[0]->driver, "sha256-padlock") == 0, "sha256 max 1: %zu %s", k, d[0]->driver);
	k = kcrypto_drivers(algs, (size_t)n, "md5", d, 4);
	CHECK(k == 1 && d[0]->priority == 0 && strcmp(d[0]->driver, "md5-generic") == 0, "md5");
	CHECK(kcrypto_drivers(algs, (size_t)n, "gcm(aes)", d, 4) == 0, "gcm(aes) is not in the file");
	/* the PadLock report: five drivers, each first for its name */
	CHECK(padlock_kernel(algs, (size_t)n, buf, sizeof(buf)) == 5, "padlock drivers first: %s", buf);
	CHECK(strstr(buf, "padlock-aes: ") == buf && strstr(buf, "cbc-aes-padlock 400 (first for cbc(aes))") &&
	    strstr(buf, "ecb-aes-padlock 400 (first for ecb(aes))") && strstr(buf, "aes-padlock 300 (first for aes)") &&
	    strstr(buf, "; padlock-sha: ") && strstr(buf, "sha1-padlock 300 (first for sha1)") &&
	    strstr(buf, "sha256-padlock 300 (first for sha256)"), "padlock_kernel: %s", buf);
	/* a store too small: the count is still the file's */
	CHECK(kcrypto_parse(text, len, algs, 3) == 11 && strcmp(algs[2].driver, "cbc-aes-padlock") == 0,
	    "short store");
	free(text);
}

EMBER_TEST(kcrypto_parse_this_machine)
{
	size_t len, k;
	char *text = fixture("this-machine-6.18.txt", &len), buf[512];
	kcrypto_alg *algs;
	const kcrypto_alg *d[4];
	int n;

	if (text == NULL)
		return;
	n = kcrypto_parse(text, len, NULL, 0);
	CHECK(n == 56 && n == count_names(text), "entries: %d, name lines %d", n, count_names(text));
	algs = calloc((size_t)(n > 0 ? n : 1), sizeof(*algs));
	if (n <= 0 || algs == NULL) {
		free(text);
		free(algs);
		return;
	}
	CHECK(kcrypto_parse(text, len, algs, (size_t)n) == n, "second parse");
	k = kcrypto_drivers(algs, (size_t)n, "cbc(aes)", d, 4);
	CHECK(k == 1 && strcmp(d[0]->driver, "cbc(ecb(aes-fixed-time))") == 0 && d[0]->priority == 101 &&
	    strcmp(d[0]->module, "kernel") == 0 && strcmp(d[0]->type, "lskcipher") == 0, "cbc(aes): %zu", k);
	k = kcrypto_drivers(algs, (size_t)n, "aes", d, 4);
	CHECK(k == 2 && strcmp(d[0]->driver, "aes-fixed-time") == 0 && d[0]->priority == 101 &&
	    strcmp(d[1]->driver, "aes-generic") == 0 && d[1]->priority == 100, "aes: %zu", k);
	k = kcrypto_drivers(algs, (size_t)n, "sha256", d, 4);
	CHECK(k == 1 && strcmp(d[0]->driver, "sha256-lib") == 0 && d[0]->priority == 300, "sha256: %zu", k);
	k = kcrypto_drivers(algs, (size_t)n, "stdrng", d, 4);
	CHECK(k == 18 && d[0]->priority >= d[1]->priority && d[1]->priority >= d[2]->priority &&
	    d[2]->priority >= d[3]->priority, "stdrng: %zu, sorted", k);
	CHECK(padlock_kernel(algs, (size_t)n, buf, sizeof(buf)) == 0 &&
	    strcmp(buf, "padlock-aes: not listed; padlock-sha: not listed") == 0, "no PadLock here: %s", buf);
	free(algs);
	free(text);
}

EMBER_TEST(kcrypto_parse_refuses)
{
	static const struct {
		const char *what, *text;
		int want;
	} cases[] = {
		{ "empty", "", 0 },
		{ "blank lines only", "\n\n", 0 },
		{ "no final newline", "name : a\ndriver : a-x\nmodule : kernel\npriority : 7", 1 },
		{ "CRLF", "name : a\r\ndriver : a-x\r\nmodule : kernel\r\npriority : 7\r\n\r\nname : b\r\ndriver : b\r\n"
		    "module : m\r\npriority : 1\r\n", 2 },
		{ "a line without ':'", "name : a\ndriver : a-x\nmodule kernel\npriority : 7\n", -1 },
		{ "block not starting with name", "driver : a-x\nname : a\nmodule : kernel\npriority : 7\n", -1 },
		{ "two names in a block", "name : a\nname : b\ndriver : a-x\nmodule : kernel\npriority : 7\n", -1 },
		{ "no priority", "name : a\ndriver : a-x\nmodule : kernel\n", -1 },
		{ "no driver", "name : a\nmodule : kernel\npriority : 1\n", -1 },
		{ "no module", "name : a\ndriver : a-x\npriority : 1\n", -1 },
		{ "priority not a number", "name : a\ndriver : a-x\nmodule : kernel\npriority : 1x\n", -1 },
		{ "priority empty", "name : a\ndriver : a-x\nmodule : kernel\npriority :\n", -1 },
		{ "priority too long", "name : a\ndriver : a-x\nmodule : kernel\npriority : 12345678901\n", -1 },
		{ "second block broken", "name : a\ndriver : a-x\nmodule : kernel\npriority : 7\n\nname : b\n", -1 },
	};
	char big[400];
	kcrypto_alg a[2];
	size_t i;
	int r;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		r = kcrypto_parse(cases[i].text, strlen(cases[i].text), a, 2);
		CHECK(r == cases[i].want, "%s: %d, want %d", cases[i].what, r, cases[i].want);
	}
	r = kcrypto_parse(cases[3].text, strlen(cases[3].text), a, 2);
	CHECK(r == 2 && strcmp(a[0].driver, "a-x") == 0 && a[0].priority == 7 && strcmp(a[1].module, "m") == 0,
	    "CRLF values: %s %ld", a[0].driver, a[0].priority);
	/* internal, selftest, negative priority (cra_priority is printed with %d) */
	{
		static const char t[] = "name : __x\ndriver : __x-aesni\nmodule : kernel\npriority : -5\ninternal : yes\n"
					"selftest : unknown\n";
		r = kcrypto_parse(t, sizeof(t) - 1, a, 2);
	}
	CHECK(r == 1 && a[0].internal == 1 && a[0].selftest == -1 && a[0].priority == -5, "internal: %d %d %d %ld", r,
	    a[0].internal, a[0].selftest, a[0].priority);
	{
		static const char t[] = "name : x\ndriver : x\nmodule : kernel\npriority : 1\nselftest : failed\n";
		r = kcrypto_parse(t, sizeof(t) - 1, a, 2);
	}
	CHECK(r == 1 && a[0].selftest == -1 && a[0].internal == 0, "selftest failed: %d %d", r, a[0].selftest);
	/* no selftest line at all (older kernels): 0 */
	r = kcrypto_parse(cases[2].text, strlen(cases[2].text), a, 2);
	CHECK(r == 1 && a[0].selftest == 0, "no selftest line: %d %d", r, a[0].selftest);
	/* a name longer than the kernel's CRYPTO_MAX_ALG_NAME (128) is refused, not cut */
	memset(big, 'n', sizeof(big));
	memcpy(big, "name : ", 7);
	snprintf(big + 7 + 128, sizeof(big) - 7 - 128, "\ndriver : d\nmodule : m\npriority : 1\n");
	CHECK(kcrypto_parse(big, strlen(big), a, 2) == -1, "a 128-byte name was accepted");
	/* the bounded cursor: a block cut inside a line, at every length, never reads past |len| */
	for (i = 0; i < strlen(cases[3].text); i++)
		CHECK(kcrypto_parse(cases[3].text, i, a, 2) >= -1, "cut at %zu", i);
}

EMBER_TEST(padlock_afalg_offload_release)
{
	static const struct {
		const char *release;
		int want;
	} cases[] = {
		{ "6.18.44-fc-v1098", 1 }, { "5.10.0-28-686-pae", 1 }, { "2.6.32", 1 }, { "7.1.9", 1 }, { "7.2", 0 },
		{ "7.2.0-rc1", 0 }, { "7.10.1", 0 }, { "8.0.0", 0 }, { "", -1 }, { "unknown", -1 }, { "7", -1 }, { "7.x", -1 },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int r = padlock_afalg_offload(cases[i].release);
		CHECK(r == cases[i].want, "%s: %d, want %d", cases[i].release, r, cases[i].want);
	}
}

/* The live /proc/crypto, whatever AF_ALG says. */
EMBER_TEST(kcrypto_read_live)
{
	char err[256], *text;
	size_t len;
	int n;

	text = kcrypto_read(&len, err, sizeof(err));
	if (text == NULL) {
		t_skip("%s", err);
		return;
	}
	n = kcrypto_parse(text, len, NULL, 0);
	CHECK(n >= 0 && n == count_names(text), "live /proc/crypto: %d entries, %d name lines", n, count_names(text));
	CHECK(strlen(text) == len, "length %zu, text %zu", len, strlen(text));
	free(text);
	CHECK(kcrypto_ember_name(0) != NULL && strcmp(kcrypto_ember_name(0), "md4") == 0, "the first Ember name");
}

EMBER_TEST(padlock_cli_version)
{
	char cmd[4096], *out = NULL, *err = NULL;
	int st;

	if (t_ember_bin == NULL) {
		t_skip("no ember binary (-e)");
		return;
	}
	snprintf(cmd, sizeof(cmd), "'%s' version -a", t_ember_bin);
	st = t_run_cmd(cmd, &out, &err);
	CHECK(st == 0 && out != NULL, "version -a: exit %d, stderr %s", st, err ? err : "");
	if (out != NULL) {
#if defined(__i386__) || defined(__x86_64__)
		char want[200];
		padlock_describe(want, sizeof(want));
		CHECK(strstr(out, "\nPadLock: ") != NULL && strstr(out, want) != NULL, "no PadLock line (want %s): %s", want,
		    out);
#endif
		CHECK(strstr(out, "\nkernel crypto: Linux ") != NULL && strstr(out, "; AF_ALG sockets: ") != NULL,
		    "no kernel crypto line: %s", out);
		/* what /proc/crypto lists for sha256 here, when it lists it, is on its own line */
		{
			char e[256], *text = kcrypto_read(&(size_t){ 0 }, e, sizeof(e));
			if (text != NULL && strstr(text, "\nname         : sha256\n") != NULL)
				CHECK(strstr(out, "\n  sha256: ") != NULL, "no sha256 driver line: %s", out);
			free(text);
		}
	}
	free(out);
	free(err);
}
