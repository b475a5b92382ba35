/*
 * fuzz_speedparse.c - the reader behind `ember compare` and `ember report`
 * (every openssl/ember speed format, JSON included) on arbitrary bytes:
 * never a crash, and a parse that succeeds yields finite, positive rates.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "speedparse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	sp_file f;
	char err[512];
	FILE *sink = fopen("/dev/null", "w");
	size_t i;

	if (sp_parse("fuzz", (const char *)data, size, &f, sink, err, sizeof(err)) == 0) {
		for (i = 0; i < f.nrows; i++)
			if (!isfinite(f.rows[i].value) || f.rows[i].value < 0)
				abort();
		sp_free(&f);
	}
	if (sink)
		fclose(sink);
	return 0;
}
