/*
 * pkeyops.h - what the key commands (genpkey, pkey, pkeyutl, dgst, rsa) do
 * with each key type: one pkey_ops per type (pkeyops.c; ML-DSA and ML-KEM
 * in pkeyops_pq.c), found by type or by OpenSSL's name. The file formats
 * are the library's (keys.h); this is generation, -text, -check,
 * signatures, key agreement and key encapsulation.
 *
 * Adding a key type: its entry in pkeyops.c's table (and its kind in
 * src/pk/der.c); the commands need no edit.
 */
#ifndef EMBER_PKEYOPS_H
#define EMBER_PKEYOPS_H

#include <stdio.h>

#include "ember/hash.h"
#include "ember/keys.h"

/* openssl's rsa_pss_saltlen words: "digest", "auto", "max" (and -1, -2, -3) */
#define PKEY_PSS_SALT_DIGEST (-1L)
#define PKEY_PSS_SALT_AUTO (-2L)
#define PKEY_PSS_SALT_MAX (-3L)

/* Signature options: dgst's -sigopt and pkeyutl's -pkeyopt words. */
typedef struct pkey_sigopts {
	int pss;                        /* rsa_padding_mode:pss (default pkcs1) */
	long saltlen;                   /* rsa_pss_saltlen: bytes, or PKEY_PSS_SALT_* (default auto) */
	const ember_hash_desc *mgf1;    /* rsa_mgf1_md (NULL: the signature's digest) */
	const ember_hash_desc *digest;  /* digest: (pkeyutl: the input is a digest of this; NULL: raw) */
} pkey_sigopts;

void pkey_sigopts_init(pkey_sigopts *so);
/* One "name:value" word of |opt| (-sigopt, -pkeyopt). 0, or 1 after one line naming it. */
int pkey_sigopt(const char *cmd, const char *opt, const char *word, pkey_sigopts *so);

/* Key generation options (genpkey -pkeyopt). */
typedef struct pkey_gen {
	unsigned long bits;   /* rsa_keygen_bits, dsa_paramgen_bits (0: the type's default) */
	unsigned long qbits;  /* dsa_paramgen_q_bits */
	unsigned long pubexp; /* rsa_keygen_pubexp */
	int curve;            /* ec_paramgen_curve (enum ember_ecc_curve; 0: none given) */
	int has_seed;         /* hexseed: (ML-DSA, ML-KEM): the key from this seed, not from the random source */
	uint8_t seed[64];     /* ML-DSA's 32 bytes (xi), ML-KEM's 64 (d || z) */
} pkey_gen;

typedef struct pkey_ops {
	int type;         /* enum ember_pkey_type */
	const char *name; /* OpenSSL's: "RSA", "DSA" */
	/* genpkey: one -pkeyopt name:value (0; 1 after an error; -1: not this type's option) */
	int (*gen_opt)(const char *cmd, pkey_gen *g, const char *name, const char *value);
	/* genpkey -genparam (NULL: the type has no parameters) */
	int (*gen_params)(const char *cmd, const pkey_gen *g, ember_pkey *k);
	/*
	 * a new key: from |k|'s parameters (k->params_only, read from -paramfile)
	 * when it has them, else from |g| (EC: the curve); a type that needs
	 * parameters and was given none says so on one line
	 */
	int (*gen_key)(const char *cmd, const pkey_gen *g, ember_pkey *k);
	/* -text: OpenSSL's layout; |pub|: the public part only */
	void (*print)(FILE *f, const ember_pkey *k, int pub);
	/* -check: 0 when the private key is consistent (its public key is its private key's), else 1 with the reason in |why| */
	int (*check)(ember_pkey *k, char *why, size_t why_len);
	/*
	 * Signatures over |in|: a digest of |hd| (or, hd NULL, raw bytes where the
	 * type allows: RSA PKCS#1 without DigestInfo, ECDSA and DSA of the bytes as
	 * a digest; message_only types: the message itself, hd NULL). sign: 0 or an EMBER_E*
	 * code; verify: 0, EMBER_EVERIFY, or another code for options the key
	 * cannot take. NULL for a type that does not sign.
	 */
	int (*sign)(ember_pkey *k, const pkey_sigopts *so, const ember_hash_desc *hd, const uint8_t *in, size_t in_len,
	    uint8_t *sig, size_t *sig_len);
	int (*verify)(ember_pkey *k, const pkey_sigopts *so, const ember_hash_desc *hd, const uint8_t *in,
	    size_t in_len, const uint8_t *sig, size_t sig_len);
	/*
	 * key agreement (pkeyutl -derive; |peer| is of k's type): NULL for a type
	 * that has none. 0; EMBER_EINVAL when |peer| cannot agree with |k| (another
	 * curve); EMBER_EZEROSECRET for an all-zero secret (X25519: a peer key of small order)
	 */
	int (*derive)(const ember_pkey *k, const ember_pkey *peer, uint8_t *out, size_t *out_len);
	/*
	 * 1 when signing takes the message itself, never a digest (Ed25519, ML-DSA:
	 * pure, empty context; pkeyutl -rawin, dgst without -<digest>)
	 */
	int message_only;
	/*
	 * key encapsulation (pkeyutl -encap / -decap; NULL for a type that has
	 * none). encap: a ciphertext for |k|'s public key into |ct| and the shared
	 * secret into |ss|, their lengths in *ct_len and *ss_len. decap: the shared
	 * secret of |ct| with |k|'s private key; EMBER_ELEN when |ct| is not the
	 * set's length (a wrong ciphertext of the right length still gives a secret:
	 * ML-KEM's implicit rejection)
	 */
	int (*encap)(const ember_pkey *k, uint8_t *ct, size_t *ct_len, uint8_t *ss, size_t *ss_len);
	int (*decap)(const ember_pkey *k, const uint8_t *ct, size_t ct_len, uint8_t *ss, size_t *ss_len);
} pkey_ops;

/* The largest signature and shared secret of any type here (RSA's or ML-DSA-87's; ECDSA's DER is at most 104 bytes). */
#define PKEY_SIG_MAX (EMBER_RSA_MAX_LEN > EMBER_MLDSA_SIG_MAX ? EMBER_RSA_MAX_LEN : EMBER_MLDSA_SIG_MAX)
#define PKEY_SECRET_MAX 1024
/* The largest KEM ciphertext (ML-KEM-1024's). */
#define PKEY_CT_MAX EMBER_MLKEM_CT_MAX

const pkey_ops *pkey_ops_of(int type);
/* By OpenSSL's name (genpkey -algorithm), case-insensitive; NULL when not a type of this build. */
const pkey_ops *pkey_ops_by_name(const char *name);
/* "RSA, DSA, EC, X25519, ED25519, ...": the names, for messages. */
const char *pkey_ops_names(void);
/* A key's type for messages: its name, with the curve for EC ("EC P-256"). */
const char *pkey_describe(const ember_pkey *k, char *buf, size_t len);

/* RSA's own words (`ember rsa -text`, `-check`): "RSA key ok" or "RSA key error: ...". */
void pkey_rsa_print(FILE *f, const ember_pkey *k, int pub);
int pkey_rsa_check(FILE *f, ember_pkey *k);

#endif
