/*
 * version.c - `ember version [-a]`: the modern form of openssl's
 * "built on:", "options:", "compiler:" lines.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "ember/bn.h"
#include "ember/cipher.h"
#include "ember/cpu.h"
#include "ember/hash.h"
#include "ember/util.h"
#include "kengine.h"
#include "padlock.h"
#include "tool.h"

#ifndef EMBER_BUILD_CC
#define EMBER_BUILD_CC "unknown"
#endif
#ifndef EMBER_BUILD_FLAGS
#define EMBER_BUILD_FLAGS "unknown"
#endif
#ifndef EMBER_BUILD_TARGET
#define EMBER_BUILD_TARGET "unknown"
#endif

const char tool_build_cc[] = EMBER_BUILD_CC;
const char tool_build_flags[] = EMBER_BUILD_FLAGS;
const char tool_build_target[] = EMBER_BUILD_TARGET;
const char tool_build_date[] = __DATE__ " " __TIME__;

/* Appends " name:impl" unless |name| is already listed. */
static void append(char *buf, size_t len, const char *name, const char *impl)
{
	char key[80];
	size_t used = strlen(buf);

	snprintf(key, sizeof(key), " %s:", name);
	if (strncmp(buf, key + 1, strlen(key + 1)) == 0 || strstr(buf, key) != NULL)
		return;
	snprintf(buf + used, len - used, "%s%s:%s", used ? " " : "", name, impl);
}

void tool_describe_impls(char *buf, size_t len)
{
	size_t i;

	buf[0] = 0;
	for (i = 0; i < ember_hash_count(); i++) {
		const ember_hash_desc *d = ember_hash_find(ember_hash_at(i)->name, NULL);
		if (d)
			append(buf, len, d->name, d->impl);
	}
	for (i = 0; i < ember_block_count(); i++) {
		const ember_block_desc *d = ember_block_find(ember_block_at(i)->name, NULL);
		if (d)
			append(buf, len, d->name, d->impl);
	}
	{
		/* the Montgomery backend behind RSA and DSA */
		const ember_bn_mont_desc *m = ember_bn_mont_find(NULL);
		if (m)
			append(buf, len, "bn", m->impl);
	}
}

/* The running kernel's release ("6.1.0-18-amd64"), "unknown" when uname fails. */
static void kernel_release(char *buf, size_t len)
{
	struct utsname u;

	snprintf(buf, len, "%s", uname(&u) == 0 ? u.release : "unknown");
}

/*
 * "PadLock:" (x86 only) and "kernel crypto:": what the CPU has, and the
 * kernel's drivers for the algorithms Ember has, from /proc/crypto, listed
 * even when AF_ALG sockets are refused. Ember implements no PadLock code:
 * the units are timed, when the kernel allows, through -engine afalg.
 */
static void print_kernel_engines(void)
{
	char err[256], afalg[300], rel[128], line[2048];
	kcrypto_alg *algs = NULL;
	size_t len = 0, n = 0, i, j;
	char *text = kcrypto_read(&len, err, sizeof(err));
	int total = -1, afalg_ok;

	kernel_release(rel, sizeof(rel));
	afalg_ok = afalg_probe(afalg, sizeof(afalg)) == 0;
	if (text != NULL) {
		total = kcrypto_parse(text, len, NULL, 0);
		if (total > 0 && (algs = calloc((size_t)total, sizeof(*algs))) != NULL)
			n = (size_t)kcrypto_parse(text, len, algs, (size_t)total);
		else if (total < 0)
			snprintf(err, sizeof(err), "/proc/crypto: not in the format Ember reads");
		else if (total > 0)
			snprintf(err, sizeof(err), "/proc/crypto: out of memory");
		free(text);
	}
#if defined(__i386__) || defined(__x86_64__)
	{
		padlock_info p;
		padlock_detect(&p);
		padlock_format(&p, line, sizeof(line));
		printf("PadLock: %s", line);
		if (p.present) {
			int first = padlock_kernel(algs, n, line, sizeof(line)), offload = padlock_afalg_offload(rel);
			printf(" (Ember has no PadLock code); kernel: %s; through -engine afalg: %s (Linux %s)",
			    algs != NULL ? line : total == 0 ? "/proc/crypto lists no algorithm" : err,
			    !afalg_ok      ? "no, AF_ALG sockets are refused"
			        : offload == 0 ? "no, from Linux 7.2 on AF_ALG uses software drivers only"
			        : first == 0   ? "no, no PadLock driver is first for its name"
			        : offload < 0  ? "the drivers marked first, unless this kernel dropped AF_ALG's hardware offload"
			                       : "yes, the drivers marked first",
			    rel);
		}
		printf("\n");
	}
#endif
	printf("kernel crypto: Linux %s; AF_ALG sockets: %s%s; hardware flag: not read (crypto_user netlink not queried)\n",
	    rel, afalg_ok ? "open" : "refused: ", afalg_ok ? "" : afalg);
	if (algs == NULL) {
		printf("  %s\n", total == 0 ? "/proc/crypto lists no algorithm" : err);
		return;
	}
	line[0] = 0;
	for (i = 0; kcrypto_ember_name(i) != NULL; i++) {
		const char *name = kcrypto_ember_name(i);
		const kcrypto_alg *d[8];
		size_t k = kcrypto_drivers(algs, n, name, d, 8);
		if (k == 0) {
			size_t used = strlen(line);
			snprintf(line + used, sizeof(line) - used, " %s", name);
			continue;
		}
		printf("  %s:", name);
		for (j = 0; j < k && j < 8; j++)
			printf("%s %s (%ld, %s%s%s)", j ? "," : "", d[j]->driver, d[j]->priority, d[j]->module,
			    d[j]->internal ? ", internal" : "",
			    d[j]->selftest < 0 ? ", not self-tested" : "");
		if (k > 8)
			printf(", and %zu more", k - 8);
		printf("\n");
	}
	if (line[0])
		printf("  not listed:%s (a template such as cbc(aes) is listed once something has used it)\n", line);
	free(algs);
}

int cmd_version(int argc, char **argv)
{
	int all = 0, i;
	char buf[4096];

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-a") == 0)
			all = 1;
		else
			return tool_error("version", "unknown option '%s'", argv[i]);
	}
	printf("Ember %s\n", ember_version());
	if (!all)
		return tool_stdout_finish("version");
	printf("built on: %s\n", tool_build_date);
	printf("platform: %s\n", tool_build_target);
	printf("compiler: %s\n", tool_build_cc);
	printf("options: %s\n", tool_build_flags);
	ember_cpu_describe(buf, sizeof(buf));
	printf("CPUINFO: %s\n", buf);
	{
		static const char *const vendors[] = { "other", "Intel", "AMD" };
		ember_cpu_id id;
		ember_cpu_identify(&id);
		printf("cpu: %s, family %u, model %u (the registry's rules on defaults read these)\n",
		    vendors[id.vendor >= 0 && id.vendor <= 2 ? id.vendor : 0], id.family, id.model);
	}
	tool_describe_impls(buf, sizeof(buf));
	printf("implementations: %s\n", buf);
	print_kernel_engines();
	return tool_stdout_finish("version");
}
