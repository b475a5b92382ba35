/*
 * fuzz_vecfile.c - the test-vector readers (Key = Value stanzas, kat/ lines,
 * hex) on arbitrary bytes.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static t_vec v;
	int i, mode;
	uint8_t *bytes;
	size_t n;

	if (size == 0)
		return 0;
	mode = data[0] & 1;
	memset(&v, 0, sizeof(v));
	v.path = "fuzz";
	v.f = fmemopen((void *)(data + 1), size - 1, "r");
	if (v.f == NULL)
		return 0;
	while (mode ? t_kat_next(&v) : t_vec_next(&v)) {
		for (i = 0; i < v.n; i++) {
			if (t_vec_bytes(&v, v.key[i], &bytes, &n) == 0)
				free(bytes);
		}
	}
	fclose(v.f);
	return 0;
}
