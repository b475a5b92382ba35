/*
 * speed_sig.h - the signature rows of `ember speed`, as openssl 3.5 names
 * and prints them: ML-DSA-44, ML-DSA-65, ML-DSA-87 (FIPS 204,
 * ember/mldsa.h). Three operations each: keygen, sign, verify.
 */
#ifndef EMBER_SPEED_SIG_H
#define EMBER_SPEED_SIG_H

#include <stddef.h>

/* The operations of a signature row, in openssl 3.5's column order. */
enum { SPEED_SIG_KEYGEN = 0, SPEED_SIG_SIGN = 1, SPEED_SIG_VERIFY = 2, SPEED_SIG_NOPS = 3 };

typedef struct speed_sig speed_sig;

/* 1 when |word| is one of the signature words above (openssl 3.5's names). */
int speed_sig_known(const char *word);
/*
 * A key pair and one signature of openssl 3.5's message (32 zero bytes,
 * the size of a SHA-256 digest; empty context), made before timing; the
 * signature must verify. NULL with a one-line reason in |err|.
 */
speed_sig *speed_sig_new(const char *word, char *err, size_t err_len);
/*
 * One operation |op| (SPEED_SIG_*): keygen makes a fresh key pair (not
 * kept), sign signs the message with the key made at speed_sig_new (hedged,
 * fresh randomness), verify checks the signature made there. 0, else EMBER_E*.
 */
int speed_sig_op(speed_sig *k, int op);
/*
 * Before timing: the timed signature verifies, fresh key pairs sign and
 * verify, a signature with one byte flipped and a changed message are
 * refused. 0, else EMBER_E*.
 */
int speed_sig_selftest(speed_sig *k);
/* For the tests: flip one byte of the timed signature (the self-test must then fail). */
void speed_sig_corrupt(speed_sig *k);
void speed_sig_free(speed_sig *k);

#endif
