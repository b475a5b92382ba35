/*
 * ossl.c - dlopen the system's libcrypto (see ossl.h).
 */
/* secure_getenv is a GNU extension (glibc 2.17) */
#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ossl.h"

/*
 * EMBER_LIBCRYPTO names code to run: the library's constructors run at
 * dlopen. A set-user-ID or set-group-ID ember (or one with file
 * capabilities) must not take that choice from its caller's environment,
 * so glibc's secure_getenv reads it (NULL when AT_SECURE is set). Where
 * there is no secure_getenv (a C library that is not glibc 2.17 or later),
 * getenv, refused when the real and effective IDs differ: the part of
 * AT_SECURE a portable program can see.
 */
static const char *libcrypto_env(void)
{
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 17))
	return secure_getenv("EMBER_LIBCRYPTO");
#else
	if (getuid() != geteuid() || getgid() != getegid())
		return NULL;
	return getenv("EMBER_LIBCRYPTO");
#endif
}

static ossl_api api;
static int state; /* 0: not tried, 1: loaded, -1: failed */
static char failure[512];

#define SYM(name, required)                                                        \
	do {                                                                       \
		*(void **)(&api.name) = dlsym(h, #name);                           \
		if (api.name == NULL && (required)) {                              \
			snprintf(failure, sizeof(failure), "%s: symbol %s missing", \
			    api.path, #name);                                      \
			return -1;                                                 \
		}                                                                  \
	} while (0)

static int resolve(void *h)
{
	const char *(*version)(int);
	void *(*provider_load)(void *, const char *);

	SYM(EVP_get_digestbyname, 1);
	SYM(EVP_MD_fetch, 0);
	SYM(EVP_MD_free, 0);
	SYM(EVP_MD_CTX_new, 1);
	SYM(EVP_MD_CTX_free, 1);
	SYM(EVP_DigestInit_ex, 1);
	SYM(EVP_DigestUpdate, 1);
	SYM(EVP_DigestFinal_ex, 1);
	SYM(EVP_DigestFinalXOF, 0);
	SYM(HMAC, 1);
	SYM(EVP_MD_get_size, 0);
	SYM(EVP_MD_size, 0);
	SYM(HMAC_CTX_new, 0);
	SYM(HMAC_CTX_free, 0);
	SYM(HMAC_Init_ex, 0);
	SYM(HMAC_Update, 0);
	SYM(HMAC_Final, 0);
	SYM(EVP_get_cipherbyname, 1);
	SYM(EVP_CIPHER_fetch, 0);
	SYM(EVP_CIPHER_free, 0);
	SYM(EVP_CIPHER_CTX_new, 1);
	SYM(EVP_CIPHER_CTX_free, 1);
	SYM(EVP_CipherInit_ex, 1);
	SYM(EVP_CIPHER_CTX_set_key_length, 1);
	SYM(EVP_CIPHER_CTX_set_padding, 1);
	SYM(EVP_CIPHER_CTX_ctrl, 1);
	SYM(EVP_CipherUpdate, 1);
	SYM(EVP_CipherFinal_ex, 1);
	SYM(BIO_new_mem_buf, 0);
	SYM(BIO_free, 0);
	SYM(PEM_read_bio_PrivateKey, 0);
	SYM(EVP_PKEY_free, 0);
	SYM(EVP_PKEY_CTX_new, 0);
	SYM(EVP_PKEY_CTX_free, 0);
	SYM(EVP_PKEY_sign_init, 0);
	SYM(EVP_PKEY_sign, 0);
	SYM(EVP_PKEY_verify_init, 0);
	SYM(EVP_PKEY_verify, 0);
	SYM(EVP_PKEY_size, 0);
	SYM(EVP_PKEY_get_size, 0);
	SYM(EVP_PKEY_new_raw_private_key, 0);
	SYM(EVP_PKEY_new_raw_public_key, 0);
	SYM(EVP_PKEY_get_raw_public_key, 0);
	SYM(EVP_PKEY_derive_init, 0);
	SYM(EVP_PKEY_derive_set_peer, 0);
	SYM(EVP_PKEY_derive, 0);
	SYM(EVP_DigestSignInit, 0);
	SYM(EVP_DigestSign, 0);
	SYM(EVP_DigestVerifyInit, 0);
	SYM(EVP_DigestVerify, 0);
	SYM(d2i_X509_NAME, 0);
	SYM(X509_NAME_free, 0);
	SYM(X509_NAME_print_ex, 0);
	SYM(BIO_s_mem, 0);
	SYM(BIO_new, 0);
	SYM(BIO_ctrl, 0);
	SYM(EVP_PKEY_CTX_new_id, 0);
	SYM(EVP_PKEY_CTX_set_tls1_prf_md, 0);
	SYM(EVP_PKEY_CTX_set1_tls1_prf_secret, 0);
	SYM(EVP_PKEY_CTX_add1_tls1_prf_seed, 0);

	*(void **)(&version) = dlsym(h, "OpenSSL_version");
	if (version == NULL)
		*(void **)(&version) = dlsym(h, "SSLeay_version");
	api.version = version ? version(0) : "unknown OpenSSL";

	/* 3.x: the default provider plus legacy (md4, rmd160, des, rc2, rc4, bf, cast). */
	*(void **)(&provider_load) = dlsym(h, "OSSL_PROVIDER_load");
	if (provider_load != NULL) {
		provider_load(NULL, "default");
		api.legacy = provider_load(NULL, "legacy") != NULL;
	}
	return 0;
}

const ossl_api *ossl_load(char *err, size_t err_len)
{
	static const char *const names[] = { "libcrypto.so.3", "libcrypto.so.1.1", NULL };
	const char *env = libcrypto_env();
	int i;

	if (state == 0) {
		void *h = NULL;
		if (env != NULL && *env != 0) {
			api.path = env;
			h = dlopen(env, RTLD_NOW | RTLD_LOCAL);
			if (h == NULL)
				snprintf(failure, sizeof(failure), "cannot load libcrypto (EMBER_LIBCRYPTO=%s): %s", env,
				    dlerror());
		} else {
			for (i = 0; names[i] && h == NULL; i++) {
				api.path = names[i];
				h = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
			}
			if (h == NULL)
				snprintf(failure, sizeof(failure),
				    "cannot load libcrypto (tried libcrypto.so.3, libcrypto.so.1.1): %s", dlerror());
		}
		state = -1;
		if (h != NULL) {
			api.handle = h;
			if (resolve(h) == 0)
				state = 1;
			else
				dlclose(h);
		}
	}
	if (state == 1)
		return &api;
	if (err != NULL && err_len > 0)
		snprintf(err, err_len, "%s", failure);
	return NULL;
}

void *ossl_digest(const ossl_api *o, const char *name)
{
	if (o->EVP_MD_fetch != NULL)
		return o->EVP_MD_fetch(NULL, name, NULL);
	return o->EVP_get_digestbyname(name);
}

void *ossl_cipher(const ossl_api *o, const char *name)
{
	if (o->EVP_CIPHER_fetch != NULL)
		return o->EVP_CIPHER_fetch(NULL, name, NULL);
	return o->EVP_get_cipherbyname(name);
}
