/*
 * ctgrind.c - constant-time check under valgrind's memcheck (`make ctgrind`).
 *
 * Secrets (keys, messages hashed under a key, plaintexts) are marked
 * undefined; memcheck then reports every branch ("Conditional jump or move
 * depends on uninitialised value") and every memory index ("Use of
 * uninitialised value of size N") that depends on them. Results are
 * declassified before they are compared. Every implementation flagged
 * EMBER_IMPL_CT that the (valgrind-emulated) CPU supports is checked; the
 * others are listed as excluded. Run as: valgrind -q --error-exitcode=42 ctgrind
 */
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "ember/cipher.h"
#include "ember/cpu.h"
#include "ember/hash.h"
#include "ember/util.h"
#include "ct_extra.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

static unsigned checked, excluded;

static void fill(uint8_t *p, size_t n, unsigned seed)
{
	size_t i;
	for (i = 0; i < n; i++)
		p[i] = (uint8_t)(seed * 131u + i * 29u + (i >> 3));
}

static void check_hashes(void)
{
	size_t i;

	for (i = 0; i < ember_hash_count(); i++) {
		const ember_hash_desc *d = ember_hash_at(i);
		uint8_t msg[300], out[EMBER_MAX_DIGEST_LEN];
		size_t len;

		if (!ember_hash_supported(d)) {
			printf("not run (CPU feature absent under valgrind): digest %s/%s\n", d->name, d->impl);
			continue;
		}
		if (!(d->flags & EMBER_IMPL_CT)) {
			printf("excluded (not constant-time): digest %s/%s\n", d->name, d->impl);
			excluded++;
			continue;
		}
		for (len = 0; len < sizeof(msg); len += 37) {
			fill(msg, len, (unsigned)len);
			SECRET(msg, len);
			ember_hash(d, out, msg, len);
			PUBLIC(out, d->digest_len);
		}
		printf("checked: digest %s/%s over secret messages\n", d->name, d->impl);
		checked++;
	}
}

static void check_ciphers(void)
{
	size_t i, si;

	for (i = 0; i < ember_block_count(); i++) {
		const ember_block_desc *d = ember_block_at(i);
		int modes_done = 0;

		if (!ember_block_supported(d)) {
			printf("not run (CPU feature absent under valgrind): cipher %s/%s\n", d->name, d->impl);
			continue;
		}
		if (!(d->flags & EMBER_IMPL_CT)) {
			printf("excluded (not constant-time): cipher %s/%s\n", d->name, d->impl);
			excluded++;
			continue;
		}
		for (si = 0; si < ember_cipher_spec_count(); si++) {
			const ember_cipher_spec *s = ember_cipher_spec_at(si);
			uint8_t key[64], iv[16], pt[16 * 9], ct[16 * 9], back[16 * 9];
			ember_cipher_ctx c;
			size_t len = d->block_len == 1 ? 100 : d->block_len * 9;

			if (strcmp(s->alg, d->name) != 0)
				continue;
			fill(key, sizeof(key), 1);
			fill(iv, sizeof(iv), 2);
			fill(pt, sizeof(pt), 3);
			SECRET(key, sizeof(key));
			SECRET(pt, sizeof(pt));
			if (ember_cipher_init(&c, d, s->mode, key, s->key_len, s->param, iv, 0) != 0)
				continue;
			ember_cipher_update(&c, ct, pt, len);
			ember_cipher_clear(&c);
			if (s->mode == EMBER_MODE_ECB || s->mode == EMBER_MODE_CBC) {
				SECRET(ct, len);
				if (ember_cipher_init(&c, d, s->mode, key, s->key_len, s->param, iv, 1) == 0) {
					ember_cipher_update(&c, back, ct, len);
					ember_cipher_clear(&c);
				}
				PUBLIC(back, len);
			}
			PUBLIC(ct, len);
			modes_done++;
		}
		printf("checked: cipher %s/%s, %d modes, secret key and plaintext\n", d->name, d->impl, modes_done);
		checked++;
	}
}

static void check_util(void)
{
	uint8_t a[64], b[64];
	int r;

	fill(a, sizeof(a), 4);
	memcpy(b, a, sizeof(b));
	b[17] ^= 1;
	SECRET(a, sizeof(a));
	SECRET(b, sizeof(b));
	r = ember_memeq(a, b, sizeof(a));
	PUBLIC(&r, sizeof(r));
	printf("checked: ember_memeq over secret buffers\n");
	checked++;
}

int main(void)
{
	char feat[256];

	ember_cpu_describe(feat, sizeof(feat));
	printf("ctgrind: CPU features seen under valgrind: %s\n", feat);
	check_util();
	check_hashes();
	check_ciphers();
	checked += ct_extra();
	checked += ct_aead();
	checked += ct_gcm();
	checked += ct_ec();
	checked += ct_keccak();
	checked += ct_mlkem();
	checked += ct_mldsa();
	checked += ct_tls();
	checked += ct_tls12();
	printf("ctgrind: %u implementations checked, %u excluded as not constant-time\n", checked, excluded);
	return 0;
}
