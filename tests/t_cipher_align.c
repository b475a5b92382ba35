/*
 * t_cipher_align.c - every cipher implementation gives the same bytes
 * whatever the alignment of its input and output buffers, out of place and
 * in place. Implementations may take a whole-word path when buffers are
 * 4-byte aligned (aes tab) and must fall back to byte access otherwise,
 * which aligned-only tests would never run.
 */
#include <string.h>

#include "ember/cipher.h"
#include "test.h"

#define MAX_LEN (16 * 40)

/* One pass of |len| bytes through a fresh context; 0 or an EMBER_E* code. */
static int pass(const ember_block_desc *d, const ember_cipher_spec *s, const uint8_t *key, const uint8_t *iv,
    int decrypt, uint8_t *out, const uint8_t *in, size_t len)
{
	ember_cipher_ctx c;
	int err;

	err = ember_cipher_init(&c, d, s->mode, key, s->key_len, s->param, iv, decrypt);
	if (err == 0)
		err = ember_cipher_update(&c, out, in, len);
	ember_cipher_clear(&c);
	return err;
}

EMBER_TEST(cipher_misaligned)
{
	static uint8_t pt[MAX_LEN], want[MAX_LEN], inb[MAX_LEN + 8], outb[MAX_LEN + 8];
	size_t si, i, runs = 0;

	for (si = 0; si < ember_cipher_spec_count(); si++) {
		const ember_cipher_spec *s = ember_cipher_spec_at(si);

		if (s->mode == EMBER_MODE_STREAM)
			continue;
		for (i = 0; i < ember_block_count(); i++) {
			const ember_block_desc *d = ember_block_at(i);
			uint8_t key[64], iv[16];
			size_t len, bl = d->block_len;
			unsigned ioff, ooff;
			int dec, dec_mode = s->mode == EMBER_MODE_ECB || s->mode == EMBER_MODE_CBC;

			if (strcmp(d->name, s->alg) != 0 || !ember_block_supported(d))
				continue;
			t_rand_bytes(key, sizeof(key));
			t_rand_bytes(iv, sizeof(iv));
			len = bl * (1 + t_rand_below(MAX_LEN / bl));
			t_rand_bytes(pt, len);
			for (dec = 0; dec <= dec_mode; dec++) {
				/* the reference run; offsets 0..3 below then cover every address
				 * modulo 4, whatever the alignment of the arrays themselves */
				memcpy(inb, pt, len);
				if (!CHECK(pass(d, s, key, iv, dec, want, inb, len) == 0, "%s/%s: init/update failed",
				        s->name, d->impl))
					break;
				for (ioff = 0; ioff < 4; ioff++) {
					for (ooff = 0; ooff < 5; ooff++) {
						/* ooff 4: in place at offset ioff */
						uint8_t *in = inb + ioff, *out = ooff == 4 ? in : outb + ooff;

						memcpy(in, pt, len);
						pass(d, s, key, iv, dec, out, in, len);
						CHECK(memcmp(out, want, len) == 0, "%s/%s %s: input at +%u, output %s%u differs",
						    s->name, d->impl, dec ? "decrypt" : "encrypt", ioff,
						    ooff == 4 ? "in place, input +" : "at +", ooff == 4 ? ioff : ooff);
						runs++;
					}
				}
			}
		}
	}
	t_note("%zu misaligned runs", runs);
}
