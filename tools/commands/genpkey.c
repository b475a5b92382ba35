/*
 * genpkey.c - `ember genpkey`: a new private key, or domain parameters, as
 * `openssl genpkey` (3.0) makes them:
 *
 *   ember genpkey -algorithm RSA [-pkeyopt rsa_keygen_bits:N] [-pkeyopt rsa_keygen_pubexp:E]
 *   ember genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256|P-384 [-pkeyopt ec_param_enc:named_curve]
 *   ember genpkey -algorithm X25519 | ED25519
 *   ember genpkey -algorithm ML-DSA-44 | ML-DSA-65 | ML-DSA-87 [-pkeyopt hexseed:<32 bytes in hex>]
 *   ember genpkey -algorithm ML-KEM-512 | ML-KEM-768 | ML-KEM-1024 [-pkeyopt hexseed:<64 bytes in hex>]
 *   ember genpkey -genparam -algorithm DSA [-pkeyopt dsa_paramgen_bits:N] [-pkeyopt dsa_paramgen_q_bits:N]
 *   ember genpkey -genparam -algorithm EC -pkeyopt ec_paramgen_curve:P-256
 *   ember genpkey -paramfile params.pem
 *   ... [-out file] [-outform PEM|DER] [-<cipher> -pass src] [-text]
 *
 * A key is written as PKCS#8 ("PRIVATE KEY"), or encrypted with a cipher
 * option ("ENCRYPTED PRIVATE KEY", PBES2 with PBKDF2-HMAC-SHA256, 2048
 * iterations, as openssl) under -pass's passphrase or one typed twice;
 * (ML-DSA: the 32-byte seed, RFC 9881's seed form; ML-KEM: the 64-byte seed
 * d || z, RFC 9935's seed form); parameters as the type's block ("DSA PARAMETERS", "EC PARAMETERS": a named
 * curve; explicit curve parameters are refused). -text appends the
 * key's components to the same output, as openssl does. The key types are
 * pkeyops.c's: a new one needs no edit here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pkeyutil.h"
#include "tool.h"

static int usage(void)
{
	printf("usage: ember genpkey -algorithm %s [-pkeyopt name:value ...] [-out file] [-outform PEM|DER]\n"
	       "                     [-aes128 | -aes192 | -aes256 | -des3 | -<cbc cipher>] [-pass src] [-text]\n"
	       "       ember genpkey -genparam -algorithm DSA|EC [-pkeyopt ...] [-out file]\n"
	       "       ember genpkey -paramfile file [-out file] ...\n"
	       "  -pkeyopt  rsa_keygen_bits:N (2048), rsa_keygen_pubexp:E (65537), dsa_paramgen_bits:N (2048),\n"
	       "            dsa_paramgen_q_bits:N (224; 256 from 3072 bits), ec_paramgen_curve:P-256|P-384\n"
	       "            (prime256v1, secp384r1), ec_param_enc:named_curve,\n"
	       "            hexseed:<hex> (the seed, default random: ML-DSA 64 hex digits, ML-KEM 128)\n"
	       "  -pass     passphrase source of an encrypted key: pass:, env:, file:, fd:, stdin\n"
	       "See man ember-genpkey.\n",
	    pkey_ops_names());
	return 0;
}

/* The key (or parameters) as bytes, and -text's lines after them, into one output. */
static int write_all(const char *out, const ember_pkey *k, const pkey_ops *ops, const pkey_out *po, int text)
{
	static uint8_t buf[EMBER_PKEY_MAX_PEM];
	uint8_t *all = NULL;
	char *txt = NULL;
	size_t len, txt_len = 0;
	int status = pkey_encode("genpkey", k, po, buf, sizeof(buf), &len);

	if (status == 0 && text) {
		FILE *m = open_memstream(&txt, &txt_len);
		if (m == NULL) {
			status = tool_error("genpkey", "out of memory");
		} else {
			ops->print(m, k, 0);
			if (fclose(m) != 0)
				status = tool_error("genpkey", "out of memory");
		}
		if (status == 0 && po->der)
			status = tool_error("genpkey", "-text: text cannot follow a DER key");
		/* the key then its text (an ML-DSA key's text is larger than any key file): one output */
		if (status == 0 && (all = malloc(len + txt_len)) == NULL)
			status = tool_error("genpkey", "out of memory");
		if (status == 0) {
			memcpy(all, buf, len);
			memcpy(all + len, txt, txt_len);
			len += txt_len;
		}
		if (txt != NULL) {
			ember_wipe(txt, txt_len);
			free(txt);
		}
	}
	if (status == 0)
		status = pkey_write_file("genpkey", out, all ? all : buf, len);
	if (all != NULL) {
		ember_wipe(all, len);
		free(all);
	}
	ember_wipe(buf, sizeof(buf));
	return status;
}

int cmd_genpkey(int argc, char **argv)
{
	const char *algorithm = NULL, *paramfile = NULL, *out = NULL, *passarg = NULL, *cipher = NULL;
	const char *opts[32];
	const pkey_ops *ops = NULL;
	int nopts = 0, genparam = 0, text = 0, der = 0, i, status;
	ember_pkey *k;
	pkey_gen g;
	pkey_out po;
	pass_buf pass;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		if ((strcmp(a, "-algorithm") == 0 || strcmp(a, "-pkeyopt") == 0 || strcmp(a, "-paramfile") == 0 ||
		        strcmp(a, "-out") == 0 || strcmp(a, "-pass") == 0 || strcmp(a, "-outform") == 0 ||
		        strcmp(a, "-cipher") == 0)) {
			const char *v;
			if (i + 1 >= argc)
				return tool_error("genpkey", "option %s needs a value", a);
			v = argv[++i];
			if (strcmp(a, "-algorithm") == 0) {
				algorithm = v;
			} else if (strcmp(a, "-pkeyopt") == 0) {
				if (nopts == (int)(sizeof(opts) / sizeof(opts[0])))
					return tool_error("genpkey", "-pkeyopt %s: too many -pkeyopt options", v);
				opts[nopts++] = v;
			} else if (strcmp(a, "-paramfile") == 0) {
				paramfile = v;
			} else if (strcmp(a, "-out") == 0) {
				out = v;
			} else if (strcmp(a, "-pass") == 0) {
				passarg = v;
			} else if (strcmp(a, "-cipher") == 0) {
				char opt[64];
				snprintf(opt, sizeof(opt), "-%s", v);
				if ((cipher = pkey_cipher_option(opt)) == NULL)
					return tool_error("genpkey", "-cipher %s: not a CBC cipher of this build", v);
			} else if (strcmp(v, "DER") == 0 || strcmp(v, "der") == 0) {
				der = 1;
			} else if (strcmp(v, "PEM") != 0 && strcmp(v, "pem") != 0) {
				return tool_error("genpkey", "-outform %s: unknown format (PEM or DER)", v);
			}
		} else if (strcmp(a, "-genparam") == 0) {
			genparam = 1;
		} else if (strcmp(a, "-text") == 0) {
			text = 1;
		} else if (strcmp(a, "-quiet") == 0) {
			/* openssl's: no progress dots (ember prints none) */
		} else if (pkey_cipher_option(a) != NULL) {
			cipher = pkey_cipher_option(a);
		} else if (strcmp(a, "-help") == 0 || strcmp(a, "-h") == 0) {
			return usage();
		} else {
			return tool_error("genpkey", "unknown option '%s' (try 'ember genpkey -help')", a);
		}
	}
	if (algorithm == NULL && paramfile == NULL)
		return tool_error("genpkey", "no key type: give -algorithm (%s) or -paramfile", pkey_ops_names());
	if (algorithm != NULL && (ops = pkey_ops_by_name(algorithm)) == NULL)
		return tool_error("genpkey", "-algorithm %s: not a key type of this build (%s)", algorithm, pkey_ops_names());
	if (paramfile != NULL && genparam)
		return tool_error("genpkey", "-paramfile %s: -genparam makes parameters, it does not read them", paramfile);
	if ((k = calloc(1, sizeof(*k))) == NULL)
		return tool_error("genpkey", "out of memory");
	status = 1;
	memset(&pass, 0, sizeof(pass));
	if (paramfile != NULL) {
		size_t len;
		uint8_t *buf = pkey_read_file("genpkey", paramfile, PKEY_FILE_MAX, &len);
		int ret;
		if (buf == NULL)
			goto done;
		ret = ember_pkey_read_params(k, buf, len);
		if (ret != 0 && pkey_explicit_ec(buf, len))
			tool_error("genpkey", "%s: EC explicit parameters not supported (ember reads named curves: P-256, "
			                      "P-384)", paramfile);
		else if (ret != 0)
			tool_error("genpkey", "%s: could not read parameters: %s", paramfile, ember_strerror(ret));
		free(buf);
		if (ret != 0)
			goto done;
		if (ops != NULL && ops->type != k->type) {
			tool_error("genpkey", "-paramfile %s: %s parameters, not %s", paramfile, ember_pkey_name(k->type), ops->name);
			goto done;
		}
		ops = pkey_ops_of(k->type);
	}
	memset(&g, 0, sizeof(g));
	for (i = 0; i < nopts; i++) {
		const char *colon = strchr(opts[i], ':');
		char name[64];
		int r;
		if (colon == NULL || (size_t)(colon - opts[i]) >= sizeof(name)) {
			tool_error("genpkey", "-pkeyopt %s: not name:value", opts[i]);
			goto done;
		}
		memcpy(name, opts[i], (size_t)(colon - opts[i]));
		name[colon - opts[i]] = 0;
		r = ops->gen_opt("genpkey", &g, name, colon + 1);
		if (r < 0)
			tool_error("genpkey", "-pkeyopt %s: unknown option for %s keys", opts[i], ops->name);
		if (r != 0)
			goto done;
	}
	if (genparam && ops->gen_params == NULL) {
		tool_error("genpkey", "-genparam: %s keys have no parameters", ops->name);
		goto done;
	}
	/* a type that needs parameters (DSA) and has none says so in gen_key; EC takes its curve from -pkeyopt */
	/* the passphrase before the work: a bad source, or none to be had, is refused at once */
	if (cipher != NULL && !genparam) {
		if (pass_get("genpkey", "-pass", passarg, &pass) != 0)
			goto done;
		if (!pass.set && !pass_can_prompt()) {
			tool_error("genpkey", "-%s: no passphrase to encrypt the key with and standard input is not a terminal: "
			                      "give it with -pass (pass:, env:, file:, fd:, stdin)", cipher);
			goto done;
		}
	}
	if ((genparam ? ops->gen_params("genpkey", &g, k) : ops->gen_key("genpkey", &g, k)) != 0)
		goto done;
	memset(&po, 0, sizeof(po));
	po.format = genparam ? EMBER_PKEY_PARAMS : EMBER_PKEY_PKCS8;
	po.der = der;
	po.cipher = genparam ? NULL : cipher;
	po.pass = &pass;
	status = write_all(out, k, ops, &po, text);
done:
	pass_clear(&pass);
	ember_pkey_clear(k);
	free(k);
	return status;
}
