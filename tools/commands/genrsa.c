/*
 * genrsa.c - `ember genrsa [-out file] [-f4 | -3] [-traditional] [numbits]`:
 * a new RSA key (default 2048 bits, e = 65537), written as OpenSSL 3 does:
 * PKCS#8 PEM ("BEGIN PRIVATE KEY"), or PKCS#1 with -traditional.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pkeyutil.h"
#include "tool.h"

int cmd_genrsa(int argc, char **argv)
{
	const char *out = NULL;
	unsigned long bits = 2048;
	uint32_t e = 65537;
	int traditional = 0, i, ret, status;
	ember_pkey *k;
	static uint8_t pem[EMBER_PKEY_MAX_PEM];
	size_t len;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-out") == 0 && i + 1 < argc) {
			out = argv[++i];
		} else if (strcmp(argv[i], "-f4") == 0 || strcmp(argv[i], "-F4") == 0) {
			e = 65537;
		} else if (strcmp(argv[i], "-3") == 0) {
			e = 3;
		} else if (strcmp(argv[i], "-traditional") == 0) {
			traditional = 1;
		} else if (strcmp(argv[i], "-help") == 0 || strcmp(argv[i], "-h") == 0) {
			printf("usage: ember genrsa [-out file] [-f4 | -3] [-traditional] [numbits]\n"
			       "A new RSA key of numbits bits (default 2048, 512 to %d), unencrypted PKCS#8 PEM\n"
			       "(PKCS#1 with -traditional). See man ember-genrsa.\n", EMBER_MAX_RSA_BITS);
			return 0;
		} else if (argv[i][0] != '-' && i == argc - 1) {
			char *end;
			bits = strtoul(argv[i], &end, 10);
			if (*end != 0 || bits == 0)
				return tool_error("genrsa", "invalid key size '%s'", argv[i]);
		} else {
			return tool_error("genrsa", "unknown option or misplaced argument '%s'", argv[i]);
		}
	}
	if (bits < EMBER_RSA_MIN_BITS || bits > EMBER_MAX_RSA_BITS)
		return tool_error("genrsa", "key size %lu out of range (%d to %d bits)", bits, EMBER_RSA_MIN_BITS,
		    EMBER_MAX_RSA_BITS);
	if ((k = calloc(1, sizeof(*k))) == NULL)
		return tool_error("genrsa", "out of memory");
	fprintf(stderr, "Generating RSA private key, %lu bit long modulus (2 primes)\n", bits);
	ret = ember_rsa_generate(&k->u.rsa, (unsigned)bits, e);
	if (ret == 0) {
		k->type = EMBER_PKEY_RSA;
		k->has_private = 1;
		fprintf(stderr, "e is %lu (0x%0*lx)\n", (unsigned long)e, e > 0xffff ? 5 : 1, (unsigned long)e);
		ret = ember_pkey_write(k, traditional ? EMBER_PKEY_PKCS1 : EMBER_PKEY_PKCS8, 1, pem, sizeof(pem), &len);
	}
	ember_pkey_clear(k);
	free(k);
	if (ret != 0)
		return tool_error("genrsa", "key generation failed: %s", ember_strerror(ret));
	status = pkey_write_file("genrsa", out, pem, len);
	ember_wipe(pem, sizeof(pem));
	return status;
}
