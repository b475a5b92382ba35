/*
 * kengine.h - the kernel's crypto, reached from user space: AF_ALG sockets
 * (Linux crypto API) and /dev/crypto (cryptodev-linux). Used by
 * `ember speed -engine afalg|cryptodev`. Each call returns 0 or -1 with a
 * one-line reason in |err| (what failed and the errno text).
 */
#ifndef EMBER_KENGINE_H
#define EMBER_KENGINE_H

#include <stddef.h>
#include <stdint.h>

/* ---- AF_ALG ---- */
typedef struct afalg_op {
	int tfm;       /* the bound algorithm socket */
	int op;        /* the operation socket (accept()ed) */
	int is_hash;
	size_t out_len; /* digest length for hashes */
} afalg_op;

/* Kernel names for our algorithm names: "sha256" -> "sha256", "aes-128-cbc" -> "cbc(aes)". */
const char *afalg_name(const char *ours, int *is_hash);

/* Opens |kname| ("sha256", "hmac(sha256)", "cbc(aes)" ...); |key| for ciphers and HMAC. */
int afalg_open(afalg_op *a, const char *kname, int is_hash, const uint8_t *key, size_t key_len,
    size_t out_len, char *err, size_t err_len);
/* Hashes |len| bytes into |out| (a->out_len bytes). */
int afalg_hash(afalg_op *a, uint8_t *out, const uint8_t *in, size_t len, char *err, size_t err_len);
/* Encrypts or decrypts |len| bytes with |iv| (iv_len bytes, may be 0). */
int afalg_cipher(afalg_op *a, int decrypt, const uint8_t *iv, size_t iv_len, uint8_t *out,
    const uint8_t *in, size_t len, char *err, size_t err_len);
void afalg_close(afalg_op *a);

/*
 * Looks |kname| up in /proc/crypto and writes the driver of the
 * highest-priority implementation ("sha256-avx2", "aes-generic" ...) into
 * |drv|; "unknown" when /proc/crypto does not list it.
 */
void kcrypto_driver(const char *kname, char *drv, size_t drv_len);

/* ---- /dev/crypto (cryptodev-linux) ---- */
typedef struct cdev_op {
	int fd;
	uint32_t ses;
	int is_hash;
	size_t out_len;
} cdev_op;

/* cryptodev algorithm number for our name, or -1. */
int cdev_alg(const char *ours, int *is_hash);
int cdev_open(cdev_op *c, int alg, int is_hash, const uint8_t *key, size_t key_len, size_t out_len,
    char *err, size_t err_len);
int cdev_run(cdev_op *c, int decrypt, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len,
    char *err, size_t err_len);
void cdev_close(cdev_op *c);

#endif
