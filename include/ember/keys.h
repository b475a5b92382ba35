/*
 * keys.h - RSA and DSA key files: DER and PEM.
 *
 * Read: PKCS#1 RSAPrivateKey and RSAPublicKey (RFC 8017 A.1), PKCS#8
 * PrivateKeyInfo (RFC 5208, unencrypted; RSA and DSA), SubjectPublicKeyInfo
 * (RFC 5280 4.1; RSA and DSA, RFC 3279), and OpenSSL's "DSA PRIVATE KEY"
 * (SEQUENCE { 0, p, q, g, y, x }). PEM (RFC 7468) or DER, detected.
 *
 * The DER parser is strict and bounded: definite minimal lengths only, no
 * high tag numbers, minimal non-negative INTEGERs, BIT STRINGs without
 * unused bits, nothing after the outer SEQUENCE or inside one after its last
 * field. Anything else is EMBER_EDECODE; encrypted PEM is EMBER_ENOTSUP.
 *
 * Write: the same formats (PEM with 64-column lines, as OpenSSL).
 */
#ifndef EMBER_KEYS_H
#define EMBER_KEYS_H

#include <stddef.h>
#include <stdint.h>

#include "dsa.h"
#include "rsa.h"

#ifdef __cplusplus
extern "C" {
#endif

enum ember_pkey_type { EMBER_PKEY_NONE = 0, EMBER_PKEY_RSA = 1, EMBER_PKEY_DSA = 2 };

/* Output formats. */
enum ember_pkey_format {
	EMBER_PKEY_PKCS8 = 1, /* private: PrivateKeyInfo, "PRIVATE KEY" */
	EMBER_PKEY_SPKI = 2,  /* public: SubjectPublicKeyInfo, "PUBLIC KEY" */
	EMBER_PKEY_PKCS1 = 3, /* RSA only: RSAPrivateKey "RSA PRIVATE KEY" or, public, RSAPublicKey */
	EMBER_PKEY_TRAD = 4   /* DSA private: OpenSSL's "DSA PRIVATE KEY" */
};

/* Bounds of an encoded key of at most EMBER_MAX_RSA_BITS. */
#define EMBER_PKEY_MAX_DER (5 * EMBER_RSA_MAX_LEN + 256)
#define EMBER_PKEY_MAX_PEM (2 * EMBER_PKEY_MAX_DER)

typedef struct ember_pkey {
	int type;        /* enum ember_pkey_type */
	int has_private; /* 0: public key only (RSA: u.rsa.pub is set) */
	union {
		ember_rsa_private_key rsa;
		ember_dsa_key dsa;
	} u;
} ember_pkey;

/* ember_pkey_read decodes a key from PEM or DER (len bytes at in). */
int ember_pkey_read(ember_pkey *k, const uint8_t *in, size_t len);

/*
 * ember_pkey_write writes k in |format| (public formats work for private
 * keys too), as DER when |pem| is 0, else PEM text (NUL-terminated; the
 * length excludes the NUL). EMBER_ELEN when |cap| is too small,
 * EMBER_ENOTSUP for a format the key cannot take (PKCS#1 of DSA, a private
 * format of a public key, RSA without its primes).
 */
int ember_pkey_write(const ember_pkey *k, int format, int pem, uint8_t *out, size_t cap, size_t *out_len);

/* ember_pkey_bits is the modulus (RSA) or p (DSA) size in bits. */
unsigned ember_pkey_bits(const ember_pkey *k);

void ember_pkey_clear(ember_pkey *k);

/*
 * DSA signature encodings: r || s (2 * qlen bytes) <-> DER SEQUENCE
 * { INTEGER r, INTEGER s } (strict, as above).
 */
int ember_dsa_sig_to_der(const uint8_t *sig, size_t sig_len, uint8_t *out, size_t cap, size_t *out_len);
int ember_dsa_sig_from_der(const uint8_t *der, size_t der_len, uint8_t *sig, size_t sig_len);

/*
 * PEM armor (RFC 7468) around any DER: ember_pem_decode finds the first
 * block whose label is in the NUL-separated, double-NUL-terminated list
 * |labels| (NULL: any), copies the label (NUL-terminated) and decodes the base64.
 */
int ember_pem_decode(const char *in, size_t len, const char *labels, char *label, size_t label_cap,
    uint8_t *out, size_t cap, size_t *out_len);
int ember_pem_encode(const char *label, const uint8_t *der, size_t der_len, char *out, size_t cap,
    size_t *out_len);

#ifdef __cplusplus
}
#endif

#endif
