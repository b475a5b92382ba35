/*
 * genrsa.c - `ember genrsa [-out file] [-f4 | -3] [-traditional]
 * [-aes128 | -aes192 | -aes256 | -des3 | -<cbc cipher>] [-passout src] [numbits]`:
 * a new RSA key (default 2048 bits, e = 65537), written as OpenSSL 3 does:
 * PKCS#8 PEM ("BEGIN PRIVATE KEY"), or PKCS#1 with -traditional; with a
 * cipher, encrypted ("ENCRYPTED PRIVATE KEY", PBES2; -traditional: PEM
 * Proc-Type/DEK-Info) under -passout's passphrase or one typed twice.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pkeyutil.h"
#include "tool.h"

int cmd_genrsa(int argc, char **argv)
{
	const char *out = NULL, *cipher = NULL, *passout = NULL;
	unsigned long bits = 2048;
	uint32_t e = 65537;
	int traditional = 0, i, ret, status;
	ember_pkey *k;
	pass_buf pass;
	pkey_out po;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-out") == 0 && i + 1 < argc) {
			out = argv[++i];
		} else if (strcmp(argv[i], "-passout") == 0 && i + 1 < argc) {
			passout = argv[++i];
		} else if (strcmp(argv[i], "-f4") == 0 || strcmp(argv[i], "-F4") == 0) {
			e = 65537;
		} else if (strcmp(argv[i], "-3") == 0) {
			e = 3;
		} else if (strcmp(argv[i], "-traditional") == 0) {
			traditional = 1;
		} else if (pkey_cipher_option(argv[i]) != NULL) {
			cipher = pkey_cipher_option(argv[i]);
		} else if (strcmp(argv[i], "-help") == 0 || strcmp(argv[i], "-h") == 0) {
			printf("usage: ember genrsa [-out file] [-f4 | -3] [-traditional] [-aes128 | -aes192 | -aes256 | -des3]\n"
			       "                    [-passout src] [numbits]\n"
			       "A new RSA key of numbits bits (default 2048, 512 to %d), PKCS#8 PEM (PKCS#1 with\n"
			       "-traditional), encrypted with a cipher option. See man ember-genrsa.\n", EMBER_MAX_RSA_BITS);
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
	/* the passphrase before the work: a bad source is refused at once */
	if (pass_get("genrsa", "-passout", passout, &pass) != 0)
		return 1;
	if (cipher != NULL && !pass.set && !pass_can_prompt())
		return tool_error("genrsa", "-%s: no passphrase to encrypt the key with and standard input is not a "
		                            "terminal: give it with -passout (pass:, env:, file:, fd:, stdin)", cipher);
	if ((k = calloc(1, sizeof(*k))) == NULL) {
		pass_clear(&pass);
		return tool_error("genrsa", "out of memory");
	}
	fprintf(stderr, "Generating RSA private key, %lu bit long modulus (2 primes)\n", bits);
	ret = ember_rsa_generate(&k->u.rsa, (unsigned)bits, e);
	if (ret != 0) {
		free(k);
		pass_clear(&pass);
		return tool_error("genrsa", "key generation failed: %s", ember_strerror(ret));
	}
	k->type = EMBER_PKEY_RSA;
	k->has_private = 1;
	fprintf(stderr, "e is %lu (0x%0*lx)\n", (unsigned long)e, e > 0xffff ? 5 : 1, (unsigned long)e);
	memset(&po, 0, sizeof(po));
	po.format = traditional ? EMBER_PKEY_PKCS1 : EMBER_PKEY_PKCS8;
	po.cipher = cipher;
	po.pass = &pass;
	status = pkey_save("genrsa", out, k, &po);
	ember_pkey_clear(k);
	free(k);
	pass_clear(&pass);
	return status;
}
