/*
 * fuzz_tls13_hs.c - the TLS 1.3 and TLS 1.2 client and server (tls.h) fed
 * fuzzer-chosen bytes at every point of a handshake. A real handshake runs
 * between an Ember client and an Ember server (a P-256 chain issued once
 * at start-up); at the round the input names, the bytes in flight toward
 * the victim are replaced by the input (or XORed with it), and the run
 * goes on. Every state of both sides is reached: ClientHello,
 * HelloRetryRequest and the second ClientHello (flag bit: the server
 * wants P-256, the client shares X25519 first), the server's flight
 * record by record, the client's Finished, post-handshake messages.
 * Aborts when:
 *   - a side ends FAILED by its own decision with an alert that is not one
 *     of RFC 8446 6.2's fatal ones (or none: a local failure);
 * and on any crash or sanitizer report (the build is ASan + UBSan).
 *
 * Input: byte 0 flags (bit 0: the victim is the server; bit 1: XOR rather
 * than replace; bit 2: HelloRetryRequest; bits 3-5: max_fragment_length
 * 0-4 offered by the client, modulo 5; bit 6: the client then gets its
 * smallest buffer, EMBER_TLS13_MFL_BUF; bit 7: TLS 1.2, then bits 2-5
 * choose the versions each side offers and the suite: ECDHE-ECDSA with
 * AES-GCM or ChaCha20-Poly1305 on the P-256 chain, ECDHE-RSA or the
 * legacy RSA key transport with AES-CBC on an RSA chain), byte 1 the round
 * (0..15), the rest the bytes.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ember/ecc.h"
#include "ember/keys.h"
#include "ember/rsa.h"
#include "ember/tls.h"
#include "ember/x509.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct {
	int ready;
	ember_pkey ca_key, leaf_key, rsa_key;
	uint8_t ca[4096], leaf[4096], rsa_leaf[4096];
	size_t ca_len, leaf_len, rsa_leaf_len;
	int64_t now;
} pki;

static uint8_t cbuf[EMBER_TLS13_CONN_BUF], sbuf[EMBER_TLS13_CONN_BUF];
static uint8_t c2s[1 << 16], s2c[1 << 16];
static ember_tls13_conn client, server;

static void setup(void)
{
	ember_x509_issue_params p;
	ember_x509_cert ca;

	pki.now = (int64_t)time(NULL);
	pki.ca_key.type = pki.leaf_key.type = EMBER_PKEY_EC;
	pki.ca_key.has_private = pki.leaf_key.has_private = 1;
	if (ember_ecc_generate_key(&pki.ca_key.u.ec, EMBER_ECC_P256) ||
	    ember_ecc_generate_key(&pki.leaf_key.u.ec, EMBER_ECC_P256))
		abort();
	memset(&p, 0, sizeof(p));
	p.subject_cn = "Fuzz CA";
	p.subject_key = p.issuer_key = &pki.ca_key;
	p.serial = 1;
	p.not_before = pki.now - 86400;
	p.not_after = pki.now + 86400 * 365;
	p.is_ca = 1;
	if (ember_x509_issue(pki.ca, sizeof(pki.ca), &pki.ca_len, &p) || ember_x509_parse(&ca, pki.ca, pki.ca_len))
		abort();
	p.subject_cn = "fuzz.test";
	p.issuer = &ca;
	p.subject_key = &pki.leaf_key;
	p.serial = 2;
	p.is_ca = 0;
	p.dns_name = "fuzz.test";
	if (ember_x509_issue(pki.leaf, sizeof(pki.leaf), &pki.leaf_len, &p))
		abort();
	/* TLS 1.2's RSA suites: an RSA-2048 leaf under the same CA */
	pki.rsa_key.type = EMBER_PKEY_RSA;
	pki.rsa_key.has_private = 1;
	if (ember_rsa_generate(&pki.rsa_key.u.rsa, 2048, 65537))
		abort();
	p.subject_key = &pki.rsa_key;
	p.serial = 3;
	if (ember_x509_issue(pki.rsa_leaf, sizeof(pki.rsa_leaf), &pki.rsa_leaf_len, &p))
		abort();
	pki.ready = 1;
}

static int fatal_alert(int a)
{
	switch (a) {
	case EMBER_TLS_ALERT_UNEXPECTED_MESSAGE:
	case EMBER_TLS_ALERT_BAD_RECORD_MAC:
	case EMBER_TLS_ALERT_RECORD_OVERFLOW:
	case EMBER_TLS_ALERT_HANDSHAKE_FAILURE:
	case EMBER_TLS_ALERT_BAD_CERTIFICATE:
	case EMBER_TLS_ALERT_UNSUPPORTED_CERTIFICATE:
	case EMBER_TLS_ALERT_CERTIFICATE_EXPIRED:
	case EMBER_TLS_ALERT_UNKNOWN_CA:
	case EMBER_TLS_ALERT_ILLEGAL_PARAMETER:
	case EMBER_TLS_ALERT_DECODE_ERROR:
	case EMBER_TLS_ALERT_DECRYPT_ERROR:
	case EMBER_TLS_ALERT_PROTOCOL_VERSION:
	case EMBER_TLS_ALERT_INTERNAL_ERROR:
	case EMBER_TLS_ALERT_MISSING_EXTENSION:
	case EMBER_TLS_ALERT_UNSUPPORTED_EXTENSION:
	case EMBER_TLS_ALERT_INAPPROPRIATE_FALLBACK:
		return 1;
	default:
		return 0;
	}
}

static void check(const ember_tls13_conn *c)
{
	int from_peer = 0, a = ember_tls13_alert(c, &from_peer);

	if (ember_tls13_state(c) == EMBER_TLS13_FAILED && !from_peer && !fatal_alert(a) && a != EMBER_TLS_ALERT_NONE)
		abort();
}

/* Moves from's output into buf (len), hits it at the chosen round, feeds it to to. */
static size_t hop(ember_tls13_conn *from, ember_tls13_conn *to, uint8_t *buf, size_t *len, int hit, int xor_mode,
    const uint8_t *fz, size_t fz_len)
{
	size_t n = 0, used = 0, i, moved;

	ember_tls13_output(from, buf + *len, (1 << 16) - *len, &n);
	*len += n;
	moved = n;
	if (hit) {
		if (xor_mode) {
			for (i = 0; i < fz_len && i < *len; i++)
				buf[i] ^= fz[i];
		} else {
			if (fz_len > (1 << 16))
				fz_len = 1 << 16;
			memcpy(buf, fz, fz_len);
			*len = fz_len;
		}
	}
	ember_tls13_input(to, buf, *len, &used);
	memmove(buf, buf + used, *len - used);
	*len -= used;
	return moved + used;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uint16_t x_p256[] = { EMBER_TLS_GROUP_X25519, EMBER_TLS_GROUP_SECP256R1 };
	static const uint16_t p256[] = { EMBER_TLS_GROUP_SECP256R1 };
	ember_tls13_config ccfg, scfg;
	ember_x509_verify_params vp;
	const uint8_t *anchors[1], *chain[2];
	size_t anchor_lens[1], chain_lens[2], c2s_len = 0, s2c_len = 0;
	int victim_server, xor_mode, round, r;

	if (size < 2)
		return 0;
	if (!pki.ready)
		setup();
	victim_server = data[0] & 1;
	xor_mode = (data[0] >> 1) & 1;
	round = data[1] % 16;
	memset(&ccfg, 0, sizeof(ccfg));
	memset(&scfg, 0, sizeof(scfg));
	memset(&vp, 0, sizeof(vp));
	anchors[0] = pki.ca;
	anchor_lens[0] = pki.ca_len;
	vp.anchors = anchors;
	vp.anchor_lens = anchor_lens;
	vp.n_anchors = 1;
	vp.now = pki.now;
	ccfg.verify = &vp;
	ccfg.server_name = "fuzz.test";
	chain[0] = pki.leaf;
	chain_lens[0] = pki.leaf_len;
	chain[1] = pki.ca;
	chain_lens[1] = pki.ca_len;
	scfg.chain = chain;
	scfg.chain_lens = chain_lens;
	scfg.n_chain = 2;
	scfg.key = &pki.leaf_key;
	if (data[0] & 4) {
		ccfg.groups = x_p256;
		ccfg.n_groups = 2;
		scfg.groups = p256;
		scfg.n_groups = 1;
	}
	if (data[0] & 0x80) {
		/* TLS 1.2: bits 2-3 the versions (both 1.2; client of both; server of both; 1.2 and 1.3 both),
		   bits 4-5 the suite */
		static const uint16_t suites12[4] = { EMBER_TLS12_ECDHE_ECDSA_AES_128_GCM_SHA256,
			EMBER_TLS12_ECDHE_ECDSA_CHACHA20_POLY1305, EMBER_TLS12_ECDHE_RSA_AES_256_GCM_SHA384,
			EMBER_TLS12_RSA_AES_128_CBC_SHA };
		const uint16_t *su = &suites12[(data[0] >> 4) & 3];
		int v = (data[0] >> 2) & 3;

		ccfg.groups = scfg.groups = NULL;
		ccfg.n_groups = scfg.n_groups = 0;
		ccfg.versions = scfg.versions = EMBER_TLS_VERSION_1_2;
		if (v & 1)
			ccfg.versions |= EMBER_TLS_VERSION_1_3;
		if (v & 2)
			scfg.versions |= EMBER_TLS_VERSION_1_3;
		ccfg.tls12_suites = scfg.tls12_suites = su;
		ccfg.n_tls12_suites = scfg.n_tls12_suites = 1;
		if (*su == EMBER_TLS12_ECDHE_RSA_AES_256_GCM_SHA384 || *su == EMBER_TLS12_RSA_AES_128_CBC_SHA) {
			chain[0] = pki.rsa_leaf;
			chain_lens[0] = pki.rsa_leaf_len;
			scfg.key = &pki.rsa_key;
		}
	} else {
		/* bits 3-5: max_fragment_length offered (0-4), bit 6: the client in its smallest buffer for it */
		ccfg.max_fragment_length = (uint8_t)(((data[0] >> 3) & 7) % 5);
	}
	if (ember_tls13_client_init(&client, &ccfg, cbuf,
	        ccfg.max_fragment_length && (data[0] & 0x40) ? EMBER_TLS13_MFL_BUF(ccfg.max_fragment_length) : sizeof(cbuf)) ||
	    ember_tls13_server_init(&server, &scfg, sbuf, sizeof(sbuf)))
		abort();
	for (r = 0; r < 24; r++) {
		size_t moved = hop(&client, &server, c2s, &c2s_len, victim_server && r == round, xor_mode, data + 2, size - 2);

		moved += hop(&server, &client, s2c, &s2c_len, !victim_server && r == round, xor_mode, data + 2, size - 2);
		if (ember_tls13_state(&client) == EMBER_TLS13_CONNECTED && ember_tls13_state(&server) == EMBER_TLS13_CONNECTED &&
		    r == round + 1) {
			/* once connected: data, a KeyUpdate, data, so the post-handshake paths run too */
			static const uint8_t msg[] = "post-handshake";
			size_t n = 0;

			if (ember_tls13_write(&client, c2s + c2s_len, sizeof(c2s) - c2s_len, &n, msg, sizeof(msg)) == 0)
				c2s_len += n;
			ember_tls13_key_update(&server, 1); /* TLS 1.2: refused (EMBER_EINVAL), nothing queued */
		}
		if (moved == 0 && r > round)
			break;
	}
	check(&client);
	check(&server);
	ember_tls13_conn_clear(&client);
	ember_tls13_conn_clear(&server);
	return 0;
}
