/*
 * rsa.c - `ember rsa`: read an RSA key (PEM or DER; PKCS#1, PKCS#8 or
 * SubjectPublicKeyInfo) and write it again, as `openssl rsa` does:
 *
 *   -in file -out file        default standard input and output
 *   -inform PEM|DER           (the input form is detected; a mismatch is an error)
 *   -outform PEM|DER          default PEM
 *   -pubin                    the input is a public key
 *   -pubout                   write the public key (SubjectPublicKeyInfo)
 *   -RSAPublicKey_out         write the public key as PKCS#1 RSAPublicKey
 *   -traditional              private key as PKCS#1 instead of PKCS#8
 *   -noout -text -check       no key output / print the components / check the key
 *   -passin src -passout src  passphrases of an encrypted input / output (pass:, env:, file:, fd:, stdin)
 *   -aes128 -aes192 -aes256 -des3 (or any -<CBC cipher>)  encrypt the private key written
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pkeyutil.h"
#include "tool.h"

int cmd_rsa(int argc, char **argv)
{
	const char *in = NULL, *out = NULL, *passin = NULL, *passout = NULL, *cipher = NULL;
	int pubin = 0, pubout = 0, rsapub = 0, traditional = 0, noout = 0, text = 0, check = 0;
	int outder = 0, inform = 0, i, status = 0;
	ember_pkey *k;
	pkey_in ki;
	pass_buf pin, pout;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "-in") == 0 && i + 1 < argc) {
			in = argv[++i];
		} else if (strcmp(a, "-out") == 0 && i + 1 < argc) {
			out = argv[++i];
		} else if ((strcmp(a, "-inform") == 0 || strcmp(a, "-outform") == 0) && i + 1 < argc) {
			const char *f = argv[++i];
			int der = strcmp(f, "DER") == 0 || strcmp(f, "der") == 0;
			if (!der && strcmp(f, "PEM") != 0 && strcmp(f, "pem") != 0)
				return tool_error("rsa", "unknown format '%s' (PEM or DER)", f);
			if (a[2] == 'i')
				inform = der ? 2 : 1;
			else
				outder = der;
		} else if ((strcmp(a, "-passin") == 0 || strcmp(a, "-passout") == 0) && i + 1 < argc) {
			if (a[5] == 'i')
				passin = argv[++i];
			else
				passout = argv[++i];
		} else if (pkey_cipher_option(a) != NULL) {
			cipher = pkey_cipher_option(a);
		} else if (strcmp(a, "-pubin") == 0) {
			pubin = 1;
		} else if (strcmp(a, "-pubout") == 0) {
			pubout = 1;
		} else if (strcmp(a, "-RSAPublicKey_out") == 0) {
			rsapub = 1;
		} else if (strcmp(a, "-traditional") == 0) {
			traditional = 1;
		} else if (strcmp(a, "-noout") == 0) {
			noout = 1;
		} else if (strcmp(a, "-text") == 0) {
			text = 1;
		} else if (strcmp(a, "-check") == 0) {
			check = 1;
		} else if (strcmp(a, "-help") == 0 || strcmp(a, "-h") == 0) {
			printf("usage: ember rsa [-in file] [-out file] [-inform PEM|DER] [-outform PEM|DER] [-pubin]\n"
			       "                [-pubout] [-RSAPublicKey_out] [-traditional] [-noout] [-text] [-check]\n"
			       "                [-passin src] [-passout src] [-aes128 | -aes192 | -aes256 | -des3 | -<cbc cipher>]\n"
			       "Reads an RSA key (PKCS#1, PKCS#8, SubjectPublicKeyInfo; PEM or DER; plain or encrypted) and\n"
			       "writes it again (default: PKCS#8 PEM). See man ember-rsa.\n");
			return 0;
		} else {
			return tool_error("rsa", "unknown option '%s'", a);
		}
	}
	if (pass_get_pair("rsa", passin, passout, &pin, &pout) != 0)
		return 1;
	if ((k = calloc(1, sizeof(*k))) == NULL) {
		pass_clear(&pin);
		pass_clear(&pout);
		return tool_error("rsa", "out of memory");
	}
	memset(&ki, 0, sizeof(ki));
	ki.pass = &pin;
	ki.has_passin = 1;
	ki.form = inform;
	ki.pubin = pubin;
	status = pkey_load_ex("rsa", in, &ki, k);
	pass_clear(&pin);
	if (status != 0)
		goto done;
	if (k->type != EMBER_PKEY_RSA) {
		status = tool_error("rsa", "%s: not an RSA key", in ? in : "(stdin)");
		goto done;
	}
	if (!pubin && !k->has_private) {
		status = tool_error("rsa", "%s: this is a public key (use -pubin)", in ? in : "(stdin)");
		goto done;
	}
	if (check && !k->has_private) {
		status = tool_error("rsa", "-check needs a private key");
		goto done;
	}
	if (text)
		pkey_rsa_print(stdout, k, 0);
	if (check && pkey_rsa_check(stdout, k) != 0)
		status = 1;
	if (!noout && status == 0) {
		pkey_out po;
		int fmt;
		if (pubout || pubin)
			fmt = rsapub ? EMBER_PKEY_PKCS1 : EMBER_PKEY_SPKI;
		else if (rsapub)
			fmt = EMBER_PKEY_PKCS1;
		else
			fmt = traditional ? EMBER_PKEY_PKCS1 : EMBER_PKEY_PKCS8;
		if (rsapub && k->has_private) {
			/* RSAPublicKey of a private key: drop the private half first */
			k->has_private = 0;
		}
		memset(&po, 0, sizeof(po));
		po.format = fmt;
		po.der = outder;
		po.cipher = cipher;
		po.pass = &pout;
		status = pkey_save("rsa", out, k, &po);
		if (status == 0)
			fprintf(stderr, "writing RSA key\n");
	}
done:
	pass_clear(&pout);
	ember_pkey_clear(k);
	free(k);
	return status;
}
