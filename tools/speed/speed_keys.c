/*
 * speed_keys.c - what the files of `ember speed`'s public-key rows share
 * (speed_keys.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "speed_keys.h"

const void *speed_word_find(const void *table, size_t n, size_t size, const char *word)
{
	const char *p = table;
	size_t i;

	/* C99 6.7.2.1: a pointer to a struct, converted, points to its first member */
	for (i = 0; word != NULL && i < n; i++, p += size)
		if (strcmp(word, *(const char *const *)(const void *)p) == 0)
			return p;
	return NULL;
}

void *speed_key_alloc(const void *entry, const char *word, const char *what, size_t size, char *err,
    size_t err_len)
{
	void *k;

	if (entry == NULL) {
		snprintf(err, err_len, "%s: not a %s of this build", word ? word : "(null)", what);
		return NULL;
	}
	k = calloc(1, size);
	if (k == NULL)
		snprintf(err, err_len, "%s: out of memory", word);
	return k;
}
