/*
 * ct_extra.h - constant-time checks beyond the registry walk (HMAC keys,
 * bignum exponentiation, RSA/DSA private operations, padding checks).
 * Each returns the number of checks it ran; ctgrind.c calls ct_extra().
 */
#ifndef EMBER_CT_EXTRA_H
#define EMBER_CT_EXTRA_H
unsigned ct_extra(void);
/* The public-key checks (ct_pk.c). */
unsigned ct_pk(void);
/* Every AEAD descriptor: seal and open under a secret key (ct_aead.c). */
unsigned ct_aead(void);
/* AES-GCM and AES-CCM beyond the defaults: other IV, nonce and tag lengths (ct_gcm.c). */
unsigned ct_gcm(void);
/* The elliptic-curve backends: P-256 and P-384 keys, signing and ECDH (ct_ec.c). */
unsigned ct_ec(void);
unsigned ct_keccak(void);
unsigned ct_mlkem(void); /* ML-KEM keygen, encaps, decaps (ct_mlkem.c) */
unsigned ct_mldsa(void); /* ML-DSA keygen and signing (ct_mldsa.c) */
unsigned ct_tls(void);   /* TLS 1.3 key schedule and records (ct_tls.c) */
unsigned ct_tls12(void); /* TLS 1.2 PRF, keys and records, CBC's padding and MAC check (ct_tls12.c) */
/* Marks an RSA key's private fields secret (d, the CRT values, the blinding pair, the primes' contexts; ct_pk.c). */
struct ember_rsa_private_key;
void ct_secret_rsa(struct ember_rsa_private_key *k);
#endif
