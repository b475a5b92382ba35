/*
 * fuzz_pkey.c - the key-file reader (PEM and DER: PKCS#1, PKCS#8, SPKI, SEC 1
 * "EC PRIVATE KEY" and "EC PARAMETERS"; RSA, DSA, EC, X25519 and Ed25519) on
 * arbitrary bytes. A key that is read must write back and read
 * again to the same encoding; anything else must be refused, never crash.
 * Encrypted keys (PKCS#8 PBES2 in PEM and DER, traditional PEM with
 * Proc-Type and DEK-Info) go through ember_pkey_encryption and
 * ember_pkey_read_pass with the seeds' passphrase "x" and a PBKDF2 cap of
 * 4096 iterations (a larger count must be refused, not run).
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

	if (ember_pkey_read(&k, data, size) != 0) {
		ember_pbe_info info;
		int r = ember_pkey_encryption(data, size, &info);
		if (r != 0 || info.scheme == EMBER_PBE_NONE)
			return 0;
		r = ember_pkey_read_pass(&k, data, size, "x", 1, 4096);
		if (r == 0 && info.scheme == EMBER_PBE_PKCS8 && info.iterations > 4096)
			abort(); /* over the cap, yet run */
		if (r != 0)
			return 0;
	}
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
