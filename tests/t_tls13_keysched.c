/*
 * t_tls13_keysched.c - the TLS 1.3 key schedule and transcript hash (tls.h):
 *   tls13_rfc8448: RFC 8448 section 3 (Simple 1-RTT Handshake,
 *     TLS_AES_128_GCM_SHA256): from the trace's x25519 keys and handshake
 *     messages, the ECDHE secret, every transcript hash, every secret
 *     (early, handshake, master, c/s hs traffic, c/s ap traffic, exp
 *     master, res master and both "derived"), every key and iv, both
 *     finished keys and verify_data; then the records the trace gives: the
 *     server's encrypted flight (EncryptedExtensions .. Finished) decrypted
 *     to the trace's messages and encrypted back to the same bytes, the
 *     client's Finished record, and the application_data records of both
 *     sides (the server's at sequence number 1, after its NewSessionTicket);
 *   tls13_ks_api: stages enforced, transcript hash taken without ending it,
 *     HelloRetryRequest's message_hash, Finished refusals, suite lookups,
 *     HkdfLabel limits;
 *   tls13_ks_ossl: the SHA-384 and ChaCha20 suites' schedules on random
 *     inputs against the openssl command's TLS13-KDF (OpenSSL 3): early,
 *     handshake and master secrets, every Derive-Secret, traffic keys and
 *     ivs, finished key, KeyUpdate's next secret. Skipped without openssl.
 * The hex is quoted from RFC 8448, section 3 (tests/rfc8448.h).
 */
#include <stdlib.h>
#include <string.h>

#include "ember/hash.h"
#include "ember/tls.h"
#include "ember/x25519.h"
#include "rfc8448.h"
#include "test.h"

/* Hex with any whitespace into |out|; returns the length (0 on a bad digit or overflow). */
static size_t hx(const char *s, uint8_t *out, size_t cap)
{
	size_t n = 0;
	int hi = -1;

	for (; *s; s++) {
		int v;

		if (*s == ' ' || *s == '\n' || *s == '\t')
			continue;
		if (*s >= '0' && *s <= '9')
			v = *s - '0';
		else if (*s >= 'a' && *s <= 'f')
			v = *s - 'a' + 10;
		else if (*s >= 'A' && *s <= 'F')
			v = *s - 'A' + 10;
		else
			return 0;
		if (hi < 0) {
			hi = v;
		} else {
			if (n == cap)
				return 0;
			out[n++] = (uint8_t)(hi << 4 | v);
			hi = -1;
		}
	}
	return hi < 0 ? n : 0;
}

/* Compares |n| bytes with the hex |want|. */
static int eqhex(const uint8_t *got, size_t n, const char *want)
{
	uint8_t w[1024];
	size_t wn = hx(want, w, sizeof(w));

	return wn == n && memcmp(got, w, n) == 0;
}

#define CHECK_HEX(got, n, want, what) CHECK(eqhex(got, n, want), "%s: got %s", what, t_tohex(got, n))

/* RFC 8448, section 3: the constants are in rfc8448.h. */


typedef struct msg {
	uint8_t b[512];
	size_t n;
} msg;

static int load(msg *m, const char *hex, size_t want)
{
	m->n = hx(hex, m->b, sizeof(m->b));
	return CHECK(m->n == want, "RFC 8448 message of %zu bytes read as %zu", want, m->n);
}

/* The trace's records, section 3: server flight, client Finished, both application_data records. */
static void rfc8448_records(const ember_tls13_suite *s, const msg *ee, const msg *cert, const msg *cv,
    const msg *sfin, const msg *cfin)
{
	static uint8_t rec[800], out[800], flight[800];
	uint8_t secret[32], key[16], iv[12], type, payload[50];
	size_t rec_len, out_len, flight_len = 0, clen, i;
	ember_tls13_record r;
	int alert, ret;

	memcpy(flight + flight_len, ee->b, ee->n), flight_len += ee->n;
	memcpy(flight + flight_len, cert->b, cert->n), flight_len += cert->n;
	memcpy(flight + flight_len, cv->b, cv->n), flight_len += cv->n;
	memcpy(flight + flight_len, sfin->b, sfin->n), flight_len += sfin->n;
	for (i = 0; i < sizeof(payload); i++)
		payload[i] = (uint8_t)i;

	/* the server's flight under its handshake traffic secret, sequence number 0 */
	rec_len = hx(SERVER_FLIGHT_RECORD, rec, sizeof(rec));
	CHECK(rec_len == 679, "server flight record: %zu bytes", rec_len);
	hx(S_HS_TRAFFIC, secret, sizeof(secret));
	CHECK(ember_tls13_record_init(&r, s, NULL, secret) == 0, "record_init s hs");
	ret = ember_tls13_record_unprotect(&r, out, sizeof(out), rec, rec_len, &type, &clen, &alert);
	CHECK(ret == 0 && type == EMBER_TLS_CT_HANDSHAKE && clen == flight_len && memcmp(out, flight, clen) == 0,
	    "RFC 8448 server flight: unprotect %d alert %d type %u len %zu", ret, alert, type, clen);
	CHECK(r.seq == 1, "seq after one record: %llu", (unsigned long long)r.seq);
	ember_tls13_record_clear(&r);
	/* and back, from the key and iv this time */
	hx(S_HS_KEY, key, sizeof(key));
	hx(S_HS_IV, iv, sizeof(iv));
	CHECK(ember_tls13_record_init_keys(&r, s, NULL, key, 16, iv) == 0, "record_init_keys s hs");
	ret = ember_tls13_record_protect(&r, out, sizeof(out), &out_len, EMBER_TLS_CT_HANDSHAKE, flight, flight_len, 0);
	CHECK(ret == 0 && out_len == rec_len && memcmp(out, rec, rec_len) == 0,
	    "RFC 8448 server flight: protect %d, %zu bytes", ret, out_len);
	ember_tls13_record_clear(&r);
	/* in place: the record's own buffer holds the plaintext after */
	CHECK(ember_tls13_record_init(&r, s, NULL, secret) == 0, "record_init s hs");
	ret = ember_tls13_record_unprotect(&r, rec + 5, rec_len - 5, rec, rec_len, &type, &clen, &alert);
	CHECK(ret == 0 && clen == flight_len && memcmp(rec + 5, flight, clen) == 0, "in-place unprotect: %d", ret);
	ember_tls13_record_clear(&r);

	/* the client Finished under the client handshake traffic secret */
	rec_len = hx(CLIENT_FINISHED_RECORD, rec, sizeof(rec));
	hx(C_HS_TRAFFIC, secret, sizeof(secret));
	CHECK(ember_tls13_record_init(&r, s, NULL, secret) == 0, "record_init c hs");
	ret = ember_tls13_record_protect(&r, out, sizeof(out), &out_len, EMBER_TLS_CT_HANDSHAKE, cfin->b, cfin->n, 0);
	CHECK(ret == 0 && out_len == rec_len && memcmp(out, rec, rec_len) == 0, "RFC 8448 client Finished record: %d %s",
	    ret, t_tohex(out, out_len));
	ember_tls13_record_clear(&r);

	/* the client's application data, sequence number 0 */
	rec_len = hx(CLIENT_APP_RECORD, rec, sizeof(rec));
	hx(C_AP_TRAFFIC, secret, sizeof(secret));
	CHECK(ember_tls13_record_init(&r, s, NULL, secret) == 0, "record_init c ap");
	ret = ember_tls13_record_protect(&r, out, sizeof(out), &out_len, EMBER_TLS_CT_APPLICATION_DATA, payload,
	    sizeof(payload), 0);
	CHECK(ret == 0 && out_len == rec_len && memcmp(out, rec, rec_len) == 0, "RFC 8448 client application_data: %d",
	    ret);
	ember_tls13_record_clear(&r);
	CHECK(ember_tls13_record_init(&r, s, NULL, secret) == 0, "record_init c ap");
	ret = ember_tls13_record_unprotect(&r, out, sizeof(out), rec, rec_len, &type, &clen, &alert);
	CHECK(ret == 0 && type == EMBER_TLS_CT_APPLICATION_DATA && clen == 50 && memcmp(out, payload, 50) == 0,
	    "RFC 8448 client application_data unprotect: %d", ret);
	ember_tls13_record_clear(&r);

	/* the server's application data: its NewSessionTicket took sequence number 0 */
	rec_len = hx(SERVER_APP_RECORD, rec, sizeof(rec));
	hx(S_AP_TRAFFIC, secret, sizeof(secret));
	CHECK(ember_tls13_record_init(&r, s, NULL, secret) == 0, "record_init s ap");
	ret = ember_tls13_record_unprotect(&r, out, sizeof(out), rec, rec_len, &type, &clen, &alert);
	CHECK(ret == EMBER_EVERIFY && alert == EMBER_TLS_ALERT_BAD_RECORD_MAC && r.seq == 0,
	    "server application_data at sequence number 0 must fail: %d", ret);
	r.seq = 1;
	ret = ember_tls13_record_unprotect(&r, out, sizeof(out), rec, rec_len, &type, &clen, &alert);
	CHECK(ret == 0 && type == EMBER_TLS_CT_APPLICATION_DATA && clen == 50 && memcmp(out, payload, 50) == 0,
	    "RFC 8448 server application_data unprotect: %d", ret);
	ember_tls13_record_clear(&r);
}

EMBER_TEST(tls13_rfc8448)
{
	const ember_tls13_suite *s = ember_tls13_suite_find(EMBER_TLS13_AES_128_GCM_SHA256);
	const ember_hash_desc *d = ember_tls13_suite_hash(s);
	static msg ch, sh, ee, cert, cv, sfin, cfin;
	uint8_t priv[32], pub[32], dhe[32], th[48], sec[48], key[32], iv[12], vd[48];
	ember_tls13_transcript t;
	ember_tls13_ks ks;

	if (!CHECK(s != NULL && d != NULL && d->digest_len == 32, "suite 0x1301 and its sha256"))
		return;
	if (!load(&ch, CLIENT_HELLO, 196) || !load(&sh, SERVER_HELLO, 90) || !load(&ee, ENCRYPTED_EXTENSIONS, 40) ||
	    !load(&cert, CERTIFICATE, 445) || !load(&cv, CERTIFICATE_VERIFY, 136) || !load(&sfin, SERVER_FINISHED, 36) ||
	    !load(&cfin, CLIENT_FINISHED, 36))
		return;

	/* the (EC)DHE input, from both sides' x25519 keys */
	hx(SERVER_PRIV, priv, 32);
	hx(CLIENT_PUB, pub, 32);
	CHECK(ember_x25519(dhe, priv, pub) == 0 && eqhex(dhe, 32, ECDHE), "x25519 server side: %s", t_tohex(dhe, 32));
	hx(CLIENT_PRIV, priv, 32);
	hx(SERVER_PUB, pub, 32);
	CHECK(ember_x25519(dhe, priv, pub) == 0 && eqhex(dhe, 32, ECDHE), "x25519 client side: %s", t_tohex(dhe, 32));

	CHECK(ember_tls13_transcript_init(&t, d) == 0 && ember_tls13_transcript_len(&t) == 32, "transcript_init");
	ember_tls13_transcript_update(&t, ch.b, ch.n);
	ember_tls13_transcript_update(&t, sh.b, sh.n);
	ember_tls13_transcript_hash(&t, th);
	CHECK_HEX(th, 32, HELLO_HASH, "hash(ClientHello..ServerHello)");

	CHECK(ember_tls13_ks_init(&ks, s, NULL, NULL, 0) == 0 && ks.stage == EMBER_TLS13_STAGE_EARLY, "ks_init");
	CHECK_HEX(ks.secret, 32, EARLY_SECRET, "early secret");
	CHECK(ember_tls13_derive_secret(d, ks.secret, "derived", NULL, sec) == 0, "derive_secret derived");
	CHECK_HEX(sec, 32, DERIVED_EARLY, "derived (early)");
	CHECK(ember_tls13_ks_handshake(&ks, dhe, 32) == 0 && ks.stage == EMBER_TLS13_STAGE_HANDSHAKE, "ks_handshake");
	CHECK_HEX(ks.secret, 32, HS_SECRET, "handshake secret");

	CHECK(ember_tls13_ks_derive(&ks, EMBER_TLS13_C_HS_TRAFFIC, th, sec) == 0, "c hs traffic");
	CHECK_HEX(sec, 32, C_HS_TRAFFIC, "client_handshake_traffic_secret");
	CHECK(ember_tls13_traffic_keys(s, d, sec, key, iv) == 0, "traffic_keys c hs");
	CHECK_HEX(key, 16, C_HS_KEY, "client handshake key");
	CHECK_HEX(iv, 12, C_HS_IV, "client handshake iv");
	CHECK(ember_tls13_finished_key(d, sec, key) == 0, "finished_key c");
	CHECK_HEX(key, 32, C_FINISHED_KEY, "client finished_key");

	CHECK(ember_tls13_ks_derive(&ks, EMBER_TLS13_S_HS_TRAFFIC, th, sec) == 0, "s hs traffic");
	CHECK_HEX(sec, 32, S_HS_TRAFFIC, "server_handshake_traffic_secret");
	CHECK(ember_tls13_traffic_keys(s, NULL, sec, key, iv) == 0, "traffic_keys s hs");
	CHECK_HEX(key, 16, S_HS_KEY, "server handshake key");
	CHECK_HEX(iv, 12, S_HS_IV, "server handshake iv");
	CHECK(ember_tls13_finished_key(d, sec, key) == 0, "finished_key s");
	CHECK_HEX(key, 32, S_FINISHED_KEY, "server finished_key");

	/* the server's Finished covers ClientHello .. CertificateVerify */
	ember_tls13_transcript_update(&t, ee.b, ee.n);
	ember_tls13_transcript_update(&t, cert.b, cert.n);
	ember_tls13_transcript_update(&t, cv.b, cv.n);
	ember_tls13_transcript_hash(&t, th);
	CHECK(ember_tls13_finished(d, sec, th, vd) == 0, "finished s");
	CHECK_HEX(vd, 32, S_VERIFY_DATA, "server verify_data");
	CHECK(memcmp(sfin.b, "\x14\x00\x00\x20", 4) == 0 && memcmp(sfin.b + 4, vd, 32) == 0,
	    "server Finished message = 14 00 00 20 || verify_data");
	CHECK(ember_tls13_finished_verify(d, sec, th, sfin.b + 4, 32) == 0, "finished_verify s");

	/* the master secret and the application secrets: ClientHello .. server Finished */
	ember_tls13_transcript_update(&t, sfin.b, sfin.n);
	ember_tls13_transcript_hash(&t, th);
	CHECK_HEX(th, 32, SFIN_HASH, "hash(ClientHello..server Finished)");
	CHECK(ember_tls13_derive_secret(d, ks.secret, "derived", NULL, sec) == 0, "derive_secret derived");
	CHECK_HEX(sec, 32, DERIVED_HS, "derived (handshake)");
	CHECK(ember_tls13_ks_master(&ks) == 0 && ks.stage == EMBER_TLS13_STAGE_MASTER, "ks_master");
	CHECK_HEX(ks.secret, 32, MASTER_SECRET, "master secret");
	CHECK(ember_tls13_ks_derive(&ks, EMBER_TLS13_C_AP_TRAFFIC, th, sec) == 0, "c ap traffic");
	CHECK_HEX(sec, 32, C_AP_TRAFFIC, "client_application_traffic_secret_0");
	CHECK(ember_tls13_traffic_keys(s, d, sec, key, iv) == 0, "traffic_keys c ap");
	CHECK_HEX(key, 16, C_AP_KEY, "client application key");
	CHECK_HEX(iv, 12, C_AP_IV, "client application iv");
	CHECK(ember_tls13_ks_derive(&ks, EMBER_TLS13_S_AP_TRAFFIC, th, sec) == 0, "s ap traffic");
	CHECK_HEX(sec, 32, S_AP_TRAFFIC, "server_application_traffic_secret_0");
	CHECK(ember_tls13_traffic_keys(s, d, sec, key, iv) == 0, "traffic_keys s ap");
	CHECK_HEX(key, 16, S_AP_KEY, "server application key");
	CHECK_HEX(iv, 12, S_AP_IV, "server application iv");
	CHECK(ember_tls13_ks_derive(&ks, EMBER_TLS13_EXP_MASTER, th, sec) == 0, "exp master");
	CHECK_HEX(sec, 32, EXP_MASTER, "exporter_master_secret");

	/* the client's Finished: the same transcript (no client certificate) */
	hx(C_HS_TRAFFIC, sec, 32);
	CHECK(ember_tls13_finished(d, sec, th, vd) == 0, "finished c");
	CHECK_HEX(vd, 32, C_VERIFY_DATA, "client verify_data");
	CHECK(memcmp(cfin.b + 4, vd, 32) == 0, "client Finished message = 14 00 00 20 || verify_data");
	CHECK(ember_tls13_finished_verify(d, sec, th, cfin.b + 4, 32) == 0, "finished_verify c");
	ember_tls13_transcript_update(&t, cfin.b, cfin.n);
	ember_tls13_transcript_hash(&t, th);
	CHECK_HEX(th, 32, CFIN_HASH, "hash(ClientHello..client Finished)");
	CHECK(ember_tls13_ks_derive(&ks, EMBER_TLS13_RES_MASTER, th, sec) == 0, "res master");
	CHECK_HEX(sec, 32, RES_MASTER, "resumption_master_secret");

	ember_tls13_ks_clear(&ks);
	ember_tls13_transcript_clear(&t);
	CHECK(ks.stage == 0 && ks.hash == NULL, "ks_clear");

	rfc8448_records(s, &ee, &cert, &cv, &sfin, &cfin);
}

EMBER_TEST(tls13_ks_api)
{
	const ember_tls13_suite *s = ember_tls13_suite_find(0x1301);
	const ember_hash_desc *d = ember_tls13_suite_hash(s);
	uint8_t a[48], b[48], c[48], mh[4 + 48], secret[48], vd[48], ctx[256];
	ember_tls13_transcript t, t2;
	ember_tls13_ks ks;
	char label[300];
	size_t i;

	if (!CHECK(s != NULL && d != NULL, "suite"))
		return;
	/* suites */
	CHECK(ember_tls13_suite_find(0x1302) != NULL && ember_tls13_suite_find(0x1302)->hash_len == 48 &&
	          ember_tls13_suite_find(0x1303) != NULL && ember_tls13_suite_find(0x1304) == NULL &&
	          ember_tls13_suite_find(0x1305) == NULL,
	    "suite_find");
	CHECK(ember_tls13_suite_by_name("tls_chacha20_poly1305_sha256") == ember_tls13_suite_find(0x1303) &&
	          ember_tls13_suite_by_name("TLS_AES_128_GCM") == NULL && ember_tls13_suite_by_name(NULL) == NULL,
	    "suite_by_name");
	for (i = 0; ember_tls13_suite_at(i) != NULL; i++)
		CHECK(ember_tls13_suite_find(ember_tls13_suite_at(i)->id) == ember_tls13_suite_at(i), "suite_at %zu", i);
	CHECK(i == 3, "three suites, not %zu", i);

	/* stages only move forward, and each secret needs its own */
	CHECK(ember_tls13_ks_init(&ks, s, NULL, NULL, 0) == 0, "ks_init");
	CHECK(ember_tls13_ks_master(&ks) == EMBER_EINVAL, "master from early");
	CHECK(ember_tls13_ks_derive(&ks, EMBER_TLS13_C_HS_TRAFFIC, a, b) == EMBER_EINVAL, "c hs traffic at early");
	CHECK(ember_tls13_ks_derive(&ks, EMBER_TLS13_C_E_TRAFFIC, a, b) == 0, "c e traffic at early");
	CHECK(ember_tls13_ks_derive(&ks, EMBER_TLS13_RES_BINDER, NULL, b) == 0, "res binder at early");
	CHECK(ember_tls13_ks_derive(&ks, 99, a, b) == EMBER_EINVAL && ember_tls13_ks_derive(&ks, -1, a, b) == EMBER_EINVAL,
	    "unknown secret");
	CHECK(ember_tls13_ks_handshake(&ks, NULL, 32) == EMBER_EINVAL && ember_tls13_ks_handshake(&ks, a, 0) == EMBER_EINVAL,
	    "empty dhe");
	memset(a, 7, sizeof(a));
	CHECK(ember_tls13_ks_handshake(&ks, a, 32) == 0, "ks_handshake");
	CHECK(ember_tls13_ks_handshake(&ks, a, 32) == EMBER_EINVAL, "handshake twice");
	CHECK(ember_tls13_ks_derive(&ks, EMBER_TLS13_C_AP_TRAFFIC, a, b) == EMBER_EINVAL, "c ap traffic at handshake");
	CHECK(ember_tls13_ks_master(&ks) == 0 && ember_tls13_ks_master(&ks) == EMBER_EINVAL, "master once");
	CHECK(ember_tls13_ks_derive(&ks, EMBER_TLS13_S_HS_TRAFFIC, a, b) == EMBER_EINVAL, "s hs traffic at master");
	ember_tls13_ks_clear(&ks);
	CHECK(ember_tls13_ks_derive(&ks, EMBER_TLS13_C_AP_TRAFFIC, a, b) == EMBER_EINVAL, "derive after clear");
	/* a PSK changes the early secret; the wrong digest for the suite is refused */
	CHECK(ember_tls13_ks_init(&ks, s, NULL, a, 32) == 0, "ks_init with a psk");
	memcpy(c, ks.secret, 32);
	CHECK(ember_tls13_ks_init(&ks, s, NULL, NULL, 0) == 0 && memcmp(ks.secret, c, 32) != 0, "psk changes early");
	CHECK(ember_tls13_ks_init(&ks, s, ember_hash_find("sha384", NULL), NULL, 0) == EMBER_EINVAL, "sha384 for 0x1301");
	CHECK(ember_tls13_ks_init(&ks, NULL, NULL, NULL, 0) == EMBER_EINVAL, "NULL suite");
	ember_tls13_ks_clear(&ks);

	/* the transcript hash does not end the transcript; a copy goes on on its own */
	CHECK(ember_tls13_transcript_init(&t, d) == 0, "transcript_init");
	CHECK(ember_tls13_transcript_init(&t2, ember_hash_find("shake128", NULL)) == EMBER_EINVAL, "XOF refused");
	ember_tls13_transcript_update(&t, "abc", 3);
	ember_tls13_transcript_hash(&t, a);
	ember_tls13_transcript_hash(&t, b);
	ember_hash(d, c, "abc", 3);
	CHECK(memcmp(a, b, 32) == 0 && memcmp(a, c, 32) == 0, "hash twice = sha256(abc)");
	t2 = t;
	ember_tls13_transcript_update(&t, "def", 3);
	ember_tls13_transcript_hash(&t, a);
	ember_hash(d, c, "abcdef", 6);
	CHECK(memcmp(a, c, 32) == 0, "hash after more = sha256(abcdef)");
	ember_tls13_transcript_update(&t2, "xyz", 3);
	ember_tls13_transcript_hash(&t2, a);
	ember_hash(d, c, "abcxyz", 6);
	CHECK(memcmp(a, c, 32) == 0, "a copy goes on on its own");
	/* 4.4.1: HelloRetryRequest replaces ClientHello1 with message_hash */
	ember_tls13_transcript_hrr(&t2);
	ember_tls13_transcript_update(&t2, "HRR", 3);
	ember_tls13_transcript_hash(&t2, a);
	mh[0] = 254, mh[1] = 0, mh[2] = 0, mh[3] = 32;
	ember_hash(d, mh + 4, "abcxyz", 6);
	{
		ember_hash_ctx hc;

		ember_hash_init(&hc, d);
		ember_hash_update(&hc, mh, 36);
		ember_hash_update(&hc, "HRR", 3);
		ember_hash_final(&hc, c);
	}
	CHECK(memcmp(a, c, 32) == 0, "transcript_hrr: message_hash");
	ember_tls13_transcript_clear(&t);
	ember_tls13_transcript_clear(&t2);

	/* HkdfLabel limits: "tls13 " + label at most 255 bytes, context at most 255 */
	memset(label, 'x', sizeof(label));
	label[249] = '\0';
	memset(secret, 1, sizeof(secret));
	memset(ctx, 2, sizeof(ctx));
	CHECK(ember_tls13_hkdf_expand_label(d, secret, 32, label, ctx, 255, b, 32) == 0, "label of 249 + context 255");
	label[249] = 'x';
	label[250] = '\0';
	CHECK(ember_tls13_hkdf_expand_label(d, secret, 32, label, a, 0, b, 32) == EMBER_EINVAL, "label of 250");
	CHECK(ember_tls13_hkdf_expand_label(d, secret, 32, "key", ctx, 256, b, 32) == EMBER_EINVAL, "context of 256");
	CHECK(ember_tls13_hkdf_expand_label(d, secret, 32, "key", NULL, 0, b, 255 * 32 + 1) == EMBER_ELEN,
	    "output over 255 x HashLen");
	/* unlike plain HKDF, a shorter output is not a prefix of a longer one: HkdfLabel holds the length */
	CHECK(ember_tls13_hkdf_expand_label(d, secret, 32, "key", NULL, 0, a, 16) == 0 &&
	          ember_tls13_hkdf_expand_label(d, secret, 32, "key", NULL, 0, b, 32) == 0 && memcmp(a, b, 16) != 0,
	    "HkdfLabel carries the length");

	/* Finished: a changed byte, a short or long verify_data, all EMBER_EVERIFY */
	memset(a, 3, sizeof(a));
	CHECK(ember_tls13_finished(d, secret, a, vd) == 0, "finished");
	CHECK(ember_tls13_finished_verify(d, secret, a, vd, 32) == 0, "finished_verify");
	for (i = 0; i < 32; i += 7) {
		vd[i] ^= 0x40;
		CHECK(ember_tls13_finished_verify(d, secret, a, vd, 32) == EMBER_EVERIFY, "changed byte %zu", i);
		vd[i] ^= 0x40;
	}
	CHECK(ember_tls13_finished_verify(d, secret, a, vd, 31) == EMBER_EVERIFY &&
	          ember_tls13_finished_verify(d, secret, a, vd, 33) == EMBER_EVERIFY,
	    "verify_data length");
	b[0] = a[0] ^ 1;
	memcpy(b + 1, a + 1, 31);
	CHECK(ember_tls13_finished_verify(d, secret, b, vd, 32) == EMBER_EVERIFY, "another transcript");

	/* KeyUpdate: HKDF-Expand-Label(secret, "traffic upd", "", HashLen); in place allowed */
	CHECK(ember_tls13_next_traffic_secret(d, secret, a) == 0, "next_traffic_secret");
	CHECK(ember_tls13_hkdf_expand_label(d, secret, 32, "traffic upd", NULL, 0, b, 32) == 0 && memcmp(a, b, 32) == 0,
	    "traffic upd");
	CHECK(ember_tls13_next_traffic_secret(d, secret, secret) == 0 && memcmp(secret, a, 32) == 0, "in place");
	CHECK(memcmp(a, b, 32) == 0 && ember_tls13_next_traffic_secret(d, a, a) == 0 && memcmp(a, b, 32) != 0,
	    "a second update moves on");
}

/* ---- The openssl command's TLS13-KDF ---- */

static int ossl_hex(const char *out, uint8_t *buf, size_t n)
{
	size_t i = 0;
	const char *p = out;

	while (*p && i < n) {
		unsigned v;

		if (sscanf(p, "%2x", &v) != 1)
			return 0;
		buf[i++] = (uint8_t)v;
		p += 2;
		if (*p == ':')
			p++;
	}
	return i == n && (*p == '\n' || *p == '\0');
}

/* Runs `openssl kdf` with |opts| for |n| bytes into |out|; 1 on success. */
static int ossl_kdf(const char *mode, const char *digest, size_t n, const char *opts, const char *kdf, uint8_t *out)
{
	char cmd[2048], *so = NULL;
	int st, ok;

	snprintf(cmd, sizeof(cmd), "openssl kdf -keylen %zu -kdfopt digest:%s -kdfopt mode:%s %s %s", n, digest, mode,
	    opts, kdf);
	st = t_run_cmd(cmd, &so, NULL);
	ok = st == 0 && so != NULL && ossl_hex(so, out, n);
	if (!ok)
		CHECK(0, "%s: status %d, output %s", cmd, st, so ? so : "(none)");
	free(so);
	return ok;
}

static char hexbuf[4][256];
static const char *hex_(int slot, const uint8_t *p, size_t n)
{
	size_t i;

	for (i = 0; i < n && 2 * i + 2 < sizeof(hexbuf[slot]); i++)
		sprintf(hexbuf[slot] + 2 * i, "%02x", p[i]);
	hexbuf[slot][2 * n] = '\0';
	return hexbuf[slot];
}

/* Expand-Label through openssl: TLS13-KDF EXPAND_ONLY with prefix "tls13 ". */
static int ossl_label(const char *digest, const uint8_t *secret, size_t slen, const char *label, const uint8_t *ctx,
    size_t clen, size_t n, uint8_t *out)
{
	char opts[1024];

	snprintf(opts, sizeof(opts), "-kdfopt hexkey:%s -kdfopt 'prefix:tls13 ' -kdfopt 'label:%s' -kdfopt hexdata:%s",
	    hex_(0, secret, slen), label, hex_(1, ctx, clen));
	return ossl_kdf("EXPAND_ONLY", digest, n, opts, "TLS13-KDF", out);
}

/* The Extract steps through openssl: with a previous secret, TLS13-KDF derives the "derived" salt itself. */
static int ossl_extract(const char *digest, const uint8_t *prev, const uint8_t *ikm, size_t ikm_len, size_t n,
    uint8_t *out)
{
	char opts[1024];

	if (prev != NULL)
		snprintf(opts, sizeof(opts), "-kdfopt hexkey:%s -kdfopt hexsalt:%s -kdfopt 'prefix:tls13 ' -kdfopt label:derived",
		    hex_(0, ikm, ikm_len), hex_(1, prev, n));
	else
		snprintf(opts, sizeof(opts), "-kdfopt hexkey:%s -kdfopt 'prefix:tls13 ' -kdfopt label:derived",
		    hex_(0, ikm, ikm_len));
	return ossl_kdf("EXTRACT_ONLY", digest, n, opts, "TLS13-KDF", out);
}

static void ks_ossl_suite(const ember_tls13_suite *s)
{
	static const struct {
		int which;
		const char *label;
		int stage;
	} rows[] = {
		{ EMBER_TLS13_C_E_TRAFFIC, "c e traffic", EMBER_TLS13_STAGE_EARLY },
		{ EMBER_TLS13_C_HS_TRAFFIC, "c hs traffic", EMBER_TLS13_STAGE_HANDSHAKE },
		{ EMBER_TLS13_S_HS_TRAFFIC, "s hs traffic", EMBER_TLS13_STAGE_HANDSHAKE },
		{ EMBER_TLS13_C_AP_TRAFFIC, "c ap traffic", EMBER_TLS13_STAGE_MASTER },
		{ EMBER_TLS13_S_AP_TRAFFIC, "s ap traffic", EMBER_TLS13_STAGE_MASTER },
		{ EMBER_TLS13_EXP_MASTER, "exp master", EMBER_TLS13_STAGE_MASTER },
		{ EMBER_TLS13_RES_MASTER, "res master", EMBER_TLS13_STAGE_MASTER },
	};
	const char *dg = s->hash_len == 48 ? "SHA384" : "SHA256";
	const ember_hash_desc *d = ember_tls13_suite_hash(s);
	size_t n = s->hash_len, i;
	uint8_t zeros[48], dhe[56], th[48], prev[48], want[48], got[48], key[32], iv[12];
	ember_tls13_ks ks;

	if (!CHECK(d != NULL, "%s: no digest", s->name))
		return;
	memset(zeros, 0, sizeof(zeros));
	t_rand_bytes(dhe, sizeof(dhe));
	t_rand_bytes(th, sizeof(th));
	CHECK(ember_tls13_ks_init(&ks, s, NULL, NULL, 0) == 0, "%s: ks_init", s->name);
	if (ossl_extract(dg, NULL, zeros, n, n, want))
		CHECK(memcmp(ks.secret, want, n) == 0, "%s: early secret", s->name);
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		if (rows[i].stage != ks.stage) {
			memcpy(prev, ks.secret, n);
			if (ks.stage == EMBER_TLS13_STAGE_EARLY) {
				/* X25519, P-256, P-384 or hybrid shares differ in length: take 56 bytes (X448's) */
				CHECK(ember_tls13_ks_handshake(&ks, dhe, sizeof(dhe)) == 0, "%s: ks_handshake", s->name);
				ossl_extract(dg, prev, dhe, sizeof(dhe), n, want);
			} else {
				CHECK(ember_tls13_ks_master(&ks) == 0, "%s: ks_master", s->name);
				ossl_extract(dg, prev, zeros, n, n, want);
			}
			CHECK(memcmp(ks.secret, want, n) == 0, "%s: secret of stage %d: %s", s->name, ks.stage,
			    t_tohex(ks.secret, n));
		}
		CHECK(ember_tls13_ks_derive(&ks, rows[i].which, th, got) == 0, "%s: derive %s", s->name, rows[i].label);
		if (ossl_label(dg, ks.secret, n, rows[i].label, th, n, n, want))
			CHECK(memcmp(got, want, n) == 0, "%s: %s", s->name, rows[i].label);
	}
	/* traffic keys, finished key and KeyUpdate from the last secret */
	CHECK(ember_tls13_traffic_keys(s, NULL, got, key, iv) == 0, "%s: traffic_keys", s->name);
	if (ossl_label(dg, got, n, "key", NULL, 0, s->key_len, want))
		CHECK(memcmp(key, want, s->key_len) == 0, "%s: key", s->name);
	if (ossl_label(dg, got, n, "iv", NULL, 0, 12, want))
		CHECK(memcmp(iv, want, 12) == 0, "%s: iv", s->name);
	CHECK(ember_tls13_finished_key(d, got, prev) == 0, "%s: finished_key", s->name);
	if (ossl_label(dg, got, n, "finished", NULL, 0, n, want))
		CHECK(memcmp(prev, want, n) == 0, "%s: finished key", s->name);
	CHECK(ember_tls13_next_traffic_secret(d, got, prev) == 0, "%s: next_traffic_secret", s->name);
	if (ossl_label(dg, got, n, "traffic upd", NULL, 0, n, want))
		CHECK(memcmp(prev, want, n) == 0, "%s: traffic upd", s->name);
	ember_tls13_ks_clear(&ks);
}

EMBER_TEST(tls13_ks_ossl)
{
	if (system("openssl version >/dev/null 2>&1") != 0) {
		t_skip("tls13_ks_ossl: openssl command not found");
		return;
	}
	if (system("openssl kdf -keylen 16 -kdfopt digest:SHA256 -kdfopt mode:EXPAND_ONLY -kdfopt hexkey:00 "
	           "-kdfopt 'prefix:tls13 ' -kdfopt label:key -kdfopt hexdata: TLS13-KDF >/dev/null 2>&1") != 0) {
		t_skip("tls13_ks_ossl: the openssl command has no TLS13-KDF (OpenSSL 3 has)");
		return;
	}
	ks_ossl_suite(ember_tls13_suite_find(EMBER_TLS13_AES_256_GCM_SHA384));
	ks_ossl_suite(ember_tls13_suite_find(EMBER_TLS13_CHACHA20_POLY1305_SHA256));
}
