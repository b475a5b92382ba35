/*
 * cipher-percall.c - one cipher row, Ember against OpenSSL 3.0, in one
 * process: the nanoseconds of one call at the best of N alternating
 * samples. docs/BENCHMARKS.md ("Per-call physics") quotes it. On a shared
 * machine the best of many short samples is steadier than the whole-second
 * rates of bench-vs-openssl.py; it is a development aid, not built by make:
 *
 *   make && cc -O2 -std=c99 -D_DEFAULT_SOURCE -Iinclude scripts/cipher-percall.c \
 *       build/libember.a -lcrypto -o build/cipher-percall
 *   build/cipher-percall [-decrypt] [-samples N] SPEC BYTES [OPENSSL_NAME]
 *
 * SPEC is an `ember speed` cipher name; OPENSSL_NAME defaults to SPEC
 * (des-ede3-cbc for des-ede3, cast5-cbc for cast-cbc). Both sides do what
 * `speed` does: one buffer encrypted (or decrypted) in place, the IV
 * carried across calls, keys set once. Each sample is about 64 KB of calls
 * per side. Also printed: the same Ember call made through the descriptor
 * slot directly, which shows what ember_cipher_update itself costs.
 */
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ember/cipher.h"

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static uint8_t buf[16384];

int main(int argc, char **argv)
{
	static ember_cipher_ctx c;
	const ember_cipher_spec *sp;
	const ember_block_desc *d;
	const char *name, *oname;
	uint8_t key[32], iv[16] = { 0 };
	double best[3] = { 1e9, 1e9, 1e9 };
	int dec = 0, samples = 300, i, it, v, s, ol;
	size_t len;
	EVP_CIPHER *ec;
	EVP_CIPHER_CTX *ev;

	while (argc > 1 && argv[1][0] == '-') {
		if (strcmp(argv[1], "-decrypt") == 0) {
			dec = 1;
			argv++, argc--;
		} else if (strcmp(argv[1], "-samples") == 0 && argc > 2) {
			samples = atoi(argv[2]);
			argv += 2, argc -= 2;
		} else {
			break;
		}
	}
	if (argc < 3 || samples < 1) {
		fprintf(stderr, "usage: cipher-percall [-decrypt] [-samples N] SPEC BYTES [OPENSSL_NAME]\n");
		return 1;
	}
	name = argv[1];
	len = (size_t)strtoul(argv[2], NULL, 10);
	oname = argc > 3 ? argv[3] : name;
	sp = ember_cipher_spec_find(name);
	d = sp ? ember_block_find(sp->alg, NULL) : NULL;
	if (d == NULL || len == 0 || len > sizeof(buf) || len % d->block_len != 0) {
		fprintf(stderr, "cipher-percall: '%s' unknown, or %s not a block multiple up to %zu\n", name, argv[2],
		    sizeof(buf));
		return 1;
	}
	for (i = 0; i < 32; i++)
		key[i] = (uint8_t)(7 * i + 1);
	if (ember_cipher_init(&c, d, sp->mode, key, sp->key_len, sp->param, iv, dec) != 0) {
		fprintf(stderr, "cipher-percall: ember_cipher_init failed\n");
		return 1;
	}
	OSSL_PROVIDER_load(NULL, "default");
	OSSL_PROVIDER_load(NULL, "legacy");
	ec = EVP_CIPHER_fetch(NULL, oname, NULL);
	ev = EVP_CIPHER_CTX_new();
	if (ec == NULL || ev == NULL || EVP_CipherInit_ex(ev, ec, NULL, NULL, NULL, !dec) != 1 ||
	    EVP_CIPHER_CTX_set_key_length(ev, (int)sp->key_len) != 1 ||
	    EVP_CipherInit_ex(ev, NULL, NULL, key, iv, !dec) != 1) {
		fprintf(stderr, "cipher-percall: OpenSSL has no '%s'\n", oname);
		return 1;
	}
	EVP_CIPHER_CTX_set_padding(ev, 0);
	it = (int)(65536 / len);
	if (it < 1)
		it = 1;
	for (s = 0; s < samples; s++) {
		for (v = 0; v < 3; v++) {
			double t0 = now(), dt;

			for (i = 0; i < it; i++) {
				if (v == 0)
					EVP_CipherUpdate(ev, buf, &ol, buf, (int)len);
				else if (v == 1)
					ember_cipher_update(&c, buf, buf, len);
				else if (c.mode == EMBER_MODE_STREAM)
					d->stream(c.ks.bytes, buf, buf, len);
				else if (c.mode != EMBER_MODE_CBC)
					break; /* ECB, CTR: no direct figure */
				else if (dec)
					d->cbc_decrypt(c.ks.bytes, c.iv, buf, buf, len / d->block_len);
				else
					d->cbc_encrypt(c.ks.bytes, c.iv, buf, buf, len / d->block_len);
			}
			dt = (now() - t0) / it;
			if (dt < best[v])
				best[v] = dt;
		}
	}
	printf("%s%s %zu B, best of %d: openssl %.1f ns/call, ember (%s) %.1f ns/call, ember / openssl %.2f; "
	       "descriptor slot direct %.1f ns\n",
	    name, dec ? " (decrypt)" : "", len, samples, best[0] * 1e9, d->impl, best[1] * 1e9, best[0] / best[1],
	    best[2] * 1e9);
	EVP_CIPHER_CTX_free(ev);
	EVP_CIPHER_free(ec);
	ember_cipher_clear(&c);
	return 0;
}
