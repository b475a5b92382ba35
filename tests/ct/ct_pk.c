/*
 * ct_pk.c - constant-time checks of the public-key code under valgrind:
 *
 *  - bignum: fixed-window modular exponentiation with a secret exponent
 *    and a secret base, on every Montgomery backend valgrind can run;
 *  - RSA: the private operation (CRT, blinding) and PKCS#1 v1.5 and PSS
 *    signing with every secret field of the key marked undefined;
 *  - RSA verification: the padding check of PKCS#1 v1.5 and PSS with the
 *    recovered encoded message secret (only the verdict is declassified);
 *  - DSA: signing with a secret x (and RFC 6979's secret k).
 *
 * Results that become public (signatures, verdicts) are declassified after
 * each call. Inside the library, checks whose outcome is public by design
 * (the fault check of an RSA result, RFC 6979's rejection of a k >= q, r or
 * s = 0) declassify their one-bit outcome through EMBER_DECLASSIFY, which
 * only exists in the ctgrind build (-DEMBER_CTGRIND).
 */
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "ember/bn.h"
#include "ember/dsa.h"
#include "ember/hash.h"
#include "ember/keys.h"
#include "ember/rsa.h"
#include "ct_extra.h"
#include "testkeys.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

static ember_pkey key;

static void secret_mont(ember_bn_mont *m)
{
	SECRET(m->m, sizeof(m->m));
	SECRET(m->rr, sizeof(m->rr));
	SECRET(m->one, sizeof(m->one));
	SECRET(&m->m0inv, sizeof(m->m0inv));
	SECRET(m->rr52, sizeof(m->rr52));
}

static unsigned check_modexp(void)
{
	ember_bn_word m[EMBER_BN_MAX_WORDS], b[EMBER_BN_MAX_WORDS], e[EMBER_BN_MAX_WORDS], r[EMBER_BN_MAX_WORDS];
	const size_t n = EMBER_BN_WORDS(1024);
	unsigned done = 0;
	size_t i, w;

	for (i = 0; i < ember_bn_mont_count(); i++) {
		const ember_bn_mont_desc *d = ember_bn_mont_at(i);
		ember_bn_mont mc;

		if (!ember_bn_mont_supported(d)) {
			printf("not run (CPU feature absent under valgrind): bignum %s\n", d->impl);
			continue;
		}
		for (w = 0; w < n; w++) {
			m[w] = (ember_bn_word)(0x9e3779b97f4a7c15ull * (w + 3));
			b[w] = (ember_bn_word)(0xc2b2ae3d27d4eb4full * (w + 5));
			e[w] = (ember_bn_word)(0x165667b19e3779f9ull * (w + 7));
		}
		m[0] |= 1;
		m[n - 1] |= (ember_bn_word)1 << (EMBER_BN_WORD_BITS - 1);
		b[n - 1] >>= 1;
		if (ember_bn_mont_init(&mc, m, n) != 0 || ember_bn_mont_set_impl(&mc, d) != 0)
			continue;
		SECRET(b, sizeof(b));
		SECRET(e, sizeof(e));
		ember_bn_modexp_ct(r, b, e, (unsigned)(n * EMBER_BN_WORD_BITS), &mc);
		PUBLIC(r, sizeof(r));
		printf("checked: bignum %s, modular exponentiation with a secret base and exponent\n", d->impl);
		done++;
	}
	return done;
}

void ct_secret_rsa(ember_rsa_private_key *k)
{
	SECRET(k->d, sizeof(k->d));
	SECRET(k->dp, sizeof(k->dp));
	SECRET(k->dq, sizeof(k->dq));
	SECRET(k->qinv, sizeof(k->qinv));
	SECRET(k->qinv_mont, sizeof(k->qinv_mont));
	SECRET(k->blind_vi, sizeof(k->blind_vi));
	SECRET(k->blind_vf, sizeof(k->blind_vf));
	secret_mont(&k->mp);
	secret_mont(&k->mq);
}

/* Reads a built-in test key into |key|; 0, or -1 with a line saying which failed. */
static int load_key(const char *pem, const char *what)
{
	if (ember_pkey_read(&key, (const uint8_t *)pem, strlen(pem)) != 0) {
		printf("ctgrind: cannot load the %s test key\n", what);
		return -1;
	}
	return 0;
}

static unsigned check_rsa(void)
{
	const ember_hash_desc *hd = ember_hash_find("sha256", NULL);
	ember_rsa_private_key *k = &key.u.rsa;
	ember_rsa_public_key pub;
	uint8_t md[32], sig[EMBER_RSA_MAX_LEN], em[EMBER_RSA_MAX_LEN], out[EMBER_RSA_MAX_LEN];
	int r;

	if (hd == NULL || load_key(testkey_rsa1024, "RSA") != 0)
		return 0;
	ember_rsa_public_from_private(&pub, k);
	memset(md, 0x5a, sizeof(md));
	ct_secret_rsa(k);

	memset(em, 0, sizeof(em));
	em[1] = 0x42;
	r = ember_rsa_private_op(k, out, em, pub.len);
	PUBLIC(&r, sizeof(r));
	PUBLIC(out, pub.len);

	r = ember_rsa_pkcs1_sign(k, hd, md, sizeof(md), sig, pub.len);
	PUBLIC(&r, sizeof(r));
	PUBLIC(sig, pub.len);
	printf("checked: RSA-1024 private operation and PKCS#1 v1.5 signing, secret key fields\n");

	r = ember_rsa_pss_sign(k, hd, NULL, md, 20, md, sizeof(md), out, pub.len);
	PUBLIC(&r, sizeof(r));
	PUBLIC(out, pub.len);
	printf("checked: RSA-1024 PSS signing, secret key fields\n");

	/*
	 * Verification: the signature is public; the library marks the encoded
	 * message it recovers as secret (EMBER_CT_SECRET, ctgrind build only),
	 * so any branch of the padding check on it is reported.
	 */
	r = ember_rsa_pkcs1_verify(&pub, hd, md, sizeof(md), sig, pub.len);
	PUBLIC(&r, sizeof(r));
	r = ember_rsa_pss_verify(&pub, hd, NULL, 20, md, sizeof(md), out, pub.len);
	PUBLIC(&r, sizeof(r));
	printf("checked: RSA PKCS#1 v1.5 and PSS verification padding checks (only the verdict declassified)\n");
	ember_pkey_clear(&key);
	return 3;
}

/*
 * RSA-2048 signing: its 1024-bit CRT halves take the exponentiation code
 * unrolled for 17 limbs (src/bn/exp_radix_x2.h), which RSA-1024's do not.
 */
static unsigned check_rsa2048(void)
{
	const ember_hash_desc *hd = ember_hash_find("sha256", NULL);
	ember_rsa_private_key *k = &key.u.rsa;
	uint8_t md[32], sig[EMBER_RSA_MAX_LEN];
	int r;

	if (hd == NULL || load_key(testkey_rsa2048, "RSA-2048") != 0)
		return 0;
	memset(md, 0xa5, sizeof(md));
	ct_secret_rsa(k);
	r = ember_rsa_pkcs1_sign(k, hd, md, sizeof(md), sig, k->pub.len);
	PUBLIC(&r, sizeof(r));
	PUBLIC(sig, sizeof(sig));
	printf("checked: RSA-2048 PKCS#1 v1.5 signing (bignum %s), secret key fields\n", k->mp.impl->impl);
	ember_pkey_clear(&key);
	return 1;
}

static unsigned check_dsa(void)
{
	const ember_hash_desc *hd = ember_hash_find("sha256", NULL);
	ember_dsa_key *k = &key.u.dsa;
	uint8_t md[32], sig[EMBER_DSA_MAX_SIG_LEN];
	int r;

	if (hd == NULL || load_key(testkey_dsa1024, "DSA") != 0)
		return 0;
	memset(md, 0x3c, sizeof(md));
	SECRET(k->x, sizeof(k->x));
	r = ember_dsa_sign(k, hd, md, sizeof(md), sig, 2 * k->qlen);
	PUBLIC(&r, sizeof(r));
	PUBLIC(sig, sizeof(sig));
	printf("checked: DSA-1024 signing (RFC 6979 k), secret x\n");
	ember_pkey_clear(&key);
	return 1;
}

unsigned ct_pk(void)
{
	return check_modexp() + check_rsa() + check_rsa2048() + check_dsa();
}
