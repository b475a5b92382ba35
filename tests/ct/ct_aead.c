/*
 * ct_aead.c - every constant-time AEAD descriptor (ember/aead.h) under
 * valgrind with secret keys and plaintexts: seal, open with the right tag
 * and open with a wrong one, for every key length of the algorithm and
 * message lengths on both sides of the implementations' step sizes.
 *
 * The ciphertext, tag, nonce and AAD are public; what open computes from
 * the key (the expected tag) is not, so the tag comparison must not
 * branch on it: the verdict is the one result an implementation may
 * declassify before it branches (EMBER_DECLASSIFY), as the forger
 * learns it anyway.
 */
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "ember/aead.h"
#include "ct_extra.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

static void fill(uint8_t *p, size_t n, unsigned seed)
{
	size_t i;
	for (i = 0; i < n; i++)
		p[i] = (uint8_t)(seed * 73u + i * 11u + (i >> 4));
}

/* One key length of |d|: 0 when every call gave the expected answer. */
static int run(const ember_aead_desc *d, const ember_aead_spec *s)
{
	static const size_t lens[] = { 0, 1, 16, 63, 100, 300 };
	uint8_t key[EMBER_AEAD_MAX_KEY_LEN], nonce[EMBER_AEAD_MAX_NONCE_LEN], aad[21], tag[EMBER_AEAD_MAX_TAG_LEN];
	uint8_t pt[300], ct[300], back[300];
	size_t i, tl = d->default_tag_len, nl = d->default_nonce_len;
	ember_aead_ctx c;
	int bad = 0, r;

	fill(key, sizeof(key), 1);
	fill(nonce, sizeof(nonce), 2);
	fill(aad, sizeof(aad), 3);
	SECRET(key, sizeof(key));
	if (ember_aead_init(&c, s, d, key, s->key_len) != 0)
		return 1;
	for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		fill(pt, lens[i], (unsigned)i + 4);
		SECRET(pt, lens[i]);
		r = ember_aead_seal(&c, ct, tag, tl, nonce, nl, aad, sizeof(aad), pt, lens[i]);
		PUBLIC(&r, sizeof(r));
		PUBLIC(ct, lens[i]);
		PUBLIC(tag, tl);
		bad |= r != 0;
		/* the right tag: the plaintext comes back (secret until here) */
		r = ember_aead_open(&c, back, tag, tl, nonce, nl, aad, sizeof(aad), ct, lens[i]);
		PUBLIC(&r, sizeof(r));
		PUBLIC(back, lens[i]);
		PUBLIC(pt, lens[i]);
		bad |= r != 0 || memcmp(back, pt, lens[i]) != 0;
		/* a wrong tag: refused, nothing decrypted */
		tag[tl - 1] ^= 0x10;
		r = ember_aead_open(&c, back, tag, tl, nonce, nl, aad, sizeof(aad), ct, lens[i]);
		PUBLIC(&r, sizeof(r));
		PUBLIC(back, lens[i]);
		bad |= r != EMBER_EVERIFY;
	}
	ember_aead_clear(&c);
	return bad;
}

unsigned ct_aead(void)
{
	unsigned done = 0;
	size_t i, si;

	for (i = 0; i < ember_aead_count(); i++) {
		const ember_aead_desc *d = ember_aead_at(i);
		int keys = 0, bad = 0;

		if (!ember_aead_supported(d)) {
			printf("not run (CPU feature absent under valgrind): aead %s/%s\n", d->name, d->impl);
			continue;
		}
		if (!(d->flags & EMBER_IMPL_CT)) {
			printf("excluded (not constant-time): aead %s/%s\n", d->name, d->impl);
			continue;
		}
		for (si = 0; si < ember_aead_spec_count(); si++) {
			const ember_aead_spec *s = ember_aead_spec_at(si);
			if (strcmp(s->alg, d->name) != 0)
				continue;
			bad |= run(d, s);
			keys++;
		}
		if (bad || keys == 0) {
			printf("FAILED: aead %s/%s gave a wrong answer (or has no spec)\n", d->name, d->impl);
			continue;
		}
		printf("checked: aead %s/%s, %d key lengths, secret key and plaintext, seal and open (right and wrong tag)\n",
		    d->name, d->impl, keys);
		done++;
	}
	return done;
}
