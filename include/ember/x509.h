/*
 * x509.h - X.509 certificates (RFC 5280) for the TLS 1.3 handshake:
 * a strict, bounded DER parse of one certificate, the verification of a
 * chain as a TLS Certificate message carries it (leaf first) against
 * caller-given trust anchors, the server name check (RFC 6125), and the
 * issuing of certificates (tests, `ember speed`'s handshake rows).
 *
 * Keys and signatures: RSA (PKCS#1 v1.5 with SHA-1/256/384/512, MD5
 * recognised to be refused; RSASSA-PSS with SHA-256/384/512, MGF1 over the
 * same digest), ECDSA over P-256 and P-384 with SHA-256/384/512, Ed25519
 * (RFC 8410), ML-DSA-44/65/87 (RFC 9881: parameters absent, the raw FIPS
 * 204 public key in the BIT STRING, pure ML-DSA with the empty context).
 *
 * The parser follows keys.h's DER rules (definite minimal lengths, no high
 * tag numbers, nothing after a structure's last field) and X.690's DER for
 * what certificates add: BOOLEAN TRUE is 0xff, DEFAULT values are absent,
 * named bit lists have no trailing zero bit; version v1 is the absent
 * field, v2 is refused; each extension at most once; UTCTime and
 * GeneralizedTime in their RFC 5280 forms only (seconds, "Z"). Everything
 * it returns points into the caller's DER: nothing is copied, nothing is
 * allocated. Verification keeps at most eight parsed certificates and one
 * public key on the stack (about 6 KiB on 64-bit targets, apart from the
 * signature primitives: ML-DSA's verification takes 13.5 KiB).
 */
#ifndef EMBER_X509_H
#define EMBER_X509_H

#include <stddef.h>
#include <stdint.h>

#include "keys.h"
#include "util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* keyUsage bits (RFC 5280 4.2.1.3): bit 0 of the BIT STRING is 0x80 of its first byte */
#define EMBER_X509_KU_DIGITAL_SIGNATURE 0x80u
#define EMBER_X509_KU_NON_REPUDIATION 0x40u
#define EMBER_X509_KU_KEY_ENCIPHERMENT 0x20u
#define EMBER_X509_KU_DATA_ENCIPHERMENT 0x10u
#define EMBER_X509_KU_KEY_AGREEMENT 0x08u
#define EMBER_X509_KU_KEY_CERT_SIGN 0x04u
#define EMBER_X509_KU_CRL_SIGN 0x02u
#define EMBER_X509_KU_ENCIPHER_ONLY 0x01u
#define EMBER_X509_KU_DECIPHER_ONLY 0x8000u /* bit 8: 0x80 of the second byte */

/* The longest chain ember_x509_verify_chain takes (a TLS Certificate message's certificates). */
#define EMBER_X509_MAX_CHAIN 8

enum ember_x509_sig_alg {
	EMBER_X509_SIG_UNKNOWN = 0,      /* an algorithm (or RSASSA-PSS parameter set) not supported */
	EMBER_X509_SIG_RSA_PKCS1_SHA1,
	EMBER_X509_SIG_RSA_PKCS1_SHA256,
	EMBER_X509_SIG_RSA_PKCS1_SHA384,
	EMBER_X509_SIG_RSA_PKCS1_SHA512,
	EMBER_X509_SIG_RSA_PSS,          /* the certificate's pss_hash and pss_salt_len say how */
	EMBER_X509_SIG_MD5_RSA,          /* recognised so that it can be refused */
	EMBER_X509_SIG_ECDSA_SHA256,
	EMBER_X509_SIG_ECDSA_SHA384,
	EMBER_X509_SIG_ECDSA_SHA512,
	EMBER_X509_SIG_ED25519,
	EMBER_X509_SIG_MLDSA44,
	EMBER_X509_SIG_MLDSA65,
	EMBER_X509_SIG_MLDSA87,
	/* never in a certificate: for ember_x509_verify_signed, TLS 1.3's rsa_pss_rsae_sha256/384/512
	   (RFC 8446 4.2.3: MGF1 over the same digest, salt as long as the digest) */
	EMBER_X509_SIG_RSA_PSS_SHA256,
	EMBER_X509_SIG_RSA_PSS_SHA384,
	EMBER_X509_SIG_RSA_PSS_SHA512
};

/* Digests of RSASSA-PSS parameters (pss_hash). */
enum ember_x509_hash { EMBER_X509_HASH_NONE = 0, EMBER_X509_HASH_SHA256, EMBER_X509_HASH_SHA384, EMBER_X509_HASH_SHA512 };

typedef struct ember_x509_cert {
	const uint8_t *der;
	size_t der_len;          /* the whole Certificate */
	const uint8_t *tbs;
	size_t tbs_len;          /* TBSCertificate with its header: the signed bytes */
	int sig_alg;             /* enum ember_x509_sig_alg, from signatureAlgorithm (byte-equal to tbs.signature) */
	int pss_hash;            /* EMBER_X509_SIG_RSA_PSS: enum ember_x509_hash (MGF1 uses the same) */
	size_t pss_salt_len;     /* EMBER_X509_SIG_RSA_PSS: saltLength */
	const uint8_t *sig;
	size_t sig_len;          /* signatureValue: the BIT STRING's contents after the unused-bits byte */
	const uint8_t *serial;
	size_t serial_len;       /* serialNumber: the INTEGER's contents (1 to 21 bytes, as encoded) */
	const uint8_t *issuer;
	size_t issuer_len;       /* Name, DER with its header (compared bytewise for chaining) */
	const uint8_t *subject;
	size_t subject_len;
	const uint8_t *spki;
	size_t spki_len;         /* SubjectPublicKeyInfo, DER with its header */
	int key_type;            /* EMBER_PKEY_RSA, _EC, _ED25519, _X25519, _DSA, _MLDSA44/65/87;
	                            EMBER_PKEY_NONE for a key algorithm not known here */
	int64_t not_before, not_after; /* seconds since 1970-01-01 UTC */
	int version;             /* 3, or 1 (no version field, no extensions) */
	int has_basic_constraints, is_ca;
	int path_len;            /* basicConstraints pathLenConstraint, -1 when absent */
	int has_key_usage;
	unsigned key_usage;      /* EMBER_X509_KU_* */
	int has_eku, eku_server_auth, eku_any;
	const uint8_t *san;
	size_t san_len;          /* subjectAltName extnValue contents (GeneralNames with its header), NULL when absent */
	int unknown_critical;    /* 1: an extension marked critical that this parser does not process */
} ember_x509_cert;

/*
 * ember_x509_parse: strict, bounded DER parse of one certificate (exactly
 * |len| bytes: nothing may follow it). 0, EMBER_EDECODE (malformed) or
 * EMBER_EINVAL (NULL arguments). An unknown signature or key algorithm is
 * not an error here (sig_alg EMBER_X509_SIG_UNKNOWN, key_type
 * EMBER_PKEY_NONE), nor an unknown critical extension (unknown_critical):
 * the verification refuses them.
 */
int ember_x509_parse(ember_x509_cert *c, const uint8_t *der, size_t len);

/* Why a chain is refused. */
enum ember_x509_reason {
	EMBER_X509_OK = 0,
	EMBER_X509_BAD_ENCODING,     /* a certificate (or an anchor, or a key in one) does not parse */
	EMBER_X509_BAD_SIGNATURE,
	EMBER_X509_UNKNOWN_ISSUER,   /* the issuer's name is not the next certificate's, nor an anchor's */
	EMBER_X509_EXPIRED,
	EMBER_X509_NOT_YET_VALID,
	EMBER_X509_NOT_CA,           /* an issuer without basicConstraints cA TRUE */
	EMBER_X509_PATH_LEN,
	EMBER_X509_KEY_USAGE,
	EMBER_X509_EKU,
	EMBER_X509_UNKNOWN_CRITICAL,
	EMBER_X509_HOST_MISMATCH,
	EMBER_X509_WEAK_KEY,         /* RSA below 2048 bits without EMBER_X509_ALLOW_WEAK_RSA */
	EMBER_X509_WEAK_HASH,        /* SHA-1 or MD5 signature without EMBER_X509_ALLOW_SHA1 */
	EMBER_X509_UNSUPPORTED_ALG,  /* a signature or key algorithm not supported, or a key that cannot sign */
	EMBER_X509_CHAIN_TOO_LONG    /* more than EMBER_X509_MAX_CHAIN certificates */
};

/* ember_x509_reason_name: "ok", "bad encoding", "bad signature" ...; "unknown reason" for another value. */
const char *ember_x509_reason_name(int reason);

/* Flags of ember_x509_verify_params. */
#define EMBER_X509_ALLOW_WEAK_RSA 0x1u /* accept RSA keys below 2048 bits (down to what rsa.h loads, 512) */
#define EMBER_X509_ALLOW_SHA1 0x2u     /* accept SHA-1 and MD5 signatures */

typedef struct ember_x509_verify_params {
	const uint8_t *const *anchors;   /* trust anchors: DER certificates */
	const size_t *anchor_lens;
	size_t n_anchors;
	int64_t now;                     /* seconds since 1970 UTC, the caller's clock */
	const char *host;                /* DNS name checked against the leaf (ember_x509_check_host); NULL: none */
	unsigned flags;                  /* EMBER_X509_ALLOW_* */
} ember_x509_verify_params;

/*
 * ember_x509_verify_chain verifies |chain| (n DER certificates, leaf first,
 * 1 <= n <= EMBER_X509_MAX_CHAIN, as a TLS Certificate message carries
 * them) against p->anchors. Each certificate must be issued by the next
 * (its issuer byte-equal to the next one's subject, its signature verified
 * with the next one's key) up to one that is itself an anchor (byte-equal)
 * or is issued by one (name and signature); the certificates after an
 * anchor, if any, are not looked at (RFC 8446 4.4.2 lets a server send
 * more than the path). Checked for every certificate of the path and the
 * anchor at its end: the validity period against p->now, no unknown
 * critical extension, RSA keys of 2048 bits or more, no SHA-1/MD5
 * signature (the anchor's own self-signature is not checked: it is trusted
 * as configured); for every issuer: v3 with basicConstraints cA TRUE (a v1
 * anchor is accepted as the root), pathLenConstraint (self-issued
 * intermediates not counted, RFC 5280 6.1.4), keyUsage keyCertSign where
 * present; for the leaf: keyUsage digitalSignature where present,
 * extKeyUsage serverAuth or anyExtendedKeyUsage where present, and the
 * host (when p->host is not NULL).
 *
 * Returns 0, EMBER_EDECODE (reason EMBER_X509_BAD_ENCODING), EMBER_EVERIFY
 * (any other reason), or EMBER_EINVAL (n == 0, NULL arguments; reason
 * EMBER_X509_BAD_ENCODING). The reason goes to *reason when it is not
 * NULL; on success the parsed leaf goes to *leaf when it is not NULL (it
 * points into chain[0]).
 */
int ember_x509_verify_chain(const uint8_t *const *chain, const size_t *lens, size_t n,
    const ember_x509_verify_params *p, ember_x509_cert *leaf, int *reason);

/*
 * ember_x509_check_host: 0 when a subjectAltName dNSName of |c| matches
 * the DNS name |host|, else EMBER_EVERIFY. Case-insensitive (ASCII); one
 * trailing dot of |host| is ignored. A wildcard is only a whole leftmost
 * label "*" followed by at least two labels ("*.example.com"); it stands
 * for exactly one non-empty label of |host|, never an IDNA A-label
 * ("xn--..."). No fallback to the subject's CN (RFC 6125 6.4.4, as TLS
 * clients do today). When |host| is a dotted IPv4 address it is matched
 * against the iPAddress entries instead, byte for byte.
 */
int ember_x509_check_host(const ember_x509_cert *c, const char *host);

/*
 * ember_x509_name_oneline writes the Name |name_der| (DER with its header,
 * as ember_x509_cert's subject and issuer) to |out| as one NUL-terminated
 * line the way OpenSSL's -nameopt oneline prints it (its s_client's
 * "Peer certificate:" line): "C = US, O = Example, CN = host", " + "
 * inside a multi-valued RDN, attribute types by OpenSSL's short names
 * (CN, SN, serialNumber, C, L, ST, street, O, OU, title, description,
 * businessCategory, postalCode, name, GN, initials, generationQualifier,
 * dnQualifier, pseudonym, organizationIdentifier, emailAddress, UID, DC)
 * or dotted, values as UTF-8 with RFC 2253's escapes in OpenSSL's form
 * (double quotes around a value that needs them, \XX for control and
 * non-ASCII bytes, '#' and hex for a value that is not a string). Returns
 * 0, EMBER_EDECODE (not a Name), EMBER_ELEN (|cap| too small) or
 * EMBER_EINVAL; after an error |out| is "" (never a cut line).
 */
int ember_x509_name_oneline(char *out, size_t cap, const uint8_t *name_der, size_t name_len);

/*
 * ember_x509_public_key: the certificate's key as an ember_pkey (RSA, EC,
 * Ed25519, X25519, ML-DSA through ember_pkey_read of the
 * SubjectPublicKeyInfo).
 */
int ember_x509_public_key(const ember_x509_cert *c, ember_pkey *k);

/* ember_x509_mldsa_public: the set (44, 65, 87) and the raw public key of an ML-DSA certificate
   (pointing into its DER: no 2.6 KB copy); EMBER_ENOTSUP for another key type, EMBER_EDECODE when malformed. */
int ember_x509_mldsa_public(const ember_x509_cert *c, int *set, const uint8_t **pk, size_t *pk_len);

/*
 * ember_x509_verify_signed: 0 when |sig| is a valid signature of |msg| by
 * the key of |c| with algorithm |alg| (enum ember_x509_sig_alg, the key's
 * type must fit it: EMBER_EINVAL otherwise), else EMBER_EVERIFY. ECDSA
 * signatures are DER (as in certificates and TLS). EMBER_X509_SIG_RSA_PSS
 * takes c's own pss_hash and pss_salt_len (use EMBER_X509_SIG_RSA_PSS_SHA*
 * for TLS's rsa_pss_rsae_*). No policy here (key size, SHA-1): the chain
 * check applies it. EMBER_ENOTSUP for an unsupported algorithm,
 * EMBER_EDECODE when the key does not load.
 */
int ember_x509_verify_signed(const ember_x509_cert *c, int alg, const uint8_t *msg, size_t msg_len,
    const uint8_t *sig, size_t sig_len);

/* ---- Issuing ---- */

typedef struct ember_x509_issue_params {
	const char *subject_cn;          /* CN of the subject (UTF8String, 1 to 64 bytes) */
	const ember_x509_cert *issuer;   /* NULL: self-signed (issuer = subject, |issuer_key| is the subject's key) */
	const ember_pkey *subject_key;   /* its public part is certified (RSA, EC P-256/P-384, Ed25519) */
	const uint8_t *subject_mldsa_pk; /* instead of subject_key: an ML-DSA public key of set subject_mldsa_set */
	size_t subject_mldsa_pk_len;
	int subject_mldsa_set;           /* 44, 65, 87; 0 when unused */
	const ember_pkey *issuer_key;    /* signs: RSA sha256WithRSAEncryption; EC ecdsa-with-SHA256 (P-256),
	                                    ecdsa-with-SHA384 (P-384); Ed25519. An RSA key's blinding values
	                                    change (rsa.h): not from two threads at once */
	const uint8_t *issuer_mldsa_sk;  /* instead of issuer_key: an ML-DSA private key of set issuer_mldsa_set */
	size_t issuer_mldsa_sk_len;
	int issuer_mldsa_set;            /* 44, 65, 87; 0 when unused */
	uint64_t serial;                 /* positive */
	int64_t not_before, not_after;
	int is_ca;      /* 1: basicConstraints critical cA TRUE, keyUsage critical keyCertSign | cRLSign;
	                   0: keyUsage critical digitalSignature, extKeyUsage serverAuth */
	const char *dns_name;            /* subjectAltName dNSName (NULL: no subjectAltName) */
} ember_x509_issue_params;

/*
 * ember_x509_issue writes a v3 certificate (DER) to |out|: the fields
 * above, subjectKeyIdentifier (SHA-1 of the public key, RFC 5280 4.2.1.2
 * method 1) and authorityKeyIdentifier (the issuer's, the same way).
 * UTCTime for 1950 to 2049, GeneralizedTime otherwise. Before returning it
 * parses the result and verifies its signature with the issuer
 * certificate's key (self-signed: its own): a key that is not the
 * issuer's is EMBER_EINVAL. Returns 0, EMBER_ELEN (|cap| too small),
 * EMBER_EINVAL, EMBER_ENOTSUP (a key type that cannot sign certificates),
 * or the signer's error.
 */
int ember_x509_issue(uint8_t *out, size_t cap, size_t *out_len, const ember_x509_issue_params *p);

#ifdef __cplusplus
}
#endif

#endif
