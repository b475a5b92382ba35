/*
 * ec-percall.c - X25519 and Ed25519 per call, Ember against OpenSSL 3's
 * EVP (what `openssl speed ecdhx25519 ed25519` times: EVP_PKEY_derive on a
 * context keyed once, EVP_DigestSign / EVP_DigestVerify of 20 bytes) and
 * libsodium (dlopen'd libsodium.so.23, when present: crypto_scalarmult,
 * crypto_sign_detached, crypto_sign_verify_detached), in one process with
 * the same keys. Samples alternate between the engines (a batch of calls
 * each), and each row prints the best and the median operations per
 * second, and Ember's ratio to the faster of the others (of the medians).
 * Every engine's result is checked against Ember's first (the same shared
 * secret, the same signature bytes). A development aid, not built by make:
 *
 *   make && cc -O2 -std=c99 -D_DEFAULT_SOURCE -Iinclude scripts/ec-percall.c \
 *       build/libember.a -lcrypto -ldl -o build/ec-percall
 *   build/ec-percall [-samples N] [-batch N] [-impl TAG] [-wall] [ROW ...]
 *
 * ROWs: x25519 (a shared secret), x25519-keygen (a public key from a
 * private one), ed25519-keygen, ed25519-sign, ed25519-verify (default: the
 * three OpenSSL's speed has). -impl names an Ember backend (ember/ec.h);
 * default: the registry's choice. Times are the thread's CPU time (a
 * loaded host's other work left out); -wall times with the monotonic clock.
 */
#include <dlfcn.h>
#include <openssl/evp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ember/ed25519.h"
#include "ember/x25519.h"

/* the thread's CPU time (-wall: the monotonic clock): on a shared, loaded host the
 * time this thread was not running is left out */
static clockid_t clock_id = CLOCK_THREAD_CPUTIME_ID;

static double now(void)
{
	struct timespec t;

	clock_gettime(clock_id, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

enum { ROW_X25519, ROW_X25519_KEYGEN, ROW_ED_KEYGEN, ROW_ED_SIGN, ROW_ED_VERIFY, NROWS };
static const char *const row_names[NROWS] = { "x25519", "x25519-keygen", "ed25519-keygen", "ed25519-sign",
	"ed25519-verify" };
enum { E_EMBER, E_OSSL, E_SODIUM, NENG };
static const char *const eng_names[NENG] = { "ember", "openssl", "libsodium" };

/* libsodium, by dlsym */
static int (*na_scalarmult)(unsigned char *, const unsigned char *, const unsigned char *);
static int (*na_scalarmult_base)(unsigned char *, const unsigned char *);
static int (*na_seed_keypair)(unsigned char *, unsigned char *, const unsigned char *);
static int (*na_sign)(unsigned char *, unsigned long long *, const unsigned char *, unsigned long long,
    const unsigned char *);
static int (*na_verify)(const unsigned char *, const unsigned char *, unsigned long long, const unsigned char *);
static int (*na_init)(void);

static const ember_ec_desc *dx, *de;
static ember_ed25519_key ekey;
static uint8_t xpriv[32], xpeer[32], msg[20], sig_e[64], shared[32], sk64[64];
static EVP_PKEY_CTX *o_derive;
static EVP_PKEY *o_xkey, *o_edkey, *o_edpub;
static EVP_MD_CTX *o_sign, *o_verify;

/* n calls of |row| on engine |e|; 0, or -1 on a failure */
static int run(int row, int e, int n)
{
	uint8_t out[64];
	size_t len;
	unsigned long long slen;
	int i, bad = 0;

	for (i = 0; i < n; i++) {
		switch (row * NENG + e) {
		case ROW_X25519 * NENG + E_EMBER: bad |= ember_x25519_with(dx, out, xpriv, xpeer); break;
		case ROW_X25519 * NENG + E_OSSL:
			len = 32;
			bad |= EVP_PKEY_derive(o_derive, out, &len) != 1;
			break;
		case ROW_X25519 * NENG + E_SODIUM: bad |= na_scalarmult(out, xpriv, xpeer); break;
		case ROW_X25519_KEYGEN * NENG + E_EMBER: bad |= ember_x25519_base_with(dx, out, xpriv); break;
		case ROW_X25519_KEYGEN * NENG + E_OSSL: {
			EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, xpriv, 32);
			len = 32;
			bad |= k == NULL || EVP_PKEY_get_raw_public_key(k, out, &len) != 1;
			EVP_PKEY_free(k);
			break;
		}
		case ROW_X25519_KEYGEN * NENG + E_SODIUM: bad |= na_scalarmult_base(out, xpriv); break;
		case ROW_ED_KEYGEN * NENG + E_EMBER: {
			ember_ed25519_key k;
			bad |= ember_ed25519_keypair_with(de, &k, ekey.seed);
			break;
		}
		case ROW_ED_KEYGEN * NENG + E_OSSL: {
			EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, ekey.seed, 32);
			len = 32;
			bad |= k == NULL || EVP_PKEY_get_raw_public_key(k, out, &len) != 1;
			EVP_PKEY_free(k);
			break;
		}
		case ROW_ED_KEYGEN * NENG + E_SODIUM: {
			uint8_t pk[32], sk[64];
			bad |= na_seed_keypair(pk, sk, ekey.seed);
			break;
		}
		case ROW_ED_SIGN * NENG + E_EMBER: bad |= ember_ed25519_sign_with(de, &ekey, out, msg, sizeof(msg)); break;
		case ROW_ED_SIGN * NENG + E_OSSL:
			len = 64;
			bad |= EVP_DigestSign(o_sign, out, &len, msg, sizeof(msg)) != 1;
			break;
		case ROW_ED_SIGN * NENG + E_SODIUM: bad |= na_sign(out, &slen, msg, sizeof(msg), sk64); break;
		case ROW_ED_VERIFY * NENG + E_EMBER:
			bad |= ember_ed25519_verify_with(de, ekey.pub, msg, sizeof(msg), sig_e, 64);
			break;
		case ROW_ED_VERIFY * NENG + E_OSSL: bad |= EVP_DigestVerify(o_verify, sig_e, 64, msg, sizeof(msg)) != 1; break;
		case ROW_ED_VERIFY * NENG + E_SODIUM: bad |= na_verify(sig_e, msg, sizeof(msg), ekey.pub); break;
		}
	}
	return bad ? -1 : 0;
}

/* one call of each engine, its result compared with Ember's */
static int check(int row, int e)
{
	uint8_t out[64], pk[32], sk[64];
	size_t len = 64;
	unsigned long long slen;

	switch (row) {
	case ROW_X25519:
		if (e == E_OSSL)
			return EVP_PKEY_derive(o_derive, out, &len) == 1 && len == 32 && memcmp(out, shared, 32) == 0;
		return na_scalarmult(out, xpriv, xpeer) == 0 && memcmp(out, shared, 32) == 0;
	case ROW_ED_SIGN:
		if (e == E_OSSL)
			return EVP_DigestSign(o_sign, out, &len, msg, sizeof(msg)) == 1 && memcmp(out, sig_e, 64) == 0;
		return na_sign(out, &slen, msg, sizeof(msg), sk64) == 0 && memcmp(out, sig_e, 64) == 0;
	case ROW_ED_KEYGEN:
		if (e == E_SODIUM)
			return na_seed_keypair(pk, sk, ekey.seed) == 0 && memcmp(pk, ekey.pub, 32) == 0;
		return 1;
	default:
		return 1;
	}
}

int main(int argc, char **argv)
{
	int rows[NROWS], nrows = 0, samples = 31, batch = 0, i, r, s, e;
	const char *impl = NULL;
	uint8_t peer_priv[32];
	EVP_PKEY *peer;
	void *h;

	while (argc > 1 && argv[1][0] == '-') {
		if (strcmp(argv[1], "-samples") == 0 && argc > 2)
			samples = atoi(argv[2]);
		else if (strcmp(argv[1], "-batch") == 0 && argc > 2)
			batch = atoi(argv[2]);
		else if (strcmp(argv[1], "-impl") == 0 && argc > 2)
			impl = argv[2];
		else if (strcmp(argv[1], "-wall") == 0) {
			clock_id = CLOCK_MONOTONIC;
			argv++, argc--;
			continue;
		} else
			break;
		argv += 2, argc -= 2;
	}
	for (i = 1; i < argc && nrows < NROWS; i++) {
		for (r = 0; r < NROWS && strcmp(argv[i], row_names[r]) != 0; r++)
			;
		if (r == NROWS) {
			fprintf(stderr, "unknown row %s\n", argv[i]);
			return 2;
		}
		rows[nrows++] = r;
	}
	if (nrows == 0) {
		rows[0] = ROW_X25519, rows[1] = ROW_ED_SIGN, rows[2] = ROW_ED_VERIFY;
		nrows = 3;
	}
	dx = ember_ec_find("x25519", impl);
	de = ember_ec_find("ed25519", impl);
	if (dx == NULL || de == NULL) {
		fprintf(stderr, "no Ember backend %s\n", impl ? impl : "(default)");
		return 2;
	}
	h = dlopen("libsodium.so.23", RTLD_NOW | RTLD_LOCAL);
	if (h != NULL) {
		*(void **)&na_init = dlsym(h, "sodium_init");
		*(void **)&na_scalarmult = dlsym(h, "crypto_scalarmult");
		*(void **)&na_scalarmult_base = dlsym(h, "crypto_scalarmult_base");
		*(void **)&na_seed_keypair = dlsym(h, "crypto_sign_seed_keypair");
		*(void **)&na_sign = dlsym(h, "crypto_sign_detached");
		*(void **)&na_verify = dlsym(h, "crypto_sign_verify_detached");
		if (!na_init || !na_scalarmult || !na_scalarmult_base || !na_seed_keypair || !na_sign || !na_verify ||
		    na_init() < 0)
			h = NULL;
	}
	/* keys: fixed, so that runs compare */
	for (i = 0; i < 32; i++) {
		xpriv[i] = (uint8_t)(i * 7 + 1);
		peer_priv[i] = (uint8_t)(i * 13 + 5);
		ekey.seed[i] = (uint8_t)(i * 29 + 3);
	}
	for (i = 0; i < (int)sizeof(msg); i++)
		msg[i] = (uint8_t)i;
	if (ember_x25519_base_with(dx, xpeer, peer_priv) != 0 || ember_x25519_with(dx, shared, xpriv, xpeer) != 0 ||
	    ember_ed25519_keypair_with(de, &ekey, ekey.seed) != 0 ||
	    ember_ed25519_sign_with(de, &ekey, sig_e, msg, sizeof(msg)) != 0) {
		fprintf(stderr, "Ember failed\n");
		return 1;
	}
	memcpy(sk64, ekey.seed, 32);
	memcpy(sk64 + 32, ekey.pub, 32);
	o_xkey = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, xpriv, 32);
	peer = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, xpeer, 32);
	o_derive = EVP_PKEY_CTX_new(o_xkey, NULL);
	o_edkey = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, ekey.seed, 32);
	o_edpub = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, ekey.pub, 32);
	o_sign = EVP_MD_CTX_new();
	o_verify = EVP_MD_CTX_new();
	if (!o_xkey || !peer || !o_derive || EVP_PKEY_derive_init(o_derive) != 1 ||
	    EVP_PKEY_derive_set_peer(o_derive, peer) != 1 || !o_edkey || !o_edpub ||
	    EVP_DigestSignInit(o_sign, NULL, NULL, NULL, o_edkey) != 1 ||
	    EVP_DigestVerifyInit(o_verify, NULL, NULL, NULL, o_edpub) != 1) {
		fprintf(stderr, "OpenSSL setup failed\n");
		return 1;
	}
	printf("ember %s/%s against %s and %s; %d samples, %s time\n", dx->impl, de->impl,
	    OpenSSL_version(OPENSSL_VERSION), h ? "libsodium.so.23" : "no libsodium", samples,
	    clock_id == CLOCK_MONOTONIC ? "wall-clock" : "thread CPU");
	printf("%-16s %-10s %12s %12s\n", "row", "engine", "best op/s", "median op/s");
	for (r = 0; r < nrows; r++) {
		int row = rows[r], neng = h ? NENG : 2, n;
		double *t[NENG], med[NENG];

		for (e = 1; e < neng; e++)
			if (!check(row, e)) {
				fprintf(stderr, "%s: %s disagrees with Ember\n", row_names[row], eng_names[e]);
				return 1;
			}
		/* a batch of about 20 ms of Ember */
		n = batch;
		if (n <= 0) {
			double t0 = now();
			run(row, E_EMBER, 10);
			n = (int)(0.02 / ((now() - t0) / 10)) + 1;
		}
		for (e = 0; e < neng; e++)
			t[e] = malloc(sizeof(double) * (size_t)samples);
		for (s = 0; s < samples; s++)
			for (e = 0; e < neng; e++) {
				double t0 = now();
				if (run(row, e, n) != 0) {
					fprintf(stderr, "%s: %s failed\n", row_names[row], eng_names[e]);
					return 1;
				}
				t[e][s] = (now() - t0) / n;
			}
		for (e = 0; e < neng; e++) {
			qsort(t[e], (size_t)samples, sizeof(double), cmp);
			med[e] = t[e][samples / 2];
			printf("%-16s %-10s %12.0f %12.0f\n", row_names[row], eng_names[e], 1 / t[e][0], 1 / med[e]);
		}
		{
			double best = med[1];
			for (e = 2; e < neng; e++)
				if (med[e] < best)
					best = med[e];
			printf("%-16s %-10s %12s %12.2f\n", row_names[row], "ratio", "", best / med[0]);
		}
		for (e = 0; e < neng; e++)
			free(t[e]);
	}
	return 0;
}
