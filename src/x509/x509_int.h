/*
 * x509_int.h - what the X.509 files share (not installed): x509.c parses
 * certificates and their keys, x509_verify.c checks signatures and chains,
 * x509_name.c server names. Calls go verify -> name, and both -> x509.c.
 */
#ifndef EMBER_X509_INT_H
#define EMBER_X509_INT_H

#include "ember/x509.h"
#include "pk/pk_impl.h"

/* A certificate's public key, as verification needs it. */
typedef struct x509_key {
	int type;                /* key_type */
	const uint8_t *raw;      /* Ed25519, ML-DSA: the public key; RSA: n */
	size_t raw_len;
	unsigned rsa_bits;
	union {
		ember_rsa_public_key rsa;
		ember_ecc_key ec;
	} u;
} x509_key;

/* Any DER element with a low tag number; |*tag| gets its tag. */
EMBER_HIDDEN int x509_der_any(ember_der *d, int *tag, ember_der *out);
/* The key of |c| without loading it (RSA: n, for its size). */
EMBER_HIDDEN int x509_key_peek(const ember_x509_cert *c, x509_key *k);
/* Loads the key of |c| for verification: 0, EMBER_EDECODE (malformed), EMBER_ENOTSUP (a type or size not supported). */
EMBER_HIDDEN int x509_key_load(const ember_x509_cert *c, x509_key *k);

/* The ML-DSA parameter set of a key type, 0 for another type. */
static inline int x509_mldsa_set(int type)
{
	return type == EMBER_PKEY_MLDSA44 ? 44 : type == EMBER_PKEY_MLDSA65 ? 65 : type == EMBER_PKEY_MLDSA87 ? 87 : 0;
}

#endif
