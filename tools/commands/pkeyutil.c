/*
 * pkeyutil.c - key files and signatures shared by `ember dgst -sign/-verify`,
 * `ember genrsa` and `ember rsa`.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

int pkey_load(const char *cmd, const char *path, ember_pkey *k)
{
	size_t len;
	uint8_t *buf = pkey_read_file(cmd, path, KEYFILE_MAX, &len);
	int ret;

	if (buf == NULL)
		return 1;
	ret = ember_pkey_read(k, buf, len);
	ember_wipe(buf, len);
	free(buf);
	if (ret == 0)
		return 0;
	if (ret == EMBER_EDECODE)
		return tool_error(cmd, "%s: not a readable key (truncated, garbage or unsupported format)",
		    path ? path : "(stdin)");
	if (ret == EMBER_ENOTSUP)
		return tool_error(cmd, "%s: unsupported key (encrypted, or not RSA/DSA)", path ? path : "(stdin)");
	return tool_error(cmd, "%s: key refused: %s", path ? path : "(stdin)", ember_strerror(ret));
}

int pkey_write_file(const char *cmd, const char *path, const void *data, size_t len)
{
	char tmp[4096];
	FILE *f;
	int fd;

	if (path == NULL || strcmp(path, "-") == 0) {
		if (fwrite(data, 1, len, stdout) != len || fflush(stdout) != 0)
			return tool_error(cmd, "(stdout): write error");
		return 0;
	}
	if (strlen(path) + 16 > sizeof(tmp))
		return tool_error(cmd, "%s: path too long", path);
	snprintf(tmp, sizeof(tmp), "%s.tmpXXXXXX", path);
	fd = mkstemp(tmp);
	if (fd < 0)
		return tool_error(cmd, "%s: %s", path, strerror(errno));
	f = fdopen(fd, "wb");
	if (f == NULL || fwrite(data, 1, len, f) != len || fflush(f) != 0 || fsync(fd) != 0) {
		int e = errno;
		if (f)
			fclose(f);
		else
			close(fd);
		unlink(tmp);
		return tool_error(cmd, "%s: %s", path, strerror(e));
	}
	fclose(f);
	if (rename(tmp, path) != 0) {
		int e = errno;
		unlink(tmp);
		return tool_error(cmd, "%s: %s", path, strerror(e));
	}
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

int pkey_dgst_sign(const char *hash, const char *keyfile, const char *sigfile_out,
                   const uint8_t *data, size_t len)
{
	const ember_hash_desc *hd = find_digest(hash);
	ember_pkey *k;
	uint8_t md[EMBER_MAX_DIGEST_LEN], sig[EMBER_RSA_MAX_LEN], der[2 * EMBER_DSA_MAX_QLEN + 16];
	size_t sig_len = 0;
	int ret, status;

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
	if (k->type == EMBER_PKEY_RSA) {
		sig_len = k->u.rsa.pub.len;
		ret = ember_rsa_pkcs1_sign(&k->u.rsa, hd, md, hd->digest_len, sig, sig_len);
	} else {
		size_t raw = 2 * k->u.dsa.qlen;
		ret = ember_dsa_sign(&k->u.dsa, hd, md, hd->digest_len, sig, raw);
		if (ret == 0)
			ret = ember_dsa_sig_to_der(sig, raw, der, sizeof(der), &sig_len);
		if (ret == 0)
			memcpy(sig, der, sig_len);
	}
	ember_pkey_clear(k);
	free(k);
	if (ret != 0)
		return tool_error("dgst", "%s: signing failed: %s", keyfile, ember_strerror(ret));
	status = pkey_write_file("dgst", sigfile_out, sig, sig_len);
	return status;
}

int pkey_dgst_verify(const char *hash, const char *pubfile, const char *sigfile,
                     const uint8_t *data, size_t len)
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
	if (ret == 0) {
		printf("Verified OK\n");
		return 0;
	}
	printf("Verification failure\n");
	return 1;
}
