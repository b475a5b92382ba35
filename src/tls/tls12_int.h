/*
 * tls12_int.h - what the TLS 1.2 record files share (not installed):
 * tls12_record.c checks every record and protects the AEAD suites',
 * tls12_cbc.c the CBC suite's; calls go record -> cbc only.
 */
#ifndef EMBER_TLS12_INT_H
#define EMBER_TLS12_INT_H

#include "ember/tls12.h"
#include "internal.h"

/* seq_num || type || 03 03 || length (6.2.3.3): the AEAD's additional data and the start of the CBC
   MAC's input (6.2.3.1). Inline: both record files use it and neither calls the other for it. */
static inline void tls12_record_aad(const ember_tls12_record *r, uint8_t type, size_t len, uint8_t aad[13])
{
	ember_st64be(aad, r->seq);
	aad[8] = type;
	aad[9] = 0x03;
	aad[10] = 0x03;
	aad[11] = (uint8_t)(len >> 8);
	aad[12] = (uint8_t)len;
}

/* The sequence number moves on; after 2^64 - 1 the record is exhausted (6.1: no wrap). */
static inline void tls12_record_advance(ember_tls12_record *r)
{
	if (r->seq == UINT64_MAX)
		r->seq_exhausted = 1;
	else
		r->seq++;
}
/* The CBC suite's protect, after ember_tls12_record_protect's checks of its arguments. */
EMBER_HIDDEN int tls12_cbc_protect(ember_tls12_record *r, uint8_t *out, size_t out_cap, size_t *out_len,
    uint8_t type, const uint8_t *in, size_t in_len);
/*
 * The CBC suite's open of a record's fragment (|frag_len| bytes, public) of
 * type |type|: 0 and *content_len, EMBER_EVERIFY (any fault of length,
 * padding or MAC: one answer, in a time set by frag_len alone) or EMBER_ELEN
 * (|out_cap| under frag_len - 16). |out| may be frag + 16. The sequence
 * number is not moved.
 */
EMBER_HIDDEN int tls12_cbc_open(ember_tls12_record *r, uint8_t *out, size_t out_cap, const uint8_t *frag,
    size_t frag_len, uint8_t type, size_t *content_len);

#endif
