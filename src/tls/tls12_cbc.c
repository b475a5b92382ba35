/*
 * tls12_cbc.c - the legacy suite's records (RFC 5246 6.2.3.2):
 * TLS_RSA_WITH_AES_128_CBC_SHA's AES-CBC under an explicit IV over
 * content || HMAC-SHA1(seq || type || version || length || content) ||
 * padding.
 *
 * Opening is the Lucky Thirteen problem (AlFardan and Paterson, 2013): the
 * MAC covers the content only, whose length follows from the last
 * plaintext byte, so a check whose time or answer follows the padding
 * tells the sender of a forged record about the plaintext. Here every step
 * after the decryption costs the same for every record of the same length,
 * as OpenSSL's and BoringSSL's answers do:
 *  - the padding byte, the bytes it covers and the room for the MAC are
 *    checked over the last 256 bytes with masks, all of them read each time;
 *    a bad padding is then taken as none, and the MAC computed all the same;
 *  - HMAC-SHA1's inner hash runs the SHA-1 block function over the blocks
 *    that hold content whatever the padding, then over every block the
 *    message could end in, each assembled byte by byte with masks (content,
 *    0x80, zeros, the bit length), keeping the state after the right one;
 *  - the MAC in the record is read from its secret place by going over the
 *    whole window where it could be;
 *  - one constant-time comparison, one answer: padding and MAC faults are
 *    the same EMBER_EVERIFY (bad_record_mac).
 */
#include <string.h>

#include "ember/bn.h"
#include "ember/hash.h"
#include "ember/mac.h"
#include "tls12_int.h"

#define MAC_LEN 20   /* HMAC-SHA1 */
#define CBC_BLOCK 16

/* All ones when a < b, else 0 (a, b < 2^(bits - 1)). */
static size_t lt_mask(size_t a, size_t b)
{
	return (size_t)0 - ((a - b) >> (sizeof(size_t) * 8 - 1));
}

static size_t eq_mask(size_t a, size_t b)
{
	return lt_mask(a ^ b, 1);
}

int tls12_cbc_protect(ember_tls12_record *r, uint8_t *out, size_t out_cap, size_t *out_len, uint8_t type,
    const uint8_t *in, size_t in_len)
{
	const ember_hash_desc *sha1 = ember_hash_find("sha1", NULL);
	ember_hmac_key k;
	ember_hmac_ctx c;
	uint8_t hdr[13], iv[CBC_BLOCK];
	uint8_t *body = out + EMBER_TLS_RECORD_HEADER_LEN + CBC_BLOCK;
	size_t plen = in_len + MAC_LEN, pad = CBC_BLOCK - 1 - plen % CBC_BLOCK, ct_len = plen + pad + 1;
	size_t total = EMBER_TLS_RECORD_HEADER_LEN + CBC_BLOCK + ct_len;
	int ret;

	if (out_cap < total)
		return EMBER_ELEN;
	if (ember_random_bytes(iv, sizeof(iv)) != 0)
		return EMBER_ERANDOM;
	if ((ret = ember_hmac_key_init(&k, sha1, r->u.cbc.mac_key, MAC_LEN)) != 0)
		return ret;
	if (in_len != 0 && in != body)
		memmove(body, in, in_len);
	tls12_record_aad(r, type, in_len, hdr);
	ember_hmac_init(&c, &k);
	ember_hmac_update(&c, hdr, sizeof(hdr));
	if (in_len)
		ember_hmac_update(&c, body, in_len);
	ember_hmac_final(&c, body + in_len);
	ember_hmac_key_clear(&k);
	memset(body + plen, (int)pad, pad + 1); /* padding_length + 1 bytes of padding_length */
	out[0] = type;
	out[1] = 0x03;
	out[2] = 0x03;
	out[3] = (uint8_t)((CBC_BLOCK + ct_len) >> 8);
	out[4] = (uint8_t)(CBC_BLOCK + ct_len);
	memcpy(out + EMBER_TLS_RECORD_HEADER_LEN, iv, CBC_BLOCK);
	ember_aes_cbc_encrypt(&r->u.cbc.aes, iv, body, body, ct_len);
	ember_wipe(iv, sizeof(iv));
	tls12_record_advance(r);
	*out_len = total;
	return 0;
}

/*
 * HMAC-SHA1 under |key| of hdr (13 bytes) || data[0..clen), where clen is
 * secret and lies in [clen_min, clen_max] (public; data holds clen_max
 * bytes at least): the time depends on the bounds only.
 */
static void ct_hmac_sha1(const uint8_t key[MAC_LEN], const uint8_t hdr[13], const uint8_t *data, size_t clen,
    size_t clen_min, size_t clen_max, uint8_t out[MAC_LEN])
{
	ember_sha1_ctx c;
	uint8_t pad[64], block[64], inner[MAC_LEN];
	uint32_t h[5], res[5] = { 0, 0, 0, 0, 0 };
	size_t n = 13 + clen, n_max = 13 + clen_max, avail = 13 + clen_max;
	size_t first = (13 + clen_min) / 64;    /* blocks before it are content for every padding */
	size_t final = (n + 8) / 64;            /* the block with the bit length (secret) */
	size_t last = (n_max + 8) / 64;         /* the latest it can be */
	uint64_t bits = (uint64_t)(64 + n) * 8; /* the key block, then the message */
	size_t b, j, i;

	memset(pad, 0x36, sizeof(pad));
	for (i = 0; i < MAC_LEN; i++)
		pad[i] ^= key[i];
	ember_sha1_init(&c);
	ember_sha1_update(&c, pad, sizeof(pad)); /* a whole block: c.h holds the state after it */
	memcpy(h, c.h, sizeof(h));
	for (b = 0; b <= last; b++) {
		size_t is_final = eq_mask(b, final);

		for (j = 0; j < 64; j++) {
			size_t pos = 64 * b + j;
			uint8_t m = pos < 13 ? hdr[pos] : pos < avail ? data[pos - 13] : 0;

			if (b < first) {
				block[j] = m;
				continue;
			}
			m = (uint8_t)((m & lt_mask(pos, n)) | (0x80 & eq_mask(pos, n)));
			if (j >= 56) /* the length's place in the final block, which holds no content there */
				m |= (uint8_t)((uint8_t)(bits >> (8 * (63 - j))) & is_final);
			block[j] = m;
		}
		c.blocks(h, block, 1);
		if (b >= first)
			for (i = 0; i < 5; i++)
				res[i] |= h[i] & (uint32_t)is_final;
	}
	for (i = 0; i < 5; i++)
		ember_st32be(inner + 4 * i, res[i]);
	/* the outer hash: fixed length */
	memset(pad, 0x5c, sizeof(pad));
	for (i = 0; i < MAC_LEN; i++)
		pad[i] ^= key[i];
	ember_sha1_init(&c);
	ember_sha1_update(&c, pad, sizeof(pad));
	ember_sha1_update(&c, inner, sizeof(inner));
	ember_sha1_final(&c, out);
	ember_wipe(pad, sizeof(pad));
	ember_wipe(block, sizeof(block));
	ember_wipe(inner, sizeof(inner));
	ember_wipe(h, sizeof(h));
	ember_wipe(res, sizeof(res));
	ember_wipe(&c, sizeof(c));
}

int tls12_cbc_open(ember_tls12_record *r, uint8_t *out, size_t out_cap, const uint8_t *frag, size_t frag_len,
    uint8_t type, size_t *content_len)
{
	uint8_t iv[CBC_BLOCK], hdr[13], mac[MAC_LEN], want[MAC_LEN];
	size_t len, pad, good, clen, clen_min, n, i, j;

	/* public: whole blocks after the IV, room for at least the MAC and the padding byte */
	if (frag_len < CBC_BLOCK + 2 * CBC_BLOCK || (frag_len - CBC_BLOCK) % CBC_BLOCK != 0)
		return EMBER_EVERIFY;
	len = frag_len - CBC_BLOCK;
	if (out_cap < len)
		return EMBER_ELEN;
	memcpy(iv, frag, CBC_BLOCK);
	ember_aes_cbc_decrypt(&r->u.cbc.aes, iv, out, frag + CBC_BLOCK, len);
	/* padding_length, its bytes, and room for the MAC: pad + 1 + 20 <= len */
	pad = out[len - 1];
	good = lt_mask(pad + MAC_LEN, len);
	n = len < 256 ? len : 256;
	for (i = 1; i < n; i++) {
		size_t covered = lt_mask(i, pad + 1);

		good &= ~(covered & ~eq_mask(out[len - 1 - i], pad));
	}
	pad &= good; /* a bad padding is taken as none: the MAC is computed all the same */
	clen = len - 1 - pad - MAC_LEN;
	clen_min = len >= 1 + 255 + MAC_LEN ? len - 1 - 255 - MAC_LEN : 0;
	tls12_record_aad(r, type, clen, hdr);
	ct_hmac_sha1(r->u.cbc.mac_key, hdr, out, clen, clen_min, len - 1 - MAC_LEN, want);
	/* the record's MAC, out[clen .. clen + 20), read over the window it can be in */
	memset(mac, 0, sizeof(mac));
	for (j = clen_min; j < len; j++) {
		uint8_t v = out[j];

		for (i = 0; i < MAC_LEN; i++)
			mac[i] |= (uint8_t)(v & eq_mask(j, clen + i));
	}
	good &= (size_t)0 - (size_t)ember_memeq(mac, want, MAC_LEN);
	ember_wipe(iv, sizeof(iv));
	ember_wipe(mac, sizeof(mac));
	ember_wipe(want, sizeof(want));
	EMBER_DECLASSIFY(&good, sizeof(good)); /* the one verdict: whoever forged the record learns it anyway */
	if (!good) {
		ember_wipe(out, len);
		return EMBER_EVERIFY;
	}
	EMBER_DECLASSIFY(&clen, sizeof(clen)); /* an opened record's content length is public */
	*content_len = clen;
	return 0;
}
