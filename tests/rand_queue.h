/*
 * rand_queue.h - the test build's randomness queue (tests/rand_queue.c).
 */
#ifndef EMBER_TESTS_RAND_QUEUE_H
#define EMBER_TESTS_RAND_QUEUE_H

#include <stddef.h>
#include <stdint.h>

/*
 * The test binary's ember_random_bytes (tests/rand_queue.c) serves each
 * draw from bytes queued here, in order, while any are queued (a draw
 * larger than what is left fails with EMBER_ERANDOM and empties the
 * queue), and from getrandom(2) otherwise. Test builds only: libember.a
 * and the ember binary have the library's own (src/pk/random.c).
 * t_rand_queue returns 0, or -1 when the queue (1 KiB) is full.
 */
int t_rand_queue(const uint8_t *p, size_t len);
/* Bytes still queued; t_rand_flush drops them. */
size_t t_rand_queued(void);
void t_rand_flush(void);

#endif
