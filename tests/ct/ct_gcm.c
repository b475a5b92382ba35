/*
 * ct_gcm.c - what ct_aead.c's walk over the descriptors (default nonce
 * and tag lengths, the generic layer) leaves out of AES-GCM and AES-CCM:
 *
 *  - GCM with IVs other than 12 bytes: J0, and so every counter block,
 *    is then GHASH of the IV under the secret H; no branch or index may
 *    depend on it (where the 32-bit counter wraps included);
 *  - GCM's 8- and 4-byte tags (ember_aes_gcm_allow_short_tags) and GMAC;
 *  - CCM with 7- and 13-byte nonces, 4-byte tags, and AAD of both length
 *    encodings (below and from 0xff00 bytes).
 *
 * Key and message are secret, IV, nonce and AAD public; only the verdict
 * of an open is declassified inside the library.
 */
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "ember/aead.h"
#include "ct_extra.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

static uint8_t big_aad[0xff00 + 40];

static void fill(uint8_t *p, size_t n, unsigned seed)
{
	size_t i;
	for (i = 0; i < n; i++)
		p[i] = (uint8_t)(seed * 151u + i * 7u + (i >> 5));
}

/* seal, open, open of a wrong tag through the per-algorithm calls; 0 when all answered right */
static int gcm_case(const ember_aes_gcm_ctx *c, const uint8_t *iv, size_t iv_len, size_t tag_len, size_t len)
{
	uint8_t pt[300], ct[300], back[300], tag[16], aad[19];
	int r, bad = 0;

	fill(pt, len, (unsigned)(len + iv_len));
	fill(aad, sizeof(aad), 5);
	SECRET(pt, len);
	r = ember_aes_gcm_seal(c, ct, tag, tag_len, iv, iv_len, aad, sizeof(aad), pt, len);
	PUBLIC(ct, len);
	PUBLIC(tag, tag_len);
	bad |= r != 0;
	r = ember_aes_gcm_open(c, back, tag, tag_len, iv, iv_len, aad, sizeof(aad), ct, len);
	PUBLIC(back, len);
	PUBLIC(pt, len);
	bad |= r != 0 || memcmp(back, pt, len) != 0;
	tag[0] ^= 2;
	r = ember_aes_gcm_open(c, back, tag, tag_len, iv, iv_len, aad, sizeof(aad), ct, len);
	PUBLIC(back, len);
	bad |= r != EMBER_EVERIFY;
	/* GMAC of the (public) AAD under the secret key */
	r = ember_aes_gmac(c, tag, tag_len, iv, iv_len, aad, sizeof(aad));
	PUBLIC(tag, tag_len);
	bad |= r != 0 || ember_aes_gmac_verify(c, tag, tag_len, iv, iv_len, aad, sizeof(aad)) != 0;
	return bad;
}

static unsigned check_gcm(void)
{
	static const size_t iv_lens[] = { 1, 12, 16, 60 }, lens[] = { 0, 17, 133, 300 };
	unsigned done = 0;
	size_t i, v, l;

	for (i = 0; i < ember_aead_count(); i++) {
		const ember_aead_desc *d = ember_aead_at(i);
		ember_aes_gcm_ctx c;
		uint8_t key[32], iv[60];
		int bad = 0;

		if (strcmp(d->name, "aes-gcm") != 0 || !ember_aead_supported(d) || !(d->flags & EMBER_IMPL_CT))
			continue; /* listed by ct_aead.c */
		fill(key, sizeof(key), 9);
		SECRET(key, sizeof(key));
		if (d->set_key(&c, key, 32) != 0 || ember_aes_gcm_allow_short_tags(&c, 1) != 0) {
			printf("FAILED: aes-gcm/%s refused a key\n", d->impl);
			continue;
		}
		for (v = 0; v < sizeof(iv_lens) / sizeof(iv_lens[0]); v++) {
			fill(iv, sizeof(iv), (unsigned)v + 11);
			for (l = 0; l < sizeof(lens) / sizeof(lens[0]); l++)
				bad |= gcm_case(&c, iv, iv_lens[v], l == 1 ? 8 : l == 2 ? 4 : 16, lens[l]);
		}
		ember_aes_gcm_clear(&c);
		if (bad) {
			printf("FAILED: aes-gcm/%s gave a wrong answer\n", d->impl);
			continue;
		}
		printf("checked: aes-gcm/%s with 1-, 12-, 16- and 60-byte IVs (J0 from the secret H), 16-, 8- and "
		       "4-byte tags, GMAC\n",
		    d->impl);
		done++;
	}
	return done;
}

static unsigned check_ccm(void)
{
	static const size_t nonce_lens[] = { 7, 13 }, aad_lens[] = { 0, 5, 0xff00 - 1, 0xff00 + 33 };
	unsigned done = 0;
	size_t i, n, a;

	fill(big_aad, sizeof(big_aad), 3);
	for (i = 0; i < ember_aead_count(); i++) {
		const ember_aead_desc *d = ember_aead_at(i);
		ember_aes_ccm_ctx c;
		uint8_t key[16], nonce[13], pt[77], ct[77], back[77], tag[16];
		int bad = 0, r;

		if (strcmp(d->name, "aes-ccm") != 0 || !ember_aead_supported(d) || !(d->flags & EMBER_IMPL_CT))
			continue;
		fill(key, sizeof(key), 4);
		SECRET(key, sizeof(key));
		if (d->set_key(&c, key, sizeof(key)) != 0) {
			printf("FAILED: aes-ccm/%s refused a key\n", d->impl);
			continue;
		}
		fill(nonce, sizeof(nonce), 6);
		for (n = 0; n < 2; n++)
			for (a = 0; a < sizeof(aad_lens) / sizeof(aad_lens[0]); a++) {
				size_t tl = a & 1 ? 4 : 16;
				fill(pt, sizeof(pt), (unsigned)(n + a));
				SECRET(pt, sizeof(pt));
				r = ember_aes_ccm_seal(&c, ct, tag, tl, nonce, nonce_lens[n], big_aad, aad_lens[a], pt,
				    sizeof(pt));
				PUBLIC(ct, sizeof(ct));
				PUBLIC(tag, tl);
				bad |= r != 0;
				r = ember_aes_ccm_open(&c, back, tag, tl, nonce, nonce_lens[n], big_aad, aad_lens[a], ct,
				    sizeof(ct));
				PUBLIC(back, sizeof(back));
				PUBLIC(pt, sizeof(pt));
				bad |= r != 0 || memcmp(back, pt, sizeof(pt)) != 0;
				tag[tl - 1] ^= 1;
				r = ember_aes_ccm_open(&c, back, tag, tl, nonce, nonce_lens[n], big_aad, aad_lens[a], ct,
				    sizeof(ct));
				PUBLIC(back, sizeof(back));
				bad |= r != EMBER_EVERIFY;
			}
		ember_aes_ccm_clear(&c);
		if (bad) {
			printf("FAILED: aes-ccm/%s gave a wrong answer\n", d->impl);
			continue;
		}
		printf("checked: aes-ccm/%s with 7- and 13-byte nonces, 4- and 16-byte tags, AAD of both length encodings\n",
		    d->impl);
		done++;
	}
	return done;
}

unsigned ct_gcm(void)
{
	return check_gcm() + check_ccm();
}
