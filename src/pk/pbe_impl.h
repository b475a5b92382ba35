/*
 * pbe_impl.h - the password-based encryption schemes of pbe.c, as
 * keyfile.c uses them (not installed).
 */
#ifndef EMBER_PBE_IMPL_H
#define EMBER_PBE_IMPL_H

#include "pk_impl.h"
#include "ember/cipher.h"

/* One scheme instance, as read from a file or set up for writing one. */
typedef struct ember_pbe {
	int scheme;                   /* EMBER_PBE_PKCS8, EMBER_PBE_TRAD or EMBER_PBE_UNSUPPORTED */
	const ember_cipher_spec *spec; /* the CBC cipher */
	const char *prf;              /* PBKDF2's HMAC digest; "md5" for EMBER_PBE_TRAD */
	uint64_t iterations;          /* UINT64_MAX: more than 64 bits in the file */
	size_t key_len;
	ember_der salt;               /* PBES2 (points into the input, or the writer's buffer) */
	uint8_t iv[EMBER_MAX_BLOCK_LEN];
	size_t iv_len;
	char what[96];                /* EMBER_PBE_UNSUPPORTED: what it is ("scrypt", an OID) */
} ember_pbe;

/* An EncryptedPrivateKeyInfo's encryptionAlgorithm (the whole AlgorithmIdentifier element). */
EMBER_HIDDEN int ember_pbe_parse_algid(ember_der alg, ember_pbe *p);
/* The RFC 1421 header lines of an encrypted PEM block (ember_pem_decode_hdr's). */
EMBER_HIDDEN int ember_pbe_parse_dek(const char *hdr, size_t hdr_len, ember_pbe *p);
/*
 * Derives the key from |pass| and runs CBC over |in|: encryption pads
 * (PKCS#7), decryption checks and removes the padding (EMBER_EPAD, |out|
 * wiped). |out| may equal |in|; |cap| is its room.
 */
EMBER_HIDDEN int ember_pbe_crypt(const ember_pbe *p, int decrypt, const void *pass, size_t pass_len,
    const uint8_t *in, size_t in_len, uint8_t *out, size_t cap, size_t *out_len);
/* A scheme for writing, from the caller's parameters (NULL fields: defaults; salt and IV random). */
EMBER_HIDDEN int ember_pbe_setup(ember_pbe *p, int scheme, const ember_pbe_params *prm, uint8_t *salt_buf,
    size_t salt_cap);
/* PBES2's AlgorithmIdentifier for |p|. */
EMBER_HIDDEN void ember_pbe_write_algid(ember_der_out *o, const ember_pbe *p);
/* The "Proc-Type" and "DEK-Info" lines for |p| (NUL-terminated). */
EMBER_HIDDEN int ember_pbe_dek_header(const ember_pbe *p, char *buf, size_t cap);

#endif
