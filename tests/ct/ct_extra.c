/*
 * ct_extra.c - further constant-time checks, see ct_extra.h.
 *
 *  - HMAC under a secret key (short, block-sized and longer-than-block
 *    keys: the last is hashed first) and a secret message, over every
 *    constant-time digest implementation the CPU under valgrind runs.
 *  - PKCS#7 unpadding of a secret block: only the valid/invalid outcome
 *    (and, when valid, the length) may depend on it, so those two are
 *    declassified after the call and nothing inside may branch or index
 *    on the block.
 */
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "ember/cipher.h"
#include "ember/hash.h"
#include "ember/mac.h"
#include "ct_extra.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

static void fill(uint8_t *p, size_t n, unsigned seed)
{
	size_t i;
	for (i = 0; i < n; i++)
		p[i] = (uint8_t)(seed * 167u + i * 13u + (i >> 2));
}

static unsigned check_hmac(void)
{
	/* shorter than any block, one SHA-256 block, longer than a SHA-512 block */
	static const size_t key_lens[] = { 20, 64, 131 };
	unsigned done = 0;
	size_t i, k;

	for (i = 0; i < ember_hash_count(); i++) {
		const ember_hash_desc *d = ember_hash_at(i);
		uint8_t key[131], msg[200], tag[EMBER_MAX_DIGEST_LEN];
		int r, ok = 1;

		if (!ember_hash_supported(d) || !(d->flags & EMBER_IMPL_CT) || (d->flags & EMBER_HASH_XOF))
			continue; /* listed by ctgrind.c's digest walk; HMAC refuses an XOF */
		for (k = 0; k < sizeof(key_lens) / sizeof(key_lens[0]); k++) {
			ember_hmac_key hk;
			ember_hmac_ctx c;

			fill(key, sizeof(key), (unsigned)k + 7);
			fill(msg, sizeof(msg), (unsigned)k + 9);
			SECRET(key, sizeof(key));
			SECRET(msg, sizeof(msg));
			/* the prepared-key path, the message in two pieces */
			if (ember_hmac_key_init(&hk, d, key, key_lens[k]) != 0) {
				ok = 0;
				break;
			}
			ember_hmac_init(&c, &hk);
			ember_hmac_update(&c, msg, 77);
			ember_hmac_update(&c, msg + 77, sizeof(msg) - 77);
			ember_hmac_final(&c, tag);
			ember_hmac_key_clear(&hk);
			PUBLIC(tag, d->digest_len);
			/* the one-call form and verification against a secret tag */
			ember_hmac(d, tag, key, key_lens[k], msg, sizeof(msg));
			r = ember_hmac_verify(d, key, key_lens[k], msg, sizeof(msg), tag, d->digest_len);
			PUBLIC(&r, sizeof(r));
			PUBLIC(tag, d->digest_len);
			if (r != 0)
				ok = 0;
		}
		PUBLIC(key, sizeof(key));
		if (ok) {
			printf("checked: hmac(%s/%s) with secret keys of 20, 64 and 131 bytes, secret message\n", d->name,
			    d->impl);
			done++;
		} else {
			printf("FAILED: hmac(%s/%s) refused the key or its own tag\n", d->name, d->impl);
		}
	}
	return done;
}

static unsigned check_unpad(void)
{
	/* valid paddings of 1, 7 and 16 bytes; invalid: 0, 17, one wrong inner byte */
	static const struct {
		unsigned pad, last;
		int valid;
	} cases[] = { { 1, 1, 1 }, { 7, 7, 1 }, { 16, 16, 1 }, { 0, 0, 0 }, { 16, 17, 0 }, { 5, 5, 0 } };
	size_t i, j;
	unsigned right = 0;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		uint8_t blk[32];
		size_t n = 12345;
		int r;

		fill(blk, sizeof(blk), (unsigned)i);
		for (j = 0; j < cases[i].pad; j++)
			blk[sizeof(blk) - 1 - j] = (uint8_t)cases[i].pad;
		blk[sizeof(blk) - 1] = (uint8_t)cases[i].last;
		if (!cases[i].valid && cases[i].pad == 5)
			blk[sizeof(blk) - 3] ^= 0x40; /* an inner padding byte off */
		SECRET(blk, sizeof(blk));
		r = ember_pkcs7_unpad(&n, blk, sizeof(blk), 16);
		/* the outcome and the length are the function's answer: public from here */
		PUBLIC(&r, sizeof(r));
		PUBLIC(&n, sizeof(n));
		PUBLIC(blk, sizeof(blk));
		right += (r == 0) == cases[i].valid && (!cases[i].valid || n == sizeof(blk) - cases[i].pad);
	}
	if (right != sizeof(cases) / sizeof(cases[0])) {
		printf("FAILED: ember_pkcs7_unpad gave %u of %u right answers\n", right,
		    (unsigned)(sizeof(cases) / sizeof(cases[0])));
		return 0;
	}
	printf("checked: ember_pkcs7_unpad over secret blocks (3 valid, 3 invalid paddings)\n");
	return 1;
}

unsigned ct_extra(void)
{
	return check_hmac() + check_unpad() + ct_pk();
}
