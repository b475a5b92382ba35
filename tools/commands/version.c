/*
 * version.c - `ember version [-a]`: the modern form of openssl's
 * "built on:", "options:", "compiler:" lines.
 */
#include <string.h>

#include "ember/bn.h"
#include "ember/cipher.h"
#include "ember/cpu.h"
#include "ember/hash.h"
#include "ember/util.h"
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
	return tool_stdout_finish("version");
}
