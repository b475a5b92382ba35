/*
 * util.c - error texts, wiping, constant-time comparison.
 */
#include "internal.h"

const char *ember_strerror(int err)
{
	switch (err) {
	case EMBER_OK: return "success";
	case EMBER_EINVAL: return "invalid argument";
	case EMBER_EKEYLEN: return "unsupported key length";
	case EMBER_ELEN: return "invalid data length";
	case EMBER_EPAD: return "bad padding";
	case EMBER_EVERIFY: return "verification failed";
	case EMBER_ENOTSUP: return "not supported on this CPU or build";
	case EMBER_ENOTFOUND: return "no such algorithm or implementation";
	case EMBER_EDECODE: return "malformed encoding";
	case EMBER_ERANGE: return "value out of range";
	case EMBER_ERANDOM: return "random source failed";
	case EMBER_EINTERNAL: return "internal consistency check failed";
	case EMBER_ENONCE: return "nonce length not allowed";
	case EMBER_ETAG: return "tag length not allowed";
	case EMBER_EZEROSECRET: return "shared secret is all zero (peer key of small order)";
	case EMBER_ECLOSED: return "the peer ended the connection with an alert";
	default: return "unknown error";
	}
}

const char *ember_version(void)
{
	return EMBER_VERSION_TEXT;
}

/*
 * Calling memset through a volatile pointer keeps the compiler from proving
 * the store dead, without relying on memset_s or explicit_bzero.
 */
static void *(*const volatile ember_memset_v)(void *, int, size_t) = memset;

void ember_wipe(void *p, size_t len)
{
	if (len != 0)
		ember_memset_v(p, 0, len);
}

int ember_memeq(const void *a, const void *b, size_t len)
{
	const volatile uint8_t *x = (const volatile uint8_t *)a;
	const volatile uint8_t *y = (const volatile uint8_t *)b;
	uint32_t d = 0;
	size_t i;

#ifdef EMBER_CTGRIND_LEAK
	/* Test-only: an early exit on a secret byte, to show `make ctgrind-selftest` catches one. */
	if (len > 0 && x[0] != y[0])
		return 0;
#endif
	for (i = 0; i < len; i++)
		d |= (uint32_t)(x[i] ^ y[i]);
	/* (d - 1) >> 8 is all ones only when d == 0 (d < 256). */
	return (int)(((d - 1) >> 8) & 1);
}
