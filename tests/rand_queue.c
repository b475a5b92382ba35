/*
 * rand_queue.c - the test binary's ember_random_bytes (declared in
 * include/ember/bn.h): bytes a test queued with t_rand_queue (rand_queue.h),
 * in order, else getrandom(2) as src/pk/random.c does. The runner's
 * objects come before libember.a on the link line, so this definition is
 * the one ember-test links and src/pk/random.o (which defines nothing
 * else) is never pulled from the archive. Nothing of this is in
 * libember.a or the ember binary: it exists only in the test build, for
 * the units that replay a published trace (RFC 8448: the server's random,
 * its ephemeral key, the RSA-PSS salt).
 */
#include <errno.h>
#include <string.h>
#include <sys/random.h>

#include "ember/bn.h"
#include "ember/util.h"
#include "rand_queue.h"

static uint8_t q_buf[1024];
static size_t q_off, q_len;

int t_rand_queue(const uint8_t *p, size_t len)
{
	if (q_off) { /* compact what is left */
		memmove(q_buf, q_buf + q_off, q_len);
		q_off = 0;
	}
	if (len > sizeof(q_buf) - q_len)
		return -1;
	memcpy(q_buf + q_len, p, len);
	q_len += len;
	return 0;
}

size_t t_rand_queued(void)
{
	return q_len;
}

void t_rand_flush(void)
{
	memset(q_buf, 0, sizeof(q_buf));
	q_off = q_len = 0;
}

int ember_random_bytes(void *out, size_t len)
{
	uint8_t *p = (uint8_t *)out;

	if (q_len) {
		if (len > q_len) { /* the test queued too little: fail the draw, loudly */
			t_rand_flush();
			return EMBER_ERANDOM;
		}
		memcpy(p, q_buf + q_off, len);
		q_off += len;
		q_len -= len;
		if (q_len == 0)
			q_off = 0;
		return 0;
	}
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
