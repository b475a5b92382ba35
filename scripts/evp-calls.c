/*
 * evp-calls.c - counts what a program asks of libcrypto's EVP cipher
 * calls, to see what `openssl speed` really times per record. Built as a
 * preload library; the counts go to standard error at exit:
 *
 *   cc -O2 -shared -fPIC scripts/evp-calls.c -o build/evp-calls.so -ldl
 *   LD_PRELOAD=$PWD/build/evp-calls.so openssl speed -aead -evp chacha20-poly1305 -seconds 1 -bytes 31
 *
 * A record sealed as TLS does is one nonce (Init), AAD and payload
 * (Update twice), and the tag (Final); compare the counts with the
 * records the program reports (docs/BENCHMARKS.md, "openssl speed -aead
 * and chacha20-poly1305").
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct evp_cipher_ctx_st EVP_CIPHER_CTX;

enum { ENC_INIT, ENC_UPDATE, ENC_FINAL, CIPHER_INIT, CIPHER_UPDATE, CIPHER_FINAL, CTRL, N };
static const char *const names[N] = { "EVP_EncryptInit_ex", "EVP_EncryptUpdate", "EVP_EncryptFinal_ex",
	"EVP_CipherInit_ex", "EVP_CipherUpdate", "EVP_CipherFinal_ex", "EVP_CIPHER_CTX_ctrl" };
static unsigned long calls[N], fails[N];
static int registered;

static void report(void)
{
	int i;

	for (i = 0; i < N; i++)
		if (calls[i])
			fprintf(stderr, "evp-calls: %-20s %lu calls, %lu failed\n", names[i], calls[i], fails[i]);
}

static void *next(const char *name)
{
	void *f = dlsym(RTLD_NEXT, name);

	if (!registered) {
		registered = 1;
		atexit(report);
	}
	if (f == NULL) {
		fprintf(stderr, "evp-calls: %s not found\n", name);
		abort();
	}
	return f;
}

#define COUNT(i, ok) (calls[i]++, fails[i] += !(ok))

int EVP_EncryptInit_ex(EVP_CIPHER_CTX *c, const void *t, void *e, const unsigned char *k, const unsigned char *iv)
{
	static int (*f)(EVP_CIPHER_CTX *, const void *, void *, const unsigned char *, const unsigned char *);
	int r;

	if (!f)
		*(void **)&f = next("EVP_EncryptInit_ex");
	r = f(c, t, e, k, iv);
	COUNT(ENC_INIT, r == 1);
	return r;
}

int EVP_EncryptUpdate(EVP_CIPHER_CTX *c, unsigned char *o, int *ol, const unsigned char *in, int inl)
{
	static int (*f)(EVP_CIPHER_CTX *, unsigned char *, int *, const unsigned char *, int);
	int r;

	if (!f)
		*(void **)&f = next("EVP_EncryptUpdate");
	r = f(c, o, ol, in, inl);
	COUNT(ENC_UPDATE, r == 1);
	return r;
}

int EVP_EncryptFinal_ex(EVP_CIPHER_CTX *c, unsigned char *o, int *ol)
{
	static int (*f)(EVP_CIPHER_CTX *, unsigned char *, int *);
	int r;

	if (!f)
		*(void **)&f = next("EVP_EncryptFinal_ex");
	r = f(c, o, ol);
	COUNT(ENC_FINAL, r == 1);
	return r;
}

int EVP_CipherInit_ex(EVP_CIPHER_CTX *c, const void *t, void *e, const unsigned char *k, const unsigned char *iv,
    int enc)
{
	static int (*f)(EVP_CIPHER_CTX *, const void *, void *, const unsigned char *, const unsigned char *, int);
	int r;

	if (!f)
		*(void **)&f = next("EVP_CipherInit_ex");
	r = f(c, t, e, k, iv, enc);
	COUNT(CIPHER_INIT, r == 1);
	return r;
}

int EVP_CipherUpdate(EVP_CIPHER_CTX *c, unsigned char *o, int *ol, const unsigned char *in, int inl)
{
	static int (*f)(EVP_CIPHER_CTX *, unsigned char *, int *, const unsigned char *, int);
	int r;

	if (!f)
		*(void **)&f = next("EVP_CipherUpdate");
	r = f(c, o, ol, in, inl);
	COUNT(CIPHER_UPDATE, r == 1);
	return r;
}

int EVP_CipherFinal_ex(EVP_CIPHER_CTX *c, unsigned char *o, int *ol)
{
	static int (*f)(EVP_CIPHER_CTX *, unsigned char *, int *);
	int r;

	if (!f)
		*(void **)&f = next("EVP_CipherFinal_ex");
	r = f(c, o, ol);
	COUNT(CIPHER_FINAL, r == 1);
	return r;
}

int EVP_CIPHER_CTX_ctrl(EVP_CIPHER_CTX *c, int type, int arg, void *ptr)
{
	static int (*f)(EVP_CIPHER_CTX *, int, int, void *);
	int r;

	if (!f)
		*(void **)&f = next("EVP_CIPHER_CTX_ctrl");
	r = f(c, type, arg, ptr);
	COUNT(CTRL, r > 0);
	return r;
}
