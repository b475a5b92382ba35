/*
 * util.h - error codes, secret-safe memory helpers, version.
 */
#ifndef EMBER_UTIL_H
#define EMBER_UTIL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define EMBER_VERSION_MAJOR 0
#define EMBER_VERSION_MINOR 1
#define EMBER_VERSION_PATCH 0
#define EMBER_VERSION_TEXT "0.1.0"

/*
 * Error codes. Every fallible function returns 0 on success or one of these
 * negative values; a return value never carries data.
 */
enum ember_err {
	EMBER_OK = 0,
	EMBER_EINVAL = -1,   /* invalid argument */
	EMBER_EKEYLEN = -2,  /* key length not supported by the algorithm */
	EMBER_ELEN = -3,     /* data length not valid (not a block multiple, too long) */
	EMBER_EPAD = -4,     /* bad padding */
	EMBER_EVERIFY = -5,  /* signature or MAC did not verify */
	EMBER_ENOTSUP = -6,  /* implementation not supported on this CPU or build */
	EMBER_ENOTFOUND = -7,/* no such algorithm or implementation */
	EMBER_EDECODE = -8,  /* malformed encoding (DER, PEM, hex) */
	EMBER_ERANGE = -9,   /* value out of range (key too large, bad modulus) */
	EMBER_ERANDOM = -10, /* the system random source failed */
	EMBER_EINTERNAL = -11,/* internal consistency check failed (fault detected) */
	EMBER_ENONCE = -12,  /* nonce or IV length not allowed by the algorithm */
	EMBER_ETAG = -13,    /* tag length not allowed by the algorithm */
	EMBER_EZEROSECRET = -14, /* the shared secret is all zero: a peer key of small order (X25519) */
	EMBER_ECLOSED = -15  /* the peer ended the connection with a fatal alert (tls.h) */
};

/* ember_strerror returns a static, human-readable text for an error code. */
const char *ember_strerror(int err);

/* ember_version returns EMBER_VERSION_TEXT of the library actually linked. */
const char *ember_version(void);

/*
 * ember_wipe zeroes |len| bytes at |p| in a way the compiler may not remove.
 * Every context is wiped by its final/clear call.
 */
void ember_wipe(void *p, size_t len);

/*
 * ember_memeq returns 1 when the |len| bytes at |a| and |b| are equal and 0
 * otherwise, in time that depends only on |len|.
 */
int ember_memeq(const void *a, const void *b, size_t len);

/*
 * Implementation flags, shared by every descriptor family.
 * EMBER_IMPL_CT: no secret-dependent branch, index or division.
 * EMBER_IMPL_HW: uses CPU instructions beyond the base ISA.
 */
#define EMBER_IMPL_CT 0x1u
#define EMBER_IMPL_HW 0x2u

#ifdef __cplusplus
}
#endif

#endif
