/*
 * pk_impl.h - what the key-file code of src/pk/ shares (not installed):
 * the strict DER reader and writer (asn1.c), PEM with RFC 1421 headers
 * (pem.c), and the table of key types (der.c) with each type's encodings
 * (key_rsa.c, key_dsa.c, key_ec.c, key_25519.c, key_mldsa.c, key_mlkem.c).
 *
 * A key type is one ember_pkey_kind: its AlgorithmIdentifier OID, how its
 * PKCS#8 private key, SubjectPublicKeyInfo public key and (where OpenSSL
 * has one) "traditional" PEM form are read and written. The containers
 * around them (PrivateKeyInfo, SubjectPublicKeyInfo, EncryptedPrivateKeyInfo,
 * encrypted PEM) are written once, in der.c and pbe.c, for every type.
 */
#ifndef EMBER_PK_IMPL_H
#define EMBER_PK_IMPL_H

#include "internal.h"
#include "ember/keys.h"

#define EMBER_DER_INTEGER 0x02
#define EMBER_DER_BITSTRING 0x03
#define EMBER_DER_OCTETSTRING 0x04
#define EMBER_DER_NULL 0x05
#define EMBER_DER_OID 0x06
#define EMBER_DER_SEQUENCE 0x30
#define EMBER_DER_CTX0 0xa0
#define EMBER_DER_CTX1 0xa1
#define EMBER_DER_IMPLICIT1 0x81 /* [1] IMPLICIT of a primitive type (OneAsymmetricKey's publicKey) */

/* A bounded read cursor: |len| bytes at |p|, never read past. */
typedef struct ember_der {
	const uint8_t *p;
	size_t len;
} ember_der;

/* ember_der_get reads one element with tag |tag| from |d| into |out| (its contents). */
EMBER_HIDDEN int ember_der_get(ember_der *d, int tag, ember_der *out);
/* ember_der_peek is the tag of the next element, or -1 at the end. */
EMBER_HIDDEN int ember_der_peek(const ember_der *d);
/* A non-negative minimal INTEGER; |out| gets its magnitude without the sign byte. */
EMBER_HIDDEN int ember_der_uint(ember_der *d, ember_der *out);
/* An INTEGER equal to the small value |v|. */
EMBER_HIDDEN int ember_der_small(ember_der *d, unsigned v);
/* A positive INTEGER of at most 64 bits into *v (larger: EMBER_ERANGE; 0: EMBER_EDECODE). */
EMBER_HIDDEN int ember_der_u64(ember_der *d, uint64_t *v);
/* 0 when |d| is used up, else EMBER_EDECODE (trailing data). */
EMBER_HIDDEN int ember_der_end(const ember_der *d);
/* 1 when the OID contents |oid| are the |len| bytes at |want|. */
EMBER_HIDDEN int ember_der_oid_is(const ember_der *oid, const uint8_t *want, size_t len);
/* The dotted form of OID contents ("1.2.840.113549.1.5.13"), cut to |cap| - 1 characters. */
EMBER_HIDDEN void ember_der_oid_text(const ember_der *oid, char *buf, size_t cap);

/* A bounded write buffer; the first overflow sets err (EMBER_ELEN) and later puts do nothing. */
typedef struct ember_der_out {
	uint8_t *p;
	size_t len, cap;
	int err;
} ember_der_out;

EMBER_HIDDEN void ember_der_put(ember_der_out *o, const void *data, size_t n);
EMBER_HIDDEN void ember_der_put_header(ember_der_out *o, int tag, size_t len);
/* An element whose contents were written to |inner|. */
EMBER_HIDDEN void ember_der_put_wrapped(ember_der_out *o, int tag, const ember_der_out *inner);
/* An element with the |n| bytes at |data| as contents (OID, OCTET STRING ...). */
EMBER_HIDDEN void ember_der_put_prim(ember_der_out *o, int tag, const void *data, size_t n);
/* An INTEGER from bignum words (minimal, a 0 byte first when the top bit is set). */
EMBER_HIDDEN void ember_der_put_uint(ember_der_out *o, const ember_bn_word *a, size_t n);
EMBER_HIDDEN void ember_der_put_small(ember_der_out *o, uint32_t v);

/* Scratch for one nesting level of a structure being written (wiped by the writer when secret). */
#define EMBER_DER_SCRATCH(name)                                                        \
	uint8_t name##_buf[EMBER_PKEY_MAX_DER];                                        \
	ember_der_out name = { name##_buf, 0, sizeof(name##_buf), 0 }

/*
 * One key type. |params| is what follows the OID in the AlgorithmIdentifier
 * (possibly empty), |priv| the contents of PKCS#8's privateKey OCTET STRING,
 * |pub| the subjectPublicKey BIT STRING without its unused-bits byte. The
 * read functions fill k (type, has_private, u) or return an error; the write
 * functions append to |o| (errors land in o->err). |trad_label| names the
 * type's own private-key PEM block (NULL: none, PKCS#8 only); RSA also has
 * a public one (PKCS#1 RSAPublicKey).
 */
typedef struct ember_pkey_kind {
	int type;               /* enum ember_pkey_type */
	const char *name;       /* "RSA", "DSA": OpenSSL's word (genpkey -algorithm, messages) */
	const uint8_t *oid;
	size_t oid_len;
	const char *trad_label;     /* "RSA PRIVATE KEY" */
	const char *trad_pub_label; /* "RSA PUBLIC KEY" */
	const char *params_label;   /* "DSA PARAMETERS": domain parameters alone (NULL: the type has none) */
	int (*read_private)(ember_pkey *k, ember_der params, ember_der priv);
	int (*read_public)(ember_pkey *k, ember_der params, ember_der pub);
	int (*read_trad)(ember_pkey *k, ember_der d);
	int (*read_trad_pub)(ember_pkey *k, ember_der d);
	int (*read_paramfile)(ember_pkey *k, ember_der d);
	void (*write_params)(ember_der_out *o, const ember_pkey *k);
	void (*write_private)(ember_der_out *o, const ember_pkey *k);
	void (*write_public)(ember_der_out *o, const ember_pkey *k);
	void (*write_trad)(ember_der_out *o, const ember_pkey *k);
	void (*write_trad_pub)(ember_der_out *o, const ember_pkey *k);
	void (*write_paramfile)(ember_der_out *o, const ember_pkey *k);
	unsigned (*bits)(const ember_pkey *k);
	/* 1 when a private key has all a writer needs (RSA: the CRT values) */
	int (*can_write_private)(const ember_pkey *k);
} ember_pkey_kind;

EMBER_HIDDEN extern const ember_pkey_kind ember_pkey_kind_rsa;
EMBER_HIDDEN extern const ember_pkey_kind ember_pkey_kind_dsa;
EMBER_HIDDEN extern const ember_pkey_kind ember_pkey_kind_ec;
EMBER_HIDDEN extern const ember_pkey_kind ember_pkey_kind_x25519;
EMBER_HIDDEN extern const ember_pkey_kind ember_pkey_kind_ed25519;
EMBER_HIDDEN extern const ember_pkey_kind ember_pkey_kind_mldsa44;
EMBER_HIDDEN extern const ember_pkey_kind ember_pkey_kind_mldsa65;
EMBER_HIDDEN extern const ember_pkey_kind ember_pkey_kind_mldsa87;
EMBER_HIDDEN extern const ember_pkey_kind ember_pkey_kind_mlkem512;
EMBER_HIDDEN extern const ember_pkey_kind ember_pkey_kind_mlkem768;
EMBER_HIDDEN extern const ember_pkey_kind ember_pkey_kind_mlkem1024;

/* The kind of |type|, or NULL. */
EMBER_HIDDEN const ember_pkey_kind *ember_pkey_kind_of(int type);

/*
 * The DER of |k| in |format| (ember_pkey_write's formats) into |o|, and
 * the PEM label that goes with it. Shared by ember_pkey_write and pbe.c.
 */
EMBER_HIDDEN int ember_pkey_der(const ember_pkey *k, int format, ember_der_out *o, const char **label);
/* Parses DER |in| as the block |label| ("PRIVATE KEY" ...; NULL: every form is tried). */
EMBER_HIDDEN int ember_pkey_parse(ember_pkey *k, const uint8_t *in, size_t len, const char *label);

/*
 * PEM with RFC 1421 headers (pem.c). ember_pem_decode_hdr is ember_pem_decode
 * that, instead of refusing a block with headers, points *hdr at them (the
 * lines after BEGIN up to the empty line, *hdr_len bytes; 0 when none) and
 * decodes the base64 after the empty line. ember_pem_encode_hdr writes
 * |hdr| (NULL: none; lines ending in "\n") and an empty line before the body.
 */
EMBER_HIDDEN int ember_pem_decode_hdr(const char *in, size_t len, const char *labels, char *label, size_t label_cap,
    const char **hdr, size_t *hdr_len, uint8_t *out, size_t cap, size_t *out_len);
EMBER_HIDDEN int ember_pem_encode_hdr(const char *label, const char *hdr, const uint8_t *der, size_t der_len,
    char *out, size_t cap, size_t *out_len);

#endif
