/*
 * ct_tls12.c - TLS 1.2's key derivation and records under secrets
 * (ct_extra.h): a secret pre-master secret through the extended master
 * secret, the key block and Finished; records sealed from a secret
 * plaintext under the secret keys and opened again, for every suite; and
 * for the CBC suite, records whose padding byte, padding or MAC is wrong
 * (made by changing ciphertext bits: what they decrypt to is secret), so
 * that the Lucky Thirteen check runs on secret padding lengths. What a
 * record reveals by design (the verdict, an opened record's content
 * length) is declassified inside the library; nothing else may steer a
 * branch or an index. And RSA key transport's pre-master secret under a
 * secret RSA-1024 key, for a good block and for blocks with each fault:
 * the decrypted block is secret, so its check (Bleichenbacher's
 * countermeasure) must not branch on it; only the RSA fault check's
 * verdict is declassified (in rsa.c).
 */
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "ember/keys.h"
#include "ember/rsa.h"
#include "ember/tls12.h"
#include "ct_extra.h"
#include "testkeys.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

static int one_suite(const ember_tls12_suite *s)
{
	const ember_hash_desc *d = ember_tls12_suite_hash(s);
	static uint8_t rec[EMBER_TLS_RECORD_HEADER_LEN + EMBER_TLS12_MAX_CIPHERTEXT], bad[sizeof(rec)],
	    out[sizeof(rec)];
	uint8_t pms[48], cr[32], sr[32], hash[48], master[48], fin[12], msg[300], type = 0;
	ember_tls12_keys k;
	ember_tls12_record wr, rd;
	size_t i, len, rec_len = 0, content_len = 0;
	int r = 0, ret, alert;
	static const uint8_t flips[] = { 0x01, 0x10, 0x80, 0xff, 0x3c };

	for (i = 0; i < sizeof(pms); i++)
		pms[i] = (uint8_t)(i * 29 + 5);
	for (i = 0; i < 32; i++) {
		cr[i] = (uint8_t)(i * 3);
		sr[i] = (uint8_t)(i * 5 + 1);
	}
	for (i = 0; i < sizeof(hash); i++)
		hash[i] = (uint8_t)(i * 7 + 1); /* the session hash: public */
	SECRET(pms, sizeof(pms));
	r |= ember_tls12_master_secret(d, pms, sizeof(pms), hash, d->digest_len, cr, sr, master);
	r |= ember_tls12_finished(d, master, 0, hash, fin);
	PUBLIC(fin, sizeof(fin)); /* verify_data goes out, encrypted but known to the peer */
	r |= ember_tls12_key_block(s, d, master, cr, sr, &k);
	r |= ember_tls12_record_init(&wr, s, NULL, k.client_mac, s->mac_key_len, k.client_key, s->key_len, k.client_iv,
	    s->fixed_iv_len);
	r |= ember_tls12_record_init(&rd, s, NULL, k.client_mac, s->mac_key_len, k.client_key, s->key_len, k.client_iv,
	    s->fixed_iv_len);
	for (len = 0; len < sizeof(msg) && r == 0; len += 97) {
		for (i = 0; i < sizeof(msg); i++)
			msg[i] = (uint8_t)(i * 13 + len);
		SECRET(msg, sizeof(msg));
		r |= ember_tls12_record_protect(&wr, rec, sizeof(rec), &rec_len, EMBER_TLS_CT_APPLICATION_DATA, msg, len);
		PUBLIC(rec, rec_len); /* the record goes on the wire */
		PUBLIC(&r, sizeof(r));
		if (r)
			break;
		if (s->bulk == EMBER_TLS12_BULK_AES_CBC_SHA) {
			/* the padding byte changed (the last byte of the block before the last), then a content
			   or MAC byte: each refused in a time that does not follow the secret padding */
			for (i = 0; i < sizeof(flips) && rec_len >= 5 + 16 + 32; i++) {
				memcpy(bad, rec, rec_len);
				bad[rec_len - 17] ^= flips[i];
				if (i == sizeof(flips) - 1)
					bad[5 + 16 + i] ^= 1; /* the first block: a content or MAC byte */
				ret = ember_tls12_record_unprotect(&rd, out, sizeof(out), bad, rec_len, &type, &content_len,
				    &alert);
				PUBLIC(&ret, sizeof(ret));
				if (ret != EMBER_EVERIFY)
					r = -1;
			}
		}
		r |= ember_tls12_record_unprotect(&rd, out, sizeof(out), rec, rec_len, &type, &content_len, &alert);
		PUBLIC(&r, sizeof(r));
		PUBLIC(out, sizeof(out));
		PUBLIC(msg, sizeof(msg));
		if (r == 0 && (type != EMBER_TLS_CT_APPLICATION_DATA || content_len != len || memcmp(out, msg, len) != 0))
			r = -1;
	}
	ember_tls12_record_clear(&wr);
	ember_tls12_record_clear(&rd);
	memset(&k, 0, sizeof(k));
	PUBLIC(&r, sizeof(r));
	return r;
}

static ember_pkey rsa_key;

/* A good block (c = 0) or one with a fault (1: type, 2: separator, 3: version) for |k|. */
static int pms_block(const ember_rsa_public_key *pub, int c, uint8_t *enc)
{
	uint8_t em[EMBER_RSA_MAX_LEN];
	size_t i, len = pub->len;

	for (i = 0; i < len; i++)
		em[i] = (uint8_t)(i * 37 + 11) | 1;
	em[0] = 0;
	em[1] = c == 1 ? 1 : 2;
	em[len - 49] = c == 2 ? 7 : 0;
	em[len - 48] = 3;
	em[len - 47] = c == 3 ? 1 : 3;
	return ember_rsa_public_op(pub, enc, em, len);
}

static int rsa_premaster(void)
{
	ember_rsa_private_key *k = &rsa_key.u.rsa;
	ember_rsa_public_key pub;
	uint8_t enc[EMBER_RSA_MAX_LEN], pms[48];
	int c, r = 0, ret;

	if (ember_pkey_read(&rsa_key, (const uint8_t *)testkey_rsa1024, strlen(testkey_rsa1024)) != 0)
		return -1;
	ember_rsa_public_from_private(&pub, k);
	ct_secret_rsa(k);
	for (c = 0; c < 4 && r == 0; c++) {
		r |= pms_block(&pub, c, enc);
		ret = ember_tls12_rsa_premaster(k, enc, pub.len, 0x0303, pms);
		PUBLIC(&ret, sizeof(ret));
		PUBLIC(pms, sizeof(pms));
		if (ret != 0 || pms[0] != 3 || pms[1] != 3)
			r = -1;
	}
	ember_pkey_clear(&rsa_key);
	return r;
}

unsigned ct_tls12(void)
{
	unsigned n = 0;
	size_t i;
	const ember_tls12_suite *s;

	for (i = 0; (s = ember_tls12_suite_at(i)) != NULL; i++) {
		if (one_suite(s) != 0) {
			printf("FAILED: TLS 1.2 keys and records, suite %s: wrong answers\n", s->name);
			continue;
		}
		printf("checked: TLS 1.2 extended master secret, key block, Finished and records of %s under a secret "
		       "pre-master secret and plaintext%s\n",
		    s->name, s->bulk == EMBER_TLS12_BULK_AES_CBC_SHA ? " (and records with a bad padding or MAC)" : "");
		n++;
	}
	if (rsa_premaster() != 0) {
		printf("FAILED: TLS 1.2 RSA pre-master secret: wrong answers\n");
	} else {
		printf("checked: TLS 1.2 RSA pre-master secret (7.4.7.1) under a secret RSA-1024 key, a good block and "
		       "three bad ones\n");
		n++;
	}
	return n;
}
