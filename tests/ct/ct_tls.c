/*
 * ct_tls.c - the TLS 1.3 key schedule and record layer under secrets
 * (ct_extra.h): an (EC)DHE secret through Handshake and Master Secret,
 * traffic secrets, keys, IVs and Finished; records sealed from a secret
 * plaintext with padding and opened again. What a record reveals by
 * design (its content type and content length, the tag's verdict) is
 * declassified inside the library; nothing else may steer a branch or an
 * index. Every suite, with the registry's default AEAD and digest.
 */
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "ember/tls.h"
#include "ct_extra.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

static int one_suite(const ember_tls13_suite *s)
{
	const ember_hash_desc *d = ember_tls13_suite_hash(s);
	ember_tls13_ks ks;
	ember_tls13_record wr, rd;
	uint8_t dhe[32], th[EMBER_TLS13_MAX_HASH_LEN], sec[EMBER_TLS13_MAX_HASH_LEN], vd[EMBER_TLS13_MAX_HASH_LEN];
	uint8_t key[EMBER_TLS13_MAX_KEY_LEN], iv[EMBER_TLS13_IV_LEN], msg[200], rec[EMBER_TLS_MAX_RECORD];
	uint8_t out[EMBER_TLS_MAX_RECORD], type = 0;
	size_t i, pad, rec_len = 0, content_len = 0;
	int r = 0, alert;

	for (i = 0; i < sizeof(dhe); i++)
		dhe[i] = (uint8_t)(i * 29 + 5);
	for (i = 0; i < sizeof(th); i++)
		th[i] = (uint8_t)(i * 7 + 1); /* a transcript hash: public */
	SECRET(dhe, sizeof(dhe));
	r |= ember_tls13_ks_init(&ks, s, d, NULL, 0);
	r |= ember_tls13_ks_handshake(&ks, dhe, sizeof(dhe));
	r |= ember_tls13_ks_derive(&ks, EMBER_TLS13_S_HS_TRAFFIC, th, sec);
	r |= ember_tls13_finished(d, sec, th, vd);
	PUBLIC(vd, sizeof(vd)); /* verify_data is sent in the clear */
	r |= ember_tls13_finished_verify(d, sec, th, vd, d->digest_len);
	r |= ember_tls13_traffic_keys(s, d, sec, key, iv);
	r |= ember_tls13_ks_master(&ks);
	r |= ember_tls13_ks_derive(&ks, EMBER_TLS13_C_AP_TRAFFIC, th, sec);
	r |= ember_tls13_next_traffic_secret(d, sec, sec);
	r |= ember_tls13_record_init(&wr, s, NULL, sec);
	r |= ember_tls13_record_init(&rd, s, NULL, sec);
	for (pad = 0; pad < 3 && r == 0; pad++) {
		for (i = 0; i < sizeof(msg); i++)
			msg[i] = (uint8_t)(i * 13 + pad);
		SECRET(msg, sizeof(msg));
		r |= ember_tls13_record_protect(&wr, rec, sizeof(rec), &rec_len, EMBER_TLS_CT_APPLICATION_DATA, msg,
		    sizeof(msg) - 50 * pad, 40 * pad);
		PUBLIC(rec, rec_len); /* the record goes on the wire */
		PUBLIC(&r, sizeof(r));
		r |= ember_tls13_record_unprotect(&rd, out, sizeof(out), rec, rec_len, &type, &content_len, &alert);
		PUBLIC(&r, sizeof(r));
		PUBLIC(out, sizeof(out));
		PUBLIC(msg, sizeof(msg));
		if (r == 0 && (type != EMBER_TLS_CT_APPLICATION_DATA || content_len != sizeof(msg) - 50 * pad ||
		                  memcmp(out, msg, content_len) != 0))
			r = -1;
	}
	ember_tls13_record_clear(&wr);
	ember_tls13_record_clear(&rd);
	ember_tls13_ks_clear(&ks);
	PUBLIC(&r, sizeof(r));
	return r;
}

unsigned ct_tls(void)
{
	unsigned n = 0;
	size_t i;
	const ember_tls13_suite *s;

	for (i = 0; (s = ember_tls13_suite_at(i)) != NULL; i++) {
		if (one_suite(s) != 0) {
			printf("FAILED: TLS 1.3 key schedule and records, suite %s: wrong answers\n", s->name);
			continue;
		}
		printf("checked: TLS 1.3 key schedule, Finished and records of %s under a secret DHE and plaintext\n",
		    s->name);
		n++;
	}
	return n;
}
