/*
 * pkeyutil.h - key files and signatures for the ember sub-commands
 * (dgst -sign/-verify, genrsa, rsa).
 */
#ifndef EMBER_PKEYUTIL_H
#define EMBER_PKEYUTIL_H

#include <stddef.h>
#include <stdint.h>

#include "ember/keys.h"

/* Room for any signature pkey_sign makes (RSA up to EMBER_MAX_RSA_BITS; DSA as DER). */
#define PKEY_SIG_MAX EMBER_RSA_MAX_LEN

/*
 * pkey_sign hashes |data| with |hash| ("sha256", "-sha256"; NULL: sha256) and
 * signs it with the private key in |keyfile|: PKCS#1 v1.5 for RSA, DER
 * SEQUENCE { r, s } for DSA, into |sig| (PKEY_SIG_MAX bytes of room), its
 * length in *sig_len and the key type ("RSA", "DSA") in *type. 0, or 1 after
 * a one-line error via tool_error("dgst", ...).
 *
 * pkey_verify checks the signature in |sigfile| against the public (or
 * private) key in |pubfile|: 0 with the verdict in *verified, or 1 after a
 * one-line error (a key or signature file that cannot be read).
 */
int pkey_sign(const char *hash, const char *keyfile, const uint8_t *data, size_t len, uint8_t *sig, size_t *sig_len,
              const char **type);
int pkey_verify(const char *hash, const char *pubfile, const char *sigfile, const uint8_t *data, size_t len,
                int *verified);

/* pkey_sign with the signature written to |sigfile_out| (NULL or "-": standard output) through
 * pkey_write_file, and pkey_verify printing "Verified OK" / "Verification failure" on standard
 * output. Return the exit status (1 for a failed verification, as openssl dgst). */
int pkey_dgst_sign(const char *hash, const char *keyfile, const char *sigfile_out,
                   const uint8_t *data, size_t len);
int pkey_dgst_verify(const char *hash, const char *pubfile, const char *sigfile,
                     const uint8_t *data, size_t len);

/*
 * pkey_read_file reads at most |max| bytes of |path| (NULL or "-": standard
 * input) into a malloc'd buffer. On error prints one line for |cmd| and
 * returns NULL.
 */
uint8_t *pkey_read_file(const char *cmd, const char *path, size_t max, size_t *len);

/* pkey_load reads a key file; 0, or 1 after a one-line error naming the file. */
int pkey_load(const char *cmd, const char *path, ember_pkey *k);

/*
 * pkey_refuse_encrypted: when the key file bytes |buf| (that ember_pkey_read
 * refused) are a password-protected key, prints the one line that says so
 * and how to decrypt it, naming |path|, and returns 1; else 0.
 */
int pkey_refuse_encrypted(const char *cmd, const char *path, const uint8_t *buf, size_t len);

/*
 * pkey_write_file writes |len| bytes to |path| (NULL or "-": standard output)
 * through a temporary file in the same directory renamed at the end, so
 * that no half-written file is ever left, not even on a signal
 * (tools/common/outfile.c). 0, or 1 after a one-line error.
 */
int pkey_write_file(const char *cmd, const char *path, const void *data, size_t len);

#endif
