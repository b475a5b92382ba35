/*
 * pkeyutil.c - key files and signatures shared by the key commands
 * (pkeyutil.h): every key file is read here, so every command answers a
 * bad, encrypted or unsupported one in the same words.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ember/cipher.h"
#include "pkeyutil.h"
#include "tool.h"

/* The largest signature file dgst -verify reads (an ML-DSA-87 signature is 4627 bytes). */
#define SIGFILE_MAX 16384

uint8_t *pkey_read_file(const char *cmd, const char *path, size_t max, size_t *len)
{
	int use_stdin = path == NULL || strcmp(path, "-") == 0;
	FILE *f = use_stdin ? stdin : fopen(path, "rb");
	uint8_t *buf;
	size_t n;

	if (f == NULL) {
		tool_error(cmd, "%s: %s", path, strerror(errno));
		return NULL;
	}
	/* grow as the data comes: |max| may be far more than a 32-bit process can allocate at once */
	{
		size_t cap = max < 65536 ? max + 1 : 65536, got;
		n = 0;
		buf = malloc(cap);
		while (buf != NULL) {
			got = fread(buf + n, 1, cap - n, f);
			n += got;
			if (n < cap || n > max)
				break;
			{
				size_t ncap = cap > max / 2 ? max + 1 : cap * 2;
				uint8_t *nb = realloc(buf, ncap);
				if (nb == NULL) {
					free(buf);
					buf = NULL;
					break;
				}
				buf = nb;
				cap = ncap;
			}
		}
	}
	if (buf == NULL) {
		tool_error(cmd, "%s: out of memory", use_stdin ? "(stdin)" : path);
		if (!use_stdin)
			fclose(f);
		return NULL;
	}
	if (ferror(f)) {
		tool_error(cmd, "%s: read error", use_stdin ? "(stdin)" : path);
		n = max + 2;
	} else if (n > max) {
		tool_error(cmd, "%s: file too large (more than %zu bytes)", use_stdin ? "(stdin)" : path, max);
	}
	if (!use_stdin)
		fclose(f);
	if (n > max) {
		free(buf);
		return NULL;
	}
	*len = n;
	return buf;
}

/* The passphrase of the encrypted key file |name|: -passin, else the terminal. 0, or 1 after one line. */
static int passphrase_in(const char *cmd, const char *name, const pkey_in *in, pass_buf *pass)
{
	char prompt[512];

	if (in != NULL && in->pass != NULL && in->pass->set) {
		*pass = *in->pass;
		if (in->pass->p == in->pass->buf)
			pass->p = pass->buf;
		return 0;
	}
	if (in != NULL && in->passin != NULL)
		return pass_get(cmd, "-passin", in->passin, pass);
	if (!pass_can_prompt()) {
		if (in != NULL && in->has_passin)
			return tool_error(cmd, "%s: the key is encrypted and standard input is not a terminal to ask its "
			                       "passphrase on: give it with -passin (pass:, env:, file:, fd:, stdin)", name);
		return tool_error(cmd, "%s: the key is encrypted and standard input is not a terminal to ask its passphrase "
		                       "on: decrypt it first: ember pkey -in %s -passin <source> -out plain.pem", name, name);
	}
	snprintf(prompt, sizeof(prompt), "Enter pass phrase for %s:", name);
	return pass_prompt(cmd, prompt, 0, 0, pass);
}

int pkey_explicit_ec(const uint8_t *in, size_t len)
{
	/* prime-field (1.2.840.10045.1.1): in ECParameters only, never in a named curve's key */
	static const uint8_t prime_field[] = { 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x01, 0x01 };
	uint8_t *der = NULL;
	const uint8_t *p = in;
	size_t n = len, i;
	char label[80];
	int found = 0;

	if (len > 0 && in[0] != 0x30) {
		if ((der = malloc(len)) == NULL ||
		    ember_pem_decode((const char *)in, len, NULL, label, sizeof(label), der, len, &n) != 0) {
			free(der);
			return 0;
		}
		p = der;
	}
	for (i = 0; !found && i + sizeof(prime_field) <= n; i++)
		found = memcmp(p + i, prime_field, sizeof(prime_field)) == 0;
	if (der != NULL) {
		ember_wipe(der, len);
		free(der);
	}
	return found;
}

/* One line for a key that ember_pkey_read_pass refused with |ret| (|buf|: the file, or NULL). */
static int refused(const char *cmd, const char *name, const pkey_in *in, int ret, const uint8_t *buf, size_t len)
{
	const char *what = in == NULL || in->verify ? "key" : in->pubin ? "public key" : "private key";

	if (ret != EMBER_EPAD && buf != NULL && pkey_explicit_ec(buf, len))
		return tool_error(cmd, "%s: EC key with explicit parameters not supported (ember reads named curves: P-256, "
		                       "P-384)", name);
	if (ret == EMBER_EPAD)
		return tool_error(cmd, "%s: bad decrypt or wrong passphrase", name);
	if (ret == EMBER_EDECODE)
		return tool_error(cmd, "%s: not a readable key (truncated, garbage or unsupported format)", name);
	if (ret == EMBER_ENOTSUP)
		return tool_error(cmd, "%s: could not read %s: unsupported key type (ember reads %s keys)", name, what,
		    pkey_ops_names());
	if (ret == EMBER_ERANGE)
		return tool_error(cmd, "%s: could not read %s: not a consistent key (a part is not what the rest makes it, "
		                       "or a value is out of range)", name, what);
	return tool_error(cmd, "%s: could not read %s: %s", name, what, ember_strerror(ret));
}

int pkey_load_ex(const char *cmd, const char *path, const pkey_in *in, ember_pkey *k)
{
	const char *name = path != NULL && strcmp(path, "-") != 0 ? path : "(stdin)";
	ember_pbe_info info;
	pass_buf pass;
	size_t len;
	uint8_t *buf = pkey_read_file(cmd, path, PKEY_FILE_MAX, &len);
	int ret, plain;

	memset(k, 0, sizeof(*k));
	if (buf == NULL)
		return 1;
	if (in != NULL && in->form != 0 && (len == 0 || (buf[0] == 0x30) != (in->form == 2))) {
		free(buf);
		return tool_error(cmd, "%s: not in %s form", name, in->form == 2 ? "DER" : "PEM");
	}
	ret = ember_pkey_encryption(buf, len, &info);
	plain = ret != 0 || info.scheme == EMBER_PBE_NONE;
	if (ret == 0 && info.scheme == EMBER_PBE_NONE) {
		ret = ember_pkey_read(k, buf, len);
	} else if (ret == 0 && info.scheme == EMBER_PBE_UNSUPPORTED) {
		free(buf);
		return tool_error(cmd, "%s: unsupported key encryption: %s (ember reads PBES2 with PBKDF2 and AES-CBC or "
		                       "DES-EDE3-CBC, and PEM with Proc-Type and DEK-Info)", name, info.cipher);
	} else if (ret == 0 && info.iterations > EMBER_PBE_MAX_ITER) {
		free(buf);
		if (info.iterations == UINT64_MAX)
			return tool_error(cmd, "%s: PBKDF2 iteration count over 2^64 is over ember's limit of %u", name,
			    EMBER_PBE_MAX_ITER);
		return tool_error(cmd, "%s: PBKDF2 iteration count %llu is over ember's limit of %u (a key file must not "
		                       "cost hours of CPU)", name, (unsigned long long)info.iterations, EMBER_PBE_MAX_ITER);
	} else if (ret == 0) {
		if (passphrase_in(cmd, name, in, &pass) != 0) {
			free(buf);
			return 1;
		}
		ret = ember_pkey_read_pass(k, buf, len, pass.p, pass.len, EMBER_PBE_MAX_ITER);
		pass_clear(&pass);
	}
	if (ret != 0)
		refused(cmd, name, in, ret, plain ? buf : NULL, len);
	ember_wipe(buf, len);
	free(buf);
	if (ret != 0)
		return 1;
	if (in != NULL && in->pubin && k->has_private) {
		ember_pkey_clear(k);
		return tool_error(cmd, "%s: expected a public key (drop -pubin?)", name);
	}
	return 0;
}

int pkey_load(const char *cmd, const char *path, ember_pkey *k)
{
	return pkey_load_ex(cmd, path, NULL, k);
}

const char *pkey_cipher_option(const char *arg)
{
	static const char *const short_names[][2] = {
		{ "-aes128", "aes-128-cbc" },
		{ "-aes192", "aes-192-cbc" },
		{ "-aes256", "aes-256-cbc" },
		{ "-des3", "des-ede3-cbc" },
	};
	const ember_cipher_spec *s;
	size_t i;

	for (i = 0; i < sizeof(short_names) / sizeof(short_names[0]); i++)
		if (strcmp(arg, short_names[i][0]) == 0)
			return short_names[i][1];
	if (arg[0] != '-' || (s = ember_cipher_spec_find(arg + 1)) == NULL || s->mode != EMBER_MODE_CBC)
		return NULL;
	return s->name;
}

int pkey_encode(const char *cmd, const ember_pkey *k, const pkey_out *o, uint8_t *buf, size_t cap, size_t *len)
{
	pass_buf asked;
	int ret;

	if (o->cipher != NULL && k->has_private && o->format != EMBER_PKEY_SPKI && o->format != EMBER_PKEY_PARAMS) {
		const pass_buf *pass = o->pass;
		ember_pbe_params prm;
		if (o->der && o->format != EMBER_PKEY_PKCS8)
			return tool_error(cmd, "-%s: a traditional key is encrypted only in PEM (PKCS#8 DER can be: drop "
			                       "-traditional)", o->cipher);
		if (pass == NULL || !pass->set) {
			if (!pass_can_prompt())
				return tool_error(cmd, "-%s: no passphrase to encrypt the key with and standard input is not a "
				                       "terminal: give it with -passout (pass:, env:, file:, fd:, stdin)", o->cipher);
			if (pass_prompt(cmd, "Enter PEM pass phrase:", 1, 4, &asked) != 0)
				return 1;
			pass = &asked;
		}
		memset(&prm, 0, sizeof(prm));
		prm.cipher = o->cipher;
		ret = ember_pkey_write_pass(k, o->format, !o->der, &prm, pass->p, pass->len, buf, cap, len);
		if (pass == &asked)
			pass_clear(&asked);
		if (ret == EMBER_ENOTSUP)
			return tool_error(cmd, "-%s: %s", o->cipher,
			    o->format == EMBER_PKEY_PKCS8 ? "not a PBES2 cipher here (aes-128-cbc, aes-192-cbc, aes-256-cbc, "
			                                    "des-ede3-cbc; other CBC ciphers with -traditional)"
			                                  : "this key has no traditional form to encrypt");
	} else {
		ret = ember_pkey_write(k, o->format, !o->der, buf, cap, len);
	}
	if (ret != 0)
		return tool_error(cmd, "cannot write the key: %s", ret == EMBER_ENOTSUP ? "this key has no such form"
		                                                                         : ember_strerror(ret));
	return 0;
}

int pkey_save(const char *cmd, const char *path, const ember_pkey *k, const pkey_out *o)
{
	static uint8_t buf[EMBER_PKEY_MAX_PEM];
	size_t len;
	int status = pkey_encode(cmd, k, o, buf, sizeof(buf), &len);

	if (status == 0)
		status = pkey_write_file(cmd, path, buf, len);
	ember_wipe(buf, sizeof(buf));
	return status;
}

int pkey_write_file(const char *cmd, const char *path, const void *data, size_t len)
{
	char tmp[4096];
	FILE *f;
	int ok;

	if (path != NULL && strcmp(path, "-") == 0)
		path = NULL;
	/* a temporary beside |path|, renamed when whole, removed on error or on a signal (outfile.c) */
	if ((f = tool_out_open(path, tmp, sizeof(tmp))) == NULL)
		return tool_error(cmd, "%s: %s", path, strerror(errno));
	ok = len == 0 || fwrite(data, 1, len, f) == len;
	if (tool_out_close(f, path, tmp, ok) != 0 || !ok)
		return tool_error(cmd, "%s: write error: %s", path ? path : "(stdout)", strerror(errno));
	return 0;
}

/* ---- dgst -sign / -verify ---- */

void pkey_dgst_opts_init(pkey_dgst_opts *o)
{
	o->passin = NULL;
	pkey_sigopts_init(&o->so);
}

int pkey_dgst_option(int argc, char **argv, int *i, pkey_dgst_opts *o)
{
	const char *a = argv[*i];

	if (strcmp(a, "-passin") != 0 && strcmp(a, "-sigopt") != 0)
		return 0;
	if (*i + 1 >= argc) {
		tool_error("dgst", "option %s needs a value", a);
		return -1;
	}
	(*i)++;
	if (strcmp(a, "-passin") == 0) {
		o->passin = argv[*i];
		return 1;
	}
	return pkey_sigopt("dgst", "-sigopt", argv[*i], &o->so) == 0 ? 1 : -1;
}

/* The digest named |hash| ("sha256", "-sha256" ...), or NULL after an error. */
static const ember_hash_desc *find_digest(const char *hash)
{
	const ember_hash_desc *hd;

	if (hash != NULL && hash[0] == '-')
		hash++;
	hd = ember_hash_find(hash ? hash : "sha256", NULL);
	if (hd == NULL)
		tool_error("dgst", "unknown digest '%s'", hash);
	return hd;
}

static int load_for_dgst(const pkey_dgst_opts *o, const char *file, ember_pkey **k)
{
	pkey_in in;

	memset(&in, 0, sizeof(in));
	in.passin = o ? o->passin : NULL;
	in.has_passin = o != NULL;
	in.verify = 1;
	if ((*k = malloc(sizeof(**k))) == NULL)
		return tool_error("dgst", "out of memory");
	if (pkey_load_ex("dgst", file, &in, *k) != 0) {
		free(*k);
		return 1;
	}
	return 0;
}

static void drop(ember_pkey *k)
{
	ember_pkey_clear(k);
	free(k);
}

/*
 * Whether |k| signs as dgst asks: a type that signs, PSS only for RSA, and
 * no digest option for a type that signs the message itself (Ed25519: as
 * openssl 3.2 and later, which sign the whole input; openssl 3.0 refuses
 * Ed25519 in dgst). 0, or 1 after one line.
 */
static int sig_usable(const pkey_dgst_opts *o, const char *keyfile, const ember_pkey *k, const pkey_ops *ops,
    const char *hash)
{
	if (ops->sign == NULL)
		return tool_error("dgst", "%s: %s keys do not sign (key agreement only: ember pkeyutl -derive)", keyfile,
		    ops->name);
	if (o != NULL && o->so.pss && k->type != EMBER_PKEY_RSA)
		return tool_error("dgst", "-sigopt rsa_padding_mode:pss: %s is not an RSA key", keyfile);
	if (ops->message_only && hash != NULL)
		return tool_error("dgst", "-%s: %s signs the message itself, with no digest: drop the digest option",
		    hash[0] == '-' ? hash + 1 : hash, ops->name);
	return 0;
}

int pkey_sign_ex(const pkey_dgst_opts *o, const char *hash, const char *keyfile, const uint8_t *data, size_t len,
                 uint8_t *sig, size_t *sig_len, const char **type)
{
	const ember_hash_desc *hd = NULL;
	pkey_sigopts plain;
	const pkey_ops *ops;
	ember_pkey *k;
	uint8_t md[EMBER_MAX_DIGEST_LEN];
	int ret;

	pkey_sigopts_init(&plain);
	if ((hash != NULL && (hd = find_digest(hash)) == NULL) || load_for_dgst(o, keyfile, &k) != 0)
		return 1;
	if (!k->has_private) {
		drop(k);
		return tool_error("dgst", "%s: a private key is needed to sign", keyfile);
	}
	ops = pkey_ops_of(k->type);
	*type = ops->name;
	*sig_len = 0;
	if (sig_usable(o, keyfile, k, ops, hash) != 0) {
		drop(k);
		return 1;
	}
	if (ops->message_only) {
		ret = ops->sign(k, o ? &o->so : &plain, NULL, data, len, sig, sig_len);
	} else {
		if (hd == NULL)
			hd = ember_hash_find("sha256", NULL);
		ember_hash(hd, md, data, len);
		ret = ops->sign(k, o ? &o->so : &plain, hd, md, hd->digest_len, sig, sig_len);
	}
	drop(k);
	if (ret != 0)
		return tool_error("dgst", "%s: signing failed: %s", keyfile, ember_strerror(ret));
	return 0;
}

int pkey_sign(const char *hash, const char *keyfile, const uint8_t *data, size_t len, uint8_t *sig, size_t *sig_len,
              const char **type)
{
	return pkey_sign_ex(NULL, hash, keyfile, data, len, sig, sig_len, type);
}

int pkey_dgst_sign(const char *hash, const char *keyfile, const char *sigfile_out,
                   const uint8_t *data, size_t len)
{
	uint8_t sig[PKEY_SIG_MAX];
	size_t sig_len;
	const char *type;

	if (pkey_sign(hash, keyfile, data, len, sig, &sig_len, &type) != 0)
		return 1;
	return pkey_write_file("dgst", sigfile_out, sig, sig_len);
}

int pkey_verify_ex(const pkey_dgst_opts *o, const char *hash, const char *pubfile, const char *sigfile,
                   const uint8_t *data, size_t len, int *verified)
{
	const ember_hash_desc *hd = NULL;
	pkey_sigopts plain;
	const pkey_ops *ops;
	ember_pkey *k;
	uint8_t md[EMBER_MAX_DIGEST_LEN], *sig;
	size_t sig_len;
	int ret;

	pkey_sigopts_init(&plain);
	if (hash != NULL && (hd = find_digest(hash)) == NULL)
		return 1;
	if (sigfile == NULL)
		return tool_error("dgst", "no signature file (-signature)");
	if ((sig = pkey_read_file("dgst", sigfile, SIGFILE_MAX, &sig_len)) == NULL)
		return 1;
	if (load_for_dgst(o, pubfile, &k) != 0) {
		free(sig);
		return 1;
	}
	ops = pkey_ops_of(k->type);
	if (sig_usable(o, pubfile, k, ops, hash) != 0) {
		drop(k);
		free(sig);
		return 1;
	}
	if (ops->message_only) {
		ret = ops->verify(k, o ? &o->so : &plain, NULL, data, len, sig, sig_len);
	} else {
		if (hd == NULL)
			hd = ember_hash_find("sha256", NULL);
		ember_hash(hd, md, data, len);
		ret = ops->verify(k, o ? &o->so : &plain, hd, md, hd->digest_len, sig, sig_len);
	}
	drop(k);
	free(sig);
	*verified = ret == 0;
	return 0;
}

int pkey_verify(const char *hash, const char *pubfile, const char *sigfile, const uint8_t *data, size_t len,
                int *verified)
{
	return pkey_verify_ex(NULL, hash, pubfile, sigfile, data, len, verified);
}

int pkey_dgst_verify(const char *hash, const char *pubfile, const char *sigfile,
                     const uint8_t *data, size_t len)
{
	int verified;

	if (pkey_verify(hash, pubfile, sigfile, data, len, &verified) != 0)
		return 1;
	printf(verified ? "Verified OK\n" : "Verification failure\n");
	return !verified;
}
