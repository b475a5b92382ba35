/*
 * pkey.c - `ember pkey`: read a key of any type (PEM or DER; PKCS#8, SPKI,
 * the type's own form; plain or encrypted) and write it again, as
 * `openssl pkey` (3.0):
 *
 *   -in file -out file           default standard input and output
 *   -inform PEM|DER -outform PEM|DER
 *   -passin src -passout src     pass:, env:, file:, fd:, stdin (else asked on the terminal)
 *   -<cipher>                    encrypt the private key written (-aes256, -aes-128-cbc, -des3 ...)
 *   -traditional                 the type's own form ("RSA PRIVATE KEY" ...) instead of PKCS#8
 *   -pubin -pubout               read / write the public key
 *   -noout -text -text_pub       no key / its components / its public components
 *   -check -pubcheck             check the key ("Key is valid")
 *
 * The output is openssl's, in its order: "Key is valid", the key, the
 * text, all to -out. A key that fails -check is refused on one line and
 * nothing is written.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pkeyutil.h"
#include "tool.h"

static int usage(void)
{
	printf("usage: ember pkey [-in file] [-inform PEM|DER] [-passin src] [-pubin] [-out file] [-outform PEM|DER]\n"
	       "                  [-passout src] [-aes128 | -aes192 | -aes256 | -des3 | -<cbc cipher>] [-traditional]\n"
	       "                  [-pubout] [-noout] [-text] [-text_pub] [-check] [-pubcheck]\n"
	       "Reads a %s key (PKCS#8, SubjectPublicKeyInfo or the type's own form; PEM or DER; plain or\n"
	       "encrypted) and writes it again (default: PKCS#8 PEM). See man ember-pkey.\n",
	    pkey_ops_names());
	return 0;
}

static int form(const char *opt, const char *v, int *der)
{
	if (strcmp(v, "DER") == 0 || strcmp(v, "der") == 0)
		*der = 1;
	else if (strcmp(v, "PEM") == 0 || strcmp(v, "pem") == 0)
		*der = 0;
	else
		return tool_error("pkey", "%s %s: unknown format (PEM or DER)", opt, v);
	return 0;
}

int cmd_pkey(int argc, char **argv)
{
	const char *in = NULL, *out = NULL, *passin = NULL, *passout = NULL, *cipher = NULL;
	int pubin = 0, pubout = 0, traditional = 0, noout = 0, text = 0, text_pub = 0, check = 0, pubcheck = 0;
	int inder = -1, outder = 0, i, status = 1;
	static uint8_t buf[EMBER_PKEY_MAX_PEM];
	char *txt = NULL;
	uint8_t *all = NULL;
	size_t len = 0, txt_len = 0;
	const pkey_ops *ops;
	ember_pkey *k;
	pkey_in ki;
	pass_buf pin, pout;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "-in") == 0 || strcmp(a, "-out") == 0 || strcmp(a, "-inform") == 0 ||
		    strcmp(a, "-outform") == 0 || strcmp(a, "-passin") == 0 || strcmp(a, "-passout") == 0) {
			const char *v;
			if (i + 1 >= argc)
				return tool_error("pkey", "option %s needs a value", a);
			v = argv[++i];
			if (strcmp(a, "-in") == 0)
				in = v;
			else if (strcmp(a, "-out") == 0)
				out = v;
			else if (strcmp(a, "-passin") == 0)
				passin = v;
			else if (strcmp(a, "-passout") == 0)
				passout = v;
			else if (form(a, v, strcmp(a, "-inform") == 0 ? &inder : &outder) != 0)
				return 1;
		} else if (strcmp(a, "-pubin") == 0) {
			pubin = 1;
		} else if (strcmp(a, "-pubout") == 0) {
			pubout = 1;
		} else if (strcmp(a, "-traditional") == 0) {
			traditional = 1;
		} else if (strcmp(a, "-noout") == 0) {
			noout = 1;
		} else if (strcmp(a, "-text") == 0) {
			text = 1;
		} else if (strcmp(a, "-text_pub") == 0) {
			text_pub = 1;
		} else if (strcmp(a, "-check") == 0) {
			check = 1;
		} else if (strcmp(a, "-pubcheck") == 0) {
			pubcheck = 1;
		} else if (pkey_cipher_option(a) != NULL) {
			cipher = pkey_cipher_option(a);
		} else if (strcmp(a, "-help") == 0 || strcmp(a, "-h") == 0) {
			return usage();
		} else {
			return tool_error("pkey", "unknown option '%s' (try 'ember pkey -help')", a);
		}
	}
	if (pass_get_pair("pkey", passin, passout, &pin, &pout) != 0)
		return 1;
	if ((k = calloc(1, sizeof(*k))) == NULL) {
		pass_clear(&pin);
		pass_clear(&pout);
		return tool_error("pkey", "out of memory");
	}
	memset(&ki, 0, sizeof(ki));
	ki.pass = &pin;
	ki.has_passin = 1;
	ki.form = inder < 0 ? 0 : inder ? 2 : 1;
	ki.pubin = pubin;
	if (pkey_load_ex("pkey", in, &ki, k) != 0)
		goto done;
	if (!pubin && !k->has_private) {
		tool_error("pkey", "%s: this is a public key (use -pubin)", in ? in : "(stdin)");
		goto done;
	}
	ops = pkey_ops_of(k->type);
	/* openssl's order: the verdict, the key, the text */
	if (check || pubcheck) {
		char why[128];
		if (check && k->has_private && ops->check(k, why, sizeof(why)) != 0) {
			tool_error("pkey", "%s: Key is invalid: %s", in ? in : "(stdin)", why);
			goto done;
		}
		/* a public key (and a private key's public half) was checked as it was read */
		len = (size_t)snprintf((char *)buf, sizeof(buf), "Key is valid\n");
	}
	if (!noout) {
		pkey_out po;
		size_t n;
		memset(&po, 0, sizeof(po));
		po.format = pubout || pubin ? EMBER_PKEY_SPKI : traditional ? EMBER_PKEY_TRAD : EMBER_PKEY_PKCS8;
		po.der = outder;
		po.cipher = cipher;
		po.pass = &pout;
		if (pkey_encode("pkey", k, &po, buf + len, sizeof(buf) - len, &n) != 0)
			goto done;
		len += n;
	}
	if (text || text_pub) {
		FILE *m = open_memstream(&txt, &txt_len);
		if (m == NULL) {
			tool_error("pkey", "out of memory");
			goto done;
		}
		ops->print(m, k, text_pub || pubin || pubout);
		if (fclose(m) != 0) {
			tool_error("pkey", "-text: out of memory");
			goto done;
		}
		/* the key then its text (an ML-DSA key's text is larger than any key file): one output */
		if ((all = malloc(len + txt_len)) == NULL) {
			tool_error("pkey", "-text: out of memory");
			goto done;
		}
		memcpy(all, buf, len);
		memcpy(all + len, txt, txt_len);
		status = pkey_write_file("pkey", out, all, len + txt_len);
		goto done;
	}
	status = pkey_write_file("pkey", out, buf, len);
done:
	if (all != NULL) {
		ember_wipe(all, len + txt_len);
		free(all);
	}
	if (txt != NULL) {
		ember_wipe(txt, txt_len);
		free(txt);
	}
	ember_wipe(buf, sizeof(buf));
	pass_clear(&pin);
	pass_clear(&pout);
	ember_pkey_clear(k);
	free(k);
	return status;
}
