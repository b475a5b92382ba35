/*
 * speed_pk.c - placeholder for the public-key operations of `ember speed`:
 * it knows openssl speed's words (so they are recognised, grouped and
 * reported clearly) but has no key to time yet. The public-key helper's
 * speed_pk.c replaces this file, with the same functions.
 */
#include <stdio.h>
#include <string.h>

#include "ember/util.h"
#include "speed_pk.h"

static const struct {
	const char *word;
	unsigned bits;
} words[] = {
	{ "rsa512", 512 }, { "rsa1024", 1024 }, { "rsa2048", 2048 }, { "rsa3072", 3072 },
	{ "rsa4096", 4096 }, { "dsa512", 512 }, { "dsa1024", 1024 }, { "dsa2048", 2048 },
};

unsigned speed_pk_bits(const char *word)
{
	size_t i;

	for (i = 0; word && i < sizeof(words) / sizeof(words[0]); i++)
		if (strcmp(word, words[i].word) == 0)
			return words[i].bits;
	return 0;
}

int speed_pk_known(const char *word)
{
	return speed_pk_bits(word) != 0;
}

speed_pk *speed_pk_new(const char *word, const char *keyfile, char *err, size_t err_len)
{
	(void)keyfile;
	snprintf(err, err_len, "%s: %s", word,
	    speed_pk_known(word) ? "public-key algorithms are not in this build yet" : "unknown public-key word");
	return NULL;
}

int speed_pk_sign(speed_pk *k)
{
	(void)k;
	return EMBER_ENOTSUP;
}

int speed_pk_verify(speed_pk *k)
{
	(void)k;
	return EMBER_ENOTSUP;
}

int speed_pk_selftest(speed_pk *k)
{
	(void)k;
	return EMBER_ENOTSUP;
}

void speed_pk_free(speed_pk *k)
{
	(void)k;
}
