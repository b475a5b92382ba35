/*
 * fuzz_speedparse.c - the reader behind `ember compare` and `ember report`
 * (every openssl/ember speed format, JSON included) on arbitrary bytes:
 * never a crash, and a parse that succeeds yields finite, positive rates,
 * rows whose stored samples fit their array (nsamples <= cap, issue 19
 * defect 1) and strings with no terminal control character (C0 but tab,
 * DEL, C1 as UTF-8; defect 8), since compare prints them to a terminal.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "speedparse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_text(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;

	for (; u && *u; u++)
		if ((*u < 0x20 && *u != '\t') || *u == 0x7f || (u[0] == 0xc2 && u[1] >= 0x80 && u[1] < 0xa0))
			abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	sp_file f;
	char err[512];
	FILE *sink = fopen("/dev/null", "w");
	size_t i;

	if (sp_parse("fuzz", (const char *)data, size, &f, sink, err, sizeof(err)) == 0) {
		for (i = 0; i < f.nrows; i++) {
			const sp_row *r = &f.rows[i];
			if (!isfinite(r->value) || r->value < 0 || r->nsamples > r->cap || r->runs < 1 ||
			    (r->nsamples && r->nsamples != r->runs))
				abort();
			check_text(r->name);
			check_text(r->impl);
			check_text(r->op);
		}
		check_text(f.version);
		check_text(f.engine);
		check_text(f.compiler);
		check_text(f.options);
		check_text(f.platform);
		check_text(f.built_on);
		check_text(f.cpuinfo);
		sp_free(&f);
	}
	if (sink)
		fclose(sink);
	return 0;
}
