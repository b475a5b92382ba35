/*
 * fuzz_pkey.c - the key-file reader (PEM and DER: PKCS#1, PKCS#8, SPKI, RSA
 * and DSA) on arbitrary bytes. A key that is read must write back and read
 * again to the same encoding; anything else must be refused, never crash.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ember/keys.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static ember_pkey k, k2;
	static uint8_t a[EMBER_PKEY_MAX_DER], b[EMBER_PKEY_MAX_DER];
	size_t alen, blen;
	int fmt;

	if (ember_pkey_read(&k, data, size) != 0)
		return 0;
	fmt = k.has_private ? EMBER_PKEY_PKCS8 : EMBER_PKEY_SPKI;
	if (ember_pkey_write(&k, fmt, 0, a, sizeof(a), &alen) == 0) {
		if (ember_pkey_read(&k2, a, alen) != 0)
			abort(); /* what we wrote, we must read */
		if (ember_pkey_write(&k2, fmt, 0, b, sizeof(b), &blen) != 0 || blen != alen || memcmp(a, b, alen) != 0)
			abort(); /* and it must round-trip */
		ember_pkey_clear(&k2);
	}
	ember_pkey_clear(&k);
	return 0;
}
