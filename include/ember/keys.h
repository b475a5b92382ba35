/*
 * keys.h - key files: DER and PEM, plain and password-protected.
 *
 * Read: PKCS#8 PrivateKeyInfo (RFC 5208) and SubjectPublicKeyInfo (RFC
 * 5280 4.1) for every key type, and each type's own "traditional" form:
 * PKCS#1 RSAPrivateKey and RSAPublicKey (RFC 8017 A.1), OpenSSL's "DSA
 * PRIVATE KEY" (SEQUENCE { 0, p, q, g, y, x }). PEM (RFC 7468) or DER,
 * detected. Key types: RSA and DSA (RFC 3279); EC keys on the named
 * curves P-256 and P-384 (RFC 5480 SPKI, RFC 5915 / SEC 1 C.4 "EC PRIVATE
 * KEY", also inside PKCS#8; explicit curve parameters are refused with
 * EMBER_ENOTSUP); X25519 and Ed25519 (RFC 8410: PKCS#8 and SPKI only);
 * ML-DSA-44, -65 and -87 (RFC 9881: PKCS#8 and SPKI only; the private key
 * as any of the three forms of its CHOICE: the 32-byte seed, the expanded
 * key, or both, whose expanded key must be the seed's, EMBER_ERANGE
 * otherwise; an expanded key alone must be consistent, see
 * ember_mldsa_public_from_private); ML-KEM-512, -768 and -1024 (RFC 9935,
 * draft-ietf-lamps-kyber-certificates: PKCS#8 and SPKI only; the private
 * key as the 64-byte seed d || z, the expanded FIPS 203 decapsulation key,
 * or both, whose expanded key must be the seed's; an expanded key alone
 * must pass FIPS 203 7.3's hash check and its ek 7.2's modulus check, and
 * so must a public key: EMBER_ERANGE otherwise).
 * PKCS#8 is read as PrivateKeyInfo version 0 or as OneAsymmetricKey (RFC
 * 5958) version 1, whose [1] publicKey must be the private key's
 * (EMBER_ERANGE otherwise, as for an EC [1] publicKey that is not d G).
 *
 * Encrypted private keys (with a passphrase): PKCS#8 EncryptedPrivateKeyInfo
 * (RFC 5958 3) with PBES2 and PBKDF2 (RFC 8018: HMAC-SHA-1/224/256/384/512;
 * AES-128/192/256-CBC, DES-EDE3-CBC), in DER or PEM "ENCRYPTED PRIVATE
 * KEY"; and PEM blocks with RFC 1421 headers "Proc-Type: 4,ENCRYPTED" and
 * "DEK-Info: <cipher>,<iv>" (OpenSSL's traditional encryption: the key is
 * EVP_BytesToKey with MD5, any CBC cipher). Both are what OpenSSL 3 writes
 * (`openssl pkey -aes256`, `openssl rsa -traditional -des3`) and reads.
 *
 * The DER parser is strict and bounded: definite minimal lengths only, no
 * high tag numbers, minimal non-negative INTEGERs, BIT STRINGs without
 * unused bits, nothing after the outer SEQUENCE or inside one after its last
 * field. Anything else is EMBER_EDECODE.
 *
 * Write: the same formats (PEM with 64-column lines, as OpenSSL), byte for
 * byte as OpenSSL 3 writes them: PKCS#8 version 0 without a public key
 * (EC: the ECPrivateKey inside has [1] publicKey but no [0] parameters; "EC
 * PRIVATE KEY" has both), EC points uncompressed, d padded to the curve's
 * length. ML-DSA private keys are written as the seed alone ([0], RFC 9881's
 * "seed") when the seed is known (generated, or read from a seed), else as
 * the expanded key; OpenSSL 3.5 writes "both" by default (its
 * ml-dsa.output_formats "seed-priv" first): the two forms read alike
 * everywhere, the seed one is 54 bytes of DER instead of 2.6 to 4.9 KB.
 * ML-KEM private keys likewise: the seed alone when known (86 bytes of
 * DER), else the expanded key; OpenSSL 3.5 writes "both" by default and
 * reads all three.
 */
#ifndef EMBER_KEYS_H
#define EMBER_KEYS_H

#include <stddef.h>
#include <stdint.h>

#include "dsa.h"
#include "ecc.h"
#include "ed25519.h"
#include "hash.h"
#include "mldsa.h"
#include "mlkem.h"
#include "rsa.h"
#include "x25519.h"

#ifdef __cplusplus
extern "C" {
#endif

enum ember_pkey_type {
	EMBER_PKEY_NONE = 0,
	EMBER_PKEY_RSA = 1,
	EMBER_PKEY_DSA = 2,
	EMBER_PKEY_EC = 3,     /* u.ec: P-256 or P-384 (id-ecPublicKey with a namedCurve) */
	EMBER_PKEY_X25519 = 4, /* u.x25519 (id-X25519, 1.3.101.110) */
	EMBER_PKEY_ED25519 = 5, /* u.ed25519 (id-Ed25519, 1.3.101.112) */
	EMBER_PKEY_MLDSA44 = 6, /* u.mldsa (id-ml-dsa-44, 2.16.840.1.101.3.4.3.17) */
	EMBER_PKEY_MLDSA65 = 7, /* u.mldsa (id-ml-dsa-65, 2.16.840.1.101.3.4.3.18) */
	EMBER_PKEY_MLDSA87 = 8, /* u.mldsa (id-ml-dsa-87, 2.16.840.1.101.3.4.3.19) */
	EMBER_PKEY_MLKEM512 = 9,  /* u.mlkem (id-alg-ml-kem-512, 2.16.840.1.101.3.4.4.1) */
	EMBER_PKEY_MLKEM768 = 10, /* u.mlkem (id-alg-ml-kem-768, 2.16.840.1.101.3.4.4.2) */
	EMBER_PKEY_MLKEM1024 = 11 /* u.mlkem (id-alg-ml-kem-1024, 2.16.840.1.101.3.4.4.3) */
};

/* An X25519 key: the private key as stored (unclamped, as OpenSSL keeps it) and its public key. */
typedef struct ember_x25519_key {
	uint8_t priv[EMBER_X25519_KEY_LEN];
	uint8_t pub[EMBER_X25519_KEY_LEN];
} ember_x25519_key;

/*
 * An ML-DSA key (FIPS 204), sized for ML-DSA-87: the parameter set, the
 * seed xi when it is known (has_seed: generated here or read from a file
 * that holds it), the public key, and (has_private) the expanded private
 * key. The first EMBER_MLDSA_PK_LEN(set) bytes of pk and
 * EMBER_MLDSA_SK_LEN(set) of sk are the set's.
 */
typedef struct ember_mldsa_pkey {
	int set;      /* EMBER_MLDSA44, EMBER_MLDSA65, EMBER_MLDSA87 */
	int has_seed;
	uint8_t seed[EMBER_MLDSA_SEED_LEN];
	uint8_t pk[EMBER_MLDSA_PK_MAX];
	uint8_t sk[EMBER_MLDSA_SK_MAX];
} ember_mldsa_pkey;

/*
 * An ML-KEM key (FIPS 203), sized for ML-KEM-1024: the parameter set, the
 * seed d || z when it is known (has_seed: generated here or read from a
 * file that holds it), the encapsulation key ek, and (has_private) the
 * expanded decapsulation key dk (dk_PKE || ek || H(ek) || z). The first
 * EMBER_MLKEM_EK_LEN(set) bytes of ek and EMBER_MLKEM_DK_LEN(set) of dk are
 * the set's.
 */
typedef struct ember_mlkem_pkey {
	int set;      /* EMBER_MLKEM512, EMBER_MLKEM768, EMBER_MLKEM1024 */
	int has_seed;
	uint8_t seed[EMBER_MLKEM_SEED_LEN];
	uint8_t ek[EMBER_MLKEM_EK_MAX];
	uint8_t dk[EMBER_MLKEM_DK_MAX];
} ember_mlkem_pkey;

/* Output formats. */
enum ember_pkey_format {
	EMBER_PKEY_PKCS8 = 1, /* private: PrivateKeyInfo, "PRIVATE KEY" */
	EMBER_PKEY_SPKI = 2,  /* public: SubjectPublicKeyInfo, "PUBLIC KEY" */
	EMBER_PKEY_PKCS1 = 3, /* RSA only: RSAPrivateKey "RSA PRIVATE KEY" or, public, RSAPublicKey */
	EMBER_PKEY_TRAD = 4,  /* the type's own form: "RSA PRIVATE KEY" (and public), "DSA PRIVATE KEY",
	                         "EC PRIVATE KEY" (X25519, Ed25519: none, EMBER_ENOTSUP) */
	EMBER_PKEY_PARAMS = 5 /* domain parameters alone: "DSA PARAMETERS" (Dss-Parms), "EC PARAMETERS" (the
	                         namedCurve OID) */
};

/*
 * Bounds of an encoded key: RSA of at most EMBER_MAX_RSA_BITS, or ML-DSA-87
 * in PKCS#8 with both the seed and the expanded key (4962 bytes; ML-KEM-1024's
 * "both" is 3266).
 */
#define EMBER_PKEY_RSA_MAX_DER (5 * EMBER_RSA_MAX_LEN + 256)
#define EMBER_PKEY_MLDSA_MAX_DER (EMBER_MLDSA_SK_MAX + EMBER_MLDSA_SEED_LEN + 96)
#define EMBER_PKEY_MAX_DER \
	(EMBER_PKEY_RSA_MAX_DER > EMBER_PKEY_MLDSA_MAX_DER ? EMBER_PKEY_RSA_MAX_DER : EMBER_PKEY_MLDSA_MAX_DER)
#define EMBER_PKEY_MAX_PEM (2 * EMBER_PKEY_MAX_DER)

typedef struct ember_pkey {
	int type;        /* enum ember_pkey_type */
	int has_private; /* 0: public key only (RSA: u.rsa.pub is set) */
	int params_only; /* domain parameters without a key (ember_pkey_read_params, ember_dsa_generate_params):
	                    written only as EMBER_PKEY_PARAMS */
	union {
		ember_rsa_private_key rsa;
		ember_dsa_key dsa;
		ember_ecc_key ec;         /* has_private: d and q; else q */
		ember_x25519_key x25519;  /* has_private: priv and pub; else pub */
		ember_ed25519_key ed25519; /* has_private: seed and pub; else pub */
		ember_mldsa_pkey mldsa;    /* ML-DSA-44/65/87: has_private: sk and pk (and the seed when has_seed); else pk */
		ember_mlkem_pkey mlkem;    /* ML-KEM-512/768/1024: has_private: dk and ek (and the seed when has_seed); else ek */
	} u;
} ember_pkey;

/*
 * ember_pkey_read decodes a key from PEM or DER (len bytes at in). An
 * encrypted key is EMBER_ENOTSUP here: see ember_pkey_read_pass.
 */
int ember_pkey_read(ember_pkey *k, const uint8_t *in, size_t len);

/*
 * ember_pkey_read_params reads domain parameters alone ("DSA PARAMETERS",
 * "EC PARAMETERS"; PEM or DER: what `openssl genpkey -genparam` and
 * `openssl ecparam -name` write): |k| gets the type and the parameters
 * (EC: u.ec.curve and u.ec.len), params_only set, and no key. Explicit EC
 * parameters are EMBER_ENOTSUP.
 */
int ember_pkey_read_params(ember_pkey *k, const uint8_t *in, size_t len);

/*
 * ember_pkey_write writes k in |format| (public formats work for private
 * keys too), as DER when |pem| is 0, else PEM text (NUL-terminated; the
 * length excludes the NUL). EMBER_ELEN when |cap| is too small,
 * EMBER_ENOTSUP for a format the key cannot take (PKCS#1 of DSA, a private
 * format of a public key, RSA without its primes).
 */
int ember_pkey_write(const ember_pkey *k, int format, int pem, uint8_t *out, size_t cap, size_t *out_len);

/*
 * ember_pkey_bits is the modulus (RSA), p (DSA, EC) size in bits; 253
 * (X25519), 256 (Ed25519) as OpenSSL; ML-DSA: 8 times the public key's
 * length (10496, 15616, 20736), as OpenSSL 3.5's "bits" (its "security-bits"
 * are 128, 192 and 256); ML-KEM: 512, 768, 1024, as OpenSSL 3.5.
 */
unsigned ember_pkey_bits(const ember_pkey *k);

/*
 * ember_pkey_name is OpenSSL's name of key type |type| ("RSA", "DSA", "EC",
 * "X25519", "ED25519", "ML-DSA-44", "ML-DSA-65", "ML-DSA-87", "ML-KEM-512",
 * "ML-KEM-768", "ML-KEM-1024"), or
 * NULL; ember_pkey_type_of is the reverse (case-insensitive; EMBER_PKEY_NONE
 * for a name that is not a key type of this build).
 */
const char *ember_pkey_name(int type);
int ember_pkey_type_of(const char *name);

/* ---- Password-protected private keys ---- */

/* How a key file is protected. */
enum ember_pbe_scheme {
	EMBER_PBE_NONE = 0,       /* not encrypted */
	EMBER_PBE_PKCS8 = 1,      /* EncryptedPrivateKeyInfo, PBES2 with PBKDF2 */
	EMBER_PBE_TRAD = 2,       /* PEM with Proc-Type/DEK-Info headers (EVP_BytesToKey, MD5) */
	EMBER_PBE_UNSUPPORTED = 3 /* encrypted some other way: PBES1, PKCS#12 PBE, scrypt, another cipher or PRF */
};

typedef struct ember_pbe_info {
	int scheme;          /* enum ember_pbe_scheme */
	char cipher[96];     /* "aes-256-cbc"; EMBER_PBE_UNSUPPORTED: what is not supported ("scrypt", "PBES1 ...") */
	char prf[16];        /* PBKDF2's HMAC digest ("sha256"); "md5" for EMBER_PBE_TRAD */
	uint64_t iterations; /* PBKDF2's count as the file gives it (UINT64_MAX: more than 64 bits); 1 for TRAD */
} ember_pbe_info;

/*
 * PBKDF2 iteration counts: EMBER_PBE_DEFAULT_ITER is what ember writes by
 * default (OpenSSL 3.0's PKCS5_DEFAULT_ITER); EMBER_PBE_MAX_ITER the most
 * ember_pkey_read_pass accepts from a file by default (a hostile file could
 * otherwise ask for hours of CPU: 10 million rounds of HMAC-SHA-256 take
 * seconds, 2^32 hours).
 */
#define EMBER_PBE_DEFAULT_ITER 2048u
#define EMBER_PBE_MAX_ITER 10000000u

/*
 * ember_pkey_encryption says whether the key file |in| is encrypted and
 * how, without a passphrase and without deriving anything: 0 with |info|
 * filled (scheme EMBER_PBE_NONE for anything not encrypted, even bytes that
 * are no key at all), or EMBER_EDECODE for an encrypted container that is
 * malformed (truncated, bad base64, bad headers).
 */
int ember_pkey_encryption(const uint8_t *in, size_t len, ember_pbe_info *info);

/*
 * ember_pkey_read_pass reads a key as ember_pkey_read does, decrypting it
 * with |pass_len| bytes at |pass| when it is encrypted (an unencrypted key
 * is read and |pass| ignored). |max_iter| caps the PBKDF2 iteration count a
 * file may ask for (0: EMBER_PBE_MAX_ITER). Errors, besides ember_pkey_read's:
 * EMBER_ENOTSUP (a scheme Ember does not read, or |pass| NULL),
 * EMBER_ERANGE (the iteration count is over the cap: nothing was derived),
 * EMBER_EPAD (wrong passphrase, or damaged data: the padding or the DER
 * inside is not right; the two cannot be told apart).
 */
int ember_pkey_read_pass(ember_pkey *k, const uint8_t *in, size_t len, const void *pass, size_t pass_len,
    uint64_t max_iter);

/* How ember_pkey_write_pass encrypts; NULL (or NULL fields, 0) for the defaults. */
typedef struct ember_pbe_params {
	const char *cipher;  /* "aes-256-cbc" (default), "aes-128-cbc", "aes-192-cbc", "des-ede3-cbc";
	                        traditional PEM also any other CBC cipher of the registry */
	const char *prf;     /* PBES2's HMAC digest: "sha256" (default), "sha1", "sha224", "sha384", "sha512",
	                        "sha512-224", "sha512-256" */
	uint32_t iterations; /* PBES2: 0 is EMBER_PBE_DEFAULT_ITER */
	const uint8_t *salt; /* PBES2: NULL is 16 random bytes; else salt_len (1..64) bytes */
	size_t salt_len;
	const uint8_t *iv;   /* NULL is random; else one cipher block */
} ember_pbe_params;

/*
 * ember_pkey_write_pass writes the private key |k| encrypted under |pass|:
 * |format| EMBER_PKEY_PKCS8 as EncryptedPrivateKeyInfo (PBES2; DER, or PEM
 * "ENCRYPTED PRIVATE KEY" when |pem|), EMBER_PKEY_TRAD (or PKCS1 for RSA) as
 * the type's own PEM block with Proc-Type/DEK-Info headers (PEM only).
 * EMBER_ENOTSUP for a public key, another format, DER traditional, or a
 * cipher or digest not offered; EMBER_ELEN when |cap| is too small.
 */
int ember_pkey_write_pass(const ember_pkey *k, int format, int pem, const ember_pbe_params *p, const void *pass,
    size_t pass_len, uint8_t *out, size_t cap, size_t *out_len);

/*
 * ember_bytes_to_key is OpenSSL's EVP_BytesToKey (what `openssl enc`
 * derives from a password without -pbkdf2, and the key of traditional
 * encrypted PEM): D_i = H^count(D_{i-1} || pass || salt), key || iv = D_1 ||
 * D_2 || ... |salt| is 8 bytes or NULL (none). A weak KDF (one round by
 * default), for compatibility only. 0, EMBER_EINVAL or EMBER_ENOTSUP.
 */
int ember_bytes_to_key(const ember_hash_desc *d, const uint8_t *salt, const void *pass, size_t pass_len,
    uint32_t count, uint8_t *key, size_t key_len, uint8_t *iv, size_t iv_len);

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
