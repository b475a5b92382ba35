/*
 * pkeyutil.h - key files and signatures for the ember sub-commands
 * (dgst -sign/-verify, genrsa, rsa).
 */
#ifndef EMBER_PKEYUTIL_H
#define EMBER_PKEYUTIL_H

#include <stddef.h>
#include <stdint.h>

#include "ember/keys.h"

/* `ember dgst -<hash> -sign key.pem -out sig FILE` and `-verify pub.pem -signature sig FILE`.
 * Return the exit status; errors printed as one line via tool_error("dgst", ...). */
int pkey_dgst_sign(const char *hash, const char *keyfile, const char *sigfile_out,
                   const uint8_t *data, size_t len);
int pkey_dgst_verify(const char *hash, const char *pubfile, const char *sigfile,
                     const uint8_t *data, size_t len); /* prints "Verified OK" / "Verification failure" */

/*
 * pkey_read_file reads at most |max| bytes of |path| (NULL or "-": standard
 * input) into a malloc'd buffer. On error prints one line for |cmd| and
 * returns NULL.
 */
uint8_t *pkey_read_file(const char *cmd, const char *path, size_t max, size_t *len);

/* pkey_load reads a key file; 0, or 1 after a one-line error naming the file. */
int pkey_load(const char *cmd, const char *path, ember_pkey *k);

/*
 * pkey_write_file writes |len| bytes to |path| (NULL or "-": standard output)
 * through a temporary file in the same directory renamed at the end, so
 * that no half-written file is ever left. 0, or 1 after a one-line error.
 */
int pkey_write_file(const char *cmd, const char *path, const void *data, size_t len);

#endif
