/*
 * pkeyutil.c - key files and signatures shared by `ember dgst -sign/-verify`,
 * `ember genrsa` and `ember rsa`.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pkeyutil.h"
#include "tool.h"

#define KEYFILE_MAX 65536
#define SIGFILE_MAX 4096

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

/* Whether |needle| occurs in the |len| bytes at |p| (no NUL needed). */
static int contains(const uint8_t *p, size_t len, const char *needle)
{
	size_t n = strlen(needle), i;

	for (i = 0; n <= len && i <= len - n; i++)
		if (memcmp(p + i, needle, n) == 0)
			return 1;
	return 0;
}

/* A DER header at *p (tag |tag|, definite length within |end|): moves *p to the contents, sets *n. */
static int der_head(const uint8_t **p, const uint8_t *end, int tag, size_t *n)
{
	const uint8_t *q = *p;
	size_t len = 0, k;

	if (end - q < 2 || q[0] != tag)
		return -1;
	if (q[1] < 0x80) {
		len = q[1];
		q += 2;
	} else {
		k = q[1] & 0x7f;
		if (k == 0 || k > 3 || (size_t)(end - q) < 2 + k)
			return -1;
		for (q += 2; k > 0; k--)
			len = len << 8 | *q++;
	}
	if (len > (size_t)(end - q))
		return -1;
	*p = q;
	*n = len;
	return 0;
}

/*
 * Whether |buf| is a password-protected private key: PEM "ENCRYPTED PRIVATE
 * KEY" (PKCS#8, RFC 5958), a traditional PEM key with RFC 1421 headers
 * ("Proc-Type: 4,ENCRYPTED"), or DER EncryptedPrivateKeyInfo whose algorithm
 * is a PKCS#5 (1.2.840.113549.1.5) or PKCS#12 PBE (1.2.840.113549.1.12.1)
 * scheme. Only asked after the key reader refused the file, to say why.
 */
static int is_encrypted_key(const uint8_t *buf, size_t len)
{
	static const uint8_t pkcs5[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x05 };
	static const uint8_t pkcs12pbe[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x0c, 0x01 };
	const uint8_t *p = buf, *end = buf + len;
	size_t n;

	if (contains(buf, len, "-----BEGIN ENCRYPTED PRIVATE KEY-----") || contains(buf, len, "Proc-Type: 4,ENCRYPTED"))
		return 1;
	/* SEQUENCE { SEQUENCE { OID, parameters }, OCTET STRING } */
	if (der_head(&p, end, 0x30, &n) != 0 || der_head(&p, p + n, 0x30, &n) != 0 || der_head(&p, p + n, 0x06, &n) != 0)
		return 0;
	return (n > sizeof(pkcs5) && memcmp(p, pkcs5, sizeof(pkcs5)) == 0) ||
	       (n > sizeof(pkcs12pbe) && memcmp(p, pkcs12pbe, sizeof(pkcs12pbe)) == 0);
}

int pkey_refuse_encrypted(const char *cmd, const char *path, const uint8_t *buf, size_t len)
{
	int der = len > 0 && buf[0] == 0x30;

	if (!is_encrypted_key(buf, len))
		return 0;
	tool_error(cmd, "%s: the key is encrypted (protected by a password), which ember does not read: "
	    "decrypt it first: openssl pkey%s -in %s -out plain.pem", path ? path : "(stdin)",
	    der ? " -inform DER" : "", path ? path : "key.pem");
	return 1;
}

int pkey_load(const char *cmd, const char *path, ember_pkey *k)
{
	size_t len;
	uint8_t *buf = pkey_read_file(cmd, path, KEYFILE_MAX, &len);
	int ret, enc = 0;

	if (buf == NULL)
		return 1;
	ret = ember_pkey_read(k, buf, len);
	if (ret != 0)
		enc = pkey_refuse_encrypted(cmd, path, buf, len);
	ember_wipe(buf, len);
	free(buf);
	if (ret == 0)
		return 0;
	if (enc)
		return 1;
	if (ret == EMBER_EDECODE)
		return tool_error(cmd, "%s: not a readable key (truncated, garbage or unsupported format)",
		    path ? path : "(stdin)");
	if (ret == EMBER_ENOTSUP)
		return tool_error(cmd, "%s: unsupported key type (ember reads RSA and DSA keys)", path ? path : "(stdin)");
	return tool_error(cmd, "%s: key refused: %s", path ? path : "(stdin)", ember_strerror(ret));
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

int pkey_sign(const char *hash, const char *keyfile, const uint8_t *data, size_t len, uint8_t *sig, size_t *sig_len,
              const char **type)
{
	const ember_hash_desc *hd = find_digest(hash);
	ember_pkey *k;
	uint8_t md[EMBER_MAX_DIGEST_LEN], der[2 * EMBER_DSA_MAX_QLEN + 16];
	int ret;

	if (hd == NULL)
		return 1;
	if ((k = malloc(sizeof(*k))) == NULL)
		return tool_error("dgst", "out of memory");
	if (pkey_load("dgst", keyfile, k) != 0) {
		free(k);
		return 1;
	}
	if (!k->has_private) {
		ember_pkey_clear(k);
		free(k);
		return tool_error("dgst", "%s: a private key is needed to sign", keyfile);
	}
	ember_hash(hd, md, data, len);
	*sig_len = 0;
	if (k->type == EMBER_PKEY_RSA) {
		*type = "RSA";
		*sig_len = k->u.rsa.pub.len;
		ret = ember_rsa_pkcs1_sign(&k->u.rsa, hd, md, hd->digest_len, sig, *sig_len);
	} else {
		size_t raw = 2 * k->u.dsa.qlen;
		*type = "DSA";
		ret = ember_dsa_sign(&k->u.dsa, hd, md, hd->digest_len, sig, raw);
		if (ret == 0)
			ret = ember_dsa_sig_to_der(sig, raw, der, sizeof(der), sig_len);
		if (ret == 0)
			memcpy(sig, der, *sig_len);
	}
	ember_pkey_clear(k);
	free(k);
	if (ret != 0)
		return tool_error("dgst", "%s: signing failed: %s", keyfile, ember_strerror(ret));
	return 0;
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

int pkey_verify(const char *hash, const char *pubfile, const char *sigfile, const uint8_t *data, size_t len,
                int *verified)
{
	const ember_hash_desc *hd = find_digest(hash);
	ember_pkey *k;
	uint8_t md[EMBER_MAX_DIGEST_LEN], raw[EMBER_DSA_MAX_SIG_LEN], *sig;
	size_t sig_len;
	int ret;

	if (hd == NULL)
		return 1;
	if (sigfile == NULL)
		return tool_error("dgst", "no signature file (-signature)");
	if ((sig = pkey_read_file("dgst", sigfile, SIGFILE_MAX, &sig_len)) == NULL)
		return 1;
	if ((k = malloc(sizeof(*k))) == NULL) {
		free(sig);
		return tool_error("dgst", "out of memory");
	}
	if (pkey_load("dgst", pubfile, k) != 0) {
		free(sig);
		free(k);
		return 1;
	}
	ember_hash(hd, md, data, len);
	if (k->type == EMBER_PKEY_RSA) {
		ret = ember_rsa_pkcs1_verify(&k->u.rsa.pub, hd, md, hd->digest_len, sig, sig_len);
	} else {
		size_t n = 2 * k->u.dsa.qlen;
		ret = ember_dsa_sig_from_der(sig, sig_len, raw, n);
		if (ret == 0)
			ret = ember_dsa_verify(&k->u.dsa, md, hd->digest_len, raw, n);
	}
	ember_pkey_clear(k);
	free(k);
	free(sig);
	*verified = ret == 0;
	return 0;
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
