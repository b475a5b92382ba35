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
 * The hex below is quoted from RFC 8448, section 3.
 */
#include <stdlib.h>
#include <string.h>

#include "ember/hash.h"
#include "ember/tls.h"
#include "ember/x25519.h"
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

/* ---- RFC 8448, section 3 ---- */

static const char *const CLIENT_PRIV =
    "49 af 42 ba 7f 79 94 85 2d 71 3e f2 78 4b cb ca a7 91 1d e2 6a dc 56 42 cb 63 45 40 e7 ea 50 05";
static const char *const CLIENT_PUB =
    "99 38 1d e5 60 e4 bd 43 d2 3d 8e 43 5a 7d ba fe b3 c0 6e 51 c1 3c ae 4d 54 13 69 1e 52 9a af 2c";
static const char *const SERVER_PRIV =
    "b1 58 0e ea df 6d d5 89 b8 ef 4f 2d 56 52 57 8c c8 10 e9 98 01 91 ec 8d 05 83 08 ce a2 16 a2 1e";
static const char *const SERVER_PUB =
    "c9 82 88 76 11 20 95 fe 66 76 2b db f7 c6 72 e1 56 d6 cc 25 3b 83 3d f1 dd 69 b1 b0 4e 75 1f 0f";

static const char *const CLIENT_HELLO =
    "01 00 00 c0 03 03 cb 34 ec b1 e7 81 63 ba 1c 38 c6 da cb 19 6a 6d ff a2 1a 8d 99 12 ec 18 a2 ef 62 83"
    "02 4d ec e7 00 00 06 13 01 13 03 13 02 01 00 00 91 00 00 00 0b 00 09 00 00 06 73 65 72 76 65 72 ff 01"
    "00 01 00 00 0a 00 14 00 12 00 1d 00 17 00 18 00 19 01 00 01 01 01 02 01 03 01 04 00 23 00 00 00 33 00"
    "26 00 24 00 1d 00 20 99 38 1d e5 60 e4 bd 43 d2 3d 8e 43 5a 7d ba fe b3 c0 6e 51 c1 3c ae 4d 54 13 69"
    "1e 52 9a af 2c 00 2b 00 03 02 03 04 00 0d 00 20 00 1e 04 03 05 03 06 03 02 03 08 04 08 05 08 06 04 01"
    "05 01 06 01 02 01 04 02 05 02 06 02 02 02 00 2d 00 02 01 01 00 1c 00 02 40 01";
static const char *const SERVER_HELLO =
    "02 00 00 56 03 03 a6 af 06 a4 12 18 60 dc 5e 6e 60 24 9c d3 4c 95 93 0c 8a c5 cb 14 34 da c1 55 77 2e"
    "d3 e2 69 28 00 13 01 00 00 2e 00 33 00 24 00 1d 00 20 c9 82 88 76 11 20 95 fe 66 76 2b db f7 c6 72 e1"
    "56 d6 cc 25 3b 83 3d f1 dd 69 b1 b0 4e 75 1f 0f 00 2b 00 02 03 04";
static const char *const ENCRYPTED_EXTENSIONS =
    "08 00 00 24 00 22 00 0a 00 14 00 12 00 1d 00 17 00 18 00 19 01 00 01 01 01 02 01 03 01 04 00 1c 00 02"
    "40 01 00 00 00 00";
static const char *const CERTIFICATE =
    "0b 00 01 b9 00 00 01 b5 00 01 b0 30 82 01 ac 30 82 01 15 a0 03 02 01 02 02 01 02 30 0d 06 09 2a 86 48"
    "86 f7 0d 01 01 0b 05 00 30 0e 31 0c 30 0a 06 03 55 04 03 13 03 72 73 61 30 1e 17 0d 31 36 30 37 33 30"
    "30 31 32 33 35 39 5a 17 0d 32 36 30 37 33 30 30 31 32 33 35 39 5a 30 0e 31 0c 30 0a 06 03 55 04 03 13"
    "03 72 73 61 30 81 9f 30 0d 06 09 2a 86 48 86 f7 0d 01 01 01 05 00 03 81 8d 00 30 81 89 02 81 81 00 b4"
    "bb 49 8f 82 79 30 3d 98 08 36 39 9b 36 c6 98 8c 0c 68 de 55 e1 bd b8 26 d3 90 1a 24 61 ea fd 2d e4 9a"
    "91 d0 15 ab bc 9a 95 13 7a ce 6c 1a f1 9e aa 6a f9 8c 7c ed 43 12 09 98 e1 87 a8 0e e0 cc b0 52 4b 1b"
    "01 8c 3e 0b 63 26 4d 44 9a 6d 38 e2 2a 5f da 43 08 46 74 80 30 53 0e f0 46 1c 8c a9 d9 ef bf ae 8e a6"
    "d1 d0 3e 2b d1 93 ef f0 ab 9a 80 02 c4 74 28 a6 d3 5a 8d 88 d7 9f 7f 1e 3f 02 03 01 00 01 a3 1a 30 18"
    "30 09 06 03 55 1d 13 04 02 30 00 30 0b 06 03 55 1d 0f 04 04 03 02 05 a0 30 0d 06 09 2a 86 48 86 f7 0d"
    "01 01 0b 05 00 03 81 81 00 85 aa d2 a0 e5 b9 27 6b 90 8c 65 f7 3a 72 67 17 06 18 a5 4c 5f 8a 7b 33 7d"
    "2d f7 a5 94 36 54 17 f2 ea e8 f8 a5 8c 8f 81 72 f9 31 9c f3 6b 7f d6 c5 5b 80 f2 1a 03 01 51 56 72 60"
    "96 fd 33 5e 5e 67 f2 db f1 02 70 2e 60 8c ca e6 be c1 fc 63 a4 2a 99 be 5c 3e b7 10 7c 3c 54 e9 b9 eb"
    "2b d5 20 3b 1c 3b 84 e0 a8 b2 f7 59 40 9b a3 ea c9 d9 1d 40 2d cc 0c c8 f8 96 12 29 ac 91 87 b4 2b 4d"
    "e1 00 00";
static const char *const CERTIFICATE_VERIFY =
    "0f 00 00 84 08 04 00 80 5a 74 7c 5d 88 fa 9b d2 e5 5a b0 85 a6 10 15 b7 21 1f 82 4c d4 84 14 5a b3 ff"
    "52 f1 fd a8 47 7b 0b 7a bc 90 db 78 e2 d3 3a 5c 14 1a 07 86 53 fa 6b ef 78 0c 5e a2 48 ee aa a7 85 c4"
    "f3 94 ca b6 d3 0b be 8d 48 59 ee 51 1f 60 29 57 b1 54 11 ac 02 76 71 45 9e 46 44 5c 9e a5 8c 18 1e 81"
    "8e 95 b8 c3 fb 0b f3 27 84 09 d3 be 15 2a 3d a5 04 3e 06 3d da 65 cd f5 ae a2 0d 53 df ac d4 2f 74 f3";
static const char *const SERVER_FINISHED =
    "14 00 00 20 9b 9b 14 1d 90 63 37 fb d2 cb dc e7 1d f4 de da 4a b4 2c 30 95 72 cb 7f ff ee 54 54 b7 8f"
    "07 18";
static const char *const CLIENT_FINISHED =
    "14 00 00 20 a8 ec 43 6d 67 76 34 ae 52 5a c1 fc eb e1 1a 03 9e c1 76 94 fa c6 e9 85 27 b6 42 f2 ed d5"
    "ce 61";

/* {server} send handshake record: complete record (679 octets) */
static const char *const SERVER_FLIGHT_RECORD =
    "17 03 03 02 a2 d1 ff 33 4a 56 f5 bf f6 59 4a 07 cc 87 b5 80 23 3f 50 0f 45 e4 89 e7 f3 3a f3 5e df"
    "78 69 fc f4 0a a4 0a a2 b8 ea 73 f8 48 a7 ca 07 61 2e f9 f9 45 cb 96 0b 40 68 90 51 23 ea 78 b1 11 b4"
    "29 ba 91 91 cd 05 d2 a3 89 28 0f 52 61 34 aa dc 7f c7 8c 4b 72 9d f8 28 b5 ec f7 b1 3b d9 ae fb 0e 57"
    "f2 71 58 5b 8e a9 bb 35 5c 7c 79 02 07 16 cf b9 b1 18 3e f3 ab 20 e3 7d 57 a6 b9 d7 47 76 09 ae e6 e1"
    "22 a4 cf 51 42 73 25 25 0c 7d 0e 50 92 89 44 4c 9b 3a 64 8f 1d 71 03 5d 2e d6 5b 0e 3c dd 0c ba e8 bf"
    "2d 0b 22 78 12 cb b3 60 98 72 55 cc 74 41 10 c4 53 ba a4 fc d6 10 92 8d 80 98 10 e4 b7 ed 1a 8f d9 91"
    "f0 6a a6 24 82 04 79 7e 36 a6 a7 3b 70 a2 55 9c 09 ea d6 86 94 5b a2 46 ab 66 e5 ed d8 04 4b 4c 6d e3"
    "fc f2 a8 94 41 ac 66 27 2f d8 fb 33 0e f8 19 05 79 b3 68 45 96 c9 60 bd 59 6e ea 52 0a 56 a8 d6 50 f5"
    "63 aa d2 74 09 96 0d ca 63 d3 e6 88 61 1e a5 e2 2f 44 15 cf 95 38 d5 1a 20 0c 27 03 42 72 96 8a 26 4e"
    "d6 54 0c 84 83 8d 89 f7 2c 24 46 1a ad 6d 26 f5 9e ca ba 9a cb bb 31 7b 66 d9 02 f4 f2 92 a3 6a c1 b6"
    "39 c6 37 ce 34 31 17 b6 59 62 22 45 31 7b 49 ee da 0c 62 58 f1 00 d7 d9 61 ff b1 38 64 7e 92 ea 33 0f"
    "ae ea 6d fa 31 c7 a8 4d c3 bd 7e 1b 7a 6c 71 78 af 36 87 90 18 e3 f2 52 10 7f 24 3d 24 3d c7 33 9d 56"
    "84 c8 b0 37 8b f3 02 44 da 8c 87 c8 43 f5 e5 6e b4 c5 e8 28 0a 2b 48 05 2c f9 3b 16 49 9a 66 db 7c ca"
    "71 e4 59 94 26 f7 d4 61 e6 6f 99 88 2b d8 9f c5 08 00 be cc a6 2d 6c 74 11 6d bd 29 72 fd a1 fa 80 f8"
    "5d f8 81 ed be 5a 37 66 89 36 b3 35 58 3b 59 91 86 dc 5c 69 18 a3 96 fa 48 a1 81 d6 b6 fa 4f 9d 62 d5"
    "13 af bb 99 2f 2b 99 2f 67 f8 af e6 7f 76 91 3f a3 88 cb 56 30 c8 ca 01 e0 c6 5d 11 c6 6a 1e 2a c4 c8"
    "59 77 b7 c7 a6 99 9b bf 10 dc 35 ae 69 f5 51 56 14 63 6c 0b 9b 68 c1 9e d2 e3 1c 0b 3b 66 76 30 38 eb"
    "ba 42 f3 b3 8e dc 03 99 f3 a9 f2 3f aa 63 97 8c 31 7f c9 fa 66 a7 3f 60 f0 50 4d e9 3b 5b 84 5e 27 55"
    "92 c1 23 35 ee 34 0b bc 4f dd d5 02 78 40 16 e4 b3 be 7e f0 4d da 49 f4 b4 40 a3 0c b5 d2 af 93 98 28"
    "fd 4a e3 79 4e 44 f9 4d f5 a6 31 ed e4 2c 17 19 bf da bf 02 53 fe 51 75 be 89 8e 75 0e dc 53 37 0d 2b";
/* {client} send handshake record: complete record (58 octets), the client Finished */
static const char *const CLIENT_FINISHED_RECORD =
    "17 03 03 00 35 75 ec 4d c2 38 cc e6 0b 29 80 44 a7 1e 21 9c 56 cc 77 b0 51 7f e9 b9 3c 7a 4b fc 44 d8"
    "7f 38 f8 03 38 ac 98 fc 46 de b3 84 bd 1c ae ac ab 68 67 d7 26 c4 05 46";
/* {client} send application_data record: payload 00 01 .. 31 (50 octets), complete record (72 octets) */
static const char *const CLIENT_APP_RECORD =
    "17 03 03 00 43 a2 3f 70 54 b6 2c 94 d0 af fa fe 82 28 ba 55 cb ef ac ea 42 f9 14 aa 66 bc ab 3f 2b 98"
    "19 a8 a5 b4 6b 39 5b d5 4a 9a 20 44 1e 2b 62 97 4e 1f 5a 62 92 a2 97 70 14 bd 1e 3d ea e6 3a ee bb 21"
    "69 49 15 e4";
/* {server} send application_data record: the same payload, the server's second record (72 octets) */
static const char *const SERVER_APP_RECORD =
    "17 03 03 00 43 2e 93 7e 11 ef 4a c7 40 e5 38 ad 36 00 5f c4 a4 69 32 fc 32 25 d0 5f 82 aa 1b 36 e3 0e"
    "fa f9 7d 90 e6 df fc 60 2d cb 50 1a 59 a8 fc c4 9c 4b f2 e5 f0 a2 1c 00 47 c2 ab f3 32 54 0d d0 32 e1"
    "67 c2 95 5d";

#define ECDHE "8b d4 05 4f b5 5b 9d 63 fd fb ac f9 f0 4b 9f 0d 35 e6 d6 3f 53 75 63 ef d4 62 72 90 0f 89 49 2d"
#define EARLY_SECRET "33 ad 0a 1c 60 7e c0 3b 09 e6 cd 98 93 68 0c e2 10 ad f3 00 aa 1f 26 60 e1 b2 2e 10 f1 70 f9 2a"
#define DERIVED_EARLY "6f 26 15 a1 08 c7 02 c5 67 8f 54 fc 9d ba b6 97 16 c0 76 18 9c 48 25 0c eb ea c3 57 6c 36 11 ba"
#define HS_SECRET "1d c8 26 e9 36 06 aa 6f dc 0a ad c1 2f 74 1b 01 04 6a a6 b9 9f 69 1e d2 21 a9 f0 ca 04 3f be ac"
#define HELLO_HASH "86 0c 06 ed c0 78 58 ee 8e 78 f0 e7 42 8c 58 ed d6 b4 3f 2c a3 e6 e9 5f 02 ed 06 3c f0 e1 ca d8"
#define C_HS_TRAFFIC "b3 ed db 12 6e 06 7f 35 a7 80 b3 ab f4 5e 2d 8f 3b 1a 95 07 38 f5 2e 96 00 74 6a 0e 27 a5 5a 21"
#define S_HS_TRAFFIC "b6 7b 7d 69 0c c1 6c 4e 75 e5 42 13 cb 2d 37 b4 e9 c9 12 bc de d9 10 5d 42 be fd 59 d3 91 ad 38"
#define DERIVED_HS "43 de 77 e0 c7 77 13 85 9a 94 4d b9 db 25 90 b5 31 90 a6 5b 3e e2 e4 f1 2d d7 a0 bb 7c e2 54 b4"
#define MASTER_SECRET "18 df 06 84 3d 13 a0 8b f2 a4 49 84 4c 5f 8a 47 80 01 bc 4d 4c 62 79 84 d5 a4 1d a8 d0 40 29 19"
#define S_HS_KEY "3f ce 51 60 09 c2 17 27 d0 f2 e4 e8 6e e4 03 bc"
#define S_HS_IV "5d 31 3e b2 67 12 76 ee 13 00 0b 30"
#define C_HS_KEY "db fa a6 93 d1 76 2c 5b 66 6a f5 d9 50 25 8d 01"
#define C_HS_IV "5b d3 c7 1b 83 6e 0b 76 bb 73 26 5f"
#define S_FINISHED_KEY "00 8d 3b 66 f8 16 ea 55 9f 96 b5 37 e8 85 c3 1f c0 68 bf 49 2c 65 2f 01 f2 88 a1 d8 cd c1 9f c8"
#define S_VERIFY_DATA "9b 9b 14 1d 90 63 37 fb d2 cb dc e7 1d f4 de da 4a b4 2c 30 95 72 cb 7f ff ee 54 54 b7 8f 07 18"
#define SFIN_HASH "96 08 10 2a 0f 1c cc 6d b6 25 0b 7b 7e 41 7b 1a 00 0e aa da 3d aa e4 77 7a 76 86 c9 ff 83 df 13"
#define C_AP_TRAFFIC "9e 40 64 6c e7 9a 7f 9d c0 5a f8 88 9b ce 65 52 87 5a fa 0b 06 df 00 87 f7 92 eb b7 c1 75 04 a5"
#define S_AP_TRAFFIC "a1 1a f9 f0 55 31 f8 56 ad 47 11 6b 45 a9 50 32 82 04 b4 f4 4b fb 6b 3a 4b 4f 1f 3f cb 63 16 43"
#define EXP_MASTER "fe 22 f8 81 17 6e da 18 eb 8f 44 52 9e 67 92 c5 0c 9a 3f 89 45 2f 68 d8 ae 31 1b 43 09 d3 cf 50"
#define S_AP_KEY "9f 02 28 3b 6c 9c 07 ef c2 6b b9 f2 ac 92 e3 56"
#define S_AP_IV "cf 78 2b 88 dd 83 54 9a ad f1 e9 84"
#define C_FINISHED_KEY "b8 0a d0 10 15 fb 2f 0b d6 5f f7 d4 da 5d 6b f8 3f 84 82 1d 1f 87 fd c7 d3 c7 5b 5a 7b 42 d9 c4"
#define C_VERIFY_DATA "a8 ec 43 6d 67 76 34 ae 52 5a c1 fc eb e1 1a 03 9e c1 76 94 fa c6 e9 85 27 b6 42 f2 ed d5 ce 61"
#define C_AP_KEY "17 42 2d da 59 6e d5 d9 ac d8 90 e3 c6 3f 50 51"
#define C_AP_IV "5b 78 92 3d ee 08 57 90 33 e5 23 d9"
#define CFIN_HASH "20 91 45 a9 6e e8 e2 a1 22 ff 81 00 47 cc 95 26 84 65 8d 60 49 e8 64 29 42 6d b8 7c 54 ad 14 3d"
#define RES_MASTER "7d f2 35 f2 03 1d 2a 05 12 87 d0 2b 02 41 b0 bf da f8 6c c8 56 23 1f 2d 5a ba 46 c4 34 ec 19 6c"

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
