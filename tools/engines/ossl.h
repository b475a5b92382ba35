/*
 * ossl.h - the system's libcrypto, loaded at run time with dlopen, so that
 * Ember has no build- or run-time dependency on OpenSSL. Used by the
 * differential tests and by `ember speed -engine openssl`.
 *
 * EMBER_LIBCRYPTO names the library to load; otherwise libcrypto.so.3, then
 * libcrypto.so.1.1. OpenSSL types are opaque here (void *).
 */
#ifndef EMBER_OSSL_H
#define EMBER_OSSL_H

#include <stddef.h>

typedef struct ossl_api {
	const char *path;     /* the library that was loaded */
	const char *version;  /* OpenSSL_version(OPENSSL_VERSION) */
	int legacy;           /* 1 when the legacy provider loaded (3.x) */

	/* digests */
	void *(*EVP_get_digestbyname)(const char *);
	void *(*EVP_MD_fetch)(void *, const char *, const char *);          /* 3.x only */
	void (*EVP_MD_free)(void *);                                          /* 3.x only */
	void *(*EVP_MD_CTX_new)(void);
	void (*EVP_MD_CTX_free)(void *);
	int (*EVP_DigestInit_ex)(void *, const void *, void *);
	int (*EVP_DigestUpdate)(void *, const void *, size_t);
	int (*EVP_DigestFinal_ex)(void *, unsigned char *, unsigned int *);
	int (*EVP_DigestFinalXOF)(void *, unsigned char *, size_t);          /* 1.1.1 and later */
	unsigned char *(*HMAC)(const void *, const void *, int, const unsigned char *, size_t,
	    unsigned char *, unsigned int *);
	int (*EVP_MD_get_size)(const void *);                                 /* 3.x name */
	int (*EVP_MD_size)(const void *);                                     /* 1.1 name */
	/* HMAC keyed once, reused per message (deprecated in 3.0, still exported) */
	void *(*HMAC_CTX_new)(void);
	void (*HMAC_CTX_free)(void *);
	int (*HMAC_Init_ex)(void *, const void *, int, const void *, void *);
	int (*HMAC_Update)(void *, const unsigned char *, size_t);
	int (*HMAC_Final)(void *, unsigned char *, unsigned int *);

	/* ciphers */
	void *(*EVP_get_cipherbyname)(const char *);
	void *(*EVP_CIPHER_fetch)(void *, const char *, const char *);      /* 3.x only */
	void (*EVP_CIPHER_free)(void *);                                      /* 3.x only */
	void *(*EVP_CIPHER_CTX_new)(void);
	void (*EVP_CIPHER_CTX_free)(void *);
	int (*EVP_CipherInit_ex)(void *, const void *, void *, const unsigned char *,
	    const unsigned char *, int);
	int (*EVP_CIPHER_CTX_set_key_length)(void *, int);
	int (*EVP_CIPHER_CTX_set_padding)(void *, int);
	int (*EVP_CIPHER_CTX_ctrl)(void *, int, int, void *);
	int (*EVP_CipherUpdate)(void *, unsigned char *, int *, const unsigned char *, int);
	int (*EVP_CipherFinal_ex)(void *, unsigned char *, int *);

	/* public keys (speed's rsa and dsa rows) */
	void *(*BIO_new_mem_buf)(const void *, int);
	int (*BIO_free)(void *);
	void *(*PEM_read_bio_PrivateKey)(void *, void **, void *, void *);
	void (*EVP_PKEY_free)(void *);
	void *(*EVP_PKEY_CTX_new)(void *, void *);
	void (*EVP_PKEY_CTX_free)(void *);
	int (*EVP_PKEY_sign_init)(void *);
	int (*EVP_PKEY_sign)(void *, unsigned char *, size_t *, const unsigned char *, size_t);
	int (*EVP_PKEY_verify_init)(void *);
	int (*EVP_PKEY_verify)(void *, const unsigned char *, size_t, const unsigned char *, size_t);
	int (*EVP_PKEY_size)(const void *);                                   /* 1.1 name */
	int (*EVP_PKEY_get_size)(const void *);                               /* 3.x name */
	/* X25519 and Ed25519 from raw keys (1.1.1 and later; tests/t_x25519.c, t_ed25519.c) */
	void *(*EVP_PKEY_new_raw_private_key)(int, void *, const unsigned char *, size_t);
	void *(*EVP_PKEY_new_raw_public_key)(int, void *, const unsigned char *, size_t);
	int (*EVP_PKEY_get_raw_public_key)(const void *, unsigned char *, size_t *);
	int (*EVP_PKEY_derive_init)(void *);
	int (*EVP_PKEY_derive_set_peer)(void *, void *);
	int (*EVP_PKEY_derive)(void *, unsigned char *, size_t *);
	int (*EVP_DigestSignInit)(void *, void **, const void *, void *, void *);
	int (*EVP_DigestSign)(void *, unsigned char *, size_t *, const unsigned char *, size_t);
	int (*EVP_DigestVerifyInit)(void *, void **, const void *, void *, void *);
	int (*EVP_DigestVerify)(void *, const unsigned char *, size_t, const unsigned char *, size_t);
	/* distinguished names as text (tests/t_x509_name.c) */
	void *(*d2i_X509_NAME)(void **, const unsigned char **, long);
	void (*X509_NAME_free)(void *);
	int (*X509_NAME_print_ex)(void *, const void *, int, unsigned long);
	const void *(*BIO_s_mem)(void);
	void *(*BIO_new)(const void *);
	long (*BIO_ctrl)(void *, int, long, void *);
	/* the TLS 1.2 PRF (tests/t_tls12.c) */
	void *(*EVP_PKEY_CTX_new_id)(int, void *);
	int (*EVP_PKEY_CTX_set_tls1_prf_md)(void *, const void *);
	int (*EVP_PKEY_CTX_set1_tls1_prf_secret)(void *, const unsigned char *, int);
	int (*EVP_PKEY_CTX_add1_tls1_prf_seed)(void *, const unsigned char *, int);

	void *handle;
} ossl_api;

/*
 * ossl_load returns the loaded API, or NULL with a one-line reason in |err|
 * (which library was tried and dlerror's text). Loads once; later calls
 * return the same result.
 */
const ossl_api *ossl_load(char *err, size_t err_len);

/* ossl_digest returns an EVP_MD for |name| (fetched on 3.x, so legacy ones work), or NULL. */
void *ossl_digest(const ossl_api *o, const char *name);
/* ossl_cipher returns an EVP_CIPHER for |name|, or NULL. */
void *ossl_cipher(const ossl_api *o, const char *name);

#endif
