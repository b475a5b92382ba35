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
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pkeyutil.h"
#include "tool.h"

/* OpenSSL's layout: "label:" then 15 bytes per line, "xx:xx:..." indented 4. */
static void print_hex(const char *label, const ember_bn_word *a, size_t n)
{
	uint8_t buf[EMBER_RSA_MAX_LEN + 1];
	unsigned bits = ember_bn_bits(a, n);
	size_t len = bits / 8 + 1, i;

	ember_bn_to_bytes(buf, len, a, n);
	printf("%s:", label);
	for (i = 0; i < len; i++) {
		if (i % 15 == 0)
			printf("\n    ");
		printf("%02x%s", buf[i], i + 1 < len ? ":" : "");
	}
	printf("\n");
	ember_wipe(buf, sizeof(buf));
}

static void print_exponent(const char *label, const ember_rsa_public_key *pub)
{
	if (pub->e_words == 1 && pub->e[0] <= 0xffffffffu)
		printf("%s: %lu (0x%lx)\n", label, (unsigned long)pub->e[0], (unsigned long)pub->e[0]);
	else
		print_hex(label, pub->e, pub->e_words);
}

static void print_text(const ember_pkey *k)
{
	const ember_rsa_private_key *r = &k->u.rsa;

	if (k->has_private) {
		printf("Private-Key: (%u bit, 2 primes)\n", r->pub.bits);
		print_hex("modulus", r->pub.mn.m, r->pub.mn.n);
		print_exponent("publicExponent", &r->pub);
		print_hex("privateExponent", r->d, r->pub.mn.n);
		if (r->has_crt) {
			print_hex("prime1", r->mp.m, r->mp.n);
			print_hex("prime2", r->mq.m, r->mq.n);
			print_hex("exponent1", r->dp, r->mp.n);
			print_hex("exponent2", r->dq, r->mq.n);
			print_hex("coefficient", r->qinv, r->mp.n);
		}
	} else {
		printf("Public-Key: (%u bit)\n", r->pub.bits);
		print_hex("Modulus", r->pub.mn.m, r->pub.mn.n);
		print_exponent("Exponent", &r->pub);
	}
}

/* p and q prime, and a private operation undone by the public one (the CRT parameters agree with e). */
static int check_key(ember_pkey *k)
{
	ember_rsa_private_key *r = &k->u.rsa;
	uint8_t in[EMBER_RSA_MAX_LEN], sig[EMBER_RSA_MAX_LEN], back[EMBER_RSA_MAX_LEN];
	size_t i;

	if (r->has_crt && (ember_prime_test(r->mp.m, r->mp.n, 0) != 1 || ember_prime_test(r->mq.m, r->mq.n, 0) != 1)) {
		printf("RSA key error: %s not prime\n", ember_prime_test(r->mp.m, r->mp.n, 0) != 1 ? "p" : "q");
		return 1;
	}
	for (i = 0; i < r->pub.len; i++)
		in[i] = (uint8_t)(i * 7 + 1);
	in[0] = 0;
	if (ember_rsa_private_op(r, sig, in, r->pub.len) != 0 ||
	    ember_rsa_public_op(&r->pub, back, sig, r->pub.len) != 0 || memcmp(back, in, r->pub.len) != 0) {
		printf("RSA key error: d e dmp1 dmq1 iqmp not consistent\n");
		return 1;
	}
	/* d itself (the CRT path does not use it) */
	{
		ember_bn_word m[EMBER_BN_MAX_WORDS], s[EMBER_BN_MAX_WORDS];
		ember_bn_from_bytes(m, r->pub.mn.n, in, r->pub.len);
		ember_bn_modexp_ct(s, m, r->d, r->pub.bits, &r->pub.mn);
		ember_bn_from_bytes(m, r->pub.mn.n, sig, r->pub.len);
		if (ember_bn_cmp(s, m, r->pub.mn.n) != 0) {
			printf("RSA key error: d e not consistent\n");
			return 1;
		}
	}
	printf("RSA key ok\n");
	return 0;
}

int cmd_rsa(int argc, char **argv)
{
	const char *in = NULL, *out = NULL;
	int pubin = 0, pubout = 0, rsapub = 0, traditional = 0, noout = 0, text = 0, check = 0;
	int outder = 0, inform = 0, i, ret, status = 0, encrypted;
	ember_pkey *k;
	static uint8_t buf[EMBER_PKEY_MAX_PEM];
	size_t len;

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
			       "Reads an unencrypted RSA key (PKCS#1, PKCS#8, SubjectPublicKeyInfo; PEM or DER) and\n"
			       "writes it again (default: PKCS#8 PEM). See man ember-rsa.\n");
			return 0;
		} else {
			return tool_error("rsa", "unknown option '%s'", a);
		}
	}
	if ((k = calloc(1, sizeof(*k))) == NULL)
		return tool_error("rsa", "out of memory");
	{
		uint8_t *raw = pkey_read_file("rsa", in, 65536, &len);
		if (raw == NULL) {
			free(k);
			return 1;
		}
		if (inform != 0 && (len == 0 || (raw[0] == 0x30) != (inform == 2))) {
			free(raw);
			free(k);
			return tool_error("rsa", "%s: not in %s form", in ? in : "(stdin)", inform == 2 ? "DER" : "PEM");
		}
		ret = ember_pkey_read(k, raw, len);
		/* "not supported on this CPU or build" would mislead: say the key is encrypted */
		encrypted = ret != 0 && pkey_refuse_encrypted("rsa", in, raw, len);
		ember_wipe(raw, len);
		free(raw);
	}
	if (encrypted) {
		free(k);
		return 1;
	}
	if (ret == EMBER_ENOTSUP) {
		free(k);
		return tool_error("rsa", "%s: could not read %s key: unsupported key type (ember reads RSA and DSA keys)",
		    in ? in : "(stdin)", pubin ? "public" : "private");
	}
	if (ret != 0) {
		free(k);
		return tool_error("rsa", "%s: could not read %s key: %s", in ? in : "(stdin)",
		    pubin ? "public" : "private", ember_strerror(ret));
	}
	if (k->type != EMBER_PKEY_RSA) {
		status = tool_error("rsa", "%s: not an RSA key", in ? in : "(stdin)");
		goto done;
	}
	if (pubin != !k->has_private) {
		status = tool_error("rsa", "%s: %s", in ? in : "(stdin)",
		    pubin ? "expected a public key (drop -pubin?)" : "this is a public key (use -pubin)");
		goto done;
	}
	if (check && !k->has_private) {
		status = tool_error("rsa", "-check needs a private key");
		goto done;
	}
	if (text)
		print_text(k);
	if (check && check_key(k) != 0)
		status = 1;
	if (!noout && status == 0) {
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
		ret = ember_pkey_write(k, fmt, !outder, buf, sizeof(buf), &len);
		if (ret != 0) {
			status = tool_error("rsa", "cannot write the key: %s", ember_strerror(ret));
			goto done;
		}
		fprintf(stderr, "writing RSA key\n");
		status = pkey_write_file("rsa", out, buf, len);
	}
done:
	ember_wipe(buf, sizeof(buf));
	ember_pkey_clear(k);
	free(k);
	return status;
}
