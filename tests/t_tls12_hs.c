/*
 * t_tls12_hs.c - TLS 1.2 handshakes between an Ember client and an Ember
 * server in memory (tls.h with versions EMBER_TLS_VERSION_1_2):
 *   tls12_hs_matrix: every ECDHE suite x group x server key that fits it
 *     (ECDSA suites: P-256, P-384, Ed25519 keys; RSA suites: RSA)
 *     completes with the chain verified, extended master secret on; data
 *     both ways; close_notify;
 *   tls12_hs_legacy: RSA key transport with AES-128-CBC-SHA completes only
 *     when both sides name it; offered by the client alone, the server's
 *     defaults refuse it (handshake_failure), and the defaults never offer it;
 *   tls12_hs_versions: a client of both versions and a TLS 1.2 server
 *     agree on TLS 1.2, two of both on TLS 1.3, a TLS 1.2 client and a
 *     server of both on TLS 1.2; a TLS 1.3-only server refuses a TLS 1.2
 *     client (protocol_version); a ClientHello whose TLS 1.3 offer was
 *     removed on the way gets TLS 1.2 with the downgrade sentinel, which the
 *     client refuses (illegal_parameter);
 *   tls12_hs_fragments: output pulled a few bytes at a time and input fed
 *     one byte at a time;
 *   tls12_hs_tamper: each byte of the server's flights changed in turn (a
 *     sample under -quick): the client never connects; a wrong
 *     ServerKeyExchange signature or client Finished gives decrypt_error;
 *   tls12_hs_bleichenbacher: the client's EncryptedPreMasterSecret replaced
 *     by each class of bad PKCS#1 block, and by a good block of another
 *     secret: the server's answer is the same for all, bad_record_mac on
 *     the client's Finished.
 */
#include <string.h>

#include "ember/rsa.h"
#include "ember/tls.h"
#include "test.h"
#include "tlsutil.h"

static const uint16_t groups12[] = { EMBER_TLS_GROUP_X25519, EMBER_TLS_GROUP_SECP256R1, EMBER_TLS_GROUP_SECP384R1 };

/* Both sides TLS 1.2 only, suite |suite| (NULL: the defaults), the client's groups |group| (NULL:
   the defaults) then, for an ECDSA key, its curve (RFC 8422 5.1: a TLS 1.2 client's supported_groups
   also names the certificate curves it takes); the server picks |group|, its first. */
static uint16_t cgroups[2];

static void setup12(int key, const uint16_t *suite, const uint16_t *group)
{
	tt_duo_setup(tt_D, key, NULL, 0);
	tt_D->ccfg.versions = tt_D->scfg.versions = EMBER_TLS_VERSION_1_2;
	if (suite) {
		tt_D->ccfg.tls12_suites = suite;
		tt_D->ccfg.n_tls12_suites = 1;
	}
	if (group) {
		uint16_t curve = key == K_P256 ? EMBER_TLS_GROUP_SECP256R1 : key == K_P384 ? EMBER_TLS_GROUP_SECP384R1 : 0;

		cgroups[0] = *group;
		cgroups[1] = curve;
		tt_D->ccfg.groups = cgroups;
		tt_D->ccfg.n_groups = curve && curve != *group ? 2 : 1;
		tt_D->scfg.groups = group;
		tt_D->scfg.n_groups = 1;
	}
}

/* Connected on TLS 1.2 with suite |s|: data both ways, then close. */
static int exchange12(const ember_tls12_suite *s, const char *what)
{
	if (!tt_duo_connected(tt_D, what))
		return 0;
	CHECK(ember_tls_conn_version(&tt_D->c) == 0x0303 && ember_tls_conn_version(&tt_D->s) == 0x0303 &&
	        ember_tls12_conn_suite(&tt_D->c) == s && ember_tls12_conn_suite(&tt_D->s) == s &&
	        ember_tls13_conn_suite(&tt_D->c) == NULL && tt_D->c.ems && tt_D->s.ems,
	    "%s: version %04x/%04x suite %s/%s ems %d/%d", what, ember_tls_conn_version(&tt_D->c),
	    ember_tls_conn_version(&tt_D->s), ember_tls12_conn_suite(&tt_D->c) ? ember_tls12_conn_suite(&tt_D->c)->name : "-",
	    ember_tls12_conn_suite(&tt_D->s) ? ember_tls12_conn_suite(&tt_D->s)->name : "-", tt_D->c.ems, tt_D->s.ems);
	tt_duo_send_recv(tt_D, 1, 100, what);
	tt_duo_send_recv(tt_D, 0, t_quick ? 3000 : 40000, what);
	tt_duo_send_recv(tt_D, 1, 0, what);
	tt_duo_close(tt_D, what);
	return 1;
}

EMBER_TEST(tls12_hs_matrix)
{
	static const int keys[] = { K_P256, K_P384, K_ED25519, K_RSA };
	size_t k, g, i, done = 0;
	char what[160];

	if (!tt_get_duo())
		return;
	for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
		for (g = 0; g < sizeof(groups12) / sizeof(groups12[0]); g++)
			for (i = 0; ember_tls12_suite_at(i); i++) {
				const ember_tls12_suite *s = ember_tls12_suite_at(i);

				if (s->legacy || (s->auth == EMBER_TLS12_AUTH_RSA) != (keys[k] == K_RSA))
					continue;
				snprintf(what, sizeof(what), "TLS 1.2 %s %s %s", ember_tls_group_name(groups12[g]),
				    tt_key_names[keys[k]], s->name);
				setup12(keys[k], &s->id, &groups12[g]);
				if (!tt_duo_start(tt_D))
					continue;
				tt_duo_run(tt_D);
				if (exchange12(s, what)) {
					CHECK(ember_tls13_conn_group(&tt_D->c) == groups12[g] &&
					        ember_tls13_conn_group(&tt_D->s) == groups12[g],
					    "%s: group %04x/%04x", what, ember_tls13_conn_group(&tt_D->c),
					    ember_tls13_conn_group(&tt_D->s));
					done++;
				}
				tt_duo_end(tt_D);
			}
	t_note("%zu TLS 1.2 handshakes (suites x groups x keys) completed", done);
}

EMBER_TEST(tls12_hs_legacy)
{
	static const uint16_t legacy = EMBER_TLS12_RSA_AES_128_CBC_SHA;
	const ember_tls12_suite *s = ember_tls12_suite_find(legacy);
	size_t i;

	if (!tt_get_duo())
		return;
	setup12(K_RSA, &legacy, NULL);
	tt_D->scfg.tls12_suites = &legacy;
	tt_D->scfg.n_tls12_suites = 1;
	if (tt_duo_start(tt_D)) {
		tt_duo_run(tt_D);
		exchange12(s, "RSA key transport, AES-128-CBC-SHA, named on both sides");
	}
	tt_duo_end(tt_D);
	setup12(K_RSA, &legacy, NULL);
	if (tt_duo_start(tt_D)) {
		tt_duo_run(tt_D);
		tt_duo_failed_with(tt_D, 0, EMBER_TLS_ALERT_HANDSHAKE_FAILURE, "the legacy suite offered to a server's defaults");
	}
	tt_duo_end(tt_D);
	/* the default ClientHello does not carry 0x002f */
	setup12(K_RSA, NULL, NULL);
	if (tt_duo_start(tt_D)) {
		int found = 0;

		tt_pull(&tt_D->c, &tt_D->c2s, 0);
		for (i = 0; i + 1 < tt_D->c2s.len; i += 2) /* suites sit at even offsets of the record */
			found |= tt_D->c2s.buf[i] == 0x00 && tt_D->c2s.buf[i + 1] == 0x2f;
		/* the suite list: 2-byte entries after the 32-byte session id field; a cheap check on the whole
		   message would also match other fields, so look in the list itself */
		{
			const uint8_t *p = tt_D->c2s.buf + 5 + 4 + 2 + 32;
			size_t sid = p[0], n = (size_t)p[1 + sid] << 8 | p[2 + sid];

			found = 0;
			for (i = 0; i < n; i += 2)
				found |= p[3 + sid + i] == 0x00 && p[3 + sid + i + 1] == 0x2f;
			CHECK(n > 0 && !found, "the default TLS 1.2 ClientHello offers the legacy suite (%zu bytes of suites)", n);
		}
	}
	tt_duo_end(tt_D);
}

/* The client's ClientHello, taken from its pipe and changed: supported_versions 03 04 -> 03 02. */
static int strip_tls13(tt_pipe *p)
{
	static const uint8_t sv[] = { 0x00, 0x2b, 0x00, 0x05, 0x04, 0x03, 0x04, 0x03, 0x03 };
	size_t i;

	for (i = 0; i + sizeof(sv) <= p->len; i++)
		if (memcmp(p->buf + i, sv, sizeof(sv)) == 0) {
			p->buf[i + 6] = 0x02;
			return 1;
		}
	return 0;
}

EMBER_TEST(tls12_hs_versions)
{
	const ember_tls12_suite *def = ember_tls12_suite_at(0);

	if (!tt_get_duo())
		return;
	/* client of both, server of TLS 1.2 */
	tt_duo_setup(tt_D, K_P256, NULL, 0);
	tt_D->ccfg.versions = EMBER_TLS_VERSION_1_2 | EMBER_TLS_VERSION_1_3;
	tt_D->scfg.versions = EMBER_TLS_VERSION_1_2;
	if (tt_duo_start(tt_D)) {
		tt_duo_run(tt_D);
		exchange12(def, "client TLS 1.2+1.3, server TLS 1.2");
	}
	tt_duo_end(tt_D);
	/* both of both: TLS 1.3 */
	tt_duo_setup(tt_D, K_P256, NULL, 0);
	tt_D->ccfg.versions = tt_D->scfg.versions = EMBER_TLS_VERSION_1_2 | EMBER_TLS_VERSION_1_3;
	if (tt_duo_start(tt_D)) {
		tt_duo_run(tt_D);
		if (tt_duo_connected(tt_D, "both sides TLS 1.2+1.3"))
			CHECK(ember_tls_conn_version(&tt_D->c) == 0x0304 && ember_tls_conn_version(&tt_D->s) == 0x0304 &&
			        ember_tls12_conn_suite(&tt_D->c) == NULL,
			    "both sides TLS 1.2+1.3: version %04x/%04x", ember_tls_conn_version(&tt_D->c),
			    ember_tls_conn_version(&tt_D->s));
	}
	tt_duo_end(tt_D);
	/* client of TLS 1.2, server of both: TLS 1.2 (the sentinel is not the client's concern) */
	tt_duo_setup(tt_D, K_P256, NULL, 0);
	tt_D->ccfg.versions = EMBER_TLS_VERSION_1_2;
	tt_D->scfg.versions = EMBER_TLS_VERSION_1_2 | EMBER_TLS_VERSION_1_3;
	if (tt_duo_start(tt_D)) {
		tt_duo_run(tt_D);
		if (exchange12(def, "client TLS 1.2, server TLS 1.2+1.3"))
			CHECK(memcmp(tt_D->c.peer_random + 24, "DOWNGRD\001", 8) == 0,
			    "client TLS 1.2, server TLS 1.2+1.3: no downgrade sentinel in the server random");
	}
	tt_duo_end(tt_D);
	/* client of TLS 1.2, server of TLS 1.3 (the default) */
	tt_duo_setup(tt_D, K_P256, NULL, 0);
	tt_D->ccfg.versions = EMBER_TLS_VERSION_1_2;
	if (tt_duo_start(tt_D)) {
		tt_duo_run(tt_D);
		tt_duo_failed_with(tt_D, 0, EMBER_TLS_ALERT_PROTOCOL_VERSION, "client TLS 1.2, server TLS 1.3");
	}
	tt_duo_end(tt_D);
	/* a downgrade on the way: the client's TLS 1.3 offer removed */
	tt_duo_setup(tt_D, K_P256, NULL, 0);
	tt_D->ccfg.versions = tt_D->scfg.versions = EMBER_TLS_VERSION_1_2 | EMBER_TLS_VERSION_1_3;
	if (tt_duo_start(tt_D)) {
		tt_pull(&tt_D->c, &tt_D->c2s, 0);
		CHECK(strip_tls13(&tt_D->c2s), "downgrade: supported_versions 03 04 03 03 not found in the ClientHello");
		tt_duo_run(tt_D);
		CHECK(ember_tls13_state(&tt_D->c) == EMBER_TLS13_FAILED &&
		        ember_tls13_alert(&tt_D->c, NULL) == EMBER_TLS_ALERT_ILLEGAL_PARAMETER,
		    "downgrade: client state %d alert %s, expected illegal_parameter", ember_tls13_state(&tt_D->c),
		    tt_alert(ember_tls13_alert(&tt_D->c, NULL)));
	}
	tt_duo_end(tt_D);
}

EMBER_TEST(tls12_hs_fragments)
{
	static const uint16_t suites[] = { EMBER_TLS12_ECDHE_RSA_CHACHA20_POLY1305, EMBER_TLS12_RSA_AES_128_CBC_SHA };
	size_t i;

	if (!tt_get_duo())
		return;
	for (i = 0; i < 2; i++) {
		setup12(K_RSA, &suites[i], NULL);
		tt_D->scfg.tls12_suites = &suites[i];
		tt_D->scfg.n_tls12_suites = 1;
		tt_D->out_cap = 64; /* a CBC record takes 58 bytes of room for one byte of content */
		tt_D->in_step = 1;
		if (tt_duo_start(tt_D)) {
			tt_duo_run(tt_D);
			tt_D->out_cap = tt_D->in_step = 0;
			exchange12(ember_tls12_suite_find(suites[i]), i ? "fragments, CBC" : "fragments, ChaCha20");
		}
		tt_duo_end(tt_D);
	}
}

/* The first message of |type| among the handshake messages at f[0..len), its length to *mlen. */
static uint8_t *find_msg(uint8_t *f, size_t len, uint8_t type, size_t *mlen)
{
	size_t at = 0;

	while (at + 4 <= len) {
		size_t n = 4 + ((size_t)f[at + 1] << 16 | (size_t)f[at + 2] << 8 | f[at + 3]);

		if (f[at] == type) {
			*mlen = n;
			return f + at;
		}
		at += n;
	}
	return NULL;
}

/* The pair as set up, started and run up to the server's first flight (the ClientHello taken). */
static int to_first_flight_with_setup(void)
{
	if (!tt_duo_start(tt_D))
		return 0;
	tt_pull(&tt_D->c, &tt_D->c2s, 0);
	tt_push(&tt_D->s, &tt_D->c2s, 0);
	return 1;
}

/* A fresh pair run up to the server's first flight waiting in s2c. */
static int to_first_flight(void)
{
	setup12(K_P256, NULL, NULL);
	if (!tt_duo_start(tt_D))
		return 0;
	tt_pull(&tt_D->c, &tt_D->c2s, 0);
	tt_push(&tt_D->s, &tt_D->c2s, 0);
	return 1;
}

EMBER_TEST(tls12_hs_tamper)
{
	size_t flight, i, step, mlen = 0, bad = 0, tried = 0;
	uint8_t *m;
	int pass;

	if (!tt_get_duo())
		return;
	/* each byte of the server's two flights (ServerHello .. ServerHelloDone; change_cipher_spec and
	   Finished) changed in turn */
	for (pass = 0; pass < 2; pass++) {
		if (!to_first_flight())
			return;
		flight = tt_pull(&tt_D->s, &tt_D->s2c, 0);
		if (pass) {
			tt_push(&tt_D->c, &tt_D->s2c, 0);
			tt_pull(&tt_D->c, &tt_D->c2s, 0);
			tt_push(&tt_D->s, &tt_D->c2s, 0);
			flight = tt_pull(&tt_D->s, &tt_D->s2c, 0);
		}
		tt_duo_end(tt_D);
		step = t_quick ? flight / 21 + 1 : 1;
		for (i = 0; i < flight; i += step) {
			size_t r = 0;
			int a, version_byte;

			if (!to_first_flight())
				return;
			tt_pull(&tt_D->s, &tt_D->s2c, 0);
			if (pass) {
				tt_push(&tt_D->c, &tt_D->s2c, 0);
				tt_pull(&tt_D->c, &tt_D->c2s, 0);
				tt_push(&tt_D->s, &tt_D->c2s, 0);
				tt_pull(&tt_D->s, &tt_D->s2c, 0);
			}
			if (i >= tt_D->s2c.len) { /* a shorter flight (the ECDSA signature's DER length varies) */
				tt_duo_end(tt_D);
				continue;
			}
			while (r + 5 <= tt_D->s2c.len && r + 5 + ((size_t)tt_D->s2c.buf[r + 3] << 8 | tt_D->s2c.buf[r + 4]) <= i)
				r += 5 + ((size_t)tt_D->s2c.buf[r + 3] << 8 | tt_D->s2c.buf[r + 4]);
			/* a plaintext record's version is not checked (OpenSSL neither); a protected one's is */
			version_byte = (i == r + 1 || i == r + 2) &&
			               ((!pass && tt_D->s2c.buf[r] == EMBER_TLS_CT_HANDSHAKE) ||
			                   tt_D->s2c.buf[r] == EMBER_TLS_CT_CHANGE_CIPHER_SPEC);
			tt_D->s2c.buf[i] ^= (uint8_t)(1u << (i % 8));
			tt_duo_run(tt_D);
			a = ember_tls13_alert(&tt_D->c, NULL);
			if (version_byte)
				CHECK(ember_tls13_state(&tt_D->c) == EMBER_TLS13_CONNECTED,
				    "flight %d: record version byte %zu changed: state %d alert %s", pass + 1, i,
				    ember_tls13_state(&tt_D->c), tt_alert(a));
			else if (!CHECK(ember_tls13_state(&tt_D->c) != EMBER_TLS13_CONNECTED &&
			                  (ember_tls13_state(&tt_D->c) == EMBER_TLS13_HANDSHAKE || a != EMBER_TLS_ALERT_NONE),
			             "flight %d: byte %zu changed: client state %d alert %s", pass + 1, i,
			             ember_tls13_state(&tt_D->c), tt_alert(a)))
				bad++;
			tried++;
			tt_duo_end(tt_D);
			if (bad > 5)
				break;
		}
	}
	t_note("%zu changed server flights refused", tried);
	/* a wrong ServerKeyExchange signature: decrypt_error */
	if (to_first_flight()) {
		m = find_msg(tt_D->s.hs, tt_D->s.out_end, 12, &mlen);
		if (CHECK(m != NULL, "ServerKeyExchange in the server's flight")) {
			m[mlen - 5] ^= 0x01; /* inside the DER signature */
			tt_duo_run(tt_D);
			tt_duo_failed_with(tt_D, 1, EMBER_TLS_ALERT_DECRYPT_ERROR, "ServerKeyExchange signature changed");
		}
	}
	tt_duo_end(tt_D);
	/* a wrong client Finished (sealed under the right key): decrypt_error from the server */
	if (to_first_flight()) {
		tt_pull(&tt_D->s, &tt_D->s2c, 0);
		tt_push(&tt_D->c, &tt_D->s2c, 0);
		m = find_msg(tt_D->c.hs + tt_D->c.out_plain, tt_D->c.out_end - tt_D->c.out_plain, 20, &mlen);
		if (CHECK(m != NULL, "client Finished in its flight")) {
			m[mlen - 1] ^= 0x80;
			tt_duo_run(tt_D);
			tt_duo_failed_with(tt_D, 0, EMBER_TLS_ALERT_DECRYPT_ERROR, "client Finished changed");
		}
	}
	tt_duo_end(tt_D);
}

/*
 * RSA key transport against Bleichenbacher: the client's EncryptedPreMasterSecret replaced by
 * blocks with each fault (block type, no separator, a pre-master secret of the wrong length, the
 * wrong version) and by a good block of another secret: the server answers every one the same
 * way, bad_record_mac on the client's Finished (its substitute keys cannot open it), never an
 * alert of its own at ClientKeyExchange.
 */
EMBER_TEST(tls12_hs_bleichenbacher)
{
	static const uint16_t legacy = EMBER_TLS12_RSA_AES_128_CBC_SHA;
	static const char *const what[] = { "a good block of another secret", "block type 01", "no zero separator",
		"a 47-byte pre-master secret", "version 03 01" };
	uint8_t em[512], *m;
	size_t mlen = 0, i, k;
	int c;

	if (!tt_get_duo())
		return;
	for (c = 0; c < 5; c++) {
		const ember_rsa_public_key *pub = &tt_pki.key[K_RSA].u.rsa.pub;

		setup12(K_RSA, &legacy, NULL);
		tt_D->scfg.tls12_suites = &legacy;
		tt_D->scfg.n_tls12_suites = 1;
		if (!to_first_flight_with_setup())
			break;
		tt_pull(&tt_D->s, &tt_D->s2c, 0);
		tt_push(&tt_D->c, &tt_D->s2c, 0);
		m = find_msg(tt_D->c.hs, tt_D->c.out_plain, 16, &mlen);
		k = pub->len;
		if (!CHECK(m != NULL && mlen == 4 + 2 + k && k <= sizeof(em), "%s: ClientKeyExchange in the flight", what[c])) {
			tt_duo_end(tt_D);
			break;
		}
		t_rand_bytes(em, k);
		for (i = 2; i < k; i++)
			em[i] |= 1; /* non-zero padding */
		em[0] = 0;
		em[1] = c == 1 ? 1 : 2;
		em[k - 49] = c == 2 ? 0x55 : 0;
		if (c == 3) { /* the separator one byte later: 47 bytes follow it */
			em[k - 49] = 0x33;
			em[k - 48] = 0;
		}
		em[k - 48 + (c == 3)] = 3;
		em[k - 47 + (c == 3)] = c == 4 ? 1 : 3;
		CHECK(ember_rsa_public_op(pub, m + 6, em, k) == 0, "%s: RSA encryption", what[c]);
		tt_duo_run(tt_D);
		tt_duo_failed_with(tt_D, 0, EMBER_TLS_ALERT_BAD_RECORD_MAC, what[c]);
		tt_duo_end(tt_D);
	}
}
