/*
 * fuzz_cpucap.c - the EMBER_CPUCAP parser on arbitrary strings: never a
 * crash, and a refused word leaves the mask unchanged.
 */
#include <stdlib.h>
#include <string.h>

#include "ember/cpu.h"
#include "ember/util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char spec[512];
	const char *bad = NULL;
	uint32_t before = ember_cpu_features();

	if (size >= sizeof(spec))
		size = sizeof(spec) - 1;
	memcpy(spec, data, size);
	spec[size] = 0;
	if (ember_cpu_override(spec, &bad) != 0) {
		if (bad == NULL || ember_cpu_features() != before)
			abort();
	} else if ((ember_cpu_features() & ~ember_cpu_detected()) != 0) {
		abort(); /* a feature the CPU lacks was turned on */
	}
	return 0;
}
