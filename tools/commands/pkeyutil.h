/*
 * pkeyutil.h - key files and signatures for the ember sub-commands (dgst
 * -sign/-verify, genrsa, rsa, genpkey, pkey, pkeyutl): reading a key file,
 * plain or encrypted, with -passin or a passphrase typed at the terminal;
 * writing one, plain or encrypted with -passout; and dgst's signatures.
 */
#ifndef EMBER_PKEYUTIL_H
#define EMBER_PKEYUTIL_H

#include <stddef.h>
#include <stdint.h>

#include "ember/keys.h"
#include "pass.h"
#include "pkeyops.h"

/* The largest key file read. */
#define PKEY_FILE_MAX 65536

/*
 * pkey_read_file reads at most |max| bytes of |path| (NULL or "-": standard
 * input) into a malloc'd buffer. On error prints one line for |cmd| and
 * returns NULL.
 */
uint8_t *pkey_read_file(const char *cmd, const char *path, size_t max, size_t *len);

/* How a command reads a key file. */
typedef struct pkey_in {
	const char *passin; /* -passin's source; NULL: asked on the terminal when standard input is one */
	const pass_buf *pass; /* or the passphrase itself, already read (pass_get_pair) when pass->set */
	int has_passin;     /* the command takes -passin (its messages then point to it) */
	int form;           /* -inform: 0 either, 1 PEM, 2 DER (a file in the other form is refused) */
	int pubin;          /* -pubin: the file must be a public key */
	int verify;         /* either kind will do (messages say "key", not "private key") */
} pkey_in;

/*
 * pkey_load_ex reads the key file |path| (NULL or "-": standard input) into
 * |k|, decrypting it when it is encrypted. 0, or 1 after one line naming the
 * file: not a key, an unsupported key type or encryption, a PBKDF2 count
 * over EMBER_PBE_MAX_ITER, no passphrase (-passin absent and standard input
 * not a terminal), "bad decrypt or wrong passphrase", an EC key with
 * explicit parameters. pkey_load is
 * pkey_load_ex for a command without -passin.
 */
int pkey_load_ex(const char *cmd, const char *path, const pkey_in *in, ember_pkey *k);

/*
 * pkey_explicit_ec: 1 when the key or parameter file |in| (PEM or DER, not
 * encrypted) holds EC curve parameters written out in full (explicit, the
 * prime-field OID) rather than a named curve: what the library refuses with
 * EMBER_ENOTSUP, named in the commands' messages.
 */
int pkey_explicit_ec(const uint8_t *in, size_t len);
int pkey_load(const char *cmd, const char *path, ember_pkey *k);

/* How a command writes a key. */
typedef struct pkey_out {
	int format;           /* EMBER_PKEY_PKCS8, _TRAD, _PKCS1, _SPKI or _PARAMS */
	int der;              /* -outform DER */
	const char *cipher;   /* encrypt the private key with this cipher ("aes-256-cbc"); NULL: plain */
	const pass_buf *pass; /* the passphrase (-passout's); NULL or unset: asked on the terminal */
} pkey_out;

/*
 * pkey_encode writes |k| as |o| says into |buf| (EMBER_PKEY_MAX_PEM bytes are
 * always enough), asking for the passphrase on the terminal when it encrypts
 * without one. 0, or 1 after one line.
 */
int pkey_encode(const char *cmd, const ember_pkey *k, const pkey_out *o, uint8_t *buf, size_t cap, size_t *len);

/*
 * pkey_save writes |k| to |path| (NULL or "-": standard output) as |o|
 * says, through pkey_write_file. 0, or 1 after one line.
 */
int pkey_save(const char *cmd, const char *path, const ember_pkey *k, const pkey_out *o);

/*
 * pkey_cipher_option: the cipher named by a key command's option ("-aes256",
 * "-aes-128-cbc", "-des3" ...: any CBC cipher), or NULL when |arg| is none.
 */
const char *pkey_cipher_option(const char *arg);

/*
 * pkey_write_file writes |len| bytes to |path| (NULL or "-": standard output)
 * through a temporary file in the same directory renamed at the end, so
 * that no half-written file is ever left, not even on a signal
 * (tools/common/outfile.c). 0, or 1 after a one-line error.
 */
int pkey_write_file(const char *cmd, const char *path, const void *data, size_t len);

/*
 * dgst's signatures. pkey_sign hashes |data| with |hash| ("sha256",
 * "-sha256"; NULL: sha256) and signs it with the private key in |keyfile|:
 * PKCS#1 v1.5 for RSA, DER SEQUENCE { r, s } for DSA and ECDSA, into |sig|
 * (PKEY_SIG_MAX bytes of room), its length in *sig_len and the key type
 * ("RSA", "DSA", "EC", "ED25519") in *type. A type that signs the message
 * itself (pkey_ops.message_only: Ed25519) signs |data| whole and takes no
 * digest: |hash| must be NULL (as openssl 3.2's dgst; 3.0's refuses
 * Ed25519). 0, or 1 after a one-line error via tool_error("dgst", ...).
 *
 * pkey_verify checks the signature in |sigfile| against the public (or
 * private) key in |pubfile|: 0 with the verdict in *verified, or 1 after a
 * one-line error (a key or signature file that cannot be read).
 *
 * The _ex forms take dgst's -passin and -sigopt (pkey_dgst_opts, NULL for
 * none); pkey_dgst_option parses those two options for dgst's loop:
 * 1 when argv[*i] was one of them (*i moved past its value), 0 when not,
 * -1 after an error (printed).
 */
typedef struct pkey_dgst_opts {
	const char *passin;
	pkey_sigopts so;
} pkey_dgst_opts;

void pkey_dgst_opts_init(pkey_dgst_opts *o);
int pkey_dgst_option(int argc, char **argv, int *i, pkey_dgst_opts *o);
int pkey_sign(const char *hash, const char *keyfile, const uint8_t *data, size_t len, uint8_t *sig, size_t *sig_len,
              const char **type);
int pkey_verify(const char *hash, const char *pubfile, const char *sigfile, const uint8_t *data, size_t len,
                int *verified);
int pkey_sign_ex(const pkey_dgst_opts *o, const char *hash, const char *keyfile, const uint8_t *data, size_t len,
                 uint8_t *sig, size_t *sig_len, const char **type);
int pkey_verify_ex(const pkey_dgst_opts *o, const char *hash, const char *pubfile, const char *sigfile,
                   const uint8_t *data, size_t len, int *verified);

/* pkey_sign with the signature written to |sigfile_out| (NULL or "-": standard output) through
 * pkey_write_file, and pkey_verify printing "Verified OK" / "Verification failure" on standard
 * output. Return the exit status (1 for a failed verification, as openssl dgst). */
int pkey_dgst_sign(const char *hash, const char *keyfile, const char *sigfile_out,
                   const uint8_t *data, size_t len);
int pkey_dgst_verify(const char *hash, const char *pubfile, const char *sigfile,
                     const uint8_t *data, size_t len);

#endif
