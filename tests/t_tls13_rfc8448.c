/*
 * t_tls13_rfc8448.c - Ember's TLS 1.3 client and server replay the
 * published traces of RFC 8448 byte for byte:
 *   tls13_rfc8448_server: section 3 (Simple 1-RTT Handshake). Fed the
 *     trace's ClientHello, with the trace's ephemeral x25519 key, server
 *     random and RSA-PSS salt queued as its randomness (the salt recovered
 *     from the trace's CertificateVerify with the public key), the server
 *     emits the trace's ServerHello record and its whole protected flight
 *     (EncryptedExtensions with the supported_groups, record_size_limit
 *     and empty server_name it shows, Certificate, CertificateVerify,
 *     Finished) byte for byte; its secrets are the trace's; it takes the
 *     trace's client Finished and application data;
 *   tls13_rfc8448_client: section 3 from the client's side: the trace's
 *     server records, fed to a client whose random and x25519 key are the
 *     trace's, give every secret the trace shows (handshake secret, both
 *     handshake and application traffic secrets, master secret), the
 *     client Finished record and the client application_data record byte
 *     for byte, and open the server's application_data record;
 *   tls13_rfc8448_hrr_client: section 5 (HelloRetryRequest, then P-256)
 *     the same way: the client answers the trace's HelloRetryRequest (its
 *     cookie echoed), and with the trace's P-256 key reaches every secret
 *     and the client Finished record of the trace;
 *   tls13_rfc8448_hrr_server: section 5 from the server's side: the
 *     trace's first ClientHello gives the trace's HelloRetryRequest (its
 *     cookie sent as configured), the second gives the ServerHello and the
 *     protected flight byte for byte;
 *   tls13_rfc8448_ext: the extensions Ember gained for the traces
 *     (record_size_limit, the HelloRetryRequest cookie, the config's
 *     ranges) between Ember peers and on bad input.
 *
 * The client's own ClientHello cannot be the trace's (the trace's client
 * offers extensions and codepoints Ember does not implement, in its own
 * order, and no session id), so the client units replace what the client
 * hashed of its ClientHello(s) with the trace's, and its session id with
 * the trace's empty one, before the server's records arrive (the
 * connection is plain data, tls.h). Everything after, the client
 * computes. The other writes into a connection are commented where made:
 * the client's read sequence number moved past the trace's
 * NewSessionTicket (not replayed), and in tls13_rfc8448_ext a server's
 * agreed record_size_limit cleared so that it overflows the client's.
 *
 * The randomness comes from tests/rand_queue.c (test builds only). The
 * trace's certificate (RSA-1024, valid until 2026-07-30) would not pass
 * the chain check (weak key, and expired): the client units run with
 * EMBER_TLS13_NO_VERIFY; the CertificateVerify signature is still checked.
 *
 * Hex: section 3 from rfc8448.h; RFC 8448 section 2's RSA key and
 * section 5's messages, records and secrets below, as the RFC prints them.
 */
#include <stdlib.h>
#include <string.h>

#include "ember/ecc.h"
#include "ember/hash.h"
#include "ember/keys.h"
#include "ember/rsa.h"
#include "ember/tls.h"
#include "rand_queue.h"
#include "rfc8448.h"
#include "test.h"
#include "tlsutil.h"

/* ---- RFC 8448, section 2: the server's RSA key ---- */

static const char *const RSA_N =
    "b4 bb 49 8f 82 79 30 3d 98 08 36 39 9b 36 c6 98 8c 0c 68 de 55 e1 bd b8 26 d3 90 1a 24 61 ea fd 2d e4 9a"
    "91 d0 15 ab bc 9a 95 13 7a ce 6c 1a f1 9e aa 6a f9 8c 7c ed 43 12 09 98 e1 87 a8 0e e0 cc b0 52 4b 1b 01"
    "8c 3e 0b 63 26 4d 44 9a 6d 38 e2 2a 5f da 43 08 46 74 80 30 53 0e f0 46 1c 8c a9 d9 ef bf ae 8e a6 d1 d0"
    "3e 2b d1 93 ef f0 ab 9a 80 02 c4 74 28 a6 d3 5a 8d 88 d7 9f 7f 1e 3f";
static const char *const RSA_E = "01 00 01";
static const char *const RSA_D =
    "04 de a7 05 d4 3a 6e a7 20 9d d8 07 21 11 a8 3c 81 e3 22 a5 92 78 b3 34 80 64 1e af 7c 0a 69 85 b8 e3 1c"
    "44 f6 de 62 e1 b4 c2 30 9f 61 26 e7 7b 7c 41 e9 23 31 4b bf a3 88 13 05 dc 12 17 f1 6c 81 9c e5 38 e9 22"
    "f3 69 82 8d 0e 57 19 5d 8c 84 88 46 02 07 b2 fa a7 26 bc f7 08 bb d7 db 7f 67 9f 89 34 92 fc 2a 62 2e 08"
    "97 0a ac 44 1c e4 e0 c3 08 8d f2 5a e6 79 23 3d f8 a3 bd a2 ff 99 41";
static const char *const RSA_P =
    "e4 35 fb 7c c8 37 37 75 6d ac ea 96 ab 7f 59 a2 cc 10 69 db 7d eb 19 0e 17 e3 3a 53 2b 27 3f 30 a3 27 aa"
    "0a aa bc 58 cd 67 46 6a f9 84 5f ad c6 75 fe 09 4a f9 2c 4b d1 f2 c1 bc 33 dd 2e 05 15";
static const char *const RSA_Q =
    "ca bd 3b c0 e0 43 86 64 c8 d4 cc 9f 99 97 7a 94 d9 bb fe ad 8e 43 87 0a ba e3 f7 eb 8b 4e 0e ee 8a f1 d9"
    "b4 71 9b a6 19 6c f2 cb ba ee eb f8 b3 49 0a fe 9e 9f fa 74 a8 8a a5 1f c6 45 62 93 03";

/* ---- RFC 8448, section 5: HelloRetryRequest ---- */

/* {client} create an ephemeral x25519 key pair: private key */
static const char *const H_CLIENT_X25519_PRIV =
    "0e d0 2f 8e 81 17 ef c7 5c a7 ac 32 aa 7e 34 ed a6 4c dc 0d da d1 54 a5 e8 52 89 f9 59 f6 32 04";
/* {client} send handshake record: the first ClientHello (185 octets) */
static const char *const H_CH1_RECORD =
    "16 03 01 00 b4 01 00 00 b0 03 03 b0 b1 c5 a5 aa 37 c5 91 9f 2e d1 d5 c6 ff f7 fc b7 84 97 16 94 5a 2b 8c"
    "ee 92 58 a3 46 67 7b 6f 00 00 06 13 01 13 03 13 02 01 00 00 81 00 00 00 0b 00 09 00 00 06 73 65 72 76 65"
    "72 ff 01 00 01 00 00 0a 00 08 00 06 00 1d 00 17 00 18 00 33 00 26 00 24 00 1d 00 20 e8 e8 e3 f3 b9 3a 25"
    "ed 97 a1 4a 7d ca cb 8a 27 2c 62 88 e5 85 c6 48 4d 05 26 2f ca d0 62 ad 1f 00 2b 00 03 02 03 04 00 0d 00"
    "20 00 1e 04 03 05 03 06 03 02 03 08 04 08 05 08 06 04 01 05 01 06 01 02 01 04 02 05 02 06 02 02 02 00 2d"
    "00 02 01 01 00 1c 00 02 40 01";
/* {server} send handshake record: the HelloRetryRequest (181 octets) */
static const char *const H_HRR_RECORD =
    "16 03 03 00 b0 02 00 00 ac 03 03 cf 21 ad 74 e5 9a 61 11 be 1d 8c 02 1e 65 b8 91 c2 a2 11 16 7a bb 8c 5e"
    "07 9e 09 e2 c8 a8 33 9c 00 13 01 00 00 84 00 33 00 02 00 17 00 2c 00 74 00 72 71 dc d0 4b b8 8b c3 18 91"
    "19 39 8a 00 00 00 00 ee fa fc 76 c1 46 b8 23 b0 96 f8 aa ca d3 65 dd 00 30 95 3f 4e df 62 56 36 e5 f2 1b"
    "b2 e2 3f cc 65 4b 1b 5b 40 31 8d 10 d1 37 ab cb b8 75 74 e3 6e 8a 1f 02 5f 7d fa 5d 6e 50 78 1b 5e da 4a"
    "a1 5b 0c 8b e7 78 25 7d 16 aa 30 30 e9 e7 84 1d d9 e4 c0 34 22 67 e8 ca 0c af 57 1f b2 b7 cf f0 f9 34 b0"
    "00 2b 00 02 03 04";
/* {client} create an ephemeral P-256 key pair: private key */
static const char *const H_CLIENT_P256_PRIV =
    "ab 54 73 46 7e 19 34 6c eb 0a 04 14 e4 1d a2 1d 4d 24 45 bc 30 25 af e9 7c 4e 8d c8 d5 13 da 39";
/* {client} send handshake record: the second ClientHello (517 octets) */
static const char *const H_CH2_RECORD =
    "16 03 03 02 00 01 00 01 fc 03 03 b0 b1 c5 a5 aa 37 c5 91 9f 2e d1 d5 c6 ff f7 fc b7 84 97 16 94 5a 2b 8c"
    "ee 92 58 a3 46 67 7b 6f 00 00 06 13 01 13 03 13 02 01 00 01 cd 00 00 00 0b 00 09 00 00 06 73 65 72 76 65"
    "72 ff 01 00 01 00 00 0a 00 08 00 06 00 1d 00 17 00 18 00 33 00 47 00 45 00 17 00 41 04 a6 da 73 92 ec 59"
    "1e 17 ab fd 53 59 64 b9 98 94 d1 3b ef b2 21 b3 de f2 eb e3 83 0e ac 8f 01 51 81 26 77 c4 d6 d2 23 7e 85"
    "cf 01 d6 91 0c fb 83 95 4e 76 ba 73 52 83 05 34 15 98 97 e8 06 57 80 00 2b 00 03 02 03 04 00 0d 00 20 00"
    "1e 04 03 05 03 06 03 02 03 08 04 08 05 08 06 04 01 05 01 06 01 02 01 04 02 05 02 06 02 02 02 00 2c 00 74"
    "00 72 71 dc d0 4b b8 8b c3 18 91 19 39 8a 00 00 00 00 ee fa fc 76 c1 46 b8 23 b0 96 f8 aa ca d3 65 dd 00"
    "30 95 3f 4e df 62 56 36 e5 f2 1b b2 e2 3f cc 65 4b 1b 5b 40 31 8d 10 d1 37 ab cb b8 75 74 e3 6e 8a 1f 02"
    "5f 7d fa 5d 6e 50 78 1b 5e da 4a a1 5b 0c 8b e7 78 25 7d 16 aa 30 30 e9 e7 84 1d d9 e4 c0 34 22 67 e8 ca"
    "0c af 57 1f b2 b7 cf f0 f9 34 b0 00 2d 00 02 01 01 00 1c 00 02 40 01 00 15 00 af 00 00 00 00 00 00 00 00"
    "00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00"
    "00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00"
    "00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00"
    "00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00"
    "00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00";
/* {server} create an ephemeral P-256 key pair: private key */
static const char *const H_SERVER_P256_PRIV =
    "8c 51 06 01 f9 76 5b fb 8e d6 93 44 9a 48 98 98 59 b5 cf a8 79 cb 9f 54 43 c4 1c 5f f1 06 34 ed";
/* {server} send handshake record: the ServerHello (128 octets) */
static const char *const H_SH_RECORD =
    "16 03 03 00 7b 02 00 00 77 03 03 bb 34 1d 84 7f d7 89 c4 7c 38 71 72 dc 0c 9b f1 47 fc ca cb 50 43 d8 6c"
    "a4 c5 98 d3 ff 57 1b 98 00 13 01 00 00 4f 00 33 00 45 00 17 00 41 04 58 3e 05 4b 7a 66 67 2a e0 20 ad 9d"
    "26 86 fc c8 5b 5a d4 1a 13 4a 0f 03 ee 72 b8 93 05 2b d8 5b 4c 8d e6 77 6f 5b 04 ac 07 d8 35 40 ea b3 e3"
    "d9 c5 47 bc 65 28 c4 31 7d 29 46 86 09 3a 6c ad 7d 00 2b 00 02 03 04";
/* {server} send handshake record: EncryptedExtensions .. Finished (667 octets) */
static const char *const H_FLIGHT_RECORD =
    "17 03 03 02 96 99 be e2 0b af 5b 7f c7 27 bf ab 62 23 92 8a 38 1e 6d 0c f9 c4 da 65 3f 9d 2a 7b 23 f7 de"
    "11 cc e8 42 d5 cf 75 63 17 63 45 0f fb 8b 0c c1 d2 38 e6 58 af 7a 12 ad c8 62 43 11 4a b1 4a 1d a2 fa e4"
    "26 21 ce 48 3f b6 24 2e ab fa ad 52 56 6b 02 b3 1d 2e dd ed ef eb 80 e6 6a 99 00 d5 f9 73 b4 0c 4f df 74"
    "71 9e cf 1b 68 d7 f9 c3 b6 ce b9 03 ca 13 dd 1b b8 f8 18 7a e3 34 17 e1 d1 52 52 2c 58 22 a1 a0 3a d5 2c"
    "83 8c 55 95 3d 61 02 22 87 4c ce 8e 17 90 b2 29 a2 aa 0b 53 c8 d3 77 ee 72 01 82 95 1d c6 18 1d c5 d9 0b"
    "d1 f0 10 5e d1 e8 4a a5 f7 59 57 c6 66 18 97 07 9e 5e a5 00 74 49 e3 19 7b dc 7c 9b ee ed dd ea fd d8 44"
    "af a5 c3 15 ec fe 65 e5 76 af e9 09 81 28 80 62 0e c7 04 8b 42 d7 f5 c7 8d 76 f2 99 d6 d8 25 34 bd d8 f5"
    "12 fe bc 0e d3 81 4a ca 47 0c d8 00 0d 3e 1c b9 96 2b 05 2f bb 95 0d f6 83 a5 2c 2b a7 7e d3 71 3b 12 29"
    "37 a6 e5 17 09 64 e2 ab 79 69 dc d9 80 b3 db 9b 45 8d a7 60 31 24 d6 dc 00 5e 4d 6e 04 b4 d0 c4 ba f3 27"
    "5d b8 27 db ba 0a 6d b0 96 72 17 1f c0 57 b3 85 1d 7e 02 68 41 e2 97 8f bd 23 46 bb ef dd 03 76 bb 11 08"
    "fe 9a cc 92 18 9f 56 50 aa 5e 85 d8 e8 c7 b6 7a c5 10 db a0 03 d3 d7 e1 63 50 bb 66 d4 50 13 ef d4 4c 9b"
    "60 7c 0d 31 8c 4c 7d 1a 1f 5c bc 57 e2 06 11 80 4e 37 87 d7 b4 a4 b5 f0 8e d8 fd 70 bd ae ad e0 22 60 b1"
    "2a b8 42 ef 69 0b 4a 3e e7 91 1e 84 1b 37 4e cd 5e bb bc 2a 54 d0 47 b6 00 33 6d d7 d0 c8 8b 4b c1 0e 58"
    "ee 6c b6 56 de 72 47 fa 20 d8 e9 1d eb 84 62 86 08 cf 80 61 5b 62 e9 6c 14 91 c7 ac 37 55 eb 69 01 40 5d"
    "34 74 fe 1a c7 9d 10 6a 0c ee 56 c2 57 7f c8 84 80 f9 6c b6 b8 c6 81 b7 b6 8b 53 c1 46 09 39 08 f3 50 88"
    "81 75 bd fb 0b 1e 31 ad 61 e3 0b a0 ad fe 6d 22 3a a0 3c 07 83 b5 00 1a 57 58 7c 32 8a 9a fc fc fb 97 8d"
    "1c d4 32 8f 7d 9d 60 53 0e 63 0b ef d9 6c 0c 81 6e e2 0b 01 00 76 8a e2 a6 df 51 fc 68 f1 72 74 0a 79 af"
    "11 39 8e e3 be 12 52 49 1f a9 c6 93 47 9e 87 7f 94 ab 7c 5f 8c ad 48 02 03 e6 ab 7b 87 dd 71 e8 a0 72 91"
    "13 df 17 f5 ee e8 6c e1 08 d1 d7 20 07 ec 1c d1 3c 85 a6 c1 49 62 1e 77 b7 d7 8d 80 5a 30 f0 be 03 0c 31"
    "5e 54";
/* {client} send handshake record: the client Finished (58 octets) */
static const char *const H_CFIN_RECORD =
    "17 03 03 00 35 d7 4f 19 23 c6 62 fd 34 13 7c 6f 50 2f 3d d2 b9 3d 95 1d 1b 3b c9 7e 42 af e2 3c 31 ab ea"
    "92 fe 91 b4 74 99 9e 85 e3 b7 91 ce 25 2f e8 c3 e9 f9 39 a4 12 0c b2";
#define H_HS_SECRET "ce 02 2e 5e 6e 81 e5 07 36 d7 73 f2 d3 ad fc e8 22 0d 04 9b f5 10 f0 db fa c9 27 ef 42 43 b1 48"
#define H_C_HS_TRAFFIC "15 8a a7 ab 88 55 07 35 82 b4 1d 67 4b 40 55 ca bc c5 34 72 8f 65 93 14 86 1b 4e 08 e2 01 15 66"
#define H_S_HS_TRAFFIC "34 03 e7 81 e2 af 7b 65 08 da 28 57 4f 6e 95 a1 ab f1 62 de 83 a9 79 27 c3 76 72 a4 a0 ce f8 a1"
#define H_S_HS_KEY "46 46 bf ac 17 12 c4 26 cd 78 d8 a2 4a 8a 6f 6b"
#define H_S_HS_IV "c7 d3 95 c0 8d 62 f2 97 d1 37 68 ea"
#define H_MASTER_SECRET "11 31 54 5d 0b af 79 dd ce 9b 87 f0 69 45 78 1a 57 dd 18 ef 37 8d cd 20 60 f8 f9 a5 69 02 7e d8"
#define H_C_AP_TRAFFIC "75 ec f4 b9 72 52 5a a0 dc d0 57 c9 94 4d 4c d5 d8 26 71 d8 84 31 41 d7 dc 2a 4f f1 5a 21 dc 51"
#define H_S_AP_TRAFFIC "5c 74 f8 7d f0 42 25 db 0f 82 09 c9 de 64 29 e4 94 35 fd ef a7 ca d6 18 64 87 4d 12 f3 1c fc 8d"

/* ---- Helpers ---- */

/* Hex with spaces into |out|; the length, 0 on a bad digit or overflow. */
static size_t hx(const char *s, uint8_t *out, size_t cap)
{
	size_t n = 0;
	int hi = -1;

	for (; *s; s++) {
		int v;

		if (*s == ' ')
			continue;
		if (*s >= '0' && *s <= '9')
			v = *s - '0';
		else if (*s >= 'a' && *s <= 'f')
			v = *s - 'a' + 10;
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

typedef struct blob {
	uint8_t b[1024];
	size_t n;
} blob;

static int load(blob *x, const char *hex, size_t want, const char *what)
{
	x->n = hx(hex, x->b, sizeof(x->b));
	return CHECK(x->n == want, "RFC 8448 %s: %zu bytes read, %zu expected", what, x->n, want);
}

static int eqhex(const uint8_t *got, size_t n, const char *want, const char *what)
{
	uint8_t w[64];
	size_t wn = hx(want, w, sizeof(w));

	return CHECK(wn == n && memcmp(got, w, n) == 0, "%s: got %s", what, t_tohex(got, n));
}

/* A record of |type| around a handshake message (the trace's unprotected records). */
static void record_of(blob *r, uint8_t type, uint16_t version, const blob *msg)
{
	r->b[0] = type;
	r->b[1] = (uint8_t)(version >> 8);
	r->b[2] = (uint8_t)version;
	r->b[3] = (uint8_t)(msg->n >> 8);
	r->b[4] = (uint8_t)msg->n;
	memcpy(r->b + 5, msg->b, msg->n);
	r->n = msg->n + 5;
}

/* Feeds a whole record; 1 when all of it was taken and the connection did not fail. */
static int feed(ember_tls13_conn *c, const uint8_t *rec, size_t len, const char *what)
{
	size_t used = 0;
	int ret = ember_tls13_input(c, rec, len, &used);

	return CHECK(ret == 0 && used == len && ember_tls13_state(c) != EMBER_TLS13_FAILED,
	    "%s: input %d, %zu of %zu bytes taken, state %d, alert %d", what, ret, used, len, ember_tls13_state(c),
	    ember_tls13_alert(c, NULL));
}

/* Everything the connection has to send, into |out|. */
static size_t drain(ember_tls13_conn *c, uint8_t *out, size_t cap)
{
	size_t total = 0, n;

	while (ember_tls13_output_pending(c) && total < cap) {
		n = 0;
		if (ember_tls13_output(c, out + total, cap - total, &n) != 0 || n == 0)
			break;
		total += n;
	}
	return total;
}

/* The first index where |a| and |b| differ (n when they do not). */
static size_t diff_at(const uint8_t *a, const uint8_t *b, size_t n)
{
	size_t i;

	for (i = 0; i < n && a[i] == b[i]; i++)
		;
	return i;
}

static int contains(const uint8_t *hay, size_t n, const uint8_t *needle, size_t m)
{
	size_t i;

	for (i = 0; i + m <= n; i++)
		if (memcmp(hay + i, needle, m) == 0)
			return 1;
	return 0;
}

/* The trace's RSA key as an ember_pkey (section 2: n, e, d, p, q; the CRT rest computed). */
static int rsa_key(ember_pkey *k)
{
	static blob n, e, d, p, q;
	ember_rsa_components c;

	memset(k, 0, sizeof(*k));
	memset(&c, 0, sizeof(c));
	if (!load(&n, RSA_N, 128, "modulus") || !load(&e, RSA_E, 3, "public exponent") ||
	    !load(&d, RSA_D, 128, "private exponent") || !load(&p, RSA_P, 64, "prime1") || !load(&q, RSA_Q, 64, "prime2"))
		return 0;
	c.n = n.b, c.n_len = n.n;
	c.e = e.b, c.e_len = e.n;
	c.d = d.b, c.d_len = d.n;
	c.p = p.b, c.p_len = p.n;
	c.q = q.b, c.q_len = q.n;
	k->type = EMBER_PKEY_RSA;
	k->has_private = 1;
	return CHECK(ember_rsa_private_init(&k->u.rsa, &c) == 0, "RFC 8448 RSA key: private_init");
}

/*
 * The salt of an RSA-PSS (SHA-256, MGF1-SHA-256, 32-byte salt) signature:
 * RFC 8017 9.1.2 run on s^e mod n up to the salt. 1 when the encoding is
 * well formed and the salt found.
 */
static int pss_salt(const ember_rsa_public_key *pub, const uint8_t *sig, size_t sig_len, uint8_t salt[32])
{
	const ember_hash_desc *h = ember_hash_find("sha256", NULL);
	uint8_t em[128], mask[128 + 32], in[36];
	size_t db_len = sizeof(em) - 32 - 1, i;
	uint32_t ctr;

	if (!CHECK(h != NULL && sig_len == sizeof(em) && ember_rsa_public_op(pub, em, sig, sig_len) == 0,
	        "PSS salt: public operation") ||
	    !CHECK(em[sizeof(em) - 1] == 0xbc, "PSS salt: no 0xbc trailer"))
		return 0;
	memcpy(in, em + db_len, 32); /* H */
	for (ctr = 0; ctr * 32 < db_len; ctr++) {
		in[32] = (uint8_t)(ctr >> 24), in[33] = (uint8_t)(ctr >> 16), in[34] = (uint8_t)(ctr >> 8), in[35] = (uint8_t)ctr;
		ember_hash(h, mask + 32 * ctr, in, sizeof(in));
	}
	for (i = 0; i < db_len; i++)
		em[i] ^= mask[i];
	em[0] &= 0x7f; /* emBits = 1023 */
	for (i = 0; i < db_len - 32 - 1; i++)
		if (em[i] != 0)
			break;
	if (!CHECK(i == db_len - 32 - 1 && em[i] == 0x01, "PSS salt: DB padding not 00 .. 01 (at %zu)", i))
		return 0;
	memcpy(salt, em + db_len - 32, 32);
	return 1;
}

/* The CertificateVerify's signature inside a handshake flight (EncryptedExtensions ..). */
static int cv_signature(const uint8_t *f, size_t n, const uint8_t **sig, size_t *sig_len)
{
	size_t at = 0;

	while (at + 4 <= n) {
		size_t len = (size_t)f[at + 1] << 16 | (size_t)f[at + 2] << 8 | f[at + 3];

		if (at + 4 + len > n)
			return 0;
		if (f[at] == 15 && len >= 4) { /* CertificateVerify: scheme, length, signature */
			*sig = f + at + 8;
			*sig_len = (size_t)f[at + 6] << 8 | f[at + 7];
			return *sig_len + 4 == len;
		}
		at += 4 + len;
	}
	return 0;
}

static void queue(const char *hex, size_t want, const char *what)
{
	blob b;

	if (load(&b, hex, want, what))
		CHECK(t_rand_queue(b.b, b.n) == 0, "queue %s", what);
}

/* A P-256 private key d queued as FIPS 186-5 A.2.2 draws it: c = d - 1. */
static void queue_p256(const char *hex, const char *what)
{
	blob b;
	size_t i;

	if (!load(&b, hex, 32, what))
		return;
	for (i = 32; i-- > 0;)
		if (b.b[i]--)
			break;
	CHECK(t_rand_queue(b.b, b.n) == 0, "queue %s", what);
}

/* Replaces what the client hashed of its ClientHello(s): |ch1| (and after a HelloRetryRequest, it, |hrr| and |ch2|). */
static void client_transcript(ember_tls13_conn *c, const blob *ch1, const blob *hrr, const blob *ch2)
{
	ember_tls13_transcript_clear(&c->tr);
	ember_tls13_transcript_clear(&c->tr2);
	ember_tls13_transcript_init(&c->tr, ember_hash_find("sha256", NULL));
	ember_tls13_transcript_update(&c->tr, ch1->b, ch1->n);
	if (hrr == NULL) {
		ember_tls13_transcript_init(&c->tr2, ember_hash_find("sha384", NULL));
		ember_tls13_transcript_update(&c->tr2, ch1->b, ch1->n);
		return;
	}
	ember_tls13_transcript_hrr(&c->tr);
	ember_tls13_transcript_update(&c->tr, hrr->b, hrr->n);
	ember_tls13_transcript_update(&c->tr, ch2->b, ch2->n);
}

/* The supported_groups of the server's EncryptedExtensions: section 3's, section 5's. */
static const uint16_t ee_groups[] = { 0x001d, 0x0017, 0x0018, 0x0019, 0x0100, 0x0101, 0x0102, 0x0103, 0x0104 };
static const uint16_t ee_groups5[] = { 0x0017, 0x0018, 0x001d };

/* The payload of both application_data records of section 3: 00 01 .. 31. */
static void payload50(uint8_t p[50])
{
	size_t i;

	for (i = 0; i < 50; i++)
		p[i] = (uint8_t)i;
}

/* ---- Section 3, the server ---- */

EMBER_TEST(tls13_rfc8448_server)
{
	static uint8_t buf[EMBER_TLS13_CONN_BUF], out[4096];
	static blob ch, sh, ee, cert, cv, sfin, flight, chrec, want, cfin, app;
	ember_tls13_config cfg;
	ember_tls13_conn s;
	ember_pkey key;
	const uint8_t *chain[1], *sig = NULL;
	size_t chain_lens[1], n, sig_len = 0;
	uint8_t salt[32], got[64], pay[50];

	if (!load(&ch, CLIENT_HELLO, 196, "ClientHello") || !load(&sh, SERVER_HELLO, 90, "ServerHello") ||
	    !load(&ee, ENCRYPTED_EXTENSIONS, 40, "EncryptedExtensions") || !load(&cert, CERTIFICATE, 445, "Certificate") ||
	    !load(&cv, CERTIFICATE_VERIFY, 136, "CertificateVerify") || !load(&sfin, SERVER_FINISHED, 36, "Finished") ||
	    !load(&flight, SERVER_FLIGHT_RECORD, 679, "server flight record") ||
	    !load(&cfin, CLIENT_FINISHED_RECORD, 58, "client Finished record") ||
	    !load(&app, CLIENT_APP_RECORD, 72, "client application_data record") || !rsa_key(&key))
		return;
	/* the salt the trace's signer drew: in its CertificateVerify, recovered with the public key */
	if (!CHECK(cv_signature(cv.b, cv.n, &sig, &sig_len), "CertificateVerify: no signature") ||
	    !pss_salt(&key.u.rsa.pub, sig, sig_len, salt))
		return;

	memset(&cfg, 0, sizeof(cfg));
	chain[0] = cert.b + 11; /* the Certificate message: header, context, list length, entry length */
	chain_lens[0] = 432;
	cfg.chain = chain;
	cfg.chain_lens = chain_lens;
	cfg.n_chain = 1;
	cfg.key = &key;
	cfg.ee_groups = ee_groups;
	cfg.n_ee_groups = sizeof(ee_groups) / sizeof(ee_groups[0]);
	cfg.record_size_limit = 0x4001;
	cfg.flags = EMBER_TLS13_SNI_ACK;
	if (!CHECK(ember_tls13_server_init(&s, &cfg, buf, sizeof(buf)) == 0, "server_init"))
		goto done;
	/* the server's draws, in its order: x25519 private key, ServerHello.random, the PSS salt */
	t_rand_flush();
	queue(SERVER_PRIV, 32, "server x25519 private key");
	CHECK(t_rand_queue(sh.b + 6, 32) == 0, "queue server random");
	CHECK(t_rand_queue(salt, 32) == 0, "queue salt");

	record_of(&chrec, EMBER_TLS_CT_HANDSHAKE, 0x0301, &ch);
	if (!feed(&s, chrec.b, chrec.n, "server: the trace's ClientHello"))
		goto done;
	CHECK(t_rand_queued() == 0, "server: %zu queued random bytes not drawn", t_rand_queued());
	n = drain(&s, out, sizeof(out));
	record_of(&want, EMBER_TLS_CT_HANDSHAKE, 0x0303, &sh);
	memcpy(want.b + want.n, flight.b, flight.n);
	want.n += flight.n;
	CHECK(n == want.n && memcmp(out, want.b, n) == 0,
	    "server: ServerHello record and protected flight differ from RFC 8448 section 3: %zu bytes (%zu expected), "
	    "first difference at byte %zu",
	    n, want.n, diff_at(out, want.b, n < want.n ? n : want.n));
	/* the secrets it holds now: master, the client's handshake and application traffic secrets, its own */
	CHECK(s.ks.stage == EMBER_TLS13_STAGE_MASTER, "server: key schedule stage %d", s.ks.stage);
	eqhex(s.ks.secret, 32, MASTER_SECRET, "server: master secret");
	eqhex(s.c_hs, 32, C_HS_TRAFFIC, "server: c hs traffic");
	eqhex(s.rd.t13.secret, 32, C_HS_TRAFFIC, "server: read key's secret (c hs traffic)");
	eqhex(s.ap_secret, 32, C_AP_TRAFFIC, "server: c ap traffic");
	eqhex(s.wr.t13.secret, 32, S_AP_TRAFFIC, "server: write key's secret after the flight (s ap traffic)");

	/* the trace's client Finished, then its application data */
	if (!feed(&s, cfin.b, cfin.n, "server: the trace's client Finished"))
		goto done;
	CHECK(ember_tls13_state(&s) == EMBER_TLS13_CONNECTED, "server: state %d after the client Finished",
	    ember_tls13_state(&s));
	eqhex(s.rd.t13.secret, 32, C_AP_TRAFFIC, "server: read key's secret after the client Finished (c ap traffic)");
	if (feed(&s, app.b, app.n, "server: the trace's client application_data")) {
		payload50(pay);
		n = 0;
		ember_tls13_read(&s, got, sizeof(got), &n);
		CHECK(n == 50 && memcmp(got, pay, 50) == 0, "server: application data read: %zu bytes", n);
	}
done:
	t_rand_flush();
	ember_tls13_conn_clear(&s);
	ember_pkey_clear(&key);
}

/* ---- Section 3, the client ---- */

EMBER_TEST(tls13_rfc8448_client)
{
	static uint8_t buf[EMBER_TLS13_CONN_BUF], out[4096];
	static blob ch, sh, shrec, flight, cfin, capp, sapp, pub;
	ember_tls13_config cfg;
	ember_tls13_conn c;
	uint8_t zero[32] = { 0 }, pay[50], got[64];
	size_t n;

	if (!load(&ch, CLIENT_HELLO, 196, "ClientHello") || !load(&sh, SERVER_HELLO, 90, "ServerHello") ||
	    !load(&flight, SERVER_FLIGHT_RECORD, 679, "server flight record") ||
	    !load(&cfin, CLIENT_FINISHED_RECORD, 58, "client Finished record") ||
	    !load(&capp, CLIENT_APP_RECORD, 72, "client application_data record") ||
	    !load(&sapp, SERVER_APP_RECORD, 72, "server application_data record") ||
	    !load(&pub, CLIENT_PUB, 32, "client public key"))
		return;
	memset(&cfg, 0, sizeof(cfg));
	cfg.server_name = "server";
	cfg.flags = EMBER_TLS13_NO_VERIFY; /* RSA-1024, expired 2026-07-30: see the top of the file */
	cfg.record_size_limit = 0x4001;
	/* the client's draws: ClientHello.random, its session id (the trace has none: any), x25519 key */
	t_rand_flush();
	CHECK(t_rand_queue(ch.b + 6, 32) == 0 && t_rand_queue(zero, 32) == 0, "queue random");
	queue(CLIENT_PRIV, 32, "client x25519 private key");
	if (!CHECK(ember_tls13_client_init(&c, &cfg, buf, sizeof(buf)) == 0, "client_init"))
		goto done;
	CHECK(t_rand_queued() == 0, "client: %zu queued random bytes not drawn", t_rand_queued());
	n = drain(&c, out, sizeof(out));
	CHECK(n > 0 && contains(out, n, ch.b + 6, 32) && contains(out, n, pub.b, 32),
	    "client: its ClientHello does not carry the trace's random and x25519 public key");
	/* what the trace's client sent and hashed: its ClientHello, no session id */
	c.sid_len = 0;
	client_transcript(&c, &ch, NULL, NULL);

	record_of(&shrec, EMBER_TLS_CT_HANDSHAKE, 0x0303, &sh);
	if (!feed(&c, shrec.b, shrec.n, "client: the trace's ServerHello"))
		goto done;
	CHECK(c.ks.stage == EMBER_TLS13_STAGE_HANDSHAKE, "client: key schedule stage %d", c.ks.stage);
	eqhex(c.ks.secret, 32, HS_SECRET, "client: handshake secret");
	eqhex(c.c_hs, 32, C_HS_TRAFFIC, "client: c hs traffic");
	eqhex(c.s_hs, 32, S_HS_TRAFFIC, "client: s hs traffic");
	if (!feed(&c, flight.b, flight.n, "client: the trace's server flight"))
		goto done;
	CHECK(ember_tls13_state(&c) == EMBER_TLS13_CONNECTED, "client: state %d", ember_tls13_state(&c));
	CHECK(c.sig_scheme == EMBER_TLS_SIG_RSA_PSS_RSAE_SHA256 && c.peer_rsl == 0x4001,
	    "client: signature scheme %04x, record_size_limit %u", c.sig_scheme, c.peer_rsl);
	eqhex(c.ks.secret, 32, MASTER_SECRET, "client: master secret");
	eqhex(c.rd.t13.secret, 32, S_AP_TRAFFIC, "client: read key's secret (s ap traffic)");
	eqhex(c.wr_next, 32, C_AP_TRAFFIC, "client: c ap traffic, waiting for its Finished to leave");
	n = drain(&c, out, sizeof(out));
	CHECK(n == cfin.n && memcmp(out, cfin.b, n) == 0, "client: its Finished record differs from the trace's: %s",
	    t_tohex(out, n));
	eqhex(c.wr.t13.secret, 32, C_AP_TRAFFIC, "client: write key's secret after its Finished (c ap traffic)");

	/* application data: the trace's client record, byte for byte */
	payload50(pay);
	n = 0;
	CHECK(ember_tls13_write(&c, out, sizeof(out), &n, pay, 50) == 0 && n == capp.n && memcmp(out, capp.b, n) == 0,
	    "client: application_data record differs from the trace's: %s", t_tohex(out, n));
	/* the server's: its NewSessionTicket (not replayed here) took sequence number 0 */
	c.rd.t13.seq = 1;
	if (feed(&c, sapp.b, sapp.n, "client: the trace's server application_data")) {
		n = 0;
		ember_tls13_read(&c, got, sizeof(got), &n);
		CHECK(n == 50 && memcmp(got, pay, 50) == 0, "client: application data read: %zu bytes", n);
	}
done:
	t_rand_flush();
	ember_tls13_conn_clear(&c);
}

/* ---- Section 5, the client ---- */

EMBER_TEST(tls13_rfc8448_hrr_client)
{
	static uint8_t buf[EMBER_TLS13_CONN_BUF], out[4096];
	static blob ch1rec, hrrrec, ch2rec, shrec, flight, cfin, ch1, hrr, ch2;
	ember_tls13_config cfg;
	ember_tls13_conn c;
	uint8_t zero[32] = { 0 };
	size_t n;

	if (!load(&ch1rec, H_CH1_RECORD, 185, "section 5 ClientHello1 record") ||
	    !load(&hrrrec, H_HRR_RECORD, 181, "section 5 HelloRetryRequest record") ||
	    !load(&ch2rec, H_CH2_RECORD, 517, "section 5 ClientHello2 record") ||
	    !load(&shrec, H_SH_RECORD, 128, "section 5 ServerHello record") ||
	    !load(&flight, H_FLIGHT_RECORD, 667, "section 5 server flight record") ||
	    !load(&cfin, H_CFIN_RECORD, 58, "section 5 client Finished record"))
		return;
	ch1.n = ch1rec.n - 5, memcpy(ch1.b, ch1rec.b + 5, ch1.n);
	hrr.n = hrrrec.n - 5, memcpy(hrr.b, hrrrec.b + 5, hrr.n);
	ch2.n = ch2rec.n - 5, memcpy(ch2.b, ch2rec.b + 5, ch2.n);

	memset(&cfg, 0, sizeof(cfg));
	cfg.server_name = "server";
	cfg.flags = EMBER_TLS13_NO_VERIFY;
	cfg.record_size_limit = 0x4001;
	t_rand_flush();
	CHECK(t_rand_queue(ch1.b + 6, 32) == 0 && t_rand_queue(zero, 32) == 0, "queue random");
	queue(H_CLIENT_X25519_PRIV, 32, "section 5 client x25519 private key");
	if (!CHECK(ember_tls13_client_init(&c, &cfg, buf, sizeof(buf)) == 0, "client_init"))
		goto done;
	drain(&c, out, sizeof(out));
	c.sid_len = 0;
	client_transcript(&c, &ch1, NULL, NULL);

	/* the HelloRetryRequest asks for P-256: the second share is the trace's key */
	queue_p256(H_CLIENT_P256_PRIV, "section 5 client P-256 private key");
	if (!feed(&c, hrrrec.b, hrrrec.n, "client: the trace's HelloRetryRequest"))
		goto done;
	CHECK(t_rand_queued() == 0, "client: %zu queued random bytes not drawn", t_rand_queued());
	n = drain(&c, out, sizeof(out));
	/* its second ClientHello echoes the cookie (2c 00 74 00 72 ..) and carries the trace's P-256 share */
	CHECK(n > 0 && contains(out, n, hrr.b + 50, 0x74 + 4), "client: the cookie is not echoed");
	CHECK(contains(out, n, ch2.b + 93, 65), "client: its P-256 share is not the trace's");
	client_transcript(&c, &ch1, &hrr, &ch2);

	if (!feed(&c, shrec.b, shrec.n, "client: the trace's ServerHello"))
		goto done;
	CHECK(c.group == EMBER_TLS_GROUP_SECP256R1 && c.hrr, "client: group %04x, hrr %d", c.group, c.hrr);
	eqhex(c.ks.secret, 32, H_HS_SECRET, "client: handshake secret");
	eqhex(c.c_hs, 32, H_C_HS_TRAFFIC, "client: c hs traffic");
	eqhex(c.s_hs, 32, H_S_HS_TRAFFIC, "client: s hs traffic");
	if (!feed(&c, flight.b, flight.n, "client: the trace's server flight"))
		goto done;
	CHECK(ember_tls13_state(&c) == EMBER_TLS13_CONNECTED, "client: state %d", ember_tls13_state(&c));
	eqhex(c.ks.secret, 32, H_MASTER_SECRET, "client: master secret");
	eqhex(c.rd.t13.secret, 32, H_S_AP_TRAFFIC, "client: s ap traffic");
	eqhex(c.wr_next, 32, H_C_AP_TRAFFIC, "client: c ap traffic");
	n = drain(&c, out, sizeof(out));
	CHECK(n == cfin.n && memcmp(out, cfin.b, n) == 0, "client: its Finished record differs from the trace's: %s",
	    t_tohex(out, n));
done:
	t_rand_flush();
	ember_tls13_conn_clear(&c);
}

/* ---- Section 5, the server ---- */

EMBER_TEST(tls13_rfc8448_hrr_server)
{
	static uint8_t buf[EMBER_TLS13_CONN_BUF], out[4096], plain[1024];
	static blob ch1rec, hrrrec, ch2rec, shrec, flight, cfin, cert3, want;
	const ember_tls13_suite *suite = ember_tls13_suite_find(0x1301);
	static const uint16_t groups[] = { EMBER_TLS_GROUP_SECP256R1 };
	ember_tls13_config cfg;
	ember_tls13_record r;
	ember_tls13_conn s;
	ember_pkey key;
	const uint8_t *chain[1], *sig = NULL;
	size_t chain_lens[1], n, plen = 0, sig_len = 0;
	uint8_t salt[32], k[16], iv[12], type = 0;
	int alert = 0;

	if (!load(&ch1rec, H_CH1_RECORD, 185, "section 5 ClientHello1 record") ||
	    !load(&hrrrec, H_HRR_RECORD, 181, "section 5 HelloRetryRequest record") ||
	    !load(&ch2rec, H_CH2_RECORD, 517, "section 5 ClientHello2 record") ||
	    !load(&shrec, H_SH_RECORD, 128, "section 5 ServerHello record") ||
	    !load(&flight, H_FLIGHT_RECORD, 667, "section 5 server flight record") ||
	    !load(&cfin, H_CFIN_RECORD, 58, "section 5 client Finished record") ||
	    !load(&cert3, CERTIFICATE, 445, "Certificate") || !rsa_key(&key))
		return;
	/* the trace's flight, opened with its server handshake key: the salt in its CertificateVerify */
	hx(H_S_HS_KEY, k, sizeof(k));
	hx(H_S_HS_IV, iv, sizeof(iv));
	if (!CHECK(suite && ember_tls13_record_init_keys(&r, suite, NULL, k, 16, iv) == 0 &&
	            ember_tls13_record_unprotect(&r, plain, sizeof(plain), flight.b, flight.n, &type, &plen, &alert) == 0,
	        "section 5 server flight: unprotect (alert %d)", alert) ||
	    !CHECK(cv_signature(plain, plen, &sig, &sig_len), "section 5: no CertificateVerify") ||
	    !pss_salt(&key.u.rsa.pub, sig, sig_len, salt)) {
		ember_pkey_clear(&key);
		return;
	}
	ember_tls13_record_clear(&r);

	memset(&cfg, 0, sizeof(cfg));
	chain[0] = cert3.b + 11;
	chain_lens[0] = 432;
	cfg.chain = chain;
	cfg.chain_lens = chain_lens;
	cfg.n_chain = 1;
	cfg.key = &key;
	cfg.groups = groups; /* no x25519: the trace's first ClientHello gets a HelloRetryRequest for P-256 */
	cfg.n_groups = 1;
	cfg.ee_groups = ee_groups5;
	cfg.n_ee_groups = sizeof(ee_groups5) / sizeof(ee_groups5[0]);
	cfg.record_size_limit = 0x4001;
	cfg.flags = EMBER_TLS13_SNI_ACK;
	cfg.hrr_cookie = hrrrec.b + 5 + 56; /* the trace's server sent this cookie: 0x72 bytes */
	cfg.hrr_cookie_len = 0x72;
	if (!CHECK(ember_tls13_server_init(&s, &cfg, buf, sizeof(buf)) == 0, "server_init"))
		goto done;
	t_rand_flush();
	if (!feed(&s, ch1rec.b, ch1rec.n, "server: the trace's first ClientHello"))
		goto done;
	n = drain(&s, out, sizeof(out));
	CHECK(n == hrrrec.n && memcmp(out, hrrrec.b, n) == 0,
	    "server: HelloRetryRequest record differs from RFC 8448 section 5: %zu bytes (%zu expected), first difference "
	    "at byte %zu",
	    n, hrrrec.n, diff_at(out, hrrrec.b, n < hrrrec.n ? n : hrrrec.n));
	/* the second ClientHello: P-256 key, ServerHello.random, PSS salt */
	queue_p256(H_SERVER_P256_PRIV, "section 5 server P-256 private key");
	CHECK(t_rand_queue(shrec.b + 11, 32) == 0 && t_rand_queue(salt, 32) == 0, "queue random, salt");
	if (!feed(&s, ch2rec.b, ch2rec.n, "server: the trace's second ClientHello"))
		goto done;
	CHECK(t_rand_queued() == 0, "server: %zu queued random bytes not drawn", t_rand_queued());
	n = drain(&s, out, sizeof(out));
	memcpy(want.b, shrec.b, shrec.n);
	memcpy(want.b + shrec.n, flight.b, flight.n);
	want.n = shrec.n + flight.n;
	CHECK(n == want.n && memcmp(out, want.b, n) == 0,
	    "server: ServerHello record and protected flight differ from RFC 8448 section 5: %zu bytes (%zu expected), "
	    "first difference at byte %zu",
	    n, want.n, diff_at(out, want.b, n < want.n ? n : want.n));
	eqhex(s.ks.secret, 32, H_MASTER_SECRET, "server: master secret");
	eqhex(s.c_hs, 32, H_C_HS_TRAFFIC, "server: c hs traffic");
	eqhex(s.ap_secret, 32, H_C_AP_TRAFFIC, "server: c ap traffic");
	eqhex(s.wr.t13.secret, 32, H_S_AP_TRAFFIC, "server: s ap traffic");
	if (feed(&s, cfin.b, cfin.n, "server: the trace's client Finished"))
		CHECK(ember_tls13_state(&s) == EMBER_TLS13_CONNECTED, "server: state %d", ember_tls13_state(&s));
done:
	t_rand_flush();
	ember_tls13_conn_clear(&s);
	ember_pkey_clear(&key);
}

/* ---- The extensions the traces needed, against an Ember peer and bad input ---- */

/* The largest protected record (length field) in |p|'s records, from byte |from|. */
static size_t largest_protected(const tt_pipe *p, size_t from)
{
	size_t at = from, big = 0;

	while (at + 5 <= p->len) {
		size_t len = (size_t)p->buf[at + 3] << 8 | p->buf[at + 4];

		if (p->buf[at] == EMBER_TLS_CT_APPLICATION_DATA && len > big)
			big = len;
		at += 5 + len;
	}
	return big;
}

/* Runs a client and a server until neither moves; the largest protected record each sent. */
static void run_pair(ember_tls13_conn *c, ember_tls13_conn *s, tt_pipe *c2s, tt_pipe *s2c, size_t *cbig, size_t *sbig)
{
	int rounds;

	for (rounds = 0; rounds < 100000; rounds++) {
		size_t moved, b;

		moved = tt_pull(c, c2s, 0);
		b = largest_protected(c2s, 0);
		*cbig = b > *cbig ? b : *cbig;
		moved += tt_push(s, c2s, 0);
		moved += tt_pull(s, s2c, 0);
		b = largest_protected(s2c, 0);
		*sbig = b > *sbig ? b : *sbig;
		moved += tt_push(c, s2c, 0);
		if (moved == 0)
			break;
	}
}

/*
 * tls13_rfc8448_ext: what Ember gained to replay the traces, on its own:
 * record_size_limit between an Ember client and server (each side's
 * protected records, handshake flight and data, within the other's limit;
 * a record over its own limit ends the connection with record_overflow);
 * the configuration refused out of range; a record_size_limit under 64
 * from a client (illegal_parameter); a HelloRetryRequest cookie changed in
 * the second ClientHello (illegal_parameter); a client that did not offer
 * record_size_limit refusing it in EncryptedExtensions
 * (unsupported_extension).
 */
EMBER_TEST(tls13_rfc8448_ext)
{
	static uint8_t cbuf[EMBER_TLS13_CONN_BUF], sbuf[EMBER_TLS13_CONN_BUF], data[1000], got[1000];
	static tt_pipe c2s, s2c;
	static blob ch, chrec, ch1rec, ch2rec, hrrrec, sh, flight;
	const uint8_t *chain[1];
	size_t chain_lens[1], cbig = 0, sbig = 0, n = 0, total, i;
	ember_tls13_config ccfg, scfg;
	ember_tls13_conn c, s;
	ember_pkey key;
	int from_peer = 0;

	if (!tt_make_pki())
		return;
	memset(&ccfg, 0, sizeof(ccfg));
	memset(&scfg, 0, sizeof(scfg));
	ccfg.flags = EMBER_TLS13_NO_VERIFY;
	ccfg.record_size_limit = 64;
	chain[0] = tt_pki.leaf[K_P256];
	chain_lens[0] = tt_pki.leaf_len[K_P256];
	scfg.chain = chain;
	scfg.chain_lens = chain_lens;
	scfg.n_chain = 1;
	scfg.key = &tt_pki.key[K_P256];
	scfg.record_size_limit = 100;

	/* the configuration's ranges */
	scfg.record_size_limit = 63;
	CHECK(ember_tls13_server_init(&s, &scfg, sbuf, sizeof(sbuf)) == EMBER_EINVAL, "record_size_limit 63 accepted");
	scfg.record_size_limit = EMBER_TLS_MAX_PLAINTEXT + 2;
	CHECK(ember_tls13_server_init(&s, &scfg, sbuf, sizeof(sbuf)) == EMBER_EINVAL, "record_size_limit 2^14 + 2 accepted");
	scfg.record_size_limit = 100;
	scfg.hrr_cookie = data;
	scfg.hrr_cookie_len = EMBER_TLS13_MAX_COOKIE + 1;
	CHECK(ember_tls13_server_init(&s, &scfg, sbuf, sizeof(sbuf)) == EMBER_EINVAL, "a cookie too long accepted");
	scfg.hrr_cookie_len = 0;
	CHECK(ember_tls13_server_init(&s, &scfg, sbuf, sizeof(sbuf)) == EMBER_EINVAL, "an empty cookie accepted");
	scfg.hrr_cookie = NULL;
	scfg.ee_groups = ee_groups;
	CHECK(ember_tls13_server_init(&s, &scfg, sbuf, sizeof(sbuf)) == EMBER_EINVAL, "an empty ee_groups accepted");
	scfg.ee_groups = NULL;

	/* both limits in force: every protected record within the peer's limit, data intact */
	c2s.len = s2c.len = 0;
	if (CHECK(ember_tls13_client_init(&c, &ccfg, cbuf, sizeof(cbuf)) == 0 &&
	            ember_tls13_server_init(&s, &scfg, sbuf, sizeof(sbuf)) == 0,
	        "init")) {
		run_pair(&c, &s, &c2s, &s2c, &cbig, &sbig);
		if (CHECK(ember_tls13_state(&c) == EMBER_TLS13_CONNECTED && ember_tls13_state(&s) == EMBER_TLS13_CONNECTED,
		        "record_size_limit: not connected (client alert %d, server alert %d)", ember_tls13_alert(&c, NULL),
		        ember_tls13_alert(&s, NULL))) {
			CHECK(c.peer_rsl == 100 && c.own_rsl == 64 && s.peer_rsl == 64 && s.own_rsl == 100,
			    "limits in force: client %u/%u server %u/%u", c.peer_rsl, c.own_rsl, s.peer_rsl, s.own_rsl);
			for (i = 0; i < sizeof(data); i++)
				data[i] = (uint8_t)(i * 7);
			CHECK(ember_tls13_write(&s, s2c.buf + s2c.len, sizeof(s2c.buf) - s2c.len, &n, data, sizeof(data)) == 0,
			    "server write");
			s2c.len += n;
			n = 0;
			CHECK(ember_tls13_write(&c, c2s.buf + c2s.len, sizeof(c2s.buf) - c2s.len, &n, data, sizeof(data)) == 0,
			    "client write");
			c2s.len += n;
			cbig = largest_protected(&c2s, 0) > cbig ? largest_protected(&c2s, 0) : cbig;
			sbig = largest_protected(&s2c, 0) > sbig ? largest_protected(&s2c, 0) : sbig;
			CHECK(sbig == 64 + EMBER_TLS13_TAG_LEN && cbig == 100 + EMBER_TLS13_TAG_LEN,
			    "largest protected records: server %zu (limit 64 + 16), client %zu (limit 100 + 16)", sbig, cbig);
			for (total = 0, i = 0; i < 100 && total < sizeof(got); i++) {
				tt_push(&c, &s2c, 0);
				n = 0;
				ember_tls13_read(&c, got + total, sizeof(got) - total, &n);
				total += n;
			}
			CHECK(total == sizeof(data) && memcmp(got, data, total) == 0, "client read %zu of %zu bytes", total,
			    sizeof(data));
			/* a server that forgets the client's limit: its next record is refused */
			s.peer_rsl = 0;
			n = 0;
			CHECK(ember_tls13_write(&s, s2c.buf + s2c.len, sizeof(s2c.buf) - s2c.len, &n, data, 200) == 0, "write");
			s2c.len += n;
			tt_push(&c, &s2c, 0);
			CHECK(ember_tls13_state(&c) == EMBER_TLS13_FAILED &&
			        ember_tls13_alert(&c, &from_peer) == EMBER_TLS_ALERT_RECORD_OVERFLOW && !from_peer,
			    "a record over the client's limit: state %d alert %d", ember_tls13_state(&c), ember_tls13_alert(&c, NULL));
		}
	}
	ember_tls13_conn_clear(&c);
	ember_tls13_conn_clear(&s);

	/* a client's record_size_limit under 64: the trace's ClientHello with 63 */
	if (load(&ch, CLIENT_HELLO, 196, "ClientHello") && rsa_key(&key)) {
		memset(&scfg, 0, sizeof(scfg));
		chain[0] = tt_pki.leaf[K_RSA];
		chain_lens[0] = tt_pki.leaf_len[K_RSA];
		scfg.chain = chain;
		scfg.chain_lens = chain_lens;
		scfg.n_chain = 1;
		scfg.key = &key;
		scfg.record_size_limit = 0x4001;
		CHECK(ch.b[ch.n - 2] == 0x40 && ch.b[ch.n - 1] == 0x01, "the trace's ClientHello ends with record_size_limit");
		ch.b[ch.n - 2] = 0;
		ch.b[ch.n - 1] = 63;
		record_of(&chrec, EMBER_TLS_CT_HANDSHAKE, 0x0301, &ch);
		if (CHECK(ember_tls13_server_init(&s, &scfg, sbuf, sizeof(sbuf)) == 0, "server_init")) {
			ember_tls13_input(&s, chrec.b, chrec.n, &n);
			CHECK(ember_tls13_state(&s) == EMBER_TLS13_FAILED &&
			        ember_tls13_alert(&s, NULL) == EMBER_TLS_ALERT_ILLEGAL_PARAMETER,
			    "record_size_limit 63: state %d alert %d", ember_tls13_state(&s), ember_tls13_alert(&s, NULL));
		}
		ember_tls13_conn_clear(&s);

		/* section 5's second ClientHello with one byte of the cookie changed */
		if (load(&ch1rec, H_CH1_RECORD, 185, "ClientHello1") && load(&hrrrec, H_HRR_RECORD, 181, "HRR") &&
		    load(&ch2rec, H_CH2_RECORD, 517, "ClientHello2")) {
			static const uint16_t p256[] = { EMBER_TLS_GROUP_SECP256R1 };

			scfg.groups = p256;
			scfg.n_groups = 1;
			scfg.hrr_cookie = hrrrec.b + 5 + 56;
			scfg.hrr_cookie_len = 0x72;
			ch2rec.b[5 + 217] ^= 1; /* inside the cookie the second ClientHello echoes (207 .. 320) */
			if (CHECK(ember_tls13_server_init(&s, &scfg, sbuf, sizeof(sbuf)) == 0, "server_init") &&
			    feed(&s, ch1rec.b, ch1rec.n, "cookie: ClientHello1")) {
				drain(&s, got, sizeof(got));
				ember_tls13_input(&s, ch2rec.b, ch2rec.n, &n);
				CHECK(ember_tls13_state(&s) == EMBER_TLS13_FAILED &&
				        ember_tls13_alert(&s, NULL) == EMBER_TLS_ALERT_ILLEGAL_PARAMETER,
				    "cookie changed: state %d alert %d", ember_tls13_state(&s), ember_tls13_alert(&s, NULL));
			}
			ember_tls13_conn_clear(&s);
		}
		ember_pkey_clear(&key);
	}

	/* a client that did not offer record_size_limit, given section 3's EncryptedExtensions */
	if (load(&ch, CLIENT_HELLO, 196, "ClientHello") && load(&sh, SERVER_HELLO, 90, "ServerHello") &&
	    load(&flight, SERVER_FLIGHT_RECORD, 679, "server flight")) {
		uint8_t zero[32] = { 0 };

		memset(&ccfg, 0, sizeof(ccfg));
		ccfg.server_name = "server";
		ccfg.flags = EMBER_TLS13_NO_VERIFY;
		t_rand_flush();
		t_rand_queue(ch.b + 6, 32);
		t_rand_queue(zero, 32);
		queue(CLIENT_PRIV, 32, "client x25519 private key");
		if (CHECK(ember_tls13_client_init(&c, &ccfg, cbuf, sizeof(cbuf)) == 0, "client_init")) {
			drain(&c, got, sizeof(got));
			c.sid_len = 0;
			client_transcript(&c, &ch, NULL, NULL);
			record_of(&chrec, EMBER_TLS_CT_HANDSHAKE, 0x0303, &sh);
			if (feed(&c, chrec.b, chrec.n, "ServerHello")) {
				ember_tls13_input(&c, flight.b, flight.n, &n);
				CHECK(ember_tls13_state(&c) == EMBER_TLS13_FAILED &&
				        ember_tls13_alert(&c, NULL) == EMBER_TLS_ALERT_UNSUPPORTED_EXTENSION,
				    "record_size_limit not offered: state %d alert %d", ember_tls13_state(&c),
				    ember_tls13_alert(&c, NULL));
			}
		}
		t_rand_flush();
		ember_tls13_conn_clear(&c);
	}
}
