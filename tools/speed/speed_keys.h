/*
 * speed_keys.h - what the files of `ember speed`'s public-key rows share
 * (speed_pk.c, speed_ec.c, speed_pq.c, speed_sig.c): finding a word in a
 * file's table, and the key of a word made with the same messages in each.
 */
#ifndef EMBER_SPEED_KEYS_H
#define EMBER_SPEED_KEYS_H

#include <stddef.h>

/*
 * The entry of |table| (|n| entries of |size| bytes, each a struct whose
 * first member is its word, a const char *) whose word is |word|; NULL
 * when none is, or |word| is NULL.
 */
const void *speed_word_find(const void *table, size_t n, size_t size, const char *word);
/*
 * A zeroed key of |size| bytes (free() it) for |word|, whose entry
 * speed_word_find gave as |entry|: NULL with "WORD: not a |what| of this
 * build" in |err| when |entry| is NULL, or "WORD: out of memory".
 */
void *speed_key_alloc(const void *entry, const char *word, const char *what, size_t size, char *err,
    size_t err_len);

#endif
