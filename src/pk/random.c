/*
 * random.c - the system's random source: getrandom(2).
 *
 * Blocks until the kernel pool is initialised (flags 0), retries on EINTR
 * and on short reads (a request above 256 bytes may be cut short by a
 * signal). No fallback to /dev/urandom: a failure is reported, never hidden.
 */
#include <errno.h>
#include <sys/random.h>

#include "internal.h"
#include "ember/bn.h"

int ember_random_bytes(void *out, size_t len)
{
	uint8_t *p = (uint8_t *)out;

	while (len > 0) {
		size_t chunk = len > 256 ? 256 : len;
		ssize_t got = getrandom(p, chunk, 0);
		if (got < 0) {
			if (errno == EINTR)
				continue;
			return EMBER_ERANDOM;
		}
		p += (size_t)got;
		len -= (size_t)got;
	}
	return 0;
}
