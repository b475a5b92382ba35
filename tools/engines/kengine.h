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

/*
 * 0 when this kernel opens AF_ALG sockets, else -1 with the reason
 * ("AF_ALG socket: Address family not supported by protocol ...").
 */
int afalg_probe(char *err, size_t err_len);
/* The kernel's name for one of Ember's digests ("ripemd160" -> "rmd160"), or NULL. */
const char *afalg_hash_name(const char *digest);
/* The kernel's name for a cipher algorithm of the registry ("des-ede3" -> "des3_ede"), or NULL. */
const char *afalg_cipher_alg(const char *alg);

/* Opens |kname| ("sha256", "hmac(sha256)", "cbc(aes)" ...); |key| for ciphers and HMAC. */
int afalg_open(afalg_op *a, const char *kname, int is_hash, const uint8_t *key, size_t key_len,
    size_t out_len, char *err, size_t err_len);
/* Hashes |len| bytes into |out| (a->out_len bytes). */
int afalg_hash(afalg_op *a, uint8_t *out, const uint8_t *in, size_t len, char *err, size_t err_len);
/* Encrypts or decrypts |len| bytes with |iv| (iv_len bytes, may be 0): sets
 * the direction and IV, which later afalg_cipher_next calls keep (the
 * kernel chains the IV from one request to the next, as CBC in one piece). */
int afalg_cipher(afalg_op *a, int decrypt, const uint8_t *iv, size_t iv_len, uint8_t *out,
    const uint8_t *in, size_t len, char *err, size_t err_len);
/* The next |len| bytes, under the direction and chained IV of the previous call. */
int afalg_cipher_next(afalg_op *a, uint8_t *out, const uint8_t *in, size_t len, char *err, size_t err_len);
/*
 * AF_ALG "aead" sockets ("gcm(aes)", "ccm(aes)", "rfc7539(chacha20,poly1305)"):
 * afalg_open_aead binds |kname|, sets the key and the tag length.
 * afalg_aead runs one whole record: the kernel's IV |iv| (for ccm(aes) the
 * 16-byte counter block: L' = 14 - nonce length, the nonce, zeros), the
 * |aad_len| bytes of |aad|, |len| bytes of |in| into |out| (the same buffer
 * or not overlapping) and the |tag_len|-byte tag: written when sealing,
 * checked when |decrypt| (-1 with EBADMSG's text when it does not match).
 * The kernel hands the AAD back before the output: it is read back into
 * |aad| (the same bytes).
 */
int afalg_open_aead(afalg_op *a, const char *kname, const uint8_t *key, size_t key_len, size_t tag_len, char *err,
    size_t err_len);
int afalg_aead(afalg_op *a, int decrypt, const uint8_t *iv, size_t iv_len, uint8_t *aad, size_t aad_len, uint8_t *out,
    const uint8_t *in, size_t len, uint8_t *tag, size_t tag_len, char *err, size_t err_len);
void afalg_close(afalg_op *a);

/*
 * Looks |kname| up in /proc/crypto and writes the driver of the
 * highest-priority implementation ("sha256-avx2", "aes-generic" ...) into
 * |drv|; "unknown" when /proc/crypto does not list it.
 */
void kcrypto_driver(const char *kname, char *drv, size_t drv_len);

/* ---- /proc/crypto: the kernel's drivers, listed whether or not AF_ALG opens ---- */
typedef struct kcrypto_alg {
	char name[128];   /* the algorithm: "cbc(aes)", "sha256" (CRYPTO_MAX_ALG_NAME is 128) */
	char driver[128]; /* the implementation: "cbc-aes-padlock", "sha256-avx2" */
	char module[64];  /* "kernel" when built in, else the module: "padlock_aes" */
	char type[32];    /* "skcipher", "shash", "aead" ... ("" when not given) */
	long priority;    /* the highest priority serves a name (what AF_ALG's bind gets) */
	int internal;     /* 1: "internal : yes", not reachable from user space */
	int selftest;     /* 1: "passed", -1: anything else (the kernel prints "unknown" for a
	                   * driver not tested), 0: no "selftest" line (kernels before 4.x) */
} kcrypto_alg;

/*
 * kcrypto_parse reads /proc/crypto's text (|len| bytes of |text|): blocks of
 * "key : value" lines, each starting with "name" and holding "driver",
 * "module" and "priority", separated by blank lines. Stores the first |max|
 * entries in |out| and returns how many the text holds (more than |max|
 * when |out| is short), or -1 when the text is not in that format: a line
 * without ':', a block not starting with "name" or lacking one of the four
 * keys, a value too long for its field, a priority that is not a number.
 */
int kcrypto_parse(const char *text, size_t len, kcrypto_alg *out, size_t max);
/* Reads /proc/crypto into a NUL-terminated buffer the caller frees; NULL with the reason in |err|. */
char *kcrypto_read(size_t *len, char *err, size_t err_len);
/*
 * The entries of |algs| named |name|, highest priority first (ties in
 * /proc/crypto's order): stores up to |max| pointers into |out|, returns how
 * many there are.
 */
size_t kcrypto_drivers(const kcrypto_alg *algs, size_t n, const char *name, const kcrypto_alg **out, size_t max);
/*
 * The kernel's names for the algorithms Ember has, as -engine afalg binds
 * them ("sha256", "hmac(sha256)", "cbc(aes)", "gcm(aes)",
 * "rfc7539(chacha20,poly1305)" ...), then the bare ciphers the templates
 * build on ("aes", "des3_ede" ...); NULL past the last.
 */
const char *kcrypto_ember_name(size_t i);

/* ---- /dev/crypto (cryptodev-linux) ---- */
typedef struct cdev_op {
	int fd;
	uint32_t ses;
	int is_hash;
	size_t out_len;
} cdev_op;

/* 0 when /dev/crypto opens, else -1 with the reason ("/dev/crypto: No such file or directory ..."). */
int cdev_probe(char *err, size_t err_len);
/* cryptodev algorithm number for one of Ember's digests (|hmac|: its HMAC), or -1. */
int cdev_hash_alg(const char *digest, int hmac);
/* cryptodev algorithm number for a registry cipher algorithm in |mode| (enum ember_mode), or -1. */
int cdev_cipher_alg(const char *alg, int mode);
/* Opens a session: a cipher keyed with |key|, or a digest (an HMAC when key_len > 0). */
int cdev_open(cdev_op *c, int alg, int is_hash, const uint8_t *key, size_t key_len, size_t out_len,
    char *err, size_t err_len);
/* The kernel driver serving the session (CIOCGSESSINFO), "unknown" when not told. */
void cdev_driver(const cdev_op *c, char *drv, size_t drv_len);
/* One operation: a digest of |in| into |out|, or |len| bytes enciphered with
 * |iv|, which is updated for chaining (COP_FLAG_WRITE_IV). */
int cdev_run(cdev_op *c, int decrypt, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len,
    char *err, size_t err_len);
void cdev_close(cdev_op *c);

#endif
