/*
 * fuzz_aead_open.c - open of fuzzer-chosen ciphertext, tag, nonce and AAD
 * with every supported AEAD descriptor of the registry (ChaCha20-Poly1305,
 * and AES-GCM and AES-CCM as they are registered). Aborts when:
 *   - open accepts a tag that is not the real one: on success, sealing the
 *     returned plaintext must give back exactly the ciphertext and tag;
 *   - open fails but |out| holds anything else than what was there before
 *     (untouched) or zeros: no plaintext on failure (aead.h);
 *   - open returns a code aead.h does not list for it;
 *   - a message sealed here (flag bit 1) does not open, or opens after one
 *     bit of its tag, ciphertext, AAD or nonce was flipped (bit 2).
 *
 * Input: byte 0 the descriptor (among the supported ones), 1 flags (bit 0:
 * in place; bit 1: seal the data first; bit 2: then flip one bit; bit 3:
 * nonce length taken freely, 0..63; bit 4: tag length 0..16 freely),
 * 2 nonce length, 3 tag length, 4 AAD length, 5 the bit to flip, 6 the
 * spec (key length) among the algorithm's; then the key, nonce, tag, AAD,
 * and the rest is the ciphertext (the plaintext under bit 1).
 */
#include <stdlib.h>
#include <string.h>

#include "ember/aead.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_MSG 4096

static const ember_aead_desc *pick(unsigned sel)
{
	const ember_aead_desc *sup[64];
	size_t i, n = 0;

	for (i = 0; i < ember_aead_count() && n < 64; i++)
		if (ember_aead_supported(ember_aead_at(i)))
			sup[n++] = ember_aead_at(i);
	return n ? sup[sel % n] : NULL;
}

static const ember_aead_spec *spec_for(const ember_aead_desc *d, unsigned sel)
{
	const ember_aead_spec *s[16];
	size_t i, n = 0;

	for (i = 0; i < ember_aead_spec_count() && n < 16; i++) {
		const ember_aead_spec *x = ember_aead_spec_at(i);
		if (strcmp(x->alg, d->name) == 0 && x->key_len >= d->min_key_len && x->key_len <= d->max_key_len)
			s[n++] = x;
	}
	return n ? s[sel % n] : NULL;
}

static int all(const uint8_t *p, size_t n, uint8_t v)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] != v)
			return 0;
	return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t msg[MAX_MSG], ct[MAX_MSG], out[MAX_MSG], before[MAX_MSG], again[MAX_MSG];
	uint8_t key[EMBER_AEAD_MAX_KEY_LEN], nonce[64], tag[EMBER_AEAD_MAX_TAG_LEN], tag2[EMBER_AEAD_MAX_TAG_LEN];
	uint8_t aad[256];
	const ember_aead_desc *d;
	const ember_aead_spec *s;
	ember_aead_ctx c;
	size_t nonce_len, tag_len, aad_len, len, flip, span;
	unsigned flags;
	int r, inplace;

	if (size < 7 || (d = pick(data[0])) == NULL || (s = spec_for(d, data[6])) == NULL)
		return 0;
	flags = data[1];
	inplace = flags & 1;
	nonce_len = (flags & 8) ? data[2] % 64u : d->min_nonce_len + data[2] % (d->max_nonce_len - d->min_nonce_len + 1);
	if (nonce_len > sizeof(nonce))
		nonce_len = d->default_nonce_len;
	tag_len = (flags & 16) ? data[3] % (EMBER_AEAD_MAX_TAG_LEN + 1u) : d->default_tag_len;
	aad_len = data[4];
	flip = data[5];
	data += 7;
	size -= 7;
	if (size < s->key_len + nonce_len + tag_len + aad_len)
		return 0;
	memcpy(key, data, s->key_len);
	memcpy(nonce, data + s->key_len, nonce_len);
	memcpy(tag, data + s->key_len + nonce_len, tag_len);
	memcpy(aad, data + s->key_len + nonce_len + tag_len, aad_len);
	data += s->key_len + nonce_len + tag_len + aad_len;
	size -= s->key_len + nonce_len + tag_len + aad_len;
	len = size < MAX_MSG ? size : MAX_MSG;
	if (ember_aead_init(&c, s, d, key, s->key_len) != 0)
		abort(); /* the spec's key length, a supported descriptor */

	memcpy(msg, data, len);
	if (flags & 2) {
		/* a real message: sealed here, it must open; with one bit flipped, it must not */
		r = ember_aead_seal(&c, ct, tag, tag_len, nonce, nonce_len, aad, aad_len, msg, len);
		if (r != 0) {
			if (r != EMBER_ENONCE && r != EMBER_ETAG && r != EMBER_ELEN)
				abort();
			ember_aead_clear(&c);
			return 0;
		}
		if (flags & 4) {
			span = (tag_len + len + aad_len + nonce_len) * 8;
			flip %= span ? span : 1;
			if (flip < tag_len * 8)
				tag[flip / 8] ^= (uint8_t)(1u << (flip % 8));
			else if ((flip -= tag_len * 8) < len * 8)
				ct[flip / 8] ^= (uint8_t)(1u << (flip % 8));
			else if ((flip -= len * 8) < aad_len * 8)
				aad[flip / 8] ^= (uint8_t)(1u << (flip % 8));
			else if ((flip -= aad_len * 8) < nonce_len * 8)
				nonce[flip / 8] ^= (uint8_t)(1u << (flip % 8));
		}
	} else {
		memcpy(ct, msg, len);
	}

	/* out before the call: the ciphertext itself in place, else a pattern */
	if (inplace)
		memcpy(out, ct, len);
	else
		memset(out, 0xa5, len);
	memcpy(before, out, len);
	r = ember_aead_open(&c, out, tag, tag_len, nonce, nonce_len, aad, aad_len, inplace ? out : ct, len);
	if (r == 0) {
		/* accepted: the tag must be the real one for this key, nonce, AAD and ciphertext */
		if (ember_aead_seal(&c, again, tag2, tag_len, nonce, nonce_len, aad, aad_len, out, len) != 0 ||
		    memcmp(again, ct, len) != 0 || memcmp(tag2, tag, tag_len) != 0)
			abort();
		if ((flags & 6) == 2 && memcmp(out, msg, len) != 0)
			abort();
		if ((flags & 6) == 6 && len + tag_len + aad_len + nonce_len > 0)
			abort(); /* a flipped bit went through */
	} else {
		if (r != EMBER_EVERIFY && r != EMBER_ENONCE && r != EMBER_ETAG && r != EMBER_ELEN)
			abort();
		if (memcmp(out, before, len) != 0 && !all(out, len, 0))
			abort(); /* something else than nothing or zeros left in |out| */
		if ((flags & 6) == 2)
			abort(); /* our own seal did not open */
	}
	ember_aead_clear(&c);
	return 0;
}
