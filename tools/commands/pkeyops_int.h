/*
 * pkeyops_int.h - what pkeyops.c (the options, the classical key types and
 * the table) and pkeyops_pq.c (the post-quantum ones) share; the commands
 * use pkeyops.h only.
 */
#ifndef EMBER_PKEYOPS_INT_H
#define EMBER_PKEYOPS_INT_H

#include "pkeyops.h"

/* OpenSSL's print_labeled_buf: "label" then the bytes, 15 a line, "xx:xx:..." indented 4, as they are. */
void pkey_print_buf(FILE *f, const char *label, const uint8_t *p, size_t n);

/* ML-DSA-44, -65, -87 and ML-KEM-512, -768, -1024 (pkeyops_pq.c): their entries of the table */
extern const pkey_ops pkey_ops_mldsa44, pkey_ops_mldsa65, pkey_ops_mldsa87;
extern const pkey_ops pkey_ops_mlkem512, pkey_ops_mlkem768, pkey_ops_mlkem1024;

#endif
